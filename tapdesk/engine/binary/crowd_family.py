"""Verdicts on the many-raters path that hold their error rate for the whole panel.

Each comparison's own likelihood-ratio test (:mod:`crowd_standing`) holds the other
raters at the fit; with the others estimated from the same labels, and a thousand
raters, its tails are heavier than the chi-square's (12 simulated crowds of 1,000 equal
workers: 1.3 times as many accuracy p-values below 0.05 as the chi-square gives, 2.2 times
as many below 0.001), and Holm's procedure over two thousand comparisons reads exactly those
far tails. So the panel's
comparisons are judged together against simulation (a *max-statistic* test, Westfall
and Young 1993):

1. the panel with every rater alike (the fit's t, and every rater at the panel's
   ratings-weighted q1 and q0) is simulated CALIBRATION_PANELS times on the same
   design (the same raters labelling the same subjects as often), and each simulated
   panel is fitted again (EM from the truth) and its comparisons tested the same way;
2. each simulated panel gives its largest signed root in each direction over the same
   comparisons: its largest positive root ("higher", "more") and its largest |negative|
   one ("lower", "less");
3. a comparison is named only where its own signed root is beyond every one of those
   largest values in its direction (with 39 simulated panels, a chance of 1 in 40 for each
   direction, 1 in 20 for the whole panel, when no rater differs), and its interval lies
   on that side of 0.

This holds the panel-wide level by construction (the observed largest values and the
simulated ones are alike when no rater differs), whatever the comparisons' own tails;
a clearly weaker rater still stands out, since the largest value of a panel of
equals grows only slowly with its size.

Each direction is judged on its own, at half the level (issue 78): with a few dozen labels
a rater the roots of a panel of equals are not symmetric, their negative tail the heavier
(250 crowds of 60 equal workers x 600 items x 3 labels, 30 labels a worker: 1.7% of the
accuracy roots below -2.5 against 0.2% above 2.5), so the largest |root| of a panel was a
negative one in 83% of the simulated panels, and one test on the largest |root| named
"lower" and "less" all but alone (13 of 13 false names in the issue's 190 crowds).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import scipy.sparse as sp
from scipy.special import chdtri

from tapdesk.engine.binary.bernoulli import inversion, one_label_draws
from tapdesk.engine.binary.chunks import pair_chunks
from tapdesk.engine.binary.crowd_standing import HIGHER, LOWER, largest_panel_root
from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams, index_type, labelled
from tapdesk.engine.binary.per_rater_squarem import Scratch, cycle, evaluated
from tapdesk.engine.binary.rater_family import family_verdict
from tapdesk.engine.binary.rater_own_labels import LabelPairs, label_pairs, own_labels
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.em.steps import settled
from tapdesk.engine.events import StageProgress
from tapdesk.engine.intervals import significance
from tapdesk.engine.request import FitRequest
from tapdesk.engine.results import PanelTest, RaterComparison
from tapdesk.engine.words import level_percent
from tapdesk.i18n.deferred import made, said_n

STAGE = "judging the raters together"
"""The progress stage of the simulated panels."""



def panels_needed(level: float) -> int:
    """Simulated panels for a max-statistic test in each direction at half of 1 - ``level``:
    the fewest B whose smallest p-value, 1 / (B + 1), reaches (1 - level) / 2 (39 at 95%, 199
    at 99%; the 1e-9 keeps 2 / 0.05 = 40 from rounding up to 41)."""
    return max(math.ceil(1 / side_level(level) - 1e-9) - 1, 1)


def side_level(level: float) -> float:
    """The share of the panel's error rate each direction may spend: half of 1 - ``level``
    (the two directions' false names then each at most half the panel's)."""
    return significance(level) / 2


def crowd_method(n: int, panels: int, level: float) -> str:
    """How the verdicts were reached, in a reader's words."""
    # Translators: how a panel's verdicts were reached; {n} is the number of comparisons,
    # {panels} of simulated panels, {share} a percent ("5%"). No capital, no full stop.
    return said_n("all {n} comparison judged together: a rater is named only where their "
                  "difference stands out further than the largest of all {n} in the same direction "
                  "(above or below the rest of the panel) did in every one of {panels} simulated "
                  "panels in which every rater is alike, so the chance of naming any rater when "
                  "none differs stays at {share} for the whole panel, half of it in each "
                  "direction",
                  "all {n} comparisons judged together: a rater is named only where their "
                  "difference stands out further than the largest of all {n} in the same direction "
                  "(above or below the rest of the panel) did in every one of {panels} simulated "
                  "panels in which every rater is alike, so the chance of naming any rater when "
                  "none differs stays at {share} for the whole panel, half of it in each "
                  "direction",
                  n, n=n, panels=panels, share=made(level_percent, significance(level)))


@dataclass(frozen=True)
class Design:
    """Who labelled which subject how often: (subject, rater, number of labels) per pair."""

    subject: np.ndarray
    rater: np.ndarray
    labels: np.ndarray
    n_raters: int

    @classmethod
    def of(cls, data: RaterData, pairs: LabelPairs | None = None) -> Design:
        """The design of ``data`` (:func:`label_pairs`' pairs, in (subject, rater) order;
        ``pairs``: those, when known, whose layout of the one-label pairs, where already
        sorted, is the design's too: the same pairs, sorted once, not twice)."""
        pairs = label_pairs(data) if pairs is None else pairs
        labels = pairs.n1 + pairs.n0
        design = cls(pairs.subject, pairs.rater, labels.astype(np.int32), data.n_raters)
        for known in ("layout", "ordered", "ordered_subjects"):
            if known in pairs.__dict__:
                design.pairs.__dict__[known] = pairs.__dict__[known]
        return design

    @cached_property
    def columns(self) -> np.ndarray:
        """Each pair's Class-0 column of the count matrix (2j; Class 1's is the next), in the
        matrix's index type: the same in every panel."""
        return (2 * self.rater).astype(index_type(2 * self.n_raters + 2), copy=False)

    @cached_property
    def row_pairs(self) -> np.ndarray:
        """Where each subject's pairs begin (and the end of the last): the pairs are in
        subject order."""
        return np.searchsorted(self.subject, np.arange(self.subject_count + 1))

    @cached_property
    def unit_entries(self) -> np.ndarray:
        """A 1 for every pair, read-only: the entries of every panel's count matrix where each
        pair is one label, shared by them all (ten million labels: 80 MB fresh from the
        kernel for each panel, its page faults a tenth of the panel's draw)."""
        entries = np.ones(len(self.labels))
        entries.flags.writeable = False
        return entries

    @cached_property
    def one_label_each(self) -> bool:
        """Whether every pair is one label (the usual design: a panel's matrix then has one entry
        a pair, in the pair's place)."""
        return bool(np.all(self.labels == 1))

    @cached_property
    def label_type(self) -> np.dtype:
        """The smallest integer type of a pair's labels (a panel's Class-1 and Class-0 counts are
        kept in it: at ten million labels one byte a pair, not eight)."""
        return np.min_scalar_type(int(self.labels.max()) if len(self.labels) else 0)

    @property
    def subject_count(self) -> int:
        return int(self.subject[-1]) + 1 if len(self.subject) else 0

    @cached_property
    def pairs(self) -> LabelPairs:
        """The design's pairs for each rater's own labels (:mod:`rater_own_labels`): the layout
        of the one-label pairs is the design's, sorted once for all the simulated panels."""
        none = np.broadcast_to(0, self.labels.shape)                # no memory of its own
        return LabelPairs(self.subject, self.rater, none, self.labels, self.n_raters)


def alike(data: RaterData, params: RaterParams) -> RaterParams:
    """The panel with every rater alike: the fit's t, each rater at the ratings-weighted q1, q0."""
    w = data.rater_ratings / data.rater_ratings.sum()
    r = data.n_raters
    return RaterParams(params.t, np.full(r, float(w @ params.q1)), np.full(r, float(w @ params.q0)))


def simulated(data: RaterData, design: Design, truth: RaterParams,
              rng: np.random.Generator) -> RaterData:
    """A panel drawn from ``truth`` on the design of ``data`` (its count matrix built row by
    row in order: the design's pairs are in (subject, rater) order, each pair's Class-0 cell
    before its Class-1 cell)."""
    return drawn(data, design, truth, rng)[0]


def drawn(data: RaterData, design: Design, truth: RaterParams,
          rng: np.random.Generator) -> tuple[RaterData, LabelPairs]:
    """:func:`simulated`'s panel, and its (subject, rater) pairs' labels.

    Each pair's chance of a Class-1 label is its rater's q1 or q0 by the subject's drawn class;
    the count matrix is written entry by entry (a pair's Class-0 count, then its Class-1 count,
    each where it is not 0), without a matrix of both counts of every pair: the same draws and
    matrix as that, in less memory (issue 57, ten million labels)."""
    in_one = rng.random(data.n_subjects) < truth.t
    cells, cell = _cell_chances(truth), _cells_of(design, in_one)
    del in_one
    if design.one_label_each:           # numpy's binomial(1, p), draw for draw (:mod:`bernoulli`)
        ones = one_label_draws(rng, cells, inversion(cells), cell).view(np.uint8).astype(
            design.label_type, copy=False)
    else:                               # the same draws: numpy reads n as int64 either way
        ones = rng.binomial(design.labels, np.take(cells, cell)).astype(design.label_type)
    del cell
    zeros = np.subtract(design.labels, ones, dtype=design.label_type, casting="unsafe")
    matrix, totals = _panel_counts(design, zeros, ones, data.counts.shape)
    return (RaterData(matrix, matrix.T, data.subject_codes, data.rater_codes,
                      data.n_per_subject, totals), design.pairs.relabelled(ones, zeros))


def _cell_chances(truth: RaterParams) -> np.ndarray:
    """Each cell's chance of a Class-1 label: cell 2j rater j's q0, 2j + 1 their q1."""
    cells = np.empty(2 * len(truth.q0))
    cells[0::2], cells[1::2] = truth.q0, truth.q1
    return cells


def _cells_of(design: Design, in_one: np.ndarray) -> np.ndarray:
    """Each pair's cell by its subject's drawn class: 2j, or 2j + 1 in Class 1 (one look-up a
    pair, a chunk of pairs at a time: :mod:`chunks`)."""
    cell = np.empty(len(design.subject), design.columns.dtype)
    for part in pair_chunks(len(cell)):
        np.add(design.columns[part], np.take(in_one, design.subject[part]), out=cell[part])
    return cell


def _entries_per_column(columns: np.ndarray, n: int) -> np.ndarray:
    """How many entries each of ``n`` columns holds (as floats: whole numbers), counted a chunk
    of entries at a time."""
    counts = np.zeros(n, np.int64)
    for part in pair_chunks(len(columns)):
        counts += np.bincount(columns[part], minlength=n)
    return counts.astype(float)


def _panel_counts(design: Design, zeros: np.ndarray, ones: np.ndarray,
                  shape: tuple[int, int]) -> tuple[sp.csr_matrix, np.ndarray]:
    """The panel's count matrix (each pair's Class-0 then Class-1 entry, those not 0, in the
    design's (subject, rater) order) and each column's total."""
    if design.one_label_each:
        return _one_label_counts(design, ones, shape)
    has0, has1 = zeros > 0, ones > 0
    index = index_type(max(2 * len(zeros), shape[1]))
    ends: np.ndarray = np.zeros(len(zeros) + 1, index)   # each pair's first entry
    np.cumsum(has0.view(np.int8) + has1.view(np.int8), dtype=index, out=ends[1:])
    values, columns = np.empty(int(ends[-1])), np.empty(int(ends[-1]), design.columns.dtype)
    at = ends[:-1][has0]
    values[at], columns[at] = zeros[has0], design.columns[has0]
    at = ends[:-1][has1]
    at += has0[has1]
    values[at] = ones[has1]
    columns[at] = design.columns[has1]
    columns[at] += 1
    del at, has0, has1
    indptr = ends[design.row_pairs]
    if len(indptr) < shape[0] + 1:                  # subjects after the last one labelled
        indptr = np.r_[indptr, np.full(shape[0] + 1 - len(indptr), indptr[-1], index)]
    del ends
    matrix = sp.csr_matrix((values, columns, indptr), shape=shape)
    totals = np.empty(shape[1])
    totals[0::2] = np.bincount(design.rater, weights=zeros, minlength=shape[1] // 2)
    totals[1::2] = np.bincount(design.rater, weights=ones, minlength=shape[1] // 2)
    return matrix, totals


def _one_label_counts(design: Design, ones: np.ndarray,
                      shape: tuple[int, int]) -> tuple[sp.csr_matrix, np.ndarray]:
    """:func:`_panel_counts` where every pair is one label: each pair's one entry, a 1 in its
    Class-0 or Class-1 column, in the pair's own place (the same matrix and totals, without
    the masks that place two entries a pair: 50 to 5 ms a panel at a million labels); each
    column's total is its count of entries (whole numbers: the same totals as the labels'
    weighted sums, which took 160 ms of a ten-million-label panel's draw, most of it in
    converting the weights)."""
    index = index_type(max(2 * len(ones), shape[1]))
    columns = ones.astype(design.columns.dtype)
    columns += design.columns
    indptr: np.ndarray = design.row_pairs.astype(index)
    if len(indptr) < shape[0] + 1:                  # subjects after the last one labelled
        indptr = np.r_[indptr, np.full(shape[0] + 1 - len(indptr), indptr[-1], index)]
    matrix = sp.csr_matrix((design.unit_entries, columns, indptr), shape=shape)
    totals = _entries_per_column(columns, shape[1])                     # one label an entry
    return matrix, totals


SIMULATION_TOLERANCE = 1e-8
"""EM on a simulated panel stops where its log-likelihood is within this (relative) of its
maximum (:func:`settled`), or the fit's own tolerance where that is looser. Measured on 12
simulated panels of 120 workers, the largest root moved by 0.0007 on average between 1e-7 and
1e-10 (the fit's default) when EM stopped at a small rise; with SQUAREM cycles and the
projected rise, 5 panels of 1,000 workers (150,000 labels) took 9.4 cycles at 1e-8 and 18.4 at
1e-10, their largest roots the same to 1e-4."""


def refitted(data: RaterData, start: RaterParams, tolerance: float,
             max_iterations: int) -> RaterParams:
    """The per-rater fit of a simulated panel by EM from its truth, in SQUAREM cycles as the
    fit itself (:mod:`per_rater_squarem`), in the population labelling (stopping where the
    log-likelihood is within ``tolerance`` of its maximum, :func:`settled`)."""
    return Refit(data, start, max_iterations).to(tolerance)


@dataclass(frozen=True)
class Paused:
    """A :class:`Refit` run's state between its stops: its parameters, cycles left, trace and
    whether its log-likelihood is yet to join the trace."""

    params: RaterParams
    left: int
    trace: tuple[float, ...]
    pending: bool


class Refit:
    """:func:`refitted`'s EM run, stopped at a tolerance and taken on to a tighter one later:
    the same cycles and the same stop as one run to the tighter tolerance (a run settled within
    a tolerance is settled within every looser one, so the looser stop comes first)."""

    def __init__(self, data: RaterData, start: RaterParams, max_iterations: int) -> None:
        self.data, self.params, self.left = data, start, max_iterations
        self.trace: list[float] = []
        self.ll, self.gamma = evaluated(data, start, None)
        self.pending = True                     # ll not yet in the trace
        self.scratch = Scratch(data.n_subjects)

    def paused(self) -> Paused:
        """Where the run stands (kept small: the panel's own arrays are not)."""
        return Paused(self.params, self.left, tuple(self.trace), self.pending)

    @classmethod
    def resumed(cls, data: RaterData, paused: Paused) -> Refit:
        """The run ``paused`` on the same panel ``data`` (drawn again), taken on from where it
        stood: the same cycles and the same stop as if it had never paused (the log-likelihood
        and posteriors are those of its parameters, worked out again)."""
        refit = cls.__new__(cls)
        refit.data, refit.params, refit.left = data, paused.params, paused.left
        refit.trace, refit.pending = list(paused.trace), paused.pending
        refit.ll, refit.gamma = evaluated(data, paused.params, None)
        refit.scratch = Scratch(data.n_subjects)
        return refit

    def to(self, tolerance: float) -> RaterParams:
        """The fit where the run is settled within ``tolerance`` (or its cycles are spent)."""
        while True:
            if self.pending:
                if not self.left:
                    break
                self.left -= 1
                self.trace.append(self.ll)
                self.pending = False
            if settled(self.trace, tolerance):
                break
            self.params, self.ll, self.gamma = cycle(self.data, self.params, self.gamma, None,
                                                     self.scratch)
            self.pending = True
        return labelled(self.data, self.params)[0]


def largest_root(data: RaterData, params: RaterParams, tested: np.ndarray,
                 pairs: LabelPairs | None = None, floor: np.ndarray | float = 0.0) -> np.ndarray:
    """The largest signed root over the comparisons ``tested`` (flat indices 2j + k, k = 0
    accuracy, 1 guess rate, the order of :func:`crowd_comparisons`; ``pairs``: the panel's
    (subject, rater) pairs, when known) in each direction, (positive, |negative|), each
    direction's ``floor`` where none is above it (:func:`largest_panel_root`)."""
    labels = None if pairs is None else own_labels(data, params, pairs)
    return largest_panel_root(data, params, tested, labels, floor)


SCREEN_TOLERANCE = 1e-6
"""A simulated panel is first refitted only this far (4-5 SQUAREM cycles at a million labels
against 9-13 to SIMULATION_TOLERANCE), enough to see that its largest root is well under the
value that would change a verdict (:func:`panel_maximum`)."""

SCREEN_MARGIN = 0.1
"""... well under: by more than this. Between SCREEN_TOLERANCE and SIMULATION_TOLERANCE a
panel's largest root moved by at most 0.0009 (19 panels of the 150,000-label benchmark crowd),
0.0115 (19 of the million-label crowd) and 0.00025 (8 of the ten-million-label crowd;
benchmarks/RESULTS.md, "Per-rater t-a-p: fourth pass"): the margin is 9 times the largest."""


SCREEN_LABELS = 300_000
"""... and only on panels of at least this many labels, where the margin was measured: between
SCREEN_TOLERANCE and SIMULATION_TOLERANCE the largest root moved by at most 0.0009-0.0115 on
the benchmark crowds of 150,000 to 10,000,000 labels and 0.0008-0.0047 on two more of 150,000
and 300,000 (either label as Class 1), but by up to 0.22 on crowds of 9,000 (300 workers x
3,000 items: a few labels a worker, some estimates still crawling along flat directions), where
a screened panel returned the floor though its full refit's root is above it
(benchmarks/RESULTS.md, "Per-rater t-a-p: fifth pass"). Below it the screen gained nothing
measurable anyway (150,000 labels: refits 0.36 to 0.27 s, searches 0.17 to 0.26 s, the fourth
pass)."""


def panel_maximum(data: RaterData, design: Design, truth: RaterParams, rng: np.random.Generator,
                  request: FitRequest, tested: np.ndarray,
                  floor: np.ndarray | float = 0.0) -> np.ndarray:
    """One simulated panel's largest root in each direction (or that direction's ``floor``,
    where it is no larger): drawn, refitted and its comparisons tested (its arrays freed
    before the next panel is drawn).

    A panel whose largest roots are under ``floor`` changes no verdict, and only whether they
    are under counts, not where: so the panel is refitted to SCREEN_TOLERANCE first, and where
    its largest root in each direction there is more than SCREEN_MARGIN under that direction's
    ``floor`` it is taken to be under it (``floor`` is returned, as the full refit would return
    it); otherwise the refit goes on to
    the simulation tolerance, the same cycles and the same stop as without the screen, and
    its largest root is found as before. Panels of fewer than SCREEN_LABELS labels are not
    screened."""
    floor = np.array(np.broadcast_to(np.asarray(floor, float), 2))
    panel, pairs = drawn(data, design, truth, rng)
    refit = Refit(panel, truth, request.max_iterations)
    tight = max(request.tolerance, SIMULATION_TOLERANCE)
    if (bool((floor > SCREEN_MARGIN).all()) and tight < SCREEN_TOLERANCE
            and float(panel.cell_totals.sum()) >= SCREEN_LABELS):
        below = floor - SCREEN_MARGIN
        if (largest_root(panel, refit.to(SCREEN_TOLERANCE), tested, pairs, below) <= below).all():
            return floor
    return largest_root(panel, refit.to(tight), tested, pairs, floor)


def screened(data: RaterData, request: FitRequest) -> bool:
    """Whether this fit's simulated panels are screened (:func:`panel_maximum`): SCREEN_LABELS
    labels or more, and a simulation tolerance tighter than SCREEN_TOLERANCE."""
    return (max(request.tolerance, SIMULATION_TOLERANCE) < SCREEN_TOLERANCE
            and float(data.cell_totals.sum()) >= SCREEN_LABELS)


def deferred_maxima(data: RaterData, design: Design, truth: RaterParams,
                    rng: np.random.Generator, request: FitRequest, tested: np.ndarray,
                    test: tuple[np.ndarray, int, int], cancel: CancelToken):
    """Generator (StageProgress events): every simulated panel's largest root in each direction
    as :func:`crowd_verdicts` reads them (``test``: the largest observed root in each
    direction, the panels that may reach a comparison's root while it is named, -1 or 0, and
    the number of panels), or None when cancelled; the screen of :func:`panel_maximum`, its
    full refits left to the end.

    Each panel is refitted to SCREEN_TOLERANCE and its largest roots r found there, each
    within SCREEN_MARGIN of the full refit's (the screen's own premise). So the largest root
    of all the panels in a direction is at least every r there less the margin, and a panel
    whose r plus the margin is under that bound (and under the largest observed root) in
    both directions changes no verdict and not the panel's test. Only the panels left at the
    end are refitted to the simulation tolerance, drawn again from the generator's state
    before them (the same panel) and their refits taken on from where the screen stopped (the
    same cycles: :meth:`Refit.resumed`), highest r first, each skipped once the full roots
    found show it cannot matter. Taken one at a time, every panel that set a new largest root
    on its way was refitted in full; at a million labels 6 of 19 were, against 1 here: the
    same largest roots, the same verdicts."""
    top, allowed, panels = test
    seen: list[tuple[Mapping[str, Any], np.ndarray, Paused]] = []
    bound = np.zeros(2)                     # the largest full roots are at least this
    for done in range(panels):
        if cancel.requested:
            return None
        state = rng.bit_generator.state
        reach = (top if allowed < 0 else np.minimum(top, bound)) - SCREEN_MARGIN
        root, paused = _screen_root(data, design, truth, rng, request, tested,
                                    np.maximum(reach, 0.0))
        if (root > reach).any():
            seen.append((state, root, paused))
            bound = np.maximum(bound, root - SCREEN_MARGIN)
        yield StageProgress(request.request_id, STAGE, done + 1, panels)
    exact: list[np.ndarray] = []
    tight = max(request.tolerance, SIMULATION_TOLERANCE)
    for state, root, paused in sorted(seen, key=lambda item: -float(item[1].max())):
        known = top if allowed < 0 else np.minimum(
            top, np.max(exact, axis=0) if exact else bound)
        if (root + SCREEN_MARGIN < known).all():
            continue
        if cancel.requested:
            return None
        again = np.random.default_rng()
        again.bit_generator.state = state
        panel, pairs = drawn(data, design, truth, again)
        floor = needed_above(exact, top, allowed)
        exact.append(largest_root(panel, Refit.resumed(panel, paused).to(tight), tested, pairs,
                                  floor))
    rest = needed_above(exact, top, allowed)
    return exact + [rest] * (panels - len(exact))


def _screen_root(data: RaterData, design: Design, truth: RaterParams, rng: np.random.Generator,
                 request: FitRequest, tested: np.ndarray,
                 floor: np.ndarray) -> tuple[np.ndarray, Paused]:
    """A simulated panel's largest roots refitted to SCREEN_TOLERANCE (each direction's
    ``floor`` where no larger), and where its refit stopped (taken on from there if it is
    refitted in full)."""
    panel, pairs = drawn(data, design, truth, rng)
    refit = Refit(panel, truth, request.max_iterations)
    fit = refit.to(SCREEN_TOLERANCE)
    return largest_root(panel, fit, tested, pairs, floor), refit.paused()


def still_named(panels: int, alpha: float) -> int:
    """The most simulated panels whose largest root may reach a comparison's own while it is
    still named (-1: none is named whatever they say): the count c of the rule
    (1 + c) / (panels + 1) <= alpha, worked out as :func:`crowd_verdicts` works it out."""
    count = -1
    while count < panels and (1 + (count + 1)) / (panels + 1) <= alpha:
        count += 1
    return count


def needed_above(maxima: list[np.ndarray], top: np.ndarray | float,
                 allowed: int) -> np.ndarray:
    """Below which a simulated panel's largest root in each direction changes no verdict and
    not the panel's test (``maxima``: the panels' before it, a value or one a direction; ``top``
    the largest observed root, likewise): a comparison's verdict reads only whether more than
    ``allowed`` panels' largest roots in its direction reach its own, so a panel's largest
    root under the (allowed + 1)-th largest of the panels before it changes no verdict (every
    comparison it reaches is reached by those already), nor the panel's test where it is under
    the largest observed root ``top``. Just under that value (a panel's root equal to it still
    counts); 0 while it is not known."""
    top = np.asarray(top, float)
    if allowed < 0:
        value = top
    elif len(maxima) > allowed:
        value = np.minimum(top, np.sort(np.array(maxima, float), axis=0)[-(allowed + 1)])
    else:
        return np.zeros_like(top)
    return np.where(value > 0, np.nextafter(value, -np.inf), 0.0)


def crowd_verdicts(data: RaterData, params: RaterParams,
                   comparisons: tuple[RaterComparison, ...], request: FitRequest,
                   cancel: CancelToken, design: Design | None = None):
    """Generator (StageProgress events): the comparisons with verdicts from the max-statistic
    test in each direction, and the panel's test (None when nothing is tested or the fit is
    cancelled; ``design``: ``data``'s, when known)."""
    tested = np.array([i for i, c in enumerate(comparisons) if c.p_value is not None], int)
    if not len(tested):
        return comparisons, None
    level = request.level
    panels = panels_needed(level)
    rng = np.random.default_rng(request.seed)
    design, truth = Design.of(data) if design is None else design, alike(data, params)
    roots, side = observed_roots([comparisons[i] for i in tested])
    alpha = side_level(level)
    allowed, top = still_named(panels, alpha), largest_each_way(roots, side)
    if screened(data, request) and allowed <= 0:
        found = yield from deferred_maxima(data, design, truth, rng, request, tested,
                                           (top, allowed, panels), cancel)
        if found is None:
            return (), None
        maxima = found
    else:
        maxima = []
        for done in range(panels):
            if cancel.requested:
                return (), None
            maxima.append(panel_maximum(data, design, truth, rng, request, tested,
                                        needed_above(maxima, top, allowed)))
            yield StageProgress(request.request_id, STAGE, done + 1, panels)
    largest = np.array(maxima, float).reshape(panels, 2)
    beaten = (1 + (largest[:, side] >= roots[None, :]).sum(axis=0)) / (panels + 1)
    out, n = list(comparisons), len(tested)
    for i, named in zip(tested.tolist(), (beaten <= alpha).tolist()):
        c = comparisons[i]      # replace()'s fields, built directly: 200,000 at 10M labels
        out[i] = RaterComparison(c.rater_id, c.name, c.difference, c.interval,
                                 family_verdict(c, named), c.method, c.level, c.p_value, n)
    test = PanelTest(len(tested), crowd_method(len(tested), panels, level), level,
                     float(top.max()), None, panel_p_value(largest, top))
    return tuple(out), test


def observed_roots(tested: list[RaterComparison]) -> tuple[np.ndarray, np.ndarray]:
    """Each tested comparison's |signed root| (from its p-value) and its direction (HIGHER
    where its difference is above 0, else LOWER)."""
    roots = np.sqrt(chdtri(1, np.array([c.p_value for c in tested], float)))
    below = np.array([c.difference < 0 for c in tested], bool)
    return roots, np.where(below, LOWER, HIGHER)


def largest_each_way(roots: np.ndarray, side: np.ndarray) -> np.ndarray:
    """The largest observed root in each direction (0 where there is none)."""
    return np.array([float(roots[side == d].max(initial=0.0)) for d in (HIGHER, LOWER)])


def panel_p_value(largest: np.ndarray, top: np.ndarray) -> float:
    """The panel's p-value: each direction's max-statistic p-value, the smaller doubled (the
    panel's test rejects exactly where some comparison is named)."""
    each = (1 + (largest >= top[None, :]).sum(axis=0)) / (len(largest) + 1)
    return float(min(1.0, 2 * each.min()))
