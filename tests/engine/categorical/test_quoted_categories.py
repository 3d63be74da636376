"""The K-category models' notices quote a category's label as the reader's language does
('never', „never“, « never », «never»), not with ASCII quotes written into the list; a rater with
too few labels is told so in the reader's language (issue 54); the English as before."""

from __future__ import annotations

import numpy as np
import pytest

from tapdesk import i18n
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.categorical.simulate import table_from_codes
from tapdesk.i18n.deferred import shown
from tests.languages import english_after  # noqa: F401 - fixture

NEVER = {"en": "'never'", "de": "„never“", "fr": "«\u00a0never\u00a0»", "es": "«never»"}


@pytest.fixture(scope="module")
def fitted():
    rng = np.random.default_rng(0)
    codes = rng.choice(3, size=(80, 4), p=[0.5, 0.3, 0.2])
    table = table_from_codes(codes, categories=("a", "b", "c", "never"))
    return (fit(FitRequest(model="categorical", n_starts=3), table),
            fit(FitRequest(model="dawid-skene", n_starts=2), table))


@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_an_unused_category_is_quoted_as_the_language_does(fitted, code):
    unused, = [n for n in fitted[0].warnings if n.code == "unused-category"]
    with i18n.language(code):
        message = unused.message
    assert NEVER[code] in message, message
    assert code == "en" or "'" not in message, message


TOO_FEW = {"en": "cannot be told from these data: fewer than 10 labels",
           "de": "lässt sich aus diesen Daten nicht erkennen: weniger als 10 Labels",
           "fr": "ces données ne permettent pas de le dire\u00a0: moins de 10 étiquettes",
           "es": "estos datos no permiten saberlo: menos de 10 etiquetas"}


@pytest.mark.parametrize("model", ["dawid-skene", "mace"])
@pytest.mark.parametrize("code", ["en", "de", "fr", "es"])
def test_a_rater_with_too_few_labels_is_told_in_the_language(model, code):
    rng = np.random.default_rng(1)
    codes = rng.choice(3, size=(60, 4), p=[0.5, 0.3, 0.2])
    codes[5:, 3] = -1                               # the fourth rater labels 5 subjects
    result = fit(FitRequest(model=model, n_starts=2), table_from_codes(codes, k=3))
    few = [e.meaning for e in result.raters[-1].estimates if e.se is None and e.category]
    assert few and str(few[0]).startswith(TOO_FEW["en"]), few
    with i18n.language(code):
        assert shown(few[0]).startswith(TOO_FEW[code]), shown(few[0])
