"""A category's label quoted in a sentence takes the reader's quotation marks (issue 54).

One function quotes a label (:func:`tapdesk.i18n.formats.quoted`): 'gold' in English,
„gold“ in German, « gold » in French, «gold» in Spanish. No template quotes a category itself,
so the Summary's Class 1 line ("cut point: Class 1 = ratings at or below „no medal“ ...") reads
as the German headline does.
"""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.data.binary import choose_class1
from tapdesk.data.scale import Scale
from tapdesk.errors import DataError
from tapdesk.i18n import formats
from tapdesk.i18n.catalogs import TEMPLATE
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.tooling import read
from tapdesk.report.words import QUOTED

NBSP = "\u00a0"
QUOTES = {"en": "'no medal'", "de": "„no medal“", "fr": f"«{NBSP}no medal{NBSP}»",
          "es": "«no medal»"}
WINE = Scale(categories=("1", "2", "3", "4"), labels=("no medal", "bronze", "silver", "gold"),
             ordinal=True)
CATEGORY_FIELDS = ("category", "cut", "categories")


@pytest.mark.parametrize("code", sorted(QUOTES))
def test_a_label_is_quoted_in_the_language(code):
    with i18n.language(code):
        assert formats.quoted("no medal") == QUOTES[code]
        assert formats.quoted_list(("a", "b")) == ", ".join(
            QUOTES[code].replace("no medal", x) for x in "ab")


@pytest.mark.parametrize("code", sorted(QUOTES))
def test_the_class_choice_reason_quotes_its_label_in_the_language(code):
    reason = choose_class1(WINE, cut="no medal").reason
    assert str(reason) == "cut point: Class 1 = ratings at or below 'no medal' in scale order"
    with i18n.language(code):
        said = shown(reason)
    assert QUOTES[code] in said
    if code != "en":
        assert "'no medal'" not in said


@pytest.mark.parametrize("code", ["de", "fr", "es"])
def test_a_label_not_on_the_scale_is_quoted_in_the_language(code):
    with pytest.raises(DataError) as error, i18n.language(code):
        WINE.resolve("platinum")
    with i18n.language(code):
        message = str(error.value)
    assert QUOTES[code].replace("no medal", "platinum") in message
    assert QUOTES[code].replace("no medal", "no medal (1)") in message


def test_no_template_quotes_a_category_itself():
    """A category reaches a template already quoted (``formats.quoted``): a template that wraps
    ``{category}`` (or ``{cut}``) in quotation marks would quote it in English in every
    language."""
    template = read(TEMPLATE)
    fields = "|".join(CATEGORY_FIELDS)
    quoted = re.compile(r"""['"„«]\s?\{(""" + fields + r")\}")
    found = [m.id for m in template if m.id and any(
        quoted.search(t) for t in (m.id if isinstance(m.id, tuple) else (m.id,)))]
    assert found == []


@pytest.mark.parametrize("code", sorted(QUOTES))
def test_the_report_finds_a_code_in_the_language_quotes(code):
    """The report names a quoted code by its label (``quoted_labels``) in every language's
    marks."""
    with i18n.language(code):
        text = f"x {formats.quoted('4')} y"
    found = QUOTED.search(text)
    assert found is not None and found.group(2) == "4"
