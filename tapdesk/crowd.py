"""Crowd-kit's shape for TapDesk's latent-class models: switch by changing one import.

crowd-kit (``from crowdkit.aggregation import DawidSkene``) aggregates a DataFrame of
``task``, ``worker`` and ``label`` columns: ``fit_predict(df)`` gives a Series of labels
indexed by task, ``fit_predict_proba(df)`` a DataFrame of each task's probability of each
label. The classes here take the same frame and give the same shapes, from the same fit
``tapdesk fit --model dawid-skene`` (or ``mace``, ``per-rater``) runs: the labels are the
most likely class of each task, as ``tapdesk fit --subjects-out`` writes it. Labels and
task ids come back as the frame held them (numbers stay numbers).

Examples
--------
>>> import pandas as pd
>>> from tapdesk.crowd import DawidSkene
>>> df = pd.DataFrame({"task": ["t1", "t1", "t1", "t2", "t2", "t2"],
...                    "worker": ["w1", "w2", "w3", "w1", "w2", "w3"],
...                    "label": [1, 1, 0, 0, 0, 1]})
>>> DawidSkene(n_iter=100).fit_predict(df).to_dict()
{'t1': 1, 't2': 0}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["MACE", "DawidSkene", "PerRaterTAP"]

TASK, WORKER, LABEL = "task", "worker", "label"
"""crowd-kit's column names."""


class _Aggregator:
    """A latent-class fit with crowd-kit's methods. ``n_iter`` and ``tol`` are taken so
    crowd-kit code runs unchanged; TapDesk's fit runs until it converges (its own limit,
    said in the result's warnings when reached). Other keywords go to :func:`tapdesk.fit`
    (``seed``, ``class1`` ...)."""

    model: ClassVar[str]

    def __init__(self, n_iter: int = 100, tol: float = 1e-5, **options: Any) -> None:
        self.n_iter = n_iter
        self.tol = tol
        self.options = options
        self.result_: Any = None
        self.probas_: pd.DataFrame | None = None
        self.labels_: pd.Series | None = None

    def fit(self, data: pd.DataFrame) -> _Aggregator:
        """Fit the model to ``data`` (columns task, worker, label); the labels in
        ``labels_``, the probabilities in ``probas_``, TapDesk's result in ``result_``."""
        from tapdesk.api import fit
        missing = [c for c in (TASK, WORKER, LABEL) if c not in data.columns]
        if missing:
            from tapdesk.errors import DataError
            raise DataError(f"the frame has no column {', '.join(missing)}: crowd-kit's layout "
                            "is one row per label, with columns task, worker and label")
        frame = data[[TASK, WORKER, LABEL]]
        self.result_ = fit(frame, model=self.model, layout="long", subject_col=TASK,
                           rater_col=WORKER, rating_col=LABEL, **self.options)
        self.probas_ = self._probabilities(frame)
        labels = self.probas_.idxmax(axis=1)
        labels.name = "agg_label"
        self.labels_ = labels
        return self

    def fit_predict(self, data: pd.DataFrame) -> pd.Series:
        """Each task's most likely label: a Series indexed by task, named ``agg_label``."""
        self.fit(data)
        assert self.labels_ is not None
        return self.labels_

    def fit_predict_proba(self, data: pd.DataFrame) -> pd.DataFrame:
        """Each task's probability of each label: a DataFrame, a row per task, a column per
        label."""
        self.fit(data)
        assert self.probas_ is not None
        return self.probas_

    def _probabilities(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The fit's subject probabilities with the frame's own task ids and labels."""
        subjects = self.result_.result.subjects
        tasks = _originals(frame[TASK])
        labels = _originals(frame[LABEL])
        names = [labels.get(name, name) for name in self._class_codes()]
        import pandas as pd
        out = pd.DataFrame(subjects.probabilities, columns=names,
                           index=pd.Index([tasks.get(t, t) for t in subjects.ids], name=TASK))
        out.columns.name = LABEL
        return out

    def _class_codes(self) -> list[str]:
        """The category each column of the subject probabilities stands for."""
        result = self.result_.result
        classes = [str(c) for c in result.class_labels]
        choice = result.class_choice
        if choice is None:
            return classes
        words = {"Class 1": choice.class1, "Class 0": choice.class0}
        return [words[c][0] if len(words.get(c, ())) == 1 else c for c in classes]


def _originals(column: pd.Series) -> dict[str, Any]:
    """Each value of ``column`` by the text the importer reads it as (the frame goes to the
    importer as CSV text: :func:`tapdesk.data.readers.frame_text`)."""
    import io

    import pandas as pd

    from tapdesk.data.readers import frame_text
    values = column.drop_duplicates()
    texts = pd.read_csv(io.StringIO(frame_text(values.to_frame())), dtype=str,
                        keep_default_na=False).iloc[:, 0].str.strip()
    return dict(zip(texts, values.tolist()))


class DawidSkene(_Aggregator):
    """Dawid and Skene's model: a confusion matrix per worker (``tapdesk fit --model
    dawid-skene``)."""

    model = "dawid-skene"


class MACE(_Aggregator):
    """MACE: each worker is either right or spamming with their own leanings (``tapdesk fit
    --model mace``)."""

    model = "mace"


class PerRaterTAP(_Aggregator):
    """The per-rater t-a-p model: each worker's accuracy and guess rate (two labels, or
    ``class1=`` / ``cut=`` to split more; ``tapdesk fit --model per-rater``)."""

    model = "per-rater"
