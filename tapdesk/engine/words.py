"""Plain words for the engine's results: method names, p-values, interval levels, categories.

Every summary a reader sees first goes through these helpers, so the CLI,
the app and the report say the same thing the same way. The precise terms
(maximum-likelihood estimator, highest-density interval, nats ...) stay in
the details section and in ``--json``; :mod:`tapdesk.report.glossary`
explains each of them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from tapdesk.counting import count, number  # noqa: F401 - re-exported: words of counts live there
from tapdesk.i18n import N_, NC_, _, formats
from tapdesk.i18n.current import is_source, language
from tapdesk.i18n.deferred import Text, made, said, said_n, said_p, shown
from tapdesk.i18n.formats import MINUS
from tapdesk.i18n.languages import SOURCE

if TYPE_CHECKING:
    from tapdesk.data.binary import ClassChoice

METHOD_SHORT = "a fit's method, in the fits list"
"""The context of a method's short form: the window's narrow fits list and Compare."""

# Translators: the analyses' and methods' names, as a fit's summary, the report's headings and
# tables show them.
METHOD_WORDS: dict[str, dict[str, str]] = {
    "mle": {"": N_("Maximum likelihood"),
            # Translators: a fit's method in the narrow fits list and in Compare; keep it as
            # short as the English ("Vraisemblance max." where "Maximum de vraisemblance"
            # wrapped a fit over 5 lines).
            METHOD_SHORT: NC_("a fit's method, in the fits list", "Maximum likelihood")},
    "exact": {"": N_("Bayesian (exact)"),
              METHOD_SHORT: NC_("a fit's method, in the fits list", "Bayesian (exact)")},
    "mcmc": {"": N_("Bayesian (simulation)"),
             METHOD_SHORT: NC_("a fit's method, in the fits list", "Bayesian (simulation)")},
    "classical": {"": N_("Classical coefficients"),
                  METHOD_SHORT: NC_("a fit's method, in the fits list", "Analytic standard errors")},
}
"""What each ``FitResult.method`` code is called, by context: "" where a reader first looks (a
fit's summary, the report), :data:`METHOD_SHORT` where a surface needs it short. The one table
the engine, the report and the window render from."""


def class_words(choice: ClassChoice) -> tuple[Text, Text]:
    """Short phrases naming Class 1 and Class 0 for sentences ("'gold' or 'silver'", "one of 5
    categories"), written when shown."""
    def words(codes):
        if len(codes) > 3:
            return said_n_categories(len(codes))
        return made(quoted_names, tuple(choice.name(c) for c in codes))
    return words(choice.class1), words(choice.class0)


def said_n_categories(n: int) -> Text:
    # Translators: names a class made of many categories; {n} is their number (4 or more).
    return said_n("one of {n} category", "one of {n} categories", n, n=n)


def quoted_names(names: tuple[str, ...]) -> str:
    """Category names quoted and joined by "or": "'gold' or 'silver'" (the language's quotes)."""
    if is_source():
        return "'" + "' or '".join(names) + "'"
    return formats.joined([formats.quoted(name) for name in names], "or")


def method_words(method: str, context: str = "") -> str:
    """"Maximum likelihood", "Bayesian (exact)", "Bayesian (simulation)" ... (written when shown;
    ``context`` :data:`METHOD_SHORT` for the short form). An unknown code stays as it is."""
    if method not in METHOD_WORDS:
        return method
    template = METHOD_WORDS[method][context]
    return said_p(context, template) if context else said(template)


def p_words(p: float | None) -> Text:
    """A p-value as a reader expects it: "p < 0.001", "p = 0.004", "p = 0.27"; never 3.26e-05."""
    if p is None or not math.isfinite(p):
        return said("p not available")
    if p < 0.001:
        # Translators: a p value below the smallest one shown; {p} is "0.001" in your language.
        return said("p < {p}", p=made(formats.decimal, 0.001, 3))
    # Translators: a p value; {p} is the number ("0.004") in your language.
    return said("p = {p}", p=made(formats.decimal, p, 3 if p < 0.01 else 2))


def interval_level(text: str) -> float | None:
    """The level (in percent) a method text states: "profile likelihood, 97.5%" -> 97.5."""
    found = re.search(r"(\d+(?:\.\d+)?)\s*%", text or "")
    return float(found.group(1)) if found else None


OWN_ACCURACY = "a_own"
"""The key of a rater's own accuracy beside what the rater attributes predict for them ("a")."""

# Translators: a quantity's name as a table's column heads it (beside the symbols t, a, p).
# Translators: a quantity's name heading a rater's row of estimates. "correct": Dawid-Skene's
# chance that a rater's label is right when the subject truly is in the category named after it;
# "equal share": MACE's share of a category among a spammer's guesses, equal for each category.
QUANTITY_WORDS = {"false_positive_rate": N_("false-positive rate"), "a_own": N_("a (own ratings)"),
                  "sensitivity": N_("sensitivity"), "correct": N_("correct"),
                  "equal_share": N_("equal share"),
                  # Translators: Dawid-Skene's share of a rater's ratings that name the true
                  # category, as a rater's estimate is headed (beside "Accuracy", the accuracy
                  # beyond chance, the glossary's accuracy a).
                  "accuracy": N_("names the true category"),
                  # Translators: the square root of kappa as an estimate's name (the expert
                  # model's moment estimate of accuracy).
                  "sqrt_kappa": N_("sqrt kappa")}
"""Quantity keys (as the JSON writes them) whose words differ from the key's own."""


def quantity_words(name: str) -> str:
    """A quantity's key as a reader sees it: "false_positive_rate" -> "false-positive rate"
    (marked: :func:`tapdesk.i18n.deferred.shown` translates it where it is shown)."""
    return QUANTITY_WORDS.get(name, name.replace("_", " "))


# Translators: a parameter's name as a table's row or column heads it (its symbol t, a, p ... is
# in the tooltip); "Class 1" is the class the user chose as "1".
PARAMETER_WORDS = {
    "t": N_("Truly Class 1"), "a": N_("Accuracy"), "p": N_("Guesses Class 1"),
    "a0": N_("Accuracy if truly Class 0"), "a1": N_("Accuracy if truly Class 1"),
    "p0": N_("Guesses Class 1 if truly Class 0"), "p1": N_("Guesses Class 1 if truly Class 1"),
    "q1": N_("Says Class 1 if truly Class 1"), "q0": N_("Says Class 1 if truly Class 0"),
    "sensitivity": N_("Sensitivity"), "false_positive_rate": N_("False-positive rate"),
    "a_own": N_("Accuracy on own ratings"),
}
"""A parameter's name as a working screen heads it (the symbol goes to the tooltip); marked for
the catalog, :func:`parameter_words` writes it in the current language."""

CATEGORY_PARAMETER_WORDS = {
    # Translators: a share of one category in a model of several categories (no Class 1 there),
    # as a table's row or column heads it: the share of subjects truly in it; {category} is the
    # category's name ("gold").
    "t": N_("Truly {category}"),
    # Translators: a guess rate of one category in a model of several categories (no Class 1
    # there), as a table's row or column heads it: how often a guess names it; {category} is
    # the category's name ("gold").
    "p": N_("Guesses {category}"),
}
"""The t and p of one category of a model of several categories, which has no Class 1: named
by the category itself ("Truly gold", never "Truly Class 1 (4)": issue 79)."""


# Translators: a rater's accuracy as headed beside the rater's own ("Accuracy on own ratings"):
# what the rater attributes (age, training ...) predict for the rater.
BESIDE_OWN_WORDS = {"a": N_("Accuracy the attributes predict")}
"""A rater's estimate as headed beside the rater's own ("a_own"): with accuracy modelled on
rater attributes, "a" is what the attributes predict for the rater, not the rater's own."""


def parameter_words(name: str, category: str | None = None) -> str:
    """A parameter's key in words, in the current language: "a" -> "Accuracy", "a[J1]" ->
    "Accuracy (J1)", "false_positive_rate" -> "False-positive rate"; unknown keys lose their
    underscores. Machine names (JSON keys, exported columns) keep the keys themselves.

    ``category`` names the scale's category ("gold") an estimate of a model of several
    categories is of: its t and p read "Truly gold" and "Guesses gold"
    (:data:`CATEGORY_PARAMETER_WORDS`), another quantity "Correct (gold)".
    :meth:`tapdesk.engine.results.FitResult.estimate_words` says when an estimate is one."""
    if category is not None:
        if name in CATEGORY_PARAMETER_WORDS:
            return _(CATEGORY_PARAMETER_WORDS[name]).format(category=category)
        name = f"{name}[{category}]"
    base, _sep, inner = name.partition("[")
    words = PARAMETER_WORDS.get(base)
    if words is None:
        plain = _(quantity_words(base))
        words = plain[:1].upper() + plain[1:]
    else:
        words = _(words)
    if not inner:
        return words
    # Translators: a parameter of one category or rater: {quantity} is its name ("Accuracy"),
    # {which} the category or rater ("J1").
    return _("{quantity} ({which})").format(quantity=words, which=inner.rstrip("]"))


def category_label(code: str, categories: Sequence[str], labels: Sequence[str]) -> str:
    """The category's value label ("gold"), or the code itself when it has none (``labels``
    parallel to ``categories``, "" where a code has none; () when the scale has none)."""
    if code in categories and labels:
        return labels[list(categories).index(code)] or code
    return code


def estimate_words(name: str, category: str | None = None, *, categories: Sequence[str] = (),
                   label: Callable[[str], str] = str, class1: bool = True) -> str:
    """An estimate's name in words, as a working screen heads it (the app's Summary, Raters
    and Compare tabs, the plots, a running fit's live plots): ``category`` is the category it
    is of (an :class:`~tapdesk.engine.results.Estimate`'s), or ``name`` carries it in brackets
    ("t[4]", as traces, posteriors and Compare write it). A fit without Class 1 (``class1``
    False: a model of several categories) names a t or p of one of the scale's ``categories``
    by that category's label (``label(code)``): "Truly gold" and "Guesses gold", never "Truly
    Class 1" (issue 79); other quantities of a category read "Correct (gold)". A category that
    is no category of the scale (an ordinal cut, "2|3") follows the name: "Accuracy: 2|3".
    :meth:`tapdesk.engine.results.FitResult.estimate_words` names a fit's estimates so."""
    base, _sep, inner = name.partition("[")
    code = category if category is not None else (inner[:-1] if inner.endswith("]") else None)
    if code is not None and not class1 and code in categories and (
            category is not None or base in CATEGORY_PARAMETER_WORDS):
        return parameter_words(base, label(code))
    if category is None:
        return parameter_words(name)
    return formats.labelled(parameter_words(name), category_phrase(category, label(category)))


def interval_name(method: str, level: float) -> Text:
    """The interval's level and kind in words: "95% interval" or "95% credible interval"."""
    level_text = made(level_percent, level)
    if method in ("exact", "mcmc"):
        # Translators: a column's or a sentence's name of a Bayesian interval; {level} is "95%".
        return said("{level} credible interval", level=level_text)
    # Translators: the name of a confidence interval with its level; {level} is "95%".
    return said("{level} interval", level=level_text)


def interval_sentence(method: str, level: float) -> Text:
    """One plain sentence on what the intervals are, with their level."""
    level_text = made(level_percent, level)
    if method in ("exact", "mcmc"):
        # Translators: what a Bayesian fit's intervals are; {level} is their level ("95%").
        return said("{level} credible intervals: given the data and the priors, the true value "
                    "lies in the range with {level} probability", level=level_text)
    # Translators: what a fit's confidence intervals are; {level} is their level ("95%").
    return said("{level} intervals: the range of values the data support ({level} confidence)",
                level=level_text)


def category_phrase(code: str, label: str) -> str:
    """A category for a table header: "gold (4)" when it has a label, else "4"."""
    return code if not label or label == code else f"{label} ({code})"


def level_percent(level: float) -> str:
    """An interval level as a percent: "95%", "80%", "97.5%" (as few decimals as it needs, at
    most four)."""
    shown = round(100 * float(level), 4)
    digits = 0 if shown == int(shown) else len(f"{shown:g}".partition(".")[2])
    return formats.percent(shown / 100, digits)


def level_key(level: float) -> str:
    """An interval level as English writes it whatever the language ("95%", "97.5%"): for the
    names that never move (exported columns, the labels file) and for reading a level back."""
    with language(SOURCE):
        return level_percent(level)


def number_text(value: float | None, spec: str = ".3f") -> str:
    """The one way a number is shown to people: ``format(value, spec)`` with a real minus sign
    ("\u22120.383", "\u22120.21", "+0.24"); a value that rounds to zero has no sign ("0.000",
    never "-0.000"); a dash for None/NaN. Every surface read by people (the app, the report,
    the feedback sheets, the command line's text) shows numbers through it; machine output
    (``--json``, CSV and XLSX tables) keeps the numbers themselves. A fixed-point ``spec``
    (".3f", "+.1f") is :func:`tapdesk.i18n.formats.decimal` (the language's decimal mark)."""
    fixed = _FIXED.fullmatch(spec)
    if fixed is not None:
        return formats.decimal(value, int(fixed.group(2)), plus=bool(fixed.group(1)))
    if value is None or not math.isfinite(value):
        return "-"
    return formats.signed(format(value, spec))


_FIXED = re.compile(r"(\+?)\.(\d+)f")


def with_minus(text: str) -> str:
    """A shown number's leading hyphen as a real minus sign ("-0.383" to "\u22120.383")."""
    return MINUS + text[1:] if text.startswith("-") and len(text) > 1 else text


def percent(value: float) -> str:
    """A share in whole percent, never "100%" or "0%" for a share that is not exactly 1 or 0.

    0.9999984 reads "over 99%" and 0.0000016 "under 1%": a reader takes
    "100%" as "always", which an estimate short of 1 does not say.
    """
    if not math.isfinite(value):
        return "-"
    shown = round(100 * value)
    if shown >= 100 and value < 1:
        # Translators: a share just short of 100%; {percent} is "99%" as your language writes it.
        return _("over {percent}").format(percent=formats.percent(0.99))
    if shown <= 0 and value > 0:
        # Translators: a share just above 0%; {percent} is "1%" as your language writes it.
        return _("under {percent}").format(percent=formats.percent(0.01))
    return formats.percent(value)


def plus_minus(error: float | None, decimals: int) -> str:
    """A Monte Carlo (or standard) error after its figure: " \u00b1 0.004", or "" when there is
    none or it rounds to nothing at the figure's ``decimals`` (never "\u00b1 0.000").

    Parameters
    ----------
    error
        The error, on the figure's own scale (points for a percentage).
    decimals
        The decimals the figure is written with; the error gets as many.
    """
    if error is None or not math.isfinite(error) or round(error, decimals) == 0:
        return ""
    return f" \u00b1 {formats.decimal(error, decimals)}"


def time_left_words(seconds: float) -> str:
    """An estimate of the time left, as a person says it: "a few seconds left", "about 40 s
    left", "about 2 min left", "about 1 h 20 min left" (rounded: it is an estimate), in the
    current language."""
    if not math.isfinite(seconds) or seconds < 0:
        return ""
    if seconds < 10:
        # Translators: a progress bar's estimate of the time left.
        return _("a few seconds left")
    if seconds < 55:
        # Translators: the time left; {seconds} is a number of seconds (10 to 50).
        return _("about {seconds} s left").format(seconds=formats.integer(10 * round(seconds / 10)))
    minutes = max(1, round(seconds / 60))
    if minutes < 60:
        # Translators: the time left; {minutes} is a number of minutes.
        return _("about {minutes} min left").format(minutes=formats.integer(minutes))
    hours, rest = divmod(10 * round(minutes / 10), 60)
    if rest:
        # Translators: the time left; {hours} hours and {minutes} minutes.
        return _("about {hours} h {minutes} min left").format(hours=formats.integer(hours),
                                                               minutes=formats.integer(rest))
    # Translators: the time left; {hours} is a number of hours.
    return _("about {hours} h left").format(hours=formats.integer(hours))


MAX_PERCENT_DIGITS = 2
"""Shares closer than 0.01 points are not told apart: a reader gains nothing from more
decimals, and six of them ("0.000000-99.983365%") only look precise."""


def percent_digits(*values: float) -> int:
    """The fewest decimals (0 to MAX_PERCENT_DIGITS) at which different shares read differently
    in percent: the one rule every interval and estimate-with-interval follows."""
    distinct = sorted({float(v) for v in values if math.isfinite(v)})
    for digits in range(MAX_PERCENT_DIGITS + 1):
        texts = {f"{100 * v:.{digits}f}" for v in distinct}
        if len(texts) == len(distinct):
            return digits
    return MAX_PERCENT_DIGITS


def _share_end(value: float, digits: int) -> str:
    """One end in percent with ``digits`` decimals, never 0 or 100 unless exactly 0 or 1."""
    text = f"{100 * value:.{digits}f}"
    if value in (0.0, 1.0) or float(text) not in (0.0, 100.0):
        return text
    if digits < 2:
        return _share_end(value, digits + 1)
    return "<0.01" if value < 0.5 else ">99.99"


def _share_shown(end: str) -> str:
    """An end of :func:`_share_end` ("44", "<0.01") as the current language writes a percent."""
    bound, figure = (end[:1], end[1:]) if end[:1] in "<>" else ("", end)
    digits = len(figure.partition(".")[2])
    return bound + formats.percent(float(figure) / 100, digits)


def _under_one(end: str) -> bool:
    """Whether an end of :func:`_share_end` ("0.04", "<0.01") is a figure between 0 and 1,
    which, before a hyphen and without its own percent sign, reads as a proportion."""
    figure = end.lstrip("<>-")
    return 0 < float(figure) < 1


def percent_range(low: float, high: float, digits: int | None = None) -> str:
    """An interval of shares in percent, "44-65%", with the decimals it takes to show two
    different ends (:func:`percent_digits`), none rounded to 0% or 100% unless it is exactly
    0 or 1 ("60.2-60.9%", not "60-60%"; "98-99.96%", not "98-100%"; "99 to >99.99%" beyond
    that). ``digits`` asks for at least that many decimals. An end between 0% and 1% takes its
    own percent sign, as every end does in another language ("0.04% to 75%": "0.04-75%" read
    as a proportion to a percent, issue 79). Another language writes both ends as its
    percents, with its word between ("44 % bis 65 %")."""
    digits = max(digits or 0, percent_digits(low, high))
    lo, hi = _share_end(low, digits), _share_end(high, digits)
    if lo == hi and low != high:    # closer than the decimals a reader is shown
        # Translators: two ends of an interval that differ by less than the decimals shown;
        # {percent} is one of them ("54.2%").
        return _("within 0.01 points of {percent}").format(
            percent=f"{lo}%" if is_source() else _share_shown(lo))
    if not is_source() or _under_one(lo) or _under_one(hi):
        return formats.ends(_share_shown(lo), _share_shown(hi))
    joint = " to " if (lo + hi)[:1] in "<>-" or hi[:1] in "<>" else "-"   # "-" never "to"
    return f"{with_minus(lo)}{joint}{with_minus(hi)}%"


def percent_with_interval(value: float, interval: tuple[float, float] | None,
                          level: float, name: str | None = None) -> str:
    """"54% (95% interval 44-65%)": a share in words with its interval at ``level``; the
    estimate and the ends get the decimals it takes to tell apart those that differ.
    ``name`` names the interval instead ("95% credible interval", see :func:`interval_name`)."""
    if not interval:
        return percent(value)
    apart = min(abs(value - interval[0]), abs(value - interval[1])) >= 1e-4
    digits = percent_digits(*interval, *((value,) if apart else ()))  # 1e-8 by 0 adds none
    end = _share_end(value, digits)
    text = percent(value) if digits == 0 else \
        (f"{with_minus(end)}%" if is_source() else _share_shown(end))
    # Translators: a share with its interval, "54% (95% interval 44-65%)"; {share} is the
    # share, {interval} the interval's name ("95% interval"), {range} its ends.
    return _("{share} ({interval} {range})").format(
        share=text, interval=shown(name or interval_name("", level)),
        range=percent_range(*interval, digits=digits))


# Translators: what an accuracy below 0 means (shown beside such a number, in the glossary and
# in a rater's flag; it follows a colon, so it starts in lower case).
ACCURACY_BELOW_0 = said("an accuracy below 0 would mean a rater who says Class 1 more often for "
                        "subjects truly in Class 0 than for subjects truly in Class 1: worse than "
                        "guessing, as if reading the classes the wrong way round")
"""What an accuracy below 0 means, the one sentence every surface shows beside such a number
(the rater's flag, the per-rater table's note, the glossary; issue 55)."""

# Translators: what an accuracy below 0 means in a model of several categories (Dawid-Skene's
# accuracy beyond chance; shown beside such a number and in a rater's flag; it follows a colon,
# so it starts in lower case).
ACCURACY_BELOW_CHANCE = said("an accuracy below 0 would mean a rater who names the true category "
                             "less often than ratings unrelated to it would: worse than guessing")
"""What an accuracy below 0 means where there are several categories and no Class 1 (issue 78:
Dawid-Skene's accuracy beyond chance, :mod:`tapdesk.engine.categorical.ds_profile`)."""

# Translators: the glossary's entry "accuracy below 0".
ACCURACY_SCALE = said("In the t-a-p model accuracy is a probability, from 0 to 1. The per-rater fit "
                      "measures each rater's accuracy as their sensitivity minus their "
                      "false-positive rate (the same number wherever the model holds), which runs "
                      "from \u22121 to 1, so that a rater who reads the classes the wrong way round "
                      "shows instead of being set at 0; an interval reaching below 0 says these "
                      "ratings cannot rule that out, not that the rater does it.")
"""Why a per-rater accuracy, or its interval, can be below 0 (the glossary's entry)."""


def accuracy_below_0_note(rater_ids: list[str], meaning: Text = ACCURACY_BELOW_0) -> Text:
    """The sentence beside a table whose accuracy intervals start below 0 for ``rater_ids``;
    ``meaning`` says what such an accuracy would mean (:data:`ACCURACY_BELOW_CHANCE` for a
    model of several categories)."""
    # Translators: a table's note; {raters} are raters' names ("J1, J2 and J5"), {meaning} is
    # the sentence "an accuracy below 0 would mean ...". 'accuracy below 0' is the glossary's
    # entry of that name.
    return said("{raters}: accuracy interval below 0; {meaning} (see 'accuracy below 0' in the "
                "glossary).", raters=made(formats.joined, tuple(rater_ids)),
                meaning=meaning)


CANNOT_TELL_SPAN = 0.8
"""An interval at least this wide (of a share's range 0 to 1) says the data cannot tell the
share: a sentence then says so instead of stating a number."""


def tells(interval: tuple[float, float] | None) -> bool:
    """Whether an interval is narrow enough for its number to be stated (no interval: no
    evidence that it is not)."""
    return interval is None or interval[1] - interval[0] < CANNOT_TELL_SPAN


ONE_SIDED_SHARE = 0.05
"""Fewer than this share of the ratings in one class: almost every rating is the same."""


def untold_reason(class1_share: float | None) -> Text:
    """Why the data cannot tell a share, from the share of ratings that are Class 1."""
    if class1_share is not None and min(class1_share, 1 - class1_share) < ONE_SIDED_SHARE:
        # Translators: why these data cannot tell a share; it follows "..., because".
        return said("almost every rating is the same, so a rarer class and more accurate raters "
                    "fit the ratings as well as a commoner class and less accurate ones (the kappa "
                    "paradox)")
    # Translators: why these data cannot tell a share; it follows "..., because".
    return said("there are too few ratings, or the raters agree too little with each other, to "
                "pin it down")


def untold(what: str, interval: tuple[float, float] | None, level: float,
           reason: str = "", same_reason: bool = False) -> Text:
    """"These data cannot tell how often raters are accurate: its 95% interval runs from 0% to
    100%, because ..."; with ``same_reason`` "..., for the same reason." (see :func:`reason_once`)."""
    args = {"what": what}
    if interval is not None:
        args.update(level=made(level_percent, level), low=made(percent, max(interval[0], 0)),
                    high=made(percent, min(interval[1], 1)))
    if reason and same_reason:
        if interval is None:
            # Translators: {what} is what the data cannot tell ("how often raters are
            # accurate"); the reason was given in an earlier sentence.
            return said("These data cannot tell {what}, for the same reason.", **args)
        # Translators: {what} is what the data cannot tell ("how often raters are accurate");
        # {level} the interval's level ("95%"), {low} and {high} its ends ("0%", "100%"); the
        # reason was given in an earlier sentence.
        return said("These data cannot tell {what}: its {level} interval runs from {low} to "
                    "{high}, for the same reason.", **args)
    if reason:
        args["reason"] = reason
        if interval is None:
            # Translators: {what} is what the data cannot tell ("how often raters are
            # accurate"); {reason} why ("there are too few ratings ...").
            return said("These data cannot tell {what}, because {reason}.", **args)
        # Translators: {what} is what the data cannot tell ("how often raters are accurate");
        # {level} the interval's level ("95%"), {low} and {high} its ends ("0%", "100%");
        # {reason} why ("there are too few ratings ...").
        return said("These data cannot tell {what}: its {level} interval runs from {low} to "
                    "{high}, because {reason}.", **args)
    if interval is None:
        # Translators: {what} is what the data cannot tell ("how often raters are accurate").
        return said("These data cannot tell {what}.", **args)
    # Translators: {what} is what the data cannot tell ("how often raters are accurate");
    # {level} the interval's level ("95%"), {low} and {high} its ends ("0%", "100%").
    return said("These data cannot tell {what}: its {level} interval runs from {low} to {high}.",
                **args)


def reason_once(lines: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The lines with a reason (", because ...") said in full only the first time."""
    seen: set[str] = set()
    out = []
    for line in lines:
        head, because, reason = line.partition(", because ")
        if because and reason in seen:
            line = _same_reason(line, head)
        elif because:
            seen.add(reason)
        out.append(line)
    return tuple(out)


def _same_reason(line: str, head: str) -> str:
    """An :func:`untold` line with its reason said before; a plain line cut at its reason."""
    if isinstance(line, Text) and line.recipe[0] == "message":
        args = dict(line.recipe[5])
        if "what" in args and "reason" in args:
            interval = None if "low" not in args else (args["low"].recipe[2][0],
                                                       args["high"].recipe[2][0])
            level = args["level"].recipe[2][0] if "level" in args else 0.95
            return untold(args["what"], interval, level, args["reason"], same_reason=True)
    return head + ", for the same reason."


def share_line(template: str, value: float, interval: tuple[float, float] | None, level: float,
               what: str, reason: str = "", name: str | None = None, **args: str) -> str:
    """``template`` (marked with ``N_`` where it is written) with {x} the share and its interval
    and the other named ``args``, or, where the interval spans most of the range, the sentence
    that these data cannot tell ``what`` (:func:`untold`); a :class:`~tapdesk.i18n.deferred.Text`
    (written again where it is shown), typed ``str`` as every line of a headline is."""
    if not tells(interval):
        return untold(what, interval, level, reason)
    return made(_not_about, said(template, x=made(percent_with_interval, value, interval, level,
                                                  name), **args))


def _not_about(text: str) -> str:
    """Not "about under 1%": a bound needs no "about"."""
    for bound in ("under", "over"):
        text = text.replace(f"about {bound} ", f"{bound} ").replace(f"About {bound} ",
                                                                    f"{bound.title()} ")
    return text

# Translators: what counts of Class-1 ratings reveal; follows "Counts of Class-1 ratings only
# reveal".
IDENTIFIED_WORDS = said("three numbers (how many subjects are truly Class 1, and how often a "
                        "subject of each class is rated Class 1)")
"""What counts of Class-1 ratings reveal (t, q1 and q0), in a committee's words."""
