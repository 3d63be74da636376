#!/usr/bin/env python3
"""corpus 9: rating files of kinds in none of corpora 4, 5, 6, 7 and 8, for `tapdesk inspect` (seeded).

Kinds: veterinary and pathology (a Stata long file of dog body-condition scores with labelled vets, equine
lameness per limb in ODS, canine mast-cell tumours graded in two systems per pathologist, HER2 IHC '1+'/'2+'/
'3+' beside an ISH reference, Ki-67 percentages, a QuPath cell-detection export); image grading (psoriasis IGA
'2 - Mild' photo grading, glaucoma cup-to-disc ratios written '.6' with 'Ungradable'); psychiatry and nursing
(PANSS 30 items in SPSS with subscale totals, an SBAR handover audit with two header rows, a spacer column,
'N/A' and a Compliance % row, GCS written 'E3V4M6' with intubated 'VT'); pharmacovigilance (WHO-UMC causality
categories with slashes, Naranjo scores with negative values beside derived categories, a CIOMS line listing
with reporter vs company causality, a blank Naranjo template); legal and trust & safety (a Relativity QC
sample with first-pass / QC roles and an active-learning rank, a vendor moderation calibration session with
a policy SME answer and a calibration-score row); audio (a lab ACR MOS test with trap and gold clips, CMOS
-3..+3 from a CSV-injection-sanitising tool ''-2', a MOS-per-system summary table); software (a Jira CSV with
repeated 'Labels' headers and per-triager severity fields, GitHub PR reviews with re-reviews); judging (ski
jumping style marks with the discarded marks in parentheses, surfing heat wave scores, a film festival jury
with sections, 'Not seen'/'Abstain', a jury decision column and a comments-only file, a piano competition with
'—' abstentions, photo contest ranks, Devpost hackathon judging by criterion); survey tools (Alchemer with
'question:row' headers and Partial/Disqualified statuses, SoSci Survey as UTF-16 'Unicode text' with a
description row, -9/-1 codes and Q_VIEWER previews, Unipark/EFS with tester rows and -77/-99, a Chinese
Wenjuanxing export); clinical systems (an Epic Clarity flowsheet extract with RASS '+1' from two flowsheet
rows among other measures, a Castor EDC workbook with ##USER_MISSING_95## codes and option-group sheets);
labelling tools (a Labelbox legacy CSV with JSON labels and skipped rows, CVAT-style bounding boxes);
statistics packages (a SAS PROC PRINT listing with page breaks, a SAS data-step CSV with '.' missing and an
adjudication column, an Excel 'Formatted Text (Space delimited)' .prn with spaces inside the categories);
spreadsheet habits (VLOOKUP #N/A error cells and a MODE column, a web-table paste with no-break and
zero-width spaces, batches appended with their header rows, a Mac 'CSV (Macintosh)' with CR line ends in
MacRoman, a Polish cp1250 semicolon CSV, a Japanese Shift-JIS CSV); designs without agreement (each chart
audited once, a reviewer assignment matrix of X marks, an applicant-tracking pipeline export); audiology
thresholds in dB with 'NR'.

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ9_SEED (default 20261201).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (limb, system, item,
element, round, criterion, ear and frequency); the runner matches renamed subjects by content.
Needs openpyxl, odfpy, pandas and pyreadstat (PYTHONPATH=/tmp/corpus6/pylib for odfpy).
"""
import datetime as dt
import json
import os
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, cell, csv_case, dta, KW_LAYOUT, KW_REPEAT, KW_TOTAL, mat, rand_id,
                    rdi, reading, sav, write_ods, write_txt, write_xlsx, write_xlsx2,
                    xlsx_case)  # noqa: E402
from common import KW_CONT, KW_ONE, blank, ordmat, uniq  # noqa: E402

rng = common.init(9, 20261201)
TRUTH = common.TRUTH

def nums(S, R, lo, hi, spread=1, step=1):
    M = {}
    for s in S:
        q = rng.randint(lo, hi)
        M[s] = {r: str(max(lo, min(hi, q + step * rng.randint(-spread, spread)))) for r in R}
    return M


def cont(S, R, lo, hi, sd, dec=1):
    """continuous values near a true value per subject, as text with dec decimals."""
    M = {}
    for s in S:
        q = rng.uniform(lo, hi)
        M[s] = {r: "%.*f" % (dec, max(lo, min(hi, q + rng.gauss(0, sd)))) for r in R}
    return M


# ================================================================== A. veterinary, pathology, image grading
def g_vet_path():
    k = "vet-pathology"
    import pandas as pd
    # 1 Stata long file: dog body condition score, vet with value labels
    S = ["D%03d" % (i + 1) for i in range(24)]
    R = ["Vet A (Hughes)", "Vet B (Okafor)", "Vet C (Lindqvist)"]
    M = nums(S, R, 2, 8, spread=1)
    for s, r in rng.sample([(s, r) for s in S for r in R], 4):
        M[s][r] = None
    breeds = ["Labrador", "Beagle", "Border Collie", "Dachshund", "Greyhound", "Cocker Spaniel", "Pug"]
    rows = []
    for s in S:
        b, w = rng.choice(breeds), round(rng.uniform(6, 38), 1)
        for j, r in enumerate(R):
            rows.append(dict(dog_id=s, breed=b, weight_kg=w, vet=j + 1,
                             bcs=float(M[s][r]) if M[s][r] is not None else float("nan"),
                             exam_date=pd.Timestamp(2024, 4, 8 + j)))
    df = pd.DataFrame(rows)
    dta("vet_bcs_long.dta", df, variable_value_labels={"vet": {j + 1: r for j, r in enumerate(R)}},
        column_labels={"dog_id": "Dog ID", "breed": "Breed", "weight_kg": "Body weight (kg)",
                       "vet": "Examining veterinarian", "bcs": "Body condition score (1-9)",
                       "exam_date": "Examination date"})
    add("vet_bcs_long.dta", k, "import", reading(S, R, M),
        "Stata long file: 3 vets score each dog's body condition 1-9 (vet is a labelled number, bcs has 4 missing "
        "values); breed, body weight in kg and the exam date are not ratings",
        keywords=[r"weight", r"breed", r"exam_date"])

    # 2 equine lameness per limb, ODS
    horses = ["Bella", "Comet", "Duke", "Ember", "Flint", "Gypsy", "Hector", "Indigo", "Juno", "Koda"]
    limbs = ["LF", "RF", "LH", "RH"]
    S = [(h, l) for h in horses for l in limbs]
    R = ["Dr. Moreau", "Dr. Saatchi", "Dr. Kilbride"]
    M = ordmat(S, R, ["0", "1", "2", "3", "4", "5"], [50, 20, 15, 9, 4, 2], p_off=0.3)
    rows = [["Horse", "Age (y)", "Discipline", "Limb"] + R]
    for h in horses:
        age, disc = rng.randint(4, 19), rng.choice(["Dressage", "Eventing", "Show jumping", "Leisure"])
        for l in limbs:
            rows.append([h, age, disc, l] + [int(M[(h, l)][r]) for r in R])
    write_ods("equine_lameness_aaep.ods", [("Trot up", rows)])
    add("equine_lameness_aaep.ods", k, "import", rdi(S, R, M),
        "equine lameness exam: 3 vets grade every limb (LF, RF, LH, RH) of 10 horses on the AAEP scale 0-5; "
        "subject = horse + limb; Age and Discipline are not ratings", keywords=[r"\bage\b", r"limb"])

    # 3 canine mast cell tumours in two grading systems per pathologist
    S0 = ["MCT-24-%03d" % (i + 1) for i in range(26)]
    R = ["P1", "P2", "P3"]
    pat = ordmat(S0, R, ["I", "II", "III"], [30, 50, 20], p_off=0.25)
    M = {}
    for s in S0:
        M[(s, "Patnaik")] = pat[s]
        M[(s, "Kiupel")] = {r: ("High" if pat[s][r] == "III" or (pat[s][r] == "II" and rng.random() < 0.3)
                                else "Low") for r in R}
    S = [(s, sy) for s in S0 for sy in ("Patnaik", "Kiupel")]
    rows = [["Case", "Breed", "Location", "Patnaik P1", "Patnaik P2", "Patnaik P3", "Kiupel P1", "Kiupel P2",
             "Kiupel P3"]]
    for s in S0:
        rows.append([s, rng.choice(["Boxer", "Labrador", "Pug", "Golden Retriever", "Mixed"]),
                     rng.choice(["Trunk", "Limb", "Head", "Inguinal"])] +
                    [M[(s, sy)][r] for sy in ("Patnaik", "Kiupel") for r in R])
    write_xlsx("canine_mast_cell_two_systems.xlsx", [("Grading", rows)])
    add("canine_mast_cell_two_systems.xlsx", k, "import", rdi(S, R, M),
        "canine cutaneous mast cell tumours graded by 3 pathologists in two systems (Patnaik I/II/III and Kiupel "
        "Low/High); headers 'system pathologist'; subject = case + system; Breed and Location are not ratings",
        keywords=[r"patnaik", r"kiupel", r"system"])

    # 4 HER2 IHC 0/1+/2+/3+ with an ISH reference
    S = ["S24-%05d A%d" % (rng.randint(10000, 99999), rng.randint(1, 4)) for _ in range(30)]
    R = ["Path 1", "Path 2", "Path 3"]
    M = ordmat(S, R, ["0", "1+", "2+", "3+"], [30, 30, 25, 15], p_off=0.3)
    rows = [["Block", "Tumour type", "Path 1", "Path 2", "Path 3", "ISH HER2/CEP17 ratio", "ISH result (reference)"]]
    for s in S:
        top = max(["0", "1+", "2+", "3+"].index(M[s][r]) for r in R)
        ratio = round(rng.uniform(2.2, 6.5) if top == 3 or (top == 2 and rng.random() < 0.4) else rng.uniform(0.8, 1.9), 2)
        rows.append([s, rng.choice(["IDC NST", "ILC", "IDC NST", "Mucinous"])] + [M[s][r] for r in R] +
                    ["%.2f" % ratio, "Amplified" if ratio >= 2.0 else "Not amplified"])
    csv_case("her2_ihc_ish_reference.csv", rows, k, S, R, M,
        "HER2 immunohistochemistry scored 0, 1+, 2+, 3+ by 3 pathologists ('1+' is a score, not 1 and a sign; "
        "reading 0/1/2/3 is the same scale); the ISH ratio and the ISH result are the reference test, not raters",
        keywords=[r"\bish\b", r"reference", r"ratio"], aliases={"1+": ["1"], "2+": ["2"], "3+": ["3"]})

    # 5 Ki-67 percentages: continuous
    S = ["BC-%04d" % rng.randint(1000, 9999) for _ in range(25)]
    S = list(dict.fromkeys(S))
    R = ["Pathologist A", "Pathologist B", "Pathologist C"]
    M = cont(S, R, 1, 80, 5, dec=1)
    rows = [["Case", "Grade (report)", "Ki-67 % Pathologist A", "Ki-67 % Pathologist B", "Ki-67 % Pathologist C"]]
    rows += [[s, rng.choice(["G1", "G2", "G3"])] + [M[s][r] for r in R] for s in S]
    write_txt("ki67_hotspot_percent.csv", rows)
    add("ki67_hotspot_percent.csv", k, "either", reading(S, R, M),
        "continuous percentages (refusing them as measurements, pointing to ICC, is acceptable): Ki-67 hotspot "
        "index by 3 pathologists, one decimal; the report grade G1-G3 is not a rater", keywords=KW_CONT + [r"grade"])

    # 6 QuPath cell detections: no raters
    rows = [["Image", "Name", "Class", "Parent", "ROI", "Centroid X µm", "Centroid Y µm", "Nucleus: Area",
             "Nucleus: Hematoxylin OD mean", "Nucleus: DAB OD mean", "Cell: Area", "Cell: DAB OD max"]]
    for img in ("BC-1182_Ki67.svs", "BC-1190_Ki67.svs", "BC-1204_Ki67.svs"):
        for _ in range(60):
            dab = rng.uniform(0.02, 0.9)
            rows.append([img, "", "Positive" if dab > 0.2 else "Negative", "Annotation (Tumor)", "Polygon",
                         "%.2f" % rng.uniform(100, 4000), "%.2f" % rng.uniform(100, 4000), "%.4f" % rng.uniform(15, 70),
                         "%.4f" % rng.uniform(0.1, 0.6), "%.4f" % dab, "%.4f" % rng.uniform(40, 180),
                         "%.4f" % (dab + rng.uniform(0, 0.3))])
    write_txt("qupath_detections.csv", rows)
    add("qupath_detections.csv", k, "refuse", None,
        "QuPath 'Export measurements' of cell detections: one row per detected nucleus with an algorithm's "
        "Positive/Negative class and measurements; no raters and no repeated judgements of the same cell",
        keywords=[r"no rater", r"one rat", r"only one", r"measurement", r"detection"])

    # 7 psoriasis IGA photo grading '2 - Mild'
    S = ["PSO-%03d_v%d.jpg" % (rng.randint(1, 120), rng.randint(1, 4)) for _ in range(30)]
    S = list(dict.fromkeys(S))
    R = ["Derm 1", "Derm 2", "Derm 3"]
    lab = ["0 - Clear", "1 - Almost clear", "2 - Mild", "3 - Moderate", "4 - Severe"]
    M = ordmat(S, R, ["0", "1", "2", "3", "4"], [10, 20, 30, 25, 15], p_off=0.35)
    rows = [["Photo", "Body site", "BSA (%)"] + R]
    for s in S:
        rows.append([s, rng.choice(["Elbow", "Knee", "Scalp", "Trunk"]), rng.randint(1, 35)] +
                    [lab[int(M[s][r])] for r in R])
    xlsx_case("psoriasis_iga_photos.xlsx", "IGA", rows, k, S, R, M,
        "psoriasis photos graded on the IGA 0-4 scale by 3 dermatologists, cells '2 - Mild' (code and label in one "
        "cell, the same category either way); BSA (%) and body site are not ratings",
        keywords=[r"\bbsa\b", r"body site"], aliases={str(i): [l] for i, l in enumerate(lab)})

    # 8 glaucoma vertical cup-to-disc ratio, '.6' and 'Ungradable'
    S = ["FUN%05d_%s" % (rng.randint(10000, 99999), rng.choice(["OD", "OS"])) for _ in range(28)]
    S = list(dict.fromkeys(S))
    R = ["Grader 1", "Grader 2", "Grader 3"]
    M = ordmat(S, R, ["0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9"], [5, 12, 18, 20, 18, 14, 9, 4],
               p_off=0.4)
    raw = {s: dict(M[s]) for s in S}
    for s in S:
        raw[s]["Grader 2"] = M[s]["Grader 2"][1:]
    for s, r in rng.sample([(s, r) for s in S for r in R], 4):
        raw[s][r] = "Ungradable"
        M[s][r] = None
    rows = [["Image", "Image quality (tech)", "Grader 1", "Grader 2", "Grader 3"]]
    for s in S:
        rows.append([s, rng.choice(["Good", "Good", "Fair", "Poor"])] + [raw[s][r] for r in R])
    csv_case("glaucoma_vcdr_graders.csv", rows, k, S, R, M,
        "vertical cup-to-disc ratios 0.2-0.9 in steps of 0.1 by 3 graders (Grader 2 types '.6'); 'Ungradable' is "
        "missing; the photographer's Image quality Good/Fair/Poor is not a grader",
        keywords=[r"ungradable", r"image quality"])


# ================================================================== B. psychiatry, nursing, emergency
def g_clinical():
    k = "clinical"
    import pandas as pd
    # 9 PANSS in SPSS: rows patient x rater, 30 items, subscale totals
    pts = ["PT%02d" % (i + 1) for i in range(8)]
    items = ["P%d" % i for i in range(1, 8)] + ["N%d" % i for i in range(1, 8)] + ["G%d" % i for i in range(1, 17)]
    R = ["Dr Alvarez", "Dr Brennan", "Dr Chaudhry", "Dr Dupont"]
    S = [(p, it) for p in pts for it in items]
    M = ordmat(S, R, ["1", "2", "3", "4", "5", "6", "7"], [25, 20, 20, 15, 10, 7, 3], p_off=0.35)
    labs = {1: "Absent", 2: "Minimal", 3: "Mild", 4: "Moderate", 5: "Moderate severe", 6: "Severe", 7: "Extreme"}
    rows = []
    for p in pts:
        for j, r in enumerate(R):
            d = dict(patient=p, rater=j + 1, visit="Baseline video")
            for it in items:
                d[it] = float(M[(p, it)][r])
            d["PANSS_P"] = sum(d[i] for i in items[:7])
            d["PANSS_N"] = sum(d[i] for i in items[7:14])
            d["PANSS_G"] = sum(d[i] for i in items[14:])
            d["PANSS_TOT"] = d["PANSS_P"] + d["PANSS_N"] + d["PANSS_G"]
            rows.append(d)
    df = pd.DataFrame(rows)
    sav("panss_video_ratings.sav", df,
        variable_value_labels=dict({"rater": {j + 1: r for j, r in enumerate(R)}}, **{it: labs for it in items}),
        column_labels={"patient": "Patient", "rater": "Rater", "visit": "Visit", "PANSS_P": "Positive subscale",
                       "PANSS_N": "Negative subscale", "PANSS_G": "General psychopathology subscale",
                       "PANSS_TOT": "PANSS total"})
    add("panss_video_ratings.sav", k, "import", rdi(S, R, M),
        "PANSS reliability: 4 psychiatrists rate 8 videotaped interviews on the 30 items P1-G16 (1-7, value "
        "labels Absent..Extreme); one row per patient and rater; subject = patient + item; the subscale and total "
        "scores are sums, the visit is constant", keywords=KW_TOTAL + [r"panss_", r"subscale"],
        aliases={str(c): [l] for c, l in labs.items()})

    # 10 SBAR handover audit: two header rows, spacer column, N/A, compliance row
    hos = ["H%02d" % (i + 1) for i in range(20)]
    el = ["S", "B", "A", "R"]
    R = ["Auditor 1 (CNS)", "Auditor 2 (Ward manager)"]
    S = [(h, e) for h in hos for e in el]
    M = {}
    for s in S:
        if rng.random() < 0.1:
            M[s] = {r: "N/A" for r in R}
            if rng.random() < 0.3:
                M[s][rng.choice(R)] = "Not met"
            continue
        t = rng.choices(["Met", "Partially met", "Not met"], [60, 25, 15])[0]
        M[s] = {r: t if rng.random() < 0.8 else rng.choice(["Met", "Partially met", "Not met"]) for r in R}
    cells = {(1, 1): "Nursing handover audit - SBAR compliance - Ward 7B - Q2 2024",
             (2, 1): "Handover", (2, 2): "Date", (2, 3): "Shift", (2, 4): R[0], (2, 9): R[1]}
    for j, e in enumerate(el):
        cells[(3, 4 + j)] = e
        cells[(3, 9 + j)] = e
    for i, h in enumerate(hos):
        rr = 4 + i
        cells[(rr, 1)] = h
        cells[(rr, 2)] = dt.datetime(2024, 4, 2) + dt.timedelta(days=3 * i)
        cells[(rr, 3)] = rng.choice(["Day > Night", "Night > Day", "Late > Night"])
        for j, e in enumerate(el):
            cells[(rr, 4 + j)] = M[(h, e)][R[0]]
            cells[(rr, 9 + j)] = M[(h, e)][R[1]]
    rr = 4 + len(hos) + 1
    cells[(rr, 1)] = "Compliance %"
    for b, r in ((4, R[0]), (9, R[1])):
        for j, e in enumerate(el):
            vals = [M[(h, e)][r] for h in hos if M[(h, e)][r] != "N/A"]
            cells[(rr, b + j)] = "%d%%" % round(100 * sum(v == "Met" for v in vals) / max(1, len(vals)))
    write_xlsx2("handover_audit_sbar.xlsx", cells, title="Audit", merges=("D2:G2", "I2:L2"), freeze="D4")
    plain = [["%s | %s" % s, r, M[s][r]] for s in S for r in R if M[s][r] != "N/A"]
    full = [["%s | %s" % s, r, M[s][r]] for s in S for r in R]
    add("handover_audit_sbar.xlsx", k, "import", plain,
        "SBAR handover audit: a title row, then two header rows (auditor merged over S/B/A/R) with an empty spacer "
        "column between the two auditors' blocks; subject = handover + SBAR element; 'N/A' (element not "
        "applicable) is missing; the Compliance % row at the bottom is a summary; Date and Shift are not ratings",
        keywords=[r"n/a", r"compliance", r"summary", r"not applicable"],
        alts=[alt(full, must_note=True, label="N/A kept as a category")])

    # 11 GCS composite strings E3V4M6 (either)
    pts = ["ED-%05d" % rng.randint(10000, 99999) for _ in range(22)]
    pts = list(dict.fromkeys(pts))
    R = ["Triage nurse GCS", "ED physician GCS", "Neurology GCS"]
    comp = {}
    rows = [["Patient", "Arrival", "Mechanism"] + R]
    for p in pts:
        e0, v0, m0 = rng.randint(1, 4), rng.randint(1, 5), rng.randint(2, 6)
        intub = rng.random() < 0.15
        line = [p, "2024-02-%02d %02d:%02d" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59)),
                rng.choice(["Fall", "RTC", "Assault", "Medical"])]
        for r in R:
            e = max(1, min(4, e0 + rng.choice([0, 0, 0, -1, 1])))
            v = max(1, min(5, v0 + rng.choice([0, 0, 0, -1, 1])))
            m = max(1, min(6, m0 + rng.choice([0, 0, 0, -1, 1])))
            comp[(p, r)] = (e, None if intub else v, m)
            line.append("E%dV%sM%d" % (e, "T" if intub else v, m))
        rows.append(line)
    write_txt("gcs_composite_cells.csv", rows)
    rd = [["%s | %s" % (p, c), r, str(x)] for p in pts for c, i in (("E", 0), ("V", 1), ("M", 2)) for r in R
          for x in [comp[(p, r)][i]] if x is not None]
    tot = [[p, r, str(sum(comp[(p, r)]))] for p in pts for r in R if comp[(p, r)][1] is not None]
    add("gcs_composite_cells.csv", k, "either", rd,
        "Glasgow Coma Scale written as one string 'E3V4M6' by a triage nurse, an ED physician and a neurologist; "
        "'VT' = intubated, verbal not testable; a careful analyst splits the eye/verbal/motor components (subject "
        "= patient + component) or sums them (totals, intubated left out); refusing the composite cells is "
        "acceptable, reading each string as one category is not",
        keywords=[r"composite", r"e\dv\dm\d", r"gcs"],
        alts=[alt(tot, label="totals")])


# ================================================================== C. pharmacovigilance and legal review
def g_pharma_legal():
    k = "pharma-legal"
    # 12 WHO-UMC causality with slashes in categories
    S = ["SE-MPA-2024-0%05d" % rng.randint(10000, 99999) for _ in range(30)]
    S = list(dict.fromkeys(S))
    R = ["Assessor 1", "Assessor 2", "Assessor 3"]
    cats = ["Certain", "Probable/Likely", "Possible", "Unlikely", "Conditional/Unclassified",
            "Unassessable/Unclassifiable"]
    M = mat(S, R, cats, acc=0.55)
    drugs = ["Amoxicillin", "Atorvastatin", "Metformin", "Ibuprofen", "Levetiracetam", "Apixaban", "Sertraline"]
    pts_ = ["Rash", "Hepatotoxicity", "Angioedema", "Nausea", "Hyponatraemia", "Haemorrhage", "Myalgia"]
    rows = [["Report ID", "Suspected drug", "Reaction (MedDRA PT)", "Serious"] + R]
    for s in S:
        rows.append([s, rng.choice(drugs), rng.choice(pts_), rng.choice(["Yes", "No", "No"])] + [M[s][r] for r in R])
    csv_case("who_umc_causality.csv", rows, k, S, R, M,
        "pharmacovigilance: 3 assessors rate causality of 30 reports on the WHO-UMC scale; 'Probable/Likely' and "
        "'Conditional/Unclassified' are single categories (the slash is part of the name, not two labels); Serious "
        "Yes/No is a fact of the report, not a rater", keywords=[r"serious", r"multi", r"slash"])

    # 13 Naranjo total scores (negative values) with derived categories
    S = ["ADR-%03d" % (i + 1) for i in range(24)]
    R = ["Pharmacist A", "Pharmacist B"]
    M = {}
    for s in S:
        t = rng.randint(-2, 10)
        M[s] = {r: str(max(-4, min(13, t + rng.choice([-1, 0, 0, 0, 1])))) for r in R}
    M[S[3]]["Pharmacist A"] = "-2"

    def ncat(v):
        v = int(v)
        return "Definite" if v >= 9 else "Probable" if v >= 5 else "Possible" if v >= 1 else "Doubtful"
    rows = [["Case", "Suspected drug", "Pharmacist A score", "Pharmacist A category", "Pharmacist B score",
             "Pharmacist B category"]]
    for s in S:
        rows.append([s, rng.choice(drugs)] + [x for r in R for x in (int(M[s][r]), ncat(M[s][r]))])
    write_xlsx("naranjo_score_and_category.xlsx", [("Naranjo", rows)])
    add("naranjo_score_and_category.xlsx", k, "import", reading(S, R, M),
        "Naranjo ADR probability scale by 2 pharmacists: the total score (-4..13, negative scores occur) and the "
        "category it maps to (Doubtful/Possible/Probable/Definite, derived from the score); reading the scores or "
        "the categories is acceptable", keywords=[r"derived", r"score.{0,20}category"],
        alts=[alt([[s, r, ncat(M[s][r])] for s in S for r in R], label="categories")])

    # 14 CIOMS line listing: reporter vs company causality, 'Not reported'
    S = ["%s-%s%07d" % (rng.choice(["US", "DE", "FR", "JP"]), "MAH", rng.randint(1000000, 9999999)) for _ in range(28)]
    S = list(dict.fromkeys(S))
    R = ["Causality (reporter)", "Causality (company)"]
    M = mat(S, R, ["Related", "Not related"], acc=0.7)
    raw = {s: dict(M[s]) for s in S}
    for s in rng.sample(S, 6):
        raw[s][R[0]] = "Not reported"
        M[s][R[0]] = None
    rows = [["Case ID", "Country", "Age/Sex", "Suspect product", "Event (PT)", "Onset date", "Outcome"] + R]
    for s in S:
        rows.append([s, s[:2], "%d/%s" % (rng.randint(18, 88), rng.choice("MF")), "Zentrivax 20 mg",
                     rng.choice(pts_), "%02d-%s-2024" % (rng.randint(1, 28), rng.choice(["JAN", "FEB", "MAR", "APR"])),
                     rng.choice(["Recovered", "Recovering", "Not recovered", "Unknown"])] + [raw[s][r] for r in R])
    csv_case("cioms_line_listing_causality.csv", rows, k, S, R, M,
        "CIOMS II line listing: for each case the reporter's and the company's causality assessment (Related / "
        "Not related); 'Not reported' is missing; Age/Sex '54/F', Outcome and dates are not ratings",
        keywords=[r"not reported", r"outcome", r"age/sex"],
        alts=[alt([[s, r, raw[s][r]] for s in S for r in R], must_note=True, label="'Not reported' as a category")])

    # 15 blank Naranjo template: refuse
    qs = ["Are there previous conclusive reports on this reaction?",
          "Did the adverse event appear after the suspected drug was administered?",
          "Did the adverse reaction improve when the drug was discontinued or a specific antagonist was administered?",
          "Did the adverse reaction reappear when the drug was readministered?",
          "Are there alternative causes (other than the drug) that could on their own have caused the reaction?",
          "Did the reaction reappear when a placebo was given?",
          "Was the drug detected in the blood (or other fluids) in concentrations known to be toxic?",
          "Was the reaction more severe when the dose was increased, or less severe when the dose was decreased?",
          "Did the patient have a similar reaction to the same or similar drugs in any previous exposure?",
          "Was the adverse event confirmed by any objective evidence?"]
    pts_map = [(1, 0, 0), (2, -1, 0), (1, 0, 0), (2, -1, 0), (-1, 2, 0), (-1, 1, 0), (1, 0, 0), (1, 0, 0), (1, 0, 0),
               (1, 0, 0)]
    rows = [["Naranjo Adverse Drug Reaction Probability Scale"], ["Patient:", "", "Drug:", "", "Assessor:"], [],
            ["#", "Question", "Yes", "No", "Do not know", "Score"]]
    for i, (q, p) in enumerate(zip(qs, pts_map)):
        rows.append([i + 1, q, p[0], p[1], p[2], ""])
    rows += [["", "Total score", "", "", "", ""], [],
             ["Interpretation: >= 9 definite; 5-8 probable; 1-4 possible; <= 0 doubtful"]]
    write_xlsx("naranjo_blank_template.xlsx", [("Naranjo", rows)])
    add("naranjo_blank_template.xlsx", k, "refuse", None,
        "the blank Naranjo form: 10 questions with the points each answer earns (+1, +2, -1, 0) and an empty Score "
        "column; a scoring key, no ratings of any case", keywords=[r"template", r"scoring key", r"no ratings", r"empty"])

    # 16 Relativity QC sample: first pass vs QC roles, active-learning rank
    S = ["ACME%07d" % rng.randint(100000, 9999999) for _ in range(40)]
    S = list(dict.fromkeys(S))
    roles = ["Responsiveness - First Pass", "Responsiveness - QC"]
    M = mat(S, roles, ["Responsive", "Not Responsive", "Further Review"], acc=0.8)
    fp_pool = ["jsmith", "mgarcia", "tnguyen", "aokafor", "lberg"]
    qc_pool = ["qc.rpatel", "qc.dlevy"]
    rows = [["Control Number", "Group Identifier", "Custodian", "Document Type", "Rank", "First Pass Reviewer",
             roles[0], "QC Reviewer", roles[1], "Overturned"]]
    byname = []
    for s in S:
        a, b = rng.choice(fp_pool), rng.choice(qc_pool)
        rows.append([s, s[:8] + "000", rng.choice(["Lee, Harold", "Gomez, Maria", "Chan, Peter"]),
                     rng.choice(["Email", "Attachment", "Edoc"]), str(rng.randint(0, 100)), a, M[s][roles[0]], b,
                     M[s][roles[1]], "Yes" if M[s][roles[0]] != M[s][roles[1]] else "No"])
        byname += [[s, a, M[s][roles[0]]], [s, b, M[s][roles[1]]]]
    csv_case("relativity_qc_sample.csv", rows, k, S, roles, M,
        "e-discovery QC sample (Relativity export): each document's first-pass responsiveness call and the QC "
        "reviewer's call; the raters are the two review passes (reviewer names change per document); Rank is the "
        "active-learning model score 0-100, Overturned is derived, Custodian and Group Identifier are metadata",
        keywords=[r"rank", r"overturned", r"reviewer"],
        alts=[alt(byname, label="reviewers by name")])

    # 17 moderation vendor calibration session with SME answer
    S = [str(i + 1) for i in range(25)]
    R = ["TP-4471", "TP-4502", "TP-4519", "TP-4533", "TP-4560", "TP-4587", "TP-4611", "TP-4640"]
    cats = ["HS1", "HS2", "HS3", "NV"]
    sme = {s: rng.choice(cats) for s in S}
    M = {s: {r: sme[s] if rng.random() < 0.75 else rng.choice(cats) for r in R} for s in S}
    rows = [["Calibration session #14 - Hate Speech policy v3.2 - 2024-06-12"],
            ["Codes: HS1 slur, HS2 dehumanising, HS3 stereotype, NV no violation"], [],
            ["Item", "Content ID"] + R + ["Policy SME answer", "% agree with SME"]]
    for s in S:
        rows.append([int(s), rand_id(12, "0123456789abcdef")] + [M[s][r] for r in R] +
                    [sme[s], "%d%%" % round(100 * sum(M[s][r] == sme[s] for r in R) / len(R))])
    rows.append(["Calibration score", ""] + ["%d%%" % round(100 * sum(M[s][r] == sme[s] for s in S) / len(S))
                                             for r in R] + ["", ""])
    xlsx_case("moderation_calibration_session.xlsx", "Session 14", rows, k, S, R, M,
        "trust & safety vendor calibration: 8 moderators (badge ids) label the same 25 items with policy codes; "
        "'Policy SME answer' is the reference, not a moderator; '% agree with SME' and the Calibration score row "
        "are summaries; title and code legend lines above; Content ID is a second id",
        keywords=[r"sme answer", r"calibration score", r"% agree", r"reference"])


# ================================================================== D. audio and software
def g_audio_code():
    k = "audio-software"
    # 18 lab ACR MOS test with trap and gold clips
    files = ["f_%04d.wav" % rng.randint(1, 9999) for _ in range(20)]
    files = list(dict.fromkeys(files))
    gold = ["gold_clean_01.wav", "gold_degraded_02.wav"]
    traps = ["trap_01.wav", "trap_02.wav"]
    L = ["L%02d" % (i + 1) for i in range(8)]
    cond = {f: rng.choice(["tts_A", "tts_B", "tts_C", "vocoder"]) for f in files}
    cond.update({gold[0]: "reference", gold[1]: "anchor", traps[0]: "trap", traps[1]: "trap"})
    M = ordmat(files, L, ["1", "2", "3", "4", "5"], [8, 20, 30, 27, 15], p_off=0.4)
    M[gold[0]] = {l: rng.choice(["5", "5", "4"]) for l in L}
    M[gold[1]] = {l: rng.choice(["1", "1", "2"]) for l in L}
    T = {t: {l: "2" if rng.random() < 0.9 else rng.choice(["3", "4"]) for l in L} for t in traps}
    rows = [["listener_id", "session", "trial", "file", "condition", "rating", "rating_time_ms", "is_gold",
             "is_trap"]]
    allf = files + gold + traps
    for l in L:
        for i, f in enumerate(rng.sample(allf, len(allf))):
            v = T[f][l] if f in traps else M[f][l]
            rows.append([l, "S%d" % (1 + L.index(l) // 4), str(i + 1), f, cond[f], v, str(rng.randint(2500, 21000)),
                         "1" if f in gold else "0", "1" if f in traps else "0"])
    write_txt("mos_acr_lab_test.csv", rows)
    S = files + gold
    plain = reading(S, L, M)
    add("mos_acr_lab_test.csv", k, "import", plain,
        "lab ACR listening test (P.800 1-5): 8 listeners rate every clip; the two trap clips ask the listener to "
        "answer 2 (an instructed response, is_trap=1) and are not quality judgements; the gold clips (hidden "
        "reference and anchor) are rated clips; condition, trial, session and rating time are not ratings",
        keywords=[r"trap", r"gold"],
        alts=[alt(reading(files, L, M), label="gold clips left out too"),
              alt(plain + [[t, l, T[t][l]] for t in traps for l in L], must_note=True, label="traps kept, noted")])

    # 19 CMOS -3..+3 from a tool that sanitises CSV injection with a leading apostrophe
    pairs = ["pair_%02d" % (i + 1) for i in range(16)]
    Rr = ["R%02d" % (i + 1) for i in range(10)]
    M = {}
    for p in pairs:
        q = rng.randint(-2, 2)
        M[p] = {r: str(max(-3, min(3, q + rng.choice([-1, 0, 0, 1])))) for r in Rr}
    san = lambda v: "'" + ("+" + v if int(v) > 0 else v) if v != "0" else "0"
    rows = [["pair_id", "system_a", "system_b", "rater_id", "cmos", "comment", "submitted"]]
    for p in pairs:
        a, b = rng.sample(["base", "ft_v2", "ft_v3", "teacher"], 2)
        for r in Rr:
            c = rng.choice(["", "", "", "'- B has clicks", "'= same to me", "B more natural"])
            rows.append([p, a, b, r, san(M[p][r]), c, "2024-09-1%d 1%d:%02d" % (rng.randint(0, 9), rng.randint(0, 9),
                                                                                rng.randint(0, 59))])
    write_txt("cmos_sanitised_signs.csv", rows)
    add("cmos_sanitised_signs.csv", k, "import", reading(pairs, Rr, M),
        "comparison MOS (CMOS -3..+3, B against A) from a web tool that protects against CSV formula injection by "
        "prefixing an apostrophe to cells starting with - + = ('-2, '+1; 0 stays 0): the apostrophe is not part of "
        "the score; comments carry the same prefix", keywords=[r"apostrophe", r"'"],
        aliases={v: ["'" + ("+" + v if int(v) > 0 else v)] for v in ["-3", "-2", "-1", "1", "2", "3"]})

    # 20 MOS per system and condition: a results table, refuse
    rows = [["Mean opinion scores (MOS) per system and condition, 24 listeners, 95% CI about +/-0.09"], [],
            ["System", "Clean", "Babble 10 dB", "Babble 0 dB", "Car 5 dB", "Reverb T60 0.6 s"]]
    for sy in ["Reference", "Anchor (3.5 kHz LP)", "Codec A 6 kbps", "Codec A 12 kbps", "Codec B 6 kbps",
               "Codec B 12 kbps", "Codec C 8 kbps", "Neural codec 3 kbps"]:
        base = rng.uniform(1.5, 4.7)
        rows.append([sy] + ["%.2f" % max(1, min(5, base - d + rng.uniform(-0.2, 0.2))) for d in (0, 0.3, 0.9, 0.5, 0.6)])
    rows += [[], ["Source: listening test 2024-10, ITU-T P.800 ACR; values are means over listeners"]]
    write_txt("mos_summary_per_system.csv", rows)
    add("mos_summary_per_system.csv", k, "refuse", None,
        "a results table of MOS means per codec and noise condition (title and source lines say so): the columns "
        "are conditions, not raters, and the cells are means over 24 listeners, not ratings",
        keywords=[r"\bmos\b", r"mean", r"summary", r"results"])

    # 21 Jira CSV with repeated 'Labels' headers and per-triager severity fields
    S = ["PAY-%d" % n for n in rng.sample(range(1200, 1800), 26)]
    R = ["Custom field (Severity (Triager 1))", "Custom field (Severity (Triager 2))",
         "Custom field (Severity (Triager 3))"]
    sev = ["S1 - Blocker", "S2 - Critical", "S3 - Major", "S4 - Minor"]
    M = ordmat(S, R, sev, [10, 25, 40, 25], p_off=0.35, miss=0.08)
    rows = [["Summary", "Issue key", "Issue id", "Issue Type", "Status", "Priority", "Resolution", "Assignee",
             "Reporter", "Created", "Updated", "Labels", "Labels", "Labels"] + R + ["Sprint",
                                                                                  "Custom field (Story Points)"]]
    sums = ["Refund fails for partial captures", "Timeout on 3DS redirect", "Typo in invoice footer",
            "Duplicate webhook delivery", "Currency rounding off by one cent", "Login loop on Safari",
            "Export CSV missing header", "Crash when card expired"]
    for s in S:
        lb = rng.sample(["payments", "regression", "customer-reported", "ios", "web", "backend"], rng.randint(0, 3))
        lb += [""] * (3 - len(lb))
        rows.append([rng.choice(sums), s, str(10000 + int(s[4:])), rng.choice(["Bug", "Bug", "Task"]),
                     rng.choice(["Open", "In Progress", "Done"]), rng.choice(["Highest", "High", "Medium", "Low"]),
                     "", rng.choice(["", "Priya Shah", "Tom Ek"]), rng.choice(["Ana Ruiz", "Ben Cho"]),
                     "%02d/Mar/24 %d:%02d AM" % (rng.randint(1, 28), rng.randint(1, 11), rng.randint(0, 59)),
                     "%02d/Apr/24 %d:%02d PM" % (rng.randint(1, 28), rng.randint(1, 11), rng.randint(0, 59))] + lb +
                    [M[s][r] or "" for r in R] + ["PAY Sprint %d" % rng.randint(40, 44), rng.choice(["1", "2", "3", "5", "8", ""])])
    csv_case("jira_severity_triage.csv", rows, k, S, R, M,
        "Jira issue export: three triagers each set their own Severity custom field ('S2 - Critical'); the three "
        "columns named 'Labels' are one multi-value field split by Jira; Priority is the reporter's field, not a "
        "triager; Issue id repeats the key; story points and sprint are not ratings",
        keywords=[r"priority", r"labels", r"story points"])

    # 22 GitHub PR reviews with re-reviews (either)
    prs = sorted(rng.sample(range(400, 900), 18))
    revs = ["octo-ana", "bkowalski", "chen-dev", "dmitri-p", "e-obi"]
    rows = [["repo", "pr_number", "pr_title", "author", "reviewer", "state", "submitted_at", "body"]]
    last = {}
    evs = []
    for p in prs:
        au = rng.choice(revs + ["f-lopez"])
        good = rng.random() < 0.6
        for rv in rng.sample([x for x in revs if x != au], rng.randint(2, 3)):
            t = dt.datetime(2024, 5, 1) + dt.timedelta(hours=rng.randint(0, 900))
            fin = "APPROVED" if (good if rng.random() < 0.8 else not good) else "CHANGES_REQUESTED"
            if rng.random() < 0.3:
                evs.append((t, p, au, rv, "CHANGES_REQUESTED", "Please add a test for the null case."))
                t = t + dt.timedelta(hours=rng.randint(2, 40))
                fin = "APPROVED"
            evs.append((t, p, au, rv, fin, "" if fin == "APPROVED" else "See inline comments."))
            last[(p, rv)] = fin
    for t, p, au, rv, st, body in sorted(evs):
        rows.append(["acme/payments-api", str(p), "PR title %d" % p, au, rv, st, t.strftime("%Y-%m-%dT%H:%M:%SZ"), body])
    write_txt("github_pr_reviews.csv", rows)
    rd = [[str(p), rv, v] for (p, rv), v in sorted(last.items())]
    add("github_pr_reviews.csv", k, "either", rd,
        "GitHub pull-request reviews: 2-3 reviewers per PR give APPROVED or CHANGES_REQUESTED; some reviewers "
        "reviewed twice (changes requested, then approved after new commits), so a reviewer's verdict is the "
        "latest one; the PR author is not a reviewer of their PR; refusing the repeated pairs is acceptable",
        keywords=KW_REPEAT + [r"author"])


# ================================================================== E. judging panels
def g_judging():
    k = "judging"
    # 23 ski jumping style marks with the discarded marks in parentheses
    names = ["KOBAYASHI Ryoyu", "KRAFT Stefan", "GRANERUD Halvor Egner", "GEIGER Karl", "ZAJC Timi",
             "LANISEK Anze", "KUBACKI Dawid", "WELLINGER Andreas", "FORFANG Johann Andre", "DESCHWANDEN Gregor",
             "HOERL Jan", "ZYLA Piotr", "PREVC Domen", "KOS Lovro", "LINDVIK Marius", "AMMANN Simon",
             "SATO Yukiya", "PASCHKE Pius", "TANDE Daniel-Andre", "WOHLGENANNT Ulrich"]
    nat = ["JPN", "AUT", "NOR", "GER", "SLO", "SLO", "POL", "GER", "NOR", "SUI", "AUT", "POL", "SLO", "SLO", "NOR",
           "SUI", "JPN", "GER", "NOR", "AUT"]
    J = ["Judge A", "Judge B", "Judge C", "Judge D", "Judge E"]
    S, M, rows = [], {}, [["Bib", "Name", "Nation", "Round", "Speed (km/h)", "Distance (m)", "Dist. pts"] + J +
                          ["Judges pts", "Gate", "Gate pts", "Wind (m/s)", "Wind pts", "Round pts"]]
    for i, (n, c) in enumerate(zip(names, nat)):
        for rd_ in (1, 2):
            if rd_ == 2 and i >= 15:
                continue
            q = rng.choice([16.5, 17.0, 17.5, 18.0, 18.0, 18.5, 18.5, 19.0, 19.5])
            marks = [max(14.0, min(20.0, q + rng.choice([-0.5, 0, 0, 0, 0.5]))) for _ in J]
            M[(n, rd_)] = {j: "%.1f" % m for j, m in zip(J, marks)}
            S.append((n, rd_))
            lo, hi = marks.index(min(marks)), marks.index(max(marks))
            if lo == hi:
                hi = (lo + 1) % 5
            shown = ["(%.1f)" % m if x in (lo, hi) else "%.1f" % m for x, m in enumerate(marks)]
            dist = rng.choice([118.5, 122.0, 125.5, 127.0, 130.0, 131.5, 134.0])
            dpts = round(60 + (dist - 120) * 1.8, 1)
            jp = round(sum(sorted(marks)[1:4]), 1)
            wind = round(rng.uniform(-0.6, 1.2), 2)
            wp = round(-wind * (8.0 if wind > 0 else 9.68), 1)
            rows.append([str(51 - i), n, c, str(rd_), "%.1f" % rng.uniform(89.5, 92.0), "%.1f" % dist, "%.1f" % dpts] +
                        shown + ["%.1f" % jp, "12", "", "%.2f" % wind, "%.1f" % wp, "%.1f" % (dpts + jp + wp)])
    write_txt("ski_jumping_style_marks.csv", rows)
    vals = ["%.1f" % (14 + 0.5 * i) for i in range(13)]
    add("ski_jumping_style_marks.csv", k, "import", rdi(S, J, M),
        "ski jumping results: 5 judges' style marks (14.0-20.0 in half points) per jump; the highest and the lowest "
        "mark of each jump are shown in parentheses '(18.5)' because they are discarded from Judges pts, but they "
        "are still the judges' marks; subject = jumper + round (the last 5 did not reach round 2); distance, wind, "
        "gate and points are not ratings", keywords=[r"parenthes", r"\(", r"distance", r"wind"],
        aliases={v: ["(%s)" % v] for v in vals})

    # 24 surfing heat scores (either)
    surfers = ["I. Ferreira", "G. Medina", "J. Robinson", "F. Toledo", "E. Igarashi", "L. Pupo", "K. Andino",
               "R. Callinan"]
    J = ["J1", "J2", "J3", "J4", "J5"]
    S, M = [], {}
    rows = [["Heat", "Surfer", "Jersey", "Wave"] + J + ["Wave score", "Counted"]]
    for h in (1, 2):
        for sf in surfers[(h - 1) * 4:h * 4]:
            jersey = rng.choice(["Red", "White", "Blue", "Yellow"])
            for w in range(1, rng.randint(4, 8)):
                q = rng.uniform(0.8, 9.2)
                M[(h, sf, w)] = {j: "%.1f" % max(0.1, min(10.0, q + rng.gauss(0, 0.4))) for j in J}
                S.append((h, sf, w))
                v = sorted(float(x) for x in M[(h, sf, w)].values())
                rows.append(["Heat %d" % h, sf, jersey, str(w)] + [M[(h, sf, w)][j] for j in J] +
                            ["%.2f" % (sum(v[1:4]) / 3), ""])
    write_txt("surfing_heat_scores.csv", rows)
    add("surfing_heat_scores.csv", k, "either", rdi([("Heat %d" % h, sf, w) for h, sf, w in S], J,
                                                  {("Heat %d" % h, sf, w): M[(h, sf, w)] for h, sf, w in S}),
        "continuous 0.1-10.0 wave scores (refusing them as measurements is acceptable): surfing heats, 5 judges "
        "score every wave; subject = heat + surfer + wave; Wave score (mean of the middle three), Jersey and the "
        "empty Counted column are not ratings", keywords=KW_CONT + [r"wave score", r"jersey"])

    # 25 film festival jury with sections, Not seen / Abstain, jury decision
    films = [("Main competition", "The Salt Road"), ("Main competition", "Winter Ledger"),
             ("Main competition", "Nocturne for Ana"), ("Main competition", "Half-Light"),
             ("Main competition", "Paper Boats"), ("Main competition", "The Quiet Year"),
             ("Documentary", "Rivers Remember"), ("Documentary", "Steel Town"), ("Documentary", "After the Flood"),
             ("Documentary", "The Archivist"), ("Shorts", "Lemonade"), ("Shorts", "Night Bus"),
             ("Shorts", "Kite"), ("Shorts", "Tin Soldier"), ("Shorts", "Ferry")]
    S = [f for _, f in films]
    R = ["Agnès Varga", "Tomás Ruiz", "Ingrid Holm", "Kwame Asante", "Mei Tanaka"]
    M = nums(S, R, 3, 9, spread=2)
    raw = {s: dict(M[s]) for s in S}
    for s, r in rng.sample([(s, r) for s in S for r in R], 5):
        raw[s][r] = rng.choice(["Not seen", "Abstain (conflict)"])
        M[s][r] = None
    rows = [["Section", "Film", "Director", "Country"] + R + ["Average", "Jury decision"]]
    for (sec, f) in films:
        vals = [int(M[f][r]) for r in R if M[f][r] is not None]
        rows.append([sec, f, rng.choice(["L. Costa", "M. Haddad", "S. Park", "J. Novak", "A. Okoye"]),
                     rng.choice(["PT", "LB", "KR", "CZ", "NG"])] + [cell(raw[f][r]) for r in R] +
                    [round(sum(vals) / len(vals), 2), ""])
    for sec in ("Main competition", "Documentary", "Shorts"):
        best = max([f for s2, f in films if s2 == sec],
                   key=lambda f: sum(int(M[f][r]) for r in R if M[f][r]) / sum(1 for r in R if M[f][r]))
        rows[1 + S.index(best)][-1] = "Best film" if sec == "Main competition" else "Best %s" % sec.lower()
    rows[1 + S.index(films[2][1])][-1] = rows[1 + S.index(films[2][1])][-1] or "Special mention"
    xlsx_case("film_jury_scores.xlsx", "Jury", rows, k, S, R, M,
        "film festival jury scores 1-10 by 5 jurors; 'Not seen' and 'Abstain (conflict)' are missing; Section "
        "groups the films (not a rater), Average and the Jury decision (awards) are derived",
        keywords=[r"not seen", r"abstain", r"section", r"decision"])

    # 26 jury comments only: refuse
    comm = ["Beautifully shot but the third act drags.", "A brave debut; the sound design is remarkable.",
            "Too long. Strong performances though.", "I was moved; the ending earns its silence.",
            "Derivative of early Kiarostami, but sincere.", "The editing is the real star here.",
            "Uneven; some scenes feel improvised in a bad way.", "Would support a special mention."]
    rows = [["Film", "Juror", "Comment"]]
    for f in S[:10]:
        for r in rng.sample(R, 3):
            rows.append([f, r, rng.choice(comm)])
    write_xlsx("film_jury_comments_only.xlsx", [("Comments", rows)])
    add("film_jury_comments_only.xlsx", k, "refuse", None,
        "jurors' written comments per film (Film, Juror, Comment): free text only, no ratings",
        keywords=[r"free.?text", r"only text", r"no ratings"])

    # 27 piano competition with em-dash abstentions
    cands = ["%s %s" % (a, b) for a, b in zip(["Anna", "Bartosz", "Chloé", "Dmitri", "Eun-ae", "Felix", "Giulia",
                                                "Hiroshi", "Ilse", "Jakub", "Kaito", "Lucía", "Mateusz", "Nora"],
                                               ["Lewandowska", "Nowicki", "Martin", "Orlov", "Kim", "Bauer", "Rossi",
                                                "Sato", "De Wit", "Dvořák", "Mori", "Fernández", "Zieliński", "Berg"])]
    R = ["Prof. Kowalczyk", "Prof. Ashkenazy", "Dr. Lemaire", "Prof. Yamada", "Ms. Albers", "Prof. Rinaldi",
         "Dr. Okonkwo"]
    M = nums(cands, R, 12, 24, spread=2)
    for s, r in rng.sample([(s, r) for s in cands for r in R], 5):
        M[s][r] = None
    rows = [["No.", "Candidate", "Age", "Country"] + R + ["Average (excl. max/min)", "Qualified"]]
    for i, s in enumerate(cands):
        v = sorted(int(M[s][r]) for r in R if M[s][r] is not None)
        av = sum(v[1:-1]) / (len(v) - 2)
        rows.append([str(i + 1), s, str(rng.randint(17, 29)), rng.choice(["POL", "FRA", "JPN", "KOR", "ITA", "GER"])] +
                    [M[s][r] if M[s][r] is not None else "—" for r in R] + ["%.2f" % av, "Yes" if av >= 18 else "No"])
    csv_case("piano_competition_round1.csv", rows, k, cands, R, M,
        "piano competition round 1: 7 jurors score 1-25; '—' (em dash) marks a juror who does not score their own "
        "student (missing); the trimmed average and Qualified are derived; Age is not a rating",
        keywords=[r"—", r"dash", r"average", r"qualified"])

    # 28 photo contest ranks
    S = ["Entry %d" % (101 + i) for i in range(18)]
    R = ["Judge Ortega", "Judge Lind", "Judge Mbeki", "Judge Sato", "Judge Weiss"]
    q = {s: rng.gauss(0, 1) for s in S}
    M = {s: {} for s in S}
    for r in R:
        order = sorted(S, key=lambda s: -(q[s] + rng.gauss(0, 0.7)))
        for i, s in enumerate(order):
            M[s][r] = str(i + 1)
    rows = [["Entry", "Photographer", "Category"] + R + ["Rank sum", "Final place"]]
    rs = {s: sum(int(M[s][r]) for r in R) for s in S}
    place = {s: i + 1 for i, s in enumerate(sorted(S, key=lambda s: rs[s]))}
    for s in S:
        rows.append([s, rng.choice(["K. Abe", "L. Moreau", "P. Singh", "R. Olsen", "T. Vargas"]),
                     rng.choice(["Landscape", "Portrait", "Street"])] + [M[s][r] for r in R] + [str(rs[s]), str(place[s])])
    csv_case("photo_contest_ranks.csv", rows, k, S, R, M,
        "photo contest: each of 5 judges ranks all 18 entries 1-18 (ranks are the ratings, Kendall's W territory); "
        "Rank sum and Final place are derived; Category and Photographer are not ratings",
        keywords=[r"rank sum", r"final place", r"category"])

    # 29 Devpost hackathon judging by criterion
    projs = ["MediMinder", "RouteWise", "GreenGrid", "StudyBuddy AI", "FoodLoop", "SafeWalk", "WaterWatch",
             "TuneTogether", "ClinicQueue", "BikeShare+", "LeafScan", "VoiceNotes Pro", "OpenShelf", "HeatMap Hero"]
    judges = [("Rosa Diaz", "rosa@sponsor.io"), ("Ken Adams", "ken@uni.edu"), ("Mira Patel", "mira@vc.com"),
              ("Leo Fischer", "leo@devrel.dev"), ("Sun Li", "sun@uni.edu"), ("Omar Farouk", "omar@sponsor.io")]
    crit = ["Technical Difficulty (1-5)", "Design (1-5)", "Impact (1-5)", "Creativity (1-5)"]
    rows = [["Submission Title", "Submission Url", "Judge Name", "Judge Email"] + crit + ["Total Score",
                                                                                          "Judging Notes"]]
    rd = []
    for p in projs:
        base = {c: rng.randint(2, 5) for c in crit}
        for jn, je in rng.sample(judges, 3):
            sc = {c: max(1, min(5, base[c] + rng.choice([-1, 0, 0, 1]))) for c in crit}
            rows.append([p, "https://hackcity-2024.devpost.com/submissions/%d-%s" % (rng.randint(400000, 499999),
                                                                                     p.lower().replace(" ", "-").replace("+", "")),
                         jn, je] + [str(sc[c]) for c in crit] + [str(sum(sc.values())),
                                                                  rng.choice(["", "", "great demo", "API only"])])
            rd += [["%s | %s" % (p, c), jn, str(sc[c])] for c in crit]
    write_txt("devpost_hackathon_judging.csv", rows)
    add("devpost_hackathon_judging.csv", k, "import", rd,
        "Devpost judging export: each project scored by 3 of 6 judges on 4 criteria 1-5; subject = project + "
        "criterion, rater = judge (name and email say the same); Total Score is a sum; notes are text",
        keywords=KW_REPEAT + [r"criteri"])


# ================================================================== F. survey tools
def g_surveys():
    k = "surveys"
    # 30 Alchemer export: 'question:row' headers, raters in rows, Partial and Disqualified
    subj = ["Rate the urgency of each referral letter:Referral %d" % (i + 1) for i in range(12)]
    lv = ["Routine", "Soon", "Urgent", "Emergency"]
    rids = [str(i + 1) for i in range(14)]
    M = {s: {} for s in subj}
    truei = {s: rng.choices(range(4), [30, 30, 25, 15])[0] for s in subj}
    status = {r: "Complete" for r in rids}
    status[rids[4]] = "Partial"
    status[rids[9]] = "Partial"
    status[rids[12]] = "Disqualified"
    head = ["Response ID", "Time Started", "Date Submitted", "Status", "Contact ID", "Legacy Comments", "Comments",
            "Language", "Referer", "SessionID", "User Agent", "Tags", "IP Address", "Longitude", "Latitude",
            "Country", "City", "State/Region", "Postal"] + subj + ["What is your specialty?", "Years in practice"]
    rows = [head]
    for r in rids:
        st = status[r]
        n_ans = 0 if st == "Disqualified" else rng.randint(5, 8) if st == "Partial" else len(subj)
        vals = []
        for j, s in enumerate(subj):
            if j < n_ans:
                v = lv[max(0, min(3, truei[s] + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)))]
                M[s][r] = v
                vals.append(v)
            else:
                vals.append("")
        t0 = dt.datetime(2024, 3, 4, 8) + dt.timedelta(minutes=rng.randint(0, 20000))
        rows.append([r, t0.strftime("%m/%d/%Y %I:%M:%S %p"), "" if st == "Partial" else
                     (t0 + dt.timedelta(minutes=rng.randint(4, 15))).strftime("%m/%d/%Y %I:%M:%S %p"), st, "", "",
                     "", "English", "https://app.alchemer.com/distribute/share/id/7712345", rand_id(32,
                     "0123456789abcdef"), "Mozilla/5.0 (Windows NT 10.0; Win64; x64)", "", "%d.%d.%d.%d" % tuple(
                         rng.randint(1, 254) for _ in range(4)), "%.4f" % rng.uniform(-122, -71), "%.4f" %
                     rng.uniform(30, 47), "United States", rng.choice(["Boston", "Denver", "Austin"]),
                     rng.choice(["MA", "CO", "TX"]), str(rng.randint(10000, 99999))] + vals +
                    ["Other" if st == "Disqualified" else rng.choice(["General practice", "Cardiology", "Neurology"]),
                     str(rng.randint(1, 30))])
    write_txt("alchemer_referral_urgency.csv", rows, bom=True)
    rd = [[s, r, M[s][r]] for s in subj for r in rids if r in M[s]]
    add("alchemer_referral_urgency.csv", k, "import", rd,
        "Alchemer (SurveyGizmo) export: one row per respondent (the raters, Response ID), a matrix question whose "
        "columns 'question:Referral n' are the subjects; Partial responses keep the answers given; the "
        "Disqualified response has no answers; specialty and years are not ratings; many empty metadata columns",
        keywords=KW_LAYOUT + [r"specialty", r"partial", r"disqualified"])
    TRUTH["alchemer_referral_urgency.csv"]["wrong_keywords"] = [r"specialty", r"partial", r"disqualified"]

    # 31 SoSci Survey via Excel 'Unicode text': UTF-16, tab, description row, -9 / -1, Q_VIEWER
    vig = ["VB01_%02d" % (i + 1) for i in range(15)]
    cases = [str(30 + i) for i in range(14)]
    viewers = {cases[0], cases[7]}
    M = {v: {} for v in vig}
    raw = {v: {} for v in vig}
    tv = {v: rng.randint(1, 5) for v in vig}
    for c in cases:
        fin = rng.random() > 0.15 or c in viewers
        for j, v in enumerate(vig):
            if c in viewers:
                x = rng.choice(["-9", "-9", "3"])
            elif not fin and j > 9:
                x = "-9"
            elif rng.random() < 0.06:
                x = "-1"
            else:
                x = str(max(1, min(5, tv[v] + rng.choice([-1, 0, 0, 1]))))
            raw[v][c] = x
            if c not in viewers and x not in ("-9", "-1"):
                M[v][c] = x
    head = ["CASE", "SERIAL", "REF", "QUESTNNR", "MODE", "STARTED"] + vig + ["SD01", "TIME001", "TIME002",
                                                                             "TIME_SUM", "MAILSENT", "LASTDATA",
                                                                             "FINISHED", "Q_VIEWER", "LASTPAGE",
                                                                             "MAXPAGE", "MISSING", "MISSREL",
                                                                             "TIME_RSI", "DEG_TIME"]
    desc = ["Interview-Nummer (fortlaufend)", "Seriennummer (sofern verwendet)", "Referenz (sofern im Link angegeben)",
            "Fragebogen, der im Interview verwendet wurde", "Interview-Modus",
            "Zeitpunkt zu dem das Interview begonnen hat (Europe/Berlin)"] + \
        ["Dringlichkeit: Fallvignette %d" % (i + 1) for i in range(15)] + \
        ["Berufsgruppe", "Verweildauer Seite 1", "Verweildauer Seite 2", "Verweildauer gesamt (ohne Ausreißer)",
         "Versandzeitpunkt der Einladungsmail (nur für nicht-anonyme Adressaten)",
         "Zeitpunkt der letzten Datenänderung", "Wurde die Befragung abgeschlossen (letzte Seite erreicht)?",
         "Hat der Teilnehmer den Fragebogen nur angesehen, ohne die Pflichtfragen zu beantworten?",
         "Letzte Seite, die im Fragebogen bearbeitet wurde", "Letzte Seite, die im Fragebogen erreicht wurde",
         "Anteil fehlender Antworten in Prozent", "Anteil fehlender Antworten (gewichtet nach Relevanz)",
         "Maluspunkte für schnelles Ausfüllen", "Maluspunkte für schnelles Ausfüllen"]
    rows = [head, desc]
    for c in cases:
        fin = all(raw[v][c] != "-9" for v in vig[10:]) or c in viewers
        t0 = dt.datetime(2024, 6, 3, 9) + dt.timedelta(minutes=rng.randint(0, 9000))
        rows.append([c, "", "", "base", "interview", t0.strftime("%Y-%m-%d %H:%M:%S")] + [raw[v][c] for v in vig] +
                    [str(rng.randint(1, 3)), str(rng.randint(20, 90)), str(rng.randint(200, 900)),
                     str(rng.randint(300, 1000)), "", (t0 + dt.timedelta(minutes=12)).strftime("%Y-%m-%d %H:%M:%S"),
                     "1" if fin else "0", "1" if c in viewers else "0", "3" if fin else "2", "3" if fin else "2",
                     str(rng.randint(0, 20)), str(rng.randint(0, 20)), "0.%02d" % rng.randint(0, 99), str(rng.randint(0, 30))])
    write_txt("sosci_vignettes_unicode.txt", rows, delim="\t", enc="utf-16-le", bom=True, nl="\r\n")
    rd = [[v, c, M[v][c]] for v in vig for c in cases if c in M[v]]
    keep = [[v, c, raw[v][c]] for v in vig for c in cases if c not in viewers and raw[v][c] != "-9"]
    add("sosci_vignettes_unicode.txt", k, "import", rd,
        "SoSci Survey data opened in Excel and saved as 'Unicode text' (UTF-16, tabs): row 1 variable names, row 2 "
        "their descriptions (not a respondent); one row per respondent (CASE = rater), VB01_01..15 = 15 vignettes "
        "rated 1-5; -9 = not answered and -1 = 'cannot judge' are missing; the 2 rows with Q_VIEWER=1 are the "
        "researchers' previews (left out); SD01 occupation, times and quality indices are not ratings",
        keywords=KW_LAYOUT + [r"q_viewer", r"-9", r"-1", r"description"],
        alts=[alt(keep, must_note=True, label="-1 kept as a category")])
    TRUTH["sosci_vignettes_unicode.txt"]["wrong_keywords"] = [r"q_viewer", r"-9", r"-1", r"description"]

    # 32 Unipark / EFS: tester rows, -77 / -99, dispcode, semicolon German
    items = ["v_%d" % i for i in range(12, 22)]
    lf = [str(i) for i in range(1, 17)]
    testers = {lf[0], lf[1]}
    M = {v: {} for v in items}
    tv = {v: rng.randint(1, 5) for v in items}
    rows = [["lfdn", "external_lfdn", "tester", "dispcode", "lastpage", "quality", "duration", "v_1"] + items +
            ["v_30", "browser", "device_type", "language", "datetime", "date_of_last_access"]]
    for l in lf:
        inter = l not in testers and rng.random() < 0.15
        vals = []
        for j, v in enumerate(items):
            if inter and j >= 6:
                x = "-77"
            elif rng.random() < 0.05:
                x = "-99"
            else:
                x = str(max(1, min(6, tv[v] + rng.choice([-1, 0, 0, 1]))))
            vals.append(x)
            if l not in testers and x not in ("-77", "-99"):
                M[v][l] = x
        t0 = dt.datetime(2024, 11, 4, 8) + dt.timedelta(minutes=rng.randint(0, 9000))
        rows.append([l, "0", "1" if l in testers else "0", "22" if inter else "31", "4" if inter else "7",
                     "-77", str(rng.randint(180, 1500)), str(rng.randint(1, 4))] + vals +
                    [rng.choice(["", "", "Gute Fallauswahl", "Fall 7 unklar"]), "Firefox 131.0", "0", "1",
                     t0.strftime("%d.%m.%Y %H:%M:%S"), (t0 + dt.timedelta(minutes=9)).strftime("%d.%m.%Y %H:%M:%S")])
    write_txt("unipark_efs_export.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    rd = [[v, l, M[v][l]] for v in items for l in lf if l in M[v]]
    add("unipark_efs_export.csv", k, "import", rd,
        "Unipark / Tivian EFS export (semicolon, cp1252): one row per participant (lfdn = rater), v_12..v_21 = 10 "
        "case reports graded 1-6 (German school marks); -77 (not shown, interrupted) and -99 (not answered) are "
        "missing; rows with tester=1 are test runs (left out); v_1 (coded specialty 1-4), dispcode, lastpage, "
        "quality and duration are not ratings", keywords=KW_LAYOUT + [r"tester", r"-77", r"-99", r"v_1\b"])
    TRUTH["unipark_efs_export.csv"]["wrong_keywords"] = [r"tester", r"-77", r"-99", r"v_1\b"]

    # 33 Wenjuanxing (Chinese) export: respondents in rows
    qs = ["%d、病例%d：请评估抑郁严重程度" % (i + 1, i + 1) for i in range(10)]
    lv = ["无", "轻度", "中度", "重度"]
    resp = [str(i + 1) for i in range(13)]
    M = {q: {} for q in qs}
    tq = {q: rng.choices(range(4), [15, 35, 30, 20])[0] for q in qs}
    rows = [["序号", "提交答卷时间", "所用时间", "来源", "来源详情", "来自IP"] + qs + ["11、您的职称"]]
    for r in resp:
        for q in qs:
            M[q][r] = lv[max(0, min(3, tq[q] + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)))]
        rows.append([int(r), "2024/5/%d %d:%02d:%02d" % (rng.randint(10, 20), rng.randint(8, 22), rng.randint(0, 59),
                                                         rng.randint(0, 59)),
                     "%d秒" % rng.randint(120, 900), rng.choice(["手机提交", "链接"]), "直接访问",
                     "%d.%d.%d.%d(%s)" % (rng.randint(1, 223), rng.randint(0, 255), rng.randint(0, 255),
                                          rng.randint(1, 254), rng.choice(["广东-广州", "上海", "北京", "四川-成都"]))] +
                    [M[q][r] for q in qs] + [rng.choice(["住院医师", "主治医师", "副主任医师", "主任医师"])])
    write_xlsx("wenjuanxing_depression_vignettes.xlsx", [("Sheet1", rows)])
    add("wenjuanxing_depression_vignettes.xlsx", k, "import", [[q, r, M[q][r]] for q in qs for r in resp],
        "Wenjuanxing (问卷星) export: one row per respondent (序号 = rater), questions 1-10 rate the depression "
        "severity of case vignettes 无/轻度/中度/重度 (the subjects); question 11 (job title) is a demographic "
        "question with categories, not a vignette; time used '312秒', source and IP are not ratings",
        keywords=KW_LAYOUT + [r"职称", r"11、"])
    TRUTH["wenjuanxing_depression_vignettes.xlsx"]["wrong_keywords"] = [r"职称", r"11、"]


# ================================================================== G. clinical systems and labelling tools
def g_systems_tools():
    k = "systems-tools"
    # 34 Epic Clarity flowsheet extract (either)
    pats = [("%08d" % rng.randint(100000, 9999999), str(rng.randint(100000000, 199999999))) for _ in range(6)]
    rows = [["PAT_MRN_ID", "PAT_ENC_CSN_ID", "FLO_MEAS_ID", "FLO_MEAS_NAME", "DISP_NAME", "RECORDED_TIME",
             "MEAS_VALUE", "ENTRY_USER_ID", "ENTRY_TIME"]]
    MEAS = {"bed": ("304050", "R RICHMOND AGITATION SEDATION SCALE", "RASS"),
            "res": ("1120045678", "R IP RASS RESEARCH", "RASS (Research RN)"),
            "pulse": ("8", "PULSE", "Pulse"), "cpot": ("3040110", "R CPOT TOTAL SCORE", "CPOT Total")}
    rd = []
    for mrn, csn in pats:
        t = dt.datetime(2024, 3, 4, 8) + dt.timedelta(hours=rng.randint(0, 48))
        q = rng.randint(-4, 1)
        for _ in range(8):
            q = max(-5, min(4, q + rng.choice([-1, 0, 0, 1])))
            ts = t.strftime("%Y-%m-%d %H:%M:%S")
            vb = max(-5, min(4, q + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0)))
            vr = max(-5, min(4, q + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0)))
            fmt = lambda v: "+%d" % v if v > 0 else str(v)
            recs = [("bed", fmt(vb), "RN%04d" % rng.randint(1000, 9999)), ("pulse", str(rng.randint(55, 120)),
                                                                          "RN%04d" % rng.randint(1000, 9999))]
            if rng.random() < 0.8:
                recs.append(("res", fmt(vr), rng.choice(["RSCH0007", "RSCH0012"])))
                rd.append(["%s | %s" % (csn, ts), MEAS["res"][1], str(vr)])
            if rng.random() < 0.4:
                recs.append(("cpot", str(rng.randint(0, 6)), "RN%04d" % rng.randint(1000, 9999)))
            rd.append(["%s | %s" % (csn, ts), MEAS["bed"][1], str(vb)])
            for key, val, user in rng.sample(recs, len(recs)):
                rows.append([mrn, csn, MEAS[key][0], MEAS[key][1], MEAS[key][2], ts, val, user,
                             (t + dt.timedelta(minutes=rng.randint(1, 50))).strftime("%Y-%m-%d %H:%M:%S")])
            t += dt.timedelta(hours=4)
    write_txt("epic_flowsheet_rass.csv", rows)
    add("epic_flowsheet_rass.csv", k, "either", rd,
        "Epic Clarity flowsheet extract (one row per flowsheet value): RASS -5..+4 ('+1', '-2') documented at the "
        "same recorded time by the bedside nurse (R RICHMOND AGITATION SEDATION SCALE) and, for most assessments, "
        "by a research nurse (R IP RASS RESEARCH); subject = encounter + recorded time, rater = flowsheet row; "
        "PULSE and CPOT rows are other measures and must not be mixed in; entry users change by shift; refusing "
        "the mixed measures is acceptable", keywords=[r"pulse", r"cpot", r"flo_meas", r"measure"])

    # 35 Castor EDC workbook: ##USER_MISSING_95##, option group sheets, site column
    S = [str(110000 + rng.randint(1, 999)) for _ in range(26)]
    S = list(dict.fromkeys(S))
    R = ["rd1_fazekas", "rd2_fazekas", "rd3_fazekas"]
    M = ordmat(S, R, ["0", "1", "2", "3"], [25, 35, 25, 15], p_off=0.3)
    um = {}
    for s, r in rng.sample([(s, r) for s in S for r in R], 4):
        um[(s, r)] = rng.choice(["##USER_MISSING_95##", "##USER_MISSING_98##"])
        M[s][r] = None
    rows = [["Participant Id", "Participant Status", "Site Abbreviation", "Participant Creation Date", "age", "sex",
             "mri_date"] + R]
    for s in S:
        rows.append([s, rng.choice(["Completed", "Completed", "Withdrawn"]), rng.choice(["AMC", "UMCU", "RUMC"]),
                     "%02d-%02d-2023 %02d:%02d:%02d" % (rng.randint(1, 28), rng.randint(1, 12), rng.randint(8, 18),
                                                        rng.randint(0, 59), rng.randint(0, 59)),
                     rng.randint(55, 89), rng.randint(0, 1),
                     "%02d-%02d-2023" % (rng.randint(1, 28), rng.randint(1, 12))] +
                    [um.get((s, r)) or int(M[s][r]) for r in R])
    var = [["Form Type", "Form Collection Name", "Form Name", "Field Variable Name", "Field Label", "Field Type",
            "Optiongroup Name"],
           ["Study", "Baseline", "Demographics", "age", "Age at inclusion (years)", "numeric", ""],
           ["Study", "Baseline", "Demographics", "sex", "Sex", "radio", "Sex"],
           ["Study", "Imaging", "MRI", "mri_date", "Date of MRI", "date", ""]] + \
        [["Study", "Imaging", "Central read %d" % (j + 1), r, "Reader %d - Fazekas deep white matter" % (j + 1), "radio",
          "Fazekas"] for j, r in enumerate(R)]
    opts = [["Option Group Id", "Option Group Name", "Option Id", "Option Name", "Option Value"],
            ["A1", "Sex", "o1", "Male", 0], ["A1", "Sex", "o2", "Female", 1],
            ["B7", "Fazekas", "o3", "0 - Absent", 0], ["B7", "Fazekas", "o4", "1 - Punctate foci", 1],
            ["B7", "Fazekas", "o5", "2 - Beginning confluence", 2], ["B7", "Fazekas", "o6", "3 - Large confluent areas", 3]]
    write_xlsx("castor_edc_export.xlsx", [("Study results", rows), ("Study variable list", var),
                                          ("Study Option Group", opts)])
    add("castor_edc_export.xlsx", k, "import", reading(S, R, M),
        "Castor EDC Excel export: sheet 'Study results' holds 3 central readers' Fazekas grades 0-3 as option "
        "values; '##USER_MISSING_95##' (measurement failed) and '##USER_MISSING_98##' (unknown) are Castor's "
        "user-missing codes; Site Abbreviation, sex (coded 0/1), age and dates are not ratings; the variable list "
        "and option group sheets describe the codes", keywords=[r"user_missing", r"site abbreviation", r"\bsex\b"],
        aliases={"0": ["0 - Absent"], "1": ["1 - Punctate foci"], "2": ["2 - Beginning confluence"],
                 "3": ["3 - Large confluent areas"]})

    # 36 Labelbox legacy CSV: JSON label column, skipped rows (either)
    S = ["chest_%04d.png" % rng.randint(1, 9999) for _ in range(20)]
    S = list(dict.fromkeys(S))
    R = ["a.rossi@lab.org", "b.zhang@lab.org", "c.mendes@lab.org"]
    M = mat(S, R, ["Good", "Acceptable", "Poor", "Unusable"], acc=0.6, miss=0.1)
    rows = [["ID", "DataRow ID", "Labeled Data", "Label", "Created By", "Project Name", "Created At", "Updated At",
             "Seconds to Label", "External ID", "Agreement", "Benchmark Agreement", "Benchmark ID", "Dataset Name",
             "Reviews", "View Label", "Has Open Issues", "Skipped"]]
    dr = {s: "ck" + rand_id(23, string.ascii_lowercase + string.digits) for s in S}
    for s in S:
        vals = [M[s][r] for r in R if M[s][r]]
        agr = round(max(vals.count(v) for v in vals) / len(vals), 4)
        for r in R:
            lid = "ck" + rand_id(23, string.ascii_lowercase + string.digits)
            if M[s][r] is None:
                lab, skip = "Skip", "true"
            else:
                lab = json.dumps({"objects": [], "classifications": [
                    {"featureId": "ck" + rand_id(23, string.ascii_lowercase + string.digits),
                     "schemaId": "ckq4image0quality0000001", "title": "Image quality", "value": "image_quality",
                     "answer": {"featureId": "ck" + rand_id(23, string.ascii_lowercase + string.digits),
                                "schemaId": "ckq4answer%s" % M[s][r].lower(), "title": M[s][r],
                                "value": M[s][r].lower()}}], "relationships": []}, separators=(",", ":"))
                skip = "false"
            rows.append([lid, dr[s], "https://storage.labelbox.com/ckx/%s" % s, lab, r, "CXR quality v2",
                         "2024-02-%02dT%02d:%02d:%02d.000Z" % (rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59),
                                                               rng.randint(0, 59)), "", str(rng.randint(4, 90)), s,
                         str(agr), "", "", "cxr_batch_3", "[]", "https://app.labelbox.com/projects/x/labels/%s" % lid,
                         "false", skip])
    write_txt("labelbox_legacy_export.csv", rows)
    add("labelbox_legacy_export.csv", k, "either", reading(S, R, M),
        "Labelbox legacy CSV export: one row per label; the answer sits inside the JSON in 'Label' "
        "(classifications[0].answer.title); rows with Label 'Skip' / Skipped=true are no answer; External ID = "
        "image, Created By = labeller; Agreement is Labelbox's consensus score; refusing with a word on the JSON "
        "column is acceptable", keywords=[r"json", r"label", r"skip"], fold=True)

    # 37 CVAT-style bounding boxes by two annotators: refuse
    rows = [["filename", "width", "height", "class", "xmin", "ymin", "xmax", "ymax", "annotator"]]
    for i in range(12):
        fn = "frame_%05d.jpg" % (i * 30)
        boxes = [(rng.choice(["car", "pedestrian", "cyclist"]), rng.randint(0, 1500), rng.randint(0, 800))
                 for _ in range(rng.randint(1, 4))]
        for ann in ("ann_kim", "ann_ortiz"):
            for c, x, y in boxes:
                if ann == "ann_ortiz" and rng.random() < 0.15:
                    continue
                j = lambda v: v + rng.randint(-6, 6)
                rows.append([fn, "1920", "1080", c, str(j(x)), str(j(y)), str(j(x + 120)), str(j(y + 90)), ann])
    write_txt("cvat_boxes_two_annotators.csv", rows)
    add("cvat_boxes_two_annotators.csv", k, "refuse", None,
        "object-detection boxes (class + pixel coordinates) exported per annotator and concatenated: boxes must be "
        "matched by overlap before there is a subjects x raters table; frame + annotator repeats with different "
        "boxes; a tool must not invent the matching", keywords=[r"box", r"coordinate", r"xmin", r"repeat"])

    # 38 SAS PROC PRINT listing with page breaks (either)
    S = ["%03d-%03d" % (rng.choice([101, 102, 205]), i + 1) for i in range(48)]
    R = ["READER1", "READER2", "READER3"]
    M = ordmat(S, R, ["0", "1", "2", "3"], [25, 35, 25, 15], p_off=0.3, miss=0.04)
    lines = []
    for i, s in enumerate(S):
        if i % 22 == 0:
            page = i // 22 + 1
            lines += ["\f" + " " * 36 + "The SAS System" + " " * 20 + "10:42 Tuesday, March 5, 2024   %d" % page, "",
                      "   Obs    SUBJID     SITE    READER1    READER2    READER3", ""]
        lines.append("%6d    %-7s    %4s    %7s    %7s    %7s" % (i + 1, s, s[:3], *[M[s][r] if M[s][r] is not None
                                                                                       else "." for r in R]))
    write_txt("sas_proc_print_listing.txt", text="\n".join(lines) + "\n")
    add("sas_proc_print_listing.txt", k, "either", reading(S, R, M),
        "a SAS PROC PRINT listing saved as text: page titles 'The SAS System ... page n' behind form feeds, the "
        "column header repeated on each page, fixed-width columns, Obs row numbers, '.' for missing numbers; SITE "
        "(101/102/205) is not a reader; refusing the listing format is acceptable",
        keywords=[r"listing", r"page", r"site", r"obs"])

    # 39 SAS data-step CSV with '.' missing and an adjudication column
    S = ["STROKE3-%s-%03d" % (rng.choice(["NL01", "NL02", "BE01"]), i + 1) for i in range(30)]
    R = ["RDR1_MRS", "RDR2_MRS", "RDR3_MRS"]
    M = ordmat(S, R, [str(i) for i in range(7)], [10, 15, 18, 18, 16, 12, 11], p_off=0.35, miss=0.05)
    rows = [["USUBJID", "SITEID", "VISIT", "VISITNUM"] + R + ["ADJ_MRS"]]
    for s in S:
        vals = [M[s][r] for r in R if M[s][r] is not None]
        adj = max(set(vals), key=vals.count) if len(set(vals)) > 1 else "."
        rows.append([s, s.split("-")[1], "DAY 90", "90"] + [M[s][r] if M[s][r] is not None else "." for r in R] + [adj])
    csv_case("sas_datastep_dot_missing.csv", rows, k, S, R, M,
        "SAS data step output (put with dlm=','): modified Rankin Scale 0-6 by 3 central video readers; '.' is "
        "SAS's missing value; ADJ_MRS is the adjudicated score, filled only where the readers disagree (not a "
        "reader); SITEID, VISIT and VISITNUM are not ratings", keywords=[r"adj", r"adjudicat", r"\."])

    # 40 Excel 'Formatted Text (Space delimited)' .prn with spaces inside categories (either)
    S = ["P24-%05d" % rng.randint(10000, 99999) for _ in range(24)]
    S = list(dict.fromkeys(S))
    R = ["Tech A", "Tech B", "Tech C"]
    lv = ["No growth", "Scanty growth", "Light growth", "Moderate growth", "Heavy growth"]
    M = ordmat(S, R, lv, [20, 15, 25, 25, 15], p_off=0.3)
    wid = [11, 12, 16, 16, 16]
    lines = ["%-11s%-12s%-16s%-16s%-16s" % ("Plate", "Specimen", *R)]
    for s in S:
        lines.append("%-11s%-12s%-16s%-16s%-16s" % (s, rng.choice(["Urine", "Sputum", "Wound swab", "Blood cult"]),
                                                    *[M[s][r] for r in R]))
    assert all(len(x) <= sum(wid) for x in lines)
    write_txt("excel_prn_fixed_width.txt", text="\r\n".join(lines) + "\r\n")
    add("excel_prn_fixed_width.txt", k, "either", reading(S, R, M),
        "microbiology semi-quantitative culture grading by 3 technologists saved from Excel as 'Formatted Text "
        "(Space delimited)': fixed-width columns without separators, spaces inside the categories ('Light growth') "
        "and the specimen ('Wound swab') and inside the headers ('Tech A'); splitting at spaces is wrong, "
        "refusing is acceptable", keywords=[r"fixed", r"width", r"space"])


# ================================================================== H. spreadsheet habits
def g_habits():
    k = "habits"
    # 41 VLOOKUP #N/A error cells and a MODE column
    S = ["SL-%03d" % (i + 1) for i in range(24)]
    R = ["Rater 1", "Rater 2", "Rater 3"]
    M = ordmat(S, R, ["1", "2", "3"], [30, 45, 25], p_off=0.35, miss=0.1)
    rows = [["Slide", "Rater 1", "Rater 2", "Rater 3", "Mode"]]
    for s in S:
        vals = [int(M[s][r]) for r in R if M[s][r] is not None]
        md = max(set(vals), key=vals.count) if len(set(vals)) < len(vals) else "#N/A"
        rows.append([s] + [int(M[s][r]) if M[s][r] is not None else "#N/A" for r in R] + [md])
    wb_rows = rows
    xlsx_case("vlookup_na_errors.xlsx", "Combined", wb_rows, k, S, R, M,
        "Nottingham grade 1-3 by 3 raters pulled together with VLOOKUP: a slide a rater did not grade shows the "
        "Excel error #N/A (an error cell, missing); the Mode column (=MODE(), #N/A when all differ) is derived, "
        "not a rater", keywords=[r"#n/a", r"error", r"\bmode\b"])

    # 42 web-table paste with no-break and zero-width spaces
    S = ["Case %d" % (i + 1) for i in range(22)]
    R = ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    M = mat(S, R, ["Stroke", "Mimic", "Uncertain"], acc=0.65)
    odd = lambda v: rng.choice([v + "\u00a0", v + "\u00a0", "\u200b" + v, v, v, v, v])
    rows = [["Stroke\u00a0mimic\u00a0review\u00a0(copied from the web report)"],
            ["Case"] + [r.replace(" ", "\u00a0") for r in R]]
    for s in S:
        rows.append([s.replace(" ", "\u00a0")] + [odd(M[s][r]) for r in R])
    xlsx_case("web_paste_nbsp.xlsx", "Paste", rows, k, S, R, M,
        "a table copied from a web report into Excel: no-break spaces in headers, ids and after some values, and a "
        "zero-width space in front of others ('\u200bMimic'): 'Mimic', 'Mimic\u00a0' and '\u200bMimic' are the "
        "same category; a caption line above the header", keywords=[r"space", r"whitespace", r"invisible",
                                                                      r"u\+200b", r"u\+00a0", r"similar"])

    # 43 batches appended with their header rows
    utt = ["I was charged twice", "How do I cancel?", "App crashes on login", "Change my card", "Where is my refund",
           "Can't reset password", "Close my account", "Is there a student plan", "Wrong amount billed",
           "Need invoice copy"]
    S = ["u%04d" % rng.randint(1, 9999) for _ in range(30)]
    S = list(dict.fromkeys(S))
    W = ["w_ak12", "w_bf77", "w_cq03", "w_dd51"]
    M = mat(S, W, ["billing", "tech_support", "cancel", "other"], acc=0.65)
    head = ["item_id", "text", "worker_id", "label", "batch"]
    rows = []
    for b in range(3):
        rows.append(head)
        for s in S[b * 10:(b + 1) * 10]:
            for w in W:
                rows.append([s, rng.choice(utt), w, M[s][w], "batch_%d" % (b + 1)])
    csv_case("appended_batches_repeated_header.csv", rows, k, S, W, M,
        "three labelling batches glued together with their header lines (`cat batch_*.csv`): the header row "
        "'item_id,text,worker_id,label,batch' appears again before batches 2 and 3 and is not a rating",
        keywords=[r"header", r"repeat", r"item_id"])

    # 44 Mac Excel 'CSV (Macintosh)': CR line ends, MacRoman
    S = ["%s %s" % (a, b) for a, b in zip(["Léa", "Noé", "Chloé", "Jérôme", "Anaïs", "Théo", "Maëlle", "Benoît",
                                           "Inès", "Raphaël", "Zoé", "Cédric", "Océane", "Loïc", "Hélène", "Gaël"],
                                          ["Dupré", "Lefèvre", "Bénard", "Moreau", "Faure", "Rivière", "Girard",
                                           "Lemaître", "Chevalier", "Gauthier", "Perrin", "Mercier", "Blanc", "Guérin",
                                           "Boyer", "Roussel"])]
    R = ["Examinateur 1", "Examinateur 2"]
    lv = ["Insuffisant", "Passable", "Assez bien", "Bien", "Très bien"]
    M = ordmat(S, R, lv, [10, 20, 30, 25, 15], p_off=0.35)
    rows = [["Candidat", "Spécialité", "Examinateur 1", "Examinateur 2", "Remarques"]]
    for s in S:
        rows.append([s, rng.choice(["Mathématiques", "SES", "Histoire-géo", "Physique-chimie"])] +
                    [M[s][r] for r in R] + [rng.choice(["", "", "très à l'aise", "hésitant à l'oral"])])
    write_txt("mac_csv_macroman_cr.csv", rows, enc="mac_roman", nl="\r")
    add("mac_csv_macroman_cr.csv", k, "import", reading(S, R, M),
        "saved by old Mac Excel as 'CSV (Macintosh)': CR-only line ends and MacRoman encoding ('Très bien', "
        "'Léa'); grand oral mentions by 2 examiners; Spécialité groups the candidates, Remarques is text",
        keywords=[r"encoding", r"utf-8", r"accent", r"sp[ée]cialit[ée]"])

    # 45 Polish cp1250 semicolon CSV
    S = [str(i + 1) for i in range(26)]
    R = ["Oceniający 1", "Oceniający 2", "Oceniający 3"]
    lv = ["zdecydowanie nie", "raczej nie", "ani tak, ani nie", "raczej tak", "zdecydowanie tak"]
    M = ordmat(S, R, lv, [10, 20, 20, 30, 20], p_off=0.35, miss=0.06)
    rows = [["Nr przypadku", "Oddział", "Czy antybiotykoterapia była zasadna? – Oceniający 1",
             "Czy antybiotykoterapia była zasadna? – Oceniający 2",
             "Czy antybiotykoterapia była zasadna? – Oceniający 3", "Uwagi"]]
    for s in S:
        rows.append([s, rng.choice(["Chirurgia", "Interna", "Pediatria", "OIOM"])] +
                    [M[s][r] or "brak danych" for r in R] + [rng.choice(["", "", "brak posiewu", "dawka za niska"])])
    write_txt("pl_antybiotyki_cp1250.csv", rows, delim=";", enc="cp1250", nl="\r\n")
    add("pl_antybiotyki_cp1250.csv", k, "import",
        [[s, "Czy antybiotykoterapia była zasadna? – " + r, M[s][r]] for s in S for r in R if M[s][r]],
        "Polish Excel CSV (semicolons, Windows-1250): 3 reviewers judge whether antibiotic therapy was justified on "
        "a 5-point scale ('ani tak, ani nie' holds a comma inside the value); 'brak danych' (no data) is missing; "
        "Oddział (ward) groups cases, Uwagi is text", keywords=[r"brak danych", r"encoding", r"utf-8", r"oddzia"])

    # 46 Japanese Shift-JIS CSV
    S = ["%04d" % (i + 1) for i in range(24)]
    R = ["読影医A", "読影医B", "読影医C"]
    lv = ["なし", "軽度", "中等度", "高度"]
    M = ordmat(S, R, lv, [20, 35, 30, 15], p_off=0.3)
    rows = [["症例番号", "年齢", "性別", "読影医A", "読影医B", "読影医C", "備考"]]
    for s in S:
        rows.append([s, str(rng.randint(45, 88)), rng.choice(["男", "女"])] + [M[s][r] for r in R] +
                    [rng.choice(["", "", "再検討", "画質不良"])])
    write_txt("ja_emphysema_shiftjis.csv", rows, enc="cp932", nl="\r\n")
    add("ja_emphysema_shiftjis.csv", k, "import", reading(S, R, M),
        "Japanese Excel CSV in Shift-JIS (cp932): 3 radiologists (読影医) grade emphysema なし/軽度/中等度/高度; "
        "case numbers keep leading zeros; 性別 (sex 男/女) is a category column but not a rater; 備考 is a remark",
        keywords=[r"encoding", r"utf-8", r"shift.?jis", r"性別", r"年齢"])


# ================================================================== I. no agreement design, and audiology
def g_designs():
    k = "designs"
    # 47 each chart audited once (either, must note)
    S = ["MRN%06d" % rng.randint(100000, 999999) for _ in range(30)]
    S = list(dict.fromkeys(S))
    A = ["K. Obi", "L. Marsh", "P. Novak", "T. Reyes"]
    rows = [["Chart", "Auditor", "Audit date", "Documentation score (0-4)", "Comments"]]
    rd = []
    for s in S:
        a, v = rng.choice(A), str(rng.randint(0, 4))
        rows.append([s, a, "2024-08-%02d" % rng.randint(1, 30), v, rng.choice(["", "", "missing allergy status"])])
        rd.append([s, a, v])
    write_txt("chart_audit_one_auditor_each.csv", rows)
    add("chart_audit_one_auditor_each.csv", k, "either", rd,
        "documentation audit where the workload was split: every chart was audited by exactly one of 4 auditors, "
        "so no chart has two ratings and agreement cannot be measured; refuse, or import saying so",
        keywords=KW_ONE, must_note=True)

    # 48 reviewer assignment matrix of X marks: refuse
    S = ["Abstract %03d" % (i + 1) for i in range(24)]
    R = ["Dr Amsel", "Dr Brookes", "Dr Castillo", "Dr Dahl", "Dr Eriksen", "Dr Fontaine"]
    rows = [["Reviewer assignments - Abstracts 2025 (X = assigned to review; please do not edit)"], [],
            ["Abstract", "Track"] + R + ["# reviewers"]]
    for s in S:
        who = set(rng.sample(R, 3))
        rows.append([s, rng.choice(["Clinical", "Basic science", "Education"])] +
                    ["X" if r in who else "" for r in R] + [3])
    write_xlsx("review_assignment_matrix.xlsx", [("Assignments", rows)])
    add("review_assignment_matrix.xlsx", k, "refuse", None,
        "a reviewer assignment matrix: X marks which reviewer is assigned to which abstract (the title says so); "
        "not judgements of the abstracts, and every subject has the same single mark",
        keywords=[r"assign", r"one (category|value)", r"single (category|value)", r"constant"])

    # 49 applicant tracking pipeline export: refuse
    rows = [["Name", "Email", "Job", "Stage", "Source", "Recruiter", "Applied at", "Disqualified",
             "Disqualification reason", "Tags"]]
    for i in range(30):
        f, l = rng.choice(["Ana", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gia", "Hugo", "Isa", "Jon"]), \
            rng.choice(["Meyer", "Costa", "Nowak", "Sato", "Reed", "Haas", "Ali", "Berg"])
        st = rng.choice(["Sourced", "Applied", "Phone screen", "Assessment", "Interview", "Offer", "Hired"])
        dq = rng.random() < 0.3
        rows.append(["%s %s" % (f, l), "%s.%s%d@mail.com" % (f.lower(), l.lower(), i), "Data Analyst", st,
                     rng.choice(["LinkedIn", "Referral", "Careers page"]), rng.choice(["Maya Cohen", "Rui Alves"]),
                     "2024-09-%02d" % rng.randint(1, 30), "true" if dq else "false",
                     rng.choice(["Salary expectations", "Not enough experience"]) if dq else "", ""])
    write_txt("workable_pipeline_stages.csv", rows)
    add("workable_pipeline_stages.csv", k, "refuse", None,
        "applicant tracking (Workable-style) candidate export: one row per candidate with the pipeline Stage and the "
        "owning Recruiter; a stage is a process state, not a judgement, and no candidate is rated twice",
        keywords=KW_ONE + [r"stage", r"recruiter"])

    # 50 audiogram thresholds with NR (either)
    pts = ["AUD%03d" % (i + 1) for i in range(8)]
    freqs = ["250", "500", "1000", "2000", "4000", "8000"]
    R = ["Audiologist 1", "Audiologist 2"]
    S = [(p, e, f) for p in pts for e in ("Right", "Left") for f in freqs]
    M, raw = {}, {}
    for p in pts:
        loss = rng.choice([0, 10, 25, 40, 60])
        for e in ("Right", "Left"):
            for fi, f in enumerate(freqs):
                t = loss + 5 * fi * rng.choice([0, 1, 2]) + rng.choice([-5, 0, 5])
                M[(p, e, f)] = {}
                raw[(p, e, f)] = {}
                for r in R:
                    v = max(-10, t + rng.choice([-5, 0, 0, 5]))
                    raw[(p, e, f)][r] = "NR" if v > 110 else str(v)
                    M[(p, e, f)][r] = None if v > 110 else str(v)
    rows = [["Patient", "Ear", "Tester"] + ["%s Hz" % f for f in freqs]]
    for p in pts:
        for r in R:
            for e in ("Right", "Left"):
                rows.append([p, e, r] + [raw[(p, e, f)][r] for f in freqs])
    write_txt("audiogram_thresholds_db.csv", rows)
    nr_keep = [["%s | %s | %s" % s, r, raw[s][r]] for s in S for r in R]
    add("audiogram_thresholds_db.csv", k, "either", rdi(S, R, M),
        "continuous thresholds in dB HL (5-dB steps; refusing them as measurements is acceptable): pure-tone "
        "audiometry repeated by 2 audiologists; one row per patient, ear and tester, frequency columns '250 Hz' .. "
        "'8000 Hz'; subject = patient + ear + frequency; 'NR' (no response at the limit) is missing, or a value "
        "kept with a note", keywords=KW_CONT + [r"\bnr\b", r"no response"],
        alts=[alt(nr_keep, must_note=True, label="NR kept")])


def main():
    common.main(9, (g_vet_path, g_clinical, g_pharma_legal, g_audio_code, g_judging, g_surveys, g_systems_tools,
                    g_habits, g_designs))


if __name__ == "__main__":
    sys.exit(main())
