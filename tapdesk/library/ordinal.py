"""``ordinal``: t-a-p and Fleiss kappa at every cut point, pairwise sqrt(kappa)."""

from __future__ import annotations

from tapdesk.engine import FitRequest
from tapdesk.engine.binary.ordinal import ordinal_analysis
from tapdesk.engine.categorical.ordinal import ordinal_side_by_side
from tapdesk.engine.results import table_text
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import OrdinalSettings


def outcome(settings: OrdinalSettings) -> Outcome:
    """The analysis at every cut point beside the K-category fit, their JSON and text."""
    dataset = load_dataset(settings)
    template = FitRequest(model="tap", bootstrap=settings.bootstrap, seed=settings.seed,
                          n_starts=settings.starts, level=settings.level)
    result = ordinal_analysis(dataset.table, template)
    side_by_side = ordinal_side_by_side(dataset.table, template)    # issue 3: K-category beside cuts
    payload = result.to_dict()
    payload["k_category_side_by_side"] = {
        "columns": list(side_by_side.columns), "rows": [list(r) for r in side_by_side.rows],
        "note": side_by_side.note}
    return Outcome(result, payload,
                   result.as_text() + "\n\n" + "\n".join(table_text(side_by_side)) + "\n",
                   dataset, {"side_by_side": side_by_side})
