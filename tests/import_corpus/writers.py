"""File writers for the import corpus: text tables as real programs write them, spreadsheets
with formulas and their cached values, merged cells, and SPSS/Stata files.

The .xlsx and .ods writers build the XML by hand because the files must look like what Excel
and LibreOffice save: a formula cell carries both its formula and its last computed value
(openpyxl writes only the formula, which is what a file never opened in Excel looks like;
the corpus has those too, written with openpyxl).
"""

from __future__ import annotations

import zipfile
from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

Cell = object          # str | int | float | None | Formula


class Formula:
    """A formula cell with its cached result (``value``; None when never computed)."""

    def __init__(self, xlsx: str, ods: str, value: float | None) -> None:
        self.xlsx, self.ods = xlsx, ods
        self.value = None if value is None else float(value)


# ------------------------------------------------------------------ text
def quote_field(text: str, delimiter: str, always: bool = False) -> str:
    needs = always or any(ch in text for ch in (delimiter, '"', "\n", "\r"))
    return '"' + text.replace('"', '""') + '"' if needs else text


def text_table(rows: Sequence[Sequence[object]], delimiter: str = ",", *, eol: str = "\n",
               quote_strings: bool = False, na: str = "") -> str:
    """Delimited text. ``quote_strings`` quotes every non-number as R's write.csv does."""
    out = []
    for row in rows:
        fields = []
        for v in row:
            if v is None:
                fields.append(na)
            elif isinstance(v, (int, float)):
                fields.append(str(v))
            else:
                fields.append(quote_field(str(v), delimiter, always=quote_strings))
        out.append(delimiter.join(fields))
    return eol.join(out) + eol


def write_text(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


# ------------------------------------------------------------------ xlsx
def _col_letter(j: int) -> str:
    s = ""
    j += 1
    while j:
        j, r = divmod(j - 1, 26)
        s = chr(65 + r) + s
    return s


def cell_ref(i: int, j: int) -> str:
    """A1-style reference of 0-based row i, column j."""
    return f"{_col_letter(j)}{i + 1}"


def _xlsx_cell(i: int, j: int, v: Cell, strings: dict[str, int]) -> str:
    ref = cell_ref(i, j)
    if v is None or v == "":
        return ""
    if isinstance(v, Formula):
        cached = "" if v.value is None else f"<v>{v.value!r}</v>"
        return f'<c r="{ref}"><f>{escape(v.xlsx)}</f>{cached}</c>'
    if isinstance(v, bool):
        return f'<c r="{ref}" t="b"><v>{int(v)}</v></c>'
    if isinstance(v, (int, float)):
        return f'<c r="{ref}"><v>{v!r}</v></c>'
    k = strings.setdefault(str(v), len(strings))
    return f'<c r="{ref}" t="s"><v>{k}</v></c>'


def write_xlsx(path: Path, sheets: Sequence[tuple[str, Sequence[Sequence[Cell]]]],
               merged: Sequence[str] = ()) -> Path:
    """An .xlsx as Excel saves it (shared strings, cached formula values, merged ranges on
    the first sheet)."""
    strings: dict[str, int] = {}
    sheet_xml = []
    for n, (_, rows) in enumerate(sheets):
        body = "".join(f'<row r="{i + 1}">' + "".join(_xlsx_cell(i, j, v, strings)
                                                      for j, v in enumerate(row)) + "</row>"
                       for i, row in enumerate(rows))
        merges = ""
        if merged and n == 0:
            merges = f'<mergeCells count="{len(merged)}">' + "".join(
                f'<mergeCell ref="{m}"/>' for m in merged) + "</mergeCells>"
        sheet_xml.append('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                         '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
                         f"<sheetData>{body}</sheetData>{merges}</worksheet>")
    ns_main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    ns_rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    pkg_rel = "http://schemas.openxmlformats.org/package/2006/relationships"
    sheets_el = "".join(f'<sheet name={quoteattr(name)} sheetId="{n + 1}" r:id="rId{n + 1}"/>'
                        for n, (name, _) in enumerate(sheets))
    workbook = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="{ns_main}" '
                f'xmlns:r="{ns_rel}"><sheets>{sheets_el}</sheets></workbook>')
    rels = "".join(f'<Relationship Id="rId{n + 1}" Type="{ns_rel}/worksheet" '
                   f'Target="worksheets/sheet{n + 1}.xml"/>' for n in range(len(sheets)))
    rels += (f'<Relationship Id="rId{len(sheets) + 1}" Type="{ns_rel}/sharedStrings" '
             'Target="sharedStrings.xml"/>')
    ordered = sorted(strings, key=strings.get)
    shared = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="{ns_main}" '
              f'count="{len(ordered)}" uniqueCount="{len(ordered)}">'
              + "".join(f"<si><t xml:space=\"preserve\">{escape(s)}</t></si>" for s in ordered)
              + "</sst>")
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n + 1}.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' for n in range(len(sheets)))
    types = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.'
             'openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType='
             '"application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
             'ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType='
             '"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
             '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
             f'officedocument.spreadsheetml.sharedStrings+xml"/>{overrides}</Types>')
    root_rels = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns='
                 f'"{pkg_rel}"><Relationship Id="rId1" Type="{ns_rel}/officeDocument" '
                 'Target="xl/workbook.xml"/></Relationships>')
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", types)
        z.writestr("_rels/.rels", root_rels)
        z.writestr("xl/workbook.xml", workbook)
        z.writestr("xl/_rels/workbook.xml.rels",
                   f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships '
                   f'xmlns="{pkg_rel}">{rels}</Relationships>')
        z.writestr("xl/sharedStrings.xml", shared)
        for n, xml in enumerate(sheet_xml):
            z.writestr(f"xl/worksheets/sheet{n + 1}.xml", xml)
    return path


def write_xlsx_openpyxl(path: Path, rows: Sequence[Sequence[Cell]], title: str = "Sheet1") -> Path:
    """An .xlsx as openpyxl (or pandas) writes it: formulas without cached values."""
    import openpyxl
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(["=" + v.xlsx if isinstance(v, Formula) else v for v in row])
    book.save(path)
    return path


# ------------------------------------------------------------------- ods
def _ods_cell(v: Cell) -> str:
    if v is None or v == "":
        return "<table:table-cell/>"
    if isinstance(v, Formula):
        value = "" if v.value is None else f' office:value-type="float" office:value="{v.value!r}"'
        shown = "" if v.value is None else f"<text:p>{v.value:g}</text:p>"
        return (
            f"<table:table-cell table:formula={quoteattr('of:=' + v.ods)}{value}>{shown}</table:table-cell>"
        )
    if isinstance(v, (int, float)):
        return (f'<table:table-cell office:value-type="float" office:value="{v!r}">'
                f"<text:p>{v:g}</text:p></table:table-cell>")
    return (f'<table:table-cell office:value-type="string"><text:p>{escape(str(v))}</text:p>'
            "</table:table-cell>")


def write_ods(path: Path, rows: Sequence[Sequence[Cell]], name: str = "Sheet1") -> Path:
    """An OpenDocument spreadsheet as LibreOffice saves it (formulas with cached values)."""
    body = "".join("<table:table-row>" + "".join(_ods_cell(v) for v in r) + "</table:table-row>"
                   for r in rows)
    content = ('<?xml version="1.0" encoding="UTF-8"?>'
               '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
               'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2">'
               f'<office:body><office:spreadsheet><table:table table:name={quoteattr(name)}>'
               f"{body}</table:table></office:spreadsheet></office:body></office:document-content>")
    return ods_package(path, content)


def ods_package(path: Path, content: str) -> Path:
    """The .ods zip around a ``content.xml``: the mimetype first and stored, a manifest."""
    manifest = ('<?xml version="1.0" encoding="UTF-8"?>'
                '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
                'manifest:version="1.2">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/'
                'vnd.oasis.opendocument.spreadsheet"/>'
                '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet",
                   compress_type=zipfile.ZIP_STORED)
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("META-INF/manifest.xml", manifest, compress_type=zipfile.ZIP_DEFLATED)
    return path
