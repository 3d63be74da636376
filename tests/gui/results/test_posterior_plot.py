"""Issue 11: separated peaks are marked in the density plot; warnings lead the summary bullets."""

from __future__ import annotations

import html

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


def test_peaks_of_a_bimodal_posterior_are_marked_with_their_mass(app):
    from tapdesk.render.plots.posterior import posterior_plot
    kappa = RatingsTable.from_wide([[0, 0]] * 998 + [[0, 1], [1, 0]])
    result = fit(FitRequest(method="exact"), kappa)
    a = result.posterior.parameter("a")
    assert a.multimodal
    plot = posterior_plot(result)
    lines = plot.peaks_marked["a"]
    assert [line.value() for line in lines] == list(a.modes)
    for line, mass in zip(lines, a.mode_masses):
        assert f"({100 * mass:.0f}%)" in line.label.toPlainText()
    assert "t" not in plot.peaks_marked                     # one peak: nothing marked


def test_one_peaked_posteriors_get_no_marks(app):
    from tapdesk.render.plots.posterior import posterior_plot
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 300, 5, 1)
    plot = posterior_plot(fit(FitRequest(method="mcmc", draws=400, warmup=200), table))
    assert plot.peaks_marked == {}


def test_an_untrustworthy_run_leads_the_summary_bullets_with_its_warning(app):
    from tapdesk.gui.results.pane import summary_html
    table = simulate_table(TapParameters(0.2, 0.1, 0.5), 300, 5, 1)
    result = fit(FitRequest(method="mcmc", draws=60, warmup=40, seed=3), table)
    warning = result.posterior.warning
    assert warning.startswith("Not trustworthy yet")
    page = summary_html(result)
    first_bullet = page.split("<li", 1)[1].split(">", 1)[1].split("</li>")[0]
    assert first_bullet == html.escape(warning)


def test_long_traces_are_drawn_thinned_and_the_draw_axis_says_so(app):
    """Issue 26: 10,000 draws per chain are drawn as at most MAX_TRACE_POINTS points each."""
    import pyqtgraph as pg

    from tapdesk.engine.bayes.thinning import MAX_TRACE_POINTS, thinning_words
    from tapdesk.render.plots.posterior import trace_plot
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, 1)
    result = fit(FitRequest(method="mcmc", draws=10_000, warmup=100, chains=2, seed=2), table)
    plot = trace_plot(result)
    curves = [i for i in plot.scene().items() if isinstance(i, pg.PlotDataItem)]
    assert len(curves) == 2 * len(result.posterior.draw_names)
    for curve in curves:
        x, _ = curve.getData()
        assert 1000 < len(x) <= MAX_TRACE_POINTS and x[0] == 0 and x[-1] == 9_999
    assert plot.thinning == thinning_words(10_000) != ""
    bottom = [i for i in plot.scene().items() if isinstance(i, pg.AxisItem)
              and i.orientation == "bottom" and i.labelText.startswith("draw")]
    assert [a.labelText for a in bottom] == [f"draw ({plot.thinning})"]
    plot.deleteLater()


def test_the_fits_list_the_report_and_the_traces_say_the_draws_each_chain_kept(app):
    """Issue 79: "of 4,000 per chain" under traces of a fit listed as "4 x 2,000 draws". The
    per-rater sampler draws on past the 2,000 asked for until its draws are enough (to 4,000
    on the wine data) and the traces drew them all, while the fits list and the report's
    settings said the request. Every surface says the draws kept now, the settings with the
    number asked for beside them; a fit that kept what it asked for says 2,000 everywhere."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.engine.bayes.thinning import thinning_words
    from tapdesk.gui.project.session import DataIdentity, FitEntry
    from tapdesk.render.plots.posterior import trace_plot
    from tapdesk.report import ReportAnalysis, ReportInputs, build_report
    from tapdesk.report.analysis import traces_caption
    from tests import WINE
    table = read_ratings(WINE).table
    for model, kept in (("per-rater", 4000), ("tap", 2000)):
        result = fit(FitRequest(model=model, method="mcmc", cut="1", chains=4, draws=2000,
                                warmup=1000), table)
        assert result.posterior.draws.shape[:2] == (4, kept) and result.posterior.n_draws == kept
        assert f"4 \u00d7 {kept:,} draws" in FitEntry(result, table,
                                                     DataIdentity.of(table, "wine")).detail_lines()
        doc = build_report(ReportInputs.of([ReportAnalysis(result, table)]))
        [settings] = [t for t in doc.tables() if t.title == "How this analysis was run"]
        draws = dict(settings.rows)["Draws per chain"]
        plot = trace_plot(result)
        if kept > 2000:
            assert plot.thinning == thinning_words(kept) == "every 3rd draw shown, of 4,000 per chain"
            assert f"({plot.thinning})" in traces_caption(result)
            assert draws == ("4,000 (2,000 asked for; more were drawn until every parameter had "
                             "enough independent draws, at most 4 times as many)")
        else:
            assert plot.thinning == "" and draws == "2,000"
        assert "--draws 2000" in doc.commands[0]          # asked again, drawn on again alike
        plot.deleteLater()
