"""One word per term (issue 54): each language's glossary (docs/glossary.<code>.md) fixes the
translation of the model's and the app's terms, and every catalog text whose English holds a
term says it with the glossary's word, so the screen, the report and the feedback sheets agree.

Each glossary's last section is read here: its table "Terms checked" (the English forms, the
forms the translation must hold), its table "Exceptions" (a term in one English text that is
meant in another sense there, with the reason) and, where the glossary has one, its table "Words
not used" (a word no translation may hold, with the reason: French « devinette », a riddle,
for a guess, issue 79)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from tapdesk.i18n import tooling

DOCS = Path(__file__).resolve().parents[2] / "docs"
LANGUAGES = tooling.translated_languages()
# Not words of a sentence: placeholders, command-line options, HTML tags.
MACHINE = re.compile(r"\{[^{}]*\}|--[\w-]+|<[^<>]*>")


def words(phrase: str) -> re.Pattern[str]:
    """A phrase as whole words, any case ("rater" is not in "per-rater" or "raters")."""
    return re.compile(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", re.IGNORECASE)


@dataclass(frozen=True)
class Term:
    name: str
    english: tuple[str, ...]        # phrases, matched as whole words, any case
    required: tuple[str, ...]       # one of these must be in the translation, any case; "A … B":
    #                                 A, then later B (a verb's parts: "lassen … nicht erkennen");
    #                                 "^Fall": a word starting so ("Fälle", not "Zufall");
    #                                 "^part$": that whole word
    longer: tuple[str, ...] = ()    # other terms' phrases that hold this one ("margin of error")

    def finds(self, text: str) -> bool:
        plain = MACHINE.sub(" ", text)
        for phrase in self.longer:
            plain = words(phrase).sub(" ", plain)
        return any(words(form).search(plain) for form in self.english)

    def said(self, text: str) -> bool:
        folded = text.casefold()
        return any(anchored(form).search(text) if form.startswith("^")
                   else in_order(form.casefold().split("…"), folded) for form in self.required)


def anchored(form: str) -> re.Pattern[str]:
    """"^Fall": a word that starts so; "^part$": that whole word (not "partie", "départ")."""
    whole = form.endswith("$")
    word = re.escape(form[1:-1] if whole else form[1:])
    return re.compile(rf"(?<!\w){word}" + (r"(?!\w)" if whole else ""), re.IGNORECASE)


def in_order(parts: list[str], text: str) -> bool:
    at = 0
    for part in (part.strip() for part in parts):
        at = text.find(part, at)
        if at < 0:
            return False
        at += len(part)
    return True


@dataclass(frozen=True)
class Exception_:
    term: str
    context: str | None
    msgid: str                      # the English text's beginning, as the glossary quotes it

    def covers(self, term: Term, message: Message) -> bool:
        return (self.term == term.name and (self.context or None) == message.context
                and english(message)[0].startswith(self.msgid))


def glossary_path(code: str) -> Path:
    return DOCS / f"glossary.{code}.md"


def rows(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first table under the ``### heading``, cells stripped of `code`."""
    section = text.split(f"### {heading}\n", 1)[1].split("\n#", 1)[0]
    lines = [line for line in section.splitlines() if line.startswith("|")][2:]
    return [[cell.strip().strip("`").replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line)[1:-1]]
            for line in lines]


def forms(cell: str) -> tuple[str, ...]:
    return tuple(form.strip().strip("`") for form in cell.split(";") if form.strip())


def terms(code: str) -> list[Term]:
    """The glossary's checked terms, each knowing the other terms' phrases that hold its own
    (so "margin" is not looked for in "margin of error", which has its own word)."""
    text = glossary_path(code).read_text(encoding="utf-8")
    made = [(name, forms(english_forms), forms(required))
            for name, english_forms, required in rows(text, "Terms checked")]
    every = [phrase for _name, english_forms, _required in made for phrase in english_forms]
    return [Term(name, english_forms, required,
                 tuple(phrase for phrase in every if phrase not in english_forms
                       and any(words(form).search(phrase) for form in english_forms)))
            for name, english_forms, required in made]


def exceptions(code: str) -> list[Exception_]:
    text = glossary_path(code).read_text(encoding="utf-8")
    return [Exception_(term, context or None, msgid)
            for term, context, msgid, _reason in rows(text, "Exceptions")]


def words_not_used(code: str) -> list[str]:
    """The glossary's words no translation may hold (none when it has no such table)."""
    text = glossary_path(code).read_text(encoding="utf-8")
    if "### Words not used\n" not in text:
        return []
    return [word for word, _reason in rows(text, "Words not used")]


def holds(word: str, text: str) -> bool:
    """``word`` written as a required form is: a substring, any case; "^mot": a word starting
    so; "^mot$": that whole word."""
    return bool(anchored(word).search(text)) if word.startswith("^") \
        else word.casefold() in text.casefold()


def english(message: Message) -> list[str]:
    return list(message.id) if isinstance(message.id, tuple | list) else [message.id]


def translations(message: Message) -> list[str]:
    return [str(form) for form in message.string] if isinstance(message.string, tuple | list) \
        else [str(message.string)]


def disagreements(code: str, catalog: Catalog) -> list[str]:
    """Each text whose English holds a glossary term and whose translation lacks its word."""
    found = []
    kept = exceptions(code)
    for term in terms(code):
        for message in catalog:
            if not message.id or not any(term.finds(text) for text in english(message)):
                continue
            if any(exception.covers(term, message) for exception in kept):
                continue
            for form in translations(message):
                if form and not term.said(form):
                    found.append(f"{code} {term.name!r}: {english(message)[0]!r} -> {form!r}")
    return found


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_text_says_each_term_with_the_glossarys_word(code):
    catalog = tooling.read(tooling.catalog_path(code), locale=code)
    assert disagreements(code, catalog) == []


@pytest.mark.parametrize("code", LANGUAGES)
def test_each_exception_is_one_text_of_the_catalog_that_holds_its_term(code):
    """An exception is narrow: it names one text, which holds the term (one no text needs any
    more, its English changed, is dropped rather than kept)."""
    catalog = tooling.read(tooling.catalog_path(code), locale=code)
    named = {term.name: term for term in terms(code)}
    for exception in exceptions(code):
        assert exception.term in named, exception
        term = named[exception.term]
        covered = [m for m in catalog if m.id and exception.covers(term, m)
                   and any(term.finds(text) for text in english(m))]
        assert len(covered) == 1, (exception, [m.id for m in covered])


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_text_uses_a_word_the_glossary_rules_out(code):
    catalog = tooling.read(tooling.catalog_path(code), locale=code)
    found = [f"{code} {word!r}: {english(message)[0]!r} -> {form!r}"
             for word in words_not_used(code) for message in catalog if message.id
             for form in translations(message) if form and holds(word, form)]
    assert found == []


def test_french_never_calls_a_guess_a_riddle():
    """« Devinette » is a riddle (issue 79): the guess rate is « taux de classe 1 au hasard »,
    a guess « évaluation donnée au hasard »; the verb « deviner » stays."""
    assert "^devinette" in words_not_used("fr")
    assert holds("^devinette", "le taux de Devinettes") and holds("^devinette", "une devinette")
    assert not holds("^devinette", "quand il devine") and not holds("^devinette", "devinée")


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_glossary_checks_the_issues_terms(code):
    names = {term.name for term in terms(code)}
    assert {"accuracy", "guess rate", "Class 1", "rater", "subject", "interval",
            "these data cannot tell", "judged together"} <= names


def test_the_check_finds_a_text_that_says_a_term_otherwise():
    term = Term("accuracy", ("accuracy", "accuracies"), ("Genauigkeit",))
    catalog = Catalog(locale="de")
    catalog.add("the rater's accuracy is {accuracy}", "die Treffsicherheit ist {accuracy}")
    catalog.add("{accuracy}; {guess}.", "{accuracy}; {guess}.")        # a placeholder only
    catalog.add("per-accuracy", "x")                                    # joined: another word
    catalog.add(("{n} accuracy", "{n} accuracies"), ("{n} Genauigkeit", "{n} Werte"))
    found = [m.id for m in catalog if m.id and any(term.finds(t) for t in english(m))
             and not all(term.said(s) for s in translations(m))]
    assert found == ["the rater's accuracy is {accuracy}", ("{n} accuracy", "{n} accuracies")]


def test_a_longer_term_is_its_own_and_a_verbs_parts_may_stand_apart():
    margin = Term("margin", ("margin",), ("Toleranz",), longer=("margin of error",))
    assert margin.finds("within the margin") and not margin.finds("its margin of error")
    told = Term("these data cannot tell", ("these data cannot tell",), ("Daten … nicht erkennen",))
    assert told.said("Wie oft, lassen diese Daten nicht erkennen")
    assert not told.said("nicht erkennen lassen die Daten")
    subject = Term("subject", ("subject",), ("^Fall", "^Fäll"))
    assert subject.said("Fallzahl") and subject.said("die Fälle") and subject.said("des Falls")
    assert not subject.said("der Zufall")
    share = Term("share", ("share",), ("^part$", "^parts$"))
    assert share.said("Part des sujets") and not share.said("une partie des sujets")


def test_german_writes_an_intervals_level_as_the_texts_do():
    """„95 %-Intervall“ (number, no-break space, %, hyphen: what ``{level}-Intervall`` makes),
    never „95-%-Intervall“, in the catalog and the glossary alike."""
    catalog = tooling.read(tooling.catalog_path("de"), locale="de")
    texts = [t for m in catalog if m.id for t in (m.string if isinstance(m.string, tuple)
                                                  else (m.string,))]
    assert [t for t in texts if re.search(r"\d-%-", t)] == []
    assert not re.search(r"\d-%-", (DOCS / "glossary.de.md").read_text(encoding="utf-8").replace(
        "nicht „95-%-Intervall“", ""))
    assert "95\u00a0%-Intervall" in texts


def test_german_calls_a_cut_point_schwelle_only():
    """The glossary's „Schwelle“ for a cut point, also where the English says "cut"; never
    „Schnitt“ (a word of its own, not „Abschnitt“ or „Durchschnitt“)."""
    catalog = tooling.read(tooling.catalog_path("de"), locale="de")
    texts = [t for m in catalog if m.id for t in (m.string if isinstance(m.string, tuple)
                                                  else (m.string,))]
    assert [t for t in texts if re.search(r"(?<!\w)Schnitt", t)] == []
    assert "Schnitt" in (DOCS / "glossary.de.md").read_text(encoding="utf-8")   # named as not used
