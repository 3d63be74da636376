#!/usr/bin/env python3
"""corpus 8: rating files of kinds in none of corpora 4, 5, 6 and 7, for `tapdesk inspect` (seeded).

Kinds: education (exam double marking with Difference/Agreed/Moderated columns, a Canvas gradebook with a
'Points Possible' row and a Test Student, Gradescope evaluation exports with one-hot rubric items from two
graders, FeedbackFruits-style peer review, UK dissertation classes '2:1'/'2:2', Danielson observation
rating + evidence pairs); sports (boxing 10-9 round cards with a total row, gymnastics D/E panels, dressage
judge-position percentages); food (EyeQuestion-style sensory panel long, beer club star glyphs); medicine
(DR grading per eye OD/OS under merged grader headers, ICDAS per FDI tooth number headers, ECG reads with a
machine statement and QTc/HR, a nested dermoscopy JSON, SCID interviewer/observer pairs with '?', sleep-stage
epochs with clock times, tumour sizes with 'mm' units, NRS pain with '3-4' ranges, Apgar 1'/5', pressure
injury stages); behaviour coding (BORIS aggregated events, partial-interval +/- sheets, video segments with
time stamps, jsPsych data whose 'subject' column is the participant); NLP and crowd work (NER span JSONL,
Prolific participants-in-rows with attention checks, a moderation queue, Zooniverse classifications with a
JSON annotations column, app reviews with the user's own stars, CoNLL two-annotator token TSV, webMUSHRA,
MT-bench pairwise judgments, human vs LLM-judge scores, emoji labels, multi-label cells, iNaturalist
identifications with withdrawn ones, Airtable exports, '4/5' book-club ratings); panels (tender evaluation
blocks stacked per evaluator, grant review with COI cells, Greenhouse scorecards, a Delphi round with
Median/IQR/consensus); quality control (Minitab attribute agreement with trials and a Standard); spreadsheet
habits (a Mean row above the data, hidden rows, data starting at C5, 'Yes (see comment)' cells, ratings
only as fill colours, a hidden dropdown-lists sheet first, '-- select --' placeholders, currency with
thousands separators, R print() output pasted as text, a SAS transport file).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ8_SEED (default 20261130).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (eye, tooth, round,
criterion, time point); the runner matches renamed subjects by content.
Needs openpyxl, odfpy, pandas and pyreadstat (PYTHONPATH=/tmp/corpus6/pylib for odfpy).
"""
import datetime as dt
import json
import os
import re
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, cell, csv_case, FIRST, grid, KW_LAYOUT, KW_ONEHOT, KW_REPEAT, KW_SHEET,
                    KW_TOTAL, mat, P, rand_id, rdi, reading, SENTENCES, workbook, write_ods, write_txt,
                    write_xlsx, write_xlsx2, xlsx_case)  # noqa: E402

rng = common.init(8, 20261130)
TRUTH = common.TRUTH


def nums(S, R, lo, hi, spread=1, step=1):
    M = {}
    for s in S:
        q = rng.randint(lo, hi)
        M[s] = {r: str(max(lo, min(hi, q + step * rng.randint(-spread, spread)))) for r in R}
    return M


# ================================================================== A. education
def g_edu():
    k = "education"
    # 1 exam double marking with difference / agreed / moderated
    S = ["C%05d" % rng.randint(10000, 99999) for _ in range(28)]
    S = list(dict.fromkeys(S))
    R = ["1st marker (JH)", "2nd marker (PK)"]
    M = nums(S, R, 6, 25, spread=2)
    rows = [["Centre 40213 - Paper 2 (Essay) - double marking record"], [],
            ["Candidate no.", "Script", "1st marker (JH)", "2nd marker (PK)", "Difference", "Agreed mark",
             "Moderated?"]]
    for i, s in enumerate(S):
        a, b = int(M[s][R[0]]), int(M[s][R[1]])
        rows.append([s, i + 1, a, b, abs(a - b), round((a + b) / 2), "Y" if abs(a - b) > 3 else "N"])
    xlsx_case("exam_double_marking.xlsx", "Marks", rows, k, S, R, M,
        "exam double marking: two markers' marks out of 25; Difference, Agreed mark and Moderated? are derived, "
        "Script is a running number; title line above the header", keywords=[r"difference", r"agreed", r"moderat"])

    # 2 Canvas gradebook: two copies of an assignment, one per grader; Points Possible row; Test Student
    names = ["Adams, Kim", "Baker, Luis", "Chowdhury, Rina", "Dubois, Marc", "Eze, Chidi", "Fischer, Anna",
             "García, Sofía", "Horvat, Ivo", "Ito, Yuki", "Jensen, Mads", "Khan, Sara", "Lopez, Ana",
             "Mensah, Kwame", "Novak, Petra", "Olsen, Erik", "Patel, Dev", "Quinn, Aoife", "Rossi, Luca"]
    S = names
    R = ["Lab report - Grader A (58213)", "Lab report - Grader B (58214)"]
    M = nums(S, R, 4, 10, spread=1)
    rows = [["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Quiz 1 (58001)"] + R +
            ["Current Score", "Unposted Current Score", "Final Score", "Unposted Final Score"],
            ["    Points Possible", "", "", "", "", "10.00", "10.00", "10.00", "(read only)", "(read only)",
             "(read only)", "(read only)"]]
    for i, s in enumerate(S):
        q = rng.randint(5, 10)
        cur = round(100 * (q + int(M[s][R[0]]) + int(M[s][R[1]])) / 30, 2)
        rows.append([s, str(20931 + i), "s%07d" % rng.randint(1000000, 9999999), "u%05d" % (i + 301),
                     "BIO101 Sec 02", "%.2f" % q] + ["%.2f" % int(M[s][r]) for r in R] + [cur, cur, cur, cur])
    rows.append(["Student, Test", "21999", "", "", "BIO101 Sec 02", "", "", "", "", "", "0.0", "0.0"])
    write_txt("canvas_gradebook_two_graders.csv", rows, bom=True)
    add("canvas_gradebook_two_graders.csv", k, "import", reading(S, R, M),
        "Canvas gradebook export: the lab report was graded twice (a Grader A and a Grader B assignment column); "
        "row 2 'Points Possible' is not a student, 'Student, Test' has no grades; Quiz 1 and the Current/Final "
        "Score columns are not graders", keywords=[r"points possible", r"quiz", r"score", r"test student"])

    # 3 Gradescope: two graders' evaluation exports stacked, one-hot rubric items + Score
    S = ["%08d" % rng.randint(10000000, 99999999) for _ in range(20)]
    R = ["Dana Ruiz", "Tom Becker"]
    items = [("1: Correct", 4.0), ("2: Minor algebra error", 3.0), ("3: Wrong method", 1.0), ("4: Blank", 0.0)]
    M = mat(S, R, [str(p) for _, p in items], acc=0.6)
    head = ["Assignment Submission ID", "Question Submission ID", "Name", "SID", "Email", "Score", "Grader",
            "Tags", "Adjustment", "Comments"] + ["%s (%.1f pts)" % it for it in items]
    rows = [head]
    for r in R:
        for i, s in enumerate(S):
            sc = float(M[s][r])
            rows.append([str(201000 + i), str(880000 + i + (0 if r == R[0] else 500)), "Student %d" % (i + 1), s,
                         "st%d@uni.edu" % (i + 1), "%.1f" % sc, r, "", "", ""] +
                        ["true" if p == sc else "false" for _, p in items])
    write_txt("gradescope_q3_two_graders.csv", rows)
    lab = {str(p): n for n, p in items}
    add("gradescope_q3_two_graders.csv", k, "import", reading(S, R, M),
        "two Gradescope 'Export evaluations' files of question 3 stacked (each grader graded every submission): "
        "subject SID, rater Grader, rating Score; the true/false rubric columns say the same thing one-hot",
        keywords=KW_ONEHOT + [r"rubric"],
        alts=[alt([[s, r, lab[v]] for s, r, v in reading(S, R, M)], label="rubric item labels")])

    # 4 peer review (FeedbackFruits-like): assessor, assessee, criterion, score
    studs = ["%s %s" % (f, l) for f, l in zip(FIRST[:12], ["Ng", "Silva", "Wu", "Lee", "Obi", "Haddad", "Berg",
                                                            "Sato", "Petrov", "Costa", "Mensah", "Varga"])]
    crit = ["Argument", "Evidence", "Structure"]
    rows = [["Assessor name", "Assessor email", "Assessee name", "Criterion", "Score (1-5)", "Feedback",
             "Submitted at"]]
    rd = []
    for a in studs:
        revs = rng.sample([x for x in studs if x != a], 3)
        q = {c: rng.randint(2, 5) for c in crit}
        for rv in revs:
            for c in crit:
                v = max(1, min(5, q[c] + rng.choice([-1, 0, 0, 1])))
                rows.append([rv, rv.split()[0].lower() + "@student.uni.nl", a, c, str(v),
                             rng.choice(["", "Clear thesis.", "More sources please", "Good flow, but long"]),
                             "2024-05-%02d %02d:%02d" % (rng.randint(10, 14), rng.randint(8, 22), rng.randint(0, 59))])
                rd.append(["%s | %s" % (a, c), rv, str(v)])
    write_txt("peer_review_feedbackfruits.csv", rows)
    add("peer_review_feedbackfruits.csv", k, "import", rd,
        "peer review: each student's essay is reviewed by 3 classmates on 3 criteria; subject = assessee + "
        "criterion, rater = assessor (email repeats the assessor); Feedback is text",
        keywords=KW_REPEAT + [r"criterion"])

    # 5 dissertation classes 2:1 / 2:2
    S = ["%07d" % rng.randint(1000000, 9999999) for _ in range(24)]
    R = ["First marker class", "Second marker class"]
    cls = ["1st", "2:1", "2:2", "3rd", "Fail"]
    M = mat(S, R, cls, acc=0.6)
    rows = [["Student number", "Supervisor", "Second marker", "First marker class", "Second marker class",
             "Agreed class", "Agreed mark"]]
    sup = ["Dr Hale", "Dr Moss", "Prof Iqbal", "Dr Frey"]
    for s in S:
        a, b = rng.sample(sup, 2)
        ag = M[s][R[0]]
        rows.append([s, a, b, M[s][R[0]], M[s][R[1]], ag, str({"1st": 72, "2:1": 65, "2:2": 55, "3rd": 45,
                                                               "Fail": 35}[ag] + rng.randint(-2, 2))])
    csv_case("dissertation_classes.csv", rows, k, S, R, M,
        "UK dissertation double marking: classes 1st, 2:1, 2:2, 3rd, Fail are text (2:1 is not a time or a ratio); "
        "raters are the first/second marker roles; Supervisor/Second marker names, Agreed class and mark are not "
        "ratings", keywords=[r"agreed", r"supervisor"])

    # 6 Danielson observation: components as rows, rating + evidence per observer
    comps = ["1a", "1b", "1c", "1d", "1e", "1f", "2a", "2b", "2c", "2d", "2e", "3a", "3b", "3c", "3d", "3e",
             "4a", "4b", "4c", "4d", "4e", "4f"]
    R = ["Observer 1", "Observer 2"]
    lv = ["Unsatisfactory", "Basic", "Proficient", "Distinguished"]
    M = mat(comps, R, lv, acc=0.65)
    rows = [["Teacher: T-118   Date: 14/03/2024"], ["Component", "Observer 1 rating", "Observer 1 evidence",
                                                    "Observer 2 rating", "Observer 2 evidence"]]
    ev = ["Objectives posted", "Students off task at 10:12", "Used exit tickets", "", "Clear routines",
          "Questions mostly recall", "Differentiated groups"]
    for c in comps:
        rows.append([c, M[c][R[0]], rng.choice(ev), M[c][R[1]], rng.choice(ev)])
    write_txt("danielson_observation.csv", rows)
    add("danielson_observation.csv", k, "import", reading(comps, R, M),
        "Danielson framework observation of one teacher: components 1a-4f are the subjects; each observer has a "
        "rating column and a free-text evidence column (not ratings)", keywords=[r"evidence"])


# ================================================================== B. sports and food
def g_sport_food():
    k = "sports-food"
    # 7 boxing scorecards 10-9 per round, total row
    S = ["Round %d" % i for i in range(1, 13)]
    R = ["Lederman", "Moretti", "Weisfeld"]
    opts = ["10-9", "9-10", "10-8", "10-10"]
    M = {}
    for s in S:
        base = rng.choice(["10-9", "9-10", "10-9", "9-10", "10-8"])
        M[s] = {r: base if rng.random() < 0.75 else rng.choice(opts) for r in R}
    M[S[5]][R[1]] = "10-10"
    rows = [["Rd", "Judge Lederman", "Judge Moretti", "Judge Weisfeld"]]
    for s in S:
        rows.append([s.split()[1]] + [M[s][r] for r in R])
    tot = []
    for r in R:
        a = sum(int(M[s][r].split("-")[0]) for s in S)
        b = sum(int(M[s][r].split("-")[1]) for s in S)
        tot.append("%d-%d" % (a, b))
    rows.append(["Total"] + tot)
    write_txt("boxing_scorecards.csv", rows)
    rd = [[s.split()[1], "Judge " + r, M[s][r]] for s in S for r in R]
    add("boxing_scorecards.csv", k, "import", rd,
        "boxing: 3 judges score 12 rounds red-blue '10-9', '9-10', '10-8', '10-10' (text, not dates or ranges); "
        "the Total row is not a round", keywords=KW_TOTAL)

    # 8 gymnastics D and E panels
    gym = ["Ana Lima", "Beth Cole", "Chiara Neri", "Dora Szabo", "Eun-ji Park", "Femke de Vries", "Gia Tran",
           "Hanna Kowal", "Iris Moreau", "Jade Turner", "Kira Volkova", "Lea Braun", "Mia Jensen", "Nina Rao"]
    E = ["E1", "E2", "E3", "E4", "E5"]
    M = {}
    rows = [["Rank", "Gymnast", "Nation", "D1", "D2", "D Score"] + E + ["E Score", "ND", "Total"]]
    for g in gym:
        ded = rng.choice([1.2, 1.5, 1.8, 2.0, 2.3])
        M[g] = {e: "%.1f" % max(0.3, ded + rng.choice([-0.3, -0.2, -0.1, 0, 0, 0.1, 0.2, 0.3])) for e in E}
        d = rng.choice([4.8, 5.0, 5.2, 5.4, 5.6, 5.8])
        es = round(10 - sorted(float(M[g][e]) for e in E)[1:4][1], 3)
        nd = rng.choice([0, 0, 0, 0.1, 0.3])
        rows.append(["", g, rng.choice(["BRA", "GBR", "ITA", "HUN", "KOR", "NED"]), "%.1f" % d,
                     "%.1f" % (d + rng.choice([0, 0, 0.2])), "%.1f" % d] + [float(M[g][e]) for e in E] +
                    [es, nd or "", round(d + es - nd, 3)])
    rows[1:] = sorted(rows[1:], key=lambda x: -x[-1])
    for i, r in enumerate(rows[1:]):
        r[0] = i + 1
    write_xlsx("gymnastics_de_panel.xlsx", [("Vault", rows)])
    add("gymnastics_de_panel.xlsx", k, "import", reading(gym, E, M),
        "artistic gymnastics results: E1-E5 are the execution judges' deductions (the panel to agree); D1/D2 score "
        "difficulty (another construct), D/E Score, ND (neutral deductions), Total and Rank are derived",
        keywords=[r"\bD1\b", r"difficulty", r"d score", r"total", r"rank"],
        alts=[alt(reading(gym, E, M) + [[r[1], d, str(r[3 + j])] for r in rows[1:] for j, d in enumerate(["D1", "D2"])],
                  must_note=True, label="D and E judges together")])

    # 9 dressage percentages by judge position
    riders = ["%s / %s" % (a, b) for a, b in zip(["I. Werth", "C. Dujardin", "J. Frederiksen", "N. Krüger",
                                                  "P. Laurent", "S. Ortega", "A. Müller", "L. Bianchi",
                                                  "E. Nilsson", "M. Kovac", "R. Hughes", "T. Dahl"],
                                                 ["Bella Rose", "Gio", "Zack", "Dalera", "Quinn", "Fado",
                                                  "Erlkönig", "Orfeo", "Bonita", "Rocky", "Dante", "Nova"])]
    R = ["E", "H", "C", "M", "B"]
    M = {}
    rows = [["Rank", "Rider / Horse", "Nation"] + ["Judge at %s" % r for r in R] + ["Total %", "Score"]]
    for s in riders:
        q = rng.uniform(66, 80)
        M[s] = {r: "%.3f" % (round((q + rng.uniform(-1.8, 1.8)) * 8) / 8) for r in R}
        t = sum(float(M[s][r]) for r in R) / 5
        rows.append(["", s, rng.choice(["GER", "GBR", "DEN", "FRA", "ESP"])] + ["%s%%" % M[s][r] for r in R] +
                    ["%.3f%%" % t, "%.1f" % (t * 3.4)])
    rows[1:] = sorted(rows[1:], key=lambda x: -float(x[-2][:-1]))
    for i, r in enumerate(rows[1:]):
        r[0] = str(i + 1)
    write_txt("dressage_percent.csv", rows)
    rd = [[s, "Judge at " + r, M[s][r]] for s in riders for r in R]
    add("dressage_percent.csv", k, "either", rd,
        "continuous percentages, so a one-line refusal pointing to ICC is acceptable; dressage Grand Prix: 5 judges by position (E, H, C, M, B) give percentages '72.375%'; Total % and "
        "Score are derived; a rating of 72.375% reads 72.375 (or 0.72375, or the text kept as written)",
        keywords=[r"total", r"score", r"rank"],
        alts=[alt([[s, r, repr(round(float(v) / 100, 9))] for s, r, v in rd], label="fractions"),
              alt([[s, r, v + "%"] for s, r, v in rd], label="percent text")])

    # 10 sensory panel long (EyeQuestion / Compusense-like)
    samples = [("Yoghurt A", "317"), ("Yoghurt B", "582"), ("Yoghurt C", "764"), ("Yoghurt D", "129"),
               ("Yoghurt E", "943"), ("Yoghurt F", "405")]
    attrs = ["Sweetness", "Sourness", "Creaminess", "Overall liking"]
    P = ["P%02d" % i for i in range(1, 11)]
    rows = [["Session", "Panelist", "Sample code", "Sample", "Serving order", "Attribute", "Score"]]
    rd = []
    for p in P:
        order = rng.sample(samples, len(samples))
        for o, (sn, code) in enumerate(order):
            for a in attrs:
                v = rng.randint(1, 9)
                rows.append(["S1", p, code, sn, str(o + 1), a, str(v)])
                rd.append(["%s | %s" % (sn, a), p, str(v)])
    write_txt("sensory_panel_long.csv", rows, delim=";")
    add("sensory_panel_long.csv", k, "import", rd,
        "sensory panel (9-point scales): 10 panelists score 6 blinded samples on 4 attributes; subject = sample "
        "(name or its 3-digit code, the same thing) + attribute; Serving order and Session are not ratings",
        keywords=KW_REPEAT + [r"attribute", r"serving order"])

    # 11 beer club with star glyphs
    S = ["Pliny the Elder", "Heady Topper", "Westvleteren 12", "Orval", "Guinness Draught", "Punk IPA",
         "Augustiner Hell", "Rochefort 10", "Duvel", "Tripel Karmeliet", "Weihenstephaner Hefe", "Hazy Little Thing",
         "Old Rasputin", "Sierra Nevada Pale", "Chimay Blue", "Founders KBS"]
    BREW = dict(zip(S, ["Russian River", "The Alchemist", "Sint-Sixtus", "Orval", "Guinness", "BrewDog",
                        "Augustiner", "Rochefort", "Duvel Moortgat", "Bosteels", "Weihenstephan", "Sierra Nevada",
                        "North Coast", "Sierra Nevada", "Chimay", "Founders"]))
    R = ["Anna", "Ben", "Carla", "Dev"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], miss=0.1, acc=0.5)
    star = lambda v: "★" * int(v) + "☆" * (5 - int(v))
    rows = [["Beer", "Brewery", "ABV"] + R]
    for s in S:
        rows.append([s, BREW[s], "%.1f%%" % rng.uniform(4.2, 12.0)] +
                    [star(M[s][r]) if M[s][r] else "" for r in R])
    xlsx_case("beer_club_stars.xlsx", "Tasting night", rows, k, S, R, M,
        "beer tasting club: ratings typed as star glyphs '★★★☆☆' (3 of 5); empty = not tasted; ABV is not a "
        "rating", keywords=[r"\babv\b"], aliases={str(v): [star(v)] for v in range(1, 6)})

    # 12 book club ratings '4/5'
    S = ["The Overstory", "Klara and the Sun", "Circe", "Pachinko", "Normal People", "The Vanishing Half",
         "Project Hail Mary", "Hamnet", "Shuggie Bain", "Piranesi", "Lessons in Chemistry", "Demon Copperhead",
         "Tomorrow x3", "Babel"]
    R = ["Maggie", "Tunde", "Ingrid", "Raúl", "Beth"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], miss=0.15, acc=0.5)
    rows = [["Month", "Book"] + R]
    for i, s in enumerate(S):
        rows.append([dt.date(2023, 1, 1).replace(month=i % 12 + 1, year=2023 + i // 12).strftime("%b %Y"), s] +
                    ["%s/5" % M[s][r] if M[s][r] else "" for r in R])
    csv_case("book_club_out_of_5.csv", rows, k, S, R, M,
        "book club scores written '4/5' (four out of five, not a date or a fraction to divide); Month is not a "
        "rating", keywords=[r"month"], aliases={str(v): ["%d/5" % v] for v in range(1, 6)})


# ================================================================== C. medicine
def g_med():
    k = "medicine"
    # 13 DR grading per eye, merged grader headers over OD/OS
    pts = ["DR-%03d" % (i + 1) for i in range(22)]
    S = [(p, e) for p in pts for e in ("OD", "OS")]
    R = ["Grader A", "Grader B", "Grader C"]
    cats = ["R0", "R1", "R2", "R3", "R3A"]
    M = mat(S, R, cats, acc=0.6)
    rows = [["Patient", "Age", "Grader A", "", "Grader B", "", "Grader C", ""],
            ["", "", "OD", "OS", "OD", "OS", "OD", "OS"]]
    for p in pts:
        row = [p, rng.randint(35, 80)]
        for r in R:
            row += [M[(p, "OD")][r], M[(p, "OS")][r]]
        rows.append(row)
    write_xlsx("dr_grading_od_os.xlsx", [("Grading", rows)], merges={"Grading": ["C1:D1", "E1:F1", "G1:H1"]})
    add("dr_grading_od_os.xlsx", k, "import", rdi(S, R, M),
        "diabetic retinopathy grading (R0-R3A) by 3 graders for each eye: merged grader headers over OD (right) / "
        "OS (left) columns; subject = patient + eye; Age is not a rating", keywords=[r"\bOD\b", r"\bOS\b", r"eye"])

    # 14 ICDAS caries codes per FDI tooth number columns, rows child x examiner
    kids = ["K%03d" % (i + 1) for i in range(12)]
    teeth = ["16", "26", "36", "46", "11", "21", "31", "41"]
    R = ["EX1", "EX2"]
    S = [(c, t) for c in kids for t in teeth]
    M = mat(S, R, ["0", "1", "2", "3", "4", "5", "6"], acc=0.7)
    rows = [["child_id", "school", "examiner", "exam_date"] + teeth]
    for c in kids:
        for r in R:
            rows.append([c, rng.choice(["Greenfield", "Hillside"]), r, "2024-02-%02d" % rng.randint(5, 9)] +
                        [M[(c, t)][r] for t in teeth])
    write_txt("icdas_fdi_teeth.csv", rows)
    add("icdas_fdi_teeth.csv", k, "import", rdi(S, R, M),
        "dental caries ICDAS codes 0-6 by 2 examiners; the column headers 16, 26 ... 41 are FDI tooth numbers "
        "(items), one row per child and examiner; subject = child + tooth", keywords=KW_REPEAT + [r"tooth", r"item"])

    # 15 ECG reads with machine statement and measurements
    S = ["ECG%05d" % rng.randint(10000, 99999) for _ in range(26)]
    S = list(dict.fromkeys(S))
    R = ["Cardiologist 1", "Cardiologist 2"]
    cats = ["Sinus rhythm", "Atrial fibrillation", "Atrial flutter", "Sinus tachycardia", "Sinus bradycardia"]
    M = mat(S, R, cats, acc=0.7)
    rows = [["ECG ID", "Acquired", "HR (bpm)", "QTc (ms)", "Machine statement (12SL)", "Cardiologist 1",
             "Cardiologist 2"]]
    for i, s in enumerate(S):
        rows.append([s, "2024-01-%02d %02d:%02d" % (i % 28 + 1, rng.randint(0, 23), rng.randint(0, 59)),
                     str(rng.randint(48, 150)), str(rng.randint(380, 490)),
                     rng.choice(["Normal sinus rhythm", "Atrial fibrillation with rapid ventricular response",
                                 "Sinus tachycardia ** Abnormal ECG **", "Undetermined rhythm"]),
                     M[s][R[0]], M[s][R[1]]])
    csv_case("ecg_rhythm_reads.csv", rows, k, S, R, M,
        "ECG rhythm reads by 2 cardiologists; the machine's interpretive statement is free text in other words "
        "(not the same categories), HR and QTc are measurements", keywords=[r"machine", r"12sl", r"statement"])

    # 16 dermoscopy nested JSON from a reader-study web app
    S = ["ISIC_%07d" % rng.randint(24000, 99999) for _ in range(20)]
    R = ["derm01", "derm02", "derm03"]
    cats = ["nevus", "melanoma", "seborrheic keratosis", "basal cell carcinoma"]
    M = mat(S, R, cats, miss=0.1, acc=0.6)
    doc = {"study": "Dermoscopy reader study 2024", "exported": "2024-06-01T10:22:00Z",
           "images": [{"image_id": s, "body_site": rng.choice(["back", "leg", "face", "arm"]),
                       "reads": [{"reader": r, "diagnosis": M[s][r], "confidence": rng.randint(1, 5),
                                  "seconds": rng.randint(8, 90)} for r in R if M[s][r] is not None]}
                      for s in S]}
    with open(P("dermoscopy_reads.json"), "w") as f:
        json.dump(doc, f, indent=2)
    add("dermoscopy_reads.json", k, "either", reading(S, R, M),
        "nested JSON from a reader-study app: images[].reads[] with reader, diagnosis, confidence (1-5), seconds; "
        "the rating is the diagnosis; refusing a custom JSON schema is acceptable", keywords=[r"confidence", r"json"])

    # 17 SCID interviewer / observer pairs with '?'
    pts = ["P%02d" % (i + 1) for i in range(18)]
    dis = ["MDE current", "GAD", "Panic disorder", "PTSD", "Alcohol use disorder"]
    S = [(p, d) for p in pts for d in dis]
    R = ["Interviewer", "Observer"]
    M = mat(S, R, ["1", "2", "3"], acc=0.75)
    qcells = rng.sample(S, 5)
    for s in qcells:
        M[s][rng.choice(R)] = "?"
    head = ["Participant"]
    for d in dis:
        head += ["%s (Int)" % d, "%s (Obs)" % d]
    rows = [head]
    for p in pts:
        row = [p]
        for d in dis:
            row += [cell(M[(p, d)][R[0]]), cell(M[(p, d)][R[1]])]
        rows.append(row)
    rows.append(["Codes: ? = inadequate information, 1 = absent, 2 = subthreshold, 3 = threshold"])
    write_xlsx("scid_interviewer_observer.xlsx", [("SCID-5-RV", rows)])
    plain = rdi(S, R, M)
    add("scid_interviewer_observer.xlsx", k, "import", plain,
        "SCID-5 reliability (interviewer and observer rate the same interview) for 5 disorders; subject = "
        "participant + disorder; '?' = inadequate information (a category, or missing); legend line below",
        keywords=KW_REPEAT + [r"inadequate", r"\?"],
        alts=[alt([x for x in plain if x[2] != "?"], label="'?' as missing")])

    # 18 sleep staging epochs
    n = 600
    S = [str(i + 1) for i in range(n)]
    R = ["Scorer1", "Scorer2"]
    st = "W"
    M = {}
    for s in S:
        if rng.random() < 0.08:
            st = rng.choice(["W", "N1", "N2", "N3", "R"])
        M[s] = {"Scorer1": st, "Scorer2": st if rng.random() < 0.85 else rng.choice(["W", "N1", "N2", "N3", "R"])}
    rows = [["Epoch", "Clock time", "Scorer1", "Scorer2"]]
    t0 = dt.datetime(2024, 3, 1, 22, 41, 0)
    for i, s in enumerate(S):
        rows.append([s, (t0 + dt.timedelta(seconds=30 * i)).strftime("%H:%M:%S"), M[s]["Scorer1"], M[s]["Scorer2"]])
    csv_case("sleep_epochs_two_scorers.csv", rows, k, S, R, M,
        "polysomnography hypnograms: 600 30-s epochs staged W/N1/N2/N3/R by 2 scorers; Clock time is not a "
        "rating (epoch or time identify the subject)", keywords=[r"clock", r"time"])

    # 19 tumour size with units
    S = ["T-%02d" % (i + 1) for i in range(22)]
    R = ["Radiologist 1", "Radiologist 2"]
    M = {}
    for s in S:
        q = rng.randint(8, 60)
        M[s] = {r: str(max(3, q + rng.randint(-3, 3))) for r in R}
    rows = [["Lesion", "Modality", "Radiologist 1", "Radiologist 2"]]
    for s in S:
        rows.append([s, rng.choice(["CT", "MRI"])] + ["%s mm" % M[s][r] for r in R])
    write_txt("tumour_size_mm.csv", rows)
    add("tumour_size_mm.csv", k, "either", reading(S, R, M),
        "continuous measurements (refusing them as such is acceptable); longest tumour diameter measured by 2 radiologists, cells '23 mm' (a number with its unit)",
        keywords=[r"\bmm\b", r"unit"], alts=[alt([[s, r, v + " mm"] for s, r, v in reading(S, R, M)],
                                                    must_note=True, label="kept as text with a note")])

    # 20 NRS pain with ranges
    S = ["PT%03d" % (i + 1) for i in range(24)]
    R = ["Nurse A", "Nurse B"]
    M = nums(S, R, 0, 10, spread=1)
    rng_cells = rng.sample(S, 4)
    raw = {s: dict(M[s]) for s in S}
    for j, s in enumerate(rng_cells):
        r = R[j % 2]
        v = int(M[s][r])
        raw[s][r] = "%d-%d" % (min(v, 9), min(v, 9) + 1) if j % 2 == 0 else "%d/%d" % (min(v, 9), min(v, 9) + 1)
    rows = [["Patient", "Nurse A", "Nurse B"]] + [[s, raw[s][R[0]], raw[s][R[1]]] for s in S]
    write_txt("pain_nrs_ranges.csv", rows)
    clean = [[s, r, raw[s][r]] for s in S for r in R if s not in rng_cells or raw[s][r] == M[s][r]]
    add("pain_nrs_ranges.csv", k, "import", clean,
        "NRS pain 0-10 by 2 nurses; 4 cells hold a range '3-4' or '5/6' (the nurse could not decide): not a "
        "category and not a date; read as missing with a note", must_note=True,
        keywords=[r"range", r"3-4|5/6|\d-\d|\d/\d", r"not a number", r"non-numeric", r"unparsed"],
        alts=[alt([[s, r, raw[s][r]] for s in S for r in R], must_note=True, label="kept as categories, noted")])

    # 21 Apgar at 1 and 5 minutes by midwife and paediatrician
    babies = ["B%03d" % (i + 1) for i in range(20)]
    S = [(b, m) for b in babies for m in ("1 min", "5 min")]
    R = ["Midwife", "Paediatrician"]
    M = {}
    for b in babies:
        q1 = rng.randint(3, 9)
        q5 = min(10, q1 + rng.randint(0, 3))
        M[(b, "1 min")] = {r: str(max(0, min(10, q1 + rng.choice([-1, 0, 0, 1])))) for r in R}
        M[(b, "5 min")] = {r: str(max(0, min(10, q5 + rng.choice([-1, 0, 0, 1])))) for r in R}
    rows = [["Baby", "Birth weight (g)", "Apgar 1' midwife", "Apgar 1' paediatrician", "Apgar 5' midwife",
             "Apgar 5' paediatrician"]]
    for b in babies:
        rows.append([b, "{:,}".format(rng.randint(2400, 4300))] + [M[(b, m)][r] for m in ("1 min", "5 min") for r in R])
    write_txt("apgar_1_5_min.csv", rows)
    add("apgar_1_5_min.csv", k, "import", rdi(S, R, M),
        "Apgar scores 0-10 at 1 and 5 minutes by midwife and paediatrician: subject = baby + minute; birth "
        "weight ('3,250' with a thousands comma) is not a rating", keywords=KW_REPEAT + [r"weight", r"minute"])

    # 22 pressure injury staging
    S = ["W%03d" % (i + 1) for i in range(26)]
    R = ["TVN 1", "TVN 2", "Ward nurse"]
    cats = ["Stage 1", "Stage 2", "Stage 3", "Stage 4", "Unstageable", "DTI"]
    M = mat(S, R, cats, acc=0.6)
    rows = [["Wound ID", "Location", "Photo file"] + R]
    for s in S:
        rows.append([s, rng.choice(["Sacrum", "Heel", "Ischium", "Occiput"]), "IMG_%04d.JPG" % rng.randint(1000, 9999)] +
                    [M[s][r] for r in R])
    csv_case("pressure_injury_stage.csv", rows, k, S, R, M,
        "pressure injury staging from photos by 2 tissue-viability nurses and a ward nurse: Stage 1-4, "
        "Unstageable, DTI; Location and Photo file are not ratings", keywords=[r"photo", r"location"])


# ================================================================== D. behaviour coding
def g_behaviour():
    k = "behaviour"
    # 23 BORIS aggregated events: two observers' event logs, no common subjects
    rows = [["Observation id", "Observation date", "Description", "Media file", "Total length", "FPS", "Subject",
             "Behavior", "Behavioral category", "Modifiers", "Behavior type", "Start (s)", "Stop (s)",
             "Duration (s)", "Comment start", "Comment stop"]]
    for obs in ("dyad07_coderA", "dyad07_coderB"):
        t = 0.0
        while t < 280:
            b = rng.choice(["Gaze to partner", "Smile", "Vocalize", "Touch", "Object play"])
            d = round(rng.uniform(0.8, 9.0), 3)
            st = round(t + rng.uniform(0, 3), 3)
            rows.append([obs, "2024-04-11 10:02:13", "", "dyad07.mp4", "300.000", "25.0",
                         rng.choice(["Mother", "Infant"]), b, "social" if b != "Object play" else "play", "",
                         "STATE", "%.3f" % st, "%.3f" % (st + d), "%.3f" % d, "", ""])
            t = st + d
    write_txt("boris_aggregated_events.csv", rows)
    add("boris_aggregated_events.csv", k, "refuse", None,
        "BORIS aggregated events of two coders of one video: behaviour events with start/stop times, no shared "
        "units to rate; agreement needs time-binning first, so a subjects x raters reading is invented",
        keywords=[r"event", r"start", r"stop", r"time"])

    # 24 partial-interval recording +/- sheet
    S = [str(i + 1) for i in range(60)]
    R = ["Observer 1", "Observer 2"]
    M = mat(S, R, ["+", "-"], acc=0.85)
    rows = [["Child: J.M.   Target: out-of-seat   Interval: 10 s"], ["Interval", "Time", "Observer 1", "Observer 2"]]
    for i, s in enumerate(S):
        rows.append([s, "%d:%02d" % ((i * 10) // 60, (i * 10) % 60), M[s][R[0]], M[s][R[1]]])
    n_plus = {r: sum(M[s][r] == "+" for s in S) for r in R}
    rows.append(["% intervals", "", "%.1f%%" % (100 * n_plus[R[0]] / 60), "%.1f%%" % (100 * n_plus[R[1]] / 60)])
    csv_case("interval_recording_plus_minus.csv", rows, k, S, R, M,
        "partial-interval recording: 60 10-s intervals scored + (occurred) / - (not) by 2 observers; Time 'm:ss' "
        "is the interval start; the '% intervals' row is a summary", keywords=[r"% intervals", r"summary", r"total"])

    # 25 video segments with time stamps
    S = ["seg%03d" % (i + 1) for i in range(30)]
    R = ["Coder A", "Coder B", "Coder C"]
    cats = ["on-task", "off-task", "transition"]
    M = mat(S, R, cats, acc=0.7)
    rows = [["Clip", "Segment", "Start", "End"] + R]
    t = 0.0
    for s in S:
        d = rng.uniform(8, 30)
        fmt = lambda x: "%02d:%02d:%06.3f" % (x // 3600, (x % 3600) // 60, x % 60)
        rows.append(["class3B_2024-05-07.mp4", s, fmt(t), fmt(t + d)] + [M[s][r] for r in R])
        t += d
    csv_case("video_segments_timestamps.csv", rows, k, S, R, M,
        "classroom video cut into segments coded by 3 coders; Start/End 'hh:mm:ss.fff' and the constant Clip "
        "name are not ratings", keywords=[r"start", r"end", r"clip"])

    # 26 jsPsych data: 'subject' is the participant
    imgs = ["face_%02d.jpg" % i for i in range(1, 13)]
    parts = ["p%03d" % rng.randint(100, 999) for _ in range(8)]
    parts = list(dict.fromkeys(parts))
    M = {s: {} for s in imgs}
    rows = [["success", "trial_type", "trial_index", "time_elapsed", "internal_node_id", "subject", "rt",
             "stimulus", "response", "task"]]
    for p in parts:
        ti = 0
        rows.append(["", "html-keyboard-response", str(ti), str(rng.randint(2000, 9000)), "0.0-0.0", p,
                     str(rng.randint(1500, 9000)), "<p>Welcome! Press any key.</p>", " ", "instructions"])
        el = 10000
        for s in rng.sample(imgs, len(imgs)):
            ti += 1
            el += rng.randint(2000, 6000)
            v = rng.randint(0, 4)
            M[s][p] = str(v)
            rows.append(["", "image-button-response", str(ti), str(el), "0.0-1.0-0.%d" % ti, p,
                         str(rng.randint(600, 4000)), "img/" + s, str(v), "trustworthiness"])
        rows.append(["true", "survey-text", str(ti + 1), str(el + 3000), "0.0-2.0", p, str(rng.randint(3000, 20000)),
                     "", '{"Q0":"%s"}' % rng.choice(["none", "was fun", "ok"]), "debrief"])
    write_txt("jspsych_trust_ratings.csv", rows)
    rd = [["img/" + s, p, M[s][p]] for s in imgs for p in parts]
    add("jspsych_trust_ratings.csv", k, "import", rd,
        "jsPsych data: the 'subject' column is the participant (the rater), 'stimulus' is the rated image, "
        "'response' the button index 0-4; instruction and debrief trials are not ratings",
        keywords=[r"instructions", r"debrief", r"trial_type"])


# ================================================================== E. NLP, crowd and citizen science
def g_nlp():
    k = "nlp-crowd"
    # 27 NER spans JSONL: refuse
    texts = ["Angela Merkel met Emmanuel Macron in Paris on Tuesday.", "Apple opened a store in Nairobi.",
             "The WHO warned about measles in Europe.", "Lionel Messi joined Inter Miami in 2023.",
             "Siemens and Bosch cut jobs in Munich."]
    lines = []
    for ann in ("ann_kr", "ann_lt"):
        for i, t in enumerate(texts):
            spans = []
            for m in re.finditer(r"[A-Z][a-zA-Z]+(?: [A-Z][a-zA-Z]+)*", t):
                if m.start() == 0 and m.group() in ("The",):
                    continue
                lab = rng.choice(["PER", "ORG", "LOC", "MISC"])
                spans.append({"start": m.start(), "end": m.end(), "label": lab, "text": m.group()})
            if ann == "ann_lt" and spans and rng.random() < 0.5:
                spans.pop()
            lines.append(json.dumps({"id": i + 1, "text": t, "spans": spans, "annotator": ann,
                                     "answer": "accept"}, ensure_ascii=False))
    with open(P("ner_spans_two_annotators.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    add("ner_spans_two_annotators.jsonl", k, "refuse", None,
        "named-entity spans (start/end/label lists) by two annotators: spans must be aligned before any "
        "subjects x raters table exists; a tool must not invent one", keywords=[r"span", r"nested", r"list"])

    # 28 Prolific participants in rows with attention checks
    items = ["item_%02d" % i for i in range(1, 16)]
    pids = ["".join(rng.choice("0123456789abcdef") for _ in range(24)) for _ in range(9)]
    M = {s: {} for s in items}
    rows = [["PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "StartDate", "age"] + items[:7] + ["attn_check_1"] +
            items[7:] + ["attn_check_2", "comments"]]
    for p in pids:
        for s in items:
            M[s][p] = str(rng.randint(1, 7))
        rows.append([p, "65f1c0a2b3d4e5f6a7b8c9d0", "".join(rng.choice("0123456789abcdef") for _ in range(24)),
                     "2024-03-%02d 14:%02d" % (rng.randint(1, 5), rng.randint(0, 59)), str(rng.randint(19, 64))] +
                    [M[s][p] for s in items[:7]] + ["1"] + [M[s][p] for s in items[7:]] + ["7", ""])
    write_txt("prolific_items_attention.csv", rows)
    rd = [[s, p, M[s][p]] for s in items for p in pids]
    add("prolific_items_attention.csv", k, "import", rd,
        "Prolific study: one row per participant (the raters, 24-hex PROLIFIC_PID), items 1-15 rated 1-7 in "
        "columns (the subjects); attn_check_1/2 are instructed-response checks ('select 1'/'select 7'), not items; "
        "age and ids are not items", keywords=KW_LAYOUT + [r"attn", r"attention"])
    TRUTH["prolific_items_attention.csv"]["wrong_keywords"] = [r"attn", r"attention"]

    # 29 content moderation queue
    S = ["tkt_%06d" % rng.randint(100000, 999999) for _ in range(30)]
    S = list(dict.fromkeys(S))
    R = ["m.ortiz@trust.example", "j.kim@trust.example", "a.bauer@trust.example"]
    M = mat(S, R, ["Approve", "Remove", "Escalate"], miss=0.2, acc=0.65)
    rows = [["ticket_id", "queue", "content_type", "reviewer_email", "decision", "policy", "decided_at",
             "handle_time_s"]]
    for s in S:
        q = rng.choice(["Hate & harassment", "Spam", "Nudity"])
        for r in R:
            if M[s][r] is None:
                continue
            rows.append([s, q, rng.choice(["comment", "image", "profile"]), r, M[s][r],
                         q if M[s][r] == "Remove" else "", "2024-07-0%dT%02d:%02d:%02dZ" % (
                             rng.randint(1, 9), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59)),
                         str(rng.randint(5, 240))])
    rows = [rows[0]] + sorted(rows[1:], key=lambda x: x[6])
    csv_case("moderation_queue_decisions.csv", rows, k, S, R, M,
        "content-moderation review log: one row per decision; ticket = subject, reviewer_email = rater, decision = "
        "rating; policy is filled only on Remove, handle time is a duration", keywords=[r"policy", r"handle", r"left out"])

    # 30 Zooniverse classifications with JSON annotations
    subj = [str(rng.randint(70000000, 79999999)) for _ in range(16)]
    users = ["owl_watcher", "not-logged-in-3fa2b91c", "marta_k", "BirdNerd99", "not-logged-in-77e01d4a", "jpw"]
    M = {s: {} for s in subj}
    rows = [["classification_id", "user_name", "user_id", "user_ip", "workflow_id", "workflow_name",
             "workflow_version", "created_at", "gold_standard", "expert", "metadata", "annotations",
             "subject_data", "subject_ids"]]
    cid = 512000000
    for s in subj:
        true = rng.choice(["Yes", "No"])
        for u in rng.sample(users, rng.randint(2, 4)):
            v = true if rng.random() < 0.8 else ("No" if true == "Yes" else "Yes")
            M[s][u] = v
            cid += rng.randint(1, 50)
            meta = {"source": "api", "session": "%x" % rng.getrandbits(64), "viewport": {"width": 1440, "height": 789},
                    "started_at": "2024-02-01T10:00:00.000Z", "user_language": "en", "utc_offset": "0",
                    "subject_dimensions": [{"clientWidth": 800, "clientHeight": 600, "naturalWidth": 1600,
                                            "naturalHeight": 1200}]}
            ann = [{"task": "T0", "task_label": "Is there an animal in this image?", "value": v}]
            sd = {s: {"retired": None, "Filename": "CAM%02d_%05d.JPG" % (rng.randint(1, 20), rng.randint(1, 99999))}}
            rows.append([str(cid), u, "" if u.startswith("not-") else str(rng.randint(1000000, 2999999)),
                         "%x" % rng.getrandbits(80), "18234", "Animal present?", "12.4",
                         "2024-02-%02d %02d:%02d:%02d UTC" % (rng.randint(1, 28), rng.randint(0, 23),
                                                              rng.randint(0, 59), rng.randint(0, 59)), "", "",
                         json.dumps(meta), json.dumps(ann), json.dumps(sd), s])
    write_txt("zooniverse_classifications.csv", rows)
    rd = [[s, u, v] for s in subj for u, v in M[s].items()]
    add("zooniverse_classifications.csv", k, "either", rd,
        "Zooniverse classification export: subject_ids = subject, user_name = rater (logged-out volunteers as "
        "not-logged-in-<hash>), the answer Yes/No is inside the JSON 'annotations' column; refusing with a word "
        "on the JSON column is acceptable", keywords=[r"json", r"annotations"])

    # 31 app reviews: reviewer's own stars vs annotators
    S = ["gp:AOqpTO%s" % rand_id(10) for _ in range(26)]
    R = ["annotator_1", "annotator_2"]
    cats = ["bug report", "feature request", "praise", "complaint", "other"]
    M = mat(S, R, cats, acc=0.65)
    rows = [["review_id", "app", "userName", "score", "at", "content", "annotator_1", "annotator_2"]]
    for s in S:
        rows.append([s, rng.choice(["com.spotify.music", "com.duolingo"]), rng.choice(["A Google user", "Kev", "mari"]),
                     str(rng.randint(1, 5)), "2024-01-%02d 08:%02d:11" % (rng.randint(1, 31), rng.randint(0, 59)),
                     rng.choice(SENTENCES), M[s][R[0]], M[s][R[1]]])
    csv_case("app_reviews_aspects.csv", rows, k, S, R, M,
        "Play-store reviews (google-play-scraper columns) labelled by 2 annotators; 'score' is the reviewer's own "
        "star rating of the app, not an annotator", keywords=[r"score", r"content"])

    # 32 CoNLL-style two-annotator token TSV
    sents = [["The", "cat", "sat", "on", "the", "mat", "."], ["Dogs", "bark", "loudly", "."],
             ["She", "quickly", "read", "the", "old", "book", "."], ["We", "will", "go", "tomorrow", "."],
             ["Birds", "fly", "south", "in", "winter", "."], ["He", "is", "very", "tall", "."]]
    tagset = {"The": "DET", "the": "DET", "cat": "NOUN", "sat": "VERB", "on": "ADP", "mat": "NOUN", ".": "PUNCT",
              "Dogs": "NOUN", "bark": "VERB", "loudly": "ADV", "She": "PRON", "quickly": "ADV", "read": "VERB",
              "old": "ADJ", "book": "NOUN", "We": "PRON", "will": "AUX", "go": "VERB", "tomorrow": "ADV",
              "Birds": "NOUN", "fly": "VERB", "south": "ADV", "in": "ADP", "winter": "NOUN", "He": "PRON",
              "is": "AUX", "very": "ADV", "tall": "ADJ"}
    lines, rd = [], []
    for si, snt in enumerate(sents):
        lines.append("# sent_id = %d" % (si + 1))
        lines.append("# text = %s" % " ".join(snt))
        for ti, tok in enumerate(snt):
            g = tagset[tok]
            a = g
            b = g if rng.random() < 0.85 else rng.choice(["NOUN", "VERB", "ADJ", "ADV", "PROPN"])
            lines.append("%d\t%s\t%s\t%s" % (ti + 1, tok, a, b))
            rd += [["%d | %d" % (si + 1, ti + 1), "annA", a], ["%d | %d" % (si + 1, ti + 1), "annB", b]]
        lines.append("")
    write_txt("conll_two_annotators.tsv", text="\n".join(lines) + "\n")
    add("conll_two_annotators.tsv", k, "either", rd,
        "CoNLL-style token file: '# sent_id' / '# text' comment lines, blank lines between sentences, columns "
        "index, token, tag of annotator A, tag of annotator B (no header); subject = sentence + token index; "
        "refusing the headerless block format is acceptable", keywords=KW_REPEAT + [r"comment", r"#"])

    # 33 webMUSHRA results
    trials = ["trial%d" % i for i in range(1, 5)]
    stim = ["reference", "anchor35", "codecA_64k", "codecB_64k", "codecC_32k"]
    S = [(t, s) for t in trials for s in stim]
    L = ["%08x-%04x" % (rng.getrandbits(32), rng.getrandbits(16)) for _ in range(7)]
    M = {}
    for s in S:
        base = {"reference": 95, "anchor35": 20, "codecA_64k": 78, "codecB_64k": 70, "codecC_32k": 45}[s[1]]
        M[s] = {l: str(max(0, min(100, base + rng.randint(-12, 12)))) for l in L}
    rows = [["session_test_id", "session_uuid", "age", "expertise", "trial_id", "rating_stimulus", "rating_score",
             "rating_time", "rating_comment"]]
    for l in L:
        age, ex = str(rng.randint(21, 55)), rng.choice(["expert", "naive"])
        for s in S:
            rows.append(["mushra_codecs_2024", l, age, ex, s[0], s[1], M[s][l], str(rng.randint(3000, 40000)), ""])
    write_txt("webmushra_results.csv", rows)
    add("webmushra_results.csv", k, "either", rdi(S, L, M),
        "continuous 0-100 scores (refusing them as measurements is acceptable); webMUSHRA listening test: 7 listeners (session_uuid) score 5 stimuli in 4 trials 0-100; subject = "
        "trial + stimulus (the hidden reference and anchor are stimuli too); age/expertise/rating_time are not "
        "ratings", keywords=KW_REPEAT + [r"trial", r"stimulus"])

    # 34 MT-bench style pairwise human judgments
    models = ["gpt-4", "claude-v1", "vicuna-13b", "llama-13b"]
    judges = ["expert_%d" % i for i in range(6)]
    lines, rd = [], []
    for q in range(81, 93):
        a, b = sorted(rng.sample(models, 2))
        for turn in (1, 2):
            for j in rng.sample(judges, 3):
                w = rng.choice(["model_a", "model_b", "tie", "model_a"])
                lines.append(json.dumps({"question_id": q, "model_a": a, "model_b": b, "winner": w, "judge": j,
                                         "turn": turn, "tstamp": 1687221890.3 + rng.random() * 1e5}))
                rd.append(["%d | %s | %s | %d" % (q, a, b, turn), j, w])
    with open(P("mtbench_human_judgments.jsonl"), "w") as f:
        f.write("\n".join(lines) + "\n")
    add("mtbench_human_judgments.jsonl", k, "either", rd,
        "JSON Lines (a one-line refusal of the format is acceptable); MT-bench-style pairwise human judgments: a subject is one comparison (question_id + model_a + model_b + "
        "turn), judge = rater, winner model_a/model_b/tie = rating; tstamp is a time",
        keywords=KW_REPEAT + [r"turn", r"model_a", r"question_id"])

    # 35 human vs LLM judge scores with text columns
    S = ["q%03d" % (i + 1) for i in range(24)]
    R = ["human_1", "human_2", "gpt-4o_judge"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], acc=0.55)
    rows = [["id", "question", "reference_answer", "model_answer", "human_1", "human_2", "gpt-4o_judge",
             "judge_reasoning"]]
    for s in S:
        rows.append([s, "What is %d + %d?" % (rng.randint(1, 99), rng.randint(1, 99)), str(rng.randint(2, 198)),
                     rng.choice(["The answer is 42.", "I think 17", "It equals 120, because..."])] +
                    [M[s][r] for r in R] + ["The response is %s. Score: %s" % (rng.choice(["correct", "partly right"]),
                                                                             M[s][R[2]])])
    csv_case("llm_judge_vs_humans.csv", rows, k, S, R, M,
        "answers scored 1-5 by two humans and an LLM judge (all three are raters); reference_answer holds numbers "
        "but is not a rater; question/answer/reasoning are text", keywords=[r"reference", r"reasoning"])

    # 36 emoji labels
    S = [str(1750000000000000000 + rng.randint(0, 10 ** 15)) for _ in range(24)]
    R = ["labeler_a", "labeler_b", "labeler_c"]
    M = mat(S, R, ["👍", "👎", "🤷"], acc=0.65)
    rows = [["tweet_id", "text"] + R]
    for s in S:
        rows.append([s, rng.choice(SENTENCES)] + [M[s][r] for r in R])
    csv_case("emoji_labels.csv", rows, k, S, R, M,
        "tweets labelled with emoji 👍 (positive) 👎 (negative) 🤷 (unsure) by 3 labelers; 19-digit tweet ids",
        keywords=[r"text"])

    # 37 multi-label cells
    S = ["post_%03d" % (i + 1) for i in range(20)]
    R = ["Rater 1", "Rater 2"]
    labs = ["Spam", "Offensive", "Misinformation", "None"]
    M = {}
    for s in S:
        base = rng.choice([["None"], ["Spam"], ["Offensive"], ["Misinformation"], ["Spam", "Offensive"],
                           ["Offensive", "Misinformation"]])
        M[s] = {}
        for r in R:
            v = list(base)
            if rng.random() < 0.3:
                v = rng.choice([["None"], ["Spam"], ["Offensive", "Misinformation"], ["Spam", "Misinformation"]])
            M[s][r] = ", ".join(v)
    rows = [["Post", "Rater 1", "Rater 2"]] + [[s, M[s][R[0]], M[s][R[1]]] for s in S]
    write_txt("multilabel_cells.csv", rows)
    add("multilabel_cells.csv", k, "either", reading(S, R, M),
        "moderation labels where a cell may hold several labels 'Spam, Offensive' (multi-label): agreement on "
        "label sets needs a set measure; refusing, or reading each combination as a category with a note, is "
        "acceptable", must_note=True, keywords=[r"multi", r"several (labels|values)", r"comma", r"separat", r"list"])

    # 38 iNaturalist identifications with withdrawn ones
    obs = [str(rng.randint(150000000, 199999999)) for _ in range(15)]
    users = ["kueda", "loarie", "tiwane", "bouteloua", "mira_s", "pleary"]
    taxa = ["Turdus migratorius", "Turdus merula", "Sturnus vulgaris", "Agelaius phoeniceus"]
    rows = [["observation_id", "identification_id", "user_login", "taxon_name", "taxon_rank", "category", "current",
             "created_at"]]
    M = {o: {} for o in obs}
    iid = 350000000
    for o in obs:
        tru = rng.choice(taxa)
        for u in rng.sample(users, rng.randint(2, 4)):
            v = tru if rng.random() < 0.75 else rng.choice(taxa)
            if rng.random() < 0.25:
                old = rng.choice([t for t in taxa if t != v])
                iid += rng.randint(1, 99)
                rows.append([o, str(iid), u, old, "species", "leading", "false", "2024-05-01T09:00:00Z"])
            iid += rng.randint(1, 99)
            rows.append([o, str(iid), u, v, "species", rng.choice(["improving", "supporting", "maverick"]), "true",
                         "2024-05-02T11:00:00Z"])
            M[o][u] = v
    write_txt("inaturalist_identifications.csv", rows)
    rd = [[o, u, v] for o in obs for u, v in M[o].items()]
    add("inaturalist_identifications.csv", k, "import", rd,
        "iNaturalist identifications: several users identify each observation; rows with current=false are "
        "identifications the user withdrew and replaced, so each user's current one is the rating; category "
        "(improving/supporting/maverick) is derived", keywords=KW_REPEAT + [r"current", r"withdrawn"])

    # 39 Airtable export
    S = ["Img %03d" % (i + 1) for i in range(20)]
    R = ["Sam Ortiz", "Lee Wong"]
    M = mat(S, R, ["Good", "Blurry", "Overexposed", "Reject"], acc=0.65)
    rows = [["Name", "Attachments", "Reviewer", "Quality", "Notes", "Created", "Record ID"]]
    for s in S:
        for r in R:
            rows.append([s, "%s.jpg (https://v5.airtableusercontent.com/v3/u/27/27/%s)" % (s.replace(" ", "_"),
                                                                                    rand_id(20)),
                         r, M[s][r], rng.choice(["", "", "check later"]), "3/%d/2024 %d:%02dpm" % (
                             rng.randint(1, 28), rng.randint(1, 11), rng.randint(0, 59)), "rec" + rand_id(14)])
    write_txt("airtable_photo_review.csv", rows, bom=True)
    add("airtable_photo_review.csv", k, "import", reading(S, R, M),
        "Airtable grid export, one record per photo and reviewer: Name = subject, Reviewer = rater, Quality = "
        "rating; Attachments 'file (url)', Record ID and Created are per record", keywords=[r"record id", r"attachment"])


# ================================================================== F. panels and quality control
def g_panels():
    k = "panels-qc"
    # 40 tender evaluation: one block per evaluator stacked in one sheet
    bidders = ["Bidder A - Nordbau GmbH", "Bidder B - Costa Build", "Bidder C - Hill & Sons"]
    crit = [("Price", "40%"), ("Technical quality", "30%"), ("Delivery plan", "20%"), ("Sustainability", "10%")]
    evs = ["J. Smith (Procurement)", "R. Patel (Engineering)", "M. Novak (Finance)"]
    S = [(b, c) for b in bidders for c, _ in crit]
    M = mat(S, evs, ["0", "1", "2", "3", "4", "5"], acc=0.55)
    rows = [["Tender 2024/017 - Road maintenance framework - Evaluation matrix"], ["Scores 0-5; weights as published"], []]
    for e in evs:
        rows.append(["Evaluator: %s" % e])
        rows.append(["Criterion", "Weight"] + [b.split(" - ")[0] for b in bidders])
        for c, w in crit:
            rows.append([c, w] + [int(M[(b, c)][e]) for b in bidders])
        rows.append(["Weighted total", ""] + [round(sum(int(M[(b, c)][e]) * int(w[:-1]) / 100 for c, w in crit), 2)
                                              for b in bidders])
        rows.append([])
    write_xlsx("tender_evaluation_blocks.xlsx", [("Evaluation", rows)])
    rd = [["%s | %s" % (b.split(" - ")[0], c), e, M[(b, c)][e]] for b in bidders for c, _ in crit for e in evs]
    add("tender_evaluation_blocks.xlsx", k, "either", rd,
        "tender evaluation matrix: one block per evaluator stacked down the sheet (heading 'Evaluator: ...', "
        "criteria x bidders, a Weighted total row); subject = bidder + criterion; Weight is not a rating; "
        "refusing the stacked blocks is acceptable", keywords=[r"weight", r"evaluator", r"block", r"total"])

    # 41 grant review with COI / NR cells
    S = ["R01-%s" % rand_id(6, string.digits) for _ in range(22)]
    R = ["Rev 1 (Okoro)", "Rev 2 (Lind)", "Rev 3 (Haas)", "Rev 4 (Tanaka)", "Rev 5 (Duarte)"]
    M = mat(S, R, [str(i) for i in range(1, 10)], acc=0.35)
    raw = {s: dict(M[s]) for s in S}
    for s in S:
        for r in rng.sample(R, 2):
            raw[s][r] = rng.choice(["COI", "NR"])
            M[s][r] = None
        if sum(M[s][r] is not None for r in R) < 2:
            pass
    rows = [["Application", "PI", "Rev 1 (Okoro)", "Rev 2 (Lind)", "Rev 3 (Haas)", "Rev 4 (Tanaka)",
             "Rev 5 (Duarte)", "Mean", "Discussed"]]
    for s in S:
        vals = [int(M[s][r]) for r in R if M[s][r] is not None]
        rows.append([s, rng.choice(["Diaz", "Wang", "Osei", "Berg"])] + [raw[s][r] for r in R] +
                     ["%.2f" % (sum(vals) / len(vals)), rng.choice(["Y", "N"])])
    rows.append([])
    rows.append(["Scores 1 (exceptional) - 9 (poor). COI = conflict of interest, NR = not reviewed."])
    csv_case("grant_review_coi.csv", rows, k, S, R, M,
        "grant review panel, NIH-style 1-9 scores by 5 reviewers; COI (conflict of interest) and NR (not reviewed) "
        "are missing, not categories; Mean and Discussed are derived; a legend line below",
        keywords=[r"\bcoi\b", r"\bnr\b", r"mean"])

    # 42 Greenhouse scorecards
    cands = ["%s %s" % (f, l) for f, l in zip(FIRST, ["Abbott", "Brandt", "Cruz", "Diallo", "Evans", "Fox", "Gupta",
                                                      "Holm", "Iqbal", "Jones", "Kim", "Lund", "Mora", "Nash",
                                                      "Ortiz", "Park"])]
    ivs = ["Chris Young", "Sasha Bell", "Ade Bankole", "Mei Lin"]
    recs = ["Definitely Not", "No", "Yes", "Strong Yes"]
    rows = [["Candidate Name", "Job", "Interview", "Interviewer", "Overall Recommendation", "Submitted On",
             "Communication", "Technical skills", "Key Take-Aways"]]
    rd = []
    for c in cands:
        q = rng.randint(0, 3)
        for iv in rng.sample(ivs, rng.randint(2, 3)):
            v = recs[max(0, min(3, q + rng.choice([-1, 0, 0, 1])))]
            rd.append([c, iv, v])
            rows.append([c, "Backend Engineer", "Onsite - %s" % rng.choice(["System design", "Coding"]), iv, v,
                         "2024-04-%02d" % rng.randint(1, 30), rng.choice(["Yes", "Strong Yes", "Mixed"]),
                         rng.choice(["Yes", "No", "Mixed"]), rng.choice(["", "Solid", "Needs growth in testing"])])
    write_txt("greenhouse_scorecards.csv", rows)
    add("greenhouse_scorecards.csv", k, "import", rd,
        "Greenhouse scorecard export: the overall recommendation (Definitely Not/No/Yes/Strong Yes) per candidate "
        "and interviewer; Communication/Technical skills are attribute ratings of other questions, Interview is "
        "the interview name", keywords=[r"communication", r"technical", r"attribute"],
        alts=[])

    # 43 Delphi round with Median / IQR / consensus
    S = ["Q%02d %s" % (i + 1, t) for i, t in enumerate(["Early mobilisation", "Daily sedation hold",
                                                        "Glucose target 6-10", "Chlorhexidine wash", "Head-up 30°",
                                                        "Stress ulcer prophylaxis", "Family meetings by day 3",
                                                        "Delirium screening", "Pain score each shift",
                                                        "Physio within 24 h", "Nutrition by 48 h",
                                                        "Sleep bundle", "Early tracheostomy", "Goal-directed fluids"])]
    R = ["E%02d" % i for i in range(1, 13)]
    M = nums(S, R, 1, 9, spread=2)
    rows = [["Delphi round 2 - importance (1 = not important, 9 = critical)"], ["Statement"] + R +
            ["Median", "IQR", "% rating 7-9", "Consensus"]]
    for s in S:
        v = sorted(int(M[s][r]) for r in R)
        pct = sum(x >= 7 for x in v) / len(v)
        rows.append([s] + [int(M[s][r]) for r in R] + [(v[5] + v[6]) / 2, v[8] - v[2], "%d%%" % round(pct * 100),
                                                       "Yes" if pct >= 0.7 else "No"])
    xlsx_case("delphi_round2.xlsx", "Round 2", rows, k, S, R, M,
        "Delphi round 2: 12 experts (E01-E12) rate 14 statements 1-9; Median, IQR, % rating 7-9 and Consensus "
        "are summary columns", keywords=[r"median", r"iqr", r"consensus", r"%"])

    # 44 Minitab attribute agreement analysis
    parts = [str(i) for i in range(1, 16)]
    apps = ["Anna", "Boris", "Chloe"]
    std = {p: rng.choice(["Pass", "Fail"]) for p in parts}
    rows = [["Part", "Appraiser", "Trial", "Response", "Standard"]]
    rd = []
    for t in (1, 2):
        for a in apps:
            for p in rng.sample(parts, len(parts)):
                v = std[p] if rng.random() < 0.85 else ("Fail" if std[p] == "Pass" else "Pass")
                rows.append([p, a, str(t), v, std[p]])
                rd.append(["%s | %d" % (p, t), a, v])
    write_txt("minitab_attribute_agreement.csv", rows)
    add("minitab_attribute_agreement.csv", k, "import", rd,
        "Minitab attribute agreement analysis worksheet: 3 appraisers judge 15 parts Pass/Fail twice (Trial 1, 2); "
        "Standard is the known reference, not an appraiser; a subject is part + trial (or keep trials apart with a "
        "note)", keywords=KW_REPEAT + [r"trial", r"standard"],
        alts=[alt([[s.split(" | ")[0], "%s | %s" % (r, s.split(" | ")[1]), v] for s, r, v in rd],
                  must_note=True, label="appraiser x trial as raters")])


# ================================================================== G. spreadsheet habits
def g_habits():
    k = "habits"
    from openpyxl.styles import PatternFill

    # 45 Mean row right under the header
    S = ["Item %d" % (i + 1) for i in range(18)]
    R = ["Rater 1", "Rater 2", "Rater 3"]
    M = nums(S, R, 1, 7, spread=1)
    rows = [["Item"] + R, ["Mean"] + [round(sum(int(M[s][r]) for s in S) / len(S), 2) for r in R],
            ["SD"] + [1.21, 1.37, 1.18]] + [[s] + [int(M[s][r]) for r in R] for s in S]
    xlsx_case("mean_sd_rows_on_top.xlsx", "Ratings", rows, k, S, R, M,
        "Mean and SD rows typed directly under the header, above the items", keywords=[r"\bmean\b", r"\bsd\b", r"summary"])

    # 46 hidden rows (pilot cases hidden)
    S = ["V%03d" % (i + 1) for i in range(26)]
    R = ["Reader A", "Reader B"]
    M = mat(S, R, ["Normal", "Abnormal", "Equivocal"], acc=0.7)
    wb, ws = workbook("Reads")
    ws.append(["Case", "Reader A", "Reader B"])
    hidden = set(S[:4])
    for s in S:
        ws.append([s, M[s][R[0]], M[s][R[1]]])
    for i in range(2, 6):
        ws.row_dimensions[i].hidden = True
    wb.save(P("hidden_pilot_rows.xlsx"))
    add("hidden_pilot_rows.xlsx", k, "import", reading(S, R, M),
        "rows 2-5 (the 4 pilot cases) are hidden in Excel; hidden rows are still data; reading only the visible "
        "rows is acceptable with a note", keywords=[r"hidden"],
        alts=[alt(reading(S, R, M, skip_s=hidden), must_note=True, label="visible rows only")])

    # 47 data starting at C5
    S = ["S%02d" % (i + 1) for i in range(20)]
    R = ["Coder 1", "Coder 2", "Coder 3"]
    M = mat(S, R, ["A", "B", "C", "D"], acc=0.65)
    cells = grid([["Subject"] + R] + [[s] + [M[s][r] for r in R] for s in S], r0=5, c0=3)
    write_xlsx2("data_at_c5.xlsx", cells, title="Tabelle1")
    add("data_at_c5.xlsx", k, "import", reading(S, R, M),
        "the table starts at C5 (empty rows 1-4 and columns A-B)", keywords=[])

    # 48 Yes (see comment) cells
    S = ["Doc %02d" % (i + 1) for i in range(22)]
    R = ["Reviewer 1", "Reviewer 2"]
    M = mat(S, R, ["Yes", "No"], acc=0.75)
    raw = {s: dict(M[s]) for s in S}
    odd = rng.sample([(s, r) for s in S for r in R], 6)
    for s, r in odd:
        raw[s][r] = rng.choice(["%s (see comment)", "%s*", "%s - borderline", "%s?"]) % M[s][r]
    rows = [["Document", "Reviewer 1", "Reviewer 2", "Comments"]]
    for s in S:
        rows.append([s, raw[s][R[0]], raw[s][R[1]], "; ".join("%s: unclear wording" % r.split()[1]
                                                              for r in R if (s, r) in odd)])
    csv_case("yes_no_with_remarks.csv", rows, k, S, R, M,
        "eligibility Yes/No by 2 reviewers; 6 cells carry a remark ('Yes (see comment)', 'No*', 'Yes - borderline', "
        "'No?') that is still a Yes or No; as separate categories they need a note",
        keywords=[r"comment", r"borderline", r"\*", r"similar", r"variant", r"near"],
        alts=[alt([[s, r, raw[s][r]] for s in S for r in R], must_note=True, label="remarks kept, noted")])

    # 49 RAG rating only as fill colours
    S = ["Risk %02d" % (i + 1) for i in range(16)]
    R = ["Owner", "Auditor"]
    M = mat(S, R, ["Red", "Amber", "Green"], acc=0.7)
    fills = {"Red": "FFFF0000", "Amber": "FFFFC000", "Green": "FF00B050"}
    wb, ws = workbook("RAG")
    ws.append(["Risk", "Description", "Owner", "Auditor"])
    for i, s in enumerate(S):
        ws.append([s, rng.choice(["Supplier failure", "Key staff leave", "Data breach", "Budget overrun"])])
        for j, r in enumerate(R):
            ws.cell(row=i + 2, column=3 + j).fill = PatternFill("solid", fgColor=fills[M[s][r]])
    wb.save(P("rag_fill_colours_only.xlsx"))
    add("rag_fill_colours_only.xlsx", k, "either", reading(S, R, M),
        "risk register where Owner and Auditor gave their RAG rating only as the cell's fill colour (no text); "
        "reading the colours or refusing (no values) is acceptable, an empty or description-based reading is not",
        keywords=[r"colou?r", r"fill", r"empty", r"no ratings"])

    # 50 hidden dropdown-lists sheet first
    S = ["Q%02d" % (i + 1) for i in range(20)]
    R = ["Assessor 1", "Assessor 2"]
    lv = ["Not met", "Partially met", "Met", "Exceeded"]
    M = mat(S, R, lv, acc=0.6)
    wb, ws0 = workbook("Lists")
    for i, v in enumerate(lv):
        ws0.cell(row=i + 1, column=1, value=v)
    for i, v in enumerate(["Assessor 1", "Assessor 2", "Assessor 3"]):
        ws0.cell(row=i + 1, column=3, value=v)
    ws0.sheet_state = "hidden"
    ws = wb.create_sheet("Assessment")
    ws.append(["Standard", "Assessor 1", "Assessor 2"])
    for s in S:
        ws.append([s, M[s][R[0]], M[s][R[1]]])
    from openpyxl.worksheet.datavalidation import DataValidation
    dv = DataValidation(type="list", formula1="Lists!$A$1:$A$4")
    ws.add_data_validation(dv)
    dv.add("B2:C21")
    wb.active = 1
    wb.save(P("hidden_lists_sheet_first.xlsx"))
    add("hidden_lists_sheet_first.xlsx", k, "import", reading(S, R, M),
        "the first sheet 'Lists' is hidden and holds the dropdown choices; the ratings are on 'Assessment'",
        keywords=KW_SHEET("Lists"))

    # 51 dropdown placeholder '-- select --'
    S = ["Clip %02d" % (i + 1) for i in range(22)]
    R = ["Coder 1", "Coder 2", "Coder 3"]
    M = mat(S, R, ["Happy", "Sad", "Angry", "Neutral"], miss=0.15, acc=0.6)
    rows = [["Clip"] + R] + [[s] + [M[s][r] if M[s][r] else "-- select --" for r in R] for s in S]
    xlsx_case("dropdown_placeholder.xlsx", "Coding", rows, k, S, R, M,
        "dropdown cells not yet chosen still show the placeholder '-- select --' (missing, not a category)",
        keywords=[r"select", r"placeholder"])

    # 52 property appraisals with currency and thousands separators
    S = ["%d %s" % (rng.randint(1, 250), st) for st in ["Elm St", "Oak Ave", "Maple Dr", "Pine Rd", "Cedar Ln",
                                                        "Birch Ct", "Ash Way", "Willow Pl", "Spruce St", "Lake Rd",
                                                        "Hill St", "River Rd", "Park Ave", "Main St", "Church Ln",
                                                        "Mill Rd", "High St", "King St"]]
    R = ["Appraiser 1", "Appraiser 2", "Appraiser 3"]
    M = {}
    for s in S:
        q = rng.randint(180, 950) * 1000
        M[s] = {r: str(int(round(q * rng.uniform(0.93, 1.07), -3))) for r in R}
    rows = [["Property", "Sq ft", "Appraiser 1", "Appraiser 2", "Appraiser 3"]]
    for s in S:
        rows.append([s, "{:,}".format(rng.randint(900, 4200))] + ["${:,}".format(int(M[s][r])) for r in R])
    write_txt("property_appraisals_usd.csv", rows)
    add("property_appraisals_usd.csv", k, "either", reading(S, R, M),
        "continuous money values (refusing them as measurements is acceptable); market values by 3 appraisers written '$412,500' (currency sign and thousands commas in a comma CSV, so "
        "quoted); Sq ft is not a rating", keywords=[r"sq ft", r"size"])

    # 53 R print() output pasted as text
    S = ["s%02d" % (i + 1) for i in range(15)]
    R = ["rater1", "rater2", "rater3"]
    M = mat(S, R, ["low", "mid", "high"], acc=0.6)
    lines = ["> print(ratings)", "   subject rater1 rater2 rater3"]
    for i, s in enumerate(S):
        lines.append("%2d %7s %6s %6s %6s" % (i + 1, s, M[s]["rater1"], M[s]["rater2"], M[s]["rater3"]))
    write_txt("r_console_print.txt", text="\n".join(lines) + "\n")
    add("r_console_print.txt", k, "either", reading(S, R, M),
        "an R data frame printed in the console and saved as text: space-aligned columns, row numbers without a "
        "header, a '> print(ratings)' prompt line; refusing is acceptable", keywords=[r"print", r"prompt"])

    # 54 SAS transport file
    import pandas as pd
    S = ["%03d" % (i + 1) for i in range(20)]
    R = ["READER1", "READER2"]
    M = mat(S, R, ["1", "2", "3", "4"], acc=0.65)
    df = pd.DataFrame({"USUBJID": ["STUDY01-%s" % s for s in S], "VISIT": ["BASELINE"] * len(S),
                       "READER1": [float(M[s]["READER1"]) for s in S], "READER2": [float(M[s]["READER2"]) for s in S]})
    import pyreadstat
    pyreadstat.write_xport(df, P("adjudication.xpt"), table_name="ADRS")
    add("adjudication.xpt", k, "either", reading(["STUDY01-%s" % s for s in S], R,
                                                 {"STUDY01-%s" % s: M[s] for s in S}),
        "SAS transport (XPORT v5) file, as clinical trials submit: USUBJID, VISIT (constant), READER1/READER2 "
        "grades 1-4; a one-line refusal of an unsupported format is acceptable", keywords=[r"visit"])


# ================================================================== H. more formats and domains
def g_more():
    k = "more"
    import openpyxl
    # 55 ROP plus disease, ODS
    S = ["iROP-%04d" % rng.randint(1, 9999) for _ in range(24)]
    S = list(dict.fromkeys(S))
    R = ["Expert 1", "Expert 2", "Expert 3", "Expert 4"]
    M = mat(S, R, ["No plus", "Pre-plus", "Plus"], acc=0.6)
    rows = [["Image", "GA at birth (wk)", "PMA at exam (wk)"] + R]
    for s in S:
        rows.append([s, rng.randint(23, 30), rng.randint(31, 40)] + [M[s][r] for r in R])
    write_ods("rop_plus_disease.ods", [("Plus disease", rows)])
    add("rop_plus_disease.ods", k, "import", reading(S, R, M),
        "retinopathy of prematurity: 4 experts grade plus disease (No plus / Pre-plus / Plus) per fundus image; "
        "gestational and post-menstrual ages (weeks) are not ratings", keywords=[r"\bga\b", r"\bpma\b", r"weeks?"])

    # 56 dates as column headers, raters in rows
    dates = [dt.datetime(2024, 1, 8) + dt.timedelta(days=7 * i) for i in range(12)]
    S = [d.strftime("%Y-%m-%d") for d in dates]
    R = ["Aoife", "Ben", "Chidi", "Dagny", "Eli"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], miss=0.1, acc=0.55)
    rows = [["Team member"] + dates]
    for r in R:
        rows.append([r] + [cell(M[s][r]) for s in S])
    xlsx_case("weekly_meeting_date_headers.xlsx", "Retro scores", rows, k, S, R, M,
        "weekly retrospective: 5 team members (rows) rate each week's meeting 1-5; the column headers are Excel "
        "dates (the meetings, i.e. the subjects); raters in rows", keywords=KW_LAYOUT,
        alts=[alt([[str(int((d - dt.datetime(1899, 12, 30)).days)), r, v] for d, s in zip(dates, S)
                   for r in R for v in [M[s][r]] if v is not None], label="dates as serial numbers")])

    # 57 Praat TextGrid with two tiers on identical boundaries
    n = 14
    bounds = [0.0]
    for _ in range(n):
        bounds.append(round(bounds[-1] + rng.uniform(0.3, 1.6), 3))
    labs = ["V", "C", "sil"]
    tiers = {"coder1": [], "coder2": []}
    for i in range(n):
        a = rng.choice(labs)
        tiers["coder1"].append(a)
        tiers["coder2"].append(a if rng.random() < 0.8 else rng.choice(labs))
    out = ['File type = "ooTextFile"', 'Object class = "TextGrid"', "", "xmin = 0 ", "xmax = %s " % bounds[-1],
           "tiers? <exists> ", "size = 2 ", "item []: "]
    for ti, (tn, lab) in enumerate(tiers.items()):
        out += ["    item [%d]:" % (ti + 1), '        class = "IntervalTier" ', '        name = "%s" ' % tn,
                "        xmin = 0 ", "        xmax = %s " % bounds[-1], "        intervals: size = %d " % n]
        for i in range(n):
            out += ["        intervals [%d]:" % (i + 1), "            xmin = %s " % bounds[i],
                    "            xmax = %s " % bounds[i + 1], '            text = "%s" ' % lab[i]]
    write_txt("praat_two_coders.TextGrid", text="\n".join(out) + "\n")
    rd = [[str(i + 1), tn, tiers[tn][i]] for i in range(n) for tn in tiers]
    add("praat_two_coders.TextGrid", k, "either", rd,
        "Praat TextGrid with two interval tiers (coder1, coder2) on the same boundaries, labels V/C/sil; a subject "
        "is an interval; refusing the TextGrid format is acceptable", keywords=[r"textgrid", r"tier"])

    # 58 PCIbex results file
    items = ["item%02d" % i for i in range(1, 11)]
    parts = ["%032x" % rng.getrandbits(128) for _ in range(6)]
    lines = ["# Results on Tuesday, 12-Mar-2024 10:22:01 UTC.", "# USER AGENT: Mozilla/5.0", "# Design number was "
             "non-random = 33", "#", "# Columns below this comment are as follows:", "# 1. Reception time.",
             "# 2. MD5 hash of participant's IP address.", "# 3. Controller name.", "# 4. Order number of item.",
             "# 5. Inner element number.", "# 6. Label.", "# 7. Latin.Square.Group.", "# 8. PennElementType.",
             "# 9. PennElementName.", "# 10. Parameter.", "# 11. Value.", "# 12. EventTime.", "# 13. Comments."]
    M = {s: {} for s in items}
    for p in parts:
        rt = str(1710238921 + rng.randint(0, 9999))
        for o, s in enumerate(rng.sample(items, len(items))):
            v = str(rng.randint(1, 7))
            M[s][p] = v
            et = 1710238000000 + rng.randint(0, 10 ** 8)
            base = [rt, p, "PennController", str(o + 1), "0", s, "NA"]
            lines.append(",".join(base + ["PennController", s, "_Trial_", "Start", str(et), "NULL"]))
            lines.append(",".join(base + ["Text", "sentence", "_Trial_", "NA", str(et + 5), "NULL"]))
            lines.append(",".join(base + ["Scale", "rating", "Choice", v, str(et + rng.randint(900, 6000)), "NULL"]))
            lines.append(",".join(base + ["PennController", s, "_Trial_", "End", str(et + 7000), "NULL"]))
    write_txt("pcibex_acceptability.csv", text="\n".join(lines) + "\n")
    rd = [[s, p, M[s][p]] for s in items for p in parts]
    add("pcibex_acceptability.csv", k, "either", rd,
        "PCIbex Farm results: '#' comment lines name the 13 columns, no header row; 4 rows per trial, the rating is "
        "the Value of the 'Scale'/'rating'/'Choice' row; rater = MD5 hash; refusing is acceptable, reading the "
        "Start/End event rows as ratings is not", keywords=[r"comment", r"parameter", r"controller"])

    # 59 RADPEER: original radiologist is not a rater
    S = ["ACC%06d" % rng.randint(100000, 999999) for _ in range(22)]
    S = list(dict.fromkeys(S))
    R = ["Dr. Amari", "Dr. Beck", "Dr. Castillo"]
    M = mat(S, R, ["1", "2a", "2b", "3a", "3b"], acc=0.6)
    rows = [["Accession", "Exam", "Original radiologist", "Peer reviewer", "RADPEER score", "Review date"]]
    for s in S:
        orig = rng.choice(["Dr. Lowe", "Dr. Mbeki", "Dr. Nair"])
        ex = rng.choice(["CT head", "CXR", "MRI knee", "US abdomen"])
        for r in R:
            rows.append([s, ex, orig, r, M[s][r], "2024-0%d-%02d" % (rng.randint(1, 9), rng.randint(1, 28))])
    csv_case("radpeer_peer_review.csv", rows, k, S, R, M,
        "RADPEER peer review long file: 3 peer reviewers score each case 1, 2a, 2b, 3a, 3b; 'Original radiologist' "
        "names the reported-on colleague (a per-case fact), not a rater", keywords=[r"original"], fold=True)

    # 60 letter grades with plus/minus
    S = ["Portfolio %02d" % (i + 1) for i in range(22)]
    R = ["Teacher 1", "Teacher 2", "External"]
    M = mat(S, R, ["A+", "A", "A-", "B+", "B", "B-", "C+", "C"], acc=0.45)
    rows = [["Portfolio", "Teacher 1", "Teacher 2", "External"]] + [[s] + [M[s][r] for r in R] for s in S]
    csv_case("art_portfolio_letter_grades.csv", rows, k, S, R, M,
        "art portfolios graded A+ ... C by 2 teachers and an external examiner (a rater too); A+ and A- are "
        "grades, not formulas or signs", keywords=[])


def main():
    common.main(8, (g_edu, g_sport_food, g_med, g_behaviour, g_nlp, g_panels, g_habits, g_more))


if __name__ == "__main__":
    sys.exit(main())
