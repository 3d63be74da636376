"""Corpus kinds for issue 40, families 4-6: the layout agrees with the file, the rater id by
structure, every survey transposition said, files with nothing to rate refused.

Written from the principles, not from one platform's files: long exports with columns beside
the ratings (times, durations, comments) where a wide reading would be wrong; rater ids with
headers no word list knows ('Instructor', 'Your name', 'labeler') holding names, e-mails or
worker ids; subject ids known only by structure; surveys whose question texts name the
subjects, the raters, persons or nothing; every kind of table with nothing to rate; and the
near misses that must still be read (a category-counts table, a small wide table whose raters
are named people, a long file where one rater rated a subject twice).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from tapdesk.data.importer.words import RATING_WORDS, fold
from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import LABEL_SETS, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text, write_xlsx_openpyxl

_FIRST = ("Anna", "Ben", "Chloé", "Dmitri", "Eva", "Farid", "Greta", "Hugo", "Ines", "Jonas")
_LAST = ("Smith", "Müller", "García", "Okafor", "Rossi", "Nowak", "Dubois", "Kim")
_RATER_HEADERS = ("Instructor", "Juror", "Name", "E-mail", "WorkerId", "_worker_id", "user",
                  "labeler", "Your name", "username", "annotator", "coder", "reviewer",
                  "Submitted by")
_NAMED_RATERS = {"workerid", "annotator", "coder", "reviewer"}      # headers the words know
_SUBJECT_HEADERS = ("subject", "Student", "essay_id", "Photo", "text_id", "clip", "file")
_KNOWN_SUBJECTS = {"subject", "student"}
_RATING_HEADERS = ("rating", "label", "Grade", "Answer", "score", "sentiment")
_COMMENTS = ("seen twice before the final decision was made", "the image was blurred at the edge",
             "hard to tell from this angle, asked a colleague", "very clear example of the class")


def _write(rng, folder: Path, name: str, rows: list[list]) -> Path:
    """The rows as CSV, tab-separated text or an .xlsx workbook (numbers as numbers)."""
    kind = int(rng.integers(3))
    if kind == 2:
        cells = [[int(v) if isinstance(v, str) and v.isdigit() and len(v) < 6 else v for v in row]
                 for row in rows]
        return write_xlsx_openpyxl(folder / f"{name}.xlsx", cells)
    delim = "," if kind == 0 else "\t"
    return write_text(folder / f"{name}.{'csv' if kind == 0 else 'tsv'}", text_table(rows, delim))


def _people(rng, n: int, style: int) -> list[str]:
    """n rater ids of one style: full names, e-mails or crowd worker ids."""
    firsts = [str(f) for f in rng.permutation(_FIRST)[:n]]
    if style == 0:
        return [f"{f} {pick(rng, _LAST)}" for f in firsts]
    if style == 1:
        return [f"{f.lower().replace('é', 'e')}.{pick(rng, _LAST).lower()[:3]}@uni.example.org"
                for f in firsts]
    alphabet = list("ABCDEFGHJKLMNPQRSTUVWXYZ0123456789")
    return ["A" + "".join(rng.choice(alphabet, 12)) for _ in range(n)]


def _subjects(rng, header: str, n: int) -> list[str]:
    stem = {"Photo": "img_{:04d}.jpg", "file": "scan_{:03d}.png", "clip": "clip-{:02d}",
            "text_id": "t{:05d}", "essay_id": "E{:03d}"}.get(header, "S{:03d}")
    start = int(rng.integers(1, 50))
    return [stem.format(start + 3 * k) for k in range(n)]


def _long_rows(rng, subjects, raters, labels, per_subject: int, twice: bool = False):
    """(subject, rater, rating) rows: each subject rated by ``per_subject`` raters; with
    ``twice`` one rater rates one subject a second time."""
    rows = [(s, str(r), str(rng.choice(labels))) for s in subjects
            for r in rng.permutation(raters)[:per_subject]]
    if twice:
        s, r, _ = rows[int(rng.integers(len(rows)))]
        rows.append((s, r, str(rng.choice(labels))))
    used = {v for _, _, v in rows}
    if len(used) < 2:
        rows[0] = (rows[0][0], rows[0][1], next(v for v in labels if v != rows[0][2]))
    return rows


def _time(rng, k: int) -> str:
    return f"2024-0{int(rng.integers(1, 9))}-1{k % 10} {int(rng.integers(8, 18)):02d}:" \
           f"{int(rng.integers(0, 60)):02d}:{int(rng.integers(0, 60)):02d}"


def _extra(rng, kind: str, k: int) -> str:
    if kind == "SubmitTime":
        return _time(rng, k)
    if kind == "Duration":
        return f"00:{int(rng.integers(0, 15)):02d}:{int(rng.integers(0, 60)):02d}"
    if kind == "WorkTimeInSeconds":
        return f"{rng.uniform(5, 400):.1f}"
    return pick(rng, _COMMENTS) + f" ({k})"


def long_by_structure(rng, folder, name) -> Case:
    """One row per rating with the rater id under any header, maybe times, durations and
    comments beside it: the long reading, the rater (or subject) found by structure, said."""
    rater_head = pick(rng, _RATER_HEADERS)
    subject_head = pick(rng, _SUBJECT_HEADERS)
    rating_head = pick(rng, _RATING_HEADERS)
    labels = pick(rng, LABEL_SETS)
    raters = _people(rng, int(rng.integers(3, 7)), int(rng.integers(3)))
    subjects = _subjects(rng, subject_head, int(rng.integers(8, 20)))
    triples = _long_rows(rng, subjects, raters, labels, int(rng.integers(2, len(raters) + 1)))
    if rng.random() < 0.5:
        triples = [triples[i] for i in rng.permutation(len(triples))]
    extras = [str(e) for e in rng.permutation(("SubmitTime", "Duration", "WorkTimeInSeconds",
                                               "Comment"))[:int(rng.integers(0, 4))]]
    order = [str(c) for c in rng.permutation(["s", "r", "v"])]
    head_of = {"s": subject_head, "r": rater_head, "v": rating_head}
    rows: list[list] = [[head_of[c] for c in order] + extras]
    for k, t in enumerate(triples):
        cell = dict(zip("srv", t))
        rows.append([cell[c] for c in order] + [_extra(rng, e, k) for e in extras])
    path = _write(rng, folder, name, rows)
    rules: tuple[str, ...] = ()
    if fold(subject_head) in _KNOWN_SUBJECTS and fold(rating_head) in RATING_WORDS and \
            not extras and fold(rater_head) not in _NAMED_RATERS:
        rules = ("header-words",)       # subject, rating and one other column: the rater
    elif fold(rater_head) not in _NAMED_RATERS:
        rules = ("rater-by-structure",)
    elif fold(subject_head) not in _KNOWN_SUBJECTS:
        rules = ("subject-by-structure",)
    elif fold(rating_head) not in RATING_WORDS:
        rules = ("header-words",)       # subject and rater named: the one column of labels
    truth = Truth(tuple(triples), tuple(subjects), tuple(dict.fromkeys(r for _, r, _ in triples)),
                  tuple({v for _, _, v in triples}), rules=rules)
    return Case(name, "long-by-structure", path, truth)


def long_rated_twice(rng, folder, name) -> Case:
    """Near miss: a long file where one rater rated one subject twice: still long, the repeated
    pair kept (with the usual warning), the rater still found by structure."""
    raters = _people(rng, 4, 0)
    subjects = _subjects(rng, "subject", int(rng.integers(12, 20)))
    triples = _long_rows(rng, subjects, raters, ("1", "2", "3", "4"), 3, twice=True)
    rows: list[list] = [["subject", pick(rng, ("Instructor", "Juror", "Your name")), "score",
                         "SubmitTime"]]
    rows += [[s, r, v, _time(rng, k)] for k, (s, r, v) in enumerate(triples)]
    path = _write(rng, folder, name, rows)
    truth = Truth(tuple(triples), tuple(subjects), tuple(dict.fromkeys(r for _, r, _ in triples)),
                  tuple({v for _, _, v in triples}), rules=("rater-by-structure",))
    return Case(name, "long-rated-twice", path, truth)


def wide_named_people(rng, folder, name) -> Case:
    """Near miss: a small wide table, one row per subject, whose rater headers are people's
    names: read wide, nothing guessed by structure."""
    raters = _people(rng, int(rng.integers(2, 5)), 0)
    p = make_panel(rng, raters=raters, n_subj=(4, 8), subject_style="s", missing=0.0)
    path = _write(rng, folder, name, p.rows(id_header=pick(rng, ("subject", "Case", "ID"))))
    return Case(name, "wide-named-people", path, p.truth(quiet=("rater-by-structure",
                                                                "subject-by-structure")))


# ------------------------------------------------------------------- surveys
def _respondents(rng, n: int) -> tuple[str, list[str]]:
    style = int(rng.integers(3))
    head = ("Name", "Email Address", "Your name")[style]
    return head, _people(rng, n, 1 if style == 1 else 0)


def survey_questions_subjects(rng, folder, name) -> Case:
    """A form, one row per respondent, whose questions each name a thing to rate: the
    respondents are the raters, the questions the subjects, and the note says so and the other
    reading."""
    thing = pick(rng, ("essay", "photo", "clip", "poster", "abstract"))
    template = pick(rng, ("Rate {t} {k}", "How good is {t} {k}?", "{T} {k}: your rating",
                          "Please grade {t} #{k}"))
    qs = [template.format(t=thing, T=thing.capitalize(), k=k + 1)
          for k in range(int(rng.integers(3, 7)))]
    head, people = _respondents(rng, int(rng.integers(3, 7)))
    p = make_panel(rng, subjects=qs, raters=people, labels=pick(rng, (("1", "2", "3", "4", "5"),
                                                                     ("poor", "fair", "good"))),
                   missing=0.0)
    style = int(rng.integers(3))        # bare; a timestamp first; Microsoft Forms' columns
    mails = people
    if style == 2:                      # Microsoft Forms: the respondents are named in 'Name'
        mails = _people(rng, len(people), 1)
        people = [f"{_FIRST[j]} {pick(rng, _LAST)}" for j in range(len(people))]
        p = make_panel(rng, subjects=qs, raters=people, labels=p.labels, missing=0.0)
    lead = [[], ["Timestamp"], ["ID", "Start time", "Completion time", "Email", "Name"]][style]
    rows: list[list] = [lead + ([] if style == 2 else [head]) + qs]
    for j, r in enumerate(people):
        stamp = f"3/{j + 1}/24 10:1{j}:00"
        first = [[r], [stamp, r], [str(j + 1), stamp, f"3/{j + 1}/24 10:2{j}:00", mails[j],
                                   r]][style]
        rows.append(first + [p.grid[i][j] for i in range(len(qs))])
    path = _write(rng, folder, name, rows)
    return Case(name, "survey-subjects", path, p.truth(rules=("survey-orientation",)))


def survey_questions_raters(rng, folder, name) -> Case:
    """A data-entry form, one row per case, whose questions name the raters ('Rater 2 score'):
    the responses are the subjects, the questions the raters, said in the note."""
    n_raters = int(rng.integers(2, 5))
    template = pick(rng, ("Rater {k} score", "Score given by judge {k}", "Coder {k}"))
    qs = [template.format(k=k + 1) for k in range(n_raters)]
    head = pick(rng, ("Response ID", "Email Address"))
    cases = [f"R_{k:03d}x" if head == "Response ID" else f"entry{k}@clinic.example.org"
             for k in range(int(rng.integers(5, 10)))]
    p = make_panel(rng, subjects=cases, raters=qs, labels=("0", "1", "2"), missing=0.0)
    rows: list[list] = [[head] + qs] + [[s] + row for s, row in zip(cases, p.grid)]
    path = _write(rng, folder, name, rows)
    return Case(name, "survey-raters", path, p.truth(rules=("survey-orientation",)))


def survey_questions_people(rng, folder, name) -> Case:
    """A form whose questions name persons ('How did Dr Kim do?'): read with the persons as
    subjects, and the orientation said to be in doubt (a low-confidence layout warning)."""
    doctors = [f"Dr {str(s)}" for s in rng.permutation(_LAST)[:int(rng.integers(2, 5))]]
    template = pick(rng, ("How did {d} do?", "Rate {d}"))
    qs = [template.format(d=d) for d in doctors]
    head, people = _respondents(rng, int(rng.integers(3, 7)))
    p = make_panel(rng, subjects=qs, raters=people, labels=("Poor", "Fair", "Good"), missing=0.0)
    rows: list[list] = [[head] + qs]
    rows += [[r] + [p.grid[i][j] for i in range(len(qs))] for j, r in enumerate(people)]
    path = _write(rng, folder, name, rows)
    return Case(name, "survey-people", path, p.truth(rules=("survey-orientation", "layout")))


# ----------------------------------------------------------- nothing to rate
def _codebook_rows(rng) -> list[list]:
    style = int(rng.integers(3))
    if style == 0:                      # REDCap data dictionary
        rows: list[list] = [["Variable / Field Name", "Form Name", "Section Header", "Field Type",
                             "Field Label", "Choices, Calculations, OR Slider Labels"]]
        rows += [["record_id", "rating", "", "text", "Record ID", ""],
                 ["rater", "rating", "", "dropdown", "Rater", "1, Anna | 2, Ben | 3, Cara"],
                 ["severity", "rating", "", "radio", "Severity", "1, mild | 2, moderate | 3, severe"]]
        return rows
    if style == 1:                      # SPSS variable view
        rows = [["Name", "Type", "Width", "Decimals", "Label", "Values", "Missing", "Measure"]]
        rows += [[f"r{k}", "Numeric", "8", "0", f"Rater {k}", "{1, yes}...", "None", "Nominal"]
                 for k in range(1, int(rng.integers(3, 6)))]
        return rows
    rows = [["Variable", "Label", "Type", "Values"]]
    rows += [["id", "Subject id", "string", ""]] + \
        [[f"rater{k}", f"Rating by rater {k}", "integer", "1=absent; 2=present"]
         for k in range(1, int(rng.integers(3, 6)))]
    return rows


def _kappa_rows(rng) -> list[list]:
    names = ["Fleiss' kappa", "Cohen's kappa (mean of pairs)", "Krippendorff's alpha",
             "Gwet's AC1", "Percent agreement"]
    rows: list[list] = [[pick(rng, ("Coefficient", "Statistic", "Measure")), "Estimate", "SE",
                         "95% CI lower", "95% CI upper"]]
    for n in names[:int(rng.integers(2, 6))]:
        est = rng.uniform(0.2, 0.9)
        rows.append([n, f"{est:.3f}", f"{rng.uniform(0.02, 0.08):.3f}", f"{est - 0.1:.3f}",
                     f"{min(est + 0.1, 0.99):.3f}"])
    return rows


def _matrix_rows(rng) -> list[list]:
    raters = _people(rng, int(rng.integers(3, 6)), 0)
    k = len(raters)
    vals = rng.uniform(0.15, 0.9, (k, k))
    vals = (vals + vals.T) / 2
    rows: list[list] = [[""] + raters]
    rows += [[r] + ["1" if i == j else f"{vals[i, j]:.2f}" for j in range(k)]
             for i, r in enumerate(raters)]
    return rows


def _per_rater_rows(rng) -> list[list]:
    raters = _people(rng, int(rng.integers(3, 7)), 0)
    rows: list[list] = [[pick(rng, ("Rater", "Coder", "Reviewer")), "Subjects rated", "% yes",
                         "Mean score"]]
    rows += [[r, str(int(rng.integers(20, 50))), f"{rng.uniform(20, 80):.1f}",
              f"{rng.uniform(1, 4):.2f}"] for r in raters]
    return rows


def _report_rows(rng) -> list[list]:
    rows: list[list] = [["Question", "Answer", "Count", "Percent"]]
    for q in ("Was the course clear?", "Would you return?", "Was the pace right?")[:int(rng.integers(2, 4))]:
        counts = rng.integers(3, 40, 3)
        for a, c in zip(("Yes", "No", "Not sure"), counts):
            rows.append([q, a, str(int(c)), f"{100 * c / counts.sum():.0f}%"])
    rows.append(["Total", "", str(int(sum(int(r[2]) for r in rows[1:]))), ""])
    return rows


def _share_rows(rng) -> list[list]:
    """Per question, the percentage of respondents choosing each answer (rows add up to 100)."""
    answers = pick(rng, (("Agree", "Neutral", "Disagree"), ("Yes", "No"), ("Good", "Fair", "Poor")))
    rows: list[list] = [["Question"] + list(answers)]
    for q in ("Was the course clear?", "Was the pace right?", "Were the tutors helpful?",
              "Would you return?")[:int(rng.integers(2, 5))]:
        shares = rng.dirichlet(np.ones(len(answers))) * 100
        cells = [round(float(x), 1) for x in shares[:-1]]
        rows.append([q] + [f"{x:.1f}" for x in cells] + [f"{100 - sum(cells):.1f}"])
    return rows


def _free_text_rows(rng) -> list[list]:
    answers = ("The examples were really clear and useful", "I liked the group work a lot",
               "Good pace and friendly tutors all along", "Everything about the labs was fun",
               "More time for the final project would help", "Fewer slides and more practice",
               "The room was far too cold for us", "Nothing really, it was fine for me")
    n = int(rng.integers(4, 8))
    rows: list[list] = [["Timestamp", "What did you like about the course?",
                         "What should we change next time?"]]
    rows += [[f"2024/03/0{k + 1} 10:1{k}:00", f"{pick(rng, answers)} ({k})",
              f"{pick(rng, answers)} [{k}]"] for k in range(n)]
    return rows


def _template_rows(rng) -> list[list]:
    raters = [f"Rater {k}" for k in range(1, int(rng.integers(3, 6)))]
    head = ["subject"] + raters
    if rng.random() < 0.4:
        return [head]
    return [head] + [[f"S{k:03d}"] + [None] * len(raters) for k in range(1, int(rng.integers(5, 12)))]


_NOTHING = ((_codebook_rows, ("codebook",)), (_kappa_rows, ("agreement coefficients",)),
            (_matrix_rows, ("pairwise agreement",)), (_per_rater_rows, ("per-rater summary",)),
            (_report_rows, ("aggregated report",)), (_share_rows, ("aggregated report",)),
            (_free_text_rows, ("free-text",)),
            (_template_rows, ("empty data-entry template",)))


def nothing_to_rate(rng, folder, name) -> Case:
    """A table with nothing to rate, refused in one sentence saying what it is."""
    k = int(name.rsplit("_", 1)[1]) % len(_NOTHING)
    make, words = _NOTHING[k]
    path = _write(rng, folder, name, make(rng))
    return Case(name, "nothing-to-rate", path, Truth(refuse=words))


def category_counts_near_miss(rng, folder, name) -> Case:
    """Near miss: subjects x categories holding how many raters chose each (the same number
    of raters per subject): read as counts, not refused as a report."""
    cats = pick(rng, (("none", "mild", "moderate", "severe"), ("1", "2", "3"), ("yes", "no")))
    n_raters = int(rng.integers(3, 7))
    subjects = [f"s{k + 1}" for k in range(int(rng.integers(5, 12)))]
    counts = [rng.multinomial(n_raters, [1 / len(cats)] * len(cats)) for _ in subjects]
    counts[0] = np.array([n_raters] + [0] * (len(cats) - 1))
    rows: list[list] = [["subject"] + list(cats)]
    rows += [[s] + [str(int(c)) for c in row] for s, row in zip(subjects, counts)]
    ratings = tuple((s, "", c) for s, row in zip(subjects, counts)
                    for c, m in zip(cats, row) for _ in range(int(m)))
    path = _write(rng, folder, name, rows)
    return Case(name, "category-counts", path,
                Truth(ratings, tuple(subjects), (), tuple(cats)))


KINDS = [(long_by_structure, 40), (long_rated_twice, 6), (wide_named_people, 8),
         (survey_questions_subjects, 12), (survey_questions_raters, 8),
         (survey_questions_people, 6), (nothing_to_rate, 32), (category_counts_near_miss, 6)]
