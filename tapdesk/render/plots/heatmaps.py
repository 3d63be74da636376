"""Square heatmaps: pairwise rater accuracy, raw percent agreement, category-pair accuracy.

Blank cells are drawn transparent (not a colour of the scale): the diagonal
and every undefined pair. Hovering over a cell shows its value and, for a
blank cell, the reason. The widgets carry what they show (``matrix``,
``labels``, ``cell_notes``) so tests and exports can read it back.
"""

from __future__ import annotations

import numpy as np
import pyqtgraph as pg

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.results import fmt
from tapdesk.i18n import _, ngettext
from tapdesk.i18n.deferred import shown
from tapdesk.render.plots.common import local_tick_numbers, new_plot, palette_colours
from tapdesk.report.axis_names import axis_names

MAX_LABELLED = 10        # write the values into the cells up to this many rows
MAX_RATERS = 60

SMALL = "<br><span style='font-size:9pt'>{}</span>"


def _blank_note() -> str:
    # Translators: a heatmap's caption line.
    return _("Blank: the diagonal, or undefined (hover over a cell for why).")


def accuracy_title() -> str:
    """The rater-pair accuracy heatmap's title and caption lines, in the shown language."""
    # Translators: a heatmap's title (√ is the square root, κ kappa).
    return (_("Pairwise rater accuracy: \u221a(Cohen's \u03ba) on the subjects both rated") +
            # Translators: a heatmap's caption line (a is the model's accuracy).
            SMALL.format(_("t-a-p reading: for unbiased raters \u03ba = a\u00b2, so "
                           "\u221a\u03ba is their accuracy.")) + SMALL.format(_blank_note()))


def percent_title() -> str:
    """The raw percent agreement heatmap's title and caption lines, in the shown language."""
    # Translators: a heatmap's title.
    return (_("Pairwise raw percent agreement (same class on shared subjects)") +
            # Translators: a heatmap's caption line.
            SMALL.format(_("Not corrected for chance agreement: compare the accuracy heatmap."))
            # Translators: a heatmap's caption line.
            + SMALL.format(_("Blank: the diagonal, or no subject rated by both.")))


def category_title() -> str:
    """The category-pair accuracy heatmap's title and caption lines, in the shown language."""
    # Translators: a heatmap's title (√ is the square root, κ kappa).
    return (_("Accuracy between pairs of categories: \u221a(Fleiss' \u03ba)") +
            # Translators: a heatmap's caption line.
            SMALL.format(_("Only the ratings in the two categories; low values: raters "
                           "confuse them.")) + SMALL.format(_blank_note()))

def across_and_down(labels: list[str]) -> tuple[list[str], list[str]]:
    """The bottom and left axes' labels: whole names down the left; across the bottom the
    names when they fit (:func:`tapdesk.report.axis_names.axis_names`), else numbers that the
    left axis gives beside each name."""
    across = axis_names(labels)
    if across.shown:
        return list(across.labels), labels
    return [str(i + 1) for i in range(len(labels))], [f"{i + 1}  {x}" for i, x in enumerate(labels)]


def heatmap(matrix: np.ndarray, labels, title: str, axis: str, notes: dict | None = None,
            levels: tuple[float, float] = (0.0, 1.0), value_name: str = "value") -> pg.PlotWidget:
    """A labelled heatmap of a square matrix; NaN cells are blank, ``notes[(i, j)]`` says why."""
    matrix = np.asarray(matrix, dtype=float)
    n = matrix.shape[0]
    labels = [str(x) for x in labels]
    notes = dict(notes or {})
    across = axis_names(labels)                       # the left axis has room for whole names
    # Translators: a heatmap's bottom axis when its names do not fit: {axis} is "rater" or
    # "category", numbered across the bottom as the left axis lists them.
    w = new_plot(title, across.title(axis) if across.shown else _("{axis} (numbered as down the "
                 "left)").format(axis=axis), axis)
    lines = title.count("<br>") + 1                    # room for the caption lines under the title
    item = w.getPlotItem()
    item.titleLabel.setMaximumHeight(16 + 17 * lines)
    item.layout.setRowFixedHeight(0, 16 + 17 * lines)
    low, high = levels
    cmap = pg.colormap.get("viridis")
    scaled = np.clip((np.nan_to_num(matrix, nan=low) - low) / max(high - low, 1e-12), 0, 1)
    rgba = cmap.map(scaled.ravel(), mode="byte").reshape(n, n, 4)
    rgba[~np.isfinite(matrix)] = 0                     # blank: fully transparent
    img = pg.ImageItem(np.ascontiguousarray(rgba.transpose(1, 0, 2)))   # image axes are (x, y)
    w.addItem(img)
    w.showGrid(x=False, y=False)
    for i in range(n + 1):                             # thin cell borders make blanks read as cells
        for line in (pg.PlotCurveItem([0, n], [i, i]), pg.PlotCurveItem([i, i], [0, n])):
            line.setPen(pg.mkPen((128, 128, 128, 90), width=1))
            w.addItem(line)
    bottom, left = across_and_down(labels)
    w.getAxis("bottom").setTicks([[(i + 0.5, bottom[i]) for i in range(n)]])
    w.getAxis("left").setTicks([[(i + 0.5, left[i]) for i in range(n)]])
    w.getPlotItem().invertY(True)
    w.setAspectLocked(True)
    w.setRange(xRange=(0, n), yRange=(0, n), padding=0.02)
    if n <= MAX_LABELLED:
        for i in range(n):
            for j in range(n):
                if np.isfinite(matrix[i, j]):
                    bright = scaled[i, j] > 0.6
                    text = pg.TextItem(fmt(matrix[i, j], 2), color="k" if bright else "w",
                                       anchor=(0.5, 0.5))
                    text.setPos(j + 0.5, i + 0.5)
                    w.addItem(text)
    bar = pg.ColorBarItem(values=(low, high), colorMap=cmap, interactive=False, width=12)
    for side in ("left", "right"):            # readable scale numbers (the default is pale grey)
        bar.getAxis(side).setTextPen(pg.mkPen(palette_colours()[1]))
        local_tick_numbers(bar.getAxis(side))  # "0,8" in German, as the plot's own axes
    w.getPlotItem().layout.addItem(bar, 2, 5)
    w.getPlotItem().layout.setColumnFixedWidth(4, 5)
    w.matrix, w.labels, w.cell_notes, w.colour_bar = matrix, labels, notes, bar
    w.value_name = value_name

    def hover(pos) -> None:
        point = w.getPlotItem().vb.mapSceneToView(pos)
        j, i = int(np.floor(point.x())), int(np.floor(point.y()))
        if not (0 <= i < n and 0 <= j < n):
            w.setToolTip("")
            return
        # Translators: a heatmap cell's hover text: the two raters' (or categories') names.
        pair = _("{first} and {second}").format(first=labels[i], second=labels[j])
        if np.isfinite(matrix[i, j]):
            w.setToolTip(f"{pair}: {value_name} {fmt(matrix[i, j])}" +
                         (f" ({notes[(i, j)]})" if (i, j) in notes else ""))
        else:
            # Translators: a heatmap cell's hover text where nothing is drawn.
            w.setToolTip(f"{pair}: {notes.get((i, j), _('blank'))}")

    w.scene().sigMouseMoved.connect(hover)
    return w


# -------------------------------------------------------------- rater pairs
def _same_rater() -> str:
    # Translators: a heatmap cell's hover text.
    return _("the same rater (diagonal, not shown)")


def accuracy_matrix(pairwise) -> tuple[np.ndarray, dict]:
    """sqrt(Cohen's kappa) for each pair of raters, and why blank cells are blank.

    ``pairwise`` is a :class:`tapdesk.engine.coefficients.PairwiseCohen`.
    """
    ids = pairwise.rater_ids
    n = len(ids)
    out = np.full((n, n), np.nan)
    notes: dict[tuple[int, int], str] = {}
    for i in range(n):
        for j in range(n):
            if i == j:
                notes[(i, j)] = _same_rater()
                continue
            kappa = pairwise.kappa[i][j]
            shared = pairwise.n_subjects[i][j]
            if shared == 0:
                # Translators: a heatmap cell's hover text.
                notes[(i, j)] = _("no subject rated by both, so kappa is undefined")
            elif kappa is None:
                # Translators: a heatmap cell's hover text; {shared} is a count of subjects.
                notes[(i, j)] = ngettext(
                    "Cohen's kappa is undefined on the {shared} shared subject "
                    "(both raters used a single class)",
                    "Cohen's kappa is undefined on the {shared} shared subjects "
                    "(both raters used a single class)", shared).format(shared=shared)
            elif kappa < 0:
                # Translators: a heatmap cell's hover text; {kappa} is a number.
                notes[(i, j)] = _("Cohen's kappa = {kappa} is negative (less agreement than "
                                  "chance), so it has no square root").format(kappa=fmt(kappa))
            else:
                out[i, j] = float(np.sqrt(kappa))
                # Translators: a heatmap cell's hover text; {kappa} is a number, {shared} a count.
                notes[(i, j)] = ngettext("kappa = {kappa}, {shared} shared subject",
                                         "kappa = {kappa}, {shared} shared subjects",
                                         shared).format(kappa=fmt(kappa), shared=shared)
    return out, notes


def _pairwise_for(table: RatingsTable, class1=None, cut=None, choice=None):
    from tapdesk.data.binary import binary_table, choose_class1, ratings_per_category
    from tapdesk.engine.coefficients import agreement_coefficients
    choice = choice or choose_class1(table.scale, class1, cut, counts=ratings_per_category(table))
    return agreement_coefficients(binary_table(table, choice), bootstrap=0).pairwise_cohen


def agreement_heatmap(table: RatingsTable | None, class1=None, cut=None, choice=None,
                      pairwise=None) -> pg.PlotWidget | None:
    """Pairwise rater accuracy sqrt(Cohen's kappa), a heatmap (None when it does not apply).

    ``pairwise`` (a PairwiseCohen, e.g. from ``coefficients_for_fit``) is used
    as given; otherwise the kappas are computed on the binary view of
    ``table`` given by ``choice`` or ``class1`` / ``cut``.
    """
    if pairwise is None:
        if table is None or not table.has_rater_ids or table.n_raters < 2:
            return None
        try:
            pairwise = _pairwise_for(table, class1, cut, choice)
        except Exception:   # noqa: BLE001 - an impossible Class-1 choice just means no heatmap
            return None
    if pairwise is None or pairwise.undefined_reason or len(pairwise.rater_ids) < 2 \
            or len(pairwise.rater_ids) > MAX_RATERS or not pairwise.kappa:
        return None
    matrix, notes = accuracy_matrix(pairwise)
    return heatmap(matrix, pairwise.rater_ids, accuracy_title(), _("rater"), notes,
                   value_name=_("accuracy \u221a\u03ba"))


def pairwise_agreement(table: RatingsTable, class1=None, cut=None, choice=None) -> np.ndarray | None:
    """Raters x raters share of commonly rated subjects where both give the same class."""
    from tapdesk.data.binary import choose_class1, class1_mask, ratings_per_category
    if not table.has_rater_ids or table.n_raters < 2 or table.repeated_pairs():
        return None
    choice = choice or choose_class1(table.scale, class1, cut, counts=ratings_per_category(table))
    grid = np.full((table.n_subjects, table.n_raters), -1, dtype=np.int8)
    grid[table.subject, table.rater] = class1_mask(table, choice)
    seen = grid >= 0
    ones = (grid == 1).astype(float)
    zeros = (grid == 0).astype(float)
    both = seen.T.astype(float) @ seen.astype(float)
    agree = ones.T @ ones + zeros.T @ zeros
    with np.errstate(invalid="ignore", divide="ignore"):
        out = np.where(both > 0, agree / np.maximum(both, 1), np.nan)
    return out


def percent_agreement_heatmap(table: RatingsTable | None, class1=None, cut=None,
                              choice=None) -> pg.PlotWidget | None:
    """Raw percent agreement between each pair of raters (clearly titled as such)."""
    if table is None or table.n_raters > MAX_RATERS:
        return None
    try:
        matrix = pairwise_agreement(table, class1, cut, choice)
    except Exception:   # noqa: BLE001 - an impossible Class-1 choice just means no heatmap
        return None
    if matrix is None:
        return None
    matrix = matrix.copy()
    np.fill_diagonal(matrix, np.nan)
    n = matrix.shape[0]
    # Translators: a heatmap cell's hover text.
    notes = {(i, j): _same_rater() if i == j else _("no subject rated by both")
             for i in range(n) for j in range(n)
             if not np.isfinite(matrix[i, j])}
    return heatmap(matrix, table.rater_ids, percent_title(), _("rater"), notes,
                   value_name=_("share agreeing"))


# ----------------------------------------------------------- category pairs
def category_matrix(categories, pair_rows) -> tuple[np.ndarray, dict]:
    """Category x category sqrt(kappa) from rows (first, second, subjects, kappa, sqrt, note)."""
    index = {c: i for i, c in enumerate(categories)}
    n = len(categories)
    out = np.full((n, n), np.nan)
    # Translators: a heatmap cell's hover text.
    notes = {(i, i): _("the same category (diagonal, not shown)") for i in range(n)}
    for first, second, subjects, kappa, root, note in pair_rows:
        i, j = index[first], index[second]
        if root is not None and np.isfinite(root):
            out[i, j] = out[j, i] = float(root)
            # Translators: a heatmap cell's hover text; {kappa} is a number, {n} a count.
            notes[(i, j)] = notes[(j, i)] = ngettext(
                "kappa = {kappa}, {n} subject", "kappa = {kappa}, {n} subjects",
                subjects).format(kappa=fmt(kappa), n=subjects)
        else:
            # Translators: a heatmap cell's hover text.
            notes[(i, j)] = notes[(j, i)] = shown(note) or _("undefined")   # the engine's reason
    return out, notes


def category_pair_heatmap(categories, pair_rows, labels=None) -> pg.PlotWidget | None:
    """``labels``: how to show the categories (value labels), in the order of ``categories``."""
    if len(categories) < 2 or not pair_rows:
        return None
    matrix, notes = category_matrix(categories, pair_rows)
    return heatmap(matrix, labels or categories, category_title(), _("category"), notes,
                   value_name=_("accuracy \u221a\u03ba"))
