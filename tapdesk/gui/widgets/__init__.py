"""Small widgets and behaviours the panes share: table models, a wrapping list, the interval
level box, the focus ring and the mouse-wheel guard."""
