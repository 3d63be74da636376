"""Principle: a date says when, not who.

Columns headed by dates (a weekly chart, one column per assessment day) hold what was found on
each day, by whoever was on duty: repeated measurements of subjects that change, not a panel of
raters judging the same thing. Where the columns read as raters are headed by dates (three or
more, all but a column or two; days written without their year, '01/07' .. '21/07' or 'Mon
03/11 AM', count), the reading is refused into the preview, naming the dates; the user gives
the columns their roles (rule 'dated-columns'). Dates across the top with a first column of
people's names are read the other way round by the layout: the people rate what happened on
each date.
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import REFUSE, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.dates import dated_share, written_as_day
from tapdesk.data.wording import Quoted, Wording
from tapdesk.i18n import N_

RULE = "dated-columns"
MIN_DATES = 3
MOSTLY = 0.8
"""Of the columns read as raters, the share that are days: one more beside them (a unit's
name read as a rater before it is left out) does not make them raters."""


def dates_are_no_raters(reading: Reading) -> list[Finding]:
    """Rater columns that are dates (all, or all but a column or two) are refused: occasions,
    not raters."""
    names = reading.ratings.rater_ids
    if not reading.raters_are_columns or len(names) < MIN_DATES or \
            dated_share([str(n) for n in names]) < MOSTLY:
        return []
    names = tuple(n for n in names if written_as_day(str(n)))
    # Translators: a warning; {dates} the columns' names (dates), quoted.
    return [Finding(RULE, Wording.of(N_("the columns read as raters are dates ({dates}): a date "
                                        "says when something was rated, not who rated it. If "
                                        "each date holds what was found that day, these are "
                                        "repeated measurements of subjects that change, not a "
                                        "panel of raters: check the layout"),
                                     dates=Quoted(tuple(str(n) for n in names[:4]))), REFUSE,
                    tuple(names))]
