"""Built-in example data sets (simulated, so they ship with the app and are reproducible)."""

from __future__ import annotations

from dataclasses import dataclass

from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.readers import Dataset
from tapdesk.data.scale import Scale
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.gui.dataset_pane import BinaryChoice


@dataclass(frozen=True)
class Example:
    title: str
    description: str
    params: TapParameters
    n_subjects: int
    n_raters: int
    labels: tuple[str, str]
    seed: int


EXAMPLES: dict[str, Example] = {
    "medals": Example(
        "Wine medals (simulated: t = 0.27, a = 0.54, p = 0.22)",
        "183 wines, 4 judges each, medal or no medal; parameters close to a real wine competition.",
        TapParameters(t=0.27, a=0.54, p=0.22), 183, 4, ("no medal", "medal"), 20261121),
    "balanced": Example(
        "Balanced classes (simulated: t = 0.5, a = 0.7, p = 0.5)",
        "300 subjects, 6 raters; an easy case where every estimate is well determined.",
        TapParameters(t=0.5, a=0.7, p=0.5), 300, 6, ("negative", "positive"), 7),
    "paradox": Example(
        "The kappa paradox (simulated: t = 0.05, a = 0.5, p = 0.05)",
        "A rare condition: raters agree on most subjects simply because most are negative, so "
        "percent agreement is high while kappa is low. The t-a-p accuracy tells the two apart.",
        TapParameters(t=0.05, a=0.5, p=0.05), 400, 5, ("absent", "present"), 11),
    "large": Example(
        "Large panel (simulated: 100,000 subjects x 10 raters = 1,000,000 ratings)",
        "Shows that the table and the fit stay quick with a million ratings.",
        TapParameters(t=0.3, a=0.6, p=0.4), 100_000, 10, ("fail", "pass"), 5),
}


def relabel(table: RatingsTable, labels: tuple[str, str], provenance: Provenance) -> RatingsTable:
    """The same 0/1 codes with readable category labels."""
    return RatingsTable(table.subject, table.rater, table.rating, table.subject_ids, table.rater_ids,
                        Scale(labels, ordinal=True), 0, provenance)


def simulated_dataset(params: TapParameters, n_subjects: int, n_raters: int, seed: int,
                      labels: tuple[str, str] = ("0", "1"), name: str = "Simulated data") -> Dataset:
    """Simulate t-a-p ratings and wrap them as a Dataset that opens like a file."""
    table = simulate_table(params, n_subjects, n_raters, seed)
    settings = ", ".join(f"{k} = {v:g}" for k, v in
                         (("t", params.t), ("a", params.a), ("p", params.p), ("a0", params.a0),
                          ("a1", params.a1), ("p0", params.p0), ("p1", params.p1)) if v is not None)
    note = f"simulated with {settings}; {n_subjects} subjects x {n_raters} raters; seed {seed}"
    prov = Provenance(file_name=name, layout="simulated", notes=(note,))
    table = relabel(table, labels, prov)
    return Dataset(table, "simulated", 1.0, note, (), provenance=prov)


def example_dataset(key: str) -> tuple[Dataset, BinaryChoice]:
    ex = EXAMPLES[key]
    ds = simulated_dataset(ex.params, ex.n_subjects, ex.n_raters, ex.seed, ex.labels,
                           name=ex.title.split(" (")[0])
    return ds, BinaryChoice(class1=(ex.labels[1],))
