"""The data pane says why subjects are left out in the window's language (issue 54): "only one
rating" was written in English on a German screen, its count without grouping."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.readers import read_ratings
from tapdesk.gui.window.dataset_pane import describe_dataset
from tests.languages import english_after  # noqa: F401 - fixture

WANTED = {"en": "1 subjects left out: only one rating, so agreement cannot be seen",
          "de": "nur eine Bewertung, daher ist keine Übereinstimmung zu sehen",
          "fr": "une seule évaluation, donc l’accord ne peut pas être observé",
          "es": "solo una calificación, así que no se puede ver el acuerdo"}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_subject_rated_once_is_left_out_in_the_language(tmp_path, code):
    lines = ["subject,R1,R2,R3"] + [f"S{i},{i % 2},{(i + 1) % 3 % 2},{i % 3 % 2}"
                                    for i in range(1, 21)] + ["S21,1,,"]
    path = tmp_path / "panel.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with i18n.language("en"):
        dataset = read_ratings(path)
    with i18n.language(code):
        summary = describe_dataset(dataset, dataset.table)
    assert WANTED[code] in summary, summary
