"""Corpus kinds of issue 40, family 7: the files annotation teams and survey platforms export,
written from their public documentation, in the dialects those files come in.

Amazon Mechanical Turk batch results (approved, submitted and rejected assignments, one-hot
radio answers), Label Studio CSV/TSV, Prodigy's db-out flattened to CSV, Figure Eight / Appen
full reports, crowd-kit's task/worker/label frames, Google Forms, Microsoft Forms,
SurveyMonkey (two header rows), REDCap checkbox fields, Epi Info and OpenClinica. Each file's
truth asks for the "format" note that names the export it was recognised as.

Dialects: UTF-8, UTF-8 with a BOM, Excel's "Unicode text" (UTF-16, tab-separated, CRLF),
cp1252, semicolons with decimal commas, CRLF line ends; text cells with quoted line breaks.
"""

from __future__ import annotations

import json
import string
from pathlib import Path

import numpy as np

from tests.import_corpus.kinds_text import pick
from tests.import_corpus.truth import Case, Truth
from tests.import_corpus.writers import text_table, write_text, write_xlsx

DIALECTS = ("utf-8", "utf-8-sig", "utf-16", "cp1252", "semicolon", "crlf")
TEXTS = ("The service was quick,\nbut the food was cold.", "Très bien — je reviendrai !",
         "Not what I expected.", "Loved it; five stars.", "The room was \"fine\".",
         "Meh.", "Would not recommend", "Great value for money")
LABEL_SETS = (("positive", "negative"), ("positive", "neutral", "negative"),
              ("cat", "dog", "bird", "other"), ("relevant", "not relevant"),
              ("toxic", "not toxic"), ("1", "2", "3", "4", "5"))


def _ids(rng, n: int, length: int, first: str = "") -> list[str]:
    alphabet = list(string.ascii_uppercase + string.digits)
    out: list[str] = []
    while len(out) < n:
        new = first + "".join(rng.choice(alphabet, length - len(first)))
        if new not in out:
            out.append(new)
    return out


def write_dialect(rng, folder: Path, name: str, rows, dialect: str | None = None) -> Path:
    """The rows as a text file in one of the dialects real exports come in (the files of a kind
    take them in turn). Numbers given as floats get a decimal comma where the separator is a
    semicolon."""
    dialect = dialect or DIALECTS[int(name[-2:]) % len(DIALECTS)]    # every dialect in turn
    if dialect == "utf-16":                  # Excel's "Unicode text": UTF-16, tabs, CRLF
        return write_text(folder / f"{name}.txt", text_table(rows, "\t", eol="\r\n"), "utf-16")
    if dialect == "semicolon":
        rows = [[str(v).replace(".", ",") if isinstance(v, float) else v for v in row]
                for row in rows]
        return write_text(folder / f"{name}.csv", text_table(rows, ";", eol="\r\n"), "utf-8-sig")
    eol = "\r\n" if dialect in ("crlf", "cp1252") else "\n"
    encoding = dialect if dialect in ("utf-8-sig", "cp1252") else "utf-8"
    return write_text(folder / f"{name}.csv", text_table(rows, ",", eol=eol), encoding)


def assignments(rng, n_subj: int, pool: list[str], per: int, labels, missing: float = 0.0):
    """(subject index, worker, label or None) of a crowd batch: ``per`` workers of the pool on
    each subject."""
    out = []
    for i in range(n_subj):
        for w in rng.choice(pool, per, replace=False):
            out.append((i, str(w), None if rng.random() < missing else str(pick(rng, labels))))
    return out


def crowd_truth(kept: list[tuple[str, str, str | None]], rules=("format",), **more) -> Truth:
    """The truth of long rows (subject, rater, label or None) a careful person keeps."""
    ratings = tuple((s, r, v) for s, r, v in kept if v is not None)
    return Truth(ratings, tuple(dict.fromkeys(s for s, _, _ in kept)),
                 tuple(dict.fromkeys(r for _, r, _ in ratings)),
                 tuple(dict.fromkeys(v for _, _, v in ratings)), rules=tuple(rules), **more)


def _two_labels_used(rows: list[tuple[int, str, str | None]]) -> bool:
    return len({v for _, _, v in rows if v is not None}) >= 2


# ------------------------------------------------------------------ MTurk
MTURK_HEAD = ["HITId", "HITTypeId", "Title", "Description", "Keywords", "Reward", "CreationTime",
              "MaxAssignments", "RequesterAnnotation", "AssignmentDurationInSeconds",
              "AutoApprovalDelayInSeconds", "Expiration", "NumberOfSimilarHITs",
              "LifetimeInSeconds", "AssignmentId", "WorkerId", "AssignmentStatus", "AcceptTime",
              "SubmitTime", "AutoApprovalTime", "ApprovalTime", "RejectionTime",
              "RequesterFeedback", "WorkTimeInSeconds", "LifetimeApprovalRate",
              "Last30DaysApprovalRate", "Last7DaysApprovalRate"]


def mturk(rng, folder, name) -> Case:
    """An MTurk batch results file: one row per assignment, rejected ones among them; the
    answer as one label column (crowd-classifier), a plain field, one-hot radio buttons, the
    crowd-html forms' JSON 'Answer.taskAnswers', or two questions (two items)."""
    labels = pick(rng, LABEL_SETS)
    n, per = int(rng.integers(5, 11)), int(rng.integers(2, 4))
    pool = _ids(rng, int(rng.integers(per + 1, 8)), 14, "A")
    hits = _ids(rng, n, 30, "3")
    rows = assignments(rng, n, pool, per, labels, missing=0.05)
    style = pick(rng, ("classifier", "field", "onehot", "json-label", "json-radio", "two"))
    field = pick(rng, ("sentiment", "category", "label", "q1"))
    answers = {"classifier": [f"Answer.{field}.label"], "field": [f"Answer.{field}"],
               "onehot": [f"Answer.{field}.{v}" for v in labels],
               "json-label": ["Answer.taskAnswers"], "json-radio": ["Answer.taskAnswers"],
               "two": [f"Answer.{field}", "Answer.confidence"]}[style]
    comments = rng.random() < 0.4
    status_mix = pick(rng, (("Approved",), ("Submitted",), ("Approved", "Rejected"),
                            ("Approved", "Submitted", "Rejected")))
    gold = rng.random() < 0.3               # the requester's expected answer among the inputs
    head = MTURK_HEAD + ["Input.text", "Input.item_id"] + (["Input.gold_label"] if gold else []) \
        + answers + \
        (["Answer.comments"] if comments else []) + ["Approve", "Reject"]
    body, kept = [], []
    texts = [pick(rng, TEXTS) for _ in range(n)]
    for k, (i, w, v) in enumerate(rows):
        status = "Approved" if k == 0 else pick(rng, status_mix)
        sure = pick(rng, ("1", "2", "3") if labels[0].isdigit() else ("low", "medium", "high"))
        meta = [hits[i], "3HYV4299H0WQ", "Rate the review", "Read a review and label it",
                "text, label", "$0.05", "Mon Mar 04 10:12:07 PST 2024", str(per), "BatchId:512",
                "600", "259200", "Thu Mar 07 10:12:07 PST 2024", "", "259200",
                _ids(rng, 1, 30, "3")[0], w, status, "Mon Mar 04 10:20:01 PST 2024",
                "Mon Mar 04 10:21:13 PST 2024", "Thu Mar 07 10:21:13 PST 2024",
                "Tue Mar 05 09:00:00 PST 2024" if status == "Approved" else "",
                "Tue Mar 05 09:00:00 PST 2024" if status == "Rejected" else "",
                "Did not follow the instructions" if status == "Rejected" else "",
                str(int(rng.integers(20, 200))), "100% (12/12)", "100% (12/12)", "100% (12/12)"]
        cells = {"onehot": ["true" if v == lab else "false" for lab in labels],
                 "json-label": [json.dumps([{field: {"label": v}}]) if v else ""],
                 "json-radio": [json.dumps([{field: {lab: lab == v for lab in labels}}])],
                 "two": [v or "", sure]}.get(style, [v or ""])
        note = [pick(rng, ("", "", "hard one", "not sure, the text is\nambiguous"))] \
            if comments else []
        body.append(meta + [texts[i], f"item-{i + 1:03d}"] + ([labels[i % 2]] if gold else [])
                    + cells + note + ["", ""])
        if status != "Rejected":
            kept.append((hits[i], w, v, sure))
    if not _two_labels_used([(0, r, v) for _, r, v, _ in kept]) or \
            len({c for *_, c in kept}) < 2:
        return mturk(rng, folder, name)
    path = write_dialect(rng, folder, name, [head] + body)
    rules = ("format", "reference-answer") if gold else ("format",)
    if style != "two":
        return Case(name, "mturk", path, crowd_truth([(h, w, v) for h, w, v, _ in kept], rules))
    ratings = tuple((h, w, field, v) for h, w, v, _ in kept if v is not None) + \
        tuple((h, w, "confidence", c) for h, w, _, c in kept)
    return Case(name, "mturk", path, Truth(
        ratings, tuple(dict.fromkeys(h for h, *_ in kept)),
        tuple(dict.fromkeys(w for _, w, _, _ in ratings)),
        tuple(dict.fromkeys(c for *_, c in kept)), items=True, rules=rules))


def mturk_rejected_only_some(rng, folder, name) -> Case:
    """A small MTurk batch where one worker's assignments were all rejected: that worker is no
    rater of the reading."""
    labels = pick(rng, (("yes", "no"), ("positive", "neutral", "negative")))
    hits = _ids(rng, 6, 30, "3")
    pool = _ids(rng, 4, 13, "A")
    head = ["HITId", "AssignmentId", "WorkerId", "AssignmentStatus", "WorkTimeInSeconds",
            "Input.image_url", "Answer.label"]
    body, kept = [], []
    for i, h in enumerate(hits):
        for w in pool:
            v = labels[(i + pool.index(w)) % len(labels)] if w != pool[-1] else labels[0]
            status = "Rejected" if w == pool[-1] else pick(rng, ("Approved", "Submitted"))
            body.append([h, _ids(rng, 1, 30, "3")[0], w, status, "41",
                         f"https://example.org/img/{i}.jpg", v])
            if status != "Rejected":
                kept.append((h, w, v))
    return Case(name, "mturk", write_dialect(rng, folder, name, [head] + body), crowd_truth(kept))


# ------------------------------------------------------------ Figure Eight
def figure_eight(rng, folder, name) -> Case:
    """A Figure Eight / Appen full report: one row per judgment, _unit_id and _worker_id,
    test questions (_golden) with their answer in '<question>_gold', tainted judgments."""
    labels = pick(rng, LABEL_SETS)
    question = pick(rng, ("sentiment", "is_relevant", "category", "what_is_shown"))
    n, per = int(rng.integers(5, 10)), 3
    pool = [str(v) for v in rng.choice(np.arange(10_000_000, 49_999_999), 6, replace=False)]
    units = [str(1_800_000_000 + int(rng.integers(1, 900_000)) * 10 + k) for k in range(n)]
    golden = {k for k in range(n) if rng.random() < 0.3}
    texts = [pick(rng, TEXTS) for _ in range(n)]
    while True:
        rows = assignments(rng, n, pool, per, labels)
        if _two_labels_used(rows):
            break
    reason = rng.random() < 0.5
    head = ["_unit_id", "_created_at", "_golden", "_id", "_missed", "_started_at", "_tainted",
            "_channel", "_trust", "_worker_id", "_country", "_region", "_city", "_ip", question,
            f"{question}_gold"] + ([f"{question}_gold_reason"] if reason else []) + \
        ["orig__golden", "text"]
    body, kept = [], []
    for k, (i, w, v) in enumerate(rows):
        tainted = k > 0 and rng.random() < 0.1
        gold = i in golden
        body.append([units[i], "3/4/2024 10:12:07", "true" if gold else "false",
                     str(5_000_000_000 + k), "", "3/4/2024 10:10:01",
                     "true" if tainted else "false", pick(rng, ("neodev", "clixsense", "elite")),
                     float(round(rng.uniform(0.7, 1.0), 4)), w, pick(rng, ("USA", "GBR", "VEN")),
                     "", "", f"198.51.100.{k % 250}", v,
                     labels[0] if gold else ""] + (["by definition" if gold else ""] if reason else [])
                    + ["true" if gold else "", texts[i]])
        if not tainted:
            kept.append((units[i], w, v))
    truth = crowd_truth(kept, rules=("format", "reference-answer") if golden else ("format",))
    return Case(name, "figure-eight", write_dialect(rng, folder, name, [head] + body), truth)


# ---------------------------------------------------------------- Prodigy
def prodigy(rng, folder, name, task: str) -> Case:
    """Prodigy db-out flattened to CSV. A binary task ('binary', or 'labels': one question per
    label in 'label'): 'answer' accept or reject is the rating, ignore (skipped) none. A
    choice task: the option chosen in 'accept' (a JSON list); reject or ignore, no rating."""
    n = int(rng.integers(5, 10))
    annotators = pick(rng, (["alex", "sam", "kim"], ["ann1", "ann2"], ["maria", "jo", "lee", "pat"]))
    dataset = pick(rng, ("news_cats", "toxicity", "reviews"))
    hashes = [str(int(v)) for v in rng.choice(np.arange(-2**31, 2**31 - 1, 7919), n, replace=False)]
    labels = pick(rng, (("POSITIVE", "NEGATIVE", "NEUTRAL"), ("SPORTS", "POLITICS", "TECH")))
    asked = labels[:2] if task == "labels" else labels[:1]
    options = json.dumps([{"id": v, "text": v.title()} for v in labels])
    head = ["text", "_input_hash", "_task_hash"] + \
        (["options", "_view_id", "accept"] if task == "choice" else ["label", "score", "_view_id"]) \
        + ["answer", "_timestamp", "_annotator_id", "_session_id"]
    body, kept = [], []
    for i in range(n):
        text = pick(rng, TEXTS)
        for a, label in ((a, lab) for a in annotators for lab in asked):
            answer = pick(rng, ("accept", "accept", "accept", "reject", "reject", "ignore"))
            chosen = pick(rng, labels)
            middle = [options, "choice", json.dumps([chosen] if answer == "accept" else [])] \
                if task == "choice" else [label, float(round(rng.uniform(0, 1), 3)), "classification"]
            body.append([text, hashes[i], str(int(hashes[i]) + 17)] + middle +
                         [answer, str(1_709_540_000 + i * 60), f"{dataset}-{a}", f"{dataset}-{a}"])
            rating = (chosen if answer == "accept" else None) if task == "choice" else \
                (None if answer == "ignore" else answer)
            kept.append((hashes[i], f"{dataset}-{a}", label, rating))
    if not _two_labels_used([(0, r, v) for _, r, _, v in kept]):
        return prodigy(rng, folder, name, task)
    path = write_dialect(rng, folder, name, [head] + body)
    if task != "labels":
        return Case(name, "prodigy", path, crowd_truth([(s, r, v) for s, r, _, v in kept]))
    ratings = tuple((s, r, q, v) for s, r, q, v in kept if v is not None)
    return Case(name, "prodigy", path, Truth(
        ratings, tuple(hashes), tuple(dict.fromkeys(r for _, r, _, _ in ratings)),
        tuple(dict.fromkeys(v for _, _, _, v in ratings)), items=True, rules=("format",)))


def prodigy_binary(rng, folder, name) -> Case:
    return prodigy(rng, folder, name, "binary")


def prodigy_labels(rng, folder, name) -> Case:
    return prodigy(rng, folder, name, "labels")


def prodigy_choice(rng, folder, name) -> Case:
    return prodigy(rng, folder, name, "choice")


# ----------------------------------------------------------- Label Studio
def label_studio(rng, folder, name) -> Case:
    """Label Studio's CSV or TSV export: the task's data, id, the choices under the control's
    name, annotator, annotation_id, created_at, updated_at, lead_time."""
    labels = pick(rng, LABEL_SETS)
    control = pick(rng, ("sentiment", "choice", "label", "class"))
    n = int(rng.integers(5, 10))
    annotators = pick(rng, (["1", "2", "3"], ["anna@example.org", "ben@example.org"],
                            ["4", "7", "9", "12"]))
    ids = [str(100 + 3 * i) for i in range(n)]
    wrap = rng.random() < 0.3                  # {"choices": [...]} as some versions write it
    data = pick(rng, ("text", "image"))
    head = [data, "id", control, "annotator", "annotation_id", "created_at", "updated_at",
            "lead_time"]
    order = rng.permutation(len(head) - 1)
    head = [head[0]] + [head[1:][k] for k in order]
    body, kept, k = [], [], 0
    for i, s in enumerate(ids):
        item = pick(rng, TEXTS) if data == "text" else f"/data/upload/1/img_{i}.jpg"
        for a in annotators:
            v = None if rng.random() < 0.05 else pick(rng, labels)
            k += 1
            cell = "" if v is None else json.dumps({"choices": [v]}) if wrap else v
            values = {"id": s, control: cell, "annotator": a, "annotation_id": str(k),
                      "created_at": "2024-03-04T10:12:07.123456Z",
                      "updated_at": "2024-03-04T10:12:07.123456Z",
                      "lead_time": float(round(rng.uniform(2, 60), 3))}
            body.append([item] + [values[c] for c in head[1:]])
            kept.append((s, a, v))
    if not _two_labels_used([(0, r, v) for _, r, v in kept]):
        return label_studio(rng, folder, name)
    if rng.random() < 0.4:
        path = write_text(folder / f"{name}.tsv", text_table([head] + body, "\t"))
    else:
        path = write_dialect(rng, folder, name, [head] + body)
    return Case(name, "label-studio", path, crowd_truth(kept))


# --------------------------------------------------------------- crowd-kit
def crowd_kit(rng, folder, name) -> Case:
    """crowd-kit's frame of worker answers: task, worker, label (long data)."""
    labels = pick(rng, LABEL_SETS)
    n = int(rng.integers(5, 12))
    pool = [f"w{j}" for j in range(int(rng.integers(3, 6)))]
    while True:
        rows = assignments(rng, n, pool, 3, labels)
        if _two_labels_used(rows):
            break
    tasks = [f"t{i}" for i in range(n)]
    head = pick(rng, (["task", "worker", "label"], ["worker", "task", "label"]))
    body = [[{"task": tasks[i], "worker": w, "label": v}[c] for c in head] for i, w, v in rows]
    truth = crowd_truth([(tasks[i], w, v) for i, w, v in rows])
    return Case(name, "crowd-kit", write_dialect(rng, folder, name, [head] + body), truth)


# ------------------------------------------------------------------ surveys
def _survey_grid(rng, n_resp: int, subjects: list[str], labels):
    while True:
        grid = [[None if rng.random() < 0.05 else pick(rng, labels) for _ in subjects]
                for _ in range(n_resp)]
        used = {v for row in grid for v in row if v is not None}
        if len(used) >= 2 and all(any(v is not None for v in row) for row in grid):
            return grid


def _survey_truth(raters, subjects, grid, rules=("format",)) -> Truth:
    ratings = tuple((s, r, v) for r, row in zip(raters, grid) for s, v in zip(subjects, row)
                    if v is not None)
    return Truth(ratings, tuple(subjects), tuple(dict.fromkeys(r for _, r, _ in ratings)),
                 tuple(dict.fromkeys(v for _, _, v in ratings)), rules=rules)


def microsoft_forms(rng, folder, name) -> Case:
    """A Microsoft Forms results workbook or CSV: ID, Start time, Completion time, Email, Name,
    then one column per question; one row per respondent (the raters)."""
    labels = pick(rng, (("Yes", "No"), ("1", "2", "3", "4", "5"), ("Poor", "Fair", "Good")))
    subjects = [f"{pick(rng, ('Photo', 'Case', 'Essay'))} {k + 1}" for k in range(int(rng.integers(4, 8)))]
    n_resp = int(rng.integers(3, 7))
    anonymous = rng.random() < 0.35
    names = ["Anna Berg", "Ben Okafor", "Cara Díaz", "Dev Patel", "Eli Novák", "Femi Adé"][:n_resp]
    grid = _survey_grid(rng, n_resp, subjects, labels)
    modified = rng.random() < 0.5
    quiz = rng.random() < 0.3               # a quiz: total points, and points and feedback
    head = ["ID", "Start time", "Completion time", "Email", "Name"] + \
        (["Last modified time"] if modified else []) + (["Total points", "Quiz feedback"] if quiz
                                                        else [])
    for s in subjects:
        head += [s] + ([f"Points - {s}", f"Feedback - {s}"] if quiz else [])
    body = []
    for j in range(n_resp):
        who = ["anonymous", ""] if anonymous else \
            [names[j].split()[0].lower() + "@contoso.com", names[j]]
        row = [str(j + 1), f"3/4/24 10:{10 + j}:07", f"3/4/24 10:{20 + j}:41"] + who \
            + ([""] if modified else []) + (["3", ""] if quiz else [])
        for v in grid[j]:
            row += [v or ""] + (["1", ""] if quiz else [])
        body.append(row)
    raters = [str(j + 1) for j in range(n_resp)] if anonymous else names
    truth = _survey_truth(raters, subjects, grid)
    if rng.random() < 0.5:
        path = write_xlsx(folder / f"{name}.xlsx", [("Sheet1", [head] + body)])
    else:
        path = write_dialect(rng, folder, name, [head] + body)
    return Case(name, "microsoft-forms", path, truth)


def google_forms_v4(rng, folder, name) -> Case:
    """A Google Forms response sheet downloaded as CSV: Timestamp, Email Address (or a name
    question), one column per question; one row per respondent."""
    labels = pick(rng, (("Yes", "No"), ("1", "2", "3", "4"), ("Agree", "Neutral", "Disagree")))
    grid_q = rng.random() < 0.5             # a multiple-choice grid: "Question [Row]"
    k = int(rng.integers(4, 8))
    subjects = [f"Image {i + 1}" for i in range(k)]
    heads = [f"How clear is each image? [{s}]" for s in subjects] if grid_q else subjects
    n_resp = int(rng.integers(3, 7))
    grid = _survey_grid(rng, n_resp, subjects, labels)
    raters = [f"judge{j + 1}@example.org" for j in range(n_resp)]
    if rng.random() < 0.3:                  # one response per image rated: long data
        head = ["Timestamp", "Email Address", "Your name", "Image", "Rating"]
        names = [f"Judge {'ABCDEF'[j]}" for j in range(n_resp)]
        body = [[f"2024/03/0{j + 1} 10:{10 + i}:00", raters[j], names[j], s, v]
                for j in range(n_resp) for i, (s, v) in enumerate(zip(subjects, grid[j])) if v]
        truth = _survey_truth(names, subjects, grid)
        truth = Truth(truth.ratings, tuple(dict.fromkeys(s for s, _, _ in truth.ratings)),
                      truth.raters, truth.categories, rules=("format",))
        return Case(name, "google-forms", write_dialect(rng, folder, name, [head] + body), truth)
    quiz = rng.random() < 0.3
    head = ["Timestamp", "Email Address"] + (["Score"] if quiz else []) + heads
    body = [[f"2024/03/0{j + 1} 10:1{j}:00 AM GMT+1", raters[j]] +
            ([f"{int(rng.integers(0, k + 1))} / {k}"] if quiz else []) + [v or "" for v in grid[j]]
            for j in range(n_resp)]
    return Case(name, "google-forms", write_dialect(rng, folder, name, [head] + body),
                _survey_truth(raters, subjects, grid))


def surveymonkey(rng, folder, name) -> Case:
    """A SurveyMonkey export: two header rows (question texts, then 'Response' or the matrix
    row under each), metadata columns, one row per respondent."""
    labels = pick(rng, (("Yes", "No"), ("Poor", "Fair", "Good", "Excellent"), ("1", "2", "3")))
    matrix = rng.random() < 0.5
    k = int(rng.integers(3, 7))
    n_resp = int(rng.integers(3, 7))
    meta = ["Respondent ID", "Collector ID", "Start Date", "End Date", "IP Address",
            "Email Address", "First Name", "Last Name", "Custom Data 1"]
    if matrix:
        subjects = [f"Slide {i + 1}" for i in range(k)]
        top = meta + ["Please grade each slide"] + [""] * (k - 1)
        second = [""] * len(meta) + subjects
    else:
        subjects = [f"How would you grade essay {i + 1}?" for i in range(k)]
        top = meta + subjects
        second = [""] * len(meta) + ["Response"] * k
    comments = rng.random() < 0.5
    if comments:
        top, second = top + ["Any other comments?"], second + ["Open-Ended Response"]
    grid = _survey_grid(rng, n_resp, subjects, labels)
    ids = [str(114_000_000_000 + int(rng.integers(1, 999_999))) for _ in range(n_resp)]
    body = []
    for j in range(n_resp):
        body.append([ids[j], "431234567", f"03/04/2024 10:{10 + j}:07 AM",
                     f"03/04/2024 10:{20 + j}:41 AM", f"203.0.113.{j + 1}", "", "", "", "Zürich"]
                    + [v or "" for v in grid[j]] + (["no\ncomment" if j % 2 else ""] if comments else []))
    truth = _survey_truth(ids, subjects, grid)
    if rng.random() < 0.3:
        path = write_xlsx(folder / f"{name}.xlsx", [("Sheet", [top, second] + body)])
    else:
        path = write_dialect(rng, folder, name, [top, second] + body)
    return Case(name, "surveymonkey", path, truth)


# ----------------------------------------------------------------- clinical
def redcap_checkbox(rng, folder, name) -> Case:
    """A REDCap export where each rater's single-choice answer is a checkbox field: one 0/1
    column per choice ('dx_r1___1' ... raw; 'Diagnosis (choice=...)' with labels)."""
    raw = rng.random() < 0.6
    choices = pick(rng, (("1", "2", "3"), ("1", "2"), ("0", "1", "2", "3")))
    names = pick(rng, (("Normal", "Benign", "Malignant"), ("Absent", "Present"),
                       ("None", "Mild", "Moderate", "Severe")))
    choices = choices[: len(names)] if len(choices) >= len(names) else \
        tuple(str(i + 1) for i in range(len(names)))
    raters = ["r1", "r2", "r3"][: int(rng.integers(2, 4))]
    subjects = [str(i + 1) for i in range(int(rng.integers(6, 12)))]
    grid = _survey_grid(rng, len(subjects), raters, choices)
    head = ["record_id", "redcap_event_name"]
    for r in raters:
        head += [f"dx_{r}___{c}" if raw else f"Diagnosis by {r.upper()} (choice={names[k]})"
                 for k, c in enumerate(choices)]
    head += ["rating_complete"] if raw else ["Complete?"]
    if not raw:
        head[:2] = ["Record ID", "Event Name"]
    body = []
    for s, row in zip(subjects, grid):
        cells = [s, "baseline_arm_1" if raw else "Baseline"]
        for v in row:
            on, off = ("1", "0") if raw else ("Checked", "Unchecked")
            cells += [on if c == v else off for c in choices]
        body.append(cells + ["2" if raw else "Complete"])
    label_of = dict(zip(choices, names))
    ratings = tuple((s, (f"dx_{r}" if raw else f"Diagnosis by {r.upper()}"),
                     v if raw else label_of[v])
                    for s, row in zip(subjects, grid) for r, v in zip(raters, row) if v is not None)
    truth = Truth(ratings, tuple(subjects), tuple(dict.fromkeys(r for _, r, _ in ratings)),
                  tuple(dict.fromkeys(v for _, _, v in ratings)), rules=("format",))
    return Case(name, "redcap", write_dialect(rng, folder, name, [head] + body), truth)


def epi_info(rng, folder, name) -> Case:
    """An Epi Info 7 export: UniqueKey, RecStatus (0 = deleted record), GlobalRecordId, the
    save log columns, then the fields; long (a rater field) or wide (one field per rater),
    as CSV or as a workbook with the data dictionary on a second sheet."""
    labels = pick(rng, (("Yes", "No"), ("1", "2", "3", "4"), ("Negative", "Positive")))
    long = rng.random() < 0.5
    raters = ["Reader1", "Reader2", "Reader3"][: int(rng.integers(2, 4))]
    subjects = [f"CX-{100 + i}" for i in range(int(rng.integers(5, 10)))]
    grid = _survey_grid(rng, len(subjects), raters, labels)
    meta = ["UniqueKey", "RecStatus", "FKEY", "GlobalRecordId", "FirstSaveLogonName",
            "FirstSaveTime", "LastSaveLogonName", "LastSaveTime"]
    rows, kept, key = [], [], 0

    def meta_cells(status: str) -> list:
        guid = "-".join("".join(rng.choice(list("0123456789abcdef"), n)) for n in (8, 4, 4, 4, 12))
        return [str(key), status, "", guid, "epi\\josé", "3/4/2024 10:12:07 AM", "epi\\josé",
                "3/4/2024 10:12:07 AM"]

    if long:
        head = meta + ["SlideID", "Reader", "Result"]
        for s, row in zip(subjects, grid):
            for r, v in zip(raters, row):
                key += 1
                deleted = key > 1 and rng.random() < 0.08
                rows.append(meta_cells("0" if deleted else "1") + [s, r, v or ""])
                if not deleted:
                    kept.append((s, r, v))
    else:
        head = meta + ["SlideID"] + [f"Result{r}" for r in raters]
        for s, row in zip(subjects, grid):
            key += 1
            deleted = key > 1 and rng.random() < 0.1
            rows.append(meta_cells("0" if deleted else "1") + [s] + [v or "" for v in row])
            if not deleted:
                kept += [(s, f"Result{r}", v) for r, v in zip(raters, row)]
    truth = crowd_truth(kept)
    if rng.random() < 0.4:
        dictionary = [["Page Name", "Field Name", "Prompt", "Field Type", "Required"],
                      ["Page 1", "SlideID", "Slide ID", "Text", "Yes"]] + \
            [["Page 1", c, c, "Legal Values", "No"] for c in head[len(meta) + 1:]]
        path = write_xlsx(folder / f"{name}.xlsx", [("Data", [head] + rows),
                                                    ("Data Dictionary", dictionary)])
    else:
        path = write_dialect(rng, folder, name, [head] + rows)
    return Case(name, "epi-info", path, truth)


def openclinica(rng, folder, name) -> Case:
    """An OpenClinica 3 dataset extract (tab-separated or a workbook with a codebook sheet):
    StudySubjectID, ProtocolID, event and CRF columns, items by OID; one row per subject,
    one item per rater, or one row per CRF filled with the rater in an item."""
    labels = pick(rng, (("0", "1"), ("1", "2", "3"), ("1", "2", "3", "4", "5")))
    long = rng.random() < 0.4
    raters = ["R1", "R2", "R3"][: int(rng.integers(2, 4))]
    subjects = [f"SS_{100 + i}" for i in range(int(rng.integers(5, 10)))]
    grid = _survey_grid(rng, len(subjects), raters, labels)
    meta = ["StudySubjectID", "ProtocolID", "SubjectStatus", "EventName", "StudyEventOID",
            "EventStatus", "CRFName", "CRFVersion", "CRFStatus"]
    event = ["Lecture radiologique", "SE_READING", "completed", "RADIOLOGY READ", "v1.0",
             "data entry complete"]
    rows, kept = [], []
    if long:
        head = meta + ["I_READ_READER", "I_READ_GRADE"]
        for s, row in zip(subjects, grid):
            for r, v in zip(raters, row):
                rows.append([s, "STUDY-01", "signed"] + event + [r, v or ""])
                kept.append((s, r, v))
    else:
        items = [f"I_READ_GRADE_{r}" for r in raters]
        head = meta + items
        for s, row in zip(subjects, grid):
            rows.append([s, "STUDY-01", "available"] + event + [v or "" for v in row])
            kept += [(s, item, v) for item, v in zip(items, row)]
    truth = crowd_truth(kept)
    roll = int(name[-2:]) % 3
    if roll == 0:
        codebook = [["ItemOID", "ItemName", "Description", "DataType", "ResponseOptions"]] + \
            [[c, c.split("_", 2)[-1], "Grade given by the reader", "INT", ",".join(labels)]
             for c in head[len(meta):]]
        path = write_xlsx(folder / f"{name}.xlsx", [("Data", [head] + rows),
                                                    ("Codebook", codebook)])
    elif roll == 1:                         # the tab extract: the dataset described above it
        about = [["Dataset Name:", "reads_2024"], ["Dataset Description:", "All reads"],
                 ["Study Name:", "Reader study"], ["Protocol ID:", "STUDY-01"],
                 ["Date:", "04-Mar-2024"], ["Subjects:", str(len(subjects))], []]
        path = write_text(folder / f"{name}.tsv", text_table(about + [head] + rows, "\t"))
    else:
        path = write_dialect(rng, folder, name, [head] + rows)
    return Case(name, "openclinica", path, truth)


KINDS = [(mturk, 18), (mturk_rejected_only_some, 3), (figure_eight, 10), (prodigy_binary, 6),
         (prodigy_choice, 6), (prodigy_labels, 4), (label_studio, 10), (crowd_kit, 5), (microsoft_forms, 8),
         (google_forms_v4, 8), (surveymonkey, 10), (redcap_checkbox, 8), (epi_info, 8),
         (openclinica, 12)]
