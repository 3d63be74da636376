"""Principle: a date says when, not who.

Columns headed by dates (a weekly chart, one column per assessment day) hold what was found on
each day, by whoever was on duty: repeated measurements of subjects that change, not a panel of
raters judging the same thing. Where every column read as a rater is headed by a date (three or
more), the reading is flagged, naming the dates; the user decides. (Dates across the top with
a first column of people's names are read the other way round by the layout: the people rate
what happened on each date.)
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import FLAG, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.importer.dates import date_kind
from tapdesk.data.wording import Quoted, Wording
from tapdesk.i18n import N_

RULE = "rater-scale"
MIN_DATES = 3


def dates_are_no_raters(reading: Reading) -> list[Finding]:
    """Rater columns that are all dates are flagged: occasions, not raters."""
    names = reading.ratings.rater_ids
    if not reading.raters_are_columns or len(names) < MIN_DATES or \
            not all(date_kind(str(n)) == "dates" for n in names):
        return []
    # Translators: a warning; {dates} the columns' names (dates), quoted.
    return [Finding(RULE, Wording.of(N_("the columns read as raters are dates ({dates}): a date "
                                        "says when something was rated, not who rated it. If "
                                        "each date holds what was found that day, these are "
                                        "repeated measurements of subjects that change, not a "
                                        "panel of raters: check the layout"),
                                     dates=Quoted(tuple(str(n) for n in names[:4]))), FLAG,
                    tuple(names))]
