"""``tapdesk examples`` in the language asked for (issue 54): the examples' titles, descriptions
and sources are the catalog texts Help > Examples shows (one source); JSON stays English."""

from __future__ import annotations

import json

import pytest

from tapdesk import i18n
from tapdesk.cli.main import main
from tapdesk.i18n.deferred import shown
from tapdesk.resources.examples import EXAMPLES


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def _printed(capsys, argv: list[str]) -> str:
    assert main(argv) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_examples_lists_titles_and_descriptions_in_the_language_asked_for(capsys, code):
    text = _printed(capsys, ["examples", "--language", code])
    with i18n.language(code):
        wanted = [(shown(ex.title), shown(ex.description), shown(ex.source)) for ex in EXAMPLES]
    for ex, (title, description, source) in zip(EXAMPLES, wanted, strict=True):
        assert f"{ex.name}: {title}\n  {description}\n" in text
        assert source in text
        assert str(ex.title) not in text and str(ex.description) not in text     # not English
    assert "R package by" not in text


def test_examples_follows_lang(capsys, monkeypatch):
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    assert "wine: Weinprämierung (echte Daten: 183 Weine, 4 Beurteiler)" in _printed(
        capsys, ["examples"])


def test_examples_json_stays_english(capsys):
    payload = json.loads(_printed(capsys, ["examples", "--json", "--language", "de"]))
    wine = payload["examples"][0]
    assert wine["title"] == "Wine judging (real data: 183 wines, 4 judges)"
    assert wine["source"].startswith("tapModel R package by David Eubanks")


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "there is no example 'beer'; the examples are wine, ptsd, writing"),
    ("de", "es gibt kein Beispiel „beer“; die Beispiele sind wine, ptsd, writing"),
    ("fr", "il n’y a pas d’exemple «\u00a0beer\u00a0»\u00a0; les exemples sont wine, ptsd, writing"),
    ("es", "no hay ningún ejemplo «beer»; los ejemplos son wine, ptsd, writing")])
def test_an_unknown_example_is_refused_in_the_language_shown(code, wanted):
    from tapdesk.errors import SettingError
    from tapdesk.resources.examples import get_example
    with pytest.raises(SettingError) as refused:
        get_example("beer")
    with i18n.language(code):
        assert str(shown(refused.value.args[0])) == wanted


def test_a_folder_in_the_way_is_refused_in_german(tmp_path):
    from tapdesk.errors import SettingError
    from tapdesk.resources.examples import copy_examples
    (tmp_path / "wine.csv").write_text("not the example", encoding="utf-8")
    with pytest.raises(SettingError) as refused:
        copy_examples(tmp_path)
    with i18n.language("de"):
        assert shown(refused.value.args[0]).endswith(
            "gibt es schon, und die Datei weicht vom Beispiel ab; verschieben Sie sie oder "
            "wählen Sie einen anderen Ordner")
