"""Seeded simulation of binary ratings from the t-a-p family.

Each subject is truly Class 1 with probability t. Rater j rates a subject
of true class z accurately with probability a_j (a1 if z = 1, a0 if z = 0),
giving the true class; otherwise guesses Class 1 with probability p (p1 or
p0 by true class).

numpy is imported by the functions that simulate, not with the module: the app's first window
lists the simulated examples (their :class:`TapParameters`) without loading numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tapdesk.data.ratings import RatingsTable
from tapdesk.data.scale import Scale
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext

if TYPE_CHECKING:
    import numpy as np

    from tapdesk.data.binary import CountHistogram


@dataclass(frozen=True)
class TapParameters:
    """Generating parameters; a0/a1, p0/p1 default to a, p; ``rater_a`` overrides a per rater."""

    t: float
    a: float
    p: float
    a0: float | None = None
    a1: float | None = None
    p0: float | None = None
    p1: float | None = None
    rater_a: tuple[float, ...] | None = None
    rater_p: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        values = [self.t, self.a, self.p, self.a0, self.a1, self.p0, self.p1,
                  *(self.rater_a or ()), *(self.rater_p or ())]
        for v in values:
            if v is not None and not (0.0 <= v <= 1.0):
                # Translators: {value} is the number given ("1.5").
                raise SettingError(_("simulation parameters must lie in [0, 1]; got {value}").format(
                    value=v))

    def rater_params(self, n_raters: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Per-rater (a0, a1, p0, p1) arrays."""
        import numpy as np
        def per(value_list, base):
            if value_list is not None:
                if len(value_list) != n_raters:
                    # Translators: {n} values were given for {raters} raters.
                    raise SettingError(ngettext("{n} per-rater value given for {raters} raters",
                                                "{n} per-rater values given for {raters} raters",
                                                len(value_list)).format(n=len(value_list),
                                                                        raters=n_raters))
                return np.asarray(value_list, float)
            return np.full(n_raters, base)
        a_all = per(self.rater_a, self.a)
        p_all = per(self.rater_p, self.p)
        a0 = a_all if self.a0 is None else np.full(n_raters, self.a0)
        a1 = a_all if self.a1 is None else np.full(n_raters, self.a1)
        p0 = p_all if self.p0 is None else np.full(n_raters, self.p0)
        p1 = p_all if self.p1 is None else np.full(n_raters, self.p1)
        return a0, a1, p0, p1


def simulate_matrix(params: TapParameters, n_subjects: int, n_raters: int,
                    seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(truth, ratings) arrays: truth per subject (0/1), ratings subjects x raters (0/1)."""
    import numpy as np
    if n_subjects < 1 or n_raters < 1:
        raise SettingError(_("simulate at least one subject and one rater"))
    rng = np.random.default_rng(seed)
    a0, a1, p0, p1 = params.rater_params(n_raters)
    truth = (rng.random(n_subjects) < params.t).astype(np.int64)
    z = truth[:, None]
    acc = np.where(z == 1, a1[None, :], a0[None, :])
    guess_p = np.where(z == 1, p1[None, :], p0[None, :])
    accurate = rng.random((n_subjects, n_raters)) < acc
    guess = (rng.random((n_subjects, n_raters)) < guess_p).astype(np.int64)
    return truth, np.where(accurate, z, guess)


def simulate_table(params: TapParameters, n_subjects: int, n_raters: int, seed: int) -> RatingsTable:
    """A RatingsTable of 0/1 ratings with rater ids R1..Rn and subject ids 1..N."""
    _, ratings = simulate_matrix(params, n_subjects, n_raters, seed)
    return table_from_matrix(ratings)


def table_from_matrix(ratings: np.ndarray) -> RatingsTable:
    """A RatingsTable from a subjects x raters 0/1 matrix (rater ids R1..Rn, subject ids 1..N)."""
    import numpy as np
    n_subjects, n_raters = ratings.shape
    return RatingsTable(subject=np.repeat(np.arange(n_subjects), n_raters),
                        rater=np.tile(np.arange(n_raters), n_subjects),
                        rating=ratings.ravel(), subject_ids=tuple(str(i + 1) for i in range(n_subjects)),
                        rater_ids=tuple(f"R{j + 1}" for j in range(n_raters)),
                        scale=Scale(("0", "1"), ordinal=True))


def expected_histogram_weights(t: float, q1: float, q0: float, n_raters: int,
                               n_subjects: float) -> tuple[np.ndarray, np.ndarray]:
    """Expected (real-valued) number of subjects with k Class-1 ratings, k = 0..n_raters."""
    import numpy as np

    from tapdesk.engine.binary.likelihood import binomial_pmf  # (the simulate dialog's preview)
    k = np.arange(n_raters + 1)
    probs = t * binomial_pmf(k, n_raters, q1) + (1 - t) * binomial_pmf(k, n_raters, q0)
    return k, n_subjects * probs


def expected_counts(params: TapParameters, n_subjects: int, n_raters: int) -> CountHistogram:
    """The "exact" option: a count histogram whose weights are expected counts (floats).

    Only average-rater parameters apply (same a0, a1, p0, p1 for every rater).
    """
    import numpy as np

    from tapdesk.data.binary import CountHistogram
    if params.rater_a is not None or params.rater_p is not None:
        raise SettingError(_("exact expected counts need the same parameters for every rater"))
    a0, a1, p0, p1 = (float(v[0]) for v in params.rater_params(1))
    q1 = a1 + (1 - a1) * p1
    q0 = (1 - a0) * p0
    k, weight = expected_histogram_weights(params.t, q1, q0, n_raters, n_subjects)
    return CountHistogram(np.full(len(k), n_raters, dtype=np.int64), k.astype(np.int64), weight)


def sequence_or_none(values: Sequence[float] | None) -> tuple[float, ...] | None:
    return tuple(float(v) for v in values) if values is not None else None


# ---------------------------------------------------------------- writers
EXPECTED_COLUMNS = ("n_raters", "n_class1", "expected_subjects")


def simulated_frame(params: TapParameters, n_subjects: int, n_raters: int, seed: int):
    """Wide pandas frame: column ``subject`` (1..N) then ``R1``..``Rn`` holding 0/1 ratings."""
    import numpy as np
    import pandas as pd
    _, ratings = simulate_matrix(params, n_subjects, n_raters, seed)
    frame = pd.DataFrame(ratings, columns=[f"R{j + 1}" for j in range(n_raters)])
    frame.insert(0, "subject", np.arange(1, n_subjects + 1))
    return frame


def expected_frame(params: TapParameters, n_subjects: int, n_raters: int):
    """The exact option as a frame: n_raters, n_class1, expected_subjects (real numbers)."""
    import pandas as pd
    hist = expected_counts(params, n_subjects, n_raters)
    return pd.DataFrame({"n_raters": hist.n_rated, "n_class1": hist.n_class1,
                         "expected_subjects": hist.weight})


def write_simulation_csv(path, params: TapParameters, n_subjects: int, n_raters: int, seed: int,
                         *, exact: bool = False) -> int:
    """Write a simulated table (wide CSV) or, with ``exact``, the expected-count histogram.

    The wide file has a ``subject`` column and one column per rater, values
    0/1 (1 = Class 1), and reads back with the ordinary importer. The exact
    file's columns are ``n_raters, n_class1, expected_subjects``: for N
    subjects each rated by n_raters raters, the expected number of subjects
    with n_class1 Class-1 ratings (real numbers, not a sample). Returns the
    number of data rows written. OSError becomes a SettingError naming the file.
    """
    frame = (expected_frame(params, n_subjects, n_raters) if exact
             else simulated_frame(params, n_subjects, n_raters, seed))
    try:
        frame.to_csv(path, index=False, float_format="%.10g")
    except OSError as exc:
        # Translators: {path} is a file's path, {reason} the system's words for why.
        raise SettingError(_("cannot write {path}: {reason}").format(
            path=formats.quoted(str(path)), reason=exc.strerror or exc)) from None
    return len(frame)
