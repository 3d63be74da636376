"""What ``tapdesk inspect`` prints: what was read, in numbers and words (a dict for JSON, text for
people), with the command line's way to act on every note (:mod:`tapdesk.cli.hints`)."""

from __future__ import annotations

from typing import Any

from tapdesk.cli.hints import note_text
from tapdesk.counting import count
from tapdesk.data.fingerprint import FILE_SHA256, RATINGS_SHA256, table_sha256
from tapdesk.data.importer.layouts import LAYOUT_WORDS
from tapdesk.data.importer.model import Dataset
from tapdesk.data.importer.summary import table_summary


def summary_dict(ds: Dataset) -> dict[str, Any]:
    """Everything ``tapdesk inspect --json`` prints."""
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
    text = ", ".join(f"{k}: {v}" for k, v in items[:limit])
    return text + (f", ... ({len(items)} in all)" if len(items) > limit else "")


_PLURAL = {"rater": "raters", "subject": "subjects", "category count": "category counts",
           "second rater's category": "second rater's categories", "not used": "not used",
           "leave out": "leave out", "subject attribute": "subject attributes",
           "rater attribute": "rater attributes"}


def _grouped(roles) -> list[tuple[str, str]]:
    """Runs of columns with the same role joined: ('R1', 'R2', 'R3' raters)."""
    out: list[tuple[str, str, int]] = []
    for col, role in roles:
        if out and out[-1][1] == role and role in _PLURAL:
            out[-1] = (out[-1][0] + f"', '{col}", role, out[-1][2] + 1)
        else:
            out.append((col, role, 1))
    return [(cols, _PLURAL[role] if n > 1 else role) for cols, role, n in out]


def _aside_lines(ds: Dataset) -> list[str]:
    """The reference and attribute columns read beside the ratings, with a few values."""
    lines = []
    for title, whose, kept in (("Reference answer", "subject", ds.references),
                               ("Subject attribute", "subject", ds.subject_attributes),
                               ("Rater attribute", "rater", ds.rater_attributes)):
        for col, values in kept.items():
            shown = ", ".join(f"{k}: {v}" for k, v in list(values.items())[:4])
            lines.append(f"{title} '{col}' ({count(len(values), whose)}): {shown}"
                         + (" ..." if len(values) > 4 else ""))
    return lines


def summary_text(ds: Dataset) -> str:
    """A plain-language import summary."""
    s = summary_dict(ds)
    lines = [f"File: {s['file']}" + (f" (sheet '{ds.provenance.sheet}')" if ds.provenance.sheet else ""),
             f"Layout: {s['layout_description']} [{s['layout']}], confidence {s['confidence']:.0%}",
             f"  because {s['reason']}",
             "Mapping: " + "; ".join(f"{k} = {v}" for k, v in s["mapping"].items())]
    if s["items"]:
        lines.append(f"Items: {', '.join(s['items'])}"
                     + (f" (showing '{s['item']}')" if s["item"] else f" (showing '{s['items'][0]}')"))
        lines.append("  Analyse one item with --item NAME, or each in turn with "
                     "'tapdesk fit DATA --item all'")
    lines += [
        f"Subjects: {s['n_subjects']}   Raters: {s['n_raters'] or 'not identified'}   "
        f"Ratings: {s['n_ratings']}   Missing cells: {s['n_missing']}",
        f"Categories ({'ordinal' if s['ordinal'] else 'nominal'}"
        f"{', declared' if s['declared_scale'] else ''}): "
        + ", ".join(f"{ds.table.scale.display(c)}: {n}" for c, n in s["category_counts"].items()),
        f"Ratings per subject (number of ratings: subjects): {_dist(s['ratings_per_subject'])}",
    ]
    if s["ratings_per_rater"]:
        lines.append(f"Ratings per rater: {_dist(s['ratings_per_rater'])}")
    if s["repeated_pairs"]:
        lines.append(f"Repeated ratings (same rater, same subject): {s['repeated_pairs']}")
    for e in s["excluded"]:
        ids = ", ".join(e["subject_ids"][:5])
        lines.append(f"Excluded from agreement: {count(e['n_subjects'], 'subject')} with {e['reason']}"
                     + (f" (e.g. {ids})" if ids else ""))
    for name, it in s.get("per_item", {}).items():
        lines.append(f"  item {name}: {it['n_subjects']} subjects, {it['n_ratings']} ratings, "
                     f"{it['n_missing']} missing")
    if ds.column_roles:
        lines.append("Columns: " + "; ".join(f"'{c}' {r}" for c, r in _grouped(ds.column_roles)))
        lines.append("  Change a column's role with --column-role COL=ROLE")
    lines += _aside_lines(ds)
    ruled = {n["message"] for n in s["import_notes"]}
    for n in s["import_notes"]:
        lines.append(f"{'Warning' if n['action'] == 'warning' else 'Note'} [{n['rule']}, "
                     f"{n['action']}]: {n['message']}")
    for n in s["notes"]:
        if n not in ruled:
            lines.append(f"Note: {n}")
    for w in s["warnings"]:
        if w not in ruled:
            lines.append(f"Warning: {w}")
    lines.append(f"{FILE_SHA256}: {s['provenance']['sha256']}  "
                 f"({s['provenance']['size_bytes']} bytes)")
    lines.append(f"{RATINGS_SHA256}: {s['ratings_sha256']}")
    return "\n".join(lines)
