"""Issue 79 (a committee's first look): Analysis > Plan the next study... named its starting
values by bare letters ("t:", "a:", "p:") and said "Cost of a subject: 0.0 ratings". Each box
is named in words a reader without the model's letters understands (the letter kept), with a
tooltip; the extra cost of a subject says "none" when there is none, never "0.0"."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QFormLayout, QLabel

pytestmark = pytest.mark.gui

WORDS = {"t": "Share truly in Class 1 (t):", "a": "Accuracy (a):", "p": "Guess rate for Class 1 (p):"}


def _opened(window):
    from tapdesk.gui.dialogs.plan_dialog import PlanDialog
    window.action_plan.trigger()
    dialogs = window.findChildren(PlanDialog)
    assert dialogs
    return dialogs[-1]


def _label_of(dialog, box) -> QLabel:
    form = next(f for f in dialog.findChildren(QFormLayout) if f.indexOf(box) >= 0)
    label = form.labelForField(box)
    assert isinstance(label, QLabel)
    return label


def test_t_a_and_p_are_named_in_words_with_tooltips(window):
    dialog = _opened(window)
    for name, words in WORDS.items():
        box = dialog.boxes[name]
        label = _label_of(dialog, box)
        assert label.text() == words and label.buddy() is box
        assert label.toolTip() and label.toolTip() == box.toolTip()
        assert box.accessibleName() == words.rstrip(":")
    choices = [dialog.target_for.itemText(i) for i in range(dialog.target_for.count())]
    assert choices == ["Accuracy (a)", "Share truly in Class 1 (t)", "Guess rate for Class 1 (p)"]
    dialog.close()


def test_the_extra_cost_of_a_subject_says_none_never_zero_ratings(window):
    dialog = _opened(window)
    cost = dialog.subject_cost
    assert _label_of(dialog, cost).text() == "Extra cost per subject:"
    assert cost.value() == 0.0
    assert cost.text() == "none (only the ratings count)" and "0.0" not in cost.text()
    cost.setValue(2.0)
    assert cost.text() == "2.0 ratings"
    cost.setValue(0.0)
    assert cost.text() == "none (only the ratings count)"
    assert dialog.costs().subject == 0.0            # "none" is no cost, as the headline counts it
    dialog.close()
