#!/usr/bin/env python3
"""corpus 10: rating files of kinds in none of corpora 4, 5, 6, 7, 8 and 9, for `tapdesk inspect` (seeded).

Kinds: occupational health and rehabilitation (fitness-to-work verdicts in an Excel table object with filter
buttons and banded rows, rater initials and employee numbers with leading zeros; speech intelligibility with
'3*' marks explained in a footnote; infant pain NIPS with the header split over two CSV rows; child
development milestones with each milestone merged over Parent / Health visitor; knee goniometry in degrees);
clinical QA (radiotherapy contour peer review per structure with Dice/HD95, bitewing caries ICCMS 'RA2' by
students beside a teacher reference with fill-down blanks, ECOG written '1', 'PS 2', 'ECOG 1' and 'one',
clinical endpoint committee adjudication with a post-discussion round 2, CEC final decisions only, wound bed
tissue colours, a weekly wound-healing chart whose columns are dates, teledermatology triage with CONSENSUS
rows between referrals, a REDCap data dictionary, acne lesion counts); education (inspection judgements per
area with a moderated column, Microsoft Forms in Dutch with peer observers, an admissions panel with
candidates in merged cells, CEFR speaking levels 'B1+', a Swedish Apple Numbers export with the table name on
top, national inspection outcomes by region, one anchor script marked by 30 teachers); machine learning
evaluation (LLM A/B/Tie preferences with multi-line responses, Google Sheets checkboxes with Done/Flag
columns, graded search relevance 0-3 beside rank and BM25, TREC qrels, WMT MQM error spans, crowd direct
assessment 0-100, WMT relative ranking CSV, a chatbot-arena leaderboard, product taxonomy paths 'A > B > C'
beside a model prediction); finance and insurance (Italian claims triage in cp1252 with euro amounts and
'n.d.', credit committee notches 'AA-' beside a model rating, ESG risk with 'NA'/'N/A'/'n/a', UK delivery
confidence RAG 'Amber/Green' partly abbreviated 'A/G'); shows and juries (SCA cupping in quarter points,
FCI dog-show gradings with trainee judges and 'Absent', dog-show placings with one judge per class, 4-H
livestock placings '2-1-4-3' with an official placing and cuts, a horticultural show with class header rows,
an architecture competition with a sheet per jury round); field and heritage (bird abundance classes
'2-5'/'100+', pottery period attributions with '?Roman', museum condition checks with gallery and case in
merged cells and accession numbers '2003.117'); audits (Nielsen severity with a 'Found by' list, WCAG
outcomes Pass/Fail/N/A/Cannot tell per page and criterion, food hygiene consistency scores and ratings,
the food hygiene open-data extract, building condition grade + priority under two header rows); locales
and workbooks (Turkish cp1254 semicolon CSV, Google Forms in Italian with a grid question, Microsoft Forms
in Portuguese answered anonymously, an apprenticeship end-point assessment with one sheet per apprentice).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ10_SEED (default 20261202).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (structure, surface,
milestone, area, criterion, attribute, page, element, component, class animal); the runner matches renamed
subjects by content.
Needs openpyxl, odfpy, pandas and pyreadstat (PYTHONPATH=/tmp/corpus6/pylib for odfpy).
"""
import datetime as dt
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, cell, csv_case, KW_REPEAT, KW_TOTAL, mat, rand_id, rdi, reading,
                    write_ods, write_txt, write_xlsx, write_xlsx2, xlsx_case)  # noqa: E402
from common import KW_CONT, KW_ONE, blank, ordmat, uniq  # noqa: E402

rng = common.init(10, 20261202)
TRUTH = common.TRUTH

def cont(S, R, lo, hi, sd, dec=1):
    """continuous values near a true value per subject, as text with dec decimals."""
    M = {}
    for s in S:
        q = rng.uniform(lo, hi)
        M[s] = {r: "%.*f" % (dec, max(lo, min(hi, q + rng.gauss(0, sd)))) for r in R}
    return M


# ================================================================== A. occupational health and rehabilitation
def g_occ():
    k = "occupational-rehab"
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.table import Table, TableStyleInfo
    # 1 fitness-to-work verdicts in an Excel table object, initials as rater headers
    S = uniq("%06d" % rng.randint(1000, 48000) for _ in range(30))
    R = ["JKM", "AP", "RdV"]
    lv = ["Fit", "Fit with restrictions", "Temporarily unfit", "Permanently unfit"]
    M = ordmat(S, R, lv, [45, 30, 18, 7], p_off=0.3, miss=0.05)
    jobs = [("Forklift driver", "Warehouse", "B"), ("Welder", "Fabrication", "A"), ("Night-shift nurse", "Ward 3", "C"),
            ("Crane operator", "Yard", "A"), ("Office clerk", "Finance", "C"), ("Paint sprayer", "Finishing", "A"),
            ("HGV driver", "Logistics", "B")]
    head = ["Employee no.", "Job title", "Department", "Hazard group", "Night work", "Review date"] + R + \
        ["Restrictions / comments"]
    wb, ws = common.workbook("Fitness reviews")
    ws.append(head)
    for s in S:
        j = rng.choice(jobs)
        ws.append([s, j[0], j[1], j[2], rng.choice(["Yes", "No"]),
                   dt.datetime(2025, 2, 3) + dt.timedelta(days=rng.randint(0, 40))] + [M[s][r] for r in R] +
                  [blank(rng.choice(["", "", "", "No work at height", "Max lift 10 kg", "Day shifts only"]))])
    for row in ws.iter_rows(min_row=2, min_col=6, max_col=6):
        row[0].number_format = "dd/mm/yyyy"
    tab = Table(displayName="FitnessReviews", ref="A1:%s%d" % (get_column_letter(len(head)), len(S) + 1))
    tab.tableStyleInfo = TableStyleInfo(name="TableStyleMedium2", showRowStripes=True, showColumnStripes=False)
    ws.add_table(tab)
    ws.freeze_panes = "A2"
    wb.save(common.P("fitness_to_work_table.xlsx"))
    add("fitness_to_work_table.xlsx", k, "import", reading(S, R, M),
        "occupational health fitness-to-work reviews in an Excel table object (filter buttons, banded rows): 3 "
        "occupational physicians, headed by their initials JKM / AP / RdV, each give Fit / Fit with restrictions / "
        "Temporarily unfit / Permanently unfit; employee numbers are text with leading zeros; Hazard group A/B/C "
        "and Night work Yes/No describe the job, not raters; blanks are reviews not done",
        keywords=[r"hazard", r"night work"])

    # 2 speech intelligibility with '3*' and a footnote
    S = ["CH%02d-%s" % (i + 1, rng.choice(["conv", "pic"])) for i in range(26)]
    R = ["SLP 1", "SLP 2", "SLP 3"]
    M = ordmat(S, R, ["1", "2", "3", "4", "5"], [15, 25, 30, 20, 10], p_off=0.35)
    star = set(rng.sample(range(len(S) * len(R)), 9))
    rows = [["Sample", "Age (y;m)", "Utterances", "SLP 1", "SLP 2", "SLP 3"]]
    for i, s in enumerate(S):
        rows.append([s, "%d;%d" % (rng.randint(3, 6), rng.randint(0, 11)), str(rng.randint(40, 100))] +
                    [M[s][r] + ("*" if i * len(R) + j in star else "") for j, r in enumerate(R)])
    rows += [[], ["Scale: 1 = completely intelligible, 2 = mostly intelligible, 3 = partly intelligible, "
                  "4 = mostly unintelligible, 5 = unintelligible"], ["* = rated after a second listen"]]
    csv_case("speech_intelligibility_asterisk.csv", rows, k, S, R, M,
        "speech and language therapy: 3 SLPs rate the intelligibility of children's speech samples 1-5; a trailing "
        "'*' ('3*') marks a rating made after a second listen (the footnote says so): it is the rating 3; the "
        "scale legend and the footnote below the data are not samples; Age '4;7' (years;months) and Utterances "
        "are not ratings", keywords=[r"asterisk", r"'\d\*'", r"trailing"])

    # 3 NIPS with the header split over two CSV rows
    S = ["NICU-%03d" % (i + 1) for i in range(24)]
    R = ["Nurse A", "Nurse B", "Nurse C"]
    M = ordmat(S, R, [str(i) for i in range(8)], [14, 14, 14, 14, 12, 12, 10, 10], p_off=0.4)
    rows = [["Infant", "GA (weeks+days)", "Procedure", "NIPS score (0-7)", "", ""],
            ["", "", "", "Nurse A", "Nurse B", "Nurse C"]]
    for s in S:
        rows.append([s, "%d+%d" % (rng.randint(27, 36), rng.randint(0, 6)),
                     rng.choice(["Heel lance", "Cannulation", "Nappy change", "Suction"])] + [M[s][r] for r in R])
    csv_case("nips_two_row_header.csv", rows, k, S, R, M,
        "neonatal pain: 3 nurses score the Neonatal Infant Pain Scale (0-7) for each filmed procedure; the CSV was "
        "saved from a formatted sheet, so the header is split over two rows ('NIPS score (0-7)' over the three "
        "nurse columns, the nurses named in row 2); gestational age '31+4' and the procedure are not ratings",
        keywords=[r"header", r"gestational", r"\bga\b"])

    # 4 milestones, item-major merged headers
    kids = ["C%02d" % (i + 1) for i in range(14)]
    ms = ["Sits without support", "Pulls to stand", "Pincer grasp", "Waves bye-bye",
          "Says 'mama'/'dada' with meaning", "Walks holding furniture"]
    R = ["Parent", "Health visitor"]
    S = [(c, m) for c in kids for m in ms]
    M = {}
    for c in kids:
        age = rng.randint(8, 13)
        for m_i, m in enumerate(ms):
            p = min(0.95, max(0.05, (age - 6 - m_i) / 5))
            t = "Yes" if rng.random() < p else rng.choice(["Sometimes", "Not yet"])
            M[(c, m)] = {r: t if rng.random() < 0.75 else rng.choice(["Yes", "Sometimes", "Not yet"]) for r in R}
        M[(c, "age")] = age
    cells = {(1, 1): "Child", (1, 2): "Age (months)"}
    merges = ["A1:A2", "B1:B2"]
    for j, m in enumerate(ms):
        c0 = 3 + 2 * j
        cells[(1, c0)] = m
        cells[(2, c0)], cells[(2, c0 + 1)] = R
        merges.append("%s1:%s1" % (chr(64 + c0), chr(65 + c0)))
    for i, c in enumerate(kids):
        cells[(3 + i, 1)] = c
        cells[(3 + i, 2)] = M[(c, "age")]
        for j, m in enumerate(ms):
            cells[(3 + i, 3 + 2 * j)] = M[(c, m)][R[0]]
            cells[(3 + i, 4 + 2 * j)] = M[(c, m)][R[1]]
    write_xlsx2("milestones_item_major_headers.xlsx", cells, title="12-month review", merges=merges, freeze="C3")
    add("milestones_item_major_headers.xlsx", k, "import", rdi(S, R, M),
        "child development review: for 14 children each of 6 milestones is answered Yes / Sometimes / Not yet by "
        "the parent and by the health visitor; two header rows, every milestone merged over its Parent and Health "
        "visitor columns (items outside, raters inside); subject = child + milestone; Age (months) is not a rating",
        keywords=[r"\bage\b", r"milestone", r"header"])

    # 5 knee goniometry in degrees (either)
    S = ["TKA-%02d" % (i + 1) for i in range(22)]
    R = ["PT Amadi", "PT Berglund", "PT Castillo"]
    M = cont(S, R, 70, 130, 4, dec=0)
    rows = [["Patient", "Side", "Days post-op", "Flexion (deg) PT Amadi", "Flexion (deg) PT Berglund",
             "Flexion (deg) PT Castillo", "Mean"]]
    for s in S:
        v = [int(M[s][r]) for r in R]
        rows.append([s, rng.choice(["L", "R"]), str(rng.randint(10, 60))] + [str(x) for x in v] +
                    ["%.1f" % (sum(v) / 3)])
    write_txt("knee_flexion_goniometry.csv", rows)
    add("knee_flexion_goniometry.csv", k, "either", reading(S, R, M),
        "continuous knee flexion angles in whole degrees (refusing them as measurements, pointing to ICC, is "
        "acceptable): 3 physiotherapists measure each patient after knee replacement with a goniometer; Side, "
        "days post-op and the Mean are not ratings", keywords=KW_CONT)


# ================================================================== B. clinical QA
def g_clinical():
    k = "clinical-qa"
    # 6 radiotherapy contour peer review, long, per structure
    pts = ["RT%05d" % rng.randint(10000, 99999) for _ in range(9)]
    pts = uniq(pts)
    sts = ["CTV_High", "CTV_Low", "Parotid_L", "Parotid_R", "SpinalCord", "Brainstem"]
    R = ["dr.amani", "dr.brandt", "dr.castro"]
    S = [(p, st) for p in pts for st in sts]
    M = ordmat(S, R, ["Acceptable", "Minor deviation", "Major deviation"], [60, 30, 10], p_off=0.3, miss=0.04)
    rows = [["PatientID", "Course", "Plan", "Structure", "Reviewer", "Verdict", "DSC_vs_ref", "HD95_mm", "Comment",
             "ReviewedOn"]]
    for p in pts:
        plan = rng.choice(["HN_70Gy35", "HN_66Gy33", "OP_VMAT_70"])
        for st in sts:
            for r in R:
                v = M[(p, st)][r]
                if v is None:
                    continue
                rows.append([p, "C1", plan, st, r, v, "%.3f" % rng.uniform(0.62, 0.95), "%.1f" % rng.uniform(1.5, 9.0),
                             rng.choice(["", "", "", "extend sup. border", "includes mandible", "ok"]),
                             "2025-01-%02d" % rng.randint(6, 30)])
    write_txt("rt_contour_peer_review_long.csv", rows)
    add("rt_contour_peer_review_long.csv", k, "import", rdi(S, R, M),
        "radiotherapy contouring QA (head and neck): 3 radiation oncologists review every structure of every plan "
        "as Acceptable / Minor deviation / Major deviation, one row per structure and reviewer; subject = patient + "
        "structure; the Dice coefficient and HD95 against a reference contour are measurements, Course and Plan "
        "are constant per patient", keywords=[r"dsc", r"hd95", r"structure"])

    # 7 bitewing caries ICCMS, students + teacher reference, fill-down blanks
    bws = ["BW%02d" % (i + 1) for i in range(6)]
    surf = [("14", "D"), ("15", "M"), ("15", "D"), ("16", "M"), ("16", "O"), ("45", "D"), ("46", "M"), ("46", "D")]
    St = ["Student AB", "Student CK", "Student DM", "Student EL"]
    T = "Teacher (reference)"
    S = [(b, t, f) for b in bws for t, f in surf]
    lv = ["0", "RA1", "RA2", "RA3", "RB4", "RC5", "RC6"]
    M = ordmat(S, St + [T], lv, [45, 15, 12, 10, 8, 6, 4], p_off=0.35)
    rows = [["Radiograph", "Tooth", "Surface"] + St + [T]]
    for b in bws:
        for i, (t, f) in enumerate(surf):
            rows.append([b if i == 0 else "", int(t), f] + [cell(M[(b, t, f)][r]) for r in St + [T]])
    write_xlsx("bitewing_caries_students_teacher.xlsx", [("Calibration", rows)])
    add("bitewing_caries_students_teacher.xlsx", k, "import", rdi(S, St, M),
        "dental school calibration: 4 students and the teacher score approximal/occlusal surfaces on bitewing "
        "radiographs with the ICCMS radiographic codes 0, RA1-RA3, RB4, RC5-RC6; the radiograph id is written "
        "only on its first row (fill down); subject = radiograph + FDI tooth number + surface (the Tooth column "
        "holds numbers like 16 and is not a rater); the teacher's column is the reference standard, so reading "
        "it as a fifth rater is acceptable too", keywords=[r"teacher", r"reference", r"tooth"],
        alts=[alt(rdi(S, St + [T], M), label="teacher as a rater")])

    # 8 ECOG written '1', 'PS 2', 'ECOG 1', 'one'
    S = ["ONC-%03d" % (i + 1) for i in range(26)]
    R = ["Oncologist", "Oncology nurse", "Research coordinator"]
    M = ordmat(S, R, ["0", "1", "2", "3", "4"], [25, 35, 22, 13, 5], p_off=0.3)
    words = ["zero", "one", "two", "three", "four"]
    raw = {s: dict(M[s]) for s in S}
    for i, s in enumerate(S):
        v = M[s][R[2]]
        raw[s][R[2]] = rng.choice(["ECOG %s" % v, "PS %s" % v, "PS%s" % v, v, words[int(v)]]) if i % 5 else words[int(v)]
    for s in rng.sample(S, 3):
        raw[s][R[2]] = "not documented"
        M[s][R[2]] = None
    rows = [["Patient", "Tumour site", "Line of therapy"] + R]
    for s in S:
        rows.append([s, rng.choice(["Lung", "Colorectal", "Breast", "Pancreas"]), rng.choice(["1st", "2nd", "3rd"])] +
                    [raw[s][r] for r in R])
    csv_case("ecog_mixed_spellings.csv", rows, k, S, R, M,
        "ECOG performance status 0-4 by the oncologist, the oncology nurse and a research coordinator who copied "
        "it from clinic letters, so the coordinator's column mixes '1', 'PS 1', 'PS1', 'ECOG 1' and 'one': all "
        "the grade 1; 'not documented' is missing; tumour site and line of therapy are not ratings",
        keywords=[r"ecog", r"\bps\b", r"spelling", r"not documented", r"mixed"])

    # 9 CEC adjudication with a round 2 after discussion (either)
    S = ["EV-%04d" % (i + 101) for i in range(30)]
    R = ["Adjudicator 01", "Adjudicator 02"]
    cats = ["Type 1 MI", "Type 2 MI", "No MI", "Insufficient information"]
    M = mat(S, R, cats, acc=0.7)
    rows = [["Event ID", "Patient ID", "Site", "Event onset", "Round", "Adjudicator", "Classification",
             "Date adjudicated"]]
    for s in S:
        pid = "%03d-%04d" % (rng.randint(101, 140), rng.randint(1, 999))
        onset = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 300))
        for r in R:
            rows.append([s, pid, pid[:3], onset.isoformat(), "1", r, M[s][r],
                         (onset + dt.timedelta(days=rng.randint(20, 60))).isoformat()])
        if M[s][R[0]] != M[s][R[1]]:
            agreed = rng.choice([M[s][R[0]], M[s][R[1]]])
            for r in R:
                v = agreed if rng.random() < 0.85 else M[s][r]
                rows.append([s, pid, pid[:3], onset.isoformat(), "2", r, v,
                             (onset + dt.timedelta(days=rng.randint(70, 100))).isoformat()])
    write_txt("cec_adjudication_rounds.csv", rows)
    add("cec_adjudication_rounds.csv", k, "either", reading(S, R, M),
        "clinical endpoint committee: 2 adjudicators classify each suspected MI independently (Round 1); where they "
        "disagreed they re-adjudicated after a discussion (Round 2), so Round 2 is not independent: the agreement "
        "reading is Round 1; 'Insufficient information' is a CEC outcome; reading the latest round is wrong, "
        "refusing the repeated event/adjudicator pairs is acceptable", keywords=KW_REPEAT + [r"round"])

    # 10 CEC final decisions only: refuse
    rows = [["Event ID", "Event onset", "CEC meeting", "Final CEC classification", "Adjudicated by"]]
    for i in range(30):
        rows.append(["EV-%04d" % (i + 201), "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
                     "CEC-%02d" % rng.randint(5, 11), rng.choice(cats), "Committee (3 members)"])
    write_txt("cec_final_classifications.csv", rows)
    add("cec_final_classifications.csv", k, "refuse", None,
        "the committee's final classification of each event, one consensus decision per event ('Adjudicated by' is "
        "always the committee): no individual adjudicators, nothing to compare",
        keywords=KW_ONE + [r"one (decision|classification) per", r"consensus"])

    # 11 wound bed tissue colours
    S = uniq("WND-%03d_%s.jpg" % (rng.randint(1, 300), rng.choice(["a", "b"])) for _ in range(28))
    R = ["TVN Harper", "TVN Iqbal", "TVN Jansen"]
    lv = ["Black (necrotic)", "Yellow (slough)", "Red (granulation)", "Pink (epithelialising)"]
    M = ordmat(S, R, lv, [15, 30, 40, 15], p_off=0.3)
    rows = [["Photo", "Photo date", "Location", "Area (cm²)"] + R]
    for s in S:
        rows.append([s, dt.datetime(2025, 3, 1) + dt.timedelta(days=rng.randint(0, 60)),
                     rng.choice(["Sacrum", "Heel", "Lower leg", "Hip"]), round(rng.uniform(0.4, 38), 1)] +
                    [M[s][r] for r in R])
    xlsx_case("wound_bed_tissue_type.xlsx", "Photos", rows, k, S, R, M,
        "wound photographs: 3 tissue viability nurses name the predominant wound bed tissue by colour, 'Black "
        "(necrotic)' .. 'Pink (epithelialising)' (the parenthesis is part of the category); photo date, location "
        "and area in cm² are not ratings", keywords=[r"area", r"location"])

    # 12 wound healing chart with date columns: refuse
    pts = ["Bed %d" % rng.randint(1, 30) for _ in range(14)]
    pts = uniq(pts)
    wk = [dt.datetime(2025, 1, 6) + dt.timedelta(days=7 * i) for i in range(7)]
    cells = {(1, 1): "Wound healing progress chart - Ward 4 (weekly dressing-clinic assessment)",
             (3, 1): "Patient", (3, 2): "Wound site"}
    for j, d in enumerate(wk):
        cells[(3, 3 + j)] = d
        cells[(4, 3 + j)] = rng.choice(["KH", "PL", "MO"])
    cells[(4, 1)] = "Assessed by"
    for i, p in enumerate(pts):
        st = rng.randint(0, 1)
        cells[(5 + i, 1)] = p
        cells[(5 + i, 2)] = rng.choice(["Sacrum", "L heel", "R heel", "Shin"])
        for j in range(len(wk)):
            if rng.random() < 0.45:
                st = min(3, st + 1)
            cells[(5 + i, 3 + j)] = lv[st]
    write_xlsx2("wound_healing_weekly_chart.xlsx", cells, title="Progress")
    add("wound_healing_weekly_chart.xlsx", k, "refuse", None,
        "a wound-healing progress chart: each wound's tissue type recorded once a week, the column headers are the "
        "dates of the weekly assessments and the 'Assessed by' row names whoever was on duty; the wounds change "
        "from week to week (black -> pink), so these are repeated measurements over time, not several raters "
        "judging the same thing", keywords=[r"longitudinal", r"repeated measure", r"over time", r"time points?", r"occasions?",
                                            r"raters? .{0,40}dates?", r"dates? .{0,40}raters?"])

    # 13 teledermatology triage with CONSENSUS rows between referrals
    S = uniq("TD-%04d" % rng.randint(1000, 9999) for _ in range(22))
    R = ["Dr Kaur", "Dr Lopes", "Dr Mensah"]
    cats = ["Routine", "Soon", "Urgent (2WW)", "Discharge with advice"]
    M = mat(S, R, cats, acc=0.65)
    rows = [["Referral", "Reviewer", "Triage outcome", "Lesion site", "Image quality"]]
    for s in S:
        site = rng.choice(["Face", "Back", "Scalp", "Forearm", "Shin"])
        for r in R:
            rows.append([s, r, M[s][r], site, rng.choice(["Good", "Good", "Adequate", "Poor"])])
        vals = [M[s][r] for r in R]
        rows.append([s, "CONSENSUS", max(vals, key=vals.count), site, ""])
        rows.append([])
    write_xlsx("teledermatology_consensus_rows.xlsx", [("Triage", rows)])
    add("teledermatology_consensus_rows.xlsx", k, "import", reading(S, R, M),
        "teledermatology triage, long: 3 dermatologists triage each referral (Routine / Soon / Urgent (2WW) / "
        "Discharge with advice); after each referral's three rows the team inserted a CONSENSUS row with the "
        "agreed outcome, then a blank row; CONSENSUS is not a reviewer; Image quality (per reviewer) and lesion "
        "site are not ratings of the referral", keywords=[r"consensus"])

    # 14 REDCap data dictionary: refuse
    head = ["Variable / Field Name", "Form Name", "Section Header", "Field Type", "Field Label",
            "Choices, Calculations, OR Slider Labels", "Field Note", "Text Validation Type OR Show Slider Number",
            "Text Validation Min", "Text Validation Max", "Identifier?", "Branching Logic (Show field ONLY if...)",
            "Required Field?", "Custom Alignment", "Question Number (surveys only)", "Matrix Group Name",
            "Matrix Ranking?", "Field Annotation"]
    grade = "0, None | 1, Mild | 2, Moderate | 3, Severe"
    rows = [head, ["record_id", "enrolment", "", "text", "Record ID"] + [""] * 13,
            ["img_id", "enrolment", "", "text", "Image identifier", "", "as on the PACS", ""] + [""] * 10,
            ["rater", "grading", "Grading", "dropdown", "Rater", "1, Rater A | 2, Rater B | 3, Rater C"] + [""] * 6 +
            ["y"] + [""] * 5]
    for f, lab in (("synovitis", "Synovitis grade"), ("effusion", "Effusion grade"), ("erosion", "Erosion grade")):
        rows.append(["%s_grade" % f, "grading", "", "radio", lab, grade] + [""] * 6 + ["y", "LH"] + [""] * 4)
    rows += [["grade_conf", "grading", "", "slider", "Confidence", "Low | | High", "", "number", "0", "100"] + [""] * 8,
             ["grading_comment", "grading", "", "notes", "Comments"] + [""] * 13,
             ["grading_complete", "grading", "", "calc", "Total grade", "[synovitis_grade]+[effusion_grade]+"
              "[erosion_grade]"] + [""] * 12]
    write_txt("redcap_data_dictionary.csv", rows)
    add("redcap_data_dictionary.csv", k, "refuse", None,
        "a REDCap project's data dictionary (Variable / Field Name, Field Type, 'Choices, Calculations, OR Slider "
        "Labels' = '0, None | 1, Mild | ...'): the definition of a grading instrument, no graded images",
        keywords=[r"dictionary", r"codebook", r"no ratings"])

    # 15 acne lesion counts (either)
    S = uniq("ACN-%03d_%s" % (rng.randint(1, 200), rng.choice(["front", "left", "right"])) for _ in range(24))
    R = ["Derm 1", "Derm 2", "Derm 3"]
    M = {}
    for s in S:
        q = rng.randint(2, 55)
        M[s] = {r: str(max(0, q + rng.randint(-max(2, q // 5), max(2, q // 5)))) for r in R}
    rows = [["Image", "Inflammatory lesions Derm 1", "Inflammatory lesions Derm 2", "Inflammatory lesions Derm 3",
             "IGA (investigator)"]]
    for s in S:
        rows.append([s] + [M[s][r] for r in R] + [rng.choice(["1", "2", "3", "4"])])
    write_txt("acne_lesion_counts.csv", rows)
    add("acne_lesion_counts.csv", k, "either", reading(S, R, M),
        "counts of inflammatory acne lesions on standardised photos by 3 dermatologists (0-60; counts with many "
        "distinct values, so refusing them as measurements is acceptable); the IGA column is the trial "
        "investigator's live grade on another scale, not a photo reader",
        keywords=KW_CONT + [r"\biga\b"])


# ================================================================== C. education
def g_education():
    k = "education"
    # 16 school inspection judgements per area with a moderated column
    urns = uniq(str(rng.randint(100000, 149999)) for _ in range(16))
    names = ["St Mary's CE Primary", "Oakfield Academy", "Riverside Junior", "Hillcrest High", "Greenway Primary",
             "Kingsmead School", "Abbey Park Academy", "Moorland Infant", "Westbrook College", "Elm Tree Primary",
             "Castle View School", "Brookside Academy", "Fernhill Primary", "Northgate High", "Lark Rise Primary",
             "Valley Road School"]
    areas = ["Quality of education", "Behaviour and attitudes", "Personal development", "Leadership and management"]
    R = ["Lead inspector", "Team inspector"]
    lv = ["Outstanding", "Good", "Requires improvement", "Inadequate"]
    S = [(u, a) for u in urns for a in areas]
    M = ordmat(S, R, lv, [15, 55, 25, 5], p_off=0.25)
    rows = [["URN", "School", "Phase", "Local authority", "Judgement area"] + R + ["Moderated judgement"]]
    for i, u in enumerate(urns):
        ph, la = rng.choice(["Primary", "Secondary"]), rng.choice(["Leeds", "Kent", "Cumbria", "Bristol"])
        for a in areas:
            v = M[(u, a)]
            rows.append([u, names[i], ph, la, a, v[R[0]], v[R[1]], v[R[0]] if rng.random() < 0.7 else v[R[1]]])
    write_txt("school_inspection_judgements.csv", rows)
    add("school_inspection_judgements.csv", k, "import", rdi(S, R, M),
        "school inspection quality assurance: the lead and a team inspector each judge 4 areas of every school "
        "(Outstanding / Good / Requires improvement / Inadequate) before moderation; subject = school (URN) + "
        "judgement area; the Moderated judgement is the agreed outcome, not a rater; Phase and Local authority "
        "are not ratings", keywords=[r"lead inspector", r"team inspector"])

    # 17 Microsoft Forms in Dutch: peer observations, observers as respondents
    teachers = ["mw. De Vries", "dhr. Jansen", "mw. Bakker", "dhr. Visser", "mw. Smit", "dhr. Meijer", "mw. Mulder",
                "dhr. De Boer", "mw. Bos", "dhr. Peters"]
    obs = [("Anouk Hendriks", "a.hendriks"), ("Bram Dekker", "b.dekker"), ("Chantal Willems", "c.willems"),
           ("Daan van Dijk", "d.vandijk"), ("Eva Koster", "e.koster"), ("Frank Prins", "f.prins")]
    crit = ["Klassenmanagement", "Instructie", "Activerende werkvormen", "Differentiatie", "Feedback"]
    lv = ["Onvoldoende", "Voldoende", "Goed", "Zeer goed"]
    head = ["Id", "Begintijd", "Tijd van voltooien", "E-mail", "Naam", "Tijd van laatste wijziging",
            "Naam van de geobserveerde docent", "Datum van de les", "Klas"] + crit + ["Opmerkingen"]
    resp, rd = [], []
    for t in teachers:
        true = {c: rng.choices(range(4), [8, 35, 40, 17])[0] for c in crit}
        d = dt.datetime(2025, 2, 3) + dt.timedelta(days=rng.randint(0, 30))
        klas = rng.choice(["2A", "3B", "4H", "5V", "3M"])
        for o in rng.sample(obs, 2):
            vals = {c: lv[max(0, min(3, true[c] + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)))] for c in crit}
            start = d + dt.timedelta(hours=rng.randint(13, 20), minutes=rng.randint(0, 59))
            resp.append((start, o, t, d, klas, vals))
            rd += [["%s | %s" % (t, c), o[0], vals[c]] for c in crit]
    resp.sort(key=lambda x: x[0])
    rows = [head]
    for i, (start, o, t, d, klas, vals) in enumerate(resp):
        end = start + dt.timedelta(minutes=rng.randint(3, 12), seconds=rng.randint(0, 59))
        rows.append([i + 1, start, end, "%s@csg-example.nl" % o[1], o[0], None, t, d, klas] + [vals[c] for c in crit] +
                    [blank(rng.choice(["", "", "Goede lesopbouw", "Meer variatie in werkvormen", "Rustige klas"]))])
    write_xlsx("msforms_nl_collegiale_observatie.xlsx", [("Sheet1", rows)])
    add("msforms_nl_collegiale_observatie.xlsx", k, "import", rd,
        "Microsoft Forms export in Dutch (Id, Begintijd, Tijd van voltooien, E-mail, Naam, ...): peer observation "
        "of lessons; every teacher's lesson is observed by 2 of 6 colleagues who each fill in the form, rating 5 "
        "criteria Onvoldoende / Voldoende / Goed / Zeer goed; the rater is the respondent (Naam / E-mail), the "
        "subject is the observed teacher's lesson + criterion; Klas, Datum and the times are not ratings",
        keywords=[r"respondent.{0,40}rater", r"rater.{0,40}respondent", r"observer"])

    # 18 admissions panel: candidates in merged cells, one row per criterion
    cands = ["MED25-%04d" % rng.randint(1000, 9999) for _ in range(10)]
    cands = uniq(cands)
    crit = ["Motivation for medicine", "Communication", "Ethical reasoning"]
    R = ["Prof. Hale", "Dr Iwu", "Mrs Jordan (lay member)"]
    S = [(c, q) for c in cands for q in crit]
    M = ordmat(S, R, ["1", "2", "3", "4", "5"], [5, 15, 35, 30, 15], p_off=0.35)
    cells = {(1, 1): "Candidate", (1, 2): "Criterion", (1, 6): "Panel total"}
    for j, r in enumerate(R):
        cells[(1, 3 + j)] = r
    merges = []
    rr = 2
    for c in cands:
        cells[(rr, 1)] = c
        merges.append("A%d:A%d" % (rr, rr + len(crit) - 1))
        for q in crit:
            cells[(rr, 2)] = q
            for j, r in enumerate(R):
                cells[(rr, 3 + j)] = int(M[(c, q)][r])
            cells[(rr, 6)] = sum(int(M[(c, q)][r]) for r in R)
            rr += 1
    write_xlsx2("admissions_panel_merged.xlsx", cells, title="Interviews", merges=merges, freeze="C2")
    add("admissions_panel_merged.xlsx", k, "import", rdi(S, R, M),
        "medical school admissions interviews: a panel of 3 (two academics and a lay member) scores each candidate "
        "1-5 on 3 criteria, one row per criterion with the candidate id merged vertically over its 3 rows; "
        "subject = candidate + criterion; Panel total is a row sum", keywords=KW_TOTAL + [r"merged"])

    # 19 CEFR speaking with plus levels
    S = ["CAND-%04d" % (i + 3001) for i in range(30)]
    R = ["Examiner 1 (interlocutor)", "Examiner 2 (assessor)"]
    lv = ["A1", "A2", "A2+", "B1", "B1+", "B2", "B2+", "C1", "C2"]
    M = ordmat(S, R, lv, [4, 10, 12, 18, 16, 16, 10, 10, 4], p_off=0.4)
    rows = [["Candidate", "Test date", "Task", "Examiner 1 (interlocutor)", "Examiner 2 (assessor)", "Agreed level"]]
    for s in S:
        a, b = M[s][R[0]], M[s][R[1]]
        rows.append([s, "2025-05-%02d" % rng.randint(12, 16), rng.choice(["Picture description", "Role play",
                                                                           "Discussion"]),
                     a, b, a if a == b else lv[max(lv.index(a), lv.index(b))]])
    csv_case("cefr_speaking_plus_levels.csv", rows, k, S, R, M,
        "language speaking test: 2 examiners independently place each candidate on the CEFR scale with plus "
        "levels (A2+, B1+, B2+ are levels of their own, not B1 with a sign); Agreed level is the outcome after "
        "discussion, not an examiner; Task and date are not ratings", keywords=[r"agreed", r"task"])

    # 20 Swedish Apple Numbers export: table name on top, semicolons
    S0 = ["SV25-%03d" % (i + 1) for i in range(16)]
    parts = ["Delprov A (tala)", "Delprov B (läsa)", "Delprov C (skriva)"]
    R = ["Lärare 1 (undervisande)", "Lärare 2 (sambedömare)"]
    S = [(e, p) for e in S0 for p in parts]
    lv = ["F", "E", "D", "C", "B", "A"]
    M = ordmat(S, R, lv, [6, 20, 24, 24, 16, 10], p_off=0.35)
    rows = [["Ämnesprov svenska åk 9 – sambedömning"], ["Elev", "Klass", "Delprov"] + R + ["Slutligt provbetyg"]]
    for e in S0:
        kl = rng.choice(["9A", "9B", "9C"])
        for p in parts:
            v = [M[(e, p)][r] for r in R]
            rows.append([e, kl, p] + v + [v[0] if rng.random() < 0.6 else v[1]])
    write_txt("numbers_sv_sambedomning.csv", rows, delim=";")
    add("numbers_sv_sambedomning.csv", k, "import", rdi(S, R, M),
        "Swedish national test co-assessment (sambedömning) exported from Apple Numbers with a Swedish locale: "
        "semicolons, UTF-8, and the table's name as the first line; the class teacher and a second teacher grade "
        "each pupil's three sub-tests F-A; subject = pupil + sub-test (Delprov); Slutligt provbetyg is the final "
        "grade, not a teacher; Klass groups pupils", keywords=[r"slutligt", r"klass", r"table name"])

    # 21 inspection outcomes by region: refuse
    regions = ["North East", "North West", "Yorkshire and the Humber", "East Midlands", "West Midlands",
               "East of England", "London", "South East", "South West"]
    rows = [["Overall effectiveness at the most recent inspection, by region (number of schools, 31 August 2025)"], [],
            ["Region", "Outstanding", "Good", "Requires improvement", "Inadequate", "Total"]]
    tot = [0, 0, 0, 0]
    for g in regions:
        n = [rng.randint(80, 400), rng.randint(900, 2600), rng.randint(90, 400), rng.randint(10, 80)]
        tot = [a + b for a, b in zip(tot, n)]
        rows.append([g] + n + [sum(n)])
    rows += [["England"] + tot + [sum(tot)], [], ["Source: state-funded schools inspection outcomes (official statistics)"]]
    write_xlsx("inspection_outcomes_by_region.xlsx", [("Table 2", rows)])
    add("inspection_outcomes_by_region.xlsx", k, "refuse", None,
        "official statistics: the number of schools per region in each inspection grade, with totals; counts of "
        "schools (regions x grades), not two raters' judgements of the same schools",
        keywords=[r"count", r"summary", r"frequenc", r"contingency", r"cross-?tab", r"aggregate"])

    # 22 one anchor script marked by 30 teachers (either, must note)
    T = uniq("%s %s" % (rng.choice(["Amy", "Ben", "Cara", "Dev", "Ella", "Finn", "Gita", "Hugo", "Isla", "Jack",
                                    "Kemi", "Liam", "Maya", "Noah", "Orla", "Priya", "Ravi", "Sara", "Tom", "Una"]),
                                rng.choice(["Adams", "Baker", "Clark", "Davies", "Evans", "Fox", "Green", "Hall",
                                            "Iqbal", "Jones", "Khan", "Lewis"])) for _ in range(34))[:30]
    rows = [["Timestamp", "Your name", "School", "Grade for anchor script 7 (9-1)", "Rationale"]]
    rd = []
    for i, t in enumerate(T):
        g = str(max(1, min(9, 6 + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2]))))
        rows.append(["2025/03/%02d %02d:%02d:%02d" % (rng.randint(3, 7), rng.randint(8, 18), rng.randint(0, 59),
                                                      rng.randint(0, 59)), t,
                     rng.choice(["Ash Grove", "Bede Academy", "Cranmer High", "Dene School"]), g,
                     rng.choice(["Secure AO2 but thin AO3", "Strong analysis, weak structure", "Borderline 6/7", ""])])
        rd.append(["Anchor script 7", t, g])
    write_txt("anchor_script_one_subject.csv", rows)
    add("anchor_script_one_subject.csv", k, "either", rd,
        "a standardisation exercise: 30 English teachers each grade the same single anchor script 9-1 (a Google "
        "Form); one subject only, so agreement coefficients cannot be computed (only the spread of grades); "
        "refuse, or import saying there is one subject", must_note=True,
        keywords=KW_ONE + [r"one subject", r"single subject", r"1 subject", r"two subjects"])


# ================================================================== D. machine learning evaluation
def g_ml():
    k = "ml-eval"
    # 23 LLM pairwise preferences A / B / Tie / Both bad, multi-line responses
    topics = ["reverse a linked list in Python", "explain compound interest to a teenager",
              "write a polite reminder about an unpaid invoice", "summarise the causes of the 1929 crash",
              "convert 3.5 cups of flour to grams", "draft a haiku about autumn rain",
              "explain what a p-value is", "fix this SQL: SELEC * FROM users", "plan a 3-day trip to Lisbon",
              "describe photosynthesis in two sentences", "name three risks of using ladders at work",
              "translate 'good morning' into Finnish"]
    S = ["p%03d" % (i + 1) for i in range(24)]
    R = ["Preference - Sofia", "Preference - Tariq", "Preference - Uma"]
    M = mat(S, R, ["A", "B", "Tie", "Both bad"], acc=0.6)

    def resp(t, good):
        body = "Sure! Here is how to %s:\n\n1. First, ...\n2. Then, ...\n" % t
        if "Python" in t or "SQL" in t:
            body += "\n```python\nprev = None\nwhile node:\n    node.next, prev, node = prev, node, node.next\n```\n"
        return body + ("\nLet me know if you need more detail." if good else "\n(I hope this helps, \"mostly\".)")
    rows = [["prompt_id", "prompt", "response_a", "response_b", "model_a", "model_b"] + R + ["notes"]]
    for i, s in enumerate(S):
        t = topics[i % len(topics)]
        ma, mb = rng.sample(["model_x", "model_y", "model_z"], 2)
        rows.append([s, "Please %s." % t, resp(t, True), resp(t, False), ma, mb] + [M[s][r] for r in R] +
                    [blank(rng.choice(["", "", "", "both hallucinate a source", "B refuses oddly"]))])
    xlsx_case("llm_pairwise_preferences.xlsx", "Batch 3", rows, k, S, R, M,
        "LLM evaluation sheet: 3 annotators state which of two responses they prefer (A / B / Tie / Both bad) for 24 "
        "prompts; the responses are long multi-line cells with code blocks and quotes; model_a/model_b name the "
        "hidden systems and are not raters; notes are free text", keywords=[r"model_[ab]"])

    # 24 Google Sheets checkboxes with Done / Flag columns
    S = ["q%02d" % (i + 1) for i in range(26)]
    R = ["Faithful? (Sofia)", "Faithful? (Tariq)", "Faithful? (Uma)"]
    M = {s: {} for s in S}
    for s in S:
        t = rng.random() < 0.6
        for r in R:
            M[s][r] = (t if rng.random() < 0.8 else not t)
    rows = [["id", "question", "model_answer"] + R + ["Done", "Flag for review"]]
    for s in S:
        rows.append([s, "Question %s about the policy document?" % s[1:], "According to section %d, ..." %
                     rng.randint(1, 12)] + [M[s][r] for r in R] + [True, rng.random() < 0.15])
    write_xlsx("sheets_checkboxes_faithfulness.xlsx", [("RAG eval", rows)])
    rd = [[s, r, "TRUE" if M[s][r] else "FALSE"] for s in S for r in R]
    add("sheets_checkboxes_faithfulness.xlsx", k, "import", rd,
        "a Google Sheet downloaded as xlsx: 3 annotators tick a checkbox when the RAG answer is faithful to the "
        "source (TRUE/FALSE booleans); 'Done' is ticked on every row (the annotator's progress marker) and 'Flag "
        "for review' is a workflow flag: neither is a rater", keywords=[r"checkbox", r"boolean"],
        aliases={"TRUE": ["1", "yes"], "FALSE": ["0", "no"]})

    # 25 graded search relevance 0-3 beside rank and BM25
    qs = [("q%d" % (101 + i), w) for i, w in enumerate(["cheap flights to porto", "symptoms of lyme disease",
                                                         "how to descale a kettle", "python sort dict by value",
                                                         "best hiking boots wide feet", "tax return deadline",
                                                         "vegan lasagne recipe", "noise cancelling headphones review",
                                                         "how long to boil an egg", "car insurance young driver"])]
    R = ["grade_jm", "grade_sk", "grade_ap"]
    S, rows = [], [["qid", "query", "rank", "doc_id", "title", "url", "bm25"] + R]
    for q, w in qs:
        docs = uniq("clueweb22-en00%02d-%02d-%05d" % (rng.randint(0, 47), rng.randint(0, 99), rng.randint(0, 99999))
                    for _ in range(4))
        for i, d in enumerate(docs):
            S.append((q, d))
    M = ordmat(S, R, ["0", "1", "2", "3"], [25, 30, 30, 15], p_off=0.35)
    for (q, d) in S:
        w = dict(qs)[q]
        i = sum(1 for x in S if x[0] == q and S.index(x) < S.index((q, d)))
        rows.append([q, w, str(i + 1), d, "%s - %s" % (w.title(), rng.choice(["Guide", "Forum", "Wiki", "Shop"])),
                     "https://www.example-%d.com/%s" % (rng.randint(1, 99), w.replace(" ", "-")),
                     "%.3f" % (rng.uniform(8, 24) - i)] + [M[(q, d)][r] for r in R])
    write_txt("search_relevance_graded.csv", rows)
    add("search_relevance_graded.csv", k, "import", rdi(S, R, M),
        "search relevance judgements in a spreadsheet: 3 assessors grade the top 4 results of 10 queries 0-3 "
        "(irrelevant .. perfect); subject = query + document; rank (1-4, the engine's order) and the BM25 score are "
        "the system's, not assessors", keywords=[r"\brank\b", r"bm25"])

    # 26 TREC qrels: refuse
    lines = []
    for t in range(401, 406):
        for _ in range(40):
            lines.append("%d 0 %s %d" % (t, "FBIS%d-%d" % (rng.randint(3, 4), rng.randint(10000, 60000)),
                                         rng.choices([0, 1, 2], [60, 25, 15])[0]))
    write_txt("trec_qrels_single_assessor.txt", text="\n".join(lines) + "\n")
    add("trec_qrels_single_assessor.txt", k, "refuse", None,
        "a TREC qrels file (topic, iteration 0, document, relevance 0/1/2, space separated, no header): one "
        "assessor's judgement per topic/document pair and no assessor column, so nothing to compare",
        keywords=KW_ONE + [r"qrels", r"no rater", r"rater column"])

    # 27 WMT MQM error annotations (either)
    segs = list(range(1, 21))
    R = ["rater1", "rater2", "rater3"]
    cats = ["Accuracy/Mistranslation", "Accuracy/Omission", "Fluency/Grammar", "Fluency/Punctuation",
            "Terminology/Inappropriate for context", "Style/Awkward"]
    src = ["Der Vertrag tritt am 1. Januar in Kraft.", "Bitte lesen Sie die Anleitung sorgfältig.",
           "Die Sitzung wurde auf Dienstag verschoben.", "Er hat den Zug knapp verpasst."]
    tgt = ["The contract enters into force on 1 January.", "Please read the instructions carefully.",
           "The meeting was postponed to Tuesday.", "He narrowly missed the train."]
    rows = [["system", "doc", "doc_id", "seg_id", "rater", "source", "target", "category", "severity"]]
    worst, score = {}, {}
    order = ["No-error", "Minor", "Major"]
    for g in segs:
        q = rng.choice([0, 0, 1, 1, 2, 3])
        for r in R:
            n = max(0, q + rng.choice([-1, 0, 0, 1]))
            errs = [(rng.choice(cats), "Major" if rng.random() < 0.25 else "Minor") for _ in range(n)]
            j = g % 4
            if not errs:
                rows.append(["Online-B", "news-doc%d" % (1 + g // 7), str(1 + g % 7), str(g), r, src[j], tgt[j],
                             "No-error", "No-error"])
            for c, sev in errs:
                w = tgt[j].split()
                a = rng.randrange(len(w))
                mark = " ".join(w[:a] + ["<v>" + w[a] + "</v>"] + w[a + 1:])
                rows.append(["Online-B", "news-doc%d" % (1 + g // 7), str(1 + g % 7), str(g), r, src[j], mark, c, sev])
            worst[(g, r)] = max([order.index(sv) for _, sv in errs] or [0])
            score[(g, r)] = sum(5 if sv == "Major" else 0.1 if c == "Fluency/Punctuation" else 1 for c, sv in errs)
    write_txt("wmt_mqm_error_spans.tsv", rows, delim="\t")
    rd = [[str(g), r, order[worst[(g, r)]]] for g in segs for r in R]
    sc = [[str(g), r, "%g" % round(score[(g, r)], 1)] for g in segs for r in R]
    add("wmt_mqm_error_spans.tsv", k, "either", rd,
        "WMT MQM annotations (tsv): 3 raters mark every error span of each segment with a category and a severity, "
        "one row per error, a 'No-error' row for a clean segment; a rater has several rows for one segment, so "
        "there is no single rating until one is derived: the worst severity per segment and rater (No-error / "
        "Minor / Major) or the MQM score (Major 5, Minor 1, minor punctuation 0.1) are acceptable; taking one row "
        "per segment (first or last error) is wrong; refusing is acceptable",
        keywords=KW_REPEAT + [r"span"], alts=[alt(sc, label="MQM score")])

    # 28 crowd direct assessment 0-100 (either)
    segs = ["seg%03d" % (i + 1) for i in range(15)]
    systems = ["sysA", "sysB"]
    S = [(g, y) for g in segs for y in systems]
    W = ["W%s" % rand_id(11) for _ in range(6)]
    rows = [["AssignmentId", "WorkerId", "segment_id", "system", "source", "translation", "score"]]
    rd = []
    for (g, y) in S:
        q = rng.uniform(20, 95)
        for w in rng.sample(W, 3):
            v = str(int(max(0, min(100, q + rng.gauss(0, 12)))))
            rows.append([rand_id(30), w, g, y, "Quelle phrase %s" % g[3:], "Translation of %s by %s" % (g, y), v])
            rd.append(["%s | %s" % (g, y), w, v])
    write_txt("crowd_direct_assessment.csv", rows)
    add("crowd_direct_assessment.csv", k, "either", rd,
        "crowd direct assessment of machine translation: each segment/system pair scored 0-100 on a slider by 3 of "
        "6 workers (continuous; refusing as measurements is acceptable); subject = segment + system; AssignmentId "
        "is unique per row", keywords=KW_CONT + [r"assignment"])

    # 29 WMT relative ranking CSV (either)
    segs = list(range(1, 13))
    sysn = ["online-A", "online-B", "uedin", "jhu", "rbmt-1"]
    J = ["judge-%02d" % (i + 1) for i in range(4)]
    rows = [["srclang", "trglang", "srcIndex", "documentId", "segmentId", "judgeId"] +
            ["system%dId" % i for i in range(1, 6)] + ["system%drank" % i for i in range(1, 6)]]
    rd = []
    for g in segs:
        base = {y: rng.randint(1, 5) for y in sysn}
        for j in rng.sample(J, 3):
            qv = {y: base[y] + rng.choice([-1, 0, 0, 1]) for y in sysn}
            rank = {y: 1 + sum(qv[z] > qv[y] for z in sysn) for y in sysn}
            shown = rng.sample(sysn, 5)
            rows.append(["deu", "eng", str(g), "newstest-%d" % (1 + g // 5), str(g), j] + shown +
                        [str(rank[y]) for y in shown])
            rd += [["%d | %s" % (g, y), j, str(rank[y])] for y in sysn]
    write_txt("wmt_relative_ranking.csv", rows)
    add("wmt_relative_ranking.csv", k, "either", rd,
        "WMT relative ranking (Appraise CSV): each judge ranks the outputs of 5 systems for a segment 1-5 (ties "
        "share a rank); the systems are shown in a shuffled order, so system%dId names which system each "
        "system%drank belongs to; subject = segment + system, rating = its rank; reading the positional rank "
        "columns as raters is wrong; refusing the paired columns is acceptable",
        keywords=[r"paired", r"shuffled", r"belongs to", r"system\d?rank.{0,60}system\d?id"])

    # 30 chatbot arena leaderboard: refuse
    rows = [["Rank (UB)", "Model", "Arena Score", "95% CI", "Votes", "Organization", "License", "Knowledge Cutoff"]]
    sc0 = 1380
    for i, (m, o) in enumerate([("nova-pro-2", "Nova"), ("atlas-xl", "Atlas AI"), ("helix-70b-chat", "Helix"),
                                ("quill-3-large", "Quill"), ("orca-mini-v5", "OpenOrca"), ("lumen-8b", "Lumen Labs"),
                                ("sparrow-mix", "Sparrow"), ("tern-1.5-flash", "Tern")]):
        sc0 -= rng.randint(4, 30)
        rows.append([str(i + 1), m, str(sc0), "+%d/-%d" % (rng.randint(3, 9), rng.randint(3, 9)),
                     str(rng.randint(4000, 60000)), o, rng.choice(["Proprietary", "Apache 2.0", "Llama 3 Community"]),
                     rng.choice(["2024/4", "2024/10", "2023/12"])])
    write_txt("arena_leaderboard.csv", rows)
    add("arena_leaderboard.csv", k, "refuse", None,
        "a chatbot-arena leaderboard: one row per model with its Elo-style Arena Score, CI and vote count; results "
        "aggregated over thousands of pairwise votes, not ratings by raters",
        keywords=[r"leaderboard", r"summary", r"one rat", r"no rater", r"aggregate"])

    # 31 product taxonomy QA with a model prediction
    paths = ["Home & Garden > Kitchen & Dining > Cookware", "Home & Garden > Kitchen & Dining > Kitchen Tools",
             "Sporting Goods > Outdoor Recreation > Camping", "Health & Beauty > Personal Care > Hair Care",
             "Toys & Games > Games > Board Games", "Electronics > Audio > Headphones"]
    S = ["SKU-%06d" % rng.randint(100000, 999999) for _ in range(30)]
    S = uniq(S)
    R = ["Annotator 1 (ro)", "Annotator 2 (vk)", "Annotator 3 (yn)"]
    M = mat(S, R, paths, acc=0.7)
    short = {p: p.split(" > ")[-1] for p in paths}
    titles = {paths[0]: "Cast iron skillet 26 cm", paths[1]: "Silicone spatula set (3 pcs)",
              paths[2]: "2-person dome tent", paths[3]: "Argan oil shampoo 250 ml", paths[4]: "Strategy game: Harbour",
              paths[5]: "Wireless over-ear headphones"}
    rows = [["SKU", "Product title", "Merchant category", "Model prediction", "Model confidence"] + R]
    for s in S:
        vals = [M[s][r] for r in R]
        top = max(vals, key=vals.count)
        pred = top if rng.random() < 0.75 else rng.choice(paths)
        rows.append([s, titles[top], short[top].lower(), pred, round(rng.uniform(0.41, 0.99), 2)] + vals)
    xlsx_case("product_taxonomy_qa.xlsx", "QA sample", rows, k, S, R, M,
        "e-commerce categorisation QA: 3 annotators assign each product to a taxonomy path 'Home & Garden > Kitchen "
        "& Dining > Cookware' (one category, with '>' and '&' inside); the Model prediction uses the same paths but "
        "is the classifier's output, not an annotator; the merchant's own category and the model confidence are "
        "not ratings", keywords=[r"model", r"prediction", r"merchant", r"confidence"])


# ================================================================== E. finance and insurance
def g_finance():
    k = "finance-insurance"
    from openpyxl.styles import PatternFill
    # 32 Italian claims triage, cp1252 semicolons, euro amounts, n.d.
    S = uniq("%d/%06d" % (rng.choice([2024, 2025]), rng.randint(1, 999999)) for _ in range(28))
    R = ["Valutatore 1", "Valutatore 2", "Valutatore 3"]
    cats = ["Liquidazione rapida", "Standard", "Complesso", "Antifrode (SIU)"]
    M = mat(S, R, cats, acc=0.65, miss=0.06)
    rows = [["N. sinistro", "Data denuncia", "Ramo", "Importo riservato (€)"] + R + ["Note"]]
    for s in S:
        amt = "{:,.2f}".format(rng.uniform(300, 85000)).replace(",", "X").replace(".", ",").replace("X", ".")
        rows.append([s, "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 6)),
                     rng.choice(["RC Auto", "Casa", "Infortuni"]), "€ " + amt] +
                    [M[s][r] or "n.d." for r in R] + [rng.choice(["", "", "perizia richiesta", "testimoni"])])
    write_txt("sinistri_triage_it.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    add("sinistri_triage_it.csv", k, "import", reading(S, R, M),
        "Italian insurer's claims triage (Excel CSV: semicolons, Windows-1252, '€ 12.345,67'): 3 claims handlers "
        "route each claim to Liquidazione rapida / Standard / Complesso / Antifrode (SIU); 'n.d.' (non "
        "disponibile) is missing; claim numbers '2025/004512' are ids, not dates or fractions; Ramo is the line of "
        "business", keywords=[r"n\.d\.", r"ramo", r"importo"])

    # 33 credit committee notches beside a model rating
    pre = ["Alpenrose", "Baltic", "Cobalt", "Delta", "Eastwind", "Fjord", "Granite", "Harbour", "Iberia", "Juniper",
           "Kestrel", "Lumen", "Meridian", "Northstar", "Orchard", "Pioneer", "Quarry", "Redwood", "Solace", "Tidewater",
           "Umbra", "Vantage"]
    suf = ["Logistik GmbH", "Foods plc", "Energia S.p.A.", "Retail BV", "Chemicals AG", "Textiles SA"]
    S = ["%s %s" % (p, rng.choice(suf)) for p in pre]
    R = ["CRO", "Head of Credit", "Sector analyst", "Independent member"]
    lv = ["AAA", "AA+", "AA", "AA-", "A+", "A", "A-", "BBB+", "BBB", "BBB-", "BB+", "BB", "BB-", "B+", "B", "B-",
          "CCC", "D"]
    M = ordmat(S, R, lv, [1, 2, 3, 4, 5, 6, 7, 9, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], p_off=0.45)
    rows = [["Obligor", "Sector", "Exposure (EUR m)", "Model PD (%)", "Model rating"] + R + ["Final committee rating"]]
    for s in S:
        vals = [M[s][r] for r in R]
        mid = sorted(vals, key=lv.index)[1]
        rows.append([s, rng.choice(["Industrials", "Consumer", "Utilities", "Materials"]), round(rng.uniform(2, 180), 1),
                     round(0.03 * 1.45 ** lv.index(mid), 2), lv[max(0, min(17, lv.index(mid) + rng.choice([-1, 0, 1])))]] +
                    vals + [mid])
    xlsx_case("credit_committee_notches.xlsx", "Committee 2025-04", rows, k, S, R, M,
        "credit committee: 4 members each propose an internal rating on the notched scale AAA, AA+, AA, AA-, ... "
        "CCC, D ('AA-' is one notch below AA, the sign belongs to the grade); the scorecard's Model rating (on the "
        "same scale) and the Final committee rating are not members; exposure and PD are numbers, not ratings",
        keywords=[r"model", r"final", r"\bpd\b", r"exposure"])

    # 34 ESG risk categories with NA / N/A / n/a
    S = uniq("%s%09d%d" % (rng.choice(["DE000", "FR000", "NL000", "IT000"]), rng.randint(0, 999999999),
                            rng.randint(0, 9)) for _ in range(28))
    R = ["Analyst A. Ng", "Analyst B. Rossi", "Analyst C. Weber"]
    lv = ["Negligible", "Low", "Medium", "High", "Severe"]
    M = ordmat(S, R, lv, [8, 25, 35, 22, 10], p_off=0.35)
    raw = {s: dict(M[s]) for s in S}
    for s, r in rng.sample([(s, r) for s in S for r in R], 8):
        raw[s][r] = rng.choice(["NA", "N/A", "n/a", ""])
        M[s][r] = None
    rows = [["ISIN", "Company", "GICS sector", "Controversy level (vendor)"] + R]
    for s in S:
        rows.append([s, "Company %s" % s[-4:], rng.choice(["Energy", "Financials", "Health Care", "Industrials"]),
                     str(rng.randint(1, 5))] + [raw[s][r] for r in R])
    csv_case("esg_risk_analysts.csv", rows, k, S, R, M,
        "ESG risk categories (Negligible / Low / Medium / High / Severe) by 3 analysts for 28 issuers; not assessed "
        "is written 'NA', 'N/A', 'n/a' or left blank (all missing); the vendor's controversy level 1-5 and the "
        "sector are not analysts", keywords=[r"\bn/?a\b", r"controversy", r"sector"])

    # 35 delivery confidence RAG, partly abbreviated
    S = ["Project %s" % n for n in ["Aurora", "Beacon", "Cedar", "Delta Rail", "Ember", "Falcon", "Garnet", "Heron",
                                    "Iris", "Juno", "Kite", "Lantern", "Mistral", "Nimbus", "Opal", "Pylon", "Quartz",
                                    "Raven", "Sable", "Thistle"]]
    R = ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    lv = ["Green", "Amber/Green", "Amber", "Amber/Red", "Red"]
    ab = {"Green": "G", "Amber/Green": "A/G", "Amber": "A", "Amber/Red": "A/R", "Red": "R"}
    col = {"Green": "00B050", "Amber/Green": "92D050", "Amber": "FFC000", "Amber/Red": "FF6600", "Red": "FF0000"}
    M = ordmat(S, R, lv, [10, 25, 35, 20, 10], p_off=0.35)
    wb, ws = common.workbook("DCA")
    ws.append(["Project", "Department", "Whole life cost (£m)", "SRO"] + R + ["Agreed DCA"])
    for s in S:
        vals = [M[s][r] for r in R]
        shown = [vals[0], vals[1], ab[vals[2]] if rng.random() < 0.5 else vals[2]]
        ws.append([s, rng.choice(["DfT", "MoJ", "DHSC", "HMRC"]), round(rng.uniform(20, 4000), 0),
                   rng.choice(["J. Patel", "L. Morgan", "S. Wright"])] + shown + [sorted(vals, key=lv.index)[1]])
        for c in ws[ws.max_row][4:8]:
            full = {v: kk for kk, v in ab.items()}.get(c.value, c.value)
            c.fill = PatternFill("solid", fgColor=col[full])
    wb.save(common.P("delivery_confidence_rag.xlsx"))
    add("delivery_confidence_rag.xlsx", k, "import", reading(S, R, M),
        "project assurance: 3 reviewers give each project a delivery confidence assessment on the 5-point RAG scale "
        "Green, Amber/Green, Amber, Amber/Red, Red (cells also coloured); Reviewer 3 abbreviates about half of his "
        "cells (G, A/G, A, A/R, R), the same categories; 'Amber/Green' is one category, not two; the Agreed DCA "
        "is not a reviewer", keywords=[r"abbrev", r"'a/g'", r"'a/r'", r"no other rater used", r"spelling"],
        alts=[alt([[s, r, ab[M[s][r]]] for s in S for r in R], label="abbreviated categories")])


# ================================================================== F. shows and juries
def g_shows():
    k = "shows-juries"
    # 36 SCA cupping, quarter points, long (either)
    samples = ["Lot %s" % x for x in ["ET-Guji-07", "CO-Huila-12", "KE-Nyeri-03", "BR-Cerrado-21", "PA-Boquete-02",
                                      "RW-Nyamasheke-09", "GT-Huehue-14", "ID-Aceh-05"]]
    att = ["Fragrance/Aroma", "Flavor", "Aftertaste", "Acidity", "Body", "Balance", "Overall"]
    Q = ["Q-grader 1 (LM)", "Q-grader 2 (TS)", "Q-grader 3 (RB)", "Q-grader 4 (HK)"]
    S = [(s, a) for s in samples for a in att]
    lvl = ["%.2f" % (6 + 0.25 * i) for i in range(17)]
    M = {}
    for s in samples:
        base = rng.randint(5, 12)
        for a in att:
            t = base + rng.randint(-2, 2)
            M[(s, a)] = {q: lvl[max(0, min(16, t + rng.choice([-1, 0, 0, 1])))] for q in Q}
    rows = [["Session", "Sample", "Cupper", "Roast (Agtron)"] + att[:4] + ["Acidity intensity"] +
            [att[4], "Body level", att[5], "Uniformity", "Clean Cup", "Sweetness", att[6], "Total Score"]]
    tot = []
    for s in samples:
        for q in Q:
            v = {a: M[(s, a)][q] for a in att}
            t = sum(float(v[a]) for a in att) + 30
            tot.append([s, q, "%.2f" % t])
            rows.append(["2025-04-08 AM", s, q, str(rng.randint(55, 63))] + [v[a] for a in att[:4]] +
                        [rng.choice(["H", "M", "L"]), v[att[4]], rng.choice(["H", "M", "L"]), v[att[5]],
                         "10.00", "10.00", "10.00", v[att[6]], "%.2f" % t])
    write_txt("sca_cupping_long.csv", rows)
    add("sca_cupping_long.csv", k, "either", rdi(S, Q, M),
        "SCA cupping forms, one row per sample and Q-grader: 7 attributes scored 6.00-10.00 in quarter points "
        "(refusing them as a near-continuous scale is acceptable); subject = sample + attribute; Uniformity, Clean "
        "Cup and Sweetness are 10.00 throughout, the intensity/level marks H/M/L are descriptive, Total Score is a "
        "sum; reading the Total Score per sample is acceptable too",
        keywords=KW_CONT + KW_TOTAL + [r"intensity"], alts=[alt(tot, label="total scores")])

    # 37 FCI dog show gradings with trainee judges and Absent
    S = [str(i) for i in range(1, 41)]
    R = ["Judge (Mrs J. Halloran)", "Trainee judge 1", "Trainee judge 2"]
    lv = ["Excellent", "Very Good", "Good", "Sufficient", "Disqualified", "Cannot be judged"]
    M = ordmat(S, R, lv[:4], [40, 35, 18, 7], p_off=0.3)
    for s in rng.sample(S, 2):
        M[s] = {r: rng.choice(["Disqualified", "Cannot be judged"]) for r in R}
    absent = rng.sample([s for s in S if M[s][R[0]] in lv[:4]], 3)
    rows = [["Cat. no", "Breed", "Class", "Sex"] + R + ["Award"]]
    for s in S:
        br = rng.choice(["Border Collie", "Whippet", "Dachshund (Standard)", "Samoyed"])
        if s in absent:
            rows.append([int(s), br, rng.choice(["Open", "Junior", "Intermediate", "Champion"]),
                         rng.choice(["Dog", "Bitch"])] + ["Absent"] * 3 + [""])
            continue
        rows.append([int(s), br, rng.choice(["Open", "Junior", "Intermediate", "Champion"]),
                     rng.choice(["Dog", "Bitch"])] + [M[s][r] for r in R] +
                    [rng.choice(["", "", "CAC", "Res. CAC", "CACIB"]) if M[s][R[0]] == "Excellent" else ""])
    S2 = [s for s in S if s not in absent]
    write_txt("fci_gradings_trainee_judges.csv", rows)
    add("fci_gradings_trainee_judges.csv", k, "import", reading(S2, R, M),
        "FCI dog show: the official judge and 2 trainee judges grade each dog Excellent / Very Good / Good / "
        "Sufficient / Disqualified / Cannot be judged (the last two are gradings too); 'Absent' dogs were not "
        "judged (missing, all three columns); Sex Dog/Bitch and Class are not raters; Award (CAC, CACIB) follows "
        "the official judge's grading", keywords=[r"absent"])

    # 38 dog show placings, one judge per class (either, must note)
    rows = [["Breed", "Class", "Judge", "Placing", "Cat. no", "Dog", "Owner"]]
    rd = []
    cat = 100
    for br, jd in [("Labrador Retriever", "Mr P. Quayle"), ("Cocker Spaniel", "Mrs E. Lund"),
                   ("Beagle", "Mr T. Okafor"), ("Shetland Sheepdog", "Ms R. Varga")]:
        for cl in ["Puppy", "Junior", "Post Graduate", "Open"]:
            pl = ["1", "2", "3", "Res", "VHC"][:rng.randint(3, 5)]
            for p in pl:
                cat += 1
                rows.append([br, cl, jd, p, str(cat), "%s %s" % (rng.choice(["Sh Ch", "", ""]),
                                                                  rand_id(6, "abcdefghijklmnop").title()),
                             rng.choice(["Mrs A. Brown", "Mr & Mrs Cole", "Ms D. Finch"])])
                rd.append([str(cat), jd, p])
    write_txt("dog_show_placings_one_judge.csv", rows)
    add("dog_show_placings_one_judge.csv", k, "either", rd,
        "championship show results: each breed is judged by one judge who places the dogs of each class 1, 2, 3, "
        "Res, VHC; every dog has one placing from one judge, so agreement cannot be measured; refuse, or import "
        "saying so", keywords=KW_ONE, must_note=True)

    # 39 4-H livestock judging placings with official placing and cuts (either)
    classes = ["Market Steers", "Breeding Gilts", "Market Lambs", "Breeding Heifers", "Market Barrows", "Yearling Ewes"]
    con = [("101", "Ava Miller"), ("102", "Ben Ortiz"), ("103", "Cody Hahn"), ("104", "Dani Reyes"),
           ("105", "Eli Novak"), ("106", "Faith Lund"), ("107", "Gus Park"), ("108", "Hope Ibsen")]
    off, cuts, plc = {}, {}, {}
    for c in classes:
        o = rng.sample([1, 2, 3, 4], 4)
        off[c], cuts[c] = o, [rng.randint(1, 7) for _ in range(3)]
        for n, _ in con:
            p = list(o)
            for _ in range(rng.choice([0, 1, 1, 2])):
                i = rng.randrange(3)
                p[i], p[i + 1] = p[i + 1], p[i]
            plc[(c, n)] = p

    def score(c, p):
        o, cu = off[c], cuts[c]
        pen = 0
        for i in range(4):
            for j in range(i + 1, 4):
                a, b = o[i], o[j]
                if p.index(b) < p.index(a):
                    pen += sum(cu[i:j])
        return 50 - pen
    rows = [["Contestant #", "Name", "Team"] + [x for c in classes for x in (c, "Pts")] + ["Total"]]
    for n, nm in con:
        sc = [score(c, plc[(c, n)]) for c in classes]
        rows.append([n, nm, rng.choice(["Clay County", "Hill County"])] +
                    [x for c, s_ in zip(classes, sc) for x in ("-".join(map(str, plc[(c, n)])), str(s_))] + [str(sum(sc))])
    rows.append(["OFFICIAL", "", ""] + [x for c in classes for x in ("-".join(map(str, off[c])), "50")] + [""])
    rows.append(["Cuts", "", ""] + [x for c in classes for x in ("-".join(map(str, cuts[c])), "")] + [""])
    write_txt("livestock_judging_placings.csv", rows)
    rd = [["%s | %d" % (c, a), n, str(plc[(c, n)].index(a) + 1)] for c in classes for a in (1, 2, 3, 4) for n, _ in con]
    add("livestock_judging_placings.csv", k, "either", rd,
        "4-H livestock judging contest: 8 contestants place each class of 4 animals, written as the animals' "
        "numbers from first to last ('2-1-4-3'); read as ranks, subject = class + animal and the rating is the "
        "place the contestant gave it; OFFICIAL is the official placing (reference) and Cuts are the penalty "
        "points, neither a contestant; Pts and Total are scores against the official placing; reading each "
        "placing string as one category is wrong, refusing is acceptable",
        keywords=[r"placing", r"\brank", r"permutation", r"'\d-\d-\d-\d'"])

    # 40 horticultural show with class header rows
    classes = [("12", "Three onions, dressed", 20), ("14", "Five runner beans", 18), ("21", "Vase of three dahlias", 15),
               ("27", "Jar of strawberry jam", 20)]
    R = ["Judge A", "Judge B", "Judge C"]
    rows = [["Entry", "Exhibitor", "Judge A", "Judge B", "Judge C", "Total", "Award"]]
    S, M = [], {}
    for no, name, mx in classes:
        rows.append(["Class %s - %s (max %d points)" % (no, name, mx)])
        n = rng.randint(4, 7)
        ent = []
        for e in range(1, n + 1):
            s = "%s/%d" % (no, e)
            q = rng.randint(mx // 2, mx - 1)
            M[s] = {r: str(max(1, min(mx, q + rng.choice([-2, -1, 0, 0, 1])))) for r in R}
            S.append(s)
            ent.append(s)
        ranked = sorted(ent, key=lambda s: -sum(int(v) for v in M[s].values()))
        aw = {ranked[i]: w for i, w in enumerate(["1st", "2nd", "3rd", "HC"])}
        for s in ent:
            rows.append([s, "Exhibitor %d" % rng.randint(1, 60)] + [int(M[s][r]) for r in R] +
                        [sum(int(M[s][r]) for r in R), blank(aw.get(s, ""))])
        rows.append([])
    xlsx_case("horticultural_show_pointing.xlsx", "Results", rows, k, S, R, M,
        "village horticultural show: 3 judges point every entry against the class maximum (20, 18 or 15 points); "
        "each class starts with a heading row 'Class 12 - Three onions, dressed (max 20 points)' and ends with a "
        "blank row; entries '12/3' are ids; Total and Award (1st, 2nd, 3rd, HC) are derived",
        keywords=KW_TOTAL + [r"award", r"class"])

    # 41 architecture competition: a sheet per jury round
    E = uniq(rand_id(4, "ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(26))
    J = ["Prof. M. Lind", "Arch. S. Okoro", "Dipl.-Ing. T. Vogel", "Cllr R. Dunn", "Arch. P. Salo"]
    M1 = {e: {} for e in E}
    for e in E:
        p = rng.random()
        for j in J:
            M1[e][j] = "In" if rng.random() < p else "Out"
    short = [e for e in E if sum(v == "In" for v in M1[e].values()) >= 3]
    M2 = ordmat(short, J, ["1", "2", "3", "4", "5"], [10, 20, 35, 25, 10], p_off=0.35)
    r1 = [["Entry", "Submission date"] + J + ["In votes"]]
    for e in E:
        r1.append([e, dt.datetime(2025, 6, 30)] + [M1[e][j] for j in J] + [sum(v == "In" for v in M1[e].values())])
    r2 = [["Entry"] + J + ["Mean"]]
    for e in short:
        r2.append([e] + [int(M2[e][j]) for j in J] + [round(sum(int(v) for v in M2[e].values()) / 5, 1)])
    r3 = [["Shortlisted entries (3 or more In votes in round 1)"], ["Entry", "Round 2 mean", "Prize"]]
    for i, e in enumerate(sorted(short, key=lambda e: -sum(int(v) for v in M2[e].values()))):
        r3.append([e, round(sum(int(v) for v in M2[e].values()) / 5, 1), ["1st prize", "2nd prize", "3rd prize"][i]
                   if i < 3 else ("Honourable mention" if i < 5 else "")])
    write_xlsx("architecture_jury_rounds.xlsx", [("1st round", r1), ("2nd round", r2), ("Result", r3)])
    both = [["%s | round 1" % e, j, M1[e][j]] for e in E for j in J] + \
        [["%s | round 2" % e, j, M2[e][j]] for e in short for j in J]
    add("architecture_jury_rounds.xlsx", k, "import", reading(E, J, M1),
        "open architecture competition: 5 jurors vote In/Out on 26 anonymous entries in the 1st round (sheet 1); "
        "the entries with 3+ In votes go to a 2nd round scored 1-5 (sheet 2); sheet 3 is the result; either "
        "round is a proper reading (the first sheet is the full design), or both as separate items; In votes, "
        "Mean and the prizes are derived", keywords=[r"round", r"sheet"] + KW_TOTAL,
        alts=[alt(reading(short, J, M2), label="round 2"), alt(both, label="both rounds")])


# ================================================================== G. field and heritage
def g_field():
    k = "field-heritage"
    # 42 bird abundance classes
    sp = ["Skylark", "Meadow pipit", "Linnet", "Yellowhammer"]
    tr = [("T%d" % t, "S%d" % s) for t in (1, 2, 3) for s in (1, 2, 3, 4)]
    R = ["Obs. 1 (GH)", "Obs. 2 (WT)"]
    lv = ["0", "1", "2-5", "6-20", "21-100", "100+"]
    S = [(t, s, b) for t, s in tr for b in sp]
    M = ordmat(S, R, lv, [25, 20, 25, 18, 9, 3], p_off=0.3)
    rows = [["Date", "Transect", "Section", "Species"] + R + ["Weather", "Cloud (oktas)"]]
    vis = {t: ("2025-05-%02d" % rng.randint(3, 25), rng.choice(["Dry, light wind", "Overcast", "Sunny"]),
               str(rng.randint(0, 8))) for t in ("T1", "T2", "T3")}
    for (t, s, b) in S:
        rows.append([vis[t][0], t, s, b] + [M[(t, s, b)][r] for r in R] + [vis[t][1], vis[t][2]])
    csv_case("bird_abundance_classes.csv", rows, k, S, R, M,
        "farmland bird transect: 2 volunteers walking together record each species per section in abundance "
        "classes 0, 1, 2-5, 6-20, 21-100, 100+ ('2-5' is a class, not a date and not a range of two ratings); "
        "subject = transect + section + species; Cloud (oktas 0-8) and Weather describe the visit",
        keywords=[r"cloud", r"okta", r"weather"])

    # 43 pottery period attributions with '?Roman', ODS
    S = ["SH%04d" % (i + 1) for i in range(30)]
    R = ["Specialist 1 (JB)", "Specialist 2 (KO)", "Specialist 3 (LP)"]
    lv = ["Late Iron Age", "Roman", "Early Saxon", "Medieval", "Post-medieval"]
    M = ordmat(S, R, lv, [15, 35, 10, 28, 12], p_off=0.3)
    raw = {s: dict(M[s]) for s in S}
    for s, r in rng.sample([(s, r) for s in S for r in R], 11):
        raw[s][r] = "?" + M[s][r]
    rows = [["Context", "Sherd", "Weight (g)", "Count"] + R]
    for s in S:
        rows.append(["[%d]" % rng.choice([1043, 1051, 1102, 1107, 2010]), s, rng.randint(3, 140), rng.choice([1, 1, 1, 2])] +
                    [raw[s][r] for r in R])
    write_ods("pottery_period_attribution.ods", [("Spot dates", rows)])
    add("pottery_period_attribution.ods", k, "import", reading(S, R, M),
        "excavation finds: 3 ceramic specialists attribute each sherd to a period; a leading '?' ('?Roman') is the "
        "archaeologists' mark of a tentative attribution of that period, so it reads as Roman (keeping '?Roman' "
        "as its own category is acceptable too); context numbers '[1043]', weight in grams and Count are not "
        "ratings", keywords=[r"'\?", r"tentative", r"uncertain"],
        alts=[alt(reading(S, R, raw), label="'?' kept")])

    # 44 museum condition checks, gallery and case merged, accession numbers
    R = ["Conservator 1 (textiles)", "Conservator 2 (objects)"]
    lv = ["Good", "Fair", "Poor", "Unacceptable"]
    acc = uniq([rng.choice(["%d.%d.%d" % (rng.randint(1950, 2015), rng.randint(1, 300), rng.randint(1, 40)),
                            "%d.%d" % (rng.randint(1950, 2015), rng.randint(100, 999)),
                            "LOAN.%d.%d" % (rng.randint(2018, 2024), rng.randint(1, 9))]) for _ in range(30)])
    M = ordmat(acc, R, lv, [40, 35, 18, 7], p_off=0.3)
    cells = {(1, 1): "Gallery", (1, 2): "Case", (1, 3): "Accession no.", (1, 4): "Object", (1, 5): "Material",
             (1, 6): R[0], (1, 7): R[1], (1, 8): "Action"}
    merges = []
    rr, i = 2, 0
    gals = [("Gallery 2 - Textiles", ["Case 1", "Case 2"]), ("Gallery 5 - Everyday life", ["Case 7", "Case 8", "Case 9"]),
            ("Gallery 6 - Ceramics", ["Case 11", "Case 12"])]
    per = [len(acc) // 7] * 7
    for j in range(len(acc) - sum(per)):
        per[j] += 1
    ci = 0
    for g, cases in gals:
        g0 = rr
        for c in cases:
            c0 = rr
            for _ in range(per[ci]):
                a = acc[i]
                cells[(rr, 3)] = a
                cells[(rr, 4)], cells[(rr, 5)] = rng.choice(
                    [("Sampler", "Linen"), ("Christening gown", "Silk"), ("Butter churn", "Wood"), ("Clay pipe", "Ceramic"),
                     ("Teapot", "Ceramic"), ("Lace collar", "Linen"), ("Flat iron", "Iron"), ("Tin toy", "Tinplate"),
                     ("Jug", "Ceramic")])
                cells[(rr, 6)], cells[(rr, 7)] = M[a][R[0]], M[a][R[1]]
                cells[(rr, 8)] = rng.choice(["", "", "Monitor", "Remove for treatment", "Check RH"])
                rr += 1
                i += 1
            cells[(c0, 2)] = c
            if rr - 1 > c0:
                merges.append("B%d:B%d" % (c0, rr - 1))
            ci += 1
        cells[(g0, 1)] = g
        merges.append("A%d:A%d" % (g0, rr - 1))
    write_xlsx2("museum_condition_merged.xlsx", cells, title="Condition check 2025", merges=merges, freeze="D2")
    add("museum_condition_merged.xlsx", k, "import", reading(acc, R, M),
        "museum condition survey: 2 conservators independently grade each object Good / Fair / Poor / Unacceptable; "
        "Gallery and Case are merged vertically over their objects; accession numbers '2003.117' and "
        "'1998.45.12' are ids (not decimals or dates); Object, Material and Action are not ratings",
        keywords=[r"merged", r"gallery"])


# ================================================================== H. audits
def g_audits():
    k = "audits"
    # 45 Nielsen severity with a Found by list
    heur = ["H1 Visibility of system status", "H2 Match between system and the real world",
            "H3 User control and freedom", "H4 Consistency and standards", "H5 Error prevention",
            "H6 Recognition rather than recall", "H8 Aesthetic and minimalist design",
            "H9 Help users recognize, diagnose, and recover from errors"]
    S = ["UP-%02d" % (i + 1) for i in range(24)]
    R = ["Severity E1", "Severity E2", "Severity E3", "Severity E4"]
    M = ordmat(S, R, ["0", "1", "2", "3", "4"], [8, 25, 32, 25, 10], p_off=0.4)
    rows = [["Problem ID", "Heuristic", "Description", "Found by"] + R + ["Mean severity"]]
    for s in S:
        fb = sorted(rng.sample(["E1", "E2", "E3", "E4"], rng.randint(1, 3)))
        rows.append([s, rng.choice(heur), rng.choice(["No feedback after saving", "Two different icons for delete",
                                                      "Error message shows a code only", "Back button loses the form",
                                                      "Date format differs between screens"]), ", ".join(fb)] +
                    [M[s][r] for r in R] + ["%.2f" % (sum(int(M[s][r]) for r in R) / 4)])
    csv_case("heuristic_evaluation_severity.csv", rows, k, S, R, M,
        "heuristic evaluation: after merging the problems found, each of 4 evaluators rates the severity of every "
        "problem on Nielsen's 0-4 scale; 'Found by' lists who found the problem ('E1, E3'), Heuristic names the "
        "violated heuristic, Mean severity is derived", keywords=[r"found by", r"mean", r"heuristic"])

    # 46 WCAG audit per page and criterion
    pages = [("Home", "/"), ("Search results", "/search?q=tent"), ("Product detail", "/p/4711"), ("Basket", "/basket"),
             ("Checkout - address", "/checkout/1"), ("Checkout - payment", "/checkout/2"), ("Account login", "/login")]
    sc = [("1.1.1 Non-text Content", "A"), ("1.3.1 Info and Relationships", "A"), ("1.4.3 Contrast (Minimum)", "AA"),
          ("2.1.1 Keyboard", "A"), ("2.4.7 Focus Visible", "AA"), ("3.3.2 Labels or Instructions", "A"),
          ("4.1.2 Name, Role, Value", "A")]
    R = ["Auditor A", "Auditor B"]
    S = [(p, c) for p, _ in pages for c, _ in sc]
    M = mat(S, R, ["Pass", "Fail", "N/A", "Cannot tell"], acc=0.75)
    for s in S:
        if M[s][R[0]] == "Cannot tell" and M[s][R[1]] == "Cannot tell":
            M[s][R[1]] = "Fail"
    nt = rng.sample(S, 3)
    rows = [["Page", "URL", "Success criterion", "Level"] + R + ["Notes"]]
    for (p, u) in pages:
        for c, lvl in sc:
            rows.append([p, u, c, lvl] + [("Not tested" if (p, c) in nt and r == R[1] else M[(p, c)][r]) for r in R] +
                        [blank(rng.choice(["", "", "", "icon buttons unlabeled", "focus ring removed in CSS"]))])
    for s in nt:
        M[s][R[1]] = None
    xlsx_case("wcag_audit_two_auditors.xlsx", "Audit", rows, k, S, R, M,
        "accessibility audit: 2 auditors record a WCAG 2.1 outcome for each page and success criterion (Pass / Fail "
        "/ N/A / Cannot tell, as in WCAG-EM: 'N/A' = the content does not occur, a judgement the auditors can "
        "disagree on); 'Not tested' is missing; subject = page + criterion; Level A/AA and URL are not ratings; "
        "reading N/A as missing is acceptable only if said",
        keywords=[r"n/a", r"not applicable", r"not tested"],
        alts=[alt([["%s | %s" % s, r, M[s][r]] for s in S for r in R if M[s][r] not in (None, "N/A")],
                  must_note=True, label="N/A as missing")])

    # 47 food hygiene consistency exercise: component scores + rating
    scen = ["Scenario %d - %s" % (i + 1, t) for i, t in enumerate(["Takeaway", "Care home kitchen", "Bakery", "Pub",
                                                                    "Mobile van", "School kitchen", "Butcher",
                                                                    "Sushi bar", "Café", "Hotel", "Deli", "Market stall"])]
    O = ["EHO-%02d" % (i + 1) for i in range(8)]
    steps = {"Hygiene": [0, 5, 10, 15, 20, 25], "Structure": [0, 5, 10, 15, 20, 25],
             "Confidence in management": [0, 5, 10, 20, 30]}

    def fhrs(h, s, c):
        tot, hi = h + s + c, max(h, s, c)
        rt = 5 if tot <= 15 else 4 if tot <= 20 else 3 if tot <= 30 else 2 if tot <= 40 else 1 if tot <= 50 else 0
        rh = 5 if hi <= 5 else 4 if hi <= 10 else 2 if hi <= 15 else 1 if hi <= 20 else 0
        return min(rt, rh)
    rows = [["Scenario", "Officer", "Local authority", "Hygiene (0-25)", "Structure (0-25)",
             "Confidence in management (0-30)", "Total score", "Rating (0-5)"]]
    comp, rat = [], []
    for sname in scen:
        true = {c: rng.randrange(len(v) - 1) for c, v in steps.items()}
        for o in O:
            v = {c: steps[c][max(0, min(len(steps[c]) - 1, true[c] + rng.choice([-1, 0, 0, 0, 1])))] for c in steps}
            h, st, cm = v["Hygiene"], v["Structure"], v["Confidence in management"]
            rows.append([sname, o, rng.choice(["North Borough", "East District", "City Council"]), h, st, cm,
                         h + st + cm, fhrs(h, st, cm)])
            comp += [["%s | %s" % (sname, c), o, str(v[c])] for c in steps]
            rat.append([sname, o, str(fhrs(h, st, cm))])
    write_xlsx("food_hygiene_consistency.xlsx", [("Responses", rows)])
    add("food_hygiene_consistency.xlsx", k, "import", comp,
        "food hygiene consistency exercise: 8 officers score the same 12 written inspection scenarios on the "
        "three FHRS components (Hygiene and Structure 0-25, Confidence in management 0-30, in steps of 5) and the "
        "resulting food hygiene rating 0-5; subject = scenario + component; the rating (derived from the "
        "component scores) read alone per scenario is acceptable too; Total score is a sum, Local authority is "
        "not a rating", keywords=[r"officer", r"component"],
        alts=[alt(rat, label="ratings 0-5")])

    # 48 food hygiene open data: refuse
    rows = [["FHRSID", "LocalAuthorityBusinessID", "BusinessName", "BusinessType", "AddressLine1", "PostCode",
             "RatingValue", "RatingDate", "LocalAuthorityName", "Scores.Hygiene", "Scores.Structural",
             "Scores.ConfidenceInManagement", "SchemeType", "NewRatingPending"]]
    for i in range(40):
        rv = rng.choice(["5", "5", "5", "4", "4", "3", "2", "1", "0", "AwaitingInspection", "Exempt"])
        sc3 = ["", "", ""] if not rv.isdigit() else [str(rng.choice([0, 5, 10])), str(rng.choice([0, 5, 10])),
                                                      str(rng.choice([0, 5, 10, 20]))]
        rows.append([str(rng.randint(100000, 1800000)), "PI/%06d" % rng.randint(1, 999999),
                     rng.choice(["The Crown", "Golden Wok", "Sunrise Cafe", "Bella Pizza", "Spar", "Greggs"]),
                     rng.choice(["Restaurant/Cafe/Canteen", "Takeaway/sandwich shop", "Retailers - other",
                                 "Pub/bar/nightclub"]), "%d High Street" % rng.randint(1, 200),
                     "LS%d %d%s" % (rng.randint(1, 29), rng.randint(1, 9), rand_id(2, "ABDEFGHJLNPQRSTUWXYZ")), rv,
                     "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)) if rv.isdigit() else "",
                     "Leeds"] + sc3 + ["FHRS", "False"])
    write_txt("fhrs_open_data_extract.csv", rows)
    add("fhrs_open_data_extract.csv", k, "refuse", None,
        "the food hygiene rating open-data extract: one published rating per establishment with its three component "
        "scores from the same inspection; no establishment is rated twice and the Scores.* columns are components, "
        "not inspectors", keywords=KW_ONE + [r"component"])

    # 49 building condition grade + priority under two header rows
    blocks = ["Block A (1968)", "Block B (1974)", "Block C (2003)", "Sports hall"]
    el = ["Roof coverings", "External walls", "Windows and doors", "Heating plant", "Electrical distribution",
          "Sanitary fittings"]
    R = ["Surveyor 1 (ACR)", "Surveyor 2 (PDM)"]
    S = [(b, e) for b in blocks for e in el]
    G = ordmat(S, R, ["A", "B", "C", "D"], [15, 45, 30, 10], p_off=0.3)
    P = {}
    for s in S:
        P[s] = {r: str({"A": 4, "B": rng.choice([3, 4]), "C": rng.choice([2, 3]), "D": rng.choice([1, 2])}[G[s][r]])
                for r in R}
    cells = {(1, 1): "Block", (1, 2): "Element", (1, 3): R[0], (1, 5): R[1], (1, 7): "Est. cost (£)",
             (2, 3): "Condition", (2, 4): "Priority", (2, 5): "Condition", (2, 6): "Priority"}
    for i, (b, e) in enumerate(S):
        cells[(3 + i, 1)] = b
        cells[(3 + i, 2)] = e
        cells[(3 + i, 3)], cells[(3 + i, 4)] = G[(b, e)][R[0]], int(P[(b, e)][R[0]])
        cells[(3 + i, 5)], cells[(3 + i, 6)] = G[(b, e)][R[1]], int(P[(b, e)][R[1]])
        cells[(3 + i, 7)] = rng.choice([0, 0, 1500, 4200, 12000, 38000])
    write_xlsx2("building_condition_grade_priority.xlsx", cells, title="CDC", merges=("A1:A2", "B1:B2", "C1:D1", "E1:F1",
                                                                                     "G1:G2"), freeze="C3")
    both = [["%s | %s | %s" % (b, e, m), r, (G if m == "Condition" else P)[(b, e)][r]] for b, e in S for m in
            ("Condition", "Priority") for r in R]
    add("building_condition_grade_priority.xlsx", k, "import", both,
        "school building condition survey: 2 surveyors independently grade each element's condition A-D and its "
        "repair priority 1-4; two header rows (surveyor merged over Condition | Priority); subject = block + "
        "element + measure (the two scales are separate items); reading the condition grades alone is acceptable "
        "when the priorities are said to be left out; Est. cost is not a rating",
        keywords=[r"priority"],
        alts=[alt(rdi(S, R, G), must_note=True, label="condition only")])


# ================================================================== I. locales and workbooks
def g_locales():
    k = "locales-workbooks"
    # 50 Turkish cp1254 semicolon CSV
    S = ["2101%04d" % rng.randint(1, 9999) for _ in range(28)]
    S = uniq(S)
    R = ["Eğitmen 1", "Eğitmen 2", "Eğitmen 3"]
    lv = ["Yeterli", "Kısmen yeterli", "Yetersiz"]
    M = ordmat(S, R, lv, [45, 35, 20], p_off=0.3)
    raw = {s: dict(M[s]) for s in S}
    for s, r in rng.sample([(s, r) for s in S for r in R], 4):
        raw[s][r] = "Değerlendirilmedi"
        M[s][r] = None
    rows = [["Öğrenci No", "Şube", "Eğitmen 1", "Eğitmen 2", "Eğitmen 3", "Açıklama"]]
    for s in S:
        rows.append([s, rng.choice(["1-A", "1-B", "2-A"])] + [raw[s][r] for r in R] +
                    [rng.choice(["", "", "süre kısa", "başparmak atlandı", "tırnak altı yok"])])
    write_txt("el_hijyeni_tr_cp1254.csv", rows, delim=";", enc="cp1254", nl="\r\n")
    add("el_hijyeni_tr_cp1254.csv", k, "import", reading(S, R, M),
        "Turkish Excel CSV (semicolons, Windows-1254 with ı ğ ş İ): 3 nursing instructors rate each student's hand "
        "hygiene technique on video Yeterli / Kısmen yeterli / Yetersiz; 'Değerlendirilmedi' (not assessed) is "
        "missing; Şube '1-A' is the class section, not a rater; Açıklama is a remark",
        keywords=[r"not (valid )?utf-?8", r"accent", r"de[gğ]erlendirilmedi"])

    # 51 Google Forms in Italian with a grid question
    cases = ["Caso %d" % (i + 1) for i in range(15)]
    Rn = ["Giulia Ferri", "Marco Bianchi", "Sara Conti", "Luca Greco", "Elena Marino", "Paolo Rizzi", "Anna Galli"]
    lv = ["Appropriata", "Parzialmente appropriata", "Non appropriata"]
    M = mat(cases, Rn, lv, acc=0.65)
    q = "Valuta l'appropriatezza della prescrizione"
    rows = [["Informazioni cronologiche", "Indirizzo email", "Nome e cognome"] + ["%s [%s]" % (q, c) for c in cases] +
            ["Commenti"]]
    stamps = sorted((dt.datetime(2025, 3, 10) + dt.timedelta(hours=rng.randint(0, 200), minutes=rng.randint(0, 59),
                                                            seconds=rng.randint(0, 59)), r) for r in Rn)
    for t, r in stamps:
        rows.append(["%d/%d/%d %d.%02d.%02d" % (t.day, t.month, t.year, t.hour, t.minute, t.second),
                     "%s.%s@asl-example.it" % tuple(r.lower().split()), r] + [M[c][r] for c in cases] +
                    [rng.choice(["", "", "caso 4 dubbio", "mancano dati di laboratorio"])])
    write_txt("google_moduli_it_griglia.csv", rows)
    add("google_moduli_it_griglia.csv", k, "import", reading(cases, Rn, M),
        "Google Forms responses downloaded from Sheets with an Italian locale ('Informazioni cronologiche' "
        "'10/3/2025 14.05.33'): 7 clinicians each answer one multiple-choice grid, one column per case "
        "'Valuta ... [Caso 3]'; the raters are the respondents (rows), the subjects the grid rows (columns)",
        keywords=[r"respondent", r"transpos", r"caso"])

    # 52 Microsoft Forms in Portuguese, anonymous: raters are response ids
    items = ["Sinto-me tenso(a) ou nervoso(a)", "Tenho dificuldade em adormecer", "Perdi o interesse pelas coisas",
             "Sinto-me cansado(a) sem motivo", "Preocupo-me demasiado", "Tenho medo que algo mau aconteça",
             "Sinto o coração acelerado", "Evito sair de casa", "Irrito-me com facilidade",
             "Tenho dificuldade em concentrar-me", "Sinto-me sozinho(a)", "Choro com facilidade"]
    heads = ["%d. %s" % (i + 1, t) for i, t in enumerate(items)]
    ids_ = [str(i + 1) for i in range(8)]
    lv = ["Não relevante", "Pouco relevante", "Bastante relevante", "Muito relevante"]
    M = {h: {} for h in heads}
    for h in heads:
        t = rng.choices(range(4), [5, 15, 40, 40])[0]
        for r in ids_:
            M[h][r] = lv[max(0, min(3, t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0)))]
    rows = [["ID", "Hora de início", "Hora de conclusão", "Email", "Nome", "Hora da última modificação"] + heads +
            ["Comentários sobre a escala"]]
    for r in ids_:
        st = dt.datetime(2025, 4, 2, 9) + dt.timedelta(hours=rng.randint(0, 150), minutes=rng.randint(0, 59))
        rows.append([int(r), st, st + dt.timedelta(minutes=rng.randint(4, 15)), "anonymous", None, None] +
                    [M[h][r] for h in heads] + [blank(rng.choice(["", "", "Item 7 ambíguo", "Rever o item 10"]))])
    write_xlsx("msforms_pt_validade_conteudo.xlsx", [("Folha1", rows)])
    add("msforms_pt_validade_conteudo.xlsx", k, "import", reading(heads, ids_, M),
        "content validity panel in Microsoft Forms (Portuguese export, anonymous responses: Email 'anonymous', Nome "
        "empty): 8 experts rate the relevance of 12 questionnaire items Não relevante / Pouco relevante / Bastante "
        "relevante / Muito relevante; subject = item (column), rater = response (ID); the times are not ratings",
        keywords=[r"anonymous", r"respondent", r"transpos"])

    # 53 end-point assessment, one sheet per apprentice (either)
    apps = ["APP-%04d %s" % (rng.randint(1000, 9999), n) for n in ["R. Ahmed", "S. Brooks", "T. Chowdhury", "U. Dale",
                                                                    "V. Evans", "W. Fraser", "X. Gill", "Y. Hughes"]]
    crit = ["Leading people", "Managing people", "Building relationships", "Communication",
            "Operational management", "Project management", "Finance", "Self-awareness"]
    R = ["Assessor 1 (independent)", "Assessor 2 (moderator)"]
    lv = ["Fail", "Pass", "Distinction"]
    S = [(a, c) for a in apps for c in crit]
    M = ordmat(S, R, lv, [12, 63, 25], p_off=0.25)
    ov = {}
    sheets = [("Summary", [["Apprentice", "Standard", "Overall grade (agreed)", "Date"]])]
    for a in apps:
        body = [["Apprentice: %s" % a], ["Standard: Team leader / supervisor (Level 3)"], [],
                ["Criterion"] + R + ["Evidence / comments"]]
        for c in crit:
            body.append([c] + [M[(a, c)][r] for r in R] + [rng.choice(["", "portfolio p.12", "Q3 in interview"])])
        for r in R:
            g = [M[(a, c)][r] for c in crit]
            ov[(a, r)] = "Fail" if "Fail" in g else "Distinction" if g.count("Distinction") >= 4 else "Pass"
        body += [[], ["Overall grade"] + [ov[(a, r)] for r in R] + [""]]
        sheets.append((a[:31], body))
        sheets[0][1].append([a, "Team leader (L3)", ov[(a, R[0])], "2025-06-%02d" % rng.randint(2, 27)])
    write_xlsx("epa_one_sheet_per_apprentice.xlsx", sheets)
    plain = rdi(S, R, M)
    add("epa_one_sheet_per_apprentice.xlsx", k, "either", plain,
        "apprenticeship end-point assessment workbook: a Summary sheet, then one sheet per apprentice with the 8 "
        "criteria graded Fail / Pass / Distinction by the independent assessor and a moderator, and each one's "
        "Overall grade (derived by the grading rules) below; the careful reading joins the 8 apprentice sheets "
        "(subject = apprentice + criterion; the overall grades as a ninth item are acceptable too); reading one "
        "apprentice's sheet or the Summary alone is wrong; refusing the spread-out layout is acceptable",
        keywords=[r"sheet", r"summary", r"overall"],
        alts=[alt(plain + [["%s | Overall grade" % a, r, ov[(a, r)]] for a in apps for r in R],
                  label="overall grade as an item")])


def main():
    common.main(10, (g_occ, g_clinical, g_education, g_ml, g_finance, g_shows, g_field, g_audits, g_locales))


if __name__ == "__main__":
    sys.exit(main())
