"""A project keeps a sentence as what makes it (issue 54): a saved deferred text and a layout's
reason come back written in the language in force; a recipe naming a function TapDesk does not
write texts with comes back as its English only (opening a project never calls what it names)."""

from __future__ import annotations

import json

from tapdesk import i18n
from tapdesk.data.import_words import ROW_NUMBER
from tapdesk.data.wording import Worded, Wording
from tapdesk.gui.project.codec import decode, encode
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.formats import percent


def _round_trip(value):
    return decode(json.loads(json.dumps(encode(value))))


def test_a_saved_sentence_is_written_again_in_the_language_in_force():
    # Translators: (a test's) {share} is a percent.
    text = said("About {share} of the subjects truly belong to Class 1.", share=made(percent, 0.27))
    back = _round_trip(text)
    assert isinstance(back, Text) and back == text == "About 27% of the subjects truly belong to Class 1."
    with i18n.language("de"):
        assert back.shown() == text.shown() != str(text)


def test_a_saved_layout_reason_keeps_its_wording():
    reason = Worded(Wording.of(ROW_NUMBER))
    back = _round_trip(reason)
    assert isinstance(back, Worded) and back == reason == "(row number)"
    with i18n.language("de"):
        assert back.wording.text() == "(Zeilennummer)"


def test_a_recipe_naming_another_function_is_read_as_its_english():
    saved = {"__text__": "harmless", "recipe": encode(("call", "tapdesk.report.labels:write_labels",
                                                          ("/tmp/x.csv",)))}
    back = decode(saved)
    assert back == "harmless" and not isinstance(back, Text)
