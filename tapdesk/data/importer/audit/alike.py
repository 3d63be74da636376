"""Principle: a panel's raters are named alike.

Where the raters' columns share one way of being named ('Inspector 1', 'Inspector 2',
'Inspector 3'; '醫師甲', '醫師乙', '醫師丙'; 'u/quietfern', 'u/marrow42'), a column on their scale
named otherwise ('CIT decision', 'Slab grade (PCGS)', '儀器判讀', 'Removal reason') is not one of
the panel: it is what the panel is compared with (a trainer's or a service's grade, an
instrument's reading, the team's decision). It is read as the reference answer, said, with the
rule to switch off. A name that itself names a rater ('Dr Adams', 'Expert', 'Rater 4') stays a
rater, so does one of another numbered set ('Derm 2' beside 'GP 1'), and so does every
column where the raters share no way of being named.
"""

from __future__ import annotations

import re

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.audit.reference import RULE
from tapdesk.data.importer.idstructure import is_person_name
from tapdesk.data.importer.table import numbered_position
from tapdesk.data.importer.words import (
    NAMED_APART,
    RATER_WORDS,
    looks_like_rater,
    name_tokens,
    naming_stem,
    pattern_stem,
)
from tapdesk.data.wording import Name, Quoted, Wording
from tapdesk.i18n import N_

MIN_ALIKE = 3
"""Raters named alike, at least (and more than the columns named otherwise): beside two
('Teacher 1', 'Teacher 2'), a third named otherwise ('External', 'Ward nurse') is as often
a rater of another kind as not; three set the panel's way of naming."""
SHOWN = 3
"""The raters' names a note quotes, at most."""

_PREFIX = re.compile(r"^(?P<stem>[^\W\d_]{0,12}[/@#:]+)\S")
"""A name that starts with a short word and a handle's mark ('u/quietfern', '@marrow'); a
title and a name ('Dr. Weiß', 'Frau Ott') is no such shared way: titles differ."""
_INITIALS = re.compile(r"^(?P<stem>.*?[^\W\d_].*?)[\s_\-.#:/]+[A-Z]{2,3}$")
"""A name that ends in a person's initials after a separator ('Eng_JL', 'Auditor KM'): what
tells people apart as a number does ('Eng_MK' beside 'Eng_JL')."""
_NUMBERED = re.compile(r"\d\s*$")
"""A name that ends in a number names one of a numbered set ('Derm 2' beside 'GP 1')."""
_COMPOUND = re.compile(r"^\s*[^\W\d_]{14,}\s*$")
"""One word of fourteen letters or more: a compound noun ('Veilingkwaliteit', 'Endbeurteilung'),
not a person's name."""
_YEAR = re.compile(r"(?<!\d)(?:1[89]|20)\d\d\)?\s*$")
"""... unless the number is a year: 'Catalogue 1998', 'Museum attribution (2025)' name when,
not which one of a set."""


def odd_name_is_no_rater(reading: Reading) -> list[Finding]:
    """A panel's raters are named alike: a column on their scale named otherwise is read as
    the reference answer."""
    panel = Panel.of_raters(reading, MIN_ALIKE + 1)
    if panel is None or reading.is_turned:
        return []
    names = list(reading.ratings.rater_ids)
    if any(numbered_position(name) is not None for name in names):
        return []             # a column the file left unnamed ('column 3') names no one
    stem, alike = _shared_stem(names)
    if not stem:
        return []
    used = reading.counts[alike].sum(0) > 0
    odd = [j for j, name in enumerate(names) if j not in alike and _named_otherwise(name, names, stem)
           and not reading.user_named(name) and _on_the_scale(reading.counts[j], used)]
    if not odd or len(alike) <= len(odd):
        return []
    column = names[odd[-1]]           # one at a time: the others are judged without it
    shown = tuple(names[i] for i in alike[:SHOWN])
    # Translators: an import note; {column} a column's name; {names} the raters' column names,
    # quoted; {stem} the part of their names they share, quoted.
    wording = Wording.of(N_("column {column} is read as the reference answer, not as a rater: the "
                            "raters' columns are named alike ({names}: {stem} and what tells them "
                            "apart) and it is named otherwise, as an instrument's reading, a "
                            "trainer's or a service's grade or a final decision is"),
                         column=Name(column), names=Quoted(shown), stem=Quoted((stem.strip(),)))
    return [Finding(RULE, wording, ACT, (column,), roles=((column, "reference"),),
                    action="guessed")]


def _named_otherwise(name: str, names: list[str], stem: str = "") -> bool:
    """``name`` is no rater's: the panel's ``stem`` with a word of its own in place of what
    tells its raters apart (:func:`_singled_out`), or it names none ('Rater 4', 'Dr Adams',
    'Expert', 'MRI reader', 'R. Konsens', 'Verifier Jones'), numbers none ('Derm 2': one of
    another numbered set; a year numbers none) and shares its stem with no other column."""
    numbered = _NUMBERED.search(str(name)) and not _YEAR.search(str(name))
    if not numbered and _singled_out(name, stem):
        return True           # 'QA coder' beside 'Coder 1', 'Coder 2', 'Coder 3'
    person = is_person_name(name) and not _COMPOUND.match(str(name))
    if looks_like_rater(name) or numbered or person or \
            any(w in RATER_WORDS for w in name_tokens(name)):
        return False          # 'MRI reader' beside 'CT reader 1'
    own = naming_stem(name)
    return not own or sum(naming_stem(other) == own for other in names) < 2


def _singled_out(name: str, stem: str) -> bool:
    """``name`` is the panel's whole ``stem`` with a word of its own in place of what tells
    the panel's raters apart ('QA coder', 'Lead examiner', 'Senior grader' beside 'Coder 1',
    'Examiner A', 'Grader 2'): the file singles the column out, as it does a reference; the
    stem alone ('Coder') or another set's ('MRI reader' beside 'CT reader 1') is not."""
    own, panel = name_tokens(name), name_tokens(stem)
    if len("".join(panel)) < 3 or any(w.isdigit() for w in own):
        return False          # 'R. Konsens' beside 'r1', 'r2': a letter is no one's stem;
        #                       'Rater 4 (trainee)' is numbered as the panel is
    return len(own) > len(panel) and \
        any(own[i:i + len(panel)] == panel for i in range(len(own) - len(panel) + 1))


def unlike_the_panel(name: str, names: list[str]) -> tuple[str, ...]:
    """The raters' names (:data:`SHOWN` of them) where :data:`MIN_ALIKE` or more of ``names``
    share one way of being named and ``name`` is named otherwise (:func:`_named_otherwise`);
    () where they share none or ``name`` is named as a rater is."""
    if any(numbered_position(n) is not None for n in names):
        return ()
    stem, alike = _shared_stem(names)
    if not stem or names.index(name) in alike or not _named_otherwise(name, names, stem):
        return ()
    return tuple(names[i] for i in alike[:SHOWN])


ON_SCALE = 0.5
"""The share of a column's values the raters also give, at least, for it to be on their scale."""


def _on_the_scale(counts, used) -> bool:
    """Most of what the column gives is what the raters named alike give too."""
    total = counts.sum()
    return bool(total) and counts[used].sum() >= ON_SCALE * total


def _shared_stem(names: list[str]) -> tuple[str, list[int]]:
    """The way of naming most of ``names`` share (a stem before a number or a letter, or a
    short first word before a separator), and the indices of the names that have it; ('', [])
    where no stem is shared by :data:`MIN_ALIKE` names."""
    best: tuple[str, list[int]] = ("", [])
    for pattern in (NAMED_APART, _PREFIX, _INITIALS):
        stems = [pattern_stem(pattern, name) for name in names]
        for stem in {s for s in stems if s}:
            alike = [i for i, s in enumerate(stems) if s == stem]
            if len(alike) > len(best[1]):
                best = (stem, alike)
    return best if len(best[1]) >= MIN_ALIKE else ("", [])

