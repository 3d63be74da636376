"""The report job: what File > Export report was last told, read by every rendering of the
report (issue 79).

Export, Print, the Committee pack and the Raters tab's feedback sheets are renderings of one
job: the title, author, note and signers typed in the Export dialog (and whether the approval
block is on page one too), and the report's language.
The dialog keeps its fields when a report is written (the title and note for the data set they
were written for, the author and signers for every report; the language with the project), and
each action reads them here, so no action assembles its own settings and none falls back to
English in a German window.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tapdesk import i18n
from tapdesk.gui import settings

REMEMBERED = ("title", "author", "note", "sign")
"""The fields kept for the next report: the author's name and the signers (one a line) for
every report (settings keys report/author, report/sign), the title and note for the next report
of the same data (report/data/<the ratings' SHA-256, 16 digits>/title and .../note), never on
another data set's report."""
OF_THE_DATA = ("title", "note", "sign_on_page_one")


@dataclass(frozen=True)
class ReportJob:
    """The report's settings as the Export dialog last wrote them (empty: its defaults)."""

    title: str = ""
    author: str = ""
    note: str = ""
    signers: tuple[str, ...] = ()
    language: str = "en"
    sign_on_page_one: bool = False

    def options(self) -> dict[str, Any]:
        """The job as :meth:`tapdesk.report.ReportInputs.of` takes it."""
        return {"title": self.title, "author": self.author, "note": self.note,
                "signers": self.signers, "language": self.language,
                "sign_on_page_one": self.sign_on_page_one}


def report_job(window: Any, candidates: Sequence[tuple[str, Any, Any]]) -> ReportJob:
    """The job for a report of ``candidates`` (``(name, result, table)``, one data set's fits)
    from ``window`` (a :class:`~tapdesk.gui.window.main_window.MainWindow`)."""
    data = data_key(candidates)
    return ReportJob(remembered("title", data), remembered("author"), remembered("note", data),
                     remembered_signers(), report_language(window),
                     remembered("sign_on_page_one", data) == "1")


def left_out(window: Any, candidates: Sequence[tuple[str, Any, Any]]) -> list[tuple[str, Any, Any]]:
    """``candidates`` without the fits the Export dialog last left unticked for these data
    (all of them when it left out every one, or was never used): Print prints what Export
    wrote."""
    unticked = getattr(window, "report_unticked", {}).get(data_key(candidates), frozenset())
    kept = [c for c in candidates if id(c[1]) not in unticked]
    return kept or list(candidates)


def remember_unticked(window: Any, candidates: Sequence[tuple[str, Any, Any]],
                      ticked: Sequence[tuple[str, Any, Any]]) -> None:
    """Keep, with the window's project, which of ``candidates`` the Export dialog left
    unticked (the fits themselves: a fit added later is ticked); a changed choice is a change
    to the project."""
    if window is None:
        return
    chosen = {id(c[1]) for c in ticked}
    unticked = frozenset(id(c[1]) for c in candidates if id(c[1]) not in chosen)
    kept = dict(getattr(window, "report_unticked", {}))
    before = kept.get(data_key(candidates), frozenset())
    kept[data_key(candidates)] = unticked
    window.report_unticked = kept
    if unticked != before and hasattr(window, "mark_dirty"):
        window.mark_dirty()


def unticked_results(window: Any) -> frozenset[int]:
    """The ids of every fit's result the Export dialog last left unticked, whatever its data
    (what the project file keeps)."""
    return frozenset().union(*getattr(window, "report_unticked", {}).values())


def restore_unticked(window: Any, entries: Sequence[Any], left: Sequence[Any]) -> None:
    """After a project is read: the fits ``left`` (some of ``entries``, the window's fits) are
    left out of the report again, each under the data key of its data set's fits."""
    kept = dict(getattr(window, "report_unticked", {}))
    for entry in left:
        same = [("", e.result, e.table) for e in entries
                if e.session_key == entry.session_key and e.data.item == entry.data.item]
        key = data_key(same)
        kept[key] = kept.get(key, frozenset()) | {id(entry.result)}
    window.report_unticked = kept


def is_unticked(window: Any, candidates: Sequence[tuple[str, Any, Any]], result: Any) -> bool:
    """The Export dialog last left ``result`` unticked for these data."""
    return id(result) in getattr(window, "report_unticked", {}).get(data_key(candidates), ())


def report_language(window: Any) -> str:
    """The language the project's reports are written in: the one last chosen in the Export
    dialog (kept with the project), else the app's."""
    return i18n.known(getattr(window, "report_language", None)) or i18n.current_language()


def remembered(field: str, data: str = "") -> str:
    """A field's text from the last export of these data (the author's from any), or ""."""
    return str(settings.value(setting_key(field, data), "") or "")


def remembered_signers() -> tuple[str, ...]:
    """The signers last set in the Export dialog's *Approval by*, "Name, role" each; a line
    the report would refuse (no name) is left out here, as the dialog refused it then."""
    from tapdesk.report.approval import Signer
    return tuple(Signer.parse(line).label() for line in remembered("sign").splitlines()
                 if line.split(",")[0].strip())


def setting_key(field: str, data: str) -> str:
    """Where a field is kept: ``report/author``; ``report/data/<data>/title`` for the title and
    note, which belong to one data set."""
    return f"report/data/{data or 'none'}/{field}" if field in OF_THE_DATA else f"report/{field}"


def data_key(candidates: Sequence[tuple[str, Any, Any]]) -> str:
    """The ratings' SHA-256 (16 digits) of the data the candidates were fitted on ("" without a
    table): the title and note are kept for this data set's next report only."""
    from tapdesk.gui.project.session import table_sha256
    table = next((t for _name, _result, t in candidates if t is not None), None)
    return table_sha256(table)[:16] if table is not None else ""


def without_fit_number(name: str) -> str:
    """A fit's name as the report heads its analysis: without the list's number ("3. t-a-p
    ..." is the report's "Analysis 1: t-a-p ...", never "Analysis 1: 3. t-a-p")."""
    return re.sub(r"^\d+\.\s+", "", name)
