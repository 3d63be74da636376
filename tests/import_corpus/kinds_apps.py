"""Corpus kinds that imitate what programs export: R, REDCap, Qualtrics, SPSS and Stata."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pandas as pd

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.panel import NUMERIC_SETS, make_panel
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text


# ------------------------------------------------------------------------ R
def r_write_csv(rng, folder, name) -> Case:
    """R's write.csv: quoted strings, NA, and an unnamed first column of row names."""
    roll = int(rng.integers(6))
    p = make_panel(rng, labels=pick(rng, NUMERIC_SETS + (("no", "yes"),)))
    numeric = p.labels[0].isdigit()
    if roll == 5:         # write.csv(t(m)): one row per rater, rater names as row names
        p = make_panel(rng, labels=p.labels, rater_style="names", subject_style="s")
        rows = [[""] + p.subjects] + [[r] + [p.cell(row[j], numeric) for row in p.grid]
                                      for j, r in enumerate(p.raters)]
        path = write_text(folder / f"{name}.csv", text_table(rows, ",", quote_strings=True,
                                                             na="NA"))
        return Case(name, "r-export", path, p.truth())
    if roll == 0:         # data frame with a subject column: row names 1..N are left out
        rows = p.rows(numeric=numeric)
        rows = [[""] + rows[0]] + [[str(i)] + r for i, r in enumerate(rows[1:], start=1)]
        truth = p.truth(rules=("row-names",))
    elif roll == 1:       # no subject column: the row names 1..N number the subjects
        rows = p.rows(ids=False, numeric=numeric)
        rows = [[""] + rows[0]] + [[str(i)] + r for i, r in enumerate(rows[1:], start=1)]
        truth = p.unnamed_truth(rules=("row-names",))
    elif roll == 2:       # row names that are the subject ids
        rows = p.rows(ids=False, numeric=numeric)
        rows = [[""] + rows[0]] + [[s] + r for s, r in zip(p.subjects, rows[1:])]
        truth = p.truth(rules=("row-names",))
    elif roll == 3:       # long data frame: row names 1..N beside subject/rater/rating
        rows = p.long_rows(rng=rng)
        rows = [[""] + rows[0]] + [[str(i)] + r for i, r in enumerate(rows[1:], start=1)]
        truth = p.truth(rules=("row-names",))
    else:                 # write.table(sep="\t"): the header has no cell for the row names
        rows = p.rows(ids=False, numeric=numeric)
        rows = [rows[0]] + [[str(i)] + r for i, r in enumerate(rows[1:], start=1)]
        text = text_table(rows, "\t", quote_strings=True, na="NA")
        path = write_text(folder / f"{name}.txt", text)
        return Case(name, "r-export", path, p.unnamed_truth(rules=("row-names",)))
    text = text_table(rows, ",", quote_strings=True, na="NA")
    path = write_text(folder / f"{name}.csv", text)
    return Case(name, "r-export", path, truth)


# ------------------------------------------------------------------- REDCap
def redcap(rng, folder, name) -> Case:
    roll = int(rng.integers(3))
    if roll == 0:         # raw export: raters as fields, event and repeat columns, *_complete
        p = make_panel(rng, raters=["rater1_dx", "rater2_dx", "rater3_dx"],
                       labels=pick(rng, NUMERIC_SETS), subjects=[str(i + 1) for i in range(9)])
        head = ["record_id", "redcap_event_name", "redcap_repeat_instrument",
                "redcap_repeat_instance"] + p.raters + ["rating_form_complete"]
        rows = [head] + [[s, "baseline_arm_1", None, None] + row + [pick(rng, ("0", "2"))]
                         for s, row in zip(p.subjects, p.grid)]
        truth = p.truth(rules=("metadata-columns",))
    elif roll == 1:       # label export: "Record ID", "Event Name", ..., "Complete?"
        p = make_panel(rng, raters=["Rater 1", "Rater 2"], labels=("No", "Yes"),
                       subjects=[str(100 + i) for i in range(8)])
        head = ["Record ID", "Event Name", "Survey Timestamp"] + p.raters + ["Complete?"]
        rows = [head] + [[s, "Baseline (Arm 1: Main)", f"2023-0{1 + i % 9}-1{i % 9} 10:1{i % 9}"]
                         + row + ["Complete"] for i, (s, row) in enumerate(zip(p.subjects, p.grid))]
        truth = p.truth(rules=("metadata-columns",))
    else:                 # long: one row per record and rater, rater in a field
        p = make_panel(rng, raters=["A", "B", "C"], labels=pick(rng, NUMERIC_SETS), missing=0.0,
                       subjects=[f"{i + 1}" for i in range(7)])
        rows = [["record_id", "redcap_repeat_instrument", "redcap_repeat_instance", "rater",
                 "severity", "assessment_complete"]]
        for s, row in zip(p.subjects, p.grid):
            for k, (r, v) in enumerate(zip(p.raters, row), start=1):
                rows.append([s, "assessment", str(k), r, v, "2"])
        truth = p.truth(rules=("metadata-columns",))
    path = write_text(folder / f"{name}.csv", text_table(rows, ","))
    return Case(name, "redcap", path, truth)


# ----------------------------------------------------------------- Qualtrics
QUALTRICS_META = ["StartDate", "EndDate", "Status", "IPAddress", "Progress", "Duration (in seconds)",
                  "Finished", "RecordedDate", "ResponseId", "RecipientLastName",
                  "RecipientFirstName", "RecipientEmail", "ExternalReference", "LocationLatitude",
                  "LocationLongitude", "DistributionChannel", "UserLanguage"]
QUALTRICS_TEXT = ["Start Date", "End Date", "Response Type", "IP Address", "Progress",
                  "Duration (in seconds)", "Finished", "Recorded Date", "Response ID",
                  "Recipient Last Name", "Recipient First Name", "Recipient Email",
                  "External Data Reference", "Location Latitude", "Location Longitude",
                  "Distribution Channel", "User Language"]


def qualtrics(rng, folder, name) -> Case:
    """A Qualtrics CSV: metadata columns, two extra header rows; one response per rater,
    one question per subject."""
    n_resp = int(rng.integers(3, 7))
    n_q = int(rng.integers(4, 9))
    ids = [f"R_{''.join(rng.choice(list('abcdefghKLMNPQRS2345'), 15))}" for _ in range(n_resp)]
    qs = [f"Q{k + 1}" for k in range(n_q)]
    labels = pick(rng, (("Mild", "Moderate", "Severe"), ("1", "2", "3", "4", "5"), ("Yes", "No")))
    p = make_panel(rng, subjects=qs, raters=ids, labels=labels, missing=0.05)
    head = QUALTRICS_META + qs
    texts = QUALTRICS_TEXT + [f"Case {k + 1}: how severe is it, in your view?\n(choose one)"
                              for k in range(n_q)]
    imports = [json.dumps({"ImportId": m[0].lower() + m[1:]}) for m in QUALTRICS_META] + \
        [json.dumps({"ImportId": f"QID{k + 1}"}) for k in range(n_q)]
    rows = [head, texts] + ([imports] if rng.random() < 0.75 else [])
    for j, rid in enumerate(ids):
        meta = [
            f"2023-05-0{j + 1} 10:0{j}:00",
            f"2023-05-0{j + 1} 10:1{j}:00",
            "IP Address",
            f"203.0.113.{j + 5}",
            "100",
            str(300 + 17 * j),
            "True",
            f"2023-05-0{j + 1} 10:1{j}:01",
            rid,
            None,
            None,
            None,
            None,
            f"{39.7 + j / 10:.4f}",
            "-104.9",
            "anonymous",
            "EN",
        ]
        rows.append(meta + [p.grid[i][j] for i in range(n_q)])
    path = write_text(folder / f"{name}.csv", text_table(rows, ","), encoding="utf-8-sig")
    return Case(name, "qualtrics", path, p.truth(rules=("metadata-columns", "extra-header-rows")))


def google_forms(rng, folder, name) -> Case:
    """A Google Forms CSV: Timestamp, maybe the respondent's e-mail, one column per question
    (each image or essay to rate); one row per respondent, so the rows are the raters."""
    n_resp = int(rng.integers(3, 7))
    qs = [f"{pick(rng, ('Image', 'Essay', 'Clip'))} {k + 1}" for k in range(int(rng.integers(4, 8)))]
    email = rng.random() < 0.6
    raters = [f"rater{j + 1}@example.org" for j in range(n_resp)] if email else \
        [f"R{j + 1}" for j in range(n_resp)]
    p = make_panel(rng, subjects=qs, raters=raters, labels=pick(rng, (("Yes", "No"),
                                                                     ("1", "2", "3", "4"))),
                   missing=0.05)
    head = ["Timestamp"] + (["Email Address"] if email else []) + qs
    rows = [head]
    for j, r in enumerate(raters):
        rows.append([f"2024/03/0{j + 1} 10:1{j}:00 AM GMT+1"] + ([r] if email else [])
                    + [p.grid[i][j] for i in range(len(qs))])
    path = write_text(folder / f"{name}.csv", text_table(rows, ","))
    return Case(name, "google-forms", path, p.truth(rules=("format",)))


# -------------------------------------------------------------- SPSS, Stata
def spss(rng, folder, name) -> Case:
    """SPSS with value labels, a user-missing code that carries a label, ordinal measure."""
    import pyreadstat
    names = ("none", "mild", "moderate", "severe")
    code = pick(rng, (9, 99, -1))
    p = make_panel(rng, labels=names, raters=["rater1", "rater2", "rater3"], missing=0.0,
                   subjects=[str(i + 1) for i in range(10)])
    lost = set()
    frame = {"id": [float(s) for s in p.subjects]}
    for j, r in enumerate(p.raters):
        col = []
        for i, row in enumerate(p.grid):
            if rng.random() < 0.15:
                col.append(float(code))
                lost.add((p.subjects[i], r))
            else:
                col.append(float(names.index(row[j]) + 1))
        frame[r] = col
    labels = {k + 1: v for k, v in enumerate(names)} | {code: "not assessed"}
    long = rng.random() < 0.4
    if long:
        df = pd.DataFrame([{"subject": float(s), "rater": float(j + 1), "severity": frame[r][i]}
                           for i, s in enumerate(p.subjects) for j, r in enumerate(p.raters)])
        value_labels = {"severity": labels,
                        "rater": {j + 1: r for j, r in enumerate(p.raters)}}
        missing = {"severity": [float(code)]}
        measure = {"severity": "ordinal"}
    else:
        df = pd.DataFrame(frame)
        value_labels = dict.fromkeys(p.raters, labels)
        missing = {r: [float(code)] for r in p.raters}
        measure = dict.fromkeys(p.raters, "ordinal")
    path = folder / f"{name}.sav"
    pyreadstat.write_sav(df, path, variable_value_labels=value_labels, missing_ranges=missing,
                         variable_measure=measure)
    t = p.truth()                                   # codes are the categories, named by labels
    code = {v: str(k + 1) for k, v in enumerate(names)}
    ratings = tuple((s, r, code[v]) for s, r, v in t.ratings if (s, r) not in lost)
    return Case(name, "spss", path, replace(
        t, ratings=ratings, raters=tuple(dict.fromkeys(r for _, r, _ in ratings)),
        categories=tuple(code.values()), ordered=True, labels={c: v for v, c in code.items()}))


def stata(rng, folder, name) -> Case:
    import pyreadstat
    p = make_panel(rng, labels=("absent", "present"), raters=["coder1", "coder2"], missing=0.1,
                   subjects=[str(i + 1) for i in range(int(rng.integers(5, 10)))])
    df = pd.DataFrame({"id": [int(s) for s in p.subjects]} |
                      {r: [np.nan if row[j] is None else float(("absent", "present").index(row[j]))
                           for row in p.grid] for j, r in enumerate(p.raters)})
    path = folder / f"{name}.dta"
    pyreadstat.write_dta(df, path, variable_value_labels={
        r: {0: "absent", 1: "present"} for r in p.raters})
    t = p.truth()
    code = {"absent": "0", "present": "1"}
    return Case(name, "stata", path, replace(
        t, ratings=tuple((s, r, code[v]) for s, r, v in t.ratings), categories=("0", "1"),
        ordered=True, labels={"0": "absent", "1": "present"}))


def spss_refused(rng, folder, name) -> Case:
    """An SPSS file of measurements, not ratings: two quantities, each named its own way (two
    columns named as raters, 'r1' and 'r2', would be read as their scores)."""
    import pyreadstat
    df = pd.DataFrame({"id": np.arange(1.0, 31.0), "systolic": rng.normal(50, 9, 30).round(1),
                       "diastolic": rng.normal(50, 9, 30).round(1)})
    path = folder / f"{name}.sav"
    pyreadstat.write_sav(df, path)
    return Case(name, "spss", path, Truth(refuse=("continuous",)))


KINDS = [(r_write_csv, 20), (redcap, 12), (qualtrics, 10), (google_forms, 8), (spss, 10), (stata, 4),
         (spss_refused, 2)]
