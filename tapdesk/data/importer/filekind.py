"""What a file is, from its bytes rather than its name.

A renamed file (an SPSS file saved as .csv, a workbook saved as .dat, a JSON export
called .txt) is recognised by the signature its format writes at the start (the
"magic number"), or, for JSON, by parsing it. TapDesk reads the formats it knows
whatever the extension and refuses the others with one line saying what the file is.
The signatures are read before any text decoding, so a program (Linux ELF, macOS
Mach-O, Windows .exe/.dll) is called a program, never damaged UTF-16 text.
"""

from __future__ import annotations

import io
import json
import re
import zipfile

from tapdesk.data.wording import Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

SAVE_AS = N_("save the data as CSV, Excel (.xlsx), OpenDocument (.ods), SPSS (.sav) or Stata "
             "(.dta)")

_SIGNATURES = (
    (b"$FL2", "spss"), (b"$FL3", "spss"), (b"<stata_dta>", "stata"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "ole"),
    (b"PAR1", "Parquet file"), (b"ARROW1", "Feather (Arrow) file"), (b"FEA1", "Feather file"),
    (b"%PDF-", "PDF document"), (b"\x89PNG\r\n\x1a\n", "PNG image"), (b"\xff\xd8\xff", "JPEG image"),
    (b"GIF87a", "GIF image"), (b"GIF89a", "GIF image"), (b"II*\x00", "TIFF image"),
    (b"MM\x00*", "TIFF image"), (b"\x1f\x8b", "compressed (gzip) file"),
    (b"7z\xbc\xaf\x27\x1c", "compressed (7-Zip) file"), (b"Rar!\x1a\x07", "compressed (RAR) file"),
    (b"BZh", "compressed (bzip2) file"), (b"\xfd7zXZ\x00", "compressed (xz) file"),
    (b"SQLite format 3\x00", "SQLite database"), (b"\x89HDF\r\n\x1a\n", "HDF5 file"),
    (b"{\\rtf", "RTF document"),
    (b"\x7fELF", "program (Linux ELF)"),
    (b"\xfe\xed\xfa\xce", "program (macOS Mach-O)"), (b"\xfe\xed\xfa\xcf", "program (macOS Mach-O)"),
    (b"\xce\xfa\xed\xfe", "program (macOS Mach-O)"), (b"\xcf\xfa\xed\xfe", "program (macOS Mach-O)"),
    (b"\xca\xfe\xba\xbe", "program (macOS universal Mach-O or Java class)"),
    (b"\x00asm", "program (WebAssembly)"),
)
PROGRAM = "program"
"""The start of every kind that names a program: refused as "a program, not a data file"."""
_STATA_VERSIONS = range(102, 116)          # old binary .dta: version byte, byte order, type 1
_ZIP_KINDS = (("xl/workbook.xml", "sheet"), ("xl/workbook.bin", "sheet"),
              ("word/document.xml", "Word document (.docx)"),
              ("ppt/presentation.xml", "PowerPoint presentation (.pptx)"))
_ODF_TYPES = {"application/vnd.oasis.opendocument.spreadsheet": "sheet",
              "application/vnd.oasis.opendocument.text": "OpenDocument text document (.odt)",
              "application/vnd.oasis.opendocument.presentation":
                  "OpenDocument presentation (.odp)"}
_MARKUP = re.compile(rb"^\s*<(!doctype html|html|\?xml)", re.IGNORECASE)
_JSON_START = re.compile(rb"^(?:\xef\xbb\xbf)?\s*[\[{]")


def content_kind(data: bytes) -> str:
    """'text', 'sheet', 'spss', 'stata', or a description of a format TapDesk does not read
    (e.g. 'JSON file', 'PDF document')."""
    for magic, kind in _SIGNATURES:
        if data.startswith(magic):
            return "sheet" if kind == "ole" else kind
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP image"
    if data[4:12] in (b"ftypheic", b"ftypheix", b"ftypmif1"):
        return "HEIC image"
    if _windows_program(data):
        return "program (Windows .exe or .dll)"
    if _old_stata(data):
        return "stata"
    if data[:4] == b"PK\x03\x04":
        return _zip_kind(data)
    markup = _MARKUP.match(data[:512])
    if markup:
        return _markup_kind(data, markup.group(1).lower())
    if _JSON_START.match(data[:64]):
        return _json_kind(data)
    return _annotation_kind(data[:16384])


_ARFF = re.compile(rb"^\s*@relation\b", re.IGNORECASE)
_WEBANNO = re.compile(rb"^(?:\xef\xbb\xbf)?#FORMAT=WebAnno TSV", re.IGNORECASE)
_BRAT = re.compile(r"^[TRAEMN*#]\d*\t\S")
_BRAT_SPAN = re.compile(r"^T\d+\t\S+ \d+ \d+(;\d+ \d+)*\t")   # T1<tab>Type start end<tab>text
_TOKEN = re.compile(r"^\d+(?:[-.]\d+)?\t\S")
_CONLL_COMMENT = re.compile(r"^#\s*(sent_id|text|newdoc|doc_id)\s*=")


def _annotation_kind(head: bytes) -> str:
    """The text formats of annotation and machine-learning tools that are not tables of
    ratings (ARFF, WebAnno TSV, brat standoff, CoNLL token lines), told by their own structure;
    'text' for anything else."""
    first = next((ln for ln in head.splitlines() if ln.strip() and not ln.lstrip().startswith(
        b"%")), b"")
    if _ARFF.match(first):
        return "ARFF file (Weka)"
    if _WEBANNO.match(head):
        return "WebAnno TSV file"
    lines = [ln for ln in head.decode("utf-8", "replace").splitlines()[:200] if ln.strip()]
    if len(lines) < 3:
        return "text"
    spans = [ln for ln in lines if ln.startswith("T")]
    if sum(bool(_BRAT.match(ln)) for ln in lines) == len(lines) and spans and \
            all(_BRAT_SPAN.match(ln) for ln in spans):
        return "brat annotation file (.ann)"
    tokens = sum(bool(_TOKEN.match(ln)) for ln in lines)
    said = sum(bool(_CONLL_COMMENT.match(ln)) for ln in lines)
    if tokens + said == len(lines) and tokens >= 3 and (said or _sentences(head)):
        return "CoNLL token file"
    return "text"


def _sentences(head: bytes) -> bool:
    """Two blocks or more between blank lines, each numbering its lines 1, 2, 3 ... (the
    tokens of a sentence), as CoNLL writes them; a table of numbered subjects has no blanks."""
    blocks = [b for b in re.split(r"\n\s*\n", head.decode("utf-8", "replace")) if b.strip()]
    if len(blocks) < 2:
        return False
    for block in blocks[:-1]:          # the last may be cut off by the head's end
        numbers = [ln.split("\t", 1)[0] for ln in block.splitlines() if not ln.startswith("#")]
        if numbers != [str(i + 1) for i in range(len(numbers))]:
            return False
    return True


def _old_stata(data: bytes) -> bool:
    """Binary .dta of Stata 4-13: version byte, byte order 1 or 2, file type 1, a zero."""
    return len(data) > 109 and data[0] in _STATA_VERSIONS and data[1] in (1, 2) and \
        data[2] == 1 and data[3] == 0


def _windows_program(data: bytes) -> bool:
    """A PE file: 'MZ', and at the offset stored at 0x3C the signature 'PE\\0\\0' (checked,
    so a table whose first cell starts with "MZ" stays a table)."""
    if data[:2] != b"MZ" or len(data) < 0x40:
        return False
    offset = int.from_bytes(data[0x3C:0x40], "little")
    return data[offset:offset + 4] == b"PE\x00\x00"


def _zip_kind(data: bytes) -> str:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            names = set(z.namelist())
            for part, kind in _ZIP_KINDS:
                if part in names:
                    return kind
            if "mimetype" in names:
                mime = z.read("mimetype").decode("ascii", errors="replace").strip()
                return _ODF_TYPES.get(mime, "OpenDocument file that is not a spreadsheet")
            if "content.xml" in names:
                return "sheet"
    except (zipfile.BadZipFile, OSError, KeyError, RuntimeError, ValueError):
        return "sheet"                  # the spreadsheet reader says what is wrong with it
    return "ZIP archive"


def _markup_kind(data: bytes, opening: bytes) -> str:
    if opening != b"?xml":
        return "web page (HTML)"
    head = data[:4000]
    if b"urn:schemas-microsoft-com:office:spreadsheet" in head:
        return "Excel 2003 XML spreadsheet"
    return "XML file"


def _json_kind(data: bytes) -> str:
    """'JSON file' when the whole text parses, 'JSON Lines file' when its first lines each
    parse as an object or array, else 'text' (a table whose first cell starts with '[')."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return "text"
    try:
        json.loads(text)
        return "JSON file"
    except ValueError:
        pass
    lines = [ln for ln in text.splitlines()[:20] if ln.strip()]
    try:
        parsed = [json.loads(ln) for ln in lines]
    except ValueError:
        return "text"
    return "JSON Lines file" if parsed and all(isinstance(p, (dict, list)) for p in parsed) \
        else "text"


_KIND_WORDS = {
    # Translators: what a file is, with its article, in the sentence "this is {kind}, not a
    # table of ratings".
    "Parquet file": N_("a Parquet file"),
    "Feather (Arrow) file": N_("a Feather (Arrow) file"),
    "Feather file": N_("a Feather file"),
    "PDF document": N_("a PDF document"),
    "PNG image": N_("a PNG image"),
    "JPEG image": N_("a JPEG image"),
    "GIF image": N_("a GIF image"),
    "TIFF image": N_("a TIFF image"),
    "compressed (gzip) file": N_("a compressed (gzip) file"),
    "compressed (7-Zip) file": N_("a compressed (7-Zip) file"),
    "compressed (RAR) file": N_("a compressed (RAR) file"),
    "compressed (bzip2) file": N_("a compressed (bzip2) file"),
    "compressed (xz) file": N_("a compressed (xz) file"),
    "SQLite database": N_("a SQLite database"),
    "HDF5 file": N_("a HDF5 file"),
    "RTF document": N_("a RTF document"),
    "program (Linux ELF)": N_("a program (Linux ELF)"),
    "program (macOS Mach-O)": N_("a program (macOS Mach-O)"),
    "program (macOS universal Mach-O or Java class)": N_("a program (macOS universal Mach-O or Java class)"),
    "program (WebAssembly)": N_("a program (WebAssembly)"),
    "WebP image": N_("a WebP image"),
    "HEIC image": N_("a HEIC image"),
    "program (Windows .exe or .dll)": N_("a program (Windows .exe or .dll)"),
    "Word document (.docx)": N_("a Word document (.docx)"),
    "PowerPoint presentation (.pptx)": N_("a PowerPoint presentation (.pptx)"),
    "OpenDocument text document (.odt)": N_("an OpenDocument text document (.odt)"),
    "OpenDocument presentation (.odp)": N_("an OpenDocument presentation (.odp)"),
    "OpenDocument file that is not a spreadsheet": N_("an OpenDocument file that is not a spreadsheet"),
    "ZIP archive": N_("a ZIP archive"),
    "web page (HTML)": N_("a web page (HTML)"),
    "Excel 2003 XML spreadsheet": N_("an Excel 2003 XML spreadsheet"),
    "XML file": N_("a XML file"),
    "JSON file": N_("a JSON file"),
    "JSON Lines file": N_("a JSON Lines file"),
    "ARFF file (Weka)": N_("an ARFF file (Weka)"),
    "WebAnno TSV file": N_("a WebAnno TSV file (token annotations)"),
    "brat annotation file (.ann)": N_("a brat annotation file (.ann: text spans, not ratings of "
                                      "subjects)"),
    "CoNLL token file": N_("a CoNLL file (one line per token, sentence by sentence)"),
}
"""Each kind of file TapDesk does not read, as a refusal names it (the kinds stay English
keys)."""


def refuse_other(kind: str, file: str) -> None:
    """A one-line refusal naming what the file is, when TapDesk does not read it."""
    if kind in ("text", "sheet", "spss", "stata"):
        return
    advice = {"web page (HTML)": N_("open it in Excel or LibreOffice and save it as .xlsx or CSV"),
              "Excel 2003 XML spreadsheet": N_("open it in Excel or LibreOffice and save it as "
                                               ".xlsx"),
              "ZIP archive": N_("unpack it and open the table inside")}.get(kind)
    if advice is None and kind.startswith("compressed"):
        advice = N_("unpack it first and open the table inside")
    named = Wording.of(_KIND_WORDS[kind]) if kind in _KIND_WORDS else kind
    if kind.startswith(PROGRAM):
        # Translators: {kind} is what the file is ("a program (Linux ELF)"); {advice} what to do
        # instead (a clause).
        raise DataError(Wording.of(N_("this is {kind}, not a data file; choose the file that "
                                      "holds the ratings, or {advice}"), kind=named,
                                   advice=Wording.of(SAVE_AS)), file=file)
    # Translators: {kind} is what the file is ("a PDF document"); {advice} what to do instead.
    raise DataError(Wording.of(N_("this is {kind}, not a table of ratings; {advice}"), kind=named,
                               advice=Wording.of(advice or SAVE_AS)), file=file)
