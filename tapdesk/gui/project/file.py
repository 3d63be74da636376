"""Save and open a whole analysis as a versioned ``.tapdesk`` file.

A project is UTF-8 JSON (format version 4)::

    {"format": "tapdesk-project", "version": 4, "app_version": ..., "saved_at": ...,
     "about": {"project": name, "datasets": [names], "fits": n},      # read without decoding
     "datasets": [{"key", "name", "source", "path", "text", "options", "item",
                   "dataset": {...import record, table left out...}, "table": sha,
                   "choice": {"class1", "cut"}}],
     "current_dataset": key,
     "tables": {sha: {...ratings table...}},      # each distinct table once
     "fits": [{"session": key, "data": {...identity...}, "table": sha, "result": {...},
               "left_out_of_report": true}],      # when Export left it unticked (issue 79)
     "settings": {...the model pane's request...}, "current": index,
     "report_language": code or null}             # the Export dialog's choice (issue 54)

The ratings are always embedded, so a project opens even when the original
file moved; each table is stored once under the SHA-256 of its ratings and
every fit names the table it was fitted on, so reopening shows every fit
with its own data; value labels travel in each table's scale. Versions 1
and 2 (one data set; version 2 added ``view.labels``) and 3 still open. Version 4
(issue 54) may hold kept sentences (``{"__text__": ...}``, ``{"__worded__": ...}``,
``{"__sentences__": ...}``) that TapDesk 1.0 and 1.1 would read as plain dicts; they
read version 3 at most, so they refuse a version 4 file as made by a newer TapDesk. Writing is
atomic (:func:`tapdesk.gui.project.codec.write_atomic`).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import json
import threading
import weakref
from pathlib import Path
from typing import Any

from tapdesk import __version__
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import Dataset, ImportOptions
from tapdesk.data.scale import Scale
from tapdesk.errors import DataError
from tapdesk.gui.project.codec import decode, encode, write_atomic
from tapdesk.gui.project.session import DataIdentity, table_sha256
from tapdesk.i18n import N_
from tapdesk.i18n.deferred import Text, said

FORMAT = "tapdesk-project"
VERSION = 4                    # 4: kept sentences (issue 54); 3: several data sets

__all__ = ["FORMAT", "VERSION", "ProjectState", "SessionState", "FitState", "encode", "decode",
           "write_atomic", "project_snapshot", "encode_snapshot", "save", "read_project",
           "read_state", "read_state_text", "about", "Contents", "contents",
           "read_recovery"]


# ------------------------------------------------------------------ records
@dataclasses.dataclass
class SessionState:
    """One data set as stored: the import record, the user's table, choices and source."""

    key: int
    name: str
    source: str
    dataset: Dataset
    table: RatingsTable
    path: Path | None = None
    text: str | None = None
    options: ImportOptions = dataclasses.field(default_factory=ImportOptions)
    item: str | None = None
    class1: tuple[str, ...] | None = None
    cut: str | None = None


@dataclasses.dataclass
class FitState:
    session: int
    data: DataIdentity
    table: RatingsTable | None
    result: Any
    left_out_of_report: bool = False
    """File > Export report last left this fit unticked (File > Print leaves it out too)."""


@dataclasses.dataclass
class ProjectState:
    """A decoded project: what the window needs to show it again."""

    sessions: list[SessionState]
    current_session: int | None
    fits: list[FitState]
    settings: Any = None
    current_fit: int = -1
    saved_at: str = ""
    project_path: str = ""
    report_language: str | None = None
    """The language the report is written in (the Export dialog's choice); None: the app's."""


# ------------------------------------------------------------------ writing
def project_snapshot(window, target: Path | None = None) -> dict:
    """The window's state as plain objects (not yet encoded); fast, GUI thread only.

    ``target`` is the project file being written (its name goes into "about");
    for a recovery copy, the window's own project file.
    """
    window.store_session_view()
    tables: dict[str, RatingsTable] = {}

    def ref(table: RatingsTable | None) -> str | None:
        if table is None:
            return None
        sha = table_sha256(table)
        tables.setdefault(sha, table)
        return sha

    datasets = []
    for s in window.sessions.values():
        choice = s.choice
        datasets.append({
            "key": s.key, "name": s.name, "source": s.source,
            "path": str(s.source_path or ""), "text": s.source_text, "options": s.import_options,
            "item": s.item, "dataset": dataclasses.replace(s.dataset, table=None, item_tables={}),
            "table": ref(s.table),
            "choice": {"class1": list(getattr(choice, "class1", None) or []) or None,
                       "cut": getattr(choice, "cut", None)}})
    from tapdesk.gui.project.report_job import unticked_results
    unticked = unticked_results(window)
    fits = [{"session": e.session_key, "data": dataclasses.asdict(e.data), "table": ref(e.table),
             "result": e.result, **({"left_out_of_report": True} if id(e.result) in unticked else {})}
            for e in window.results_pane.entries]
    try:
        settings = window.model_pane.request(None, None)
    except Exception:   # noqa: BLE001 - invalid half-typed settings are simply not saved
        settings = None
    saved_at = _dt.datetime.now().isoformat(timespec="seconds")
    project = Path(target) if target is not None else window.project_path
    return {"format": FORMAT, "version": VERSION, "app_version": __version__, "saved_at": saved_at,
            "about": {"project": project.name if project else "",
                      "project_path": str(project or ""),
                      "datasets": [d["name"] for d in datasets], "fits": len(fits),
                      **_running(window)},
            "datasets": datasets,
            "current_dataset": window.session.key if window.session is not None else None,
            "tables": tables, "fits": fits, "settings": settings,
            "report_language": getattr(window, "report_language", None),
            "current": window.results_pane.current_index()}


def _running(window) -> dict[str, str]:
    """{"running": the fit running as the copy is taken, in words} ({} if none): a recovery
    copy says it, as that fit is not in it (the kill stopped it)."""
    words = getattr(window, "running_fit_words", None)
    running = words() if callable(words) else None
    return {"running": running} if running else {}


_ENCODED: dict[int, Any] = {}
_ENCODED_LOCK = threading.Lock()


def encode_once(obj) -> Any:
    """:func:`encode` of an immutable record (a result, a table), kept while the record lives.

    Every autosave writes every fit again; encoding each one only the first
    time keeps the autosave after a fit short however many fits there are.
    """
    key = id(obj)
    with _ENCODED_LOCK:
        if key in _ENCODED:
            return _ENCODED[key]
    value = encode(obj)
    with _ENCODED_LOCK:
        if key not in _ENCODED:
            _ENCODED[key] = value
            weakref.finalize(obj, _ENCODED.pop, key, None)
    return value


def encode_snapshot(snap: dict) -> dict:
    """The snapshot as JSON-ready values (may run in a background thread: touches no widget)."""
    out = dict(snap)
    out["datasets"] = [dict(d, options=encode(d["options"]), dataset=encode(d["dataset"]))
                       for d in snap["datasets"]]
    out["tables"] = {sha: encode_once(t) for sha, t in snap["tables"].items()}
    out["fits"] = [dict(f, result=encode_once(f["result"])) for f in snap["fits"]]
    out["settings"] = encode(snap["settings"]) if snap["settings"] is not None else None
    return out


def snapshot_json(snap: dict) -> str:
    return json.dumps(encode_snapshot(snap), allow_nan=False)


def save(window, path: Path) -> None:
    write_atomic(Path(path), snapshot_json(project_snapshot(window, Path(path))))


# ------------------------------------------------------------------ reading
def read_project(path: Path) -> dict:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(_not_a_project(exc), file=Path(path).name) from None
    return parse_project(text, Path(path))


def parse_project(text: str, path: Path = Path("project")) -> dict:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(_not_a_project(exc), file=Path(path).name) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise DataError(said("this is not a TapDesk project file"), file=Path(path).name)
    if int(data.get("version", 0)) > VERSION:
        # Translators: {version} is the project file's format number ("5").
        raise DataError(said("the project was saved by a newer TapDesk (format {version}); "
                             "please update TapDesk", version=str(data["version"])),
                        file=Path(path).name)
    return data


def _not_a_project(cause: Exception) -> Text:
    # Translators: {cause} is why the file could not be read, as the system says it.
    return said("this is not a TapDesk project ({cause})", cause=str(cause))


def about(path: Path) -> dict:
    """What a project holds (project name, data set names, number of fits, when saved)."""
    data = read_project(path)
    info = dict(data.get("about") or {})
    info.setdefault("datasets", [((data.get("source") or {}).get("file_name") or "data")])
    info.setdefault("fits", len(data.get("fits", data.get("results", []))))
    info["saved_at"] = data.get("saved_at", "")
    return info


@dataclasses.dataclass
class Contents:
    """What a project file holds, as marks to compare with another file's: one mark per fit
    (its data, table and result as written) and per data set (its name and table), in order.
    Equal marks are the same fit or data set, whichever window wrote them and under whatever
    key."""

    fits: list[str]
    datasets: list[str]


def contents(path: Path) -> Contents:
    """The marks of the project file ``path``; a version 1 or 2 file's as a window that opened
    it writes its fits and data set again (issue 79)."""
    data = read_project(path)
    return _contents(data) if "datasets" in data else _old_contents(_read_v1(data, Path(path)))


def read_recovery(path: Path) -> tuple[ProjectState, Contents]:
    """A recovery copy decoded, with its marks (the file read once)."""
    data = read_project(path)
    return _state(data, Path(path)), _contents(data)


def _mark(value) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


def _contents(data: dict) -> Contents:
    if "datasets" not in data:
        return Contents([], [])
    return Contents([_mark([f.get("data"), f.get("table"), f.get("result")])
                     for f in data.get("fits", [])],
                    [_mark([d.get("name"), d.get("table")]) for d in data.get("datasets", [])])


def _old_contents(state: ProjectState) -> Contents:
    """The marks of a version 1 or 2 project, decoded into ``state``: its fits and data set as
    :func:`project_snapshot` writes them once a window has opened it."""
    def sha(table: RatingsTable | None) -> str | None:
        return table_sha256(table) if table is not None else None

    return Contents([_mark([dataclasses.asdict(f.data), sha(f.table), encode(f.result)])
                     for f in state.fits],
                    [_mark([s.name, sha(s.table)]) for s in state.sessions])


def _identity(raw: dict) -> DataIdentity:
    fields = {f.name for f in dataclasses.fields(DataIdentity)}
    values = {k: v for k, v in raw.items() if k in fields}
    values["categories"] = tuple(values.get("categories", ()))
    return DataIdentity(**values)


def _check(obj, cls, what: str, path: Path):
    if obj is not None and not isinstance(obj, cls):
        # Translators: {what} is the part of the project ("ratings table", "data record").
        raise DataError(said("the project's {what} is damaged", what=said(what)),
                        file=Path(path).name)
    return obj


def read_state(path: Path) -> ProjectState:
    """Decode a project file (either format version) into a :class:`ProjectState`."""
    return _state(read_project(path), Path(path))


def read_state_text(text: str) -> ProjectState:
    """Decode a project from its JSON text."""
    return _state(parse_project(text), Path("project"))


def _state(data: dict, path: Path) -> ProjectState:
    if "datasets" not in data:                       # versions 1 and 2: one data set
        return _read_v1(data, path)
    tables = {sha: _check(decode(t), RatingsTable, N_("ratings table"), path)
              for sha, t in (data.get("tables") or {}).items()}
    sessions = []
    for d in data.get("datasets", []):
        table = tables.get(d.get("table"))
        ds = _check(decode(d["dataset"]), Dataset, N_("data record"), path)
        if table is None or ds is None:
            raise DataError(said("the project's data are incomplete"), file=Path(path).name)
        ds = dataclasses.replace(ds, table=table)
        opts = decode(d.get("options")) if d.get("options") else ImportOptions()
        choice = d.get("choice") or {}
        sessions.append(SessionState(
            key=int(d["key"]), name=d.get("name") or "Data", source=d.get("source") or "file",
            dataset=ds, table=table, path=Path(d["path"]) if d.get("path") else None,
            text=d.get("text"), options=opts if isinstance(opts, ImportOptions) else ImportOptions(),
            item=d.get("item"), class1=tuple(choice["class1"]) if choice.get("class1") else None,
            cut=choice.get("cut")))
    fits = [FitState(int(f.get("session", -1)), _identity(f["data"]), tables.get(f.get("table")),
                     decode(f["result"]), bool(f.get("left_out_of_report")))
            for f in data.get("fits", [])]
    settings = decode(data["settings"]) if data.get("settings") else None
    about_ = data.get("about") or {}
    return ProjectState(sessions, data.get("current_dataset"), fits, settings,
                        int(data.get("current", -1)), data.get("saved_at", ""),
                        about_.get("project_path", ""), data.get("report_language"))


def saved_scale(view: dict, data_scale: Scale) -> Scale | None:
    """The scale a version 1 or 2 project saved: order, ordinal, and (version 2) value labels."""
    if not view.get("scale"):
        return None
    scale = Scale(tuple(view["scale"]), ordinal=bool(view.get("ordinal")), declared=True)
    labels = view.get("labels")
    if labels is None:                        # version 1: the labels the data carry
        return scale.with_labels(data_scale.label_pairs())
    return scale.with_labels([(c, str(lab)) for c, lab in zip(scale.categories, labels) if lab])


def _read_v1(data: dict, path: Path) -> ProjectState:
    """A version 1 or 2 project: one data set, every fit made from it."""
    ds = _check(decode(data["dataset"]), Dataset, N_("data record"), path) if data.get("dataset") else None
    sessions, key = [], None
    if ds is not None:
        source = data.get("source") or {}
        view = data.get("view") or {}
        table = ds.table
        scale = saved_scale(view, table.scale)
        if scale is not None:
            table = table.with_scale(scale)
        opts = decode(source.get("options")) if source.get("options") else ImportOptions()
        key = 1
        sessions.append(SessionState(
            key=key, name=ds.provenance.file_name or "Data", source=source.get("kind") or "file",
            dataset=ds, table=table, path=Path(source["path"]) if source.get("path") else None,
            options=opts if isinstance(opts, ImportOptions) else ImportOptions(),
            item=view.get("item"), class1=tuple(view["class1"]) if view.get("class1") else None,
            cut=view.get("cut")))
    fits = []
    for raw in data.get("results", []):
        table = sessions[0].table if sessions else None
        name = sessions[0].name if sessions else "Data"
        item = sessions[0].item if sessions else None
        identity = DataIdentity.of(table, name, "project", item) if table is not None else \
            DataIdentity(name, "", 0, 0, 0, ())
        fits.append(FitState(key if key is not None else -1, identity, table, decode(raw)))
    settings = decode(data["settings"]) if data.get("settings") else None
    return ProjectState(sessions, key, fits, settings, int(data.get("current", -1)),
                        data.get("saved_at", ""))
