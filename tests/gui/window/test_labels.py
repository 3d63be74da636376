"""The app's side of issue 14: the labels table beside the scale, labels saved in projects (and
old projects still open), Help > Glossary, Help > Examples with the real data."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

from tapdesk.gui.dialogs.glossary_dialog import glossary_html, show_glossary
from tapdesk.gui.window.menus import load_example


def _set_label(pane, index: int, text: str) -> None:
    pane.labels_editor.set_label(pane.table.scale.categories[index], text)


def test_real_wine_example_opens_with_its_labels_and_cut(window):
    load_example(window, "wine")
    pane = window.dataset_pane
    table = pane.table
    assert (table.n_subjects, table.n_raters) == (183, 4)
    assert table.scale.display_labels() == ("no medal", "bronze", "silver", "gold")
    assert pane.binary_choice().cut == "1"
    assert pane.cut_combo.currentText() == "no medal (1)"
    assert "Class 1 = {no medal}" in pane.choice_label.text()
    assert window.session.source_path is not None and window.session.source_path.name == "wine.csv"
    window.examples_menu.aboutToShow.emit()               # Help > Examples opened
    menu_titles = [a.text() for a in window.findChildren(type(window.action_example_wine))
                   if a.objectName().startswith("action_example_") and "Simulated" in a.text()]
    assert menu_titles, "simulated examples say so in their name"


def test_editing_a_label_relabels_everything_and_keeps_the_choice(window):
    load_example(window, "balanced")                     # categories negative / positive
    pane = window.dataset_pane
    before = pane.binary_choice()
    codes = pane.table.scale.categories
    _set_label(pane, 1, "disease present")
    assert pane.table.scale.label(codes[1]) == "disease present"
    assert pane.table.scale.categories == codes
    assert pane.binary_choice() == before
    assert "disease present" in pane.choice_label.text()
    assert pane.class_list.item(1).text() == f"disease present ({codes[1]})"
    # the ratings table shows the label too
    model = pane.model
    shown = {model.data(model.index(r, 2), Qt.ItemDataRole.DisplayRole)
             for r in range(min(50, model.rowCount()))}
    assert f"disease present ({codes[1]})" in shown


def test_a_duplicate_label_is_refused_in_words(window):
    load_example(window, "balanced")
    pane = window.dataset_pane
    _set_label(pane, 0, "same")
    _set_label(pane, 1, "same")
    assert "same label" in pane.choice_label.text()
    assert pane.table.scale.label(pane.table.scale.categories[0]) == "same"
    assert pane.table.scale.label(pane.table.scale.categories[1]) != "same"


def test_reordering_the_scale_keeps_the_labels(window):
    load_example(window, "wine")
    pane = window.dataset_pane
    pane.labels_editor.setCurrentCell(0, 3)
    pane._move_category(-1)
    assert pane.table.scale.categories == ("1", "2", "4", "3")
    assert pane.table.scale.label("4") == "gold"


def test_labels_survive_a_project_round_trip_and_old_projects_open(window, tmp_path, app, qtbot):
    from tapdesk.gui.project import file as project
    from tapdesk.gui.project.codec import encode
    from tapdesk.gui.window.main_window import MainWindow
    load_example(window, "balanced")
    _set_label(window.dataset_pane, 0, "healthy")
    path = tmp_path / "labels.tapdesk"
    assert window.save_project(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["version"] == project.VERSION == 4          # labels travel in the table's scale
    assert project.read_state(path).sessions[0].table.scale.labels[0] == "healthy"
    other = MainWindow()
    qtbot.addWidget(other)
    try:
        assert other.open_project(path)
        scale = other.dataset_pane.table.scale
        assert scale.label(scale.categories[0]) == "healthy"
        # the one-data-set formats: 2 (labels in view.labels) and 1 (no labels anywhere) open
        ds = window.session.dataset
        view = {"scale": list(scale.categories), "ordinal": scale.ordinal,
                "class1": [scale.categories[1]], "cut": None}
        for version, labels in ((2, ["well", ""]), (1, None)):
            old_project = {"format": "tapdesk-project", "version": version, "saved_at": "",
                           "source": {"kind": "generated", "path": "", "options": None},
                           "dataset": encode(ds), "settings": None, "results": [], "current": -1,
                           "view": dict(view, **({"labels": labels} if labels else {}))}
            old = tmp_path / f"old{version}.tapdesk"
            old.write_text(json.dumps(old_project), encoding="utf-8")
            assert other.open_project(old)
            reopened = other.dataset_pane.table.scale
            assert reopened.categories == scale.categories
            assert reopened.label(scale.categories[0]) == ("well" if labels else scale.categories[0])
    finally:
        other.close()


def test_help_glossary_opens_and_filters(window):
    dialog = show_glossary(window)
    try:
        assert dialog.isVisible()
        assert "krits per rating" in dialog.text.toPlainText()
        dialog.search.setText("BIC")
        text = dialog.text.toPlainText()
        assert "BIC" in text and "krits per rating" not in text
        assert show_glossary(window) is dialog
        dialog.search.setText("below 0")              # issue 55: what a J1 at -0.040 means
        assert "reading the classes the wrong way round" in dialog.text.toPlainText()
        assert "No term matches" in glossary_html("zzzz-not-a-term")
        assert window.action_glossary.text() == "&Glossary"
    finally:
        dialog.close()
