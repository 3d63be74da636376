"""Built-in examples: the real data sets shipped in the package, then simulated ones.

The real ones (:mod:`tapdesk.resources.examples`) open like a file, with their
value labels; the simulated ones say "Simulated" in their name, so nobody
mistakes them for real data.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.readers import Dataset, ImportOptions, read_ratings
from tapdesk.data.scale import Scale
from tapdesk.data.wording import Decimal, Numbers, Worded, Wording
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.gui.project.session import BinaryChoice
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.formats import decimal, integer
from tapdesk.resources.examples import EXAMPLES as REAL_EXAMPLES
from tapdesk.resources.examples import RealExample


@dataclass(frozen=True)
class Example:
    name: Text
    """Its short name, the data set's name once opened ("Simulated medals")."""
    title: Text
    """Its name with its settings, as Help > Examples lists it."""
    description: Text
    params: TapParameters
    n_subjects: int
    n_raters: int
    labels: tuple[str, ...]
    seed: int
    ordinal_scale: tuple[tuple[float, ...], float, tuple[float, ...]] | None = None
    """(t, a, p) of the K-category t-a-p model for an ordered scale (then ``params`` is unused)."""


def _n(value: float) -> Text:
    """A setting as the language writes it, with as many decimals as it has ("0.27", "0,5")."""
    return made(decimal, value, len(repr(value).partition(".")[2]))


SIMULATED: dict[str, Example] = {
    "medals": Example(
        said("Simulated medals"),
        # Translators: a built-in example's name; {t}, {a}, {p} are numbers ("0.27").
        said("Simulated medals (t = {t}, a = {a}, p = {p})", t=_n(0.27), a=_n(0.54), p=_n(0.22)),
        # Translators: {subjects} and {raters} are counts.
        said("Simulated, not real: {subjects} subjects, {raters} raters each, medal or no medal, "
             "with parameters close to the real wine data's no-medal cut.", subjects=183, raters=4),
        TapParameters(t=0.27, a=0.54, p=0.22), 183, 4, ("no medal", "medal"), 20261121),
    "balanced": Example(
        said("Simulated balanced classes"),
        # Translators: a built-in example's name; {t}, {a}, {p} are numbers ("0.5").
        said("Simulated balanced classes (t = {t}, a = {a}, p = {p})", t=_n(0.5), a=_n(0.7),
             p=_n(0.5)),
        # Translators: {subjects} and {raters} are counts.
        said("{subjects} subjects, {raters} raters; an easy case where every estimate is well "
             "determined.", subjects=300, raters=6),
        TapParameters(t=0.5, a=0.7, p=0.5), 300, 6, ("negative", "positive"), 7),
    "paradox": Example(
        said("Simulated kappa paradox"),
        # Translators: a built-in example's name; {t}, {a}, {p} are numbers ("0.05").
        said("Simulated kappa paradox (t = {t}, a = {a}, p = {p})", t=_n(0.05), a=_n(0.5),
             p=_n(0.05)),
        said("A rare condition: raters agree on most subjects simply because most are negative, "
             "so percent agreement is high while kappa is low. The t-a-p accuracy tells the two "
             "apart."),
        TapParameters(t=0.05, a=0.5, p=0.05), 400, 5, ("absent", "present"), 11),
    "ordinal": Example(
        said("Simulated 4-point grades"),
        # Translators: a built-in example's name; {a} is a number ("0.6").
        said("Simulated 4-point grades (K-category t-a-p, a = {a})", a=_n(0.6)),
        # Translators: {subjects} and {raters} are counts.
        said("{subjects} essays graded poor / fair / good / excellent by {raters} graders: try "
             "the ordinal analysis at every cut point and the classical coefficients with "
             "weights.", subjects=200, raters=5),
        TapParameters(t=0.5, a=0.6, p=0.5), 200, 5, ("poor", "fair", "good", "excellent"), 3,
        ordinal_scale=((0.15, 0.35, 0.35, 0.15), 0.6, (0.1, 0.3, 0.4, 0.2))),
    "large": Example(
        said("Simulated large panel"),
        # Translators: a built-in example's name; {subjects}, {raters}, {ratings} are counts.
        said("Simulated large panel ({subjects} subjects x {raters} raters = {ratings} ratings)",
             subjects=made(integer, 100_000), raters=10,
             ratings=made(integer, 1_000_000)),
        said("Shows that the table and the fit stay quick with a million ratings."),
        TapParameters(t=0.3, a=0.6, p=0.4), 100_000, 10, ("fail", "pass"), 5),
}


EXAMPLES: dict[str, Example | RealExample] = {
    **{ex.name: ex for ex in REAL_EXAMPLES}, **SIMULATED}
"""Every example by key, real ones first (Help > Examples lists them in this order)."""


def relabel(table: RatingsTable, labels: tuple[str, str], provenance: Provenance) -> RatingsTable:
    """The same 0/1 codes with readable category labels."""
    return RatingsTable(table.subject, table.rater, table.rating, table.subject_ids, table.rater_ids,
                        Scale(labels, ordinal=True), 0, provenance)


def simulated_dataset(params: TapParameters, n_subjects: int, n_raters: int, seed: int,
                      labels: tuple[str, str] = ("0", "1"), name: str = "Simulated data") -> Dataset:
    """Simulate t-a-p ratings and wrap them as a Dataset that opens like a file."""
    table = simulate_table(params, n_subjects, n_raters, seed)
    given = [(k, v) for k, v in (("t", params.t), ("a", params.a), ("p", params.p),
                                 ("a0", params.a0), ("a1", params.a1), ("p0", params.p0),
                                 ("p1", params.p1)) if v is not None]
    settings = Numbers(tuple(float(v) for _k, v in given), tuple(k for k, _v in given))
    # Translators: how a simulated data set was made: {settings} is "t = 0.27, a = 0.54, p = 0.22"
    # (symbols and numbers), {subjects} and {raters} counts, {seed} the random seed.
    note = Worded(Wording.of(N_("simulated with {settings}; {subjects} subjects x {raters} raters; "
                                "seed {seed}"), settings=settings, subjects=n_subjects,
                             raters=n_raters, seed=seed))
    prov = Provenance(file_name=name, layout="simulated", notes=(note,))
    table = relabel(table, labels, prov)
    return Dataset(table, "simulated", 1.0, note, (), provenance=prov)


def ordinal_dataset(ex: Example) -> Dataset:
    """An ordered K-category example, simulated from the K-category t-a-p model."""
    from tapdesk.engine.categorical.simulate import simulate_table as simulate_categorical
    t, a, p = ex.ordinal_scale
    name = ex.name
    # Translators: how a simulated data set was made: {t} and {p} list the shares, {a} is the
    # accuracy ("0.6"), {subjects} and {raters} counts, {seed} the random seed.
    note = Worded(Wording.of(N_("simulated K-category t-a-p with t = {t}, a = {a}, p = {p}; "
                                "{subjects} subjects x {raters} raters; seed {seed}"),
                             t=Numbers(tuple(t), bracketed=True), a=Decimal(a),
                             p=Numbers(tuple(p), bracketed=True), subjects=ex.n_subjects,
                             raters=ex.n_raters, seed=ex.seed))
    prov = Provenance(file_name=name, layout="simulated", notes=(note,))
    table = simulate_categorical(t, a, p, ex.n_subjects, ex.n_raters, ex.seed)
    table = RatingsTable(table.subject, table.rater, table.rating, table.subject_ids,
                         table.rater_ids, Scale(ex.labels, ordinal=True), 0, prov)
    return Dataset(table, "simulated", 1.0, note, (), provenance=prov)


def real_dataset(ex: RealExample) -> tuple[Dataset, BinaryChoice]:
    """A shipped data file read like any other, with its value labels and first item."""
    ds = read_ratings(ex.path, ImportOptions(labels=ex.labels, item=ex.item))
    choice = BinaryChoice(cut=ex.cut) if ex.cut else BinaryChoice(
        class1=(ex.class1,) if ex.class1 else None)
    return ds, choice


def example_source(key: str) -> tuple[Path | None, ImportOptions]:
    """The file and import options behind an example (None for simulated ones)."""
    ex = EXAMPLES[key]
    if isinstance(ex, RealExample):
        return ex.path, ImportOptions(labels=ex.labels, item=ex.item)
    return None, ImportOptions()


def example_dataset(key: str) -> tuple[Dataset, BinaryChoice]:
    ex = EXAMPLES[key]
    if isinstance(ex, RealExample):
        return real_dataset(ex)
    if ex.ordinal_scale is not None:
        return ordinal_dataset(ex), BinaryChoice(cut=ex.labels[len(ex.labels) // 2 - 1])
    ds = simulated_dataset(ex.params, ex.n_subjects, ex.n_raters, ex.seed, ex.labels,
                           name=ex.name)
    return ds, BinaryChoice(class1=(ex.labels[1],))
