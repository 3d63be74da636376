"""pyqtgraph's global options, set once the app exists and before the first plot is made.

Importing pyqtgraph takes a second on a busy machine, and the first window shows no plot
(issue 41): :func:`tapdesk.gui.app.make_app` sets the options only if pyqtgraph is already
imported, else the main window does when it builds its results pane.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication


def configure_plots() -> None:
    """Plots drawn smoothly, in the app's colours (imports pyqtgraph)."""
    import pyqtgraph as pg
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return
    pal = app.palette()
    pg.setConfigOptions(antialias=True, background=pal.color(pal.ColorRole.Base),
                        foreground=pal.color(pal.ColorRole.Text))
