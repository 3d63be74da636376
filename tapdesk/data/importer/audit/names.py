"""Principle: a rater is one name, however it is spelled.

In a file of one row per rating, 'Dr Smith', 'dr smith' and 'Dr  Smith ' name one rater when
they differ only in letter case or spaces and never rated the same subject (two spellings
that both rated one subject may be two people, and are only said). They are read as one
rater, under the spelling met first, and a note names the spellings joined. The rule can be
switched off ('rater-names').
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.wording import Name, Quoted, Wording
from tapdesk.i18n import N_

RULE = "rater-names"
MAX_RATERS = 100_000


def spelled_alike(name: str) -> str:
    """A rater's name with letter case and spaces set aside."""
    return " ".join(str(name).split()).casefold()


def one_name_per_rater(tables: dict, book: NoteBook) -> dict:
    """``tables`` with the raters whose names differ only in case or spaces joined, said in
    ``book`` (only the first table's raters are said: every item's table has the same)."""
    if not book.enabled(RULE):
        return tables
    said = False
    out = {}
    for key, table in tables.items():
        joined, groups = _joined(table)
        out[key] = joined
        if groups and not said:
            _say(book, groups)
            said = True
    return out


def _joined(t: RatingsTable) -> tuple[RatingsTable, list[tuple[str, ...]]]:
    ids = t.rater_ids
    if len(ids) < 2 or len(ids) > MAX_RATERS:
        return t, []
    first: dict[str, int] = {}
    target = np.arange(len(ids))
    for j, name in enumerate(ids):
        target[j] = first.setdefault(spelled_alike(name), j)
    if (target == np.arange(len(ids))).all():
        return t, []
    known = t.rater >= 0
    merged = np.where(known, target[np.where(known, t.rater, 0)], t.rater)
    pairs = t.subject[known].astype(np.int64) * len(ids) + merged[known]
    if len(np.unique(pairs)) < len(np.unique(t.subject[known].astype(np.int64) * len(ids) +
                                              t.rater[known])):
        return t, []                # two spellings rated one subject: maybe two people
    keep = np.unique(target)
    renumber = np.full(len(ids), -1)
    renumber[keep] = np.arange(len(keep))
    codes = np.where(known, renumber[np.where(known, merged, 0)], t.rater)
    groups = [tuple(ids[j] for j in np.flatnonzero(target == k)) for k in keep
              if (target == k).sum() > 1]
    return replace(t, rater=codes.astype(t.rater.dtype), rater_ids=tuple(ids[k] for k in keep)), \
        groups


def _say(book: NoteBook, groups: list[tuple[str, ...]]) -> None:
    shown = groups[0]
    # Translators: an import note; {names} a rater's spellings, quoted; {name} the one kept.
    wording = Wording.of(N_("the raters {names} differ only in letter case or spaces and never "
                            "rated the same subject: read as one rater, {name}"),
                         names=Quoted(shown), name=Name(shown[0]))
    if len(groups) > 1:
        # Translators: an import note; {names} a rater's spellings, quoted; {name} the one
        # kept; {n} how many raters (2 or more) were joined so in all.
        wording = Wording.of(N_("the raters {names} differ only in letter case or spaces and "
                                "never rated the same subject: read as one rater, {name}; "
                                "{n} raters were joined so"),
                             names=Quoted(shown), name=Name(shown[0]), n=len(groups))
    book.add(RULE, wording, columns=(), action="guessed")
