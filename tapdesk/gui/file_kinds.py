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

from tapdesk.i18n import N_, _

# Translators: what a file is when it is not a table of ratings, each with its indefinite
# article (it fills "this is {kind}, not a table of ratings").
MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF", N_("a PDF document")),
    (b"\x89PNG\r\n\x1a\n", N_("a PNG picture")),
    (b"\xff\xd8\xff", N_("a JPEG picture")),
    (b"GIF87a", N_("a GIF picture")),
    (b"GIF89a", N_("a GIF picture")),
    (b"{\\rtf", N_("a Rich Text (RTF) document")),
    (b"\x7fELF", N_("a program, not a document")),
    (b"MZ", N_("a Windows program, not a document")),
    (b"\x1f\x8b", N_("a compressed (gzip) archive")),
    (b"Rar!", N_("a RAR archive")),
    (b"7z\xbc\xaf\x27\x1c", N_("a 7-Zip archive")),
    (b"SQLite format 3\x00", N_("a database (SQLite) file")),
)
OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"        # old Office files (.doc, .xls, .ppt)
OLE_KINDS = {".doc": N_("a Word document"), ".ppt": N_("a PowerPoint presentation"),
             ".msg": N_("an Outlook message")}
ZIP_PARTS = (("word/", N_("a Word document")), ("ppt/", N_("a PowerPoint presentation")),
             ("visio/", N_("a Visio drawing")))
ODF_KINDS = {"application/vnd.oasis.opendocument.text": N_("an OpenDocument text document"),
             "application/vnd.oasis.opendocument.presentation": N_("an OpenDocument presentation"),
             "application/vnd.oasis.opendocument.graphics": N_("an OpenDocument drawing")}


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
    return N_("a zip archive")


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
    """What the file is and what to do, in the current language, or None when it may be a
    table."""
    kind = file_kind(path)
    if kind is None:
        return None
    # Translators: why a file cannot be opened (after "Could not open data.pdf: "); {kind} says
    # what the file is, with its article ("a PDF document", "a Word document").
    return _("this is {kind}, not a table of ratings. Save the ratings as a CSV or Excel file and "
             "open that instead.").format(kind=_(kind))
