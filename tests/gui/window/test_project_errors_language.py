"""A project that cannot be opened and a prior that cannot be read are refused in the window's
language, a name in its quotes (issue 54): they were English on every screen."""

from __future__ import annotations

import json

import pytest

from tapdesk import i18n
from tapdesk.errors import DataError, SettingError
from tapdesk.gui.project import file as project
from tapdesk.gui.project.codec import decode
from tests.languages import english_after  # noqa: F401 - fixture

NOT_A_PROJECT = {"en": "this is not a TapDesk project file", "de": "keine TapDesk-Projektdatei",
                 "fr": "n’est pas un fichier de projet TapDesk",
                 "es": "no es un archivo de proyecto de TapDesk"}
NEWER = {"en": "saved by a newer TapDesk (format 99)", "de": "neueren TapDesk-Version gespeichert",
         "fr": "version plus récente de TapDesk", "es": "versión más reciente de TapDesk"}


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_file_that_is_no_project_is_refused_in_the_language(code):
    with pytest.raises(DataError) as other:
        project.parse_project('{"format": "x"}')
    with pytest.raises(DataError) as newer:
        project.parse_project(json.dumps({"format": project.FORMAT, "version": 99}))
    with i18n.language(code):
        assert NOT_A_PROJECT[code] in str(other.value) and NEWER[code] in str(newer.value)


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "unknown object type 'os.system'"), ("de", "unbekannten Objekttyp „os.system“"),
    ("fr", "type d’objet inconnu «\u00a0os.system\u00a0»"),
    ("es", "tipo de objeto desconocido «os.system»")])
def test_an_unknown_record_is_named_in_the_language_s_quotes(code, wanted):
    with pytest.raises(DataError) as refused:
        decode({"__type__": "os.system"})
    with i18n.language(code):
        assert wanted in str(refused.value), str(refused.value)


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "the prior for 'a' needs two positive numbers"),
    ("de", "die Prior-Verteilung für „a“ braucht zwei positive Zahlen"),
    ("fr", "la loi a priori de «\u00a0a\u00a0» demande deux nombres positifs"),
    ("es", "la distribución a priori de «a» necesita dos números positivos")])
def test_a_prior_that_is_no_number_is_refused_in_the_language(window, code, wanted):
    pane = window.model_pane
    column = next(c for c in range(pane.priors.columnCount())
                  if pane.priors.horizontalHeaderItem(c).text().strip() == "a")
    pane.priors.item(0, column).setText("x")
    with i18n.language(code), pytest.raises(SettingError) as refused:
        pane.priors_value()
    assert wanted in str(refused.value), str(refused.value)
