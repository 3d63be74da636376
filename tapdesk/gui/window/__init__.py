"""The main window: its menus, the data pane (what was read, Class 1, labels), the model pane
(analysis, method, options, Fit), and what the window does with data sets and projects."""
