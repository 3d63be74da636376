"""The results pane: the list of fits and the tabs that show one (Summary, Raters, Subjects,
Tables, Plots, Compare), with the paragraph to copy and the Raters tab's feedback action."""
