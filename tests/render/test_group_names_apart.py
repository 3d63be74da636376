"""The explained fit's group plots name their groups without running the names together
(issue 79): many groups with long names are wrapped at their spaces and, where that is not
enough, every second (third ...) one is named; in the report's wide PNG and in a narrow window
alike, no two names overlap and none is cut at the plot's foot."""

from __future__ import annotations

import dataclasses

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QImage, QPainter

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.resources.examples import get_example


@pytest.fixture(scope="module")
def long_groups():
    """The writing example's fit by year, its 4 groups named long and shown 4 times over."""
    table = read_ratings(get_example("writing").path).table
    result = fit(FitRequest(model="tap", cut="2", subject_group="year", n_starts=2), table)
    named = [dataclasses.replace(g, group=f"Cardiology outpatient clinic {g.group} north wing "
                                          f"copy {k}")
             for k in range(4) for g in result.groups]
    return dataclasses.replace(result, groups=tuple(named))


def drawn_names(plot, width: int, height: int) -> tuple[list[QRectF], QRectF]:
    """The bottom axis's name boxes as drawn at ``width`` x ``height``, and the axis's box."""
    plot.resize(width, height)
    plot.grab()                                   # laid out and drawn at this size
    axis = plot.getAxis("bottom")
    image = QImage(width, height, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        _axis, _ticks, texts = axis.generateDrawSpecs(painter)
    finally:
        painter.end()
    return [rect for rect, _flags, _text in texts], axis.mapRectFromParent(axis.geometry())


@pytest.mark.parametrize("size", [(1200, 800), (520, 380)], ids=["report", "window"])
@pytest.mark.parametrize("kind", ["shares", "subjects"])
def test_group_names_do_not_overlap(qapp, long_groups, size, kind):
    from tapdesk.render.plots.explain import group_share_plot, subject_probability_plot
    make = group_share_plot if kind == "shares" else subject_probability_plot
    plot = make(long_groups)
    if plot is None:
        pytest.skip("no subjects' plot for this fit")
    rects, axis = drawn_names(plot, *size)
    assert len(rects) >= 2, rects
    for i, one in enumerate(rects):
        assert one.bottom() <= axis.bottom() + 1, (one, axis)           # not cut at the foot
        for other in rects[i + 1:]:
            assert not one.intersects(other), (one, other)
    plot.deleteLater()
