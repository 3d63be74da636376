"""The print room: report documents and figures turned into pages and pictures with Qt.

A :class:`tapdesk.report.ReportDocument` (Qt-free) comes in; PDF pages, PNG and SVG plots, and
the editable ODT, DOCX and HTML copies go out. The figures are pyqtgraph plots drawn from fits
(:mod:`tapdesk.render.plots`), the same builders the app's Plots tab shows. This package uses
Qt's GUI classes and pyqtgraph, but no window, pane or dialog of the app: the command line
(``tapdesk report``, ``tapdesk feedback``) and the app both call it, and it never imports
:mod:`tapdesk.gui` or :mod:`tapdesk.cli`.
"""
