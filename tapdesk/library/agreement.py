"""``agreement``: every classical agreement coefficient with SE, CI and method."""

from __future__ import annotations

import numpy as np
import pandas as pd

from tapdesk.data.binary import ClassChoice, choose_class1, ratings_per_category
from tapdesk.engine.coefficients import agreement_coefficients
from tapdesk.engine.story.paragraph import coefficients_paragraph
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import _
from tapdesk.library.outcome import Outcome, paragraph_outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import AgreementSettings


def _read_matrix(path: str) -> np.ndarray:
    try:
        frame = pd.read_csv(path, header=None, sep=None, engine="python")
        return frame.to_numpy(dtype=float)
    except (OSError, ValueError, pd.errors.ParserError) as exc:
        # Translators: {problem} is what went wrong reading the file (in English, from Python).
        raise DataError(_("cannot read the weight matrix ({problem}); it must hold K rows of K "
                          "numbers, no header").format(problem=exc), file=path) from None


def _split(settings: AgreementSettings, table) -> ClassChoice | None:
    """The Class 1 / Class 0 split asked for with --class1 or --cut (None: the whole scale)."""
    if not settings.class1 and settings.cut is None:
        return None
    return choose_class1(table.scale, tuple(settings.class1) if settings.class1 else None, settings.cut,
                         counts=ratings_per_category(table))


def outcome(settings: AgreementSettings) -> Outcome:
    """The coefficients, their JSON and their text (or the paragraph)."""
    if settings.weights and settings.weight_matrix:
        raise SettingError(_("give either --weights or --weight-matrix, not both"))
    if settings.bootstrap < 0:
        raise SettingError(_("--bootstrap must be 0 or more"))
    dataset = load_dataset(settings)
    table = dataset.table     # --categories (shared import flag) declares the scale
    weights = _read_matrix(settings.weight_matrix) if settings.weight_matrix else settings.weights
    result = agreement_coefficients(table, weights=weights, keep_unused=settings.keep_unused,
                                    bootstrap=settings.bootstrap, seed=settings.seed, level=settings.level,
                                    split=_split(settings, table))
    if settings.paragraph:
        return paragraph_outcome(result,
                                 coefficients_paragraph(result, table, settings.level, settings.seed),
                                 result.to_dict(), dataset)
    return Outcome(result, result.to_dict(), result.as_text() + "\n", dataset)
