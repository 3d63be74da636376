"""Write a committee pack in the report worker process, so the window stays alive meanwhile.

:class:`PackExport` is :class:`~tapdesk.gui.tasks.report_task.ReportExport` for a pack:
``start_pack(result, table, folder, title)`` returns at once; the GUI thread hears
``progress(ReportProgress)`` (each figure of the report, each feedback sheet) and then exactly
one of ``finished(folder)``, ``failed(message, details)`` or ``cancelled()``. The pack is
written by :func:`tapdesk.render.pack.write_pack` (as ``tapdesk pack`` writes it), which puts
its files in place only once all are written: a cancelled or failed pack leaves nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tapdesk.engine.cancel import CancelToken
from tapdesk.errors import FitCancelled
from tapdesk.gui.tasks.report_task import ReportExport, ReportProgress, offscreen_app


def write_pack_task(result: Any, table: Any, folder: str, title: str, author: str,
                    signers: tuple[str, ...] = (), language: str = "en", fit_name: str = "",
                    sign_on_page_one: bool = False, *, cancel: CancelToken,
                    on_event) -> list[str]:
    """Write the pack into ``folder`` in ``language`` (report, sheets, README); runs in the
    worker process, stops at the next part once ``cancel`` is set."""
    offscreen_app()
    from tapdesk.i18n import language as in_language
    from tapdesk.render.pack import write_pack

    def step(done: int, total: int, what: str) -> None:
        if cancel.requested:
            raise FitCancelled("the committee pack was cancelled")
        on_event(ReportProgress(done, total, what))

    with in_language(language):
        return [str(path) for path in write_pack(result, table, Path(folder), title, author,
                                                 step=step, signers=signers, fit_name=fit_name,
                                                 sign_on_page_one=sign_on_page_one)]


class PackExport(ReportExport):
    """Writes one committee pack at a time in the report worker."""

    thing = "committee pack"

    def start_pack(self, result: Any, table: Any, folder: Path, title: str,
                   author: str = "", signers: tuple[str, ...] = (), language: str = "en",
                   fit_name: str = "", sign_on_page_one: bool = False) -> None:
        """Write the pack into ``folder`` in the worker, in ``language`` (its report with an
        approval block for ``signers``, "Name, role" each; ``fit_name`` the fit it is made from,
        as the README names it); returns at once."""
        if self.running:
            raise RuntimeError("a committee pack is being written already")
        self.launch(self._drive_pack, result, table, Path(folder), title, author, signers,
                    language, fit_name, sign_on_page_one)

    def _drive_pack(self, result: Any, table: Any, folder: Path, title: str, author: str,
                    signers: tuple[str, ...], language: str, fit_name: str,
                    sign_on_page_one: bool) -> None:
        from tapdesk.render.pack import discard_stage
        outcome = self.run_in_worker(write_pack_task, result, table, str(folder), title, author,
                                     signers, language, fit_name, sign_on_page_one)
        if outcome[0] == "done":
            outcome = ("done", folder)
        else:
            discard_stage(folder)         # the worker may have been stopped mid-way
        self._ended.emit(outcome)
