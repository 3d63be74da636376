#!/usr/bin/env python3
"""corpus 7: rating files of kinds in none of corpora 4, 5 and 6, for `tapdesk inspect` (seeded).

Kinds: radiology/pathology/clinical scoring systems (BI-RADS with 4A-4C, BI-RADS per breast in long form,
PI-RADS per lesion, Lung-RADS 4A/4B/4X beside a nodule size, Gleason '3+4' and '3+4=7', TNM T stage with
TX, ASA 'ASA I'..'ASA V', Manchester triage colours in German, ESI long, Bethesda Roman numerals, second-
opinion diagnoses with a derived discrepancy column, ICD-10 codes); SPSS .sav and Stata .dta written with
pyreadstat (value labels, user-missing 9, filter_$, end-point-only labels, sex/age before the raters,
labelled reader numbers); R write.csv / write.csv2 with row names (irr::diagnoses-like labels '1. Depression');
judging panels (wine medals with a panel award, 100-point wine scores with Average/Medal, diving DD/Pts,
figure-skating GOE per element, essay rubric rater_criterion columns with totals, interview scorecards,
ODS talent show with Mean/Rank/Average, sparse science-fair judges with a Room column); annotation data sets
and logs (Wikipedia Detox toxicity/attack TSVs, GoEmotions raw multi-label, HateXplain JSON, a sentiment
sheet with a Check column, an annotation log with relabels, an iMRMC input file, an MRMC long file);
Excel oddities (two tables side by side, totals row + totals column, title/blank/header in row 3 with
frozen panes, a headerless notes column far right, missing markers '-'/'n/a'/99 with a legend line,
Spanish words in mixed case with trailing spaces, French with and without accents, formula cells without
cached values, merged site cells over raters named alike at both sites).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ7_SEED (default 20261129).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (breast side, lesion,
dive round, element, criterion, modality); the runner matches renamed subjects by content.
Needs openpyxl, odfpy, pandas and pyreadstat (the tapdesk venv has all but odfpy:
PYTHONPATH=/tmp/corpus7/pylib or /tmp/corpus6/pylib).
"""
import csv
import datetime as dt
import json
import os
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, BASE, cell, csv_case, dta, FIRST, grid, KW_ONEHOT, KW_REPEAT, KW_TOTAL, mat,
                    P, rdi, reading, sav, SENTENCES, workbook, write_ods, write_txt, write_xlsx,
                    write_xlsx2, xlsx_case)  # noqa: E402

rng = common.init(7, 20261129)


def add_rubric(name, kind, S, crit, R, M, note):
    """truth of a rubric file whose raters R score each subject of S on every criterion of crit (M keyed by
    (subject, criterion)): the items 'S | criterion' are the subjects; agreement on the per-rater totals alone
    (the sums over the criteria) is a fair reading too."""
    tot = [[s, r, str(sum(int(M[(s, c)][r]) for c in crit))] for s in S for r in R]
    add(name, kind, "import", rdi([(s, c) for s in S for c in crit], R, M), note,
        alts=[alt(tot, label="totals only")], keywords=KW_TOTAL)


# ================================================================== A. radiology / pathology / clinical scores
def g_radiology():
    k = "radiology"
    # 1 BI-RADS reader study, Excel: 0-5 typed as numbers, 4A/4B/4C as text; a density column from the report
    S = ["MG-%04d" % (17 + 3 * i) for i in range(30)]
    R = ["Reader 1", "Reader 2", "Reader 3", "Reader 4"]
    cats = ["0", "1", "2", "3", "4A", "4B", "4C", "5"]
    M = mat(S, R, cats, acc=0.55)
    rows = [["Case", "Age", "Breast density (report)"] + R]
    for s in S:
        rows.append([s, rng.randint(41, 79), rng.choice(["a", "b", "c", "d"])] + [cell(M[s][r]) for r in R])
    xlsx_case("birads_reader_study.xlsx", "Readings", rows, k, S, R, M,
        "BI-RADS reader study: 4 readers, categories 0,1,2,3,4A,4B,4C,5 (numbers and text mixed in the column); "
        "Age and the density letter from the original report are per-case facts, not raters",
        keywords=[r"\bage\b"], fold=True)

    # 2 BI-RADS long, one row per breast: subject = exam + side
    ex = ["ACC%07d" % rng.randint(1000000, 9999999) for _ in range(14)]
    S = [(e, side) for e in ex for side in ("L", "R")]
    R = ["rad_kowalski", "rad_nguyen", "rad_osei"]
    lab = ["BI-RADS 1", "BI-RADS 2", "BI-RADS 3", "BI-RADS 4", "BI-RADS 5"]
    M = mat(S, R, lab, acc=0.6)
    rows = [["AccessionNumber", "Laterality", "ReaderID", "Assessment", "ReadTime_s"]]
    for s in S:
        for r in R:
            rows.append([s[0], s[1], r, M[s][r], str(rng.randint(25, 240))])
    rows = [rows[0]] + sorted(rows[1:], key=lambda x: (x[2], x[0], x[1]))
    write_txt("birads_long_per_breast.csv", rows)
    rd = rdi(S, R, M)
    add("birads_long_per_breast.csv", k, "import", rd,
        "long reader-study export, one row per breast: the subject is AccessionNumber + Laterality (L/R); "
        "accession alone repeats each reader twice; ReadTime_s is not a rating", keywords=KW_REPEAT + [r"laterality"])

    # 3 PI-RADS per lesion, wide
    pts = ["PR%03d" % (i + 1) for i in range(18)]
    S = []
    for p in pts:
        for les in range(1, rng.choice([1, 1, 2, 3]) + 1):
            S.append((p, les))
    R = ["Reader1_PIRADS", "Reader2_PIRADS", "Reader3_PIRADS"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], acc=0.6)
    rows = [["PatientID", "Lesion", "Zone", "PSA_ng_ml", "Volume_ml"] + R]
    for s in S:
        rows.append([s[0], str(s[1]), rng.choice(["PZ", "TZ", "AS"]), "%.1f" % rng.uniform(2.1, 19.8),
                     str(rng.randint(22, 110))] + [M[s][r] for r in R])
    write_txt("pirads_per_lesion.csv", rows)
    rd = rdi(S, R, M)
    add("pirads_per_lesion.csv", k, "import", rd,
        "PI-RADS v2.1 by 3 readers per lesion: subject = PatientID + Lesion; Zone, PSA and volume are lesion facts",
        keywords=KW_REPEAT + [r"lesion"])

    # 4 Lung-RADS with nodule size (float) column
    S = ["LDCT-%03d" % (i + 1) for i in range(26)]
    R = ["Radiologist A", "Radiologist B", "Radiologist C"]
    M = mat(S, R, ["1", "2", "3", "4A", "4B", "4X"], acc=0.6)
    rows = [["Scan", "Scan date", "Largest nodule (mm)"] + R]
    for i, s in enumerate(S):
        rows.append([s, dt.datetime(2023, 9, 4) + dt.timedelta(days=3 * i), round(rng.uniform(2.0, 24.0), 1)] +
                    [cell(M[s][r]) for r in R])
    xlsx_case("lungrads_nodules.xlsx", "Lung-RADS", rows, k, S, R, M,
        "Lung-RADS 2022 categories 1,2,3,4A,4B,4X (numbers and text); the nodule size (mm, decimals) and the scan "
        "date are not ratings", keywords=[r"nodule", r"size"], fold=True)

    # 5 Gleason second opinion CSV
    S = ["S24-%05d" % rng.randint(100, 99999) for _ in range(24)]
    R = ["Referring pathologist", "Expert review"]
    M = mat(S, R, ["3+3", "3+4", "4+3", "4+4", "4+5"], acc=0.6)
    rows = [["Case", "Biopsy date", "Cores positive"] + R]
    for s in S:
        rows.append([s, "%02d/%02d/2024" % (rng.randint(1, 28), rng.randint(1, 9)), "%d/12" % rng.randint(1, 12)] +
                    [M[s][r] for r in R])
    csv_case("gleason_second_opinion.csv", rows, k, S, R, M,
        "prostate biopsy second opinion: Gleason patterns written '3+4' are categories, not sums (3+4 and 4+3 "
        "differ); 'Cores positive' like 5/12 is not a rating", keywords=[r"cores"])

    # 6 Gleason panel, xlsx with '3+4=7'
    S = ["Slide %d" % (i + 1) for i in range(20)]
    R = ["Dr Ito", "Dr Moreau", "Dr Schulz", "Dr Walsh"]
    g = ["3+3=6", "3+4=7", "4+3=7", "4+4=8", "4+5=9", "5+4=9"]
    M = mat(S, R, g, acc=0.55)
    rows = [["Slide", "Block"] + R] + [[s, "A%d" % rng.randint(1, 4)] + [M[s][r] for r in R] for s in S]
    xlsx_case("gleason_panel_sum.xlsx", "Gleason", rows, k, S, R, M,
        "uropathology panel: 'primary+secondary=sum' strings; 3+4=7 and 4+3=7 are different grades; Block (A1..A4) "
        "is the tissue block, not a rater", keywords=[r"block"])

    # 7 TNM T-stage with TX
    S = ["PT%03d" % (i + 1) for i in range(25)]
    R = ["CT reader 1", "CT reader 2", "MRI reader"]
    M = mat(S, R, ["T1", "T2", "T3a", "T3b", "T4"], acc=0.6)
    tx = set()
    for s in rng.sample(S, 3):
        r = rng.choice(R)
        M[s][r] = "TX"
        tx.add((s, r))
    rows = [["Patient", "Tumour site"] + R] + [[s, rng.choice(["rectum", "rectum", "sigmoid"])] + [M[s][r] for r in R] for s in S]
    write_txt("tnm_t_stage.csv", rows)
    rd = reading(S, R, M)
    add("tnm_t_stage.csv", k, "import", rd,
        "T stage by 3 readers; TX ('primary tumour cannot be assessed') may be kept as a category or treated as "
        "not rated; 'Tumour site' is a patient fact",
        alts=[alt([t for t in rd if t[2] != "TX"], label="TX as missing")], keywords=[r"\bsite\b"])

    # 8 ASA classes, Roman numerals with prefix
    S = ["Vignette %d" % (i + 1) for i in range(20)]
    R = ["Anaesthetist %s" % c for c in "ABCDE"]
    M = mat(S, R, ["ASA I", "ASA II", "ASA III", "ASA IV", "ASA V"], acc=0.55)
    rows = [["Vignette", "Surgery"] + R] + [[s, rng.choice(["elective", "urgent", "emergency"])] + [M[s][r] for r in R] for s in S]
    xlsx_case("asa_vignettes.xlsx", "ASA", rows, k, S, R, M,
        "ASA physical status 'ASA I'..'ASA V' by 5 anaesthetists; the surgery urgency is a vignette fact",
        keywords=[r"surgery"])

    # 9 Manchester triage, German colours
    S = ["Fall %02d" % (i + 1) for i in range(24)]
    R = ["Pflegekraft 1", "Pflegekraft 2", "Pflegekraft 3", "Pflegekraft 4"]
    M = mat(S, R, ["Rot", "Orange", "Gelb", "Grün", "Blau"], acc=0.6)
    rows = [["Fallvignette", "Leitsymptom"] + R] + \
           [[s, rng.choice(["Brustschmerz", "Bauchschmerz", "Atemnot", "Sturz", "Kopfschmerz"])] + [M[s][r] for r in R] for s in S]
    xlsx_case("triage_manchester_de.xlsx", "Ersteinschätzung", rows, k, S, R, M,
        "Manchester Triage colours in German by 4 nurses; 'Leitsymptom' (presenting complaint) is a vignette fact, "
        "not a rater", keywords=[r"leitsymptom"])

    # 10 ESI long with timestamps and decision time
    S = ["V%02d" % (i + 1) for i in range(20)]
    R = ["RN-%02d" % n for n in rng.sample(range(1, 40), 5)]
    M = mat(S, R, ["1", "2", "3", "4", "5"], miss=0.1, acc=0.6)
    rows = [["submitted", "nurse_id", "vignette_id", "esi_level", "seconds_to_decision"]]
    t = BASE
    for r in R:
        for s in S:
            if M[s][r] is None:
                continue
            t = t + dt.timedelta(seconds=rng.randint(40, 300))
            rows.append([t.strftime("%Y-%m-%d %H:%M:%S"), r, s, M[s][r], str(rng.randint(8, 95))])
    csv_case("triage_esi_long.csv", rows, k, S, R, M,
        "ESI triage levels 1-5, long with submission time; seconds_to_decision (numbers) is not the rating")

    # 11 Bethesda thyroid cytology, Roman numerals
    S = ["%04d" % rng.randint(1, 9999) for _ in range(22)]
    S = sorted(set(S))
    R = ["Cytopath 1", "Cytopath 2", "Cytopath 3"]
    M = mat(S, R, ["I", "II", "III", "IV", "V", "VI"], acc=0.55)
    rows = [["FNA no.", "Nodule size cm"] + R] + [[s, "%.1f" % rng.uniform(0.8, 4.5)] + [M[s][r] for r in R] for s in S]
    csv_case("bethesda_cytology.csv", rows, k, S, R, M,
        "Bethesda categories as Roman numerals I-VI (text, not numbers); FNA numbers keep their leading zeros; "
        "nodule size is not a rating", keywords=[r"size"])

    # 12 pathology second opinion with derived discrepancy column
    S = ["SO-%03d" % (i + 1) for i in range(22)]
    R = ["Submitting diagnosis", "Review diagnosis"]
    cats = ["Benign", "Atypical", "Suspicious", "Malignant"]
    M = mat(S, R, cats, acc=0.6)
    def disc(a, b):
        d = abs(cats.index(a) - cats.index(b))
        return "None" if d == 0 else ("Minor" if d == 1 else "Major")
    rows = [["Case", "Organ"] + R + ["Discrepancy"]]
    for s in S:
        rows.append([s, rng.choice(["Breast", "Thyroid", "Skin", "Lung"]), M[s][R[0]], M[s][R[1]], disc(M[s][R[0]], M[s][R[1]])])
    xlsx_case("pathology_second_opinion.xlsx", "Review", rows, k, S, R, M,
        "second-opinion log: submitting vs review diagnosis; 'Discrepancy' (None/Minor/Major) is derived from the "
        "two, and Organ is a case fact; neither is a rater", keywords=[r"discrepancy", r"organ"])

    # 13 ICD-10 coders
    S = ["CH%05d" % rng.randint(10000, 99999) for _ in range(20)]
    R = ["Coder 1", "Coder 2", "Coder 3"]
    M = mat(S, R, ["J18.9", "J44.1", "I50.9", "N39.0", "A41.9", "I10"], acc=0.6)
    rows = [["Chart", "LOS days"] + R] + [[s, str(rng.randint(1, 21))] + [M[s][r] for r in R] for s in S]
    csv_case("icd10_coders.csv", rows, k, S, R, M,
        "principal-diagnosis coding by 3 coders: ICD-10 codes (J18.9, N39.0 ...) are nominal categories; "
        "length of stay is not a rating", keywords=[r"\blos\b", r"length"])


# ================================================================== B. SPSS and Stata
def g_stats():
    import pandas as pd
    k = "spss_stata"
    # 14 SPSS value labels, Barrett dysplasia
    S = list(range(101, 125))
    R = ["path1", "path2", "path3"]
    lab = {1: "NDBE", 2: "IND", 3: "LGD", 4: "HGD", 5: "EAC"}
    M = mat(S, R, ["1", "2", "3", "4", "5"], acc=0.55)
    df = pd.DataFrame({"case_id": S, **{r: [float(M[s][r]) for s in S] for r in R}})
    sav("barrett_dysplasia.sav", df, variable_value_labels={r: lab for r in R},
        column_labels=["Case number", "Pathologist 1", "Pathologist 2", "Pathologist 3"])
    add("barrett_dysplasia.sav", k, "import", reading(S, R, M),
        "SPSS .sav, codes 1-5 with value labels NDBE/IND/LGD/HGD/EAC; codes or labels are both right",
        aliases={str(c): [l] for c, l in lab.items()})

    # 15 SPSS user-missing 9 = not assessable
    S = list(range(1, 31))
    R = ["rater_a", "rater_b", "rater_c"]
    lab = {1: "none", 2: "mild", 3: "moderate", 4: "severe", 9: "not assessable"}
    M = mat(S, R, ["1", "2", "3", "4"], acc=0.6)
    nines = set()
    for s in rng.sample(S, 5):
        r = rng.choice(R)
        M[s][r] = "9"
        nines.add((s, r))
    df = pd.DataFrame({"id": S, **{r: [float(M[s][r]) for s in S] for r in R}})
    sav("spss_user_missing_9.sav", df, variable_value_labels={r: lab for r in R}, missing_ranges={r: [9] for r in R})
    rd = [t for t in reading(S, R, M) if t[2] != "9"]
    add("spss_user_missing_9.sav", k, "import", rd,
        "SPSS .sav with 9 = 'not assessable' declared as a user-missing value: 9 is not a category",
        keywords=[r"\b9\b", r"not assessable", r"user.missing"], aliases={str(c): [l] for c, l in lab.items() if c != 9})

    # 16 SPSS filter_$ from Select Cases
    S = list(range(1, 29))
    R = ["obs1", "obs2"]
    M = mat(S, R, ["0", "1"], acc=0.75)
    filt = [1.0 if rng.random() < 0.7 else 0.0 for _ in S]
    df = pd.DataFrame({"subj": S, **{r: [float(M[s][r]) for s in S] for r in R}, "filter_$": filt})
    sav("spss_filter_variable.sav", df, variable_value_labels={"obs1": {0: "absent", 1: "present"},
                                                                "obs2": {0: "absent", 1: "present"},
                                                                "filter_$": {0: "Not Selected", 1: "Selected"}},
        column_labels=["Subject", "Observer 1", "Observer 2", "quality = 1 (FILTER)"])
    rd = reading(S, R, M)
    sel = [t for t in rd if filt[S.index(int(t[0]))] == 1.0]
    add("spss_filter_variable.sav", k, "import", rd,
        "SPSS Select Cases left a filter_$ variable (0 Not Selected / 1 Selected): it is not a rater; all cases or "
        "only the selected ones are both fair", alts=[alt(sel, label="selected cases only")],
        keywords=[r"filter_\$'? (is|was|column)", r"select cases", r"not a rater"], aliases={"0": ["absent"], "1": ["present"]})

    # 17 SPSS long, labels only at the scale ends
    S = list(range(1, 19))
    R = ["Rater A", "Rater B", "Rater C", "Rater D"]
    M = mat(S, R, [str(i) for i in range(1, 8)], acc=0.45)
    rec = [(s, r, float(M[s][r])) for s in S for r in R]
    rng.shuffle(rec)
    df = pd.DataFrame({"video": [x[0] for x in rec], "rater": [x[1] for x in rec], "pain": [x[2] for x in rec]})
    sav("spss_long_endpoint_labels.sav", df, variable_value_labels={"pain": {1: "no pain", 7: "worst pain"}})
    add("spss_long_endpoint_labels.sav", k, "import", reading(S, R, M),
        "SPSS long file (video, rater string, pain 1-7) whose value labels name only the end points; the "
        "unlabelled codes 2-6 are ratings too", aliases={"1": ["no pain"], "7": ["worst pain"]})

    # 18 SPSS with demographics: sex (1/2 labelled) is not a rater
    S = list(range(1, 27))
    R = ["raterA", "raterB", "raterC"]
    M = mat(S, R, ["0", "1"], acc=0.75)
    df = pd.DataFrame({"id": S, "age": [float(rng.randint(18, 80)) for _ in S],
                       "sex": [float(rng.choice([1, 2])) for _ in S], **{r: [float(M[s][r]) for s in S] for r in R}})
    sav("spss_demographics_first.sav", df, variable_value_labels={"sex": {1: "male", 2: "female"},
                                                                   **{r: {0: "absent", 1: "present"} for r in R}})
    add("spss_demographics_first.sav", k, "import", reading(S, R, M),
        "SPSS wide file with age and sex (1 male / 2 female) before three 0/1 rater variables; sex and age are "
        "not raters", keywords=[r"\bsex\b", r"\bage\b"], aliases={"0": ["absent"], "1": ["present"]})

    # 19 Stata wide with value labels
    S = list(range(1, 25))
    R = ["reader1", "reader2", "reader3"]
    lab = {0: "none", 1: "mild", 2: "moderate", 3: "severe"}
    M = mat(S, R, ["0", "1", "2", "3"], acc=0.6)
    df = pd.DataFrame({"patid": S, **{r: [int(M[s][r]) for s in S] for r in R}})
    dta("stata_severity_labels.dta", df, variable_value_labels={r: lab for r in R})
    add("stata_severity_labels.dta", k, "import", reading(S, R, M),
        "Stata .dta with a value label severity 0-3 on each reader", aliases={str(c): [l] for c, l in lab.items()})

    # 19b Stata string ratings, string ids with leading zeros
    S = ["%03d" % (i + 1) for i in range(22)]
    R = ["rev_a", "rev_b"]
    M = mat(S, R, ["benign", "malignant", "uncertain"], acc=0.65)
    df = pd.DataFrame({"lesion_id": S, **{r: [M[s][r] for s in S] for r in R},
                       "size_mm": [float(rng.randint(3, 40)) for _ in S]})
    dta("stata_string_ratings.dta", df, column_labels=["Lesion", "Reviewer A", "Reviewer B", "Size (mm)"])
    add("stata_string_ratings.dta", k, "import", reading(S, R, M),
        "Stata .dta with str ratings (benign/malignant/uncertain), string lesion ids '001' and a size_mm number "
        "that is not a rating", keywords=[r"size"])

    # 20 Stata long, reader as labelled number
    S = list(range(1, 21))
    rl = {1: "Adams", 2: "Baker", 3: "Cruz"}
    R = list(rl.values())
    M = mat(S, R, ["0", "1", "2", "3", "4"], miss=0.1, acc=0.55)
    rec = [(s, c, float(M[s][r])) for s in S for c, r in rl.items() if M[s][r] is not None]
    df = pd.DataFrame({"case": [x[0] for x in rec], "reader": [x[1] for x in rec], "klgrade": [x[2] for x in rec]})
    dta("stata_long_reader_labels.dta", df, variable_value_labels={"reader": rl},
        column_labels=["Case", "Reader", "Kellgren-Lawrence grade"])
    add("stata_long_reader_labels.dta", k, "import", reading(S, R, M),
        "Stata long file: reader stored as 1/2/3 with the value label Adams/Baker/Cruz; KL grade 0-4")


# ================================================================== C. R exports
def g_r():
    k = "r_export"
    # 21 irr::diagnoses written by write.csv (row names, quoted labels)
    labs = ["1. Depression", "2. Personality Disorder", "3. Schizophrenia", "4. Neurosis", "5. Other"]
    S = [str(i + 1) for i in range(30)]
    R = ["rater%d" % (i + 1) for i in range(6)]
    M = mat(S, R, labs, acc=0.55)
    rows = [[""] + R] + [[s] + [M[s][r] for r in R] for s in S]
    write_txt("r_irr_diagnoses.csv", rows, quoting=csv.QUOTE_ALL)
    add("r_irr_diagnoses.csv", k, "import", reading(S, R, M),
        "write.csv(diagnoses) as from R's irr package: an unnamed row-name column, factor labels '1. Depression' ... "
        "quoted; the labels start with a number but are nominal")

    # 22 write.csv with default row names AND an id column, NA for missing
    S = ["A%03d" % rng.randint(1, 999) for _ in range(22)]
    S = list(dict.fromkeys(S))
    R = ["rater1", "rater2", "rater3"]
    M = mat(S, R, ["0", "1", "2"], miss=0.1, acc=0.6)
    rows = ['"","id","rater1","rater2","rater3"']
    for i, s in enumerate(S):
        rows.append('"%d","%s",%s' % (i + 1, s, ",".join("NA" if M[s][r] is None else M[s][r] for r in R)))
    write_txt("r_write_csv_rownames_id.csv", text="\n".join(rows) + "\n")
    add("r_write_csv_rownames_id.csv", k, "import", reading(S, R, M),
        "write.csv with default row names 1..n before the id column; NA is missing; the row-name column is "
        "not a rater", keywords=[r"row.?name", r"index"])

    # 23 write.csv2 (German R): ; and row names are the subjects
    S = ["P%02d" % (i + 1) for i in range(18)]
    R = ["Beurteiler_1", "Beurteiler_2", "Beurteiler_3"]
    M = mat(S, R, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"], miss=0.08, acc=0.3)
    rows = ['"";"Beurteiler_1";"Beurteiler_2";"Beurteiler_3"']
    for s in S:
        rows.append('"%s";%s' % (s, ";".join("NA" if M[s][r] is None else M[s][r] for r in R)))
    write_txt("r_write_csv2_rownames.csv", text="\n".join(rows) + "\n")
    add("r_write_csv2_rownames.csv", k, "import", reading(S, R, M),
        "write.csv2 from a German R session: semicolons, the unnamed first column holds the subjects (row names), "
        "NA is missing, pain scores 0-10")


# ================================================================== D. judging panels
def g_judging():
    k = "judging"
    # 24 wine medals with panel award
    S = [str(1000 + rng.randint(1, 999)) for _ in range(26)]
    S = list(dict.fromkeys(S))
    R = ["Judge %d" % (i + 1) for i in range(5)]
    med = ["Gold", "Silver", "Bronze", "No medal"]
    M = mat(S, R, med, acc=0.5)
    rows = [["Flight", "Entry no.", "Class"] + R + ["Panel award"]]
    for i, s in enumerate(S):
        votes = [M[s][r] for r in R]
        award = max(set(votes), key=lambda v: (votes.count(v), -med.index(v)))
        rows.append([i // 7 + 1, int(s), rng.choice(["Riesling Kabinett 2022", "Grüner Veltliner 2023",
                                                       "Pinot Noir 2021", "Chardonnay 2022", "Syrah 2020"])] + votes + [award])
    xlsx_case("wine_medals_panel.xlsx", "Results", rows, k, S, R, M,
        "wine competition: 5 judges give Gold/Silver/Bronze/No medal; 'Panel award' is the panel's decision, not "
        "a sixth judge; Flight (1-4) is a group number", keywords=[r"panel award", r"award", r"flight"])

    # 25 wine 100-point scores with Average and Medal
    S = ["E%03d" % (i + 1) for i in range(24)]
    R = ["Judge A", "Judge B", "Judge C", "Judge D"]
    M = {}
    for s in S:
        q = rng.randint(82, 95)
        M[s] = {r: str(max(80, min(100, q + rng.randint(-3, 3)))) for r in R}
    rows = [["Entry", "Class"] + R + ["Average", "Medal"]]
    for s in S:
        av = sum(int(M[s][r]) for r in R) / 4
        medal = "Gold" if av >= 95 else "Silver" if av >= 90 else "Bronze" if av >= 86 else ""
        rows.append([s, rng.choice(["Red", "White", "Rosé", "Sparkling"])] + [M[s][r] for r in R] +
                    ["%.2f" % av, medal])
    csv_case("wine_100_point_scores.csv", rows, k, S, R, M,
        "100-point wine scores by 4 judges; Average and the Medal derived from it are not judges",
        keywords=[r"average", r"medal", r"mean"])

    # 26 diving score sheet
    divers = ["LI Wen", "K. Okafor", "M. Rossi", "A. Petrova", "J. Smith", "T. Sato"]
    S = [(d, rd) for d in divers for rd in range(1, 6)]
    R = ["J%d" % (i + 1) for i in range(7)]
    M = {}
    for s in S:
        q = rng.choice([5.5, 6.0, 6.5, 7.0, 7.5, 8.0, 8.5, 9.0])
        M[s] = {r: "%.1f" % min(10, max(0, q + rng.choice([-1, -0.5, 0, 0, 0.5, 1]))) for r in R}
    rows = [["Diver", "NOC", "Rd", "Dive", "Pos", "DD"] + R + ["Pts"]]
    noc = dict(zip(divers, ["CHN", "NGR", "ITA", "AIN", "USA", "JPN"]))
    for s in S:
        dd = rng.choice([2.0, 2.8, 3.0, 3.2, 3.4, 3.6])
        sc = sorted(float(M[s][r]) for r in R)[2:5]
        rows.append([s[0], noc[s[0]], str(s[1]),
                     rng.choice(["107B", "207C", "307C", "407C", "5253B", "109C"]), rng.choice(["B", "C"]),
                     "%.1f" % dd] + [M[s][r] for r in R] + ["%.2f" % (sum(sc) * dd)])
    write_txt("diving_judges_scoresheet.csv", rows)
    rd = rdi(S, R, M)
    add("diving_judges_scoresheet.csv", k, "import", rd,
        "diving results: 7 judges J1-J7 score each dive 0-10 in halves; a subject is one dive (Diver + Rd); "
        "DD (difficulty) and Pts (points) are not judges", keywords=KW_REPEAT + [r"\bdd\b", r"\bpts\b"])

    # 27 figure skating judges' GOE
    skaters = ["Skater A", "Skater B", "Skater C"]
    els = ["4T", "3A", "3Lz+3T", "FCSp4", "StSq3", "3F", "CCoSp4", "ChSq1"]
    S = [(sk, i + 1) for sk in skaters for i in range(len(els))]
    R = ["J%d" % (i + 1) for i in range(9)]
    M = {}
    for s in S:
        q = rng.randint(-2, 4)
        M[s] = {r: str(max(-5, min(5, q + rng.choice([-1, 0, 0, 1])))) for r in R}
    rows = [["Skater", "#", "Executed Elements", "Base Value", "GOE"] + R + ["Scores of Panel"]]
    for s in S:
        bv = rng.choice([3.3, 5.9, 8.0, 9.5, 3.9, 5.3, 3.0])
        goe = round(sum(sorted(int(M[s][r]) for r in R)[1:-1]) / 7 * bv / 10, 2)
        rows.append([s[0], s[1], els[s[1] - 1], bv, goe] + [int(M[s][r]) for r in R] + [round(bv + goe, 2)])
    write_xlsx("skating_goe_panel.xlsx", [("Judges details", rows)])
    add("skating_goe_panel.xlsx", k, "import", rdi(S, R, M),
        "figure-skating judges' details: 9 judges' GOE -5..+5 per element; a subject is Skater + element # "
        "(element codes like 3Lz+3T are text); Base Value, panel GOE and Scores of Panel are not judges",
        keywords=KW_REPEAT + [r"base value", r"scores of panel", r"\bgoe\b"])

    # 28 essay rubric: several criteria per rater plus totals
    S = ["ESS-%02d" % (i + 1) for i in range(16)]
    crit = ["ideas", "organization", "conventions"]
    R = ["A", "B"]
    SI = [(s, c) for s in S for c in crit]
    M = mat(SI, R, ["1", "2", "3", "4"], acc=0.6)
    head = ["essay_id"] + ["%s_%s" % (r, c) for r in R for c in crit + ["total"]]
    rows = [head]
    for s in S:
        row = [s]
        for r in R:
            vals = [M[(s, c)][r] for c in crit]
            row += vals + [str(sum(map(int, vals)))]
        rows.append(row)
    write_txt("essay_rubric_criteria.csv", rows)
    add_rubric("essay_rubric_criteria.csv", k, S, crit, R, M,
               "essay rubric: raters A and B each score ideas/organization/conventions 1-4 (rater_criterion columns) "
               "plus a total; the criteria are items; the totals are sums (agreement on totals alone is also fair)")

    # 28b essay rubric, long, with a Total row per rater
    S = ["E%02d" % (i + 1) for i in range(12)]
    crit = ["Thesis", "Evidence", "Style"]
    R = ["T. Okafor", "L. Brandt", "S. Haddad"]
    SI = [(s, c) for s in S for c in crit]
    M = mat(SI, R, ["1", "2", "3", "4", "5"], acc=0.55)
    rows = [["Essay", "Rater", "Criterion", "Score"]]
    for s in S:
        for r in R:
            for c in crit:
                rows.append([s, r, c, int(M[(s, c)][r])])
            rows.append([s, r, "Total", sum(int(M[(s, c)][r]) for c in crit)])
    write_xlsx("essay_rubric_long_total_rows.xlsx", [("Scores", rows)])
    add_rubric("essay_rubric_long_total_rows.xlsx", k, S, crit, R, M,
               "rubric scores long (Essay, Rater, Criterion, Score) where each rater's block ends with a 'Total' "
               "criterion row (the sum, 3-15): the criteria are items, 'Total' is not one (agreement on the totals "
               "alone is fair too)")

    # 29 interview panel, scorecard export (long)
    cands = ["%s %s" % (a, b) for a, b in zip(rng.sample(FIRST, 12), rng.sample(["Ng", "Silva", "Brown", "Khan",
             "Müller", "Rossi", "Kim", "Diaz", "Cohen", "Ito", "Novak", "Ali", "Berg", "Roy"], 12))]
    R = ["Sam Patel", "Ana Lima", "Tom Becker", "Ruth Mensah", "Ken Wu"]
    recs = ["Definitely Not", "No", "Yes", "Strong Yes"]
    M = mat(cands, R, recs, miss=0.25, acc=0.55)
    rows = [["Candidate Name", "Candidate ID", "Job", "Interview", "Interviewer", "Overall Recommendation", "Submitted On"]]
    for i, c in enumerate(cands):
        for j, r in enumerate(R):
            if M[c][r] is None:
                continue
            rows.append([c, str(4400120 + i * 13), "Data Analyst (Req 1187)", rng.choice(["Technical Interview",
                         "Hiring Manager Interview", "Case Study", "Culture Interview"]), r, M[c][r],
                         (BASE + dt.timedelta(days=i, hours=j)).strftime("%m/%d/%Y %I:%M %p")])
    write_txt("interview_scorecards.csv", rows)
    add("interview_scorecards.csv", k, "import", reading(cands, R, M),
        "recruiting scorecards export: candidate x interviewer -> Overall Recommendation (Definitely Not..Strong "
        "Yes); Candidate ID duplicates the candidate; Interview names the stage, not a rater")

    # 30 talent show ODS with Mean/Rank columns and an Average row
    S = ["Act %d" % (i + 1) for i in range(14)]
    R = ["Judge Kim", "Judge Lopez", "Judge Meyer"]
    M = mat(S, R, [str(i) for i in range(3, 11)], acc=0.4)
    means = {s: sum(int(M[s][r]) for r in R) / 3 for s in S}
    order = sorted(S, key=lambda s: -means[s])
    rows = [["Act", "Performer"] + R + ["Mean", "Rank"]]
    for s in S:
        rows.append([s, rng.choice(["dance", "song", "magic", "comedy"])] + [int(M[s][r]) for r in R] +
                    [round(means[s], 2), order.index(s) + 1])
    rows.append(["Average", ""] + [round(sum(int(M[s][r]) for s in S) / len(S), 2) for r in R] + ["", ""])
    write_ods("talent_show_scores.ods", [("Scores", rows)])
    add("talent_show_scores.ods", k, "import", reading(S, R, M),
        "ODS judges' sheet: Mean and Rank columns and an 'Average' row at the bottom are summaries, not ratings",
        keywords=KW_TOTAL + [r"average", r"\bmean\b", r"\brank\b"])

    # 31 science fair, sparse: each project by 3 of 8 judges; Room number column
    S = ["P-%02d" % (i + 1) for i in range(24)]
    R = ["AB", "CK", "DL", "EM", "FN", "GO", "HP", "IQ"]
    M = mat(S, R, [str(i) for i in range(1, 11)], acc=0.3)
    for s in S:
        keep = set(rng.sample(R, 3))
        for r in R:
            if r not in keep:
                M[s][r] = None
    for r in R:
        if all(M[s][r] is None for s in S):
            M[S[R.index(r)]][r] = "7"
    rows = [["Project", "Title", "Category", "Room"] + R]
    for s in S:
        rows.append([s, "Project %s" % s[-2:], rng.choice(["Biology", "Physics", "Chemistry"]), rng.choice([101, 102, 204, 205])] +
                    [int(M[s][r]) if M[s][r] else None for r in R])
    xlsx_case("science_fair_judges.xlsx", "Scores", rows, k, S, R, M,
        "science fair: each project scored 1-10 by 3 of 8 judges (initials), blanks where a judge did not see it; "
        "Room (101/204...) is a number but not a judge", keywords=[r"\broom\b"])


# ================================================================== E. annotation teams and data sets
def g_annotation():
    k = "annotation"
    # 32 Wikipedia Detox toxicity_annotations.tsv
    S = ["%d.0" % rng.randint(2000, 700000000) for _ in range(25)]
    pool = [str(rng.randint(0, 4300)) for _ in range(40)]
    pool = list(dict.fromkeys(pool))
    M = {}
    for s in S:
        base = rng.choice([-1, 0, 0, 1])
        M[s] = {w: None for w in pool}
        for w in rng.sample(pool, 10):
            M[s][w] = "%.1f" % max(-2, min(2, base + rng.choice([-1, 0, 0, 0, 1])))
    rows = [["rev_id", "worker_id", "toxicity", "toxicity_score"]]
    for s in S:
        for w in pool:
            if M[s][w] is not None:
                rows.append([s, w, "1" if float(M[s][w]) < 0 else "0", M[s][w]])
    write_txt("wiki_toxicity_annotations.tsv", rows, delim="\t")
    used = [w for w in pool if any(M[s][w] is not None for s in S)]
    rd = reading(S, used, M)
    rd_bin = [[s, w, "1" if float(v) < 0 else "0"] for s, w, v in rd]
    add("wiki_toxicity_annotations.tsv", k, "import", rd,
        "Wikipedia Detox toxicity_annotations.tsv: rev_id (written 2232.0) x worker_id; toxicity_score -2..2 is "
        "the rating, toxicity 0/1 is derived from it (reading either is fair)", alts=[alt(rd_bin, label="toxicity 0/1")])

    # 33 Wikipedia Detox attack_annotations.tsv with sub-type flags
    S = ["%d.0" % rng.randint(2000, 700000000) for _ in range(20)]
    pool = list(dict.fromkeys(str(rng.randint(0, 4300)) for _ in range(30)))
    sub = ["quoting_attack", "recipient_attack", "third_party_attack", "other_attack"]
    A = {}
    for s in S:
        p = rng.random() * 0.5
        A[s] = {}
        for w in rng.sample(pool, 8):
            flags = {c: ("1.0" if rng.random() < p / 2 else "0.0") for c in sub}
            flags["attack"] = "1.0" if "1.0" in flags.values() else "0.0"
            A[s][w] = flags
    rows = [["rev_id", "worker_id"] + sub + ["attack"]]
    for s in S:
        for w, f in A[s].items():
            rows.append([s, w] + [f[c] for c in sub + ["attack"]])
    write_txt("wiki_attack_annotations.tsv", rows, delim="\t")
    rd = [[s, w, f["attack"]] for s in S for w, f in A[s].items()]
    items = [["%s | %s" % (s, c), w, f[c]] for s in S for w, f in A[s].items() for c in sub + ["attack"]]
    add("wiki_attack_annotations.tsv", k, "import", rd,
        "Wikipedia Detox attack_annotations.tsv: 'attack' (0.0/1.0) is the overall label; the four *_attack columns "
        "are its sub-types; reading each column as an item is also fair",
        alts=[alt(items, label="each flag an item")], keywords=[r"quoting_attack", r"several (rating )?columns"])

    # 34 GoEmotions raw (multi-label, one column per emotion)
    emos = ["admiration", "amusement", "anger", "annoyance", "approval", "caring", "confusion", "curiosity", "desire",
            "disappointment", "disapproval", "disgust", "embarrassment", "excitement", "fear", "gratitude", "grief",
            "joy", "love", "nervousness", "optimism", "pride", "realization", "relief", "remorse", "sadness",
            "surprise", "neutral"]
    S = ["e" + "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(6)) for _ in range(12)]
    pool = [str(x) for x in rng.sample(range(0, 82), 8)]
    E = {}
    for s in S:
        focus = rng.sample(emos, 2)
        E[s] = {}
        for w in rng.sample(pool, 3):
            pick = {rng.choice(focus)} | ({rng.choice(emos)} if rng.random() < 0.3 else set())
            E[s][w] = {e: "1" if e in pick else "0" for e in emos}
    rows = [["text", "id", "author", "subreddit", "link_id", "parent_id", "created_utc", "rater_id",
             "example_very_unclear"] + emos]
    for i, s in enumerate(S):
        for w, f in E[s].items():
            rows.append([SENTENCES[i % 10], s, "user%d" % rng.randint(100, 999), rng.choice(["AskReddit", "nba", "movies"]),
                         "t3_" + s[1:], "t1_" + s[::-1], "%d.0" % (1548000000 + i * 5000), w, "False"] + [f[e] for e in emos])
    write_txt("goemotions_raw.csv", rows)
    items = [["%s | %s" % (s, e), w, f[e]] for s in S for w, f in E[s].items() for e in emos]
    add("goemotions_raw.csv", k, "either", items,
        "GoEmotions raw CSV: multi-label, one 0/1 column per emotion (a rater may tick two); agreement is per "
        "emotion (each column an item) - or refuse clearly; picking one emotion per rater is wrong",
        keywords=KW_ONEHOT + [r"multi.?label", r"more than one"])

    # 35 HateXplain-style JSON
    S = ["%d_twitter" % rng.randint(10 ** 18, 2 * 10 ** 18) for _ in range(10)] + \
        ["%d_gab" % rng.randint(10 ** 4, 10 ** 5) for _ in range(8)]
    pool = list(range(1, 30))
    H = {}
    for s in S:
        base = rng.choice(["hatespeech", "offensive", "normal"])
        H[s] = {a: (base if rng.random() < 0.65 else rng.choice(["hatespeech", "offensive", "normal"]))
                for a in rng.sample(pool, 3)}
    js = {}
    for s in S:
        toks = rng.choice(SENTENCES).lower().replace(".", "").split()
        js[s] = {"post_id": s,
                 "annotators": [{"label": v, "annotator_id": a, "target": [rng.choice(["None", "African", "Women", "Islam"])]}
                                for a, v in H[s].items()],
                 "rationales": [[rng.choice([0, 1]) for _ in toks] for v in H[s].values() if v != "normal"],
                 "post_tokens": toks}
    with open(P("hatexplain_dataset.json"), "w", encoding="utf-8") as f:
        json.dump(js, f, indent=1)
    rd = [[s, str(a), v] for s in S for a, v in H[s].items()]
    add("hatexplain_dataset.json", k, "either", rd,
        "HateXplain dataset.json: {post_id: {annotators: [{label, annotator_id, target}], rationales, post_tokens}}; "
        "label by annotator_id is the rating; target and rationales are not (or refuse clearly)")

    # 36 sentiment spreadsheet with a Check column and trailing spaces
    S = [str(i + 1) for i in range(30)]
    R = ["Annotator 1", "Annotator 2", "Annotator 3"]
    M = mat(S, R, ["pos", "neg", "neu"], acc=0.65)
    rows = [["No.", "Text"] + R + ["Check"]]
    for i, s in enumerate(S):
        vals = [M[s][r] for r in R]
        shown = [v + " " if rng.random() < 0.12 else v for v in vals]
        rows.append([int(s), SENTENCES[i % 10]] + shown + ["agree" if len(set(vals)) == 1 else "CHECK"])
    xlsx_case("sentiment_sheet_check_col.xlsx", "Labels", rows, k, S, R, M,
        "annotation spreadsheet: pos/neg/neu by 3 annotators, a few labels with a trailing space ('neg ' = 'neg'); "
        "the 'Check' column (agree/CHECK, a formula result) is not an annotator", keywords=[r"check"])

    # 37 annotation log with relabels (same annotator, same item, later timestamp)
    S = ["doc_%03d" % (i + 1) for i in range(20)]
    R = ["maria@team", "kwame@team", "li@team"]
    M = mat(S, R, ["relevant", "partly relevant", "not relevant"], acc=0.6)
    first = {(s, r): M[s][r] for s in S for r in R}
    rows = [["timestamp", "annotator", "item_id", "label"]]
    t = BASE
    for s in S:
        for r in R:
            t += dt.timedelta(seconds=rng.randint(20, 200))
            rows.append([t.strftime("%Y-%m-%dT%H:%M:%S"), r, s, M[s][r]])
    relab = rng.sample([(s, r) for s in S for r in R], 5)
    last = dict(first)
    for (s, r) in relab:
        t += dt.timedelta(minutes=rng.randint(5, 60))
        v = rng.choice([c for c in ["relevant", "partly relevant", "not relevant"] if c != first[(s, r)]])
        last[(s, r)] = v
        rows.append([t.strftime("%Y-%m-%dT%H:%M:%S"), r, s, v])
    write_xlsx("annotation_log_relabels.xlsx", [("log", rows)])
    rd_last = [[s, r, last[(s, r)]] for s in S for r in R]
    rd_first = [[s, r, first[(s, r)]] for s in S for r in R]
    add("annotation_log_relabels.xlsx", k, "import", rd_last,
        "annotation log: 5 items relabelled later by the same annotator; keeping the latest (or the first) label "
        "is fair only if the tool says it dropped repeats", must_note=True,
        alts=[alt(rd_first, must_note=True, label="first label kept")], keywords=KW_REPEAT)

    # 38 iMRMC input file (description, BEGIN DATA:, truth rows with reader -1)
    cases = ["case%02d" % (i + 1) for i in range(16)]
    mods = ["DM", "DBT"]
    R = ["reader%d" % (i + 1) for i in range(4)]
    SI = [(c, m) for c in cases for m in mods]
    M = {}
    truth = {c: rng.choice([0, 1]) for c in cases}
    for c, m in SI:
        M[(c, m)] = {r: str(max(0, min(100, (70 if truth[c] else 30) + rng.randint(-30, 30)))) for r in R}
    lines = ["iMRMC reader study: DM vs DBT, malignancy score 0-100", "N0=%d" % sum(1 for c in cases if not truth[c]),
             "N1=%d" % sum(truth.values()), "NR=4", "NM=2", "", "BEGIN DATA:"]
    for c in cases:
        lines.append("-1,%s,0,%d" % (c, truth[c]))
    for r in R:
        for c, m in SI:
            lines.append("%s,%s,%s,%s" % (r, c, m, M[(c, m)][r]))
    write_txt("imrmc_input.csv", text="\n".join(lines) + "\n")
    rd = rdi(SI, R, M)
    add("imrmc_input.csv", k, "either", rd,
        "iMRMC input: free-text study description, 'BEGIN DATA:', then headerless reader,case,modality,score rows; "
        "rows with reader -1 give each case's truth and are not ratings; subject = case + modality",
        keywords=KW_REPEAT + [r"truth", r"-1"])

    # 39 MRMC long with header, two modalities and a biopsy truth column
    cases = ["C%03d" % (i + 1) for i in range(15)]
    R = ["R1", "R2", "R3"]
    mods = ["Unaided", "AI-aided"]
    SI = [(c, m) for c in cases for m in mods]
    M = mat(SI, R, ["1", "2", "3", "4", "5"], acc=0.55)
    bx = {c: rng.choice(["0", "1"]) for c in cases}
    rows = [["ReaderID", "CaseID", "Modality", "Score", "BiopsyProven"]]
    for r in R:
        for c, m in SI:
            rows.append([r, c, m, M[(c, m)][r], bx[c]])
    write_txt("mrmc_two_modalities.csv", rows)
    rd = rdi(SI, R, M)
    add("mrmc_two_modalities.csv", k, "import", rd,
        "MRMC reader study long file: each reader reads each case unaided and AI-aided; subject = case + modality "
        "(or Modality as an item); BiopsyProven (0/1) is the reference, not a reader",
        keywords=KW_REPEAT + [r"modality"])


# ================================================================== F. Excel oddities
def g_excel():
    k = "excel_odd"
    # 40 two tables side by side
    SN = ["N%02d" % (i + 1) for i in range(12)]
    SS = ["S%02d" % (i + 1) for i in range(10)]
    RN, RS = ["Dr Ahmed", "Dr Berg"], ["Dr Costa", "Dr Dietz"]
    cats = ["normal", "equivocal", "abnormal"]
    MN = mat(SN, RN, cats, acc=0.7)
    MS = mat(SS, RS, cats, acc=0.7)
    c = {}
    grid([["Hospital North"], ["Case"] + RN] + [[s] + [MN[s][r] for r in RN] for s in SN], 1, 1, c)
    grid([["Hospital South"], ["Case"] + RS] + [[s] + [MS[s][r] for r in RS] for s in SS], 1, 5, c)
    write_xlsx2("two_tables_side_by_side.xlsx", c, "ECG reads")
    rd = reading(SN, RN, MN) + reading(SS, RS, MS)
    add("two_tables_side_by_side.xlsx", k, "either", rd,
        "two tables in one sheet (A:C North, E:G South, a blank column between), different cases and raters: read "
        "both (22 cases, 4 raters, each case by 2) or refuse; reading one table only or the 'Case' column of the "
        "second as a rater is wrong", keywords=[r"side by side", r"second table", r"two tables", r"blank column"])

    # 41 totals row and totals column (0/1 findings)
    S = ["L%02d" % (i + 1) for i in range(20)]
    R = ["Reader A", "Reader B", "Reader C", "Reader D"]
    M = mat(S, R, ["0", "1"], acc=0.75)
    rows = [["Lesion"] + R + ["Total"]]
    for s in S:
        rows.append([s] + [int(M[s][r]) for r in R] + [sum(int(M[s][r]) for r in R)])
    rows.append(["Total"] + [sum(int(M[s][r]) for s in S) for r in R] + [sum(int(M[s][r]) for s in S for r in R)])
    xlsx_case("totals_row_and_column.xlsx", "Findings", rows, k, S, R, M,
        "0/1 findings by 4 readers with a 'Total' column (positives per lesion, 0-4) and a 'Total' row (positives "
        "per reader, e.g. 11): neither is a rating", keywords=KW_TOTAL)

    # 42 title, blank row, header in row 3, frozen panes
    S = ["Pt %d" % (i + 1) for i in range(22)]
    R = ["Nurse 1", "Nurse 2", "Nurse 3"]
    M = mat(S, R, ["Stage 1", "Stage 2", "Stage 3", "Stage 4", "Unstageable", "Deep tissue injury"], acc=0.6)
    c = {(1, 1): "Pressure injury staging - inter-rater study, Ward 7, March 2024"}
    grid([["Patient", "Site"] + R] + [[s, rng.choice(["sacrum", "heel", "hip"])] + [M[s][r] for r in R] for s in S], 3, 1, c)
    write_xlsx2("title_blank_header_row3_frozen.xlsx", c, "Staging", merges=["A1:E1"], freeze="C4")
    add("title_blank_header_row3_frozen.xlsx", k, "import", reading(S, R, M),
        "a merged title in row 1, row 2 blank, the header in row 3 and panes frozen below it; 'Site' (sacrum/"
        "heel/hip) is the wound site, not a nurse", keywords=[r"\bsite\b"])

    # 43 notes in a far-right column with no header
    S = ["H-%03d" % (i + 1) for i in range(18)]
    R = ["Path A", "Path B", "Path C"]
    M = mat(S, R, ["G1", "G2", "G3"], acc=0.65)
    c = {}
    grid([["Slide"] + R] + [[s] + [M[s][r] for r in R] for s in S], 1, 1, c)
    for i, s in enumerate(S):
        if rng.random() < 0.4:
            c[(i + 2, 9)] = rng.choice(["recut requested", "poor fixation", "discussed at MDT", "B unsure G2/G3",
                                        "ask Dr Okoye"])
    write_xlsx2("notes_far_right_no_header.xlsx", c, "Grading")
    add("notes_far_right_no_header.xlsx", k, "import", reading(S, R, M),
        "tumour grades G1-G3 in B:D; free-text notes in column I with no header, after four empty columns",
        keywords=[r"note", r"comment", r"free.?text", r"column i\b"])

    # 43b the same with a single note in one row (the header then looks one name short, as in R's write.table)
    S = ["B-%03d" % (i + 1) for i in range(20)]
    R = ["Path A", "Path B", "Path C"]
    M = mat(S, R, ["G1", "G2", "G3"], acc=0.65)
    c = {}
    grid([["Slide"] + R] + [[s] + [M[s][r] for r in R] for s in S], 1, 1, c)
    c[(2 + rng.randrange(len(S)), 9)] = "ask Dr Okoye - G2 or G3?"
    write_xlsx2("notes_far_right_single_note.xlsx", c, "Grading")
    add("notes_far_right_single_note.xlsx", k, "import", reading(S, R, M),
        "as notes_far_right_no_header but only one row has a note (column I, no header): the header is not one "
        "name short; shifting the column names one place right misreads every rater",
        keywords=[r"note", r"comment", r"free.?text", r"column i\b"])

    # 44 missing codes '-', 'n/a' and 99 with a legend line
    S = ["%d" % (i + 1) for i in range(24)]
    R = ["Reader A", "Reader B", "Reader C"]
    M = mat(S, R, ["0", "1", "2", "3", "4"], acc=0.55)
    miss = {}
    for s in rng.sample(S, 7):
        r = rng.choice(R)
        miss[(s, r)] = rng.choice(["-", "n/a", "99", "99"])
    rows = [["Knee", "Reader A", "Reader B", "Reader C"]]
    for s in S:
        rows.append([s] + [miss.get((s, r), M[s][r]) for r in R])
    rows += [["", "", "", ""], ["KL grade 0-4; 99 = not assessed (image quality); n/a = no image; - = not read", "", "", ""]]
    write_txt("missing_codes_99_na_dash.csv", rows)
    rd = [[s, r, M[s][r]] for s in S for r in R if (s, r) not in miss]
    add("missing_codes_99_na_dash.csv", k, "import", rd,
        "KL grades 0-4 with three missing markers: '-', 'n/a' and 99 ('99 = not assessed', said in the legend line "
        "below the data, saved by Excel so every row has 4 cells); 99 is not a grade", keywords=[r"\b99\b", r"not assessed"])

    # 45 Spanish severity words, inconsistent case and trailing spaces
    S = ["Paciente %d" % (i + 1) for i in range(20)]
    R = ["Evaluador 1", "Evaluador 2", "Evaluador 3"]
    M = mat(S, R, ["Leve", "Moderado", "Grave"], acc=0.6)
    rows = [["Paciente", "Edad"] + R]
    for s in S:
        row = [s, rng.randint(20, 90)]
        for r in R:
            v = M[s][r]
            x = rng.random()
            row.append(v.lower() if x < 0.12 else v + " " if x < 0.22 else v)
        rows.append(row)
    xlsx_case("severidad_es_mixed_case.xlsx", "Hoja1", rows, k, S, R, M,
        "Spanish severity words typed by hand: 'leve'/'Leve', 'Moderado ' with a trailing space are the same "
        "category; Edad (age) is not a rater", fold=True, keywords=[r"edad"])

    # 46 French with and without accents
    S = ["Dossier %02d" % (i + 1) for i in range(20)]
    R = ["Juge 1", "Juge 2", "Juge 3"]
    M = mat(S, R, ["Absent", "Léger", "Modéré", "Sévère"], acc=0.6)
    plain = {"Léger": "Leger", "Modéré": "Modere", "Sévère": "Severe", "Absent": "Absent"}
    rows = [["Dossier"] + R]
    for s in S:
        rows.append([s] + [plain[M[s][r]] if r == "Juge 3" else M[s][r] for r in R])
    xlsx_case("fr_accents_one_rater.xlsx", "Feuil1", rows, k, S, R, M,
        "French severity words: judge 3 typed them without accents (Leger/Modere/Severe): the same categories "
        "(a reading with 7 categories is wrong unless the tool says so)",
        aliases={"Léger": ["Leger"], "Modéré": ["Modere"], "Sévère": ["Severe"]},
        keywords=[r"accent", r"leger", r"modere", r"severe"])

    # 47 formula cells saved by a script (no cached values) beside the ratings
    S = ["Item %d" % (i + 1) for i in range(18)]
    R = ["Coder 1", "Coder 2"]
    M = mat(S, R, ["1", "2", "3"], acc=0.65)
    wb, ws = workbook("Coding")
    ws.append(["Item", "Coder 1", "Coder 2", "Agree"])
    for i, s in enumerate(S):
        ws.append([s, int(M[s]["Coder 1"]), int(M[s]["Coder 2"]), "=IF(B%d=C%d,1,0)" % (i + 2, i + 2)])
    ws.append([])
    ws.append(["% agreement", None, None, "=AVERAGE(D2:D%d)" % (len(S) + 1)])
    wb.save(P("formula_agree_column.xlsx"))
    add("formula_agree_column.xlsx", k, "import", reading(S, R, M),
        "xlsx written by openpyxl: an 'Agree' column of =IF(B2=C2,1,0) formulas and a '% agreement' row, with no "
        "cached values; the formulas are not ratings", keywords=[r"formula", r"agree", r"% agreement"])

    # 48 site name in a merged cell above each site's rater columns, raters named alike at both sites
    S = ["C%02d" % (i + 1) for i in range(16)]
    R = ["Leeds Rater 1", "Leeds Rater 2", "Oslo Rater 1", "Oslo Rater 2"]
    M = mat(S, R, ["low", "intermediate", "high"], acc=0.6)
    c = {(1, 2): "Leeds", (1, 4): "Oslo"}
    grid([["Case", "Rater 1", "Rater 2", "Rater 1", "Rater 2"]] + [[s] + [M[s][r] for r in R] for s in S], 2, 1, c)
    write_xlsx2("site_merged_same_rater_names.xlsx", c, "Risk", merges=["B1:C1", "D1:E1"])
    add("site_merged_same_rater_names.xlsx", k, "import", reading(S, R, M),
        "two sites' raters under merged site cells (Leeds B1:C1, Oslo D1:E1), each site calling its raters 'Rater 1', "
        "'Rater 2': four distinct raters", keywords=[r"duplicate (column|header|name)", r"same name", r"leeds|oslo"])


def main():
    common.main(7, (g_radiology, g_stats, g_r, g_judging, g_annotation, g_excel))


if __name__ == "__main__":
    sys.exit(main())
