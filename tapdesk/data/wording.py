"""Sentences the importer says about a file, kept as data and written when they are read.

An import note is made once, when the file is read, but read later and in whatever language the
screen or the report then speaks (issue 54). So a note keeps a :class:`Wording`: its English
template (marked for the catalogs where it is written) and its values by name; its text is made
by :meth:`Wording.text` in the language of that moment. A value may itself be worded when it is
shown: a list of rows (:class:`Rows`), of columns (:class:`Columns`), a share (:class:`Share`) or
another Wording. In English every text is what the importer wrote before, byte for byte.

:class:`Sentences` is a tuple of such sentences (or plain texts) that reads as text: its items,
read, are their texts in the current language, so ``Dataset.notes`` and ``Dataset.warnings``
stay tuples of strings to every reader.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, SupportsIndex, overload

from tapdesk.i18n import _, formats, ngettext, pgettext
from tapdesk.i18n.current import is_source


@dataclass(frozen=True)
class Wording:
    """A sentence as data: an English ``template`` with named fields and their ``values``; a
    count's sentence also has its ``plural`` template and the ``count`` that chooses the form."""

    template: str
    values: tuple[tuple[str, Any], ...] = ()
    plural: str | None = None
    count: int = 1
    context: str | None = None

    @classmethod
    def of(cls, template: str, **values: Any) -> Wording:
        """The sentence ``template`` (marked ``N_`` where it is written) with its values."""
        return cls(template, _frozen(values))

    @classmethod
    def ngettext(cls, singular: str, plural: str, count: int, **values: Any) -> Wording:
        """A sentence about ``count`` things, in the form the language's plural rule chooses
        when it is read (marked for the catalogs by its name, as ``ngettext`` is)."""
        return cls(singular, _frozen(values), plural, int(count))

    @classmethod
    def pgettext(cls, context: str, template: str, **values: Any) -> Wording:
        """A word or sentence whose meaning its ``context`` fixes ("tab" the delimiter)."""
        return cls(template, _frozen(values), context=context)

    def text(self) -> str:
        """The sentence in the current language."""
        if self.context is not None:
            template = pgettext(self.context, self.template)
        elif self.plural is None:
            template = _(self.template)
        else:
            template = ngettext(self.template, self.plural, self.count)
        return template.format(**{name: shown(value) for name, value in self.values})

    def __str__(self) -> str:
        return self.text()


class Worded(str):
    """A text that is English wherever it is used as a string (compared, sliced, edited by a
    rule), and keeps its :attr:`wording` for a sentence that shows it in another language
    (:func:`shown`): the layout's reason, which rules still edit as text."""

    wording: Wording

    def __new__(cls, wording: Wording) -> Worded:
        from tapdesk.i18n import SOURCE, language
        with language(SOURCE):
            made = super().__new__(cls, wording.text())
        made.wording = wording
        return made

    def __getnewargs__(self) -> tuple[Wording]:  # type: ignore[override]
        return (self.wording,)


def _frozen(values: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple((name, tuple(v) if isinstance(v, list) else v) for name, v in values.items())


def shown(value: Any) -> Any:
    """A value as a sentence shows it: a Wording as its text, anything else as it is (its
    format spec applied by the template)."""
    if isinstance(value, Worded):
        return value.wording.text()
    return value.text() if isinstance(value, Wording) else value


def text_of(sentence: str | Wording) -> str:
    """A plain text as it is, a Wording in the current language."""
    return sentence.text() if isinstance(sentence, Wording) else sentence


class Sentences(tuple):
    """Sentences (Wordings or plain texts) that read as their texts in the current language:
    iterating, indexing and ``in`` see strings; equality and pickling keep the data."""

    def __iter__(self) -> Iterator[str]:
        return (text_of(s) for s in tuple.__iter__(self))

    @overload
    def __getitem__(self, index: SupportsIndex) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sentences: ...

    def __getitem__(self, index):
        item = tuple.__getitem__(self, index)
        return Sentences(item) if isinstance(index, slice) else text_of(item)

    def __contains__(self, text: object) -> bool:
        return any(text == shown_text for shown_text in self)

    def __add__(self, other: Iterable[Any]) -> Sentences:
        items = tuple.__iter__(other) if isinstance(other, Sentences) else tuple(other)
        return Sentences(tuple(tuple.__iter__(self)) + tuple(items))

    def __radd__(self, other: Iterable[Any]) -> Sentences:
        return Sentences(tuple(other) + tuple(tuple.__iter__(self)))

    def data(self) -> tuple[str | Wording, ...]:
        """The sentences as kept (Wordings, not texts)."""
        return tuple(tuple.__iter__(self))


def sentences(*parts: Iterable[str | Wording]) -> Sentences:
    """``parts`` one after another as Sentences, each kept as data (a Sentences part too)."""
    kept: list[str | Wording] = []
    for part in parts:
        kept += part.data() if isinstance(part, Sentences) else list(part)
    return Sentences(kept)


@dataclass(frozen=True)
class Joined:
    """Items (texts or Wordings) shown joined by ``sep``, each in the current language."""

    items: tuple[str | Wording | Joined | Name | Quoted | Labelled, ...]
    sep: str | Wording = ", "

    def __format__(self, spec: str) -> str:
        return text_of(self.sep).join(format(shown(item)) for item in self.items)


@dataclass(frozen=True)
class Listed:
    """Names in a list: joined by ", " in English, as the importer always wrote them; by the
    language's own rules elsewhere ("'a', 'b' und 'c'"), each item shown in that language."""

    items: tuple[Any, ...]

    def __format__(self, spec: str) -> str:
        texts = [format(shown(item)) for item in self.items]
        return ", ".join(texts) if is_source() else formats.joined(texts)


@dataclass(frozen=True)
class Quoted:
    """Labels each in the language's quotation marks, one after another with ", ": "'gold'",
    „gold“, « gold » (:func:`tapdesk.i18n.formats.quoted`); a number among them as
    :class:`Written` writes it."""

    names: tuple[str | Written, ...]

    def __format__(self, spec: str) -> str:
        return formats.quoted_list([format(name) for name in self.names])


@dataclass(frozen=True)
class Name:
    """One name in a sentence (a column's, a sheet's, a rating's, a label) in the language's
    quotation marks: "'Score'", „Score“, « Score », «Score» (:func:`formats.quoted`, the one
    place a name gets its quotes; a template never writes them). A format spec applies to
    the value ("{code:g}")."""

    value: Any

    def __format__(self, spec: str) -> str:
        return formats.quoted(format(shown(self.value), spec))


@dataclass(frozen=True)
class Labelled:
    """A code and its value label, the label quoted as the language quotes a name:
    "9 ('not assessed')", "9 („not assessed“)" (:func:`tapdesk.i18n.formats.quoted`)."""

    code: str
    label: str

    def __format__(self, spec: str) -> str:
        return f"{self.code} ({formats.quoted(self.label)})"


@dataclass(frozen=True)
class Series:
    """Items in a sentence joined by the language's "and": "1, 2 and 3", "1, 2 und 3"."""

    items: tuple[Any, ...]

    def __format__(self, spec: str) -> str:
        return formats.joined([format(shown(item)) for item in self.items])


@dataclass(frozen=True)
class Count:
    """A count with its thousands grouped: "1,000" in English, "1.000" in German."""

    n: int

    def __format__(self, spec: str) -> str:
        if is_source():
            from tapdesk.counting import number
            return number(self.n)
        return formats.integer(self.n)


@dataclass(frozen=True)
class Decimal:
    """A number as the data give it: English as Python's format spec writes it (``{x:g}``),
    other languages with their decimal mark."""

    value: float

    def __format__(self, spec: str) -> str:
        english = format(self.value, spec)
        if is_source() or "e" in english.lower():
            return english
        return formats.decimal(self.value, len(english.partition(".")[2]))


@dataclass(frozen=True)
class Written:
    """A number as the file writes it (a label, "80.2"): in English as written, byte for byte;
    in another language with its decimal mark and as many decimals ("80,2"), as a
    :class:`Decimal` beside it is written, so one sentence never mixes the two marks (issue
    79). A text that is no plain number ("1e-3", "n/a") stays as written."""

    text: str

    def __format__(self, spec: str) -> str:
        written = format(self.text, spec)
        if is_source() or "e" in written.lower():
            return written
        try:
            value = float(written)
        except ValueError:
            return written
        return formats.decimal(value, len(written.strip().partition(".")[2]))


@dataclass(frozen=True)
class Numbers:
    """Numbers one after another as the data give them (``{x:g}``), each named where ``names``
    are given: "t = 0.27, a = 0.54" and "(0.15, 0.35)" in English as TapDesk wrote them; where
    the language's decimal mark is a comma, the numbers are set apart by semicolons
    ("t = 0,27; a = 0,54", "(0,15; 0,35)"), so a list of decimals reads as one."""

    values: tuple[float, ...]
    names: tuple[str, ...] = ()
    bracketed: bool = False

    def __format__(self, spec: str) -> str:
        parts = [format(Decimal(v), "g") for v in self.values]
        if self.names:
            parts = [f"{name} = {part}" for name, part in zip(self.names, parts, strict=True)]
        comma = not is_source() and "," in formats.decimal(0.5, 1)
        text = ("; " if comma else ", ").join(parts)
        return f"({text})" if self.bracketed else text


@dataclass(frozen=True)
class Share:
    """A share shown as a percent: English as Python's format spec writes it (``{x:.0%}``),
    other languages by their own rules."""

    value: float

    def __format__(self, spec: str) -> str:
        if is_source() or not spec.endswith("%"):
            return format(self.value, spec)
        digits = int(spec[1:-1]) if spec.startswith(".") and spec[1:-1].isdigit() else 0
        return formats.percent(self.value, digits)


@dataclass(frozen=True)
class Rows:
    """Rows as a spreadsheet numbers them: "row 5", "rows 5 and 9", "rows 23-25",
    "rows 2, 4, 9 ... (12 rows)"."""

    rows: tuple[int, ...]
    limit: int = 6

    def __format__(self, spec: str) -> str:
        return row_list(self.rows, self.limit)


@dataclass(frozen=True)
class Columns:
    """Columns by name: "column 'x'", "columns 'a', 'b', 'c' ... (9 columns)"."""

    columns: tuple[str, ...]
    limit: int = 6

    def __format__(self, spec: str) -> str:
        return column_list(self.columns, self.limit)


def row_list(rows: Iterable[int], limit: int = 6) -> str:
    """'row 5', 'rows 5 and 9', 'rows 23-25', 'rows 2, 4, 9 ... (12 rows)' in the current
    language."""
    rows = sorted({int(r) for r in rows})
    if not rows:
        return _("no rows")
    if len(rows) == 1:
        # Translators: one row of the file, as the spreadsheet numbers it.
        return _("row {row}").format(row=rows[0])
    if rows[-1] - rows[0] == len(rows) - 1 and len(rows) > 2:
        # Translators: a run of rows of the file, "rows 23-25".
        return _("rows {first}-{last}").format(first=rows[0], last=rows[-1])
    if len(rows) == 2:
        # Translators: two rows of the file, "rows 5 and 9".
        return _("rows {first} and {last}").format(first=rows[0], last=rows[1])
    if len(rows) <= limit:
        # Translators: {rows} is a list of row numbers joined by ", "; {last} the last one.
        return _("rows {rows} and {last}").format(rows=", ".join(map(str, rows[:-1])),
                                                  last=rows[-1])
    # Translators: {rows} is the first row numbers joined by ", "; {n} how many rows in all.
    return _("rows {rows} ... ({n} rows)").format(rows=", ".join(map(str, rows[:limit])),
                                                  n=len(rows))


def column_list(columns: Iterable[str], limit: int = 6) -> str:
    """"column 'x'", "columns 'a', 'b'", "columns 'a', ... (9 columns)" in the current
    language."""
    cols = [formats.quoted(str(c)) for c in columns]
    if len(cols) == 1:
        # Translators: one column of the file; {column} is its name in quotes ('Score').
        return _("column {column}").format(column=cols[0])
    if len(cols) > limit:
        # Translators: {columns} is the first column names in quotes joined by ", "; {n} how
        # many columns in all.
        return _("columns {columns} ... ({n} columns)").format(columns=", ".join(cols[:limit]),
                                                               n=len(cols))
    # Translators: {columns} is column names in quotes joined by ", ".
    return _("columns {columns}").format(columns=", ".join(cols))
