"""How a project is written: dataclasses, arrays and floats to JSON and back; atomic writes.

:func:`encode` turns TapDesk's frozen records (results, tables, requests),
numpy arrays (raw little-endian bytes, exact) and non-finite floats into
plain JSON values; :func:`decode` rebuilds them. Only classes from TapDesk's
own engine and data packages can be rebuilt, so opening a project never runs
code from the file. :func:`write_atomic` writes a temporary file beside the
target, flushes it to disk and renames it over the target, so a crash at any
moment leaves either the old file or the new one, never half of one.
"""

from __future__ import annotations

import base64
import dataclasses
import importlib
import os
import tempfile
from pathlib import Path
from typing import Any

from tapdesk.data.wording import Sentences, Worded, Wording
from tapdesk.data.wording_upgrade import current_wording
from tapdesk.errors import DataError
from tapdesk.i18n.deferred import Text, made, said
from tapdesk.i18n.formats import quoted

WRITERS = frozenset({
    "tapdesk.counting:number", "tapdesk.data.binary:joined_names",
    "tapdesk.engine.bayes.methods:posterior_share",
    "tapdesk.engine.categorical.common:shares_text",
    "tapdesk.engine.categorical.dawid_skene:whole_percent",
    "tapdesk.engine.explain.words:chance_words", "tapdesk.engine.explain.words:joined_columns",
    "tapdesk.engine.explain.words:number_words", "tapdesk.engine.explain.words:points_span",
    "tapdesk.engine.rater_words:and_more", "tapdesk.engine.rater_words:chance_percent",
    "tapdesk.engine.rater_words:listed", "tapdesk.engine.rater_words:signed",
    "tapdesk.engine.results:ci_text", "tapdesk.engine.results:fmt",
    "tapdesk.engine.words:_not_about", "tapdesk.engine.words:level_percent",
    "tapdesk.engine.words:level_text", "tapdesk.engine.words:number_text",
    "tapdesk.engine.words:percent",
    "tapdesk.engine.words:percent_with_interval", "tapdesk.engine.words:quoted_names",
    "tapdesk.i18n.deferred:_capital", "tapdesk.i18n.deferred:_join",
    "tapdesk.i18n.formats:decimal", "tapdesk.i18n.formats:integer",
    "tapdesk.i18n.formats:joined", "tapdesk.i18n.formats:percent",
    "tapdesk.i18n.formats:quoted", "tapdesk.i18n.formats:quoted_list",
    "tapdesk.report.labels:members_in_words"})
"""The functions a saved text's recipe may name (:func:`tapdesk.i18n.deferred.made`: each
writes a number or a list): a text naming any other is read as its English, so opening a
project never calls a function the file chose."""

SAFE_PREFIXES = ("tapdesk.engine.", "tapdesk.data.", "tapdesk.i18n.text.")
"""Where the records a project may name live (``tapdesk.i18n.text``: a note kept as its template
and arguments, issue 54)."""

MOVED_MODULES = {
    "tapdesk.engine.rater_check": "tapdesk.engine.raters.check",
    "tapdesk.engine.rater_check_batch": "tapdesk.engine.raters.check_batch",
    "tapdesk.engine.rater_check_calibration": "tapdesk.engine.raters.check_calibration",
    "tapdesk.engine.rater_check_result": "tapdesk.engine.raters.check_result",
    "tapdesk.engine.rater_check_simulate": "tapdesk.engine.raters.check_simulate",
    "tapdesk.engine.findings": "tapdesk.engine.story.findings",
    "tapdesk.engine.paragraph": "tapdesk.engine.story.paragraph",
    "tapdesk.engine.feedback": "tapdesk.engine.story.feedback",
    "tapdesk.engine.thinning": "tapdesk.engine.bayes.thinning",
}
"""Where a module that projects may name has moved (issue 38): old name -> new name. A project
names each record by module and class, so a file saved before a move still opens after it."""


# ------------------------------------------------------------ encode/decode
def encode(value: Any) -> Any:
    """JSON-ready form of dataclasses, tuples, numpy arrays and floats (NaN/inf kept)."""
    import numpy as np  # here: the first window names the project file without numpy
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        out = {"__type__": f"{cls.__module__}.{cls.__qualname__}"}
        for f in dataclasses.fields(value):
            out[f.name] = encode(getattr(value, f.name))
        return out
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "biuf":      # numbers: raw little-endian bytes, fast and exact
            data = np.ascontiguousarray(value, dtype=value.dtype.newbyteorder("<"))
            return {"__ndarray_b64__": base64.b64encode(data.tobytes()).decode("ascii"),
                    "dtype": data.dtype.str, "shape": list(value.shape)}
        return {"__ndarray__": encode(value.tolist()), "dtype": str(value.dtype),
                "shape": list(value.shape)}
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        v = float(value)
        return v if np.isfinite(v) else {"__float__": repr(v)}
    if isinstance(value, Text):          # a sentence kept as its recipe (issue 54): its English too
        return {"__text__": str.__str__(value), "recipe": encode(value.recipe)}
    if isinstance(value, Worded):        # a layout's reason: its wording
        return {"__worded__": encode(value.wording)}
    if isinstance(value, Sentences):     # an import's notes: kept as their wordings (issue 54)
        return {"__sentences__": [encode(v) for v in value.data()]}
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    if isinstance(value, Path):
        return str(value)
    if isinstance(value, np.generic):
        return encode(value.item())
    return value


def _safe_class(path: str):
    if not path.startswith(SAFE_PREFIXES):
        # Translators: {path} is a Python name the project file gives ("tapdesk.engine.x.Y").
        raise DataError(said("the project names an unknown object type {path}",
                             path=made(quoted, path)))
    module, _, name = path.rpartition(".")
    module = MOVED_MODULES.get(module, module)
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        # Translators: {path} is a Python name the project file gives, quoted.
        raise DataError(said("the project needs {path}, which this TapDesk version does not "
                             "have; open it with a newer version", path=made(quoted, path))) from None
    if not dataclasses.is_dataclass(cls):
        # Translators: {path} is a Python name the project file gives, quoted.
        raise DataError(said("the project names {path}, which is not a data record",
                             path=made(quoted, path)))
    return cls


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "__sentences__" in value:
        return Sentences(tuple(decode(v) for v in value["__sentences__"]))
    if "__text__" in value:
        return _text(str(value["__text__"]), decode(value.get("recipe")))
    if "__worded__" in value:
        return Worded(decode(value["__worded__"]))
    if "__type__" in value:
        cls = _safe_class(value["__type__"])
        names = {f.name for f in dataclasses.fields(cls)}
        renamed = getattr(cls, "RENAMED_FIELDS", {})        # a field saved under its old name
        kwargs = {renamed.get(k, k): decode(v) for k, v in value.items()
                  if renamed.get(k, k) in names}
        obj = cls.__new__(cls)
        for k, v in kwargs.items():          # bypass __post_init__ side effects (e.g. new request ids)
            object.__setattr__(obj, k, v)
        for f in dataclasses.fields(cls):
            if f.name not in kwargs:
                default = f.default if f.default is not dataclasses.MISSING else (
                    f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
                object.__setattr__(obj, f.name, default)
        if isinstance(obj, Wording):      # a note saved before its template lost its quotes
            return current_wording(obj)
        return obj
    if "__ndarray_b64__" in value or "__ndarray__" in value:
        return _array(value)
    if "__float__" in value:
        return float(value["__float__"])
    if "__tuple__" in value:
        return tuple(decode(v) for v in value["__tuple__"])
    if "__dict__" in value:
        return {decode(k): decode(v) for k, v in value["__dict__"]}
    return {k: decode(v) for k, v in value.items()}


def _text(english: str, recipe: Any) -> str:
    """A saved sentence made again when shown, if its recipe is one TapDesk makes (else its
    English, as a project saved before issue 54 holds it)."""
    return Text(english, recipe) if _recipe_ok(recipe) else english


def _recipe_ok(recipe: Any) -> bool:
    if not isinstance(recipe, tuple) or not recipe:
        return False
    if recipe[0] == "call" and len(recipe) == 3:
        return recipe[1] in WRITERS and _parts_ok(recipe[2])
    if recipe[0] == "message" and len(recipe) == 6:
        _, context, singular, plural, n, args = recipe
        return (all(isinstance(t, str | None) for t in (context, plural)) and isinstance(singular, str)
                and isinstance(n, int | None) and isinstance(args, tuple)
                and all(isinstance(a, tuple) and len(a) == 2 and isinstance(a[0], str) for a in args)
                and _parts_ok(tuple(a[1] for a in args)))
    return False


def _parts_ok(values: Any) -> bool:
    """Arguments of a recipe: texts (their own recipes checked when made), numbers, tuples."""
    if not isinstance(values, tuple):
        return False
    return all(_parts_ok(v) if isinstance(v, tuple) else
               isinstance(v, str | int | float | bool | None) for v in values)


def _array(value: dict) -> Any:
    """The numpy array an encoded array stands for (raw little-endian bytes or a list)."""
    import numpy as np  # here: the first window names the project file without numpy
    if "__ndarray_b64__" in value:
        raw = base64.b64decode(value["__ndarray_b64__"])
        return np.frombuffer(raw, dtype=np.dtype(value["dtype"])).reshape(value["shape"]).copy()
    return np.asarray(decode(value["__ndarray__"]), dtype=value["dtype"]).reshape(value["shape"])


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to a temporary file beside ``path``, flush it to disk, then rename."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
