#!/usr/bin/env python3
"""corpus 13: rating files of kinds in none of corpora 4 to 12, for `tapdesk inspect` (seeded).

Kinds: experiment and survey platforms (PsychoPy trial CSVs of several participants concatenated, with an
instructions row, practice trials and a participant who quit early; a Gorilla task export in long form with
BEGIN TASK / END TASK rows, audio events, continue buttons, the rating-scale zone and an 'END OF FILE' line;
a QuestionPro matrix export with 'Started' partial responses); clinical data standards and laboratories
(a CDISC SDTM QS domain with MADRS items from the site investigator and an independent central rater, derived
total records with QSDRVFL 'Y' and 'NOT DONE' items; a LabWare LIMS result table of a urinalysis dipstick
competency test with replicates, cancelled 'X' results re-entered, 'Trace' / '1+' pads and SG / pH; an EQA
provider's HIV rapid-test panel results with the sites in rows and an 'EXPECTED' row); annotation and
moderation (X Community Notes ratings with helpfulnessLevel and 0/1 reason tags, an ELAN tab-delimited export
without a header and with a speech tier, WordNet sense keys 'bank%1:14:00::' with 'U' and an adjudicated
sense, a fact-check desk's editor votes in long form with 'Pants on Fire', ToBI pitch accents 'L+H*' / '!H*'
and break indices per word, a subreddit moderator team's rule votes beside the report reasons); clinical
(an NIHSS certification workbook with items '1a' .. '11' under fill-down video names, Total rows, 'UN' and an
answer key; Neer parts '2-part' spelled '2 part' by one surgeon; Bosniak 'IIF' in ODS; GRADE certainty
'⊕⊕◯◯ LOW' written three ways with footnotes; ISNCSCI neurological level 'C5' and AIS grade per examiner
beside motor scores; ADOS-2 item codes with a legend where 8 = not applicable; MITI behaviour codes per
therapist utterance beside client turns and a master code; the Berg Balance Scale on one sheet per
physiotherapist with a summary sheet; Banff lesion scores and diagnostic category per pathologist in long
form; Chinese tongue diagnosis in Big5; Vietnamese dengue classification in cp1258 with combining tone
marks); judging and arts (BBFC-style classifications 'U' / 'PG' / '12A' / '15' / '18', a literary prize
longlist vote with 'COI' cells and vote totals, breaking battle votes Red / Blue per round, a mathematics
olympiad's double marking under merged problem headers with agreed marks, coin grades 'MS-63' and 'MS63');
quality inspection (IPC-A-610 solder joint calls beside an AOI call and a notes block, gemstone colour and
clarity in ODS beside a lab report); field science (a Field Book database export with two scorers, a
location with a semicolon, heights and dates; OIV ampelographic codes 1/3/5/7/9 per descriptor; Braun-
Blanquet cover 'r' / '+' / '2m' per relevé and species with a metadata block; Munsell colours '10YR 3/2' of
contexts '(1043)'; avalanche danger sublevels '3-' / '3=' / '3+' from blind forecasts); statistics files
(an SPSS file with the judges as cases, a Stata file with labelled cause-of-death codes and _merge); file
habits (an Excel PivotTable 'Max of' layout with Grand Totals before its data sheet, an HTML table saved as
.xls, Excel 2003 XML, a table in a Word .docx, a Fleiss subject x category count table, three header rows
joint > sonographer > GS/PD); files to refuse (a reader background questionnaire, a pairwise kappa matrix,
a kappa sample-size table, an ActiGraph epoch file, a laboratory inventory, IRT item parameters).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ13_SEED (default 20261205).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (visit and item, sample and
pad, word and tier, video and item, outcome, level, joint and modality, plot and trait, accession and
descriptor, relevé and species, date and region, round, problem, attribute, competency); the runner matches
renamed subjects by content. xlsx/ods/docx files are written with fixed zip and document timestamps and
.sav/.dta with a fixed creation time, so that re-running gives the same bytes.
Needs openpyxl, pandas, pyreadstat and odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import html
import os
import string
import sys
import unicodedata
import zipfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_LAYOUT, KW_ONE, KW_SHEET, mat, ordmat, P, rand_id,
                    rdi, reading, uniq, write_ods, write_txt, write_xlsx, write_xlsx2, cell, sav, dta,
                    FIRST)  # noqa: E402

rng = common.init(13, 20261205)
TRUTH = common.TRUTH
HEX = "0123456789abcdef"
LOWER = string.ascii_lowercase + string.digits


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def col_letter(n):
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def transposed(rd):
    return [[r, s, v] for s, r, v in rd]


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


# ================================================================== A. experiment and survey platforms
def g_experiments():
    k = "experiment-survey"
    # 1 PsychoPy trial CSVs concatenated
    races = ["AF", "AM", "BF", "BM", "LF", "LM", "WF", "WM"]
    faces = uniq("faces/CFD-%s-%03d-001-N.jpg" % (rng.choice(races), rng.randint(200, 260)) for _ in range(40))[:24]
    assert len(faces) == 24
    parts = ["P%02d" % i for i in range(1, 10)]
    lv = [str(i) for i in range(1, 8)]
    M = ordmat(faces, parts, lv, [6, 12, 18, 24, 20, 13, 7], p_off=0.55)
    prac = ["practice/prac_%d.jpg" % i for i in (1, 2, 3)]
    PR = {p: {r: rng.choice(lv) for r in parts} for p in prac}
    quit_ = "P07"
    head = ["practice.thisRepN", "practice.thisTrialN", "practice.thisN", "practice.thisIndex", "trials.thisRepN",
            "trials.thisTrialN", "trials.thisN", "trials.thisIndex", "face_file", "instr_resp.keys", "instr_resp.rt",
            "slider.response", "slider.rt", "participant", "session", "date", "expName", "psychopyVersion",
            "frameRate"]
    rows = [head]
    for n, r in enumerate(parts):
        d = dt.datetime(2025, 3, 10, 9, 0) + dt.timedelta(days=n // 3, minutes=rng.randint(0, 400))
        info = [r, "001", d.strftime("%Y-%m-%d_%Hh%M.%S") + ".%03d" % rng.randint(0, 999), "face_trust", "2023.2.3",
                "%.3f" % rng.uniform(59.9, 60.1)]
        rows.append([""] * 9 + ["space", "%.4f" % rng.uniform(3, 40), "", ""] + info)
        for i, p in enumerate(prac):
            rows.append([0, i, i, i, "", "", "", "", p, "", "", PR[p][r], "%.4f" % rng.uniform(0.8, 6)] + info)
        order = list(range(len(faces)))
        rng.shuffle(order)
        if r == quit_:
            for j in order[10:]:
                M[faces[j]][r] = None
            order = order[:10]
        for t, j in enumerate(order):
            f = faces[j]
            rows.append(["", "", "", "", 0, t, t, j, f, "", "", M[f][r], "%.4f" % rng.uniform(0.7, 7)] + info)
        if r != quit_:
            rows.append([""] * 13 + info)
    write_txt("psychopy_face_trust_allparticipants.csv", rows)
    rd = reading(faces, parts, M)
    add("psychopy_face_trust_allparticipants.csv", k, "import", rd,
        "PsychoPy Builder data files of 9 participants concatenated (one header): each participant rates 24 face "
        "photos for trustworthiness on a 1-7 slider (slider.response; subject = face_file, rater = participant); "
        "the first row of each participant is the instructions routine (only instr_resp.*), then 3 practice "
        "trials (practice.* loop columns, practice images: not part of the study), then the trials loop; P07 "
        "pressed escape after 10 trials (their ratings so far count); loop counters, reaction times, date, "
        "expName and frameRate are not ratings; reading the practice trials as subjects is acceptable only if said",
        keywords=[r"practice"],
        alts=[alt(rd + [[p, r, PR[p][r]] for p in prac for r in parts], must_note=True, label="practice included")])

    # 2 Gorilla task export, long, with event rows
    l1s = ["Mandarin", "Spanish", "Arabic", "Hindi", "Polish", "English", "Yoruba", "Japanese", "Portuguese",
           "English"]
    sent = {1: "The bus leaves from the corner of the street.",
            2: "Please call Stella, ask her to bring these things with her from the store."}
    clips, strength, meta = [], {}, {}
    for i, l1 in enumerate(l1s, 1):
        base = 1 if l1 == "English" else rng.randint(3, 8)
        for s in (1, 2):
            c = "spk%02d_s%d.wav" % (i, s)
            clips.append(c)
            strength[c] = base
            meta[c] = (l1, sent[s])
    pids = [str(x) for x in uniq(rng.randint(3000000, 3999999) for _ in range(12))[:8]]
    pubs = {p: rand_id(24, HEX) for p in pids}
    M = {c: {p: str(clamp(strength[c] + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2]), 1, 9)) for p in pids}
         for c in clips}
    cols = ["Event Index", "UTC Timestamp", "UTC Date", "Local Timestamp", "Local Timezone", "Local Date",
            "Experiment ID", "Experiment Version", "Tree Node Key", "Repeat Key", "Schedule ID",
            "Participant Public ID", "Participant Private ID", "Participant Starting Group", "Participant Status",
            "Participant Completion Code", "Participant External Session ID", "Participant Device Type",
            "Participant Device", "Participant OS", "Participant Browser", "Participant Monitor Size",
            "Participant Viewport Size", "Checkpoint", "Task Name", "Task Version", "Spreadsheet",
            "Spreadsheet Row", "Trial Number", "Screen Number", "Screen Name", "Zone Name", "Zone Type",
            "Reaction Time", "Response", "Attempt", "Correct", "Incorrect", "Dishonest", "X Coordinate",
            "Y Coordinate", "Timed Out", "display", "audio", "speaker_L1", "sentence"]
    rows = [cols]
    for p in pids:
        t = dt.datetime(2025, 4, 7, 8) + dt.timedelta(minutes=rng.randint(0, 5000))
        sched = str(rng.randint(10000000, 99999999))
        osb = rng.choice([("Windows 10", "Chrome 123.0.0.0"), ("Mac OS 10.15.7", "Safari 17.3"),
                          ("Windows 10", "Edge 123.0.0.0")])
        fixed = dict(zip(cols[6:28], ["71843", "7", "task-b8q4", "", sched, pubs[p], p, "", "complete", "", "",
                                      "computer", "Desktop or Laptop", osb[0], osb[1], "1920x1080", "1903x961", "",
                                      "Accent rating", "4", "clips_v2", ""]))
        ev = [0]

        def row(**f):
            nonlocal t
            ev[0] += 1
            t = t + dt.timedelta(milliseconds=rng.randint(300, 9000))
            ms = int((t - dt.datetime(1970, 1, 1)).total_seconds() * 1000)
            base = {"Event Index": ev[0], "UTC Timestamp": ms, "UTC Date": t.strftime("%d/%m/%Y %H:%M:%S"),
                    "Local Timestamp": ms + 3600000, "Local Timezone": "1",
                    "Local Date": (t + dt.timedelta(hours=1)).strftime("%d/%m/%Y %H:%M:%S")}
            base.update(fixed)
            base.update(f)
            rows.append([base.get(c, "") for c in cols])

        row(**{"Trial Number": "BEGIN TASK"})
        row(**{"Trial Number": 1, "Screen Number": 1, "Screen Name": "Instructions", "Zone Name": "Zone2",
               "Zone Type": "continue_button", "Reaction Time": "%.1f" % rng.uniform(4000, 30000), "Attempt": 1,
               "display": "instructions", "Spreadsheet Row": 1})
        order = list(clips)
        rng.shuffle(order)
        for n, c in enumerate(order):
            sr = clips.index(c) + 2
            tr = {"Trial Number": n + 2, "Spreadsheet Row": sr, "display": "trial", "audio": c,
                  "speaker_L1": meta[c][0], "sentence": meta[c][1]}
            row(**tr, **{"Screen Number": 1, "Screen Name": "Listen", "Zone Name": "audio",
                         "Zone Type": "content_web_audio", "Response": "AUDIO PLAY REQUESTED"})
            row(**tr, **{"Screen Number": 1, "Screen Name": "Listen", "Zone Name": "audio",
                         "Zone Type": "content_web_audio", "Response": "AUDIO STARTED"})
            row(**tr, **{"Screen Number": 2, "Screen Name": "Rate", "Zone Name": "accent",
                         "Zone Type": "response_rating_scale_likert", "Reaction Time": "%.1f" % rng.uniform(900, 8000),
                         "Response": M[c][p], "Attempt": 1})
            row(**tr, **{"Screen Number": 2, "Screen Name": "Rate", "Zone Name": "next",
                         "Zone Type": "continue_button", "Reaction Time": "%.1f" % rng.uniform(1000, 9000),
                         "Attempt": 1})
        row(**{"Trial Number": "END TASK"})
    rows.append(["END OF FILE"])
    write_txt("gorilla_accent_rating_task.csv", rows)
    add("gorilla_accent_rating_task.csv", k, "import", reading(clips, pids, M),
        "Gorilla task export (long, one row per event): 8 listeners rate the accent strength of 20 speech clips "
        "1-9 (1 = no foreign accent); the rating is Response on the rows whose Zone Type is "
        "response_rating_scale_likert; subject = audio (the spreadsheet column), rater = Participant Private ID "
        "(the Public ID is the same person); BEGIN TASK / END TASK rows, the instructions and continue_button "
        "rows, the 'AUDIO PLAY REQUESTED' / 'AUDIO STARTED' events and the closing 'END OF FILE' line are not "
        "ratings", keywords=[r"zone type", r"likert", r"end of file", r"audio"])

    # 3 QuestionPro matrix export with partial responses
    photos = ["Photo %02d" % i for i in range(1, 16)]
    lv = ["Excellent", "Good", "Acceptable", "Poor", "Unusable"]
    names = rng.sample(FIRST, 10)
    M = ordmat(photos, names, lv, [15, 30, 25, 20, 10], p_off=0.4)
    partial = {names[3]: 6, names[8]: 9}
    for r, n in partial.items():
        for ph in photos[n:]:
            M[ph][r] = None
    q = "Rate the diagnostic quality of each photo - "
    rows = [["Response ID", "IP Address", "Timestamp (mm/dd/yyyy)", "Duplicate", "Time Taken to Complete (Seconds)",
             "Response Status", "Seq. Number", "External Reference", "Custom Variable 1", "Custom Variable 2",
             "Custom Variable 3", "Custom Variable 4", "Custom Variable 5", "Respondent Email", "Email List",
             "Country Code", "Region", "Your name"] + [q + ph for ph in photos] + ["Any comments?"]]
    t = dt.datetime(2025, 5, 12, 9)
    for i, r in enumerate(names):
        t += dt.timedelta(minutes=rng.randint(20, 600), seconds=rng.randint(0, 59))
        st = "Started" if r in partial else "Completed"
        rows.append([str(rng.randint(100000000, 199999999)), "86.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255),
                                                                             rng.randint(1, 254)),
                     "%d/%d/%d %s" % (t.month, t.day, t.year, t.strftime("%H:%M:%S")), "false",
                     rng.randint(90, 900) if st == "Completed" else "", st, i + 1, "", "", "", "", "", "", "", "",
                     "GB", rng.choice(["England", "Scotland", "Wales"]), r] + [M[ph][r] or "" for ph in photos] +
                    [rng.choice(["", "", "Photo 7 is blurred", "good set"]) if st == "Completed" else ""])
    write_txt("questionpro_photo_quality_matrix.csv", rows, bom=True)
    rd = reading(photos, names, M)
    rdp = reading(photos, names, M, skip_r=list(partial))
    add("questionpro_photo_quality_matrix.csv", k, "import", rd,
        "QuestionPro raw data export (UTF-8 BOM): one row per respondent with Response ID, IP, Duplicate, time "
        "taken, Response Status, empty custom variables and e-mail columns, 'Your name' and a matrix question "
        "with one column per photo (Excellent .. Unusable); two respondents have status 'Started' (they stopped "
        "after 6 and 9 photos: their answers so far are ratings; leaving them out is acceptable too); subjects "
        "are the photo columns, raters the respondents", keywords=KW_LAYOUT,
        alts=[alt(rdp, label="partial responses left out"),
              alt(transposed(rd), must_note=True, label="transposed"),
              alt(transposed(rdp), must_note=True, label="transposed, partial left out")])


# ================================================================== B. clinical data standards and laboratories
def g_edc_lab():
    k = "edc-lims"
    # 4 CDISC SDTM QS: MADRS by site investigator and independent central rater
    items = [("MADRS01", "Apparent Sadness"), ("MADRS02", "Reported Sadness"), ("MADRS03", "Inner Tension"),
             ("MADRS04", "Reduced Sleep"), ("MADRS05", "Reduced Appetite"), ("MADRS06", "Concentration Difficulties"),
             ("MADRS07", "Lassitude"), ("MADRS08", "Inability to Feel"), ("MADRS09", "Pessimistic Thoughts"),
             ("MADRS10", "Suicidal Thoughts")]
    subs = uniq("NVX-301-%03d-%03d" % (rng.choice([101, 104, 117]), rng.randint(1, 40)) for _ in range(18))[:14]
    visits = [(2, "BASELINE", 0), (8, "WEEK 6", 42)]
    evals = ["INVESTIGATOR", "INDEPENDENT ASSESSOR"]
    S, M = [], {}
    for u in subs:
        for vn, vis, dy in visits:
            for cd, _ in items:
                s = (u, vis, cd)
                S.append(s)
                tr = rng.randint(2, 5) if vn == 2 else rng.randint(0, 4)
                if cd == "MADRS10":
                    tr = rng.choice([0, 0, 1, 1, 2])
                M[s] = {e: str(clamp(tr + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, 6)) for e in evals}
    for s in rng.sample(S, 3):
        M[s]["INVESTIGATOR"] = None
    rows = [["STUDYID", "DOMAIN", "USUBJID", "QSSEQ", "QSTESTCD", "QSTEST", "QSCAT", "QSORRES", "QSSTRESC",
             "QSSTRESN", "QSSTAT", "QSREASND", "QSDRVFL", "QSEVAL", "VISITNUM", "VISIT", "QSDTC", "QSDY"]]
    for u in subs:
        seq = 0
        start = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 60))
        for e in evals:
            for vn, vis, dy in visits:
                d = start + dt.timedelta(days=dy + (rng.randint(0, 1) if e != "INVESTIGATOR" else 0))
                tot = 0
                for cd, name in items:
                    v = M[(u, vis, cd)][e]
                    seq += 1
                    if v is None:
                        rows.append(["NVX-301", "QS", u, seq, cd, name, "MADRS", "", "", "", "NOT DONE", "NOT ASKED",
                                     "", e, vn, vis, d.isoformat(), dy + 1])
                    else:
                        tot += int(v)
                        rows.append(["NVX-301", "QS", u, seq, cd, name, "MADRS", v, v, v, "", "", "", e, vn, vis,
                                     d.isoformat(), dy + 1])
                seq += 1
                rows.append(["NVX-301", "QS", u, seq, "MADRSTOT", "MADRS Total Score", "MADRS", "", str(tot), tot, "",
                             "", "Y", e, vn, vis, d.isoformat(), dy + 1])
    write_txt("sdtm_qs_madrs_site_vs_central.csv", rows)
    add("sdtm_qs_madrs_site_vs_central.csv", k, "import", rdi(S, evals, M),
        "CDISC SDTM QS domain as CSV: MADRS items MADRS01-MADRS10 (0-6) scored at baseline and week 6 by the "
        "site investigator and by an independent central rater from the recorded interview (QSEVAL); one row per "
        "item; subject = USUBJID + VISIT + QSTESTCD, raters = the two QSEVAL values; the MADRSTOT rows are "
        "derived totals (QSDRVFL 'Y', QSORRES empty, 0-60), not an item; 3 items 'NOT DONE' are missing; QSSEQ, "
        "QSDY and dates are not ratings", keywords=[r"madrstot", r"total", r"qsdrvfl", r"derived", r"not done"])

    # 5 LabWare LIMS result table: urinalysis dipstick competency test
    pads = [("PROTEIN", ["Negative", "Trace", "1+", "2+", "3+"], [30, 20, 20, 18, 12]),
            ("GLUCOSE", ["Negative", "Trace", "1+", "2+", "3+", "4+"], [35, 12, 14, 14, 13, 12]),
            ("BLOOD", ["Negative", "Trace", "1+", "2+", "3+"], [30, 20, 20, 18, 12]),
            ("LEUKOCYTES", ["Negative", "Trace", "1+", "2+", "3+"], [35, 20, 18, 15, 12]),
            ("NITRITE", ["Negative", "Positive"], [65, 35]),
            ("SPECIFIC_GRAVITY", ["1.005", "1.010", "1.015", "1.020", "1.025", "1.030"], [10, 20, 25, 22, 15, 8]),
            ("PH", ["5.0", "5.5", "6.0", "6.5", "7.0", "7.5", "8.0"], [10, 15, 22, 20, 15, 10, 8])]
    samples = ["UA-CMP-25-%02d" % i for i in range(1, 13)]
    techs = ["JSMITH", "AKUMAR", "LNGUYEN", "MOKAFOR", "TBERG"]
    S = [(s, pd) for s in samples for pd, _, _ in pads]
    M = {}
    for pd, lv, w in pads:
        M.update(ordmat([(s, pd) for s in samples], techs, lv, w, p_off=0.3))
    cancelled = rng.sample([(s, t) for s in samples[:9] for t in techs], 3)
    rows = [["SAMPLE_NUMBER", "TEXT_ID", "ANALYSIS", "REPLICATE_COUNT", "NAME", "FORMATTED_ENTRY", "UNITS", "STATUS",
             "ENTERED_BY", "ENTERED_ON", "REVIEWED_BY"]]
    for i, s in enumerate(samples):
        sn = 104230 + 7 * i
        rep = 0
        for t in techs:
            when_ = dt.datetime(2025, 3, 17, 8) + dt.timedelta(days=i // 4, minutes=rng.randint(0, 480),
                                                               seconds=rng.randint(0, 59))
            passes = [True, False] if (s, t) in cancelled else [False]
            for cx in passes:
                rep += 1
                st = "X" if cx else ("E" if i >= 10 else "A")
                for pd, lv, _ in pads:
                    v = rng.choice(lv) if cx else M[(s, pd)][t]
                    rows.append([sn, s, "UA_DIPSTICK", rep, pd, v, "" if pd != "PH" else "pH", st, t,
                                 when_.strftime("%d-%b-%Y %H:%M:%S").upper(), "QA_SUPER" if st == "A" else ""])
                when_ += dt.timedelta(minutes=rng.randint(5, 40), seconds=rng.randint(0, 59))
    write_txt("labware_urinalysis_competency.csv", rows)
    add("labware_urinalysis_competency.csv", k, "import", rdi(S, techs, M),
        "LabWare LIMS result export of a urinalysis competency test: 5 technicians (ENTERED_BY) read the same 12 "
        "QC urine samples on dipsticks; one row per pad (NAME) and replicate; subject = TEXT_ID + pad, rater = "
        "ENTERED_BY, rating = FORMATTED_ENTRY (Negative / Trace / 1+ .. 4+, Positive, SG 1.005-1.030, pH "
        "5.0-8.0); three replicates have STATUS 'X' (cancelled: the wrong sample was scanned) and were re-entered "
        "by the same technician: the cancelled results are not ratings; 'E' (entered, not yet reviewed) results "
        "count; leaving out the numeric SG and pH pads is acceptable",
        keywords=[r"status", r"cancel", r"'x'", r"replicate"],
        alts=[alt(rdi([s for s in S if s[1] not in ("SPECIFIC_GRAVITY", "PH")], techs, M),
                  label="SG and pH left out")])

    # 6 EQA provider: HIV rapid test panel, sites in rows, an EXPECTED row
    specs = ["PT-25A-%02d" % i for i in range(1, 11)]
    truth = {s: rng.choice(["Reactive", "Non-reactive"]) for s in specs}
    sites = uniq("KE-%s-%03d" % (rng.choice(["NRB", "MSA", "KSM", "NKR"]), rng.randint(1, 120)) for _ in range(22))[:16]
    M = {}
    for s in specs:
        M[s] = {}
        for x in sites:
            u = rng.random()
            M[s][x] = truth[s] if u < 0.88 else ("Invalid" if u < 0.93 else
                                                 ("Non-reactive" if truth[s] == "Reactive" else "Reactive"))
    for s, x in rng.sample([(s, x) for s in specs for x in sites], 4):
        M[s][x] = None
    rows = [["Site code", "Testing point", "Date tested", "Kit lot (test 1)", "Tester"] + specs +
            ["Score (%)", "Satisfactory"],
            ["EXPECTED", "Reference result", "", "", ""] + [truth[s] for s in specs] + ["", ""]]
    for x in sites:
        ok = sum(M[s][x] == truth[s] for s in specs)
        rows.append([x, rng.choice(["ANC clinic", "VCT", "OPD", "Laboratory", "PMTCT"]),
                     "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(2, 3)),
                     "DT%d%04d" % (rng.randint(1, 3), rng.randint(1000, 9999)), rand_id(2, string.ascii_uppercase)]
                    + [M[s][x] or "" for s in specs] + [round(100 * ok / len(specs)), "Yes" if ok >= 8 else "No"])
    write_txt("eqa_hiv_rapid_panel_results.csv", rows)
    rd = reading(specs, sites, M)
    add("eqa_hiv_rapid_panel_results.csv", k, "import", rd,
        "an external quality assessment provider's results for one proficiency panel: 16 HIV testing sites (rows) "
        "each test the same 10 dried-tube specimens (columns) and report Reactive / Non-reactive / Invalid (a "
        "blank = not tested); the first data row 'EXPECTED' holds the reference results, not a site; Score (%), "
        "Satisfactory, kit lot and tester initials are not ratings; subjects = specimens, raters = sites",
        keywords=KW_LAYOUT + [r"expected", r"reference"],
        alts=[alt(transposed(rd), must_note=True, label="transposed")])
    TRUTH["eqa_hiv_rapid_panel_results.csv"]["wrong_keywords"] = [r"expected", r"reference"]


# ================================================================== C. annotation and moderation
def g_annotation():
    k = "annotation-moderation"
    # 7 X Community Notes ratings TSV
    notes = [str(rng.randint(1700000000000000000, 1899999999999999999)) for _ in range(22)]
    raters = [rand_id(64, "0123456789ABCDEF") for _ in range(14)]
    lv = ["HELPFUL", "SOMEWHAT_HELPFUL", "NOT_HELPFUL"]
    M = {}
    for i, nt in enumerate(notes):
        q = rng.choices(range(3), [35, 25, 40])[0]
        chosen = [raters[i % len(raters)]] + rng.sample([r for r in raters if r != raters[i % len(raters)]],
                                                        rng.randint(3, 6))
        M[nt] = {r: None for r in raters}
        for r in chosen:
            M[nt][r] = lv[clamp(q + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, 2)]
    htags = ["helpfulOther", "helpfulInformative", "helpfulClear", "helpfulEmpathetic", "helpfulGoodSources",
             "helpfulUniqueContext", "helpfulAddressesClaim", "helpfulImportantContext", "helpfulUnbiasedLanguage"]
    ntags = ["notHelpfulOther", "notHelpfulIncorrect", "notHelpfulSourcesMissingOrUnreliable",
             "notHelpfulOpinionSpeculationOrBias", "notHelpfulMissingKeyPoints", "notHelpfulOutdated",
             "notHelpfulHardToUnderstand", "notHelpfulArgumentativeOrBiased", "notHelpfulOffTopic",
             "notHelpfulSpamHarassmentOrAbuse", "notHelpfulIrrelevantSources", "notHelpfulOpinionSpeculation",
             "notHelpfulNoteNotNeeded"]
    head = ["noteId", "raterParticipantId", "createdAtMillis", "version", "agree", "disagree", "helpful", "notHelpful",
            "helpfulnessLevel"] + htags + ntags + ["ratedOnTweetId"]
    tweet = {nt: str(rng.randint(1700000000000000000, 1899999999999999999)) for nt in notes}
    recs = []
    t0 = 1714000000000
    for nt in notes:
        for r in raters:
            v = M[nt][r]
            if v is None:
                continue
            tags = {}
            pool = htags if v != "NOT_HELPFUL" else ntags
            for tg in rng.sample(pool[1:], rng.randint(1, 3)):
                tags[tg] = 1
            if v == "SOMEWHAT_HELPFUL" and rng.random() < 0.4:
                tags[rng.choice(ntags[1:6])] = 1
            recs.append([nt, r, t0 + rng.randint(0, 9 * 86400000), 2, 0, 0, 0, 0, v] +
                        [tags.get(tg, 0) for tg in htags + ntags] + [tweet[nt]])
    recs.sort(key=lambda x: x[2])
    write_txt("community_notes_ratings-00000.tsv", [head] + recs, delim="\t")
    add("community_notes_ratings-00000.tsv", k, "import", reading(notes, raters, M),
        "X (Twitter) Community Notes public ratings file (TSV): one row per note and rater; noteId (19-digit, an "
        "id) = subject, raterParticipantId (64 hex) = rater, helpfulnessLevel HELPFUL / SOMEWHAT_HELPFUL / "
        "NOT_HELPFUL = rating; each note rated by 4-7 of 14 raters; the 22 helpful*/notHelpful* columns are 0/1 "
        "reason tags, and version, agree, disagree, helpful, notHelpful are legacy fields (constant), "
        "createdAtMillis a time stamp, ratedOnTweetId the post",
        keywords=[r"nothelpful", r"helpful\w+", r"reason", r"tag"])

    # 8 ELAN tab-delimited export without a header
    units, t = [], 0.8
    for i in range(30):
        t += rng.uniform(0.3, 3.0)
        d = rng.uniform(0.4, 2.4)
        units.append((round(t, 3), round(t + d, 3)))
        t += d
    cats = ["iconic", "metaphoric", "deictic", "beat", "emblem"]
    R = ["Gesture-AR", "Gesture-KL"]
    M = {}
    for u in units:
        tr = rng.choices(cats, [25, 15, 25, 30, 5])[0]
        M[u] = {r: tr if rng.random() < 0.75 else rng.choice(cats) for r in R}
    for u in rng.sample(units, 2):
        M[u]["Gesture-KL"] = None

    def hms(x):
        ms = int(round(x * 1000))
        return "%02d:%02d:%02d.%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)

    words = ("so he goes up the drainpipe and then the cat sees the bird right and it climbs the pipe inside and "
             "the granny throws him out with the umbrella he rolls down the street into the bowling alley").split()
    lines = []
    w, tt = 0, 0.6
    while tt < units[-1][1] and w < 400:
        d = rng.uniform(0.15, 0.6)
        lines.append(("Speech", tt, tt + d, words[w % len(words)]))
        tt += d + rng.uniform(0.02, 0.3)
        w += 1
    for r in R:
        for u in units:
            if M[u][r]:
                lines.append((r, u[0], u[1], M[u][r]))
    text = "".join("%s\t%s\t%.3f\t%s\t%.3f\t%s\t%.3f\t%s\n" % (tier, hms(b), b, hms(e), e, hms(e - b), e - b, a)
                   for tier, b, e, a in lines)
    write_txt("elan_gesture_coding_export.txt", text=text)
    names = {u: hms(u[0]) for u in units}
    add("elan_gesture_coding_export.txt", k, "import",
        [[names[u], r, M[u][r]] for u in units for r in R if M[u][r]],
        "ELAN 'Export as tab-delimited text' (no header line): tier, begin (hh:mm:ss.ms and seconds), end, "
        "duration, annotation; two coders each classify the same 30 gesture strokes (segments copied from one "
        "tier, so begin and end agree exactly) as iconic / metaphoric / deictic / beat / emblem on their tiers "
        "Gesture-AR and Gesture-KL (KL skipped 2); subject = the segment (its begin time), rater = tier; the "
        "Speech tier holds the transcribed words at other times, not ratings",
        keywords=[r"speech", r"tier"])

    # 9 WordNet sense tagging
    lex = {"bank": ("n", ["bank%1:14:00::", "bank%1:17:01::", "bank%1:04:00::"]),
           "interest": ("n", ["interest%1:09:00::", "interest%1:21:00::", "interest%1:04:01::"]),
           "line": ("n", ["line%1:04:01::", "line%1:10:02::", "line%1:14:01::"]),
           "serve": ("v", ["serve%2:33:00::", "serve%2:41:03::", "serve%2:34:00::"]),
           "hard": ("a", ["hard%3:00:01::", "hard%5:00:00:difficult:00", "hard%5:00:00:severe:00"]),
           "plant": ("n", ["plant%1:03:00::", "plant%1:06:01::"])}
    frames = {"bank": ["She deposited the cheque at the <head>bank</head> on Friday.",
                       "They had a picnic on the grassy <head>bank</head> of the river.",
                       "The pilot put the plane into a steep <head>bank</head>."],
              "interest": ["He showed little <head>interest</head> in politics.",
                           "The loan carries 4% <head>interest</head> a year.", "Her main <head>interest</head> is sailing."],
              "line": ["Drop me a <head>line</head> when you arrive.", "Stand in <head>line</head> like everyone else.",
                       "A new product <head>line</head> launches in May."],
              "serve": ["She <head>served</head> on the committee for years.", "Dinner is <head>served</head> at eight.",
                        "He <head>served</head> two years in the navy."],
              "hard": ["The exam was <head>hard</head>, everyone said so.", "A <head>hard</head> winter killed the vines.",
                       "It was a <head>hard</head> decision for the board."],
              "plant": ["The <head>plant</head> needs water twice a week.", "The car <head>plant</head> employs 3,000 people."]}
    S, M, info = [], {}, {}
    R = ["ann_MS", "ann_TJ", "ann_RK"]
    for d in range(1, 4):
        for sn in range(rng.randint(8, 12)):
            lem = rng.choice(sorted(lex))
            iid = "d%03d.s%03d.t%03d" % (d, rng.randint(1, 90), rng.randint(1, 30))
            if iid in M:
                continue
            pos, keys = lex[lem]
            tk = rng.randrange(len(keys))
            S.append(iid)
            M[iid] = {}
            for r in R:
                u = rng.random()
                M[iid][r] = keys[tk] if u < 0.75 else ("U" if u < 0.82 else rng.choice(keys))
            info[iid] = (lem, pos, frames[lem][min(tk, len(frames[lem]) - 1)])
    rows = [["instance_id", "lemma", "pos", "context"] + R + ["adjudicated"]]
    for s in S:
        adj = mode([M[s][r] for r in R if M[s][r] != "U"] or ["U"])
        rows.append([s, info[s][0], info[s][1], info[s][2]] + [M[s][r] for r in R] + [adj])
    write_txt("wsd_wordnet_sense_tags.tsv", rows, delim="\t")
    add("wsd_wordnet_sense_tags.tsv", k, "import", reading(S, R, M),
        "word sense annotation: 3 annotators tag each target word (<head> in the context) with a WordNet 3.0 "
        "sense key ('bank%1:14:00::', 'hard%5:00:00:difficult:00') or 'U' (unassignable, a choice of its own); "
        "subject = instance_id; 'adjudicated' is the gold sense after adjudication, not an annotator; lemma, pos "
        "and context describe the instance", keywords=[r"adjudicated"])

    # 10 fact-check desk: editor votes, long, with the published rating
    claims = ["Says crime in the city has doubled since 2020.", "\"We have the lowest unemployment rate in 50 years.\"",
              "Says the new bridge cost taxpayers $2 billion, more than any bridge in state history.",
              "Wind turbines kill more birds than cats do.", "Says the governor cut school funding by 10%.",
              "\"Our state ranks first in the nation for job growth.\"", "Says a vaccine ingredient alters human DNA.",
              "Says property taxes went up every year under the mayor.", "Immigrants commit more crimes than citizens.",
              "Says the senator voted 14 times against veterans' benefits.", "Says tap water in the county is unsafe.",
              "\"Gas prices fell 30 cents after the tax holiday.\""]
    cats = ["True", "Mostly True", "Half True", "Mostly False", "False", "Pants on Fire!"]
    eds = ["K. Delgado", "R. Whitfield", "S. Amari", "T. Novak", "J. Okonkwo"]
    S = ["FC-2025-%04d" % i for i in sorted(rng.sample(range(100, 999), 20))]
    M = assigned_votes(S, eds, 3, cats)
    rows = [["claim_id", "claim", "speaker", "reporter", "editor", "vote", "published_rating", "vote_date"]]
    for s in S:
        pub = mode([M[s][e] for e in eds])
        c, sp, rp = rng.choice(claims), rng.choice(["State Sen. L. Marsh", "Gov. P. Ridley", "Facebook post",
                                                     "Rep. D. Chow", "Mayor A. Fenn", "Viral video"]), \
            rng.choice(["M. Iqbal", "E. Sorensen", "B. Lutz"])
        d = "2025-%02d-%02d" % (rng.randint(1, 6), rng.randint(1, 28))
        for e in eds:
            if M[s][e]:
                rows.append([s, c, sp, rp, e, M[s][e], pub, d])
    write_txt("factcheck_editor_votes_long.csv", rows)
    add("factcheck_editor_votes_long.csv", k, "import", reading(S, eds, M),
        "a fact-checking desk's rating votes, long: for each claim three of five editors vote a Truth-O-Meter "
        "style rating (True / Mostly True / Half True / Mostly False / False / 'Pants on Fire!'); subject = "
        "claim_id, rater = editor, rating = vote; published_rating (the majority) repeats per claim and is not a "
        "rater; the reporter who researched the claim is not a rater; claim texts have quotes and commas",
        keywords=[r"published", r"reporter"])

    # 11 ToBI accents and break indices per word
    utts = ["f1a_%s" % rand_id(4, LOWER) for _ in range(6)]
    text = ["wanted chief justice of the massachusetts supreme court", "in april the s j c s current leader",
            "edward hennessy reaches the mandatory retirement age", "of seventy and a successor is expected",
            "to be named in march it may be the most important appointment",
            "governor michael dukakis makes during the remainder of his term"]
    acc = ["none", "H*", "L+H*", "!H*", "L*", "L*+H", "H+!H*"]
    brk = ["0", "1", "2", "2p", "3", "4"]
    S, M = [], {}
    for u, tx in zip(utts, text):
        ws = tx.split()
        t = 0.12
        for i, wd in enumerate(ws):
            a = rng.choices(acc, [50, 24, 9, 8, 5, 2, 2])[0] if len(wd) > 2 else "none"
            b = "4" if i == len(ws) - 1 else rng.choices(brk, [5, 70, 5, 3, 15, 2])[0]
            sa, sb = (u, "%02d" % (i + 1), "accent"), (u, "%02d" % (i + 1), "break")
            S += [sa, sb]
            M[sa] = {r: (a if rng.random() < 0.8 else rng.choice(acc)) for r in "AB"}
            M[sb] = {r: (b if rng.random() < 0.85 else rng.choice(brk)) for r in "AB"}
            d = 0.08 * len(wd) + rng.uniform(0.05, 0.2)
            M[sa]["_t"] = (wd, t, t + d)
            t += d
    rows = [["file", "word_idx", "word", "start", "end", "accent_A", "accent_B", "break_A", "break_B"]]
    for s in S:
        if s[2] == "accent":
            wd, b, e = M[s]["_t"]
            sb = (s[0], s[1], "break")
            rows.append([s[0], s[1], wd, "%.3f" % b, "%.3f" % e, M[s]["A"], M[s]["B"], M[sb]["A"], M[sb]["B"]])
    write_txt("tobi_two_labellers.tsv", rows, delim="\t")
    add("tobi_two_labellers.tsv", k, "import", rdi(S, ["A", "B"], M),
        "ToBI prosodic labelling of radio-news utterances by two labellers, one row per word: pitch accent "
        "(none, H*, L+H*, !H*, L*, L*+H, H+!H*) and break index (0-4 with '2p') for labellers A and B; subject = "
        "file + word + tier (accent / break), raters A / B; word_idx repeats across files; start / end are "
        "times; reading only the accents or only the breaks is acceptable",
        keywords=[r"break", r"accent"],
        alts=[alt(rdi([s for s in S if s[2] == "accent"], ["A", "B"], M), label="accents only"),
              alt(rdi([s for s in S if s[2] == "break"], ["A", "B"], M), label="breaks only")])

    # 12 subreddit moderator rule votes
    S = uniq("t3_1%s" % rand_id(5, LOWER) for _ in range(30))[:26]
    mods = ["u/quietfern", "u/tidepool_mod", "u/Marrow42", "u/bluejayhalt"]
    rules = ["No violation", "R1 Civility", "R2 Self-promotion", "R3 Off-topic", "R5 Misinformation"]
    M = mat(S, mods, rules, acc=0.72, miss=0.12)
    titles = {"No violation": ["Is it worth upgrading from the 2019 model?", "Anyone else think the update broke "
                                "battery life?", "[Meta] Why was my post removed??"],
              "R1 Civility": ["You people are clueless, seriously", "Reply to the idiot in the other thread"],
              "R2 Self-promotion": ["My channel reviews every budget lens, link inside", "Selling my old gear, DM me"],
              "R3 Off-topic": ["What's your favourite hiking trail near Denver?", "Rate my cat"],
              "R5 Misinformation": ["Doctors don't want you to know this one trick", "The new firmware spies on you "
                                                                                      "(proof inside)"]}
    rows = [["Post", "Title", "Reports", "Report reasons"] + mods + ["Action", "Removal reason"]]
    for s in S:
        fin = mode([M[s][m] for m in mods])
        rep = rng.randint(1, 6)
        reasons = ", ".join("%s (%d)" % (x, rng.randint(1, 3)) for x in
                            rng.sample(["R1 Civility", "Spam", "R3 Off-topic", "R5 Misinformation", "Other"], 2))
        rows.append([s, rng.choice(titles[fin]), rep, reasons] + [M[s][m] or "" for m in mods] +
                    ["Approved" if fin == "No violation" else "Removed", "" if fin == "No violation" else fin])
    write_txt("modteam_rule_votes.csv", rows)
    add("modteam_rule_votes.csv", k, "import", reading(S, mods, M),
        "a subreddit moderator team's shared sheet (CSV from Google Sheets): for each reported post (t3_ id) 4 "
        "moderators each vote which rule it breaks ('No violation', 'R1 Civility' ...; a blank = did not vote); "
        "Reports (a count) and 'Report reasons' (users' reports 'R1 Civility (2), Spam (1)') come from users, "
        "Action and Removal reason are the team's decision; none of them is a moderator",
        keywords=[r"report", r"action", r"removal"])


def assigned_votes(S, pool, n, cats):
    """each subject voted on by n of pool; ordinal noise around a true category."""
    M = {}
    for i, s in enumerate(S):
        t = rng.choices(range(len(cats)), [12, 18, 20, 18, 20, 12])[0]
        first = pool[i % len(pool)]
        chosen = [first] + rng.sample([p for p in pool if p != first], n - 1)
        M[s] = {p: None for p in pool}
        for p in chosen:
            M[s][p] = cats[clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, len(cats) - 1)]
    return M


# ================================================================== D. clinical
def g_clinical():
    k = "clinical"
    # 13 NIHSS certification workbook
    items = [("1a", "Level of consciousness", 3), ("1b", "LOC questions", 2), ("1c", "LOC commands", 2),
             ("2", "Best gaze", 2), ("3", "Visual fields", 3), ("4", "Facial palsy", 3),
             ("5a", "Motor arm - left", 4), ("5b", "Motor arm - right", 4), ("6a", "Motor leg - left", 4),
             ("6b", "Motor leg - right", 4), ("7", "Limb ataxia", 2), ("8", "Sensory", 2),
             ("9", "Best language", 3), ("10", "Dysarthria", 2), ("11", "Extinction and inattention", 2)]
    vids = ["Patient %s" % c for c in "ABCDEF"]
    R = ["AB", "CK", "DM", "EF", "GH", "JP"]
    S, M, key = [], {}, {}
    for v in vids:
        sev = rng.uniform(0.05, 0.7)
        for code, _, mx in items:
            s = (v, code)
            S.append(s)
            kv = clamp(int(round(rng.random() * mx * sev * 1.6)), 0, mx)
            key[s] = str(kv)
            M[s] = {r: str(clamp(kv + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0), 0, mx)) for r in R}
    key[("Patient D", "5b")] = "UN"
    M[("Patient D", "5b")] = {r: "UN" for r in R}
    M[("Patient D", "5b")]["EF"] = "4"
    rows = [["NIHSS group certification - stroke unit, video session 12 March 2025"], [],
            ["Video", "Item", "Description"] + R + ["Answer key"]]
    for v in vids:
        for j, (code, name, _) in enumerate(items):
            s = (v, code)
            rows.append([v if j == 0 else None, cell(code), name] + [cell(M[s][r]) for r in R] + [cell(key[s])])
        rows.append([None, None, "Total"] + [sum(int(M[(v, c)][r]) for c, _, _ in items if M[(v, c)][r] != "UN")
                                             for r in R] +
                    [sum(int(key[(v, c)]) for c, _, _ in items if key[(v, c)] != "UN")])
    write_xlsx("nihss_certification_session.xlsx", [("Scores", rows)])
    rd = rdi(S, R, M)
    add("nihss_certification_session.xlsx", k, "import", rd,
        "NIH Stroke Scale group certification: 6 nurses (initials) score 6 patient videos item by item (1a, 1b, "
        "1c, 2, 3 .. 11; item codes typed as text '1a' and as numbers 2); the video name is written only on the "
        "first of its 15 rows (fill it down); a 'Total' row closes each video (a sum, not an item); the answer "
        "key of the certification is the reference, not a rater; 'UN' (untestable: amputation) is a code the "
        "scale defines (reading it as missing is acceptable); subject = video + item",
        keywords=[r"total", r"answer key", r"\bkey\b", r"fill"],
        alts=[alt([x for x in rd if x[2] != "UN"], label="UN as missing")])

    # 14 Neer classification with one surgeon writing '3 part'
    S = ["HUM-%03d" % i for i in sorted(rng.sample(range(1, 200), 30))]
    R = ["Surgeon 1", "Surgeon 2", "Surgeon 3", "Surgeon 4"]
    lv = ["1-part", "2-part", "3-part", "4-part"]
    M = ordmat(S, R, lv, [20, 35, 30, 15], p_off=0.4)
    rows = [["Case", "Age", "Sex", "Side", "CT available"] + R + ["CT-based consensus"]]
    for s in S:
        rows.append([s, rng.randint(48, 92), rng.choice(["F", "F", "M"]), rng.choice(["L", "R"]),
                     rng.choice(["Y", "N"])] + [M[s][r].replace("-", " ") if r == "Surgeon 3" else M[s][r] for r in R]
                    + [mode([M[s][r] for r in R])])
    write_txt("neer_proximal_humerus.csv", rows)
    add("neer_proximal_humerus.csv", k, "import", reading(S, R, M),
        "proximal humerus fractures classified by Neer (1-part .. 4-part) on plain radiographs by 4 surgeons; "
        "Surgeon 3 writes '3 part' where the others write '3-part' (the same category); the CT-based consensus "
        "is the reference, not a surgeon; age, sex, side and 'CT available' (Y/N) are not ratings",
        keywords=[r"consensus", r"ct available"], aliases={c: [c.replace("-", " ")] for c in lv})

    # 15 Bosniak in ODS
    S = ["RC-%02d" % i for i in range(1, 29)]
    R = ["Radiologist A", "Radiologist B", "Radiologist C"]
    lv = ["I", "II", "IIF", "III", "IV"]
    M = ordmat(S, R, lv, [25, 25, 20, 18, 12], p_off=0.4)
    rows = [["Bosniak v2019 reader study - contrast CT, readers blinded to outcome"],
            ["Cyst", "Patient", "Size (cm)"] + R + ["Outcome (pathology / follow-up)"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, "P%03d" % rng.randint(1, 400), round(rng.uniform(1.0, 7.5), 1)] + [M[s][r] for r in R] +
                    [rng.choice(["benign (stable 5 y)", "benign"]) if t < 3 else rng.choice(["malignant (RCC)",
                                                                                            "benign (resected)"])])
    rows += [[], ["IIF = follow-up recommended. Sizes from the axial nephrographic phase."]]
    write_ods("bosniak_reader_study.ods", [("Reads", rows)])
    add("bosniak_reader_study.ods", k, "import", reading(S, R, M),
        "renal cysts classified Bosniak I / II / IIF / III / IV (Roman numerals and 'IIF') by 3 radiologists in "
        "a LibreOffice sheet with a title line and a footnote line; size in cm is a measurement; the outcome from "
        "pathology or follow-up is the reference, not a reader", keywords=[r"outcome", r"size"])

    # 16 GRADE certainty written three ways, footnotes
    comps = ["Early vs delayed mobilisation", "Drug A vs placebo", "Tele-rehabilitation vs usual care",
             "High-flow vs standard oxygen"]
    outs = ["Mortality (90 days)", "Serious adverse events", "Quality of life (SF-36 PCS)", "Length of stay",
            "Readmission (30 days)", "Patient satisfaction"]
    lv = ["HIGH", "MODERATE", "LOW", "VERY LOW"]
    sym = {"HIGH": "⊕⊕⊕⊕", "MODERATE": "⊕⊕⊕◯", "LOW": "⊕⊕◯◯", "VERY LOW": "⊕◯◯◯"}
    R = ["Methodologist 1", "Methodologist 2", "Methodologist 3"]
    S = [(c, o) for c in comps for o in outs]
    M = ordmat(S, R, lv, [12, 33, 35, 20], p_off=0.35)
    spell = {R[0]: lambda v: "%s %s" % (sym[v], v), R[1]: lambda v: sym[v], R[2]: lambda v: v.capitalize()}
    rows = [["Summary of findings - certainty of evidence, independent assessments before the consensus call"],
            ["Comparison", "Outcome", "No. of studies", "Design"] + R + ["Agreed certainty", "Importance"]]
    for c, o in S:
        ag = mode([M[(c, o)][r] for r in R])
        rows.append([c, o, rng.randint(1, 14), rng.choice(["RCT", "RCT", "Observational"])] +
                    [spell[r](M[(c, o)][r]) for r in R] +
                    [("%s %s %s" % (sym[ag], ag, ",".join(sorted(rng.sample("abc", rng.randint(1, 2))))) if ag != "HIGH"
                      else "%s %s%s" % (sym[ag], ag, " d" if rng.random() < 0.3 else "")).strip(),
                     rng.choice(["CRITICAL", "IMPORTANT"])])
    rows += [[], ["a. Downgraded one level for risk of bias (no blinding of outcome assessors)."],
             ["b. Downgraded one level for imprecision (confidence interval includes no effect)."],
             ["c. Downgraded for inconsistency (I² = 72%)."], ["d. Upgraded for large effect."]]
    write_xlsx("grade_certainty_independent.xlsx", [("SoF certainty", rows)])
    al = {v: ["%s %s" % (sym[v], v), sym[v], v.capitalize(), v] for v in lv}
    add("grade_certainty_independent.xlsx", k, "import", rdi(S, R, M),
        "GRADE certainty of evidence rated independently by 3 methodologists per comparison and outcome: "
        "Methodologist 1 writes '⊕⊕◯◯ LOW', Methodologist 2 only the symbols '⊕⊕◯◯', Methodologist 3 the word "
        "'Low' (the same 4 levels High / Moderate / Low / Very low); subject = comparison + outcome; 'Agreed "
        "certainty' (with footnote letters) and Importance are not raters; the footnotes a-d below the table "
        "are not data", keywords=[r"agreed", r"importance", r"footnote"], aliases=al)

    # 17 ISNCSCI: neurological level and AIS grade per examiner, beside motor scores
    segs = ["C2", "C3", "C4", "C5", "C6", "C7", "C8", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9", "T10",
            "T11", "T12", "L1", "L2", "L3", "L4", "L5", "S1"]
    ais = ["A", "B", "C", "D", "E"]
    S = ["SCI-%03d" % i for i in sorted(rng.sample(range(1, 300), 22))]
    R = ["Examiner 1", "Examiner 2"]
    M = {}
    rows = [["Patient", "Exam date"] + sum([["%s NLI" % r, "%s AIS" % r, "%s UEMS" % r, "%s LEMS" % r] for r in R], [])]
    for s in S:
        nl = rng.randrange(len(segs) - 2)
        a = rng.choices(range(5), [30, 15, 20, 30, 5])[0]
        M[(s, "NLI")] = {r: segs[clamp(nl + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, len(segs) - 1)]
                         for r in R}
        M[(s, "AIS")] = {r: ais[clamp(a + (rng.choice([-1, 1]) if rng.random() < 0.2 else 0), 0, 4)] for r in R}
        row = [s, dt.datetime(2025, 2, 1) + dt.timedelta(days=rng.randint(0, 90))]
        for r in R:
            ue = 50 if nl > 7 else clamp(int(nl * 6 + rng.randint(-3, 3)), 0, 50)
            le = clamp({0: 0, 1: 2, 2: 15, 3: 38, 4: 50}[ais.index(M[(s, "AIS")][r])] + rng.randint(-3, 3), 0, 50)
            row += [M[(s, "NLI")][r], M[(s, "AIS")][r], ue, le]
        rows.append(row)
    write_xlsx("isncsci_two_examiners.xlsx", [("Exams", rows)])
    SS = [(s, it) for s in S for it in ("NLI", "AIS")]
    add("isncsci_two_examiners.xlsx", k, "import", rdi(SS, R, M),
        "spinal cord injury examinations (ISNCSCI): two examiners examine each patient the same day and record "
        "the neurological level of injury ('C5', 'T12', 'L1': ordered segments) and the ASIA Impairment Scale "
        "grade A-E, beside their upper and lower extremity motor scores (UEMS / LEMS 0-50, sums of muscle "
        "grades, not classifications); subject = patient + NLI / AIS, raters = Examiner 1 / 2; reading AIS "
        "alone is acceptable", keywords=[r"uems", r"lems", r"motor"],
        alts=[alt(rdi([x for x in SS if x[1] == "AIS"], R, M), label="AIS only")])

    # 18 ADOS-2 item codes with a legend: 8 = not applicable
    its = ["A%d" % i for i in range(1, 10)] + ["B%d" % i for i in range(1, 12)] + ["C1"] + \
          ["D%d" % i for i in range(1, 6)] + ["E%d" % i for i in range(1, 4)]
    names_ = {"A1": "Overall level of non-echoed spoken language", "A2": "Speech abnormalities", "A4":
              "Stereotyped/idiosyncratic use of words", "B1": "Unusual eye contact", "B2": "Facial expressions",
              "C1": "Imagination/creativity", "D1": "Unusual sensory interest", "E1": "Overactivity"}
    kids = ["ADS-%03d" % i for i in sorted(rng.sample(range(1, 160), 8))]
    R = ["Examiner", "Reliability coder"]
    S = [(c, it) for c in kids for it in its]
    M = ordmat(S, R, ["0", "1", "2", "3"], [45, 30, 18, 7], p_off=0.25)
    for s in rng.sample(S, 4):
        M[s] = {r: "7" if rng.random() < 0.7 else rng.choice(["1", "2"]) for r in R}
    na = rng.sample([s for s in S if s[1] in ("A1", "A3", "D3", "D5", "E3")], 6)
    for s in na:
        M[s] = {r: "8" for r in R}
    one = rng.choice([s for s in S if s not in na])
    M[one]["Reliability coder"] = "8"
    rows = [["ADOS-2 Module 3 - reliability coding from video"],
            ["Codes: 0 = no evidence of abnormality; 1-3 = increasing abnormality; 7 = abnormality not otherwise "
             "covered by the item; 8 = not applicable / behaviour not observed (not scored)"], [],
            ["Child", "Item", "Item description", "Examiner", "Reliability coder", "Exact agreement"]]
    for c, it in S:
        a, b = M[(c, it)]["Examiner"], M[(c, it)]["Reliability coder"]
        rows.append([c, it, names_.get(it, ""), int(a), int(b), "Y" if a == b else "N"])
    write_xlsx("ados2_module3_reliability.xlsx", [("Item codes", rows)])
    full = rdi(S, R, M)
    add("ados2_module3_reliability.xlsx", k, "import", [x for x in full if x[2] != "8"],
        "ADOS-2 Module 3 reliability: the examiner (live) and a reliability coder (from video) code 29 items "
        "(A1 .. E3) for 8 children, in long form (child, item); the legend line above the header says 8 = not "
        "applicable / not scored: 8 is missing, while 7 is a code (abnormality not covered); 'Exact agreement' "
        "Y/N is derived; subject = child + item; reading 8 as a category is acceptable only if said",
        keywords=[r"not applicable", r"not scored", r"legend", r"'8'", r"exact agreement"],
        alts=[alt(full, must_note=True, label="8 as a category")])

    # 19 MITI behaviour codes per therapist utterance
    codes = ["GI", "Q", "SR", "CR", "AF", "Seek", "Emphasize", "Persuade", "Persuade with", "Confront"]
    conf = {"SR": "CR", "CR": "SR", "GI": "Persuade", "Persuade": "Persuade with", "Persuade with": "Persuade",
            "AF": "Emphasize", "Emphasize": "AF", "Seek": "Q", "Q": "Q", "Confront": "Persuade"}
    tlines = {"GI": "The clinic is open until six, so you could come after work.",
              "Q": "What would you like to change about your drinking?", "SR": "You're worried about your liver.",
              "CR": "Part of you feels it's time, and part of you isn't sure you can do it without the pub, "
                    "your friends, \"the whole scene\".",
              "AF": "You've already cut down twice this month, that took real effort.",
              "Seek": "Would it be OK if we looked at this together?",
              "Emphasize": "It's entirely your decision what you do with this.",
              "Persuade": "You really should stop before it gets worse.",
              "Persuade with": "Could I share what other people have found useful?",
              "Confront": "Come on, you know that's not true."}
    clines = ["I don't know, it's just how I relax.", "My wife keeps going on about it.", "Maybe. I guess.",
              "I did try once, lasted a week.", "It's not like I'm an alcoholic or anything."]
    sess = ["MI-07", "MI-12", "MI-15"]
    R = ["Coder 1", "Coder 2"]
    S, M = [], {}
    rows = [["Session", "Utt #", "Speaker", "Utterance", "Coder 1", "Coder 2", "Master code"]]
    for se in sess:
        for u in range(1, 27):
            if u % 2 == 0:
                rows.append([se, u, "C", rng.choice(clines), "", "", ""])
                continue
            c = rng.choices(codes, [18, 24, 18, 12, 6, 5, 4, 5, 4, 4])[0]
            s = (se, str(u))
            S.append(s)
            M[s] = {r: c if rng.random() < 0.75 else conf[c] for r in R}
            rows.append([se, u, "T", tlines[c], M[s]["Coder 1"], M[s]["Coder 2"], c])
    write_txt("miti42_utterance_codes.csv", rows)
    add("miti42_utterance_codes.csv", k, "import", rdi(S, R, M),
        "motivational interviewing fidelity coding (MITI 4.2): two coders assign a behaviour code to every "
        "therapist utterance (GI, Q, SR, CR, AF, Seek, Emphasize, Persuade, 'Persuade with', Confront); client "
        "utterances (Speaker C) are not coded (blank); subject = session + utterance number; the master "
        "coder's code is the reference, not a coder; the utterance text has commas and quotes",
        keywords=[r"master"])

    # 20 Berg Balance Scale: one sheet per physiotherapist, and a summary sheet (either)
    bbs = ["Sitting to standing", "Standing unsupported", "Sitting unsupported", "Standing to sitting",
           "Transfers", "Standing eyes closed", "Standing feet together", "Reaching forward", "Retrieving object",
           "Turning to look behind", "Turning 360 degrees", "Placing alternate foot on stool",
           "Standing one foot in front", "Standing on one foot"]
    pts = ["BB%02d" % i for i in range(1, 13)]
    R = ["Anna", "Ben", "Carla"]
    S = [(p, "%d" % (i + 1)) for p in pts for i in range(14)]
    M = {}
    for p in pts:
        lvl = rng.uniform(1.2, 3.8)
        for i in range(14):
            t = clamp(int(round(lvl - 0.12 * i + rng.uniform(-0.6, 0.6))), 0, 4)
            M[(p, "%d" % (i + 1))] = {r: str(clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0), 0, 4))
                                      for r in R}
    sheets = []
    for r in R:
        rows = [["Berg Balance Scale - rater: %s (PT)" % r],
                ["Patient"] + ["%d %s" % (i + 1, b) for i, b in enumerate(bbs)] + ["Total /56"]]
        for p in pts:
            v = [int(M[(p, "%d" % (i + 1))][r]) for i in range(14)]
            rows.append([p] + v + [sum(v)])
        sheets.append(("PT %s" % r, rows))
    sheets.append(("Summary", [["Patient"] + R + ["Mean"]] +
                   [[p] + [sum(int(M[(p, "%d" % (i + 1))][r]) for i in range(14)) for r in R] +
                    [round(sum(int(M[(p, "%d" % (i + 1))][r]) for i in range(14) for r in R) / 3, 1)] for p in pts]))
    write_xlsx("berg_balance_sheet_per_rater.xlsx", sheets)
    add("berg_balance_sheet_per_rater.xlsx", k, "either", rdi(S, R, M),
        "Berg Balance Scale (14 items 0-4) for 12 patients, one sheet per physiotherapist ('PT Anna', 'PT Ben', "
        "'PT Carla', same layout: patient rows, item columns, 'Total /56'), then a 'Summary' sheet of totals per "
        "rater with a Mean; the careful reading combines the three sheets (subject = patient + item, rater = "
        "sheet); reading one sheet or the summary alone is wrong; refusing with a word that each sheet is one "
        "rater is acceptable", keywords=KW_SHEET("PT Anna", "PT Ben", "PT Carla", "Summary") +
                                       [r"one (sheet|rater)", r"sheets", r"summary"])

    # 21 Banff kidney transplant biopsies, long
    bx = ["TX-%02d-%03d" % (rng.randint(19, 25), rng.randint(1, 400)) for _ in range(22)]
    bx = uniq(bx)[:18]
    R = ["Pathologist 1", "Pathologist 2", "Pathologist 3"]
    dxs = ["No rejection", "Borderline", "TCMR IA", "TCMR IB", "TCMR IIA", "Active AMR", "Chronic active AMR"]
    les = ["i", "t", "v", "g", "ptc", "ci", "ct", "cv", "ah", "C4d"]
    DX, L = {}, {}
    rows = [["Biopsy", "Days post-Tx", "Adequacy", "Pathologist"] + les + ["Diagnosis (Banff 2019)"]]
    recs = []
    for b in bx:
        t = rng.choices(range(7), [30, 18, 14, 10, 8, 12, 8])[0]
        base = {l: rng.choices(range(4), [55, 25, 13, 7])[0] for l in les}
        if 2 <= t <= 4:
            base["i"], base["t"] = max(base["i"], 2), max(base["t"], 2)
        DX[b] = {}
        day = rng.randint(7, 2000)
        adq = rng.choice(["adequate", "adequate", "marginal"])
        for r in R:
            d = dxs[t] if rng.random() < 0.7 else dxs[clamp(t + rng.choice([-1, 1]), 0, 6)]
            DX[b][r] = d
            sc = {l: clamp(base[l] + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0), 0, 3) for l in les}
            for l in les:
                L.setdefault((b, l), {})[r] = str(sc[l])
            recs.append([b, day, adq, r] + [sc[l] for l in les] + [d])
    recs.sort(key=lambda x: (R.index(x[3]), x[0]))
    write_xlsx("banff_biopsy_reads_long.xlsx", [("Reads", rows + recs)])
    add("banff_biopsy_reads_long.xlsx", k, "import", reading(bx, R, DX),
        "kidney transplant biopsies read by 3 pathologists, long (one row per biopsy and pathologist, sorted by "
        "pathologist): the Banff lesion scores i, t, v, g, ptc, ci, ct, cv, ah, C4d (0-3 each) and the "
        "diagnostic category (No rejection / Borderline / TCMR IA / IB / IIA / Active AMR / Chronic active AMR); "
        "the careful reading is the diagnosis per biopsy; the lesion scores as items (subject = biopsy + "
        "lesion), with or without the diagnosis, are acceptable; days post-transplant and adequacy are not "
        "ratings", keywords=[r"diagnosis", r"lesion"],
        alts=[alt(rdi([(b, l) for b in bx for l in les], R, L), label="lesion scores as items"),
              alt(rdi([(b, l) for b in bx for l in les], R, L) +
                  [["%s | Diagnosis" % b, r, DX[b][r]] for b in bx for r in R], label="lesions and diagnosis")])

    # 22 tongue diagnosis in Big5
    S = ["T%03d" % i for i in range(1, 31)]
    R = ["醫師甲", "醫師乙", "醫師丙"]
    lv = ["淡紅舌", "淡白舌", "紅舌", "絳舌", "青紫舌"]
    M = mat(S, R, lv, acc=0.7)
    rows = [["編號", "性別", "年齡"] + R + ["儀器判讀", "備註"]]
    for s in S:
        rows.append([s, rng.choice(["男", "女"]), rng.randint(22, 80)] + [M[s][r] for r in R] +
                    [mode([M[s][r] for r in R]) if rng.random() < 0.7 else rng.choice(lv),
                     rng.choice(["", "", "", "光線偏暗", "舌苔厚"])])
    write_txt("tongue_colour_big5.csv", rows, enc="big5", nl="\r\n")
    add("tongue_colour_big5.csv", k, "import", reading(S, R, M),
        "Traditional Chinese medicine tongue diagnosis from standardised photos, a CSV saved by Excel on a "
        "Taiwanese Windows (Big5): 3 physicians (醫師甲/乙/丙) classify tongue body colour (淡紅舌 pale red, 淡白舌 "
        "pale, 紅舌 red, 絳舌 crimson, 青紫舌 bluish purple); 儀器判讀 is an automatic tongue analyser's "
        "reading, not a physician; 性別 (sex, 男/女), 年齡 (age) and 備註 (remarks) are not ratings",
        keywords=[r"儀器", r"instrument"])

    # 23 Vietnamese dengue classification in cp1258 (Excel CSV on Vietnamese Windows)
    S = ["BN%05d" % rng.randint(10000, 99999) for _ in range(34)]
    S = uniq(S)[:30]
    R = ["BS. Hùng", "BS. Lan", "BS. Minh"]
    lv = ["SXHD", "SXHD có dấu hiệu cảnh báo", "SXHD nặng"]
    M = ordmat(S, R, lv, [45, 38, 17], p_off=0.35)
    rows = [["STT", "Mã BN", "Tuổi", "Giới", "Nhiệt độ (°C)", "Tiểu cầu (G/L)"] + R + ["Chẩn đoán ra viện"]]
    for i, s in enumerate(S):
        rows.append([i + 1, s, rng.randint(4, 70), rng.choice(["Nam", "Nữ"]),
                     ("%.1f" % rng.uniform(37.5, 40.2)).replace(".", ","), rng.randint(12, 180)] +
                    [M[s][r] for r in R] + [mode([M[s][r] for r in R])])
    text = common.to_text(rows, delim=";", nl="\r\n")
    with open(P("sxhd_phan_loai_cp1258.csv"), "wb") as f:
        f.write(cp1258(text))
    add("sxhd_phan_loai_cp1258.csv", k, "import", reading(S, R, M),
        "dengue classification (WHO 2009, in Vietnamese: SXHD / SXHD có dấu hiệu cảnh báo (with warning signs) / "
        "SXHD nặng (severe)) of 30 inpatients by 3 doctors, a CSV saved by Excel on Vietnamese Windows: code page "
        "1258 (tone marks stored as combining characters after the base letter), ';' separators, decimal commas; "
        "STT is a row number, 'Chẩn đoán ra viện' the discharge diagnosis (reference, not a doctor); age, sex, "
        "temperature and platelets are not ratings", keywords=[r"ra viện", r"discharge"])


def cp1258(text):
    """encode as Windows does for Vietnamese: precomposed where cp1258 has the letter, else base + tone mark."""
    tones = {"\u0300", "\u0301", "\u0303", "\u0309", "\u0323"}
    out = bytearray()
    for ch in text:
        try:
            out += ch.encode("cp1258")
            continue
        except UnicodeEncodeError:
            pass
        d = unicodedata.normalize("NFD", ch)
        base = unicodedata.normalize("NFC", "".join(c for c in d if c not in tones))
        out += base.encode("cp1258") + "".join(c for c in d if c in tones).encode("cp1258")
    return bytes(out)


# ================================================================== E. judging and arts
def g_judging():
    k = "judging-arts"
    # 24 film classification examiners
    titles = ["The Salt Road", "Midnight Ferry", "Paper Lanterns", "Iron Orchard", "Little Bear's Big Day",
              "Hollow Men", "The Quiet Summer", "Neon Saints", "Under the Viaduct", "Fox & Hound Lane",
              "The Last Shift", "Crimson Tide Pool", "Kite Runners of Kabul Road", "Static", "Bad Blood Rising",
              "A Winter's Promise", "Dust Devils", "The Glass Garden", "Night Bus 94", "Moth",
              "Operation Halcyon", "Sisters of the Reef", "Rattlesnake Creek", "The Tin Soldier", "Overkill 2",
              "Goodnight, Moon Base"]
    R = ["Examiner A", "Examiner B", "Examiner C"]
    lv = ["U", "PG", "12A", "15", "18"]
    M = ordmat(titles, R, lv, [10, 20, 25, 30, 15], p_off=0.3)
    issues = ["strong language", "moderate violence", "threat", "sex references", "drug misuse",
              "strong bloody violence", "mild bad language", "dangerous behaviour", "discrimination"]
    rows = [["Work", "Type", "Running time (min)"] + R + ["Classification issued", "Issues"]]
    for s in titles:
        rows.append([s, rng.choice(["Feature", "Feature", "Trailer"]), rng.randint(85, 150)] + [M[s][r] for r in R] +
                    [mode([M[s][r] for r in R]), "; ".join(rng.sample(issues, rng.randint(1, 3)))])
    write_txt("film_classification_examiners.csv", rows)
    add("film_classification_examiners.csv", k, "import", reading(titles, R, M),
        "film classification: 3 examiners independently recommend a category for each cinema release (U / PG "
        "/ 12A / 15 / 18: ordered age categories, '15' and '18' are labels, not numbers to average); "
        "'Classification issued' is the board's decision, not an examiner; Issues is a '; '-separated list; "
        "running time is not a rating", keywords=[r"issued", r"classification"])

    # 25 literary prize first reading with COI cells and vote totals
    S = ["%s" % t for t in ["The Cartographer's Daughter", "Small Hours", "Salt and Iron", "A House in Tiree",
                            "Orchard Weather", "The Understudy", "Ninety Days of Rain", "Glass Animals",
                            "The Ferryman's Ledger", "What the River Took", "Inland", "Monsoon Letters",
                            "The Quiet Part", "Bone China", "Mercy Street", "All the Lost Birds", "Northerly",
                            "A Short History of Falling", "The Tally", "Seven Winters", "Brightwater",
                            "The Apiarist", "Ghost Light", "Concrete Island Blues", "The Orphan Tide",
                            "Lantern Year", "Field Notes on Grief", "The Copper Beech"]]
    R = ["Adeyemi", "Bauer", "Castellanos", "Dunmore", "Eriksen"]
    lv = ["In", "Maybe", "Out"]
    M = ordmat(S, R, lv, [25, 30, 45], p_off=0.45)
    coi = rng.sample([(s, r) for s in S for r in R], 3)
    rows = [["First reading - independent votes (In / Maybe / Out). COI = conflict of interest declared, no vote."],
            ["#", "Title", "Author", "Publisher"] + R + ["Yes votes", "Longlisted"]]
    order = sorted(S, key=lambda s: -sum(M[s][r] == "In" for r in R if (s, r) not in coi))
    for i, s in enumerate(order):
        yes = sum(M[s][r] == "In" for r in R if (s, r) not in coi)
        rows.append([i + 1, s, "%s %s" % (rng.choice(["M.", "J.", "A.", "R.", "S."]),
                                           rng.choice(["Okafor", "Lindqvist", "Marr", "Haddad", "Ferreira", "Cole"])),
                     rng.choice(["Faber", "Canongate", "Granta", "Fitzcarraldo", "Picador", "Sceptre"])] +
                    ["COI" if (s, r) in coi else M[s][r] for r in R] + [yes, "Y" if yes >= 3 else ""])
    rows.append(["", "Votes In", "", ""] + [sum(M[s][r] == "In" for s in S if (s, r) not in coi) for r in R] +
                ["", ""])
    write_xlsx("prize_longlist_first_reading.xlsx", [("First reading", rows)])
    for s, r in coi:
        M[s][r] = None
    rd = reading(S, R, M)
    add("prize_longlist_first_reading.xlsx", k, "import", rd,
        "a literary prize's first reading: 5 judges vote In / Maybe / Out on each of 28 submitted novels "
        "(sorted by 'Yes votes'); 'COI' means the judge declared a conflict of interest and did not vote "
        "(missing, as the title line says); 'Yes votes' and 'Longlisted' are derived; the closing 'Votes In' row "
        "is a total per judge, not a book; subject = title; reading COI as a category is acceptable only if said",
        keywords=[r"\bcoi\b", r"conflict", r"votes in", r"yes votes", r"longlisted", r"total"],
        alts=[alt(rd + [[s, r, "COI"] for s, r in coi], must_note=True, label="COI as a category")])

    # 26 breaking battle votes per round
    crews = ["B-Boy Kaito", "B-Girl Nova", "B-Boy Reflex", "B-Girl Mira", "B-Boy Stixx", "B-Girl Ayumi",
             "B-Boy Fenix", "B-Girl Sunny", "B-Boy Lagos", "B-Girl Vex", "B-Boy Draco", "B-Girl Kiki",
             "B-Boy Ozone", "B-Girl Lumi", "B-Boy Rook", "B-Girl Zadie"]
    R = ["Judge Kato", "Judge Venom", "Judge Maria K", "Judge Sol", "Judge Ruben"]
    battles = [("Top 16 - %d" % (i + 1), 2) for i in range(8)] + [("Quarterfinal %d" % (i + 1), 3) for i in range(4)] + \
              [("Semifinal %d" % (i + 1), 3) for i in range(2)] + [("Final", 3)]
    S, M = [], {}
    rows = [["Battle", "Round", "Red", "Blue"] + R + ["Round result", "Battle winner"]]
    for b, nr in battles:
        red, blue = rng.sample(crews, 2)
        edge = rng.uniform(-1, 1)
        wins = {"Red": 0, "Blue": 0}
        recs = []
        for rd_ in range(1, nr + 1):
            s = (b, "Round %d" % rd_)
            S.append(s)
            p = 0.5 + 0.3 * edge + rng.uniform(-0.2, 0.2)
            M[s] = {j: ("Red" if rng.random() < p else "Blue") if rng.random() > 0.06 else "Tie" for j in R}
            nred, nblue = sum(v == "Red" for v in M[s].values()), sum(v == "Blue" for v in M[s].values())
            res = "Red %d-%d" % (nred, nblue) if nred > nblue else "Blue %d-%d" % (nblue, nred) if nblue > nred else \
                "Tie %d-%d" % (nred, nblue)
            if nred != nblue:
                wins["Red" if nred > nblue else "Blue"] += 1
            recs.append([b, "Round %d" % rd_, red, blue] + [M[s][j] for j in R] + [res])
        win = red if wins["Red"] >= wins["Blue"] else blue
        for x in recs:
            rows.append(x + [win])
    write_txt("breaking_battle_votes.csv", rows)
    add("breaking_battle_votes.csv", k, "import", rdi(S, R, M),
        "breaking (breakdance) battles: 5 judges vote for the Red or Blue corner after every round ('Tie' "
        "rarely); subject = battle + round (round numbers repeat), raters = judges; the dancers' names (Red, "
        "Blue columns), 'Round result' ('Red 3-2') and 'Battle winner' are not ratings",
        keywords=[r"result", r"winner"])

    # 27 mathematics olympiad double marking under merged problem headers
    S = ["C%03d" % i for i in sorted(rng.sample(range(1, 300), 24))]
    probs = ["P%d" % i for i in range(1, 7)]
    R = ["A", "B"]
    SS = [(c, p) for c in S for p in probs]
    M = ordmat(SS, R, [str(i) for i in range(8)], [30, 15, 8, 5, 4, 5, 8, 25], p_off=0.3)
    cells = {(1, 1): "Contestant", (1, 2): "School", (1, 21): "Total (agreed)"}
    merges = ["A1:A2", "B1:B2", "U1:U2"]
    for j, p in enumerate(probs):
        c0 = 3 + 3 * j
        cells[(1, c0)] = "Problem %d" % (j + 1)
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 2)))
        cells[(2, c0)], cells[(2, c0 + 1)], cells[(2, c0 + 2)] = "Marker A", "Marker B", "Agreed"
    for i, c in enumerate(S):
        row = 3 + i
        cells[(row, 1)] = c
        cells[(row, 2)] = rng.choice(["Kingsmead Academy", "St Aidan's", "Riverside Grammar", "Hillcrest High",
                                      "Northgate School"])
        tot = 0
        for j, p in enumerate(probs):
            a, b = int(M[(c, p)]["A"]), int(M[(c, p)]["B"])
            ag = a if a == b else rng.choice([a, b, (a + b) // 2])
            tot += ag
            cells[(row, 3 + 3 * j)], cells[(row, 4 + 3 * j)], cells[(row, 5 + 3 * j)] = a, b, ag
        cells[(row, 21)] = tot
    write_xlsx2("olympiad_double_marking.xlsx", cells, title="Marks", merges=merges, freeze="C3")
    add("olympiad_double_marking.xlsx", k, "import",
        [["%s | %s" % s, "Marker " + r, M[s][r]] for s in SS for r in R],
        "a mathematics olympiad round marked twice: under each merged 'Problem n' header, Marker A and Marker B "
        "(different people for each problem, so the raters are the two marking slots) give 0-7 and an 'Agreed' "
        "mark after coordination (not a marker); 'Total (agreed)' is a sum; subject = contestant + problem; "
        "School is not a rating", keywords=[r"agreed", r"total"])

    # 28 coin grading on the Sheldon scale, with and without the hyphen
    coins = ["1881-S Morgan $1", "1909-S VDB Lincoln 1C", "1916-D Mercury 10C", "1893-CC Morgan $1",
             "1921 Peace $1", "1878 8TF Morgan $1", "1932-D Washington 25C", "1914-D Lincoln 1C", "1889-CC Morgan $1",
             "1950-D Jefferson 5C", "1907 High Relief $20", "1937-D 3-Legged Buffalo 5C"]
    S = ["Lot %d" % i for i in sorted(rng.sample(range(1001, 1400), 28))]
    lv = ["VF-20", "VF-30", "XF-40", "XF-45", "AU-50", "AU-55", "AU-58", "MS-60", "MS-61", "MS-62", "MS-63", "MS-64",
          "MS-65", "MS-66"]
    R = ["Grader 1", "Grader 2", "Grader 3"]
    M = ordmat(S, R, lv, [3, 4, 6, 7, 8, 9, 10, 8, 8, 9, 10, 8, 6, 4], p_off=0.5)
    rows = [["Lot", "Coin", "Grader 1", "Grader 2", "Grader 3", "Slab grade (PCGS)", "Cert #", "Notes"]]
    for s in S:
        slab = sorted((M[s][r] for r in R), key=lv.index)[1]
        rows.append([s, rng.choice(coins), M[s]["Grader 1"], M[s]["Grader 2"], M[s]["Grader 3"].replace("-", ""),
                     slab + rng.choice(["", "", "", "+"]), str(rng.randint(10000000, 49999999)),
                     rng.choice(["", "", "toned obverse", "rim nick", "light hairlines", "PL surfaces"])])
    write_txt("coin_grading_sheldon.csv", rows)
    add("coin_grading_sheldon.csv", k, "import", reading(S, R, M),
        "numismatic grading: 3 graders grade each auction lot on the Sheldon scale ('VF-20' .. 'MS-66', ordered); "
        "Grader 3 writes 'MS63' without the hyphen (the same grade); coin names contain dates and mint marks "
        "('1881-S'); the slab grade from the grading service (with '+') is the reference, not a grader; Cert # "
        "is an id", keywords=[r"slab", r"pcgs", r"cert"], aliases={g: [g.replace("-", "")] for g in lv})


# ================================================================== F. quality inspection
def g_quality():
    k = "quality-inspection"
    # 29 IPC-A-610 solder joints beside the AOI call, notes block
    boards = ["SN24-%05d" % rng.randint(100, 999) for _ in range(6)]
    refs = ["U7 pin 12", "U7 pin 13", "C14", "R203", "J2 pin 1", "Q5", "U12 pin 44", "C88", "L3", "D9"]
    S = [(b, r) for b in boards for r in rng.sample(refs, 5)]
    R = ["Inspector 1", "Inspector 2", "Inspector 3"]
    lv = ["Target", "Acceptable", "Process indicator", "Defect"]
    M = ordmat(S, R, lv, [30, 35, 15, 20], p_off=0.35)
    rows = [["Board S/N", "Ref des", "Joint type", "AOI call"] + R + ["CIT decision"]]
    for s in S:
        t = mode([M[s][r] for r in R])
        rows.append([s[0], s[1], "Gull wing" if "pin" in s[1] else rng.choice(["Chip", "J-lead", "THT"]),
                     "FAIL" if (t == "Defect") != (rng.random() < 0.15) else "PASS"] + [M[s][r] for r in R] + [t])
    rows += [[], ["Notes:"], ["1. Class 3 acceptance criteria (IPC-A-610, Rev. H)."],
             ["2. Inspectors were blinded to the AOI call and to each other; 10x stereo microscope."],
             ["3. Board %s was cleaned before inspector 2's session." % boards[2]]]
    write_xlsx("ipc_a610_solder_joint_msa.xlsx", [("Joints", rows)])
    add("ipc_a610_solder_joint_msa.xlsx", k, "import", rdi(S, R, M),
        "electronics assembly visual inspection study: 3 certified inspectors classify solder joints per IPC-A-610 "
        "(Target / Acceptable / Process indicator / Defect); subject = board + reference designator; the AOI "
        "machine's PASS / FAIL is another instrument on another scale and the trainer's (CIT) decision the "
        "reference, neither an inspector; the notes block under the table is not data",
        keywords=[r"\baoi\b", r"\bcit\b", r"notes"])

    # 30 gemstone colour and clarity in ODS beside the lab report
    S = ["GEM-%03d" % i for i in sorted(rng.sample(range(1, 500), 20))]
    cols_ = ["D", "E", "F", "G", "H", "I", "J", "K"]
    clar = ["FL", "IF", "VVS1", "VVS2", "VS1", "VS2", "SI1", "SI2", "I1"]
    R = ["A", "B", "C"]
    M = ordmat([(s, "colour") for s in S], R, cols_, [4, 8, 14, 20, 20, 16, 10, 8], p_off=0.45)
    M.update(ordmat([(s, "clarity") for s in S], R, clar, [2, 4, 8, 12, 18, 20, 18, 12, 6], p_off=0.45))
    rows = [["Stone", "Carat", "Shape"] + sum([["Gemmologist %s colour" % r, "Gemmologist %s clarity" % r] for r in R],
                                               []) + ["Lab report colour", "Lab report clarity"]]
    for s in S:
        rows.append([s, round(rng.uniform(0.3, 2.1), 2), rng.choice(["Round brilliant", "Oval", "Princess",
                                                                      "Cushion"])] +
                    sum([[M[(s, "colour")][r], M[(s, "clarity")][r]] for r in R], []) +
                    [mode([M[(s, "colour")][r] for r in R]), mode([M[(s, "clarity")][r] for r in R])])
    write_ods("diamond_grading_round_robin.ods", [("Grades", rows)])
    SS = [(s, a) for s in S for a in ("colour", "clarity")]
    add("diamond_grading_round_robin.ods", k, "import", [["%s | %s" % s, "Gemmologist " + r, M[s][r]]
                                                        for s in SS for r in R],
        "diamond grading round robin in ODS: 3 gemmologists each grade colour (D .. K) and clarity (FL, IF, VVS1 "
        ".. I1) of 20 stones, two columns per gemmologist; subject = stone + colour / clarity; the lab report's "
        "grades are the reference, not a gemmologist; carat is a measurement, shape not a rating",
        keywords=[r"lab report", r"carat"])


# ================================================================== G. field science
def g_field():
    k = "field-science"
    # 31 Field Book database export, two scorers
    plots = ["25ILYT%04d" % (101 + i) for i in range(28)]
    R = ["mkaur", "dbrennan"]
    traits = ["lodging", "stripe_rust_it"]
    M = {}
    M.update(ordmat([(p, "lodging") for p in plots], R, [str(i) for i in range(1, 10)],
                    [22, 16, 14, 12, 10, 9, 7, 6, 4], p_off=0.4))
    M.update(ordmat([(p, "stripe_rust_it") for p in plots], R, [str(i) for i in range(10)],
                    [12, 10, 10, 10, 10, 10, 10, 10, 9, 9], p_off=0.45))
    loc = {p: "40.%05d; -88.%05d" % (rng.randint(8000, 8999), rng.randint(23000, 23999)) for p in plots}
    recs = []
    for r in R:
        t = dt.datetime(2025, 6, 18, 8, 30) + dt.timedelta(minutes=rng.randint(0, 60))
        hd = {}
        for p in plots:
            hd[p] = dt.date(2025, 5, 28) + dt.timedelta(days=rng.randint(0, 12))
        for tr in ["lodging", "stripe_rust_it", "heading_date", "height", "notes"]:
            for p in plots:
                t += dt.timedelta(seconds=rng.randint(4, 40))
                if tr in traits:
                    v = M[(p, tr)][r]
                elif tr == "heading_date":
                    v = (hd[p] + dt.timedelta(days=rng.choice([0, 0, 1, -1]))).isoformat()
                elif tr == "height":
                    if r != "mkaur":
                        continue
                    v = str(rng.randint(68, 112))
                else:
                    if rng.random() > 0.12:
                        continue
                    v = rng.choice(["border plot", "bird damage", "check variety", "waterlogged corner"])
                recs.append([p, tr, v, t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d-0500" % rng.randint(0, 999), r,
                             loc[p], "1"])
    write_txt("fieldbook_database_export.csv", [["plot_id", "trait", "value", "timestamp", "person", "location",
                                                 "number"]] + recs)
    SS = [(p, tr) for p in plots for tr in traits]
    add("fieldbook_database_export.csv", k, "import", rdi(SS, R, M),
        "Field Book (PhenoApps) database-format export of a wheat yield trial: one row per plot, trait and "
        "person; two scorers walk the same 28 plots and score lodging (1-9) and stripe rust infection type (0-9): "
        "subject = plot_id + trait, rater = person; heading_date (dates) and height (cm, one scorer) are "
        "measurements and 'notes' free text, not ratings; location is 'lat; lng' (a semicolon inside a comma "
        "CSV), number the observation count", keywords=[r"height", r"heading", r"notes", r"date"])

    # 32 OIV ampelographic descriptors, codes 1/3/5/7/9
    acc = [("ITA-0412", "Teroldego"), ("ITA-0418", "Lagrein"), ("ITA-0503", "Schiava grossa"),
           ("ITA-0511", "Nosiola"), ("ITA-0520", "Marzemino"), ("ITA-0604", "Rebo"), ("ITA-0611", "Enantio"),
           ("ITA-0619", "Casetta")]
    desc = [("001", "Young shoot: opening of the shoot tip", ["1", "3", "5"]),
            ("004", "Young shoot: density of prostrate hairs on the shoot tip", ["1", "3", "5", "7", "9"]),
            ("051", "Young leaf: colour of upper side of blade", ["1", "2", "3", "4"]),
            ("067", "Mature leaf: shape of blade", ["1", "2", "3", "4", "5"]),
            ("084", "Mature leaf: density of prostrate hairs between main veins on lower side", ["1", "3", "5", "7", "9"]),
            ("225", "Berry: colour of skin", ["1", "2", "3", "4", "5", "6"])]
    R = ["Expert 1", "Expert 2", "Expert 3"]
    S, M = [], {}
    for a, _ in acc:
        for code, _, states in desc:
            s = (a, code)
            S.append(s)
            M.update(ordmat([s], R, states, [1] * len(states), p_off=0.3))
    rows = [["Accession", "Variety", "OIV code", "Characteristic"] + R + ["Reference (VIVC description)"]]
    for s in S:
        a, code = s
        rows.append([a, dict(acc)[a], code, [d[1] for d in desc if d[0] == code][0]] + [int(M[s][r]) for r in R] +
                    [int(mode([M[s][r] for r in R]))])
    write_xlsx("oiv_ampelography_descriptors.xlsx", [("Descriptors", rows)])
    add("oiv_ampelography_descriptors.xlsx", k, "import", rdi(S, R, M),
        "grapevine ampelography: 3 experts score 6 OIV descriptors on 8 accessions in long form (accession, OIV "
        "code, characteristic); each descriptor has its own coded states (1/3/5/7/9 for densities, 1-6 for berry "
        "colour); the OIV code is text with leading zeros ('001', '051'); subject = accession + descriptor; the "
        "VIVC reference description is not an expert", keywords=[r"vivc", r"reference"])

    # 33 Braun-Blanquet relevés with a metadata block and a footer
    species = ["Arrhenatherum elatius", "Dactylis glomerata", "Festuca rubra", "Holcus lanatus", "Trisetum flavescens",
               "Plantago lanceolata", "Ranunculus acris", "Trifolium pratense", "Trifolium repens",
               "Achillea millefolium", "Galium album", "Centaurea jacea", "Leucanthemum vulgare", "Knautia arvensis",
               "Rumex acetosa", "Crepis biennis", "Heracleum sphondylium", "Salvia pratensis", "Lotus corniculatus",
               "Taraxacum sect. Ruderalia"]
    lv = ["r", "+", "1", "2m", "2a", "2b", "3", "4", "5"]
    R = ["Botanist A", "Botanist B"]
    S, M = [], {}
    for rl in ["R1", "R2", "R3", "R4"]:
        for sp in sorted(rng.sample(species, rng.randint(12, 15))):
            s = (rl, sp)
            S.append(s)
            t = rng.choices(range(len(lv)), [8, 18, 20, 10, 14, 10, 10, 6, 4])[0]
            M[s] = {r: lv[clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, len(lv) - 1)] for r in R}
            if t <= 1 and rng.random() < 0.35:
                M[s][rng.choice(R)] = None
    lines = [["Vegetation survey, Mähwiese Oberfeld - Braun-Blanquet cover-abundance"],
             ["Date: 14.06.2025; plot size 4 x 4 m; both botanists recorded each plot independently"],
             ["Scale: r, +, 1, 2m, 2a, 2b, 3, 4, 5"], [],
             ["Relevé", "Species", "Layer", "Botanist A", "Botanist B"]]
    for s in S:
        lines.append([s[0], s[1], "H", M[s]["Botanist A"] or "", M[s]["Botanist B"] or ""])
    lines.append(["", "Species recorded", "", sum(M[s]["Botanist A"] is not None for s in S),
                  sum(M[s]["Botanist B"] is not None for s in S)])
    write_txt("braun_blanquet_releves.csv", lines, delim=";", enc="utf-8", bom=True, nl="\r\n")
    add("braun_blanquet_releves.csv", k, "import", rdi(S, R, M),
        "phytosociological relevés of a meadow: two botanists estimate Braun-Blanquet cover-abundance (r, +, 1, "
        "2m, 2a, 2b, 3, 4, 5: ordered codes, '+' and 'r' are categories) of each species in 4 plots; a metadata "
        "block above the header, ';' separators, BOM; a blank = the botanist did not record the species "
        "(missing); subject = relevé + species; Layer is constant; the 'Species recorded' footer is a count",
        keywords=[r"species recorded", r"footer", r"count"])

    # 34 Munsell colours of archaeological contexts '(1043)'
    chips = ["10YR 2/1", "10YR 2/2", "10YR 3/2", "10YR 3/3", "10YR 4/2", "10YR 4/3", "10YR 5/4", "7.5YR 4/4",
             "7.5YR 5/6", "2.5Y 5/3", "2.5Y 6/2", "5YR 4/6"]
    near = {c: [x for x in chips if x != c and (x.split()[0] == c.split()[0] and
                                                 abs(int(x[-3]) - int(c[-3])) + abs(int(x[-1]) - int(c[-1])) <= 1)]
            for c in chips}
    S = ["(%d)" % i for i in sorted(rng.sample(range(1001, 1090), 26))]
    R = ["Excavator 1 (MJ)", "Excavator 2 (SO)"]
    M = {}
    for s in S:
        c = rng.choice(chips)
        M[s] = {r: c if rng.random() < 0.65 or not near[c] else rng.choice(near[c]) for r in R}
    rows = [["Context", "Trench", "Type", "Cut"] + R + ["Condition", "Description"]]
    for s in S:
        ty = rng.choice(["fill", "fill", "layer", "deposit"])
        rows.append([s, rng.choice(["Tr 1", "Tr 2", "Tr 3"]), ty, "[%d]" % (int(s[1:-1]) - 1) if ty == "fill" else "",
                     M[s][R[0]],
                     M[s][R[1]].replace(" ", "") if rng.random() < 0.4 else M[s][R[1]], "moist",
                     rng.choice(["Dark greyish brown silty clay, occasional charcoal flecks",
                                 "Mid brown sandy silt, frequent small stones", "Yellowish brown clay, redeposited natural",
                                 "Black organic silt, waterlogged"])])
    write_txt("context_sheets_munsell.csv", rows)
    add("context_sheets_munsell.csv", k, "import", reading(S, R, M),
        "excavation context records: two excavators each read the soil colour of every fill or layer with a "
        "Munsell chart ('10YR 3/2', '7.5YR 4/4'; Excavator 2 sometimes writes '10YR3/2', the same chip); contexts "
        "are numbered in round brackets '(1043)' (an id, not an accounting negative), their cuts in square "
        "brackets; subject = context; condition, type and description are not ratings",
        aliases={c: [c.replace(" ", "")] for c in chips})

    # 35 avalanche danger sublevels from blind forecasts
    regions = [("AT-07-14", "Ötztal Alps West"), ("AT-07-17", "Stubai Alps North"), ("AT-07-02", "Lechtal Alps"),
               ("IT-32-BZ-03", "Ortler Alps"), ("IT-32-TN-12", "Brenta Dolomites")]
    dates = ["2025-01-%02d" % d for d in (9, 14, 17, 23, 28, 31)]
    lv = ["1=", "1+", "2-", "2=", "2+", "3-", "3=", "3+", "4-", "4=", "4+"]
    R = ["F-AM", "F-JB", "F-LK", "F-TS", "F-UW"]
    S = [(d, r) for d in dates for r, _ in regions]
    M = ordmat(S, R, lv, [3, 6, 10, 13, 14, 15, 14, 11, 7, 4, 3], p_off=0.55)
    rows = [["Date", "Region ID", "Region"] + R + ["Published level", "Avalanche problem (published)"]]
    for s in S:
        med = sorted((M[s][r] for r in R), key=lv.index)[2]
        rows.append([s[0], s[1], dict(regions)[s[1]]] + [M[s][r] for r in R] +
                    [med[0], rng.choice(["new snow", "wind slab", "persistent weak layers", "wet snow"])])
    write_txt("avalanche_blind_forecasts.csv", rows)
    add("avalanche_blind_forecasts.csv", k, "import", rdi(S, R, M),
        "avalanche warning service consistency study: 5 forecasters independently forecast the danger level for "
        "the same regions and days with EAWS sublevels ('2-', '3=', '3+': ordered; '3-' is a level, not minus "
        "three); subject = date + region id ('AT-07-14' is an id, not a date); the published bulletin level "
        "(1-5) and the avalanche problem are not forecasters", keywords=[r"published"])


# ================================================================== H. statistics files
def g_stats():
    k = "stats-files"
    import pandas as pd
    # 36 SPSS with the judges as cases
    judges = ["OT-%s" % c for c in "ABCDEFGHI"]
    S = ["s%02d" % i for i in range(1, 19)]
    lab = {1.0: "illegible", 2.0: "poor", 3.0: "fair", 4.0: "good"}
    M = ordmat(S, judges, ["1", "2", "3", "4"], [15, 30, 35, 20], p_off=0.4)
    data = {"judge": judges, "yrs_exp": [float(rng.randint(1, 30)) for _ in judges],
            "setting": [float(rng.choice([1, 2])) for _ in judges]}
    for s in S:
        data[s] = [float(M[s][j]) for j in judges]
    df = pd.DataFrame(data)
    sav("handwriting_legibility_judges_as_cases.sav", df,
        column_labels=["Judge", "Years of paediatric OT experience", "Work setting"] +
                      ["Handwriting sample %s legibility" % s[1:] for s in S],
        variable_value_labels=dict({"setting": {1.0: "school", 2.0: "clinic"}}, **{s: lab for s in S}))
    rd = reading(S, judges, M)
    add("handwriting_legibility_judges_as_cases.sav", k, "import", rd,
        "SPSS file entered from paper forms, one case per judge: 9 occupational therapists (string variable "
        "judge) rate the legibility of 18 children's handwriting samples (variables s01 .. s18, labels "
        "'Handwriting sample 01 legibility', value labels 1 illegible .. 4 good); subjects are the sample "
        "variables, raters the cases; years of experience and setting describe the judges", keywords=KW_LAYOUT,
        aliases={str(int(c)): [l] for c, l in lab.items()},
        alts=[alt(transposed(rd), must_note=True, label="transposed")])

    # 37 Stata: physician-coded verbal autopsy causes with _merge
    cod = {1: "Acute respiratory infection incl. pneumonia", 2: "HIV/AIDS related death", 3: "Pulmonary tuberculosis",
           4: "Malaria", 5: "Diarrhoeal diseases", 6: "Stroke", 7: "Acute cardiac disease", 8: "Road traffic accident",
           9: "Diabetes mellitus", 10: "Liver cirrhosis", 99: "Indeterminate"}
    S = ["VA-%04d" % i for i in sorted(rng.sample(range(1, 3000), 40))]
    R = ["physician1", "physician2"]
    M = {}
    keys = sorted(cod)
    for s in S:
        t = rng.choices(keys, [14, 12, 8, 10, 8, 10, 9, 7, 6, 6, 10])[0]
        M[s] = {r: str(t if rng.random() < 0.7 else rng.choice(keys)) for r in R}
    miss2 = rng.sample(S, 3)
    for s in miss2:
        M[s]["physician2"] = None
    df = pd.DataFrame({"va_id": S, "sex": [float(rng.choice([1, 2])) for _ in S],
                       "age_y": [float(rng.randint(15, 90)) for _ in S],
                       "physician1": [float(M[s]["physician1"]) for s in S],
                       "physician2": [float(M[s]["physician2"]) if M[s]["physician2"] else float("nan") for s in S],
                       "final_cod": [float(M[s]["physician1"]) if M[s]["physician1"] == M[s]["physician2"] else
                                     float(rng.choice([M[s]["physician1"], M[s]["physician2"] or M[s]["physician1"]]))
                                     for s in S],
                       "_merge": [1.0 if s in miss2 else 3.0 for s in S]})
    dta("pcva_cause_of_death.dta", df,
        column_labels=["Verbal autopsy ID", "Sex of deceased", "Age at death (years)", "Cause assigned by physician 1",
                       "Cause assigned by physician 2", "Final cause (after reconciliation)", ""],
        variable_value_labels={"sex": {1: "male", 2: "female"}, "physician1": cod, "physician2": cod, "final_cod": cod,
                               "_merge": {1: "master only (1)", 2: "using only (2)", 3: "matched (3)"}})
    add("pcva_cause_of_death.dta", k, "import", reading(S, R, M),
        "physician-certified verbal autopsy: two physicians independently assign a cause of death to each "
        "interview (value-labelled codes 1-10 and 99 'Indeterminate', a cause category they may disagree on); "
        "the file is the result of Stata's merge of the two physicians' files: _merge (matched (3) / master "
        "only (1): physician 2 has not coded 3 interviews yet, missing) is not a rating; final_cod (after "
        "reconciliation) is not a physician; sex and age describe the deceased",
        keywords=[r"_merge", r"final"], aliases={str(c): [l] for c, l in cod.items()})


# ================================================================== I. file habits
def g_habits():
    k = "file-habits"
    # 38 Excel PivotTable 'Max of' layout before its data sheet
    S = ["DFU-%02d" % i for i in range(1, 21)]
    R = ["Dr Amin", "Dr Brandt", "Dr Cole"]
    M = ordmat(S, R, [str(i) for i in range(6)], [10, 25, 25, 20, 12, 8], p_off=0.35, miss=0.06)
    cells = {(1, 1): "Clinic", (1, 2): "(All)", (3, 1): "Max of Wagner grade", (3, 2): "Column Labels",
             (4, 1): "Row Labels"}
    for j, r in enumerate(R):
        cells[(4, 2 + j)] = r
    cells[(4, 2 + len(R))] = "Grand Total"
    row = 5
    for s in S:
        cells[(row, 1)] = s
        vals = [M[s][r] for r in R]
        for j, v in enumerate(vals):
            if v is not None:
                cells[(row, 2 + j)] = int(v)
        cells[(row, 2 + len(R))] = max(int(v) for v in vals if v is not None)
        row += 1
    cells[(row, 1)] = "(blank)"
    row += 1
    cells[(row, 1)] = "Grand Total"
    for j, r in enumerate(R):
        cells[(row, 2 + j)] = max(int(M[s][r]) for s in S if M[s][r] is not None)
    cells[(row, 2 + len(R))] = max(int(M[s][r]) for s in S for r in R if M[s][r] is not None)
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sheet2"
    for (r_, c_), v in cells.items():
        ws.cell(row=r_, column=c_, value=v)
    ws2 = wb.create_sheet("Sheet1")
    ws2.append(["Ulcer ID", "Clinic", "Rater", "Wagner grade", "Photo date"])
    for s in S:
        for r in R:
            if M[s][r] is not None:
                ws2.append([s, rng.choice(["North", "South"]), r, int(M[s][r]),
                            dt.datetime(2025, 3, 1) + dt.timedelta(days=rng.randint(0, 60))])
                ws2.cell(row=ws2.max_row, column=5).number_format = "yyyy-mm-dd"
    wb.save(P("wagner_grades_pivot.xlsx"))
    add("wagner_grades_pivot.xlsx", k, "import", reading(S, R, M),
        "diabetic foot ulcer Wagner grades (0-5) by 3 doctors; the user made an Excel PivotTable to see them side "
        "by side: the first sheet is the pivot ('Clinic (All)' filter, 'Max of Wagner grade', 'Column Labels', "
        "'Row Labels', an empty '(blank)' row and Grand Total row and column = maxima, not ratings), the second "
        "sheet the long source data (ulcer, clinic, rater, grade, date); either sheet read correctly gives the "
        "ratings", keywords=[r"grand total", r"pivot", r"blank"])

    # 39 an HTML table saved as .xls (either)
    S = ["W%06d" % rng.randint(100000, 999999) for _ in range(26)]
    S = uniq(S)[:24]
    R = ["Reviewer 1 harm", "Reviewer 2 harm", "Reviewer 3 harm"]
    lv = ["No harm", "Low", "Moderate", "Severe", "Death"]
    M = ordmat(S, R, lv, [35, 30, 20, 10, 5], p_off=0.35)
    head = ["Ref", "Incident date", "Location", "Category", "Description"] + R + ["Final harm (panel)"]
    descs = ["Patient fall on ward & found on floor", "Medication given 2 hours late", "Pressure ulcer grade 3 <noted "
             "on admission?>", "Wrong-site marking, corrected before incision", "Delayed escalation of NEWS2 = 7",
             "Missed allergy on drug chart"]
    trs = ["<tr>" + "".join("<th>%s</th>" % html.escape(h) for h in head) + "</tr>"]
    for s in S:
        vals = [s, "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 12)),
                rng.choice(["Ward 7B", "ED", "Theatres", "Maternity"]), rng.choice(["Falls", "Medication",
                                                                                     "Tissue viability", "Surgery"]),
                rng.choice(descs)] + [M[s][r] for r in R] + [mode([M[s][r] for r in R])]
        trs.append("<tr>" + "".join("<td>%s</td>" % html.escape(str(v), quote=False) for v in vals) + "</tr>")
    doc = ('<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel" '
           'xmlns="http://www.w3.org/TR/REC-html40">\r\n<head>\r\n<meta http-equiv="Content-Type" content="text/html; '
           'charset=utf-8">\r\n<!--[if gte mso 9]><xml><x:ExcelWorkbook><x:ExcelWorksheets><x:ExcelWorksheet>'
           '<x:Name>Export</x:Name><x:WorksheetOptions><x:DisplayGridlines/></x:WorksheetOptions></x:ExcelWorksheet>'
           '</x:ExcelWorksheets></x:ExcelWorkbook></xml><![endif]-->\r\n</head>\r\n<body>\r\n<table border="1">\r\n'
           '<tr><td colspan="%d"><b>Harm grading review - exported 02/04/2025 09:14</b></td></tr>\r\n%s\r\n</table>\r\n'
           '</body>\r\n</html>\r\n') % (len(head), "\r\n".join(trs))
    write_txt("incident_harm_review_Export.xls", text=doc)
    add("incident_harm_review_Export.xls", k, "either", reading(S, R, M),
        "an incident reporting system's 'Export to Excel': a .xls file that is really an HTML table (Excel opens "
        "it with a warning): a title row, then Ref, date, location, category, description, three reviewers' harm "
        "grades (No harm / Low / Moderate / Severe / Death) and the panel's final grade (not a reviewer); HTML "
        "entities '&amp;' '&lt;' in descriptions; reading the table is right, refusing it clearly (not a real "
        "Excel file) is acceptable", keywords=[r"final", r"panel", r"html"])

    # 40 Excel 2003 XML (SpreadsheetML) (either)
    comps = ["APK", "COM", "FPA", "FPM", "LTW", "PSD", "SAW", "WLM", "KNO"]
    sess = ["SIM-%03d" % i for i in sorted(rng.sample(range(1, 200), 10))]
    R = ["Examiner 1", "Examiner 2"]
    S = [(s, c) for s in sess for c in comps]
    M = ordmat(S, R, ["1", "2", "3", "4", "5"], [5, 15, 40, 30, 10], p_off=0.35)

    def xc(v):
        if isinstance(v, int):
            return '<Cell><Data ss:Type="Number">%d</Data></Cell>' % v
        return '<Cell><Data ss:Type="String">%s</Data></Cell>' % html.escape(str(v), quote=False)

    rows = [["Session", "Crew position", "Competency"] + R + ["Observed behaviours (examiner 1)"]]
    for s, c in S:
        rows.append([s, rng.choice(["CPT", "FO"]), c] + [int(M[(s, c)][r]) for r in R] +
                    [rng.choice(["", "OB 3.2, 3.5", "late checklist call-out", "clear briefing", ""])])
    body = "\n".join("   <Row>" + "".join(xc(v) for v in r) + "</Row>" for r in rows)
    doc = ('<?xml version="1.0"?>\n<?mso-application progid="Excel.Sheet"?>\n'
           '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"\n'
           ' xmlns:o="urn:schemas-microsoft-com:office:office"\n xmlns:x="urn:schemas-microsoft-com:office:excel"\n'
           ' xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet"\n xmlns:html="http://www.w3.org/TR/REC-html40">\n'
           ' <DocumentProperties xmlns="urn:schemas-microsoft-com:office:office">\n  <Author>training.records</Author>\n'
           '  <Created>2025-01-01T00:00:00Z</Created>\n </DocumentProperties>\n'
           ' <Worksheet ss:Name="CBTA grading">\n  <Table>\n%s\n  </Table>\n </Worksheet>\n</Workbook>\n') % body
    write_txt("cbta_sim_grading_excel2003.xml", text=doc)
    add("cbta_sim_grading_excel2003.xml", k, "either", rdi(S, R, M),
        "airline pilot training (competency-based training and assessment): two examiners independently grade "
        "the 9 ICAO competencies (APK, COM, FPA, FPM, LTW, PSD, SAW, WLM, KNO) 1-5 from the video of each "
        "simulator session; saved by a training records system as Excel 2003 XML (SpreadsheetML); subject = "
        "session + competency, raters = Examiner 1 / 2; crew position and the observed-behaviour notes are not "
        "ratings; refusing the format clearly is acceptable")

    # 41 a table in a Word document (either)
    qs = ["Q%d" % i for i in range(1, 31)]
    R = ["Teacher 1", "Teacher 2", "Teacher 3"]
    lv = ["Remember", "Understand", "Apply", "Analyse", "Evaluate", "Create"]
    M = ordmat(qs, R, lv, [18, 24, 24, 16, 12, 6], p_off=0.4)
    stems = ["Define the term", "Explain why", "Calculate the", "Compare the two", "Justify your choice of",
             "Design an experiment to", "List three", "Predict what happens when"]
    table = [["Item", "Question stem"] + R] + [[q, "%s ..." % rng.choice(stems)] + [M[q][r] for r in R] for q in qs]
    write_docx("bloom_levels_appendix.docx",
               ["Appendix C", "Table C1. Bloom's taxonomy level (revised) assigned to each question of the "
                "end-of-year biology examination by three teachers, independently."],
               table, ["Note. Levels: Remember, Understand, Apply, Analyse, Evaluate, Create."])
    add("bloom_levels_appendix.docx", k, "either", reading(qs, R, M),
        "a Word document (thesis appendix) holding a caption, a table (Item, Question stem, Teacher 1-3 with "
        "revised Bloom levels Remember .. Create) and a note; reading the table is right, refusing a .docx "
        "clearly is acceptable")

    # 42 a Fleiss subject x category count table (either)
    S = ["CXR-%03d" % i for i in range(1, 31)]
    cats = ["Excellent", "Adequate", "Poor", "Unacceptable"]
    n = 7
    counts = {}
    for s in S:
        t = rng.choices(range(4), [20, 40, 25, 15])[0]
        c = [0] * 4
        for _ in range(n):
            c[clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, 3)] += 1
        counts[s] = c
    rows = [["Image"] + cats + ["n", "P_i"]]
    for s in S:
        c = counts[s]
        rows.append([s] + c + [n, "%.3f" % ((sum(x * x for x in c) - n) / (n * (n - 1)))])
    tot = [sum(counts[s][j] for s in S) for j in range(4)]
    rows.append(["p_j"] + ["%.3f" % (x / (n * len(S))) for x in tot] + ["", ""])
    write_txt("cxr_quality_fleiss_counts.csv", rows)
    rd = [[s, "r%d" % (i + 1), v] for s in S
          for i, v in enumerate(x for j, c in enumerate(cats) for x in [c] * counts[s][j])]
    add("cxr_quality_fleiss_counts.csv", k, "either", rd,
        "a subject x category count table as Fleiss (1971) lays it out: for each chest radiograph, how many of "
        "7 radiographers judged its quality Excellent / Adequate / Poor / Unacceptable (n = 7 per row), the "
        "per-subject agreement P_i and a p_j row of category proportions; no rater identity: the ratings are "
        "the counts expanded (raters exchangeable); refusing with a word that it is a count table is acceptable",
        keywords=[r"count", r"fleiss", r"exchangeable", r"no rater", r"p_j", r"p_i"],
        alts=[alt(rd, label="counts expanded, raters exchangeable", exch=True)])

    # 43 three header rows: joint > sonographer > GS / PD
    pts = ["RA-%02d" % i for i in range(1, 17)]
    joints = ["Wrist", "MCP2", "MCP3", "PIP2"]
    son = ["Dr Haugen", "Dr Iwu"]
    S, M = [], {}
    for p in pts:
        for j in joints:
            gs_t = rng.choices(range(4), [35, 30, 22, 13])[0]
            pd_t = clamp(gs_t - rng.choice([0, 1, 1, 2]), 0, 3)
            for mod, t in (("GS", gs_t), ("PD", pd_t)):
                s = (p, j, mod)
                S.append(s)
                M[s] = {r: str(clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 0, 3)) for r in son}
    cells = {(1, 1): "Patient", (1, 2): "Visit"}
    merges = ["A1:A3", "B1:B3"]
    for a, j in enumerate(joints):
        c0 = 3 + 4 * a
        cells[(1, c0)] = j
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 3)))
        for b, r in enumerate(son):
            cells[(2, c0 + 2 * b)] = r
            merges.append("%s2:%s2" % (col_letter(c0 + 2 * b), col_letter(c0 + 2 * b + 1)))
            cells[(3, c0 + 2 * b)], cells[(3, c0 + 2 * b + 1)] = "GS", "PD"
    for i, p in enumerate(pts):
        row = 4 + i
        cells[(row, 1)], cells[(row, 2)] = p, rng.choice(["baseline", "baseline", "month 3"])
        for a, j in enumerate(joints):
            for b, r in enumerate(son):
                cells[(row, 3 + 4 * a + 2 * b)] = int(M[(p, j, "GS")][r])
                cells[(row, 4 + 4 * a + 2 * b)] = int(M[(p, j, "PD")][r])
    write_xlsx2("synovitis_us_three_header_rows.xlsx", cells, title="EULAR-OMERACT", merges=merges, freeze="C4")
    add("synovitis_us_three_header_rows.xlsx", k, "import", rdi(S, son, M),
        "rheumatoid arthritis ultrasound: two sonographers grade synovitis 0-3 in grey scale (GS) and power "
        "Doppler (PD) at 4 joints; three header rows (joint merged over 4 columns, sonographer merged over 2, "
        "then GS / PD); subject = patient + joint + GS/PD, raters = the 2 sonographers; Visit is not a rating",
        keywords=[r"visit"])


def write_docx(name, before, table, after):
    """a minimal Word document: paragraphs, one table, paragraphs; fixed zip times."""
    def par(t, bold=False):
        rpr = "<w:rPr><w:b/></w:rPr>" if bold else ""
        return '<w:p><w:r>%s<w:t xml:space="preserve">%s</w:t></w:r></w:p>' % (rpr, html.escape(t, quote=False))

    def tc(t, bold):
        return '<w:tc><w:tcPr><w:tcW w:w="0" w:type="auto"/></w:tcPr>%s</w:tc>' % par(t, bold)

    grid = "".join('<w:gridCol w:w="%d"/>' % (9000 // len(table[0])) for _ in table[0])
    trs = "".join("<w:tr>%s</w:tr>" % "".join(tc(str(c), i == 0) for c in r) for i, r in enumerate(table))
    tbl = ('<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/><w:tblBorders>'
           '<w:top w:val="single" w:sz="4"/><w:bottom w:val="single" w:sz="4"/><w:insideH w:val="single" w:sz="4"/>'
           '</w:tblBorders></w:tblPr><w:tblGrid>%s</w:tblGrid>%s</w:tbl>') % (grid, trs)
    body = "".join(par(t, i == 0) for i, t in enumerate(before)) + tbl + "".join(par(t) for t in after)
    doc = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats'
           '.org/wordprocessingml/2006/main"><w:body>%s<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr>'
           '</w:body></w:document>') % body
    files = [("[Content_Types].xml",
              '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/'
              'package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
              'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/'
              'document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main'
              '+xml"/></Types>'),
             ("_rels/.rels",
              '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxml'
              'formats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
              'officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
             ("word/document.xml", doc)]
    with zipfile.ZipFile(P(name), "w") as z:
        for fn, data in files:
            zi = zipfile.ZipInfo(fn, date_time=common.FIXED)
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data.encode("utf-8"))


# ================================================================== J. files to refuse
def g_refuse():
    k = "refuse"
    # 44 a reader background questionnaire
    rows = [["Timestamp", "Name", "Specialty", "Years in practice", "Subspecialty training", "Do you report "
             "mammograms?", "Reading environment", "Monitor type", "Glasses or contact lenses?"]]
    for i in range(14):
        t = dt.datetime(2025, 2, 3, 9) + dt.timedelta(minutes=rng.randint(0, 20000))
        rows.append([t.strftime("%d/%m/%Y %H:%M:%S"), "%s %s" % (rng.choice(FIRST), rng.choice(["K.", "M.", "T.", "O."])),
                     rng.choice(["Radiology", "Radiology", "Breast surgery", "Radiography"]), rng.randint(1, 30),
                     rng.choice(["Yes", "No"]), rng.choice(["Yes", "No", "Occasionally"]),
                     rng.choice(["Dark reading room", "Office", "Both"]), rng.choice(["5 MP diagnostic", "Standard"]),
                     rng.choice(["Yes", "No"])])
    write_txt("reader_background_questionnaire.csv", rows)
    add("reader_background_questionnaire.csv", k, "refuse", None,
        "the background questionnaire of a reader study's readers (specialty, experience, environment, monitor, "
        "glasses): each respondent describes themselves; no subject is rated by several readers",
        keywords=[r"no ratings", r"questionnaire", r"no (common )?subjects", r"not a rating"] + KW_ONE)

    # 45 a pairwise kappa matrix
    R = ["Reader %d" % i for i in range(1, 7)]
    rows = [["Pairwise Cohen's kappa (linear weights), BI-RADS density, n = 120 mammograms"], [""] + R]
    kap = []
    for i, a in enumerate(R):
        rows.append([a] + [1.0 if j == i else (round(rng.uniform(0.45, 0.85), 3) if j < i else None)
                           for j in range(len(R))])
        kap += rows[-1][1:i + 1]
    rows += [[], ["Mean pairwise kappa", round(sum(kap) / len(kap), 3)],
             ["Fleiss' kappa (unweighted)", round(sum(kap) / len(kap) - rng.uniform(0.05, 0.12), 3)]]
    write_xlsx("pairwise_kappa_matrix.xlsx", [("Kappa", rows)])
    add("pairwise_kappa_matrix.xlsx", k, "refuse", None,
        "a lower-triangular matrix of pairwise weighted kappas between 6 readers (1.000 on the diagonal) with "
        "the mean and Fleiss' kappa below: results of an agreement analysis, not ratings (nor a cross-table of "
        "counts)", keywords=[r"kappa", r"result", r"no ratings", r"summary", r"matrix"])

    # 46 a kappa sample-size table
    rows = [["kappa0 (null)", "kappa1 (expected)", "Prevalence of positive", "Raters", "Alpha (two-sided)", "Power",
             "Subjects needed"]]
    for k0 in (0.4, 0.5, 0.6):
        for k1 in (0.7, 0.8):
            for pr in (0.2, 0.3, 0.5):
                rows.append([k0, k1, pr, rng.choice([2, 3]), 0.05, 0.8, rng.randint(25, 240)])
    write_txt("kappa_sample_size_table.csv", rows)
    add("kappa_sample_size_table.csv", k, "refuse", None,
        "a sample-size table for planning a kappa study (null and expected kappa, prevalence, raters, alpha, "
        "power, subjects needed): design numbers, no ratings", keywords=[r"sample size", r"no ratings", r"kappa",
                                                                          r"not a rating", r"power"])

    # 47 an ActiGraph epoch file
    lines = ["------------ Data File Created By ActiGraph GT3X+ ActiLife v6.13.4 Firmware v3.2.1 date format M/d/yyyy at "
             "30 Hz  Filter Normal -----------", "Serial Number: MOS2D1223%05d" % rng.randint(10000, 99999),
             "Start Time 00:00:00", "Start Date 3/4/2025", "Epoch Period (hh:mm:ss) 00:01:00",
             "Download Time 10:22:41", "Download Date 3/11/2025", "Current Memory Address: 0",
             "Current Battery Voltage: 4.16     Mode = 61", "--------------------------------------------------",
             "Date,Time,Axis1,Axis2,Axis3,Steps,Lux,Inclinometer Off,Inclinometer Standing,Inclinometer Sitting,"
             "Inclinometer Lying"]
    t = dt.datetime(2025, 3, 4, 0, 0)
    for i in range(240):
        awake = 7 <= t.hour < 23
        ax = [rng.randint(0, 2500) if awake and rng.random() < 0.7 else rng.randint(0, 40) for _ in range(3)]
        inc = [0, 0, 0, 0]
        inc[rng.choice([1, 2]) if awake else 3] = 60
        lines.append("%d/%d/%d,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d" % (t.month, t.day, t.year, t.strftime("%H:%M:%S"), *ax,
                                                                 rng.randint(0, 90) if awake else 0,
                                                                 rng.randint(0, 800) if awake else 0, *inc))
        t += dt.timedelta(minutes=6)
    write_txt("actigraph_epochs_60s.csv", text="\r\n".join(lines) + "\r\n")
    add("actigraph_epochs_60s.csv", k, "refuse", None,
        "an ActiLife epoch export of a wrist accelerometer (header block, then per minute the activity counts on "
        "3 axes, steps, lux and 0/60 inclinometer seconds): sensor data, no ratings",
        keywords=[r"no ratings", r"sensor", r"not a rating", r"measurement", r"continuous"])

    # 48 a laboratory inventory
    items = ["Urine dipsticks (10-parameter)", "HIV rapid test kit", "Pipette tips 200 µL", "Nitrile gloves M",
             "Giemsa stain 500 mL", "Microscope slides", "EDTA tubes 4 mL", "Ethanol 70% 1 L", "Malaria RDT",
             "Sharps container 5 L", "Immersion oil", "Cover slips 22x22"]
    rows = [["Item", "Catalogue no.", "Supplier", "Location", "Quantity", "Unit", "Expiry", "Status"]]
    for it in items:
        q = rng.randint(0, 60)
        rows.append([it, "%s-%05d" % (rand_id(3, string.ascii_uppercase), rng.randint(0, 99999)),
                     rng.choice(["Fisher", "VWR", "Sigma", "Local"]), rng.choice(["Store A", "Fridge 2", "Bench 4"]), q,
                     rng.choice(["box", "pack", "bottle", "each"]),
                     dt.datetime(2025, 6, 1) + dt.timedelta(days=rng.randint(-60, 700)),
                     "Out of stock" if q == 0 else ("Low" if q < 8 else "OK")])
    write_ods("lab_inventory.ods", [("Inventory", rows)])
    add("lab_inventory.ods", k, "refuse", None,
        "a laboratory stock inventory (item, catalogue number, supplier, location, quantity, expiry, stock "
        "status OK / Low / Out of stock): no one rated anything", keywords=[r"no ratings", r"not a rating", r"inventory"]
        + KW_ONE)

    # 49 IRT item parameters of a rating scale
    rows = [["item", "a", "b1", "b2", "b3", "b4", "S_X2", "df.S_X2", "p.S_X2"]]
    for i in range(1, 13):
        b = sorted(round(rng.uniform(-2.5, 2.5), 3) for _ in range(4))
        rows.append(["pain_%02d" % i, round(rng.uniform(0.8, 3.2), 3)] + b +
                    [round(rng.uniform(20, 90), 2), rng.randint(25, 60), round(rng.random(), 3)])
    write_txt("grm_item_parameters.csv", rows)
    add("grm_item_parameters.csv", k, "refuse", None,
        "graded response model item parameters of a 12-item pain scale (discrimination a, thresholds b1-b4, "
        "S-X2 item fit) as written by R's mirt: estimates, not ratings",
        keywords=[r"no ratings", r"not a rating", r"result", r"parameter", r"estimate", r"continuous"])


# ------------------------------------------------------------------ reproducible containers
fix_zip = common.fix_zip


def fix_stat(path):
    """a fixed creation time in an SPSS .sav header or a Stata 118 .dta <timestamp>."""
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if path.endswith(".sav") and data[:4] == b"$FL2":
        data[92:109] = b"01 Jan 2500:00:00"
    elif path.endswith(".dta"):
        i = data.find(b"<timestamp>")
        if i >= 0 and data[i + 11] == 17:
            data[i + 12:i + 29] = b"01 Jan 2025 00:00"
    with open(path, "wb") as f:
        f.write(bytes(data))


def main():
    common.main(13, (g_experiments, g_edc_lab, g_annotation, g_clinical, g_judging, g_quality, g_field, g_stats,
                     g_habits, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            fix_zip(P(f))
        elif f.endswith((".sav", ".dta")):
            fix_stat(P(f))


if __name__ == "__main__":
    sys.exit(main())
