"""A text kept as its template and arguments (tapdesk.i18n.deferred): English as written, and
written again in the language current when it is shown."""

from __future__ import annotations

import json
import pickle

from tapdesk import i18n
from tapdesk.i18n import formats
from tapdesk.i18n.deferred import Text, capitalised, joined_text, made, said, shown

NBSP = "\u00a0"


def _interval() -> Text:
    return said("{low} to {high}", low=made(formats.decimal, 0.41, 2),
                high=made(formats.decimal, -0.625, 2))


def test_the_english_is_the_text_itself_wherever_it_goes():
    text = _interval()
    assert text == "0.41 to \u22120.62" and isinstance(text, str)
    assert json.dumps({"x": text}) == json.dumps({"x": "0.41 to \u22120.62"})
    assert shown(text) == "0.41 to \u22120.62"


def test_it_is_written_again_in_the_language_shown():
    text = _interval()
    with i18n.language("de"):
        assert shown(text) == "0,41 bis \u22120,62"
        assert str(text) == "0.41 to \u22120.62"         # the stored English never moves
    with i18n.language("fr"):
        assert shown(joined_text("; ", [text, made(formats.percent, 0.54)])) == \
            f"0,41 à \u22120,62{NBSP}; 54{NBSP}%"


def test_made_in_another_language_its_english_is_still_english():
    with i18n.language("de"):
        text = said("{low} to {high}", low=made(formats.percent, 0.5), high="x")
    assert text == "50% to x"


def test_it_survives_pickling_as_results_do_between_processes():
    text = capitalised(_interval())
    again = pickle.loads(pickle.dumps(text))
    assert isinstance(again, Text) and again == text
    with i18n.language(i18n.PSEUDO):
        assert shown(again).startswith("[")


def test_a_plain_text_is_shown_as_it_is():
    assert shown("J1") == "J1" and shown(None) == ""


def test_a_generator_runs_each_step_in_its_language_and_gives_the_callers_back_between():
    from tapdesk.i18n.current import each_step_in

    def steps():
        yield i18n.current_language()
        yield formats.decimal(0.5, 1)
        return i18n.current_language()

    seen = []
    with i18n.language("de"):
        run = each_step_in("en", steps())
        while True:
            try:
                seen.append((next(run), i18n.current_language()))
            except StopIteration as stop:
                seen.append((stop.value, i18n.current_language()))
                break
    assert seen == [("en", "de"), ("0.5", "de"), ("en", "de")]


def test_a_recipe_calls_only_tapdesks_own_writers():
    import pytest
    forged = Text("x", ("call", "os:getcwd", ()))
    with i18n.language("de"), pytest.raises(ValueError, match="TapDesk's writers"):
        shown(forged)
