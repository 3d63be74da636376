"""Issue 57: a per-rater fit of ten thousand raters shown without holding the GUI thread: the
Summary's texts and the Raters tab's rows written in a thread (the same texts, the same rows),
the summary written once, full garbage collections held while a background call runs."""

from __future__ import annotations

import threading

import pytest

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.gui.results import shown_texts, views
from tapdesk.gui.results.pane import summary_html

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def wine_fit():
    from tapdesk.data.readers import read_ratings
    from tapdesk.resources.examples import get_example
    table = read_ratings(get_example("wine").path).table
    result = fit(FitRequest(model="per-rater", class1=("4",)), table)
    views.precompute(result, table)
    return result, table


@pytest.fixture
def large(monkeypatch):
    """Every fit counted as large (a crowd's ten thousand raters): its texts and rows are
    written off the GUI thread; records where, and how often the summary is written."""
    monkeypatch.setattr(shown_texts, "MANY_RATERS", 1)
    monkeypatch.setattr(views, "MANY_RATERS", 1)
    threads: list[str] = []
    real_write, real_rows = shown_texts.write_texts, views.rater_estimate_rows

    def write_texts(result, table):
        threads.append(threading.current_thread().name)
        return real_write(result, table)

    def rater_rows(result, table=None):
        threads.append(threading.current_thread().name)
        return real_rows(result, table)
    monkeypatch.setattr(shown_texts, "write_texts", write_texts)
    monkeypatch.setattr(views, "rater_estimate_rows", rater_rows)
    return threads


def test_a_large_fits_summary_is_written_once_in_a_thread_and_reads_the_same(
        window, wine_fit, large, monkeypatch):
    result, table = wine_fit
    summaries = []
    real_summary = type(result).summary

    def summary(self, *args, **kwargs):
        summaries.append(threading.current_thread().name)
        return real_summary(self, *args, **kwargs)
    monkeypatch.setattr(type(result), "summary", summary)
    rp = window.results_pane
    entry = rp.add_result(result, table)
    assert large == ["tapdesk-summary"] and summaries == ["tapdesk-summary"]   # once, off the GUI
    monkeypatch.setattr(type(result), "summary", real_summary)
    assert rp.summary.text() == summary_html(result, entry.data)           # the same texts
    assert rp.paragraph.text == fit_paragraph(result, table)
    rp.show_entry(entry)                                    # shown again: the texts kept
    assert large == ["tapdesk-summary"]


def test_a_large_fits_rater_rows_are_written_in_a_thread_and_read_the_same(
        window, wine_fit, large):
    result, table = wine_fit
    rp = window.results_pane
    rp.add_result(result, table)
    raters = rp.show_tab("Raters")
    assert "tapdesk-raters" in large
    cols, rows, flagged, _tips = views.rater_estimate_rows(result, table)
    model = raters.model
    assert model.columns == tuple(cols) and model.rows == [tuple(r) for r in rows]   # the same
    assert len(rows) == len(result.raters) and model.highlight == flagged


def test_full_collections_wait_while_a_background_call_runs(app, monkeypatch):
    """A thread building ten thousand feedback sheets made every full collection walk them
    (300 ms of the GUI thread): only the young generations are collected while it runs."""
    from tapdesk.gui import collector as collector_module
    from tapdesk.gui.tasks.background import call_off_gui_thread
    collector = collector_module._COLLECTOR
    done: list[int] = []
    monkeypatch.setattr(collector_module.gc, "collect", lambda generation=2: done.append(generation) or 0)
    monkeypatch.setattr(collector, "threshold", (-1, -1, -1))     # every generation is due

    def work() -> int:
        collector_module.QTimer.singleShot(0, collector.check)      # (runs in the GUI thread)
        import time
        time.sleep(0.3)
        return 1
    assert call_off_gui_thread(work) == 1
    assert done and 2 not in done                       # while the call ran: young ones only
    collector.check()
    assert done[-3:] == [0, 1, 2]                       # after it: all three
