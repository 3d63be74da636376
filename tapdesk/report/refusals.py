"""Why a report, a pack or one of their files could not be written: the sentences every writer
(PDF, ODT, DOCX, HTML, feedback, pack, labels, tables) says when the system refuses, kept as data
and written in the language they are read in (issue 54)."""

from __future__ import annotations

from pathlib import Path

from tapdesk.i18n.deferred import said


def cannot_write(path: str | Path, exc: OSError) -> str:
    """Why ``path`` could not be written."""
    # Translators: {path} is a file; {reason} the system's reason ("Permission denied").
    return said("cannot write {path}: {reason}", path=str(path), reason=_reason(exc))


def cannot_write_report(path: str | Path, exc: OSError) -> str:
    """Why the report could not be written to ``path``."""
    # Translators: {path} is the report's file; {reason} the system's reason ("Permission
    # denied").
    return said("cannot write the report to {path}: {reason}", path=str(path),
                reason=_reason(exc))


def cannot_make_folder(path: str | Path, exc: OSError) -> str:
    """Why the folder for the file ``path`` could not be made."""
    # Translators: {path} is the file asked for; {reason} the system's reason ("Permission
    # denied").
    return said("cannot create the folder for {path}: {reason}", path=str(path),
                reason=_reason(exc))


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
