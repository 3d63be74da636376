"""The GUI thread while a report is exported, measured in a process of its own, as the app runs.

``python tests/gui/dialogs/export_probe.py FOLDER`` fits a 4 x 50,000-draw MCMC and a per-rater model
of a small panel, opens the export dialog, exports the report to FOLDER/probe.pdf with a 10 ms
timer ticking, and prints one JSON line: the longest wall-clock gap between ticks, the most
GUI-thread CPU time between two ticks, the number of ticks and the file written. A test
process holds the objects of every test run before in it, which the app never does; measured
here, the figures are the app's (tests/gui/dialogs/test_report_export_async.py reads them).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

DRAWS = 50_000


def main(folder: str) -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
    from PySide6.QtCore import QEventLoop, QSettings

    from tapdesk.gui.app import make_app
    from tapdesk.gui.collector import freeze_startup_objects
    out = Path(folder)
    app = make_app([])
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(out / "settings"))
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine import FitRequest, fit
    from tapdesk.gui.dialogs.export_dialog import ExportDialog
    from tapdesk.gui.selftest.walkthrough import StallMonitor
    from tapdesk.gui.tasks.report_task import shutdown_report_pool
    from tests.report.test_document import ratings_csv
    table = read_ratings(ratings_csv(out / "panel.csv")).table
    mcmc = fit(FitRequest(model="tap", method="mcmc", class1=("yes",), draws=DRAWS, warmup=500,
                          chains=4), table)
    per_rater = fit(FitRequest(model="per-rater", class1=("yes",), n_starts=2), table)
    dialog = ExportDialog([("t-a-p by MCMC", mcmc, table), ("Per-rater t-a-p", per_rater, table)])
    dialog.path.setText(str(out / "probe.pdf"))
    dialog.show()
    app.processEvents()
    freeze_startup_objects()                  # as run_app does once the window is up
    loop = QEventLoop()
    dialog.exported.connect(loop.quit)
    dialog.job.failed.connect(loop.quit)
    monitor = StallMonitor()
    monitor.start()
    started = dialog.export(ask=False)
    if started:
        loop.exec()
    monitor.stop()
    print(json.dumps({"max_gap_ms": monitor.max_gap_ms, "max_busy_ms": monitor.max_busy_ms,
                      "ticks": monitor.ticks, "written": str(dialog.written or "")}), flush=True)
    dialog.close()
    shutdown_report_pool()
    return 0 if started and dialog.written else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
