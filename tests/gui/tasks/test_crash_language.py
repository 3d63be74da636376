"""A fit whose calculation crashes is told in the language in force (issue 54): the window's
message, how the calculation ended (``describe_exit``) and its exit status or signal
(``exit_name``) are German when the window speaks German."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.gui.window.menus import load_example
from tests.engine.process import worker_jobs
from tests.gui.tasks.test_worker_process import _fit

pytestmark = pytest.mark.gui


def test_a_crashed_fit_is_told_in_german(window, qtbot, monkeypatch):
    load_example(window, "medals")
    _fit(window, qtbot)
    i18n.set_language("de")
    monkeypatch.setattr(window.model_pane, "job", lambda: worker_jobs.segfault)
    with qtbot.waitSignal(window.controller.failed, timeout=60000):
        assert window.start_fit() is not None
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    expected = ("Die Anpassung wurde abgebrochen: die Berechnung ist abgestürzt (SIGSEGV). "
                "TapDesk läuft weiter. Ihre Daten und früheren Ergebnisse sind unverändert.")
    assert window.last_error.startswith(expected), window.last_error
    assert window.error_box is not None and expected in window.error_box.text()
    window.error_box.close()
