"""Ordinal scales analysed by cut points, and pairwise conditional accuracy.

For every cut point between adjacent categories, Class 1 = ratings at or
below the cut in scale order; the t-a-p model is fitted and the binary
Fleiss kappa computed on that split. When t = p (the expert case) Fleiss
kappa equals a^2, so sqrt(kappa) is an accuracy-like figure to set beside a.

The pairwise table asks how well raters tell two categories apart: only the
ratings in categories i and j are kept, subjects with at least two such
ratings enter, and the binary Fleiss kappa of that sub-table gives the
conditional accuracy sqrt(kappa). Every kappa here is computed as the agreement
table computes Fleiss' kappa (:mod:`tapdesk.engine.binary.agreement`, Gwet 2014
with missing ratings): at a cut it is the agreement table's number at that cut, a
subject rated once counted in the chance agreement; for a pair, that of the
sub-table of the subjects with two or more ratings in the two categories. A
negative kappa (less agreement than chance) has no square root; the cell is then
empty and says why.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from tapdesk.data.binary import ClassChoice, CountHistogram, binary_counts
from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.binary.agreement import binary_agreement, counts_agreement
from tapdesk.engine.cancel import NEVER_CANCELLED, CancelToken
from tapdesk.engine.events import ProgressEvent
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import Estimate, LogLikelihood, Notice, ResultTable, _clean, ci_text, fmt
from tapdesk.engine.run import fit
from tapdesk.engine.words import interval_name
from tapdesk.errors import DataError
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.deferred import made, said, shown
from tapdesk.i18n.formats import quoted
from tapdesk.i18n.text import Listed, english, text


@dataclass(frozen=True)
class CutResult:
    """The binary split at one cut point: Class 1 = at or below ``cut``."""

    cut: str
    choice: ClassChoice
    class1_share: float
    t: Estimate
    a: Estimate
    p: Estimate
    kappa: float | None
    sqrt_kappa: float | None
    sqrt_kappa_reason: str
    percent_agreement: float
    log_likelihood: LogLikelihood
    n_subjects: int
    n_ratings: int
    histogram: tuple[tuple[int, int, int], ...]
    warnings: tuple[Notice, ...]
    complete: bool = True

    @property
    def label(self) -> str:
        """The cut by its codes ("1|2"), with the value labels first when there are any
        ("no medal | bronze (1|2)")."""
        codes = f"{self.cut}|{self.choice.class0[0]}"
        names = f"{self.choice.name(self.cut)} | {self.choice.name(self.choice.class0[0])}"
        return codes if names == codes.replace("|", " | ") else f"{names} ({codes})"

    def subjects_with_k(self, n_rated: int) -> tuple[int, ...]:
        """How many subjects rated ``n_rated`` times have k = 0..n_rated Class-1 ratings."""
        counts = [0] * (n_rated + 1)
        for n, k, w in self.histogram:
            if n == n_rated:
                counts[k] += w
        return tuple(counts)


@dataclass(frozen=True)
class PairResult:
    """Conditional agreement between two categories (only their ratings kept)."""

    first: str
    second: str
    n_subjects: int
    n_ratings: int
    kappa: float | None
    sqrt_kappa: float | None
    reason: str = ""


@dataclass(frozen=True)
class OrdinalResult:
    categories: tuple[str, ...]
    cuts: tuple[CutResult, ...]
    pairs: tuple[PairResult, ...]
    complete: bool = True
    warnings: tuple[Notice, ...] = ()
    category_labels: tuple[str, ...] = ()
    level: float = 0.95
    """The level of every cut point's intervals (the request's)."""

    def name(self, category: str) -> str:
        """The category's value label, or its code."""
        labels = dict(zip(self.categories, self.category_labels))
        return labels.get(category) or category

    def pair(self, first: str, second: str) -> PairResult:
        for pr in self.pairs:
            if {pr.first, pr.second} == {first, second}:
                return pr
        raise KeyError(f"{first}/{second}")

    def pairwise_matrix(self) -> list[list[float | None]]:
        """sqrt(kappa) for every pair of categories (None on the diagonal and where undefined)."""
        size = len(self.categories)
        matrix: list[list[float | None]] = [[None] * size for _ in range(size)]
        index = {c: i for i, c in enumerate(self.categories)}
        for pr in self.pairs:
            i, j = index[pr.first], index[pr.second]
            matrix[i][j] = matrix[j][i] = pr.sqrt_kappa
        return matrix

    @property
    def tables(self) -> tuple[ResultTable, ...]:
        cut_rows = tuple((c.label, c.class1_share, c.t.value, c.a.value, c.p.value, c.kappa,
                          c.sqrt_kappa, c.log_likelihood.bits_per_rating, c.n_subjects)
                         for c in self.cuts)
        pair_rows = tuple((pr.first, pr.second, pr.n_subjects, pr.kappa, pr.sqrt_kappa, pr.reason)
                          for pr in self.pairs)
        return (ResultTable(N_("t-a-p at each cut point"),
                            (N_("cut"), "class1_share", "t", "a", "p", "fleiss_kappa", "sqrt_kappa",
                             "bits_per_rating", "subjects"), cut_rows,
                            N_("Class 1 = ratings at or below the cut in scale order.")),
                # Translators: the table of each pair of categories (its title, columns "first
                # category", "second category", ... and note).
                ResultTable(N_("Conditional accuracy sqrt(kappa) by pair of categories"),
                            (N_("first"), N_("second"), N_("subjects"), "fleiss_kappa",
                             "sqrt_kappa", N_("note")),
                            pair_rows, N_("Only ratings in the two categories kept; subjects with "
                                          "at least two such ratings.")))

    def to_dict(self) -> dict[str, Any]:
        def est(e: Estimate) -> dict[str, Any]:
            return {"value": e.value, "se": e.se, "ci": list(e.ci) if e.ci else None}

        cuts = [{"cut": c.cut, "label": c.label, "class1": list(c.choice.class1),
                 "class1_share": c.class1_share, "t": est(c.t), "a": est(c.a), "p": est(c.p),
                 "fleiss_kappa": c.kappa, "sqrt_kappa": c.sqrt_kappa,
                 "sqrt_kappa_note": c.sqrt_kappa_reason, "percent_agreement": c.percent_agreement,
                 "log_likelihood": c.log_likelihood.nats,
                 "bits_per_rating": c.log_likelihood.bits_per_rating,
                 "n_subjects": c.n_subjects, "n_ratings": c.n_ratings,
                 "histogram": [list(h) for h in c.histogram],
                 "warnings": [english(w.said) for w in c.warnings],
                 "warning_codes": [w.code for w in c.warnings], "complete": c.complete}
                for c in self.cuts]
        pairs = [{"first": pr.first, "second": pr.second, "n_subjects": pr.n_subjects,
                  "n_ratings": pr.n_ratings, "fleiss_kappa": pr.kappa, "sqrt_kappa": pr.sqrt_kappa,
                  "note": pr.reason} for pr in self.pairs]
        labels = {"category_labels": [self.name(c) for c in self.categories]} \
            if self.category_labels else {}
        return _clean({"categories": list(self.categories), **labels, "cuts": cuts, "pairs": pairs,
                       "pairwise_sqrt_kappa": self.pairwise_matrix(), "complete": self.complete,
                       "warnings": [english(w.said) for w in self.warnings]})

    def as_text(self) -> str:
        """``tapdesk ordinal``'s text, in the current language."""
        # Translators: the title of `tapdesk ordinal`'s text.
        title = _("Ordinal analysis by cut points")
        interval = shown(interval_name("mle", self.level))
        heads = (
            # Translators: a column head of `tapdesk ordinal`'s table of cut points: the cut.
            _("cut"),
            # Translators: a column head of `tapdesk ordinal`'s table of cut points: the share
            # of ratings in Class 1.
            _("Class 1"),
            # Translators: a column head of `tapdesk ordinal`'s table of cut points: the
            # interval of accuracy a; {interval} is the interval's name with its level ("95%
            # interval"); keep the symbol a.
            _("{interval} a").format(interval=interval),
            # Translators: a column head of `tapdesk ordinal`'s table of cut points: Fleiss'
            # kappa (the glossary's word).
            _("kappa"),
            # Translators: a column head of `tapdesk ordinal`'s table of cut points: the square
            # root of Fleiss' kappa, set beside a; short (at most 7 characters), e.g. "√k".
            _("sqrt(k)"))
        cut_w = max([len(c.label) for c in self.cuts] + [12])
        lines = [title, "=" * len(title), "", _("Class 1 = ratings at or below the cut in scale order."),
                 "", f"{heads[0]:<{cut_w}} {heads[1]:>8} {'t':>6} {'a':>6} "
                 f"{heads[2]:>15} {'p':>6} {heads[3]:>7} {heads[4]:>7}"]
        for c in self.cuts:
            ci = ci_text(c.a.ci)
            lines.append(f"{c.label:<{cut_w}} {formats.percent(c.class1_share, 1):>8} "
                         f"{fmt(c.t.value):>6} {fmt(c.a.value):>6} {ci:>15} {fmt(c.p.value):>6} "
                         f"{fmt(c.kappa):>7} {fmt(c.sqrt_kappa):>7}")
        names = [self.name(c) for c in self.categories]
        width = max(len(c) for c in names) + 2
        # Translators: the heading of `tapdesk ordinal`'s matrix of each pair of categories.
        lines += ["", _("Conditional accuracy sqrt(kappa), only ratings in each pair of categories "
                        "kept:"),
                  " " * width + "".join(f"{c:>{max(width, 7)}}" for c in names)]
        for row_label, row in zip(names, self.pairwise_matrix()):
            lines.append(f"{row_label:<{width}}" + "".join(f"{fmt(v):>{max(width, 7)}}" for v in row))
        notes = [f"{self.name(pr.first)}/{self.name(pr.second)}: {shown(pr.reason)}"
                 for pr in self.pairs if pr.reason]
        # Translators: a warning of one cut point of `tapdesk ordinal`: {cut} the cut ("2|3"),
        # {warning} the warning.
        warnings = [_("cut {cut}: {warning}").format(cut=c.label, warning=w.message)
                    for c in self.cuts for w in c.warnings]
        warnings += [w.message for w in self.warnings]
        if notes:
            # Translators: the heading of the pairs of categories with no conditional accuracy.
            lines += ["", _("Pairs without a value:")] + [f"  - {n}" for n in notes]
        if warnings:
            lines += ["", _("Warnings:")] + [f"  - {w}" for w in warnings]
        if not self.complete:
            lines += ["", _("Cancelled before the end: some cut points are missing or incomplete.")]
        return "\n".join(lines)


def sqrt_kappa(kappa: float | None, undefined: str) -> tuple[float | None, str]:
    if kappa is None:
        return None, undefined
    if kappa < 0:
        # Translators: why a pair of categories (or a cut point) has no conditional accuracy
        # sqrt(kappa) (a heatmap cell's hover text, a table's note); {kappa} is a number ("-0.120").
        return None, said("kappa = {kappa} is negative (less agreement than chance), so it has no "
                          "square root", kappa=made(fmt, kappa))
    return float(np.sqrt(kappa)), ""


def histogram_rows(hist: CountHistogram) -> tuple[tuple[int, int, int], ...]:
    return tuple((int(n), int(k), int(w)) for n, k, w in zip(hist.n_rated, hist.n_class1, hist.weight))


def cut_result(table: RatingsTable, template: FitRequest, cut: str, cancel: CancelToken,
               on_event: Callable[[ProgressEvent], None] | None) -> CutResult:
    request = replace(template, model="tap", cut=cut, class1=None)
    result = fit(request, table, on_event=on_event, cancel=cancel)
    counts = binary_counts(table, cut=cut)
    hist = counts.histogram()
    agreement = counts_agreement(counts)
    root, reason = sqrt_kappa(agreement.kappa, agreement.undefined_reason)
    assert result.log_likelihood is not None        # every t-a-p fit reports its log-likelihood
    return CutResult(cut=cut, choice=counts.choice, class1_share=agreement.class1_rate,
                     t=result.param("t"), a=result.param("a"), p=result.param("p"),
                     kappa=agreement.kappa, sqrt_kappa=root, sqrt_kappa_reason=reason,
                     percent_agreement=agreement.percent_agreement,
                     log_likelihood=result.log_likelihood, n_subjects=counts.n_subjects,
                     n_ratings=counts.n_ratings, histogram=histogram_rows(hist),
                     warnings=result.warnings, complete=result.complete)


def pair_result(table: RatingsTable, first: int, second: int) -> PairResult:
    cats = table.categories
    keep = (table.rating == first) | (table.rating == second)
    sub = table.select(keep)
    per = np.bincount(sub.subject, minlength=sub.n_subjects)
    ones = np.bincount(sub.subject, weights=(sub.rating == first), minlength=sub.n_subjects)
    ok = per >= 2
    n_subj, n_rat = int(ok.sum()), int(per[ok].sum())
    if not n_subj:
        # Translators: why a pair of categories has no conditional accuracy (a heatmap cell's
        # hover text, a table's note).
        nobody = said("no subject has two or more ratings in these two categories")
        return PairResult(cats[first], cats[second], 0, 0, None, None, nobody)
    agreement = binary_agreement(CountHistogram.from_counts(per[ok], ones[ok].astype(np.int64)))
    # Translators: why a pair of categories has no conditional accuracy (a heatmap cell's hover
    # text, a table's note).
    undefined = said("only one of the two categories occurs among these subjects' ratings, so "
                     "kappa is undefined")
    root, reason = sqrt_kappa(agreement.kappa, undefined)
    return PairResult(cats[first], cats[second], n_subj, n_rat, agreement.kappa, root, reason)


def ordinal_analysis(table: RatingsTable, request_template: FitRequest | None = None,
                     cancel: CancelToken | None = None, *,
                     on_event: Callable[[ProgressEvent], None] | None = None) -> OrdinalResult:
    """t-a-p and Fleiss kappa at every cut point, and pairwise conditional accuracy.

    ``request_template`` supplies the fit settings (starts, seed, bootstrap
    ...); its model and Class-1 choice are replaced at each cut.
    """
    cancel = cancel or NEVER_CANCELLED
    template = request_template or FitRequest()
    cats = table.categories
    if len(cats) < 2:
        # Translators: {category} is a category's name as the data file writes it.
        raise DataError(said("every rating is in the one category {category}; cut points need at "
                             "least two categories", category=made(quoted, str(cats[0]))))
    if not table.scale.ordinal:
        # Translators: {order} are the categories in their order ("1, 2, 3").
        raise DataError(said("the categories are not known to be ordered, so cut points make no "
                             "sense; if the order {order} is right, mark the scale as ordinal",
                             order=", ".join(cats)), settings=("ordinal",))
    cuts = []
    for cut in cats[:-1]:
        if cancel.requested:
            break
        cuts.append(cut_result(table, template, cut, cancel, on_event))
    complete = not cancel.requested and len(cuts) == len(cats) - 1 and all(c.complete for c in cuts)
    pairs = tuple(pair_result(table, i, j) for i in range(len(cats)) for j in range(i + 1, len(cats)))
    notes = []
    unused = [c for c, n in zip(cats, np.bincount(table.rating, minlength=len(cats))) if n == 0]
    if unused:
        # Translators: {categories} lists categories' names ("gold", "4, 5").
        notes.append(Notice("unused-category", text(N_(
            "No rating uses {categories}; cut points next to it repeat the neighbouring split."),
            categories=Listed.of(table.scale.label(c) for c in unused))))
    return OrdinalResult(cats, tuple(cuts), pairs, complete, tuple(notes),
                         tuple(table.scale.label(c) for c in cats) if table.scale.has_labels else (),
                         template.level)
