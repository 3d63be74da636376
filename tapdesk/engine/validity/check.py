"""The validity check's numbers: each rater, every rating and the majority vote against a
reference answer, on the subjects both have.

Percent agreement with Wilson's interval; Cohen's kappa (and, on an ordered scale of more
than two categories, its linearly weighted form) from the classical coefficients' own
:func:`~tapdesk.engine.coefficients.kappas.cohen_from_table`; on two classes, sensitivity
and specificity with Class 1 as the data's Class 1.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from tapdesk.data.binary import ClassChoice, choose_class1
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale, numeric_value
from tapdesk.engine.coefficients.kappas import cohen_from_table
from tapdesk.engine.coefficients.variance import normal_interval
from tapdesk.engine.coefficients.weights import category_values, standard_weights
from tapdesk.engine.request import DEFAULT_LEVEL, check_level
from tapdesk.engine.results import Estimate, FitResult
from tapdesk.engine.validity.result import (
    FROM_RATERS_SHARE,
    MIN_SPLIT,
    AgreementRow,
    KappaValue,
    Share,
    ValidityResult,
)
from tapdesk.engine.validity.shares import effective_n, wilson_interval
from tapdesk.engine.words import class_words
from tapdesk.errors import DataError
from tapdesk.i18n import N_

WEIGHTS = "linear"
"""The weighted kappa's weights on an ordered scale (Cicchetti-Allison)."""


def validity_checks(table: RatingsTable, references: Mapping[str, Mapping[str, str]], *,
                    class_choice: ClassChoice | None = None, level: float = DEFAULT_LEVEL,
                    fitted_t: Estimate | None = None) -> tuple[ValidityResult, ...]:
    """One :func:`validity_check` per reference answer, in the data's order."""
    return tuple(validity_check(table, answers, name, class_choice=class_choice, level=level,
                                fitted_t=fitted_t) for name, answers in references.items())


def validity_for_fit(result: FitResult, table: RatingsTable,
                     references: Mapping[str, Mapping[str, str]]) -> tuple[ValidityResult, ...]:
    """The checks beside a fit: its Class 1, its interval level and, for a two-class fit, its
    estimate t of Class 1's share. The app, the report and the command line call this one."""
    return validity_checks(table, references, class_choice=result.class_choice,
                           level=result.level, fitted_t=_fitted_t(result))


def _fitted_t(result: FitResult) -> Estimate | None:
    if result.class_choice is None:
        return None
    try:
        est = result.param("t")
    except KeyError:
        return None
    return est if est.identified else None


def validity_check(table: RatingsTable, reference: Mapping[str, str], name: str = "reference", *,
                   class_choice: ClassChoice | None = None, level: float = DEFAULT_LEVEL,
                   fitted_t: Estimate | None = None) -> ValidityResult:
    """The raters of ``table`` against ``reference`` ({subject id: answer label}).

    ``class_choice`` names Class 1 for sensitivity and specificity (default: the default
    rule on a two-category scale; none on more categories).
    """
    level = check_level(level)
    codes, unknown, elsewhere = reference_codes(table, reference)
    choice = class_choice or (choose_class1(table.scale) if table.scale.size == 2 else None)
    comparer = _Comparer(table, codes, choice, level)
    rows = [comparer.row(str(rid), "rater", table.rater == g) for g, rid in enumerate(table.rater_ids)]
    rows.append(comparer.row("every rating", "panel", np.ones(table.n_ratings, bool)))
    rows.append(comparer.majority_row())
    match = comparer.split_match()
    return ValidityResult(
        reference=name, level=level, n_answers=int((codes >= 0).sum()), rows=tuple(rows),
        unknown=unknown, n_elsewhere=elsewhere,
        class1=choice.class1 if choice is not None else (),
        class1_words=class_words(choice)[0] if choice is not None else "",
        weights=WEIGHTS if comparer.weights is not None else "",
        majority_match=match,
        from_raters=match.n >= MIN_SPLIT and match.hits >= FROM_RATERS_SHARE * match.n,
        reference_class1=comparer.reference_class1(),
        fitted_t=fitted_t if choice is not None else None)


# ------------------------------------------------------------------ answers
def reference_codes(table: RatingsTable, reference: Mapping[str, str]
                    ) -> tuple[np.ndarray, tuple[str, ...], int]:
    """(category code per subject, -1 where none; answers not on the scale; answers for
    subjects the table does not hold). Blank answers are missing."""
    ids = {sid: i for i, sid in enumerate(table.subject_ids)}
    codes = np.full(len(table.subject_ids), -1, dtype=np.int64)
    unknown: list[str] = []
    elsewhere = 0
    for sid, answer in reference.items():
        text = "" if answer is None else str(answer).strip()
        if not text:
            continue
        i = ids.get(str(sid), ids.get(str(sid).strip()))
        if i is None:
            elsewhere += 1
            continue
        code = answer_code(table.scale, text)
        if code is None:
            unknown += [text] if text not in unknown else []
        else:
            codes[i] = code
    return codes, tuple(unknown), elsewhere


def answer_code(scale: Scale, text: str) -> int | None:
    """The scale position of an answer: a code or value label (as ``Scale.resolve`` finds
    them), else the category with the same number ("2.0" is "2"); None when none."""
    try:
        return scale.index(scale.resolve(text))
    except DataError:
        pass
    value = numeric_value(text)
    if value is not None:
        same = [i for i, c in enumerate(scale.categories) if numeric_value(c) == value]
        if len(same) == 1:
            return same[0]
    return None


# ------------------------------------------------------------------ numbers
class _Comparer:
    """Ratings (or majority votes) against the reference codes of their subjects."""

    def __init__(self, table: RatingsTable, codes: np.ndarray, choice: ClassChoice | None,
                 level: float) -> None:
        self.table, self.codes, self.level = table, codes, level
        self.k = table.scale.size
        ordered = table.scale.ordinal and self.k > 2
        self.weights = (standard_weights(WEIGHTS, category_values(table.scale.categories)[0])
                        if ordered else None)
        self.class1 = (np.isin(table.scale.categories, choice.class1) if choice is not None
                       else None)

    def row(self, who: str, kind: str, mask: np.ndarray) -> AgreementRow:
        t = self.table
        keep = mask & (self.codes[t.subject] >= 0)
        groups = t.subject[keep] if kind == "panel" else None
        return self._compare(who, kind, t.rating[keep], self.codes[t.subject[keep]], groups)

    def majority_row(self) -> AgreementRow:
        """Each subject's most common rating (two or more ratings, no tie) against its answer."""
        vote, clear, _ = self._votes()
        keep = clear & (self.codes >= 0)
        return self._compare("majority vote", "majority", vote[keep], self.codes[keep], None)

    def split_match(self) -> Share:
        """How often the answer is the majority vote where the raters disagree (a clear
        majority that is not unanimous): a reference made from the ratings always is, while
        an answer made apart from them differs on some of these hard subjects."""
        vote, clear, unanimous = self._votes()
        keep = clear & ~unanimous & (self.codes >= 0)
        return self._share(vote[keep] == self.codes[keep], None)

    def _votes(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(most common rating, whether it is clear: two or more ratings and no tie, whether
        every rating is it) per subject."""
        t = self.table
        counts = np.zeros((len(t.subject_ids), self.k), dtype=np.int64)
        np.add.at(counts, (t.subject, t.rating), 1)
        top = counts.max(axis=1)
        clear = ((counts == top[:, None]).sum(axis=1) == 1) & (counts.sum(axis=1) >= 2)
        return counts.argmax(axis=1), clear, top == counts.sum(axis=1)

    def reference_class1(self) -> Share | None:
        if self.class1 is None:
            return None
        answered = self.codes[self.codes >= 0]
        return self._share(self.class1[answered], None)

    def _compare(self, who: str, kind: str, rated: np.ndarray, ref: np.ndarray,
                 groups: np.ndarray | None) -> AgreementRow:
        agreement = self._share(rated == ref, groups)
        pairs = np.bincount(rated * self.k + ref, minlength=self.k * self.k).reshape(self.k, self.k)
        with_interval = groups is None          # ratings of one subject are not independent
        kappa = self._kappa(pairs, np.eye(self.k), with_interval)
        weighted = self._kappa(pairs, self.weights, with_interval) if self.weights is not None else None
        sens = spec = None
        if self.class1 is not None:
            positive = self.class1[ref]
            said = self.class1[rated]
            sens = self._share(said[positive], groups[positive] if groups is not None else None)
            spec = self._share(~said[~positive], groups[~positive] if groups is not None else None)
        return AgreementRow(who, kind, agreement, kappa, weighted, sens, spec)

    def _share(self, hits: np.ndarray, groups: np.ndarray | None) -> Share:
        n, k = len(hits), int(hits.sum())
        if groups is None or not n:
            return Share(k, n, wilson_interval(k, n, self.level))
        _, index = np.unique(groups, return_inverse=True)
        per_hits = np.bincount(index, weights=hits.astype(float))
        per_trials = np.bincount(index).astype(float)
        n_eff = effective_n(per_hits, per_trials)
        return Share(k, n, wilson_interval(k * n_eff / n, n_eff, self.level), len(per_trials))

    def _kappa(self, pairs: np.ndarray, w: np.ndarray, with_interval: bool) -> KappaValue:
        if pairs.sum() < 2:
            # Translators: why kappa against the reference has no value (a table's cell).
            return KappaValue(None, None, N_("fewer than two cases to compare"))
        value, se, _reason = cohen_from_table(pairs, w)
        if value is None:
            # Translators: why kappa against the reference has no value (a table's cell).
            return KappaValue(None, None, N_("the raters and the reference put every subject in "
                                             "the same single category, so chance agreement is "
                                             "100% and kappa is 0/0"))
        interval = normal_interval(value, se, lo=-1.0, hi=1.0, level=self.level) if with_interval else None
        return KappaValue(float(value), interval)
