"""Cell values: missing markers, trimming, case folding, numeric labels, and
the refusal of values that look continuous.

All cleaning runs on the *distinct* raw values (``pd.factorize`` first), so a
million ratings cost a handful of Python calls, not a million.
"""

from __future__ import annotations

import datetime as _dt
import math
import re
from dataclasses import dataclass, field
from typing import Iterable

import numpy as np
import pandas as pd

from tapdesk.data.scale import Scale, label_sort_key, numeric_value
from tapdesk.errors import DataError

DEFAULT_MISSING = ("", "NA", "N/A", "na", "n/a", "NaN", "nan", ".", "-", "-99", "#N/A")
"""Cells read as missing ratings unless the user declares them as categories."""

NEVER_CATEGORIES = frozenset({"inf", "-inf", "+inf", "infinity", "-infinity", "+infinity", "nan",
                              "-nan", "#div/0!", "#value!", "#ref!", "#num!", "#name?", "#null!",
                              "#n/a", "#error!", "err:502", "err:504", "#getting_data"})
"""Cell texts (compared in lower case) that are never a rating: infinities, not-a-number and
spreadsheet error values. They count as missing unless declared as categories."""

SUSPECT_CODES = ("999", "99", "-9", "-99", "-999", "9999", "99999", "-9999", "NULL", "None", "null",
                 "none", "?", "??", "missing", "Missing", "MISSING", "n.a.", "N.A.")
"""Labels that often stand for a missing rating; named in a warning when they are common."""

MAX_NUMERIC_CATEGORIES = 20
MAX_TEXT_CATEGORIES = 50
_NUMBER = re.compile(r"^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$")   # no backtracking
_DECIMAL_COMMA = re.compile(r"^[-+]?\d+,\d+$")


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
        if float(value).is_integer() and abs(value) < 1e15:
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
    """One spelling per number: "2.0", "02" and "2" become "2"; "2,5" with a decimal comma "2.5"."""
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
    """How raw rating cells become category labels; collects notes on the way."""

    missing: frozenset[str] = frozenset(DEFAULT_MISSING)
    trim: bool = True
    fold_case: bool = False
    decimal: str = "."
    declared: tuple[str, ...] | None = None
    trimmed: set[str] = field(default_factory=set)
    folded: set[str] = field(default_factory=set)
    not_ratings: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(cls, extra_missing: Iterable[str] = (), *, trim: bool = True, fold_case: bool = False,
              decimal: str = ".", declared: tuple[str, ...] | None = None,
              default_missing: bool = True) -> "ValueRules":
        markers = set(DEFAULT_MISSING if default_missing else ("",))
        markers |= {str(m).strip() if trim else str(m) for m in extra_missing}
        if declared:
            markers -= set(declared)      # a declared category is never a missing marker
        markers.add("")
        return cls(frozenset(markers), trim, fold_case, decimal, declared)

    def label(self, raw: object) -> str | None:
        """The category label of one raw cell, or None when it is missing."""
        text = cell_text(raw)
        stripped = text.strip()
        if stripped in self.missing or stripped == "":
            return None
        if stripped.lower() in NEVER_CATEGORIES and not (self.declared and stripped in self.declared):
            return None
        if self.trim:
            if stripped != text:
                self.trimmed.add(text)
            text = stripped
        elif text in self.missing:
            return None
        text = canonical_number(text, self.decimal)
        if self.fold_case and text.lower() != text:
            self.folded.add(text)
            text = text.lower()
        return text

    def notes(self) -> list[str]:
        out = []
        if self.trimmed:
            out.append(f"removed spaces around {len(self.trimmed)} distinct label(s), e.g. "
                       f"{sorted(self.trimmed)[0]!r}")
        if self.folded:
            out.append(f"case folded {len(self.folded)} distinct label(s) to lower case, e.g. "
                       f"{sorted(self.folded)[0]!r}")
        return out


@dataclass(frozen=True)
class Encoded:
    """Integer codes (-1 = missing) into ``labels``, in order of first appearance."""

    codes: np.ndarray
    labels: tuple[str, ...]


def encode_ratings(values, rules: ValueRules) -> Encoded:
    """Codes and labels of rating cells (missing markers -> -1); counts the cells that are
    never ratings (inf, #DIV/0! ...) in ``rules.not_ratings``."""
    array = values.to_numpy(dtype=object) if isinstance(values, pd.Series) else \
        np.asarray(values, dtype=object)
    codes, uniques = pd.factorize(array, use_na_sentinel=True)
    counts = np.bincount(codes[codes >= 0], minlength=len(uniques))
    for raw, n in zip(uniques, counts):
        text = cell_text(raw).strip()
        if text.lower() in NEVER_CATEGORIES and rules.label(raw) is None:
            rules.not_ratings[text] = rules.not_ratings.get(text, 0) + int(n)
    return _encode_codes(codes, uniques, rules.label)


def plus_minus_only(texts: Iterable[str], rules: "ValueRules") -> bool:
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
    array = values.to_numpy(dtype=object) if isinstance(values, pd.Series) else \
        np.asarray(values, dtype=object)
    codes, uniques = pd.factorize(array, use_na_sentinel=True)
    return _encode_codes(codes, uniques, clean)


def _encode_codes(codes: np.ndarray, uniques, clean) -> Encoded:
    index: dict[str, int] = {}
    remap = np.full(len(uniques) + 1, -1, dtype=np.int64)   # last slot serves code -1
    for i, raw in enumerate(uniques):
        lab = clean(raw)
        if lab is not None:
            remap[i] = index.setdefault(lab, len(index))
    return Encoded(remap[codes], tuple(index))


def case_clashes(labels: Iterable[str]) -> list[tuple[str, str]]:
    """Pairs of labels that differ only in letter case."""
    seen: dict[str, str] = {}
    out = []
    for lab in labels:
        key = lab.casefold()
        if key in seen and seen[key] != lab:
            out.append((seen[key], lab))
        seen.setdefault(key, lab)
    return out


def refuse_continuous(labels: Iterable[str], file: str, column: str | None,
                      max_categories: int = MAX_NUMERIC_CATEGORIES) -> None:
    """DataError when the ratings look like measurements or ids rather than categories."""
    labels = list(labels)
    numbers = [numeric_value(lab) for lab in labels]
    if labels and all(v is not None for v in numbers):
        fractional = sum(1 for v in numbers if not float(v).is_integer())
        if len(labels) > max_categories or (fractional >= 5 and len(labels) > 10):
            lo, hi = min(numbers), max(numbers)
            example = next((lab for lab, v in zip(labels, numbers) if not float(v).is_integer()),
                           labels[0])
            raise DataError(
                f"the ratings look like continuous measurements ({len(labels)} distinct numbers "
                f"from {lo:g} to {hi:g}, e.g. {example}), not categories. Rater-agreement models "
                "need a few categories: for measurements use an intraclass correlation (ICC) or "
                "a Bland-Altman analysis; to group the numbers, recode them into classes first; if "
                "they really are categories, declare them (or raise the largest number of "
                "categories)", file=file, column=column, settings=("categories", "max_categories"))
    elif len(labels) > max(MAX_TEXT_CATEGORIES, max_categories):
        raise DataError(
            f"the rating column holds {len(labels)} different labels (e.g. {', '.join(labels[:3])}); "
            "this looks like ids or free text rather than categories. Check which column holds the "
            "ratings and the layout, or declare the categories",
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
        cats = tuple(sorted(dict.fromkeys(list(value_order) + used), key=label_sort_key))  # code order
        ordn = ordinal if ordinal is not None else bool(measure_ordinal)
        return Scale(cats, ordinal=ordn, declared=True)
    if keep_order:
        cats = tuple(dict.fromkeys(list(keep_order) + used))
        if all(numeric_value(c) is not None for c in cats):
            cats = tuple(sorted(cats, key=label_sort_key))
        ordn = ordinal if ordinal is not None else all(numeric_value(c) is not None for c in cats)
        return Scale(cats, ordinal=ordn, declared=True)
    if not used:
        raise DataError("no ratings were found: every rating cell is empty or a missing marker")
    return Scale.infer(used, ordinal=ordinal)
