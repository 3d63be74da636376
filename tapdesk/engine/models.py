"""Every model TapDesk can fit, registered explicitly and in display order."""

from tapdesk.engine.binary import expert, per_rater, ridge, tap
from tapdesk.engine.registry import register

for _spec in (tap.SPEC, *ridge.SPECS, expert.SPEC, per_rater.SPEC):
    register(_spec)
