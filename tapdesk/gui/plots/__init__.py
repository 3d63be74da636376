"""The app's live plots: a fit's progress drawn while it runs (:mod:`tapdesk.gui.plots.live`).

The plots of a finished fit are built by :mod:`tapdesk.render.plots`, shared with the report.
"""
