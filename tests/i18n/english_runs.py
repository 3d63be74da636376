"""English left in an output of another language (issue 79): the runs of six words an output
shares with the English output of the same data.

A sentence left untranslated shares every run of its words with the English; a translated one
shares none, since names, numbers and categories alone never make six words in a row. What the
user wrote or the data hold (a rater's name, a category, a title typed in English) is given as
``own`` and taken out before the comparison, as are numbers, file names and the command line,
which are the same in every language.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

RUN = 6
"""Words in a run: a five-word name ("Rater agreement report for wine") may be shared, a
sentence may not."""
COMMAND = re.compile(r"(?m)^.*\btapdesk\s+\w+.*$")
"""A line holding a command (``tapdesk feedback ...``): the same in every language."""
WORD = re.compile(r"[^\W\d_][^\W\d_'’-]*(?:['’-][^\W\d_]+)*")


def words(text: str, own: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` in order, lower-cased, without commands, file names, reference
    numbers, single letters (a formula's) and ``own`` texts (each taken out where it stands, so
    a run never spans it)."""
    text = COMMAND.sub(" | ", unicodedata.normalize("NFKC", text))     # "ﬁ" is "fi"
    text = re.sub(r"\[\d+\]", " | ", text)                                # a reference's number
    text = re.sub(r"\b[0-9a-fA-F]{16,}\b", " | ", text)                    # a checksum
    text = re.sub(r"(\w)[-\u00ad]\n(\w)", r"\1\2", text)                    # "no-\nminal"
    text = re.sub(r"\S+\.(?:csv|pdf|zip|txt|xlsx|tsv)\b", " | ", text)
    for o in sorted((o for o in own if o), key=len, reverse=True):
        text = re.sub(rf"(?<!\w){re.escape(o)}(?!\w)", " | ", text)     # "no", not "nominal"
    out: list[str] = []
    for token in re.split(r"(\|)", text):
        if token == "|":
            out.append("|")
        else:
            out += [w.lower() for w in WORD.findall(token) if len(w) > 1]   # not "(a - d) / n"
    return out


def runs(text: str, own: Iterable[str] = ()) -> set[tuple[str, ...]]:
    """Every run of :data:`RUN` words of ``text`` (none across what :func:`words` took out)."""
    w = words(text, own)
    return {tuple(w[i:i + RUN]) for i in range(len(w) - RUN + 1) if "|" not in w[i:i + RUN]}


def quoted_runs() -> set[tuple[str, ...]]:
    """The runs of what every report quotes as it was published, in every language: its
    references (authors and titles)."""
    from tapdesk.report.explain import REFERENCES
    return runs(" ".join(r.text for r in REFERENCES))         # a run may span two of them


def english_left(text: str, english: str, own: Iterable[str] = ()) -> list[str]:
    """The runs of six words ``text`` shares with ``english`` (the same output in English),
    each as words joined by spaces, sorted; empty when no English sentence is left. The
    references a report quotes (:func:`quoted_runs`) are not counted."""
    own = tuple(own)
    return sorted(" ".join(r) for r in (runs(text, own) & runs(english, own)) - quoted_runs())


def assert_no_english(text: str, english: str, own: Iterable[str] = (), where: str = "") -> None:
    """Fail, listing the English runs, when ``text`` holds an English sentence."""
    left = english_left(text, english, own)
    assert not left, f"{where}: {len(left)} English runs:\n" + "\n".join(left[:60])
