"""Seeded nonparametric bootstrap over subjects, done on distinct count patterns.

Statistics that depend on a subject only through its row of category counts
(Krippendorff's alpha) can be resampled on the distinct rows: drawing n
subjects with replacement is the same as drawing multinomial(n, freq / n)
pattern frequencies. With K categories and few raters there are far fewer
patterns than subjects, which makes 1000 resamples of 100,000 subjects fast.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import numpy as np

MAX_CELLS = 4_000_000
"""Resample-weight cells held in memory at once (B_chunk x patterns)."""


def count_patterns(counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(distinct rows, how many subjects have each) of a subjects x K count matrix."""
    if counts.shape[0] == 0:
        return counts, np.zeros(0, dtype=np.int64)
    base = int(counts.max()) + 1
    k = counts.shape[1]
    if k * np.log2(base) < 62:                     # encode each row as one integer: fast unique
        code = counts.astype(np.int64) @ (base ** np.arange(k, dtype=np.int64))
        _, first, freq = np.unique(code, return_index=True, return_counts=True)
        return counts[first], freq
    patterns, freq = np.unique(counts, axis=0, return_counts=True)
    return patterns, freq


def resample_weights(freq: np.ndarray, n_resamples: int, seed: int) -> Iterator[np.ndarray]:
    """Chunks (B_chunk x patterns) of bootstrap pattern frequencies, reproducible for a seed."""
    rng = np.random.default_rng(seed)
    n = int(freq.sum())
    probs = freq / n
    chunk = max(1, min(n_resamples, MAX_CELLS // max(len(freq), 1)))
    done = 0
    while done < n_resamples:
        size = min(chunk, n_resamples - done)
        yield rng.multinomial(n, probs, size=size).astype(float)
        done += size


def bootstrap_patterns(freq: np.ndarray, n_resamples: int, seed: int,
                       statistic: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
    """Apply ``statistic`` (weights chunk -> values, shape (B_chunk, m)) to every resample."""
    parts = [statistic(w) for w in resample_weights(freq, n_resamples, seed)]
    return np.concatenate(parts, axis=0)


def method_text(n_resamples: int, seed: int, level: float = 0.95) -> str:
    """The bootstrap's method text: resamples, seed and the percentile interval's level."""
    from tapdesk.engine.intervals import level_text
    from tapdesk.i18n.deferred import made, said
    # Translators: how a coefficient's standard error and interval were found; {n} is the number
    # of resamples ("1000"), {seed} the random seed ("12345"), {level} "95%".
    return said("bootstrap, {n} resamples, seed {seed}, percentile {level}", n=int(n_resamples),
                seed=str(seed), level=made(level_text, level))
