"""How Class 1 was chosen by default, in the language it is shown in (issue 54): the reason is
kept as a deferred text, English where it is stored (``is_default``, JSON), the reader's
language on a page or in the window."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.binary import choose_class1, default_choice
from tapdesk.data.scale import Scale
from tapdesk.i18n.deferred import shown
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

CHOICES = {
    "a rare last category": lambda: default_choice(Scale(("1", "2", "3"), ordinal=True),
                                                   [50, 49, 1]),
    "the last category": lambda: default_choice(Scale(("1", "2", "3"), ordinal=True),
                                                [50, 49, 10]),
    "a rare one of two": lambda: choose_class1(Scale(("no", "yes")), counts=[99, 1]),
    "the larger number": lambda: choose_class1(Scale(("1", "2"))),
    "the second of two": lambda: choose_class1(Scale(("a", "b"))),
}


@pytest.mark.usefixtures("pseudo")
@pytest.mark.parametrize("case", CHOICES)
def test_a_default_reason_is_translated(case):
    with i18n.language("en"):
        choice = CHOICES[case]()
    assert choice.is_default and str(choice.reason).startswith("default: ")
    with i18n.language("qps"):
        text = shown(choice.reason)
    assert text.startswith("[") and text.endswith("]"), text


def test_a_rare_category_in_german_keeps_the_english_stored():
    with i18n.language("en"):
        choice = default_choice(Scale(("1", "2", "3"), ordinal=True), [50, 49, 1])
    with i18n.language("de"):
        german = shown(choice.reason)
    assert german == ("Standard: die letzte nicht seltene Kategorie in Skalenreihenfolge, „2“, ist "
                      "Klasse 1 („3“ enthält weniger als 2\u00a0% der Bewertungen, zu wenige, um "
                      "standardmäßig Klasse 1 zu sein)")
    assert str(choice.reason) == ("default: the last category in scale order that is not rare, "
                                  "'2', is Class 1 ('3' holds under 2% of the ratings, too few to "
                                  "be Class 1 by default)")


def test_a_class_s_categories_are_joined_as_the_language_joins_alternatives():
    """"no medal or bronze or silver" in English (as always); in another language the list's
    own "or" form (Babel's): "no medal, bronze oder silver", "... ou ...", "... o ..."."""
    from tapdesk.data.binary import ClassChoice
    choice = ClassChoice(("1", "2", "3"), ("4",), "chosen",
                         labels=(("1", "no medal"), ("2", "bronze"), ("3", "silver"), ("4", "gold")))
    assert choice.names(choice.class1) == "no medal or bronze or silver"
    assert choice.names(("1", "2")) == "no medal or bronze"
    expected = {"de": "no medal, bronze oder silver", "fr": "no medal, bronze ou silver",
                "es": "no medal, bronze o silver"}
    for code, words in expected.items():
        with i18n.language(code):
            assert choice.names(choice.class1) == words
            assert " or " not in choice.names(("1", "2"))
