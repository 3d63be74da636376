"""Fit an explanatory model: class shares by subject group, accuracy by rater attributes, or
both (issue 42), by maximum likelihood with profile intervals and likelihood-ratio tests.

``tap`` keeps one guess rate for the panel (or, asked, a guess rate by the same attributes),
``per-rater`` gives every rater an own guess rate (and, without attributes, an own accuracy),
``categorical`` is the K-category t-a-p with class-share vectors by group.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from scipy.special import expit

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.common import profile_note
from tapdesk.engine.binary.rater_family import holm_adjusted
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import FitStarted, StageProgress
from tapdesk.engine.explain.calibrate import (
    attribute_nested,
    attribute_setting,
    calibrated_test,
    group_nested,
    group_setting,
    interval_level,
)
from tapdesk.engine.explain.data import Prepared, prepare
from tapdesk.engine.explain.inference import (
    Contrast,
    coefficient_p_value,
    coordinate_interval,
    effect_interval,
    probability_interval,
    share_interval,
)
from tapdesk.engine.explain.likelihood import Layout, evaluate, unpack
from tapdesk.engine.explain.optimise import Maximum, maximise, start_points
from tapdesk.engine.explain.raters import explained_raters
from tapdesk.engine.explain.words import effect_scale, explained_sentences
from tapdesk.engine.intervals import chi2_1, significance
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import (
    AttributeEffect,
    Estimate,
    FitResult,
    GroupShare,
    LikelihoodRatioTest,
    LogLikelihood,
    Notice,
    SubjectEstimate,
)
from tapdesk.engine.words import share_line
from tapdesk.errors import SettingError
from tapdesk.i18n import N_, formats
from tapdesk.i18n.deferred import joined_text, made, said, said_n
from tapdesk.i18n.text import text

TITLES = {"tap": "t-a-p (average rater)",
          "per-rater": "t-a-p per rater (each rater their own accuracy and guess rate)",
          "categorical": "t-a-p for several categories (average rater)"}


def layout_for(request: FitRequest, prep: Prepared) -> Layout:
    k_coef = prep.design.n_coefficients if prep.design is not None else 0
    linear = k_coef > 0
    if request.guess_by_attributes and prep.data.k > 2:
        raise SettingError(said("a guess rate by rater attributes is for two-category models; "
                                "the K-category model keeps one set of guess rates for the panel"),
                           settings=("rater_attributes",))
    if request.model == "per-rater":
        accuracy, guess = ("linear" if linear else "free"), "free"
    else:
        accuracy = "linear" if linear else "shared"
        guess = "linear" if request.guess_by_attributes else "shared"
    return Layout(prep.data.n_groups, prep.data.k, prep.data.n_raters, k_coef, accuracy, guess,
                  focus=1)


def coordinate_names(layout: Layout, prep: Prepared) -> tuple[str, ...]:
    names = [f"t[{g}]" for g in prep.group_labels for _ in range(layout.k - 1)]
    coefs = prep.design.names if prep.design is not None else ()
    names += {"shared": ["logit a"], "free": [f"logit a[{r}]" for r in prep.rater_ids],
              "linear": ["logit a"] + [f"b[{c}]" for c in coefs]}[layout.accuracy]
    names += {"shared": [f"guess[{c}]" for c in prep.categories[1:]],
              "free": [f"guess[{r}, {c}]" for r in prep.rater_ids for c in prep.categories[1:]],
              "linear": ["logit p"] + [f"c[{c}]" for c in coefs]}[layout.guess]
    return tuple(names)


def fit_explained(request: FitRequest, table: RatingsTable, cancel: CancelToken):
    """Generator: the explanatory fit of ``request`` (subject_group / rater_attributes set)."""
    prep = prepare(request, table)
    layout = layout_for(request, prep)
    yield FitStarted(request.request_id, request.model, request.n_starts)
    best = yield from maximise(layout, prep.data, start_points(layout, prep.data, request.n_starts,
                                                               request.seed),
                               cancel, request.request_id, max_iterations=request.max_iterations,
                               tolerance=request.tolerance,
                               names=coordinate_names(layout, prep))
    run = _Run(request, table, prep, layout, best, cancel)
    return (yield from run.result())


class _Run:
    """The pieces of one fit's result, computed in turn with progress between them."""

    def __init__(self, request: FitRequest, table: RatingsTable, prep: Prepared, layout: Layout,
                 best: Maximum, cancel: CancelToken):
        self.request, self.table, self.prep, self.layout = request, table, prep, layout
        self.best, self.cancel, self.level = best, cancel, request.level
        self.theta, self.ll = best.theta, best.log_likelihood
        self.par = unpack(layout, prep.data, self.theta)
        self.posterior = evaluate(layout, prep.data, self.theta).posterior
        self.stage, self.total = 0, self._count_stages()

    def _count_stages(self) -> int:
        groups = self.layout.n_groups * (1 if self.prep.binary else self.layout.k) \
            if self.request.subject_group else 0
        return groups + 3 * self.layout.n_coefficients + 4

    def _progress(self):
        self.stage += 1
        yield StageProgress(self.request.request_id, "intervals", min(self.stage, self.total),
                            self.total)

    def result(self):
        done = not self.cancel.requested
        params = (yield from self._params()) if done else self._bare_params()
        groups, group_test = ((yield from self._groups()) if done and self.request.subject_group
                              else ((), None))
        effects, attribute_test = ((yield from self._effects())
                                   if done and self.layout.n_coefficients else ((), None))
        raters = explained_raters(self.layout, self.prep, self.theta, self.level) \
            if self.cancel.requested is False and self._shows_raters() else ()
        return self._build(params, groups, group_test, effects, attribute_test, raters)

    def _shows_raters(self) -> bool:
        return self.request.model == "per-rater" or self.layout.n_coefficients > 0

    # ------------------------------------------------------------ parameters
    def _probability_interval(self, index: int):
        yield from self._progress()
        return probability_interval(self.layout, self.prep.data, self.theta, self.ll, index,
                                    self.level)

    def _params(self):
        lay, prep, par = self.layout, self.prep, self.par
        out = list(self._share_params())
        if lay.n_groups == 1:
            out = [self._one_share(c) for c in ([1] if prep.binary else range(lay.k))]
        if lay.accuracy in ("shared", "linear"):
            ci = yield from self._probability_interval(lay.n_t)
            out.append(Estimate("a", float(expit(self.theta[lay.n_t])), ci=ci,
                                meaning=_A_MEANING[lay.accuracy]))
        if lay.guess in ("shared", "linear") and prep.binary:
            ci = yield from self._probability_interval(lay.guess_slice.start)
            out.append(Estimate("p", float(expit(self.theta[lay.guess_slice.start])), ci=ci,
                                meaning=_P_MEANING[lay.guess]))
        elif lay.guess == "shared":
            meaning = N_("probability a guess is this category")
            out += [Estimate("p", float(v), category=c, meaning=meaning)
                    for c, v in zip(prep.categories, par.p[0])]
        return tuple(out)

    def _one_share(self, c: int) -> Estimate:
        """The class share of every subject (no groups), with its profile interval."""
        ci = share_interval(self.layout, self.prep.data, self.theta, self.ll, 0, c, self.level)
        if self.prep.binary:
            return Estimate("t", float(self.par.t[0, 1]), ci=ci, meaning=_T_MEANING)
        return Estimate("t", float(self.par.t[0, c]), ci=ci, category=self.prep.categories[c],
                        meaning=N_("share of subjects truly in this category"))

    def _share_params(self) -> tuple[Estimate, ...]:
        """The class shares over all subjects (each group weighted by its subjects)."""
        sizes = np.bincount(self.prep.data.group, minlength=self.layout.n_groups)
        overall = sizes @ self.par.t / sizes.sum()
        if self.prep.binary:
            return (Estimate("t", float(overall[1]), meaning=_T_OVERALL),)
        return tuple(Estimate("t", float(v), category=c, meaning=_CATEGORY_OVERALL)
                     for c, v in zip(self.prep.categories, overall))

    def _bare_params(self) -> tuple[Estimate, ...]:
        lay = self.layout
        out = list(self._share_params())
        if lay.accuracy != "free":
            out.append(Estimate("a", float(expit(self.theta[lay.n_t])),
                                meaning=_A_MEANING[lay.accuracy]))
        return tuple(out)

    # ---------------------------------------------------------------- groups
    def _groups(self):
        lay, prep = self.layout, self.prep
        sizes = np.bincount(prep.data.group, minlength=lay.n_groups)
        cats = [1] if prep.binary else list(range(lay.k))
        out: list[GroupShare] = []
        for g, label in enumerate(prep.group_labels):
            members = prep.data.group == g
            for c in cats:
                yield from self._progress()
                if self.cancel.requested:
                    return tuple(out), None
                ci = share_interval(lay, prep.data, self.theta, self.ll, g, c, self.level)
                out.append(GroupShare(label, int(sizes[g]), float(self.par.t[g, c]), ci,
                                      None if prep.binary else prep.categories[c],
                                      float(self.posterior[members, c].mean())))
        nested = yield from group_nested(lay, prep.data, self.theta, self.request, self.cancel)
        if self.cancel.requested:
            return tuple(out), None
        test = yield from calibrated_test(lay, prep.data, self.ll, nested,
                                          group_setting(lay, self.request), self.cancel,
                                          self.level)
        return tuple(out), test

    # --------------------------------------------------------------- effects
    def _effects(self):
        lay, prep = self.layout, self.prep
        assert prep.design is not None
        test = yield from self._attribute_test()
        if test is None:
            return (), None
        # one coefficient: the test is the coefficient's own, and its intervals are drawn at
        # the test's critical value (calibrate.interval_level); several: the chi-square's
        own = self._own_test()
        level = interval_level(test, self.level) if own else self.level
        drafts = []
        for m, coef in enumerate(prep.design.coefficients):
            yield from self._progress()
            if self.cancel.requested:
                return (), None
            numeric = coef.kind == "numeric"
            low, high = ((coef.low - coef.centre, coef.high - coef.centre) if numeric
                         else (0.0, 1.0))
            contrast = Contrast(m, low, high)
            index = lay.coefficient_index(m)
            b_ci = coordinate_interval(lay, prep.data, self.theta, self.ll, index, level)
            per = coef.unit if numeric else 1.0
            yield from self._progress()
            e_ci = effect_interval(lay, prep.data, self.theta, self.ll, contrast, level)
            yield from self._progress()
            p_value = test.p_value if own and test.simulated_panels else \
                coefficient_p_value(lay, prep.data, self.theta, self.ll, m)
            drafts.append(AttributeEffect(
                coef.attribute, coef.level, coef.reference, float(self.theta[index] * per),
                None if b_ci is None else (b_ci[0] * per, b_ci[1] * per), per,
                coef.low if numeric else 0.0, coef.high if numeric else 1.0,
                contrast.effect(lay, self.theta), e_ci,
                effect_scale(coef.attribute, coef.level, coef.reference, coef.low, coef.high),
                p_value, centre=coef.centre if numeric else 0.0))
        return _verdicts(tuple(drafts), test, self.level), test

    def _own_test(self) -> bool:
        """The attribute test is the one coefficient's own test (one df)."""
        return self.layout.n_coefficients == 1 and self.layout.guess != "linear"

    def _attribute_test(self):
        """Generator: the test of constant accuracy (None when cancelled)."""
        lay, prep = self.layout, self.prep
        assert prep.design is not None
        nested = yield from attribute_nested(lay, prep.data, self.theta, self.request, self.cancel)
        if self.cancel.requested:
            return None
        return (yield from calibrated_test(lay, prep.data, self.ll, nested,
                                           attribute_setting(lay, self.request,
                                                             prep.design.columns),
                                           self.cancel, self.level))

    # ----------------------------------------------------------------- build
    def _build(self, params, groups, group_test, effects, attribute_test, raters) -> FitResult:
        request, prep, lay = self.request, self.prep, self.layout
        n_per = prep.n_per_subject
        labels = prep.group_labels if request.subject_group else ()
        subjects = () if self.cancel.requested else tuple(
            SubjectEstimate(sid, int(n), tuple(float(v) for v in row),
                            labels[g] if labels else "")
            for sid, n, row, g in zip(prep.subject_ids, n_per, self.posterior, prep.data.group))
        result = FitResult(
            request=request, model=request.model, title=self._title(), params=params,
            log_likelihood=LogLikelihood(self.ll, prep.data.n_ratings, n_categories=lay.k),
            n_subjects=prep.data.n_subjects, n_ratings=prep.data.n_ratings,
            exclusions=prep.exclusions, converged=self.best.converged,
            iterations=self.best.iterations, traces=self.best.traces,
            warnings=self._notices(), class_choice=prep.choice,
            categories=self.table.categories if prep.binary else prep.categories,
            class_labels=("Class 0", "Class 1") if prep.binary else prep.categories,
            raters=raters, subjects=subjects,
            interval_method=_interval_method(self.level, group_test, attribute_test,
                                             self._own_test()),
            complete=not self.cancel.requested,
            n_parameters=lay.size, provenance=self.table.provenance, groups=groups,
            group_test=group_test, effects=effects, attribute_test=attribute_test)
        return replace(result, headline=self._headline(result), tables=result.explain_tables())

    def _title(self) -> str:
        """"t-a-p (average rater), class share by 'year' and accuracy by 'age'", written in the
        language shown."""
        model = said(TITLES[self.request.model])
        group = self.request.subject_group
        attributes = made(formats.quoted_list, tuple(self.request.rater_attributes))
        grouped = made(formats.quoted, group or "")
        if group and self.request.subject_bands:
            n = len(self.prep.group_labels)
            # Translators: in an explained fit's title, the subject groups: {column} is a subject
            # attribute's column ("'age'") and {n} the number of bands of its values.
            grouped = said_n("{column} in {n} band", "{column} in {n} bands", n, column=grouped, n=n)
        if group and attributes:
            # Translators: an explained fit's title; {model} the model's name, {group} a subject
            # attribute's column ("year"), {attributes} rater attributes' columns ("'age'").
            return said("{model}, class share by {group} and accuracy by {attributes}",
                        model=model, group=grouped, attributes=attributes)
        if group:
            # Translators: an explained fit's title; {model} the model's name, {group} a subject
            # attribute's column ("year").
            return said("{model}, class share by {group}", model=model, group=grouped)
        # Translators: an explained fit's title; {model} the model's name, {attributes} rater
        # attributes' columns ("'age', 'site'").
        return said("{model}, accuracy by {attributes}", model=model, attributes=attributes)

    def _notices(self) -> tuple[Notice, ...]:
        notes = [Notice("explain-design", n, kind="note") for n in self.prep.notes]
        if not self.best.converged:
            notes.append(Notice("not-converged", text(N_(
                "The search for the best fit reached its "
                "iteration limit; the best point found is reported, but treat "
                "it with care.")), settings=("max_iterations",)))
        return tuple(notes)

    def _headline(self, result: FitResult) -> tuple[str, ...]:
        lines = []
        accuracy = next((e for e in result.params if e.name == "a"), None)
        if accuracy is not None and accuracy.ci is not None:
            # Translators: {x} is a share with its interval ("54% (95% interval 44-65%)").
            template = (N_("Raters (a rater at the attributes' mean) are accurate about {x} of "
                           "the time.") if self.layout.accuracy == "linear" else
                        # Translators: {x} is a share with its interval ("54% (95% interval
                        # 44-65%)").
                        N_("Raters are accurate about {x} of the time."))
            lines.append(share_line(template, accuracy.value, accuracy.ci, self.level,
                                    said("how often raters are accurate")))
        lines += explained_sentences(result)
        if not lines:
            # Translators: an explanatory fit's headline when it was cancelled.
            lines.append(said("The fit stopped before its intervals and tests were computed.")
                         if self.cancel.requested else
                         # Translators: an explanatory fit's headline when it says nothing else.
                         said("The model was fitted; see the tables."))
        return tuple(lines)


# Translators: the meanings of an explained fit's estimates (a table's "Meaning" column).
_T_MEANING = N_("share of subjects truly in Class 1")
_T_OVERALL = N_("share of subjects truly in Class 1 (over all groups, each weighted by its "
                "subjects)")
_CATEGORY_OVERALL = N_("share of subjects truly in this category (over all groups, each "
                       "weighted by its subjects)")
_A_MEANING = {"shared": N_("probability a rating is accurate (not a guess)"),
              "linear": N_("accuracy of a rater at the attributes' mean (numbers) and most "
                           "common level (categories)")}
_P_MEANING = {"shared": N_("probability a guess is Class 1"),
              "linear": N_("guess rate of a rater at the attributes' mean and most common "
                           "level")}


def _interval_method(level: float, group_test: LikelihoodRatioTest | None,
                     attribute_test: LikelihoodRatioTest | None, own: bool) -> str:
    # Translators: a clause of the explanatory model's interval method (after the
    # profile-likelihood one, joined by "; ").
    parts: list[str] = [profile_note(level), said(
        "effects in points of accuracy: profile likelihood along the curve of equal difference; "
        "each rater's own values: Wald on the logit scale")]
    if group_test is not None and group_test.simulated_panels:
        # Translators: a clause of the explanatory model's interval method.
        parts.append(said("each group's share has the chi-square's profile interval (an "
                          "interval for that group, not a test that the groups differ, whose p "
                          "is simulated)"))
    if attribute_test is not None and attribute_test.simulated_panels:
        if own and attribute_test.critical is not None:
            # Translators: a clause of the explanatory model's interval method; {critical} and
            # {chi2} are likelihood ratios ("4.12", "3.84").
            parts.append(said(
                "the accuracy effect's intervals end where the likelihood ratio reaches "
                "{critical}, the simulated test's critical value (not the chi-square's {chi2}), "
                "so they leave out 0 exactly when that test finds an effect",
                critical=made(decimal2, attribute_test.critical),
                chi2=made(decimal2, chi2_1(level))))
        else:
            # Translators: a clause of the explanatory model's interval method.
            parts.append(said("the accuracy effects' intervals and own tests are the "
                              "chi-square's, and a verdict needs the simulated joint test too"))
    return joined_text("; ", parts)


def decimal2(value: float) -> str:
    """A likelihood ratio in a method text: "4.12" (f"{x:.2f}" in English)."""
    return formats.decimal(value, 2)


def _verdicts(effects: tuple[AttributeEffect, ...], test: LikelihoodRatioTest,
              level: float) -> tuple[AttributeEffect, ...]:
    """Issue 32's panel-wide procedure: the global test, then Holm over the effects' own tests;
    a verdict never contradicts its interval."""
    alpha = significance(level)
    p = np.array([e.p_value if e.p_value is not None else 1.0 for e in effects])
    adjusted = holm_adjusted(p) if len(p) else p
    out = []
    for e, adj in zip(effects, adjusted):
        lo, hi = e.interval if e.interval is not None else (0.0, 0.0)
        named = test.p_value < alpha and adj < alpha
        verdict = "not shown to differ"
        if named and lo > 0:
            verdict = "higher"
        elif named and hi < 0:
            verdict = "lower"
        out.append(replace(e, verdict=verdict, family_size=len(effects)))
    return tuple(out)
