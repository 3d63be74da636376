"""Every rater against the rest of the panel on the many-raters path, from each rater's own labels.

Past the profile-likelihood budget (:func:`~tapdesk.engine.binary.per_rater.profile_affordable`)
the whole model's profile is out of reach, and the Wald interval, judged across a thousand
raters, names equal raters far too often (benchmarks/bench_crowd_verdicts.py): an estimate
of a guess rate or of q0 = (1 - a) p from a few dozen labels sits near 0, where its standard
error at the estimate is far too small. Here each rater's accuracy and guess rate get a
likelihood-ratio test and interval from that rater's own labels
(:mod:`rater_own_labels`): t and the other raters' parameters held at the fit, the
subjects' classes from the others' labels alone (leave-one-out), and the rater's other
parameter re-maximised.

- The compared value, the rest of the panel's weighted mean (the one definition,
  :func:`~tapdesk.engine.binary.rater_standing.accuracy_weights` and ``guess_weights``), is
  taken at the fit: with this many raters its own uncertainty is a small part of the
  rater's (one rater among 50 or more, each with their own labels). A small sparse panel
  whose profile searches spend their budget (:mod:`search_budget`) comes here too; there
  the shown interval leaves that uncertainty out, but the verdicts are judged against
  simulated panels refitted the same way (:mod:`crowd_family`), which carry it
  (benchmarks/RESULTS.md, "Verdicts at crowd scale": 12 to 30 raters, 3 labels an item).
- The signed root of the likelihood-ratio statistic at that value gives the comparison's
  p-value; the interval is every value the same statistic does not reject at the level
  (the ends found by Illinois steps on the signed root, close to linear), less the panel's
  value. The interval and the p-value therefore always agree.
- The verdicts come from :mod:`rater_family` (a global test, then Holm's step-down),
  as on every other path.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from scipy.special import chdtrc

from tapdesk.engine.binary.per_rater_em import RaterData, RaterParams
from tapdesk.engine.binary.rater_own_labels import (
    Enough,
    LabelPairs,
    Line,
    OwnLabels,
    accuracy_line,
    guess_line,
    line_maximum,
    log_likelihood,
    own_labels,
)
from tapdesk.engine.binary.rater_standing import (
    DIRECTIONS,
    MIN_RATINGS,
    NOT_IDENTIFIED_SHARE,
    OWN_RANGE,
    accuracy_weights,
    guess_weights,
    not_compared,
    not_identified,
    verdict,
)
from tapdesk.engine.intervals import chi2_1
from tapdesk.engine.results import RaterComparison

Vector = np.ndarray

OWN_LABELS_METHOD = ("likelihood ratio from this rater's own labels (the other raters and the "
                     "share in Class 1 held at the fit; each subject's class judged from the "
                     "other raters' labels alone; the rest of the panel's average taken at the "
                     "fit)")
"""``method`` of every comparison judged on this path."""

LINES: dict[str, Callable[[Vector], Line]] = {"a": accuracy_line, "p": guess_line}
"""The line each quantity is held on; its free coordinate is q0 (accuracy held) or a (guess
rate held)."""


def own_values(params: RaterParams) -> dict[str, Vector]:
    """Each rater's accuracy and guess rate at the fit."""
    a = params.q1 - params.q0
    return {"a": a, "p": np.clip(params.q0 / np.maximum(1 - a, 1e-12), 0.0, 1.0)}


def rest_of_panel(values: Vector, weights: Vector) -> Vector:
    """For each rater, the others' weighted mean of ``values`` (NaN where the others weigh 0)."""
    total, own = float(weights.sum()), weights * values
    rest = total - weights
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(rest > 0, (float(own.sum()) - own) / rest, np.nan)


class OwnProfile:
    """One quantity's profile over each rater's own labels: the largest own log-likelihood
    with the quantity held at a value (per rater), the other parameter re-maximised (each
    search starting where the last one ended, or at ``start`` when given: the steps towards an
    interval's end are short)."""

    def __init__(self, labels: OwnLabels, line: Callable[[Vector], Line], start: Vector,
                 ll_max: Vector) -> None:
        self.labels, self.line, self.start, self.ll_max = labels, line, start, ll_max

    def root(self, value: Vector, only: Vector | None = None,
             start: Vector | None = None) -> Vector:
        """sqrt(2 (ll_max - profile(value))) per rater (the unsigned root; only the raters in
        the mask ``only`` when given); where each search ended is kept in ``self.start``."""
        begin = self.start if start is None else start
        ll, found = line_maximum(self.labels, self.line(value), begin, only)
        self.start = found if only is None else np.where(only, found, self.start)
        return np.sqrt(2 * np.maximum(self.ll_max - ll, 0.0))


def signed_roots(profile: OwnProfile, estimate: Vector, value: Vector) -> Vector:
    """The signed root of the likelihood-ratio statistic of "the quantity equals ``value``"."""
    return np.sign(estimate - value) * profile.root(value)


BEYOND = 1.25
"""An interval end's first probe is this far out on the straight-line guess (a quarter beyond
it: most probes then pass the end, and the end is bracketed without a search at the range's
limit; issue 57)."""


END_TOLERANCE = 1e-4
"""An interval end is found where its root is within this share of the cut-off."""


def cut_off(level: float) -> float:
    """The root an interval end reaches: sqrt(chi2_1(level))."""
    return float(np.sqrt(chi2_1(level)))


def reach_of(estimate: Vector, panel: Vector, root: Vector, level: float) -> Vector:
    """Per rater a guess at the distance from the estimate to an interval end: the root is
    close to linear near the estimate, and at the rest-of-panel value it is ``root``, so it
    reaches the cut-off about cut |estimate - panel| / |root| away (nan where that says
    nothing: the panel's value at the estimate, or not known); BEYOND times that."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return BEYOND * cut_off(level) * np.abs(estimate - panel) / np.abs(root)


class _Bracket:
    """Per rater an interval end's bracket: the inner point (root under the cut-off) and the
    outer one (over it), the root less the cut-off at each, where each point's search ended
    (the free coordinate), which searches are still open and the end so far."""

    def __init__(self, profile: OwnProfile, estimate: Vector, limit: float, cut: float) -> None:
        n = len(estimate)
        self.inner, self.outer = estimate.copy(), np.full(n, limit)
        self.s_in, self.s_out = profile.start.copy(), profile.start.copy()
        self.f_in, self.f_out = np.full(n, -cut), np.zeros(n)     # the root is 0 at the estimate
        self.open_, self.end = np.zeros(n, bool), self.outer.copy()

    def start_between(self, w: Vector) -> Vector:
        """A search's start at the share ``w`` of the way out: between the inner and outer
        points' own (the maximum moves smoothly with the held value; a million labels: a
        fifth of the pairs read)."""
        return self.s_in + w * (self.s_out - self.s_in)

    def take(self, x: Vector, f: Vector, s: Vector, where: Vector) -> tuple[Vector, Vector]:
        """Take the points ``x`` (root less cut-off ``f``, search ended at ``s``) ``where``
        into the bracket; returns the masks of those taken in as inner and as outer."""
        below, above = where & (f < 0), where & (f > 0)
        self.inner[below], self.f_in[below], self.s_in[below] = x[below], f[below], s[below]
        self.outer[above], self.f_out[above], self.s_out[above] = x[above], f[above], s[above]
        return below, above


def interval_ends(profile: OwnProfile, estimate: Vector, limit: float, level: float,
                  reach: Vector | None = None, steps: int = 40) -> Vector:
    """Per rater, where the root reaches sqrt(chi2_1(level)) between the estimate and
    ``limit`` (``limit`` itself where it stays below): a first probe ``reach`` out (per rater,
    :func:`reach_of`; at ``limit`` where not given, nan or past it), the limit itself only
    for the probes that fall short, then Illinois steps (regula falsi that halves the stale
    end's value) on root - cut-off, which is close to linear, each search starting between
    the bracket's own."""
    cut = cut_off(level)
    bracket = _Bracket(profile, estimate, float(limit), cut)
    gap = bracket.outer - estimate
    if reach is None:
        reach = np.full(len(estimate), np.nan)
    probed = np.isfinite(reach) & (reach > 0) & (reach < np.abs(gap))
    x = np.where(probed, estimate + np.sign(gap) * np.where(probed, reach, 0.0), bracket.outer)
    f = profile.root(x, None, bracket.s_in) - cut
    hit = np.abs(f) < END_TOLERANCE * cut
    bracket.end = x.copy()
    short, _ = bracket.take(x, f, profile.start, ~hit)
    bracket.open_ = ~hit & (f > 0)
    short &= probed
    if short.any():                         # the limit brackets the probes that fell short
        f_limit = profile.root(bracket.outer, short, profile.start) - cut
        bracket.f_out[short], bracket.s_out[short] = f_limit[short], profile.start[short]
        bracket.end[short] = bracket.outer[short]
        bracket.open_ |= short & (f_limit > 0)
    return _illinois(profile, bracket, cut, steps)


def _illinois(profile: OwnProfile, bracket: _Bracket, cut: float, steps: int) -> Vector:
    """The Illinois steps of :func:`interval_ends` on the open brackets."""
    b, side = bracket, np.zeros(len(bracket.end))
    for _ in range(steps):
        open_ = b.open_
        if not open_.any():
            break
        w = np.where(open_, -b.f_in / np.where(open_, b.f_out - b.f_in, 1), 0.0)
        guess = np.where(open_, b.inner + w * (b.outer - b.inner), b.end)
        f = profile.root(guess, open_, b.start_between(w)) - cut
        hit = open_ & (np.abs(f) < END_TOLERANCE * cut)
        below, above = b.take(guess, f, profile.start, open_ & ~hit)
        b.f_out[below & (side < 0)] /= 2
        b.f_in[above & (side > 0)] /= 2
        side = np.where(below, -1.0, np.where(above, 1.0, side))
        b.end[open_] = guess[open_]
        b.open_ = open_ & ~hit & (np.abs(b.outer - b.inner) > 1e-7)
    return b.end


def panel_roots(data: RaterData, params: RaterParams, labels: OwnLabels | None = None
                ) -> dict[str, tuple[Vector, Vector]]:
    """Per quantity ("a", "p"): each rater's rest-of-panel value and the signed root of the
    likelihood-ratio statistic of "the rater equals it" (the fit's and every simulated
    panel's, :mod:`crowd_family`)."""
    labels = own_labels(data, params) if labels is None else labels
    values = own_values(params)
    ll_max = log_likelihood(labels, params.q1, params.q0)
    out = {}
    for name, weights in (("a", accuracy_weights(data)), ("p", guess_weights(data, params))):
        panel = rest_of_panel(values[name], weights)
        profile = OwnProfile(labels, LINES[name], _free(params, values)[name], ll_max)
        out[name] = panel, signed_roots(profile, values[name], np.nan_to_num(panel))
    return out


def largest_panel_root(data: RaterData, params: RaterParams, tested: Vector,
                       labels: OwnLabels | None = None, floor: Vector | float = 0.0) -> Vector:
    """The largest signed root of :func:`panel_roots` over the comparisons ``tested`` (flat
    indices 2j + k, k = 0 accuracy, 1 guess rate) in each direction: (the largest positive
    root, the largest |negative| one), each ``floor`` (one value, or one a direction) where
    none is above it. Each direction is judged on its own (:mod:`crowd_family`): the
    negative tail of a panel of equals is the heavier one (a rater's estimate from a few
    dozen labels sits nearer its lower bound), so the largest |root| is nearly always a
    negative one, and a test on it names only "lower" and "less".

    Found without finishing every search: the log-likelihood a search has reached is at most
    its line's maximum, so the root it gives is at least the rater's own, and a search stops
    once that root is no larger than one already found in its direction (a simulated panel
    needs only its largest; at a million labels most raters' roots are near 1, the largest
    about 4.4), or no larger than its direction's floor."""
    labels = own_labels(data, params) if labels is None else labels
    values = own_values(params)
    largest = _Largest(log_likelihood(labels, params.q1, params.q0), floor)
    flat = np.zeros(2 * data.n_raters, bool)
    flat[tested] = True
    for k, (name, weights) in enumerate((("a", accuracy_weights(data)),
                                         ("p", guess_weights(data, params)))):
        value = np.nan_to_num(rest_of_panel(values[name], weights))
        sign = np.sign(values[name] - value)
        candidates = flat[k::2] & np.isfinite(sign) & (sign != 0)
        side = (sign < 0).astype(np.intp)
        ll, _ = line_maximum(labels, LINES[name](value), _free(params, values)[name], candidates,
                             enough=largest.stopper(candidates, side))
        largest.add(ll, candidates, side)
    return largest.value.copy()


HIGHER, LOWER = 0, 1
"""The two directions of a signed root (the index in :func:`largest_panel_root`'s pair):
above the rest of the panel ("higher", "more") and below it ("lower", "less")."""


class _Largest:
    """The largest root found so far in each direction, and which searches can no longer beat
    their direction's."""

    def __init__(self, ll_max: Vector, floor: Vector | float = 0.0) -> None:
        self.ll_max = ll_max
        self.value = np.array(np.broadcast_to(np.asarray(floor, float), 2))

    def roots(self, ll: Vector) -> Vector:
        return np.sqrt(2 * np.maximum(self.ll_max - ll, 0.0))

    def add(self, ll: Vector, where: Vector, side: Vector) -> None:
        """Take the roots of the searches ``where`` (ended) into their direction's largest
        (``side``: each rater's direction, HIGHER or LOWER)."""
        roots = self.roots(ll)
        for direction in (HIGHER, LOWER):
            mine = where & (side == direction)
            self.value[direction] = float(np.nanmax(roots[mine], initial=self.value[direction]))

    def stopper(self, candidates: Vector, side: Vector) -> Enough:
        def enough(ll: Vector, ended: Vector) -> Vector:
            self.add(ll, ended & candidates, side)
            return self.roots(ll) <= self.value[side]
        return enough


def _free(params: RaterParams, values: dict[str, Vector]) -> dict[str, Vector]:
    """The free coordinate of each quantity's line at the fit (q0 with a held, a with p held)."""
    return {"a": params.q0.copy(), "p": values["a"].copy()}


def crowd_comparisons(data: RaterData, params: RaterParams, rater_ids: tuple[str, ...],
                      level: float, cancelled: Callable[[], bool] = lambda: False,
                      pairs: LabelPairs | None = None) -> tuple[RaterComparison, ...]:
    """Every rater's accuracy and guess rate against the rest of the panel, with the
    likelihood-ratio test and interval from their own labels (() when cancelled; ``pairs``:
    ``data``'s :func:`label_pairs`, when known); the verdicts are the intervals' own until
    :mod:`crowd_family` judges them together."""
    labels = own_labels(data, params, pairs)
    values = own_values(params)
    ll_max = log_likelihood(labels, params.q1, params.q0)
    tested = panel_roots(data, params, labels)
    ends = {}
    for name in DIRECTIONS:
        if cancelled():
            return ()
        ends[name] = own_interval(labels, params, ll_max, name, tested[name], level)
    rows = {name: _Rows(data, name, values, *tested[name], *ends[name]) for name in DIRECTIONS}
    out = []
    for j, code in enumerate(data.rater_codes.tolist()):
        rid = rater_ids[code]
        for name in DIRECTIONS:
            out.append(rows[name].comparison(data, j, rid, values, level))
    return tuple(out)


def own_interval(labels: OwnLabels, params: RaterParams, ll_max: Vector, name: str,
                 tested: tuple[Vector, Vector], level: float) -> tuple[Vector, Vector]:
    """Each rater's interval for the quantity ``name`` from their own labels (``ll_max``: each
    rater's own log-likelihood at the fit), its ends probed first where the root at the
    rest-of-panel value (``tested``: :func:`panel_roots`' pair) says how far out they are."""
    values = own_values(params)
    reach = reach_of(values[name], *tested, level)
    low, high = (interval_ends(OwnProfile(labels, LINES[name], _free(params, values)[name],
                                          ll_max), values[name], limit, level, reach)
                 for limit in OWN_RANGE[name])
    return low, high


class _Rows:
    """One quantity's comparisons worked out for every rater at once (differences, intervals,
    verdicts and p-values as arrays, the same numbers as one rater at a time), so that only
    the raters not compared or not identified go through their reasons one by one (ten
    million labels: 200,000 comparisons, 2.4 s to build one at a time; issue 57)."""

    def __init__(self, data: RaterData, name: str, values: dict[str, Vector], panel: Vector,
                 roots: Vector, low: Vector, high: Vector) -> None:
        lowest, highest = OWN_RANGE[name]
        self.name, self.panel = name, panel
        self.plain = (compared(data) & np.isfinite(panel)
                      & (high - low < NOT_IDENTIFIED_SHARE * (highest - lowest)))
        with np.errstate(invalid="ignore"):
            self.difference = (values[name] - panel).tolist()
            self.low, self.high = (low - panel).tolist(), (high - panel).tolist()
            up, down = DIRECTIONS[name]
            words = np.where(low - panel > 0, up, np.where(high - panel < 0, down,
                                                           "not shown to differ"))
        self.verdict = words.tolist()
        squares = [root ** 2 for root in roots.tolist()]    # p_of's own squares: Python's
        self.p = chdtrc(1, np.array(squares, float)).tolist()  # pow and numpy's differ at an ulp
        self.own, self.roots = (low, high), roots
        self.plain_list = self.plain.tolist()

    def comparison(self, data: RaterData, j: int, rid: str, values: dict[str, Vector],
                   level: float) -> RaterComparison:
        """Rater j's comparison (:func:`_one`'s, read from the arrays where it is plain)."""
        if not self.plain_list[j]:
            low, high = self.own
            return _one(data, j, rid, self.name, values, float(self.panel[j]),
                        float(self.roots[j]), (float(low[j]), float(high[j])), level)
        return RaterComparison(rid, self.name, self.difference[j], (self.low[j], self.high[j]),
                               self.verdict[j], OWN_LABELS_METHOD, level, p_value=self.p[j])


def compared(data: RaterData) -> Vector:
    """The raters :func:`not_compared` compares (others apart): enough ratings, not all one."""
    ratings, class1 = data.rater_ratings, data.rater_class1
    return (ratings >= MIN_RATINGS) & (class1 != 0) & (class1 != ratings)


def _one(data: RaterData, j: int, rid: str, name: str, values: dict[str, Vector], panel: float,
         root: float, own: tuple[float, float], level: float) -> RaterComparison:
    """One rater's comparison from their own test (no verdict yet: :mod:`rater_family`)."""
    why = not_compared(data, j, np.isfinite(panel))
    if why is not None:
        return RaterComparison(rid, name, float("nan"), None, "unknown", why, level)
    difference = float(values[name][j] - panel)
    why_not = not_identified(rid, name, own, float(values["a"][j]), level)
    if why_not is not None:
        return RaterComparison(rid, name, difference, None, "unknown", why_not, level)
    interval = (own[0] - panel, own[1] - panel)
    return RaterComparison(rid, name, difference, interval, verdict(interval, DIRECTIONS[name]),
                           OWN_LABELS_METHOD, level, p_value=p_of(root))


def p_of(root: float) -> float:
    """The two-sided p-value of a signed root (chi-square on 1 df)."""
    return float(chdtrc(1, root ** 2))
