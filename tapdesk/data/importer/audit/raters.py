"""Principle: a rater shares the raters' scale.

A column of a wide table is a rater when its values are ratings on the scale the other raters
use and follow the subjects as ratings do. A column whose values are mostly categories no
rater used, and which is filled far less than the raters are (a comment or note column) or
holds almost nothing on their scale (a group, site, sex or annotator-name column), is not a
rater: it is left out, or read as a subject attribute when it holds one of a few values for
every subject. A column whose values run in a few unbroken blocks down the rows and do not
follow the ratings (a group column coded 1 and 2 beside a 1-5 scale) is a grouping too. A
column that uses other words for the same answers (ja/nein beside yes/no) is a rater on a
scale of its own: said, not changed. Decided by content, never by the header's words.
"""

from __future__ import annotations

import os
from dataclasses import replace

import numpy as np

from tapdesk.data.importer.audit.alike import unlike_the_panel
from tapdesk.data.importer.audit.finding import ACT, FLAG, REFUSE, Finding
from tapdesk.data.importer.audit.groups import linked_groups
from tapdesk.data.importer.audit.panel import Panel
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.audit.ticks import MARKS as TICK_MARKS
from tapdesk.data.importer.shortforms import abbreviated, column_keys, number_written, written_key
from tapdesk.data.importer.words import named_alike, spelling_key
from tapdesk.data.wording import Count, Decimal, Listed, Name, Quoted, Share, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
SPELLINGS = "spellings"
ON_SCALE = 0.8          # a rater's ratings on the others' scale, at least
OFF_SCALE = 0.2         # at most this share on the scale: nothing of a rater
SPARSE = 0.6            # filled for at most this share of what the raters fill
GROUP_KAPPA = 0.2       # a grouping follows the ratings no better than this
MIN_GROUP_ROWS = 10
MIN_SUBJECTS = 8        # subjects the raters must have rated to show their scale
MIN_QUESTIONS = 4       # questions on one scale that show it, where the columns are subjects
MIN_RESPONDENTS = 3     # ... each answered by this many respondents at least
PAST_VALUES = 6         # values a column of numbers mostly past the scale needs to be none
MIN_OFF = 3             # ratings off the scale a column needs before anything is said
MAX_SCALE_GROUPED = 40  # the most columns the core is split into scales for
FOLLOWS = 0.5           # of the way from chance to one to one, at least: a rater's words
WRITTEN_KAPPA = 0.3     # numbers written with words follow the panel this well (Cohen's kappa)
WRITTEN_ALIKE_KAPPA = 0.1  # ... by a column named as a rater of the panel is ('Anaesthetist A')
ALIKE_ON_SCALE = 0.5     # under this share on the scale, a column named otherwise is none of a panel
TRANSLATED = 0.75       # one answer in other words: each word names one category this often


def raters_share_the_scale(reading: Reading) -> list[Finding]:
    """A rater shares the raters' scale: each column read as a rater either gives ratings on
    the scale the others use, or is said to be something else (left out, a subject attribute,
    or a rater whose words differ). Where the columns are the subjects (a survey's questions,
    one row per rater), each column is judged so too: a question about the rater (department,
    role) is a rater attribute, not a subject."""
    turned = reading.turned()
    if turned is not None:
        return _questions_share_the_scale(turned)
    if reading.raters_named_by_columns:
        return _written_otherwise(reading)
    if not reading.raters_are_columns or len(reading.ratings.rater_ids) < 2:
        return []
    panel = Panel.of(reading)
    if panel is None:
        return []
    if len(reading.ratings.rater_ids) == 2:
        return _two_scales(reading, panel)
    core = _core(reading)
    if len(core) < 2:
        shared = _shared_scale(reading)
        if shared is None:
            return _keyed_scale(reading, panel) or _no_shared_scale(reading)
        core = shared
    if len(core) < 2 or not _shows_its_scale(reading, panel, core):
        return []
    found = [f for j in range(len(reading.ratings.rater_ids)) if j not in core
             for f in [_off_scale(reading, panel, core, j)] if f is not None]
    found += [f for j in core for f in [_grouping(reading, panel, core, j)] if f is not None]
    respelt = [f for f in found if f.rule == SPELLINGS and f.kind == ACT]
    # the columns a rater writes otherwise are judged once it is read on the scale: a column
    # judged beside a panel with two forms of each category is judged against too wide a scale
    return respelt or found


def _written_otherwise(reading: Reading) -> list[Finding]:
    """The raters of a sheet crossing raters with items (judged on one scale when it was
    melted), each read on the others' scale where it writes their categories otherwise: with
    words around the numbers ('G3', 'PH4' beside '3', '4'), spelt otherwise or abbreviated.
    Nothing else is said of them here: their columns are no longer columns of the reading."""
    panel = Panel.of(reading)
    if panel is None or len(reading.ratings.rater_ids) < 2:
        return []
    core = _core(reading)
    if len(core) < 2:      # no two write one category alike: the scale in several forms?
        return [replace(f, columns=()) for f in _keyed_scale(reading, panel)]
    if not _shows_its_scale(reading, panel, core):
        return []
    names = reading.ratings.rater_ids
    return [replace(_read_as(OTHERWISE, names[j], f.same, "rater"), columns=())
            for j in range(len(names)) if j not in core
            for f in [_off_scale(reading, panel, core, j)] if f is not None and f.same]


def _questions_share_the_scale(turned: Reading) -> list[Finding]:
    """The subjects of a one-row-per-rater reading (``turned``: its columns as raters) on the
    scale the other subjects were rated on, or said to be a question about the rater."""
    if len(turned.ratings.rater_ids) < 3:
        return []
    panel = Panel.of(turned)
    core = _core(turned) if panel is not None else []
    if panel is None or len(core) < MIN_QUESTIONS or \
            not _shows_its_scale(turned, panel, core, MIN_RESPONDENTS):
        return []
    return [f for j in range(len(turned.ratings.rater_ids)) if j not in core
            for f in [_off_scale(turned, panel, core, j, turned=True)] if f is not None]


def _shows_its_scale(reading: Reading, panel: Panel, raters: list[int],
                     least: int = MIN_SUBJECTS) -> bool:
    """The raters show their scale: two categories or more, in ``least`` subjects or more (a
    handful of ratings says nothing about what is off a scale)."""
    given = reading.counts[raters].sum(0)
    ticks = [c.casefold() in TICK_MARKS for c in reading.labels(np.flatnonzero(given))]
    return (len(ticks) >= 2 or ticks == [True]) and int((panel.codes[:, raters] >= 0).any(1).sum()) >= least


def _two_scales(reading: Reading, panel: Panel) -> list[Finding]:
    """Two columns read as raters whose values share no category and no range (an age beside
    a sex code) are not two raters on one scale: refused into the preview, or said where one
    column's words follow the other's one to one."""
    counts = reading.counts
    if len(panel.codes) < MIN_SUBJECTS or counts.sum(1).min() < MIN_OFF or \
            any(_share(reading, j, [1 - j]) > OFF_SCALE for j in (0, 1)):
        return []
    if not _apart(reading):
        return []
    keyed = _keyed_scale(reading, panel)
    if keyed:
        return keyed
    names = reading.ratings.rater_ids
    if np.isnan(reading.numbers).all():
        own = reading.labels(np.flatnonzero(counts[1]))
        if (pairs := _translated(panel, [0], 1)) is not None:
            return [Finding("categories", _translated_words(names[1], own), FLAG, (names[1],),
                            same=_same(reading, pairs))]
        if (pairs := _translated(panel, [0], 1, 0.0)) is not None and \
                _follows_so(reading, panel, [0], 1, _same(reading, pairs)):
            return [Finding("categories", _translated_words(names[1], own, False), FLAG,
                            (names[1],), same=_same(reading, pairs))]
    values = [Quoted(tuple(reading.labels(np.flatnonzero(counts[j]))[:4])) for j in (0, 1)]
    # Translators: why a file is refused; {first} and {second} columns' names, {a} and {b}
    # some of their values, quoted.
    return [Finding(RULE, Wording.of(N_("no ratings on one scale here: the two columns read as "
                                        "raters, {first} ({a}) and {second} ({b}), have no "
                                        "category and no range in common, as an age and a sex "
                                        "code do; give the columns their roles"),
                                     first=Name(names[0]), second=Name(names[1]),
                                     a=values[0], b=values[1]), REFUSE, tuple(names))]


def _apart(reading: Reading) -> bool:
    """Two columns of different kinds (numbers beside words), of words nearly all their own
    (films beside jurors' names: two raters share their scale's words, or use other words
    for them, which the caller asks first), or of numbers further apart than the narrower
    column spreads (1-2 beside 29-77; not a rater of 1s beside one of 2s)."""
    given = [np.flatnonzero(reading.counts[j]) for j in (0, 1)]
    numbers = [reading.numbers[g] for g in given]
    kinds = [bool(np.isnan(v).all()) if np.isnan(v).any() else False for v in numbers]
    mixed = [bool(np.isnan(v).any() and not np.isnan(v).all()) for v in numbers]
    if any(mixed):
        return False
    if kinds[0] != kinds[1]:
        return True
    if kinds[0]:
        return True
    (a, b) = sorted(numbers, key=lambda v: v.min())
    gap = b.min() - a.max()
    return bool(gap > max(1.0, min(np.ptp(a), np.ptp(b))))


def _on_scale(reading: Reading, raters: list[int]) -> np.ndarray:
    """The categories on the scale of ``raters``: those they gave, and numbers within the
    range of theirs when their ratings are numbers."""
    given = reading.counts[raters].sum(0)
    on = given > 0
    numbers = reading.numbers
    if on.any() and np.isnan(numbers[on]).mean() < 0.2 and (~np.isnan(numbers[on])).any():
        low, high = np.nanmin(numbers[on]), np.nanmax(numbers[on])
        on |= ~np.isnan(numbers) & (numbers >= low) & (numbers <= high)
    return on


def _share(reading: Reading, j: int, others: list[int]) -> float:
    row = reading.counts[j]
    total = row.sum()
    return float(row[_on_scale(reading, others)].sum() / total) if total else 1.0


def _core(reading: Reading) -> list[int]:
    """The raters whose ratings lie on the scale of the others (twice: against all, then
    against those that passed)."""
    everyone = list(range(len(reading.ratings.rater_ids)))
    core = everyone
    for _ in range(2):
        core = [j for j in everyone if _share(reading, j, [i for i in core if i != j]) >= ON_SCALE]
        if len(core) < 2:
            return core
    return _reference_scale(reading, core)


def _reference_scale(reading: Reading, core: list[int]) -> list[int]:
    """Where the core falls apart into columns on scales with nothing in common (each marker's
    class beside the markers' names), the raters are those on the scale the reference answers
    on: a reference answers as the raters do. Without a reference, where the core falls apart
    into groups of two or more columns each (two systems' names beside three annotators'
    preferences), the raters are the one largest group, of three columns at least; where some
    column has a scale of its own (a participant's age, sex and countries), nothing tells,
    unless the largest group is most of the core (five judges beside one column of names)."""
    if not 4 <= len(core) <= MAX_SCALE_GROUPED:
        return core
    groups = sorted(_scales(reading, core), key=len, reverse=True)
    if len(groups) < 2:
        return core
    answered = [g for g in groups if len(g) >= 2 and
                any(_answers_on(reading, g, answers) for answers in reading.references.values())]
    if len(answered) == 1:
        return answered[0]
    largest = not reading.references and len(groups[0]) > len(groups[1]) and len(groups[0]) >= 3
    # columns of a scale of their own beside a clear majority of raters (dancers' names in
    # 'Red' beside five judges voting Red / Blue / Tie) are no raters either
    return groups[0] if largest and (all(len(g) >= 2 for g in groups) or
                                     2 * len(groups[0]) > len(core)) else core


def _shared_scale(reading: Reading) -> list[int] | None:
    """Where no column lies on the scale of all the others (a country, an age, an outcome and
    two causality verdicts read as raters), the raters are the one largest group of columns
    that share a scale; [] when no group is largest, None when no two columns share one."""
    everyone = list(range(len(reading.ratings.rater_ids)))
    if len(everyone) > MAX_SCALE_GROUPED:
        return []
    groups = sorted(_scales(reading, everyone), key=len, reverse=True)
    if len(groups[0]) < 2:
        return None
    return groups[0] if len(groups) == 1 or len(groups[1]) < len(groups[0]) else []


def _no_shared_scale(reading: Reading) -> list[Finding]:
    names = reading.ratings.rater_ids
    if len(names) < 3 or reading.counts.sum(1).min() < MIN_OFF:
        return []
    # Translators: a warning; {columns} the columns read as raters, quoted.
    return [Finding(RULE, Wording.of(N_("no two of the columns read as raters ({columns}) have "
                                        "a category or a range of numbers in common, as ratings "
                                        "on one scale do: check which columns hold the ratings"),
                                     columns=Quoted(tuple(names[:6]))), FLAG, tuple(names))]


def _scales(reading: Reading, core: list[int]) -> list[list[int]]:
    """``core`` in groups of columns that share a scale: two do when more than
    :data:`OFF_SCALE` of either's ratings lie on the other's, and a group is every column
    linked so."""
    return linked_groups(core, lambda a, b: max(_share(reading, a, [b]),
                                                _share(reading, b, [a])) > OFF_SCALE)


def _answers_on(reading: Reading, raters: list[int], answers) -> bool:
    """At least :data:`ON_SCALE` of a reference's answers are categories on the scale of
    ``raters``."""
    on = {c.casefold() for c in reading.labels(np.flatnonzero(_on_scale(reading, raters)))}
    given = [a.casefold() for a in answers.values() if a]
    return bool(given) and sum(a in on for a in given) >= ON_SCALE * len(given)


def _off_scale(reading: Reading, panel: Panel, core: list[int], j: int,
               turned: bool = False) -> Finding | None:
    column = reading.ratings.rater_ids[j]
    row = reading.counts[j]
    if reading.user_named(column) or not row.sum():
        return None
    on = _on_scale(reading, core)
    if not turned and _marks_a_few(reading, panel, core, j, on):
        return _marks_finding(reading, panel, j, on)
    if row.sum() < 2:
        return None
    share = float(row[on].sum() / row.sum())
    if row[~on].sum() < MIN_OFF:
        return None           # a rater may give a category nobody else gave, once or twice
    if turned and np.count_nonzero(row[~on]) < 2 and not _off_stem(reading, core, j):
        return None           # a subject the raters agree is the only one in its category
    if not np.isnan(reading.numbers[(row > 0) & ~on]).any():
        numbers = [reading.ratings.scale.categories[k] for k in np.flatnonzero((row > 0) & ~on)]
        keyed = () if turned else _keyed(reading, panel, core, j, on, numbers)
        if keyed:             # the numbers of a scale the raters write with words ('3', 'L3'),
            # read so in this column alone: another's numbers (days, counts) stay numbers
            return _read_as(OTHERWISE, column, keyed, key="rater")
        far = _far_numbers(reading, core, j)
        if far is None:
            return None       # numbers past the others' range are ratings on a wider scale
        return far if row[on].sum() <= OFF_SCALE * row.sum() else None
    own = [reading.ratings.scale.categories[k] for k in np.flatnonzero((row > 0) & ~on)]
    respelled = _respelled(reading, on, own)
    if respelled and not turned:
        return _read_as(RESPELLED, column, respelled)
    written = () if turned else _numbers_written(reading, panel, core, j, on, own)
    if written:
        return _read_as(WRITTEN, column, written)
    short = () if turned else _abbreviations(reading, panel, core, j, on, own)
    if short:
        return _read_as(ABBREVIATED, column, short)
    mixed = () if turned else _abbreviations(reading, panel, core, j, on, own, spelt=True)
    if mixed:
        return _read_as(OTHERWISE, column, mixed, key="rater")
    keyed = () if turned else _keyed(reading, panel, core, j, on, own)
    if keyed:
        return _read_as(OTHERWISE, column, keyed, key="rater")
    filled, subjects = int(panel.filled[j]), len(panel.codes)
    usual = float(np.median(panel.filled[core]))
    words = bool(np.isnan(reading.numbers[row > 0]).all())
    if words and share <= OFF_SCALE_PROSE and _prose(own):
        # Translators: an import note; {column} a column's name, {values} two of its values
        # (sentences), quoted.
        return Finding(RULE, Wording.of(N_("column {column} was left out: its values are "
                                           "sentences ({values}), a text shown with each "
                                           "subject, not ratings on the raters' scale"),
                                        column=Name(column), values=Quoted(tuple(own[:2]))),
                       ACT, (column,), roles=((column, "leave out"),), action="left out")
    # a column named otherwise than a panel named alike, mostly off its scale, is another
    # classification: its words following the panel's make it no rater writing otherwise
    alike = unlike_the_panel(column, list(reading.ratings.rater_ids)) \
        if not turned and share < ALIKE_ON_SCALE else ()
    translated = _translated(panel, core, j) if words and not alike else None
    if translated is not None or (words and not alike and filled > SPARSE * usual and
                                  _follows(panel, core, j)):
        return None if turned else \
            Finding("categories", _translated_words(column, own, translated is not None), FLAG,
                    (column,),
                    same=_same(reading, translated) if translated else ())
    if not turned and _a_panel_member(reading, panel, core, j):
        pairs = _translated(panel, core, j, 0.0)
        return Finding("categories", _other_words("named", column, own), FLAG, (column,),
                       same=_same(reading, pairs) if pairs else ())
    if share > OFF_SCALE and filled > SPARSE * usual and turned:
        return None           # a question of its own scale: the platform readers judge it
    if share > OFF_SCALE and filled > SPARSE * usual and alike:
        # Translators: an import note; {column} a column's name, {names} the raters' names,
        # quoted; {share} a percent, {values} the column's values, quoted.
        return Finding(RULE, Wording.of(N_("column {column} was left out: the raters' columns are "
                                           "named alike ({names}) and it is named otherwise, and "
                                           "{share:.0%} of its values ({values}) are categories "
                                           "no rater gave, as another scale's are"),
                                        column=Name(column), names=Quoted(alike),
                                        share=Share(1 - share), values=Quoted(tuple(own[:4]))),
                       ACT, (column,), roles=((column, "leave out"),), action="left out")
    if share > OFF_SCALE and filled > SPARSE * usual:
        # Translators: a warning; {column} a column's name, {share} a percent, {values} its
        # values, quoted.
        return Finding(RULE, Wording.of(N_("column {column} is read as a rater, but {share:.0%} of "
                                           "its values ({values}) are categories no other rater "
                                           "used: check that it is a rater"),
                                        column=Name(column), share=Share(1 - share),
                                        values=Quoted(tuple(own[:4]))), FLAG, (column,))
    group = filled >= 0.9 * subjects and len(np.flatnonzero(row)) <= 12 and \
        len(np.flatnonzero(row)) * 2 <= filled and (turned or _one_per_subject(reading, column))
    role = ("rater attribute" if turned else "subject attribute") if group else "leave out"
    return Finding(RULE, _not_a_rater_words(column, own, share, filled, subjects, usual, turned,
                                            group),
                   ACT, (column,), roles=((column, role),),
                   action="guessed" if group else "left out")


MARKED = 0.1
"""A column filled for at most this share of the subjects the raters rate (at the median)
marks a few of them."""


def _marks_a_few(reading: Reading, panel: Panel, core: list[int], j: int,
                 on: np.ndarray) -> bool:
    """The column holds a value for a few subjects only (:data:`MARKED` of what a rater
    rates, fewer than :data:`MIN_OFF`), none of them on the raters' scale: an award or a flag
    on those subjects ('Best of Show': 'Yes' once), not a rater's ratings."""
    row = reading.counts[j]
    usual = float(np.median(panel.filled[core]))
    return usual >= MIN_SUBJECTS and row.sum() < MIN_OFF and not row[on].any() and \
        panel.filled[j] <= MARKED * usual


def _marks_finding(reading: Reading, panel: Panel, j: int, on: np.ndarray) -> Finding:
    column = reading.ratings.rater_ids[j]
    own = tuple(reading.ratings.scale.categories[k] for k in np.flatnonzero(reading.counts[j]))
    # Translators: an import note; {column} a column's name, {n} a number of subjects,
    # {subjects} how many subjects the raters rate, {values} the column's values, quoted.
    return Finding(RULE, Wording.ngettext(
        "column {column} was left out: it holds a value for {n} subject of {subjects} "
        "({values}), a value no rater gives, as an award or a flag marks a few subjects; "
        "the raters rate nearly all of them",
        "column {column} was left out: it holds a value for {n} subjects of {subjects} "
        "({values}), values no rater gives, as an award or a flag marks a few subjects; "
        "the raters rate nearly all of them", int(panel.filled[j]), column=Name(column),
        n=Count(int(panel.filled[j])), subjects=Count(len(panel.codes)), values=Quoted(own)),
        ACT, (column,), roles=((column, "leave out"),), action="left out")


def _one_per_subject(reading: Reading, column: str) -> bool:
    """The column holds one value for each of the file's subjects (an attribute of each), not
    one per row where a subject has several rows (a respondent's answer to each question)."""
    subject, table = reading.det.subject, reading.table
    if not subject or subject not in table.columns or column not in table.columns:
        return True
    seen: dict[str, str] = {}
    for who, value in zip(table.texts(subject), table.texts(column)):
        if value and seen.setdefault(who, value) != value:
            return False
    return True


STEM = 12
"""The shortest question stem that the subjects' column names must share to tell a column
without it ('Country Code' beside 'Rate each photo - Photo 01' ...)."""


def _off_stem(reading: Reading, core: list[int], j: int) -> bool:
    """Where the columns are subjects, they are one matrix question's rows and share its
    stem ('Rate the quality of each photo - Photo 01', '... - Photo 02'); a column without the
    stem is no row of that question (an export's 'Duplicate' or 'Country Code')."""
    names = [reading.ratings.rater_ids[i] for i in core if i != j and reading.counts[i].sum()]
    stem = os.path.commonprefix(names) if len(names) >= MIN_QUESTIONS else ""
    return len(stem) >= STEM and not reading.ratings.rater_ids[j].startswith(stem)


FEW_FAR = 3.0
"""Two numbers alone are far from the scale when further from it than this many times its
width."""


def _far_numbers(reading: Reading, core: list[int], j: int) -> Finding | None:
    """A column of numbers far from the numbers the raters give (ages 22-80 beside grades
    0-3: further from the scale than the scale is wide) is a property of each subject (of
    each rater, where the columns are subjects), not a rating."""
    scale = reading.numbers[reading.counts[core].sum(0) > 0]
    scale = scale[~np.isnan(scale)]           # a scale's words ('4A') beside its numbers
    own = reading.numbers[reading.counts[j] > 0]
    if not len(scale) and not np.isnan(own).any() and len(own) >= 2 and not reading.is_turned:
        return _numbers_beside_words(reading.ratings.rater_ids[j], own)
    if len(scale) < 2 or np.isnan(own).any() or len(own) < 2:
        return None
    low, high = float(scale.min()), float(scale.max())
    gap = max(low - own.max(), own.min() - high)
    if len(own) < 3 and gap <= FEW_FAR * max(1.0, high - low):
        return None           # two numbers tell little, unless very far (a congress's 117, 118)
    given = reading.counts[j][reading.counts[j] > 0]
    past = float(given[(own < low) | (own > high)].sum() / given.sum())
    if gap <= max(1.0, high - low) and not (past >= 1 - OFF_SCALE and len(own) >= PAST_VALUES
                                            and len(own) >= 2 * len(scale)):
        return None           # numbers near the scale, or few: a rater on a wider scale
    turned = reading.is_turned
    column = reading.ratings.rater_ids[j]
    values = dict(column=Name(column), low=Decimal(float(own.min())),
                  high=Decimal(float(own.max())), scale_low=Decimal(low), scale_high=Decimal(high))
    if turned:
        # Translators: an import note; {column} a column's name; {low}, {high}, {scale_low} and
        # {scale_high} numbers.
        wording = Wording.of(N_("column {column} is read as a rater attribute, not as a subject "
                                "rated: its numbers ({low:g} to {high:g}) lie far from those the "
                                "other subjects got ({scale_low:g} to {scale_high:g}), as a rater's "
                                "age or years of experience do"), **values)
    else:
        # Translators: an import note; {column} a column's name; {low}, {high}, {scale_low} and
        # {scale_high} numbers.
        wording = Wording.of(N_("column {column} is read as a subject attribute, not as a rater: "
                                "its numbers ({low:g} to {high:g}) lie far from those the raters give "
                                "({scale_low:g} to {scale_high:g}), as an age or a count does"),
                             **values)
    role = "rater attribute" if turned else "subject attribute"
    return Finding(RULE, wording, ACT, (column,), roles=((column, role),), action="guessed")


def _numbers_beside_words(column: str, own: np.ndarray) -> Finding:
    """A column of numbers where every rater writes words ('Yes votes' 0-5 beside 'In',
    'Maybe', 'Out') is a count or a score of each subject, not a rater."""
    # Translators: an import note; {column} a column's name; {low} and {high} numbers.
    wording = Wording.of(N_("column {column} is read as a subject attribute, not as a rater: it "
                            "holds numbers ({low:g} to {high:g}) where the raters write words, as "
                            "a count or a score of each subject does"), column=Name(column),
                         low=Decimal(float(own.min())), high=Decimal(float(own.max())))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "subject attribute"),),
                   action="guessed")


# What a column that is no rater was read as: (the columns are subjects, it is a group) ->
# the note's words; {filled} counts the subjects (raters, where the columns are subjects)
# that have a value, {whole} all of them, {usual} a rater's (subject's) usual count.
NOT_A_RATER = {
    # Translators: an import note; {column} a column's name, {share} a percent, {values} its
    # values, quoted.
    (False, True): N_("column {column} is read as a subject attribute, not as a rater: "
                      "{share:.0%} of its values ({values}) are on no rater's scale, and it "
                      "holds one of a few values for every subject, as a group, site or "
                      "sex column does"),
    # Translators: an import note; {column} a column's name, {share} a percent, {values} its
    # values, quoted; {filled}, {whole} and {usual} counts of subjects.
    (False, False): N_("column {column} was left out: it is not a rater on the raters' scale "
                       "({share:.0%} of its values, such as {values}, are categories no rater "
                       "used, and it is filled for {filled} of {whole} subjects where a "
                       "rater's column is filled for about {usual}): a comment or note "
                       "column"),
    # Translators: an import note; {column} a column's name, {share} a percent, {values} its
    # values, quoted.
    (True, True): N_("column {column} is read as a rater attribute, not as a subject rated: "
                     "{share:.0%} of its values ({values}) are on no other subject's scale, and "
                     "it holds one of a few values for every rater, as a question about the "
                     "rater (department, role) does"),
    # Translators: an import note; {column} a column's name, {share} a percent, {values} its
    # values, quoted; {filled}, {whole} and {usual} counts of raters.
    (True, False): N_("column {column} was left out: it is not a subject rated on the others' "
                      "scale ({share:.0%} of its values, such as {values}, are categories no "
                      "other subject got, and {filled} of {whole} raters answered it where "
                      "about {usual} answered each subject): a comment or note column"),
}


def _not_a_rater_words(column: str, own: list[str], share: float, filled: int, whole: int,
                       usual: float, turned: bool, group: bool) -> Wording:
    return Wording.of(NOT_A_RATER[turned, group], column=Name(column), share=Share(1 - share),
                      values=Quoted(tuple(own[:4])), filled=Count(filled), whole=Count(whole),
                      usual=Count(round(usual)))


def _translated(panel: Panel, core: list[int], j: int,
                least: float = TRANSLATED) -> tuple[tuple[int, int], ...] | None:
    """Each of ``j``'s own words with the panel's category it stands for, one to one, when
    its words name the panel's modal category at least ``least`` of the time (None else)."""
    modal = panel.modal(core)
    own = panel.codes[:, j]
    both = (own >= 0) & (modal >= 0)
    words = np.unique(own[both])
    if len(words) < 2 or both.sum() < 4 or _coarser(len(words), modal[both]):
        return None           # far fewer words than answers: a grouping (a lemma), no wording
    named = []
    hits = 0
    for w in words:
        theirs = np.bincount(modal[both & (own == w)], minlength=panel.categories)
        named.append(int(theirs.argmax()))
        hits += int(theirs.max())
    if len(set(named)) < len(named) or hits < least * both.sum():
        return None
    return tuple(zip(words.tolist(), named))


def _same(reading: Reading, pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[str, str], ...]:
    """The (word, category) pairs as labels: 'ja' read as 'yes'."""
    return tuple((reading.labels([w])[0], reading.labels([c])[0]) for w, c in pairs)


PROSE_WORDS = 5
"""Words a value holds on average, at least, to be a sentence rather than a category (a
category of several words, 'Neither agree nor disagree', is shared by the raters)."""
OFF_SCALE_PROSE = 0.1
"""Of a column of sentences, the share of values on the raters' scale, at most."""


def _prose(own: list[str]) -> bool:
    """The values are sentences: five words or more on average."""
    return bool(own) and float(np.mean([len(v.split()) for v in own])) >= PROSE_WORDS


def _coarser(words: int, modal: np.ndarray) -> bool:
    """Under two thirds as many words as the panel's answers: the words group the subjects
    (a word's lemma beside its senses), they do not name the answers in other words."""
    return 3 * words < 2 * len(np.unique(modal))


def _follows(panel: Panel, core: list[int], j: int) -> bool:
    """``j``'s words follow the panel's ratings well beyond chance: each word goes with one
    modal category of the others much more often than the commonest category would by
    itself (a rater in other words or codes; a group or site column does not)."""
    modal = panel.modal(core)
    own = panel.codes[:, j]
    both = (own >= 0) & (modal >= 0)
    n = int(both.sum())
    if n < 4 or len(np.unique(modal[both])) < 2:
        return False          # one category (a tick list): nothing to follow
    if 2 * len(np.unique(own[both])) > n:
        return False          # words mostly used once (names, amounts) follow anything
    if len(np.unique(own[both])) > 2 * len(np.unique(modal[both])):
        return False          # far more words than the panel has answers: no other wording
    if _coarser(len(np.unique(own[both])), modal[both]):
        return False          # far fewer: a grouping of the subjects (a lemma), no wording
    hits = sum(int(np.bincount(modal[both & (own == w)]).max()) for w in np.unique(own[both]))
    chance = int(np.bincount(modal[both]).max()) / n
    return hits / n >= chance + FOLLOWS * (1 - chance)


def _respelled(reading: Reading, on: np.ndarray, own: list[str]) -> tuple[tuple[str, str], ...]:
    """Each of ``own`` with the category on the scale it spells without accents, in another
    letter case or with brackets ('Leger' -> 'Léger', 'B (8)' -> 'B8'); () unless every one
    of them is such a spelling."""
    spelt = {spelling_key(c): c for c in reading.labels(np.flatnonzero(on))}
    pairs = tuple((w, spelt.get(spelling_key(w), "")) for w in own)
    return pairs if pairs and all(c for _, c in pairs) else ()


def _numbers_written(reading: Reading, panel: Panel, core: list[int], j: int, on: np.ndarray,
                     own: list[str]) -> tuple[tuple[str, str], ...]:
    """Each of ``own`` with the number on the raters' scale it writes with words ('PS 1',
    'ECOG 1', 'two' -> '1', '1', '2'); () unless every one of them writes such a number and,
    read so, the column follows the others' ratings as a rater's do (a meeting 'CEC-05'
    beside scores of 0 to 10 does not)."""
    numbers = reading.numbers
    scale = {int(numbers[k]): reading.labels([k])[0] for k in np.flatnonzero(on)
             if not np.isnan(numbers[k]) and numbers[k] == int(numbers[k])}
    written = [number_written(w) for w in own]
    if not own or any(n not in scale for n in written):
        return ()
    pairs = tuple((w, scale[n]) for w, n in zip(own, written) if n is not None)
    names = reading.ratings.rater_ids
    alike = any(named_alike(names[j], names[i]) for i in core)
    return pairs if _follows_so(reading, panel, core, j, pairs,
                                WRITTEN_ALIKE_KAPPA if alike else WRITTEN_KAPPA) else ()


def _abbreviations(reading: Reading, panel: Panel, core: list[int], j: int, on: np.ndarray,
                   own: list[str], spelt: bool = False) -> tuple[tuple[str, str], ...]:
    """Each of ``own`` with the raters' category it abbreviates ('A/G' -> 'Amber/Green'),
    or, when ``spelt``, spells otherwise ('US No 2' -> 'U.S. No. 2', 'US SG' -> 'U.S. Sample
    Grade'); () unless every one of them is so and, read so, the column follows the others'
    ratings as a rater's do."""
    labels = reading.labels(np.flatnonzero(on))
    if not own or not np.isnan(reading.numbers[on]).all():
        return ()
    keys = {spelling_key(c): c for c in labels} if spelt else {}
    full = [keys.get(spelling_key(w)) or abbreviated(w, labels) for w in own]
    if any(f is None for f in full):
        return ()
    pairs = tuple((w, f) for w, f in zip(own, full) if f is not None)
    return pairs if _follows_so(reading, panel, core, j, pairs) else ()


def _keyed(reading: Reading, panel: Panel, core: list[int], j: int, on: np.ndarray,
           own: list[str]) -> tuple[tuple[str, str], ...]:
    """Each of ``own`` with the raters' category it writes in another form: the same number
    or fraction of numbers in other numerals or with words ('III/VI' -> '3/6'), the same code
    with or without its label ('13 Inflation, prices' -> '13'), the same number after the
    scale's name ('L3' -> 'Level 3 - Targeted': :func:`_column_keyed`); () unless every one of
    them is so, or they hold :data:`ON_SCALE` of its ratings off the scale (a rater writing
    'none' for '0/6' is asked about the rest once read so), and, read so, the column follows
    the others' ratings as a rater's do."""
    scale = reading.labels(np.flatnonzero(on))
    plain = {written_key(c): c for c in scale}
    full = [plain.get(written_key(w)) for w in own]
    theirs = _column_keyed(reading, panel, core)
    named = {theirs.get(c, written_key(c)): c for c in scale}
    mine = column_keys(own)
    by_name = [named.get(mine[w.strip()]) for w in own]
    if sum(f is not None for f in by_name) > sum(f is not None for f in full):
        full = by_name
    index = {label: k for k, label in enumerate(reading.ratings.scale.categories)}
    counts = reading.counts[j]
    written = sum(int(counts[index[w]]) for w, f in zip(own, full) if f is not None)
    if not own or written < ON_SCALE * sum(int(counts[index[w]]) for w in own):
        return ()
    pairs = tuple((w, f) for w, f in zip(own, full) if f is not None)
    names = reading.ratings.rater_ids
    alike = any(named_alike(names[j], names[i]) for i in core)
    return pairs if _follows_so(reading, panel, core, j, pairs,
                                WRITTEN_ALIKE_KAPPA if alike else WRITTEN_KAPPA) else ()


def _column_keyed(reading: Reading, panel: Panel, columns: list[int]) -> dict[str, str]:
    """Each category the ``columns`` give with its key as its column writes it
    (:func:`~tapdesk.data.importer.shortforms.column_keys`: 'TR4' is '4' in a column of 'TR1'
    .. 'TR5'), the first column's where two differ."""
    labels = reading.ratings.scale.categories
    keyed: dict[str, str] = {}
    for j in columns:
        used = [labels[c] for c in np.unique(panel.codes[:, j][panel.codes[:, j] >= 0])]
        of = column_keys(used)
        for label in used:
            keyed.setdefault(label, of[label.strip()])
    return keyed


def _keyed_scale(reading: Reading, panel: Panel) -> list[Finding]:
    """Where no two columns share a category as written, but some do once each category is
    read by what its forms share (:func:`~tapdesk.data.importer.shortforms.written_key`:
    'Class II', 'II' and '2'; '(b) Award' and 'b'; else as its column writes it, after the
    scale's name: 'TR4', 'TR 4' and 4), and each of them, read so, follows the others as a
    rater does: those columns are raters writing one scale in several forms, each form read as
    the number it writes, else as its fullest form, said for each rater."""
    labels = reading.ratings.scale.categories
    if len(reading.ratings.rater_ids) > MAX_SCALE_GROUPED:
        return []
    plain = [written_key(c) for c in labels]
    theirs = _column_keyed(reading, panel, list(range(len(reading.ratings.rater_ids))))
    for keys in (plain, [theirs.get(c, k) for c, k in zip(labels, plain)]):
        if len(set(keys)) == len(keys) or all(k == spelling_key(c) for k, c in zip(keys, labels)):
            continue  # spellings alone ('Ja', 'ja'): the look-alike labels' warning offers them
        core = _keyed_core(_keyed_panel(panel, keys))
        if core:
            return _keyed_reads(reading, panel, core, keys)
    return []


def _keyed_reads(reading: Reading, panel: Panel, core: list[int], keys: list[str]) -> list[Finding]:
    """The raters of ``core`` each read on one scale: each category as the fullest form of its
    key (``keys``, one per category), said for each rater that writes another form."""
    labels = reading.ratings.scale.categories
    fullest = _fullest_forms(panel, core, labels, keys)
    names = reading.ratings.rater_ids
    found = []
    for j in core:
        own = np.unique(panel.codes[:, j][panel.codes[:, j] >= 0])
        pairs = tuple((labels[c], fullest[keys[c]]) for c in own if fullest[keys[c]] != labels[c])
        if pairs:
            found.append(_read_as(OTHERWISE, names[j], pairs, key="rater"))
    return found


def _keyed_panel(panel: Panel, keys: list[str]) -> Panel:
    """``panel`` with each category read as its key (one code per key)."""
    index = {k: i for i, k in enumerate(dict.fromkeys(keys))}
    to = np.array([index[k] for k in keys])
    return Panel(np.where(panel.codes >= 0, to[np.maximum(panel.codes, 0)], -1), len(index))


def _keyed_core(keyed: Panel) -> list[int]:
    """The columns of the one largest group sharing keys, each with :data:`ON_SCALE` of its
    ratings on every other's, over :data:`MIN_SUBJECTS` subjects and two keys or more, each
    following the others (Cohen's kappa :data:`WRITTEN_KAPPA` at least); [] where there are
    not two such columns."""
    given = [keyed.codes[:, j][keyed.codes[:, j] >= 0] for j in range(keyed.codes.shape[1])]

    def share(a: int, b: int) -> float:
        return float(np.isin(given[a], given[b]).mean()) if len(given[a]) else 0.0

    groups = sorted(linked_groups(list(range(len(given))),
                                  lambda a, b: max(share(a, b), share(b, a)) > OFF_SCALE),
                    key=len, reverse=True)
    if len(groups[0]) < 2 or (len(groups) > 1 and len(groups[1]) == len(groups[0])):
        return []
    core = [j for j in groups[0]
            if all(share(j, i) >= ON_SCALE for i in groups[0] if i != j) and len(given[j]) >= MIN_OFF]
    if len(core) < 2 or int((keyed.codes[:, core] >= 0).any(1).sum()) < MIN_SUBJECTS or \
            len(np.unique(np.concatenate([given[j] for j in core]))) < 2:
        return []
    follows = all(keyed.kappa(j, keyed.modal([i for i in core if i != j])) >= WRITTEN_KAPPA
                  for j in core)
    return core if follows else []


def _fullest_forms(panel: Panel, core: list[int], labels: tuple[str, ...],
                   keys: list[str]) -> dict[str, str]:
    """Each key's form the raters of ``core`` are read as: the number, where one of them writes
    it (the scale stays ordered), else the fullest form (it names the category best)."""
    used = {int(c) for j in core for c in np.unique(panel.codes[:, j][panel.codes[:, j] >= 0])}
    fullest: dict[str, str] = {}
    for c in sorted(used, key=lambda c: (labels[c].strip() != keys[c], -len(labels[c]), labels[c])):
        fullest.setdefault(keys[c], labels[c])
    return fullest


def _a_panel_member(reading: Reading, panel: Panel, core: list[int], j: int) -> bool:
    """Column ``j`` is named as the raters are ('Reader 4' beside 'Reader 1' .. 'Reader 3'),
    is filled as a rater's column is and holds about as many words as the raters' scale has
    categories: a rater writing the scale in words of its own (a group column is named
    otherwise, a comment column is filled less or holds more words)."""
    names = reading.ratings.rater_ids
    if not any(named_alike(names[j], names[i]) for i in core):
        return False
    usual = float(np.median(panel.filled[core]))
    words = int(np.count_nonzero(reading.counts[j]))
    scale = len({written_key(c) for c in reading.labels(np.flatnonzero(reading.counts[core].sum(0)))})
    return panel.filled[j] > SPARSE * usual and 2 <= words <= 2 * scale and 3 * words >= 2 * scale


def _follows_so(reading: Reading, panel: Panel, core: list[int], j: int,
                pairs: tuple[tuple[str, str], ...], least: float = WRITTEN_KAPPA) -> bool:
    """Column ``j``, each first of ``pairs`` read as its second, follows the others' ratings
    as a rater's do (Cohen's kappa with their modal category ``least`` at least)."""
    index = {label: k for k, label in enumerate(reading.ratings.scale.categories)}
    codes = panel.codes.copy()
    for word, category in pairs:
        codes[codes[:, j] == index[word], j] = index[category]
    return Panel(codes, panel.categories).kappa(j, panel.modal(core)) >= least


# Translators: an import note; {column} a column's name; {pairs} its values with the
# categories they are read as ("'Leger' as 'Léger'").
RESPELLED = N_("column {column} writes the other raters' categories spelt otherwise (without "
               "accents, in another letter case, with spaces, hyphens or brackets): each is "
               "read as the category it spells ({pairs})")
# Translators: an import note; {column} a column's name; {pairs} its values with the numbers
# they are read as ("'PS 1' as '1'").
WRITTEN = N_("column {column} writes the other raters' numbers with words around them or as "
             "words: each is read as the number it writes ({pairs})")
# Translators: an import note; {column} a column's name; {pairs} its values with the
# categories they are read as ("'A/G' as 'Amber/Green'").
ABBREVIATED = N_("column {column} abbreviates the other raters' categories: each is read as the "
                 "category it abbreviates ({pairs})")


# Translators: an import note; {rater} a rater's name (read from the file's column names), {pairs}
# its values with the categories they are read as ("'G3' as '3'").
OTHERWISE = N_("rater {rater} writes the other raters' categories otherwise (with words around "
               "a number, spelt or abbreviated otherwise): each is read as the category it "
               "writes ({pairs})")


# Translators: an import note; {column} a column's name that is not read as a rater (a
# reference answer, say); {pairs} its values with the categories they are read as ("'3' as
# 'Level 3'").
OTHERWISE_COLUMN = N_("column {column} writes the raters' categories otherwise (with words "
                      "around a number, spelt or abbreviated otherwise): each is read as the "
                      "category it writes ({pairs})")


def _read_as(template: str, column: str, pairs: tuple[tuple[str, str], ...],
             key: str = "column") -> Finding:
    """The finding that reads each first of ``pairs`` in ``column`` as its second, said
    (``key``: the template's placeholder for the column or rater; a rater's note says the
    same of a column where the column ends as no rater)."""
    # Translators: one of {pairs} above: {word} a rater's word, {category} the category it
    # is read as, both quoted.
    listed = Listed(tuple(Wording.of(N_("{word} as {category}"), word=Name(w), category=Name(c))
                          for w, c in pairs[:4]))
    wording = Wording.of(template, **{key: Name(column)}, pairs=listed)
    as_column = Wording.of(OTHERWISE_COLUMN, column=Name(column), pairs=listed) \
        if key == "rater" else None
    return Finding(SPELLINGS, wording, ACT, (column,), action="guessed", same=pairs,
                   scoped=True, as_column=as_column)


# A column of words none of which the other raters gave, kept as a rater: why it may write
# their answers otherwise -> the warning's words.
OTHER_WORDS = {
    # Translators: a warning; {column} a column's name, {values} its values, quoted.
    "follows": N_("column {column} has no category in common with the other raters, "
                  "yet its values ({values}) follow theirs closely, well beyond "
                  "chance: the same answers in other words or codes? Each is read as "
                  "a category of its own; give them one spelling (the Label table) "
                  "to read them as one scale"),
    # Translators: a warning; {column} a column's name, {values} its values, quoted.
    "one to one": N_("column {column} has no category in common with the other raters, yet "
                     "its values ({values}) follow theirs one to one: the same answers in "
                     "other words or another language? Each is read as a category of its "
                     "own; give them one spelling (the Label table) to read them as one "
                     "scale"),
    # Translators: a warning; {column} a column's name, {values} its values, quoted.
    "named": N_("column {column} is named as the raters are and is read as a rater, but "
                "none of its values ({values}) is a category the other raters gave: the "
                "same answers written otherwise? Each is read as a category of its "
                "own; give them one spelling (the Label table) to read them as one "
                "scale"),
}


def _translated_words(column: str, own: list[str], one_to_one: bool = True) -> Wording:
    return _other_words("one to one" if one_to_one else "follows", column, own)


def _other_words(why: str, column: str, own: list[str]) -> Wording:
    return Wording.of(OTHER_WORDS[why], column=Name(column), values=Quoted(tuple(own[:4])))


def _grouping(reading: Reading, panel: Panel, core: list[int], j: int) -> Finding | None:
    """A column on the scale whose values run in a few blocks down the rows and do not follow
    the ratings: a group or site coded with numbers, not a rater."""
    column = reading.ratings.rater_ids[j]
    values = int(np.count_nonzero(reading.counts[j]))
    if reading.user_named(column) or panel.filled[j] < MIN_GROUP_ROWS or not 2 <= values <= 6:
        return None
    runs = panel.runs(j)
    others = [panel.runs(i) for i in core if i != j]
    if runs > values + 1 or np.median(others) < 3 * runs:
        return None
    kappa = panel.kappa(j, panel.modal([i for i in core if i != j]))
    if not kappa <= GROUP_KAPPA:
        return None
    # Translators: an import note; {column} a column's name, {values} its values, quoted;
    # {runs} a count of blocks.
    wording = Wording.of(N_("column {column} is read as a subject attribute, not as a rater: its "
                            "values ({values}) run in {runs} unbroken blocks down the rows and do "
                            "not follow the raters' ratings, as a group or site column does"),
                         column=Name(column), runs=Count(runs),
                         values=Listed(tuple(reading.labels(np.flatnonzero(reading.counts[j])))))
    return Finding(RULE, wording, ACT, (column,), roles=((column, "subject attribute"),),
                   action="guessed")
