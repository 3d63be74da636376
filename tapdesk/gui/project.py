"""Save and open a whole analysis as a versioned ``.tapdesk`` file; autosave and recovery.

A project is UTF-8 JSON::

    {"format": "tapdesk-project", "version": 2, "app_version": ..., "saved_at": ...,
     "source": {"kind": "file" | "pasted" | "generated", "path", "sha256", "options"},
     "data": {...embedded ratings...},
     "view": {"item", "scale", "labels", "ordinal", "class1", "cut"},
     "settings": {...the model pane's request...}, "results": [...], "current": index}

The ratings are always embedded (codes and labels), so a project opens even
when the original file moved; the file's hash is kept to show provenance.
Results are stored field by field (:func:`encode`) and rebuilt into the same
frozen objects, so reopening shows the same numbers. Only classes from
TapDesk's own engine and data packages can be rebuilt: opening a project
never runs code from the file. Writes are atomic (temporary file, then
rename).

Version 2 added ``view.labels`` (each category's value label, parallel to
``view.scale``); version-1 projects open with the labels their data carry.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime as _dt
import importlib
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

import numpy as np
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QMessageBox

from tapdesk import __version__
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import Dataset, ImportOptions
from tapdesk.data.scale import Scale
from tapdesk.errors import DataError

FORMAT = "tapdesk-project"
VERSION = 2
SAFE_PREFIXES = ("tapdesk.engine.", "tapdesk.data.")


# ------------------------------------------------------------ encode/decode
def encode(value: Any) -> Any:
    """JSON-ready form of dataclasses, tuples, numpy arrays and floats (NaN/inf kept)."""
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
    if isinstance(value, (np.integer,)):
        return int(value)
    if isinstance(value, (float, np.floating)):
        v = float(value)
        return v if np.isfinite(v) else {"__float__": repr(v)}
    if isinstance(value, tuple):
        return {"__tuple__": [encode(v) for v in value]}
    if isinstance(value, list):
        return [encode(v) for v in value]
    if isinstance(value, dict):
        return {"__dict__": [[encode(k), encode(v)] for k, v in value.items()]}
    return value


def _safe_class(path: str):
    if not path.startswith(SAFE_PREFIXES):
        raise DataError(f"the project names an unknown object type '{path}'")
    module, _, name = path.rpartition(".")
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise DataError(f"the project needs '{path}', which this TapDesk version does not have; "
                        "open it with a newer version") from None
    if not dataclasses.is_dataclass(cls):
        raise DataError(f"the project names '{path}', which is not a data record")
    return cls


def decode(value: Any) -> Any:
    if isinstance(value, list):
        return [decode(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "__type__" in value:
        cls = _safe_class(value["__type__"])
        names = {f.name for f in dataclasses.fields(cls)}
        kwargs = {k: decode(v) for k, v in value.items() if k in names}
        obj = cls.__new__(cls)
        for k, v in kwargs.items():          # bypass __post_init__ side effects (e.g. new request ids)
            object.__setattr__(obj, k, v)
        for f in dataclasses.fields(cls):
            if f.name not in kwargs:
                default = f.default if f.default is not dataclasses.MISSING else (
                    f.default_factory() if f.default_factory is not dataclasses.MISSING else None)
                object.__setattr__(obj, f.name, default)
        return obj
    if "__ndarray_b64__" in value:
        raw = base64.b64decode(value["__ndarray_b64__"])
        return np.frombuffer(raw, dtype=np.dtype(value["dtype"])).reshape(value["shape"]).copy()
    if "__ndarray__" in value:
        arr = np.asarray(decode(value["__ndarray__"]), dtype=value["dtype"]).reshape(value["shape"])
        return arr
    if "__float__" in value:
        return float(value["__float__"])
    if "__tuple__" in value:
        return tuple(decode(v) for v in value["__tuple__"])
    if "__dict__" in value:
        return {decode(k): decode(v) for k, v in value["__dict__"]}
    return {k: decode(v) for k, v in value.items()}


# ------------------------------------------------------------------ content
def project_snapshot(window) -> dict:
    """The window's state as plain objects (not yet encoded); fast, GUI thread only."""
    pane = window.dataset_pane
    ds: Dataset | None = pane.dataset
    table: RatingsTable | None = pane.table
    snap: dict[str, Any] = {"format": FORMAT, "version": VERSION, "app_version": __version__,
                            "saved_at": _dt.datetime.now().isoformat(timespec="seconds")}
    if ds is not None and table is not None:
        kind = "file" if window.source_path else ("pasted" if window.source_text else "generated")
        snap["source"] = {"kind": kind, "path": str(window.source_path or ""),
                          "sha256": ds.provenance.sha256, "file_name": ds.provenance.file_name,
                          "options": window.import_options}
        snap["dataset"] = dataclasses.replace(ds, table=table, item_tables={})
        choice = pane.binary_choice()
        snap["view"] = {"item": pane.current_item(), "scale": list(table.scale.categories),
                        "labels": [lab if lab != c else "" for c, lab in
                                   zip(table.scale.categories, table.scale.display_labels())],
                        "ordinal": table.scale.ordinal,
                        "class1": list(choice.class1) if choice.class1 else None, "cut": choice.cut}
    try:
        snap["settings"] = window.model_pane.request(None, None)
    except Exception:   # noqa: BLE001 - invalid half-typed settings are simply not saved
        snap["settings"] = None
    snap["results"] = list(window.results_pane.history)
    snap["current"] = window.results_pane.history_list.currentRow()
    return snap


def encode_snapshot(snap: dict) -> dict:
    out = dict(snap)
    if "source" in out:
        out["source"] = dict(out["source"], options=encode(out["source"]["options"]))
    for key in ("dataset", "settings"):
        if out.get(key) is not None:
            out[key] = encode(out[key])
    out["results"] = [encode(r) for r in out["results"]]
    return out


def project_dict(window) -> dict:
    return encode_snapshot(project_snapshot(window))


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


def save(window, path: Path) -> None:
    write_atomic(Path(path), json.dumps(project_dict(window), allow_nan=False))


def read_project(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise DataError(f"this is not a TapDesk project ({exc})", file=Path(path).name) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError("this is not a TapDesk project file", file=Path(path).name)
    if int(data.get("version", 0)) > VERSION:
        raise DataError(f"the project was saved by a newer TapDesk (format {data['version']}); "
                        "please update TapDesk", file=Path(path).name)
    return data


def load(window, path: Path) -> None:
    """Replace the window's state by the project's (data, choices, settings, results)."""
    data = read_project(path)
    ds = decode(data["dataset"]) if data.get("dataset") else None
    if ds is not None and not isinstance(ds, Dataset):
        raise DataError("the project's data record is damaged", file=Path(path).name)
    source = data.get("source") or {}
    view = data.get("view") or {}
    window.results_pane.clear()
    if ds is not None:
        from tapdesk.gui.dataset_pane import BinaryChoice
        window.source_path = Path(source["path"]) if source.get("path") else None
        window.source_text = None
        opts = decode(source.get("options")) if source.get("options") else ImportOptions()
        window.import_options = opts if isinstance(opts, ImportOptions) else ImportOptions()
        scale = saved_scale(view)
        choice = BinaryChoice(tuple(view["class1"]) if view.get("class1") else None, view.get("cut"))
        window.load_dataset(ds, f"Opened project {Path(path).name}", choice=choice, scale=scale)
    settings = decode(data["settings"]) if data.get("settings") else None
    if settings is not None:
        window.model_pane.apply_request(settings)
    for result in data.get("results", []):
        window.results_pane.add_result(decode(result), window.dataset_pane.table)
    current = int(data.get("current", -1))
    if 0 <= current < len(window.results_pane.history):
        window.results_pane.history_list.setCurrentRow(current)


def saved_scale(view: dict) -> Scale | None:
    """The scale a project saved: order, ordinal, and (format 2 on) the value labels."""
    if not view.get("scale"):
        return None
    scale = Scale(tuple(view["scale"]), ordinal=bool(view.get("ordinal")), declared=True)
    labels = view.get("labels") or []
    return scale.with_labels([(c, str(lab)) for c, lab in zip(scale.categories, labels) if lab])


# ---------------------------------------------------------- autosave/recover
def autosave_path() -> Path:
    folder = os.environ.get("TAPDESK_AUTOSAVE_DIR") or QStandardPaths.writableLocation(
        QStandardPaths.StandardLocation.AppLocalDataLocation)
    return Path(folder) / "autosave.tapdesk"


_autosave_thread: threading.Thread | None = None


def autosave(window, background: bool = True) -> Path | None:
    """Save a recovery copy; the encoding and writing run off the GUI thread."""
    global _autosave_thread
    if window.dataset_pane.table is None:
        return None
    path = autosave_path()
    snapshot = project_snapshot(window)          # cheap reads of widget state, on the GUI thread
    if not background:
        write_atomic(path, json.dumps(encode_snapshot(snapshot), allow_nan=False))
        return path
    wait_for_autosave()

    def work() -> None:
        try:
            write_atomic(path, json.dumps(encode_snapshot(snapshot), allow_nan=False))
        except (OSError, ValueError, TypeError):
            pass                                 # best effort: explicit saves report errors

    _autosave_thread = threading.Thread(target=work, name="tapdesk-autosave", daemon=True)
    _autosave_thread.start()
    return path


def wait_for_autosave(timeout: float = 30.0) -> None:
    if _autosave_thread is not None and _autosave_thread.is_alive():
        _autosave_thread.join(timeout)


def clear_autosave() -> None:
    autosave_path().unlink(missing_ok=True)


def offer_recovery(window) -> bool:
    """After a crash (an autosave left behind), ask whether to reopen it."""
    path = autosave_path()
    if not path.exists():
        return False
    answer = QMessageBox.question(
        window, "Recover analysis",
        "TapDesk did not close normally last time. Reopen the analysis it saved automatically?",
        QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No)
    if answer == QMessageBox.StandardButton.Yes:
        ok = window.open_project(path)
        window.project_path = None
        window.dirty = True
        return ok
    clear_autosave()
    return False
