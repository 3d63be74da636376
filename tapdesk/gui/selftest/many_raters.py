"""The self-test's step for an annotation team (issue 43): a thousand raters, read, fitted and
shown without holding the window.

A crowd of 1,000 workers labels 3,000 items, three labels each (a long file, item / worker /
label, written into the self-test's folder): small enough for CI, the width of a real crowd;
the real-window check asks for 50,000 items (:data:`ITEMS_ENV`), the issue's 150,000 labels
(measured on a shared 2-core host at 1280 x 800 with openbox, after a first fit as in the
walkthrough: the step 5-6 s; the longest gap between ticks / the GUI thread's own work: open
89-97 / 34 ms, fit 57-78 / 16-18 ms, views 163-197 / 95-98 ms. As a session's first open, the
results pane is built then too: open 955 / 232 ms).
The step opens it, fits the per-rater model, then shows the Raters tab, sorts it, finds a
worker, shows only the raters named as different, draws the caterpillar plot and the
Subjects tab, while a 10 ms timer measures the GUI thread. The gap between ticks is recorded
(``gui_stall_ms_by_fit["crowd-views"]``); the step fails when the GUI thread's own work
between two ticks passes :data:`BUSY_LIMIT_MS` (its CPU time: what the gap would be on a
quiet machine; yet CPU time too grows on a loaded machine, so the test suite guards it only at
ten times, :data:`LIMIT_ENV`).
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import numpy as np

from tapdesk.i18n import formats

CROWD = (1000, 3000, 3)
"""Workers, items, labels per item."""
ITEMS_ENV = "TAPDESK_SELFTEST_CROWD_ITEMS"
"""Items of the crowd (default CROWD's 3,000); the real-window check (scripts/realwindow.sh)
asks for 50,000: the issue's 150,000 labels."""
BUSY_LIMIT_MS = 250.0
LIMIT_ENV = "TAPDESK_SELFTEST_BUSY_LIMIT_MS"
"""A bound of the GUI thread's own work in ms instead of :data:`BUSY_LIMIT_MS`: the test suite
sets ten times it (tests/conftest.py), as the guide asks of a timed check on a shared machine;
the real-window check and the bundle's self-test keep the 250 ms a user would feel."""


def busy_limit_ms() -> float:
    """The bound in force: :data:`LIMIT_ENV` where it is set, else :data:`BUSY_LIMIT_MS`."""
    return float(os.environ.get(LIMIT_ENV) or BUSY_LIMIT_MS)


def crowd_csv(path: Path, workers: int = CROWD[0], items: int = CROWD[1],
              per_item: int = CROWD[2], seed: int = 43) -> Path:
    """A crowd's labels in long form: each item labelled by ``per_item`` different workers,
    accuracies spread as in crowd work (a few spammers), yes for about 30% of the items."""
    rng = np.random.default_rng(seed)
    truth = rng.random(items) < 0.3
    accuracy = rng.beta(6, 2, workers)
    accuracy[: workers // 50] = 0.05
    who = np.array([rng.choice(workers, per_item, replace=False) for _ in range(items)])
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["item", "worker", "label"])
        for item, row in enumerate(who):
            for worker in row.tolist():
                said = truth[item] if rng.random() < accuracy[worker] else rng.random() < 0.4
                out.writerow([f"item{item + 1}", f"worker{worker + 1}", "yes" if said else "no"])
    return path


def many_raters(walk) -> None:
    """Open, fit and show the crowd; record the longest GUI-thread gap of the views."""
    w = walk.window
    items = int(os.environ.get(ITEMS_ENV) or CROWD[1])
    path = crowd_csv(walk.out / "crowd.csv", items=items)
    monitor = walk.monitor
    monitor.max_gap_ms = monitor.max_busy_ms = 0.0
    monitor.start()
    opened = w.open_path(path, preview=False)          # a big file is read off the GUI thread
    pause(0.05)
    monitor.stop()
    walk.stalls["crowd-open"] = round(monitor.max_gap_ms, 1)
    walk.busy["crowd-open"] = round(monitor.max_busy_ms, 1)
    table = w.dataset_pane.table
    limit = busy_limit_ms()
    if not walk.step(f"open {items * CROWD[2]:,} labels of a thousand raters without holding the "
                     f"window over {limit:.0f} ms", opened and table is not None
                     and table.n_raters > 0.9 * CROWD[0] and monitor.max_busy_ms < limit,
                     w.last_error or f"GUI thread busy {monitor.max_busy_ms:.0f} ms"):
        return
    sevens = sum("worker7" in rater for rater in table.rater_ids)
    if not walk.fit("per-rater", "mle", "fit-crowd"):
        return
    rp = w.results_pane
    found: list[int] = []
    monitor.max_gap_ms = monitor.max_busy_ms = 0.0
    monitor.start()
    for action in user_actions(rp, found):
        action()
        pause(0.05)                                  # the timer ticks between two actions
    monitor.stop()
    rp.show_tab("Plots")
    caption = rp.plots.caption.text()
    walk.shot("crowd-caterpillar")
    walk.stalls["crowd-views"] = round(monitor.max_gap_ms, 1)
    walk.busy["crowd-views"] = round(monitor.max_busy_ms, 1)
    rp.show_tab("Summary")
    walk.step("a thousand raters: Raters tab, search, filter, caterpillar plot and Subjects tab "
              f"without holding the window over {limit:.0f} ms",
              monitor.max_busy_ms < limit and found == [sevens]
              and formats.integer(table.n_raters) in caption,    # any language: the count
              f"GUI thread busy {monitor.max_busy_ms:.0f} ms, {found} of {sevens} workers "
              f"found for 'worker7', caption: {caption[:60]!r}")


def pause(seconds: float) -> None:
    """Let the event loop run for ``seconds`` (as between two clicks of a user)."""
    from PySide6.QtCore import QEventLoop, QTimer
    loop = QEventLoop()
    QTimer.singleShot(int(1000 * seconds), loop.quit)
    loop.exec()


def user_actions(rp, found: list[int]) -> tuple:
    """What a coordinator does with the crowd's fit, one action at a time; the number of
    workers "worker7" finds goes to ``found``."""
    from PySide6.QtCore import Qt
    raters = rp.raters

    def caterpillar() -> None:
        titles = [title for title, _ in rp.plots.widgets]
        if "Per-rater accuracy" in titles:
            rp.plots.show_plot(titles.index("Per-rater accuracy"))

    return (lambda: rp.show_tab("Raters"),
            lambda: raters.view.sortByColumn(2, Qt.SortOrder.AscendingOrder),
            lambda: raters.search.setText("worker7"),
            lambda: found.append(raters.view.model().rowCount()),
            raters.search.clear,
            lambda: raters.only_named.setChecked(True),
            lambda: raters.only_named.setChecked(False),
            lambda: rp.show_tab("Plots"),
            caterpillar,
            lambda: rp.show_tab("Subjects"))
