"""How many iterations a fit took, told the same way on every surface (issue 25).

An iterative fit runs from several starts. Its :class:`FitResult` carries
``iterations`` (every start's iterations together) and ``traces`` (one
log-likelihood trace per start, one entry per iteration). Reports used to
print the total ("Iterations 843") beside a convergence figure that spoke
of one start ("iteration 58 of 90"), so a reader could not tell they
counted different things. :func:`iteration_counts` reads both numbers from
the result once, and :func:`iteration_phrase`, :func:`iteration_rows` and
:func:`best_start_sentence` say which is which, so the summary, the
report's settings table, the figure's caption and the plot agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tapdesk.i18n.deferred import said, said_n


@dataclass(frozen=True)
class IterationCounts:
    """The iterations of one fit.

    Attributes
    ----------
    total : int
        Every start's iterations together (``FitResult.iterations``).
    starts : int
        Starts that ran (one trace each); 0 when the fit kept no traces.
    best : int
        Iterations of the best start: the one whose log-likelihood ended
        highest (the dashed line of the convergence plot); 0 without traces.
    best_index : int
        Position of the best start among the starts (0-based); -1 without traces.
    longest : int
        Iterations of the longest-running start; 0 without traces.
    """

    total: int
    starts: int
    best: int
    best_index: int
    longest: int


def best_start(traces: Sequence[Sequence[float]]) -> int:
    """Index of the trace that ends highest (the first of equals), or -1 if none has entries."""
    finals = [(float(t[-1]), -i) for i, t in enumerate(traces) if len(t)]
    return -max(finals)[1] if finals else -1


def iteration_counts(result: Any) -> IterationCounts:
    """The iteration numbers of a fit, read from its ``iterations`` and ``traces``."""
    traces = [tuple(t) for t in getattr(result, "traces", ()) or ()]
    index = best_start(traces)
    return IterationCounts(
        total=int(getattr(result, "iterations", 0) or 0), starts=len(traces),
        best=len(traces[index]) if index >= 0 else 0, best_index=index,
        longest=max((len(t) for t in traces), default=0))


def iteration_phrase(counts: IterationCounts) -> str:
    """The iterations in words: "58 in the best of 12 starts (843 over all 12 starts)"."""
    if counts.starts <= 1 or counts.best_index < 0:
        # Translators: a fit's iterations, after "yes after" / "NO after" (the Converged fact).
        return said_n("{n} iteration", "{n} iterations", counts.total, n=counts.total)
    # Translators: a fit's iterations, after "yes after" / "NO after" (the Converged fact);
    # {n} and {total} are iteration counts, {starts} the number of starts (2 or more).
    return said_n("{n} iteration in the best of {starts} starts ({total} over all {starts} "
                  "starts together)", "{n} iterations in the best of {starts} starts ({total} "
                  "over all {starts} starts together)", counts.best, n=counts.best,
                  starts=counts.starts, total=counts.total)


def iteration_rows(counts: IterationCounts) -> list[tuple[str, int]]:
    """Settings-table rows: the best start's iterations, then the total, each labelled."""
    if counts.starts <= 1 or counts.best_index < 0:
        # Translators: a row of the report's table "How this analysis was run".
        return [(said("Iterations"), counts.total)] if counts.total else []
    # Translators: rows of the report's table "How this analysis was run"; {n} is the number of
    # optimisation starts (2 or more).
    return [(said("Iterations of the best start"), counts.best),
            # Translators: a row of the report's table "How this analysis was run"; {n} is the
            # number of optimisation starts (2 or more).
            (said("Iterations, all {n} starts together", n=counts.starts), counts.total)]


def best_start_sentence(counts: IterationCounts) -> str:
    """The convergence figure's words on iterations: which start is best and how long it ran."""
    if counts.best_index < 0:
        return ""
    if counts.starts == 1:
        # Translators: in the convergence figure's caption; {n} is a number of iterations.
        return said_n("The one start took {n} iteration.", "The one start took {n} iterations.",
                      counts.best, n=counts.best)
    # Translators: in the convergence figure's caption; {n}, {longest} and {total} are numbers
    # of iterations, {starts} the number of optimisation starts (2 or more).
    return said_n("The best start (the one ending on the dashed line) took {n} iteration; the "
                  "longest start took {longest}, and all {starts} starts together {total}.",
                  "The best start (the one ending on the dashed line) took {n} iterations; the "
                  "longest start took {longest}, and all {starts} starts together {total}.",
                  counts.best, n=counts.best, longest=counts.longest, starts=counts.starts,
                  total=counts.total)
