"""What the Python API (:mod:`tapdesk.api`) returns: a command's outcome as a notebook user
expects it.

A :class:`Result` keeps the engine's frozen result (``result``; its fields and methods are
read through the Result: ``fitted.value("a")``, ``fitted.params``), and adds the text the
command prints (:meth:`Result.summary`), the JSON it prints with ``--json``
(:meth:`Result.to_dict`, made by the same code), its tables as pandas DataFrames
(``raters``, ``subjects``, ``comparisons``, ``coefficients``, ``estimates``) and rich display
in Jupyter (``_repr_html_``: the headline and the key tables).
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Ratings", "Result"]

HTML_ROWS = 20
"""Rows of a table shown in a notebook (the DataFrame holds them all)."""


@dataclass(frozen=True, repr=False)
class Result:
    """A command's result. ``command`` is the command's name, ``outcome`` what it computed
    (:class:`tapdesk.library.outcome.Outcome`)."""

    command: str
    outcome: Any

    @property
    def result(self) -> Any:
        """The engine's frozen result object (a FitResult, the coefficients ...)."""
        return self.outcome.result

    def __getattr__(self, name: str) -> Any:
        """The engine result's own fields and methods (``value``, ``params``, ``model`` ...)."""
        if name.startswith("__") or name == "outcome":
            raise AttributeError(name)
        try:
            return getattr(self.outcome.result, name)
        except AttributeError:
            raise AttributeError(f"a tapdesk {self.command} result has no '{name}'") from None

    def summary(self) -> str:
        """The plain text the command prints (the same the app and the report show), headed
        by what the import guessed and warned of, as the command line heads it."""
        return self.findings + str(self.outcome.text)

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

    # ------------------------------------------------------------------- tables as frames
    @property
    def raters(self) -> pd.DataFrame:
        """A row per rater: id, ratings and every per-rater estimate with its SE and interval
        (``se_a``, ``ci_a``); empty when the result has none."""
        return _records(self.outcome.payload.get("raters"))

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
        frame.index = pd.Index(list(table.ids), name="subject")
        return frame

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
                parts.append(f"<h5>{name.capitalize()}</h5>" + frame.to_html(max_rows=HTML_ROWS))
                shown = True
        tables = getattr(self.outcome.result, "tables", ())
        for table in tables if isinstance(tables, (tuple, list)) else ():   # a fit's tables
            if hasattr(table, "rows") and hasattr(table, "columns"):
                parts.append(_table_html(table.title, table.columns, table.rows))
                shown = True
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
                + (notes[["action", "message"]].to_html(max_rows=HTML_ROWS) if len(notes) else ""))


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
    frame = pd.DataFrame([list(r) for r in rows][:HTML_ROWS], columns=list(columns))
    return f"<h5>{html.escape(str(title))}</h5>" + str(frame.to_html(index=False))
