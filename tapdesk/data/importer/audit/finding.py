"""What one principle of the reading audit found, and how the audit acts on it."""

from __future__ import annotations

from dataclasses import dataclass, replace

from tapdesk.data.importer.model import ImportNote, ImportOptions
from tapdesk.data.wording import Wording
from tapdesk.errors import DataError

ACT, FLAG, REFUSE = "act", "flag", "refuse"
"""A finding the audit acts on (reads the file again, said in a note the user can switch
off), one it only flags (a warning naming the problem), and one that refuses the reading into
the preview (nothing read is ratings: the user gives the columns their roles there)."""


@dataclass(frozen=True)
class Finding:
    """One thing a reading is not, in words, with what reading it again would change.

    ``roles`` are (column, role) pairs as ``ImportOptions.column_roles`` takes them, ``rows``
    file rows that are not subjects, ``layout`` the layout to read; an ``ACT`` finding's note
    is ``action`` ("left out", "guessed"), a ``FLAG``'s a warning."""

    rule: str
    wording: Wording
    kind: str = FLAG
    columns: tuple[str, ...] = ()
    rows: tuple[int, ...] = ()
    roles: tuple[tuple[str, str], ...] = ()
    action: str = "left out"
    layout: str | None = None
    extras: bool = False
    """Read each cell that holds a rating and an extra in brackets as its rating."""
    labels: tuple[tuple[str, str], ...] = ()
    """Value labels (code, label) the reading gains (kept only where the user gave none)."""
    blank: str | None = None
    """The category a blank cell of the finding's ``columns`` is read as (None: missing)."""
    same: tuple[tuple[str, str], ...] = ()
    """(label, label) pairs: the first read as the second (one answer written two ways); a
    flag offers them (the preview's button), an act reads them so."""
    scoped: bool = False
    """An act's ``same`` read so in its ``columns`` alone (else in every column; so too
    where it names no column)."""
    reason: Wording | None = None
    """The layout's reason when the finding chooses one (a clause: what the file is)."""
    refusal: Wording | None = None
    """What is said, as a refusal, when the reading this finding asks for cannot be made
    (None: the reading stays as it was, the finding's rule switched off)."""
    as_column: Wording | None = None
    """The note's words where they call its column a rater and a later finding gives the
    column another role (a reference, say): the same act, said of a column."""

    def said_as(self, roles: dict[str, str]) -> Finding:
        """This finding with the words that fit its columns' roles at the end of the audit
        (``roles``: column -> role): a column that ends as no rater is not called one."""
        if self.as_column is None or not self.columns or \
                any(roles.get(c, "rater").startswith("rater") for c in self.columns):
            return self
        return replace(self, wording=self.as_column, as_column=None)

    def note(self) -> ImportNote:
        """The import note that says what was found (and done)."""
        acted = self.kind == ACT
        return ImportNote(self.rule, self.wording, self.rows, self.columns,
                          self.action if acted else "warning", None, acted, ())

    def applied(self, options: ImportOptions) -> ImportOptions:
        """``options`` with this finding's change: the roles guessed, the rows left out."""
        return replace(options, guessed_roles=options.guessed_roles + self.roles,
                       rows_out=tuple(sorted(set(options.rows_out) | set(self.rows))),
                       layout=self.layout or options.layout,
                       split_extras=options.split_extras or self.extras,
                       labels=options.labels or self.labels,
                       blank_as=self.blank or options.blank_as,
                       blank_columns=self.columns if self.blank else options.blank_columns,
                       same_as=options.same_as + (() if self._in_columns else self.same),
                       read_in=options.read_in + tuple((c, a, b) for c in self.columns
                                                       for a, b in self.same
                                                       if self._in_columns))

    @property
    def _in_columns(self) -> bool:
        return self.scoped and bool(self.columns)


class AuditRefusal(DataError):
    """A reading refused by a principle of the audit: what the file holds is no ratings table
    as read, whatever the principles that acted before it changed."""


class Reread(Exception):
    """Raised by the audit when a reading must be read again with its findings applied
    (caught by :func:`~tapdesk.data.importer.audit.run.audited`, never by a user)."""

    def __init__(self, findings: tuple[Finding, ...]) -> None:
        super().__init__("the reading is read again: " + ", ".join(f.rule for f in findings))
        self.findings = findings
