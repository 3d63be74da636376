"""A seeded corpus of real-looking rating exports with their truth (issue 10).

``build_corpus(folder)`` writes a few hundred small files imitating what people export from
R, SPSS, Stata, REDCap, Qualtrics, Excel and LibreOffice, and plain tables with the ways real
files stray from them (title lines, footers, calculated columns, pasted-together exports,
ragged rows, missing-value codes ...). Each file comes with its truth: the subjects, raters,
ratings and categories a careful person would read, or the refusal it deserves.

Write the corpus to a folder to look at it::

    .venv/bin/python -m tests.import_corpus /tmp/corpus
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tests.import_corpus import (
    kinds_apps,
    kinds_choices,
    kinds_content,
    kinds_raters,
    kinds_sheets,
    kinds_text,
    kinds_v4_columns,
    kinds_v4_formats,
    kinds_v4_layout,
    kinds_v5_forms,
    kinds_v5_layout,
    kinds_v5_rows,
)
from tests.import_corpus.truth import Case, Truth, compare, save_truth

SEED = 20240610
KINDS = (kinds_text.KINDS + kinds_apps.KINDS + kinds_sheets.KINDS + kinds_content.KINDS
         + kinds_choices.KINDS + kinds_raters.KINDS + kinds_v4_formats.KINDS
         + kinds_v4_layout.KINDS + kinds_v4_columns.KINDS + kinds_v5_rows.KINDS
         + kinds_v5_layout.KINDS + kinds_v5_forms.KINDS)

__all__ = ["Case", "KINDS", "SEED", "Truth", "build_corpus", "compare", "save_truth"]


def build_corpus(folder: Path, seed: int = SEED) -> list[Case]:
    """Write every corpus file into ``folder``; the same seed gives the same files."""
    folder.mkdir(parents=True, exist_ok=True)
    cases = []
    for k, (kind, count) in enumerate(KINDS):
        rng = np.random.default_rng([seed, k])
        for n in range(count):
            cases.append(kind(rng, folder, f"{kind.__name__}_{n:02d}"))
    return cases


def read_in_english(folder: Path, kinds: tuple[str, ...]) -> list:
    """The corpus files of ``kinds`` (a file's name without its number) written into ``folder``
    and read as the importer reads them, in English: the readings whose notes the language
    tests save and show again."""
    from tapdesk import i18n
    from tapdesk.data.readers import ImportOptions, read_ratings
    cases = [c for c in build_corpus(folder) if c.path.stem.rsplit("_", 1)[0] in kinds]
    with i18n.language("en"):
        return [read_ratings(c.path, ImportOptions(**c.truth.options)) for c in cases]
