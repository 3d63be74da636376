"""``rater-check``: is a rater's accuracy at least the rest of the panel's minus a margin?"""

from __future__ import annotations

from tapdesk.engine.raters.check import RaterCheckRequest
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import RaterCheckSettings


def outcome(settings: RaterCheckSettings) -> Outcome:
    """The check of one rater, its JSON and its sentences."""
    from tapdesk.engine.raters.check import check_rater
    request = RaterCheckRequest(rater=settings.rater, margin=settings.margin,
                                class1=tuple(settings.class1) if settings.class1 else None, cut=settings.cut,
                                level=settings.level, seed=settings.seed)
    dataset = load_dataset(settings)
    result = check_rater(request, dataset.table)
    return Outcome(result, result.as_json(), "\n".join(result.summary()) + "\n", dataset)
