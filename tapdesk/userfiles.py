"""A file the user names: one check that it is there and can be read, worded the same everywhere.

The importer (``tapdesk fit FILE``, the app's File > Open ratings...) and ``tapdesk FILE``
(a project or a ratings file to open in the app) both call :func:`check_regular_file`, so a
missing file, a folder or a pipe is refused in the same words wherever it was named. Only
the standard library and :mod:`tapdesk.errors`: the command line calls it before any
numerical library is imported.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tapdesk.errors import DataError
from tapdesk.i18n.deferred import said


def check_regular_file(path: Path, file: str) -> os.stat_result:
    """The file's status when it is a regular file; DataError naming ``file`` (the path as the
    user gave it) when it is missing, cannot be read, is a folder, a pipe, a device or a socket.
    Nothing is opened: a FIFO or a device would never end."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise DataError(said("the file does not exist; check the name and folder"),
                        file=file) from None
    except OSError as exc:
        raise DataError(unreadable(exc), file=file) from None
    if stat.S_ISDIR(info.st_mode):
        raise DataError(said("this is a folder, not a data file"), file=file)
    if not stat.S_ISREG(info.st_mode):
        raise DataError(_kind(info.st_mode), file=file)
    return info


def unreadable(exc: OSError) -> str:
    """A file the system would not let us read, with the system's reason."""
    # Translators: {reason} is the operating system's own message ("Permission denied").
    return said("cannot be read ({reason})", reason=str(exc.strerror or exc))


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return said("this is a named pipe (FIFO), not a data file; save the ratings in a file and "
                    "open that")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return said("this is a device, not a data file; save the ratings in a file and open that")
    if stat.S_ISSOCK(mode):
        return said("this is a socket, not a data file; save the ratings in a file and open that")
    return said("this is not a regular file, not a data file; save the ratings in a file and open "
                "that")
