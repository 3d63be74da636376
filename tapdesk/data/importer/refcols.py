"""Rule 'reference-answer': a consensus, gold-standard, adjudicated or final answer is not a
rater.

Such a "rater" agrees with the panel by construction and would inflate every agreement
number. It is kept beside the ratings (``Dataset.references``, for a validity check) and left
out of the raters, with a note saying why. Two kinds of evidence:

* the name: every word of the column name (or, in a long file, of the rater's name) is a
  reference word or may stand beside one ('Consensus', 'gold_label', 'Final answer',
  'Referenz', 'verdict final'; see ``words.is_reference_name``). A name that mixes a
  reference word with a person or a rater word ('Judge Final', 'Dr Gold') is no evidence:
  the structure decides it;
* the structure (wide files with three raters or more besides it): the column equals the
  majority of the OTHER raters (their strict majority, their most frequent answer where one
  is more frequent than any other, or for numbers their mean to within a half) in at least
  95% of 12 or more rows, while every remaining rater agrees with its own others' majority
  at least 5 points less, and so much less that a rater as good as the best of them would
  agree that often by chance less than once in a hundred files (a binomial tail). With
  few raters a good real rater agrees often too; this is what tells a column built from the
  others from a rater who agrees with them. With only two other raters
  a "majority" is the two agreeing, which any good rater matches: the name must tell.

A column the user gave the role "rater" (``ImportOptions.column_roles``) stays a rater; one
given "reference" is a reference whatever its name and values; one given "leave out" is left
out (rule 'column-role').
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from tapdesk.data.importer.convert import column_ids
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.scalerule import drop_value_columns
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import ValueRules
from tapdesk.data.importer.words import is_reference_name
from tapdesk.data.scale import numeric_value
from tapdesk.data.wording import Name, Rows, Wording
from tapdesk.i18n import N_, formats
from tapdesk.i18n.current import is_source

RULE = "reference-answer"
ROLE_RULE = "user-roles"
_SHARE = 0.95             # agreement with the others' majority that marks a reference
_MIN_ROWS = 12            # rows with a majority of the others needed to judge (the binomial
                          # tail below keeps a very good rater who matches by chance a rater)
_MARGIN = 0.05            # how far above every real rater a reference column must agree
_CHANCE = 0.01            # ... and how unlikely that agreement must be for the best real rater
_MIN_RATERS = 3           # other raters the structure needs (two agreeing is no majority)
_MAX_COLUMNS = 60
_MAX_ROWS = 20_000
_MAX_CATEGORIES = 30
# Translators: the end of an import note on a reference answer (a consensus or gold standard).
_KEPT = N_("kept beside the ratings as the reference for a validity check, not counted as a rater")
# Translators: why a column is a reference answer, inside an import note.
_CHOSEN = N_("it was chosen as the reference")
_NAMED = N_("its name says so")


@dataclass(frozen=True)
class _Quoted:
    """Names in quotes, joined as the language joins a list ("'a' and 'b'")."""

    names: tuple[str, ...]

    def __format__(self, spec: str) -> str:
        quoted = [formats.quoted(n) for n in self.names]
        return " and ".join(quoted) if is_source() else formats.joined(quoted)


def subject_ids(table: Table, det: Detection) -> list[str]:
    """The subject id of every body row, as the ratings table will name it."""
    if det.subject:
        ids = column_ids(table, det.subject)
        labels = np.asarray(ids.labels + ("",), dtype=object)
        return labels[ids.codes].tolist()
    return [str(i + 1) for i in range(len(table.body))]


def answers(table: Table, column: str, subjects: list[str], rules: ValueRules) -> dict[str, str]:
    """{subject: answer} of one column (first filled answer of each subject)."""
    out: dict[str, str] = {}
    for subject, text in zip(subjects, table.texts(column)):
        label = rules.label(text) if text else None
        if subject and label is not None:
            out.setdefault(subject, label)
    return out


@dataclass(frozen=True)
class _Fit:
    """How often a column equals a function of the other raters' ratings."""

    hits: int
    rows: int
    how: str                               # "majority", "plurality" or "mean"

    @property
    def share(self) -> float:
        return self.hits / self.rows if self.rows else 0.0


class _Grid:
    """The rating cells of the value columns as category numbers (-1 missing)."""

    def __init__(self, table: Table, columns: list[str], rules: ValueRules) -> None:
        coded = table.codes()
        idx = [table.index(c) for c in columns]
        codes = coded.codes[:_MAX_ROWS, idx]
        uniq, inverse = np.unique(codes, return_inverse=True)
        labels = [rules.label(coded.text[u]) if coded.text[u] else None for u in uniq.tolist()]
        cats = sorted({lab for lab in labels if lab is not None})
        pos = {c: k for k, c in enumerate(cats)}
        lookup = np.array([pos[lab] if lab is not None else -1 for lab in labels] + [-1])
        self.cells = lookup[inverse.reshape(codes.shape)] if codes.size else codes
        self.k = len(cats)
        values = [numeric_value(c) for c in cats]
        self.values = np.array(values, dtype=float) if cats and None not in values else None
        self.onehot = self.cells[:, :, None] == np.arange(min(self.k, _MAX_CATEGORIES))[None, None, :]
        self._totals: dict[frozenset[int], np.ndarray] = {}

    def fit(self, j: int, others: list[int], how: str, min_others: int) -> _Fit:
        own = self.cells[:, j]
        if how == "mean":
            assert self.values is not None
            vals = np.where(self.cells[:, others] >= 0, self.values[self.cells[:, others]], np.nan)
            present = (~np.isnan(vals)).sum(axis=1)
            rows = (own >= 0) & (present >= max(2, min_others))
            with np.errstate(invalid="ignore"):
                mean = np.nanmean(np.where(rows[:, None], vals, 0.0), axis=1)
            hits = rows & (np.abs(self.values[own] - mean) <= 0.5 + 1e-9)
            return _Fit(int(hits.sum()), int(rows.sum()), how)
        counts = self._total(others + [j]) - self.onehot[:, j, :]
        present = counts.sum(axis=1)
        ranked = np.sort(counts, axis=1)
        top = ranked[:, -1] if self.k else np.zeros(len(own), int)
        second = ranked[:, -2] if self.k >= 2 else np.zeros(len(own), int)
        most = 2 * top > present if how == "majority" else top > second
        rows = (own >= 0) & (present >= min_others) & most
        hits = rows & (counts.argmax(axis=1) == own) if self.k else rows
        return _Fit(int(hits.sum()), int(rows.sum()), how)

    def _total(self, group: list[int]) -> np.ndarray:
        """Rows x categories: how many of the ``group`` columns gave each category (kept for
        the group, so each column's others cost one subtraction)."""
        key = frozenset(group)
        if key not in self._totals:
            self._totals = {key: self.onehot[:, sorted(key), :].sum(axis=1)}
        return self._totals[key]

    def best_fit(self, j: int, others: list[int]) -> _Fit:
        """The closest of: the others' strict majority, their most frequent answer (when one
        is more frequent than any other), their mean (numbers)."""
        hows = ("majority", "plurality") + (("mean",) if self.values is not None and self.k > 2
                                            else ())
        fits = [self.fit(j, others, how, 2) for how in hows]
        return max(fits, key=lambda f: (f.rows >= _MIN_ROWS and f.share >= _SHARE, f.share,
                                        f.rows))


def at_least(hits: int, rows: int, rate: float) -> float:
    """The chance of ``hits`` or more agreements in ``rows`` for a rater who agrees at ``rate``
    (a binomial tail, summed in logs: scipy.stats is too heavy to load at start-up)."""
    if rate <= 0.0:
        return 0.0 if hits > 0 else 1.0
    if rate >= 1.0:
        return 1.0
    log_p, log_q = math.log(rate), math.log1p(-rate)
    terms = [math.lgamma(rows + 1) - math.lgamma(i + 1) - math.lgamma(rows - i + 1)
             + i * log_p + (rows - i) * log_q for i in range(hits, rows + 1)]
    top = max(terms)
    return min(1.0, math.exp(top) * sum(math.exp(t - top) for t in terms))


def built_from_others(grid: _Grid, candidates: list[int], raters: list[int]) -> dict[int, _Fit]:
    """The columns among ``candidates`` that equal the majority (or mean) of the other
    ``raters`` far more often than any real rater does (module docstring)."""
    found: dict[int, _Fit] = {}
    active = list(raters)
    while len(active) >= _MIN_RATERS + 1:
        scored = {j: grid.best_fit(j, [o for o in active if o != j])
                  for j in active if j in candidates}
        if not scored:
            break
        best = max(scored, key=lambda j: (scored[j].share, scored[j].rows))
        fit = scored[best]
        if fit.share < _SHARE or fit.rows < _MIN_ROWS:
            break
        rest = [o for o in active if o != best]
        # each real rater against the same number of others as the candidate (the candidate
        # among them: it lifts their agreement, so the comparison errs toward keeping raters)
        rival = max(grid.fit(k, [o for o in active if o != k], fit.how, 2).share for k in rest)
        if fit.share - rival < _MARGIN or at_least(fit.hits, fit.rows, rival) > _CHANCE:
            break
        found[best] = fit
        active = rest
    return found


def _fit_words(fit: _Fit) -> Wording:
    # Translators: why a column is a reference answer; {hits} and {rows} are numbers of rows.
    template = {"majority": N_("it equals the majority of the other raters in {hits} of {rows} "
                               "rows"),
                # Translators: as above.
                "plurality": N_("it equals the most frequent answer of the other raters in {hits} "
                                "of {rows} rows"),
                # Translators: as above.
                "mean": N_("it equals the rounded mean of the other raters in {hits} of {rows} "
                           "rows")}[fit.how]
    return Wording.of(template, hits=fit.hits, rows=fit.rows)


def apply_reference_rule(table: Table, det: Detection, rules: ValueRules, book: NoteBook,
                         roles: dict[str, str],
                         references: dict[str, dict[str, str]]) -> tuple[Table, Detection]:
    """Leave reference answers out of the raters (filling ``references``), and the columns
    the user chose to leave out."""
    chosen_out = [c for c in det.value_columns if roles.get(c) == "leave out"]
    if chosen_out and len(chosen_out) < len(det.value_columns):
        for c in chosen_out:
            # Translators: an import note; {column} is a column's name.
            book.add(ROLE_RULE, Wording.of(N_("column {column} was left out, as chosen"), column=Name(c)),
                     columns=[c], switchable=False)
        table, det = drop_value_columns(table, det, chosen_out)
    if det.layout == "wide":
        return _wide(table, det, rules, book, roles, references)
    if det.layout == "long":
        table = _long_columns(table, det, rules, book, roles, references)
        return _rater_rows(table, det, rules, book, references,
                           [det.rating] if det.rating else [])
    if det.layout == "wide-rows":
        return _rater_rows(table, det, rules, book, references, list(det.value_columns))
    return table, det


def _wide(table: Table, det: Detection, rules: ValueRules, book: NoteBook, roles: dict[str, str],
          references: dict[str, dict[str, str]]) -> tuple[Table, Detection]:
    columns = list(det.value_columns)
    raters = [c for c in columns if roles.get(c) != "reference"]
    reasons: dict[str, Wording] = {c: Wording.of(_CHOSEN) for c in columns if c not in raters}
    if book.enabled(RULE):
        reasons.update({c: Wording.of(_NAMED) for c in raters
                        if roles.get(c) != "rater" and is_reference_name(c)})
        raters = [c for c in raters if c not in reasons]
        grid = _Grid(table, raters, rules) if _MIN_RATERS < len(raters) <= _MAX_COLUMNS \
            else None
        if grid is not None and grid.k <= _MAX_CATEGORIES:
            free = [j for j, c in enumerate(raters) if roles.get(c) != "rater"]
            for j, fit in built_from_others(grid, free, list(range(len(raters)))).items():
                reasons[raters[j]] = _fit_words(fit)
    if not reasons or len(reasons) >= len(columns):
        return table, det
    subjects = subject_ids(table, det)
    for c, why in reasons.items():
        references[c] = answers(table, c, subjects, rules)
        # Translators: an import note; {column} is a column's name, {why} says why, {kept} what
        # was done with it.
        book.add(RULE, Wording.of(N_("column {column} is a reference answer ({why}): {kept}"),
                                  column=Name(c), why=why, kept=Wording.of(_KEPT)), columns=[c],
                 action="left out", switchable=why.template != _CHOSEN)
    return drop_value_columns(table, det, reasons)


def _long_columns(table: Table, det: Detection, rules: ValueRules, book: NoteBook,
                  roles: dict[str, str], references: dict[str, dict[str, str]]) -> Table:
    """Unused columns of a long file that hold one answer per subject and are named (or
    chosen) as the reference ('consensus' repeated on every row of a subject)."""
    used = {det.subject, det.rater, det.rating, det.item}
    found = []
    subjects = subject_ids(table, det)
    for c in table.columns:
        chosen = roles.get(c) == "reference"
        if c in used or not (chosen or (book.enabled(RULE) and roles.get(c) != "rater"
                                        and is_reference_name(c))):
            continue
        pairs = {(s, rules.label(t)) for s, t in zip(subjects, table.texts(c)) if t and s}
        if not pairs or (not chosen and len({s for s, _ in pairs}) < len(pairs)):
            continue                      # not one answer per subject
        references[c] = answers(table, c, subjects, rules)
        # Translators: an import note; {column} is a column's name, {why} says why, {kept} what
        # was done with it.
        book.add(RULE, Wording.of(N_("column {column} holds a reference answer for each subject "
                                     "({why}): {kept}"), column=Name(c),
                                  why=Wording.of(_CHOSEN if chosen else _NAMED),
                                  kept=Wording.of(_KEPT)),
                 columns=[c], action="left out", switchable=not chosen)
        found.append(c)
    return table.drop_columns(found) if found else table


def _rater_rows(table: Table, det: Detection, rules: ValueRules, book: NoteBook,
                references: dict[str, dict[str, str]], value_cols) -> tuple[Table, Detection]:
    """Rows of a rater named like a reference ('consensus', 'gold', 'adjudicator', 'final'),
    in a long file or one with raters in rows: their ratings become the reference."""
    if not det.rater or not value_cols or not book.enabled(RULE):
        return table, det
    names = table.texts(det.rater)
    refs = sorted(n for n in set(names) if n and is_reference_name(n))   # once per rater
    if not refs or len(refs) >= len({n for n in names if n}):
        return table, det
    drop = np.array([n in refs for n in names])
    rows = [table.row_of(int(i)) for i in np.flatnonzero(drop)]
    subjects = subject_ids(table, det) if det.layout == "long" else []
    cells = {c: table.texts(c) for c in value_cols}
    for name in refs:
        mine = [i for i, n in enumerate(names) if n == name]
        if det.layout == "long":
            refs_of = {subjects[i]: rules.label(cells[value_cols[0]][i]) for i in mine}
        else:
            refs_of = {c: rules.label(cells[c][i]) for i in mine for c in value_cols}
        references[name] = {s: v for s, v in refs_of.items() if s and v is not None}
    # Translators: an import note; {who} is the raters' names in quotes joined by " and ",
    # {rows} the rows ("rows 3-9"), {kept} what was done with them.
    book.add(RULE, Wording.ngettext("rater {who} is a reference answer (the name says so; {rows}): "
                                    "{kept}",
                                    "rater {who} are reference answers (the name says so; {rows}): "
                                    "{kept}", len(refs), who=_Quoted(tuple(refs)),
                                    rows=Rows(tuple(rows)), kept=Wording.of(_KEPT)),
             rows=rows, columns=[det.rater], action="left out")
    return table.keep_rows(~drop), det
