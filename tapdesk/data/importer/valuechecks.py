"""Checks on the rating values once the layout is known: '+'/'-' ratings, a rating column
that mixes text with numbers, values that are never ratings (inf, #DIV/0!), and codes
that look like missing-value markers (999, -9, NULL, ?) used as if they were ratings.
"""

from __future__ import annotations

import re
from dataclasses import replace

import pandas as pd

from tapdesk.data.importer.labelchecks import ratings_per_label
from tapdesk.data.importer.layouts import Detection, with_rating
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.roles import subjects_own
from tapdesk.data.importer.shortforms import ROMAN
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import (
    SUB_GRADE,
    SUSPECT_CODES,
    ZERO_WORDS,
    ValueRules,
    canonical_number,
    fold_label,
    missing_word,
    number_without_unit,
    plus_minus_only,
    unit_of,
)
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Count, Joined, Name, Share, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

_SUSPECT_SHARE = 0.05
_CROSS = frozenset({"X", "x"})
"""A cross: in many files the mark of a rating not made (a struck-out cell), in others a
category ('X' in the Deauville score): a suspect like '99', except beside Roman numerals."""


def rating_columns(det: Detection) -> list[str] | None:
    """The columns holding the ratings of the detected layout (None for count layouts)."""
    if det.layout == "long" and det.rating:
        return [det.rating]
    if det.layout in ("wide", "wide-rows"):
        return list(det.value_columns)
    return None


def rating_cells(table: Table, det: Detection) -> list[str] | None:
    """Distinct stripped rating cells of the detected layout (None for count layouts)."""
    cols = rating_columns(det)
    if cols is None:
        return None
    coded = table.codes()
    picked = coded.codes[:, [table.index(c) for c in cols]]
    return coded.text[pd.unique(picked.ravel())].tolist()


def adapt_plus_minus(table: Table, det: Detection, rules: ValueRules, book: NoteBook) -> None:
    """'-' is a category (not a missing rating) when '+' and '-' are the only ratings."""
    cells = rating_cells(table, det)
    if cells is None or "-" not in rules.missing or (rules.declared and "-" in rules.declared):
        return
    if plus_minus_only(cells, rules):
        rules.missing = rules.missing - {"-"}
        book.add("plus-minus", Wording.of(N_("the ratings are only '+' and '-', so '-' is read "
                                             "as a category (beside other ratings a lone '-' "
                                             "would mark a missing rating)")), action="kept")


def adapt_missing_words(table: Table, det: Detection, rules: ValueRules, book: NoteBook) -> None:
    """'none' (or 'nil') is the lowest category of a worded scale ('none', 'mild', 'severe') and
    a missing rating beside numbers; when every rating is a missing word, they are read as
    written (the suspect-code warning then names them)."""
    cells = rating_cells(table, det)
    if cells is None or not rules.words:
        return
    cells = [c for c in cells if c and c not in rules.missing and not rules.never_rating(c)]
    words = {fold_label(c).casefold() for c in cells if missing_word(c)}
    others = [c for c in cells if not missing_word(c)]
    if words and not others:
        rules.words = False
        return
    _short_missing(cells, words, rules, book)
    zero = words & ZERO_WORDS
    if zero and any(numeric_value(canonical_number(fold_label(c), rules.decimal)) is None
                    for c in others):
        rules.kept_words = rules.kept_words | zero
        shown = next(c for c in cells if fold_label(c).casefold() in zero)
        # Translators: {label} is a label of the file ("none").
        book.add("not-a-rating", Wording.of(N_("{label} is read as a category: beside other "
                                               "words it is the lowest point of the scale "
                                               "(beside numbers it would mark a missing rating)"),
                                            label=Name(shown)),
                 action="kept")


_INITIALS = re.compile(r"^[^\W\d_](?:\s*[/.]\s*[^\W\d_])+\.?$")
"""Letters each set apart by a slash or a full stop ('N/O', 'n.r.', 'N / S'): a short form
written as one (a bare 'NO' is a word of its own, as in yes/no)."""


def _short_missing(cells: list[str], words: set[str], rules: ValueRules, book: NoteBook) -> None:
    """A short form of a missing word the same ratings write in full is that missing word:
    'N/O' beside 'not observed', 'n.r.' beside 'not rated' (one rater abbreviates what another
    spells out). Only initials set apart by marks (:data:`_INITIALS`), each the first letter of
    a word of the phrase, in order; never a declared category."""
    phrases = sorted(w for w in words if len(w.split()) >= 2)
    if not phrases:
        return
    for cell in cells:
        letters = re.findall(r"[^\W\d_]", cell.casefold())
        if missing_word(cell) or not _INITIALS.match(cell.strip()) or rules.is_declared(cell):
            continue
        full = [w for w in phrases if [part[0] for part in w.split()] == letters]
        if len(full) != 1:
            continue
        rules.missing = rules.missing | {cell.strip()}
        # Translators: an import note; {short} a rating cell as written ('N/O'), {full} a
        # missing-value word the file writes in full ('not observed').
        book.add("not-a-rating", Wording.of(N_("{short} is read as a missing rating: it is "
                                               "the short form of {full}, which other ratings "
                                               "here write in full to mark a missing rating; "
                                               "declare it among the categories if it is one"),
                                            short=Name(cell.strip()), full=Name(full[0])),
                 action="guessed", settings=("categories",))


NEGATIVE_CODE = -7
"""Negative whole numbers this low beside a scale of ratings at or above zero look like a
survey tool's codes for an answer not given, shown or possible (-7, -9, -77, -99)."""


MIN_UNIT_VALUES = 3
"""Distinct numbers written with one unit that show the unit is the ratings' own."""


def adapt_units(table: Table, det: Detection, rules: ValueRules, book: NoteBook) -> None:
    """Ratings that each write a number with the same unit or currency ('23 mm', '$412,500')
    are those numbers: the unit is read off, and said (a measurement then meets the check for
    continuous numbers, as the same numbers written bare do)."""
    columns = rating_columns(det)
    if columns is None or rules.declared:
        return
    by_column = [_filled(table, c, rules) for c in columns]
    units = [{unit_of(c) for c in cells} for cells in by_column if cells]
    written = [u for u in units if u != {None}]
    if len(written) * 2 < len(units) or any(len(u) != 1 or None in u for u in written) or \
            len({u for one in written for u in one}) != 1:
        return         # the unit of most rater columns, each written with it throughout
    cells = [c for cells in by_column for c in cells if unit_of(c) is not None]
    unit = unit_of(cells[0])
    if unit is None or len(set(cells)) < MIN_UNIT_VALUES:
        return
    rules.unit = unit
    example = cells[0]
    # Translators: an import note; {unit} a unit or currency sign ('mm', '$'), {cell} a rating
    # as written, {number} the number it is read as.
    book.add("units", Wording.of(N_("the ratings are numbers written with {unit}: the unit is "
                                    "read off ({cell} as {number})"),
                                 unit=Name(unit), cell=Name(example),
                                 number=canonical_number(number_without_unit(example, unit,
                                                                             rules.decimal),
                                                         rules.decimal)),
             action="guessed")


def _filled(table: Table, column: str, rules: ValueRules) -> list[str]:
    """The distinct filled cells of ``column`` that are not missing-value marks, stripped."""
    texts = {t.strip() for t in table.texts(column, 2000)}
    return sorted(t for t in texts if t and t not in rules.missing and not rules.never_rating(t)
                  and not rules.word_missing(t))


def _mixed(labels) -> tuple[list[str], list[str]]:
    text = [lab for lab in labels if numeric_value(lab) is None and lab not in SUSPECT_CODES
            and not SUB_GRADE.match(lab)]
    nums = [lab for lab in labels if numeric_value(lab) is not None]
    return text, nums


def mixes_text_and_numbers(labels) -> bool:
    """Text labels beside numbers: a plain import takes such a rating column for a wrong
    mapping unless its categories are declared."""
    text, nums = _mixed(labels)
    return bool(text and nums)


def check_rating_column(table: Table, det: Detection, rules: ValueRules, user_named: bool,
                        declared: bool, book: NoteBook) -> Detection:
    """A guessed rating column mixing text labels with numbers is a wrong mapping: use another
    column that holds only categories, or refuse naming the column."""
    if det.layout != "long" or user_named or declared or not det.rating:
        return det
    _refuse_unrepeated(table, det.rating, rules)
    labels = _labels(table, det.rating, rules)
    text, nums = _mixed(labels)
    if not (text and nums) or _each_item_one_kind(table, det, rules):
        return det
    used = {det.subject, det.rater, det.item, det.rating}
    for col in table.columns:
        if col in used:
            continue
        other = _labels(table, col, rules)
        t2, n2 = _mixed(other)
        if 2 <= len(other) <= 20 and not (t2 and n2) and \
                not (det.subject and subjects_own(table, col, det.subject)):
            # a column holding one value for each subject (its modality, its session) is none
            # Translators: {column} and {other} are columns' names; {text} and {number} cells of
            # {column}.
            book.add("header-words", Wording.of(N_("column {column} mixes text (e.g. {text}) "
                                                   "with numbers (e.g. {number}), so it cannot "
                                                   "hold the ratings; column {other} holds only "
                                                   "categories and was read as the ratings"),
                                                column=Name(det.rating), text=Name(text[0]), number=nums[0],
                                                other=Name(col)), columns=[col], action="guessed")
            return replace(det, rating=col, reason=with_rating(det, col))
    # Translators: {text} is a cell of the file; {numbers} a few of its numbers joined by ", ".
    raise DataError(Wording.of(N_("the ratings mix text labels (e.g. {text}) with numbers (e.g. "
                                  "{numbers}), so this does not look like one rating scale. Check "
                                  "which column holds the ratings; if the text labels are real "
                                  "categories declare them all as categories, or mark them as "
                                  "missing codes"), text=Name(text[0]), numbers=", ".join(nums[:3])),
                    file=table.file, column=det.rating,
                    settings=("rating_col", "categories", "missing"))


def _each_item_one_kind(table: Table, det: Detection, rules: ValueRules) -> bool:
    """Each item's ratings are numbers alone or words alone (a 1-4 scale for some questions,
    Pass / Fail for another): one rating column of several scales, not a wrong column."""
    if not det.item or not det.rating:
        return False
    items, ratings = table.texts(det.item), table.texts(det.rating)
    by_item: dict[str, set[str]] = {}
    for item, text in zip(items, ratings):
        label = rules.label(text) if text else None
        if label is not None:
            by_item.setdefault(item, set()).add(label)
    return len(by_item) > 1 and not any(all(_mixed(labels)) for labels in by_item.values())


def _refuse_unrepeated(table: Table, col: str, rules: ValueRules) -> None:
    """A guessed rating column of words that differ in every row is not ratings (ratings
    repeat a few categories): labels of a codebook, names, ids or free text."""
    texts = [t for t in table.texts(col, limit=_UNREPEATED_ROWS) if rules.label(t) is not None]
    if len(texts) < 5 or len(set(texts)) < len(texts) or \
            any(numeric_value(t) is not None for t in texts):
        return
    # Translators: {first} and {second} are cells of the file.
    raise DataError(Wording.of(N_("the column read as the ratings holds a different word in every "
                                  "row (e.g. {first}, {second}), as ids or free text (or a "
                                  "codebook's labels) do, while ratings repeat a few categories: "
                                  "nothing here is ratings on one scale; open the file of the "
                                  "ratings, or say which column holds them"),
                               first=Name(texts[0]), second=Name(texts[1])),
                    file=table.file, column=col, settings=("rating_col", "layout"))


_UNREPEATED_ROWS = 2000


def _labels(table: Table, col: str, rules: ValueRules) -> list[str]:
    coded = table.codes()
    seen = []
    for raw in coded.text[pd.unique(coded.codes[:, table.index(col)])]:
        lab = rules.label(raw)
        if lab is not None:
            seen.append(lab)
        if len(seen) > 60:
            break
    return seen


def _counted(found: dict[str, int]) -> Joined:
    """Values each in the language's quotes with its count: "'#DIV/0!' (3), 'inf' (1)"."""
    return Joined(tuple(Joined((Name(k), f"({n})"), " ") for k, n in sorted(found.items())))


def value_notes(tables: dict, rules: ValueRules, book: NoteBook, declared: tuple[str, ...] | None,
                column: str | None) -> None:
    """Notes on values that are never ratings, and warnings on suspect missing codes."""
    if rules.not_ratings:
        shown = _counted(rules.not_ratings)
        cells = sum(rules.not_ratings.values())
        # Translators: {n} is a number of cells; {shown} the values with their counts
        # ("'#DIV/0!' (3), 'inf' (1)").
        book.add(
            "not-a-rating",
            Wording.ngettext("{n} cell holds values that are never ratings ({shown}: infinities, "
                             "not-a-number or spreadsheet errors); they were read as missing "
                             "ratings",
                             "{n} cells hold values that are never ratings ({shown}: "
                             "infinities, not-a-number or spreadsheet errors); they were read as "
                             "missing ratings", cells, n=Count(cells), shown=shown),
            action="left out",
            columns=[column] if column else (),
        )
    if rules.missing_words:
        shown = _counted(rules.missing_words)
        cells = sum(rules.missing_words.values())
        # Translators: {n} is a number of cells; {shown} the words with their counts
        # ("'n/a' (3)").
        book.add(
            "not-a-rating",
            Wording.ngettext("{n} cell holds words that name a missing value ({shown}); they were "
                             "read as missing ratings. If one is a category, declare it among the "
                             "categories",
                             "{n} cells hold words that name a missing value ({shown}); they were "
                             "read as missing ratings. If one is a category, declare it among the "
                             "categories", cells, n=Count(cells), shown=shown),
            action="left out",
            columns=[column] if column else (),
            settings=("categories", "default_missing"),
        )
    if rules.respelled:
        (a, b), n = next(iter(rules.respelled.items())), len(rules.respelled)
        # Translators: {n} is a number of label spellings; {written} and {read} a label as the
        # file writes it and as it was read, in quotes.
        book.add(
            "look-alike-labels",
            Wording.ngettext("{n} label spelling was folded into one category each (Unicode "
                             "form, no-break or repeated spaces, '80 %' as '80%'), e.g. {written} "
                             "read as {read}",
                             "{n} label spellings were folded into one category each (Unicode "
                             "form, no-break or repeated spaces, '80 %' as '80%'), e.g. {written} "
                             "read as {read}", n, n=Count(n), written=Name(_visible(a)),
                             read=Name(_visible(b))),
            action="guessed",
            settings=("trim",),
            columns=[column] if column else (),
        )
    counts = ratings_per_label(tables.values())
    total = sum(counts.values())
    for code in _suspects(tuple(counts), counts, total, declared):
        share = counts[code] / total
        # Translators: {code} is a label of the file ("-9"); {share} a percent.
        book.add("missing-code-suspect", Wording.of(N_(
            "{code} makes up {share:.0%} of the ratings and looks like a code for a missing "
            "rating, but it was read as a category; if it means missing, declare it a missing "
            "code"), code=Name(code), share=Share(share)), action="warning", suggested_missing=code,
                 settings=("missing",),
                 columns=[column] if column else ())


def _suspects(cats, counts: dict[str, int], total: int, declared) -> list[str]:
    if not total:
        return []
    out = []
    for code in cats:
        if (code not in SUSPECT_CODES and code not in _CROSS and not _negative_code(code, cats)) or \
                (declared and code in declared) or not counts.get(code):
            continue
        if code in _CROSS and any(c.strip() in ROMAN for c in cats if c != code):
            continue                      # 'X' beside 'IX', 'XI': ten
        others = [numeric_value(c) for c in cats if c != code]
        if code.lower() == "none" and any(v is None for v in others):
            continue                      # 'none' beside words ('mild', 'severe') is a category
        value = numeric_value(code)
        numbers = [v for v in others if v is not None]
        if value is not None and others and len(numbers) == len(others):
            if min(numbers) - 1 <= value <= max(numbers) + 1:
                continue                  # 99 beside 96, 97, 98: part of the scale
            outlier = value < 0 <= min(numbers) or abs(value) >= 5 * max(abs(v) for v in numbers)
            if outlier or counts[code] / total > _SUSPECT_SHARE:
                out.append(code)
        elif counts[code] / total > _SUSPECT_SHARE:
            out.append(code)
    return out


def _negative_code(code: str, cats) -> bool:
    """A negative whole number apart from a scale of numbers at or above zero: -7 or lower
    ('-77' beside marks 1-6), or -1 beside a scale that starts at 1 ('cannot judge')."""
    value = numeric_value(code)
    others = [numeric_value(c) for c in cats if c != code]
    if value is None or value >= 0 or not float(value).is_integer() or not others or \
            any(v is None or v < 0 for v in others):
        return False
    low = min(v for v in others if v is not None)
    return value <= NEGATIVE_CODE or (value == -1 and low >= 1)


def _visible(label: str) -> str:
    """A label with its invisible characters written out as ``repr`` writes them (a tab as
    ``\\t``), without ``repr``'s quotes: the sentence quotes it as its language does."""
    return repr(label)[1:-1]
