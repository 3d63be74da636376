"""``inspect``: how a file is read (layout, mapping, summary, and which importer rule left out
or kept each row and column), the cleaned ratings exported as a long CSV on request."""

from __future__ import annotations

from tapdesk.counting import count
from tapdesk.data.readers import export_long_csv
from tapdesk.i18n import _, current, formats, ngettext
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import read_with_raters
from tapdesk.library.settings import InspectSettings
from tapdesk.library.summary import summary_dict, summary_text
from tapdesk.library.validity import checks_for, validity_json, validity_text


def outcome(settings: InspectSettings) -> Outcome:
    """How the file was read (the Dataset is the result), as JSON and as text; the cleaned
    ratings written with ``--export``."""
    dataset = read_with_raters(settings)
    payload = summary_dict(dataset)
    checks = checks_for(dataset)
    payload.update(validity_json(checks))
    written = None
    if settings.export:
        written = export_long_csv(dataset, settings.export)
        tables = dataset.item_tables.values() if dataset.items else [dataset.table]
        n_ratings = sum(t.n_ratings for t in tables)
        payload["export"] = {"file": settings.export, "n_rows": written, "n_ratings": n_ratings}
    text = summary_text(dataset) + validity_text(checks) + "\n"
    if written is not None:
        extra = written - payload["export"]["n_ratings"]
        n = payload["export"]["n_ratings"]
        # Translators: {n} is a number of ratings (English says "ratings" for one too); {path}
        # the file written.
        text += ngettext("Wrote {n} ratings to {path}", "Wrote {n} ratings to {path}", n).format(
            n=n, path=settings.export)
        if extra:
            # Translators: {rows} is "3 rows" (English "1 row" for one).
            text += _(" (and {rows} for subjects with no rating)").format(
                rows=count(extra, "row") if current.is_source() else
                # Translators: a count of rows ("3 rows"), part of "(and 3 rows for subjects with no
                # rating)".
                ngettext("{n} row", "{n} rows", extra).format(n=formats.integer(extra)))
        text += "\n"
    return Outcome(dataset, payload, text, dataset)
