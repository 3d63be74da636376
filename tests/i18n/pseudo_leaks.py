"""English left in an output written in the pseudo-language (issue 79): every text of the catalog
template comes out accented and in brackets there ("[Ŵàŕñíñĝš~~~]"), so a word of plain
unaccented letters in a command's text, a report, a feedback sheet or a file name was never
translated: an English text glued in by the code, a sentence the catalog lacks, a name made
of English pieces. Qt-free, for the command line's and the documents' tests.

What stays plain in every language is taken out first and named here, each with its reason:
the user's own words (names, categories, column names, a title: given as ``own``), file names
and paths, the command lines that reproduce a result, option names, the machine codes a text
quotes (a model's ``per-rater``, an import rule's ``footer-rows``), a checksum, the version,
the references a report quotes as published, and a few symbols of formulas. A number written as
English writes it ("0.493", where the pseudo-language writes "0,493") is named too.
"""

from __future__ import annotations

import html
import re
import unicodedata
from collections.abc import Iterable
from functools import cache

TAGS = re.compile(r"<[^>]+>")
COMMAND = re.compile(r"\btapdesk(?:\s+[a-z][\w-]*)\b.*$", re.M)
"""A command that reproduces a result, from ``tapdesk`` to the end of its line."""
CONTINUED = re.compile(r"^\s*(?:--[a-z][\w-]*|'[^']*'|\\)(?:\s.*)?$", re.M)
"""A command's next line where a page wraps it: it starts with an option (or a quoted value)."""
OPTION = re.compile(r"(?<![\w-])--[a-z][\w-]*(?:=\S+|\s+[A-Z][A-Z_]*(?:=[A-Z_]+)?\b"
                    r"|\s+[a-z][a-z0-9]*(?:-[a-z0-9]+)*\b)?")
"""An option with its value where that is a code or a metavariable ("--no-rule attributes",
"--column-role COL=ROLE")."""
HEX = re.compile(r"\b[0-9a-f]{16,}\b")
VERSION = re.compile(r"\b\d+\.\d+\.\d+(?:\.?(?:dev|rc|post)\d+)?\b")
PATH = re.compile(r"(?:[A-Za-z]:)?(?:[/\\][\w.\-~]+)+[/\\]?|\b[\w.\-]+(?:/[\w.\-]+)+")
"""A path, absolute or relative ("stanislavzza/tapModel", "feedback/sheet.pdf")."""
FILE = re.compile(r"[\w.\-~\[\]]+\.(?:html?|pdf|odt|docx|csv|tsv|txt|xlsx?|ods|json|tapdesk|png|zip"
                  r"|parquet|md)\b", re.IGNORECASE)
ENCODING = re.compile(r"\b(?:utf|latin|cp|iso|windows|ascii)[-_]?[\d-]*\b", re.IGNORECASE)
DATE = re.compile(r"\b\d{1,2}\.\s+[^\W\d_]+\s+\d{4}\b")
"""A day as the pseudo-language's calendar (German's, Babel's) writes it: "2. Januar 2026"."""
IMPORT_RULE = re.compile(r"\[[a-z]+(?:-[a-z]+)*, (?:left out|kept|guessed|warning)\]")
"""An import note's rule and act, "[footer-rows, left out]": codes, typed as the command line
takes them (``--no-rule footer-rows``)."""
SYMBOLS = ("mu_a", "mu_p", "sigma_a", "sigma_p", "po", "pe", "logit", "sqrt", "log", "exp",
           "TapDesk", "tapdesk", "AC1", "AC2")
"""Symbols of the formulas and parameters the outputs write in every language, and the
product's name."""
PLAIN_WORD = re.compile(r"[A-Za-z]{2,}")
ENGLISH_NUMBER = re.compile(r"(?<![\w.,])(?!(?:[1-9]\d{0,2})(?:\.\d{3})+(?![\d.]))\d+\.\d+(?![\w.]*\d)")
"""A decimal point between digits: the pseudo-language writes a decimal comma (and groups
thousands with a point, "18.000", which is not one)."""


@cache
def machine_codes() -> tuple[str, ...]:
    """The codes the outputs quote as the command line takes them: the models' and the
    analyses' names (``--model``), the methods (``--method``), the file layouts (``--layout``)
    and the importer's rules (``--no-rule``)."""
    from tapdesk.data.import_words import LAYOUT_NAMES
    from tapdesk.data.importer.notes import RULES
    from tapdesk.engine import all_models
    codes = {spec.name for spec in all_models()} | set(LAYOUT_NAMES) | set(RULES)
    codes |= {"ordinal-cuts", "coefficients", "mle", "exact", "mcmc", "bootstrap"}
    return tuple(sorted(codes, key=len, reverse=True))


@cache
def quoted_references() -> tuple[re.Pattern[str], ...]:
    """The references a report quotes as published, each as a pattern that finds it however
    a page wraps it."""
    from tapdesk.report.explain import REFERENCES
    out = []
    for reference in REFERENCES:
        words = reference.text.split()
        out.append(re.compile(r"\s+".join(re.escape(w).replace(r"\-", "[-\u2010\u2011\u2013]\\s*")
                                       for w in words)))
    return tuple(out)


def _own_pattern(word: str, broken: bool = True) -> re.Pattern[str]:
    """``word`` where it stands whole; ``broken``: however a page or a narrow column broke it
    ("Ärztin" | "Müller", "gerin" | "g")."""
    letters = (r"\s*".join(re.escape(c) for c in word if not c.isspace()) if broken
               else re.escape(word))
    # whole where no plain letter goes on: a plot's two names may run together in its text
    return re.compile(rf"(?<![A-Za-z0-9_-]){letters}(?![A-Za-z0-9_-])")


@cache
def template_numbers() -> frozenset[str]:
    """The decimals the catalog's own texts write ("up to 0.20 slight"): each language's
    translation writes them as it writes numbers, the pseudo-language keeps them."""
    from babel.messages.pofile import read_po

    from tapdesk.i18n.languages import LOCALE_DIR
    with (LOCALE_DIR / "tapdesk.pot").open("rb") as handle:
        catalog = read_po(handle)
    found: set[str] = set()
    for message in catalog:
        for msgid in (message.id if isinstance(message.id, tuple | list) else (message.id,)):
            found.update(ENGLISH_NUMBER.findall(str(msgid or "")))
    return frozenset(found)


def plain_text(text: str, own: Iterable[str] = ()) -> str:
    """``text`` without what stays plain in every language (see the module's note); HTML's
    tags and entities read as text."""
    rest = unicodedata.normalize("NFKC", html.unescape(TAGS.sub(" ", text)))
    for pattern in quoted_references():
        rest = pattern.sub(" ", rest)
    rest = re.sub(r"(\w)-\n(\w)", r"\1-\2", rest)                # a word a page broke at "-"
    rest = COMMAND.sub(" ", rest)
    rest = CONTINUED.sub(" ", rest)
    for machine in (DATE, IMPORT_RULE, HEX, VERSION, PATH, FILE, ENCODING, OPTION):
        rest = machine.sub(" ", rest)
    rest = quoted_codes().sub(" ", rest)
    words = {unicodedata.normalize("NFKC", str(w)) for w in own if str(w).strip()}
    for word in sorted(words, key=len, reverse=True):
        rest = _own_pattern(word).sub(" ", rest)
    for word in sorted(SYMBOLS, key=len, reverse=True):
        rest = _own_pattern(word, broken=False).sub(" ", rest)
    return rest


@cache
def quoted_codes() -> re.Pattern[str]:
    """A code where an output quotes it: alone in square brackets ("[per-rater]", "[long]"),
    as a fact's value ("[Model code]: tap") or after the option that takes it, the option's
    name itself accented inside a sentence ("--ñö-ŕûĺé attributes"). Elsewhere a code that is
    an English word ("wide", "counts", "expert") is an English word."""
    codes = "|".join(re.escape(c).replace(r"\-", "-?") for c in machine_codes())   # (a page's
    #                                             no-break hyphen is lost in its text: "tapa0a1")
    return re.compile(rf"\[(?:{codes})\]|(?<=\]: )(?:{codes})(?![\w-])"
                      rf"|--[^\s\]]+\s+(?:{codes})(?![\w-])")


def pseudo_leaks(text: str, own: Iterable[str] = ()) -> list[str]:
    """Each line of ``text`` that holds a word of plain letters or an English-written number
    once :func:`plain_text` took out what stays plain, with what was found:
    ``"accuracy, by | ... the line ..."``; [] when every word came from the catalog."""
    found = []
    for line in plain_text(text, own).splitlines():
        numbers = [n for n in ENGLISH_NUMBER.findall(line) if n not in template_numbers()]
        words = PLAIN_WORD.findall(line) + numbers
        if words:
            found.append(f"{', '.join(dict.fromkeys(words))} | {' '.join(line.split())[:240]}")
    return found


def assert_no_leaks(text: str, own: Iterable[str] = (), where: str = "") -> None:
    """Fail, listing each line with English in it, when ``text`` holds any."""
    leaks = pseudo_leaks(text, own)
    assert not leaks, f"{where}: {len(leaks)} lines with English words:\n" + "\n".join(leaks[:80])


def file_name_leaks(names: Iterable[str], own: Iterable[str] = (),
                    data_files: Iterable[str] = ()) -> list[str]:
    """The file names (relative paths) with a word of plain letters in them once the user's
    own words, the extension and the data files meant for a script (``data_files``: their
    names stay English in every language, as their columns do) are taken out."""
    kept = set(data_files)
    out = []
    for name in names:
        if name.split("/")[-1] in kept:
            continue
        stem = re.sub(r"\.[A-Za-z]+$", "", name)
        rest = unicodedata.normalize("NFKC", stem)
        for word in sorted({unicodedata.normalize("NFKC", w) for w in own if w}, key=len,
                           reverse=True):
            rest = rest.replace(word, " ").replace(word.replace(" ", "_"), " ")
        if PLAIN_WORD.search(rest):
            out.append(name)
    return out


# ------------------------------------------------------------------------------ the data
RATERS = (("Dr. Weiß", 52, "Nord"), ("Ärztin Müller", 31, "Süd"), ("R3", 45, "Nord"),
          ("R4", 28, "Süd"), ("Öztürk", 60, "Nord"), ("R6", 38, "Süd"), ("Gast", 41, "Süd"))
"""The panel's raters: a name, years of service (a numeric rater attribute) and a site (a
categorical one); the last, a guest, rates only a few subjects (too few for numbers of their
own on their feedback sheet)."""
GUEST_SUBJECTS = 6
COLUMNS = ("Prüfling", "Jahrgang", "Prüfer", "Dienstjahre", "Standort", "Bewertung")
LABELS = "1=gering,2=mittel,3=hoch"
OWN = (*COLUMNS, *(r[0] for r in RATERS), "Nord", "Süd", "gering", "mittel", "hoch")
"""The data's own words, kept as written in every language."""


def panel_csv(path):
    """A small realistic panel as a long CSV: 48 subjects in three years of study, seven raters
    with their years of service and site (one of them rating six subjects only), an ordered
    scale of three (codes 1-3, named with :data:`LABELS`), the more experienced raters the more
    accurate; about one rating in eight is missing, some left out, some written as an empty cell."""
    import csv

    import numpy as np
    rng = np.random.default_rng(7)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(COLUMNS)
        for s in range(48):
            truth = rng.choice([1, 2, 3], p=[0.3, 0.4, 0.3])
            for name, years, site in RATERS:
                gone = rng.random()
                if gone < 0.06 or (name == RATERS[-1][0] and s >= GUEST_SUBJECTS):
                    continue
                accuracy = 0.35 + 0.01 * (years - 28)
                rating = truth if rng.random() < accuracy else rng.choice([1, 2, 3],
                                                                          p=[0.3, 0.4, 0.3])
                out.writerow([f"F{s + 1:02d}", 1 + s % 3, name, years, site,
                              "" if gone < 0.12 else int(rating)])
    return path
