"""Issue 42: the plots of an explanatory fit: class share by group, accuracy against a rater
attribute (the fitted curve and each rater's own estimate), subjects' probabilities by group."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.render.plots import plots_for
from tapdesk.resources.examples import get_example

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def writing():
    return read_ratings(get_example("writing").path).table


def _points(widget):
    items = widget.getPlotItem().listDataItems()
    return [np.asarray(item.getData()[1]) for item in items]


def test_an_explanatory_fit_has_its_three_plots(qapp, writing):
    result = fit(FitRequest(model="tap", cut="2", subject_group="year",
                            rater_attributes=("age",)), writing)
    plots = dict(plots_for(result, writing))
    assert {"Class share by group", "Accuracy by rater attribute", "Subjects by group"} <= set(plots)
    shares = _points(plots["Class share by group"])[0]
    assert shares == pytest.approx([g.t for g in result.groups])
    curve, predicted, own = _points(plots["Accuracy by rater attribute"])
    assert len(own) == 12 and np.all(np.diff(curve) > 0)      # accuracy rises with age
    assert len(predicted) == 12 and not np.allclose(own, predicted)
    by_group = _points(plots["Subjects by group"])
    for group, shown in zip(("1", "2", "3", "4"), by_group):
        mine = [s.probabilities[1] for s in result.subjects if s.group == group]
        assert shown == pytest.approx(mine)
    for widget in plots.values():
        widget.deleteLater()


def test_a_plain_fit_has_none_of_them(qapp, writing):
    result = fit(FitRequest(model="tap", cut="2"), writing)
    titles = {title for title, w in plots_for(result, writing)}
    assert not titles & {"Class share by group", "Accuracy by rater attribute", "Subjects by group"}
