"""Issue 11: separated peaks are marked in the density plot; warnings lead the summary bullets."""

from __future__ import annotations

import html

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table


def test_peaks_of_a_bimodal_posterior_are_marked_with_their_mass(app):
    from tapdesk.gui.plots.posterior import posterior_plot
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
    from tapdesk.gui.plots.posterior import posterior_plot
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 300, 5, 1)
    plot = posterior_plot(fit(FitRequest(method="mcmc", draws=400, warmup=200), table))
    assert plot.peaks_marked == {}


def test_an_untrustworthy_run_leads_the_summary_bullets_with_its_warning(app):
    from tapdesk.gui.results_pane import summary_html
    table = simulate_table(TapParameters(0.2, 0.1, 0.5), 300, 5, 1)
    result = fit(FitRequest(method="mcmc", draws=60, warmup=40, seed=3), table)
    warning = result.posterior.warning
    assert warning.startswith("Not trustworthy yet")
    page = summary_html(result)
    first_bullet = page.split("<li", 1)[1].split(">", 1)[1].split("</li>")[0]
    assert first_bullet == html.escape(warning)
