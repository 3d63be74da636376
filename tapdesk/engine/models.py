"""Every model TapDesk can fit, registered explicitly and in display order."""

from tapdesk.engine.binary import tap
from tapdesk.engine.registry import register

for _spec in (tap.SPEC,):
    register(_spec)
