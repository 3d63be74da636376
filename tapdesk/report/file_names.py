"""The names of the files TapDesk names itself for people, in the language they are written in
(issue 79): a rater's feedback sheet (``feedback_Ärztin_Müller.pdf``, "Rückmeldung_..." once
German translates the word), the committee pack's report, README and feedback folder, a
report's plot images and the report a window suggests. A name from the data (a rater's) is kept
as it is written.

The files meant for a spreadsheet or a script keep their English names in every language, as
their columns do: the tables' CSV and XLSX files, ``feedback_summary.csv`` and
``subjects_to_review.csv`` (docs/translating.md); ``--json`` lists every file written, by its
name. Qt-free.
"""

from __future__ import annotations

import re
import unicodedata

from tapdesk.i18n import NC_, pgettext
from tapdesk.i18n.current import current_language, is_source
from tapdesk.i18n.languages import PSEUDO

CONTEXT = "file name"
# Translators: words of the names of files TapDesk writes for people, as a file name takes them
# (no spaces; a space is written "_"): a rater's feedback sheet is "feedback_NAME.pdf" and the
# committee pack keeps the sheets in a folder "feedback"; the pack's report is "report.pdf" and
# its list of files "README.txt"; a report's plot saved as an image is "figure-3.png" (its number
# in the report). Use your language's words: "Rückmeldung", "Bericht", "LIESMICH", "Abbildung".
FEEDBACK = NC_("file name", "feedback")
# Translators: see "feedback" (file name).
REPORT = NC_("file name", "report")
# Translators: see "feedback" (file name).
README = NC_("file name", "README")
# Translators: see "feedback" (file name).
FIGURE = NC_("file name", "figure")

FORBIDDEN = re.compile(r'[\\/:*?"<>|\x00-\x1f\x7f\s]+')
"""What a file name may not hold on Windows, macOS or Linux (and spaces, written '_'): every
other letter stays, so Ärztin Müller's sheet is feedback_Ärztin_Müller.pdf."""


def safe(name: str) -> str:
    """``name`` as a file name: NFC, what a file system forbids written '_' (never at its ends)."""
    return FORBIDDEN.sub("_", unicodedata.normalize("NFC", name)).strip("._ ")


def word(english: str) -> str:
    """A word of a file name (one of this module's) in the current language, made safe; the
    pseudo-language's brackets and padding are no part of a name ("ŕéþöŕţ.pdf")."""
    text = pgettext(CONTEXT, english)
    if current_language() == PSEUDO:
        text = re.sub(r"[\[\]~]", "", text)
    return safe(text) or english


def sheet_prefix() -> str:
    """What a rater's feedback sheet's name starts with: "feedback_"."""
    return word(FEEDBACK) + "_"


def feedback_folder() -> str:
    """The committee pack's folder of feedback sheets: "feedback"."""
    return word(FEEDBACK)


def report_file(suffix: str = ".pdf") -> str:
    """The committee pack's report: "report.pdf"."""
    return word(REPORT) + suffix


def readme_file() -> str:
    """The committee pack's list of its files: "README.txt"."""
    return word(README) + ".txt"


def figure_file(key: str, number: int) -> str:
    """A report's plot as an image: in English by its kind ("rater-accuracy.png", as TapDesk
    always named it), in another language by its ``number`` in the report ("Abbildung-3.png")."""
    if is_source():
        return f"{key}.png"
    return f"{word(FIGURE)}-{number}.png"
