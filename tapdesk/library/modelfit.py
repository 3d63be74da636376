"""``modelfit``: observed versus expected counts, G^2 and likelihood-ratio tests."""

from __future__ import annotations

from tapdesk.engine.binary.model_fit import model_fit_table
from tapdesk.errors import SettingError
from tapdesk.i18n import _
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import ModelfitSettings


def outcome(settings: ModelfitSettings) -> Outcome:
    """The model-fit table, its JSON and its text."""
    if settings.bootstrap < 0:
        raise SettingError(_("--bootstrap must be 0 (no p-values) or a positive number of resamples"))
    dataset = load_dataset(settings)
    result = model_fit_table(dataset.table, tuple(settings.class1) if settings.class1 else None, settings.cut,
                             bootstrap=settings.bootstrap, seed=settings.seed, level=settings.level)
    return Outcome(result, result.to_dict(), result.as_text() + "\n", dataset)
