"""The layout tests' set-up at a laptop's screen: the main window at the screen's size (in the
app's pixels, less a title bar) with Help > Examples filled, and an example shown with an
analysis chosen, as a user opens them."""

from __future__ import annotations

TITLE_BAR = 25


def examples_window(qtbot, screen: tuple[int, int]):
    """The main window shown at ``screen`` (width, height) with its Examples menu filled."""
    from tapdesk.gui.window.main_window import MainWindow
    from tapdesk.gui.window.menus import fill_examples_menu
    window = MainWindow()
    window.preview_imports = False
    qtbot.addWidget(window)
    window.resize(screen[0], screen[1] - TITLE_BAR)
    window.show()
    fill_examples_menu(window)
    return window


def show_example(app, window, example: str, analysis: str) -> None:
    """Help > Examples > ``example``, then ``analysis`` chosen in the Analysis pane, laid out."""
    from tapdesk.gui.selftest.layout_check import settle
    combo = window.model_pane.model_combo
    getattr(window, f"action_example_{example}").trigger()
    combo.setCurrentIndex(combo.findData(analysis))
    settle(app)
