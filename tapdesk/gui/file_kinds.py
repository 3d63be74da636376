"""Name what a file really is when it is not a table of ratings (Qt-free).

When the importer refuses a file, its message describes the symptom ("the
table has only one column"); the real cause is often that the file is a Word
document, a PDF or a picture. :func:`not_a_table` recognises common kinds by
their first bytes (and, for zip-based Office files, by the parts inside) and
says in words what the file is and what to do instead.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

SAVE_AS = "Save the ratings as a CSV or Excel file and open that instead."

MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", "a PDF document"),
    (b"\x89PNG\r\n\x1a\n", "a PNG picture"),
    (b"\xff\xd8\xff", "a JPEG picture"),
    (b"GIF87a", "a GIF picture"),
    (b"GIF89a", "a GIF picture"),
    (b"{\\rtf", "a Rich Text (RTF) document"),
    (b"\x7fELF", "a program, not a document"),
    (b"MZ", "a Windows program, not a document"),
    (b"\x1f\x8b", "a compressed (gzip) archive"),
    (b"Rar!", "a RAR archive"),
    (b"7z\xbc\xaf\x27\x1c", "a 7-Zip archive"),
    (b"SQLite format 3\x00", "a database (SQLite) file"),
)
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"        # old Office files (.doc, .xls, .ppt)
OLE_KINDS = {".doc": "a Word document", ".ppt": "a PowerPoint presentation",
             ".msg": "an Outlook message"}
ZIP_PARTS = (("word/", "a Word document"), ("ppt/", "a PowerPoint presentation"),
             ("visio/", "a Visio drawing"))
ODF_KINDS = {"application/vnd.oasis.opendocument.text": "an OpenDocument text document",
             "application/vnd.oasis.opendocument.presentation": "an OpenDocument presentation",
             "application/vnd.oasis.opendocument.graphics": "an OpenDocument drawing"}


def _zip_kind(path: Path) -> str | None:
    try:
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            if "mimetype" in names:
                kind = ODF_KINDS.get(z.read("mimetype").decode("ascii", "replace").strip())
                if kind:
                    return kind
                return None
    except (zipfile.BadZipFile, OSError, KeyError):
        return None
    for prefix, kind in ZIP_PARTS:
        if any(n.startswith(prefix) for n in names):
            return kind
    if any(n.startswith("xl/") for n in names):
        return None                                  # a spreadsheet: the importer's business
    return "a zip archive"


def file_kind(path: str | Path) -> str | None:
    """What ``path`` is, in words ("a Word document"), when it is a known non-table kind."""
    path = Path(path)
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError:
        return None
    if head.startswith(b"PK\x03\x04"):
        return _zip_kind(path)
    if head.startswith(OLE):
        return OLE_KINDS.get(path.suffix.lower())
    for magic, kind in MAGIC:
        if kind and head.startswith(magic):
            return kind
    return None


def not_a_table(path: str | Path) -> str | None:
    """One sentence naming what the file is and what to do, or None when it may be a table."""
    kind = file_kind(path)
    if kind is None:
        return None
    return f"this is {kind}, not a table of ratings. {SAVE_AS}"
