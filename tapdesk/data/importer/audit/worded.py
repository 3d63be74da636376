"""Principle: a rater shares the raters' scale, asked before a wide file of words is refused
(rule 'rater-scale').

An export from a tracker or a form holds many columns beside the raters' (a title, an id, a
status, the people assigned, dates): counted together their values are far too many to be
categories, and the file would be refused as ids or free text. The raters' own columns still
share a few words (three triagers' 'S1 - Blocker' to 'S4 - Minor'). Before the refusal, the
columns are grouped by the words they share; where one group of three columns or more is the
largest, filled for most rows, holding few enough words to be categories and named as a
panel's columns are (a series: the same words with one part changed), the file is read again
with the other columns left out, each said. Two columns are a panel too where the part they
share is a rater word ('Coder 1' and 'Coder 2', 'coder_RB' and 'coder_LT' beside a speaker's
sex, class and the word coded). A file with no such group stays refused.
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.groups import linked_groups
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import MAX_TEXT_CATEGORIES, ValueRules
from tapdesk.data.importer.words import RATER_WORDS, name_tokens
from tapdesk.data.wording import Name, Quoted, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
SHARED = 0.5            # of either column's filled cells holding a word the other uses, more than
FILLED = 0.5            # of the rows a rater's column fills, at least
MIN_GROUP = 3           # columns of the raters' group, at least
MAX_COLUMNS = 80
ROWS = 2000


def narrower_words(table: Table, det: Detection, rules: ValueRules,
                   max_categories: int) -> tuple[Finding, ...]:
    """The findings that leave out every column off the one largest group of columns sharing
    their words, when that group's words are few enough to be categories; () else."""
    columns = list(det.value_columns)
    if det.layout != "wide" or not MIN_GROUP < len(columns) <= MAX_COLUMNS:
        return ()
    cells = {c: [rules.label(t) for t in table.texts(c, ROWS)] for c in columns}
    rows = max(len(v) for v in cells.values())
    filled = {c: [v for v in cells[c] if v is not None] for c in columns}
    words = {c: set(filled[c]) for c in columns}
    wide_enough = [c for c in columns if len(filled[c]) >= FILLED * rows and
                   len(words[c]) <= max(max_categories, 2) and len(words[c]) < len(filled[c])]
    groups = sorted(linked_groups(wide_enough, lambda a, b: min(
        _on(filled[a], words[b]), _on(filled[b], words[a])) > SHARED), key=len, reverse=True)
    if not groups or (len(groups[0]) < MIN_GROUP and not _two_raters(groups[0])) or \
            (len(groups) > 1 and len(groups[1]) == len(groups[0])):
        return ()
    group = groups[0]
    if len(set().union(*(words[c] for c in group))) > min(max_categories, MAX_TEXT_CATEGORIES) or \
            not _a_series(group):
        return ()
    shown = tuple(sorted(set().union(*(words[c] for c in group))))[:4]
    return tuple(_left_out(c, tuple(sorted(words[c]))[:3], shown) for c in columns
                 if c not in group)


def _a_series(names: list[str]) -> bool:
    """The names differ in one part only, as a panel's columns do ('Severity (Triager 1)' to
    'Severity (Triager 3)'; not 'Country of birth' beside 'Nationality')."""
    words = [name_tokens(n) for n in names]
    start = all(w[:1] == words[0][:1] for w in words) and bool(words[0])
    end = all(w[-1:] == words[0][-1:] for w in words) and bool(words[0])
    return start or end


def _two_raters(names: list[str]) -> bool:
    """Two columns named as a series whose shared words name raters ('Coder 1', 'Coder 2')."""
    shared = set(name_tokens(names[0])) & set(name_tokens(names[-1]))
    return len(names) == 2 and _a_series(names) and bool(shared & RATER_WORDS)


def _on(values: list, words: set) -> float:
    return sum(v in words for v in values) / len(values) if values else 0.0


def _left_out(column: str, own: tuple[str, ...], scale: tuple[str, ...]) -> Finding:
    # Translators: an import note; {column} a column's name, {values} some of its values and
    # {scale} some of the raters' categories, both quoted.
    wording = Wording.of(N_("column {column} was left out: its values ({values}) are not on the "
                            "common scale of the rater columns ({scale})"),
                         column=Name(column), values=Quoted(own), scale=Quoted(scale))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "leave out"),))
