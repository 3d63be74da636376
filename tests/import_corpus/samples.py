"""Small files the tests of several rooms share: written as the programs that make them do,
each the case an issue named (the importer's tests, the command line's, the app's)."""

from __future__ import annotations

from pathlib import Path

from tests.import_corpus.writers import write_xlsx

ESSAYS = ("Essay A: The river", "Essay B: My grandmother", "Essay C: Winter",
          "Essay D: Machines", "Essay E: Home", "Essay F: The match")
MARKERS = (("anna.berg@school.org", "Anna Berg"), ("tom.hale@school.org", "Tom Hale"),
           ("li.wei@school.org", "Li Wei"), ("sam.ortiz@school.org", "Sam Ortiz"),
           ("mia.kern@school.org", "Mia Kern"))
SCORES = ((3, 3, 2, 3, 4), (5, 5, 4, 5, 5), (1, 2, 2, 2, 1), (4, 4, 4, 3, 4), (2, 3, 2, 2, 2),
          (5, 4, 5, 5, 5))
COMMENTS = ("Good structure", "", "Weak ending, strong start", "", "Needs references, see p. 2")
FORM_QUESTION = "Which essay are you marking?"


def google_forms_csv(path: Path) -> Path:
    """Responses as Google Forms' "Download responses (.csv)" writes them: every field quoted,
    CRLF line ends, its timestamp, the respondent's e-mail, then the questions in form order."""
    lines = [f'"Timestamp","Email Address","Your name","{FORM_QUESTION}","Score","Comments"']
    for s, essay in enumerate(ESSAYS):
        for r, (mail, name) in enumerate(MARKERS):
            minute = 5 * (5 * s + r)
            stamp = f"2024/03/{14 + minute // 600} {9 + minute // 60 % 10}:{minute % 60:02d}:" \
                    f"{(17 * s + 7 * r) % 60:02d} AM GMT+1"
            lines.append(f'"{stamp}","{mail}","{name}","{essay}","{SCORES[s][r]}",'
                         f'"{COMMENTS[(s + r) % len(COMMENTS)]}"')
    path.write_bytes(("\r\n".join(lines) + "\r\n").encode("utf-8"))
    return path


def summary_first_book(folder: Path) -> Path:
    """A workbook whose first sheet is a table of coefficients and whose second holds the
    ratings (10 patients, 2 raters)."""
    summary = [["Coefficient", "Estimate", "95% CI lower", "95% CI upper"],
               ["Fleiss' kappa", 0.41, 0.30, 0.52], ["Krippendorff's alpha", 0.43, 0.31, 0.55]]
    data = [["Patient", "Rater 1", "Rater 2"]] + [[i, 1 + i % 2, 1 + (i // 2) % 2]
                                                  for i in range(1, 11)]
    return write_xlsx(folder / "book.xlsx", [("Summary", summary), ("Ratings", data)])
