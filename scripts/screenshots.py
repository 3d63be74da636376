"""Regenerate the README's screenshots in docs/screenshots/ (run through scripts/screenshots.sh).

Drives the app's own self-test walkthrough (tapdesk.gui.selftest.walkthrough.Walkthrough)
offscreen on the real wine-judging example: the data as opened, the Class-1
choice, the fitted summary, and the first page of the exported PDF report
(rendered with poppler's pdftoppm). Also draws the two spreadsheet layouts
the README explains, as a spreadsheet would show them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"


def spreadsheet(columns: list[str], rows: list[list[str]], path: Path) -> None:
    """Draw a small grid with row numbers and A, B, C column letters, like a spreadsheet."""
    from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem
    grid = QTableWidget(len(rows) + 1, len(columns))
    grid.setHorizontalHeaderLabels([chr(ord("A") + i) for i in range(len(columns))])
    for j, name in enumerate(columns):
        item = QTableWidgetItem(name)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        grid.setItem(0, j, item)
    for i, row in enumerate(rows, start=1):
        for j, value in enumerate(row):
            grid.setItem(i, j, QTableWidgetItem(value))
    grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    grid.resizeColumnsToContents()
    width = grid.verticalHeader().width() + sum(grid.columnWidth(j) for j in range(len(columns)))
    height = grid.horizontalHeader().height() + sum(grid.rowHeight(i) for i in range(len(rows) + 1))
    grid.resize(max(width + 60, 320), height + 6)
    grid.grab().save(str(path))


def layouts() -> None:
    import pandas as pd

    from tapdesk.resources.examples import get_example
    wine = pd.read_csv(get_example("wine").path).head(6)
    spreadsheet(["wine", *wine.columns], [[str(i + 1), *map(str, r)]
                                          for i, r in enumerate(wine.to_numpy().tolist())],
                OUT / "layout-wide.png")
    long_rows = [[str(i + 1), judge, str(wine.iloc[i][judge])]
                 for i in range(2) for judge in wine.columns]
    spreadsheet(["wine", "judge", "rating"], long_rows, OUT / "layout-long.png")


def walkthrough(work: Path) -> list[str]:
    from PySide6.QtCore import QSettings

    from tapdesk.gui.selftest.walkthrough import Walkthrough
    from tapdesk.gui.window.menus import load_example
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(work / "settings"))
    os.environ["TAPDESK_AUTOSAVE_DIR"] = str(work / "autosave")
    walk = Walkthrough(work)
    problems = []
    try:
        w = walk.window
        load_example(w, "wine")
        walk.app.processEvents()
        w.grab().save(str(OUT / "1-open.png"))
        w.dataset_pane.grab().save(str(OUT / "2-class1.png"))
        if not walk.fit("tap", "mle", "fit", bootstrap=0):
            problems += walk.failures
        w.results_pane.show_tab("Summary")
        walk.app.processEvents()
        w.grab().save(str(OUT / "3-fit.png"))
        w.results_pane.grab().save(str(OUT / "answer.png"))
        pdf = w.export_report(work / "report.pdf")
        if pdf is None:
            problems.append(f"report: {w.last_error}")
        elif shutil.which("pdftoppm"):
            subprocess.run(["pdftoppm", "-r", "60", "-png", "-f", "1", "-l", "1", "-singlefile",
                            str(pdf), str(OUT / "4-report")], check=True)
        else:
            problems.append("pdftoppm not found (apt-get install poppler-utils): "
                            "4-report.png not updated")
    finally:
        walk.close()
    return problems


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        problems = walkthrough(Path(tmp))
        layouts()
    for name in sorted(p.name for p in OUT.glob("*.png")):
        print(f"wrote docs/screenshots/{name}")
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
