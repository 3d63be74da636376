"""Pieces shared by the K-category models: data preparation, estimates, words, notices."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.engine.categorical.coords import Block, Coordinates, observed_information_se
from tapdesk.engine.intervals import BOUNDARY, logit_wald_interval
from tapdesk.engine.results import Estimate, Notice
from tapdesk.engine.words import parameter_words, percent, percent_with_interval, tells
from tapdesk.errors import DataError
from tapdesk.i18n import N_, SOURCE, _, formats, language
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.text import Listed, Nn_, Number, plural, text

# Translators: what each letter of the K-category model is, shown beside its estimate.
MEANINGS = {
    "t": N_("share of subjects truly in this category"),
    "a": N_("probability a rating is accurate (not a guess)"),
    "p": N_("probability a guess names this category"),
}


@dataclass(frozen=True, eq=False)
class Prepared:
    """The subjects that can show agreement (two or more ratings), re-indexed 0..n-1."""

    table: RatingsTable
    kept: np.ndarray             # original subject codes of the analysed subjects
    subject: np.ndarray          # per rating: analysed-subject index
    rater: np.ndarray
    rating: np.ndarray
    exclusions: tuple[Exclusion, ...]

    @property
    def k(self) -> int:
        return self.table.scale.size

    @property
    def categories(self) -> tuple[str, ...]:
        return self.table.categories

    def name(self, code: str) -> str:
        """The category's value label ("gold"), or its code when it has none."""
        return self.table.scale.label(code)

    @property
    def n_subjects(self) -> int:
        return int(len(self.kept))

    @property
    def n_ratings(self) -> int:
        return int(len(self.rating))

    def counts(self) -> np.ndarray:
        k = self.k
        flat = np.bincount(self.subject * k + self.rating, minlength=self.n_subjects * k)
        return flat.reshape(self.n_subjects, k)

    def ratings_per_subject(self) -> np.ndarray:
        return np.bincount(self.subject, minlength=self.n_subjects)

    def subject_ids(self) -> tuple[str, ...]:
        ids = self.table.subject_ids
        return tuple(ids[i] for i in self.kept)


def prepare(table: RatingsTable) -> Prepared:
    """Keep subjects with two or more ratings; check there are at least two categories."""
    if table.scale.size < 2:
        # Translators: {category} is a category's name as the data file writes it.
        raise DataError(said("every rating is in the one category {category}; a K-category "
                             "model needs at least two categories (declare the scale to add "
                             "unused ones)", category=made(quoted, str(table.categories[0]))))
    per = table.ratings_per_subject()
    keep = per >= 2
    if not keep.any():
        raise DataError(said("no subject has two or more ratings, so agreement cannot be "
                             "measured"))
    new_index = np.full(table.n_subjects, -1, np.int64)
    kept = np.flatnonzero(keep)
    new_index[kept] = np.arange(len(kept))
    mask = keep[table.subject]
    return Prepared(table, kept, new_index[table.subject[mask]], table.rater[mask],
                    table.rating[mask], table.exclusions())


def estimates_with_se(names: Sequence[tuple[str, str | None, str]], values: np.ndarray,
                      blocks: Sequence[Block],
                      gradient: Callable[[np.ndarray], np.ndarray] | None,
                      level: float = 0.95) -> tuple[Estimate, ...]:
    """Estimates with observed-information SEs and logit-Wald intervals at ``level``.

    ``names`` holds (name, category, meaning) per natural parameter. Without a
    gradient (too costly), SEs and intervals are left blank.
    """
    values = np.asarray(values, float)
    se = np.full(len(values), np.nan)
    if gradient is not None:
        se = observed_information_se(Coordinates(values, blocks), gradient)
    return estimates_from_se(names, values, se, level)


def estimates_from_se(names: Sequence[tuple[str, str | None, str]], values: np.ndarray,
                      se: np.ndarray, level: float = 0.95) -> tuple[Estimate, ...]:
    """Estimates with logit-Wald intervals at ``level`` from standard errors (NaN: none).
    The checks are made on the arrays at once (a crowd's Dawid-Skene fit has 400,000 entries)."""
    values = np.asarray(values, float)
    se = np.asarray(se, float)
    edge = (values < BOUNDARY) | (values > 1 - BOUNDARY)
    out = []
    for (name, category, meaning), value, s, ok, boundary in zip(
            names, values.tolist(), se.tolist(), np.isfinite(se).tolist(), edge.tolist()):
        ci = logit_wald_interval(value, s, level) if ok else None
        out.append(Estimate(name, value, s if ok else None, ci, meaning, category, True, boundary))
    return tuple(out)


def deferred_share(level: float = 0.95) -> Callable[[Estimate], Text]:
    """An estimate's share with its interval (:func:`percent_with_interval`), made again in the
    language shown (for a sentence kept as a :class:`~tapdesk.i18n.deferred.Text`: a share
    written at once stays in the language it was written in, English inside a German
    summary)."""
    return lambda est: made(percent_with_interval, est.value, est.ci, level)


def share_words(estimates: Sequence[Estimate], name: Callable[[str], str] = str) -> str:
    """"'no medal' 27%, 'bronze' 44%": each category by ``name`` (its label) with its share
    (written again in the language it is shown in)."""
    items = []
    for e in estimates:
        assert e.category is not None       # one estimate per category
        items.append((str(name(e.category)), float(e.value), tells(e.ci)))
    return made(shares_text, tuple(items))


def shares_text(items: tuple[tuple[str, float, bool], ...]) -> str:
    """(category, share, told) each in words, joined by ", "; a share as :func:`percent` writes
    one ("under 1%", never "0%" for a share that is not exactly 0)."""
    words = []
    for category, share, told in items:
        if is_source():
            words.append(f"'{category}' {percent(share)}" if told else
                         f"'{category}' cannot be told from these data")
        elif told:
            # Translators: a category's share: {category} is its label, {share} "27%".
            words.append(_("{category} {share}").format(category=formats.quoted(category),
                                                        share=percent(share)))
        else:
            # Translators: a category whose share these data cannot tell; {category} its label.
            words.append(_("{category} cannot be told from these data").format(
                category=formats.quoted(category)))
    return ", ".join(words)


def true_categories(shares: str) -> str:
    """The headline's line on the subjects' true categories."""
    # Translators: {shares} lists categories with their shares ("'gold' 27%, 'silver' 44%").
    return said("The subjects' true categories: {shares}.", shares=shares)


def unused_category_notices(prepared: Prepared) -> list[Notice]:
    unused = unused_categories(prepared)
    if not unused:
        return []
    names = Listed.of(made(quoted, str(prepared.name(c))) for c in unused)
    # Translators: {names} lists categories' names, quoted ("'4', '5'").
    return [Notice("unused-category", plural(Nn_(
        "Nobody used the category {names}. Their shares t and guess rates p are 0, on the edge "
        "of the range, and have no standard error.",
        "Nobody used the categories {names}. Their shares t and guess rates p are 0, on the edge "
        "of the range, and have no standard error."), len(unused), names=names))]


def template_words(name: str) -> str:
    """A parameter's words in English, the template a notice keeps (made in the language of
    each surface that shows it)."""
    with language(SOURCE):
        return parameter_words(name)


def boundary_notice(estimates: Sequence[Estimate], unused: Sequence[str] = ()) -> list[Notice]:
    """One notice naming the estimates on the edge (unused categories have their own notice)."""
    edge = [e for e in estimates if e.on_boundary and e.category not in unused]
    if not edge:
        return []
    # Translators: a quantity of one category: {quantity} is its name ("Accuracy"), {category}
    # the category's name ("4").
    names = Listed.of(text(template_words(e.name)) if e.category is None else
                      # Translators: a quantity of one category: {quantity} is its name
                      # ("Accuracy"), {category} the category's name, already in quotation marks.
                      text(N_("{quantity} ({category})"), quantity=text(template_words(e.name)),
                           category=made(quoted, str(e.category))) for e in edge)
    # Translators: {names} lists quantities ("Accuracy, Guess rate ('4')"); "resampling the
    # subjects" is the bootstrap.
    return [Notice("boundary", text(N_(
        "{names} lie on the edge of the range (0 or 1); standard errors "
        "are not defined there, so no interval is shown (resampling the subjects "
        "gives one)."), names=names), settings=("bootstrap",))]


def unused_categories(prepared: Prepared) -> tuple[str, ...]:
    used = np.bincount(prepared.rating, minlength=prepared.k) > 0
    return tuple(c for c, u in zip(prepared.categories, used) if not u)


# Translators: the name of the accuracy in the notes "{what} = 0.012 is near zero ...".
ACCURACY_A = N_("Accuracy a")


def accuracy_notices(a: float, what: str = ACCURACY_A) -> list[Notice]:
    """``what`` names the accuracy, marked with ``N_`` where it is written."""
    notes = []
    if a < 0.05:
        # Translators: {what} is "Accuracy a" or "Mean accuracy"; {a} a number ("0.012").
        notes.append(Notice("not-identified", text(N_(
            "{what} = {a} is near zero: the ratings look "
            "like guesses, and then the true category shares t cannot be told "
            "from the guess rates p. Ignore t and treat agreement as chance."),
            what=text(what), a=Number.of(a))))
    if a > 1 - 1e-6:
        # Translators: {what} is "Accuracy a" or "Mean accuracy".
        notes.append(Notice("not-identified", text(N_(
            "{what} = 1: raters never guess, so the guess "
            "rates p cannot be seen in the data and their values are not meaningful."),
            what=text(what))))
    return notes


def not_converged_notice(converged: bool) -> list[Notice]:
    if converged:
        return []
    return [Notice("not-converged", text(N_(
        "EM reached its iteration limit in some starts; the best fit "
        "found is reported, but check the convergence plot.")))]
