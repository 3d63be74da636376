"""Issue 12, points 4 and 5: nothing cut or out of reach at 1280 x 800 and 1920 x 1080; no shortcut
bound twice. The layout walk itself is tested on widgets made to fail."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QLabel,
    QListWidget,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from tapdesk.gui.selftest.layout_check import layout_problems, settle
from tapdesk.gui.widgets.table_models import RowsModel, table_view
from tapdesk.gui.window.menus import load_example, shortcut_conflicts

pytestmark = pytest.mark.gui
SIZES = ((1280, 800), (1920, 1080))


def _fit(window, qtbot, model="tap", method="mle", **options):
    assert window.model_pane.select(model, method)
    for name, value in options.items():
        getattr(window.model_pane, name).setValue(value)
    with qtbot.waitSignal(window.controller.finished, timeout=120000):
        assert window.start_fit() is not None, window.last_error
    qtbot.waitUntil(lambda: window.controller.thread_count() == 0, timeout=10000)


def _walk(window, app, tabs=None) -> list[str]:
    found = []
    for width, height in SIZES:
        window.resize(width, height)
        app.processEvents()
        assert (window.width(), window.height()) == (width, height)
        for tab in tabs or window.results_pane.tab_names():
            window.results_pane.show_tab(tab)
            settle(app)
            found += [f"{width}x{height} {tab}: {p}" for p in layout_problems(window)]
    return found


# ------------------------------------------------------- the checker itself
def _host(qtbot, *widgets, size=(400, 300)) -> QWidget:
    host = QWidget()
    qtbot.addWidget(host)
    layout = QVBoxLayout(host)
    for w in widgets:
        layout.addWidget(w)
    host.resize(*size)
    host.show()
    return host


def test_walk_finds_a_label_cut_short(qtbot):
    label = QLabel("A sentence far too long for the room it was given")
    label.setFixedWidth(80)
    wrapped = QLabel("Please read: " + "this note is cut mid-sentence " * 8)
    wrapped.setWordWrap(True)
    wrapped.setFixedHeight(20)
    host = _host(qtbot, label, wrapped)
    problems = layout_problems(host)
    assert any("A sentence far" in p and "cut off" in p for p in problems)
    assert any("Please read" in p and "cut off" in p for p in problems)


def test_walk_finds_cut_headings_and_cells_and_a_squeezed_button(qtbot):
    model = RowsModel(("Parameter", "Sensitivity (true positive rate)"),
                      [("t", "a value much wider than its column")])
    view = table_view(model, "tiny table", sort=False)
    view.horizontalHeader().setStretchLastSection(False)
    view.horizontalHeader().resizeSection(1, 40)
    button = QPushButton("A button with a long caption")
    button.setFixedWidth(60)
    combo = QComboBox()
    combo.addItem("Subjects by number of Class-1 ratings: observed and expected")
    combo.setFixedWidth(120)
    host = _host(qtbot, view, button, combo, size=(500, 400))
    problems = layout_problems(host)
    assert any("heading 'Sensitivity" in p for p in problems)
    assert any("cell 'a value much wider" in p for p in problems)
    assert any("A button with a long caption" in p for p in problems)
    assert any("shows its choice cut off" in p for p in problems)


def test_walk_finds_widgets_outside_the_window_and_overlapping(qtbot):
    host = QWidget()
    qtbot.addWidget(host)
    host.resize(300, 200)
    stray = QPushButton("Fit", host)
    stray.setGeometry(280, 180, 80, 30)           # half outside the window
    squeezed = QWidget(host)
    inner = QVBoxLayout(squeezed)
    for i in range(6):
        inner.addWidget(QPushButton(f"row {i}"))
    squeezed.setGeometry(0, 0, 200, 40)           # far smaller than its six buttons need
    host.show()
    problems = layout_problems(host)
    assert any("'Fit'" in p and "outside" in p for p in problems)
    assert any("squeezed below its contents" in p for p in problems)


def test_walk_accepts_a_clean_window(qtbot):
    label = QLabel("Short")
    view = QTableView()
    view.setModel(RowsModel(("a", "b"), [(1, 2)]))
    host = _host(qtbot, label, view)
    assert layout_problems(host) == []


def test_list_lines_running_past_the_list_are_found(qtbot):
    lst = QListWidget()
    lst.addItem("1. a model whose name runs well past the right edge of a narrow list")
    lst.setFixedWidth(120)
    host = _host(qtbot, lst)
    assert any("runs past the right edge" in p for p in layout_problems(host))


# -------------------------------------------------------------- the window
def test_minimum_size_is_sensible(window):
    minimum = window.minimumSize()
    assert 900 <= minimum.width() <= 1280 and 600 <= minimum.height() <= 800


def test_window_whole_at_both_sizes_empty_and_after_fits(window, qtbot, app, shared_data):
    assert _walk(window, app, ("Data", "Summary")) == []
    assert window.open_path(shared_data / "wine.csv")
    window.dataset_pane.by_cut.setChecked(True)
    _fit(window, qtbot)
    _fit(window, qtbot, "dawid-skene")
    _fit(window, qtbot, "ordinal-cuts")
    _fit(window, qtbot, "coefficients")
    assert _walk(window, app) == []
    window.results_pane.select(0)                 # the t-a-p fit: "Please read" notes and all
    assert _walk(window, app, ("Summary", "Raters", "Subjects", "Tables", "Compare")) == []


def test_fit_button_in_view_with_the_sampler_options(window, app):
    load_example(window, "medals")
    window.model_pane.select("tap", "mcmc")
    for width, height in SIZES:
        window.resize(width, height)
        app.processEvents()
        fit = window.model_pane.fit_button
        assert fit.isVisible() and not fit.visibleRegion().isEmpty()
        top_left = fit.mapTo(window, fit.rect().topLeft())
        assert window.rect().contains(top_left) and window.rect().contains(
            fit.mapTo(window, fit.rect().bottomRight()))
    assert layout_problems(window) == []


def test_class_1_choices_stay_usable_with_many_categories(window, app):
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(window)
    dialog.k.setValue(10)
    window.load_dataset(dialog.dataset(), "ten categories")
    dialog.close()
    window.resize(1280, 800)
    app.processEvents()
    classes = window.dataset_pane.class_list
    assert classes.count() == 10
    for i in range(10):                            # every choice whole and inside the list
        rect = classes.visualItemRect(classes.item(i))
        assert classes.viewport().rect().contains(rect), i
        assert rect.height() >= classes.fontMetrics().height()
    assert layout_problems(window) == []


# ------------------------------------------------------------- shortcuts
def test_no_shortcut_is_bound_twice(window):
    assert shortcut_conflicts(window) == []
    save_as = [a for a in window.findChildren(type(window.action_save_as))
               if QKeySequence("Ctrl+Shift+S") in a.shortcuts()]
    assert save_as == [window.action_save_as]
    assert window.action_simulate.shortcut() == QKeySequence("Ctrl+G")


def test_shortcut_conflicts_are_found(window):
    window.action_simulate.setShortcut(QKeySequence("Ctrl+Shift+S"))
    assert shortcut_conflicts(window) == ["Ctrl+Shift+S: Save project as..., Simulate data..."]
    window.action_simulate.setShortcut(QKeySequence("Ctrl+G"))


# ------------------------------------- issue 26: nothing under the scrollbar, Class 1 in view
SCREENS = ((1280, 800), (1366, 768))
TITLE_BAR = 25
"""An openbox title bar and border: the client area of a window whose frame fits the screen."""


def _scroll_host(qtbot, *widgets, width=200, height=120):
    """``widgets`` in a vertical scroll area (widgetResizable, no horizontal scrollbar)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QScrollArea
    inner = QWidget()
    layout = QVBoxLayout(inner)
    for w in widgets:
        layout.addWidget(w)
    scroll = QScrollArea()
    scroll.setWidget(inner)
    scroll.setWidgetResizable(True)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    host = _host(qtbot, scroll, size=(width, height))
    settle(QApplication.instance())
    return host, scroll


def test_walk_finds_widgets_under_the_scrollbar_and_past_the_view(qtbot):
    """A combo box wider than the pane pushes the pane's contents under its scrollbar: the
    checker names the contents and each control that the scrollbar hides."""
    from PySide6.QtWidgets import QSpinBox
    wide = QComboBox()
    wide.addItem("An analysis whose title is far wider than the pane that holds it")
    spin = QSpinBox()
    rows = [QPushButton(f"row {i}") for i in range(8)]            # tall: a scrollbar shows
    host, scroll = _scroll_host(qtbot, wide, spin, *rows)
    assert scroll.verticalScrollBar().isVisible()
    assert scroll.widget().width() > scroll.viewport().width()
    problems = layout_problems(host)
    assert any("contents of" in p and "right side is cut off" in p for p in problems), problems
    assert any("runs under its scrollbar" in p and "QSpinBox" in p for p in problems), problems


def test_walk_finds_a_wrapped_label_cut_by_its_view(qtbot):
    """A word-wrapped label laid out wider than the view is cut mid-word by the view's edge,
    though the label itself is tall enough for its text (what the old check missed)."""
    note = QLabel("Each subject is truly Class 1 with probability t; a rating is accurate "
                  "with probability a, otherwise a guess.")
    note.setWordWrap(True)
    note.setMinimumWidth(400)
    host, scroll = _scroll_host(qtbot, note, width=250, height=200)
    assert note.height() >= note.heightForWidth(note.width())     # not short: cut by the view
    assert any("Each subject" in p and "past the edge" in p for p in layout_problems(host))


def test_walk_finds_a_word_wider_than_its_wrapped_label(qtbot):
    label = QLabel("see /a/very/long/path/that/cannot/wrap/anywhere/at/all/file.csv")
    label.setWordWrap(True)
    label.setFixedWidth(120)
    host = _host(qtbot, label)
    assert any("cut off" in p for p in layout_problems(host))


def test_walk_accepts_a_scroll_area_that_fits(qtbot):
    from PySide6.QtWidgets import QSpinBox
    host, scroll = _scroll_host(qtbot, QSpinBox(), *[QPushButton(f"row {i}") for i in range(8)])
    assert scroll.verticalScrollBar().isVisible()
    assert layout_problems(host) == []


def _class_1_in_view(window) -> bool:
    """The whole Class 1 box lies in the data pane's view with the pane scrolled to the top."""
    scroll = window.dataset_scroll
    box = window.dataset_pane.class_list.parentWidget()
    top_left = box.mapTo(scroll.viewport(), box.rect().topLeft())
    bottom_right = box.mapTo(scroll.viewport(), box.rect().bottomRight())
    view = scroll.viewport().rect()
    return scroll.verticalScrollBar().value() == 0 and view.contains(top_left) \
        and view.contains(bottom_right)


@pytest.mark.parametrize("screen", SCREENS)
@pytest.mark.parametrize("method", ["mcmc", "exact"])
def test_left_pane_whole_with_a_bayesian_method(app, qtbot, screen, method):
    """The screens of issue 26 with a fresh window (frame included): nothing under a
    scrollbar, the description wrapped whole, Class 1 in view without scrolling."""
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(screen[0], screen[1] - TITLE_BAR)
    window.show()
    load_example(window, "wine")
    assert window.model_pane.select("tap", method)
    settle(app)
    assert layout_problems(window) == []
    assert _class_1_in_view(window)
    for scroll in (window.dataset_scroll, window.model_scroll):
        assert scroll.widget().width() <= scroll.viewport().width()
    help_label = window.model_pane.model_help
    assert help_label.height() >= help_label.heightForWidth(help_label.width())
    assert help_label.mapTo(window.model_scroll.viewport(), help_label.rect().topRight()).x() \
        <= window.model_scroll.viewport().width()
    window.close()


def test_options_show_only_what_acts(window):
    pane = window.model_pane
    pane.options_group.set_open(True)
    rows = {w: w for w in (pane.starts, pane.bootstrap, pane.chains, pane.draws, pane.warmup,
                           pane.priors, pane.weights, pane.seed, pane.level)}
    pane.select("tap", "mle")
    assert [w.isVisible() for w in (pane.starts, pane.bootstrap, pane.chains, pane.priors)] == \
        [True, True, False, False]
    pane.select("tap", "mcmc")
    assert [w.isVisible() for w in (pane.starts, pane.bootstrap, pane.chains, pane.draws,
                                    pane.warmup, pane.priors, pane.seed)] == [False, False] + [True] * 5
    pane.select("tap", "exact")
    assert [w.isVisible() for w in (pane.chains, pane.priors)] == [False, True]
    pane.select("coefficients", "mle")
    assert [w.isVisible() for w in (pane.weights, pane.bootstrap, pane.starts)] == \
        [True, True, False]
    assert len(rows) == 9


def test_longest_analysis_title_whole_at_1280(app, qtbot):
    """The left side opens wide enough for every analysis title in the chooser."""
    from tapdesk.gui.selftest.layout_check import _combo
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(1280, 800 - TITLE_BAR)
    window.show()
    combo = window.model_pane.model_combo
    for i in range(combo.count()):
        if combo.itemData(i):
            combo.setCurrentIndex(i)
            settle(app)
            assert _combo(combo) is None, combo.currentText()
    assert layout_problems(window) == []
    window.close()


def test_minimum_size_fits_small_screens(window):
    """A 1280 x 720 screen (1920 x 1080 at 150%) less a title bar and a 32-pixel panel."""
    minimum = window.minimumSize()
    assert minimum.width() <= 1280 and minimum.height() <= 720 - TITLE_BAR - 32


# ------------------------------------------- issue 26: the first window's frame fits the screen
def test_frame_inside_shrinks_and_moves_a_window_to_the_screen():
    """The frame of the issue (1282 x 825 on a 1280 x 800 screen): the client area shrinks by
    the title bar and moves so that the whole frame lies on the screen."""
    from PySide6.QtCore import QMargins, QRect

    from tapdesk.gui.screen_fit import frame_inside
    openbox = QMargins(1, 20, 1, 5)
    free = QRect(0, 0, 1280, 800)
    client = frame_inside(QRect(1, 20, 1280, 800), openbox, free)
    assert client == QRect(1, 20, 1278, 775)
    assert free.contains(client.marginsAdded(openbox))
    # a window remembered on a larger screen, far to the right and below
    client = frame_inside(QRect(1500, 900, 1400, 900), openbox, free)
    assert free.contains(client.marginsAdded(openbox)) and client.size().toTuple() == (1278, 775)
    # one that fits stays where it is
    assert frame_inside(QRect(100, 100, 800, 600), openbox, free) == QRect(100, 100, 800, 600)
    # a panel at the top: the free area starts below it
    panel = QRect(0, 32, 1366, 736)
    client = frame_inside(QRect(0, 0, 1366, 768), openbox, panel)
    assert panel.contains(client.marginsAdded(openbox)) and client.top() == 32 + 20


def test_first_geometry_is_centred_with_its_frame_inside():
    from PySide6.QtCore import QRect, QSize

    from tapdesk.gui.screen_fit import FRAME_GUESS, first_geometry
    big = QRect(0, 0, 1920, 1080)
    client = first_geometry(QSize(1400, 900), big)
    assert client.size() == QSize(1400, 900)
    assert abs(client.marginsAdded(FRAME_GUESS).center().x() - big.center().x()) <= 1
    small = QRect(0, 0, 1280, 720)                     # 1920 x 1080 at 150%
    client = first_geometry(QSize(1400, 900), small)
    assert small.contains(client.marginsAdded(FRAME_GUESS))


def test_a_window_smaller_than_its_minimum_gets_a_lower_minimum(window):
    """On a screen smaller than the minimum size the minimum gives way: the frame fits."""
    from PySide6.QtCore import QRect

    from tapdesk.gui.screen_fit import set_geometry_inside
    set_geometry_inside(window, QRect(0, 30, 900, 560))
    assert window.minimumSize().toTuple() == (900, 560)
    assert window.size().toTuple() == (900, 560)


def test_options_read_as_the_texts_do(qtbot):
    """The level reads "95%" as every text writes it (it read "95.0 %"); counts of draws have
    thousands separators; the seed, a label rather than a quantity, has none."""
    from tapdesk.gui.window.model_pane import ModelPane
    pane = ModelPane()
    qtbot.addWidget(pane)
    assert pane.level.text() == "95%"
    pane.level.setValue(97.5)
    assert pane.level.text() == "97.5%"
    pane.level.lineEdit().setText("90%")
    pane.level.interpretText()
    assert pane.level.value() == 90
    pane.draws.setValue(100_000)
    separator = pane.draws.locale().groupSeparator()
    assert separator and pane.draws.text() == f"100{separator}000"
    assert pane.seed.text() == "20261121"


# ------------------------------- issue 53: every control of the Analysis pane in view, no scrolling
LAPTOPS = ((1280, 800), (1366, 768), (1280, 720))
"""1280 x 800, 1366 x 768 and 1920 x 1080 at 150% (a 1280 x 720 screen), each less a title bar."""


def test_walk_finds_controls_below_the_fold_of_a_pane_shown_whole(qtbot):
    from tapdesk.gui.screen_fit import SHOWS_WHOLE
    rows = [QPushButton(f"row {i}") for i in range(12)]
    host, scroll = _scroll_host(qtbot, *rows, height=150)
    assert not any("below the fold" in p for p in layout_problems(host))   # may scroll
    scroll.setProperty(SHOWS_WHOLE, True)
    problems = [p for p in layout_problems(host) if "below the fold" in p]
    assert len(problems) == 1 and "'row 5'" in problems[0] and "'row 0'" not in problems[0]


@pytest.mark.parametrize("screen", LAPTOPS)
def test_analysis_pane_whole_on_laptop_screens(app, qtbot, screen):
    """The wine example (no columns to explain by) and the writing example (years and ages):
    every control of the Analysis pane in view without scrolling, Class 1 too (the pane was
    182 px tall and needed 512, Explain by... and Options below the fold)."""
    from tapdesk.gui.window.main_window import MainWindow
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(screen[0], screen[1] - TITLE_BAR)
    window.show()
    assert window.model_scroll.property("showsWhole")
    for example, method in (("wine", "mle"), ("wine", "mcmc"), ("writing", "mle")):
        load_example(window, example)
        assert window.model_pane.select("tap", method)
        settle(app)
        assert layout_problems(window) == [], (example, method)
        assert not window.model_scroll.verticalScrollBar().isVisible(), (example, method)
        for control in (window.model_pane.explain_group.header,
                        window.model_pane.options_group.header, window.model_pane.fit_button):
            assert not control.visibleRegion().isEmpty()
        assert _class_1_in_view(window)
    # an explained fit being set up: the group opened last gets the room (the data pane scrolls)
    window.model_pane.explain_group.set_open(True)
    window.model_pane.explain.attribute_checks[0].setChecked(True)
    settle(app)
    assert not window.model_scroll.verticalScrollBar().isVisible()
    assert layout_problems(window) == []
    # both groups opened, for each method (a Bayesian fit's options and the explain box's note
    # needed 607 px of 499 at 1366 x 768): the pane whole; where both do not fit, the group
    # opened last stays open and the other folds to its summary
    pane = window.model_pane
    for method in ("mle", "mcmc", "exact"):
        for first, last in ((pane.explain_group, pane.options_group),
                            (pane.options_group, pane.explain_group)):
            pane.explain_group.set_open(False)
            pane.options_group.set_open(False)
            assert pane.select("tap", method)
            first.set_open(True)
            settle(app)
            last.set_open(True)
            settle(app)
            assert last.is_open(), (method, last.header.text())
            assert not window.model_scroll.verticalScrollBar().isVisible(), \
                (screen, method, last.header.text(), window.analysis_need(), window.left_splitter.sizes())
            assert layout_problems(window) == [], (method, last.header.text())
            for control in (pane.explain_group.header, pane.options_group.header, pane.fit_button):
                assert not control.visibleRegion().isEmpty(), (method, control)
            if method == "mle" and screen[1] >= 800:      # room for both: nothing folds
                assert first.is_open(), (screen, method)
    window.close()


@pytest.mark.parametrize("screen", LAPTOPS)
@pytest.mark.parametrize("opened", ["now", "remembered"])
def test_bayesian_options_open_whole_on_laptop_screens(app, qtbot, screen, opened):
    """Options open for a Bayesian (simulation) fit, opened now or remembered open from the
    last session: the Analysis pane in view whole, the priors' table too (its options in one
    column and a priors' table of four rows took 280 px and the pane scrolled)."""
    from tapdesk.gui import settings
    from tapdesk.gui.window.main_window import MainWindow
    settings.set_value("panes/explain/open", False)
    settings.set_value("panes/options/open", opened == "remembered")
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(screen[0], screen[1] - TITLE_BAR)
    window.show()
    pane = window.model_pane
    for example in ("wine", "writing"):
        load_example(window, example)
        assert pane.select("tap", "mcmc")
        pane.options_group.set_open(True)
        settle(app)
        assert layout_problems(window) == [], example
        assert not window.model_scroll.verticalScrollBar().isVisible(), example
        for control in (pane.seed, pane.warmup, pane.priors, pane.fit_button):
            assert not control.visibleRegion().isEmpty(), (example, control.accessibleName())
        priors = pane.priors
        assert priors.height() >= priors.sizeHint().height() or \
            priors.viewport().height() >= priors.rowHeight(0) + priors.rowHeight(1)
    # the options two to a line: seed beside intervals, chains beside draws
    assert pane.seed.y() == pane.level.y() and pane.chains.y() == pane.draws.y()
    window.close()


@pytest.mark.parametrize("screen", LAPTOPS)
def test_a_folded_groups_summary_wraps_whole(app, qtbot, screen):
    """Options folded for a Bayesian fit: its summary reads whole over two lines, each
    setting's name beside its value (it was shortened to "... draws 2,0..."), the pane still
    whole."""
    from tapdesk.gui import settings
    from tapdesk.gui.widgets.disclosure import NBSP
    from tapdesk.gui.window.main_window import MainWindow
    settings.set_value("panes/options/open", False)
    settings.set_value("panes/explain/open", False)
    window = MainWindow()
    qtbot.addWidget(window)
    window.resize(screen[0], screen[1] - TITLE_BAR)
    window.show()
    load_example(window, "wine")
    assert window.model_pane.select("tap", "mcmc")
    settle(app)
    summary = window.model_pane.options_group.summary
    assert summary.full_text == ("seed 20261121, intervals 95%, chains 4, draws 2,000, "
                                 "warm-up 1,000, priors flat")
    assert summary.text().replace(NBSP, " ") == summary.full_text
    assert "draws" + NBSP + "2,000" in summary.text()
    line = summary.fontMetrics().lineSpacing()
    needs = summary.heightForWidth(summary.width())
    assert summary.height() >= needs >= 2 * line        # wrapped, and shown whole
    assert summary.fontMetrics().horizontalAdvance(summary.full_text) > summary.width()
    assert layout_problems(window) == []
    assert not window.model_scroll.verticalScrollBar().isVisible()
    window.close()


def test_folded_groups_say_what_they_hold_and_are_remembered(window, app, qtbot):
    from tapdesk.gui.window.model_pane import ModelPane
    load_example(window, "writing")
    pane = window.model_pane
    assert not pane.options_group.is_open() and not pane.explain_group.is_open()
    assert pane.options_group.summary.full_text == \
        "starts 12, bootstrap 0, seed 20261121, intervals 95%"
    assert pane.explain_group.summary.full_text == "none chosen (offered: year, age)"
    pane.explain_group.set_open(True)
    pane.explain.attribute_checks[0].setChecked(True)
    assert pane.explain_group.summary.full_text == "accuracy by age"
    assert not pane.explain_group.summary.isVisible()          # open: its controls say it
    pane.select("tap", "mcmc")
    assert "chains 4" in pane.options_group.summary.full_text
    other = ModelPane()                                        # a new window remembers
    qtbot.addWidget(other)
    assert other.explain_group.is_open() and not other.options_group.is_open()
    assert window.dataset_pane.scale_group.summary.full_text == "ordered, 5 categories"


def test_a_dragged_heading_reorders_the_scale(window, qtbot):
    load_example(window, "wine")
    pane = window.dataset_pane
    pane.scale_group.set_open(True)
    pane.labels_editor.horizontalHeader().moveSection(3, 2)    # gold before silver
    qtbot.waitUntil(lambda: pane.table.scale.categories == ("1", "2", "4", "3"))
    assert pane.table.scale.label("4") == "gold"
    header = pane.labels_editor.horizontalHeader()
    assert [pane.labels_editor.horizontalHeaderItem(header.logicalIndex(v)).text()
            for v in range(4)] == ["1", "2", "4", "3"]


def test_a_stack_is_judged_by_the_page_it_shows(qtbot):
    """A tab widget's stack asked every page's preferred height for its width (a page with a
    wrapped note asked 691 px where the shown Tables page is whole in 651): only the shown
    page can be cut, and a shown page squeezed below its least height still is."""
    from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

    from tapdesk.gui.selftest.layout_check import _squeezed

    def page(words: str, least: int) -> QWidget:
        made = QWidget()
        layout = QVBoxLayout(made)
        note = QLabel(words)
        note.setWordWrap(True)
        layout.addWidget(note)
        made.setMinimumHeight(least)
        return made

    stack = QStackedWidget()
    qtbot.addWidget(stack)
    stack.addWidget(page("short", 40))
    stack.addWidget(page(" ".join(["a long wrapped note"] * 200), 40))
    stack.setFixedSize(300, 120)                  # as a pane that cannot grow
    stack.show()
    assert _squeezed(stack) is None                  # the long page is not shown
    stack.addWidget(page("tall", 400))
    stack.setCurrentIndex(2)
    assert "squeezed below its contents" in (_squeezed(stack) or "")
