"""What the importer did to a file, collected as it reads: ImportNotes and plain notes.

Every rule that leaves out, keeps or guesses something adds one :class:`ImportNote`
whose message names the rows (as a spreadsheet numbers them) and columns. Rules
can be switched off by name (``ImportOptions.rules_off``); a note of a rule that
can be switched off says so as data (``ImportNote.switchable``), never in its
message: the CLI adds its ``--no-rule`` flag, the import preview a check box.
"""

from __future__ import annotations

from collections.abc import Iterable

from tapdesk.data import wording
from tapdesk.data.importer.model import ImportNote
from tapdesk.data.wording import Sentences, Wording
from tapdesk.i18n import N_, SOURCE, language

RULES = ("title-lines", "extra-header-rows", "ragged-rows", "row-names", "repeated-header",
         "footer-rows", "metadata-columns", "calculated-columns", "comment-columns", "header-words",
         "rater-scale", "missing-code-suspect", "plus-minus", "not-a-rating", "text-format",
         "sheet", "value-labels", "layout", "items", "look-alike-labels", "column-names", "hidden",
         "scale-order", "too-few", "format", "reference-answer", "rare-category", "user-roles",
         "attributes", "rater-by-structure", "subject-by-structure", "survey-orientation",
         "bookkeeping", "exclude-flag", "non-rating-columns", "rater-file", "not-a-subject",
         "categories", "ratings-sheet", "counts", "sessions", "merged-cells",
         "structured-cells", "rater-names", "off-scale", "code-label", "tick-list",
         "test-responses", "spellings", "self-ratings", "questions", "dated-columns", "row-totals",
         "scores")
"""Every rule code an ImportNote can carry."""

SWITCHABLE = ("title-lines", "extra-header-rows", "row-names", "repeated-header", "footer-rows",
              "metadata-columns", "calculated-columns", "comment-columns", "header-words", "rater-scale",
              "format", "attributes", "rater-by-structure", "subject-by-structure",
              "reference-answer", "bookkeeping", "non-rating-columns", "not-a-subject", "counts", "sessions",
              "structured-cells", "rater-names", "off-scale", "code-label", "tick-list",
              "test-responses", "spellings", "self-ratings", "merged-cells", "questions",
              "dated-columns", "row-totals", "scores")
"""Rules the user can switch off (the others only report)."""

RULE_WORDS = {
    "title-lines": N_("leave out title and note lines above the table"),
    "extra-header-rows": N_("join extra header rows into the column names"),
    "row-names": N_("recognise a first column of row names (as R writes them)"),
    "repeated-header": N_("leave out repeated header rows"),
    "footer-rows": N_("leave out totals and notes below the data"),
    "metadata-columns": N_("leave out export metadata columns (dates, status, progress)"),
    "calculated-columns": N_("leave out calculated columns (means, totals)"),
    "comment-columns": N_("leave out comment columns"),
    "rater-scale": N_("leave out columns whose values are not on the raters' scale (dates, names, "
                      "ids, comments), and read a group column as an attribute"),
    "header-words": N_("read the layout from the header words (survey and TapDesk exports)"),
    "format": N_("recognise the exports of annotation, survey and clinical platforms (MTurk, "
                  "Label Studio, Prodigy, Figure Eight, Forms, SurveyMonkey, REDCap ...)"),
    "attributes": N_("read columns holding one value per subject or per rater as their attributes"),
    "rater-by-structure": N_("take a column of names or ids that repeat across subjects, never "
                              "twice for one subject, as the raters"),
    "subject-by-structure": N_("take a column of ids that repeat across raters, never twice for "
                                "one rater, as the subjects"),
    "reference-answer": N_("keep consensus, gold-standard and final answers as the reference, "
                            "not as raters"),
    "bookkeeping": N_("leave out bookkeeping columns (reviewed, QC, status flags, constants)"),
    "non-rating-columns": N_("leave out quiz scores, years and years of birth"),
    "not-a-subject": N_("leave out lines that hold no ratings (legends, notes, sign-offs)"),
    "counts": N_("read a table of counts whose rows and columns name the same categories as a "
                 "cross-table of two raters"),
    "rater-names": N_("read raters whose names differ only in letter case or spaces as one "
                      "rater"),
    "structured-cells": N_("read a cell that holds a rating and a share or score in brackets "
                           "('B (70%)'), or a code before its label ('3 - Agree'), as its rating"),
    "sessions": N_("read a column that tells a rater's repeated ratings of a subject apart "
                   "(sessions, time points) as the item"),
    "code-label": N_("read a column that only labels the codes of the column beside it "
                     "('R1' and 'R1_label') as those codes' value labels, not as a rater"),
    "tick-list": N_("read the blank cells of a sheet whose every rating is one mark ('x', "
                    "'yes') as the answer '(blank)', a box not ticked"),
    "spellings": N_("read a rater's words spelt otherwise (without accents, in another letter "
                    "case, with brackets, with words around a number) as the categories they "
                    "spell ('Leger' as 'Léger', 'G3' as '3')"),
    "test-responses": N_("leave out the responses an export marks as tests or previews"),
    "self-ratings": N_("leave out the rows in which a person rates themself"),
    "questions": N_("refuse a sheet whose raters are numbered questions (Q1, Item 2): one "
                    "person's answers per row"),
    "dated-columns": N_("refuse a sheet whose raters are dates ('01/07', 'Mon 03/11 AM'): "
                        "what was found on each day, not a panel of raters"),
    "row-totals": N_("refuse a sheet with one row per rater whose rows add up to a total of "
                     "their own ('Out', 'Gross'): a scorecard, each row one thing scored on parts"),
    "scores": N_("read ratings that are many numbers (marks out of 20 in halves, 0-100 scores) "
                 "as scores, not refuse them as measurements"),
    "merged-cells": N_("read a cell merged down its column, or an id written once over rows "
                       "that count up under it, on every row it stands for"),
}
"""What each rule that can be switched off does, in plain words (in English; translated where
shown: ``_(RULE_WORDS[rule])``)."""


def row_list(rows: Iterable[int], limit: int = 6) -> str:
    """'row 5', 'rows 5 and 9', 'rows 23-25', 'rows 2, 4, 9 ... (12 rows)', in English: for a
    sentence still written in English (a converted one keeps :class:`Rows` as its value)."""
    with language(SOURCE):
        return wording.row_list(rows, limit)


def column_list(columns: Iterable[str], limit: int = 6) -> str:
    """"column 'x'", "columns 'a', 'b'" in English (see :func:`row_list`)."""
    with language(SOURCE):
        return wording.column_list(columns, limit)


class NoteBook:
    """Collects ImportNotes and the plain notes of one import."""

    def __init__(self, disabled: Iterable[str] = ()) -> None:
        self.disabled = frozenset(disabled)
        self.items: list[ImportNote] = []
        self.plain: list[str | Wording] = []
        self.references: dict[str, dict[str, str]] = {}
        """Reference answers found (column or rater -> subject -> answer)."""
        self.legend_missing: set[str] = set()
        """Codes a legend line below the data says mean no rating ('99 = not assessed')."""

    def enabled(self, rule: str) -> bool:
        return rule not in self.disabled

    def add(self, rule: str, message: str | Wording, *, rows: Iterable[int] = (), columns: Iterable[str] = (),
            action: str = "left out", suggested_missing: str | None = None,
            switchable: bool = True, settings: Iterable[str] = (),
            suggested_same: Iterable[tuple[str, str]] = ()) -> ImportNote:
        switch = switchable and rule in SWITCHABLE and action in ("left out", "guessed")
        note = ImportNote(rule, message, tuple(int(r) for r in rows), tuple(str(c) for c in columns),
                          action, suggested_missing, switch, tuple(settings),
                          tuple(suggested_same))
        self.items.append(note)
        return note

    def info(self, message: str | Wording) -> None:
        """A plain note that belongs to no rule (e.g. how the values were cleaned)."""
        self.plain.append(message)

    def notes(self) -> Sentences:
        """The plain notes and the notes of the rules, each read in the current language."""
        return Sentences(tuple(self.plain) + tuple(n.wording for n in self.items
                                                   if n.action != "warning"))

    def warnings(self) -> Sentences:
        return Sentences(n.wording for n in self.items if n.action == "warning")
