#!/usr/bin/env python3
"""corpus 11: rating files of kinds in none of corpora 4 to 10, for `tapdesk inspect` (seeded).

Kinds: peer review (an EasyChair workbook with a Submissions sheet before the Reviews sheet and a total score
that repeats the overall evaluation, HotCRP review scores with a reviewer-expertise column, OpenReview
official reviews with '6: marginally above ...' labels, per-paper anonymous signatures and meta-review rows,
an NIH-style grant panel sheet with Primary / Secondary / Reader name columns each followed by a 'Score'
column, HotCRP review preferences (bids), an EasyChair decision list); crowd and field work (SurveyCTO
back-check comparisons with _enum/_bc column pairs, a Potato annotation TSV with JSON label cells, an MTurk
'Manage Workers' download, a Prolific demographic export); clinical (retinopathy of prematurity plus disease
with a reference standard diagnosis, PASI per body region and component under two header rows, Morse fall
scale item points with total and risk level in long form, ACNS EEG main terms with '+F' modifiers and a
majority column, Korean KTAS triage in cp949 with a specialist's final level, modified Rankin in Greek cp1253,
Russian cp1251 tumour grades with decimal-comma sizes and 'н/д', Hebrew chest X-ray reads in a right-to-left
sheet, Arabic Windows-1256 reading grades with absent pupils, Thai cp874 oral screening, a polysomnography
night summary); sports (karate kata flag votes AKA/AO with a decision and '4-1' flag count, a kata ranking list,
artistic swimming execution scores in quarter points, boulder grades '6A+' with the setter and a consensus
grade, DanceSport skating-system marks with '1-2' .. '1-6' majority count columns and a dance title per block);
education (PISA multiple coding with 0/1/9 and two-digit 00/11/21/99 codes, a PISA coding guide, CATME peer
evaluation with self-ratings, an IB internal-assessment moderation sample with title rows and Total rows, a
content analysis with a reliability-subsample flag, IELTS-style speaking criteria with a derived overall band);
HR (job evaluation grades beside the current grade, 360-degree feedback long with self and anonymous rater
codes, a 360 summary of means by rater group, a performance calibration session); sensory science (a 9-point
hedonic consumer test with 3-digit blinding codes, a triangle test, a descriptive panel with replicates on a
0-15 line scale); systematic reviews (Covidence RoB 2 with a Consensus reviewer, Rayyan decisions inside the
notes column); forensic and other fields (a latent print black-box study with ground truth, IPA phonetic
transcriptions with '∅' and a target phoneme, French malaria slide readings with a parasite density, plant
disease scouting with latitude/longitude, fencing video review of the referee's call, a surgical safety
checklist audit with ODS booleans); file habits (agreement count, % and modal code on the left of the raters,
hidden helper code columns, a 'sep=;' first line).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ11_SEED (default 20261203).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (question, region and
component, item, dance, criterion, domain, variable, attribute); the runner matches renamed subjects by content.
xlsx/ods files are rewritten with fixed zip and document timestamps so that re-running gives the same bytes.
Needs openpyxl, odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_TOTAL, mat, P, rand_id, rdi, reading, write_ods, write_txt,
                    write_xlsx, write_xlsx2, xlsx_case, csv_case)  # noqa: E402
from common import KW_CONT, KW_ONE, blank, ordmat, uniq  # noqa: E402

rng = common.init(11, 20261203)
TRUTH = common.TRUTH

assigned, who = common.assigned, common.who


# ================================================================== A. peer review
def g_review():
    k = "peer-review"
    # 1 EasyChair workbook: Submissions sheet first, then Reviews
    S = [str(i) for i in rng.sample(range(3, 120), 22)]
    S.sort(key=int)
    pc = ["Aino Virtanen", "Bilal Chaudhry", "Carmen Ruiz", "Dmitri Sokolov", "Eleni Papadaki", "Felix Wagner",
          "Grace Mensah", "Hiroshi Tanaka", "Ines Duarte"]
    lv = ["-3", "-2", "-1", "0", "1", "2", "3"]
    M = assigned(S, pc, 3, lv, [5, 15, 20, 20, 20, 15, 5], p_off=0.45)
    titles = ["Sparse %s for %s" % (a, b) for a in ["attention", "kernels", "retrieval", "graphs", "priors"]
              for b in ["low-resource parsing", "robot grasping", "protein folding", "code search", "tabular data"]]
    subs = [["#", "Authors", "Title", "Submitted", "Last updated", "Keywords", "Decision", "Notified", "Reviews sent",
             "Abstract"]]
    for s in S:
        subs.append([int(s), "%s, %s" % (rng.choice(["L. Moreau", "K. Osei", "T. Nguyen"]),
                                         rng.choice(["P. Singh", "M. Weber", "A. Costa"])), rng.choice(titles),
                     dt.datetime(2025, 3, 1) + dt.timedelta(hours=rng.randint(0, 300)), None,
                     "machine learning\nevaluation", rng.choice(["accept", "reject", "reject", "accept"]), "no", "no",
                     "We study ..."])
    revs = [["#", "submission #", "member #", "member name", "number", "version", "total score",
             "overall evaluation", "reviewer's confidence", "subreviewer", "date", "time", "attachment?"]]
    n = 0
    for s in S:
        for j, r in enumerate(who(s, M)):
            n += 1
            d = dt.datetime(2025, 4, 10) + dt.timedelta(days=rng.randint(0, 14))
            revs.append([n, int(s), pc.index(r) + 1, r, j + 1, rng.choice([1, 1, 1, 2]), int(M[s][r]), int(M[s][r]),
                         rng.randint(2, 5), blank(rng.choice(["", "", "", "", "Jonas Berg", "Leila Haddad"])),
                         d.strftime("%Y-%m-%d"), "%02d:%02d" % (rng.randint(0, 23), rng.randint(0, 59)), "no"])
    write_xlsx("easychair_conference_export.xlsx", [("Submissions", subs), ("Reviews", revs)])
    add("easychair_conference_export.xlsx", k, "import", reading(S, pc, M),
        "EasyChair workbook: a Submissions sheet (one decision per paper) before the Reviews sheet, where each paper "
        "has 3 reviews by PC members (an incomplete design from 9 members) with overall evaluation -3..3; 'total "
        "score' repeats the overall evaluation (the only scored field), reviewer's confidence is the reviewer's "
        "self-assessment, 'number' and 'version' count reviews; the rater is the PC member even where a subreviewer "
        "wrote the review; reading the Submissions sheet is wrong",
        keywords=[r"confidence", r"submissions", r"read 'Submissions'"])

    # 2 HotCRP review scores
    S = [str(i) for i in sorted(rng.sample(range(1, 260), 24))]
    pc = ["amara@uni-a.edu", "bjorn@kth.example", "chloe@inria.example", "deepak@iisc.example", "emma@ucl.example",
          "farid@epfl.example", "gabi@tum.example", "hye-jin@kaist.example", "ian@mit.example", "jana@cvut.example"]
    M = assigned(S, pc, 3, ["1", "2", "3", "4", "5"], [15, 30, 25, 20, 10], p_off=0.45)
    rows = [["paper", "title", "decision", "review", "email", "round", "OveMer", "RevExp"]]
    for s in S:
        dec = rng.choice(["Accepted", "Rejected", "Rejected", "Undecided"])
        t = rng.choice(titles)
        for j, r in enumerate(who(s, M)):
            rows.append([s, t, dec, "%s%s" % (s, "ABCD"[j]), r, rng.choice(["R1", "R1", "R2"]), M[s][r],
                         rng.choice(["1", "2", "3", "4"])])
    write_txt("hotcrp_review_scores.csv", rows)
    add("hotcrp_review_scores.csv", k, "import", reading(S, pc, M),
        "HotCRP 'review scores' CSV: one row per review; OveMer (overall merit 1-5) is the rating, RevExp is the "
        "reviewer's expertise (a self-assessment, not a judgement of the paper); the reviewer is the email; "
        "review ids '17A' and the round are not raters; decision is one per paper",
        keywords=[r"revexp", r"expertise"])

    # 3 OpenReview official reviews with anonymous signatures and meta-reviews
    labels = {"1": "1: strong reject", "3": "3: reject, not good enough",
              "5": "5: marginally below the acceptance threshold", "6": "6: marginally above the acceptance threshold",
              "8": "8: accept, good paper", "10": "10: strong accept, should be highlighted at the conference"}
    conf = ["2: You are willing to defend your assessment, but it is quite likely that you did not understand the "
            "central parts of the submission or that you are unfamiliar with some pieces of related work.",
            "3: You are fairly confident in your assessment. It is possible that you did not understand some parts of "
            "the submission or that you are unfamiliar with some pieces of related work. Math/other details were "
            "not carefully checked.",
            "4: You are confident in your assessment, but not absolutely certain. It is unlikely, but not impossible, "
            "that you did not understand some parts of the submission or that you are unfamiliar with some pieces "
            "of related work."]
    nums = sorted(rng.sample(range(100, 6000), 20))
    rows = [["number", "forum", "invitation", "signature", "recommendation", "confidence", "summary_of_the_paper",
             "tmdate"]]
    rd, rd_ex = [], []
    lv = ["1", "3", "5", "6", "8", "10"]
    for nbr in nums:
        forum = rand_id(10, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        t = rng.choices(range(6), [5, 25, 25, 25, 15, 5])[0]
        nrev = rng.choice([3, 4, 4])
        for j in range(nrev):
            sig = "ICLR.cc/2023/Conference/Paper%d/Reviewer_%s" % (nbr, rand_id(4, "abcdefghijkmnpqrstuvwxyz"
                                                                              "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"))
            v = lv[max(0, min(5, t + (rng.choice([-1, 1]) if rng.random() < 0.5 else 0)))]
            rows.append([nbr, forum, "ICLR.cc/2023/Conference/Paper%d/-/Official_Review" % nbr, sig, labels[v],
                         rng.choice(conf), "The paper proposes a method for ... Strengths: ... Weaknesses: ...",
                         1668000000000 + rng.randint(0, 10 ** 9)])
            rd.append([str(nbr), sig, labels[v]])
            rd_ex.append([str(nbr), "Reviewer %d" % (j + 1), labels[v]])
        rows.append([nbr, forum, "ICLR.cc/2023/Conference/Paper%d/-/Meta_Review" % nbr,
                     "ICLR.cc/2023/Conference/Paper%d/Area_Chair_%s" % (nbr, rand_id(4, "abcdefghijkmnpqrstuvwxyz")),
                     rng.choice(["Accept: poster", "Reject", "Accept: notable-top-25%"]),
                     "4: The area chair is confident but not absolutely certain", "The reviewers agree ...",
                     1670000000000 + rng.randint(0, 10 ** 9)])
    write_txt("openreview_iclr_reviews.csv", rows)
    add("openreview_iclr_reviews.csv", k, "import", rd,
        "OpenReview notes flattened by a script: official reviews give 'recommendation' as '6: marginally above the "
        "acceptance threshold' (the number and its label are one category); each reviewer signs with a per-paper "
        "anonymous id (Paper123/Reviewer_k7Xp), so raters have no identity across papers (reading them as "
        "exchangeable is right too); the Meta_Review rows are the area chair's decision recommendation, not a "
        "review; confidence is the reviewer's self-assessment",
        keywords=[r"meta_?review", r"area.chair", r"confidence", r"exchangeable", r"anonymous"],
        aliases={labels[c]: [c] for c in labels},
        alts=[alt(rd_ex, label="reviewers exchangeable", exch=True)])

    # 4 NIH-style grant panel: name columns, each followed by a 'Score' column
    apps = ["1R01%s%06d-01" % (rng.choice(["CA", "HL", "MH", "AG", "DK"]), rng.randint(200000, 299999))
            for _ in range(18)]
    pool = ["Dr. Abara", "Dr. Bellini", "Dr. Cho", "Dr. Dubois", "Dr. Eriksen", "Dr. Flores", "Dr. Gupta",
            "Dr. Hoffmann"]
    M = assigned(apps, pool, 3, [str(i) for i in range(1, 10)], [4, 10, 16, 18, 18, 14, 10, 6, 4], p_off=0.55)
    rows = [["Application", "PI", "Mechanism", "Primary reviewer", "Score", "Secondary reviewer", "Score",
             "Reader", "Score", "Prelim. mean", "Final impact score", "Percentile"]]
    rd_ex = []
    for a in apps:
        w = who(a, M)
        rng.shuffle(w)
        sc = [int(M[a][r]) for r in w]
        mean = sum(sc) / 3
        disc = mean <= 4.5
        rows.append([a, rng.choice(["Okafor, N.", "Lindqvist, E.", "Marchetti, G.", "Yamada, K."]), "R01",
                     w[0], sc[0], w[1], sc[1], w[2], sc[2], round(mean, 2),
                     int(round(mean * 10 + rng.choice([-3, 0, 2]))) if disc else "ND",
                     rng.randint(3, 40) if disc else None])
        rd_ex += [[a, "slot %d" % (i + 1), str(sc[i])] for i in range(3)]
    xlsx_case("grant_panel_primary_secondary_reader.xlsx", "Study section", rows, k, apps, pool, M,
        "grant study section: each application has a primary, a secondary reviewer and a reader (names in columns, "
        "each followed by a column headed 'Score', preliminary overall impact 1-9; 8 panel members in all); the "
        "raters are the named reviewers (reading the three Score columns as exchangeable slots is acceptable); "
        "Prelim. mean, the Final impact score (mean x 10, 'ND' = not discussed) and the percentile are not "
        "ratings", keywords=[r"final impact", r"percentile", r"prelim"],
        alts=[alt(rd_ex, label="slots exchangeable", exch=True)])

    # 5 HotCRP review preferences (bids): either
    S = [str(i) for i in sorted(rng.sample(range(1, 260), 30))]
    rows = [["paper", "title", "first", "last", "email", "preference", "topic_score", "conflict"]]
    rd = []
    for s in S:
        t = rng.choice(titles)
        for e in pc:
            cf = rng.random() < 0.05
            if cf:
                rows.append([s, t, "", "", e, "", "", "Y"])
                continue
            p = rng.choice([0, 0, 0, 0, -20, -5, 2, 5, 10, 15, 20, -1, 3])
            rows.append([s, t, e.split("@")[0].title(), "", e, p if p else "", rng.randint(-2, 4), ""])
            if p:
                rd.append([s, e, str(p)])
    write_txt("hotcrp_review_preferences.csv", rows)
    add("hotcrp_review_preferences.csv", k, "either", rd,
        "HotCRP PC review preferences (bids): each PC member's interest in reviewing each paper, -20..20 (blank = "
        "no preference, conflict = Y); these are personal bids, not judgements of the papers, so refusing is "
        "right; reading papers x members with the bids is acceptable if stated", keywords=KW_CONT + [r"preference",
                                                                                                 r"\bbid"])

    # 6 EasyChair decisions list: refuse
    rows = [["#", "Authors", "Title", "Track", "Reviews", "Average score", "Average confidence", "Decision"]]
    for i in range(36):
        rows.append([str(i + 1), "%s and %s" % (rng.choice(["R. Kim", "S. Silva", "U. Obi"]),
                                                rng.choice(["V. Roth", "W. Zhou", "Y. Adler"])), rng.choice(titles),
                     rng.choice(["Main", "Short papers", "Demos"]), str(rng.choice([3, 3, 4])),
                     "%.2f" % rng.uniform(-2.5, 2.5), "%.2f" % rng.uniform(2.5, 4.5),
                     rng.choice(["accept", "reject", "accept as poster", "reject"])])
    write_txt("easychair_decisions_summary.csv", rows)
    add("easychair_decisions_summary.csv", k, "refuse", None,
        "EasyChair submission list: per paper the number of reviews, the average score and confidence and the "
        "decision; one value per paper (averages and decisions), no individual reviews",
        keywords=KW_ONE + [r"average", r"decision"])


# ================================================================== B. crowd and field work
def g_crowd():
    k = "crowd-field"
    # 7 SurveyCTO back-check comparison, _enum / _bc column pairs
    hh = uniq("HH%05d" % rng.randint(10000, 99999) for _ in range(26))
    qs = [("q3_head_sex", ["Male", "Female"], [60, 40]),
          ("q7_roof", ["Thatch", "Iron sheets", "Tiles", "Concrete"], [30, 45, 15, 10]),
          ("q9_water", ["Piped", "Borehole", "Protected well", "Unprotected well", "Surface water"],
           [20, 30, 20, 20, 10]),
          ("q12_toilet", ["Flush", "Pit latrine with slab", "Pit latrine without slab", "None"], [15, 40, 30, 15]),
          ("q15_rooms", ["1", "2", "3", "4", "5"], [15, 30, 30, 15, 10])]
    R = ["Enumerator", "Back-checker"]
    S = [(h, q) for h in hh for q, _, _ in qs]
    M = {}
    for q, lv, w in qs:
        sub = ordmat([(h, q) for h in hh], R, lv, w, p_off=0.15)
        M.update(sub)
    enums = ["Wanjiru K.", "Otieno P.", "Achieng M.", "Kiprop J."]
    bcs = ["Njeri S.", "Mutua D."]
    head = ["hhid", "village", "enum_name", "bc_name", "enum_date", "bc_date"]
    for q, _, _ in qs:
        head += [q + "_enum", q + "_bc"]
    head += ["bc_duration_min", "n_diff"]
    rows = [head]
    for h in hh:
        d = dt.date(2025, 7, 1) + dt.timedelta(days=rng.randint(0, 20))
        r = [h, rng.choice(["Kaptembwo", "Mwisho", "Sigoti", "Rabuor"]), rng.choice(enums), rng.choice(bcs),
             d.isoformat(), (d + dt.timedelta(days=rng.randint(2, 9))).isoformat()]
        nd = 0
        for q, _, _ in qs:
            a, b = M[(h, q)][R[0]], M[(h, q)][R[1]]
            r += [a, b]
            nd += a != b
        rows.append(r + [str(rng.randint(6, 19)), str(nd)])
    write_txt("surveycto_backcheck_compare.csv", rows)
    add("surveycto_backcheck_compare.csv", k, "import", rdi(S, R, M),
        "household survey back-check (SurveyCTO data merged in Stata): for each household the enumerator's answer "
        "and the back-checker's re-interview answer to 5 questions, in q7_roof_enum / q7_roof_bc column pairs; "
        "subject = household + question, raters = the two roles (the persons vary: enum_name, bc_name); dates, "
        "duration and n_diff (count of differences) are not ratings",
        keywords=[r"n_diff", r"_enum", r"_bc", r"back.?check"])

    # 8 Potato annotation tool TSV, label JSON cells (either)
    S = ["inst_%04d" % (i + 1) for i in range(28)]
    users = ["PROLIFIC_%s" % rand_id(8, "0123456789abcdef") for _ in range(4)]
    Mm = {s: {} for s in S}
    for s in S:
        t = rng.choice(["positive", "negative", "neutral"])
        for u in users:
            if rng.random() < 0.8:
                Mm[s][u] = t if rng.random() < 0.7 else rng.choice(["positive", "negative", "neutral"])
        while len(Mm[s]) < 2:
            Mm[s][rng.choice(users)] = t
    rows = [["user", "instance_id", "displayed_text", "label_annotations", "span_annotations", "behavioral_data"]]
    rd = []
    for u in users:
        for s in S:
            if u in Mm[s]:
                la = {"sentiment": {Mm[s][u]: "true"}}
                bd = {"time_string": "Time spent: 0d 0h 0m %ds " % rng.randint(3, 50)}
                rows.append([u, s, rng.choice(common.SENTENCES).replace("\n", " "),
                             json.dumps(la), "{}", json.dumps(bd)])
                rd.append([s, u, Mm[s][u]])
    write_txt("potato_annotated_instances.tsv", rows, delim="\t")
    add("potato_annotated_instances.tsv", k, "either", rd,
        "Potato annotation tool output: one row per user and instance, the chosen label inside a JSON cell "
        "{\"sentiment\": {\"negative\": \"true\"}}; the careful reading takes the label out of the JSON (subject = "
        "instance_id, rater = user); refusing the JSON cells is acceptable; behavioral_data is timing",
        keywords=[r"json", r"label_annotations"])

    # 9 MTurk Manage Workers download: refuse
    rows = [["Worker ID", "UPDATE BlockStatus", "BlockReason", "CURRENT BlockStatus", "Lifetime Approval Rate",
             "Last 30 Days Approval Rate", "Last 7 Days Approval Rate", "CURRENT-Sentiment Screener",
             "UPDATE-Sentiment Screener", "CURRENT-Masters"]]
    for i in range(40):
        a = rng.randint(5, 400)
        b = a - rng.choice([0, 0, 0, 1, 2])
        rows.append(["A%s" % rand_id(13), "", "", rng.choice(["", "", "", "Blocked"]),
                     "%d%% (%d/%d)" % (round(100 * b / a), b, a), "%d%% (%d/%d)" % (100, min(a, 20), min(a, 20)),
                     "0% (0/0)", str(rng.choice([0, 60, 80, 100, 100, 100])), "", rng.choice(["", "", "1"])])
    write_txt("mturk_manage_workers.csv", rows)
    add("mturk_manage_workers.csv", k, "refuse", None,
        "MTurk 'Manage Workers' download: one row per worker with approval rates, block status and qualification "
        "scores (CURRENT-Sentiment Screener 0-100); no HITs, no labels",
        keywords=[r"no ratings", r"approval", r"qualification", r"worker"])

    # 10 Prolific demographic export: refuse
    rows = [["Submission id", "Participant id", "Status", "Started at", "Completed at", "Reviewed at", "Archived at",
             "Time taken", "Completion code", "Total approvals", "Age", "Sex", "Ethnicity simplified",
             "Country of birth", "Country of residence", "Nationality", "Language", "Student status",
             "Employment status"]]
    for i in range(45):
        st = dt.datetime(2025, 5, 6, 10) + dt.timedelta(minutes=rng.randint(0, 600))
        rows.append([rand_id(24, "0123456789abcdef"), rand_id(24, "0123456789abcdef"),
                     rng.choice(["APPROVED", "APPROVED", "APPROVED", "RETURNED", "TIMED-OUT"]),
                     st.strftime("%Y-%m-%dT%H:%M:%S.%fZ"), (st + dt.timedelta(seconds=rng.randint(300, 1500))).strftime(
                         "%Y-%m-%dT%H:%M:%S.%fZ"), "", "", str(rng.randint(300, 1500)), "C1A2B3XY",
                     str(rng.randint(10, 900)), str(rng.randint(18, 70)), rng.choice(["Male", "Female"]),
                     rng.choice(["White", "Black", "Asian", "Mixed", "Other"]),
                     rng.choice(["United Kingdom", "United States", "Poland", "South Africa", "Portugal"]),
                     rng.choice(["United Kingdom", "United States"]), rng.choice(["United Kingdom", "United States",
                                                                                 "Poland"]), "English",
                     rng.choice(["Yes", "No", "DATA_EXPIRED"]),
                     rng.choice(["Full-Time", "Part-Time", "Unemployed (and job seeking)", "Not in paid work (e.g. "
                                 "homemaker', 'retired or disabled)", "DATA_EXPIRED"])])
    write_txt("prolific_demographic_export.csv", rows)
    add("prolific_demographic_export.csv", k, "refuse", None,
        "Prolific demographic export: one row per participant with status, times and demographics (Sex, Student "
        "status, Employment status ...); the study's answers are not in it; no ratings",
        keywords=KW_ONE + [r"demograph", r"no ratings"])


# ================================================================== C. clinical
def g_clinical():
    k = "clinical"
    # 11 ROP plus disease with a reference standard diagnosis
    S = ["iROP_%04d_%s" % (rng.randint(1, 1800), e) for e in ["OD", "OS"] for _ in range(15)]
    S = uniq(S)
    R = ["Expert 1", "Expert 2", "Expert 3"]
    M = ordmat(S, R, ["Normal", "Pre-plus", "Plus"], [55, 30, 15], p_off=0.35)
    rows = [["Image ID", "Eye", "GA at birth (wk)", "Birth weight (g)", "PMA at exam (wk)"] + R +
            ["RSD (consensus + ophthalmoscopy)"]]
    for s in S:
        vals = [M[s][r] for r in R]
        rows.append([s, s[-2:], rng.randint(23, 30), rng.randint(480, 1400), rng.randint(32, 40)] + vals +
                    [max(sorted(set(vals)), key=vals.count)])
    xlsx_case("rop_plus_disease_experts.xlsx", "Plus disease", rows, k, S, R, M,
        "retinopathy of prematurity: 3 experts classify posterior-pole images as Normal / Pre-plus / Plus; the "
        "reference standard diagnosis (RSD, from the consensus image grading and ophthalmoscopy) is not a rater; "
        "GA, birth weight and PMA are numbers about the infant",
        keywords=[r"\brsd\b", r"reference", r"consensus"])

    # 12 PASI per region and component under two header rows
    pts = ["PSO-%02d" % (i + 1) for i in range(9)]
    visits = ["Wk 0", "Wk 12"]
    regions = [("Head", 0.1), ("Upper limbs", 0.2), ("Trunk", 0.3), ("Lower limbs", 0.4)]
    comps = ["Erythema", "Induration", "Scaling", "Area"]
    R = ["Dermatologist A", "Dermatologist B"]
    S = [(p, v, rg, c) for p in pts for v in visits for rg, _ in regions for c in comps]
    M = {}
    for p in pts:
        for v in visits:
            sev = rng.randint(1, 3) if v == "Wk 0" else rng.randint(0, 2)
            for rg, _ in regions:
                for c in comps:
                    top = 6 if c == "Area" else 4
                    t = max(0, min(top, sev + rng.randint(-1, 2)))
                    M[(p, v, rg, c)] = {r: str(max(0, min(top, t + (rng.choice([-1, 1]) if rng.random() < 0.3
                                                                     else 0)))) for r in R}
    cells = {(1, 1): "Patient", (1, 2): "Visit", (1, 3): R[0], (1, 19): R[1], (1, 35): "PASI A", (1, 36): "PASI B"}
    merges = ["A1:A2", "B1:B2", "C1:R1", "S1:AH1", "AI1:AI2", "AJ1:AJ2"]
    for ri in range(2):
        for gi, (rg, _) in enumerate(regions):
            for ci, c in enumerate(comps):
                cells[(2, 3 + 16 * ri + 4 * gi + ci)] = "%s %s" % (rg, c[0] if c != "Area" else "A")
    row = 3
    for p in pts:
        for v in visits:
            cells[(row, 1)], cells[(row, 2)] = p, v
            for ri, r in enumerate(R):
                tot = 0.0
                for gi, (rg, wgt) in enumerate(regions):
                    x = [int(M[(p, v, rg, c)][r]) for c in comps]
                    for ci in range(4):
                        cells[(row, 3 + 16 * ri + 4 * gi + ci)] = x[ci]
                    tot += wgt * (x[0] + x[1] + x[2]) * x[3]
                cells[(row, 35 + ri)] = round(tot, 1)
            row += 1
    write_xlsx2("pasi_two_dermatologists.xlsx", cells, title="PASI", merges=merges, freeze="C3")
    add("pasi_two_dermatologists.xlsx", k, "import", rdi(S, R, M),
        "psoriasis PASI scored by 2 dermatologists at week 0 and 12: two header rows (the dermatologist merged over "
        "16 columns 'Head E', 'Head I', 'Head S', 'Head A', ... for 4 regions x erythema / induration / scaling 0-4 "
        "and area 0-6); subject = patient + visit + region + component; PASI A / PASI B are the computed totals "
        "(continuous), not ratings", keywords=[r"pasi"])

    # 13 Morse fall scale, long, items with points + total + risk
    mrn = uniq("%07d" % rng.randint(1000000, 9999999) for _ in range(20))
    nurses = ["RN Adeyemi", "RN Brennan", "RN Castillo", "RN Dvořák", "RN Ekström"]
    items = [("History of falling", [0, 25]), ("Secondary diagnosis", [0, 15]), ("Ambulatory aid", [0, 15, 30]),
             ("IV/Heparin lock", [0, 20]), ("Gait", [0, 10, 20]), ("Mental status", [0, 15])]
    S = [(m, it) for m in mrn for it, _ in items]
    M = {s: {n: None for n in nurses} for s in S}
    risk = {m: {n: None for n in nurses} for m in mrn}
    rows = [["MRN", "Ward", "Assessment date", "Assessor"] + ["%s" % it for it, _ in items] +
            ["Morse total", "Risk level"]]
    for m in mrn:
        pair = rng.sample(nurses, 2)
        true = {it: rng.randrange(len(p)) for it, p in items}
        ward = rng.choice(["4 North", "Geriatrics B", "Ortho 2"])
        d = "2025-03-%02d" % rng.randint(3, 28)
        for n in pair:
            vals = []
            for it, p in items:
                i = true[it] if rng.random() < 0.8 else rng.randrange(len(p))
                vals.append(p[i])
                M[(m, it)][n] = str(p[i])
            tot = sum(vals)
            rl = "Low risk" if tot < 25 else "Moderate risk" if tot < 45 else "High risk"
            risk[m][n] = rl
            rows.append([m, ward, d, n] + [str(v) for v in vals] + [str(tot), rl])
    write_txt("morse_fall_scale_pairs.csv", rows)
    rl_rd = [[m, n, risk[m][n]] for m in mrn for n in nurses if risk[m][n]]
    add("morse_fall_scale_pairs.csv", k, "import", rdi(S, nurses, M),
        "Morse Fall Scale inter-rater check: two of 5 nurses independently assess each patient the same day, one row "
        "per assessment with the item points (0/25, 0/15, 0/15/30, 0/20, 0/10/20, 0/15); subject = patient (MRN) + "
        "item; Morse total and Risk level are derived from the items (reading the risk "
        "level alone as the rating is acceptable); Ward and date are not ratings",
        keywords=[r"total", r"risk level"], alts=[alt(rl_rd, label="risk level only")])

    # 14 ACNS EEG main terms with modifiers and a majority column
    S = ["cEEG%03d-seg%02d" % (rng.randint(1, 60), rng.randint(1, 40)) for _ in range(30)]
    S = uniq(S)
    R = ["Reader: MS", "Reader: TJ", "Reader: KL"]
    terms = ["None", "LPD", "LPD+F", "GPD", "GPD+S", "LRDA", "GRDA", "BIPD"]
    Mx = {}
    for s in S:
        t = rng.choices(terms, [20, 20, 8, 15, 5, 12, 15, 5])[0]
        row = {}
        for r in R:
            if rng.random() < 0.65:
                row[r] = t
            else:
                base = t.split("+")[0]
                row[r] = rng.choice([base, base + "+F" if base in ("LPD", "GPD") else "None", rng.choice(terms)])
        Mx[s] = row
    rows = [["Segment", "Patient", "Montage", "Duration (s)"] + R + ["Majority"]]
    for s in S:
        vals = [Mx[s][r] for r in R]
        mj = max(sorted(set(vals)), key=vals.count) if len(set(vals)) < 3 else "No majority"
        rows.append([s, s[:7], rng.choice(["Double banana", "Referential"]), 60] + vals + [mj])
    xlsx_case("acns_eeg_terms_readers.xlsx", "Segments", rows, k, S, R, Mx,
        "critical-care EEG: 3 neurophysiologists classify 60-second segments with the ACNS main terms (LPD, GPD, "
        "LRDA, GRDA, BIPD, None), '+F' / '+S' being modifiers written into the term ('LPD+F' is its own "
        "category here); the Majority column ('No majority') is derived; Duration is constant 60",
        keywords=[r"majority"])

    # 15 Korean KTAS triage in cp949
    S = ["%08d" % rng.randint(10000000, 99999999) for _ in range(30)]
    R = ["간호사1", "간호사2", "간호사3"]
    M = ordmat(S, R, ["1", "2", "3", "4", "5"], [5, 15, 40, 30, 10], p_off=0.35)
    raw = {s: dict(M[s]) for s in S}
    for s in rng.sample(S, 4):
        r = rng.choice(R)
        raw[s][r] = "미평가"
        M[s][r] = None
    cc = ["흉통", "복통", "두통", "호흡곤란", "발열", "어지러움", "열상"]
    rows = [["환자번호", "내원일시", "주증상", "나이", "성별"] + R + ["최종 KTAS(전문의)", "비고"]]
    for s in S:
        t = dt.datetime(2025, 8, 1) + dt.timedelta(minutes=rng.randint(0, 40000))
        vals = [M[s][r] for r in R if M[s][r]]
        rows.append([s, t.strftime("%Y-%m-%d %H:%M"), rng.choice(cc), str(rng.randint(18, 90)),
                     rng.choice(["남", "여"])] + [raw[s][r] for r in R] + [max(sorted(set(vals)), key=vals.count),
                                                                        rng.choice(["", "", "", "재평가 필요"])])
    write_txt("ktas_triage_ko_cp949.csv", rows, enc="cp949", nl="\r\n")
    add("ktas_triage_ko_cp949.csv", k, "import", reading(S, R, M),
        "Korean emergency triage (KTAS levels 1-5) by 3 triage nurses from recorded vignettes, an Excel CSV in cp949 "
        "(EUC-KR); '미평가' (not assessed) is missing; the last level column '최종 KTAS(전문의)' is the emergency "
        "physician's final level, not a nurse rater; 나이 (age) and 성별 (sex) are not ratings; 환자번호 has 8 digits",
        keywords=[r"미평가", r"최종", r"not (valid )?utf-?8", r"cp949|euc-?kr"])

    # 16 modified Rankin in Greek cp1253
    S = ["ΑΕ-%03d" % (i + 1) for i in range(28)]
    R = ["Νευρολόγος Α", "Νευρολόγος Β"]
    M = ordmat(S, R, [str(i) for i in range(7)], [10, 18, 18, 18, 16, 12, 8], p_off=0.35)
    rows = [["Κωδικός ασθενούς", "Ημερομηνία εξιτηρίου", "Ηλικία"] + R + ["Σχόλια"]]
    for s in S:
        d = dt.date(2024, 9, 1) + dt.timedelta(days=rng.randint(0, 200))
        rows.append([s, d.strftime("%d/%m/%Y"), str(rng.randint(45, 92))] + [M[s][r] for r in R] +
                    [rng.choice(["", "", "", "τηλεφωνική συνέντευξη", "με τη συνοδό"])])
    write_txt("rankin_el_cp1253.csv", rows, delim=";", enc="cp1253", nl="\r\n")
    add("rankin_el_cp1253.csv", k, "import", reading(S, R, M),
        "modified Rankin Scale 0-6 at 90 days by 2 neurologists (Greek headers, Windows-1253 semicolon CSV); the "
        "subject ids are Greek letters 'ΑΕ-001'; discharge date and age are not ratings; Σχόλια is a remark",
        keywords=[r"not (valid )?utf-?8", r"1253|greek"])

    # 17 Russian cp1251 tumour grade with decimal commas and 'н/д'
    S = ["%d/%02d" % (rng.randint(100, 999), rng.randint(23, 25)) for _ in range(30)]
    S = uniq(S)
    R = ["Патолог 1", "Патолог 2", "Патолог 3"]
    M = ordmat(S, R, ["G1", "G2", "G3"], [25, 50, 25], p_off=0.35)
    raw = {s: dict(M[s]) for s in S}
    for s in rng.sample(S, 5):
        r = rng.choice(R)
        raw[s][r] = "н/д"
        M[s][r] = None
    rows = [["№ гист. исследования", "Возраст", "Размер опухоли, мм", "Ki-67, %"] + R + ["Примечание"]]
    for s in S:
        rows.append([s, str(rng.randint(35, 84)), ("%.1f" % rng.uniform(6, 48)).replace(".", ","),
                     str(rng.randint(3, 60))] + [raw[s][r] for r in R] +
                    [rng.choice(["", "", "", "мало материала", "пересмотр"])])
    write_txt("gistologiya_ru_cp1251.csv", rows, delim=";", enc="cp1251", nl="\r\n")
    add("gistologiya_ru_cp1251.csv", k, "import", reading(S, R, M),
        "Russian pathology review (Windows-1251 semicolon CSV): 3 pathologists grade each tumour G1/G2/G3; 'н/д' "
        "(no data) is missing; case numbers '452/24' look like fractions or dates but are ids; tumour size '23,5' "
        "(decimal comma), Ki-67 % and age are measurements, not ratings",
        keywords=[r"н/д", r"ki-?67", r"размер"])

    # 18 Hebrew chest X-ray reads in a right-to-left sheet
    import openpyxl
    S = ["CXR-%05d" % rng.randint(10000, 99999) for _ in range(26)]
    S = uniq(S)
    R = ["רדיולוג א", "רדיולוג ב", "רדיולוג ג"]
    M = ordmat(S, R, ["תקין", "חשוד", "לא תקין"], [45, 25, 30], p_off=0.3)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "צילומי חזה"
    ws.sheet_view.rightToLeft = True
    ws.append(["מספר צילום", "גיל", "מין"] + R + ["הערות"])
    for s in S:
        ws.append([s, rng.randint(20, 88), rng.choice(["ז", "נ"])] + [M[s][r] for r in R] +
                  [rng.choice([None, None, None, "צילום AP", "איכות ירודה"])])
    wb.save(P("cxr_readers_he_rtl.xlsx"))
    add("cxr_readers_he_rtl.xlsx", k, "import", reading(S, R, M),
        "Hebrew chest radiograph reading sheet shown right-to-left: 3 radiologists read each film תקין (normal) / "
        "חשוד (suspicious) / לא תקין (abnormal); גיל (age) and מין (sex: ז/נ) are not ratings; הערות = notes",
        keywords=[r"גיל", r"מין", r"הערות"])

    # 19 Thai cp874 oral screening
    S = ["%s-%03d" % (rng.choice(["CM", "LP"]), i + 1) for i in range(26)]
    R = ["ทันตแพทย์ 1", "ทันตแพทย์ 2", "ทันตแพทย์ 3"]
    M = ordmat(S, R, ["ปกติ", "สงสัย", "ผิดปกติ"], [50, 30, 20], p_off=0.3)
    rows = [["รหัส", "อายุ", "ตำแหน่งรอยโรค"] + R]
    for s in S:
        rows.append([s, str(rng.randint(40, 80)), rng.choice(["ลิ้น", "กระพุ้งแก้ม", "เหงือก", "เพดาน"])] +
                    [M[s][r] for r in R])
    write_txt("oral_screening_th_cp874.csv", rows, enc="cp874", nl="\r\n")
    add("oral_screening_th_cp874.csv", k, "import", reading(S, R, M),
        "Thai oral lesion photo screening (Windows-874 / TIS-620 CSV): 3 dentists classify ปกติ (normal) / สงสัย "
        "(suspicious) / ผิดปกติ (abnormal); อายุ (age) and ตำแหน่งรอยโรค (lesion site) are not ratings",
        keywords=[r"not (valid )?utf-?8", r"874|tis-?620|thai"])

    # 20 PSG night summary: refuse
    rows = [["Study ID", "Date", "TST (min)", "Sleep efficiency (%)", "N1 (%)", "N2 (%)", "N3 (%)", "REM (%)",
             "AHI", "ODI", "Scored by"]]
    for i in range(30):
        n1, n3, rem = rng.randint(4, 15), rng.randint(5, 25), rng.randint(12, 25)
        rows.append(["PSG25-%03d" % (i + 1), "2025-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
                     "%.1f" % rng.uniform(250, 460), "%.1f" % rng.uniform(60, 96), n1, 100 - n1 - n3 - rem, n3, rem,
                     "%.1f" % rng.uniform(0.5, 55), "%.1f" % rng.uniform(0.5, 50), rng.choice(["JL", "MK", "AS"])])
    write_xlsx("psg_night_summary.xlsx", [("Summary", rows)])
    add("psg_night_summary.xlsx", k, "refuse", None,
        "polysomnography summary: one row per night with total sleep time, efficiency, stage percentages, AHI and "
        "ODI and the one technologist who scored it; measurements per night, nobody scored a night twice",
        keywords=KW_ONE + [r"scored by", r"measurement"])

    # 21 Arabic cp1256 reading grades with absent pupils
    S = ["%d" % (2024000 + i * 7 + rng.randint(0, 6)) for i in range(28)]
    R = ["المعلم الأول", "المعلم الثاني", "المعلم الثالث"]
    lv = ["ممتاز", "جيد جدا", "جيد", "مقبول", "ضعيف"]
    M = ordmat(S, R, lv, [15, 30, 30, 15, 10], p_off=0.35)
    absent = set(rng.sample(S, 2))
    rows = [["رقم الطالب", "الصف", "الشعبة"] + R + ["ملاحظات"]]
    for s in S:
        vals = ["غائب"] * 3 if s in absent else [M[s][r] for r in R]
        rows.append([s, "الخامس", rng.choice(["أ", "ب"])] + vals +
                    [rng.choice(["", "", "قراءة سريعة", "تحتاج متابعة"])])
    Sx = [s for s in S if s not in absent]
    write_txt("qiraa_ar_cp1256.csv", rows, enc="cp1256", nl="\r\n")
    add("qiraa_ar_cp1256.csv", k, "import", reading(Sx, R, M),
        "Arabic oral reading assessment (Windows-1256 CSV): 3 teachers grade each recorded pupil ممتاز / جيد جدا / "
        "جيد / مقبول / ضعيف (excellent .. weak); two pupils were absent ('غائب' in every column): no ratings, not "
        "a category; الصف (grade) and الشعبة (section أ/ب) are not raters",
        keywords=[r"غائب", r"absent", r"not (valid )?utf-?8"])


# ================================================================== D. sports
def g_sports():
    k = "sports"
    # 22 karate kata flags
    S = [str(i + 1) for i in range(30)]
    R = ["J1", "J2", "J3", "J4", "J5"]
    M = mat(S, R, ["AKA", "AO"], acc=0.8)
    names = ["SATO Ren", "KOVAČ Ivan", "MÜLLER Lea", "ROSSI Marco", "GARCÍA Ana", "EL AMRANI Y.", "NAKAMURA K.",
             "PETROV D.", "SILVA João", "YILMAZ Ece", "DUBOIS C.", "KIM Min-ji"]
    rows = [["Bout", "Round", "Tatami", "AKA", "AO"] + R + ["Decision", "Flags"]]
    for s in S:
        a, b = rng.sample(names, 2)
        v = [M[s][r] for r in R]
        na = v.count("AKA")
        rows.append([s, rng.choice(["Elim. R1", "Elim. R2", "Repechage", "Semi-final"]), rng.choice(["1", "2"]),
                     a, b] + v + ["AKA" if na >= 3 else "AO", "%d-%d" % (max(na, 5 - na), min(na, 5 - na))])
    csv_case("karate_kata_flags.csv", rows, k, S, R, M,
        "kata by flags: 5 judges (J1-J5, by seat) each raise AKA (red) or AO (blue) for every bout; the AKA and AO "
        "columns hold the athletes' names, Decision is the majority and Flags the count '4-1', neither is a judge",
        keywords=[r"decision", r"flags"])

    # 23 kata ranking list: refuse
    rows = [["Kata - Female Senior - Final ranking"], [],
            ["Rank", "Athlete", "Country", "Round 1", "Round 2", "Round 3", "Final / Bronze", "Best total"]]
    for i in range(24):
        sc = [round(rng.uniform(37.5, 43.5), 1) for _ in range(3)]
        rows.append([i + 1, "%s %s" % (rng.choice(["TANAKA", "LOPEZ", "NOVAK", "SCHMIDT", "AHMED", "FERRARI"]),
                                       rng.choice(["Aiko", "Maria", "Petra", "Julia", "Sara"])),
                     rng.choice(["JPN", "ESP", "CRO", "GER", "EGY", "ITA"])] + sc +
                    [round(rng.uniform(39, 44), 1) if i < 6 else None, max(sc)])
    write_xlsx("kata_final_ranking.xlsx", [("Ranking", rows)])
    add("kata_final_ranking.xlsx", k, "refuse", None,
        "a kata ranking list: per athlete the panel's total in each round (judges' marks already combined) and the "
        "rank; the rounds are different performances, not raters; no judges' individual scores",
        keywords=[r"rank", r"total", r"round"])

    # 24 artistic swimming execution in quarter points: either
    S = ["%s %s" % (c, rt) for c in ["ESP", "ITA", "JPN", "CHN", "UKR", "GRE", "FRA", "CAN", "USA", "MEX", "AUS",
                                     "AUT", "ISR", "KAZ"] for rt in ["Duet Technical"]]
    R = ["E1", "E2", "E3", "E4", "E5"]
    M = {}
    for s in S:
        q = rng.uniform(6.0, 9.3)
        M[s] = {r: "%.2f" % (round(max(5, min(10, q + rng.gauss(0, 0.3))) * 4) / 4) for r in R}
    rows = [["Rank", "NOC", "Routine", "Difficulty (DD)"] + R + ["Execution score", "Artistic impression",
                                                                "Synchro deduction", "Total"]]
    body = []
    for s in S:
        ex = sorted(float(M[s][r]) for r in R)[1:-1]
        dd, ai, ded = round(rng.uniform(20, 38), 4), round(rng.uniform(60, 95), 4), -rng.choice([0, 0, 0.5, 1, 3])
        body.append([s[:3], s[4:], dd] + [float(M[s][r]) for r in R] +
                    [round(sum(ex) * 3, 4), ai, ded, round(dd + sum(ex) * 3 + ai + ded, 4)])
    body.sort(key=lambda b: -b[-1])
    rows += [[i + 1] + b for i, b in enumerate(body)]
    write_xlsx("artistic_swimming_execution.xlsx", [("Results", rows)])
    add("artistic_swimming_execution.xlsx", k, "either", reading(S, R, M),
        "artistic swimming duet results: 5 execution judges E1-E5 mark each routine 0-10 in quarter points (about "
        "20 distinct values: refusing as measurements, pointing to ICC, is acceptable); difficulty, execution "
        "score (trimmed sum x 3), artistic impression, deductions, total and rank are not judges",
        keywords=KW_CONT + [r"total", r"execution score"])

    # 25 boulder grades with setter and consensus
    S = ["%s %s #%d" % (rng.choice(["Cave", "Slab", "Overhang", "Arete"]), rng.choice(["yellow", "blue", "pink",
                                                                                         "black", "white"]), i + 1)
         for i in range(28)]
    R = ["Setter 1 (MK)", "Setter 2 (JR)", "Setter 3 (LB)"]
    lv = ["5", "5+", "6A", "6A+", "6B", "6B+", "6C", "6C+", "7A", "7A+"]
    M = ordmat(S, R, lv, [6, 10, 14, 14, 14, 12, 10, 8, 7, 5], p_off=0.5)
    rows = [["Problem", "Wall", "Set by", "Date set"] + R + ["Consensus grade"]]
    for s in S:
        vals = [M[s][r] for r in R]
        rows.append([s, s.split()[0], rng.choice(["MK", "JR", "LB"]), "%02d/%02d/2025" % (rng.randint(1, 28),
                                                                                         rng.randint(1, 12))] + vals +
                    [sorted(vals, key=lv.index)[1]])
    csv_case("boulder_grades_setters.csv", rows, k, S, R, M,
        "climbing gym: 3 route setters independently grade each new boulder problem on the Fontainebleau scale "
        "('6A+' is a grade of its own); 'Set by' names who set it (initials like the raters') and 'Consensus "
        "grade' is the grade posted on the wall, neither a rater", keywords=[r"set by", r"consensus"])

    # 26 DanceSport skating system marks
    dances = ["Waltz", "Tango", "Viennese Waltz", "Foxtrot", "Quickstep"]
    couples = [str(rng.randint(100, 299)) for _ in range(6)]
    couples = uniq(couples)
    judges = list("ABCDEFG")
    pnames = ["T. Berg & A. Berg", "L. Conti & S. Conti", "M. Horvat & N. Horvat", "K. Lund & E. Lund",
              "J. Nowak & Z. Nowak", "R. Ito & M. Ito"]
    cname = dict(zip(couples, pnames))
    S = [(c, d) for d in dances for c in couples]
    M = {}
    rows = [["Adult Standard - Final", "", "", "", "", "", "", "", ""]]
    for d in dances:
        strength = {c: rng.gauss(0, 1) for c in couples}
        for j in judges:
            order = sorted(couples, key=lambda c: -(strength[c] + rng.gauss(0, 0.6)))
            for pl, c in enumerate(order):
                M.setdefault((c, d), {})[j] = str(pl + 1)
        rows += [[], [d], ["No.", "Couple"] + judges + ["1", "1-2", "1-3", "1-4", "1-5", "1-6", "Place"]]
        for c in couples:
            marks = [int(M[(c, d)][j]) for j in judges]
            cnt = [sum(m <= p for m in marks) for p in range(1, 7)]
            rows.append([c, cname[c]] + marks +
                        [x if x else "-" for x in cnt] + [None])
        # skating system place: majority rule (4 of 7), ties by the larger majority, then the lower sum
        block = rows[-len(couples):]
        cnt_ = lambda r, i: r[9 + i] if r[9 + i] != "-" else 0
        maj = lambda r: min(i for i in range(6) if cnt_(r, i) >= 4)
        key = lambda r: (maj(r), -cnt_(r, maj(r)), sum(r[2:9]))
        for pl, r in enumerate(sorted(block, key=key)):
            r[-1] = pl + 1
    write_xlsx("dancesport_final_marks.xlsx", [("Final", rows)])
    add("dancesport_final_marks.xlsx", k, "import", rdi(S, judges, M),
        "DanceSport final under the skating system: 7 judges A-G place the 6 couples 1-6 in each of 5 dances (a "
        "title row per dance); subject = couple (start number) + dance; the majority columns '1', '1-2' .. '1-6' "
        "count judges and 'Place' is the result: none are judges", keywords=[r"1-2", r"place", r"majority"])

    # 27 fencing video review of the referee's call: either
    S = ["B%03d-T%d" % (rng.randint(1, 64), rng.randint(1, 15)) for _ in range(30)]
    S = uniq(S)
    R = ["Referee call", "Video referee"]
    cats = ["Point left", "Point right", "No point", "Simultaneous"]
    M = {}
    for s in S:
        a = rng.choice(cats)
        M[s] = {R[0]: a, R[1]: a if rng.random() < 0.7 else rng.choice(cats)}
    rows = [["Touch", "Weapon", "Left fencer", "Right fencer", "Score before", "Requested by"] + R +
            ["Changed?"]]
    for s in S:
        rows.append([s, "Foil", "FRA-%d" % rng.randint(1, 9), "ITA-%d" % rng.randint(1, 9),
                     "%d-%d" % (rng.randint(0, 14), rng.randint(0, 14)), rng.choice(["Left", "Right"]),
                     M[s][R[0]], M[s][R[1]], "Yes" if M[s][R[0]] != M[s][R[1]] else "No"])
    write_txt("fencing_video_review.csv", rows)
    add("fencing_video_review.csv", k, "either", reading(S, R, M),
        "foil video refereeing log: for each challenged touch the referee's call and the video referee's "
        "decision after watching the replay (knowing the call); the video decision reviews the call rather than "
        "judging independently, so refusing is acceptable; reading the two as raters is acceptable; 'Score "
        "before' '5-3' and Changed? are not ratings", keywords=[r"changed", r"independ"])


# ================================================================== E. education
def g_education():
    k = "education"
    # 28 PISA multiple coding with 9 / 99 codes
    stu = ["%s%05d" % (rng.choice(["0840", "0276"]), rng.randint(1, 9999)) for _ in range(16)]
    stu = uniq(stu)
    items1 = ["CR026Q02", "CR541Q05", "CS641Q04"]
    items2 = ["CM033Q01", "CM155Q04"]
    R = ["Coder 1", "Coder 2", "Coder 3", "Coder 4"]
    S, M = [], {}
    for st in stu:
        for it in items1 + items2:
            s = (st, it)
            S.append(s)
            codes = ["0", "1", "9"] if it in items1 else ["00", "01", "11", "12", "21", "99"]
            w = [40, 50, 10] if it in items1 else [20, 15, 25, 15, 15, 10]
            t = rng.choices(codes, w)[0]
            M[s] = {r: t if (t in ("9", "99") or rng.random() < 0.8) else rng.choice(codes[:-1]) for r in R}
    rows = [["CNT", "CNTSCHID", "CNTSTUID", "BookID", "Item"] + R]
    sch = {st: st[:4] + "%03d" % rng.randint(1, 150) for st in stu}
    book = {st: "B%02d" % rng.randint(1, 30) for st in stu}
    for (st, it) in S:
        rows.append(["USA" if st.startswith("0840") else "DEU", sch[st], st, book[st], it] +
                    [M[(st, it)][r] for r in R])
    write_txt("pisa_multiple_coding.csv", rows)
    nomiss = [["%s | %s" % s, r, M[s][r]] for s in S for r in R if M[s][r] not in ("9", "99")]
    add("pisa_multiple_coding.csv", k, "import", rdi(S, R, M),
        "PISA-style multiple coding: 4 coders code the same constructed responses; items scored 0/1 with 9 = no "
        "response, and double-digit items 00/01/11/12/21 with 99 = no response (first digit = credit, so '01' and "
        "'11' are different codes); 9 and 99 are codes the coders assign (they can disagree), so they are kept; "
        "subject = student + item; reading 9/99 as missing is acceptable only if said",
        keywords=[r"no response", r"'9'", r"'99'", r"\b99?\b.{0,30}missing", r"missing.{0,30}\b99?\b"],
        alts=[alt(nomiss, must_note=True, label="9/99 as missing")])

    # 29 PISA coding guide: refuse
    rows = [["Item", "Code", "Credit", "Description", "Example response"]]
    for it in items1:
        rows += [[it, "1", "Full credit", "Refers to the author's purpose and gives a reason", "\"She wants to warn "
                  "readers\""], [it, "0", "No credit", "Vague or irrelevant response", "\"It is good\""],
                 [it, "9", "Missing", "No response", ""]]
    for it in items2:
        rows += [[it, "21", "Full credit", "Correct answer with valid method", "\"x = 12, because ...\""],
                 [it, "11", "Partial credit", "Correct method, arithmetic error", ""],
                 [it, "12", "Partial credit", "Correct answer, no method", "\"12\""],
                 [it, "01", "No credit", "Incorrect method", ""], [it, "00", "No credit", "Other responses", ""],
                 [it, "99", "Missing", "No response", ""]]
    write_xlsx("pisa_coding_guide.xlsx", [("Codes", rows)])
    add("pisa_coding_guide.xlsx", k, "refuse", None,
        "a coding guide: for each item its codes, credit, description and an example response; no student was "
        "coded", keywords=[r"codebook", r"coding guide", r"no ratings", r"dictionary"])

    # 30 CATME peer evaluation with self-ratings
    teams = {"Team %02d" % (i + 1): [] for i in range(6)}
    first = ["Ava", "Ben", "Cleo", "Dario", "Eun", "Fynn", "Gia", "Hamza", "Iris", "Jonah", "Kai", "Luz", "Milo",
             "Noor", "Oskar", "Pia", "Quinn", "Rafa", "Suki", "Theo", "Uma", "Vik", "Wen", "Xena"]
    last = ["Ahn", "Brandt", "Costa", "Diaz", "Egan", "Fischer"]
    pool = ["%s %s" % (f, rng.choice(last)) for f in first]
    for i, t in enumerate(teams):
        teams[t] = pool[4 * i:4 * i + 4]
    dims = ["Contributing to the Team's Work", "Interacting with Teammates", "Keeping the Team on Track",
            "Expecting Quality", "Having Relevant Knowledge, Skills, and Abilities"]
    rows = [["Team", "Rater Name", "Rater Email", "Ratee Name", "Ratee Email"] + dims + ["Comments"]]
    peer, allr = [], []
    for t, mem in teams.items():
        true = {(m, d): rng.choices([1, 2, 3, 4, 5], [3, 10, 30, 37, 20])[0] for m in mem for d in dims}
        for rt in mem:
            for re_ in mem:
                vals = []
                for d in dims:
                    v = true[(re_, d)] + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0)
                    if rt == re_:
                        v += rng.choice([0, 1, 1])
                    v = max(1, min(5, v))
                    vals.append(v)
                    trip = ["%s | %s" % (re_, d), rt, str(v)]
                    allr.append(trip)
                    if rt != re_:
                        peer.append(trip)
                em = lambda n: n.lower().replace(" ", ".") + "@student.example.edu"
                rows.append([t, rt, em(rt), re_, em(re_)] + [str(v) for v in vals] +
                            [rng.choice(["", "", "", "Always on time", "Could communicate more"])])
    write_txt("catme_peer_evaluation.csv", rows)
    add("catme_peer_evaluation.csv", k, "import", peer,
        "CATME-style peer evaluation: in 6 teams of 4 every student rates every team member, themselves included, "
        "on 5 behaviours 1-5; subject = ratee + behaviour, rater = rater; a self-rating is not a peer rating (it "
        "is biased upwards), so the careful reading leaves the rows where Rater = Ratee out; keeping them is "
        "acceptable only if said", keywords=[r"self"],
        alts=[alt(allr, must_note=True, label="self-ratings kept")])

    # 31 IB internal assessment moderation sample
    cands = ["%06d-%04d" % (3214, rng.randint(1, 60)) for _ in range(9)]
    cands = uniq(cands)
    crit = [("Research design", 6), ("Data analysis", 6), ("Conclusion", 6), ("Evaluation", 6)]
    R = ["Teacher mark", "Moderator mark"]
    S = [(c, q) for c in cands for q, _ in crit]
    M = ordmat(S, R, [str(i) for i in range(7)], [3, 6, 14, 22, 25, 18, 12], p_off=0.45)
    rows = [["IB Diploma Programme - Internal assessment moderation"],
            ["School 003214   Session M25   Biology SL   Moderator M-1187"], [],
            ["Candidate", "Criterion", "Max"] + R + ["Difference"]]
    for c in cands:
        tt = mt = 0
        for q, mx in crit:
            a, b = int(M[(c, q)][R[0]]), int(M[(c, q)][R[1]])
            tt, mt = tt + a, mt + b
            rows.append([c, q, mx, a, b, b - a])
        rows.append([c, "Total", 24, tt, mt, mt - tt])
    rows += [[], ["Moderation factor applied to the school's marks: -2 (total 13-24)"]]
    write_xlsx("ib_ia_moderation_sample.xlsx", [("Sample", rows)])
    add("ib_ia_moderation_sample.xlsx", k, "import", rdi(S, R, M),
        "IB internal assessment moderation: for a sample of 9 candidates the teacher's and the moderator's marks "
        "on 4 criteria (0-6 each); title lines above the header; subject = candidate + criterion; each candidate's "
        "'Total' row, the Max and Difference columns and the moderation-factor footer are not ratings",
        keywords=KW_TOTAL + [r"difference", r"max"])

    # 32 content analysis with a reliability subsample flag
    arts = ["ART%04d" % (i + 1) for i in range(60)]
    coders = ["Coder A", "Coder B", "Coder C"]
    frames = ["Economic", "Conflict", "Human interest", "Responsibility", "Morality"]
    tones = ["Negative", "Neutral", "Positive"]
    rel = set(rng.sample(arts, 18))
    rows = [["Article ID", "Outlet", "Pub. date", "Coder", "Rel. sample", "Frame", "Tone", "Word count"]]
    allr, relr = [], []
    for a in arts:
        tf, tt = rng.choice(frames), rng.choice(tones)
        cs = rng.sample(coders, 2) if a in rel else [coders[arts.index(a) % 3]]
        outlet = rng.choice(["Daily Ledger", "The Courier", "Metro Online"])
        d = "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28))
        wc = rng.randint(250, 1800)
        for c in cs:
            f = tf if rng.random() < 0.75 else rng.choice(frames)
            t = tt if rng.random() < 0.8 else rng.choice(tones)
            rows.append([a, outlet, d, c, "Y" if a in rel else "N", f, t, wc])
            for var, v in (("Frame", f), ("Tone", t)):
                allr.append(["%s | %s" % (a, var), c, v])
                if a in rel:
                    relr.append(["%s | %s" % (a, var), c, v])
    write_xlsx("content_analysis_rel_subsample.xlsx", [("Coding", rows)])
    add("content_analysis_rel_subsample.xlsx", k, "import", relr,
        "news content analysis, long: each article coded for Frame and Tone by one of 3 coders, and the "
        "reliability subsample (Rel. sample = Y, 18 articles) by two; agreement rests on the subsample "
        "(subject = article + variable); reading every row, the singly coded articles included, is acceptable; "
        "word count and date are not ratings", keywords=[r"rel\. sample", r"subsample", r"one rating"],
        alts=[alt(allr, label="all rows")])

    # 33 IELTS-style speaking criteria with derived overall band
    cands = ["%06d" % rng.randint(100000, 999999) for _ in range(18)]
    cands = uniq(cands)
    exm = ["EX 4471", "EX 5120", "EX 6083", "EX 7319"]
    crit = ["FC", "LR", "GRA", "P"]
    S = [(c, q) for c in cands for q in crit]
    M = {s: {e: None for e in exm} for s in S}
    ov = {}
    rows = [["Candidate no.", "Test date", "Examiner", "FC", "LR", "GRA", "P", "Overall", "Recording ok"]]
    for c in cands:
        pair = rng.sample(exm, 2)
        base = rng.randint(4, 8)
        t = {q: max(3, min(9, base + rng.choice([-1, 0, 0, 1]))) for q in crit}
        for e in pair:
            vals = [max(1, min(9, t[q] + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0))) for q in crit]
            for q, v in zip(crit, vals):
                M[(c, q)][e] = str(v)
            o = sum(vals) / 4
            o = int(o) + (0.5 if o - int(o) >= 0.5 else 0) if o - int(o) < 0.75 else int(o) + 1
            ov[(c, e)] = "%.1f" % o
            rows.append([c, "2025-06-%02d" % rng.randint(1, 28), e] + vals + [float(ov[(c, e)]),
                                                                           rng.choice(["Y", "Y", "Y", "N"])])
    write_xlsx("speaking_band_double_marking.xlsx", [("Second marking", rows)])
    add("speaking_band_double_marking.xlsx", k, "import", rdi(S, exm, M),
        "speaking test second marking: each recorded candidate is banded 1-9 on Fluency and Coherence, Lexical "
        "Resource, Grammatical Range and Accuracy and Pronunciation by two of 4 examiners (one row per "
        "examiner); subject = candidate + criterion; Overall is the mean of the four rounded to a half band "
        "(reading it alone as the rating is acceptable); 'Recording ok' is not a rating",
        keywords=[r"overall", r"recording"],
        alts=[alt([[c, e, ov[(c, e)]] for (c, e) in ov], label="overall band only")])


# ================================================================== F. HR
def g_hr():
    k = "hr"
    # 34 job evaluation panel with a current grade
    jobs = ["JE-%03d" % (i + 1) for i in range(26)]
    R = ["Evaluator: HR business partner", "Evaluator: Line director", "Evaluator: Reward specialist"]
    lv = ["B1", "B2", "B3", "C1", "C2", "C3", "D1", "D2", "E1"]
    M = ordmat(jobs, R, lv, [6, 10, 14, 16, 16, 14, 12, 8, 4], p_off=0.4)
    titles = ["Payroll officer", "Data analyst", "Team leader, customer service", "Senior buyer", "HR adviser",
              "Facilities coordinator", "Software engineer II", "Maintenance technician", "Finance manager",
              "Legal counsel", "Marketing executive", "Warehouse supervisor", "Product owner"]
    rows = [["Job code", "Job title", "Job family", "Current grade"] + R + ["Panel grade", "Hay points"]]
    for j in jobs:
        vals = [M[j][r] for r in R]
        cur = lv[max(0, min(len(lv) - 1, lv.index(vals[0]) + rng.choice([-1, 0, 0, 1])))]
        rows.append([j, rng.choice(titles), rng.choice(["Operations", "Corporate", "Technology"]), cur] + vals +
                    [sorted(vals, key=lv.index)[1], rng.randint(180, 900)])
    csv_case("job_evaluation_panel.csv", rows, k, jobs, R, M,
        "job evaluation panel: 3 evaluators independently grade each job description into bands B1-E1; 'Current "
        "grade' (the job's grade before the review, same bands) and 'Panel grade' (agreed) are not evaluators; "
        "Hay points and job family are not ratings", keywords=[r"current grade", r"panel grade"])

    # 35 360-degree feedback, long: either
    parts = ["P%03d" % (i + 1) for i in range(6)]
    names = ["Amelia Hart", "Bogdan Ilie", "Chiara Leone", "Desmond Ng", "Efua Boateng", "Florian Maier"]
    items = ["Sets clear direction", "Listens to others", "Delivers on commitments", "Develops people",
             "Manages conflict"]
    lv = ["1", "2", "3", "4", "5"]
    rows = [["Participant ID", "Participant", "Rater type", "Rater code", "Item", "Rating", "Response date"]]
    rd, rd_self = [], []
    for p, nm in zip(parts, names):
        raters = [("Self", "SELF"), ("Manager", "MGR")] + [("Peer", "PEER%d" % (i + 1)) for i in
                                                           range(rng.randint(2, 4))] + \
            [("Direct report", "DR%d" % (i + 1)) for i in range(rng.randint(2, 3))]
        true = {it: rng.randint(2, 5) for it in items}
        for typ, code in raters:
            d = "2025-10-%02d" % rng.randint(1, 20)
            for it in items:
                if rng.random() < 0.08 and typ != "Self":
                    rows.append([p, nm, typ, code, it, "N/O", d])
                    continue
                v = max(1, min(5, true[it] + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0) +
                               (1 if typ == "Self" and rng.random() < 0.4 else 0)))
                rows.append([p, nm, typ, code, it, str(v), d])
                trip = ["%s | %s" % (p, it), code, str(v)]
                rd_self.append(trip)
                if typ != "Self":
                    rd.append(trip)
    write_txt("feedback_360_responses.csv", rows)
    add("feedback_360_responses.csv", k, "either", rd,
        "360-degree feedback responses: each manager is rated 1-5 on 5 items by self, their manager, peers and "
        "direct reports; 'N/O' = not observed (missing); rater codes (PEER1, DR2) are anonymous per participant; "
        "different rater groups see different behaviour, so refusing an agreement analysis is acceptable; a "
        "reading leaves the self-ratings out (subject = participant + item), or keeps them only if said",
        keywords=[r"self", r"rater type", r"anonym", r"n/o"],
        alts=[alt(rd, label="rater codes exchangeable", exch=True),
              alt(rd_self, must_note=True, label="self kept")])

    # 36 360 summary of means: refuse
    rows = [["360 Feedback report - Amelia Hart (P001)"], ["Average rating by rater group (1 = never, 5 = always)"],
            [], ["Item", "Self", "Manager", "Peers (n=3)", "Direct reports (n=2)", "All others", "Gap (self - others)"]]
    for it in items:
        s_ = rng.randint(3, 5)
        m_ = rng.randint(2, 5)
        pe, dr = round(rng.uniform(2.3, 4.8), 2), round(rng.uniform(2.0, 5.0), 2)
        oth = round((m_ + 3 * pe + 2 * dr) / 6, 2)
        rows.append([it, s_, m_, pe, dr, oth, round(s_ - oth, 2)])
    rows += [[], ["Overall", 4.2, 3.8, 3.61, 3.9, 3.75, 0.45]]
    write_xlsx("feedback_360_report_means.xlsx", [("Report", rows)])
    add("feedback_360_report_means.xlsx", k, "refuse", None,
        "a 360 feedback report for one manager: the average rating per item for each rater group (means like 3.61, "
        "group sizes in the headers) and a self-other gap; summaries of one person's feedback, not individual "
        "ratings", keywords=[r"average", r"mean", r"summary", r"aggregate"])

    # 37 performance calibration session: either
    emp = ["E%05d" % rng.randint(10000, 99999) for _ in range(30)]
    emp = uniq(emp)
    lv = ["Does not meet", "Partially meets", "Meets", "Exceeds", "Outstanding"]
    R = ["Manager proposed rating", "Calibrated rating"]
    M = {}
    for e in emp:
        a = rng.choices(lv, [3, 12, 45, 30, 10])[0]
        b = a if rng.random() < 0.7 else lv[max(0, min(4, lv.index(a) + rng.choice([-1, -1, 1])))]
        M[e] = {R[0]: a, R[1]: b}
    rows = [["Employee ID", "Department", "Manager", "Time in role"] + R + ["Changed?", "Calibration notes"]]
    for e in emp:
        rows.append([e, rng.choice(["Sales", "Ops", "Finance", "Engineering"]), rng.choice(["K. Ito", "L. Moss",
                                                                                             "R. Pillai"]),
                     rng.choice(["< 1 year", "1-3 years", "3+ years"]), M[e][R[0]], M[e][R[1]],
                     "Y" if M[e][R[0]] != M[e][R[1]] else "N",
                     "" if M[e][R[0]] == M[e][R[1]] else rng.choice(["peer comparison", "scope smaller than peers",
                                                                     "exceptional Q3"])])
    write_xlsx("performance_calibration.xlsx", [("Calibration", rows)])
    add("performance_calibration.xlsx", k, "either", reading(emp, R, M),
        "a performance calibration session: the manager's proposed rating and the rating after the calibration "
        "meeting, which reviewed the proposal (not an independent second rating); refusing is acceptable, and so "
        "is reading the two columns as two raters; Changed? and the notes are not ratings",
        keywords=[r"calibrat", r"changed"])


# ================================================================== G. sensory science
def g_sensory():
    k = "sensory"
    # 38 9-point hedonic consumer test with 3-digit blinding codes: either
    codes = uniq(str(rng.randint(101, 999)) for _ in range(6))[:5]
    pans = ["C%03d" % (i + 1) for i in range(48)]
    liking = {c: rng.uniform(4.5, 7.5) for c in codes}
    rows = [["Panelist", "Session", "Sample", "Serving position", "Overall liking", "Purchase intent"]]
    rd, rd2 = [], []
    for p in pans:
        order = list(codes)
        rng.shuffle(order)
        for i, c in enumerate(order):
            v = max(1, min(9, int(round(liking[c] + rng.gauss(0, 1.5)))))
            pi = max(1, min(5, int(round((v - 1) / 2 + rng.gauss(0.5, 0.7)))))
            rows.append([p, "1", c, str(i + 1), str(v), str(pi)])
            rd.append([c, p, str(v)])
            rd2 += [["%s | Overall liking" % c, p, str(v)], ["%s | Purchase intent" % c, p, str(pi)]]
    write_txt("hedonic_consumer_test.csv", rows)
    add("hedonic_consumer_test.csv", k, "either", rd,
        "consumer acceptance test: 48 consumers rate 5 blinded samples (3-digit codes '374') on the 9-point "
        "hedonic scale and purchase intent 1-5, in a balanced serving order; liking is personal preference, so "
        "rater agreement is not what such data are for: refusing is acceptable; a reading takes samples as "
        "subjects and consumers as raters (overall liking, or both questions as items); the sample code and the "
        "serving position are not ratings", keywords=[r"hedonic", r"preference", r"serving", r"liking"],
        alts=[alt(rd2, label="both questions")])

    # 39 triangle test: refuse
    rows = [["Panelist", "Session", "Set", "Presentation order", "Codes", "Odd sample chosen", "Correct"]]
    orders = ["AAB", "ABA", "BAA", "BBA", "BAB", "ABB"]
    for i in range(36):
        o = orders[i % 6]
        cs = [str(rng.randint(100, 999)) for _ in range(3)]
        odd = cs[[j for j in range(3) if o.count(o[j]) == 1][0]]
        pick = odd if rng.random() < 0.55 else rng.choice(cs)
        rows.append(["P%02d" % (i + 1), "1", "1", o, "-".join(cs), pick, "1" if pick == odd else "0"])
    write_txt("triangle_test_results.csv", rows)
    add("triangle_test_results.csv", k, "refuse", None,
        "a triangle (discrimination) test: each panelist tastes one set of three coded samples and picks the odd "
        "one; Correct 1/0 per panelist; each panelist judges their own triad, nothing is rated by two people",
        keywords=KW_ONE + [r"triangle", r"discrimination"])

    # 40 descriptive panel with replicates: either
    prods = ["P1 Original", "P2 Low sugar", "P3 Wholegrain", "P4 Competitor A", "P5 Competitor B", "P6 Prototype"]
    atts = ["Sweetness", "Bitterness", "Crunchiness", "Oat aroma"]
    ass = ["A%02d" % (i + 1) for i in range(8)]
    truev = {(p, a): rng.uniform(2, 12) for p in prods for a in atts}
    rows = [["Assessor", "Product", "Replicate", "Session", "Serving order"] + atts]
    rd = []
    for p in prods:
        for rep in (1, 2):
            for a_ in ass:
                vals = ["%.1f" % max(0, min(15, truev[(p, at)] + rng.gauss(0, 1.3))) for at in atts]
                rows.append([a_, p, rep, rep, rng.randint(1, 6)] + [float(v) for v in vals])
                rd += [["%s | %d | %s" % (p, rep, at), a_, v] for at, v in zip(atts, vals)]
    write_xlsx("descriptive_panel_replicates.xlsx", [("QDA", rows)])
    add("descriptive_panel_replicates.xlsx", k, "either", rd,
        "trained descriptive panel: 8 assessors rate 6 products twice (replicates in separate sessions) on 4 "
        "attributes, 0-15 line scale with one decimal (continuous: refusing them as measurements, pointing to ICC, "
        "is acceptable); subject = product + replicate + attribute; serving order is not a rating",
        keywords=KW_CONT + [r"replicate"])


# ================================================================== H. systematic reviews, forensics, other fields
def g_fields():
    k = "other-fields"
    # 41 Covidence RoB 2 with a Consensus reviewer
    studies = ["%s %d" % (rng.choice(["Smith", "Okonkwo", "Larsen", "Haddad", "Nakagawa", "Pereira", "Novak",
                                      "Fischer", "Mbeki", "O'Brien"]), rng.randint(2008, 2024)) for _ in range(16)]
    studies = uniq(studies)
    doms = ["Domain 1: Randomisation process", "Domain 2: Deviations from intended interventions",
            "Domain 3: Missing outcome data", "Domain 4: Measurement of the outcome",
            "Domain 5: Selection of the reported result", "Overall"]
    R = ["Hannah Whitfield", "Rahul Menon"]
    lv = ["Low risk", "Some concerns", "High risk"]
    S = [(st, d) for st in studies for d in doms]
    M = ordmat(S, R, lv, [45, 35, 20], p_off=0.35)
    rows = [["Study", "Reviewer name", "Outcome"] + doms + ["Support for overall judgement"]]
    for st in studies:
        for r in R + ["Consensus"]:
            if r == "Consensus":
                vals = [M[(st, d)][R[0]] if rng.random() < 0.5 else M[(st, d)][R[1]] for d in doms]
            else:
                vals = [M[(st, d)][r] for d in doms]
            rows.append([st, r, "Pain at 12 weeks"] + vals + [rng.choice(["", "No pre-registered protocol",
                                                                           "Open-label, subjective outcome"])])
    write_txt("covidence_rob2_export.csv", rows)
    add("covidence_rob2_export.csv", k, "import", rdi(S, R, M),
        "Covidence quality-assessment export (Cochrane RoB 2): 2 reviewers judge 5 domains and the overall risk of "
        "bias of each study (Low risk / Some concerns / High risk), then a 'Consensus' row per study; subject = "
        "study + domain; Consensus is the agreed judgement, not a reviewer; Outcome is constant",
        keywords=[r"consensus"])

    # 42 Rayyan decisions inside the notes column: either
    keys = [str(rng.randint(100000000, 999999999)) for _ in range(30)]
    R = ["Sofía Ramírez", "Tom Becker", "Wei Zhang"]
    M = mat(keys, R, ["Included", "Excluded", "Maybe"], acc=0.7, miss=0.15)
    reasons = ["wrong population", "wrong study design", "wrong outcome", "background article"]
    rows = [["key", "title", "authors", "journal", "issn", "volume", "issue", "pages", "year", "publisher", "url",
             "abstract", "notes"]]
    for kk in keys:
        dec = ", ".join('"%s"=>"%s"' % (r, M[kk][r]) for r in R if M[kk][r] is not None)
        note = "RAYYAN-INCLUSION: {%s}" % dec
        if any(M[kk][r] == "Excluded" for r in R):
            note += " | RAYYAN-EXCLUSION-REASONS: %s" % rng.choice(reasons)
        rows.append(["rayyan-%s" % kk, "Effect of %s on %s: a randomised trial" % (
            rng.choice(["exercise", "acupuncture", "vitamin D", "CBT"]), rng.choice(["low back pain", "fatigue",
                                                                                     "falls"])),
            "%s A, %s B" % (rng.choice(["Lee", "Gomez", "Adams"]), rng.choice(["Patel", "Rossi", "Kowalski"])),
            rng.choice(["BMJ", "Pain", "Trials", "J Physiother"]), "1234-5678", str(rng.randint(1, 60)),
            str(rng.randint(1, 12)), "%d-%d" % (rng.randint(1, 400), rng.randint(401, 800)),
            str(rng.randint(2000, 2024)), "", "", "Background: ... Methods: ... Results: ...", note])
    rd = reading(keys, R, M)
    rd = [["rayyan-" + a, b, c] for a, b, c in rd]
    write_txt("rayyan_screening_export.csv", rows)
    add("rayyan_screening_export.csv", k, "either", rd,
        "Rayyan screening export: bibliographic columns and the reviewers' blinded decisions packed into the notes "
        "cell 'RAYYAN-INCLUSION: {\"Sofía Ramírez\"=>\"Included\", \"Tom Becker\"=>\"Maybe\"} | "
        "RAYYAN-EXCLUSION-REASONS: ...'; reading the decisions out of the notes (subject = key) is the careful "
        "reading; refusing is acceptable; year, volume and pages are not ratings",
        keywords=[r"notes", r"rayyan"])

    # 43 latent print black-box study with ground truth
    pairs = ["LP-%04d" % rng.randint(1, 9999) for _ in range(40)]
    pairs = uniq(pairs)
    ex = ["EX-%03d" % rng.randint(1, 300) for _ in range(7)]
    ex = uniq(ex)
    M = {s: {e: None for e in ex} for s in pairs}
    rows = [["Examiner", "Pair ID", "Latent quality", "Decision", "Mating (ground truth)", "Time (min)"]]
    truth_rows = []
    for i, s in enumerate(pairs):
        mated = rng.random() < 0.6
        q = rng.choice(["Good", "Fair", "Poor"])
        first = ex[i % len(ex)]
        for e in [first] + rng.sample([x for x in ex if x != first], 2):
            if q == "Poor" and rng.random() < 0.4:
                d = "NV"
            elif mated:
                d = rng.choices(["ID", "INC", "EXC"], [75, 22, 3])[0]
            else:
                d = rng.choices(["EXC", "INC", "ID"], [70, 29, 1])[0]
            M[s][e] = d
            truth_rows.append([e, s, q, d, "Mated" if mated else "Non-mated", str(rng.randint(4, 45))])
    rng.shuffle(truth_rows)
    rows += sorted(truth_rows, key=lambda r: r[0])
    write_txt("latent_print_blackbox.csv", rows)
    add("latent_print_blackbox.csv", k, "import", reading(pairs, ex, M),
        "fingerprint black-box study: 3 of 7 examiners compare each latent/exemplar pair: ID (identification), EXC "
        "(exclusion), INC (inconclusive) or NV (latent of no value, a decision too); the file is sorted by "
        "examiner; 'Mating (ground truth)' is the known answer, not an examiner; latent quality and time are not "
        "ratings", keywords=[r"ground truth", r"mating"])

    # 44 IPA transcriptions with '∅' and a target phoneme
    kids = ["CH%02d" % (i + 1) for i in range(6)]
    words = [("sun", "s"), ("thumb", "θ"), ("shoe", "ʃ"), ("zip", "z"), ("fish", "f"), ("ship", "ʃ"),
             ("sock", "s"), ("three", "θ")]
    R = ["Transcriber KM", "Transcriber AS"]
    subst = {"s": ["s", "θ", "t", "ʃ", "∅"], "θ": ["θ", "f", "s", "t"], "ʃ": ["ʃ", "s", "sʲ", "t"],
             "z": ["z", "s", "d", "ð"], "f": ["f", "p", "∅"]}
    S = [(c, w) for c in kids for w, _ in words]
    M = {}
    rows = [["Child", "Age", "Word", "Target", "Position"] + R]
    for c in kids:
        age = "%d;%02d" % (rng.randint(3, 6), rng.randint(0, 11))
        for w, tg in words:
            t = tg if rng.random() < 0.5 else rng.choice(subst[tg])
            M[(c, w)] = {r: t if rng.random() < 0.75 else rng.choice(subst[tg]) for r in R}
            rows.append([c, age, w, tg, "initial"] + [M[(c, w)][r] for r in R])
    write_txt("ipa_transcription_agreement.csv", rows, bom=True)
    add("ipa_transcription_agreement.csv", k, "import", rdi(S, R, M),
        "speech sound transcription: 2 speech therapists transcribe the initial consonant each child produced, in "
        "IPA ('θ', 'ʃ', 'sʲ'; '∅' = omitted, a transcription, not missing); subject = child + word; 'Target' is "
        "the adult target phoneme (same symbols, not a transcriber); age '4;03' and position are not ratings",
        keywords=[r"target"])

    # 45 French malaria slide readings with parasite density
    S = ["L%05d" % rng.randint(1, 30000) for _ in range(28)]
    S = uniq(S)
    R = ["Lecteur 1", "Lecteur 2", "Lecteur 3"]
    cats = ["Négatif", "P. falciparum", "P. vivax", "P. malariae", "P. ovale", "Infection mixte"]
    M = {}
    for s in S:
        t = rng.choices(cats, [35, 40, 8, 7, 4, 6])[0]
        M[s] = {r: t if rng.random() < 0.8 else rng.choice(cats[:3] + ["Infection mixte"]) for r in R}
    rows = [["N° lame", "Site", "Date de prélèvement", "Densité parasitaire (lecteur 1, /µL)"] + R + ["Remarque"]]
    for s in S:
        dens = 0 if M[s][R[0]] == "Négatif" else rng.randint(40, 120000)
        rows.append([s, rng.choice(["Bobo-Dioulasso", "Kaya", "Dori"]),
                     dt.datetime(2025, 9, 1) + dt.timedelta(days=rng.randint(0, 60)), dens] +
                    [M[s][r] for r in R] + [rng.choice([None, None, "frottis mince illisible", "gamétocytes"])])
    xlsx_case("paludisme_lecture_lames.xlsx", "Lectures", rows, k, S, R, M,
        "malaria microscopy quality control in French: 3 microscopists read each thick/thin film as Négatif / "
        "P. falciparum / P. vivax / P. malariae / P. ovale / Infection mixte; the parasite density (per µL, "
        "counted by reader 1) is a count, not a rating; site and date are not ratings",
        keywords=[r"densit"])

    # 46 plant disease scouting with latitude / longitude
    S = ["Plot %d-%d" % (b, p) for b in range(1, 5) for p in range(1, 8)]
    R = ["Scout A", "Scout B", "Scout C"]
    M = ordmat(S, R, [str(i) for i in range(10)], [8, 10, 12, 14, 14, 12, 10, 8, 7, 5], p_off=0.5)
    rows = [["Plot", "Block", "Lat", "Lon", "Variety", "Growth stage (BBCH)"] + R]
    for s in S:
        rows.append([s, s.split()[1].split("-")[0], "%.5f" % (-0.6 + rng.uniform(-0.01, 0.01)),
                     "%.5f" % (35.3 + rng.uniform(-0.01, 0.01)), rng.choice(["Kenya Wren", "Robin", "Kingbird"]),
                     str(rng.choice([65, 69, 71, 73]))] + [M[s][r] for r in R])
    csv_case("wheat_rust_scouting.csv", rows, k, S, R, M,
        "wheat stem rust field scoring: 3 scouts score each plot on the 0-9 severity scale; Lat/Lon are GPS "
        "coordinates ('-0.60312'), Growth stage (BBCH 65-73) and Block are not ratings", keywords=[r"lat", r"lon",
                                                                                                   r"bbch"])

    # 47 surgical safety checklist audit with ODS booleans
    ops = ["OR%d-%03d" % (rng.randint(1, 6), rng.randint(1, 400)) for _ in range(14)]
    ops = uniq(ops)
    items = ["Identity confirmed", "Site marked", "Anaesthesia check", "Team introductions",
             "Antibiotic prophylaxis", "Instrument count", "Specimen labelled"]
    R = ["Observer 1", "Observer 2"]
    S = [(o, it) for o in ops for it in items]
    M = {}
    for s in S:
        t = rng.random() < 0.75
        M[s] = {r: t if rng.random() < 0.85 else not t for r in R}
    rows = [["Operation", "Specialty", "Checklist item"] + R + ["Both agree"]]
    for (o, it) in S:
        rows.append([o, rng.choice(["Orthopaedics", "General", "Urology"]), it, M[(o, it)][R[0]], M[(o, it)][R[1]],
                     M[(o, it)][R[0]] == M[(o, it)][R[1]]])
    write_ods("surgical_checklist_observers.ods", [("Audit", rows)])
    rd = [["%s | %s" % s, r, "TRUE" if M[s][r] else "FALSE"] for s in S for r in R]
    add("surgical_checklist_observers.ods", k, "import", rd,
        "WHO surgical safety checklist audit in LibreOffice: 2 observers in theatre record whether each checklist "
        "item was performed (TRUE/FALSE boolean cells); subject = operation + item; 'Both agree' is a formula "
        "column (also TRUE/FALSE), not an observer", keywords=[r"both agree"],
        aliases={"TRUE": ["1", "yes"], "FALSE": ["0", "no"]})


# ================================================================== I. file habits
def g_habits():
    k = "file-habits"
    # 48 agreement count, % and modal code on the left of the coders
    import openpyxl
    S = ["Seg %03d" % (i + 1) for i in range(30)]
    R = ["Coder 1", "Coder 2", "Coder 3", "Coder 4"]
    cats = ["Question", "Reflection", "Affirmation", "Advice", "Other"]
    M = mat(S, R, cats, acc=0.7)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "MI coding"
    ws.append(["Segment", "Agreeing (n/4)", "% agreement", "Modal code", "Session"] + R)
    for s in S:
        vals = [M[s][r] for r in R]
        mo = max(sorted(set(vals)), key=vals.count)
        ws.append([s, vals.count(mo), vals.count(mo) / 4, mo, "S%d" % rng.randint(1, 5)] + vals)
    for row in ws.iter_rows(min_row=2, min_col=3, max_col=3):
        row[0].number_format = "0%"
    wb.save(P("agreement_columns_left.xlsx"))
    add("agreement_columns_left.xlsx", k, "import", reading(S, R, M),
        "motivational-interviewing segment coding: 4 coders code each utterance Question / Reflection / Affirmation "
        "/ Advice / Other; the sheet puts its summary columns on the LEFT of the coders: agreeing count, % "
        "agreement (percent format) and the Modal code (same categories, not a coder); Session is not a rating",
        keywords=[r"modal", r"agreement", r"agreeing"])

    # 49 hidden helper code columns
    S = ["MRI-%03d" % (i + 1) for i in range(28)]
    R = ["Reader 1", "Reader 2", "Reader 3"]
    lv = ["None", "Mild", "Moderate", "Severe"]
    M = ordmat(S, R, lv, [30, 35, 25, 10], p_off=0.3)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Stenosis"
    head = ["Case", "Level"]
    for r in R:
        head += [r, r + " code"]
    ws.append(head + ["Max code"])
    for s in S:
        row = [s, rng.choice(["L3-L4", "L4-L5", "L5-S1"])]
        codes = []
        for r in R:
            row += [M[s][r], lv.index(M[s][r])]
            codes.append(lv.index(M[s][r]))
        ws.append(row + [max(codes)])
    for col in ("D", "F", "H", "I"):
        ws.column_dimensions[col].hidden = True
    wb.save(P("hidden_code_columns.xlsx"))
    add("hidden_code_columns.xlsx", k, "import", reading(S, R, M),
        "lumbar canal stenosis grading by 3 readers (None / Mild / Moderate / Severe); beside each reader a HIDDEN "
        "helper column 'Reader 1 code' holds the grade as 0-3 (=MATCH(...) values), and a hidden 'Max code'; the "
        "hidden columns repeat the readers' grades and are not raters (reading the codes instead of the words is "
        "the same rating); Level is not a rating",
        keywords=[r"hidden", r"code"], aliases={"None": ["0"], "Mild": ["1"], "Moderate": ["2"], "Severe": ["3"]})

    # 50 'sep=;' first line, Dutch
    S = ["%d" % rng.randint(300000, 399999) for _ in range(28)]
    S = uniq(S)
    R = ["Beoordelaar 1", "Beoordelaar 2", "Beoordelaar 3"]
    M = mat(S, R, ["Ja", "Nee", "Twijfel"], acc=0.7)
    rows = [["Patiëntnummer", "Afdeling", "Wondtype"] + R + ["Opmerking"]]
    for s in S:
        rows.append([s, rng.choice(["Chirurgie", "Interne", "Ortho"]), rng.choice(["Incisie", "Drain", "Stoma"])] +
                    [M[s][r] for r in R] + [rng.choice(["", "", "", "foto onscherp", "roodheid > 2 cm"])])
    text = "sep=;\r\n" + common.to_text(rows, delim=";", nl="\r\n")
    write_txt("sep_hint_wondinfectie.csv", text=text, enc="utf-8", bom=False)
    add("sep_hint_wondinfectie.csv", k, "import", reading(S, R, M),
        "wound infection assessment from photos (Dutch): the CSV starts with Excel's 'sep=;' line before the header; "
        "3 assessors answer Ja / Nee / Twijfel (doubt, a category); Afdeling and Wondtype are not ratings",
        keywords=[r"sep="])


# ------------------------------------------------------------------ reproducible zip containers
fix_zip = common.fix_zip


def main():
    common.main(11, (g_review, g_crowd, g_clinical, g_sports, g_education, g_hr, g_sensory, g_fields, g_habits))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
