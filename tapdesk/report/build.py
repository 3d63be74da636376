"""Build a :class:`ReportDocument` from one or several analyses and what they were fitted on.

Entry point: :func:`build_report`. The document is a sequence of sections
made by the *section makers* listed in :data:`SECTIONS`, in order:

1. ``summary``: the conclusion in plain words, the key numbers, what was analysed and
   what the import of the data decided on its own, to check
   (:mod:`tapdesk.report.import_guesses`), the results in one paragraph for each analysis
   (:mod:`tapdesk.engine.story.paragraph`) and the author's note (page one);
2. ``contents``: a list of contents (the renderer keeps it for reports over
   three pages);
3. ``data``: data provenance;
4. ``analyses``: one section per analysis (findings, tables, plots, settings);
   ``validity``: the raters against the data's reference answer, when there is one;
5. ``warnings``: every warning once, explained;
6. ``limitations``: what the models assume (judge columns as seats ...);
7. ``method``: method notes, technical details, reproduce commands, references;
8. ``appendices``: per-rater and per-subject tables of each analysis;
9. ``glossary``: the last appendix, every term the report uses in plain words
   (:mod:`tapdesk.report.glossary`);
10. ``approval``: where the people named as signers sign and date the report, if any: last,
    so that the signatures close the report (and, when asked for, ``approval-page-one``
    after the summary as well).

Other modules add sections with :func:`register_section` (e.g. a study
plan after the analyses); a maker takes the :class:`ReportContext` and
returns a Section, several, or None. Sections whose key starts with
``appendix`` get letters (Appendix A, B ...) in order. Never imports Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from tapdesk.data.fingerprint import FILE_SHA256, RATINGS_SHA256, table_sha256
from tapdesk.data.import_words import LAYOUT_WORDS
from tapdesk.data.mapping_words import mapping_name, mapping_value_words
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import FitResult
from tapdesk.engine.story.findings import paradox_message
from tapdesk.engine.story.paragraph import PARAGRAPH_TITLE, fit_paragraph
from tapdesk.i18n import N_, _, ngettext, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.formats import integer, labelled, quoted
from tapdesk.report.analysis import analysis_section
from tapdesk.report.approval import approval_section
from tapdesk.report.conclusion import conclusion, key_numbers
from tapdesk.report.context import (
    AUTO,
    ReportAnalysis,
    ReportContext,
    ReportInputs,
    kappa_paradox_values,
    make_context,
)
from tapdesk.report.document import BulletList, Contents, Paragraph, ReportDocument, Section, Table
from tapdesk.report.glossary import glossary_section
from tapdesk.report.import_guesses import guesses_blocks
from tapdesk.report.notes import limitations_section, method_section, warnings_section
from tapdesk.report.reproduce import plan_command, reproduce_command, reproduce_commands
from tapdesk.report.tables import rater_table, subject_table
from tapdesk.report.validity import validity_section
from tapdesk.report.words import fact_heading

__all__ = ["AUTO", "ReportAnalysis", "ReportInputs", "SECTIONS", "build_report", "kappa_paradox",
           "register_section", "reproduce_command", "reproduce_commands"]

DEFAULT_TITLE = N_("Rater agreement report")
FOOTER_CHARS = 280
"""Longer commands (a long note ...) are printed in the method notes, not in every footer."""
SHA_NAMES = (N_("SHA-256 of the file"), N_("SHA-256 of the ratings as read"))
"""The data layer's names of its two fingerprints (``FILE_SHA256``, ``RATINGS_SHA256``), marked
here where the report shows them."""
SectionMaker = Callable[[ReportContext], "Section | Sequence[Section] | None"]


# ----------------------------------------------------------------- makers
def summary_section(ctx: ReportContext) -> Section:
    blocks: list[Any] = [BulletList(tuple(conclusion(ctx)), "verdict"),
                         # Translators: a label on page one, above the headline numbers.
                         Paragraph(_("Key numbers"), "label"), key_numbers(ctx),
                         # Translators: a label on page one, above what data the report analyses.
                         Paragraph(_("What was analysed"), "label"), Paragraph(_analysed(ctx), "lead"),
                         BulletList(tuple(f"{p.title}." for p in ctx.parts)),
                         # what the import decided on its own, to check: beside what was
                         # analysed, so that page one holds it in every language
                         *guesses_blocks(ctx), *paragraph_blocks(ctx)]
    note = ctx.inputs.note.strip()
    if note:
        # Translators: a label above the author's own note; {author} is a person or a committee.
        who = _("Note from {author}").format(author=ctx.inputs.author) if ctx.inputs.author \
            else pgettext("author's note", "Note")
        blocks.append(Paragraph(who, "label"))
        blocks += [Paragraph(text.strip()) for text in note.split("\n\n") if text.strip()]
    # Translators: the report's first section (page one).
    return Section("summary", _("Conclusion"), tuple(blocks))


def paragraph_blocks(ctx: ReportContext) -> list[Any]:
    """"Results in one paragraph": each analysis's paragraph, as ``--paragraph`` prints it."""
    blocks: list[Any] = [Paragraph(_(PARAGRAPH_TITLE), "label")]
    for part in ctx.parts:
        text = fit_paragraph(part.result, part.table)
        blocks.append(Paragraph(f"{part.short}. {text}" if len(ctx.parts) > 1 else text))
    return blocks


def _analysed(ctx: ReportContext) -> str:
    first = ctx.parts[0]
    res, table = first.result, first.table
    raters = table.n_raters if table is not None and table.n_raters else len(res.raters)
    n_ratings = table.n_ratings if table is not None else res.n_ratings
    n_subjects = table.n_subjects if table is not None else res.n_subjects
    # Translators: where the ratings come from when they were not read from a file.
    file = res.provenance.file_name or _("data in memory")
    if is_source():        # English as it always was ("3 ratings", never "1 rating" forms)
        by = f" by {raters} raters" if raters else ""
        text = f"{n_ratings} ratings of {n_subjects} subjects{by}, from '{file}'"
    else:
        # Translators: counts in the sentence on what a report analyses (below).
        counts = {"ratings": ngettext("{n} rating", "{n} ratings", n_ratings).format(n=integer(n_ratings)),
                  "subjects": ngettext("{n} subject", "{n} subjects", n_subjects).format(
                      n=integer(n_subjects)),
                  "raters": ngettext("{n} rater", "{n} raters", raters).format(n=integer(raters)),
                  "file": quoted(file)}
        # Translators: what a report analyses; {ratings}, {subjects} and {raters} are counts
        # with their nouns ("120 ratings", "30 subjects", "4 raters"), {file} a file's name.
        text = (_("{ratings} of {subjects} by {raters}, from {file}") if raters else
                # Translators: as above, when the number of raters is not known.
                _("{ratings} of {subjects}, from {file}")).format(**counts)
    scale = _scale_words(res, table)
    if scale:
        # Translators: added to the sentence above; {text} is that sentence, {scale} the
        # scale's categories in order ("no medal, bronze, silver, gold").
        text = _("{text}, on the scale {scale}").format(text=text, scale=scale)
    n = len(ctx.parts)
    if is_source():
        return text + f". The report holds {n} analys{'es' if n > 1 else 'is'}:"
    # Translators: {text} is the sentence above; {n} the number of analyses, listed below it.
    return ngettext("{text}. The report holds {n} analysis:", "{text}. The report holds {n} analyses:",
                    n).format(text=text, n=integer(n))



def _scale_words(res: FitResult, table: RatingsTable | None) -> str:
    if table is not None:
        return ", ".join(table.scale.display(c) for c in table.categories)
    return ", ".join(res.label(c) if res.label(c) == c else f"{res.label(c)} ({c})"
                     for c in res.categories)


def contents_section(ctx: ReportContext) -> Section:
    # Translators: the heading of the list of contents.
    return Section("contents", _("Contents"), (Contents(),))


def data_section(ctx: ReportContext) -> Section:
    first = ctx.parts[0]
    res, table, prov = first.result, first.table, first.result.provenance
    # Translators: the rows of the report's table "Data" (where the ratings come from).
    rows: list[tuple[str, Any]] = [(_("File"), prov.file_name or _("(not from a file)"))]
    if prov.size_bytes is not None:
        rows.append((_("Size (bytes)"), prov.size_bytes))
    rows.append((_(FILE_SHA256), prov.sha256 or "-"))
    if table is not None:
        rows.append((_(RATINGS_SHA256), table_sha256(table)))
    if prov.sheet:
        rows.append((_("Sheet"), prov.sheet))
    rows.append((_("Layout"), _(LAYOUT_WORDS[prov.layout]) if prov.layout in LAYOUT_WORDS
                 else prov.layout or "-"))
    # Translators: a row of the table "Data"; {role} is what the column holds, as the file
    # importer names it ("subject", "rater", "rating"), {column} not part of this text.
    rows += [(_("Column: {role}").format(role=mapping_name(role)), mapping_value_words(column))
             for role, column in prov.mapping]
    if table is not None:
        rows += [(_("Subjects in the file"), table.n_subjects),
                 (_("Raters"), table.n_raters or pgettext("count", "unknown")),
                 (_("Ratings in the file"), table.n_ratings), (_("Missing cells"), table.n_missing)]
        rows.append((_("Categories (scale order)"), _scale_words(res, table)))
        rows.append((_("Scale"), _("ordered") if table.scale.ordinal else _("unordered")))
    elif res.categories:
        rows.append((_("Categories"), _scale_words(res, None)))
    rows += [(pgettext("data table", "Note"), note) for note in prov.notes]
    blocks: list[Any] = [Table("provenance", _("Data"), (N_("Item"), N_("Value")), tuple(rows),
                               column_words=fact_heading())]
    exclusions = table.exclusions() if table is not None else res.exclusions
    if exclusions:
        exc_rows = tuple((e.n_subjects, e.reason, ", ".join(e.subject_ids[:20])
                          + (" ..." if len(e.subject_ids) > 20 else ""))
                         for e in exclusions)
        blocks.append(Table("exclusions", _("Subjects left out of agreement statistics, and why"),
                            (N_("Subjects"), N_("Reason"), N_("Subject ids (first 20)")), exc_rows,
                            ("d", "", "")))
    else:
        blocks.append(Paragraph(_("No subject was left out: every subject has at least two "
                                  "ratings.")))
    # Translators: the heading of the section on where the ratings come from.
    return Section("provenance", _("Data"), tuple(blocks))


def analysis_sections(ctx: ReportContext) -> list[Section]:
    return [analysis_section(ctx, part) for part in ctx.parts]


def appendix_sections(ctx: ReportContext) -> list[Section]:
    out = []
    several = len(ctx.parts) > 1
    for part in ctx.parts:
        suffix = "" if part.number == 1 else f"-{part.number}"
        raters = rater_table(part.result, key="raters" + suffix)
        if raters is not None:
            out.append(Section(f"appendix-raters{suffix}", _of(_("Per-rater estimates"), part, several),
                               (raters,), new_page=True))
        subjects = subject_table(part.result, key="subjects" + suffix)
        if subjects is not None:
            out.append(Section(f"appendix-subjects{suffix}",
                               _of(_("Per-subject estimates"), part, several), (subjects,), new_page=True))
    return out


def _of(title: str, part: Any, several: bool) -> str:
    """An appendix's title, with the analysis it belongs to when the report holds several."""
    # Translators: an appendix's title; {title} is what it holds ("Per-rater estimates"),
    # {analysis} the analysis's short name ("Analysis 2").
    return _("{title} ({analysis})").format(title=title, analysis=part.short) if several else title


SECTIONS: list[tuple[str, SectionMaker]] = [
    ("summary", summary_section),
    ("approval-page-one", lambda ctx: approval_section(ctx.inputs.signers, "approval-page-one")
     if ctx.inputs.sign_on_page_one else None),          # at page one's foot, when asked for
    ("contents", contents_section),
    ("data", data_section),
    ("analyses", analysis_sections),
    ("validity", validity_section),           # the raters against a reference answer, if any
    ("warnings", warnings_section),
    ("limitations", limitations_section),
    ("method", lambda ctx: method_section(ctx, ctx.extra["commands"])),
    ("appendices", appendix_sections),
    ("glossary", lambda ctx: glossary_section(ctx.extra["sections"])),   # the terms used above
    ("approval", lambda ctx: approval_section(ctx.inputs.signers)),   # last: where it is signed
]
"""Section makers in document order; see :func:`register_section`."""


def register_section(key: str, maker: SectionMaker, *, after: str | None = None,
                     before: str | None = None) -> None:
    """Add a section maker (or replace the one with this key, e.g. "glossary").

    ``after`` / ``before`` name the slot it goes next to (default: before
    the appendices).
    """
    keys = [k for k, _ in SECTIONS]
    if key in keys:
        SECTIONS[keys.index(key)] = (key, maker)
        return
    if after is not None:
        SECTIONS.insert(keys.index(after) + 1, (key, maker))
    else:
        SECTIONS.insert(keys.index(before or "appendices"), (key, maker))


# ------------------------------------------------------------------- build
def as_document(report: Any) -> ReportDocument:
    """``report`` as a document: a ReportDocument as it is, anything else built (:func:`build_report`)."""
    if isinstance(report, ReportDocument):
        return report
    return build_report(report)


def build_report(result: FitResult | ReportInputs, *, table: RatingsTable | None = None,
                 coefficients: Any = AUTO, extras: tuple[Any, ...] = (),
                 command: str | None = None, created: str | None = None) -> ReportDocument:
    """The whole report as a document model (``result`` may be ready ReportInputs)."""
    inputs = result if isinstance(result, ReportInputs) else \
        ReportInputs(result, table, coefficients, tuple(extras), command)
    ctx = make_context(inputs, created)
    options: dict[str, Any] = {"title": inputs.title, "author": inputs.author,
                               "note": inputs.note, "signers": inputs.signers,
                               "sign_on_page_one": inputs.sign_on_page_one}
    commands = (inputs.command,) if inputs.command else \
        reproduce_commands([p.result for p in ctx.parts], inputs.out or "report.pdf", **options)
    ctx.extra["commands"] = commands
    if not inputs.command and inputs.plan is not None:  # a CLI command holds its --plan flags
        ctx.extra["plan_command"] = plan_command(inputs.plan)
    sections: list[Section] = []
    for _key, maker in SECTIONS:
        ctx.extra["sections"] = tuple(sections)         # what a later section reads (the glossary)
        made = maker(ctx)
        if made is None:
            continue
        sections += [made] if isinstance(made, Section) else list(made)
    footer = commands[0] if len(commands) == 1 and len(commands[0]) <= FOOTER_CHARS else \
        _footer_reference(len(commands))
    return ReportDocument(inputs.title or _(DEFAULT_TITLE), _subtitle(ctx),
                          tuple(_lettered(sections)), footer, ctx.parts[0].result.version,
                          ctx.created, inputs, author=inputs.author, commands=commands)


def _subtitle(ctx: ReportContext) -> str:
    res = ctx.parts[0].result
    # Translators: the subtitle's name for ratings that were not read from a file.
    name = res.provenance.file_name or _("ratings")
    if len(ctx.parts) == 1:
        return labelled(name, ctx.parts[0].name)
    if is_source():
        return f"{name}: {len(ctx.parts)} analyses"
    # Translators: the report's subtitle; {name} is the data file's name, {n} how many analyses.
    return ngettext("{name}: {n} analysis", "{name}: {n} analyses", len(ctx.parts)).format(
        name=name, n=integer(len(ctx.parts)))


def _footer_reference(n_commands: int) -> str:
    """Where the footer sends a reader when the command is too long for it: it follows "Reproduce
    this report with:" ("Reproduce with:" in a plain-text report) as the command would."""
    if n_commands == 1:
        # Translators: follows "Reproduce this report with:" (the footer) and "Reproduce with:"
        # in place of a command too long for the footer: write it so that it completes that
        # sentence (German: "dem Befehl", the dative "mit" asks for). 'Reproducing this report'
        # is the Method notes' heading of that name.
        return _("the command under 'Reproducing this report' in the Method notes")
    # Translators: as above, for several commands (German: "den Befehlen").
    return _("the commands under 'Reproducing this report' in the Method notes")


def _lettered(sections: list[Section]) -> list[Section]:
    out, letter = [], ord("A")
    for section in sections:
        if section.key.startswith("appendix"):
            # Translators: an appendix's heading; {letter} is A, B, C ..., {title} what it holds.
            section = replace(section, title=_("Appendix {letter}: {title}").format(
                letter=chr(letter), title=section.title))
            letter += 1
        out.append(section)
    return out


def kappa_paradox(coef_table: Table | None) -> Paragraph | None:
    """A plain-words note when raw agreement is high but Fleiss' kappa is low."""
    if coef_table is None:
        return None
    found = kappa_paradox_values({row[0]: row[1] for row in coef_table.rows})
    return Paragraph(paradox_message(*found, "all")) if found is not None else None

