"""Crowd-kit's shape for TapDesk's latent-class models: switch by changing one import.

crowd-kit (``from crowdkit.aggregation import DawidSkene``) aggregates a DataFrame of
``task``, ``worker`` and ``label`` columns: ``fit_predict(df)`` gives a Series of labels
indexed by task, ``fit_predict_proba(df)`` a DataFrame of each task's probability of each
label. The classes here take the same frame, the same constructor and ``fit`` arguments where
TapDesk can honour them (a ``ValueError`` or ``TypeError`` at construction names TapDesk's
equivalent where it cannot), and give the same shapes and fitted attributes (``labels_``,
``probas_``, ``priors_``, ``errors_``, ``loss_history_``, ``spamming_``, ``thetas_``,
``skills_``), from the same fit ``tapdesk fit --model dawid-skene`` (or ``mace``,
``per-rater``) runs: the labels are the most likely class of each task, as ``tapdesk fit
--subjects-out`` writes it. Task and worker ids and labels come back as the frame held them
(numbers stay numbers, a category column stays a category).

``fit_predict`` computes what it returns: the estimates and each task's probabilities, no
intervals, rater comparisons or comparisons with the other models. ``analysis=True`` asks for
the full analysis, kept in ``result_`` (the engine's result, as the command line and the app
show it).

Examples
--------
>>> import pandas as pd
>>> from tapdesk.crowd import DawidSkene
>>> df = pd.DataFrame({"task": ["t1", "t1", "t1", "t2", "t2", "t2"],
...                    "worker": ["w1", "w2", "w3", "w1", "w2", "w3"],
...                    "label": [1, 1, 0, 0, 0, 1]})
>>> DawidSkene(n_iter=100).fit_predict(df).to_dict()
{'t1': 1, 't2': 0}
>>> from tapdesk.crowd import MACE
>>> MACE(n_restarts=3, random_state=1)
MACE(n_restarts=3, n_iter=50, method='em', random_state=1, analysis=False, level=0.95)
"""

from __future__ import annotations

import difflib
import warnings
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from tapdesk.data.ratings import RatingsTable
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.results import FitResult

__all__ = ["MACE", "ConvergenceWarning", "DawidSkene", "PerRaterTAP"]

TASK, WORKER, LABEL = "task", "worker", "label"
"""crowd-kit's column names."""

ELSEWHERE = {
    "seed": "random_state",
    "starts": "n_restarts",
    "initial_error_strategy": "DawidSkene's initial_error_strategy (which TapDesk does not take)",
    "method": "MACE's method='em' or 'map'",
    "smoothing": "MACE's smoothing (which TapDesk does not take: maximum likelihood)",
    "default_noise": "MACE's default_noise (which TapDesk does not take)",
    "alpha": "MACE's method='vb' priors (which TapDesk does not take: maximum likelihood)",
    "beta": "MACE's method='vb' priors (which TapDesk does not take: maximum likelihood)",
    "verbose": "MACE's verbose=0",
    "class1": "PerRaterTAP's class1",
    "cut": "PerRaterTAP's cut",
}
"""Where a keyword an aggregator does not take belongs (the TypeError says so)."""


class ConvergenceWarning(UserWarning):
    """The iteration cap (``n_iter``) stopped some of the fit's starts before they converged:
    the labels are those of the best fit found (the result's warnings say so too)."""


class _Aggregator:
    """A latent-class fit with crowd-kit's methods and attributes.

    ``n_iter`` caps each start's EM iterations (a SQUAREM cycle of three EM steps counts as
    one); where it stops the fit, ``result_.converged`` is False, the result's warnings say so
    and a :class:`ConvergenceWarning` is issued. ``tol`` is TapDesk's stopping rule: the fit
    stops when the log-likelihood's rise, and the rise still to come projected from the last
    ones, are within ``tol`` times (1 + |log-likelihood|); None keeps TapDesk's own
    (1e-10, the command line's). ``random_state`` (an int) seeds the random starts,
    ``n_restarts`` is the number of starts (TapDesk's ``starts``; None: its 12, budgeted on
    large crowds, at least two for Dawid-Skene and MACE). ``analysis=True`` computes the full
    analysis (intervals at ``level``, rater verdicts, model comparisons) into ``result_``.
    """

    model: ClassVar[str]
    _arguments: ClassVar[tuple[str, ...]] = ("n_iter", "tol", "random_state", "n_restarts",
                                             "analysis", "level")

    def __init__(self, n_iter: int = 100, tol: float | None = None, *,
                 random_state: int | None = None, n_restarts: int | None = None,
                 analysis: bool = False, level: float = 0.95, **others: Any) -> None:
        self.n_iter = n_iter
        self.tol = tol
        self.random_state = random_state
        self.n_restarts = n_restarts
        self.analysis = analysis
        self.level = level
        self._refuse(others)
        self._request = self._make_request()
        self.result_: FitResult | None = None
        self.probas_: pd.DataFrame | None = None
        self.labels_: pd.Series | None = None
        self.skills_: pd.Series | None = None

    # ---------------------------------------------------------------- construction
    def _refuse(self, others: dict[str, Any]) -> None:
        """A keyword this aggregator does not take: a TypeError naming where it belongs."""
        for name in others:
            hint = ELSEWHERE.get(name)
            if hint is None:
                close = difflib.get_close_matches(name, list(self._arguments) + list(ELSEWHERE),
                                                  n=1)
                hint = close[0] if close else None
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument "
                            f"'{name}'" + (f"; TapDesk's equivalent: {hint}" if hint else ""))

    def _make_request(self) -> FitRequest:
        """The engine's request, made (and so checked) now: a setting it cannot take is a
        ValueError at construction, not at ``fit``."""
        from tapdesk.engine.request import FitRequest
        from tapdesk.errors import SettingError
        for name in ("n_iter", "random_state", "n_restarts"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"{name} must be an int (TapDesk's "
                                f"{_ENGINE_NAMES[name]}), not {type(value).__name__}")
        settings: dict[str, Any] = {"model": self.model, "max_iterations": self.n_iter,
                                    "level": self.level, "point_only": not self.analysis}
        if self.tol is not None:
            settings["tolerance"] = self.tol
        if self.random_state is not None:
            settings["seed"] = self.random_state
        if self.n_restarts is not None:
            settings["n_starts"] = self.n_restarts
        settings.update(self._model_settings())
        try:
            return FitRequest(**settings)
        except SettingError as exc:
            raise ValueError(f"{type(self).__name__}: {exc} (TapDesk's names: n_iter is "
                             "max_iterations, tol tolerance, n_restarts n_starts)") from None

    def _model_settings(self) -> dict[str, Any]:
        return {}

    def __repr__(self) -> str:
        arguments = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._arguments)
        return f"{type(self).__name__}({arguments})"

    # ---------------------------------------------------------------- fitting
    def fit(self, data: pd.DataFrame, true_labels: pd.Series | None = None) -> _Aggregator:
        """Fit the model to ``data`` (columns task, worker, label): the labels in ``labels_``,
        the probabilities in ``probas_``, the engine's result in ``result_``. ``true_labels``
        (a Series of known labels indexed by task) is taken by :class:`DawidSkene` only."""
        if true_labels is not None and self.model != "dawid-skene":
            raise TypeError(f"{type(self).__name__}.fit() takes no true_labels: only DawidSkene "
                            "holds known tasks' labels (gold) during its fit")
        frame = _crowd_frame(data)
        table, names = _table(frame)
        request = self._request
        if true_labels is not None:
            request = replace(request, known_classes=_known(true_labels))
        from tapdesk.engine import fit
        from tapdesk.threads import one_blas_thread
        with one_blas_thread():
            result = fit(request, table)
        self.result_ = result
        self._read_result(result, names)
        if not result.converged:
            warnings.warn(f"{type(self).__name__}: n_iter={self.n_iter} stopped some of the "
                          "fit's starts before they converged; the labels are those of the best "
                          "fit found (raise n_iter)", ConvergenceWarning, stacklevel=2)
        return self

    def fit_predict(self, data: pd.DataFrame, true_labels: pd.Series | None = None) -> pd.Series:
        """Each task's most likely label: a Series indexed by task, named ``agg_label``."""
        self.fit(data, true_labels)
        assert self.labels_ is not None
        return self.labels_

    def fit_predict_proba(self, data: pd.DataFrame,
                          true_labels: pd.Series | None = None) -> pd.DataFrame:
        """Each task's probability of each label: a DataFrame, a row per task, a column per
        label (in the order crowd-kit gives them: as they first appear in the frame)."""
        self.fit(data, true_labels)
        assert self.probas_ is not None
        return self.probas_

    # ---------------------------------------------------------------- attributes
    def _read_result(self, result: FitResult, names: _Names) -> None:
        """crowd-kit's attributes, read from the engine's result (nothing refitted)."""
        import pandas as pd

        from tapdesk.engine.subjects import SubjectTable
        subjects = result.subjects
        assert isinstance(subjects, SubjectTable)        # a latent-class fit, not cancelled
        columns = [names.class_value(code, result) for code in result.class_labels]
        probas = pd.DataFrame(subjects.probabilities, columns=names.label_index(columns),
                              index=names.task_index(subjects.ids))
        probas = probas[names.label_index(names.ordered(columns))]
        self.probas_ = probas
        labels = probas.idxmax(axis=1).astype(probas.columns.dtype)
        labels.name = "agg_label"
        self.labels_ = labels
        self.skills_ = pd.Series([r.get(self._skill).value for r in result.raters],
                                 index=names.worker_index([r.rater_id for r in result.raters]),
                                 name="skill")

    _skill: ClassVar[str] = "a"


class DawidSkene(_Aggregator):
    """Dawid and Skene's model: a confusion matrix per worker (``tapdesk fit --model
    dawid-skene``).

    ``fit(data, true_labels=...)`` holds the tasks of ``true_labels`` (a Series of labels
    indexed by task) in their known label at every step, as crowd-kit does; tasks not in the
    data are ignored. ``initial_error_strategy`` (and ``fit``'s ``initial_error``) is not
    taken: TapDesk starts from the per-rater t-a-p fit, the majority vote and random starts.

    Attributes after ``fit``: ``labels_``, ``probas_``, ``priors_`` (each label's share),
    ``errors_`` (indexed by worker and the label they gave, a column per true label: the
    probability of giving that label), ``loss_history_`` (the mean log-likelihood per label
    at each iteration of the start kept), ``skills_`` (each worker's probability of naming
    the true label).
    """

    model = "dawid-skene"
    _skill = "accuracy"
    _arguments = ("n_iter", "tol", "initial_error_strategy", "random_state", "n_restarts",
                  "analysis", "level")

    def __init__(self, n_iter: int = 100, tol: float | None = None,
                 initial_error_strategy: str | None = None, *, random_state: int | None = None,
                 n_restarts: int | None = None, analysis: bool = False, level: float = 0.95,
                 **others: Any) -> None:
        if initial_error_strategy is not None:
            raise ValueError("DawidSkene: TapDesk takes no initial error matrices "
                             f"(initial_error_strategy={initial_error_strategy!r}): its fit "
                             "starts from the per-rater t-a-p fit, the majority vote and random "
                             "starts (n_restarts, random_state); to hold tasks whose labels are "
                             "known, give fit(data, true_labels=...)")
        self.initial_error_strategy = initial_error_strategy
        super().__init__(n_iter, tol, random_state=random_state, n_restarts=n_restarts,
                         analysis=analysis, level=level, **others)
        self.priors_: pd.Series | None = None
        self.errors_: pd.DataFrame | None = None
        self.loss_history_: list[float] = []

    def fit(self, data: pd.DataFrame, true_labels: pd.Series | None = None,
            initial_error: pd.DataFrame | None = None) -> DawidSkene:
        """Fit the model (see :meth:`_Aggregator.fit`); ``initial_error`` is refused (TapDesk
        takes no initial error matrices)."""
        if initial_error is not None:
            raise ValueError("DawidSkene.fit: TapDesk takes no initial error matrices "
                             "(initial_error); give true_labels to hold known tasks' labels")
        super().fit(data, true_labels)
        return self

    def _read_result(self, result: FitResult, names: _Names) -> None:
        import pandas as pd
        super()._read_result(result, names)
        assert self.probas_ is not None
        columns = self.probas_.columns
        by_code = {names.label(code): est.value for code, est in
                   zip(result.class_labels, result.params)}
        self.priors_ = pd.Series([by_code[c] for c in columns], index=columns, name="prior")
        self.errors_ = _errors(result, names, columns)
        self.loss_history_ = [ll / result.n_ratings for ll in _kept_trace(result)]


class MACE(_Aggregator):
    """MACE: each worker is either right or spamming with their own leanings (``tapdesk fit
    --model mace``), fitted by maximum likelihood (crowd-kit's ``method='em'``), or with
    ``method='map'`` as the posterior mode under the priors of the paper's Bayesian variant
    (the engine's ``FitRequest(model="mace", priors=(Prior("a", 1.5, 1.5), Prior("p", 11,
    11)))``: Beta(1.5, 1.5) on each knowing rate, Dirichlet(11) on each guessing spread; see
    :data:`tapdesk.engine.categorical.mace_em.PAPER_PRIOR`; ``tapdesk fit`` and the app fit by
    maximum likelihood). crowd-kit's default ``'vb'``,
    variational Bayes, is not offered (a ValueError says so): the posterior mode is its point
    estimate's near neighbour and, when the classes are not equally common, labels better than
    maximum likelihood (benchmarks/bench_crowd_accuracy.py).

    Attributes after ``fit``: ``labels_``, ``probas_``, ``spamming_`` (a row per worker, in
    the order they first appear: the probability of spamming, then of knowing the answer),
    ``thetas_`` (a row per worker, a column per label as in ``probas_``: the probability of
    each label when spamming), ``skills_`` (each worker's probability of knowing).
    """

    model = "mace"
    _arguments = ("n_restarts", "n_iter", "method", "random_state", "analysis", "level")

    def __init__(self, n_restarts: int | None = None, n_iter: int = 50, method: str = "em",
                 smoothing: float | None = None, default_noise: float | None = None,
                 alpha: float | None = None, beta: float | None = None,
                 random_state: int | None = None, verbose: int = 0, *, tol: float | None = None,
                 analysis: bool = False, level: float = 0.95, **others: Any) -> None:
        if method not in ("em", "map"):
            raise ValueError(f"MACE: TapDesk fits MACE by maximum likelihood (EM), not "
                             f"method={method!r}: give method='em', or 'map' for the posterior "
                             "mode under the paper's priors (the variational Bayes variant and "
                             "its priors alpha and beta are not offered)")
        refused = {"smoothing": smoothing, "default_noise": default_noise, "alpha": alpha,
                   "beta": beta}
        given = [name for name, value in refused.items() if value is not None]
        if given:
            raise ValueError(f"MACE: TapDesk does not take {', '.join(given)}: its MACE is the "
                             "maximum-likelihood fit (no smoothing, no priors), started from the "
                             "per-rater t-a-p fit, the majority vote and random starts "
                             "(n_restarts, random_state)")
        if verbose:
            raise ValueError("MACE: TapDesk prints no progress (verbose=0); the app shows a "
                             "fit's progress")
        self.method = method
        super().__init__(n_iter, tol, random_state=random_state, n_restarts=n_restarts,
                         analysis=analysis, level=level, **others)
        self.spamming_: np.ndarray | None = None
        self.thetas_: np.ndarray | None = None

    def _model_settings(self) -> dict[str, Any]:
        if self.method != "map":
            return {}
        from tapdesk.engine.categorical.mace_em import PAPER_PRIOR
        from tapdesk.engine.request import Prior
        return {"priors": (Prior("a", PAPER_PRIOR.knows, PAPER_PRIOR.guesses),
                           Prior("p", PAPER_PRIOR.spread, PAPER_PRIOR.spread))}

    def _read_result(self, result: FitResult, names: _Names) -> None:
        import numpy as np
        super()._read_result(result, names)
        assert self.probas_ is not None
        order = [names.code(c) for c in self.probas_.columns]
        knows = np.array([r.get("a").value for r in result.raters])
        self.spamming_ = np.column_stack([1 - knows, knows])
        self.thetas_ = np.array([[next(e.value for e in r.estimates
                                       if e.name == "p" and e.category == code)
                                  for code in order] for r in result.raters])


class PerRaterTAP(_Aggregator):
    """The per-rater t-a-p model: each worker's accuracy and guess rate (two labels, or
    ``class1=`` / ``cut=`` to split more; ``tapdesk fit --model per-rater``).

    Attributes after ``fit``: ``labels_``, ``probas_``, ``priors_`` (each class's share),
    ``skills_`` (each worker's accuracy a: how often their label is no guess).
    """

    model = "per-rater"
    _arguments = ("n_iter", "tol", "class1", "cut", "random_state", "n_restarts", "analysis",
                  "level")

    def __init__(self, n_iter: int = 100, tol: float | None = None, *,
                 class1: Any = None, cut: Any = None, random_state: int | None = None,
                 n_restarts: int | None = None, analysis: bool = False, level: float = 0.95,
                 **others: Any) -> None:
        self.class1 = class1
        self.cut = cut
        super().__init__(n_iter, tol, random_state=random_state, n_restarts=n_restarts,
                         analysis=analysis, level=level, **others)
        self.priors_: pd.Series | None = None

    def _model_settings(self) -> dict[str, Any]:
        from tapdesk.data.scale import canonical_label
        class1 = self.class1
        if class1 is not None:
            class1 = tuple(canonical_label(c) for c in
                           (class1 if isinstance(class1, (list, tuple, set)) else [class1]))
        return {"class1": class1, "cut": None if self.cut is None else canonical_label(self.cut)}

    def _read_result(self, result: FitResult, names: _Names) -> None:
        import pandas as pd
        super()._read_result(result, names)
        assert self.probas_ is not None
        t = result.params[0].value
        shares = {names.class_value(c, result): s for c, s in
                  zip(result.class_labels, (1 - t, t))}
        columns = self.probas_.columns
        self.priors_ = pd.Series([shares[c] for c in columns], index=columns, name="prior")


_ENGINE_NAMES = {"n_iter": "max_iterations", "random_state": "seed", "n_restarts": "n_starts"}


# --------------------------------------------------------------------- the frame and its ids
def _crowd_frame(data: Any) -> pd.DataFrame:
    """``data``'s task, worker and label columns, or a DataError naming what is missing."""
    from tapdesk.errors import DataError
    columns = getattr(data, "columns", None)
    if columns is None:
        raise DataError(f"expected a pandas DataFrame of task, worker and label columns, not "
                        f"{type(data).__name__}")
    missing = [c for c in (TASK, WORKER, LABEL) if c not in columns]
    if missing:
        raise DataError(f"the frame has no column {', '.join(missing)}: crowd-kit's layout "
                        "is one row per label, with columns task, worker and label")
    return data[[TASK, WORKER, LABEL]]


class _Names:
    """The frame's own task ids, worker ids and labels by the text TapDesk holds them as
    (:func:`~tapdesk.data.scale.canonical_label`), with their dtypes."""

    def __init__(self, frame: pd.DataFrame) -> None:
        import pandas as pd

        from tapdesk.data.scale import canonical_label
        from tapdesk.frame_ids import own_values
        self.frame = frame
        self._values = {column: own_values(frame[column].dropna().unique())
                        for column in (TASK, WORKER, LABEL)}
        labels = frame[LABEL]
        if isinstance(labels.dtype, pd.CategoricalDtype):
            present = set(labels.dropna().unique())
            first = [c for c in labels.cat.categories if c in present]
        else:
            first = list(labels.dropna().unique())
        self._rank = {canonical_label(v): i for i, v in enumerate(first)}

    def label(self, code: str) -> Any:
        return self._values[LABEL].get(code, code)

    def code(self, value: Any) -> str:
        from tapdesk.data.scale import canonical_label
        return canonical_label(value)

    def class_value(self, code: str, result: FitResult) -> Any:
        """A column of the result's class probabilities as a label of the frame: a category's
        own value; a two-class model's Class 1 or Class 0 the label it stands for when it is one
        label, else its words ("Class 1")."""
        choice = result.class_choice
        if choice is not None:
            words = {"Class 1": choice.class1, "Class 0": choice.class0}
            if code in words:
                return self.label(words[code][0]) if len(words[code]) == 1 else code
        return self.label(code)

    def ordered(self, columns: list[Any]) -> list[Any]:
        """``columns`` in crowd-kit's order: as the labels first appear in the frame (a
        category column: in its categories' order)."""
        def rank(value: Any) -> int:
            return self._rank.get(self.code(value), len(self._rank))
        return sorted(columns, key=rank)

    def label_index(self, columns: list[Any]) -> pd.Index:
        import pandas as pd
        dtype = self.frame[LABEL].dtype
        if all(self.code(c) in self._values[LABEL] for c in columns):
            return pd.Index(columns, dtype=dtype, name=LABEL)
        return pd.Index(columns, name=LABEL)

    def task_index(self, ids: Any) -> pd.Index:
        return self._index(TASK, ids)

    def worker_index(self, ids: Any) -> pd.Index:
        return self._index(WORKER, ids)

    def _index(self, column: str, ids: Any) -> pd.Index:
        from tapdesk.frame_ids import index_of
        return index_of(list(ids), self._values[column], self.frame[column].dtype, column)


def _table(frame: pd.DataFrame) -> tuple[RatingsTable, _Names]:
    """The frame's labels as the engine's table, handed over as columns (no text in between),
    and the frame's own names."""
    from tapdesk.data.ratings import Provenance, RatingsTable
    from tapdesk.data.readers import FRAME
    provenance = Provenance(file_name=FRAME, layout="long",
                            mapping=((TASK, "subject"), (WORKER, "rater"), (LABEL, "rating")))
    table = RatingsTable.from_labels(frame[TASK].to_numpy(object), frame[WORKER].to_numpy(object),
                                     frame[LABEL].to_numpy(object), provenance=provenance)
    return table, _Names(frame)


def _known(true_labels: Any) -> tuple[tuple[str, str], ...]:
    """``true_labels`` (a Series of labels indexed by task) as the engine's known classes."""
    from tapdesk.data.scale import canonical_label
    if not hasattr(true_labels, "items"):
        raise TypeError(f"true_labels must be a pandas Series of labels indexed by task, not "
                        f"{type(true_labels).__name__}")
    return tuple((canonical_label(task), canonical_label(label))
                 for task, label in true_labels.dropna().items())


def _errors(result: FitResult, names: _Names, columns: pd.Index) -> pd.DataFrame:
    """crowd-kit's ``errors_``: a row per worker and label they gave, a column per true label,
    the probability of giving that label, from the fit's table of mistakes of each rater (its
    last tables, a rater each, in the raters' order; rows true, columns given)."""
    import numpy as np
    import pandas as pd
    raters = result.raters
    tables = result.tables[len(result.tables) - len(raters):]
    codes = list(result.class_labels)
    order = [codes.index(names.code(c)) for c in columns]
    given = _labels_given(names)
    rows, index = [], []
    for rater, table in zip(raters, tables):
        matrix = np.array([row[1:] for row in table.rows], float)      # true x given
        for g in order:
            if (rater.rater_id, codes[g]) not in given:
                continue
            rows.append(matrix[order, g])
            index.append((names.worker_index([rater.rater_id])[0], names.label(codes[g])))
    return pd.DataFrame(rows, columns=columns,
                        index=pd.MultiIndex.from_tuples(index, names=[WORKER, LABEL]))


def _labels_given(names: _Names) -> set[tuple[str, str]]:
    """The (worker, label) pairs the frame holds, by TapDesk's texts."""
    frame = names.frame
    return {(names.code(w), names.code(lab)) for w, lab in
            zip(frame[WORKER].tolist(), frame[LABEL].tolist())}


def _kept_trace(result: FitResult) -> tuple[float, ...]:
    """The log-likelihoods of the start the fit kept (the trace that ends highest)."""
    if not result.traces:
        return ()
    return max(result.traces, key=lambda trace: trace[-1] if trace else float("-inf"))
