"""Study planning: how many raters and subjects the next study needs (never imports Qt).

Given assumed t, a, p (typed in or taken from a fit) and candidate designs,
:func:`plan_events` simulates many studies of each design, fits each with
the same t-a-p engine as ``tapdesk fit`` and reports the expected width of
the intervals (at the request's level, 95% by default), the power against a
stated accuracy, and how often the panel gets a subject's class right (with
its closed form). :func:`advise` picks the cheapest design that meets a need;
:func:`find_subjects` searches the subjects each number of raters needs for
an interval width or a power (:mod:`~tapdesk.engine.planning.target`).
"""

from tapdesk.engine.planning.advice import Advice, Costs, Need, advise, advise_all, default_needs
from tapdesk.engine.planning.request import PlanRequest, parse_counts
from tapdesk.engine.planning.result import MonteCarloErrors, PlanDesign, PlanResult
from tapdesk.engine.planning.run import DesignFinished, PlanEvent, plan, plan_events
from tapdesk.engine.planning.target import (
    SubjectsNeeded,
    Target,
    TargetResult,
    find_subjects,
    target_events,
)

__all__ = [
    "Advice",
    "Costs",
    "DesignFinished",
    "Need",
    "advise",
    "advise_all",
    "default_needs",
    "MonteCarloErrors",
    "PlanDesign",
    "PlanEvent",
    "PlanRequest",
    "PlanResult",
    "parse_counts",
    "plan",
    "plan_events",
    "SubjectsNeeded",
    "Target",
    "TargetResult",
    "find_subjects",
    "target_events",
]
