"""Cell values: missing markers, trimming, case folding, numeric labels, and
the refusal of values that look continuous.

All cleaning runs on the *distinct* raw values (``pd.factorize`` first), so a
million ratings cost a handful of Python calls, not a million.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from tapdesk.data.importer.intcodes import first_use_codes
from tapdesk.data.scale import (
    MAX_NUMERIC_CATEGORIES,
    Scale,
    are_scores,
    fixed_width_codes,
    label_sort_key,
    numeric_value,
)
from tapdesk.data.wording import Count, Decimal, Wording, Written
from tapdesk.errors import DataError
from tapdesk.i18n import N_

DEFAULT_MISSING = ("", "NA", "N/A", "na", "n/a", "NaN", "nan", ".", "-", "-99")
"""Cells read as missing ratings unless the user declares them as categories (spreadsheet
errors such as #N/A are missing too, with a note: see :func:`is_error_value`)."""

NEVER_CATEGORIES = frozenset({"inf", "-inf", "+inf", "infinity", "-infinity", "+infinity", "nan",
                              "-nan", "#div/0!", "#value!", "#ref!", "#num!", "#name?", "#null!",
                              "#n/a", "#error!", "err:502", "err:504", "#getting_data"})
"""Cell texts (compared in lower case) that are never a rating: infinities, not-a-number and
spreadsheet error values. They count as missing unless declared as categories."""

SUSPECT_CODES = ("999", "99", "-9", "-99", "-999", "9999", "99999", "-9999", "NULL", "None", "null",
                 "none", "?", "??", "missing", "Missing", "MISSING", "n.a.", "N.A.")
"""Labels that often stand for a missing rating; named in a warning when they are common (the
words among them are missing ratings by default, see :data:`MISSING_WORDS`)."""

MISSING_WORDS = frozenset({"missing", "missing value", "missing data", "system missing", "sysmis",
                           "null", "none", "nil", "n/a", "na", "n.a.", "n. a.", "nan", "not available",
                           "not applicable", "n.b.", "k.a.", "k. a.", "fehlt", "fehlend",
                           "manquant", "manquante", "mancante", "faltante", "ontbreekt",
                           # 'no data' and 'not applicable' as offices write them
                           "no data", "keine daten", "keine angabe", "pas de données",
                           "sin datos", "sem dados", "nessun dato", "geen gegevens",
                           "brak danych", "nie dotyczy", "no aplica", "não se aplica",
                           "non applicable", "non applicabile", "niet van toepassing",
                           # a member who stood aside for a conflict of interest gave no vote
                           "recused", "befangen", "récusé", "recusado", "ricusato",
                           # a timed task's answer not given in time
                           "timeout", "timed out", "time-out", "zeitüberschreitung",
                           # a run or routine never scored in a contest's sheet
                           "dns", "did not start", "dnf", "did not finish"})
"""Words (compared case-folded, without surrounding spaces) that name a missing value and
cannot be a rating. 'none' and 'nil' are categories beside other words ('none', 'mild',
'severe') and missing beside numbers only; that choice is made per file (``ValueRules.words``)."""

ZERO_WORDS = frozenset({"none", "nil"})
"""Missing words that are also the lowest category of a worded scale."""

_ONLY_MARKS = re.compile(r"^(?:\?+|-{2,3}|[\u2014\u2015]{1,3}|\u2013{2,3}|\.{2,3}|\[\s*\]|\{\s*\})$")
"""Marks of nothing given: '?', '--', '..', an em dash or a bar ('—', '―': a table's empty
cell as typesetters and Japanese forms write it; a lone hyphen or en dash may be a minus
rating and stays), and an empty list or set ('[]', '{}') that an annotation tool writes for a
text nobody labelled."""
LISTED = re.compile(r"""^\[\s*(['"])(?P<label>[^'"\[\]]+)\1\s*,?\s*\]$""")
"""A label written as a list of one, as annotation tools export a label cell ("['negative']",
'["pos"]'): the label itself."""
_PLACEHOLDER = re.compile(
    r"^[\s\-\u2013\u2014(<\[*.]*(?:please\s+|bitte\s+)?"
    r"(?:select|choose|pick|ausw\u00e4hlen|w\u00e4hlen|s\u00e9lectionner|selectionner|choisir|"
    r"seleccione|seleccionar|elija|elegir|seleziona|selezionare|selecione|selecionar|kies|"
    r"selecteer)"
    r"(?:\s+(?:one|an?\s+option|an?\s+answer|option|eine?|une?|uno|una|um|uma|een))?"
    r"[\s\-\u2013\u2014)>\]*.\u2026:]*$", re.IGNORECASE)
"""A form's dropdown left unchosen ('-- select --', 'Please choose...', '(Bitte wählen)'):
what the form shows before an answer is picked, never an answer."""
_NOT_DONE = re.compile(
    r"^(?:not|nicht|non|no|niet)\s+(?:yet\s+)?(?:documented|recorded|assessed|tested|done|evaluated|"
    r"measured|examined|scored|rated|graded|analy[sz]ed|reviewed|coded|classified|interpreted|"
    r"judged|observed|marked|jug\u00e9e?|juzgad[oa]|"
    r"ausgewertet|analysiert|analys\u00e9e?|analizad[oa]|dokumentiert|erhoben|beurteilt|bewertet|getestet|"
    r"untersucht|durchgef\u00fchrt|\u00e9valu\u00e9e?|renseign\u00e9e?|mesur\u00e9e?|test\u00e9e?|"
    r"evaluad[oa]|documentad[oa]|registrad[oa]|medid[oa]|consta|beoordeeld|getest)$")
"""A rating that was not made, in so many words ('not documented', 'nicht beurteilt', 'non
évalué', 'no evaluado'): a missing rating, never a category."""
_ERROR_WORD = re.compile(r"^#[\u00a1\u00bf]?[^\W\d]+(?:/(?:[^\W\d]+|0))*[!?]$")
_ERROR_SHORT = re.compile(r"^#(?:[^\W\d_]{2,3}|[^\W\d_]{1,3}/[^\W\d_]{1,3})$")
_SPACES = re.compile(r"[\s\u00a0\u2007\u202f\u200b\ufeff]+")
_PERCENT = re.compile(r"(\d)\s+%$")

MAX_TEXT_CATEGORIES = 50
_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")   # no backtracking
_DECIMAL_COMMA = re.compile(r"^[-+]?\d+,\d+$")


def is_error_value(text: str) -> bool:
    """A spreadsheet error value in any language, known by its form: '#', letters (and '/0'),
    then '!' or '?' (#DIV/0!, #WERT!, #NAME?, #¡VALOR!, #ЗНАЧ!), or '#' and a short upper-case
    abbreviation (#N/A, #NV, #N/D, #Н/Д); LibreOffice's 'Err:502'."""
    text = text.strip()
    if not text.startswith("#"):
        return text.lower() in NEVER_CATEGORIES
    return bool(_ERROR_WORD.match(text)) or (text.upper() == text and bool(_ERROR_SHORT.match(text)))


def missing_word(text: str) -> bool:
    """A word or mark that names a missing value (MISSING_WORDS, '?', '--', '..')."""
    folded = fold_label(text).casefold()
    return folded in MISSING_WORDS or bool(_ONLY_MARKS.match(folded)) or \
        bool(_PLACEHOLDER.match(folded)) or bool(_NOT_DONE.match(folded))


def fold_label(text: str) -> str:
    """One spelling per label: Unicode NFC, every run of spaces (no-break, thin, tabs) one
    space, no space between a number and '%' ('80 %' -> '80%'), no surrounding spaces."""
    text = unicodedata.normalize("NFC", text)
    text = _SPACES.sub(" ", text).strip()
    return _PERCENT.sub(r"\1%", text)


def cell_text(value: object) -> str:
    """Plain text of a cell: None/NaN -> "", 2.0 -> "2", dates in ISO form."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (bool, np.bool_)):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (float, np.floating)):
        if math.isnan(value):
            return ""
        if float(value).is_integer() and abs(float(value)) < 1e15:
            return str(int(value))
        return repr(float(value))
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (_dt.datetime, _dt.date, _dt.time)):
        return value.isoformat()
    return str(value)


def loose_number(text: str) -> float:
    """The number a cell spells, reading one comma as a decimal mark ("1,75"); NaN if none."""
    if text.count(",") == 1 and "." not in text:
        text = text.replace(",", ".")
    value = numeric_value(text)
    return np.nan if value is None else value


def decimals_shown(text: str) -> int:
    """How many decimals a number is written with ("2.50" -> 2); 0 for anything else."""
    text = text.replace(",", ".")
    return len(text.split(".")[1]) if "." in text and not np.isnan(loose_number(text)) else 0


def canonical_number(text: str, decimal: str = ".") -> str:
    """One spelling per number: "2.0", "02" and "2" become "2"; "2,5" with a decimal comma "2.5".
    Three digits or more with a leading zero ("0110") are a code and stay as written."""
    if len(text) >= 3 and text[0] == "0" and text.isdigit() and text.isascii():
        return text
    if decimal == "," and _DECIMAL_COMMA.match(text):
        text = text.replace(",", ".")
    if not _NUMBER.match(text):
        return text
    value = float(text)
    if not math.isfinite(value):
        return text
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return repr(value)


@dataclass
class ValueRules:
    """How raw rating cells become category labels; collects notes on the way.

    ``words``: words naming a missing value (MISSING_WORDS) are missing ratings, except the
    folded words in ``kept_words`` (a worded scale's 'none'). ``folded`` spellings of one
    label (Unicode forms, no-break or repeated spaces, '80 %') are made one when ``trim``.
    """

    missing: frozenset[str] = frozenset(DEFAULT_MISSING)
    trim: bool = True
    fold_case: bool = False
    decimal: str = "."
    declared: tuple[str, ...] | None = None
    words: bool = True
    kept_words: frozenset[str] = frozenset()
    trimmed: set[str] = field(default_factory=set)
    folded: set[str] = field(default_factory=set)
    respelled: dict[str, str] = field(default_factory=dict)
    spellings: dict[str, str] = field(default_factory=dict)
    not_ratings: dict[str, int] = field(default_factory=dict)
    missing_words: dict[str, int] = field(default_factory=dict)
    split_extras: bool = False
    """A cell that holds a rating and a share or score beside it ('B (70%)', 'pos [0.8]') is
    read as the rating (:data:`RATING_AND_EXTRA`)."""
    blank: str | None = None
    """The category a blank rating cell is read as (a tick list's unticked box), or None:
    a blank cell is a missing rating."""
    blank_columns: frozenset[str] = frozenset()
    """The rater columns whose blank cells are ``blank`` (none: every rater column)."""
    same: dict[str, str] = field(default_factory=dict)
    """Labels read as another label: one answer written differently ('✔' as '✓')."""
    unit: str | None = None
    """The unit or currency every rating is written with ('mm', '$'): a cell '23 mm' is read
    as the number 23 (:func:`unit_of`)."""
    listed: set[str] = field(default_factory=set)
    """Cells read from a list of one label (:data:`LISTED`)."""

    @classmethod
    def build(cls, extra_missing: Iterable[str] = (), *, trim: bool = True, fold_case: bool = False,
              decimal: str = ".", declared: tuple[str, ...] | None = None,
              default_missing: bool = True, split_extras: bool = False,
              blank: str | None = None, blank_columns: Iterable[str] = (),
              same: Iterable[tuple[str, str]] = ()) -> ValueRules:
        markers = set(DEFAULT_MISSING if default_missing else ("",))
        markers |= {str(m).strip() if trim else str(m) for m in extra_missing}
        if declared:
            markers -= set(declared)      # a declared category is never a missing marker
        markers.add("")
        return cls(frozenset(markers), trim, fold_case, decimal, declared, words=default_missing,
                   split_extras=split_extras, blank=blank, blank_columns=frozenset(blank_columns),
                   same=dict(same))

    def is_declared(self, text: str) -> bool:
        if not self.declared:
            return False
        return text in self.declared or fold_label(text) in self.declared

    def never_rating(self, text: str) -> bool:
        """An infinity, not-a-number or spreadsheet error value, not declared a category."""
        return (text.lower() in NEVER_CATEGORIES or is_error_value(text)) and \
            not self.is_declared(text)

    def word_missing(self, text: str) -> bool:
        """A word naming a missing value, read as missing (not declared, not kept)."""
        return self.words and missing_word(text) and not self.is_declared(text) and \
            fold_label(text).casefold() not in self.kept_words

    def label(self, raw: object) -> str | None:
        """The category label of one raw cell, or None when it is missing."""
        text = cell_text(raw)
        stripped = text.strip()
        if stripped in self.missing or stripped == "":
            return None
        if self.never_rating(stripped) or self.word_missing(stripped):
            return None
        if self.trim:
            if stripped != text:
                self.trimmed.add(text)
            folded = fold_label(stripped)
            if folded != stripped:
                self.respelled.setdefault(stripped, folded)
            text = folded
            if text in self.missing:
                return None
        elif text in self.missing:
            return None
        listed = LISTED.match(text)
        if listed:
            self.listed.add(text)
            text = listed.group("label").strip()
        if self.split_extras:
            text = rating_of(text)
        if self.unit is not None:
            text = number_without_unit(text, self.unit, self.decimal)
        text = canonical_number(text, self.decimal)
        text = self.same.get(text, text)
        if self.fold_case:
            return self._merged(text)
        return text

    def _merged(self, text: str) -> str:
        """One spelling for labels that differ only in case or spaces: the first seen, in
        lower case ('Pass', 'pass ', 'PASS' -> 'pass'; 'no pass', 'nopass' -> 'no pass')."""
        lower = text.lower()
        one = self.spellings.setdefault(look_alike_key(lower), lower)
        if one != text:
            self.folded.add(text)
        return one

    def notes(self) -> list[Wording]:
        out = []
        if self.trimmed:
            n = len(self.trimmed)
            # Translators: {n} is a number of labels; {label} one of them in quotes (' no ').
            out.append(Wording.ngettext("removed spaces around {n} distinct label, e.g. {label}",
                                        "removed spaces around {n} distinct labels, e.g. {label}",
                                        n, n=Count(n), label=repr(sorted(self.trimmed)[0])))
        if self.folded:
            n = len(self.folded)
            # Translators: {n} is a number of labels; {label} one of them in quotes.
            out.append(Wording.ngettext(
                "merged {n} distinct label that differ only in letter case or spaces, e.g. "
                "{label}",
                "merged {n} distinct labels that differ only in letter case or spaces, e.g. "
                "{label}", n, n=Count(n), label=repr(sorted(self.folded)[0])))
        if self.listed:
            n = len(self.listed)
            shown = sorted(self.listed)[0]
            inner = LISTED.match(shown)
            assert inner is not None           # what label() put in ``listed`` matched it
            # Translators: {n} is a number of labels; {label} one of them in quotes
            # ("['negative']"), {read} what it was read as ('negative').
            out.append(Wording.ngettext(
                "read {n} distinct label written as a list of one, e.g. {label}, as the label "
                "it holds ({read})",
                "read {n} distinct labels written as a list of one, e.g. {label}, as the labels "
                "they hold ({read} ...)", n, n=Count(n), label=repr(shown),
                read=repr(inner.group("label").strip())))
        return out


@dataclass(frozen=True)
class Encoded:
    """Integer codes (-1 = missing) into ``labels``, in order of first appearance."""

    codes: np.ndarray
    labels: tuple[str, ...]


def encode_ratings(values, rules: ValueRules) -> Encoded:
    """Codes and labels of rating cells (missing markers -> -1); counts the cells that are
    never ratings (inf, #DIV/0! ...) in ``rules.not_ratings`` and the words naming a missing
    value in ``rules.missing_words``."""
    codes, uniques = _factorized(values)
    counts = np.bincount(codes[codes >= 0], minlength=len(uniques))
    for raw, n in zip(uniques, counts):
        text = cell_text(raw).strip()
        if not text or text in rules.missing:
            continue
        if rules.never_rating(text):
            rules.not_ratings[text] = rules.not_ratings.get(text, 0) + int(n)
        elif rules.word_missing(text):
            rules.missing_words[text] = rules.missing_words.get(text, 0) + int(n)
    return _encode_codes(codes, uniques, rules.label)


def blanks_as(encoded: Encoded, values: np.ndarray, where: np.ndarray, blank: str) -> Encoded:
    """``encoded`` (the codes of ``values``) with the blank cells (empty or spaces only; not a
    missing word such as 'NA') among ``where`` read as the category ``blank``."""
    empty = np.array([v is None or (isinstance(v, float) and v != v) or not cell_text(v).strip()
                      for v in values], dtype=bool) & where
    labels = encoded.labels if blank in encoded.labels else encoded.labels + (blank,)
    out = encoded.codes.copy()
    out[empty] = labels.index(blank)
    return Encoded(out, labels)


def plus_minus_only(texts: Iterable[str], rules: ValueRules) -> bool:
    """True when '+' and '-' are the only ratings (besides missing markers other than '-')."""
    values = {t.strip() for t in texts} - (set(rules.missing) - {"-"}) - {""}
    return "+" in values and values <= {"+", "-"}


def id_text(raw: object) -> str | None:
    """Subject, rater or item id of a cell; None when blank."""
    text = cell_text(raw).strip()
    return text or None


def encode_ids(values) -> Encoded:
    return _encode(values, id_text)


def _encode(values, clean) -> Encoded:
    return _encode_codes(*_factorized(values), clean)


def _factorized(values) -> tuple[np.ndarray, np.ndarray]:
    """``pd.factorize`` of cells (missing: -1), uniques in order of first appearance; a
    categorical column (a long file read column by column) by its codes, in linear time."""
    if isinstance(values, pd.Series) and isinstance(values.dtype, pd.CategoricalDtype):
        cat = values.cat.codes.to_numpy()
        if len(cat) and cat.min() >= 0:
            categories = values.cat.categories
            codes, at = first_use_codes(cat, len(categories))
            return codes, categories.to_numpy(dtype=object)[at]
    array = values.to_numpy(dtype=object) if isinstance(values, pd.Series) else \
        np.asarray(values, dtype=object)
    return pd.factorize(array, use_na_sentinel=True)


def _encode_codes(codes: np.ndarray, uniques, clean) -> Encoded:
    index: dict[str, int] = {}
    remap = np.full(len(uniques) + 1, -1, dtype=codes.dtype)   # last slot serves code -1
    for i, raw in enumerate(uniques):
        lab = clean(raw)
        if lab is not None:
            remap[i] = index.setdefault(lab, len(index))
    return Encoded(remap[codes], tuple(index))


def look_alike_key(label: str) -> str:
    """What look-alike labels share: the label in lower case without any space ('No pass',
    'no  pass' and 'nopass' share 'nopass')."""
    return _SPACES.sub("", label).casefold()


def look_alike_groups(labels: Iterable[str]) -> list[tuple[str, ...]]:
    """Labels that differ only in letter case or spaces, grouped (in order of first
    appearance); only groups of two or more."""
    groups: dict[str, list[str]] = {}
    for lab in labels:
        groups.setdefault(look_alike_key(lab), []).append(lab)
    return [tuple(g) for g in groups.values() if len(g) > 1]


class ManyLabels(DataError):
    """The ratings are far too many words to be categories (ids or free text). ``narrower``
    holds the findings (audit ``Finding``) that would read the columns sharing the raters'
    words without the others, where there is such a reading."""

    narrower: tuple = ()


class Measurements(DataError):
    """The ratings are measurements (or ids), not categories: said whatever else was found.
    ``narrower`` holds the findings (audit ``Finding``) that would read the raters' own scale
    without the number columns beside it, where that reading is of categories."""

    narrower: tuple = ()


def refuse_continuous(labels: Iterable[str], file: str, column: str | None,
                      max_categories: int = MAX_NUMERIC_CATEGORIES) -> None:
    """DataError when the ratings look like measurements or ids rather than categories."""
    labels = list(labels)
    numbers = [v for v in map(numeric_value, labels) if v is not None]
    if len(numbers) == len(labels) and not fixed_width_codes(labels):   # every label a number
        if are_scores(labels, max_categories):
            lo, hi = min(numbers), max(numbers)
            example = next((lab for lab, v in zip(labels, numbers) if not float(v).is_integer()),
                           labels[0])
            # Translators: {n} is how many distinct numbers; {low} and {high} the smallest and
            # the largest; {example} one of them as the file writes it (with your language's
            # decimal mark).
            raise Measurements(Wording.of(N_(
                "the ratings look like continuous measurements ({n} distinct numbers from "
                "{low:g} to {high:g}, e.g. {example}), not categories. Rater-agreement models "
                "need a few categories: for measurements use an intraclass correlation (ICC) or "
                "a Bland-Altman analysis; to group the numbers, recode them into classes first; if "
                "they really are categories, declare them (or raise the largest number of "
                "categories)"), n=len(labels), low=Decimal(lo), high=Decimal(hi),
                example=Written(example)), file=file, column=column,
                settings=("categories", "max_categories"))
    elif len(labels) > max(MAX_TEXT_CATEGORIES, max_categories):
        # Translators: {n} is a number of labels (many); {examples} three of them joined by ", ".
        raise ManyLabels(Wording.of(N_(
            "the rating column holds {n} different labels (e.g. {examples}); this looks like ids "
            "or free text rather than categories. Check which column holds the ratings and the "
            "layout, or declare the categories"), n=len(labels), examples=", ".join(labels[:3])),
            file=file, column=column, settings=("rating_col", "layout", "categories"))


def make_scale(used: Iterable[str], *, declared: tuple[str, ...] | None, ordinal: bool | None,
               value_order: tuple[str, ...] | None = None, measure_ordinal: bool | None = None,
               keep_order: tuple[str, ...] | None = None) -> Scale:
    """The scale of the ratings: declared, from value labels, from column order, or inferred.

    ``keep_order`` (category columns or contingency labels) is used as given
    unless every label is numeric, and keeps unused categories.
    """
    used = list(used)
    if declared:
        return Scale(tuple(declared), ordinal=bool(ordinal) if ordinal is not None
                     else all(numeric_value(c) is not None for c in declared), declared=True)
    if value_order:                 # the file's value labels: every code, labelled or not, in
        cats = tuple(dict.fromkeys(list(value_order) + used))                            # code order
        if all(numeric_value(c) is not None for c in cats):
            cats = tuple(sorted(cats, key=label_sort_key))   # a categorical's words: its own order
        ordn = ordinal if ordinal is not None else bool(measure_ordinal)
        return Scale(cats, ordinal=ordn, declared=True)
    if keep_order:
        cats = tuple(dict.fromkeys(list(keep_order) + used))
        if all(numeric_value(c) is not None for c in cats):
            cats = tuple(sorted(cats, key=label_sort_key))
        ordn = ordinal if ordinal is not None else all(numeric_value(c) is not None for c in cats)
        return Scale(cats, ordinal=ordn, declared=True)
    if not used:
        raise DataError(Wording.of(N_("no ratings were found: every rating cell is empty or a "
                                      "missing marker")))
    return Scale.infer(used, ordinal=ordinal)


_DASHES = {"\u2013", "\u2014", "\u2012", "\u2212"}
_GROUPED = re.compile(r"^\d{1,3}(?:([.,\u00a0\u202f' ])\d{3})(?:\1\d{3})*$")
_WITH_SHARE = re.compile(r"^(\d[\d.,\u00a0\u202f' ]*)\s*[(\[]\s*[\d.,]+\s*%\s*[)\]]$")


def count_of(text: str, decimal: str = ".") -> float | None:
    """A count as a table prints it: '12', a dash for none ('\u2013'), thousands grouped
    ('1.520', '1,520', '1 520': a count is whole, so three digits after one mark are a group)
    and a count with its share ('40 (26.7%)'); None when the text is no count."""
    text = text.strip()
    if text in _DASHES:
        return 0.0
    shared = _WITH_SHARE.match(text)
    if shared:
        text = shared.group(1).strip()
    if _GROUPED.match(text):
        return float(re.sub(r"\D", "", text))
    return numeric_value(canonical_number(text, decimal))


RATING_AND_EXTRA = re.compile(r"^(?P<rating>.*?\S)\s*(?:\(\s*\d+(?:[.,]\d+)?\s*%\s*\)|"
                              r"\[\s*\d*[.,]?\d+\s*%?\s*\])$")
"""A cell that holds a rating and, in brackets, a share or a score: 'B (70%)', 'pos [0.8]',
'3 [90%]'."""


CODE_AND_LABEL = re.compile(r"^\d+\s*(?:[-\u2013:=)]|\.\s)\s*(?P<rating>[^\W\d_].*)$")
"""A cell that writes a scale's code before its label: '3 - Agree', '2: mild', '1) none'."""


FOOTNOTED = re.compile(r"^(?P<rating>.*?[^\s*†‡#°¹²³])\s*(?:\*{1,3}|[†‡#°¹²³])$")
"""A rating marked with a footnote sign: '3*', 'B†' (the sheet explains the sign elsewhere)."""


REMARKED = re.compile(r"^(?P<rating>.*?\S)\s*[(\[](?P<remark>[^\W\d_][^()\[\]]{0,30})[)\]]$")
"""A rating with a remark in brackets after it: '2 (sure)', 'B [unsure]' (a rating is read as
such only where the audit finds the remark follows several ratings, each given alone too)."""


def rating_of(text: str) -> str:
    """The rating of a cell that holds one and an extra in brackets ('B (70%)': 'B'), a code
    before it ('3 - Agree': 'Agree'), a footnote sign after it ('3*': '3') or a remark in
    brackets ('2 (sure)': '2'); the text as it is else."""
    found = RATING_AND_EXTRA.match(text) or FOOTNOTED.match(text) or REMARKED.match(text)
    text = found.group("rating") if found else text
    coded = CODE_AND_LABEL.match(text)
    return coded.group("rating").strip() if coded else text


def written_labels(text: str) -> tuple[str, ...]:
    """The labels a cell ``text`` may be read as, by the value rules that may apply to it, in
    this order: as written, its spaces and Unicode forms folded, a number in one spelling, a
    rating with an extra beside it as the rating ('LV (87)': 'LV'), then each in lower case.
    A label found in a cell's column (the reading audit's) is one of these."""
    folded = fold_label(text.strip())
    forms = (text, folded, canonical_number(folded), rating_of(folded))
    return tuple(dict.fromkeys(forms + tuple(f.lower() for f in forms)))   # case folded last


UNIT_VALUE = re.compile(r"^(?P<before>[$€£¥₹])?\s*(?P<number>[-−]?\d[\d.,\u00a0\u202f' ]*?)\s*"
                        r"(?P<after>[$€£¥₹]|[^\W\d_][^\W\d_/²³]{0,4}(?:[/²³][^\W\d_]{0,2})?)?$")
"""A number written with its currency or unit: '$412,500', '23 mm', '4,5 kg', '120 ml/h'."""
NO_UNITS = frozenset({"st", "nd", "rd", "th", "e", "er", "re", "x", "a", "b", "c"})
"""Endings that make a rank or a sub-grade ('2nd', '3e', '2a'), not a measurement's unit."""
SUB_GRADE = re.compile(r"^\d{1,2}\s?[^\W\d_]$")
"""A grade with a letter after its number ('2a', '3B', '4A'): a step of a numbered scale, not
text (the letters of :data:`NO_UNITS` are no unit for that reason; a column of them mixes no
text with its numbers)."""


def unit_of(text: str) -> str | None:
    """The currency sign or unit ``text`` writes its number with ('$', 'mm'), or None."""
    m = UNIT_VALUE.match(text.strip())
    if m is None or bool(m.group("before")) == bool(m.group("after")):
        return None
    unit = m.group("before") or m.group("after")
    return None if unit.casefold() in NO_UNITS else unit.casefold()


def number_without_unit(text: str, unit: str, decimal: str = ".") -> str:
    """``text`` without its ``unit`` and thousands marks ('$412,500' -> '412500'); ``text``
    unchanged when it is no number written with that unit."""
    m = UNIT_VALUE.match(text.strip())
    if m is None or unit_of(text) != unit:
        return text
    number = m.group("number").replace("−", "-").strip()
    sign, digits = ("-", number[1:]) if number.startswith("-") else ("", number)
    grouped = _GROUPED.match(digits)
    if grouped and grouped.group(1) != decimal:     # '1,500' is 1.5 where ',' is the decimal mark
        return sign + re.sub(r"\D", "", digits)
    return sign + digits
