"""Each rater's own labels given everyone else's: the many-raters path's likelihood per rater.

With many raters the whole model's profile likelihood is out of reach, but each
rater's comparison with the rest of the panel needs only that rater's own labels.
Given the other raters' labels of a subject, and t and the other raters'
parameters held at the fit, the subject is in Class 1 with probability

    pi_i = Pr(Class 1 | the others' labels of subject i)      (leave-one-out: rater j's
                                                                 own labels left out)

and rater j's labels of the subjects they rated are independent, with

    Pr(rater j's labels of i | the others') = pi_i q1^n1 (1 - q1)^n0 + (1 - pi_i) q0^n1 (1 - q0)^n0,

n1 and n0 the rater's Class-1 and Class-0 labels of subject i (one of them 1 in the
usual design). This is rater j's part of the whole log-likelihood: log Pr(all labels)
= log Pr(the others' labels) + log Pr(rater j's | the others'), and the first term
does not depend on rater j's parameters, so the fit's estimates of rater j maximise it
too. Along any straight line in (q1, q0) (accuracy a = q1 - q0 held fixed, or guess
rate p = q0 / (1 - a) held fixed: both are lines) it is a one-parameter problem, and
with one label a subject it is concave; every rater's maximum is found at once by
Newton steps over the label list (``np.bincount``), the labels of all raters
together.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.sparse as sp

from tapdesk.engine.binary.chunks import pair_chunks
from tapdesk.engine.binary.per_rater_em import EDGE, RaterData, RaterParams, index_type

Vector = np.ndarray


@dataclass(frozen=True)
class OwnLabels:
    """Every (subject, rater) pair: with one label (nearly all), the label and the probability
    of Class 1 from t and the others' labels alone, signed by the label (``signed``: +pi for
    a Class-1 label, -pi for a Class-0 one); with several, the rater's Class-1 and Class-0
    labels of the subject and the log-probabilities of Class 1 and Class 0."""

    rater: Vector
    said: Vector
    signed: Vector
    many: tuple[Vector, Vector, Vector, Vector, Vector]
    """(rater, n1, n0, log Pr(Class 1), log Pr(Class 0)) of the pairs with several labels."""
    n_raters: int

    @property
    def one(self) -> Vector:
        """Each one-label pair's probability of Class 1 (pi, made from ``signed``)."""
        return np.abs(self.signed)

    @cached_property
    def signs(self) -> tuple[Vector, Vector]:
        """Per one-label pair, (its cell 2j + label, +-pi: + for a Class-1 label): the
        probability of the label is c + sign pi (q1 - q0), c = q0 for a Class-1 label and
        1 - q0 for a Class-0 one, read from a table of the raters' cells. The signed chances
        are kept as such, not beside pi (ten million labels: 80 MB fewer)."""
        return 2 * self.rater + self.said, self.signed

    def of_raters(self, only: Vector) -> OwnLabels:
        """The pairs of the raters in the mask ``only`` (the one-label pairs are in rater order:
        each rater's are one slice), with their slices and cells picked, not read again from
        the picked pairs (ten million labels: 1.2 s of the comparisons' 8.3 went on picking)."""
        ends = self.ends
        lengths = np.where(only, np.diff(ends), 0)
        new_ends = np.zeros(len(ends), ends.dtype)
        np.cumsum(lengths, out=new_ends[1:])
        picked = np.repeat(ends[:-1][only] - new_ends[:-1][only], lengths[only]) \
            + np.arange(int(new_ends[-1]))
        keep = only[self.many[0]]
        cell, signed = self.signs
        out = OwnLabels(self.rater[picked], self.said[picked], signed[picked],
                        tuple(part[keep] for part in self.many), self.n_raters)
        held = only & (lengths > 0)
        out.__dict__["ends"] = new_ends
        out.__dict__["slices"] = np.flatnonzero(held).astype(self.rater.dtype), new_ends[:-1][held]
        out.__dict__["signs"] = cell[picked], out.signed
        return out

    @cached_property
    def ends(self) -> Vector:
        """Where each rater's slice of the one-label pairs begins, and the end of the last (read
        once: a search's every step picks its active raters' slices from these)."""
        return np.searchsorted(self.rater, np.arange(self.n_raters + 1))

    @cached_property
    def slices(self) -> tuple[Vector, Vector]:
        """The raters with one-label pairs, and where each one's slice of them begins."""
        starts = np.flatnonzero(np.r_[True, self.rater[1:] != self.rater[:-1]]) \
            if len(self.rater) else np.zeros(0, np.int64)
        return self.rater[starts], starts

    @cached_property
    def chunks(self) -> list[tuple[int, int, int, int]]:
        """The raters' slices (:attr:`slices`, by their numbers k0 to k1; the pairs lo to hi) in
        groups of at most TERMS_CHUNK one-label pairs (a rater with more is a group alone):
        :func:`terms` reads the pairs a group at a time."""
        _, starts = self.slices
        ends = np.r_[starts[1:], len(self.rater)]
        groups, k0 = [], 0
        while k0 < len(starts):
            k1 = max(int(np.searchsorted(ends, starts[k0] + TERMS_CHUNK, "right")), k0 + 1)
            groups.append((k0, k1, int(starts[k0]), int(ends[k1 - 1])))
            k0 = k1
        return groups

    def per_rater(self, single: Vector, several: Vector) -> Vector:
        """Sums over each rater's pairs (one-label pairs' values, then the others'): the
        one-label pairs' slices added in order, as ``np.bincount`` would."""
        out = np.bincount(self.many[0], weights=several, minlength=self.n_raters).astype(float)
        raters, starts = self.slices
        if len(starts):
            out[raters] += np.add.reduceat(single, starts)
        return out


@dataclass(frozen=True)
class LabelPairs:
    """Every (subject, rater) pair with labels: the subject, the rater, and the rater's Class-1
    and Class-0 labels of the subject (in (subject, rater) order)."""

    subject: Vector
    rater: Vector
    n1: Vector
    n0: Vector
    n_raters: int

    @cached_property
    def layout(self) -> tuple[Vector, Vector]:
        """(the one-label pairs in rater order, the mask of the pairs with several labels):
        the design's alone, whatever the labels say."""
        single = self.n1 + self.n0 == 1
        order = np.flatnonzero(single)[_stable_order(self.rater[single], self.n_raters)]
        return order.astype(index_type(len(single)), copy=False), ~single

    @cached_property
    def ordered(self) -> OwnLabels:
        """The one-label pairs' raters in their order, with the raters' slices of them (no
        labels: the design's alone, read once for every simulated panel on it)."""
        rater = np.take(self.rater, self.layout[0])
        none = np.zeros(0)
        out = OwnLabels(rater, none, none, (none,) * 5, self.n_raters)
        out.__dict__["ends"], out.__dict__["slices"] = out.ends, out.slices
        return out

    @cached_property
    def ordered_subjects(self) -> Vector:
        """The one-label pairs' subjects in their rater order (the design's alone)."""
        return np.take(self.subject, self.layout[0])

    def relabelled(self, n1: Vector, n0: Vector | None = None) -> LabelPairs:
        """The same pairs with ``n1`` of each pair's labels in Class 1 (a simulated panel on
        this design; ``n0``, the others, when known), the layout reused rather than sorted
        again."""
        if n0 is None:
            n0 = self.n1 + self.n0
            n0 -= n1
        out = LabelPairs(self.subject, self.rater, n1, n0, self.n_raters)
        out.__dict__["layout"] = self.layout        # a cached_property's own slot
        out.__dict__["ordered"] = self.ordered
        out.__dict__["ordered_subjects"] = self.ordered_subjects
        return out


def label_pairs(data: RaterData) -> LabelPairs:
    """The (subject, rater) pairs of ``data``'s count matrix, subjects and raters in the
    matrix's index type.

    A canonical CSR matrix holds each row's columns in order, so a pair's one or two cells
    (2j, 2j + 1) are neighbours: the pairs are read off the entries in order, without a sort
    over int64 keys (the same pairs, in (subject, rater) order; issue 57's memory)."""
    counts = data.counts
    if not counts.has_canonical_format:
        counts = counts.copy()
        counts.sum_duplicates()
    rater = counts.indices // 2
    subject = np.repeat(np.arange(counts.shape[0], dtype=rater.dtype), np.diff(counts.indptr))
    new = np.ones(len(rater), bool)
    np.not_equal(rater[1:], rater[:-1], out=new[1:])
    new[1:] |= subject[1:] != subject[:-1]
    starts = np.flatnonzero(new)
    del new
    class1 = counts.indices % 2
    if not len(starts):
        return LabelPairs(subject, rater, np.zeros(0), np.zeros(0), data.n_raters)
    n1 = np.add.reduceat(counts.data * class1, starts)
    n0 = np.add.reduceat(counts.data * (1 - class1), starts)
    n1, n0 = _narrow_counts(n1, n0)
    return LabelPairs(subject[starts], rater[starts], n1, n0, data.n_raters)


def _narrow_counts(n1: Vector, n0: Vector) -> tuple[Vector, Vector]:
    """Each pair's Class-1 and Class-0 labels in one byte each where they are whole numbers and
    at most 255 together (their sums then cannot wrap), else as they are: ten million labels'
    pairs in 20 MB, not 160, while the comparisons read them (issue 57's memory)."""
    if not len(n1) or float((n1 + n0).max()) > 255 \
            or not (np.array_equal(n1, np.rint(n1)) and np.array_equal(n0, np.rint(n0))):
        return n1, n0
    return n1.astype(np.uint8), n0.astype(np.uint8)


def own_labels(data: RaterData, params: RaterParams, pairs: LabelPairs | None = None) -> OwnLabels:
    """Every rater's labels with the leave-one-out probabilities of their subjects' classes
    (``pairs``: ``data``'s, when already known).

    A one-label pair's leave-one-out log-odds is its subject's log-odds less its own label's
    term, read straight in rater order (the subject from :attr:`LabelPairs.ordered_subjects`,
    the term from a table by cell 2j + label): the same numbers as taking each pair's term
    times its counts in (subject, rater) order and reordering, with two gathers of the label
    list fewer (ten million labels: 0.26 to 0.20 s a simulated panel; issue 57)."""
    pairs = label_pairs(data) if pairs is None else pairs
    order, several = pairs.layout
    log_odds = _subject_log_odds(data, params)
    many = _several_pairs(pairs, params, log_odds, several)
    shared = pairs.ordered
    table = _cells(_log_ratio(1 - params.q1, 1 - params.q0), _log_ratio(params.q1, params.q0))
    said = np.empty(len(order), bool)
    cell = np.empty(len(order), (2 * shared.rater[:0] + said[:0]).dtype)
    one = np.empty(len(order))
    for part in pair_chunks(len(order)):          # the same numbers, far less fresh memory
        _own_chunk(pairs.n1, order[part], shared.rater[part], pairs.ordered_subjects[part],
                   log_odds, table, (said[part], cell[part], one[part]))
    out = OwnLabels(shared.rater, said, one, many, data.n_raters)
    out.__dict__["ends"], out.__dict__["slices"] = shared.ends, shared.slices
    out.__dict__["signs"] = cell, one
    return out


def _own_chunk(n1: Vector, order: Vector, rater: Vector, subject: Vector, log_odds: Vector,
               table: Vector, out: tuple[Vector, Vector, Vector]) -> None:
    """One chunk of :func:`own_labels`' one-label pairs (in rater order): each pair's label,
    cell 2j + label and signed leave-one-out chance of Class 1, written to ``out``."""
    said, cell, one = out
    said[...] = np.take(n1, order)              # a label of 1 (or any non-zero count) is True
    np.multiply(rater, 2, out=cell)
    cell += said
    np.take(log_odds, subject, out=one, mode="clip")    # in range: "clip" writes straight to out
    one -= np.take(table, cell)
    np.negative(one, out=one)
    np.exp(one, out=one)
    one += 1
    np.divide(1, one, out=one)
    one *= _plus_or_minus_one(said)             # np.where(said, pi, -pi), in pi's own memory


def _plus_or_minus_one(said: Vector) -> Vector:
    """+1 for a Class-1 label, -1 for a Class-0 one (8-bit integers: a product with them is
    the negation where -1, exactly; ten million labels: 54 to 7 ms, where numpy's ``where=``
    mask took the slow path)."""
    sign = said.view(np.int8) * np.int8(2)
    sign -= np.int8(1)
    return sign


def _several_pairs(pairs: LabelPairs, params: RaterParams, log_odds: Vector,
                   several: Vector) -> tuple[Vector, Vector, Vector, Vector, Vector]:
    """:attr:`OwnLabels.many` of the pairs with several labels (``log_odds``: the subjects')."""
    rater, n1, n0 = pairs.rater[several], pairs.n1[several], pairs.n0[several]
    own = n1 * _log_ratio(params.q1, params.q0)[rater] \
        + n0 * _log_ratio(1 - params.q1, 1 - params.q0)[rater]
    left = log_odds[pairs.subject[several]] - own
    return rater, n1, n0, -np.logaddexp(0.0, -left), -np.logaddexp(0.0, left)


def _stable_order(codes: Vector, n: int) -> Vector:
    """``np.argsort(codes, kind="stable")`` for codes 0 to n - 1: numpy's radix sort where they
    fit 16 bits, else a counting sort (scipy's COO to CSR conversion keeps each row's entries in
    their order: ten million labels of 100,000 raters, 0.95 to 0.22 s; the same order)."""
    if n <= 2 ** 16:
        return np.argsort(_narrow(codes, n), kind="stable")
    rows = sp.coo_matrix((np.ones(len(codes), np.int8), (codes, np.arange(len(codes)))),
                         shape=(n, len(codes))).tocsr()
    return rows.indices


def _narrow(codes: Vector, n: int) -> Vector:
    """Codes below ``n`` in the smallest integer type that holds them: numpy's stable sort
    of 16-bit integers is a radix sort (1,000 raters' 150,000 pairs: 1 ms against 16)."""
    return codes.astype(np.min_scalar_type(max(n - 1, 0)).newbyteorder("=")) \
        if n <= 2 ** 16 else codes


def _log_ratio(q1: Vector, q0: Vector) -> Vector:
    return np.log(np.clip(q1, EDGE, 1)) - np.log(np.clip(q0, EDGE, 1))


def _subject_log_odds(data: RaterData, params: RaterParams) -> Vector:
    """Each subject's log-odds of Class 1 from t and every rater's labels."""
    table = np.empty(data.counts.shape[1])
    table[0::2] = _log_ratio(1 - params.q1, 1 - params.q0)
    table[1::2] = _log_ratio(params.q1, params.q0)
    return np.log(params.t) - np.log1p(-params.t) + data.counts @ table


@dataclass(frozen=True)
class Line:
    """Per rater a line in (q1, q0): q1 = b1 + s u1, q0 = b0 + s u0, for s in [low, high] (the
    part inside [EDGE, 1 - EDGE]^2, where the log-likelihood is defined: beyond it a search
    would meet a flat stretch)."""

    b1: Vector
    u1: Vector
    b0: Vector
    u0: Vector
    low: Vector
    high: Vector

    def at(self, s: Vector) -> tuple[Vector, Vector]:
        return self.b1 + s * self.u1, self.b0 + s * self.u0


def accuracy_line(value: Vector) -> Line:
    """Accuracy held at ``value`` (per rater), s = q0 free: q1 = q0 + value."""
    value = np.asarray(value, float)
    ones = np.ones_like(value)
    return Line(value, ones, 0 * value, ones, np.maximum(EDGE, EDGE - value),
                np.minimum(1 - EDGE, 1 - EDGE - value))


GUESS_EDGE = 1e-6
"""A guess rate is held at least this far inside (0, 1): at EDGE itself the line would shrink to
a point (q0 = p (1 - a) at least EDGE leaves no room for a)."""


def guess_line(value: Vector) -> Line:
    """Guess rate held at ``value`` (per rater), s = a free: q0 = value (1 - a),
    q1 = value + a (1 - value)."""
    p = np.clip(np.asarray(value, float), GUESS_EDGE, 1 - GUESS_EDGE)
    low = np.maximum(1 - (1 - EDGE) / p, (EDGE - p) / (1 - p))
    return Line(p, 1 - p, p, -p, low, np.minimum(1 - EDGE / p, (1 - EDGE - p) / (1 - p)))


def log_likelihood(labels: OwnLabels, q1: Vector, q0: Vector) -> Vector:
    """Each rater's own log-likelihood at (q1, q0) (per rater)."""
    zero = np.zeros_like(q1)
    return terms(labels, Line(q1, zero, q0, zero, zero, zero), zero)[0]


TERMS_CHUNK = 1 << 17
""":func:`terms` reads the one-label pairs this many at a time (whole raters' slices), so its
arrays a pair are a megabyte each, not 80 MB each at ten million labels (issue 57: four of
them at once held the per-rater fit's peak memory)."""


def terms(labels: OwnLabels, line: Line, s: Vector) -> tuple[Vector, Vector, Vector]:
    """Per rater, the own log-likelihood at s on the line and its first and second derivatives
    along it. Each one-label pair's terms are read from per-cell and per-rater tables
    (``np.take``: a tenth of the time of fancy indexing here), the same sums and products as
    base + sign q0 + sign pi (q1 - q0) term by term; the pairs are read TERMS_CHUNK at a time
    (:attr:`OwnLabels.chunks`), each rater's sums those of its own slice as before."""
    q1, q0 = (np.clip(q, EDGE, 1 - EDGE) for q in line.at(s))
    several = _several(labels, q1, q0, line)
    raters, starts = labels.slices
    sums = np.empty((3, len(starts)))
    if len(starts):
        u0 = np.broadcast_to(line.u0, q0.shape)
        slope = line.u1 - line.u0
        tables = (_cells(1 - q0, q0), q1 - q0, _cells(-u0, u0),
                  np.ascontiguousarray(np.broadcast_to(slope, q0.shape)) if np.any(slope) else None)
        cell, signed_pi = labels.signs
        for k0, k1, lo, hi in labels.chunks:
            _chunk_terms(cell[lo:hi], signed_pi[lo:hi], labels.rater[lo:hi], tables,
                         starts[k0:k1] - lo, sums[:, k0:k1])
    out = []
    for k, weights in enumerate((several[0], several[1], -several[2])):
        total = np.bincount(labels.many[0], weights=weights, minlength=labels.n_raters).astype(float)
        if len(starts):
            total[raters] += sums[k]
        out.append(total)
    return out[0], out[1], -out[2]       # -(x^2) summed, sign apart


def _chunk_terms(cells: Vector, sign: Vector, rater: Vector, tables: tuple, at: Vector,
                 sums: Vector) -> None:
    """:func:`terms`' sums over a chunk of the one-label pairs (their cells, signed chances and
    raters; the raters' slices beginning at ``at``), written to ``sums`` (3, raters): the
    log of each label's probability, its slope ratio and the ratio squared."""
    said_table, gap, ratio_table, slope = tables
    said = np.take(said_table, cells)
    term = np.take(gap, rater)
    term *= sign                     # in place: one array a pair at a time
    said += term
    ratio = np.take(ratio_table, cells)
    if slope is not None:            # the accuracy line: u1 = u0, a term of +-0 left out
        np.take(slope, rater, out=term, mode="clip")
        term *= sign
        ratio += term
    del term
    ratio /= said
    sums[1] = np.add.reduceat(ratio, at)
    sums[0] = np.add.reduceat(np.log(said, out=said), at)
    sums[2] = np.add.reduceat(np.square(ratio, out=ratio), at)


def _cells(zero: Vector, one: Vector) -> Vector:
    """Per rater the pair (value for a Class-0 label, for a Class-1 label), as one table by
    cell 2j + label."""
    out = np.empty(2 * len(one))
    out[0::2], out[1::2] = zero, one
    return out


def _several(labels: OwnLabels, q1: Vector, q0: Vector,
             line: Line) -> tuple[Vector, Vector, Vector]:
    """The same terms for the pairs with several labels: log(pi A + (1 - pi) B), A and B the
    probabilities of the labels in Class 1 and Class 0."""
    j, n1, n0, log_one, log_zero = labels.many
    q1, q0, u1, u0 = q1[j], q0[j], line.u1[j], line.u0[j]
    one = log_one + n1 * np.log(q1) + n0 * np.log1p(-q1)
    zero = log_zero + n1 * np.log(q0) + n0 * np.log1p(-q0)
    total = np.logaddexp(one, zero)
    w = np.exp(one - total)
    d1 = (n1 / q1 - n0 / (1 - q1)) * u1
    d0 = (n1 / q0 - n0 / (1 - q0)) * u0
    c1 = -(n1 / q1 ** 2 + n0 / (1 - q1) ** 2) * u1 ** 2
    c0 = -(n1 / q0 ** 2 + n0 / (1 - q0) ** 2) * u0 ** 2
    first = w * d1 + (1 - w) * d0
    return total, first, w * (d1 ** 2 + c1) + (1 - w) * (d0 ** 2 + c0) - first ** 2


SETTLED = 1e-10
"""A rater's search stops where the next step would raise its log-likelihood by less than this
(on a concave stretch a Newton step gains at most its own step x slope)."""


def line_maximum(labels: OwnLabels, line: Line, start: Vector, only: Vector | None = None,
                 steps: int = 80, enough: Enough | None = None) -> tuple[Vector, Vector]:
    """Each rater's largest own log-likelihood on its line, and where (only the raters in the
    mask ``only``, when given: the others' values are not meaningful). Newton steps kept in
    [low, high], a step halved (from the last point) where it lowered the log-likelihood, and
    a step that its range's end blocks stopped there (on a concave stretch the slope points
    out: the maximum is at the end). Concave with one label a subject, so most raters settle
    in a few steps; near a log's pole (q next to 0 or 1) a rater takes more (a growing step is
    lengthened: EXPANSION), and once few are left, only their labels are read.

    ``enough``, when given, is asked after every step which searches may stop where they are
    (from each rater's log-likelihood so far, a lower bound of its maximum, and the mask of the
    searches that have ended); each rater's search is its own, so the others' results do not
    change."""
    s = np.clip(start, line.low, line.high)
    active = np.ones(len(s), bool) if only is None else only.copy()
    read = _Reader(labels)
    ll, first, second = terms(read(active), line, s)
    step = np.where(active, _newton(first, second, line), 0.0)
    _stop_early(step, ll, active, enough)
    for _ in range(steps):
        trial = np.clip(s + step, line.low, line.high)
        moved = trial != s
        if not moved.any():
            break
        t_ll, t_first, t_second = terms(read(moved), line, trial)
        up = moved & (t_ll >= ll - 1e-12 * np.abs(ll))
        s, ll = np.where(up, trial, s), np.where(up, t_ll, ll)
        first, second = np.where(up, t_first, first), np.where(up, t_second, second)
        step = np.where(up, _expanded(_newton(first, second, line), step), np.where(moved, step / 2, 0.0))
        step[(np.abs(step * first) < SETTLED) | (np.abs(step) < 1e-13)] = 0.0
        _stop_early(step, ll, active, enough)
    return ll, s


GROWING, EXPANSION = 1.5, 16.0
"""A Newton step at least GROWING times the last one, the same way, is taken EXPANSION times
longer (and halved back where that overshoots): near a log's pole the profile rises like
log(distance from the pole), whose Newton step is that distance, so plain steps only double
it, some twenty steps for the raters whose fit sits at q = EDGE (a million labels: 138 to 116
million pairs read for the comparisons; the maxima the same within SETTLED)."""


def _expanded(step: Vector, last: Vector) -> Vector:
    """``step``, EXPANSION times longer where it grows GROWING-fold on ``last`` the same way."""
    grows = (step * last > 0) & (np.abs(step) >= GROWING * np.abs(last))
    return np.where(grows, EXPANSION * step, step)


Enough = Callable[[Vector, Vector], Vector]
"""(log-likelihood so far, searches ended) -> the searches that may stop (per rater)."""


def _stop_early(step: Vector, ll: Vector, active: Vector, enough: Enough | None) -> None:
    """Zero the steps of the searches ``enough`` lets stop (in place)."""
    if enough is not None:
        going = step != 0
        step[going & enough(ll, active & ~going)] = 0.0


FEW = 0.5
"""Where fewer than this share of the raters are still searching, only their labels are read."""


class _Reader:
    """The labels a search's steps read: every rater's, or the active raters' where they are
    few. A search's active raters only ever drop out, so each step's are picked from the last
    step's pick (the same pairs in the same order), or that pick itself where none dropped."""

    def __init__(self, labels: OwnLabels) -> None:
        self.labels, self.last = labels, labels
        self.mask: Vector | None = None

    def __call__(self, active: Vector) -> OwnLabels:
        if active.mean() >= FEW:
            return self.labels
        if self.mask is None or (active & ~self.mask).any():
            self.last = self.labels.of_raters(active)
        elif not np.array_equal(active, self.mask):
            self.last = self.last.of_raters(active)
        self.mask = active
        return self.last


def _newton(first: Vector, second: Vector, line: Line) -> Vector:
    """The Newton step where the curvature is negative, else a step to the end of the range in
    the direction of the slope (halved until it climbs)."""
    concave = second < 0
    return np.where(concave, -first / np.where(concave, second, -1.0),
                    np.sign(first) * (line.high - line.low))
