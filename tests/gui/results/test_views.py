"""Issue 12, points 6-8: Raters, Subjects and Tables filled after the default fit; Dawid-Skene
columns apart; live plots that show the run; log axis and posterior spike drawn readably."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from scipy.stats import binom

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.events import Draws, FitStarted, Iteration, StageProgress
from tapdesk.gui.window.menus import load_example
from tapdesk.report import views as data_views

pytestmark = pytest.mark.gui


def _fit(window, qtbot, model="tap", method="mle", **options):
    assert window.model_pane.select(model, method)
    for name, value in options.items():
        getattr(window.model_pane, name).setValue(value)
    with qtbot.waitSignal(window.controller.finished, timeout=120000) as blocker:
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)
    return blocker.args[0]


def _rows(panel) -> list[tuple]:
    return list(panel.model.rows)


# ------------------------------------------------------------- point 6
def _small_table() -> RatingsTable:
    """5 subjects, 4 raters, 3 categories, some ratings missing, one rater unknown."""
    rng = np.random.default_rng(5)
    subject, rater, rating = [], [], []
    for s in range(5):
        for r in range(4):
            if rng.random() < 0.8:
                subject.append(s)
                rater.append(r if (s, r) != (4, 3) else -1)
                rating.append(int(rng.integers(0, 3)))
    return RatingsTable(np.array(subject), np.array(rater), np.array(rating),
                        tuple(f"S{i}" for i in range(5)), ("A", "B", "C", "D"),
                        Scale(("1", "2", "3"), ordinal=True))


def test_rater_agreement_matches_counting_by_hand():
    table = _small_table()
    got = {row[0]: row for row in data_views.rater_agreement(table).rows}
    by_subject = {}
    for s, r, v in zip(table.subject, table.rater, table.rating):
        by_subject.setdefault(int(s), []).append((int(r), int(v)))
    for j, rid in enumerate(table.rater_ids):
        pairs = same = clear = agree = 0
        for ratings in by_subject.values():
            for idx, (r, v) in enumerate(ratings):
                if r != j:
                    continue
                others = [w for k, (_, w) in enumerate(ratings) if k != idx]
                pairs += len(others)
                same += sum(w == v for w in others)
                if others:
                    counts = {c: others.count(c) for c in set(others)}
                    top = max(counts.values())
                    if list(counts.values()).count(top) == 1:
                        clear += 1
                        agree += counts.get(v, 0) == top
        n = sum(1 for ratings in by_subject.values() for r, _ in ratings if r == j)
        row = got[rid]
        assert row[1] == n
        assert (np.isnan(row[2]) and pairs == 0) or row[2] == pytest.approx(same / pairs)
        assert row[4] == clear
        assert (np.isnan(row[3]) and clear == 0) or row[3] == pytest.approx(agree / clear)


def test_subject_probabilities_are_bayes_rule_at_the_estimates(window, qtbot):
    load_example(window, "medals")
    result = _fit(window, qtbot)
    table = window.dataset_pane.table
    labels, subjects = data_views.subject_estimates(result, table)
    t, q1, q0 = data_views.class_rates(result)
    assert labels == ("Class 0", "Class 1") and len(subjects) == table.n_subjects
    for s in subjects[:20]:
        k = int(np.sum((table.subject == table.subject_ids.index(s.subject_id))
                       & (table.rating == 1)))
        n = s.n_ratings
        one = t * binom.pmf(k, n, q1)
        expected = one / (one + (1 - t) * binom.pmf(k, n, q0))
        assert s.probabilities[1] == pytest.approx(expected) and sum(s.probabilities) == pytest.approx(1)


def test_views_bayes_rule_and_expected_counts_agree_with_scipy_stats_at_the_edges():
    """The views compute binomials with scipy.special (scipy.stats held the window a second
    on first import): the same values as scipy.stats, at rates 0 and 1 and for k > n too;
    no underflow to 0.5 with many ratings."""
    rng = np.random.default_rng(1)
    n = rng.integers(1, 12, 400)
    k = rng.integers(0, 13, 400) % (n + 1)
    for t, q1, q0 in ((0.3, 0.8, 0.2), (0.0, 0.8, 0.2), (1.0, 0.8, 0.2), (0.5, 1.0, 0.0),
                      (0.2, 1.0, 1.0), (0.4, 0.55, 0.5)):
        one, zero = t * binom.pmf(k, n, q1), (1 - t) * binom.pmf(k, n, q0)
        with np.errstate(invalid="ignore"):
            expected = np.where(one + zero > 0, one / (one + zero), 0.5)
        np.testing.assert_allclose(data_views.class1_probability(n, k, t, q1, q0), expected,
                                   atol=1e-12)
        k_all = np.arange(12)
        by_scipy = sum(t * binom.pmf(k_all, m, q1) + (1 - t) * binom.pmf(k_all, m, q0) for m in n)
        np.testing.assert_allclose(data_views.expected_count_distribution(n, t, q1, q0),
                                   by_scipy, rtol=1e-10)
    # 3000 of 3000 say Class 1: both binomials underflow (0.6^3000), Bayes' rule does not
    assert binom.pmf(3000, 3000, 0.6) == 0
    assert data_views.class1_probability(np.array([3000]), np.array([3000]), 0.5, 0.6, 0.4)[0] == 1


def test_default_fit_fills_raters_subjects_and_tables(window, qtbot, shared_data):
    """The tabs were blank after the default t-a-p fit."""
    assert window.open_path(shared_data / "wine.csv")
    _fit(window, qtbot)
    rp = window.results_pane
    rp.show_tab("Raters")
    raters = _rows(rp.raters)
    assert [r[0] for r in raters] == ["J1", "J2", "J3", "J4"] and all(r[1] == 183 for r in raters)
    assert rp.raters.model.columns[2] == "Agrees with the others"
    rp.show_tab("Subjects")
    subjects = _rows(rp.subjects)
    assert len(subjects) == 183 and rp.subjects.model.columns[2] == "Probability of Class 0 (1 or 2 or 3)"
    assert rp.subjects.export_button.isVisible() and rp.subjects.review_rows()
    rp.show_tab("Tables")
    titles = [rp.tables.chooser.itemText(i) for i in range(rp.tables.chooser.count())]
    assert titles == [data_views.CLASS1_COUNTS_TITLE, data_views.RATER_COUNTS_TITLE]
    observed = [row[1] for row in rp.tables.model.rows]
    assert sum(observed) == 183 and len(observed) == 5
    rp.tables.show_table(data_views.RATER_COUNTS_TITLE)
    assert rp.tables.model.rows[-1][0] == "All raters" and rp.tables.model.rows[-1][-1] == 732


def test_coefficients_fit_shows_each_subjects_ratings(window, qtbot):
    load_example(window, "ordinal")
    _fit(window, qtbot, "coefficients")
    rp = window.results_pane
    rp.show_tab("Subjects")
    assert rp.subjects.model.columns[:2] == ("Subject", "Ratings")
    assert set(rp.subjects.model.columns[2:]) == {"poor", "fair", "good", "excellent"}
    assert not rp.subjects.export_button.isVisible()
    assert sum(row[1] for row in rp.subjects.model.rows) == 1000


def test_scale_labels_shown_and_codes_kept(window):
    """Value labels on the scale: shown as 'gold (4)', the choice still made of codes."""
    load_example(window, "ordinal")
    pane = window.dataset_pane
    scale = pane.table.scale
    labelled = replace(scale, categories=scale.categories,
                       labels=("no medal", "bronze", "silver", "gold"))
    pane.by_labels.setChecked(True)
    pane.set_scale(labelled)
    assert pane.model.data(pane.model.index(0, 2)).endswith(")")
    assert [pane.class_list.item(i).text() for i in range(4)] == [
        "no medal (poor)", "bronze (fair)", "silver (good)", "gold (excellent)"]
    assert pane.binary_choice().class1 == ("excellent",)          # codes inside
    pane.by_cut.setChecked(True)
    pane.cut_combo.setCurrentIndex(1)
    assert pane.cut_combo.currentText() == "bronze (fair)" and pane.binary_choice().cut == "fair"
    pane.labels_editor.setCurrentCell(0, 0)
    pane._move_category(1)                          # reordering keeps the labels with their codes
    assert pane.table.scale.labels[:2] == ("bronze", "no medal")


# ------------------------------------------------------------- point 7
def test_dawid_skene_columns_are_told_apart(window, qtbot):
    load_example(window, "ordinal")
    result = _fit(window, qtbot, "dawid-skene")
    rp = window.results_pane
    rp.show_tab("Raters")
    columns = rp.raters.model.columns
    assert len(set(columns)) == len(columns)
    for category in result.categories:             # headed in words, the category by its label
        assert f"Correct ({result.label(category)})" in columns
    row = rp.raters.model.rows[0]
    first = result.raters[0]
    from tapdesk.gui.results.views import estimate_heading
    for est in first.estimates:
        shown = row[columns.index(estimate_heading(result, est.name, est.category))]
        assert shown == pytest.approx(est.value)


def test_live_plot_draws_dawid_skene_iterations(app):
    from tapdesk.gui.plots.live import LiveProgress
    live = LiveProgress()
    live.begin("Dawid-Skene")
    events = [FitStarted(1, "dawid-skene", 2)]
    for start in range(2):
        events += [Iteration(1, start, i, -900.0 + 10 * np.log(i), ("t[1]",), (0.5,))
                   for i in range(1, 300)]
    live.add_events(events)
    live.redraw()
    assert len(live._curves) == 2
    x, y = live._curves[0].getData()
    assert len(x) == 299 and y[-1] == pytest.approx(-900 + 10 * np.log(299))
    (x0, x1), (y0, y1) = live.loglik.getPlotItem().getViewBox().viewRange()
    assert x1 >= 299 and y0 <= y[2] and y1 >= y[-1]
    live.end("Finished.")


def test_live_traces_show_a_long_run_throughout(app):
    """A 20,000-draw run: the traces fill the axis as they grow, thinned to the whole run."""
    from tapdesk.gui.plots.live import MAX_TRACE_POINTS, LiveProgress
    live = LiveProgress()
    live.begin("MCMC")
    live.add_events([StageProgress(1, "warm-up", 0, 21000)])
    names = ("t", "a", "p")
    drawn = 0
    for batch in range(210):
        values = tuple((0.3, 0.5, 0.2) for _ in range(100))
        live.add_events([Draws(1, c, batch * 100, batch < 10, names, values, (0.0,) * 100)
                         for c in range(4)])
        drawn += 100
        live.redraw()
        if drawn in (300, 5000, 21000):
            x, _ = live._trace_curves[(0, 0)].getData()
            low, high = live._trace_plots[0].getViewBox().viewRange()[0]
            assert x[-1] == drawn - 1 and high >= drawn - 1
            assert high <= 4 * drawn + 100            # the traces fill a good part of the axis
            assert len(x) <= MAX_TRACE_POINTS + 1 and x[0] == 0
    live.end("Finished.")


# ------------------------------------------------------------- point 8
def test_convergence_log_axis_labels_only_decades(app):
    from tapdesk.render.plots.builders import convergence_plot, log_ticks
    major, minor = log_ticks(2500)
    assert [label for _, label in major] == ["1", "10", "100", "1,000", "10,000"]
    assert all(label == "" for _, label in minor)
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.results import FitResult
    result = FitResult(request=FitRequest(), model="tap", title="t", params=(), log_likelihood=None,
                       n_subjects=1, n_ratings=1,
                       traces=(tuple(-100 + 50 / np.arange(1, 1200)),))
    plot = convergence_plot(result)
    axis = plot.getAxis("bottom")
    assert axis.logMode and axis._tickLevels[0] == major


def test_posterior_spike_of_the_exact_overlay_is_capped(app):
    from tapdesk.render.plots.posterior import SPIKE_RATIO, shown_peak
    x = np.linspace(0.001, 0.999, 300)
    smooth = 5 * np.exp(-((x - 0.3) / 0.05) ** 2)
    spike = smooth.copy()
    spike[:3] = [18000, 2000, 250]
    top, peak = shown_peak(spike)
    assert peak == 18000 and top <= SPIKE_RATIO * 5.01
    assert shown_peak(smooth) == (pytest.approx(5, rel=1e-3), pytest.approx(5, rel=1e-3))


def test_posterior_plot_keeps_the_mcmc_curve_readable(window, qtbot, monkeypatch):
    """An exact overlay that shoots up at the edge no longer flattens the MCMC density."""
    from tapdesk.render.plots import posterior
    load_example(window, "paradox")
    window.model_pane.chains.setValue(2)
    window.model_pane.draws.setValue(400)
    window.model_pane.warmup.setValue(200)
    result = _fit(window, qtbot, "tap", "mcmc")
    real = posterior.destep

    def spiky(x, y, n=posterior.CURVE_POINTS):
        xs, ys = real(x, y, n)
        ys = np.array(ys, float)
        ys[0] = 18000.0
        return xs, ys

    monkeypatch.setattr(posterior, "destep", spiky)
    lay = posterior.posterior_plot(result)
    assert lay.capped                                   # marked, with the true height written
    plot = lay.getItem(1, 0)
    top = plot.getViewBox().viewRange()[1][1]
    curve = next(item for item in plot.listDataItems())
    mcmc_peak = float(np.nanmax(curve.getData()[1]))
    assert mcmc_peak >= top / (posterior.SPIKE_RATIO * 1.1)


def test_per_rater_fit_plot_and_table_show_the_expected_counts(qapp, tmp_path):
    """Issue 25: the per-rater fit's 'Observed vs fitted' plot and its observed-and-expected
    table showed only the observed counts."""
    from tapdesk.engine import FitRequest, fit
    from tapdesk.engine.binary.per_rater_counts import expected_from_result
    from tapdesk.engine.binary.simulate import TapParameters, simulate_table
    from tapdesk.render.plots import distribution_plot, export_png
    table = simulate_table(TapParameters(t=0.3, a=0.5, p=0.4, rater_a=(0.2, 0.5, 0.8, 0.9)),
                           300, 4, seed=12)
    result = fit(FitRequest(model="per-rater"), table)
    expected = expected_from_result(result)
    widget = distribution_plot(result, table)
    curves = [item for item in widget.getPlotItem().listDataItems()
              if item.name() == "fitted (expected)"]
    assert len(curves) == 1
    np.testing.assert_allclose(curves[0].getData()[1], expected)
    shown = data_views.count_tables(result, table)
    assert data_views.CLASS1_COUNTS_TITLE not in [t.title for t in shown]   # the fit's own
    assert result.table(data_views.CLASS1_COUNTS_TITLE).columns[-1] == \
        "Subjects expected by the fit"
    export_png(widget, tmp_path / "per_rater_fitted.png")
    assert (tmp_path / "per_rater_fitted.png").stat().st_size > 0
    widget.close()
    widget.deleteLater()


def test_convergence_plot_title_names_the_best_start_as_the_report_does(app):
    """Issue 25: the plot, the report's caption and its settings table count the same start."""
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.results import FitResult
    from tapdesk.render.plots.builders import convergence_plot
    traces = (tuple(-120 + 10 / np.arange(1, 31)), tuple(-100 + 10 / np.arange(1, 13)),
              tuple(-110 + 10 / np.arange(1, 41)))
    result = FitResult(request=FitRequest(), model="tap", title="t", params=(),
                       log_likelihood=None, n_subjects=1, n_ratings=1, iterations=82,
                       traces=traces)
    plot = convergence_plot(result)
    assert "(best of 3: 12 iterations)" in plot.getPlotItem().titleLabel.text
    assert dict(result.details())["Converged"] == (
        "yes after 12 iterations in the best of 3 starts (82 over all 3 starts together)")
    plot.close()
    plot.deleteLater()
