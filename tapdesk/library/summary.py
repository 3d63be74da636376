"""What ``tapdesk inspect`` prints: what was read, in numbers and words (a dict for JSON, text for
people), with the command line's way to act on every note (:mod:`tapdesk.library.hints`)."""

from __future__ import annotations

from typing import Any

from tapdesk import i18n
from tapdesk.counting import count
from tapdesk.data.fingerprint import FILE_SHA256, RATINGS_SHA256, table_sha256
from tapdesk.data.import_words import LAYOUT_WORDS
from tapdesk.data.importer.model import Dataset
from tapdesk.data.importer.summary import table_summary
from tapdesk.data.mapping_words import mapping_in_words
from tapdesk.data.wording import shown
from tapdesk.i18n import N_, _, current, formats, ngettext
from tapdesk.library.hints import note_text
from tapdesk.library.role_words import roles_text


def summary_dict(ds: Dataset) -> dict[str, Any]:
    """Everything ``tapdesk inspect --json`` prints: machine output, its sentences in English
    whatever the language of the command's text."""
    with i18n.language(i18n.SOURCE):
        return _summary_dict(ds)


def _summary_dict(ds: Dataset) -> dict[str, Any]:
    p = ds.provenance
    out: dict[str, Any] = {
        "file": p.file_name,
        "layout": ds.layout,
        "layout_description": LAYOUT_WORDS.get(ds.layout, ds.layout),
        "confidence": round(float(ds.confidence), 3),
        "reason": ds.reason,
        "mapping": dict(ds.mapping),
        "columns": list(ds.columns),
        "items": list(ds.items),
        "item": ds.item,
    }
    out.update(table_summary(ds.table))
    if ds.items:
        out["per_item"] = {name: {k: v for k, v in table_summary(t).items()
                                  if k in ("n_subjects", "n_raters", "n_ratings", "n_missing",
                                           "repeated_pairs", "category_counts")}
                           for name, t in ds.item_tables.items()}
    hinted = {n.message: note_text(n) for n in ds.import_notes}
    out["warnings"] = [hinted.get(w, w) for w in ds.warnings]
    out["notes"] = [hinted.get(n, n) for n in ds.notes]
    out["import_notes"] = [{"rule": n.rule, "message": note_text(n), "rows": list(n.rows),
                            "columns": list(n.columns), "action": n.action,
                            "suggested_missing": n.suggested_missing,
                            "switchable": n.switchable, "settings": list(n.settings)}
                           for n in ds.import_notes]
    out["column_roles"] = [{"column": c, "role": r} for c, r in ds.column_roles]
    out["references"] = {c: dict(v) for c, v in ds.references.items()}
    out["subject_attributes"] = {c: dict(v) for c, v in ds.subject_attributes.items()}
    out["rater_attributes"] = {c: dict(v) for c, v in ds.rater_attributes.items()}
    out["provenance"] = {"file_name": p.file_name, "size_bytes": p.size_bytes,
                         "sha256": p.sha256, "sheet": p.sheet, "layout": p.layout,
                         "mapping": [list(m) for m in p.mapping]}
    out["ratings_sha256"] = table_sha256(ds.table)
    return out


def _dist(d: dict[str, int], limit: int = 12) -> str:
    items = list(d.items())
    text = ", ".join(f"{k}: {_n(v)}" for k, v in items[:limit])
    # Translators: after a list cut short; {n} is how many there are in all.
    return text + (_(", ... ({n} in all)").format(n=_n(len(items))) if len(items) > limit else "")


def _n(n: int) -> str:
    """A count as the command prints it: as Python writes it in English (TapDesk's text before
    languages), with the language's grouping in the others."""
    return str(n) if current.is_source() else formats.integer(n)


ASIDE_TITLES = {"reference": N_("Reference answer"), "subject": N_("Subject attribute"),
                "rater": N_("Rater attribute")}
"""The kinds of columns read beside the ratings, as ``tapdesk inspect`` heads them."""


def _aside_lines(ds: Dataset) -> list[str]:
    """The reference and attribute columns read beside the ratings, with a few values."""
    lines = []
    for kind, whose, kept in (("reference", "subject", ds.references),
                              ("subject", "subject", ds.subject_attributes),
                              ("rater", "rater", ds.rater_attributes)):
        for col, values in kept.items():
            shown = ", ".join(f"{k}: {v}" for k, v in list(values.items())[:4])
            # Translators: {title} is "Reference answer", "Subject attribute" or "Rater
            # attribute"; {column} a column's name; {count} "12 subjects"; {values} a few of
            # its values.
            lines.append(_("{title} {column} ({count}): {values}").format(
                title=_(ASIDE_TITLES[kind]), column=formats.quoted(col), count=_whose(len(values), whose),
                values=shown) + (" ..." if len(values) > 4 else ""))
    return lines


def _whose(n: int, whose: str) -> str:
    """"12 subjects", "1 rater" in the current language."""
    if current.is_source():
        return count(n, whose)
    # Translators: a number of subjects.
    return (ngettext("{n} subject", "{n} subjects", n) if whose == "subject" else
            # Translators: a number of raters.
            ngettext("{n} rater", "{n} raters", n)).format(n=_n(n))


def summary_text(ds: Dataset) -> str:
    """A plain-language import summary, in the current language (the notes too)."""
    s = summary_dict(ds)
    p = ds.provenance
    # Translators: the first line of the import summary; {file} is the data file's name.
    file_line = _("File: {file}").format(file=s["file"])
    if p.sheet:
        # Translators: after "File: NAME"; {sheet} is the sheet read.
        file_line += _(" (sheet {sheet})").format(sheet=formats.quoted(p.sheet))
    # Translators: {layout} is the layout in words; {code} its name as --layout takes it;
    # {confidence} a percent.
    lines = [file_line, _("Layout: {layout} [{code}], confidence {confidence}").format(
                 layout=_(LAYOUT_WORDS.get(ds.layout, ds.layout)), code=ds.layout,
                 confidence=_percent(s["confidence"])),
             # Translators: why the layout was chosen; {reason} says it.
             "  " + _("because {reason}").format(reason=shown(ds.reason)),
             # Translators: {mapping} says which columns were read as what ("subject = ID;
             # raters = J1, J2").
             _("Mapping: {mapping}").format(mapping=mapping_in_words(s["mapping"].items(), " = "))]
    if s["items"]:
        # Translators: {items} are the items' names; {item} the one shown.
        lines.append(_("Items: {items} (showing {item})").format(
            items=", ".join(s["items"]), item=formats.quoted(s["item"] or s["items"][0])))
        lines.append("  " + _("Analyse one item with --item NAME, or each in turn with "
                              "'tapdesk fit DATA --item all'"))
    lines += _count_lines(ds, s) + _item_lines(s)
    if ds.column_roles:
        # Translators: {columns} lists columns with their roles ("'R1', 'R2' raters; 'year'
        # subject attribute").
        lines.append(_("Columns: {columns}").format(columns=roles_text(ds.column_roles)))
        lines.append("  " + _("Change a column's role with --column-role COL=ROLE"))
    lines += _aside_lines(ds) + _note_lines(ds)
    # Translators: {digest} is a SHA-256 digest; {size} the file's size in bytes.
    lines.append(f"{_(FILE_SHA256)}: " + _("{digest}  ({size} bytes)").format(
        digest=s["provenance"]["sha256"], size=_n(s["provenance"]["size_bytes"])))
    lines.append(f"{_(RATINGS_SHA256)}: {s['ratings_sha256']}")
    return "\n".join(lines)


def _percent(share: float) -> str:
    return f"{share:.0%}" if current.is_source() else formats.percent(share)


def _count_lines(ds: Dataset, s: dict[str, Any]) -> list[str]:
    """Subjects, raters, ratings, missing cells, categories and how the ratings spread."""
    raters = _n(s["n_raters"]) if s["n_raters"] else _("not identified")
    # Translators: the counts of what was read; {raters} is a number or "not identified".
    lines = [_("Subjects: {subjects}   Raters: {raters}   Ratings: {ratings}   Missing cells: "
               "{missing}").format(subjects=_n(s["n_subjects"]), raters=raters,
                                   ratings=_n(s["n_ratings"]), missing=_n(s["n_missing"])),
             _categories_head(s) + ", ".join(f"{ds.table.scale.display(c)}: {_n(n)}"
                                             for c, n in s["category_counts"].items()),
             # Translators: a line of the import summary; {spread} lists how many subjects have each
             # number of ratings ("2: 10, 3: 173").
             _("Ratings per subject (number of ratings: subjects): {spread}").format(
                 spread=_dist(s["ratings_per_subject"]))]
    if s["ratings_per_rater"]:
        # Translators: a line of the import summary; {spread} lists how many raters gave each number
        # of ratings ("183: 4").
        lines.append(_("Ratings per rater: {spread}").format(spread=_dist(s["ratings_per_rater"])))
    if s["repeated_pairs"]:
        # Translators: a line of the import summary; {n} is a number of repeated ratings.
        lines.append(_("Repeated ratings (same rater, same subject): {n}").format(
            n=_n(s["repeated_pairs"])))
    for e in ds.table.exclusions():
        ids = ", ".join(e.subject_ids[:5])
        # Translators: {subjects} is "3 subjects"; {reason} why they are left out; {examples}
        # "" or " (e.g. S1, S2)".
        lines.append(_("Excluded from agreement: {subjects} with {reason}{examples}").format(
            subjects=_whose(e.n_subjects, "subject"), reason=e.reason,
            # Translators: after "Excluded from agreement: ..."; {ids} lists a few subject ids ("S1,
            # S2").
            examples=_(" (e.g. {ids})").format(ids=ids) if ids else ""))
    return lines


def _categories_head(s: dict[str, Any]) -> str:
    """"Categories (ordinal, declared): " in the current language."""
    if s["ordinal"]:
        head = _("Categories (ordinal, declared): ") if s["declared_scale"] else \
            _("Categories (ordinal): ")
    else:
        head = _("Categories (nominal, declared): ") if s["declared_scale"] else \
            _("Categories (nominal): ")
    return head


def _item_lines(s: dict[str, Any]) -> list[str]:
    # Translators: one item's counts; {name} is the item's name.
    return ["  " + _("item {name}: {subjects} subjects, {ratings} ratings, {missing} "
                     "missing").format(name=name, subjects=_n(it["n_subjects"]),
                                       ratings=_n(it["n_ratings"]), missing=_n(it["n_missing"]))
            for name, it in s.get("per_item", {}).items()]


def _note_lines(ds: Dataset) -> list[str]:
    """Every note and warning of the import, in the current language, with the command
    line's way to act on it; plain notes after the notes of the rules."""
    lines = []
    ruled = {n.message for n in ds.import_notes}
    for n in ds.import_notes:
        # Translators: an import note; {rule} is the rule's code, {action} "left out", "kept",
        # "guessed" or "warning" (both typed as they are); {message} the note.
        line = _("Warning [{rule}, {action}]: {message}") if n.action == "warning" else (
            # Translators: as above, for a note that is not a warning.
            _("Note [{rule}, {action}]: {message}"))
        lines.append(line.format(rule=n.rule, action=n.action, message=note_text(n)))
    # Translators: an import note without a rule; {message} is the note.
    lines += [_("Note: {message}").format(message=n) for n in ds.notes if n not in ruled]
    # Translators: an import warning without a rule; {message} is the warning.
    lines += [_("Warning: {message}").format(message=w) for w in ds.warnings if w not in ruled]
    return lines
