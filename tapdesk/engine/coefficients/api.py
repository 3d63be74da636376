"""``agreement_coefficients``: every classical coefficient for one ratings table."""

from __future__ import annotations

from typing import Any

import numpy as np

from tapdesk.data.binary import ClassChoice, binary_table, choose_class1
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.engine.coefficients import kappas, multirater, pabak
from tapdesk.engine.coefficients.krippendorff import (
    ALPHA_NAMES,
    LEVELS,
    krippendorff_alphas,
    scale_level_problem,
)
from tapdesk.engine.coefficients.prepared import RATED_ONCE, Prepared, kept_index, prepare
from tapdesk.engine.coefficients.result import AgreementResult, Coefficient, PairwiseCohen, undefined
from tapdesk.engine.coefficients.weights import resolve_weights
from tapdesk.engine.request import DEFAULT_LEVEL, FitRequest, check_level
from tapdesk.engine.results import labels_for
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, formats
from tapdesk.i18n.current import language
from tapdesk.i18n.deferred import made, said, said_n, shown
from tapdesk.i18n.languages import SOURCE
from tapdesk.i18n.text import Listed
from tapdesk.i18n.text import shown as text_shown

DEFAULT_SEED = FitRequest.seed
NO_SUBJECTS = "no subject has two or more ratings, so agreement cannot be seen"


def _names(label: str) -> list[tuple[str, str, str]]:
    """(function, display name, key) of the weightable coefficients for a weights label."""
    if label == "unweighted":
        # Translators: a classical coefficient's name (a proper name: keep the author's name).
        return [("percent", N_("Percent agreement"), "percent_agreement"),
                ("fleiss", N_("Fleiss' kappa"), "fleiss_kappa"),
                ("conger", N_("Conger's kappa"), "conger_kappa"),
                ("cohen", N_("Cohen's kappa"), "cohen_kappa"),
                ("scott", N_("Scott's pi"), "scott_pi"),
                ("gwet", N_("Gwet's AC1"), "gwet_ac1"),
                ("bp", pabak.BRENNAN_PREDIGER_NAME, pabak.BRENNAN_PREDIGER_KEY)]
    names = WEIGHTED_NAMES.get(label)
    if names is None:                          # (no other label is made: resolve_weights)
        tag = f"({label} weights)"
        names = (f"Weighted percent agreement {tag}", f"Weighted Fleiss' kappa {tag}",
                 f"Weighted Conger's kappa {tag}", f"Weighted Cohen's kappa {tag}",
                 f"Weighted Scott's pi {tag}", f"Gwet's AC2 {tag}", f"Weighted Brennan-Prediger {tag}")
    keys = (("percent", "percent_agreement_weighted"), ("fleiss", "fleiss_kappa_weighted"),
            ("conger", "conger_kappa_weighted"), ("cohen", "cohen_kappa_weighted"),
            ("scott", "scott_pi_weighted"), ("gwet", "gwet_ac2"),
            ("bp", "brennan_prediger_weighted"))
    return [(func, name, key) for (func, key), name in zip(keys, names, strict=True)]


# Translators: the weighted coefficients' names (a proper name: keep the author's name), for
# each kind of agreement weights: linear, quadratic, or a matrix the user gave.
WEIGHTED_NAMES = {
    "linear": (N_("Weighted percent agreement (linear weights)"),
               N_("Weighted Fleiss' kappa (linear weights)"),
               N_("Weighted Conger's kappa (linear weights)"),
               N_("Weighted Cohen's kappa (linear weights)"),
               N_("Weighted Scott's pi (linear weights)"),
               N_("Gwet's AC2 (linear weights)"),
               N_("Weighted Brennan-Prediger (linear weights)")),
    "quadratic": (N_("Weighted percent agreement (quadratic weights)"),
                  N_("Weighted Fleiss' kappa (quadratic weights)"),
                  N_("Weighted Conger's kappa (quadratic weights)"),
                  N_("Weighted Cohen's kappa (quadratic weights)"),
                  N_("Weighted Scott's pi (quadratic weights)"),
                  N_("Gwet's AC2 (quadratic weights)"),
                  N_("Weighted Brennan-Prediger (quadratic weights)")),
    "user matrix": (N_("Weighted percent agreement (user matrix weights)"),
                    N_("Weighted Fleiss' kappa (user matrix weights)"),
                    N_("Weighted Conger's kappa (user matrix weights)"),
                    N_("Weighted Cohen's kappa (user matrix weights)"),
                    N_("Weighted Scott's pi (user matrix weights)"),
                    N_("Gwet's AC2 (user matrix weights)"),
                    N_("Weighted Brennan-Prediger (user matrix weights)")),
}
"""The weighted coefficients' names by weights (each whole, so a surface translates the name
it is given, a reopened project's too)."""


def _weightable(prep: Prepared, w: np.ndarray, label: str,
                level: float = DEFAULT_LEVEL) -> list[Coefficient]:
    out = []
    for func, name, key in _names(label):
        if prep.n_pairable == 0:
            out.append(undefined(name, key, NO_SUBJECTS))
        elif func == "percent":
            out.append(multirater.percent_agreement(prep.counts, w, name, key, level))
        elif func == "fleiss":
            out.append(multirater.fleiss_kappa(prep.counts, w, name, key, level=level))
        elif func == "conger":
            out.append(kappas.conger_kappa(prep, w, name, key, level))
        elif func == "cohen":
            out.append(kappas.cohen_kappa(prep.pairable_only(), w, name, key, level))
        elif func == "scott":
            out.append(multirater.scott_pi(prep.counts, w, name, key, level))
        elif func == "gwet":
            out.append(multirater.gwet_ac(prep.counts, w, name, key, level))
        else:
            out.append(multirater.brennan_prediger(prep.counts, w, name, key, level))
    return out


def _warnings(prep: Prepared, table: RatingsTable, label: str,
              pairwise: PairwiseCohen | None) -> list[str]:
    """The coefficients' warnings, kept as templates (written in the language shown)."""
    notes: list[str] = []
    for exc in prep.exclusions:
        n, reason = made(formats.integer, exc.n_subjects), made(shown, exc.reason)
        if exc.reason == RATED_ONCE:
            # Translators: a warning of the classical coefficients: {n} subjects (a number),
            # {reason} what happens to them ("rated only once, so it shows no agreement: ...").
            notes.append(said_n("{n} subject {reason}.", "{n} subjects {reason}.",
                                exc.n_subjects, n=n, reason=reason))
        else:
            # Translators: a warning of the classical coefficients: {n} subjects (a number) left
            # out of them, {reason} why ("only one rating, so agreement cannot be seen").
            notes.append(said_n("{n} subject left out: {reason}.", "{n} subjects left out: "
                                "{reason}.", exc.n_subjects, n=n, reason=reason))
    if prep.unused:
        listed = made(quoted_list, prep.unused)
        if prep.kept_unused:
            # Translators: a warning of the classical coefficients; {categories} lists the
            # categories of the scale nobody used, each in quotes ("'1', '5'").
            notes.append(said("Nobody used {categories}; kept in the category set because the "
                              "scale declares them (this changes weighted statistics, AC1/AC2 "
                              "and Brennan-Prediger).", categories=listed))
        else:
            # Translators: as above.
            notes.append(said("Nobody used {categories}; left out of the category set.",
                              categories=listed))
    if prep.rater_problem:
        # Translators: a warning of the classical coefficients; {problem} says why ("the data do
        # not say which rater gave each rating ...").
        notes.append(said("Cohen's and Conger's kappa and the pairwise matrix are not available: "
                          "{problem}.", problem=prep.rater_problem))
    elif pairwise is not None and pairwise.undefined_reason:
        # Translators: a warning of the classical coefficients; {reason} says why ("25 raters
        # give too many pairs to show ...").
        notes.append(said("Pairwise Cohen kappas not shown: {reason}.",
                          reason=made(shown, pairwise.undefined_reason)))
    if label != "unweighted" and not prep.numeric_labels:
        # Translators: a warning of the classical coefficients; K is the number of categories.
        notes.append(said("Weights use category positions 1..K in scale order, because the "
                          "labels are not numbers."))
    return notes


def quoted_list(names: tuple[str, ...]) -> str:
    """Categories in quotes, listed as the language lists ("'1', '5'"; "'1' und '5'")."""
    return text_shown(Listed.of(repr(c) for c in names))


def _weights_for(weights, table: RatingsTable, prep: Prepared) -> tuple[np.ndarray | None, str]:
    """The weight matrix on the analysed categories.

    Linear and quadratic weights are built on the analysed categories (so dropping an
    unused text category renumbers the positions). A user matrix may be given on the table's
    whole scale (cut down when unused categories are dropped) or on the analysed categories.
    """
    is_matrix = weights is not None and not isinstance(weights, str)
    if not is_matrix:            # named weights: positions/values of the analysed categories
        return resolve_weights(weights, prep.categories, table.scale.ordinal)
    if prep.k != table.scale.size:
        full = table.scale.size
        if np.shape(weights) == (prep.k, prep.k):
            return resolve_weights(weights, prep.categories, table.scale.ordinal)
        if np.shape(weights) != (full, full):
            # Translators: {full} is the number of categories of the scale, {used} the number in
            # use, {categories} those categories ("1, 2, 4").
            raise SettingError(said("the weight matrix must be {full} x {full} (every category "
                                    "of the scale) or {used} x {used} (the categories in use: "
                                    "{categories}), in scale order", full=full, used=prep.k,
                                    categories=", ".join(prep.categories)))
    w_full, label = resolve_weights(weights, table.scale.categories, table.scale.ordinal)
    assert w_full is not None                   # a matrix was given
    idx = kept_index(table, prep)
    return w_full[np.ix_(idx, idx)], label


def _class1_index(prep: Prepared, split: ClassChoice | None) -> tuple[int | None, str]:
    """Which analysed category is Class 1 for the prevalence and bias indices, or why none is.

    With a split the table is its two-class view, whose second category is Class 1; two
    categories without a split follow the default rule of the two-class models.
    """
    if prep.k != 2:
        # Translators: why the prevalence and bias indices are not given; {n} is the number of
        # categories (3 or more).
        return None, said_n("the prevalence and bias indices are for two classes and the "
                            "ratings have {n} category; they are given for a two-class split: "
                            "beside a two-class fit, or when the categories of Class 1 are chosen",
                            "the prevalence and bias indices are for two classes and the "
                            "ratings have {n} categories; they are given for a two-class split: "
                            "beside a two-class fit, or when the categories of Class 1 are chosen",
                            prep.k, n=prep.k)
    if split is not None:
        return 1, ""
    chosen = choose_class1(Scale(prep.categories)).class1[0]
    return prep.categories.index(chosen), ""


def _two_class(prep: Prepared, coefs: list[Coefficient], split: ClassChoice | None,
               level: float, seed: int) -> list[Coefficient]:
    """PABAK (from the unweighted Brennan-Prediger) and the prevalence and bias indices."""
    bp = next(c for c in coefs if c.key == pabak.BRENNAN_PREDIGER_KEY)
    prep = prep.pairable_only()           # the indices read pairs of ratings
    if not prep.n_subjects:
        return [undefined(pabak.PABAK_NAME, "pabak", NO_SUBJECTS),
                *pabak.two_class_indices(prep, None, NO_SUBJECTS, level)]
    class1, reason = _class1_index(prep, split)
    return [pabak.pabak_from(bp, prep.k),
            *pabak.two_class_indices(prep, class1, reason, level, seed,
                                     _class1_words(prep, class1, split))]


def _class1_words(prep: Prepared, class1: int | None, split: ClassChoice | None) -> Any:
    """A split's Class 1 as the binary view names it ("no medal or bronze"), made again in the
    language shown ("no medal oder bronze"); None where the view keeps the scale's own names."""
    if split is None or class1 is None:
        return None
    with language(SOURCE):
        english = split.names(split.class1)
    if str(prep.categories[class1]) != english[:40]:
        return None
    return made(ClassChoice.names, split, split.class1)


def _level_problems(table: RatingsTable) -> dict[str, str]:
    """Why each Krippendorff level does not apply to the table's scale (the one rule)."""
    return {level: scale_level_problem(level, table.scale) for level in LEVELS}


def agreement_coefficients(table: RatingsTable, weights=None, keep_unused: bool | None = None,
                           bootstrap: int = 1000, seed: int = DEFAULT_SEED,
                           level: float = DEFAULT_LEVEL,
                           split: ClassChoice | None = None) -> AgreementResult:
    """Every classical agreement coefficient with SE, interval at ``level`` and the method used.

    Parameters
    ----------
    table
        The ratings (any number of raters, missing ratings allowed).
    weights
        None (unweighted only), "linear", "quadratic" or a K x K agreement
        matrix on the table's categories in scale order. With weights, the
        weighted coefficients are reported after the unweighted ones.
    keep_unused
        Keep categories nobody used; None = keep them when the scale was declared.
    bootstrap, seed
        Resamples over subjects for coefficients without an analytic variance
        (Krippendorff's alpha); 0 turns the bootstrap off. The seed also seeds the
        reshuffles of the bias index's test for three or more raters.
    level
        The level of every interval (0.95: 95% intervals): t and normal quantiles and the
        bootstrap percentiles follow it, and each method text states it.
    split
        A Class 1 / Class 0 choice: every coefficient is then computed on that two-class
        view of the table (:func:`tapdesk.data.binary.binary_table`). PABAK, the
        prevalence index and the bias index (:mod:`.pabak`) need two classes: a split, or
        ratings with two categories.
    """
    level = check_level(level)
    if bootstrap < 0:
        raise SettingError(said("the number of bootstrap resamples cannot be negative"))
    if split is not None:
        table = binary_table(table, split)
    prep = prepare(table, keep_unused)
    w, label = _weights_for(weights, table, prep)
    eye = np.eye(prep.k)
    coefs = _weightable(prep, eye, "unweighted", level)
    coefs += _two_class(prep, coefs, split, level, seed)
    if w is not None:
        coefs += _weightable(prep, w, label, level)
    else:
        w = eye
    paired = prep.pairable_only()
    if paired.n_subjects:       # alpha's units and Cohen's pairs are subjects rated twice or more
        coefs += krippendorff_alphas(paired.counts, prep.ordinal, prep.numeric_labels, prep.values,
                                     bootstrap, seed, problems=_level_problems(table),
                                     ci_level=level)
        per_cat = multirater.per_category_fleiss(prep.counts, prep.categories, level)
        pairwise = kappas.pairwise_cohen(paired, w, label, level)
    else:
        coefs += [undefined(ALPHA_NAMES[lv], f"krippendorff_alpha_{lv}",
                            NO_SUBJECTS) for lv in LEVELS]
        per_cat, pairwise = (), None
    n_raters = len(kappas.active_raters(prep)) if not prep.rater_problem else table.n_raters
    return AgreementResult(
        coefficients=tuple(coefs), per_category_fleiss=per_cat, pairwise_cohen=pairwise,
        n_subjects=paired.n_subjects, n_ratings=paired.n_ratings, n_raters=n_raters,
        categories=prep.categories, unused_categories=prep.unused, kept_unused=prep.kept_unused,
        weights=label, weight_matrix=tuple(map(tuple, w.tolist())) if label != "unweighted" else None,
        exclusions=prep.exclusions, warnings=tuple(_warnings(prep, table, label, pairwise)),
        bootstrap=bootstrap, seed=seed, provenance=table.provenance,
        category_labels=labels_for(table.scale, prep.categories), level=level,
        split=split.describe() if split is not None else "", class_choice=split)


def percent_and_fleiss(table: RatingsTable, split: ClassChoice | None = None
                       ) -> tuple[float | None, float | None]:
    """Percent agreement and Fleiss' kappa (unweighted, every category, or the Class 1 /
    Class 0 view of ``split``) as :func:`agreement_coefficients` gives them for the same
    ``split``, without the other coefficients: what a fit's findings and paragraph read (at
    10,000,000 labels and 100,000 raters the whole set took 4 s, mostly the bias index and the
    equal-rates test). None where the data cannot define them."""
    prep = prepare(binary_table(table, split) if split is not None else table, None)
    if not prep.n_pairable:
        return None, None
    point = multirater.fleiss_point(prep.counts)
    return point.percent_agreement, point.kappa


def coefficients_for_fit(result, table: RatingsTable, *, bootstrap: int = 1000,
                         seed: int | None = None, level: float | None = None) -> AgreementResult:
    """The classical coefficients to show beside a fitted model.

    For a binary model (one with a Class-1 choice) they are computed on the
    same binary view the model saw, so the numbers compare like with like;
    for the K-category models on the table's own scale. The GUI, the report
    and the CLI all call this one function. ``level`` defaults to the fit's own
    interval level (``result.request.level``), so both sets of intervals match.
    """
    return agreement_coefficients(table, bootstrap=bootstrap,
                                  seed=result.request.seed if seed is None else seed,
                                  level=result.request.level if level is None else level,
                                  split=result.class_choice)
