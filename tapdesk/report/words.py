"""Plain words for the report body: method names, model names, column names, intervals.

The body of a report speaks to a committee, so it never shows an engine's
raw keys (``fleiss_kappa``), technical model codes (``t-a0a1-p0p1``) or
numbers in scientific notation; those stay in the method notes, where the
precise terms belong. Every function here is pure text in, text out.
"""

from __future__ import annotations

import re
from typing import Any

from tapdesk.engine.results import Estimate, FitResult
from tapdesk.engine.words import QUANTITY_WORDS, quantity_words
from tapdesk.engine.words import interval_name as engine_interval_name
from tapdesk.engine.words import method_words as engine_method_words
from tapdesk.i18n import N_, _, formats, pgettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.report.local_words import interval_cell

NBSP = "\u00a0"
"""Joins the parts of an interval so it never wraps over two lines."""

MODEL_WORDS = {
    "tap": N_("t-a-p model, average rater"),
    "tap-a0a1": N_("t-a-p model with accuracy by true class"),
    "tap-p0p1": N_("t-a-p model with guess rate by true class"),
    "tap-a0a1-p0p1": N_("t-a-p model with accuracy and guess rate by true class"),
    "expert": N_("Expert-rater model (t = p)"),
    "per-rater": N_("t-a-p model, each rater on their own"),
    "categorical": N_("t-a-p model on all categories, average rater"),
    "categorical-per-rater": N_("t-a-p model on all categories, each rater on their own"),
    "dawid-skene": N_("Dawid-Skene model (full error table per rater)"),
    "mace": N_("MACE model (each rater knows the answer or guesses)"),
    "ordinal-cuts": N_("Ordinal analysis: t-a-p at every cut point"),
    "coefficients": N_("Classical agreement coefficients"),
}

# Translators: the square root of kappa as a table's column heads it (keep the root sign).
SQRT_KAPPA_WORDS = N_("\u221akappa")
COLUMN_WORDS = {
    "fleiss_kappa": "Fleiss' kappa", "sqrt_kappa": SQRT_KAPPA_WORDS, "sqrt(kappa)": SQRT_KAPPA_WORDS,
    "Fleiss kappa": "Fleiss' kappa", "false_positive_rate": "false-positive rate",
    "sd": "standard deviation", "SE": "standard error", "se": "standard error",
    "p-value": "p-value", "df": "degrees of freedom",
    "first": "first category", "second": "second category", "cut": "cut point",
    "rater": "rater", "ratings": "ratings", "subjects": "subjects", "kappa": "kappa",
    "method or reason": "how computed (or why not)",
}

SCI_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)e([-+]?\d+)\b")
RAW_KEY = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")
SQRT_KAPPA = re.compile(r"sqrt\(([Kk]appa)\)")
"""The engine's "sqrt(kappa)", as a language writes it ("sqrt(Kappa)" in German), for "√kappa"."""


def method_words(method: str) -> str:
    """The method in words, in the report's language (the engine's one table)."""
    return shown(engine_method_words(method))


def model_words(result: FitResult) -> str:
    """The model's name in plain words ("t-a-p model, average rater")."""
    return _(MODEL_WORDS[result.model]) if result.model in MODEL_WORDS else shown(result.title)


def humanise(text: Any) -> str:
    """A column or quantity name in words: no snake_case keys, no bare abbreviations."""
    text = str(text)
    if text in COLUMN_WORDS:
        return COLUMN_WORDS[text]
    return RAW_KEY.sub(lambda m: m.group(0).replace("_", " "), text)


def plain_numbers(text: str) -> str:
    """Numbers in scientific notation rewritten for readers ("p-value below 0.001"), in the
    current language ("unter 0,001").

    Small values (below 0.001) become "below 0.001", others are written out
    (three significant digits below 1000).
    """
    def rewrite(match: re.Match) -> str:
        value = float(match.group(0))
        if 0 < abs(value) < 0.001:
            # Translators: a number too small to write out (a p-value); {value} is "0.001"
            # in your language.
            return _("below {value}").format(value=formats.decimal(0.001, 3))
        return _written_out(value)
    return SCI_NUMBER.sub(rewrite, text)


def _written_out(value: float) -> str:
    """``value`` with three significant digits below 1000, whole above it ("0.015", "2500"), with
    the language's decimal mark."""
    three = format(value, ".3g")
    if abs(value) >= 1000 or "e" in three:
        return formats.decimal(value, 0)
    return formats.decimal(value, len(three.partition(".")[2]))


def plain(text: str) -> str:
    """Body text: scientific notation, raw keys and sqrt(kappa) rewritten; a text kept as its
    template (an engine's method, verdict or note) first written in the report's language
    (rewritten as a plain string it stayed English)."""
    return SQRT_KAPPA.sub("\u221a\\1", humanise(plain_numbers(shown(text))))


def interval_name(result: FitResult) -> str:
    """How intervals are called in the body: "95% interval", "95% credible interval"."""
    return engine_interval_name(result.method, result.level)


def interval_text(ci: tuple[float, float] | None, digits: int = 3) -> str:
    """"0.346 to 0.526" held together by non-breaking spaces; "-" without an interval."""
    if not ci or ci[0] is None or ci[1] is None:
        return "-"
    lo, hi = ci
    if lo != lo or hi != hi:                   # NaN
        return "-"
    if not is_source():
        return interval_cell(lo, hi, digits)
    return f"{lo:.{digits}f}{NBSP}to{NBSP}{hi:.{digits}f}"


def category_name(result: FitResult, code: str) -> str:
    """A category in the user's words: its value label, else the code."""
    return result.label(code)


LABELLED_CUT = re.compile(r"(.+) \((\S+\|\S+)\)")


def cut_codes(result: FitResult, cut: str) -> str:
    """A cut point's codes ("2|3"), from its codes or from the ordinal analysis's label of it,
    its names then its codes ("bronze | silver (2|3)")."""
    found = LABELLED_CUT.fullmatch(cut)
    if found and all(code in result.categories for code in found.group(2).split("|")):
        return found.group(2)
    return cut


def cut_name(result: FitResult, cut: str) -> str:
    """A cut point "2|3" (or its label "bronze | silver (2|3)") as "bronze | silver" (labels
    where the scale has them)."""
    cut = cut_codes(result, cut)
    if "|" not in cut:
        return category_name(result, cut)
    low, high = cut.split("|", 1)
    return f"{category_name(result, low)} | {category_name(result, high)}"


QUOTED = re.compile("(?<!\\w)(['\u201e\u00ab][\u00a0\u202f]?)"
                    "([^'\u201e\u201c\u00ab\u00bb\u00a0\u202f][^'\u201e\u201c\u00ab\u00bb]*?)"
                    "([\u00a0\u202f]?['\u201c\u00bb])(?!\\w)")
"""A quoted name in a sentence, in any shipped language's quotation marks ('4', „4“, « 4 »,
«4», as :func:`tapdesk.i18n.formats.quoted` writes them): the opening mark, the name, the
closing mark."""


CUT = re.compile(r"(?<![\w|])([^\s|:,;()']+)\|([^\s|:,;()']+)(?![\w|])")


def quoted_labels(result: FitResult, text: str) -> str:
    """Quoted category codes ("'4'") and cut points ("3|4") in a sentence or cell shown by
    their labels ("'gold'", "silver | gold")."""
    if not result.category_labels:
        return text

    def named(m: re.Match[str]) -> str:
        if m.group(1) not in result.categories or m.group(2) not in result.categories:
            return m.group(0)
        name = cut_name(result, m.group(0))
        labelled = text[:m.start()].endswith(f"{name} (") and text[m.end():].startswith(")")
        return m.group(0) if labelled else name    # "silver | gold (3|4)": named once already
    text = CUT.sub(named, text)
    return QUOTED.sub(lambda m: m.group(1) + result.label(m.group(2)) + m.group(3)
                      if m.group(2) in result.categories else m.group(0), text)


def cut_words(result: FitResult, cut: str) -> str:
    """A cut point "2|3" (or its label "bronze | silver (2|3)") as "bronze and silver" (for
    "between ... ")."""
    cut = cut_codes(result, cut)
    if is_source() or "|" not in cut:
        return cut_name(result, cut).replace(" | ", " and ")
    low, high = cut.split("|", 1)
    return formats.joined([category_name(result, low), category_name(result, high)])


def estimate_label(est: Estimate, result: FitResult | None = None) -> str:
    """"a", "p (gold)" or "a (bronze | silver)" for an estimate of a vector or per-cut parameter."""
    name = _(quantity_words(est.name)) if est.name in QUANTITY_WORDS else humanise(est.name)
    if est.category is None:
        return name
    if result is None:
        return f"{name} ({est.category})"
    return f"{name} ({cut_name(result, est.category)})"


def class_names(choice: Any, codes: Any) -> str:
    """"no medal or bronze": a class's categories joined as the reader joins a list
    (:meth:`ClassChoice.names`)."""
    return choice.names(codes)


def class_words(result: FitResult, which: int) -> str:
    """"Class 1 (no medal or bronze)" for a binary result, "Class 1" otherwise."""
    choice = result.class_choice
    if choice is None:
        # Translators: one of the two classes a binary fit splits the scale into; {number} is
        # 1 or 0 (keep the digit).
        return _("Class {number}").format(number=which)
    names = class_names(choice, choice.class1 if which == 1 else choice.class0)
    # Translators: as above, with the scale's categories the class holds ("no medal or bronze").
    return _("Class {number} ({categories})").format(number=which, categories=names)


def percent(value: float) -> str:
    return f"{100 * value:.0f}%" if is_source() else formats.percent(value)


def fact_heading() -> tuple[tuple[str, str], ...]:
    """The printed heading of a table's column of facts ("File", "Layout", "Intervals"): the
    exported column stays "Item"; the page says it in the report's language in the sense of an
    entry of a list (German "Angabe"), not the glossary's item, a question rated apart."""
    # Translators: the heading of the column that names each fact of the report's tables "Data"
    # and "Technical details" (File, Size, Layout, Model ...); an entry of a list, not an item
    # of a questionnaire (not the glossary's "item").
    return (("Item", pgettext("facts table heading", "Item")),)
