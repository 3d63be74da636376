"""What a plan found for each design, summarised over its simulated studies."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from tapdesk import __version__
from tapdesk.engine.planning.accuracy import majority_accuracy_exact, model_accuracy_exact
from tapdesk.engine.planning.advice import Costs, Need, advise_all, default_needs
from tapdesk.engine.planning.request import PlanRequest
from tapdesk.engine.planning.studies import COLUMNS
from tapdesk.engine.request import DEFAULT_LEVEL
from tapdesk.i18n import N_
from tapdesk.i18n.text import Count, Level, Number, Text, english, shown, text

Z95 = 1.959963984540054



def interval_note(level: float = DEFAULT_LEVEL) -> str:
    """What the plan's widths are, in words, for intervals at ``level``, in the current language.

    Parameters
    ----------
    level
        The plan's interval level.

    Returns
    -------
    str
        One sentence without its final full stop.
    """
    return shown(interval_note_text(level))


def interval_note_text(level: float = DEFAULT_LEVEL) -> Text:
    """:func:`interval_note` as data."""
    # Translators: what a plan's widths are: {level} is a percent ("95%"); no final full stop.
    return text(N_("{level} profile-likelihood intervals of the t-a-p model, the intervals "
                   "a maximum-likelihood fit reports; width = upper minus lower end, median over "
                   "the simulated studies"), level=Level(level))


INTERVAL_NOTE = interval_note()
"""The note at the default level (kept for callers that do not know the plan's level)."""


@dataclass(frozen=True)
class MonteCarloErrors:
    """Standard errors due to simulating a finite number of studies (not sampling error)."""

    width_t: float
    width_a: float
    width_p: float
    accuracy_model: float
    accuracy_majority: float
    power: float | None = None

    def to_dict(self) -> dict[str, float | None]:
        return {"width_a": self.width_a, "width_t": self.width_t, "width_p": self.width_p,
                "power": self.power, "accuracy_model": self.accuracy_model,
                "accuracy_majority": self.accuracy_majority}


@dataclass(frozen=True)
class PlanDesign:
    """One design (raters per subject x subjects) and what its simulated studies showed.

    Widths are medians over the studies of the width of the interval (at the plan's level);
    a study whose fit gave no interval counts as width 1 (it said nothing).
    ``power`` is the share of studies whose interval for a excludes the
    request's ``versus`` value. ``accuracy_model`` and ``accuracy_majority``
    are the mean shares of subjects whose true class the panel gets right,
    by the fitted model's posterior and by majority vote; ``accuracy_exact``
    and ``majority_exact`` are their closed forms with the true t, a, p.
    """

    raters: int
    subjects: int
    sims: int
    width_t: float
    width_a: float
    width_p: float
    mc_error: MonteCarloErrors
    power: float | None
    accuracy_model: float
    accuracy_majority: float
    accuracy_exact: float
    majority_exact: float
    no_interval: int = 0
    not_converged: int = 0

    @property
    def ratings(self) -> int:
        return self.raters * self.subjects

    def width(self, name: str) -> float:
        return {"t": self.width_t, "a": self.width_a, "p": self.width_p}[name]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "raters": self.raters, "subjects": self.subjects, "width_a": self.width_a,
            "width_t": self.width_t, "width_p": self.width_p, "mc_error": self.mc_error.to_dict(),
            "accuracy_model": self.accuracy_model, "accuracy_majority": self.accuracy_majority,
            "accuracy_exact": self.accuracy_exact, "majority_exact": self.majority_exact,
            "sims": self.sims, "no_interval": self.no_interval,
            "not_converged": self.not_converged}
        if self.power is not None:
            out["power"] = self.power
        return out


def median_mc_error(values: np.ndarray) -> float:
    """Distribution-free standard error of a sample median, from its order statistics.

    The ranks n/2 -+ 1.96 sqrt(n)/2 bracket the median with about 95%
    confidence (binomial argument); their spread over 2 x 1.96 is the error.
    """
    x = np.sort(values)
    n = len(x)
    if n < 4:
        return float("nan")
    half = Z95 * math.sqrt(n) / 2
    lo = int(max(0, math.floor(n / 2 - half)))
    hi = int(min(n - 1, math.ceil(n / 2 + half) - 1))
    return float((x[hi] - x[lo]) / (2 * Z95))


def summarise_design(request: PlanRequest, raters: int, subjects: int,
                     rows: np.ndarray) -> PlanDesign:
    """A PlanDesign from the outcome rows (COLUMNS) of its simulated studies."""
    # in study order: worker processes finish chunks in any order, and a mean's last digit
    # depends on the order of its terms; the same plan must give the same numbers
    rows = rows[np.argsort(rows[:, COLUMNS.index("sim")], kind="stable")]
    col = {name: rows[:, i] for i, name in enumerate(COLUMNS)}
    widths = {name: np.where(np.isfinite(col[f"width_{name}"]), col[f"width_{name}"], 1.0)
              for name in "tap"}
    n = len(rows)
    power = power_error = None
    if request.versus is not None:
        excluded = (request.versus < col["a_low"]) | (request.versus > col["a_high"])
        power = float(excluded.mean())
        power_error = math.sqrt(power * (1 - power) / n)
    mean_error = lambda v: float(v.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")
    errors = MonteCarloErrors(median_mc_error(widths["t"]), median_mc_error(widths["a"]),
                              median_mc_error(widths["p"]), mean_error(col["accuracy_model"]),
                              mean_error(col["accuracy_majority"]), power_error)
    return PlanDesign(
        raters=raters, subjects=subjects, sims=n,
        width_t=float(np.median(widths["t"])), width_a=float(np.median(widths["a"])),
        width_p=float(np.median(widths["p"])), mc_error=errors, power=power,
        accuracy_model=float(col["accuracy_model"].mean()),
        accuracy_majority=float(col["accuracy_majority"].mean()),
        accuracy_exact=model_accuracy_exact(request.t, request.a, request.p, raters),
        majority_exact=majority_accuracy_exact(request.t, request.a, request.p, raters),
        no_interval=int((~np.isfinite(col["width_a"])).sum()),
        not_converged=int((col["converged"] < 0.5).sum()))


@dataclass(frozen=True)
class PlanResult:
    """The whole plan: the request, one PlanDesign per design (grid order), and how it ran.

    ``needs`` and ``costs`` are what the user asked of it (the Plan dialog's Need boxes and
    "Cost of a subject", or ``tapdesk plan --need``/``--subject-cost``): the answer and the
    advice of every surface use them; the first need is the one the answer sentence is about.
    Empty ``needs``: :func:`~tapdesk.engine.planning.advice.default_needs`.
    """

    request: PlanRequest
    designs: tuple[PlanDesign, ...]
    complete: bool
    seconds: float
    workers: int
    version: str = __version__
    needs: tuple[Need, ...] = ()
    costs: Costs = Costs()

    def asked(self) -> tuple[Need, ...]:
        """The needs the advice aims at, the answer's first (defaults when none were given)."""
        return self.needs or default_needs(self.request.versus)

    def design(self, raters: int, subjects: int) -> PlanDesign:
        for d in self.designs:
            if d.raters == raters and d.subjects == subjects:
                return d
        raise KeyError(f"{raters} raters x {subjects} subjects")

    def notes(self) -> tuple[str, ...]:
        """Plain-words caveats that apply to this plan, in the current language."""
        return tuple(shown(note) for note in self.note_texts())

    def note_texts(self) -> tuple[Text, ...]:
        """:meth:`notes` as data."""
        req = self.request
        # Translators: {sims} is a count; {t}, {a}, {p} numbers ("0.3"); {source} says where they
        # come from ("typed in", "estimates of the ... fit of wine.csv"); {level} a percent.
        # "\u00b1 figures": the numbers shown after a plus-minus sign.
        out = [text(N_(
            "Each design was simulated {sims} times from t = {t}, a = {a}, "
            "p = {p} ({source}); every simulated study was fitted with the t-a-p "
            "model exactly as a maximum-likelihood fit of real data is made, "
            "and the widths are those of its "
            "{level} intervals. '\u00b1' figures are Monte Carlo errors: they shrink with more "
            "simulations and say nothing about a real study's uncertainty."),
            sims=Count(req.sims), t=Number.general(req.t, ".3g"), a=Number.general(req.a, ".3g"),
            p=Number.general(req.p, ".3g"), source=req.source, level=Level(req.level))]
        if 2 in req.raters:
            out.append(text(N_(
                "With 2 raters per subject the t-a-p model cannot tell t, a and p apart "
                "(three unknowns, two kinds of subject: agreed or not), so their intervals "
                "stay wide however many subjects are rated.")))
        if min(req.t, 1 - req.t) < 0.1:
            out.append(text(N_(
                "One class is rare (t near 0 or 1): accuracy then rests on few subjects of "
                "the rare class, and intervals shrink slowly.")))
        if not self.complete:
            out.append(text(N_(
                "The plan was stopped before the end: designs not shown were not simulated, "
                "and a design with fewer simulations than asked has larger Monte Carlo "
                "errors.")))
        return tuple(out)

    def to_dict(self, needs: tuple[Need, ...] | None = None,
                costs: Costs | None = None) -> dict[str, Any]:
        """JSON-ready dictionary (the CLI's ``--json`` output).

        Parameters
        ----------
        needs
            What the advice aims at (default: :meth:`asked`); ``"advice"`` holds one
            :class:`~tapdesk.engine.planning.advice.Advice` per need, the answer's first.
        costs
            What a subject costs against a rating (default: the plan's ``costs``).
        """
        req = self.request
        out = {"t": req.t, "a": req.a, "p": req.p, "source": english(req.source), "sims": req.sims,
               "seed": req.seed, "versus": req.versus, "level": req.level,
               "raters": list(req.raters), "subjects": list(req.subjects),
               "interval": english(interval_note_text(req.level)),
               "advice": [advice.to_dict()
                          for advice in advise_all(self, needs or self.asked(),
                                                   costs or self.costs)],
               "fit_starts": req.n_starts, "complete": self.complete,
               "seconds": round(self.seconds, 3), "workers": self.workers,
               "designs": [d.to_dict() for d in self.designs],
               "notes": [english(note) for note in self.note_texts()],
               "version": self.version}
        return _finite(out)


def _finite(value: Any) -> Any:
    """NaN/inf -> None, recursively, so the JSON is standard."""
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
