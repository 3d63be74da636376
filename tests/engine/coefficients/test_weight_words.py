"""Agreement weights refused in the reader's language: the option's values, the value given and
the scale's categories quoted as the language quotes a name ('linear', „linear“, « linear »,
«linear»), never ASCII quotes or a Python list written into the sentence (issue 54)."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.engine.coefficients.weights import resolve_weights
from tapdesk.errors import SettingError
from tests.languages import english_after  # noqa: F401 - fixture

Q = {"en": "'{}'", "de": "„{}“", "fr": "«\u00a0{}\u00a0»", "es": "«{}»"}
CODES = ["en", "de", "fr", "es"]


def _refusal(weights, ordinal: bool, code: str) -> str:
    with pytest.raises(SettingError) as refused:
        resolve_weights(weights, ("a", "b", "c"), ordinal)
    with i18n.language(code):
        return str(refused.value)


@pytest.mark.parametrize("code", CODES)
def test_an_unknown_kind_names_the_kinds_with_the_language_s_quotes(code):
    said = _refusal("cubic", True, code)
    assert all(Q[code].format(name) in said for name in ("linear", "quadratic", "cubic")), said
    assert code == "en" or "'" not in said, said


@pytest.mark.parametrize("code", CODES)
def test_weights_on_a_nominal_scale_quote_the_kind_and_the_categories(code):
    said = _refusal("linear", False, code)
    assert all(Q[code].format(name) in said for name in ("linear", "a", "b", "c")), said
    assert "[" not in said and (code == "en" or "'" not in said), said


@pytest.mark.parametrize("code", CODES)
def test_a_matrix_of_the_wrong_size_quotes_the_categories(code):
    said = _refusal([[1.0, 0.5], [0.5, 1.0]], True, code)
    assert all(Q[code].format(name) in said for name in ("a", "b", "c")), said
    assert code == "en" or "'" not in said, said


def test_the_english_is_as_before():
    assert _refusal("cubic", True, "en") == ("weights must be 'linear', 'quadratic' or a matrix, "
                                             "not 'cubic'")
