"""Which data each fit was made from: data identities, open data sets and fits (Qt-free).

The window can hold several data sets side by side (a file, then simulated
data, then another file). Every fit is stored as a :class:`FitEntry`: the
frozen result, the exact table it was fitted on, and a :class:`DataIdentity`
(name, SHA-256 of the ratings as read, and a summary), so the results views, the
fits list and the report always show a fit with its own data, whatever data
set is open now.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tapdesk.data.fingerprint import RATINGS_SHA256, table_sha256
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import Dataset, ImportOptions
from tapdesk.engine.bayes.draw_counts import kept_draws
from tapdesk.engine.results import FitResult
from tapdesk.engine.words import METHOD_SHORT
from tapdesk.engine.words import method_words as engine_method_words
from tapdesk.i18n import _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown


def method_words(method: str) -> str:
    """A method key in words, in the current language: the engine's short form (the window's
    fits list and Compare are narrow)."""
    return shown(engine_method_words(method, METHOD_SHORT))


@dataclass(frozen=True)
class BinaryChoice:
    """What the user picked for binary models: Class-1 categories (codes) or a cut point."""

    class1: tuple[str, ...] | None = None
    cut: str | None = None

@dataclass(frozen=True)
class DataIdentity:
    """A data set as a fit and a report name it: where from, its hash, and its size."""

    name: str
    sha256: str
    n_subjects: int
    n_raters: int
    n_ratings: int
    categories: tuple[str, ...]
    file_sha256: str = ""
    source: str = "file"            # "file", "pasted", "generated", "example", "project"
    item: str | None = None

    @classmethod
    def of(cls, table: RatingsTable, name: str, source: str = "file",
           item: str | None = None) -> DataIdentity:
        return cls(name=name, sha256=table_sha256(table), n_subjects=table.n_subjects,
                   n_raters=table.n_raters, n_ratings=table.n_ratings,
                   categories=tuple(table.scale.display_labels()),
                   file_sha256=table.provenance.sha256, source=source, item=item)

    @property
    def title(self) -> str:
        """The name, with the item when the file holds several."""
        # Translators: a data set's name when the file holds several items: {name} the data
        # set's name ("exam.csv"), {item} the item's name as the file writes it.
        return _("{name}, item {item}").format(name=self.name, item=self.item) if self.item \
            else self.name

    @property
    def size(self) -> str:
        """'183 subjects x 4 raters' (or '... rated by unknown raters')."""
        # Translators: a data set's size; {subjects} and {raters} are counts written as numbers.
        text = ngettext("{subjects} subjects \u00d7 {raters} raters",
                        "{subjects} subjects \u00d7 {raters} raters", self.n_raters) if self.n_raters else (
            # Translators: as above, when the raters are not known; {subjects} is a count.
            _("{subjects} subjects \u00d7 unknown raters"))
        return text.format(subjects=formats.integer(self.n_subjects), raters=formats.integer(self.n_raters))

    def summary(self) -> str:
        """One line: name, size, ratings, categories and the start of the hash."""
        cats = ", ".join(self.categories[:6]) + (", ..." if len(self.categories) > 6 else "")
        # Translators: one line about a data set: {title} its name, {size} "183 subjects x 4 raters",
        # {n} a count of ratings, {categories} its categories, {hash} "SHA-256 of the ratings 1a2b...".
        return _("{title}: {size}, {n} ratings, categories {categories}; {hash}").format(
            title=self.title, size=self.size, n=formats.integer(self.n_ratings), categories=cats,
            hash=f"{_(RATINGS_SHA256)} {self.sha256[:12]}")


@dataclass
class DataSession:
    """One open data set and the user's choices on it (scale order, Class 1, item).

    ``table`` is the table as the user has shaped it (scale order, ordinal or
    not); ``choice`` the Class-1 choice (a :class:`~tapdesk.gui.window.dataset_pane.BinaryChoice`).
    """

    key: int
    dataset: Dataset
    table: RatingsTable
    name: str
    source: str = "file"
    source_path: Path | None = None
    source_text: str | None = None
    import_options: ImportOptions = field(default_factory=ImportOptions)
    choice: object | None = None
    item: str | None = None

    @property
    def identity(self) -> DataIdentity:
        return DataIdentity.of(self.table, self.name, self.source, self.item)


@dataclass(frozen=True, eq=False)
class FitEntry:
    """A finished fit with the table it was fitted on and that table's identity."""

    result: FitResult
    table: RatingsTable | None
    data: DataIdentity
    session_key: int = -1

    def detail_lines(self) -> list[str]:
        """Short lines that tell fits apart: the method (with draws or bootstrap), Class 1."""
        r, req = self.result, self.result.request
        lines = [method_words(r.method)]
        if r.method == "mcmc":
            # the draws each chain kept, as the traces and the report say them (issue 79)
            draws = kept_draws(r)
            # Translators: a fit's draws in the fits list: {chains} chains x {draws} draws each.
            lines.append(ngettext("{chains} \u00d7 {draws} draw", "{chains} \u00d7 {draws} draws",
                                  draws).format(chains=formats.integer(req.chains),
                                                draws=formats.integer(draws)))
        elif r.method == "mle" and req.bootstrap:
            # Translators: a fit's bootstrap in the fits list ("1,000 resamples").
            lines.append(ngettext("{n} resample", "{n} resamples", req.bootstrap).format(
                n=formats.integer(req.bootstrap)))
        if r.class_choice is not None:
            choice = r.class_choice
            names = [choice.name(c) for c in choice.class1]
            # Translators: a fit's Class 1 in the fits list; {categories} the categories it holds
            # ("gold, silver").
            lines.append(_("Class 1 = {categories}").format(
                categories=", ".join(names) if is_source() else formats.joined(names)))
        return lines

    def describe(self) -> str:
        """The details on one line (report contents, tooltips)."""
        return " \u00b7 ".join(self.detail_lines())


def data_identity_for(result: FitResult, table: RatingsTable | None) -> DataIdentity:
    """The identity of a fit's data when no session names it (old projects)."""
    if table is not None:
        return DataIdentity.of(table, table.provenance.file_name or "Data", "project")
    prov = result.provenance
    return DataIdentity(prov.file_name or "Data", "", result.n_subjects, 0, result.n_ratings,
                        tuple(result.categories), prov.sha256, "project")
