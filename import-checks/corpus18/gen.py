#!/usr/bin/env python3
"""corpus 18: rating files of kinds in none of corpora 4 to 17, for `tapdesk inspect` (seeded).

Kinds: clinical and allied-health reading studies (a Functional Movement Screen with left / right scores and a
derived final score under merged test headers, physiotherapists in rows; echo wall motion scores per 17
segments with 'X' = not visualised and a derived WMSI, one reader writing N / H / A / D; Modic endplate types
per lumbar level with mixed types 'I/II' written '1/2' by one reader and patients filled down; Angle's
malocclusion classes 'Class II div 1' / 'II/1' / 'Cl. II div. 1' in ODS beside overjet in mm; the Clinical
Dementia Rating in a German cp1252 ';' file with '0,5' and 'k.A.' beside a derived CDR-SB '4,5'; Los Angeles
oesophagitis grades in a UTF-16 tab-separated export with 'LA-B' / 'Grade B' / 'Normal' and Prague 'C2M5';
LOCS III cataract grades with one decimal per eye and scale under merged grader headers with 'ungradable';
modified Sarnat stages 'Moderate' / 'Stage 2'; ASPECTS 0-10 with a software score and a title block; PGMI
mammography positioning grades per view in long form with 'P' / 'Perfect'; ambulance dispatch determinant
levels with Omega written 'Ω' and 'OMEGA' beside the call-taker's code '26O03');
judging panels (a barbershop contest official scoring summary where each category has its own two judges;
cheese contest scores on one sheet per class; taekwondo poomsae accuracy and presentation by five judges with
dropped marks; county fair quilt ribbons 'Blue' / '1st' in ODS; a Japanese calligraphy exhibition's award
recommendations with '選外' and '—'; a French croissant competition in ISO-8859-1 with '14,5' per criterion;
a skateboarding park heat sheet with merged run headers and 'DNS'); education and HR (an ECERS-3 double
observation with subscale rows holding means; army promotion board votes '6+' .. '1-' with 'Recused'; joint
observations of trainee teachers 'Good' vs '2' in ODS; DIBELS oral reading fluency WCPM by the examiner and
an audio re-scorer; multiple mini interview stations with the assessors named in cells; a civil service sift
with '4 - Acceptable' and a moderated score); annotation and ML labelling (a Label Studio CSV export with
annotator e-mails and lead times; Prodigy db-out JSON lines with 'ignore' answers; an Appen / Figure Eight
full report with test questions and a tainted contributor; DynaSent-style JSON lines whose label_distribution
maps labels to worker ids (either); IEMOCAP-style EmoEvaluation text blocks with actors' self-evaluations
(either); a Markdown pilot table from a repository's README); public-sector and industry QA audits (a care
inspectorate consistency exercise with 'RI' and a derived overall rating; bridge condition ratings 0-9 / 'N' in
a fixed-width SQL*Plus spool with 15-digit structure numbers; sewer CCTV structural and O&M grades with a
quick rating '5142'; casting radiograph severity levels per discontinuity category under merged headers;
NCC MERP medication error categories in cp1252 with en dashes and multi-line descriptions; an airport
security image test with screener badge numbers and timeouts); social science and linguistics (PDTB discourse
senses 'Contingency.Cause.Reason' with argument text; sociolinguistic (ING) tokens with 'unclear'; Comparative
Agendas Project major topics '3 Health' / 3 with a codebook sheet; Dutch news frame coding with numbered
coders and 'ja' / 1; life-story agency and communion themes in ODS; survey interview behaviour coding E / S / M
with 'NC'); files to refuse (a golf scorecard, a pharmacokinetic sampling sheet, a school report card, a
supermarket price comparison, election results by polling station, a seller's feedback list, regatta split
times).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ18_SEED (default 20261216).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (athlete and test, echo and
segment, patient and level, patient and eye and scale, contestant and song and category, bakery and criterion,
skater and run, classroom and item, trainee and standard, student and passage, candidate and station,
structure and item, segment and grade, casting and category, article and question, participant and episode and
theme, interview and question); the runner matches renamed subjects by content. xlsx/ods files are written
with fixed zip and document timestamps, so that re-running gives the same bytes. Needs openpyxl and odfpy
(PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import json
import os
import sys

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, _here)
import common  # noqa: E402
from common import add, alt, KW_ONE, ordmat, P, rdi, reading, write_ods, write_txt, FIRST  # noqa: E402

rng = common.init(18, 20261216)

LAST = ["Abbott", "Bakshi", "Cho", "Delaney", "Ekwueme", "Fraser", "Gallagher", "Horvat", "Iqbal", "Jensen",
        "Kaplan", "Lindqvist", "Mahmoud", "Nowak", "O'Brien", "Pereira", "Quinlan", "Rahman", "Sorensen", "Tanaka",
        "Usman", "Vasquez", "Whitaker", "Xu", "Yilmaz", "Zamora", "Adeyemi", "Brennan", "Costa", "Dubois"]


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


def near(levels, t, p_off=0.3):
    levels = list(levels)
    return levels[clamp(t + (rng.choice([-1, 1]) if rng.random() < p_off else 0), 0, len(levels) - 1)]


def blank(v):
    return "" if v is None else v


def col(n):
    s = ""
    while n:
        n, m = divmod(n - 1, 26)
        s = chr(65 + m) + s
    return s


def dec(x, nd=1):
    return ("%.*f" % (nd, x)).replace(".", ",")


def hexs(n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def xl(name, sheets, merges=None):
    """write sheets [(title, rows)] with openpyxl; merged cells {title: [..]}."""
    import openpyxl
    wb = openpyxl.Workbook()
    for k, (title, rows) in enumerate(sheets):
        ws = wb.active if k == 0 else wb.create_sheet()
        ws.title = title
        for r in rows:
            ws.append([None if c == "" else c for c in r])
        for m in (merges or {}).get(title, []):
            ws.merge_cells(m)
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, (dt.datetime, dt.date)):
                    c.number_format = "dd/mm/yyyy"
    wb.save(P(name))


# ================================================================== A. clinical and allied-health reading studies
def g_clinical():
    k = "clinical"
    # 1 Functional Movement Screen: L / R raw scores and a derived final (lower) score, raters in rows
    tests = [("Deep squat", False), ("Hurdle step", True), ("In-line lunge", True), ("Shoulder mobility", True),
             ("Active straight-leg raise", True), ("Trunk stability push-up", False), ("Rotary stability", True)]
    items = []
    for t, bil in tests:
        items += [t + " L", t + " R"] if bil else [t]
    R = ["Physio 1 (FMS L2)", "Physio 2", "Student physio"]
    ath = ["ATH-%02d" % i for i in range(1, 17)]
    S, M = [], {}
    h1, h2 = ["", "", ""], ["Athlete", "Sport", "Rater"]
    merges = []
    c0 = 4
    for t, bil in tests:
        if bil:
            h1 += [t, "", ""]
            h2 += ["L", "R", "Final"]
            merges.append("%s1:%s1" % (col(c0), col(c0 + 2)))
            c0 += 3
        else:
            h1.append(t)
            h2.append("Score")
            c0 += 1
    h1.append("")
    h2.append("Total (0-21)")
    rows = [h1, h2]
    for a in ath:
        sport = rng.choice(["Rugby", "Netball", "Football", "Hockey", "Rowing"])
        base = {it: rng.choices([1, 2, 3], [25, 55, 20])[0] for it in items}
        for it in items:
            S.append((a, it))
            M[(a, it)] = {}
        for r in R:
            row = [a, sport, r]
            tot = 0
            for t, bil in tests:
                if bil:
                    lr = []
                    for side in ("L", "R"):
                        v = str(near([0, 1, 2, 3], base[t + " " + side], 0.25))
                        M[(a, t + " " + side)][r] = v
                        lr.append(int(v))
                    row += lr + [min(lr)]
                    tot += min(lr)
                else:
                    v = str(near([0, 1, 2, 3], base[t], 0.25))
                    M[(a, t)][r] = v
                    row.append(int(v))
                    tot += int(v)
            rows.append(row + [tot])
    xl("fms_interrater_screen.xlsx", [("FMS", rows)], merges={"FMS": merges})
    add("fms_interrater_screen.xlsx", k, "import", rdi(S, R, M),
        "a Functional Movement Screen reliability session: three raters (two physiotherapists and a student) "
        "score the same 16 athletes from video on the seven FMS tests, 0-3 each; raters in rows (one row per "
        "athlete and rater); a merged first header row names the test over its columns and the second row says "
        "L / R / Final for the five bilateral tests (Score for deep squat and push-up); the raw L and R scores "
        "are the ratings, 'Final' is the lower of the two (derived, FMS rule) and the Total (0-21) is the sum "
        "of the finals; subject = athlete + test and side ('Hurdle step L'), rater = Rater; Sport describes the "
        "athlete", keywords=[r"final", r"total", r"sport", r"derived"])

    # 2 echo wall motion per 17 segments, long by reader, 'X' = not visualised, derived WMSI
    segs = ["Basal anterior", "Basal anteroseptal", "Basal inferoseptal", "Basal inferior", "Basal inferolateral",
            "Basal anterolateral", "Mid anterior", "Mid anteroseptal", "Mid inferoseptal", "Mid inferior",
            "Mid inferolateral", "Mid anterolateral", "Apical anterior", "Apical septal", "Apical inferior",
            "Apical lateral", "Apex"]
    R = ["RK", "SO", "MB", "TV"]
    let = {"1": "N", "2": "H", "3": "A", "4": "D"}
    echos = ["E%05d" % x for x in sorted(rng.sample(range(10000, 99999), 10))]
    S, M, recs = [], {}, []
    for e in echos:
        terr = rng.choice(["LAD", "RCA", "LCx", "none"])
        for i, sg in enumerate(segs):
            S.append((e, sg))
            hit = (terr == "LAD" and ("anter" in sg.lower() or "Apical" in sg or sg == "Apex" or "septal" in sg)) or \
                  (terr == "RCA" and "inferior" in sg.lower() and "lateral" not in sg) or \
                  (terr == "LCx" and "lateral" in sg.lower())
            t = rng.choice([1, 2, 2, 3]) if hit else 0
            M[(e, sg)] = {r: str(1 + near(range(4), t, 0.25)) for r in R}
            if sg.startswith("Apical") and rng.random() < 0.12:
                M[(e, sg)][rng.choice(R)] = None
    for e in echos:
        ef = rng.randint(25, 65)
        for r in R:
            vals = [M[(e, sg)][r] for sg in segs]
            shown = [("X" if v is None else let[v] if r == "SO" else int(v)) for v in vals]
            nums = [int(v) for v in vals if v is not None]
            recs.append([e, r, "Stress" if rng.random() < 0.3 else "Rest"] + shown +
                        ["%.2f" % (sum(nums) / len(nums)), ef])
    # the stress flag is per echo, not per reader row: make it consistent
    kind = {e: rng.choice(["Rest", "Rest", "Peak stress"]) for e in echos}
    for x in recs:
        x[2] = kind[x[0]]
    write_txt("echo_wall_motion_17seg.csv", [["Echo ID", "Reader", "Stage"] + ["%d %s" % (i + 1, s) for i, s in
                                                                               enumerate(segs)] +
                                             ["WMSI", "Lab biplane EF (%)"]] + recs)
    rd = rdi(S, R, M)
    add("echo_wall_motion_17seg.csv", k, "import", rd,
        "an echocardiography lab's wall motion reading study: four readers (initials RK, SO, MB, TV) score each "
        "of the 17 AHA left ventricular segments of 10 echocardiograms, 1 = normal, 2 = hypokinetic, 3 = "
        "akinetic, 4 = dyskinetic; long: one row per echo and reader, the segments as columns ('1 Basal "
        "anterior' .. '17 Apex'); reader SO writes the letters N / H / A / D (the same scores); 'X' = segment "
        "not visualised (no rating); subject = echo + segment, rater = Reader; the wall motion score index "
        "(WMSI, the mean of the scored segments) is derived, the stage describes the echo and the lab's biplane "
        "EF is a measurement made once per echo (repeated on each reader's row)",
        keywords=[r"wmsi", r"\bx\b", r"not visuali", r"ef", r"stage"],
        aliases={v: [lt] for v, lt in let.items()},
        alts=[alt(rd + [["%s | %s" % s, r, "X"] for s in S for r in R if M[s][r] is None], must_note=True,
                  label="'X' as a category")])

    # 3 Modic types per lumbar level, patient filled down, mixed types '1/2'
    lv = ["0", "I", "II", "III", "I/II", "II/III"]
    arab = {"0": "0", "I": "1", "II": "2", "III": "3", "I/II": "1/2", "II/III": "2/3"}
    levels = ["L1-L2", "L2-L3", "L3-L4", "L4-L5", "L5-S1"]
    R = ["Radiologist A", "Radiologist B", "Spine surgeon"]
    pats = ["LBP%03d" % x for x in sorted(rng.sample(range(1, 400), 14))]
    S, M = [], {}
    rows = [["Patient", "Age", "Field strength", "Level", "Radiologist A", "Radiologist B", "Spine surgeon",
             "Disc height loss"]]
    for p in pats:
        age = rng.randint(28, 74)
        fs = rng.choice(["1.5T", "3T"])
        for j, lvn in enumerate(levels):
            s = (p, lvn)
            S.append(s)
            w = [70, 14, 10, 1, 3, 2] if j >= 3 else [88, 4, 6, 0, 1, 1]
            t = rng.choices(range(6), w)[0]
            M[s] = {}
            for r in R:
                if t == 0:
                    v = "0" if rng.random() < 0.92 else rng.choice(["I", "II"])
                elif t >= 4:
                    v = lv[t] if rng.random() < 0.6 else rng.choice(["I", "II", "III"][t - 4:t - 2])
                else:
                    v = lv[t] if rng.random() < 0.75 else rng.choice(["0", lv[clamp(t + 1, 1, 3)]])
                M[s][r] = v
            rows.append([p if j == 0 else "", age if j == 0 else "", fs if j == 0 else "",
                         lvn,
                         M[s][R[0]], arab[M[s][R[1]]], "Modic " + M[s][R[2]] if M[s][R[2]] != "0" else "none",
                         rng.choice(["none", "none", "mild", "moderate", "severe"])])
    write_txt("modic_changes_lumbar_levels.csv", rows)
    add("modic_changes_lumbar_levels.csv", k, "import", rdi(S, R, M),
        "lumbar spine MRIs of 14 low back pain patients read for Modic endplate changes at each level L1-L2 .. "
        "L5-S1 by two radiologists and a spine surgeon: type 0 (none), I, II, III and the mixed types I/II and "
        "II/III (six categories); the patient, age and field strength are written on the patient's first row "
        "only (fill-down); Radiologist B writes Arabic numerals with mixed types '1/2' and '2/3' (categories, "
        "not fractions or dates), the surgeon 'Modic II' and 'none' for type 0 (the same categories); subject = "
        "patient + level; disc height loss is another finding, not a Modic rating",
        keywords=[r"disc height", r"field strength", r"age", r"fill"],
        aliases={v: [arab[v], "Modic " + v] + (["none"] if v == "0" else []) for v in lv})

    # 4 Angle's classification on study models (ODS), three spellings, overjet in mm
    lv = ["Class I", "Class II div 1", "Class II div 2", "Class III"]
    sp = {"Orthodontist 2": dict(zip(lv, ["I", "II/1", "II/2", "III"])),
          "Postgraduate 1": dict(zip(lv, ["Cl. I", "Cl. II div. 1", "Cl. II div. 2", "Cl. III"]))}
    R = ["Orthodontist 1", "Orthodontist 2", "Postgraduate 1", "Postgraduate 2"]
    S = ["SM-%03d" % x for x in sorted(rng.sample(range(1, 300), 26))]
    M = {}
    rows = [["Study model", "Age at records", "Overjet (mm)", "Overbite (mm)"] + R + ["Molar relationship (R / L)"]]
    for s in S:
        t = rng.choices(range(4), [40, 30, 12, 18])[0]
        M[s] = {}
        for r in R:
            if rng.random() < 0.78:
                v = lv[t]
            else:
                v = lv[rng.choice({0: [1, 3], 1: [0, 2], 2: [1, 0], 3: [0]}[t])]
            M[s][r] = v
        oj = {0: 2.5, 1: 7.0, 2: 1.5, 3: -1.5}[t] + rng.uniform(-1.5, 1.5)
        rows.append([s, rng.randint(10, 16), round(oj, 1), round(rng.uniform(0, 6), 1)] +
                    [sp.get(r, {}).get(M[s][r], M[s][r]) for r in R] +
                    [rng.choice(["I / I", "II / II", "½ unit II / I", "III / III", "II / I"])])
    notes = [["Angle classification from plaster study models, calibrated session 2"],
             ["Classify the sagittal molar relationship; use the incisor relationship to split Class II."],
             ["Overjet and overbite measured once by the study coordinator with a ruler."]]
    write_ods("angle_class_study_models.ods", [("Models", rows), ("Instructions", notes)])
    add("angle_class_study_models.ods", k, "import", reading(S, R, M),
        "an orthodontic reliability study in ODS: two orthodontists and two postgraduates classify 26 plaster "
        "study models by Angle's classification (Class I, Class II division 1, Class II division 2, Class III); "
        "Orthodontist 2 writes 'I', 'II/1', 'II/2', 'III' and Postgraduate 1 'Cl. II div. 1' (the same classes; "
        "'II/1' is not a date or a fraction); subject = Study model; age, overjet and overbite (mm, decimals, "
        "a negative overjet for Class III) and the coordinator's molar relationship note describe the model; a "
        "second sheet holds the instructions",
        keywords=[r"overjet", r"overbite", r"molar", r"instructions"],
        aliases={v: [sp["Orthodontist 2"][v], sp["Postgraduate 1"][v]] for v in lv})

    # 5 Clinical Dementia Rating in German cp1252 ';' with decimal commas and 'k.A.'
    lv = ["0", "0.5", "1", "2", "3"]
    R = ["Rater 1", "Rater 2", "Rater 3"]
    S = ["P-%04d" % x for x in sorted(rng.sample(range(1, 9999), 28))]
    M = ordmat(S, R, lv, [15, 35, 25, 17, 8], p_off=0.3)
    miss = rng.sample(S, 2)
    for s in miss:
        M[s]["Rater 3"] = None
    rows = [["Proband", "Alter", "Geschlecht", "MMST", "CDR global Rater 1", "CDR global Rater 2",
             "CDR global Rater 3", "CDR-SB (Rater 1)", "Konsensus"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        sb = [0, 2.5, 5.5, 11.0, 15.5][lv.index(M[s]["Rater 1"])] + rng.choice([-0.5, 0, 0.5, 1.0])
        rows.append([s, rng.randint(61, 89), rng.choice(["w", "m"]), rng.randint(29 - 5 * t, 30 - 4 * t)] +
                    [("k.A." if M[s][r] is None else M[s][r].replace(".", ",")) for r in R] +
                    [dec(max(sb, 0)), lv[t].replace(".", ",")])
    write_txt("cdr_videorating_gedaechtnisambulanz.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    add("cdr_videorating_gedaechtnisambulanz.csv", k, "import", reading(S, R, M),
        "a German memory clinic's Clinical Dementia Rating video study (Windows-1252, ';'-separated, CRLF, "
        "decimal commas): three raters give the CDR global score 0, 0,5, 1, 2 or 3 (five ordered categories; "
        "'0,5' is questionable dementia) from recorded interviews; 'k.A.' (keine Angabe, not given) = no "
        "rating; subject = Proband; age, sex (w / m) and the MMST (MMSE) score describe the participant, the "
        "CDR sum of boxes ('4,5', Rater 1 only) is another score and the consensus (Konsensus) is the reference",
        keywords=[r"konsensus", r"k\.a\.", r"mmst", r"cdr-sb|sum of boxes"])

    # 6 Los Angeles oesophagitis grades: UTF-16 tab-separated, three spellings, Prague C&M
    lv = ["No oesophagitis", "A", "B", "C", "D"]
    sp = {"Endoscopist 2": {"No oesophagitis": "Normal", "A": "LA-A", "B": "LA-B", "C": "LA-C", "D": "LA-D"},
          "Endoscopist 3": {"No oesophagitis": "None", "A": "Grade A", "B": "Grade B", "C": "Grade C",
                            "D": "Grade D"}}
    R = ["Endoscopist 1", "Endoscopist 2", "Endoscopist 3", "Endoscopist 4"]
    S = ["VID-%03d" % x for x in sorted(rng.sample(range(1, 500), 30))]
    M = ordmat(S, R, lv, [25, 30, 25, 12, 8], p_off=0.3)
    rows = [["Video", "Hiatus hernia (cm)", "Prague C&M"] + R + ["pH study (DeMeester)"]]
    for s in S:
        bar = rng.random() < 0.2
        rows.append([s, rng.choice(["0", "1", "2", "3", "4"]), "C%dM%d" % (rng.randint(0, 3), rng.randint(1, 6))
                     if bar else "", ] + [sp.get(r, {}).get(M[s][r], M[s][r]) for r in R] +
                    [dec(rng.uniform(3, 60)) if rng.random() < 0.7 else "not done"])
    write_txt("la_oesophagitis_video_grades.txt", rows, delim="\t", enc="utf-16-le", bom=True, nl="\r\n")
    add("la_oesophagitis_video_grades.txt", k, "import", reading(S, R, M),
        "an endoscopy video study saved from Excel as 'Unicode Text' (UTF-16 with BOM, tab-separated, CRLF): four "
        "endoscopists grade reflux oesophagitis in 30 recorded gastroscopies with the Los Angeles "
        "classification: no oesophagitis, A, B, C, D (ordered); Endoscopist 2 writes 'Normal' / 'LA-B', "
        "Endoscopist 3 'None' / 'Grade B' (the same grades); subject = Video; hiatus hernia length, the Prague "
        "C&M length of Barrett's oesophagus ('C2M5': a code, empty when absent) and the pH study (DeMeester "
        "score with a decimal comma or 'not done') describe the patient",
        keywords=[r"prague", r"hiatus", r"demeester", r"ph study"],
        aliases={v: [sp["Endoscopist 2"][v], sp["Endoscopist 3"][v]] for v in lv})

    # 7 LOCS III grades per eye and scale under merged grader headers, 'ungradable'
    scales = ["NO", "NC", "C", "P"]
    R = ["Grader 1", "Grader 2", "Grader 3"]
    pats = ["CAT-%03d" % x for x in sorted(rng.sample(range(1, 600), 12))]
    S, M = [], {}
    r1 = ["LOCS III grading of slit-lamp and retro-illumination photographs (decimal grades: NO/NC 0.1-6.9, "
          "C/P 0.1-5.9)"]
    r2, r3 = ["", "", ""], ["Patient", "Eye", "Pupil (mm)"]
    merges = ["A1:%s1" % col(3 + 4 * len(R) + 1)]
    for j, r in enumerate(R):
        r2 += [r, "", "", ""]
        merges.append("%s2:%s2" % (col(4 + 4 * j), col(7 + 4 * j)))
        r3 += scales
    r2.append("")
    r3.append("BCVA (logMAR)")
    rows = [r1, r2, r3]
    UNG = []
    for p in pats:
        for eye in ("OD", "OS"):
            base = {"NO": rng.uniform(1.5, 5.5), "C": rng.uniform(0.1, 4), "P": rng.uniform(0.1, 3)}
            base["NC"] = clamp(base["NO"] + rng.uniform(-1, 0.5), 0.1, 6.9)
            pupil = round(rng.uniform(4.5, 8), 1)
            row = [p, eye, pupil]
            for sc in scales:
                S.append((p, eye, sc))
                M[(p, eye, sc)] = {}
            for r in R:
                for sc in scales:
                    hi = 6.9 if sc in ("NO", "NC") else 5.9
                    if sc == "P" and pupil < 5.0 and r == "Grader 3":
                        M[(p, eye, sc)][r] = None
                        UNG.append((p, eye, sc))
                        row.append("ungradable")
                        continue
                    v = "%.1f" % clamp(round(base[sc] + rng.gauss(0, 0.45), 1), 0.1, hi)
                    M[(p, eye, sc)][r] = v
                    row.append(float(v))
            rows.append(row + [round(rng.uniform(0, 0.8), 2)])
    xl("locs3_cataract_grading.xlsx", [("LOCS III", rows)], merges={"LOCS III": merges})
    add("locs3_cataract_grading.xlsx", k, "import", rdi(S, R, M),
        "a cataract trial's LOCS III reliability set: three graders grade both eyes of 12 patients on the four "
        "LOCS III scales, nuclear opalescence (NO) and colour (NC) 0.1-6.9, cortical (C) and posterior "
        "subcapsular (P) 0.1-5.9, in decimal steps (continuous ratings); a merged title row, a row of grader "
        "names merged over their four columns, then the scale abbreviations (repeated per grader); subject = "
        "patient + eye + scale, raters = Grader 1-3; 'ungradable' (P through a small pupil) = no rating; pupil "
        "size and BCVA (logMAR) describe the eye",
        keywords=[r"ungradable", r"pupil", r"bcva|logmar"])

    # 8 modified Sarnat staging of neonatal encephalopathy
    lv = ["Normal", "Mild", "Moderate", "Severe"]
    R = ["Neonatologist 1", "Neonatologist 2", "Neonatal fellow", "ANNP"]
    S = ["NE-%02d" % i for i in range(1, 25)]
    M = ordmat(S, R, lv, [15, 35, 35, 15], p_off=0.3)
    rows = [["Baby", "GA (weeks)", "Cord pH", "Age at exam (h)", "aEEG background"] + R + ["Cooled"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["36+4", "37+0", "38+2", "39+5", "40+1", "41+3"]),
                     "%.2f" % (7.2 - 0.12 * t - rng.uniform(0, 0.1)), rng.randint(1, 6),
                     ["CNV", "CNV", "DNV", "BS"][t] if rng.random() < 0.8 else "CNV"] +
                    [("Stage %d" % lv.index(M[s][r]) if M[s][r] != "Normal" else "No HIE")
                     if r == "Neonatal fellow" else M[s][r] for r in R] + ["Y" if t >= 2 else "N"])
    write_txt("sarnat_staging_video_exam.csv", rows)
    add("sarnat_staging_video_exam.csv", k, "import", reading(S, R, M),
        "neonatal encephalopathy staged from recorded neurological examinations with the modified Sarnat "
        "criteria by two neonatologists, a fellow and an advanced neonatal nurse practitioner (ANNP): Normal, "
        "Mild, Moderate, Severe (ordered); the fellow writes 'Stage 1' / 'Stage 2' / 'Stage 3' and 'No HIE' "
        "(the same stages); subject = Baby; gestation '38+2' (weeks + days), cord pH, age at examination and "
        "the aEEG background pattern (CNV / DNV / BS) describe the baby; Cooled (Y / N) is the treatment "
        "decision, not a rating",
        keywords=[r"cooled", r"aeeg", r"cord ph", r"\bga\b"],
        aliases={"Normal": ["No HIE"], "Mild": ["Stage 1"], "Moderate": ["Stage 2"], "Severe": ["Stage 3"]})

    # 9 ASPECTS 0-10 with a title block, software score and 'Not assessable'
    R = ["Neuroradiologist 1", "Neuroradiologist 2", "Stroke physician", "Radiology registrar"]
    S = ["STK-%03d" % x for x in sorted(rng.sample(range(1, 900), 30))]
    M = {}
    rows = [["Acute stroke CT reading study - ASPECTS on baseline non-contrast CT"],
            ["Readers blinded to clinical data except side of symptoms. Score 10 = normal, subtract 1 per region."],
            [],
            ["Case", "Side", "NIHSS", "Onset to CT (min)"] + R + ["e-ASPECTS (software)", "Thrombectomy"]]
    for s in S:
        t = rng.choices(range(11), [2, 1, 2, 3, 4, 6, 8, 12, 16, 20, 26])[0]
        M[s] = {}
        for r in R:
            if r == "Radiology registrar" and rng.random() < 0.07:
                M[s][r] = None
                continue
            M[s][r] = str(clamp(t + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1]), 0, 10))
        rows.append([s, rng.choice(["L", "R"]), rng.randint(2, 24), rng.randint(45, 380)] +
                    [("Not assessable (motion)" if M[s][r] is None else int(M[s][r])) for r in R] +
                    [clamp(t + rng.choice([-1, 0, 0, 1]), 0, 10), "Yes" if t >= 6 and rng.random() < 0.6 else "No"])
    xl("aspects_ct_reading_study.xlsx", [("Reads", rows)])
    add("aspects_ct_reading_study.xlsx", k, "import", reading(S, R, M),
        "an acute stroke CT reading study (two title lines and a blank row above the header): two "
        "neuroradiologists, a stroke physician and a radiology registrar score the Alberta Stroke Program Early "
        "CT Score (ASPECTS, 0-10, 10 = normal) of 30 baseline scans; 'Not assessable (motion)' = no rating; "
        "subject = Case; e-ASPECTS is the software's score (not a rater), Thrombectomy the treatment given; side, "
        "NIHSS and onset-to-CT time describe the patient",
        keywords=[r"e-aspects|software", r"thrombectomy", r"not assessable", r"nihss"])


def g_clinical2():
    k = "clinical"
    # 48 PGMI mammography positioning audit: radiographers grade each view, long, letters and words
    lv = ["Perfect", "Good", "Moderate", "Inadequate"]
    R = ["Radiographer A", "Radiographer B", "Advanced practitioner", "Radiographer C"]
    views = ["RCC", "LCC", "RMLO", "LMLO"]
    women = ["BS%07d" % x for x in sorted(rng.sample(range(1000000, 9999999), 10))]
    S, M, recs = [], {}, []
    for w in women:
        for v in views:
            S.append((w, v))
            t = rng.choices(range(4), [20, 45, 27, 8])[0] + (1 if "MLO" in v and rng.random() < 0.3 else 0)
            M[(w, v)] = {r: near(lv, min(t, 3), 0.3) for r in R}
    for r in R:
        for w in women:
            for v in views:
                g = M[(w, v)][r]
                recs.append([w, v, r, g[0] if r == "Radiographer C" else g,
                             rng.choice(["", "", "", "PNL not demonstrated", "nipple not in profile", "skin folds",
                                         "pectoral muscle too narrow", "IMF not shown"]) if g != "Perfect" else ""])
    xl("pgmi_positioning_audit.xlsx", [("Audit", [["Screening no.", "View", "Assessor", "PGMI grade", "Reason"]] +
                                        recs)])
    add("pgmi_positioning_audit.xlsx", k, "import", rdi(S, R, M),
        "a breast screening unit's image quality audit: four mammographers grade the positioning of each of the "
        "four standard views (RCC, LCC, RMLO, LMLO) of 10 women's screening mammograms with PGMI: Perfect / "
        "Good / Moderate / Inadequate (ordered); long: one row per woman, view and assessor (sorted by "
        "assessor); Radiographer C writes the letters P / G / M / I (the same grades); subject = screening "
        "number + view, rater = Assessor; the reason ('PNL not demonstrated') is text",
        keywords=[r"reason", r"view", r"assessor"],
        aliases={v: [v[0]] for v in lv})

    # 49 emergency dispatch determinant review: Omega written three ways
    lv = ["Omega", "Alpha", "Bravo", "Charlie", "Delta", "Echo"]
    sp = {"QA reviewer 2": dict(zip(lv, ["\u03a9", "A", "B", "C", "D", "E"])),
          "QA reviewer 3": dict(zip(lv, ["OMEGA", "ALPHA", "BRAVO", "CHARLIE", "DELTA", "ECHO"]))}
    R = ["QA reviewer 1", "QA reviewer 2", "QA reviewer 3"]
    S = ["INC-25-%06d" % x for x in sorted(rng.sample(range(1, 999999), 28))]
    M = ordmat(S, R, lv, [6, 22, 18, 22, 26, 6], p_off=0.3)
    rows = [["Incident", "Call received", "Chief complaint", "Call-taker code"] + R + ["ACE score (%)"]]
    cc = [("Breathing problems", 6), ("Falls", 17), ("Chest pain", 10), ("Sick person", 26),
          ("Unconscious/fainting", 31), ("Traffic/transportation incidents", 29), ("Haemorrhage/lacerations", 21)]
    for s in S:
        nm, cn = rng.choice(cc)
        t = lv.index(mode([M[s][r] for r in R]))
        lvl = near(lv, t, 0.3)
        code = "%d%s%02d" % (cn, "O" if lvl == "Omega" else lvl[0], rng.randint(1, 6))
        rows.append([s, (dt.datetime(2025, 3, 1) + dt.timedelta(minutes=rng.randint(0, 40000))).strftime(
            "%d/%m/%Y %H:%M"), nm, code] + [sp.get(r, {}).get(M[s][r], M[s][r]) for r in R] +
                    ["%.1f" % rng.uniform(78, 100)])
    write_txt("dispatch_determinant_review.csv", rows)
    add("dispatch_determinant_review.csv", k, "import", reading(S, R, M),
        "an ambulance service's emergency call audit: three QA reviewers listen to 28 recorded calls and "
        "assign the determinant level the call should have received, Omega, Alpha, Bravo, Charlie, Delta, Echo "
        "(ordered by urgency); reviewer 2 writes the letters with the Greek '\u03a9' for Omega, reviewer 3 the "
        "levels in capitals (the same levels); subject = Incident; the call-taker's determinant code ('10D01', "
        "'26O03': complaint number, level letter and sub-code) is what was dispatched, not a reviewer, and the "
        "ACE compliance score is a separate audit measure; call time and chief complaint describe the call",
        keywords=[r"call-taker", r"ace", r"chief complaint", r"determinant code"],
        aliases={v: [sp["QA reviewer 2"][v], sp["QA reviewer 3"][v]] for v in lv})


# ================================================================== B. judging panels (arts, food, sport)
def g_judging():
    k = "judging"
    # 10 barbershop contest official scoring summary: each category has its own two judges
    cats = [("MUS", "Music"), ("PER", "Performance"), ("SNG", "Singing")]
    judges = {"MUS 1": "D. Harlan", "MUS 2": "K. Obi", "PER 1": "L. Fenwick", "PER 2": "S. Marsh",
              "SNG 1": "R. Castell", "SNG 2": "J. Imai"}
    R = list(judges)
    quartets = ["Four Ever Young", "Sound Decision", "Late Shift", "Harbour Lights", "The Overtones", "Chordially "
                "Yours", "Vocal Point", "Common Ground", "Ring Theory", "Blue Note Four"]
    songs = ["Sweet Adeline", "Coney Island Baby", "It Had to Be You", "Lida Rose", "Shenandoah", "Hello Mary Lou",
             "Java Jive", "Come Fly with Me", "Danny Boy", "Bright Was the Night", "Seventy-Six Trombones",
             "Lazy Bones", "Heart of My Heart", "The Story of the Rose", "Under the Boardwalk", "Irish Blessing",
             "Moonlight Bay", "Smile", "My Wild Irish Rose", "When I Lost You"]
    S, M = [], {}
    rows = [["Mid-Atlantic District Quartet Contest - Semifinals - Official Scoring Summary"],
            ["Judges: " + "; ".join("%s %s" % (c, n) for c, n in judges.items())],
            ["Rank", "Contestant", "Song", "MUS 1", "MUS 2", "PER 1", "PER 2", "SNG 1", "SNG 2", "Song total",
             "Contestant total", "Average"]]
    recs = []
    si = 0
    for q in quartets:
        lvl = rng.uniform(62, 84)
        block = []
        for j in range(2):
            song = songs[si]
            si += 1
            row = [song]
            tot = 0
            for c, cn in cats:
                s = (q, song, cn)
                S.append(s)
                M[s] = {r: None for r in R}
                for n in (1, 2):
                    r = "%s %d" % (c, n)
                    v = int(clamp(round(lvl + rng.gauss(0, 2.5)), 40, 99))
                    M[s][r] = str(v)
                    row.append(v)
                    tot += v
            block.append(row + [tot])
        ct = block[0][-1] + block[1][-1]
        recs.append((ct, q, block))
    recs.sort(key=lambda x: -x[0])
    for rk, (ct, q, block) in enumerate(recs, 1):
        rows.append([rk, q] + block[0] + [ct, "%.1f" % (ct / 12.0)])
        rows.append(["", ""] + block[1] + ["", ""])
    write_txt("barbershop_quartet_oss.csv", rows)
    rd = rdi(S, R, M)
    ex = [[a, "Judge %s" % b[-1], c] for a, b, c in rd]
    add("barbershop_quartet_oss.csv", k, "import", rd,
        "a barbershop quartet contest's official scoring summary (two title lines, the second naming the six "
        "judges): ten quartets sing two songs each; the Music, Performance and Singing categories are each "
        "scored by their own two judges (MUS 1, MUS 2, PER 1, PER 2, SNG 1, SNG 2) on 1-100; one row per song, "
        "rank and contestant written on the first song's row only; subject = contestant + song + category "
        "(the Music judges never score Performance), raters = the six judge columns (each rates only their "
        "category); Song total, Contestant total, Average and Rank are derived; reading the two judges of a "
        "category as exchangeable raters 1 / 2 is acceptable too",
        keywords=[r"total", r"average", r"rank", r"category"],
        alts=[alt(ex, label="judges 1 / 2 per category (exchangeable)", exch=True)])

    # 11 cheese contest: one sheet per class, two technical judges, 'Withdrawn'
    classes = [("Cheddar, mild", 14), ("Gouda", 11), ("Blue-veined", 9)]
    R = ["Judge A", "Judge B"]
    sheets, S, M, first = [], [], {}, []
    nums = iter(sorted(rng.sample(range(1001, 1999), 34)))
    for cname, n in classes:
        rows = [["Class: %s" % cname], ["Entry #", "Style notes", "Judge A", "Judge B", "Average", "Place",
                                        "Judges' comments"]]
        avgs = []
        for _ in range(n):
            e = str(next(nums))
            q = rng.uniform(94.0, 99.4)
            if rng.random() < 0.05:
                rows.append([int(e), "", "Withdrawn", "Withdrawn", "", "", "entry not received"])
                continue
            S.append(e)
            if cname == classes[0][0]:
                first.append(e)
            a, b = [round(clamp(q + rng.gauss(0, 0.35), 85, 99.95), 2) for _ in R]
            M[e] = {"Judge A": "%.2f" % a, "Judge B": "%.2f" % b}
            avgs.append((round((a + b) / 2, 3), len(rows)))
            rows.append([int(e), rng.choice(["aged 9 months", "smoked", "raw milk", "cloth-bound", "", ""]), a, b,
                         round((a + b) / 2, 3), "", rng.choice(["slightly acidic", "open texture", "clean, balanced",
                                                                "mottled colour", "bitter finish", ""])])
        for pl, (_, ri) in enumerate(sorted(avgs, reverse=True)[:3], 1):
            rows[ri][5] = ["1st", "2nd", "3rd"][pl - 1]
        sheets.append((cname.replace(",", ""), rows))
    sheets.append(("Scoring", [["Each judge starts at 100 and deducts for flavour, body and texture, colour, "
                                "salt and finish; scores to two decimals."]]))
    xl("cheese_contest_class_sheets.xlsx", sheets)
    rd = reading(S, R, M)
    add("cheese_contest_class_sheets.xlsx", k, "import", rd,
        "a cheese contest's results workbook with one sheet per class (Cheddar mild, Gouda, Blue-veined: the "
        "same header below a 'Class: ..' title row) and a last sheet explaining the scoring: two technical "
        "judges score every entry of the class from 100 down by deductions (continuous scores with two "
        "decimals, mostly 93-99.9); subject = Entry # (numbered across the classes); 'Withdrawn' = no rating (the "
        "entry is not a subject); Average and Place are derived; style notes and comments are text; reading "
        "only the first class's sheet is acceptable only if said",
        keywords=[r"sheet", r"class", r"withdrawn", r"average", r"place"],
        alts=[alt([x for x in rd if x[0] in first], must_note=True, label="first sheet only")])

    # 12 taekwondo poomsae: five judges, accuracy and presentation, high / low dropped
    R = ["J1", "J2", "J3", "J4", "J5"]
    aths = [("%s %s" % (rng.choice(FIRST), LAST[i]), rng.choice(["KOR", "GBR", "USA", "MEX", "IRI", "ESP", "VIE",
                                                                "TPE", "GER", "BRA"])) for i in range(14)]
    S, M = [], {}
    rows = [["Division", "Round", "Athlete", "NOC", "Poomsae"] + ["%s Acc" % r for r in R] + ["%s Pres" % r for r in R]
            + ["Accuracy (mid 3)", "Presentation (mid 3)", "Total"]]
    for nm, noc in aths:
        acc, pres = rng.uniform(2.3, 3.6), rng.uniform(4.0, 5.5)
        sa, sp_ = (nm, "Accuracy"), (nm, "Presentation")
        S += [sa, sp_]
        M[sa], M[sp_] = {}, {}
        for r in R:
            M[sa][r] = "%.1f" % clamp(round(acc + rng.gauss(0, 0.2), 1), 0, 4)
            M[sp_][r] = "%.1f" % clamp(round(pres + rng.gauss(0, 0.25), 1), 0, 6)
        ma = sorted(float(M[sa][r]) for r in R)[1:4]
        mp = sorted(float(M[sp_][r]) for r in R)[1:4]
        rows.append(["Senior Female Individual", "Semi-final", nm, noc, rng.choice(["Koryo", "Keumgang", "Taebaek",
                                                                                  "Pyongwon"])] +
                    [M[sa][r] for r in R] + [M[sp_][r] for r in R] +
                    ["%.2f" % (sum(ma) / 3), "%.2f" % (sum(mp) / 3), "%.2f" % (sum(ma) / 3 + sum(mp) / 3)])
    write_txt("poomsae_semifinal_scores.csv", rows)
    add("poomsae_semifinal_scores.csv", k, "import", rdi(S, R, M),
        "a taekwondo poomsae competition's semi-final: five judges J1-J5 each give every athlete an accuracy "
        "score (0-4.0) and a presentation score (0-6.0) in tenths (continuous ratings); the judges' accuracy "
        "columns ('J1 Acc' ..) come first, then their presentation columns ('J1 Pres' ..); subject = athlete + "
        "component, raters = J1-J5; the mid-3 means (highest and lowest dropped) and the total are derived; "
        "division, round, NOC and the poomsae describe the performance",
        keywords=[r"mid 3", r"total", r"noc", r"division"])

    # 13 county fair quilt judging in ODS: ribbons, one judge writes placings, 'NJ'
    lv = ["Blue", "Red", "White", "Honorable mention", "No award"]
    R = ["Judge 1", "Judge 2", "Judge 3"]
    S = ["Q-%03d" % x for x in sorted(rng.sample(range(100, 400), 24))]
    M = ordmat(S, R, lv, [20, 25, 25, 15, 15], p_off=0.35)
    late = rng.choice(S)
    M[late]["Judge 2"] = None
    pl = {"Blue": "1st", "Red": "2nd", "White": "3rd", "Honorable mention": "HM", "No award": "No ribbon"}
    rows = [["Entry", "Class", "Technique", "Maker age group"] + R + ["Best of Show"]]
    for s in S:
        rows.append([s, rng.choice(["Pieced, bed size", "Appliqué, wall", "Hand quilted", "Art quilt"]),
                     rng.choice(["Machine pieced, longarm", "Hand pieced, hand quilted", "Appliqué, domestic machine"]),
                     rng.choice(["Adult", "Adult", "Senior", "Youth"]), M[s]["Judge 1"],
                     "NJ" if M[s]["Judge 2"] is None else M[s]["Judge 2"], pl[M[s]["Judge 3"]],
                     "Yes" if s == S[3] else ""])
    write_ods("county_fair_quilt_ribbons.ods", [("Quilts 2025", rows)])
    add("county_fair_quilt_ribbons.ods", k, "import", reading(S, R, M),
        "a county fair's quilt judging sheet in ODS: three judges independently award each of 24 quilts a "
        "ribbon Blue / Red / White / Honorable mention / No award (ordered); Judge 3 writes the placings '1st' "
        "/ '2nd' / '3rd' / 'HM' / 'No ribbon' (the US fair convention: blue = 1st; the same ribbons); "
        "'NJ' = not judged by Judge 2 (the quilt arrived late: no rating); subject = Entry; class, technique "
        "and the maker's age group describe the quilt; Best of Show is a single award",
        keywords=[r"\bnj\b", r"best of show", r"class", r"technique"],
        aliases={v: [pl[v]] for v in lv})

    # 14 Japanese calligraphy exhibition: award recommendations, '選外', '—' for own students
    lv = ["特選", "金賞", "銀賞", "銅賞", "佳作", "選外"]
    R = ["審査員A", "審査員B", "審査員C", "審査員D"]
    S = ["%04d" % x for x in sorted(rng.sample(range(1, 2000), 30))]
    M = ordmat(S, R, lv, [5, 10, 15, 20, 25, 25], p_off=0.35)
    rows = [["第42回 市民書道展 審査表（一般の部）"], ["出品番号", "部門", "書体", "年齢区分"] + R + ["決定", "備考"]]
    for s in S:
        if rng.random() < 0.12:
            M[s][rng.choice(R)] = None
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["漢字", "かな", "漢字かな交じり", "篆刻"]), rng.choice(["楷書", "行書", "草書", "隷書"]),
                     rng.choice(["一般", "一般", "高校生"])] + [("—" if M[s][r] is None else M[s][r]) for r in R] +
                    [lv[t], rng.choice(["", "", "", "落款位置", "額装不良"])])
    write_txt("shodo_exhibition_shinsa.csv", rows, bom=True)
    add("shodo_exhibition_shinsa.csv", k, "import", reading(S, R, M),
        "a Japanese city calligraphy exhibition's judging sheet (UTF-8 with BOM, a title line): four judges "
        "(審査員A-D) recommend an award for each of 30 works: 特選 (special selection), 金賞, 銀賞, 銅賞 (gold, "
        "silver, bronze), 佳作 (honourable mention) or 選外 (not selected: a category); '—' = the judge did not "
        "judge the work (their own student's work: no rating); subject = 出品番号 (entry number '0417', an id "
        "with leading zeros); 決定 (decision) is the jury's award, 備考 remarks; division (部門), script (書体) "
        "and age group describe the work",
        keywords=[r"決定", r"備考", r"—", r"部門"])

    # 15 French croissant competition: ISO-8859-1, ';', decimal commas, three criteria
    crit = ["Aspect", "Feuilletage", "Goût"]
    R = ["Juré 1", "Juré 2", "Juré 3", "Juré 4"]
    bak = ["Boulangerie %s" % n for n in ["Lefèvre", "du Marché", "Saint-Honoré", "Béatrice", "des Halles",
                                        "Grégoire", "Au Pain Doré", "Moulin Vert", "Chez Théo", "La Fournée"]]
    S, M = [], {}
    rows = [["N° anonymat", "Établissement", "Ville", "Critère"] + R + ["Moyenne"]]
    ans = rng.sample(range(100, 1000), len(bak))
    for i, b in enumerate(bak):
        an = "%03d" % ans[i]
        q = rng.uniform(11, 17)
        for c in crit:
            s = (an, c)
            S.append(s)
            M[s] = {r: "%.1f" % clamp(round((q + rng.gauss(0, 1.2)) * 2) / 2, 0, 20) for r in R}
            vals = [float(M[s][r]) for r in R]
            rows.append([an, b, rng.choice(["Lyon", "Villeurbanne", "Vénissieux", "Bron"]), c] +
                        [dec(float(M[s][r])) for r in R] + [dec(sum(vals) / 4, 2)])
    write_txt("concours_croissant_notes.csv", rows, delim=";", enc="iso-8859-1", nl="\r\n")
    add("concours_croissant_notes.csv", k, "import", rdi(S, R, M),
        "a French regional butter croissant competition (ISO-8859-1, ';'-separated, CRLF, decimal commas): four "
        "jurors mark each bakery's anonymised entry out of 20 in half points ('14,5') on three criteria (Aspect, "
        "Feuilletage, Goût: one row per entry and criterion); continuous ratings; subject = N° anonymat + "
        "Critère, raters = Juré 1-4; the mean (Moyenne) is derived; the bakery's name and town are revealed "
        "after judging and describe the entry",
        keywords=[r"moyenne", r"établissement|etablissement", r"ville", r"critère|critere"])

    # 16 skateboarding park heat sheet: merged run headers, 'DNS', best run derived
    R = ["J1", "J2", "J3", "J4", "J5"]
    sk = ["%s %s" % (rng.choice(FIRST), LAST[i + 5]) for i in range(8)]
    S, M = [], {}
    r1, r2 = ["", "", ""], ["Bib", "Skater", "Stance"]
    merges = []
    for run in (1, 2, 3):
        c0 = 4 + (run - 1) * 6
        r1 += ["Run %d" % run] + [""] * 5
        r2 += R + ["Run score"]
        merges.append("%s1:%s1" % (col(c0), col(c0 + 5)))
    r1 += [""]
    r2 += ["Best run"]
    rows = [r1, r2]
    for i, nm in enumerate(sk):
        lvl = rng.uniform(55, 88)
        row = [100 + i * 3, nm, rng.choice(["Regular", "Goofy"])]
        best = 0
        for run in (1, 2, 3):
            if run == 3 and rng.random() < 0.15:
                row += ["DNS"] * 5 + [""]
                continue
            s = (nm, "Run %d" % run)
            S.append(s)
            fall = rng.random() < 0.25
            base = lvl * (0.45 if fall else 1.0)
            M[s] = {r: "%.2f" % clamp(round(base + rng.gauss(0, 2.2), 2), 1, 99.99) for r in R}
            vals = sorted(float(M[s][r]) for r in R)
            rs = round(sum(vals[1:4]) / 3, 2)
            best = max(best, rs)
            row += [float(M[s][r]) for r in R] + [rs]
        rows.append(row + [best])
    xl("skate_park_heat_sheet.xlsx", [("Heat 2", rows)], merges={"Heat 2": merges})
    add("skate_park_heat_sheet.xlsx", k, "import", rdi(S, R, M),
        "a skateboarding park contest's heat sheet: five judges J1-J5 score each of eight skaters' three runs "
        "0-100 with two decimals (continuous ratings); a merged header row 'Run 1' / 'Run 2' / 'Run 3' over "
        "each run's six columns (J1-J5 and the run score), then the judge codes (repeated per run); 'DNS' (did "
        "not start the run) = no rating, not a subject; subject = skater + run, raters = J1-J5; the run score "
        "(mean of the middle three) and Best run are derived; bib and stance describe the skater",
        keywords=[r"run score", r"best run", r"dns", r"stance"])


# ================================================================== C. education and HR
def g_education():
    k = "education-hr"
    # 17 ECERS-3 double observation: subscale rows holding means, merged classroom headers
    sub = [("Space and Furnishings", ["1 Indoor space", "2 Furnishings for care, play, and learning",
                                      "3 Room arrangement for play and learning", "4 Space for privacy",
                                      "5 Child-related display", "6 Space for gross motor play",
                                      "7 Gross motor equipment"]),
           ("Personal Care Routines", ["8 Meals/snacks", "9 Toileting/diapering", "10 Health practices",
                                       "11 Safety practices"]),
           ("Language and Literacy", ["12 Helping children expand vocabulary", "13 Encouraging children to use "
                                      "language", "14 Staff use of books with children", "15 Encouraging children's "
                                      "use of books", "16 Becoming familiar with print"]),
           ("Interaction", ["29 Supervision of gross motor", "30 Individualized teaching and learning",
                            "31 Staff-child interaction", "32 Peer interaction", "33 Discipline"])]
    rooms = ["Room 1 - Sunflowers", "Room 2 - Ladybirds", "Room 3 - Owls", "Room 4 - Acorns"]
    R = ["Primary observer", "Reliability observer"]
    nas = {"6 Space for gross motor play", "29 Supervision of gross motor"}
    S, M = [], {}
    r1 = ["ECERS-3 reliability observations - spring cohort (scores 1-7; NA permitted where the item allows)"]
    r2, r3 = ["", ""], ["Item", "Subscale"]
    merges = ["A1:J1"]
    for j, rm in enumerate(rooms):
        r2 += [rm, ""]
        r3 += ["Obs. 1 (primary)", "Obs. 2 (reliability)"]
        merges.append("%s2:%s2" % (col(3 + 2 * j), col(4 + 2 * j)))
    rows = [r1, r2, r3]
    lvl = {rm: rng.uniform(3.0, 5.8) for rm in rooms}
    for sname, its in sub:
        hrow = len(rows)
        rows.append(["Subscale: " + sname, ""] + [""] * 8)
        means = {(rm, r): [] for rm in rooms for r in R}
        for it in its:
            row = [it, sname]
            for rm in rooms:
                s = (rm, it)
                S.append(s)
                na = it in nas and rm == "Room 3 - Owls"
                t = int(clamp(round(lvl[rm] + rng.gauss(0, 1.1)), 1, 7))
                M[s] = {}
                for r in R:
                    if na:
                        M[s][r] = None
                        row.append("NA")
                        continue
                    v = clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 7)
                    M[s][r] = str(v)
                    means[(rm, r)].append(v)
                    row.append(v)
            rows.append(row)
        for j, rm in enumerate(rooms):
            for i2, r in enumerate(R):
                xs = means[(rm, r)]
                rows[hrow][2 + 2 * j + i2] = round(sum(xs) / len(xs), 2)
    xl("ecers3_reliability_observations.xlsx", [("Scores", rows)], merges={"Scores": merges})
    rd = rdi(S, R, M)
    add("ecers3_reliability_observations.xlsx", k, "import", rd,
        "an early years quality study's ECERS-3 reliability observations: in four classrooms a primary and a "
        "reliability observer score the same session on 21 ECERS-3 items (1-7); items in rows, a merged title "
        "row, a row of classroom names merged over their two observer columns, then 'Obs. 1 (primary)' / 'Obs. "
        "2 (reliability)'; each subscale starts with a row 'Subscale: Language and Literacy' whose cells hold "
        "the observer's subscale mean ('4.4': derived, not an item); 'NA' = item not applicable in that room (no "
        "gross motor space: no rating); subject = classroom + item, raters = primary / reliability observer",
        keywords=[r"subscale", r"\bna\b", r"mean", r"reliability"])

    # 18 army promotion board votes '6+' .. '1-' with 'Recused'
    lv = [str(n) + m for n in range(6, 0, -1) for m in ("+", "", "-")]
    R = ["Member 1 (COL Reyes)", "Member 2 (COL Whitfield)", "Member 3 (LTC Park)", "Member 4 (CSM Ortega)",
         "Member 5 (LTC Adebayo)"]
    S = ["F-%04d" % x for x in sorted(rng.sample(range(1, 4000), 30))]
    M = {}
    rows = [["File", "Grade", "Branch", "Year group", "Zone"] + R + ["Board score", "Order of merit"]]
    recs = []
    for s in S:
        t = rng.choices(range(len(lv)), [2, 4, 6, 8, 10, 12, 12, 10, 9, 7, 5, 4, 3, 2, 2, 1, 1, 1])[0]
        M[s] = {}
        vals = []
        for r in R:
            if rng.random() < 0.04:
                M[s][r] = None
                continue
            v = lv[clamp(t + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1, 2]), 0, len(lv) - 1)]
            M[s][r] = v
            vals.append(v)
        pts = [int(v[0]) + (0.33 if v.endswith("+") else -0.33 if v.endswith("-") else 0) for v in vals]
        recs.append([s, "CPT", rng.choice(["IN", "AR", "EN", "SC", "MI", "LG", "AV"]), rng.choice([2016, 2017, 2018]),
                     rng.choice(["Primary", "Primary", "Primary", "Above", "Below"])] +
                    [("Recused" if M[s][r] is None else M[s][r]) for r in R] + [round(sum(pts) / len(pts) * 5, 2)])
    order = sorted(range(len(recs)), key=lambda i: -recs[i][-1])
    for om, i in enumerate(order, 1):
        recs[i].append(om)
    write_txt("promotion_board_vote_sheet.csv", rows + recs)
    add("promotion_board_vote_sheet.csv", k, "import", reading(S, R, M),
        "a promotion selection board's vote sheet: five board members each vote on the same 30 officers' files "
        "on the 1-6 scale with plus and minus ('6+', '6', '6-' .. '1-': 18 ordered categories; '4+' is not a "
        "number); 'Recused' = the member knows the officer and did not vote (no rating); subject = File; the "
        "board score (the mean vote x 5) and the order of merit are derived; grade, branch, year group and zone "
        "describe the officer",
        keywords=[r"recused", r"board score", r"order of merit", r"zone"])

    # 19 joint observations of trainee teachers in ODS: mentor words, tutor numbers
    lv = ["Outstanding", "Good", "Requires improvement", "Inadequate"]
    stds = ["TS1 High expectations", "TS2 Promote good progress", "TS3 Subject knowledge", "TS4 Plan and teach",
            "TS5 Adapt teaching", "TS6 Assessment", "TS7 Behaviour", "TS8 Wider responsibilities"]
    R = ["School mentor", "University tutor"]
    trainees = ["PGCE-%03d" % x for x in sorted(rng.sample(range(1, 300), 9))]
    S, M = [], {}
    rows = [["Trainee", "Subject", "School", "Standard", "School mentor", "University tutor", "Agreed grade"]]
    for tr in trainees:
        subj = rng.choice(["Mathematics", "English", "Science", "History", "Primary"])
        sch = rng.choice(["Hillside Academy", "St Mary's CE Primary", "Riverside School", "Northfield High"])
        lvl = rng.uniform(0.6, 2.4)
        for j, st in enumerate(stds):
            s = (tr, st)
            S.append(s)
            t = int(clamp(round(lvl + rng.gauss(0, 0.6)), 0, 3))
            M[s] = {r: near(lv, t, 0.25) for r in R}
            if st.startswith("TS8") and rng.random() < 0.4:
                M[s]["University tutor"] = None
            rows.append([tr if j == 0 else "", subj if j == 0 else "", sch if j == 0 else "", st, M[s][R[0]],
                         "not observed" if M[s][R[1]] is None else lv.index(M[s][R[1]]) + 1, M[s][R[0]]
                         if M[s][R[1]] is None else lv[min(lv.index(M[s][R[0]]), lv.index(M[s][R[1]]))]])
    write_ods("trainee_joint_observations.ods", [("Joint observations", rows)])
    add("trainee_joint_observations.ods", k, "import", rdi(S, R, M),
        "an initial teacher education partnership's joint lesson observations (ODS): for nine trainees the "
        "school mentor and the university tutor each grade the trainee against the eight Teachers' Standards "
        "(TS1-TS8) as Outstanding / Good / Requires improvement / Inadequate; the tutor writes the grade "
        "numbers 1-4 (1 = Outstanding: the same grades, the usual inspection numbering); 'not observed' (TS8, "
        "wider responsibilities, seen outside the lesson) = no rating; one row per trainee and standard, the "
        "trainee, subject and school on the first row only (fill-down); subject = trainee + standard; the "
        "agreed grade is the reference",
        keywords=[r"agreed", r"not observed", r"school", r"fill"],
        aliases={v: [str(i + 1)] for i, v in enumerate(lv)})

    # 20 DIBELS oral reading fluency: examiner vs audio re-scorer WCPM and errors per passage
    R = ["Examiner", "Re-scorer"]
    studs = ["%s %s" % (rng.choice(FIRST), LAST[i]) for i in range(15)]
    sids = ["%07d" % x for x in sorted(rng.sample(range(10000, 9999999), 15))]
    S, M, E = [], {}, {}
    rows = [["Student ID", "Student", "Grade", "Examiner name", "Passage", "Examiner WCPM", "Examiner errors",
             "Re-scorer WCPM", "Re-scorer errors", "Accuracy % (examiner)", "Median WCPM"]]
    for sid, nm in zip(sids, studs):
        g = rng.choice([2, 3])
        ex = rng.choice(["Ms Hart", "Mr Osei", "Mrs Lund"])
        lvl = rng.uniform(40, 140)
        ws = []
        block = []
        for p in (1, 2, 3):
            s = (sid, "Passage %d" % p)
            S.append(s)
            w = int(lvl + rng.gauss(0, 8))
            err = max(0, int(rng.gauss(6 - lvl / 30, 2)))
            M[s], E[s] = {}, {}
            for r in R:
                d = 0 if rng.random() < 0.6 else rng.choice([-2, -1, 1, 2])
                M[s][r] = str(max(0, w + d))
                E[s][r] = str(max(0, err - d))
            ws.append(int(M[s]["Examiner"]))
            acc = 100.0 * int(M[s]["Examiner"]) / (int(M[s]["Examiner"]) + int(E[s]["Examiner"]))
            block.append([sid, nm, g, ex, p, int(M[s]["Examiner"]), int(E[s]["Examiner"]), int(M[s]["Re-scorer"]),
                          int(E[s]["Re-scorer"]), "%.0f%%" % acc, ""])
        block[-1][-1] = sorted(ws)[1]
        rows += block
    write_txt("dibels_orf_rescoring.csv", rows)
    both = []
    for s in S:
        for r in R:
            both.append(["%s | %s | WCPM" % s, r, M[s][r]])
            both.append(["%s | %s | errors" % s, r, E[s][r]])
    add("dibels_orf_rescoring.csv", k, "import", rdi(S, R, M),
        "a school district's DIBELS oral reading fluency scoring check: each pupil read three grade-level "
        "passages aloud; the examiner scored them live and a second scorer re-scored the audio recordings; for "
        "each scorer the words correct per minute (WCPM, continuous) and the error count; one row per pupil and "
        "passage; subject = Student ID ('0412873', leading zeros) + passage, raters = Examiner / Re-scorer "
        "(their WCPM); the errors are the scorers' second measure (reading WCPM and errors as two items is "
        "acceptable too); accuracy % and the median WCPM (on the third passage's row) are derived; the "
        "examiner's name, student name and grade describe the testing",
        keywords=[r"errors?", r"accuracy", r"median", r"examiner name"],
        alts=[alt(both, label="WCPM and errors as two items")])

    # 21 multiple mini interviews: the two assessors of each station named in cells
    pool = ["Dr A. Mensah", "Dr P. Kowal", "Ms R. Lyle", "Mr T. Ng", "Dr S. Varga", "Prof H. Ito", "Dr C. Duarte",
            "Ms E. Brook", "Dr J. Falk", "Mr K. Amin", "Dr L. Sousa", "Ms N. Roy"]
    stations = ["Ethics", "Teamwork task", "Communication", "Data interpretation", "Empathy role-play",
                "Motivation"]
    pair = {}
    for i, st in enumerate(stations):
        pair[("A", st)] = (pool[2 * i], pool[2 * i + 1])
        pair[("B", st)] = (pool[(2 * i + 3) % 12], pool[(2 * i + 6) % 12])
    cands = ["MMI-%03d" % x for x in sorted(rng.sample(range(1, 500), 16))]
    S, M = [], {}
    rows = [["Candidate", "Circuit", "Station", "Assessor 1", "Score 1", "Assessor 2", "Score 2", "Red flag",
             "Station total"]]
    for c in cands:
        circ = rng.choice(["A", "B"])
        lvl = rng.uniform(3, 6)
        for st in stations:
            s = (c, st)
            S.append(s)
            a1, a2 = pair[(circ, st)]
            t = int(clamp(round(lvl + rng.gauss(0, 1)), 1, 7))
            v1, v2 = [clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 1, 7) for _ in (1, 2)]
            M[s] = {a1: str(v1), a2: str(v2)}
            rows.append([c, circ, st, a1, v1, a2, v2, "Y" if min(v1, v2) == 1 and rng.random() < 0.5 else "",
                         v1 + v2])
    xl("mmi_station_scores.xlsx", [("Scores", rows),
                                   ("Anchors", [["Score", "Anchor"], [1, "Unsuitable"], [2, "Poor"], [3, "Weak"],
                                                [4, "Satisfactory"], [5, "Good"], [6, "Very good"], [7, "Excellent"]])])
    for s in S:
        for a in pool:
            M[s].setdefault(a, None)
    rd = rdi(S, pool, M)
    ex = []
    for s in S:
        a1, a2 = [a for a in pool if M[s][a] is not None]
        ex += [["%s | %s" % s, "Assessor 1", M[s][a1]], ["%s | %s" % s, "Assessor 2", M[s][a2]]]
    add("mmi_station_scores.xlsx", k, "import", rd,
        "a medical school's multiple mini interviews: 16 candidates each go round one of two circuits (A, B) of "
        "six stations, and at every station two assessors score the candidate 1-7 (a second sheet gives the "
        "anchors, 1 = Unsuitable .. 7 = Excellent); one row per candidate and station with the two assessors "
        "named in cells ('Assessor 1' holds a name, 'Score 1' that assessor's score); subject = candidate + "
        "station, raters = the twelve named assessors (each pair staffs one station of a circuit: an incomplete "
        "design); reading Assessor 1 / Assessor 2 as two exchangeable raters is acceptable too; the station "
        "total is derived, the red flag a professionalism concern",
        keywords=[r"assessor", r"red flag", r"station total", r"circuit"],
        alts=[alt(ex, label="assessor 1 / 2 (exchangeable)", exch=True)])

    # 22 civil service sift: behaviour scores 1-7, one sifter '4 - Acceptable', moderated score
    lab = {1: "Insufficient evidence", 2: "Minimal evidence", 3: "Moderate demonstration", 4: "Acceptable",
           5: "Good demonstration", 6: "Strong demonstration", 7: "Outstanding demonstration"}
    beh = ["Seeing the big picture", "Communicating and influencing", "Delivering at pace"]
    R = ["Sifter 1", "Sifter 2"]
    apps = ["%d" % x for x in sorted(rng.sample(range(10400000, 10499999), 22))]
    S, M = [], {}
    rows = [["Vacancy 334518 - Policy Adviser (HEO) - sift scores"],
            ["Applicant ID", "Behaviour", "Sifter 1", "Sifter 2", "Moderated score", "Pass mark met (>=4)"]]
    for a in apps:
        lvl = rng.uniform(2.5, 6)
        for b in beh:
            s = (a, b)
            S.append(s)
            t = int(clamp(round(lvl + rng.gauss(0, 0.8)), 1, 7))
            M[s] = {r: str(clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 1, 7)) for r in R}
            mod = M[s]["Sifter 1"] if M[s]["Sifter 1"] == M[s]["Sifter 2"] else str(t)
            rows.append([a, b, int(M[s]["Sifter 1"]), "%s - %s" % (M[s]["Sifter 2"], lab[int(M[s]["Sifter 2"])]),
                         int(mod), "Yes" if int(mod) >= 4 else "No"])
    write_txt("civil_service_sift_scores.csv", rows)
    add("civil_service_sift_scores.csv", k, "import", rdi(S, R, M),
        "a government department's application sift (a title line): two sifters independently score each of "
        "22 applications on three Success Profiles behaviours on the 1-7 scale; Sifter 1 types the number, "
        "Sifter 2's form writes the number with its anchor ('4 - Acceptable', '6 - Strong demonstration': the "
        "same scores); one row per applicant and behaviour; subject = Applicant ID + Behaviour, raters = Sifter "
        "1 / Sifter 2; the moderated score is the reference and 'Pass mark met' follows from it",
        keywords=[r"moderated", r"pass mark", r"behaviour"],
        aliases={str(n): ["%d - %s" % (n, lb)] for n, lb in lab.items()})


# ================================================================== D. annotation, crowd and ML labelling exports
def g_annotation():
    k = "annotation-ml"
    # 23 Label Studio CSV export: one row per annotation, annotator e-mails, lead times
    lv = ["Positive", "Negative", "Neutral", "Mixed"]
    R = ["maria.k@labelco.example", "dev.p@labelco.example", "tomasz@labelco.example"]
    texts = ["Checkout was quick and the courier was early.", "Item arrived broken, refund took 3 weeks.",
             "It's a phone case. It fits.", "Love the colour, hate the smell of the plastic.",
             "Customer service hung up on me twice", "Exactly as described, would buy again",
             "Size chart is useless; ordered M, got what feels like XS", "Fine for the price I guess",
             "Battery lasts two days, screen scratches easily", "Absolutely brilliant, \"five stars\" from me",
             "Delivery window 8am-8pm, came at 9:40pm", "Works.", "Good product but the app needs an account",
             "Never received it. Tracking says delivered.", "The manual was in German only, otherwise ok"]
    tasks = sorted(rng.sample(range(81200, 81999), 30))
    M, recs = {}, []
    ann_id = 240000
    for tid in tasks:
        tx = rng.choice(texts)
        t = rng.choices(range(4), [35, 30, 25, 10])[0]
        M[str(tid)] = {}
        for r in R:
            if r == "tomasz@labelco.example" and rng.random() < 0.1:
                M[str(tid)][r] = None
                continue
            v = lv[t] if rng.random() < 0.75 else rng.choice(lv)
            M[str(tid)][r] = v
            ann_id += rng.randint(1, 9)
            made = dt.datetime(2025, 4, 7, 9) + dt.timedelta(minutes=rng.randint(0, 9000))
            upd = made + dt.timedelta(seconds=rng.randint(0, 30)) if rng.random() < 0.85 else made + dt.timedelta(
                days=1, minutes=rng.randint(0, 300))
            recs.append([tx, tid, v, r, ann_id, made.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % rng.randint(0, 999999),
                         upd.strftime("%Y-%m-%dT%H:%M:%S.") + "%06dZ" % rng.randint(0, 999999),
                         "%.3f" % rng.uniform(2.5, 48.0)])
    recs.sort(key=lambda x: (x[1], x[4]))
    write_txt("project-14-at-2025-04-12-10-31-5f3c2a1e.csv",
              [["text", "id", "sentiment", "annotator", "annotation_id", "created_at", "updated_at", "lead_time"]] +
              recs)
    add("project-14-at-2025-04-12-10-31-5f3c2a1e.csv", k, "import", reading([str(t) for t in tasks], R, M),
        "a Label Studio project exported as CSV (the tool's file name 'project-14-at-<date>-<hash>.csv'): one row "
        "per annotation; three annotators (the 'annotator' column holds their e-mail) label the sentiment of "
        "30 product reviews with a Choices control (Positive / Negative / Neutral / Mixed); one annotator "
        "skipped three tasks (no row); subject = id (the task id; the text repeats on each annotation's row), "
        "rater = annotator; annotation_id, created_at / updated_at (ISO times) and lead_time (seconds spent) "
        "are metadata, not ratings",
        keywords=[r"annotation_id", r"lead_time", r"created_at", r"text"])

    # 24 Prodigy db-out JSON lines: choice interface, 'ignore' answers
    opts = [("BILLING", "Billing & payments"), ("DELIVERY", "Delivery"), ("RETURNS", "Returns & refunds"),
            ("ACCOUNT", "Account & login"), ("OTHER", "Other")]
    R = ["support_intents-maria", "support_intents-jonas", "support_intents-aiyana"]
    msgs = ["Where is my parcel? It's been 9 days", "I was charged twice for order 55812",
            "How do I send back shoes that don't fit?", "Can't log in, password reset email never arrives",
            "Do you sell gift cards?", "Refund hasn't shown on my card yet", "Courier left it in the rain",
            "Change the email on my account please", "Why is there a £3.99 fee?", "Return label won't print",
            "My order says delivered but nothing came", "Is the store on Mill St open Sunday?",
            "Payment failed but money left my bank", "Locked out after too many attempts",
            "Can I exchange for a different size?", "Parcel went to my old address"]
    true = {m: rng.choice([o for o, _ in opts]) for m in msgs}
    M, lines = {}, []
    ts = 1743500000
    hashes = {m: rng.randint(-2 ** 31, 2 ** 31 - 1) for m in msgs}
    for r in R:
        for m in msgs:
            ts += rng.randint(5, 60)
            h = str(hashes[m])
            M.setdefault(h, {})
            if rng.random() < 0.08:
                ans, acc = "ignore", []
                M[h][r] = None
            else:
                v = true[m] if rng.random() < 0.8 else rng.choice([o for o, _ in opts])
                ans, acc = "accept", [v]
                M[h][r] = v
            lines.append(json.dumps({"text": m, "_input_hash": hashes[m], "_task_hash": rng.randint(-2 ** 31, 2 ** 31),
                                     "options": [{"id": o, "text": t} for o, t in opts], "_view_id": "choice",
                                     "config": {"choice_style": "single"}, "accept": acc, "answer": ans,
                                     "_timestamp": ts, "_annotator_id": r, "_session_id": r}, ensure_ascii=False))
    write_txt("support_intents_db_out.jsonl", text="\n".join(lines) + "\n")
    S = [str(hashes[m]) for m in msgs]
    add("support_intents_db_out.jsonl", k, "import", reading(S, R, M),
        "a Prodigy dataset dumped with 'prodigy db-out' (JSON lines, one line per answer): three annotators "
        "(named sessions 'support_intents-maria' ..) classify 16 customer messages into one intent with the "
        "single-choice interface; the chosen option is the one-element list 'accept' (['BILLING']); answer "
        "'ignore' (accept []) = the annotator skipped the message (no rating); subject = _input_hash (the same "
        "message has the same input hash for every annotator; or the text), rater = _annotator_id (= "
        "_session_id); options, _task_hash, _view_id, config and _timestamp are not ratings",
        keywords=[r"ignore", r"_input_hash", r"accept", r"options"],
        aliases={o: ['["%s"]' % o, "['%s']" % o] for o, _ in opts})

    # 25 Appen / Figure Eight full report: test questions, a tainted contributor
    lv = ["relevant", "not_relevant", "cant_tell"]
    units = sorted(rng.sample(range(2712000000, 2712999999), 24))
    gold = set(rng.sample(units, 5))
    workers = sorted(rng.sample(range(40000000, 49999999), 7))
    tainted = workers[3]
    M, recs = {}, []
    jid = 7140000000
    q = ["sofa bed double", "running shoes women", "usb c cable 2m", "kettle stainless", "garden hose 30m",
         "desk lamp led", "baby monitor", "coffee grinder"]
    for u in units:
        t = rng.choices(range(3), [55, 40, 5])[0]
        M[str(u)] = {w: None for w in workers}
        qq, prod = rng.choice(q), rng.choice(["SKU-%05d" % rng.randint(1, 99999)])
        for w in rng.sample(workers, 5 if u not in gold else 6):
            bad = w == tainted
            v = lv[t] if rng.random() < (0.5 if bad else 0.85) else rng.choice(lv)
            M[str(u)][w] = v
            jid += rng.randint(1, 40)
            st = dt.datetime(2025, 5, 3, 14) + dt.timedelta(seconds=rng.randint(0, 20000))
            recs.append([u, st.strftime("%-m/%-d/%Y %H:%M:%S"), "true" if u in gold else "false", jid,
                         ("true" if v != lv[t] else "false") if u in gold else "",
                         (st - dt.timedelta(seconds=rng.randint(20, 200))).strftime("%-m/%-d/%Y %H:%M:%S"),
                         "true" if bad else "false", rng.choice(["neodev", "clixsense", "elite", "instagc"]),
                         "%.4f" % (rng.uniform(0.55, 0.7) if bad else rng.uniform(0.82, 1.0)), w,
                         rng.choice(["VEN", "PHL", "IND", "USA", "EGY", "SRB"]), "", "", "", v, qq, prod,
                         lv[t] if u in gold else "",
                         "Sofa beds are relevant only for 'sofa bed' queries" if u in gold else ""])
    recs.sort(key=lambda x: (x[0], x[3]))
    head = ["_unit_id", "_created_at", "_golden", "_id", "_missed", "_started_at", "_tainted", "_channel",
            "_trust", "_worker_id", "_country", "_region", "_city", "_ip", "relevance", "query", "product_id",
            "relevance_gold", "relevance_gold_reason"]
    write_txt("f1478203_full_report.csv", [head] + recs)
    W = [str(w) for w in workers]
    MM = {u: {str(w): v for w, v in d.items()} for u, d in M.items()}
    US = [str(u) for u in units]
    rd = reading(US, W, MM)
    nt = [x for x in rd if x[1] != str(tainted)]
    ng = [x for x in rd if int(x[0]) not in gold]
    add("f1478203_full_report.csv", k, "import", rd,
        "an Appen (formerly Figure Eight / CrowdFlower) job's full report: one row per judgment; contributors "
        "(_worker_id, 8-digit numbers: the raters) judge whether a product is relevant to a search query "
        "(relevant / not_relevant / cant_tell: 'cant_tell' is an answer, a category); each unit (_unit_id, a "
        "10-digit id: the subject) is judged by five of seven contributors (test questions by six); five units are test questions "
        "(_golden true, with relevance_gold and its reason: the reference, and _missed saying whether the "
        "contributor got it wrong); one contributor is _tainted (their trust fell below the threshold; the "
        "platform leaves their judgments out of its aggregate, leaving them out is acceptable too, as is "
        "leaving out the test questions); _created_at, _started_at, _channel, _trust, _country and the empty "
        "_region / _city / _ip are metadata; query and product_id describe the unit",
        keywords=[r"_golden|gold", r"_tainted|tainted", r"_trust", r"_missed"],
        alts=[alt(nt, label="tainted contributor left out"), alt(ng, label="test questions left out"),
              alt([x for x in nt if int(x[0]) not in gold], label="both left out")])

    # 26 DynaSent-style JSON lines: label_distribution maps labels to worker ids (either)
    lv = ["positive", "negative", "neutral", "mixed"]
    sents = ["The waiter was attentive and the pasta was perfect.", "We waited forty minutes for a table.",
             "They open at 11 on weekdays.", "Great burgers, terrible fries.", "I have been coming here for years.",
             "The parking lot is shared with the bank.", "Not bad, not great.", "Best tacos in town, hands down!",
             "The room smelled like smoke even though it was non-smoking.", "Staff were friendly but slow.",
             "The menu changes every season.", "Would not go back.", "Prices are reasonable for the area.",
             "The dessert saved the evening.", "It was okay I guess, the music was loud.",
             "Checkout took forever and the receipt was wrong.", "Our server remembered our names.",
             "The place is across from the train station.", "Overpriced but the view is worth it.",
             "Never again."]
    pool = ["w%d" % x for x in sorted(rng.sample(range(1, 400), 14))]
    M, lines = {}, []
    for i, sn in enumerate(sents):
        tid = "r1-%07d" % rng.randint(0, 9999999)
        t = rng.choices(range(4), [35, 30, 25, 10])[0]
        ws = rng.sample(pool, 5)
        dist = {l: [] for l in lv}
        M[tid] = {w: None for w in pool}
        for w in ws:
            v = lv[t] if rng.random() < 0.72 else rng.choice(lv)
            dist[v].append(w)
            M[tid][w] = v
        cnt = {l: len(x) for l, x in dist.items()}
        top = max(cnt.values())
        gl = [l for l in lv if cnt[l] == top]
        probs = [round(rng.random(), 3) for _ in range(3)]
        lines.append(json.dumps({"hit_ids": ["y%05d" % rng.randint(0, 99999)], "sentence": sn,
                                 "indices_into_review_text": [0, len(sn)],
                                 "model_0_label": rng.choice(["positive", "negative", "neutral"]),
                                 "model_0_probs": {"negative": probs[0], "positive": probs[1], "neutral": probs[2]},
                                 "text_id": tid, "review_id": hexs(22), "review_rating": rng.randint(1, 5),
                                 "label_distribution": dist,
                                 "gold_label": gl[0] if top >= 3 else None}))
    write_txt("dynasent-style-round01-dev.jsonl", text="\n".join(lines) + "\n")
    S = list(M)
    add("dynasent-style-round01-dev.jsonl", k, "either", reading(S, pool, M),
        "a sentiment data set released as JSON lines in the DynaSent round-1 format: one object per sentence "
        "with 'label_distribution', a dict from each label (positive / negative / neutral / mixed) to the list "
        "of crowd workers ('w130') who chose it: five of 14 workers label each sentence; subject = text_id, "
        "rater = worker id, rating = the label under which the worker is listed; gold_label is the majority "
        "label (null without a majority of 3), model_0_label / model_0_probs a model's prediction, "
        "review_rating the reviewer's own stars: none of them raters; reading it is right, refusing this nested "
        "JSON with a clear message is acceptable",
        keywords=[r"label_distribution", r"gold_label", r"model_0", r"json"])

    # 27 IEMOCAP-style EmoEvaluation text: evaluators C-E1.., actors' self-evaluations C-F1 / C-M1 (either)
    emos = ["Neutral", "Frustration", "Anger", "Sadness", "Happiness", "Excited", "Surprise"]
    short = {"Neutral": "neu", "Frustration": "fru", "Anger": "ang", "Sadness": "sad", "Happiness": "hap",
             "Excited": "exc", "Surprise": "sur"}
    E = ["C-E1", "C-E2", "C-E3", "C-E4"]
    out = ["% [START_TIME - END_TIME] TURN_NAME EMOTION [V, A, D]", ""]
    M, S, SELF = {}, [], []
    t0 = 4.1
    for i in range(24):
        spk = "F" if i % 2 == 0 else "M"
        utt = "Ses03%s_impro05_%s%03d" % ("F", spk, i // 2)
        S.append(utt)
        t = rng.choices(range(7), [30, 25, 12, 12, 8, 8, 5])[0]
        ev = rng.sample(E, 3)
        M[utt] = {e: None for e in E}
        lab = {}
        for e in ev:
            v = emos[t] if rng.random() < 0.72 else rng.choice(emos[:4])
            M[utt][e] = v
            lab[e] = v
        selfe = emos[t] if rng.random() < 0.7 else rng.choice(emos)
        SELF.append([utt, "C-%s1" % spk, selfe])
        vals = list(lab.values())
        top = max(set(vals), key=vals.count)
        agg = short[top] if vals.count(top) >= 2 else "xxx"
        d = rng.uniform(1.2, 6.5)
        out.append("[%.4f - %.4f]\t%s\t%s\t[%.4f, %.4f, %.4f]" % (t0, t0 + d, utt, agg, rng.uniform(1.5, 4.5),
                                                                  rng.uniform(1.5, 4.5), rng.uniform(1.5, 4.5)))
        for e in sorted(ev):
            out.append("%s:\t%s;\t()" % (e, lab[e]))
        out.append("C-%s1:\t%s;\t()" % (spk, selfe))
        for e in sorted(ev)[:2]:
            out.append("A-%s:\tval %d;\tact %d;\tdom  %d;\t()" % (e.replace("C-", ""), rng.randint(1, 5),
                                                                 rng.randint(1, 5), rng.randint(1, 5)))
        out.append("")
        t0 += d + rng.uniform(0.2, 2.0)
    write_txt("Ses03F_impro05_EmoEvaluation.txt", text="\n".join(out) + "\n")
    rd = reading(S, E, M)
    add("Ses03F_impro05_EmoEvaluation.txt", k, "either", rd,
        "an emotion-annotation file in the IEMOCAP EmoEvaluation text format (one dialogue): a block per "
        "utterance: a tab-separated line '[start - end] TURN_NAME EMOTION [V, A, D]' with the aggregated label "
        "('fru', 'xxx' = no majority: derived), then one line per categorical evaluator 'C-E2:\\tFrustration;\\t()' "
        "(three of four evaluators C-E1 .. C-E4 per utterance: the raters), one line with the speaking actor's "
        "own evaluation ('C-F1' / 'C-M1': a self-assessment) and 'A-E1: val 3; act 2; dom 3;' dimensional "
        "lines (another annotation); subject = TURN_NAME ('Ses03F_impro05_F004'), rater = C-E evaluator, rating "
        "= the category; reading the actors' self-evaluations as two more raters is acceptable too; reading it "
        "is right, refusing this text format with a clear message is acceptable",
        keywords=[r"emoevaluation|iemocap", r"self", r"c-f1|c-m1", r"a-e"],
        alts=[alt(rd + SELF, label="actors' self-evaluations as raters")])

    # 28 a Markdown pilot table from a repository README
    lv = ["scratch", "dent", "stain", "ok"]
    R = ["ann_A", "ann_B", "ann_C"]
    imgs = ["img_%04d.png" % x for x in sorted(rng.sample(range(1, 3000), 22))]
    M = {}
    lines = ["# Defect labelling pilot (week 12)", "",
             "Three annotators labelled the same 22 images from line 3 before the full run. Disagreements go to",
             "the QA lead. `?` means the annotator could not tell (image too dark).", "",
             "| # | image | ann_A | ann_B | ann_C | agree? |", "|---:|:---|:---:|:---:|:---:|:---:|"]
    for i, im in enumerate(imgs):
        t = rng.choices(range(4), [25, 15, 15, 45])[0]
        M[im] = {r: (lv[t] if rng.random() < 0.78 else rng.choice(lv)) for r in R}
        if rng.random() < 0.08:
            M[im][rng.choice(R)] = None
        vals = [M[im][r] for r in R]
        lines.append("| %d | `%s` | %s | %s | %s | %s |" % (i + 1, im, *["?" if v is None else v for v in vals],
                                                            "\u2705" if len(set(vals)) == 1 else "\u274c"))
    lines += ["", "Next: agreement target is kappa >= 0.7 before we label the 40k backlog."]
    write_txt("labelling_pilot_README.md", text="\n".join(lines) + "\n")
    add("labelling_pilot_README.md", k, "import", reading(imgs, R, M),
        "a Markdown README from a manufacturing ML team's repository: a heading, two lines of text, then a "
        "pipe table with an alignment row ('|---:|:---|') of a labelling pilot: three annotators (ann_A, ann_B, "
        "ann_C) label 22 product images as scratch / dent / stain / ok ('ok' = no defect: a category); image "
        "names in backticks (`img_0042.png`); '?' = could not tell (no rating); '#' is the row number and "
        "'agree?' (\u2705 / \u274c) is derived; a closing sentence below the table; subject = image",
        keywords=[r"agree", r"could not tell", r"'\?'", r"markdown"])


# ================================================================== E. public-sector and industry QA audits
def g_qa():
    k = "qa-audit"
    # 29 care inspectorate consistency exercise: key questions, 'RI', derived overall
    lv = ["Outstanding", "Good", "Requires improvement", "Inadequate"]
    kq = ["Safe", "Effective", "Caring", "Responsive", "Well-led"]
    R = ["Inspector 1", "Inspector 2", "Inspector 3", "Inspector 4", "Inspector 5"]
    locs = ["1-%09d" % x for x in sorted(rng.sample(range(100000000, 999999999), 8))]
    S, M, O, recs = [], {}, {}, []
    for l_ in locs:
        base = rng.choices(range(4), [8, 50, 32, 10])[0]
        st = rng.choice(["Residential home", "Nursing home", "Domiciliary care agency", "GP practice"])
        for q_ in kq:
            S.append((l_, q_))
            M[(l_, q_)] = {}
        for r in R:
            vals = []
            for q_ in kq:
                t = clamp(base + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 0, 3)
                M[(l_, q_)][r] = lv[t]
                vals.append(t)
            n_ri = sum(v >= 2 for v in vals)
            ov = 3 if sum(v == 3 for v in vals) >= 2 else 2 if n_ri >= 2 or 3 in vals else \
                0 if sum(v == 0 for v in vals) >= 2 and n_ri == 0 else 1
            O.setdefault(l_, {})[r] = lv[ov]
            recs.append([l_, st, r] + [("RI" if M[(l_, q_)][r] == "Requires improvement" and r == "Inspector 4" else
                                        M[(l_, q_)][r]) for q_ in kq] + [lv[ov], rng.choice(["", "", "medicines "
                                                                                             "management weak",
                                                                                             "good DoLS tracking"])])
    xl("inspector_consistency_exercise.xlsx",
       [("Ratings", [["Location ID", "Service type", "Inspector"] + kq + ["Overall (aggregated)", "Notes"]] + recs),
        ("Aggregation rules", [["Overall: 2 or more Inadequate key questions = Inadequate; 2 or more Requires "
                                "improvement (or 1 Inadequate) = Requires improvement; 2 or more Outstanding and no "
                                "lower than Good = Outstanding; otherwise Good."]])])
    rd = rdi(S, R, M)
    add("inspector_consistency_exercise.xlsx", k, "import", rd,
        "a health and social care regulator's inspector consistency exercise: five inspectors rate the same "
        "eight mock inspection reports (Location ID '1-104729355', a text id) on the five key questions Safe, "
        "Effective, Caring, Responsive, Well-led as Outstanding / Good / Requires improvement / Inadequate; "
        "long: one row per location and inspector; Inspector 4 writes 'RI' (the same rating); subject = "
        "location + key question, rater = Inspector; 'Overall (aggregated)' follows from the key questions by "
        "the rules on the second sheet (derived; reading it as a sixth item is acceptable too); service type "
        "and notes describe the location",
        keywords=[r"overall", r"aggregat", r"service type", r"notes"],
        aliases={"Requires improvement": ["RI"]},
        alts=[alt(rd + [[l_ + " | Overall", r, O[l_][r]] for l_ in locs for r in R], label="overall as an item")])

    # 30 bridge condition ratings in a fixed-width SQL*Plus spool, 'N' = not applicable
    items = [("DECK_58", "Deck"), ("SUPER_59", "Superstructure"), ("SUB_60", "Substructure"),
             ("CULV_62", "Culvert")]
    R = ["JHALVERS", "MPETROV", "SKAUR", "TBOONE"]
    structs = ["%015d" % x for x in sorted(rng.sample(range(10000, 99999999), 12))]
    S, M, NA = [], {}, []
    lines = ["", "STRUCTURE_NUMBER  INSPECTOR  DECK_58 SUPER_59 SUB_60 CULV_62 INSP_DATE",
             "----------------- ---------- ------- -------- ------ ------- ---------"]
    recs = []
    for st in structs:
        culvert = rng.random() < 0.25
        base = rng.choice([5, 6, 6, 7, 7, 8])
        for code, nm in items:
            S.append((st, nm))
            M[(st, nm)] = {}
        for r in R:
            vals = []
            for code, nm in items:
                applic = (code == "CULV_62") == culvert
                if not applic:
                    M[(st, nm)][r] = None
                    NA.append(["%s | %s" % (st, nm), r, "N"])
                    vals.append("N")
                else:
                    v = str(clamp(base + rng.choice([-1, 0, 0, 0, 1]) - (1 if code == "DECK_58" else 0), 2, 9))
                    M[(st, nm)][r] = v
                    vals.append(v)
            d = dt.date(2025, 6, 2) + dt.timedelta(days=rng.randint(0, 12))
            recs.append((st, r, vals, d))
    for st, r, vals, d in recs:
        lines.append("%-17s %-10s %7s %8s %6s %7s %s" % (st, r, vals[0], vals[1], vals[2], vals[3],
                                                          d.strftime("%d-%b-%y").upper()))
    lines += ["", "%d rows selected." % len(recs), ""]
    for s in S:
        if all(v is None for v in M[s].values()):
            del M[s]
    S = [s for s in S if s in M]
    write_txt("bridge_qa_reinspection.lst", text="\n".join(lines))
    rd = rdi(S, R, M)
    add("bridge_qa_reinspection.lst", k, "import", rd,
        "a state transportation department's bridge inspection quality assurance: four team leaders "
        "independently re-inspect 12 structures and give the condition ratings of the National Bridge "
        "Inventory items 58 deck, 59 superstructure, 60 substructure and 62 culvert (0-9, 9 = excellent, ordered "
        "codes); the file is an SQL*Plus spool (fixed-width columns under a dashed underline, a blank first line "
        "and a '48 rows selected.' footer); 'N' = not applicable (a culvert has no deck, a bridge no culvert "
        "rating): no rating (as a category acceptable only if said); subject = STRUCTURE_NUMBER (15 digits with "
        "leading zeros, an id) + item, rater = INSPECTOR; INSP_DATE ('04-JUN-25') is the visit date",
        keywords=[r"\bn\b", r"not applicable", r"insp_date", r"rows selected"],
        alts=[alt(rd + NA, must_note=True, label="'N' as a category")])

    # 31 sewer CCTV structural and O&M grades with a quick rating
    R = ["Reviewer 1 (PACP)", "Reviewer 2 (PACP)", "Reviewer 3 (PACP)"]
    segs = []
    mh = rng.randint(1000, 1900)
    for i in range(20):
        segs.append("MH-%d - MH-%d" % (mh, mh + 1))
        mh += rng.choice([1, 1, 2, 7])
    S, M = [], {}
    rows = [["Segment", "Material", "Diameter (mm)", "Length (m)", "Survey date", "Reviewer", "Structural grade",
             "O&M grade", "Quick rating", "Worst defect code", "Comments"]]
    recs = []
    for sg in segs:
        ts, to = rng.choices(range(1, 6), [20, 25, 25, 18, 12])[0], rng.choices(range(1, 6), [30, 30, 20, 12, 8])[0]
        mat = rng.choice(["VCP", "RCP", "PVC", "Brick"])
        dia, ln = rng.choice([150, 225, 300, 375, 450]), "%.1f" % rng.uniform(18, 95)
        date = (dt.date(2025, 2, 3) + dt.timedelta(days=rng.randint(0, 30))).strftime("%m/%d/%Y")
        for gname in ("Structural", "O&M"):
            S.append((sg, gname))
            M[(sg, gname)] = {}
        for r in R:
            a = clamp(ts + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 5)
            b = clamp(to + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 5)
            M[(sg, "Structural")][r] = str(a)
            M[(sg, "O&M")][r] = str(b)
            qr = "%d%d%d%d" % (a, rng.randint(1, 4), b, rng.randint(1, 3))
            recs.append([sg, mat, dia, ln, date, r, a, b, qr, rng.choice({1: ["MWL", "ISSR"], 2: ["CC", "DAGS"],
                                                                          3: ["CL", "DAE"], 4: ["FL", "RFC"],
                                                                          5: ["B", "H", "DSZ"]}[max(a, b)]),
                         rng.choice(["", "", "", "survey abandoned at 42 m?", "roots at joint", "sag with water"])])
    recs.sort(key=lambda x: (x[5], x[0]))
    write_txt("sewer_cctv_grading_review.csv", rows + recs)
    add("sewer_cctv_grading_review.csv", k, "import", rdi(S, R, M),
        "a utility's review of sewer CCTV inspections: three certified (PACP) reviewers watch the same 20 pipe "
        "segment videos and give the segment's structural grade and operation & maintenance (O&M) grade, 1-5 "
        "(5 = most severe); long: one row per segment and reviewer (sorted by reviewer), two ratings per row; "
        "subject = segment ('MH-1042 - MH-1043', upstream to downstream manhole) + grade, rater = Reviewer; the "
        "quick rating '5142' (grade and count pairs) is derived, a code, not a number; worst defect code, "
        "material, diameter, length, survey date and comments describe the segment",
        keywords=[r"quick rating", r"defect code", r"material", r"diameter"])

    # 32 casting radiographs: severity levels per discontinuity category under merged radiographer headers
    cats = [("A", "Gas porosity"), ("B", "Sand and slag"), ("C", "Shrinkage")]
    R = ["Radiographer 1 (Level II)", "Radiographer 2 (Level II)", "Radiographer 3 (Level III)"]
    cast = ["HT%s-%02d" % (h, i) for h in ("2417", "2418", "2422") for i in range(1, 7)]
    S, M = [], {}
    r1 = ["Valve body castings WCB - radiographic severity levels to ASTM E446 (0 = no indication, 1-5)"]
    r2, r3 = ["", ""], ["Casting", "Zone"]
    merges = ["A1:L1"]
    for j, r in enumerate(R):
        r2 += [r, "", ""]
        r3 += ["%s %s" % c for c in cats]
        merges.append("%s2:%s2" % (col(3 + 3 * j), col(5 + 3 * j)))
    r2.append("")
    r3.append("Acceptance (spec: max level 2)")
    rows = [r1, r2, r3]
    for c in cast:
        base = {a: rng.choices(range(6), [35, 25, 18, 12, 6, 4])[0] for a, _ in cats}
        row = [c, rng.choice(["Flange", "Body", "Bonnet neck"])]
        worst = 0
        for a, _ in cats:
            S.append((c, a))
            M[(c, a)] = {}
        for r in R:
            for a, _ in cats:
                v = clamp(base[a] + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 0, 5)
                M[(c, a)][r] = str(v)
                row.append(v if r != R[1] or v == 0 else "Level %d" % v)
                worst = max(worst, v)
        rows.append(row + ["Reject" if max(base.values()) > 2 else "Accept"])
    xl("casting_radiograph_severity.xlsx", [("E446 levels", rows)], merges={"E446 levels": merges})
    add("casting_radiograph_severity.xlsx", k, "import", rdi(S, R, M),
        "a foundry's radiographic interpretation check: three radiographers grade 18 steel castings (heat number "
        "+ piece, 'HT2417-03') against the ASTM E446 reference radiographs, giving a severity level 0 (no "
        "indication) to 5 for each discontinuity category, A gas porosity, B sand and slag, C shrinkage; a "
        "merged title row, a row of radiographer names merged over their three columns, then 'A Gas porosity' "
        ".. (repeated per radiographer); Radiographer 2 writes 'Level 3' (the same levels, 0 as the number); "
        "subject = casting + category; Acceptance (max level 2 by specification) is derived, Zone describes the "
        "radiograph", keywords=[r"acceptance", r"zone", r"spec"],
        aliases={str(n): ["Level %d" % n] for n in range(1, 6)})

    # 33 NCC MERP medication error categories: cp1252, en dashes, multi-line descriptions
    lv = list("ABCDEFGHI")
    lab = {"A": "Circumstances with capacity to cause error", "B": "Error, did not reach patient",
           "C": "Reached patient, no harm", "D": "Reached patient, monitoring required",
           "E": "Temporary harm, intervention required", "F": "Temporary harm, prolonged hospitalisation",
           "G": "Permanent harm", "H": "Intervention to sustain life", "I": "Death"}
    R = ["Pharmacist 1", "Pharmacist 2", "Nurse reviewer", "Medication safety officer"]
    S = ["%d" % x for x in sorted(rng.sample(range(250000, 259999), 26))]
    M = ordmat(S, R, lv, [8, 14, 28, 22, 15, 6, 3, 3, 1], p_off=0.35)
    desc = ["Enoxaparin 40mg given at 18:00 and again at 22:00 \u2013 duplicate chart entry",
            "Insulin prescribed as \"10u\" read as 100 units;\nnoticed before administration",
            "Patient allergic to penicillin given co-amoxiclav, rash, treated with chlorphenamine",
            "Wrong strength of morphine oral solution stocked on ward", "Paracetamol dose omitted (patient off ward)",
            "Gentamicin level not taken before 2nd dose;\nlevel high, dose held", "IV potassium infused over 1 h "
            "instead of 4 h, cardiac monitoring started", "Two patients with same surname, warfarin given to wrong "
            "patient, INR monitored"]
    rows = [["Incident ID", "Date reported", "Ward", "Description", "Pharmacist 1", "Pharmacist 2", "Nurse reviewer",
             "Medication safety officer", "Final (panel)"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, (dt.date(2024, 10, 1) + dt.timedelta(days=rng.randint(0, 90))).strftime("%d/%m/%Y"),
                     rng.choice(["Ward 7 (Medicine)", "AMU", "ITU", "Ward 12 (Surgery)", "Paeds"]),
                     rng.choice(desc), M[s]["Pharmacist 1"],
                     "%s \u2013 %s" % (M[s]["Pharmacist 2"], lab[M[s]["Pharmacist 2"]]),
                     "Category %s" % M[s]["Nurse reviewer"], M[s]["Medication safety officer"], lv[t]])
    write_txt("medication_error_ncc_merp_review.csv", rows, enc="cp1252", nl="\r\n")
    add("medication_error_ncc_merp_review.csv", k, "import", reading(S, R, M),
        "a hospital medication safety group's harm classification exercise (Windows-1252, CRLF): four reviewers "
        "classify 26 reported medication incidents into the NCC MERP categories A-I (A = circumstances with "
        "capacity to cause error .. I = death; ordered); Pharmacist 2 writes the letter with its description "
        "after an en dash ('E \u2013 Temporary harm, intervention required'), the nurse reviewer 'Category E' "
        "(the same categories); the Description is free text with commas, quotes and line breaks inside quoted "
        "cells; subject = Incident ID; the panel's final category is the reference; date and ward describe the "
        "incident", keywords=[r"final", r"panel", r"description", r"ward"],
        aliases={v: ["%s \u2013 %s" % (v, lab[v]), "Category %s" % v] for v in lv})

    # 34 airport security X-ray image test: badge numbers, timeouts, long
    R = ["A%04d" % x for x in sorted(rng.sample(range(1000, 9999), 8))]
    imgs = ["TIP-%03d" % x for x in sorted(rng.sample(range(1, 600), 24))]
    threat = {im: rng.choices(["None", "IED", "Gun", "Knife", "Other prohibited"], [50, 12, 12, 14, 12])[0]
              for im in imgs}
    M, recs = {}, []
    for im in imgs:
        M[im] = {}
        for r in R:
            if rng.random() < 0.04:
                M[im][r] = None
                recs.append([r, im, "Timeout", "15.00", threat[im], ""])
                continue
            hit = threat[im] != "None"
            p = 0.85 if hit else 0.88
            v = ("Search" if hit else "Clear") if rng.random() < p else ("Clear" if hit else "Search")
            M[im][r] = v
            recs.append([r, im, v, "%.2f" % rng.uniform(2.1, 14.8), threat[im],
                         ("Hit" if v == "Search" else "Miss") if hit else ("Correct rejection" if v == "Clear" else
                                                                         "False alarm")])
    recs.sort(key=lambda x: (x[0], rng.random()))
    write_txt("xray_image_interpretation_test.csv",
              [["Screener ID", "Image", "Response", "Response time (s)", "Threat category", "Outcome"]] + recs)
    add("xray_image_interpretation_test.csv", k, "import", reading(imgs, R, M),
        "an airport security image interpretation test, long: eight screeners (badge IDs 'A4127') each view the "
        "same 24 X-ray images of cabin bags and respond Clear or Search; 'Timeout' (no response in 15 s) = no "
        "rating; subject = Image, rater = Screener ID; the threat category (None / IED / Gun / Knife / Other "
        "prohibited) is the known ground truth and Outcome (Hit / Miss / False alarm / Correct rejection) is "
        "derived from it; the response time is not a rating",
        keywords=[r"timeout", r"threat", r"outcome", r"response time"])


# ================================================================== F. social science and linguistics coding
def g_social():
    k = "social-linguistics"
    # 35 PDTB discourse sense annotation, long, argument text
    senses = ["Expansion.Conjunction", "Contingency.Cause.Reason", "Contingency.Cause.Result",
              "Comparison.Contrast", "Comparison.Concession.Arg2-as-denier", "Temporal.Asynchronous.Precedence",
              "Temporal.Synchronous", "Expansion.Instantiation", "EntRel"]
    conf = {s: [x for x in senses if x.split(".")[0] == s.split(".")[0] and x != s] or ["Expansion.Conjunction"]
            for s in senses}
    conn = {"Expansion.Conjunction": ["and", "also", "Implicit (in addition)"],
            "Contingency.Cause.Reason": ["because", "since", "Implicit (because)"],
            "Contingency.Cause.Result": ["so", "as a result", "Implicit (so)"],
            "Comparison.Contrast": ["while", "Implicit (in contrast)"],
            "Comparison.Concession.Arg2-as-denier": ["but", "although", "however"],
            "Temporal.Asynchronous.Precedence": ["then", "before", "Implicit (then)"],
            "Temporal.Synchronous": ["when", "as"], "Expansion.Instantiation": ["for example", "Implicit (for "
                                                                                "instance)"],
            "EntRel": ["EntRel (no connective)"]}
    R = ["ann1", "ann2", "ann3"]
    a1 = ["the council raised parking fees", "turnout fell to 31 percent", "the plant closed in March",
          "shares rose 4%", "the minister resigned", "sales of e-bikes doubled", "rain delayed the harvest",
          "the bill passed the Senate", "inflation eased slightly", "the strike ended on Friday"]
    a2 = ["commuters switched to buses", "many voters stayed home", "200 workers lost their jobs",
          "analysts remain cautious", "an inquiry was announced", "retailers ran out of stock",
          "prices of wheat climbed", "the House has not voted", "rents kept rising", "trains ran normally again"]
    S, M, recs = [], {}, []
    for i in range(26):
        rid = "wsj_%04d.r%d" % (rng.randint(2000, 2499), rng.randint(1, 40))
        t = rng.choices(senses, [20, 14, 12, 10, 10, 8, 5, 6, 15])[0]
        c = rng.choice(conn[t])
        A1, A2 = rng.choice(a1), rng.choice(a2)
        S.append(rid)
        M[rid] = {}
        for r in R:
            v = t if rng.random() < 0.72 else rng.choice(conf[t])
            M[rid][r] = v
            recs.append([rid, "Explicit" if not c.startswith(("Implicit", "EntRel")) else c.split(" ")[0], c, A1, A2, r,
                         v, rng.choice(["", "", "", "", "could be Result", "Arg1 span unclear", "attribution?"])])
    recs.sort(key=lambda x: (x[5], x[0]))
    write_txt("pdtb_sense_triple_annotation.csv",
              [["relation_id", "relation_type", "connective", "arg1", "arg2", "annotator", "sense", "note"]] + recs)
    add("pdtb_sense_triple_annotation.csv", k, "import", reading(S, R, M),
        "a discourse annotation project following the Penn Discourse Treebank 3 guidelines, long (one row per "
        "relation and annotator, sorted by annotator): three annotators give each of 26 discourse relations a "
        "sense label from the PDTB hierarchy ('Contingency.Cause.Reason', 'Comparison.Concession.Arg2-as-"
        "denier'; the dots are part of the label, not decimals) or 'EntRel'; subject = relation_id "
        "('wsj_2231.r14'), rater = annotator; relation type, connective and the argument texts arg1 / arg2 "
        "describe the relation (the same on each annotator's row), the note is text",
        keywords=[r"connective", r"arg1|arg2", r"relation_type", r"note"])

    # 36 sociolinguistic (ING) tokens, tab-separated, 'unclear'
    R = ["coder_RB", "coder_LT"]
    spk = [("S01", 72, "F", "working"), ("S02", 19, "M", "middle"), ("S03", 45, "F", "middle"),
           ("S04", 33, "M", "working"), ("S05", 61, "M", "working"), ("S06", 24, "F", "middle")]
    words = ["going", "something", "nothing", "talking", "morning", "building", "walking", "thinking", "everything",
             "working", "fishing", "looking"]
    S, M, U = [], {}, []
    rows = [["token_id", "speaker", "age", "sex", "class", "word", "following", "start_s", "coder_RB", "coder_LT"]]
    n = 0
    for sp_, age, sex, cl in spk:
        p_in = {"working": 0.65, "middle": 0.3}[cl] + (0.1 if age < 30 else 0)
        start = rng.uniform(30, 90)
        for _ in range(7):
            n += 1
            tok = "T%03d" % n
            S.append(tok)
            t = "in" if rng.random() < p_in else "ing"
            M[tok] = {}
            for r in R:
                if rng.random() < 0.06:
                    M[tok][r] = None
                    U.append([tok, r, "unclear"])
                else:
                    M[tok][r] = t if rng.random() < 0.88 else ("ing" if t == "in" else "in")
            start += rng.uniform(3, 40)
            rows.append([tok, sp_, age, sex, cl, rng.choice(words), rng.choice(["vowel", "consonant", "pause"]),
                         "%.3f" % start] + [("unclear" if M[tok][r] is None else M[tok][r]) for r in R])
    write_txt("ing_variable_tokens.tsv", rows, delim="\t")
    rd = reading(S, R, M)
    add("ing_variable_tokens.tsv", k, "import", rd,
        "a variationist sociolinguistics data sheet (tab-separated, ready for Rbrul): 42 tokens of the (ING) "
        "variable from six sociolinguistic interviews, each auditorily coded by two coders as 'in' (alveolar "
        "[\u026an]) or 'ing' (velar [\u026a\u014b]); 'unclear' = the token could not be coded (left out of the "
        "analysis: no rating; as a category acceptable only if said); subject = token_id, raters = coder_RB / "
        "coder_LT; speaker, age, sex, class, the word, the following segment and the start time (s) are "
        "predictors, not ratings",
        keywords=[r"unclear", r"speaker", r"following", r"start_s"],
        alts=[alt(rd + U, must_note=True, label="'unclear' as a category")])

    # 37 Comparative Agendas Project major topics: '3 Health' / 3, codebook sheet
    topics = [(1, "Macroeconomics"), (2, "Civil Rights"), (3, "Health"), (4, "Agriculture"), (5, "Labor"),
              (6, "Education"), (7, "Environment"), (8, "Energy"), (9, "Immigration"), (10, "Transportation"),
              (12, "Law and Crime"), (13, "Social Welfare"), (14, "Housing"), (15, "Domestic Commerce"),
              (16, "Defense"), (17, "Technology"), (18, "Foreign Trade"), (19, "International Affairs"),
              (20, "Government Operations"), (21, "Public Lands"), (23, "Culture")]
    tn = dict(topics)
    titles = {3: "To amend the Public Health Service Act to expand rural telehealth grants",
              7: "Clean Water Infrastructure Resilience Act", 12: "Safer Communities Violence Intervention Act",
              10: "To authorize funds for highway bridge repair in rural counties", 6: "Student Loan Fairness Act",
              16: "To require a report on military housing conditions", 8: "Grid Modernization and Storage Act",
              1: "Small Business Tax Relief Act", 5: "Paid Family Leave Expansion Act",
              13: "SNAP Access Improvement Act", 19: "Foreign Assistance Accountability Act",
              20: "Federal Records Modernization Act", 17: "Broadband Mapping Accuracy Act",
              4: "Farm Credit Disaster Relief Act", 14: "Affordable Housing Supply Act"}
    conf = {3: [13, 20], 7: [21, 8], 12: [2, 20], 10: [20, 21], 6: [13, 5], 16: [14, 20], 8: [7, 17],
            1: [15, 5], 5: [1, 13], 13: [3, 5], 19: [16, 18], 20: [17, 12], 17: [15, 20], 4: [1, 21], 14: [13, 1]}
    R = ["Coder A", "Coder B", "Coder C"]
    bills = []
    M = {}
    rows = [["Bill", "Congress", "Title", "Coder A", "Coder B", "Coder C", "Final major topic"]]
    for i in range(28):
        t = rng.choice(list(titles))
        b = "%s %d" % (rng.choice(["H.R.", "S."]), rng.randint(100, 9999))
        while b in M:
            b = "%s %d" % (rng.choice(["H.R.", "S."]), rng.randint(100, 9999))
        bills.append(b)
        M[b] = {r: str(t if rng.random() < 0.75 else rng.choice(conf[t])) for r in R}
        rows.append([b, rng.choice([117, 118]), titles[t], "%s %s" % (M[b]["Coder A"], tn[int(M[b]["Coder A"])]),
                     int(M[b]["Coder B"]), "%s %s" % (M[b]["Coder C"], tn[int(M[b]["Coder C"])]), t])
    cb = [["Major topic code", "Label"]] + [[c, lb] for c, lb in topics]
    xl("cap_bill_topic_coding.xlsx", [("Coding", rows), ("Codebook", cb)])
    add("cap_bill_topic_coding.xlsx", k, "import", reading(bills, R, M),
        "a policy agendas project's intercoder check: three coders assign 28 congressional bills (by their "
        "titles) a Comparative Agendas Project major topic code (1 Macroeconomics .. 23 Culture; there is no 11 "
        "or 22: the codes are categories, not numbers); Coders A and C write the code with its label ('3 "
        "Health'), Coder B the number (3; the same topics); subject = Bill ('H.R. 4521'); the final major topic "
        "is the reference; the Codebook sheet lists the codes; Congress and title describe the bill",
        keywords=[r"final", r"codebook", r"congress", r"title"],
        aliases={str(c): ["%d %s" % (c, lb)] for c, lb in topics})

    # 38 Dutch news frame coding: numbered coders, 'ja' / 1, ';' separated
    qs = [("V11", "Verantwoordelijkheid: verwijst het artikel naar een verantwoordelijke overheid?"),
          ("V12", "Conflict: beschuldigt de ene partij de andere?"),
          ("V13", "Menselijk: is er een menselijk gezicht of persoonlijk verhaal?"),
          ("V14", "Economisch: worden financiële gevolgen genoemd?"),
          ("V15", "Moraal: bevat het artikel een morele boodschap?")]
    R = ["1", "2", "3"]
    arts = ["%d" % x for x in sorted(rng.sample(range(1000, 1999), 16))]
    S, M, recs = [], {}, []
    for a in arts:
        p = {q: rng.random() for q, _ in qs}
        for q, _ in qs:
            S.append((a, q))
            M[(a, q)] = {}
        for r in R:
            for q, _ in qs:
                yes = (p[q] > 0.5) if rng.random() < 0.85 else (p[q] <= 0.5)
                M[(a, q)][r] = "ja" if yes else "nee"
    for r in R:
        for a in arts:
            krant = ["Volkskrant", "NRC", "Trouw", "De Telegraaf", "AD"][int(a) % 5]
            recs.append([a, krant, "%02d-%02d-2024" % (rng.randint(1, 28), rng.randint(1, 12)), r] +
                        [(M[(a, q)][r] if r != "3" else ("1" if M[(a, q)][r] == "ja" else "0")) for q, _ in qs] +
                        [rng.randint(250, 1400)])
    write_txt("framing_codering_nieuws.csv", [["artikel_id", "krant", "datum", "codeur"] + [q for q, _ in qs] +
                                              ["woorden"]] + recs, delim=";")
    add("framing_codering_nieuws.csv", k, "import", rdi(S, R, M),
        "a Dutch content analysis of news framing (Semetko & Valkenburg frame questions), ';'-separated UTF-8: "
        "three coders, identified only by their number in the 'codeur' column (1, 2, 3: rater names, not "
        "values), answer five yes/no questions V11-V15 for the same 16 articles; one row per article and coder "
        "(sorted by coder); coders 1 and 2 write 'ja' / 'nee', coder 3 1 / 0 (the same answers); the column "
        "names are the codebook's variable numbers (the questions are in the codebook, not in the file); subject = artikel_id + question, rater = "
        "codeur; krant (newspaper), datum ('14-03-2024') and woorden (word count) describe the article",
        keywords=[r"krant", r"datum", r"woorden", r"codeur"],
        aliases={"ja": ["1"], "nee": ["0"]})

    # 39 life-story agency and communion themes in ODS
    eps = ["High point", "Low point", "Turning point"]
    th = ["Agency", "Communion"]
    R = ["Coder 1", "Coder 2"]
    parts = ["LS%03d" % x for x in sorted(rng.sample(range(1, 200), 12))]
    S, M = [], {}
    rows = [["Participant", "Episode", "Excerpt (first words)", "Coder 1 Agency", "Coder 1 Communion",
             "Coder 2 Agency", "Coder 2 Communion", "Words"]]
    exc = ["When I finally handed in my thesis I felt", "The day my father left we", "After the accident I decided",
           "Getting the job offer from", "My best friend stopped talking to me", "We moved to Leeds and",
           "I was elected captain of", "When my daughter was born", "Failing the driving test the third time"]
    for p in parts:
        for e in eps:
            for t in th:
                S.append((p, e, t))
                b = rng.choices(range(5), [25, 25, 25, 15, 10])[0]
                M[(p, e, t)] = {r: str(clamp(b + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 0, 4))
                                for r in R}
            rows.append([p, e, rng.choice(exc) + " \u2026"] + [int(M[(p, e, t)][r]) for r in R for t in th] +
                        [rng.randint(80, 420)])
    write_ods("life_story_agency_communion.ods", [("Coding", rows)])
    add("life_story_agency_communion.ods", k, "import", rdi(S, R, M),
        "a narrative identity study's coding sheet (ODS): two coders rate three key episodes (high point, low "
        "point, turning point) of 12 participants' life stories for the themes Agency and Communion on 0-4 "
        "(ordered); one row per participant and episode, each coder's two theme columns side by side ('Coder 1 "
        "Agency', 'Coder 1 Communion', then Coder 2); subject = participant + episode + theme, raters = Coder "
        "1 / Coder 2; the excerpt's first words and the word count describe the episode",
        keywords=[r"excerpt", r"words", r"episode"])

    # 40 survey interview behaviour coding: E / S / M, 'NC'
    lv = ["E", "S", "M"]
    R = ["Coder 1", "Coder 2"]
    ivs = ["INT%03d" % x for x in sorted(rng.sample(range(1, 300), 8))]
    qn = ["Q%d" % i for i in range(1, 11)]
    S, M = [], {}
    rows = [["Interview", "Interviewer", "Question", "Audio start", "Coder 1", "Coder 2", "Respondent code (C1)"]]
    for iv in ivs:
        who = rng.choice(["IW12", "IW15", "IW21", "IW30"])
        tsec = rng.randint(20, 90)
        for q_ in qn:
            s = (iv, q_)
            S.append(s)
            t = rng.choices(range(3), [65, 25, 10])[0] + (1 if q_ in ("Q4", "Q7") and rng.random() < 0.4 else 0)
            t = min(t, 2)
            M[s] = {r: near(lv, t, 0.25) for r in R}
            if rng.random() < 0.05:
                M[s][rng.choice(R)] = None
            tsec += rng.randint(15, 80)
            rows.append([iv, who, q_, "%02d:%02d:%02d" % (tsec // 3600, tsec // 60 % 60, tsec % 60)] +
                        [("NC" if M[s][r] is None else M[s][r]) for r in R] +
                        [rng.choice(["AA", "AA", "AA", "IA", "RC", "DK"])])
    write_txt("behaviour_coding_cati_pretest.csv", rows)
    add("behaviour_coding_cati_pretest.csv", k, "import", rdi(S, R, M),
        "a survey pretest's behaviour coding of recorded telephone interviews: two coders code how the "
        "interviewer read each of 10 questions in eight interviews, E = exact reading, S = slight change, M = "
        "major change (ordered categories); 'NC' = not codeable (audio dropout: no rating); one row per "
        "interview and question; subject = interview + question, raters = Coder 1 / Coder 2; the interviewer "
        "id ('IW12') describes the interview, the audio start '00:04:37' is a time stamp, and the respondent "
        "code (AA adequate answer, IA, RC request for clarification, DK) was coded by Coder 1 only (another "
        "variable, not a second rater)",
        keywords=[r"\bnc\b", r"respondent", r"audio", r"interviewer"])



# ================================================================== G. files to refuse
def g_refuse():
    k = "refuse"
    KW = [r"no ratings", r"not a rating", r"nothing to rate", r"no raters?"]
    # 41 a golf scorecard: players x holes, strokes, par row
    par = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 4, 5]
    rows = [["Club Medal - Saturday 14 June 2025 - White tees"],
            ["Hole"] + [str(h) for h in range(1, 10)] + ["Out"] + [str(h) for h in range(10, 19)] +
            ["In", "Gross", "H'cap", "Net"],
            ["Par"] + par[:9] + [sum(par[:9])] + par[9:] + [sum(par[9:]), sum(par), "", ""]]
    for i in range(16):
        hc = rng.randint(2, 28)
        sc = [clamp(p + rng.choices([-1, 0, 1, 2, 3], [8, 40, 35, 12, 5])[0] + (1 if rng.random() < hc / 60 else 0),
                    2, 10) for p in par]
        nr = rng.random() < 0.06
        if nr:
            sc[14:] = ["NR"] * 4
        o = sum(sc[:9])
        inn = "" if nr else sum(sc[9:])
        rows.append(["%s. %s" % (rng.choice(FIRST)[0], LAST[i])] + sc[:9] + [o] + sc[9:] +
                    [inn, "" if nr else o + inn, hc, "NR" if nr else o + inn - hc])
    xl("club_medal_scorecards.xlsx", [("Medal", rows)])
    add("club_medal_scorecards.xlsx", k, "refuse", None,
        "a golf club's medal competition card summary: one row per player, one column per hole (1-18) with the "
        "strokes taken, a Par row, Out / In / Gross / handicap / Net: counts of strokes, each cell a different "
        "player's play of a different hole; the holes are not raters and nobody rates anything",
        keywords=KW + [r"golf", r"par", r"strokes?", r"count"] + KW_ONE)

    # 42 a pharmacokinetic sampling sheet: concentrations by time point, BLQ
    tps = ["Pre-dose", "0.5 h", "1 h", "2 h", "4 h", "6 h", "8 h", "12 h", "24 h"]
    rows = [["Study ABX-112 Part A - plasma concentrations (ng/mL) - LLOQ 0.50 ng/mL"],
            ["Subject", "Cohort", "Dose (mg)"] + tps]
    for i in range(18):
        dose = [25, 50, 100][i // 6]
        cmax = dose * rng.uniform(2.2, 3.8)
        ka, ke = rng.uniform(1.2, 2.5), rng.uniform(0.12, 0.25)
        vals = ["BLQ"]
        for tp in tps[1:]:
            t = float(tp.split()[0])
            c = cmax * 1.6 * (2.718281828 ** (-ke * t) - 2.718281828 ** (-ka * t))
            vals.append("BLQ" if c < 0.5 else "%.2f" % c)
        rows.append(["%03d-%03d" % (101, i + 1), "Cohort %d" % (i // 6 + 1), dose] + vals)
    write_txt("pk_plasma_concentrations.csv", rows)
    add("pk_plasma_concentrations.csv", k, "refuse", None,
        "a phase 1 study's pharmacokinetic sampling sheet: one row per subject, one column per nominal sampling "
        "time (Pre-dose, 0.5 h .. 24 h) with the measured plasma concentration in ng/mL or 'BLQ' (below the "
        "limit of quantification): laboratory measurements over time, no raters, no ratings",
        keywords=KW + [r"concentration", r"time", r"measurement", r"continuous", r"blq"] + KW_ONE)

    # 43 a school report card export: each subject graded once by its own teacher
    subs = [("English", "Mrs Patel"), ("Maths", "Mr Doyle"), ("Science", "Dr Ng"), ("History", "Ms Fitz"),
            ("Geography", "Mr Kerr"), ("French", "Mme Roux"), ("Art", "Ms Lowe"), ("Computing", "Mr Baines")]
    rows = [["Year 10 - Autumn report - working-at grades (9-1)"], ["Teacher", "", ""] + [t for _, t in subs],
            ["UPN", "Surname", "Forename"] + [s for s, _ in subs] + ["Attendance %"]]
    for i in range(26):
        lvl = rng.uniform(2.5, 8)
        rows.append(["A%012d" % rng.randint(10 ** 10, 10 ** 12 - 1), LAST[i], rng.choice(FIRST)] +
                    [int(clamp(round(lvl + rng.gauss(0, 1.2)), 1, 9)) for _ in subs] +
                    ["%.1f" % rng.uniform(82, 100)])
    xl("year10_autumn_report_grades.xlsx", [("Year 10", rows)])
    add("year10_autumn_report_grades.xlsx", k, "refuse", None,
        "a school's report card export: one row per pupil, one column per school subject (English, Maths .. "
        "Computing) with the working-at grade 9-1, the subject teacher named in a row above: each pupil is "
        "graded once in each subject by that subject's teacher; the subjects are different things graded, the "
        "teachers never grade the same subject, so nothing is rated by two people",
        keywords=KW + [r"one rat", r"single", r"report", r"teacher"] + KW_ONE)

    # 44 a supermarket price comparison
    shops = ["Tesco", "Sainsbury's", "Asda", "Morrisons", "Aldi", "Lidl"]
    items = [("Semi-skimmed milk 4 pints", 1.45), ("Hovis wholemeal 800g", 1.35), ("Free range eggs x12", 3.10),
             ("Bananas (per kg)", 0.94), ("Heinz baked beans 415g", 1.40), ("PG Tips 240 bags", 6.50),
             ("Cathedral City 350g", 4.25), ("Chicken breast fillets 1kg", 6.99), ("Andrex 9 rolls", 5.50),
             ("Basmati rice 1kg", 2.15), ("Lurpak spreadable 500g", 5.25), ("Carrots 1kg", 0.55),
             ("Penne pasta 500g", 0.75), ("Cheddar mature 400g", 3.49), ("Orange juice 1L", 1.55)]
    rows = [["Product"] + shops + ["Cheapest"]]
    for nm, p in items:
        ps = [round(p * rng.uniform(0.78, 1.18), 2) for _ in shops]
        rows.append([nm] + ["\u00a3%.2f" % x for x in ps] + [shops[ps.index(min(ps))]])
    rows += [[], ["Prices checked online 02/06/2025; offers and loyalty prices excluded."]]
    write_txt("basket_price_comparison.csv", rows)
    add("basket_price_comparison.csv", k, "refuse", None,
        "a consumer group's shopping basket price comparison: one row per product, one column per supermarket "
        "with the shelf price ('\u00a31.45') and the cheapest shop, a footnote on when prices were checked: "
        "prices, not ratings; the supermarkets are not raters",
        keywords=KW + [r"price", r"currency|\u00a3", r"continuous", r"measurement"] + KW_ONE)

    # 45 election results by polling station
    cands = ["ADAMS, Ruth (Lab)", "BELL, Hugh (Con)", "CARR, Imogen (LD)", "DAVIES, Owen (Green)",
             "EVANS, Tom (Reform)"]
    rows = [["Hollins Ward by-election - 3 July 2025 - results by polling station"],
            ["Polling station", "Ballot box", "Electorate"] + cands + ["Rejected", "Turnout %"]]
    for i in range(12):
        el = rng.randint(900, 2600)
        to = rng.uniform(0.22, 0.41)
        vs = [int(el * to * w) for w in (rng.uniform(0.25, 0.4), rng.uniform(0.15, 0.3), rng.uniform(0.08, 0.2),
                                          rng.uniform(0.05, 0.12), rng.uniform(0.1, 0.2))]
        rows.append(["%s %s" % (rng.choice(["St Luke's Church Hall", "Hollins Primary School", "Scout Hut",
                                            "Community Centre", "Library", "Methodist Church"]), "ABCDEFGHIJKL"[i]),
                     "HW%02d" % (i + 1), el] + vs + [rng.randint(0, 9), "%.1f" % (100.0 * sum(vs) / el)])
    write_txt("byelection_results_by_station.csv", rows)
    add("byelection_results_by_station.csv", k, "refuse", None,
        "a council by-election's results by polling station: one row per station (ballot box), one column per "
        "candidate with the number of votes, electorate, rejected ballots and turnout: vote counts, not ratings; "
        "the candidates are not raters",
        keywords=KW + [r"votes?", r"count", r"election", r"continuous"] + KW_ONE)

    # 46 one seller's feedback list
    rows = [["Feedback", "Comment", "From", "Item", "Price", "When"]]
    cm = {"Positive": ["Fast dispatch, well packed. A+++", "Exactly as described, thanks!", "Great seller",
                       "Item as pictured, would buy again"],
          "Neutral": ["Took a while to arrive", "OK but box was dented"],
          "Negative": ["Not as described, missing charger", "Never arrived, seller unhelpful"]}
    for i in range(30):
        fb = rng.choices(["Positive", "Neutral", "Negative"], [88, 7, 5])[0]
        nm = rng.choice(FIRST).lower()
        rows.append([fb, rng.choice(cm[fb]), "%s***%s (%d)" % (nm[0], nm[-1], rng.randint(1, 900)),
                     rng.choice(["Nikon 50mm f/1.8D lens", "Lego 42115 Lamborghini - sealed",
                                 "Dyson V8 battery (genuine)", "Vintage Pyrex bowl set", "Kindle Paperwhite 10th gen",
                                 "Barbour jacket size M"]) + " (#%d)" % rng.randint(10 ** 11, 10 ** 12 - 1),
                     "\u00a3%.2f" % rng.uniform(8, 260), "Past %s" % rng.choice(["month", "6 months", "year"])])
    write_txt("seller_feedback_received.csv", rows)
    add("seller_feedback_received.csv", k, "refuse", None,
        "a marketplace seller's 'feedback received' list: one row per sale, the buyer's Positive / Neutral / "
        "Negative feedback with a comment, the masked buyer name, the item (with its listing number) and price: "
        "each buyer rates their own transaction once; no subject is rated by two raters",
        keywords=KW + [r"one rat", r"single", r"once", r"feedback"] + KW_ONE)

    # 47 regatta split times
    rows = [["Henley Women's Regatta - Aspirational Eights - Heat 3 - splits"],
            ["Lane", "Crew", "500 m", "1000 m", "1500 m", "2000 m (finish)", "Margin"]]
    crews = ["Tideway Scullers A", "Molesey BC", "Thames RC", "Durham ARC", "Bristol Ariel", "Agecroft RC"]
    res = []
    for ln, c in enumerate(crews, 1):
        sp = rng.uniform(97, 104)
        sp_ = [sp * 1.0, sp * 2.03, sp * 3.07, sp * 4.08]
        res.append((sp_[-1], ln, c, sp_))

    def mmss(x):
        return "%d:%05.2f" % (int(x // 60), x % 60)
    res.sort()
    for i, (fin, ln, c, sp_) in enumerate(res):
        rows.append([ln, c] + [mmss(x) for x in sp_] + ["" if i == 0 else "%.1f s" % (fin - res[0][0])])
    write_txt("regatta_heat_splits.csv", rows)
    add("regatta_heat_splits.csv", k, "refuse", None,
        "a rowing regatta heat's split times: one row per crew and lane, the elapsed time at 500, 1000, 1500 and "
        "2000 m ('1:41.27') and the margin to the winner: timings, no raters, no ratings",
        keywords=KW + [r"time", r"split", r"continuous", r"measurement"] + KW_ONE)


def main():
    common.main(18, (g_clinical, g_clinical2, g_judging, g_education, g_annotation, g_qa, g_social, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            common.fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
