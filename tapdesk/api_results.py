"""What the Python API (:mod:`tapdesk.api`) returns: a command's outcome as a notebook user
expects it.

A :class:`Result` keeps the engine's frozen result (``result``; its fields and methods are
read through the Result: ``fitted.value("a")``, ``fitted.model``), and adds the text the
command prints (:meth:`Result.summary`), the JSON it prints with ``--json``
(:meth:`Result.to_dict`, made by the same code), its tables as pandas DataFrames
(``raters``, ``subjects``, ``comparisons``, ``coefficients``, ``estimates``) and rich display
in Jupyter (``_repr_html_``: the headline and the key tables, a large table's first rows).

A fit's numbers are also read as statsmodels' results give them: ``params``, ``bse``,
``conf_int()``, ``pvalues``, ``llf``, ``aic``, ``bic``, ``nobs``, ``df_model``; each is read
from what the engine computed (the numbers ``--json`` prints), never computed again. A
model's warnings are issued once, when the result is made, as :class:`TapDeskWarning`.
"""

from __future__ import annotations

import html
import json
import math
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from types import FrameType

    import pandas as pd

__all__ = ["Ratings", "Result", "Summary", "TapDeskWarning"]

HTML_ROWS = 20
"""Rows of a table shown in a notebook (the DataFrame holds them all)."""
HTML_TABLES = 5
"""A fit's own tables shown in a notebook (a crowd fit has one per worker); the rest counted."""
WARNINGS_SHOWN = 5
"""A model's warnings of one kind issued one by one; the rest of that kind counted in the last."""
FIT_NUMBERS = frozenset({"params", "bse", "conf_int", "pvalues", "llf", "aic", "bic", "nobs",
                         "df_model"})
"""The statsmodels-shaped numbers only a fit of one model has."""


class TapDeskWarning(UserWarning):
    """A model's warning (a rater flagged, an estimate on its boundary, a fit that did not
    settle), issued once when a result is made, beside the result's own list
    (``to_dict()["warnings"]``): ``warnings.simplefilter("ignore", tapdesk.TapDeskWarning)``
    silences them."""


class Summary(str):
    """What :meth:`Result.summary` returns: the text the command prints (it is that string, so
    ``str(summary)``, comparisons and string methods read it as before), with statsmodels'
    ``as_text()`` and ``as_html()``; a notebook shows its HTML."""

    __slots__ = ()

    def as_text(self) -> str:
        """The plain text the command prints."""
        return str.__str__(self)

    def as_html(self) -> str:
        """The same text as HTML (preformatted: its columns stay aligned)."""
        return f'<pre class="tapdesk-summary">{html.escape(self.as_text())}</pre>'

    def __str__(self) -> str:
        return self.as_text()

    def __repr__(self) -> str:
        return self.as_text()

    def _repr_html_(self) -> str:
        return self.as_html()


@dataclass(frozen=True, repr=False)
class Result:
    """A command's result. ``command`` is the command's name, ``outcome`` what it computed
    (:class:`tapdesk.library.outcome.Outcome`)."""

    command: str
    outcome: Any
    frame: Any = field(default=None, compare=False)
    """The DataFrame the data came from (None for a file): its own ids and their dtypes index
    ``subjects`` and ``raters``."""

    def __post_init__(self) -> None:
        """The model's warnings, issued once as :class:`TapDeskWarning` (a result made is told
        once; reading it again tells nothing)."""
        for message in _warning_messages(self.outcome.payload):
            warnings.warn(message, TapDeskWarning, stacklevel=_caller_level())

    @property
    def result(self) -> Any:
        """The engine's frozen result object (a FitResult, the coefficients ...)."""
        return self.outcome.result

    def __getattr__(self, name: str) -> Any:
        """The engine result's own fields and methods (``value``, ``params``, ``model`` ...)."""
        if name.startswith("__") or name == "outcome":
            raise AttributeError(name)
        if name in FIT_NUMBERS:
            raise AttributeError(_not_a_fit(self.command, name))
        try:
            return getattr(self.outcome.result, name)
        except AttributeError:
            raise AttributeError(f"a tapdesk {self.command} result has no '{name}'") from None

    def summary(self) -> Summary:
        """The plain text the command prints (the same the app and the report show), headed
        by what the import guessed and warned of, as the command line heads it: a
        :class:`Summary`, that text with ``as_text()`` and ``as_html()``."""
        return Summary(self.findings + str(self.outcome.text))

    @property
    def findings(self) -> str:
        """What the import of the data guessed and warned of ("" when nothing): the same
        lines the import preview shows at its top and the report on its first page."""
        from tapdesk.library.outcome import import_findings
        return import_findings(getattr(self.outcome, "dataset", None))

    def to_dict(self) -> dict[str, Any]:
        """What the command prints with ``--json``, as Python values (made by the same code)."""
        from tapdesk.library.json_text import json_pieces
        value: dict[str, Any] = json.loads("".join(json_pieces(self.outcome.payload)))
        return value

    # ------------------------------------------------------ statsmodels-shaped numbers
    def _fitted(self, name: str = "params") -> Any:
        """The engine's FitResult (AttributeError for a result that is not one fit)."""
        from tapdesk.engine.results import FitResult
        if not isinstance(self.outcome.result, FitResult):
            raise AttributeError(_not_a_fit(self.command, name))
        return self.outcome.result

    def _numbers(self) -> Iterator[_Number]:
        """Every estimate of the fit with what it was given: the model's (``t``, ``a``,
        ``p``, ``t[gold]`` of a category), then each rater's (``a[J1]``, ``correct[J1,
        gold]``), then an explanatory fit's effects of rater attributes on accuracy, as
        statsmodels names a formula's terms (``a:trained[T.yes]``, ``a:years``): the change
        in the logit of accuracy per unit (or of the level against the reference), with its
        profile interval and its own likelihood-ratio p value."""
        fitted = self._fitted()
        tested = {(c.name, c.rater_id): c.p_value for c in fitted.comparisons
                  if c.p_value is not None}
        for rater_id, ests in [(None, fitted.params)] + [(r.rater_id, r.estimates)
                                                         for r in fitted.raters]:
            for est in ests:
                yield _Number(_estimate_name(est.name, rater_id, est.category),
                              est.value if est.identified else math.nan, est.se, est.ci,
                              tested.get((est.name, rater_id)) if est.category is None else None)
        for effect in getattr(fitted, "effects", ()):
            yield _effect_number(effect)

    def _series(self, values: list[float], name: str) -> pd.Series:
        import pandas as pd
        names = [number.name for number in self._numbers()]
        return pd.Series(values, index=pd.Index(names, name="parameter"), name=name, dtype=float)

    @property
    def params(self) -> pd.Series:
        """Every estimate of the fit by name, as the summary prints it: the model's (``t``,
        ``a``, ``p``; ``t[gold]`` for a category's), then each rater's (``a[J1]``;
        ``correct[J1, gold]`` for a category's), then an explanatory fit's effects on the
        logit of accuracy (``a:trained[T.yes]``; their shares of accuracy are in
        ``to_dict()["effects"]``); NaN where the data cannot pin one down. (The engine's own
        estimates, records with their meaning, are ``result.params``.)"""
        return self._series([number.value for number in self._numbers()], "params")

    @property
    def bse(self) -> pd.Series:
        """Each estimate's standard error, as ``params`` (NaN where the model gives none: an
        estimate on its boundary, a profile-only interval, a fit asked for estimates only)."""
        return self._series([math.nan if number.se is None else number.se
                             for number in self._numbers()], "bse")

    @property
    def pvalues(self) -> pd.Series:
        """As ``params``: the p value of each rater's comparison with the rest of the panel
        (per-rater fits: is ``a[J1]`` the panel's?) and of each attribute's effect (its own
        likelihood-ratio test of no effect); NaN where the fit tests nothing."""
        return self._series([math.nan if number.p is None else number.p
                             for number in self._numbers()], "pvalues")

    def conf_int(self, alpha: float = 0.05) -> pd.DataFrame:
        """Each estimate's interval at level 1 - ``alpha`` (columns ``lower``, ``upper``; index
        as ``params``): the interval the summary prints, by the method it names (profile
        likelihood, Wald on the logit scale, bootstrap or credible). A fit's intervals are
        computed at its ``level`` only: another ``alpha`` is a ValueError (fit again with
        ``level=``); NaN where the fit gives no interval."""
        import pandas as pd
        level = self._fitted("conf_int").level
        if not math.isclose(1 - alpha, level, abs_tol=1e-9):
            raise ValueError(f"this fit's intervals were computed at {level * 100:g}% only "
                             f"(alpha={round(1 - level, 12):g}); for {(1 - alpha) * 100:g}% "
                             f"intervals fit again with level={1 - alpha:g}")
        rows = [number.ci or (math.nan, math.nan) for number in self._numbers()]
        return pd.DataFrame(rows, columns=["lower", "upper"], dtype=float,
                            index=self.params.index)

    @property
    def llf(self) -> float:
        """The log-likelihood in nats (``--json``'s ``log_likelihood``: of the ratings as
        given); NaN for a fit without one."""
        ll = self._fitted().log_likelihood
        return math.nan if ll is None else float(ll.nats)

    @property
    def aic(self) -> float:
        """Akaike's criterion 2k - 2 ``llf`` (k: ``df_model``), as the Compare tab shows it."""
        from tapdesk.engine.story.model_choice import aic
        value = aic(self._fitted())
        return math.nan if value is None else float(value)

    @property
    def bic(self) -> float:
        """Schwarz's criterion k log(``nobs``) - 2 ``llf`` (k: ``df_model``)."""
        from tapdesk.engine.story.model_choice import bic
        value = bic(self._fitted())
        return math.nan if value is None else float(value)

    @property
    def nobs(self) -> int:
        """The number of subjects analysed (the likelihood's independent units; the number of
        ratings is ``n_ratings``)."""
        return int(self._fitted().n_subjects)

    @property
    def df_model(self) -> int:
        """The number of free parameters the model estimates (the summary's "Free parameters")."""
        return int(self._fitted().n_parameters)

    # ------------------------------------------------------------------- tables as frames
    @property
    def raters(self) -> pd.DataFrame:
        """A row per rater, indexed by the rater's id (``rater``): id, ratings and every
        per-rater estimate with its SE and interval (``se_a``, ``ci_a``); empty when the result
        has none."""
        frame = _records(self.outcome.payload.get("raters"))
        if "id" in frame.columns:
            frame.index = self._own_ids(list(frame["id"]), "rater")
        return frame

    @property
    def subjects(self) -> pd.DataFrame:
        """A row per subject: id, ratings, group, and the probability of each class (a column
        per class, named as the fit names it); empty when the fit gives none."""
        import pandas as pd
        table = getattr(self.outcome.result, "subjects", None)
        if not table or not hasattr(table, "probabilities"):
            return pd.DataFrame()
        labels = [str(c) for c in getattr(self.outcome.result, "class_labels", ())]
        if len(labels) != table.n_classes:
            labels = [f"class {k}" for k in range(table.n_classes)]
        frame = pd.DataFrame(table.probabilities, columns=labels)
        frame.insert(0, "n_ratings", table.n_ratings)
        if table.groups:
            frame.insert(1, "group", list(table.groups))
        frame.index = self._own_ids(list(table.ids), "subject")
        return frame

    def _own_ids(self, ids: list[str], role: str) -> pd.Index:
        """``ids`` ("subject" or "rater") as the data's frame held them (values and dtype),
        as text when the data came from a file (:func:`tapdesk.frame_ids.own_index`)."""
        from tapdesk.frame_ids import index_of, own_index
        dataset = getattr(self.outcome, "dataset", None)
        if self.frame is None or dataset is None:
            return index_of(ids, {}, object, role)
        return own_index(ids, self.frame, dataset.table.provenance.mapping, role)

    @property
    def comparisons(self) -> pd.DataFrame:
        """A row per comparison of a rater with the rest of the panel (per-rater fits)."""
        return _records(self.outcome.payload.get("rater_comparisons"))

    @property
    def estimates(self) -> pd.DataFrame:
        """A row per estimate of the model: value, SE and interval (index: the estimate)."""
        import pandas as pd
        rows = []
        for est in getattr(self.outcome.result, "params", ()) or ():
            ci = est.ci or (None, None)
            rows.append({"estimate": est.name + (f"[{est.category}]" if est.category else ""),
                         "value": est.value, "se": est.se, "low": ci[0], "high": ci[1],
                         "meaning": est.meaning})
        return pd.DataFrame(rows).set_index("estimate") if rows else pd.DataFrame()

    @property
    def coefficients(self) -> pd.DataFrame:
        """The classical coefficients (``agreement``): a row each, as ``--json`` lists them."""
        return _records(self.outcome.payload.get("coefficients"))

    # ----------------------------------------------------------------------------- display
    def __repr__(self) -> str:
        title = self.outcome.payload.get("title") or self.command
        return f"<tapdesk {self.command}: {title}>"

    def _repr_html_(self) -> str:
        """The headline and the key tables, for Jupyter."""
        payload = self.outcome.payload
        parts = [f"<h4>{html.escape(str(payload.get('title') or 'tapdesk ' + self.command))}</h4>"]
        if self.findings:
            parts.append(f"<pre>{html.escape(self.findings.strip())}</pre>")
        parts += [f"<p>{html.escape(str(line))}</p>" for line in payload.get("headline") or ()]
        shown = False
        for name in ("estimates", "coefficients", "raters", "comparisons"):
            frame = getattr(self, name)
            if len(frame):
                parts.append(f"<h5>{name.capitalize()}</h5>" + _frame_html(frame))
                shown = True
        tables = getattr(self.outcome.result, "tables", ())
        tables = [t for t in (tables if isinstance(tables, (tuple, list)) else ())   # a fit's
                  if hasattr(t, "rows") and hasattr(t, "columns")]
        parts += [_table_html(t.title, t.columns, t.rows) for t in tables[:HTML_TABLES]]
        if len(tables) > HTML_TABLES:
            parts.append(f"<p>{len(tables) - HTML_TABLES} more tables (<code>result.tables</code>)"
                         "</p>")
        shown = shown or bool(tables)
        if not shown:
            parts.append(f"<pre>{html.escape(self.summary())}</pre>")
        return "\n".join(parts)


@dataclass(frozen=True, repr=False)
class Ratings(Result):
    """Ratings read by :func:`tapdesk.read`: the Dataset (``dataset``), its table (``table``)
    and the importer's notes (``notes``); ``to_dict()`` is ``tapdesk inspect --json``."""

    @property
    def dataset(self) -> Any:
        """The importer's :class:`~tapdesk.data.importer.Dataset`."""
        return self.outcome.dataset

    @property
    def table(self) -> Any:
        """The :class:`~tapdesk.data.ratings.RatingsTable` analysed (the chosen item's)."""
        return self.outcome.dataset.table

    @property
    def notes(self) -> pd.DataFrame:
        """What the importer did and why: a row per note (rule, action, message, rows,
        columns)."""
        import pandas as pd
        rows = [{"rule": n.rule, "action": n.action, "message": n.message,
                 "rows": list(n.rows), "columns": list(n.columns)}
                for n in self.outcome.dataset.import_notes]
        return pd.DataFrame(rows, columns=["rule", "action", "message", "rows", "columns"])

    @property
    def ratings(self) -> pd.DataFrame:
        """The cleaned ratings, a row per rating (subject, rater, [item,] rating), as
        ``tapdesk inspect --export`` writes them."""
        from tapdesk.data.importer.export import long_frame
        return long_frame(self.outcome.dataset)

    @property
    def findings(self) -> str:
        """Every note the import made is in :meth:`summary` and :attr:`notes` already."""
        return ""

    def __repr__(self) -> str:
        table = self.table
        return (f"<tapdesk ratings: {table.n_subjects} subjects, {table.n_raters} raters, "
                f"{table.n_ratings} ratings>")

    def _repr_html_(self) -> str:
        notes = self.notes
        return (f"<h4>{html.escape(repr(self).strip('<>'))}</h4>"
                f"<pre>{html.escape(self.summary())}</pre>"
                + (_frame_html(notes[["action", "message"]]) if len(notes) else ""))


def _records(rows: Any) -> pd.DataFrame:
    """A list of JSON records as a DataFrame, nested keys joined by "_" (``se_a``); empty
    when there are none (or the list holds no records: a plan's numbers of raters)."""
    import pandas as pd
    if not rows or not all(isinstance(row, dict) for row in rows):
        return pd.DataFrame()
    return pd.json_normalize(json.loads(json.dumps(list(rows), default=list)), sep="_")


def _table_html(title: str, columns: Any, rows: Any) -> str:
    """A result's table (title, columns, rows) as HTML, the first :data:`HTML_ROWS` rows."""
    import pandas as pd
    frame = pd.DataFrame([list(r) for r in rows[:HTML_ROWS]], columns=list(columns))
    return (f"<h5>{html.escape(str(title))}</h5>" + str(frame.to_html(index=False))
            + _more_rows(len(rows)))


def _frame_html(frame: pd.DataFrame) -> str:
    """A DataFrame as HTML, its first :data:`HTML_ROWS` rows and how many more it holds."""
    return str(frame.head(HTML_ROWS).to_html()) + _more_rows(len(frame))


def _more_rows(n_rows: int) -> str:
    return f"<p>{n_rows - HTML_ROWS} more rows</p>" if n_rows > HTML_ROWS else ""


def _not_a_fit(command: str, name: str) -> str:
    return (f"a tapdesk {command} result has no '{name}': only a fit of one model has "
            "(tapdesk.fit, posterior, explain ...)")


@dataclass(frozen=True)
class _Number:
    """One estimate as the statsmodels-shaped numbers read it."""

    name: str
    value: float
    se: float | None
    ci: tuple[float, float] | None
    p: float | None


def _effect_number(effect: Any) -> _Number:
    """An attribute's effect on accuracy as a formula's term: ``a:trained[T.yes]`` (a level
    against the reference) or ``a:years`` (per unit of a number), on the logit scale."""
    name = f"a:{effect.attribute}" + (f"[T.{effect.level}]" if effect.level else "")
    per = effect.per or 1.0
    ci = effect.coefficient_interval
    return _Number(name, effect.coefficient / per, None,
                   None if ci is None else (ci[0] / per, ci[1] / per), effect.p_value)


def _estimate_name(name: str, rater: str | None, category: str | None) -> str:
    """An estimate's name in ``params``: "t", "t[gold]", "a[J1]", "correct[J1, gold]"."""
    inside = ", ".join(str(part) for part in (rater, category) if part is not None)
    return f"{name}[{inside}]" if inside else name


def _warning_messages(payload: dict[str, Any]) -> list[str]:
    """The model's warnings (``--json``'s ``warnings``, each item's with ``item="all"``) to
    issue: of each kind the first :data:`WARNINGS_SHOWN`, the last of them saying how many
    more of that kind the result lists."""
    items = payload.get("items")                  # a fit of every item: each item's JSON
    said = [(code, message) for part in [payload, *(items.values() if isinstance(items, dict) else ())]
            if isinstance(part, dict)
            for code, message in zip(part.get("warning_codes") or (), part.get("warnings") or ())]
    kinds: dict[str, list[str]] = {}
    for code, message in said:
        kinds.setdefault(code, []).append(str(message))
    out = []
    for messages in kinds.values():
        shown, rest = messages[:WARNINGS_SHOWN], len(messages) - WARNINGS_SHOWN
        if rest > 0:
            shown[-1] += f" (and {rest} more warnings like it: to_dict()['warnings'] lists them all)"
        out += shown
    return out


def _caller_level() -> int:
    """The ``stacklevel`` of the first caller outside TapDesk (a warning names the user's line)."""
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and str(frame.f_globals.get("__name__", "")).startswith("tapdesk"):
        frame, level = frame.f_back, level + 1
    return level
