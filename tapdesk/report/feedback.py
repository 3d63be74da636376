"""Rater feedback as documents (one short report per rater) and a summary CSV (no Qt).

:func:`feedback_document` turns one :class:`~tapdesk.engine.story.feedback.RaterFeedback`
into a :class:`~tapdesk.report.document.ReportDocument` that
:func:`tapdesk.render.pdf.write_report_pdf` prints like any report;
:func:`write_summary_csv` writes one row per rater. The wording is for the
person rated: factual, kind, and without jargon.
"""

from __future__ import annotations

import csv
import datetime as _dt
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from tapdesk import __version__
from tapdesk.engine.rater_words import difference_text, verdict_words
from tapdesk.engine.results import Estimate
from tapdesk.engine.story.feedback import MIN_RATINGS, FeedbackReport, RaterFeedback
from tapdesk.engine.words import level_key, level_percent
from tapdesk.engine.words import percent as percent_words
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, _, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.formats import clauses, integer
from tapdesk.report.document import KeyNumber, KeyNumbers, Paragraph, ReportDocument, Section, Table
from tapdesk.report.file_names import safe, sheet_prefix
from tapdesk.report.local_words import fixed as fmt
from tapdesk.report.local_words import interval_title
from tapdesk.report.refusals import cannot_write

SUMMARY_FILE = "feedback_summary.csv"
# The summary is data, the tabular twin of ``tapdesk feedback --json`` (its columns are the JSON's
# keys): English in every language, as every exported column (docs/translating.md, issue 54).
SUMMARY_COLUMNS = (
    "rater", "ratings", "enough_ratings", "accuracy", "accuracy_low", "accuracy_high",
    "others_accuracy", "accuracy_vs_others", "accuracy_difference", "accuracy_difference_low",
    "accuracy_difference_high", "guess_rate", "guess_rate_low", "guess_rate_high",
    "others_guess_rate", "guess_vs_others", "sensitivity", "sensitivity_low",
    "sensitivity_high", "false_positive_rate", "false_positive_rate_low",
    "false_positive_rate_high", "agreement_with_panel", "subjects_compared",
    "clearest_disagreements", "sentence", "pdf")

HOW_TO_READ = (
    # Translators: the feedback sheet's "How to read this"; {level} is an interval's level
    # ("95%").
    N_("Accuracy is the share of your ratings that were accurate rather than guesses, as the "
    "t-a-p model estimates it from how the whole panel rated the same subjects. A guess can "
    "still land on the right class by chance, so accuracy is not the share of right answers. "
    "The {level} interval shows how sure these numbers are: with more ratings it narrows. "
    "Your accuracy is said to differ from the rest of the panel's only when the {level} "
    "interval for the difference lies wholly above or below 0 and the difference still holds "
    "when every rater of the panel is compared at once (with many raters, one interval in "
    "twenty leaves out 0 by chance alone); otherwise it was not shown to differ, which is not "
    "the same as being equal."),
    N_("'The panel' is the class the other raters' ratings point to, weighing each rater by how "
    "accurate the model finds them. Disagreeing with the panel is not always wrong: the panel "
    "can be wrong too, and a careful rater sometimes sees what others miss. The subjects "
    "listed are worth a second look together, not a verdict on anyone."))


def percent(value: float | None) -> str:
    """A share as the engine writes it for people (``engine.words.percent``), a dash for none."""
    return "-" if value is None else percent_words(value)


def interval_text(est: Estimate, level: float = 0.95) -> str:
    if not est.ci:
        # Translators: said instead of an interval on a rater's feedback sheet.
        return _("interval not available")
    lo, hi = est.ci
    name = interval_title(f"{level_key(level)} interval")
    if percent(lo) == percent(hi):          # not "60-60%": say how narrow it is
        ends = (lo, hi)
        written = [fmt(v) for v in ends]
    else:
        written = [percent(lo), percent(hi)]
    if is_source():
        return f"{name} {written[0]} to {written[1]}"
    # Translators: {interval_name} is "95% interval", {low} and {high} its ends.
    return _("{interval_name} {low} to {high}").format(interval_name=name, low=written[0], high=written[1])


def _panel_note(fb: RaterFeedback) -> str:
    comparison = fb.accuracy_comparison
    # Translators: under a number on a rater's feedback sheet; {percent} is the others' share.
    panel = _("rest of the panel: {percent}").format(percent=percent(fb.others_accuracy))
    if comparison is None or comparison.interval is None:
        return panel
    held = f" ({verdict_words(comparison)})" if comparison.held_back else ""
    return clauses([panel, f"{shown(difference_text(comparison))}{held}"])


def _key_numbers(fb: RaterFeedback, one: str, level: float) -> KeyNumbers:
    # shown only with enough ratings, and then every estimate is given (story.feedback._one_rater)
    assert fb.accuracy is not None and fb.guess_rate is not None
    assert fb.sensitivity is not None and fb.false_positive_rate is not None
    interval_text_ = lambda est: interval_text(est, level)
    # Translators: the numbers of a rater's feedback sheet; {one} names Class 1's categories
    # ("no medal or bronze"), {percent} a share.
    items = [KeyNumber(_("Accuracy"), percent(fb.accuracy.value), interval_text_(fb.accuracy),
                       _panel_note(fb)),
             # Translators: a key number of the feedback sheet; {one} names Class 1 ("no medal or
             # bronze").
             KeyNumber(_("Guesses that say {one}").format(one=one), percent(fb.guess_rate.value),
                       interval_text_(fb.guess_rate),
                       _("rest of the panel: {percent}").format(percent=percent(fb.others_guess_rate))),
             KeyNumber(_("Sensitivity"), percent(fb.sensitivity.value),
                       interval_text_(fb.sensitivity),
                       # Translators: under the sensitivity on the feedback sheet; {one} names Class 1.
                       _("how often you said {one} when it truly was").format(one=one)),
             KeyNumber(_("False-positive rate"), percent(fb.false_positive_rate.value),
                       interval_text_(fb.false_positive_rate),
                       # Translators: under the false-positive rate on the feedback sheet; {one}
                       # names Class 1.
                       _("how often you said {one} when it truly was not").format(one=one))]
    if fb.agreement is not None:
        compared = f"{fb.n_compared} subjects compared" if is_source() else (
            # Translators: {n} is a number of subjects.
            ngettext("{n} subject compared", "{n} subjects compared", fb.n_compared).format(
                n=integer(fb.n_compared)))
        items.append(KeyNumber(_("Agreement with the panel"), percent(fb.agreement), compared,
                               _("your rating matched the class the other raters point to")))
    return KeyNumbers(tuple(items))


def _disagreement_table(fb: RaterFeedback) -> Table | Paragraph:
    if not fb.disagreements:
        return Paragraph(_("There is no subject where your rating differed from the class the "
                           "other raters point to."))
    rows = tuple((d.subject_id, d.rating, d.panel_class, d.panel_probability)
                 for d in fb.disagreements)
    # Translators: a table on a rater's feedback sheet, its columns and its note.
    return Table("disagreements", _("Subjects where your rating differed most clearly from the panel"),
                 (N_("Subject"), N_("Your rating"), N_("The panel's most likely class"),
                  N_("Panel's probability")), rows, ("", "", "", ".0%"),
                 note=_("The panel's probability is how sure the other raters' ratings make the "
                        "model of that class."))


def feedback_document(report: FeedbackReport, fb: RaterFeedback, command: str = "",
                      created: str | None = None, pack: str = "") -> ReportDocument:
    """One rater's feedback as a short report (one page); ``pack``: the title of the committee
    pack it belongs to, first in its subtitle."""
    file = report.file_name or _("ratings")
    if is_source():
        subtitle = (f"{file}: {fb.n_ratings} ratings by this rater, "
                    f"{report.n_subjects} subjects in all; Class 1 = {report.class1_words}")
    else:
        # Translators: a feedback sheet's subtitle; {file} is the data file's name, {ratings}
        # and {subjects} counts, {class1} Class 1's categories.
        subtitle = _("{file}: {ratings} ratings by this rater, {subjects} subjects in all; "
                     "Class 1 = {class1}").format(file=file, ratings=integer(fb.n_ratings),
                                                  subjects=integer(report.n_subjects),
                                                  class1=shown(report.class1_words))
    if pack:
        subtitle = f"{pack}. {subtitle}"
    blocks: list[Any] = [Paragraph(shown(fb.sentence), "verdict")]
    if fb.flag and fb.enough:
        # Translators: {flag} says why the model flagged the rater (the engine's words).
        blocks.append(Paragraph(_("Note from the model: this rater {flag}.").format(flag=shown(fb.flag)),
                                "small"))
    # Translators: the feedback sheet's headings.
    sections = [Section("summary", _("In one sentence"), tuple(blocks))]
    if fb.enough:
        sections.append(Section("numbers", _("Your numbers"),
                                (_key_numbers(fb, shown(report.class1_words), report.level),
                                 _disagreement_table(fb))))
    else:
        sections.append(Section("numbers", _("Your numbers"), (Paragraph(
            # Translators: {n} is the rater's number of ratings, {least} the number needed.
            _("Too few ratings to say. With {n} ratings the uncertainty about accuracy would cover "
              "almost every possible value, so no estimate is given; from {least} ratings on, this "
              "page shows accuracy, guesses, sensitivity and agreement with the panel.").format(
                n=fb.n_ratings, least=MIN_RATINGS)),)))
    sections.append(Section("how-to-read", _("How to read this"),
                            tuple(Paragraph(_(text).format(level=level_percent(report.level)
                                                           if is_source() else
                                                           formats_percent(report.level)), "small")
                                  for text in HOW_TO_READ)))
    # Translators: a feedback sheet's title; {rater} is the rater's name.
    return ReportDocument(_("Feedback for rater {rater}").format(rater=fb.rater_id), subtitle,
                          tuple(sections),
                          command, __version__,
                          created or _dt.date.today().isoformat())


def feedback_book(report: FeedbackReport, command: str = "", created: str | None = None,
                  pack: str = "") -> ReportDocument:
    """Every rater's feedback in one document, each rater starting a new page: the sheet of
    :func:`feedback_document`, its title and subtitle heading the rater's first section."""
    created = created or _dt.date.today().isoformat()
    sections: list[Section] = []
    for i, fb in enumerate(report.raters, start=1):
        sheet = feedback_document(report, fb, command, created, pack)
        first, *rest = sheet.sections
        sections.append(Section(f"rater-{i}", sheet.title,
                                (Paragraph(sheet.subtitle, "small"), *first.blocks),
                                new_page=i > 1))
        sections += [replace(s, key=f"{s.key}-{i}", level=2) for s in rest]
    file = report.file_name or _("ratings")
    if is_source():
        subtitle = f"{file}: {len(report.raters)} raters, {report.n_subjects} subjects; a page for each rater"
    else:
        # Translators: the feedback book's subtitle; {raters} and {subjects} are counts.
        subtitle = _("{file}: {raters} raters, {subjects} subjects; a page for each rater").format(
            file=file, raters=integer(len(report.raters)), subjects=integer(report.n_subjects))
    # Translators: the feedback book's title; {pack} is the committee pack's title.
    return ReportDocument(_("{pack}: feedback for each rater").format(pack=pack) if pack else
                          _("Feedback for each rater"), subtitle, tuple(sections), command,
                          __version__, created)


def formats_percent(level: float) -> str:
    """An interval's level ("95 %") in a language other than English."""
    from tapdesk.i18n import formats
    points = round(100 * float(level), 4)
    return formats.percent(level, 0 if points == int(points) else len(f"{points:g}".split(".")[1]))


# --------------------------------------------------------------------- files
_STEM_BYTES = 180       # a file name is at most 255 bytes on the file systems TapDesk ships for


def pdf_names(report: FeedbackReport) -> dict[str, str]:
    """A distinct PDF name for every rater that keeps the rater's letters (Müller, Öztürk,
    Weiß) and leaves out only what a file system forbids; distinct without regard to case, as
    Windows and macOS compare names. The names start with the word of the language the sheets
    are written in ("feedback_Weiß.pdf": :func:`tapdesk.report.file_names.sheet_prefix`); a
    rater whose name holds nothing a file name keeps is named by their place in the panel."""
    prefix = sheet_prefix()
    names: dict[str, str] = {}
    used: set[str] = set()
    for place, fb in enumerate(report.raters, start=1):
        stem = safe(fb.rater_id)
        stem = stem.encode("utf-8")[:_STEM_BYTES].decode("utf-8", "ignore") or str(place)
        name, n = f"{prefix}{stem}.pdf", 2
        while name.lower() in used:
            name, n = f"{prefix}{stem}_{n}.pdf", n + 1
        used.add(name.lower())
        names[fb.rater_id] = name
    return names


def summary_rows(report: FeedbackReport, names: dict[str, str]) -> list[list[Any]]:
    """One row per rater, in SUMMARY_COLUMNS order (empty cells where there is no number)."""
    def est(e: Estimate | None) -> list[Any]:
        if e is None:
            return ["", "", ""]
        return [e.value, *(e.ci if e.ci else ("", ""))]

    def difference(c) -> list[Any]:
        if c is None or c.verdict == "unknown":
            return ["", "", ""]
        return [c.difference, *(c.interval if c.interval else ("", ""))]

    rows = []
    for fb in report.raters:
        blank = lambda v: "" if v is None else v
        rows.append([fb.rater_id, fb.n_ratings, "yes" if fb.enough else "no",
                     *est(fb.accuracy), blank(fb.others_accuracy), fb.accuracy_vs_others,
                     *difference(fb.accuracy_comparison),
                     *est(fb.guess_rate), blank(fb.others_guess_rate), fb.guess_vs_others,
                     *est(fb.sensitivity), *est(fb.false_positive_rate), blank(fb.agreement),
                     fb.n_compared, "; ".join(d.subject_id for d in fb.disagreements),
                     fb.sentence, names.get(fb.rater_id, "")])
    return rows


def write_summary_csv(report: FeedbackReport, folder: Path, names: dict[str, str]) -> Path:
    """Write the summary CSV into ``folder``; a SettingError naming the file if that fails."""
    return write_csv(Path(folder) / SUMMARY_FILE, SUMMARY_COLUMNS, summary_rows(report, names))


def write_csv(path: Path, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> Path:
    """A CSV file of ``columns`` and ``rows``; a SettingError naming the file if that fails."""
    try:
        with open(path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(columns)
            writer.writerows(rows)
    except OSError as exc:
        raise SettingError(cannot_write(path, exc)) from None
    return path
