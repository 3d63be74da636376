"""File > Committee pack...: the report, the feedback sheets and the subjects to review of the
shown data set's per-rater fit, under one title, in one folder (:func:`tapdesk.render.pack.
write_pack`, as ``tapdesk pack`` writes them)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QFileDialog, QInputDialog

from tapdesk.errors import TapDeskError


def pack_fit(window):
    """The shown data set's latest per-rater fit (result, table), or None."""
    from tapdesk.render.pack import PACK_MODEL
    fits = [(result, table) for _, result, table in window.report_candidates()
            if result.model == PACK_MODEL]
    return fits[-1] if fits else None


def committee_pack(window, folder: str | Path | None = None,
                   title: str | None = None) -> Path | None:
    """Write the committee pack; without ``folder`` and ``title`` (scripts, tests) the user is
    asked for them. Returns the folder written, or None."""
    from tapdesk.render.pack import DEFAULT_TITLE, write_pack
    found = pack_fit(window)
    if found is None:
        window.report_error("A committee pack needs the per-rater model fitted to these data.",
                            "Choose 't-a-p, each rater on their own' and press Fit; the pack "
                            "is made from that fit (its feedback sheets and each subject's "
                            "probabilities).")
        return None
    if title is None:
        title, ok = QInputDialog.getText(window, "Committee pack", "Title of the pack "
                                         "(on the report, every feedback sheet and the README):",
                                         text=DEFAULT_TITLE)
        if not ok:
            return None
    if folder is None:
        folder = QFileDialog.getExistingDirectory(window, "Folder for the committee pack")
        if not folder:
            return None
    QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        files = write_pack(*found, Path(folder), title.strip() or DEFAULT_TITLE)
    except TapDeskError as exc:
        window.report_error(str(exc))
        return None
    finally:
        QApplication.restoreOverrideCursor()
    window.statusBar().showMessage(f"Committee pack written to {folder} ({len(files)} files)")
    return Path(folder)
