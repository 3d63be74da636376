"""Principle: a rater does not rate themself (rule 'self-ratings').

In peer assessment (team members rating each other, 360-degree feedback) the raters and the
subjects are the same people, and a form often asks each person to rate themself too. A
self-rating is no peer's rating: it is biased upwards and no other rater can give it, so
agreement across raters cannot hold it. Where the names a long file's rater column holds (names
with letters: numbered raters and subjects share their numbers by chance) are mostly those its
subject column holds, the rows whose rater is their subject are left out,
said (switch the rule off to keep them).
"""

from __future__ import annotations

from tapdesk.data.importer.audit.finding import ACT, Finding
from tapdesk.data.importer.audit.reading import Reading
from tapdesk.data.wording import Name, Rows, Wording

RULE = "self-ratings"
SAME_PEOPLE = 0.5       # of the raters' names, at least, are subjects' names too
MIN_PEOPLE = 3
MAX_ROWS = 200_000


def raters_do_not_rate_themselves(reading: Reading) -> list[Finding]:
    """A rater does not rate themself: in a long file whose raters are its subjects' people,
    the rows in which a rater rates themself are left out."""
    det, table = reading.det, reading.table
    if det.layout != "long" or not det.subject or not det.rater or det.subject == det.rater or \
            len(table.rows) > MAX_ROWS:
        return []
    subjects, raters = table.texts(det.subject), table.texts(det.rater)
    people = {r for r in raters if any(c.isalpha() for c in r)}     # names, not numbers
    if len(people) < MIN_PEOPLE or len(people & set(subjects)) < SAME_PEOPLE * len(people):
        return []
    own = [i for i, (s, r) in enumerate(zip(subjects, raters)) if s == r and r in people]
    if not own:
        return []
    rows = tuple(sorted({int(table.rows[i]) for i in own}))
    # Translators: an import note; {rows} file rows; {rater} and {subject} columns' names;
    # {name} one person's name.
    wording = Wording.ngettext(
        "{rows} was left out: in it {name} rates themself ({rater} and {subject} name the same "
        "people), and a self-rating is no other rater's: it cannot be compared",
        "{rows} were left out: in each a person rates themself, as {name} does "
        "({rater} and {subject} name the same people), and a self-rating is no other rater's: "
        "it cannot be compared", len(rows),
        rows=Rows(rows), name=Name(raters[own[0]]), rater=Name(det.rater),
        subject=Name(det.subject))
    return [Finding(RULE, wording, ACT, rows=rows)]
