#!/usr/bin/env python3
"""corpus 15: rating files of kinds in none of corpora 4 to 14, for `tapdesk inspect` (seeded).

Kinds: field, experiment and annotation tools (a CommCare form export of IMCI cough classifications by
community health workers and their supervisors on joint visits, with '---' for questions skipped after a
declined consent and an app-version cell full of quotes and commas; an E-Prime E-DataAid export in UTF-16
whose 'Subject' column is the participant rating KDEF faces, with practice trials, timeouts and the
Clock.Information XML cell; a closed card sort export of an intranet with an abandoned participant and
unsorted cards; a Praat 'Down to Table' of a TextGrid with one voice-quality tier per annotator beside a
words tier and a point tier of notes; SummEval-style JSON lines with expert and turker annotation lists
(either); a Weka ARFF file with '?' missing values (either); a secuTrial semicolon export of site vs core-lab
echo readings with mnp* meta columns; a Wildlife Insights images.csv with volunteers' and the computer
vision's identifications, 'Blank' images and file names repeated across cameras); clinical (eTICI grades
'2b50' / '2b67' by the operator and a core lab beside the number of passes; Deauville scores 1-5 and 'X'
under header cells with line breaks beside SUVmax values and Ann Arbor stages; Paris polyp types '0-IIa+IIc'
with one endoscopist dropping the '0-'; IDDSI levels written 'Level 5 - Minced & moist', '5' and 'MM5';
the Penetration-Aspiration Scale per bolus in long form with a residue rating; the Bristol stool chart in
German ('Typ 4') beside the patient's own report; IOTN dental health grades '4d' with the aesthetic
component; FAMACHA eyelid scores beside the PCV; blood bank tube agglutination grades '0' / 'w+' / '4+' /
'mf' / 'H' in ODS; ISCN karyotypes '47,XY,+21' in a comma-separated file; a structured judgement mortality
review with phase scores, 'N/A' and a Hogan avoidability item; the Vanderbilt ADHD scale in Spanish from a
parent (words) and a teacher (codes) with symptom-count rows; Rorschach location and developmental quality
codes 'DdS' / 'v/+' beside the card number); judging and arts (UIL concert and sight-reading divisions in
Roman numerals from two panels with the conference '5A'; a Brazilian referee video test in Portuguese with
technical and disciplinary decisions and the committee's answer; chess move annotations '!?' / '??' beside
an engine evaluation; bull riding with rider and bull marks in quarter points and no-score rides; Harte chord
labels 'A:min/5' with 'N' and 'X'; media bias ratings in long form beside each rater's own political lean);
education and HR (the Chilean teacher evaluation portfolio double correction in Spanish with a third
correction; Fountas & Pinnell reading levels 'Level M' with accuracy and self-correction ratios '1:4';
airline EBT instructor concordance grades per competency with 'NO' and the programme manager's benchmark);
industry QA (lumber grades 'No.2' / '#2' beside a machine E-rating; FGIS grain grades 'U.S. No. 2' / '2' /
'SG'; an SAP QM result list exported 'unconverted' with pipes, dashes and repeated page headers in cp1252);
agriculture, field science and public administration (stripe rust modified Cobb notes '20MS' / 'TR' with
pedigrees and selection histories; soil texture by feel 'SiCL' per horizon 'Bt1' with depth ranges and lab
fractions in ODS; BBCH stages in an Italian vineyard written 'BBCH 65' and 65; River Habitat Survey flow
and substrate codes per spot-check with 'NV' = not visible; PASER road ratings beside last year's rating; a
PIP assessment audit with descriptors '1d' and points); social science, law, libraries and languages
(Manifesto Project codes '202.1' / '000' for German quasi-sentences; Supreme Court Database issue area and
decision direction double coding; Dewey numbers '004.678' typed as numbers by one cataloguer; Persian essay
marks in Persian digits '۳' in a right-to-left sheet; Hindi sentiment labels in Devanagari and English with
19-digit tweet ids; Romanian inspection results with cedilla 'ţ' and comma-below 'ț' spellings; calf health
scores in a German DOS cp850 file); files to refuse (a 96-well plate map, a football league table, a PHQ-9
self-report screening log, a project RAG status tracker, a multiple-choice exam answer sheet with its key).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ15_SEED (default 20261207).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (dimension, bolus, component,
test, phase, item, event, decision, variable, activity, spot-check and attribute, sign); the runner matches
renamed subjects by content. xlsx/ods files are written with fixed zip and document timestamps, so that
re-running gives the same bytes. Needs openpyxl and odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import csv
import datetime as dt
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_ONE, cell, mat, ordmat, P, rand_id, rdi, reading, uniq, write_ods, write_txt,
                    write_xlsx, FIRST)  # noqa: E402

rng = common.init(15, 20261207)
TRUTH = common.TRUTH


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


def near(levels, t, p_off=0.3):
    """a level next to index t with probability p_off."""
    return levels[clamp(t + (rng.choice([-1, 1]) if rng.random() < p_off else 0), 0, len(levels) - 1)]


def transposed(rd):
    return [[r, s, v] for s, r, v in rd]


def full(M, R):
    """M[s][r] = None for every rater r of R that did not rate s."""
    for s in M:
        for r in R:
            M[s].setdefault(r, None)
    return M


def blank(v):
    return "" if v is None else v


def hexs(n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def uuid4():
    return "%s-%s-4%s-%s%s-%s" % (hexs(8), hexs(4), hexs(3), rng.choice("89ab"), hexs(3), hexs(12))


def xl(name, title, rows, merges=(), wrap_row=None, rtl=False, widths=None):
    """write one sheet with openpyxl (optionally wrapped header cells, right-to-left view, merged cells)."""
    from openpyxl.styles import Alignment
    wb, ws = common.workbook(title)
    for r in rows:
        ws.append([None if c == "" else c for c in r])
    for m in merges:
        ws.merge_cells(m)
    if wrap_row:
        for c in ws[wrap_row]:
            c.alignment = Alignment(wrap_text=True, vertical="top")
    if rtl:
        ws.sheet_view.rightToLeft = True
    for col, w in (widths or {}).items():
        ws.column_dimensions[col].width = w
    for row in ws.iter_rows():
        for c in row:
            if isinstance(c.value, dt.datetime):
                c.number_format = "yyyy-mm-dd hh:mm" if c.value.hour or c.value.minute else "yyyy-mm-dd"
    wb.save(P(name))


# ================================================================== A. field, experiment and annotation tools
SW_NAMES = ["Zawadi", "Baraka", "Neema", "Imani", "Amani", "Rehema", "Juma", "Halima", "Faraji", "Upendo", "Tumaini",
            "Saida", "Hamisi", "Mwanaisha"]


def g_platforms():
    k = "platform-export"
    # 1 CommCare form export: CHW and supervisor joint visits, IMCI cough classification
    chws = ["chw_amina", "chw_baraka", "chw_neema", "chw_juma", "chw_rehema", "chw_said"]
    sups = ["sup_joseph", "sup_grace"]
    users = chws + sups
    uid = {u: hexs(32) for u in users}
    cls = ["severe_pneumonia", "pneumonia", "cough_or_cold"]
    treat = {"severe_pneumonia": "refer_urgently", "pneumonia": "amoxicillin_5d", "cough_or_cold": "home_care_advice"}
    app = 'CommCare Android, version "2.53.1"(464694). App v112. CommCare Version 2.53.1. Build 464694, built on: ' \
          '2023-06-12'
    n = 26
    declined = set(rng.sample(range(n), 2))
    S, M, ROLE, recs = [], {}, {}, []
    for i in range(n):
        case = uuid4()
        S.append(case)
        M[case] = {u: None for u in users}
        ROLE[case] = {}
        chw, sup = chws[i % 6], sups[(i // 3) % 2]
        t = rng.choices(range(3), [18, 37, 45])[0]
        hh = "HH-%04d" % rng.randint(1, 2400)
        age = rng.randint(2, 59)
        name = "%s %s." % (rng.choice(SW_NAMES), rng.choice("ABHJKMNRS"))
        ts = dt.datetime(2025, 6, 2, 8) + dt.timedelta(days=i // 3, minutes=rng.randint(0, 240),
                                                       seconds=rng.randint(0, 59))
        days = rng.randint(1, 12)
        for role, u in (("chw", chw), ("supervisor", sup)):
            ok = not (role == "supervisor" and i in declined)
            v = near(cls, t, 0.25) if ok else None
            M[case][u] = v
            ROLE[case][role] = v
            te = ts + dt.timedelta(minutes=rng.randint(6, 19), seconds=rng.randint(0, 59))
            rec = te + dt.timedelta(minutes=rng.randint(2, 300), seconds=rng.randint(0, 59))
            if ok:
                rr = rng.randint(30, 44) + (rng.randint(6, 18) if v != "cough_or_cold" else 0) + (8 if age < 12 else 0)
                ds = "none" if v != "severe_pneumonia" else rng.choice(["none", "unable_to_drink", "lethargic",
                                                                       "unable_to_drink vomits_everything"])
                ci = "yes" if (v == "severe_pneumonia" and rng.random() < 0.7) or \
                    (v == "pneumonia" and rng.random() < 0.2) else "no"
                sig = [days, rr, ci, ds, v, treat[v]]
            else:
                sig = ["---"] * 6
            inst = uuid4()
            recs.append((rec, [name, hh, age, "yes" if ok else "no"] + sig +
                         [case, ts.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "000Z",
                          te.strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "000Z", u, uid[u], inst, app,
                          te.strftime("%Y-%m-%d %H:%M:%S"), ts.strftime("%Y-%m-%d %H:%M:%S"), u,
                          rec.strftime("%Y-%m-%d %H:%M:%S"),
                          "https://www.commcarehq.org/a/imci-pilot/reports/form_data/%s/" % inst]))
            ts = te + dt.timedelta(minutes=rng.randint(15, 90))
    recs.sort(key=lambda x: x[0])
    head = ["number", "form.child_name", "form.household_id", "form.age_months", "form.consent",
            "form.signs.cough_days", "form.signs.resp_rate", "form.signs.chest_indrawing", "form.signs.danger_signs",
            "form.classification", "form.treatment_given", "form.case.@case_id", "form.meta.timeStart",
            "form.meta.timeEnd", "form.meta.username", "form.meta.userID", "form.meta.instanceID",
            "form.meta.appVersion", "completed_time", "started_time", "username", "received_on", "form_link"]
    rows = [head] + [[j + 1] + r for j, (_, r) in enumerate(recs)]
    write_txt("commcare_imci_joint_visits.csv", rows)
    add("commcare_imci_joint_visits.csv", k, "import", reading(S, users, M),
        "a CommCare form export (one row per submitted form): on supervision joint visits a community health "
        "worker and then the supervisor each examine the same child with cough and record the IMCI "
        "classification (form.classification: severe_pneumonia / pneumonia / cough_or_cold, as choice values); "
        "subject = form.case.@case_id (the child's case; the household id and name describe it), rater = "
        "form.meta.username (6 CHWs, 2 supervisors; 'username' repeats it); two caregivers declined the "
        "supervisor's examination (form.consent 'no'): CommCare writes '---' for the questions skipped, no "
        "rating; respiratory rate and cough days are measurements, chest indrawing and danger signs (a "
        "space-separated multi-select) the signs examined, treatment follows from the classification; the role "
        "(CHW / supervisor) as the rater is acceptable too",
        keywords=[r"---", r"consent", r"treatment", r"resp_rate"],
        alts=[alt([[s, r, ROLE[s][r]] for s in S for r in ("chw", "supervisor") if ROLE[s][r] is not None],
                  label="role as the rater")])

    # 2 E-Prime E-DataAid export: participants rate KDEF faces 1-9
    emos = [("AF", "afraid", 3), ("AN", "angry", 2), ("DI", "disgusted", 2), ("HA", "happy", 8), ("NE", "neutral", 5),
            ("SA", "sad", 2), ("SU", "surprised", 6)]
    faces, seen = [], set()
    while len(faces) < 24:
        e = emos[len(faces) % 7]
        f = "%s%02d%sS.JPG" % (rng.choice(["AF", "AM"]), rng.randint(1, 35), e[0])
        if f not in seen:
            seen.add(f)
            faces.append((f, e))
    parts = list(range(1, 13))
    M = {f: {} for f, _ in faces}
    head = ["ExperimentName", "Subject", "Session", "Age", "Handedness", "Sex", "Clock.Information",
            "DataFile.Basename", "Display.RefreshRate", "ExperimentVersion", "Group", "RandomSeed", "RuntimeVersion",
            "SessionDate", "SessionTime", "StudioVersion", "Block", "Procedure[Block]", "Running[Block]", "Trial",
            "Procedure[Trial]", "Running[Trial]", "TrialList", "TrialList.Cycle", "TrialList.Sample", "FaceFile",
            "Emotion", "Fixation.OnsetTime", "Face.OnsetTime", "Face.OnsetDelay", "Rating.RESP", "Rating.RT"]
    rows = [head]
    for p in parts:
        day = dt.date(2025, 3, 10) + dt.timedelta(days=(p - 1) // 3)
        clock = ('<?xml version="1.0"?>\\n<Clock xmlns:dt="urn:schemas-microsoft-com:datatypes"><Description dt:dt='
                 '"string">E-Prime Primary Realtime Clock</Description><StartTime><Timestamp dt:dt="int">0</Timestamp>'
                 '<DateUtc dt:dt="string">%sT%02d:%02d:%02dZ</DateUtc></StartTime><FrequencyChanges><FrequencyChange>'
                 '<Frequency dt:dt="r8">2533203</Frequency><Timestamp dt:dt="r8">0</Timestamp><Current dt:dt="r8">0'
                 '</Current><DateUtc dt:dt="string">%sT%02d:%02d:%02dZ</DateUtc></FrequencyChange></FrequencyChanges>'
                 '</Clock>\\n') % ((day.isoformat(), 8 + p % 6, rng.randint(0, 59), rng.randint(0, 59)) * 2)
        meta = ["FaceValence_v3", p, 1, rng.randint(18, 34), rng.choice(["right", "right", "left"]),
                rng.choice(["female", "male"]), clock, "FaceValence_v3-%d-1" % p, "60.001", "1.0.0.212", 1,
                -rng.randint(100000000, 2147483647), "3.0.3.80", day.strftime("%m-%d-%Y"),
                "%02d:%02d:%02d" % (8 + p % 6, rng.randint(0, 59), rng.randint(0, 59)), "3.0.3.80"]
        onset = rng.randint(12000, 19000)
        trial = 0
        for j in range(3):
            trial += 1
            onset += rng.randint(3500, 6000)
            rows.append(meta + [1, "PracticeProc", "BlockList", trial, "PracticeTrial", "PracticeList", "PracticeList",
                                1, j + 1, "prac_%d.jpg" % (j + 1), "neutral", onset, onset + 500,
                                rng.choice([0, 1, 2, 17]), rng.randint(3, 7), rng.randint(700, 3200)])
        order = rng.sample(faces, len(faces))
        for j, (f, e) in enumerate(order):
            trial += 1
            onset += rng.randint(3500, 6000)
            v = clamp(e[2] + rng.choice([-2, -1, -1, 0, 0, 0, 1, 1]), 1, 9)
            resp, rt = (str(v), rng.randint(600, 3800)) if rng.random() > 0.03 else ("", 0)
            M[f][str(p)] = resp or None
            rows.append(meta + [2, "ExpProc", "BlockList", trial, "FaceTrial", "FaceList", "FaceList", 1,
                                faces.index((f, e)) + 1, f, e[1], onset, onset + 500, rng.choice([0, 1, 2, 17]), resp,
                                rt])
    write_txt("eprime_face_valence_edataaid.txt", enc="utf-16-le", bom=True,
              text="".join("\t".join(str(c) for c in r) + "\r\n" for r in rows))
    F = [f for f, _ in faces]
    PR = [str(p) for p in parts]
    add("eprime_face_valence_edataaid.txt", k, "import", reading(F, PR, full(M, PR)),
        "an E-Prime 3 E-DataAid export (tab-separated Unicode text, UTF-16 with BOM, CRLF): one row per trial; 12 "
        "participants rate the valence of 24 KDEF faces on a 1-9 keypress scale; the 'Subject' column is E-Prime's "
        "participant number (the rater, 1-12), FaceFile the subject, Rating.RESP the rating; the first 3 trials "
        "of each participant are practice (Procedure[Block] PracticeProc, prac_1.jpg ..: not subjects); an empty "
        "Rating.RESP with RT 0 is a timeout (missing); Emotion is the posed expression (the stimulus's label, not "
        "a rating); Clock.Information is an XML blob, onset times and RTs are not ratings; Age, Sex, Session "
        "and Group describe the session", keywords=[r"practice", r"clock", r"emotion"])

    # 3 closed card sort export
    cards = ["Book a meeting room", "Submit an expense claim", "Parental leave policy", "Reset my password",
             "Order a new laptop", "Staff canteen menu", "Payslips", "Pension scheme", "Report a building fault",
             "VPN set-up guide", "Annual leave request", "Travel booking", "Company news", "Christmas party",
             "Fire evacuation plan", "Purchase orders", "Mentoring programme", "Software request", "Car parking",
             "Invoices from suppliers", "Town hall recordings", "Sick leave", "Printer problems", "Volunteering days"]
    cats = ["HR & People", "Finance", "IT & Tools", "Facilities", "News & Events"]
    home = [0, 1, 0, 2, 2, 3, 1, 0, 3, 2, 0, 1, 4, 4, 3, 1, 0, 2, 3, 1, 4, 0, 2, 0]
    parts = ["%d" % (410000 + rng.randint(0, 89999)) for _ in range(14)]
    parts = uniq(parts)[:13]
    aband = parts[9]
    M = {c: {} for c in cards}
    rows = [["Participant ID", "Participant status", "Started at", "Time taken", "Card ID", "Card label",
             "Category label", "Position in category"]]
    t0 = dt.datetime(2025, 2, 17, 9, 3)
    for p in parts:
        t0 += dt.timedelta(minutes=rng.randint(20, 400))
        took = "%02d:%02d" % (rng.randint(4, 16), rng.randint(0, 59))
        done = cards if p != aband else rng.sample(cards, 11)
        unsorted = set(rng.sample(cards, 2)) if p in parts[3:5] else set()
        pos = {c: 0 for c in cats}
        for c in sorted(done, key=lambda x: cards.index(x)):
            if c in unsorted:
                cat = ""
                M[c][p] = None
            else:
                h = home[cards.index(c)]
                cat = cats[h] if rng.random() < 0.75 else rng.choice(cats)
                M[c][p] = cat
                pos[cat] += 1
            rows.append([p, "Abandoned" if p == aband else "Completed", t0.strftime("%d %b %Y %H:%M"),
                         "" if p == aband else took, "C%02d" % (cards.index(c) + 1), c, cat,
                         pos[cat] if cat else ""])
    write_txt("card_sort_closed_intranet.csv", rows)
    full(M, parts)
    rd = reading(cards, parts, M)
    add("card_sort_closed_intranet.csv", k, "import", rd,
        "a closed card sort of an intranet's content (an OptimalSort-style participant export, one row per "
        "participant and card): 13 participants each put 24 cards into one of 5 fixed categories (HR & People / "
        "Finance / IT & Tools / Facilities / News & Events); subject = the card (Card label, or Card ID), rater "
        "= Participant ID (a 6-digit number), rating = Category label; two participants left 2 cards unsorted "
        "(empty category: no rating); one participant abandoned after 11 cards (their placements count; leaving "
        "that participant out is acceptable too); position in category and the times are not ratings",
        keywords=[r"abandon", r"position", r"unsorted"],
        alts=[alt([x for x in rd if x[1] != aband], label="abandoned participant left out")])

    # 4 Praat Down to Table of a TextGrid: one voice-quality tier per annotator
    passage = ("the north wind and the sun were disputing which was the stronger when a traveller came along "
               "wrapped in a warm cloak they agreed that the one who first succeeded in making the traveller take "
               "his cloak off should be considered stronger than the other").split()
    R = ["VQ_LM", "VQ_RB", "VQ_SK"]
    lv = ["modal", "creaky", "breathy", "harsh"]
    t, nuclei, words = 0.412, [], []
    for w in passage[:30]:
        nsyl = max(1, int(round(len(w) / 3.2)))
        w0 = t
        for _ in range(nsyl):
            a = t + rng.uniform(0.03, 0.08)
            b = a + rng.uniform(0.06, 0.16)
            nuclei.append((a, b))
            t = b + rng.uniform(0.02, 0.06)
        words.append((w0, t, w))
        t += rng.choice([0.0, 0.0, 0.0, rng.uniform(0.2, 0.5)])
    M, tab = {}, []
    for j, (a, b) in enumerate(nuclei):
        s = "%.6f" % a
        tr = rng.choices(range(4), [62, 20, 11, 7])[0]
        M[s] = {}
        for i, r in enumerate(R):
            v = lv[tr] if rng.random() < 0.78 else rng.choice(lv)
            if rng.random() < 0.03:
                v = None
            M[s][r] = v
            if v:
                tab.append((a, i + 1, v, b))
    for a, b, w in words:
        tab.append((a, 0, w, b))
    for x in rng.sample(nuclei, 3):
        tab.append((x[1] + 0.01, 4, rng.choice(["laugh", "mic bump", "breath noise"]), x[1] + 0.01))
    tab.sort(key=lambda x: (x[0], x[1]))
    tiers = ["words"] + R + ["notes"]
    text = "tmin\ttier\ttext\ttmax\n" + "".join("%.6f\t%s\t%s\t%.6f\n" % (a, tiers[i], v, b) for a, i, v, b in tab)
    write_txt("praat_voice_quality_tiers.txt", text=text)
    S = ["%.6f" % a for a, _ in nuclei]
    add("praat_voice_quality_tiers.txt", k, "import", reading(S, R, full(M, R)),
        "a Praat TextGrid turned into a table (Down to Table, with tier names; tab-separated: tmin, tier, text, "
        "tmax), one row per labelled interval sorted by time: three annotators each labelled the voice quality "
        "of the same pre-segmented vowel nuclei of a 'North Wind and the Sun' reading on a tier of their own "
        "(VQ_LM, VQ_RB, VQ_SK: modal / creaky / breathy / harsh); an interval an annotator left empty is not in "
        "the table (missing); the 'words' tier is the transcript and 'notes' a point tier (tmin = tmax): neither "
        "is an annotator; subject = the nucleus (its tmin), rater = tier, rating = text",
        keywords=[r"words", r"notes", r"tier"])

    # 5 SummEval-style JSON lines (either)
    models = ["M8", "M11", "M17", "M23"]
    dims = ["coherence", "consistency", "fluency", "relevance"]
    R = ["expert 1", "expert 2", "expert 3"]
    SUMS = ["the bank of england has raised interest rates for the first time in a decade . the rate rises to 0.5 % .",
            "police say a man was arrested after a car crashed into a shop in leeds . no one was hurt .",
            "manchester united beat chelsea 2-1 at old trafford . rashford scored the winner in the 89th minute .",
            "scientists have found water ice on the moon 's south pole . the discovery could help future missions .",
            "a new study says eating late at night is linked to weight gain . researchers followed 1,200 adults ."]
    S, M, lines = [], {}, []
    for d in range(5):
        did = rng.choice(["dm-test-", "cnn-test-"]) + hexs(40)
        for m_ in models:
            q = {x: rng.randint(2, 5) for x in dims}
            ex = []
            for r in R:
                ex.append({x: clamp(q[x] + rng.choice([-1, 0, 0, 0, 1]), 1, 5) for x in dims})
            for x in dims:
                s = "%s | %s | %s" % (did, m_, x)
                S.append(s)
                M[s] = {r: str(ex[i][x]) for i, r in enumerate(R)}
            tk = [{x: clamp(q[x] + rng.choice([-2, -1, 0, 0, 1, 1]), 1, 5) for x in dims} for _ in range(5)]
            lines.append(json.dumps({"id": did, "decoded": SUMS[d] if m_ != "M17" else SUMS[d].split(" . ")[0] + " .",
                                     "expert_annotations": ex, "turker_annotations": tk,
                                     "references": [SUMS[d].replace(" .", ".").capitalize()],
                                     "model_id": m_, "filepath": "cnndm/%s/stories/%s.story" % (
                                         "dailymail" if did.startswith("dm") else "cnn", did.split("-")[-1])},
                                    ensure_ascii=False))
    write_txt("summeval_style_annotations.jsonl", text="\n".join(lines) + "\n")
    add("summeval_style_annotations.jsonl", k, "either", reading(S, R, M),
        "summary evaluation annotations as JSON lines in the SummEval layout: one line per source article (id) "
        "and summarisation model (model_id) with 'expert_annotations', a list of 3 objects (the same 3 expert "
        "annotators in the same order on every line) each scoring coherence, consistency, fluency and relevance "
        "1-5, and 'turker_annotations', 5 crowd workers who differ from line to line (not the same raters); "
        "subject = id + model + dimension, raters = expert 1-3 by position; 'decoded' is the summary text and "
        "'references' the reference summary; reading it is right, refusing the nested format with a clear "
        "message is acceptable", keywords=[r"json", r"nested", r"turker", r"expert"])

    # 6 Weka ARFF (either)
    subs = ["politics", "worldnews", "nba", "AskReddit"]
    texts = ["Oh great, another 'historic' summit. Can't wait.", "The trade went through at 3pm, official now.",
             "Sure, because raising prices always wins customers.", "Lakers by 20 tonight, book it.",
             "What a surprise, the train is late again", "Thanks for the detailed answer, very helpful",
             "Yeah, I totally love waiting 4 hours at the DMV", "Does anyone know a good dentist in Leeds?"]
    S = ["c%s" % rand_id(6, "abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(34)]
    S = uniq(S)[:30]
    R = ["annotator_1", "annotator_2", "annotator_3"]
    lvl = ["sarcastic", "not_sarcastic"]
    M = mat(S, R, lvl, miss=0.06, acc=0.75)
    out = ["% Reddit sarcasm pilot - three annotators, majority label", "% exported from Weka 3.8.6 Explorer",
           "%", "@relation 'reddit_sarcasm_annotations'", "",
           "@attribute comment_id string", "@attribute subreddit {%s}" % ",".join(subs), "@attribute text string"] + \
        ["@attribute %s {sarcastic,not_sarcastic}" % r for r in R] + \
        ["@attribute majority {sarcastic,not_sarcastic}", "", "@data"]
    for s in S:
        vals = [M[s][r] for r in R]
        maj = mode(vals)
        tx = rng.choice(texts).replace("'", "\\'")
        out.append("%s,%s,'%s',%s,%s" % (s, rng.choice(subs), tx, ",".join(v if v else "?" for v in vals), maj))
    write_txt("reddit_sarcasm_weka.arff", text="\n".join(out) + "\n")
    add("reddit_sarcasm_weka.arff", k, "either", reading(S, R, M),
        "a Weka ARFF file: '%' comment lines, @relation, one @attribute line per column (nominal ones list their "
        "values in braces), then @data as comma-separated rows with quoted strings ('\\'' escapes a quote) and "
        "'?' for a missing value; three annotators label Reddit comments sarcastic / not_sarcastic; 'majority' "
        "is derived; subject = comment_id; reading it is right, refusing the format clearly is acceptable",
        keywords=[r"arff", r"majority", r"@attribute"])

    # 7 secuTrial export: site vs core-lab echo reading
    pts = ["ECHO-%04d" % x for x in sorted(rng.sample(range(1000, 1300), 16))]
    ctr = {p: rng.choice([(1, "Bern", "Dr. Keller"), (2, "Lugano", "Dr. Rossi"), (3, "Genève", "Dr. Favre")])
           for p in pts}
    vis = ["Baseline", "Month 6"]
    lv = ["normal", "mildly reduced", "moderately reduced", "severely reduced"]
    ef = {"normal": (52, 66), "mildly reduced": (41, 50), "moderately reduced": (30, 41), "severely reduced": (16, 31)}
    S, M, NAME = [], {}, {}
    recs = []
    doc = 20400
    for p in pts:
        t = rng.choices(range(4), [25, 30, 28, 17])[0]
        for j, v in enumerate(vis):
            s = (p, v)
            S.append(s)
            M[s], NAME[s] = {}, {}
            vdate = dt.date(2024, 1, 8) + dt.timedelta(days=rng.randint(0, 200) + 182 * j)
            for role in ("Site", "Core lab"):
                if role == "Core lab" and rng.random() < 0.07:
                    continue
                val = near(lv, t, 0.3)
                who = ctr[p][2] if role == "Site" else rng.choice(["CL reader 1", "CL reader 2"])
                M[s][role] = val
                NAME[s][who] = val
                lo, hi = ef[val]
                doc += rng.randint(1, 9)
                recs.append([int(p[5:]), p, ctr[p][0], ctr[p][1], 11 + j, v, vdate.isoformat(), doc, 310 + j, 2,
                             (vdate + dt.timedelta(days=rng.randint(0, 30) if role == "Core lab" else 0)).isoformat(),
                             role, who, round(rng.uniform(lo - 2, hi + 2), 1), val, rng.choice(["no", "no", "yes"]),
                             rng.choice(["", "", "poor apical window", "foreshortened A2C", "contrast used"])])
            if rng.random() < 0.3:
                t = max(0, t - 1)
    head = ["mnppid", "mnpaid", "mnpctrid", "mnpctrname", "mnpvisid", "mnpvislabel", "mnpvisfdt", "mnpdocid",
            "mnpdcrid", "mnpfcs0", "echo_date", "reader_role", "reader_name", "lvef_biplane", "lv_function", "rwma",
            "echo_comment"]
    write_txt("secutrial_echo_lvfunction.csv", [head] + recs, delim=";", quoting=csv.QUOTE_NONNUMERIC, nl="\r\n")
    full(M, ["Site", "Core lab"])
    allnames = uniq(n_ for s in S for n_ in NAME[s])
    full(NAME, allnames)
    add("secutrial_echo_lvfunction.csv", k, "import", rdi(S, ["Site", "Core lab"], M),
        "a secuTrial EDC export of an echo form (semicolon-separated, strings quoted, CRLF): the mnp* columns are "
        "secuTrial's meta data (mnppid internal patient number, mnpaid the study id, centre, visit id / label / "
        "date, document and case report ids, completion status); each echo is read at the site and again by the "
        "core lab; lv_function (normal / mildly / moderately / severely reduced) is the reader's visual "
        "category; subject = patient (mnpaid) + visit, rater = reader_role (Site / Core lab); reader_name as the "
        "rater is acceptable too (one site reader per centre, two core lab readers sharing the work); "
        "lvef_biplane (%) is a measurement, rwma (yes/no) another finding, the comment text; two core lab reads "
        "are not done yet", keywords=[r"mnp", r"lvef", r"rwma", r"reader_name"],
        alts=[alt(rdi(S, allnames, NAME), label="reader names as raters")])

    # 8 Wildlife Insights images.csv: volunteers and computer vision
    sp = [("White-tailed Deer", "Mammalia", "Cetartiodactyla", "Cervidae", "Odocoileus", "virginianus"),
          ("Coyote", "Mammalia", "Carnivora", "Canidae", "Canis", "latrans"),
          ("Northern Raccoon", "Mammalia", "Carnivora", "Procyonidae", "Procyon", "lotor"),
          ("Wild Turkey", "Aves", "Galliformes", "Phasianidae", "Meleagris", "gallopavo"),
          ("Eastern Gray Squirrel", "Mammalia", "Rodentia", "Sciuridae", "Sciurus", "carolinensis"),
          ("Mammal", "Mammalia", "", "", "", ""),
          ("Blank", "", "", "", "", "")]
    tax = {x[0]: uuid4() for x in sp}
    spd = {x[0]: x for x in sp}
    names = [x[0] for x in sp]
    vols = ["Maya Brooks", "Luis Ortega", "Hannah Lee"]
    deps = [("Camera_A03", 101), ("Camera_B11", 106)]
    imgs = []
    for dep, n0 in deps:
        for i in range(18):
            imgs.append((uuid4(), dep, "IMG_%04d.JPG" % (n0 + i)))
    M, recs = {}, []
    proj = "2004512"
    for im, dep, fn in imgs:
        tr = rng.choices(names, [30, 10, 12, 8, 10, 0, 30])[0]
        ts = dt.datetime(2025, 4, 1) + dt.timedelta(days=rng.randint(0, 40), seconds=rng.randint(0, 86399))
        M[im] = {v: None for v in vols}
        who = rng.sample(vols, rng.choice([2, 2, 3]))
        ids_ = [(v, tr if rng.random() < 0.8 else rng.choice(["Mammal", "Blank"] + names[:5])) for v in who]
        if rng.random() < 0.85:
            ids_.append(("Computer vision", tr if rng.random() < 0.75 else rng.choice(names)))
        for v, nm in ids_:
            if v in vols:
                M[im][v] = nm
            x = spd[nm]
            recs.append([proj, dep, im, fn, "gs://cameratraps-%s/deployment/%s/%s" % (proj, dep, fn),
                         1 if nm == "Blank" else 0, v, tax[nm] if nm != "Blank" else "", x[1], x[2], x[3], x[4], x[5],
                         nm, "", ts.strftime("%Y-%m-%d %H:%M:%S"), "" if nm == "Blank" else rng.randint(1, 3),
                         "FALSE", "", "", "", "", "", "", "",
                         "%.2f" % rng.uniform(0.45, 0.99) if v == "Computer vision" else "", "CC-BY-4.0"])
    recs.sort(key=lambda r: (r[15], r[6]))
    head = ["project_id", "deployment_id", "image_id", "filename", "location", "is_blank", "identified_by",
            "wi_taxon_id", "class", "order", "family", "genus", "species", "common_name", "uncertainty", "timestamp",
            "number_of_objects", "highlighted", "age", "sex", "animal_recognizable", "individual_id",
            "individual_animal_notes", "behavior", "markings", "cv_confidence", "license"]
    write_txt("wildlife_insights_images.csv", [head] + recs)
    add("wildlife_insights_images.csv", k, "import", reading([i[0] for i in imgs], vols, M),
        "a Wildlife Insights project download (images.csv, one row per identification) after a double-"
        "identification exercise: 2 or 3 of 3 volunteers identify each camera-trap image; subject = image_id "
        "(the file names IMG_0106 .. IMG_0118 occur at both cameras, so the file name alone is not an id), "
        "rater = identified_by, rating = common_name ('Blank' = no animal, and 'Mammal' for an animal not "
        "identified further, are categories); the rows by 'Computer vision' (with cv_confidence) are the "
        "model's predictions, not a rater; the taxonomy columns and wi_taxon_id repeat the species, "
        "number_of_objects is a count, is_blank repeats 'Blank'",
        keywords=[r"computer vision", r"cv_confidence", r"number_of_objects", r"filename"])


# ================================================================== B. clinical
def g_clinical():
    k = "clinical"
    # 9 eTICI by the operator and a core lab, beside the number of passes
    S = ["MT-%03d" % i for i in sorted(rng.sample(range(1, 400), 30))]
    R = ["Operator (end of procedure)", "Core lab reader 1", "Core lab reader 2", "Core lab reader 3"]
    lv = ["0", "1", "2a", "2b50", "2b67", "2c", "3"]
    M = ordmat(S, R, lv, [4, 4, 10, 16, 18, 20, 28], p_off=0.4)
    for s in S:
        i = lv.index(M[s][R[0]])
        if rng.random() < 0.3:
            M[s][R[0]] = lv[min(6, i + 1)]
    rows = [["Case", "Occlusion site", "Device", "Passes"] + R + ["Core lab consensus"]]
    for s in S:
        rows.append([s, rng.choice(["ICA-T", "M1", "M1", "M2", "Basilar"]), rng.choice(["SR", "ADAPT", "Combined"]),
                     rng.choice([1, 1, 2, 2, 3, 4, 5])] + [cell(M[s][r]) for r in R] +
                    [cell(mode([M[s][r] for r in R[1:]]))])
    write_xlsx("etici_core_lab_vs_operator.xlsx", [("eTICI", rows)])
    rd = reading(S, R, M)
    add("etici_core_lab_vs_operator.xlsx", k, "import", rd,
        "reperfusion after stroke thrombectomy graded on the expanded TICI scale (0, 1, 2a, 2b50, 2b67, 2c, 3: "
        "ordered; '2b50' and '2b67' are grades, not numbers with letters to split) by the operator at the end "
        "of the procedure and by three core lab readers from the final angiogram; the operator is a rater too "
        "(leaving the operator out and keeping the core lab is acceptable); the core lab consensus is the "
        "reference; Passes (1-5) is the number of thrombectomy passes, a count that looks like a score; "
        "occlusion site ('M1', 'ICA-T') and device describe the case", keywords=[r"consensus", r"passes"],
        alts=[alt([x for x in rd if x[1] != R[0]], label="core lab only")])

    # 10 Deauville with header cells holding line breaks
    S = ["HL-%03d" % i for i in sorted(rng.sample(range(1, 300), 28))]
    R = ["Local reader\nDeauville", "Central reviewer A\nDeauville", "Central reviewer B\nDeauville"]
    lv = ["1", "2", "3", "4", "5", "X"]
    M = {}
    for s in S:
        t = rng.choices(range(5), [18, 30, 22, 18, 12])[0]
        M[s] = {r: ("X" if rng.random() < 0.04 else near(lv[:5], t, 0.35)) for r in R}
    M[S[3]][R[1]] = "X"
    rows = [["Patient", "Histology", "Ann Arbor stage", "PET-2 date", "SUVmax\nresidual lesion", "SUVmax\nliver",
             "SUVmax\nmediastinum"] + R + ["Consensus DS\n(adjudicated)", "PET-2 result\n(DS 4-5 = positive)"]]
    for s in S:
        vals = [M[s][r] for r in R]
        c = mode([v for v in vals if v != "X"] or ["X"])
        liver = round(rng.uniform(1.6, 2.6), 1)
        les = {"1": 0, "2": 1.2, "3": liver * 0.9, "4": liver * 1.4, "5": liver * 2.8, "X": 2.0}[c]
        rows.append([s, rng.choice(["cHL NS", "cHL NS", "cHL MC", "NLPHL"]),
                     rng.choice(["IIA", "IIB", "IIIA", "IIIB", "IVA", "IVB"]),
                     dt.datetime(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 150)),
                     round(les + rng.uniform(0, 0.4), 1) if les else "", liver, round(rng.uniform(1.2, 1.9), 1)] +
                    [cell(v) for v in vals] + [cell(c), "positive" if c in ("4", "5") else "negative"])
    xl("deauville_interim_pet_review.xlsx", "PET-2 review", rows, wrap_row=1)
    add("deauville_interim_pet_review.xlsx", k, "import", reading(S, R, M),
        "interim PET-CT in Hodgkin lymphoma scored on the Deauville 5-point scale (1-5, and 'X' = new uptake "
        "unlikely to be lymphoma, a category of its own) by the local reader and two central reviewers; the "
        "header cells hold line breaks ('Central reviewer A' + newline + 'Deauville'); the adjudicated consensus "
        "is the reference and 'PET-2 result' is derived from it; the SUVmax values are measurements; the Ann "
        "Arbor stage ('IIB', 'IVA') and histology describe the patient", keywords=[r"consensus", r"suv", r"stage"])

    # 11 Paris classification with and without the '0-' prefix
    S = ["CLIP-%02d" % i for i in range(1, 31)]
    R = ["Endoscopist 1", "Endoscopist 2", "Endoscopist 3", "Endoscopist 4"]
    lv = ["0-Ip", "0-Isp", "0-Is", "0-IIa", "0-IIa+IIc", "0-IIb", "0-IIc", "0-III"]
    M = {}
    for s in S:
        t = rng.choices(range(8), [12, 14, 22, 26, 10, 6, 6, 4])[0]
        M[s] = {r: lv[t] if rng.random() < 0.62 else near(lv, t, 1.0) for r in R}
    rows = [["Clip", "Location", "Size estimate (mm)", "NBI used"] + R + ["Histology", "Resection"]]
    for s in S:
        rows.append([s, rng.choice(["Caecum", "Ascending", "Transverse", "Descending", "Sigmoid", "Rectum"]),
                     rng.choice([4, 6, 8, 10, 12, 15, 20, 25, 30]), rng.choice(["Y", "N"])] +
                    [M[s][r][2:] if r == R[2] else M[s][r] for r in R] +
                    [rng.choice(["TA", "TA", "TVA", "SSL", "HP", "T1 adenocarcinoma"]),
                     rng.choice(["CSP", "EMR", "EMR", "ESD", "Hot snare"])])
    write_txt("paris_classification_polyp_clips.csv", rows)
    add("paris_classification_polyp_clips.csv", k, "import", reading(S, R, M),
        "colorectal lesions on video clips classified by morphology (Paris classification: 0-Ip, 0-Isp, 0-Is, "
        "0-IIa, 0-IIa+IIc, 0-IIb, 0-IIc, 0-III; the '-' and '+' are part of the label) by 4 endoscopists; "
        "Endoscopist 3 leaves out the '0-' ('IIa', 'IIa+IIc': the same types); size estimate (mm) is a "
        "measurement, histology the reference, NBI and resection technique describe the procedure",
        keywords=[r"histology", r"size", r"resection"], aliases={c: [c[2:]] for c in lv})

    # 12 IDDSI levels written three ways
    foods = [("Shepherd's pie (minced)", "Food", "5"), ("Fish pie (pureed)", "Food", "4"),
             ("Chicken casserole", "Food", "6"),
             ("Cottage pie (pureed)", "Food", "4"), ("Scrambled egg", "Food", "5"), ("Macaroni cheese", "Food", "6"),
             ("Tomato soup (smooth)", "Food", "3"), ("Vegetable lasagne", "Food", "7EC"),
             ("Roast beef dinner", "Food", "7"),
             ("Rice pudding", "Food", "5"), ("Fruit mousse", "Food", "4"), ("Sponge and custard", "Food", "6"),
             ("Poached salmon, mash", "Food", "7EC"), ("Porridge", "Food", "4"), ("Lentil dahl", "Food", "5"),
             ("Orange juice (thickened)", "Drink", "2"), ("Tea with milk", "Drink", "0"), ("Milkshake", "Drink", "1"),
             ("Hot chocolate (thickened)", "Drink", "3"), ("Water (thickened, 2 scoops)", "Drink", "2"),
             ("Water (thickened, 4 scoops)", "Drink", "4"), ("Apple juice (thickened)", "Drink", "3"),
             ("Nutritional supplement drink", "Drink", "1"), ("Yoghurt drink", "Drink", "2")]
    order = ["0", "1", "2", "3", "4", "5", "6", "7EC", "7"]
    name = {"0": "Thin", "1": "Slightly thick", "2": "Mildly thick", "5": "Minced & moist", "6": "Soft & bite-sized",
            "7EC": "Easy to chew", "7": "Regular"}
    abbr = {"0": "TN0", "1": "ST1", "2": "MT2", "5": "MM5", "6": "SB6", "7EC": "EC7", "7": "RG7"}
    R = ["SLT 1", "SLT 2", "Dietitian"]
    S = [f for f, _, _ in foods]
    M = {}
    for f, typ, lvl in foods:
        lvs = [x for x in order if (x in ("0", "1", "2", "3", "4") if typ == "Drink" else x in ("3", "4", "5", "6",
                                                                                               "7EC", "7"))]
        t = lvs.index(lvl)
        M[f] = {r: near(lvs, t, 0.3) for r in R}

    def spell(v, typ, how):
        if how == "num":
            return cell(v)
        if v in ("3", "4"):
            nm = {("3", "Drink"): ("Moderately thick", "MO3"), ("3", "Food"): ("Liquidised", "LQ3"),
                  ("4", "Drink"): ("Extremely thick", "EX4"), ("4", "Food"): ("Pureed", "PU4")}[(v, typ)]
        else:
            nm = (name[v], abbr[v])
        return ("Level %s - %s" % (v[0], nm[0])) if how == "label" else nm[1]
    rows = [["IDDSI testing of the ward menu - week 12 (fork pressure / spoon tilt / flow test)"], [],
            ["Menu item", "Type", "Catering label (intended)"] + R + ["Notes"]]
    for f, typ, lvl in foods:
        rows.append([f, typ, spell(lvl, typ, "label")] +
                    [spell(M[f][R[0]], typ, "label"), spell(M[f][R[1]], typ, "num"), spell(M[f][R[2]], typ, "abbr")] +
                    [rng.choice(["", "", "lumps > 4 mm", "separates on plate", "10 mL left after 10 s"])])
    write_xlsx("iddsi_menu_testing.xlsx", [("Week 12", rows)])
    al = {}
    for v in order:
        sp_ = set()
        for typ in ("Food", "Drink"):
            if v in ("3", "4") or typ == "Food":
                sp_ |= {spell(v, typ, "label"), spell(v, typ, "abbr")}
        al[v] = sorted(sp_)
    add("iddsi_menu_testing.xlsx", k, "import", reading(S, R, M),
        "hospital menu items tested against the IDDSI framework by two speech and language therapists and a "
        "dietitian: SLT 1 writes the level with its name ('Level 5 - Minced & moist'; level 3 and 4 are named "
        "'Liquidised' / 'Pureed' for foods and 'Moderately thick' / 'Extremely thick' for drinks: the same "
        "levels), SLT 2 the number (and '7EC'), the dietitian IDDSI's codes ('MM5', 'PU4', 'EC7'); categories 0, 1, "
        "2, 3, 4, 5, 6, 7EC (transitional 'Easy to chew') and 7; a title row and a blank row above the header; "
        "the catering label is what the kitchen intended (the reference, not a rater); notes are text",
        keywords=[r"catering", r"intended", r"notes"], aliases=al)

    # 13 Penetration-Aspiration Scale per bolus, long, with a residue rating
    pts = ["VF-%03d" % i for i in sorted(rng.sample(range(1, 200), 10))]
    bol = ["Thin 5 mL", "Thin 10 mL", "Thin cup sip", "Mildly thick 10 mL", "Puree tsp", "Cracker"]
    R = ["SLT-KM", "SLT-AR", "SLT-JB"]
    res = ["None", "Mild", "Moderate", "Severe"]
    S, M, RES = [], {}, {}
    nt = {p: set(rng.sample(bol[2:], rng.choice([0, 0, 1]))) for p in pts}
    for p in pts:
        sev = rng.choices(range(4), [30, 30, 25, 15])[0]
        for b in bol:
            if b in nt[p]:
                continue
            s = (p, b)
            S.append(s)
            adj = 1 if "Thin" in b else -1 if b in ("Puree tsp", "Cracker") else 0
            base = clamp({0: 1, 1: 2, 2: 5, 3: 7}[sev] + adj, 1, 8)
            M[s] = {r: str(clamp(base + (rng.choice([-1, 1, 2]) if rng.random() < 0.3 else 0), 1, 8)) for r in R}
            RES[s] = {r: near(res, clamp(sev - (1 if "Thin" in b else 0), 0, 3), 0.3) for r in R}
    rows = [["Study ID", "Study date", "Rater", "Bolus", "PAS (1-8)", "Vallecular residue", "Comment"]]
    for r in R:
        for p in pts:
            d = "2025-%02d-%02d" % (rng.randint(1, 5), rng.randint(1, 28))
            for b in bol:
                s = (p, b)
                if b in nt[p]:
                    rows.append([p, d, r, b, "NT", "", "not trialled"])
                else:
                    rows.append([p, d, r, b, int(M[s][r]), RES[s][r],
                                 rng.choice(["", "", "", "", "silent", "cleared with cough", "delayed initiation"])])
    write_txt("vfss_pas_per_bolus_long.csv", rows)
    add("vfss_pas_per_bolus_long.csv", k, "import", rdi(S, R, M),
        "videofluoroscopic swallow studies rated by 3 speech and language therapists in long form (one row per "
        "study, rater and bolus, sorted by rater): the Penetration-Aspiration Scale 1-8 for each bolus (thin 5 "
        "mL, cup sip, puree, cracker ..); 'NT' = not trialled (that bolus was not given: no rating, for every "
        "rater); subject = study + bolus, rater = Rater; the vallecular residue rating (None .. Severe) is a "
        "second scale: reading it as a second item beside the PAS is acceptable; study date and comments are "
        "not ratings", keywords=[r"\bnt\b", r"not trialled", r"residue"],
        alts=[alt(rdi(S, R, M) + [["%s | %s | residue" % s, r, RES[s][r]] for s in S for r in R],
                  label="PAS and residue as items")])

    # 14 Bristol stool chart in German, beside the patient's own report
    S = ["Foto %03d" % i for i in sorted(rng.sample(range(1, 400), 30))]
    R = ["Pflegekraft 1", "Pflegekraft 2", "Pflegekraft 3"]
    lv = [str(i) for i in range(1, 8)]
    M = ordmat(S, R, lv, [8, 12, 18, 25, 17, 12, 8], p_off=0.4)
    SELF = {s: near(lv, lv.index(mode([M[s][r] for r in R])), 0.45) for s in S}
    rows = [["Stuhlbeurteilung nach Bristol-Stuhlformen-Skala - Schulung Station 4B / 5A"],
            ["Foto-Nr.", "Station", "Aufnahme", "Pflegekraft 1", "Pflegekraft 2", "Pflegekraft 3",
             "Selbsteinschätzung Patient", "Referenz (Gastroenterologie)", "Bemerkung"]]
    for s in S:
        rows.append([s, rng.choice(["4B", "5A"]), "%02d.%02d.2025" % (rng.randint(1, 28), rng.randint(1, 6)),
                     "Typ " + M[s][R[0]], int(M[s][R[1]]), "Typ " + M[s][R[2]], "Typ " + SELF[s],
                     "Typ " + mode([M[s][r] for r in R]), rng.choice(["", "", "", "Blut?", "unscharf", "Blitz"])])
    write_xlsx("bristol_stuhlformen_schulung.xlsx", [("Fotos", rows)])
    rd = reading(S, R, M)
    add("bristol_stuhlformen_schulung.xlsx", k, "import", rd,
        "a German nursing training sheet: stool photos classified on the Bristol Stool Form Scale (Typ 1-7) by 3 "
        "nurses (Pflegekraft 1-3); nurses 1 and 3 write 'Typ 4', nurse 2 the number (the same types); the "
        "patient's own report (Selbsteinschätzung Patient) is a different kind of rater (the careful reading "
        "leaves it out; reading it as a fourth rater is acceptable); the gastroenterologist's reference "
        "(Referenz) is not a rater; Station, date (Aufnahme) and the remark are not ratings",
        keywords=[r"selbst", r"referenz", r"bemerkung"], aliases={v: ["Typ " + v] for v in lv},
        alts=[alt(rd + [[s, "Selbsteinschätzung Patient", SELF[s]] for s in S], label="self-report as a rater")])

    # 15 IOTN dental health and aesthetic components
    S = ["ORTH-%03d" % i for i in sorted(rng.sample(range(1, 500), 24))]
    R = ["Examiner 1", "Examiner 2", "Examiner 3"]
    dhc = ["1", "2a", "2c", "2d", "3a", "3c", "3d", "4a", "4c", "4d", "4h", "4t", "5a", "5i", "5p"]
    S2, M = [], {}
    rows = [["Patient", "Age", "Sex"] + sum([["%s DHC" % r, "%s AC" % r] for r in R], []) +
            ["Overjet (mm)", "Gold standard DHC (calibration trainer)"]]
    for s in S:
        t = rng.randrange(len(dhc))
        a = clamp(1 + t * 9 // len(dhc) + rng.choice([-1, 0, 1]), 1, 10)
        M[(s, "DHC")] = {r: dhc[t] if rng.random() < 0.7 else near(dhc, t, 1.0) for r in R}
        M[(s, "AC")] = {r: str(clamp(a + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 1, 10)) for r in R}
        S2 += [(s, "DHC"), (s, "AC")]
        rows.append([s, rng.randint(11, 16), rng.choice(["F", "M"])] +
                    sum([[cell(M[(s, "DHC")][r]), int(M[(s, "AC")][r])] for r in R], []) +
                    [round(rng.uniform(0.5, 9.5), 1), cell(mode([M[(s, "DHC")][r] for r in R]))])
    write_xlsx("iotn_calibration_study_models.xlsx", [("IOTN", rows)])
    add("iotn_calibration_study_models.xlsx", k, "import", rdi(S2, R, M),
        "orthodontic treatment need (IOTN) from study models by 3 examiners: the Dental Health Component grade "
        "with its letter ('4d', '3c', '5i': grade and trait together are the category; '1' alone) and the "
        "Aesthetic Component 1-10 (from the SCAN photographs), two columns per examiner; subject = patient + DHC "
        "/ AC (reading only one of the two components is incomplete); the overjet (mm) is a measurement and the "
        "calibration trainer's gold standard DHC is the reference; age and sex describe the patient",
        keywords=[r"gold standard", r"overjet"])

    # 16 FAMACHA eyelid scores beside the PCV
    S = ["ZA-%04d" % i for i in sorted(rng.sample(range(1, 3000), 32))]
    R = ["Farmer A", "Farmer B", "Vet"]
    lv = ["1", "2", "3", "4", "5"]
    M = ordmat(S, R, lv, [12, 28, 30, 18, 12], p_off=0.4)
    rows = [["Ear tag", "Breed", "Age (months)", "Farmer A", "Farmer B", "Vet", "PCV (%)", "Dewormed"]]
    for s in S:
        t = int(mode([M[s][r] for r in R]))
        pcv = clamp(int(34 - 4.5 * t + rng.uniform(-3, 3)), 8, 38)
        rows.append([s, rng.choice(["Dorper", "Dohne Merino", "Dorper x", "Meatmaster"]), rng.randint(4, 60)] +
                    [int(M[s][r]) for r in R] + [pcv, "Y" if t >= 4 else rng.choice(["N", "N", "Y"])])
    write_txt("famacha_scoring_day.csv", rows)
    add("famacha_scoring_day.csv", k, "import", reading(S, R, M),
        "a FAMACHA training day on a sheep farm: two farmers and the veterinarian score the colour of each "
        "sheep's lower eyelid against the FAMACHA card (1 = red, not anaemic .. 5 = white, severely anaemic); the "
        "packed cell volume (PCV %) from a blood sample is the laboratory measurement, not a rater; age in "
        "months, breed and deworming decision are not ratings", keywords=[r"pcv", r"age", r"dewormed"])

    # 17 blood bank tube agglutination grades, ODS
    samples = ["EQA-25-03 S%d" % i for i in range(1, 6)]
    tests = ["Anti-A", "Anti-B", "Anti-D (1)", "Anti-D (2)", "A1 cells", "B cells", "DAT poly"]
    R = ["BMS Okafor", "BMS Lindgren", "BMS Pereira", "Trainee Haddad"]
    lv = ["0", "w+", "1+", "2+", "3+", "4+"]
    S, M = [], {}
    rows = [["Serology competency - tube technique, reactions graded 0 / w+ / 1+ .. 4+ / mf (mixed field) / H "
             "(haemolysis)"], ["Sample", "Test"] + R + ["Expected"]]
    for smp in samples:
        for te in tests:
            s = (smp, te)
            S.append(s)
            u = rng.random()
            if u < 0.06 or s == (samples[3], "Anti-A"):
                tr = "mf"
            elif u < 0.09:
                tr = "H"
            else:
                tr = rng.choice(["0", "0", "0", "w+", "1+", "2+", "3+", "4+", "4+"])
            M[s] = {}
            for r in R:
                if tr in ("mf", "H"):
                    v = tr if rng.random() < 0.8 else rng.choice(["2+", "w+", "1+"])
                else:
                    v = near(lv, lv.index(tr), 0.3)
                M[s][r] = v
            rows.append([smp, te] + [cell(M[s][r]) for r in R] + [cell(tr)])
    rows += [[], ["Signed off by", "", "Transfusion lab manager"]]
    write_ods("blood_bank_agglutination_grading.ods", [("Tube grading", rows)])
    add("blood_bank_agglutination_grading.ods", k, "import", rdi(S, R, M),
        "a transfusion laboratory competency exercise in ODS: 3 biomedical scientists and a trainee grade the "
        "tube agglutination of 5 EQA samples x 7 tests (forward grouping anti-A / anti-B / anti-D twice, reverse "
        "grouping with A1 and B cells, DAT) as 0, w+ (weak), 1+, 2+, 3+, 4+, 'mf' (mixed field) or 'H' "
        "(haemolysis, a positive reaction): categories ('0' is a number cell among text); subject = sample + "
        "test; 'Expected' is the EQA provider's grade (the reference); a title row above and a sign-off line "
        "below", keywords=[r"expected", r"signed"])

    # 18 ISCN karyotypes with commas inside the cells
    kar = ["46,XX", "46,XY", "47,XY,+21", "47,XX,+21", "45,X", "47,XXY", "47,XX,+18", "46,XY,t(11;22)(q23;q11.2)",
           "46,XX,del(5)(p15.2)", "mos 45,X[12]/46,XX[18]", "46,XY,inv(9)(p12q13)", "47,XY,+13"]
    conf = {"47,XY,+21": "46,XY", "mos 45,X[12]/46,XX[18]": "45,X", "46,XY,t(11;22)(q23;q11.2)": "46,XY",
            "46,XX,del(5)(p15.2)": "46,XX", "46,XY,inv(9)(p12q13)": "46,XY", "47,XX,+18": "47,XX,+21"}
    S = ["Case %d" % i for i in range(1, 16)]
    R = ["Scientist A", "Scientist B", "Scientist C", "Scientist D", "Scientist E"]
    M, TR = {}, {}
    reasons = {"47,XY,+21": "Suspected Down syndrome, hypotonia", "47,XX,+21": "Prenatal, NT 4.1 mm, high risk",
               "45,X": "Short stature, primary amenorrhoea", "mos 45,X[12]/46,XX[18]": "Short stature, delayed puberty",
               "47,XXY": "Infertility (male), azoospermia", "47,XX,+18": "Prenatal, IUGR, clenched hands",
               "47,XY,+13": "Neonate, cleft lip, polydactyly",
               "46,XY,t(11;22)(q23;q11.2)": "Recurrent miscarriage, 3 losses",
               "46,XX,del(5)(p15.2)": "Developmental delay, cat-like cry",
               "46,XY,inv(9)(p12q13)": "Recurrent miscarriage, 2 losses",
               "46,XX": "Developmental delay, dysmorphic features", "46,XY": "Developmental delay, dysmorphic features"}
    for s in S:
        tr = rng.choice(kar)
        TR[s] = tr
        M[s] = {r: tr if rng.random() < 0.85 else conf.get(tr, rng.choice(kar)) for r in R}
    rows = [["Case", "Referral reason", "Tissue", "Cells counted"] + R + ["EQA consensus karyotype", "Comment"]]
    for s in S:
        rows.append([s, reasons[TR[s]], "Amniotic fluid" if reasons[TR[s]].startswith("Prenatal") else
                     rng.choice(["Peripheral blood", "Peripheral blood", "Cord blood"]),
                     rng.choice([20, 30, 30, 50])] + [M[s][r] for r in R] +
                    [TR[s], rng.choice(["", "", "band level 400", "banding quality poor, 350 bphs"])])
    write_txt("karyotype_eqa_iscn.csv", rows)
    add("karyotype_eqa_iscn.csv", k, "import", reading(S, R, M),
        "a cytogenetics external quality assessment round: 5 clinical scientists each report the karyotype of "
        "the same 15 cases in ISCN notation ('47,XY,+21', '46,XY,t(11;22)(q23;q11.2)', 'mos 45,X[12]/46,XX[18]'): "
        "each karyotype is one category; the commas and semicolons are inside quoted CSV fields; the EQA "
        "consensus is the reference, not a rater; referral reason (text with commas), tissue, cells counted and "
        "the comment are not ratings", keywords=[r"consensus", r"referral", r"cells counted"])

    # 19 structured judgement review of deaths: phase scores with N/A, Hogan avoidability
    cases = ["SJR-%04d" % i for i in sorted(rng.sample(range(1, 900), 12))]
    R = ["Dr A. Shah", "Dr L. Brennan"]
    phases = ["Admission and initial management", "Ongoing care", "Care during a procedure", "Perioperative care",
              "End-of-life care", "Overall assessment of care"]
    care = {"1": "1 - Very poor care", "2": "2 - Poor care", "3": "3 - Adequate care", "4": "4 - Good care",
            "5": "5 - Excellent care"}
    hog = {"1": "1 - Definitely avoidable", "2": "2 - Strong evidence of avoidability",
           "3": "3 - Probably avoidable (more than 50:50)",
           "4": "4 - Possibly avoidable but not very likely (less than 50:50)",
           "5": "5 - Slight evidence of avoidability", "6": "6 - Definitely not avoidable"}
    S, M = [], {}
    rows = [["Case ref", "Date of death", "Specialty", "Reviewer", "Phase of care", "Score", "Comments"]]
    na = {c: {"Care during a procedure"} | ({"Perioperative care"} if rng.random() < 0.7 else set()) |
          ({"End-of-life care"} if rng.random() < 0.2 else set()) for c in cases}
    for c in cases:
        q = rng.choices(range(5), [5, 15, 35, 35, 10])[0]
        av = rng.choices(range(6), [2, 4, 8, 15, 25, 46])[0]
        for ph in phases + ["Avoidability of death (Hogan)"]:
            s = (c, ph)
            if ph in na[c]:
                continue
            S.append(s)
            if ph.startswith("Avoid"):
                M[s] = {r: str(near(range(1, 7), av, 0.35)) for r in R}
            else:
                M[s] = {r: str(near(range(1, 6), q, 0.35)) for r in R}
    for c in cases:
        dd = "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 9))
        spc = rng.choice(["Acute medicine", "Respiratory", "General surgery", "Care of the elderly", "Cardiology"])
        for r in R:
            for ph in phases + ["Avoidability of death (Hogan)"]:
                s = (c, ph)
                if ph in na[c]:
                    rows.append([c, dd, spc, r, ph, "N/A", ""])
                else:
                    v = M[s][r]
                    rows.append([c, dd, spc, r, ph, hog[v] if ph.startswith("Avoid") else care[v],
                                 rng.choice(["", "", "", "delay in escalation", "good family communication",
                                             "sepsis six completed within 1 h", "DNACPR discussed early"])])
    write_xlsx("sjr_mortality_review_phases.xlsx", [("Reviews", rows)])
    al = {v: ([care[v]] if v in care else []) + [hog[v]] for v in hog}
    rd = rdi(S, R, M)
    add("sjr_mortality_review_phases.xlsx", k, "import", rd,
        "a structured judgement review (SJR) of in-hospital deaths by two consultant reviewers, long (one row per "
        "case, reviewer and phase): each phase of care is scored 1-5 with the label as the drop-down writes it "
        "('3 - Adequate care'), and a last row per review gives the Hogan avoidability of death 1-6 ('6 - "
        "Definitely not avoidable'): another scale, an item of its own; 'N/A' = the phase did not happen "
        "(no procedure, no operation): no rating; subject = case + phase, rater = Reviewer; date of death, "
        "specialty and comments are not ratings; 'N/A' read as a category is acceptable only if said",
        keywords=[r"n/a", r"not applicable", r"comments"], aliases=al,
        alts=[alt(rd + [["%s | %s" % (c, ph), r, "N/A"] for c in cases for ph in phases if ph in na[c] for r in R],
                  must_note=True, label="N/A as a category")])

    # 20 Vanderbilt ADHD scale in Spanish: parent words, teacher codes, symptom-count rows
    kids = ["F-%03d" % i for i in sorted(rng.sample(range(1, 300), 8))]
    items = ["No presta atención a los detalles", "Le cuesta mantener la atención", "No parece escuchar",
             "No sigue instrucciones", "Le cuesta organizarse", "Evita tareas que requieren esfuerzo mental",
             "Pierde cosas necesarias", "Se distrae fácilmente", "Es olvidadizo", "Mueve manos o pies",
             "Se levanta del asiento", "Corre o trepa en exceso", "Le cuesta jugar en silencio",
             "Actúa como impulsado por un motor", "Habla en exceso", "Responde antes de terminar la pregunta",
             "Le cuesta esperar su turno", "Interrumpe a otros"]
    words = ["Nunca", "Algunas veces", "Con frecuencia", "Con mucha frecuencia"]
    R = ["Padre/Madre", "Maestro/a"]
    S, M = [], {}
    rows = [["Escala de Vanderbilt - versión padres y maestros (ítems 1-18)"],
            ["Folio", "Ítem", "Descripción", "Padre/Madre", "Maestro/a"]]
    for c in kids:
        lvl = rng.choices(range(4), [25, 35, 25, 15])[0]
        cnt = {r: [0, 0] for r in R}
        for i, it in enumerate(items):
            s = (c, str(i + 1))
            S.append(s)
            M[s] = {r: near(range(4), clamp(lvl + rng.choice([-1, 0, 0, 1]), 0, 3), 0.3) for r in R}
            if rng.random() < 0.03:
                M[s]["Padre/Madre"] = None
            for r in R:
                if M[s][r] is not None and M[s][r] >= 2:
                    cnt[r][0 if i < 9 else 1] += 1
            p_ = M[s]["Padre/Madre"]
            rows.append([c, i + 1, it, words[p_] if p_ is not None else "No contestó", M[s]["Maestro/a"]])
        rows.append([c, "", "Síntomas positivos inatención (ítems 1-9)", cnt[R[0]][0], cnt[R[1]][0]])
        rows.append([c, "", "Síntomas positivos hiperactividad (ítems 10-18)", cnt[R[0]][1], cnt[R[1]][1]])
    write_xlsx("vanderbilt_padres_maestros.xlsx", [("Respuestas", rows)])
    for s in S:
        for r in R:
            if M[s][r] is not None:
                M[s][r] = str(M[s][r])
    add("vanderbilt_padres_maestros.xlsx", k, "import", rdi(S, R, M),
        "the Vanderbilt ADHD rating scale in Spanish from a child psychiatry clinic, long (one row per child "
        "(Folio) and item 1-18): the parent's answers transcribed as words (Nunca / Algunas veces / Con frecuencia "
        "/ Con mucha frecuencia) and the teacher's as their codes 0-3 (the same 4 categories); 'No contestó' = "
        "not answered (missing); after each child two rows 'Síntomas positivos ..' count the items scored 2 or 3 "
        "(derived, not items); subject = child + item, raters = Padre/Madre and Maestro/a; the item text "
        "describes the item", keywords=[r"síntomas", r"no contestó", r"descripción"],
        aliases={str(i): [w] for i, w in enumerate(words)})

    # 21 Rorschach location and developmental quality
    prots = ["R%02d" % i for i in range(1, 7)]
    R = ["Scorer A", "Scorer B"]
    locs = ["W", "D", "Dd", "WS", "DS", "DdS"]
    dqs = ["+", "o", "v/+", "v"]
    S, M = [], {}
    rows = [["Protocol", "Resp #", "Card", "Scorer A Loc", "Scorer A DQ", "Scorer B Loc", "Scorer B DQ",
             "Response time (s)"]]
    cards = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"]
    for p in prots:
        n = 0
        for ci, cd in enumerate(cards):
            for _ in range(rng.choice([1, 2, 2, 3])):
                n += 1
                tl = rng.choices(range(6), [35, 35, 12, 8, 5, 5])[0]
                td = rng.choices(range(4), [30, 55, 5, 10])[0]
                sl, sd = (p, str(n), "Loc"), (p, str(n), "DQ")
                S += [sl, sd]
                M[sl] = {r: locs[tl] if rng.random() < 0.85 else rng.choice(locs) for r in R}
                M[sd] = {r: dqs[td] if rng.random() < 0.8 else rng.choice(dqs) for r in R}
                rows.append([p, n, cd, M[sl]["Scorer A"], M[sd]["Scorer A"], M[sl]["Scorer B"], M[sd]["Scorer B"],
                             rng.randint(3, 60)])
    write_txt("rorschach_location_dq_two_scorers.csv", rows)
    add("rorschach_location_dq_two_scorers.csv", k, "import", rdi(S, R, M),
        "Rorschach protocols double-scored (Comprehensive System): for each response two scorers code the "
        "location (W, D, Dd, and with white space WS, DS, DdS) and the developmental quality (+, o, v/+, v: '+' "
        "alone in a cell is a code, not a sign; 'v/+' one code); two columns per scorer; subject = protocol + "
        "response number + Loc / DQ; the Card column (Roman numerals I-X) names the inkblot, not a rating; "
        "response time in seconds is not a rating", keywords=[r"card", r"response time"])


# ================================================================== C. judging and arts
def g_judging():
    k = "judging"
    # 22 UIL concert and sight-reading evaluation: two panels, Roman divisions
    schools = ["Cedar Ridge HS", "Pflugerville HS", "Hendrickson HS", "Vista Ridge HS", "Round Rock HS",
               "Stony Point HS", "Leander HS", "Glenn HS", "Rouse HS", "McNeil HS", "Westwood HS", "Manor HS",
               "Hutto HS", "Weiss HS", "Connally HS"]
    CJ = ["J. Alvarez", "M. Tran", "R. Whitfield"]
    SJ = ["D. Okafor", "L. Brandt", "S. Castillo"]
    rom = ["I", "II", "III", "IV", "V"]
    S, M = [], {}
    rows = [["UIL Region 18 Concert & Sight-Reading Evaluation - Band - Results"], [],
            ["Entry", "School", "Conference", "Classification", "Concert", "", "", "", "Sight-Reading", "", "", "",
             "Award"],
            ["", "", "", ""] + CJ + ["Final"] + SJ + ["Final", ""]]
    dnp = rng.randrange(len(schools))
    for i, sc in enumerate(schools):
        conf = rng.choice(["4A", "5A", "5A", "6A", "6A"])
        cl = rng.choice(["Varsity", "Varsity", "Non-Varsity"])
        if i == dnp:
            rows.append([i + 1, sc, conf, cl] + [""] * 8 + ["Did not perform"])
            continue
        q = rng.choices(range(4), [40, 35, 18, 7])[0]
        sc_c, sc_s = (sc, "Concert"), (sc, "Sight-Reading")
        S += [sc_c, sc_s]
        M[sc_c] = {j: near(rom, q, 0.35) for j in CJ}
        M[sc_s] = {j: near(rom, clamp(q + rng.choice([-1, 0, 0, 1]), 0, 4), 0.3) for j in SJ}
        fc, fs = mode([M[sc_c][j] for j in CJ]), mode([M[sc_s][j] for j in SJ])
        rows.append([i + 1, sc, conf, cl] + [M[sc_c][j] for j in CJ] + [fc] + [M[sc_s][j] for j in SJ] + [fs] +
                    ["Sweepstakes" if fc == fs == "I" else ""])
    xl("uil_concert_sightreading_results.xlsx", "Results", rows, merges=["A1:M1", "E3:H3", "I3:L3"])
    full(M, CJ + SJ)
    add("uil_concert_sightreading_results.xlsx", k, "import", rdi(S, CJ + SJ, M),
        "a UIL (Texas) band Concert & Sight-Reading Evaluation result sheet: each band is rated in Roman "
        "divisions (I = Superior .. V = Poor) by three concert judges and, for the sight-reading performance, by "
        "three other judges; a title row, then two header rows ('Concert' / 'Sight-Reading' merged over the "
        "judges' names and a 'Final' column each: the majority, derived); subject = band + Concert / "
        "Sight-Reading, raters = the six judges (each panel rates only its own performance); Conference ('5A', "
        "'6A': school size) and Classification describe the band, Award follows from the finals; one band did "
        "not perform (no ratings)", keywords=[r"final", r"award", r"conference"])

    # 23 Brazilian referee video test, Portuguese, technical and disciplinary decisions
    clips = ["Clipe %02d" % i for i in range(1, 17)]
    refs = ["R. Souza", "M. Lima", "A. Ferreira", "T. Carvalho", "P. Ribeiro", "C. Almeida", "L. Barbosa", "F. Rocha"]
    tec = ["Pênalti", "Tiro livre direto", "Tiro livre indireto", "Sem infração"]
    dis = ["Sem cartão", "Cartão amarelo", "Cartão vermelho"]
    S, M, KEY = [], {}, {}
    for c in clips:
        tt = rng.choices(tec, [30, 35, 8, 27])[0]
        td = rng.choices(dis, [40, 45, 15])[0] if tt != "Sem infração" else "Sem cartão"
        KEY[c] = (tt, td)
        st, sd = (c, "técnica"), (c, "disciplinar")
        S += [st, sd]
        M[st] = {r: tt if rng.random() < 0.75 else rng.choice(tec) for r in refs}
        M[sd] = {r: td if rng.random() < 0.7 else rng.choice(dis) for r in refs}
    rows = [["Clipe", "Lance (min)", "Árbitro", "Decisão técnica", "Decisão disciplinar", "Confiança (1-5)",
             "Gabarito técnico (Comissão de Arbitragem)", "Gabarito disciplinar (Comissão de Arbitragem)"]]
    for c in clips:
        mn = "%d'" % rng.randint(1, 90)
        for r in refs:
            rows.append([c, mn, r, M[(c, "técnica")][r], M[(c, "disciplinar")][r], rng.randint(2, 5)] + list(KEY[c]))
    write_txt("arbitragem_teste_video_clipes.csv", rows, delim=";", bom=True, nl="\r\n")
    add("arbitragem_teste_video_clipes.csv", k, "import", rdi(S, refs, M),
        "a Brazilian referees' video test (Portuguese, ';'-separated, UTF-8 BOM, CRLF), one row per clip and "
        "referee: each of 8 referees gives the technical decision (Pênalti / Tiro livre direto / Tiro livre "
        "indireto / Sem infração) and the disciplinary decision (Sem cartão / Cartão amarelo / Cartão vermelho) "
        "for 16 match clips; subject = clip + técnica / disciplinar, rater = Árbitro; the 'Gabarito' columns "
        "are the referees' committee's answer key (the reference, repeated on every row), 'Confiança (1-5)' the "
        "referee's confidence (not a rating of the clip), 'Lance (min)' the match minute (\"67'\")",
        keywords=[r"gabarito", r"confiança", r"lance"])

    # 24 chess move annotations beside an engine evaluation
    syms = ["??", "?", "?!", "!?", "!", "!!"]
    eng = ["Blunder", "Mistake", "Inaccuracy", "Good", "Excellent", "Brilliant"]
    R = ["IM Petrova", "GM Halvorsen", "FM Adeyemi"]
    games = [("Round 3: Kowal - Ibarra", "C65"), ("Round 5: Ng - Kowal", "B90"), ("Round 7: Ibarra - Sato", "D37")]
    S, M = [], {}
    rows = [["Game", "ECO", "Move", "Eval before", "Eval after", "Engine classification"] + R]
    for g, eco in games:
        mvs = sorted(rng.sample(range(12, 45), 10))
        for mv in mvs:
            side = rng.choice(["w", "b"])
            pc = rng.choice(["N", "B", "R", "Q", "", "K"])
            m_ = "%s%s%s%d%s" % (pc, "x" if rng.random() < 0.4 else "", rng.choice("abcdefgh"), rng.randint(1, 8),
                                 "+" if rng.random() < 0.2 else "")
            move = ("%d.%s" % (mv, m_)) if side == "w" else ("%d...%s" % (mv, m_))
            t = rng.choices(range(6), [12, 18, 22, 20, 20, 8])[0]
            s = (g, move)
            S.append(s)
            M[s] = {r: syms[t] if rng.random() < 0.6 else near(syms, t, 1.0) for r in R}
            if rng.random() < 0.06:
                M[s][rng.choice(R)] = None
            e0 = rng.uniform(-1.5, 1.5)
            e1 = e0 + [-3.5, -1.4, -0.6, 0.1, 0.3, 1.2][t] * (1 if side == "w" else -1)
            ev = lambda x: "%+.2f" % x
            rows.append([g, eco, move, ev(e0), "#%d" % (-rng.randint(2, 6) if side == "w" else rng.randint(2, 6))
                         if t == 0 and rng.random() < 0.3 else ev(e1), eng[t]] + [blank(M[s][r]) for r in R])
    write_txt("chess_annotation_symbols.csv", rows)
    add("chess_annotation_symbols.csv", k, "import", rdi(S, R, M),
        "three titled players annotate the same 30 critical moves of 3 tournament games with the standard move "
        "symbols ?? (blunder), ? (mistake), ?! (dubious), !? (interesting), ! (good), !! (brilliant): categories "
        "made of punctuation; a blank cell = no symbol given (missing); subject = game + move ('23.Rxe6' for "
        "White, '23...Qd7' for Black: text, not numbers); the engine evaluations ('+1.34', '#-3' = mate) are "
        "measurements and the engine classification (Blunder .. Brilliant) is the machine, not an annotator; "
        "ECO is the opening code", keywords=[r"engine", r"eval", r"eco"])

    # 25 bull riding: rider and bull marks in quarter points, no-score rides
    riders = ["J. Leme", "K. Vieira", "D. Moraes", "C. Lockwood", "S. Beavers", "J. Mauney", "E. Wilson",
              "T. Ramos", "B. Stewart", "M. Santos", "R. Hunt", "A. Crouse", "L. Vitor", "C. Custer"]
    bulls = ["Woopaah", "Smooth Operator", "Ridin' Solo", "Chiseled", "Hellraiser", "Bruiser", "Cowtown Slinger",
             "Big Black", "Shootin' Dice", "Mick E Mouse", "Sweet Pro's Bruiser", "Little Kim", "Red Rum", "Sky Hawk"]
    J = ["Judge 1", "Judge 2", "Judge 3", "Judge 4"]
    S, M = [], {}
    rows = [["Long round - Section 1"], ["Out", "Rider", "Bull", "Stock contractor"] +
            sum([["%s Rider" % j, "%s Bull" % j] for j in J], []) + ["Time", "Score"]]
    for i, (rd_, bl) in enumerate(zip(riders, rng.sample(bulls, len(riders)))):
        out = str(i + 1)
        qualified = rng.random() < 0.65
        qb = rng.uniform(20.5, 23.5)
        qr = rng.uniform(20.5, 23.5)
        sb, sr = (out, "bull"), (out, "rider")
        S += [sr, sb]
        M[sb] = {j: "%g" % (round((qb + rng.uniform(-0.6, 0.6)) * 4) / 4) for j in J}
        M[sr] = {j: ("%g" % (round((qr + rng.uniform(-0.6, 0.6)) * 4) / 4) if qualified else None) for j in J}
        tot = "%.2f" % (sum(float(M[sb][j]) + float(M[sr][j]) for j in J) / 2) if qualified else "NS"
        row = [int(out), rd_, bl, rng.choice(["D&H Cattle", "Chad Berger", "Dakota Rodeo", "Smith Pro Rodeo"])]
        for j in J:
            row += [float(M[sr][j]) if qualified else "", float(M[sb][j])]
        row += [8.0 if qualified else round(rng.uniform(1.2, 7.8), 2), tot]
        rows.append(row)
    write_xlsx("bull_riding_judges_marks.xlsx", [("Section 1", rows)])
    S = [s for s in S if any(v is not None for v in M[s].values())]
    add("bull_riding_judges_marks.xlsx", k, "import", rdi(S, J, M),
        "a bull riding long round: four judges each mark the rider and the bull on 1-25 in quarter points "
        "(22.25, 21.5: numeric marks) for every out; a ride that lasted under 8 seconds gets no rider marks "
        "(blank: the bull is still marked) and the Score 'NS' (no score); Score is the sum of the judges' marks "
        "halved (derived); subject = out + rider / bull, raters = Judge 1-4 (two columns per judge); rider and "
        "bull names and the stock contractor describe the out, Time (s) is a measurement",
        keywords=[r"score", r"time", r"\bns\b"])

    # 26 Harte chord labels by three annotators on the same beat segments
    R = ["annotator_A", "annotator_B", "annotator_C"]
    prog = {"song_017": ["C:maj", "G:maj/3", "A:min", "F:maj", "C:maj/5", "G:7", "C:maj", "F:maj7", "D:min7", "G:7",
                         "E:min", "A:min"],
            "song_042": ["A:min", "F:maj", "C:maj", "G:maj", "A:min", "E:7", "A:min/5", "D:min", "G:maj", "C:maj",
                         "E:7", "A:min"]}
    var = {"C:maj": "C:maj7", "G:maj/3": "G:maj", "A:min": "A:min7", "F:maj": "F:maj7", "C:maj/5": "C:maj",
           "G:7": "G:maj", "F:maj7": "F:maj", "D:min7": "D:min", "E:min": "E:min7", "E:7": "E:maj",
           "A:min/5": "A:min", "D:min": "D:min7", "G:maj": "G:7"}
    S, M = [], {}
    rows = [["song_id", "start", "end"] + R]
    for song, ch in prog.items():
        bpm = rng.choice([84, 96, 108])
        seg = 2 * 60.0 / bpm
        t = rng.uniform(0.3, 1.2)
        seq = ["N"] + [c for c in ch for _ in (0, 1)] + ["N"]
        for c in seq:
            s = (song, "%.3f" % t)
            S.append(s)
            M[s] = {}
            for r in R:
                u = rng.random()
                v = c if u < 0.78 else (var.get(c, c) if u < 0.94 else "X")
                if r == "annotator_B" and v.endswith(":maj"):
                    v = v[:-4]
                M[s][r] = v
            rows.append([song, "%.3f" % t, "%.3f" % (t + seg)] + [M[s][r] for r in R])
            t += seg
    write_txt("chord_annotations_harte.tsv", rows, delim="\t")
    canon = lambda v: v + ":maj" if ":" not in v and v not in ("N", "X") else v
    rd = [["%s | %s" % s, r, canon(M[s][r])] for s in S for r in R]
    add("chord_annotations_harte.tsv", k, "import", [x for x in rd if x[2] != "X"],
        "chord transcriptions of two songs by three annotators on the same two-beat segments (TSV: song_id, "
        "start, end in seconds), in Harte syntax: root:quality with an optional /bass ('C:maj', 'A:min7', "
        "'G:maj/3', 'A:min/5'); annotator_B writes major triads in the short form 'C' (the same chord as "
        "'C:maj'); 'N' = no chord (a category: silence at the start and end); 'X' = the annotator could not "
        "tell the chord (no rating; reading 'X' as a category is acceptable only if said); subject = song + "
        "start", keywords=[r"\bx\b", r"unknown", r"no chord"],
        aliases={c: [c[:-4]] for c in ["C:maj", "G:maj", "F:maj", "E:maj", "A:maj", "D:maj"]},
        alts=[alt(rd, must_note=True, label="'X' as a category")])

    # 27 media bias ratings in long form beside each rater's own lean
    lv = ["Left", "Lean Left", "Center", "Lean Right", "Right"]
    outlets = ["The Daily Ledger", "Capitol Wire", "Heartland Post", "Metro Tribune", "Coastal Courier",
               "The Federalist Review", "Progress Today"]
    heads = ["Senate passes \"historic\" infrastructure bill, 69-30", "Border crossings fall for third month",
             "Opinion: The tax cut nobody asked for", "Governor signs abortion ban; clinics to close",
             "Inflation cools, but grocery prices still bite", "Fact check: what the candidate got wrong",
             "Union vote at plant fails, 'a setback for workers'", "School board bans book, parents divided",
             "Fed holds rates steady, signals cuts later", "Climate protesters block highway, 40 arrested",
             "Police funding rises in 30 big cities", "Supreme Court hears gun case, justices skeptical"]
    arts = ["ART-%04d" % i for i in sorted(rng.sample(range(1, 9999), 24))]
    raters = ["R%03d" % i for i in sorted(rng.sample(range(1, 400), 10))]
    lean = {r: rng.choice(lv) for r in raters}
    M = {}
    for i, a in enumerate(arts):
        t = rng.choices(range(5), [15, 25, 25, 20, 15])[0]
        M[a] = {r: None for r in raters}
        for r in rng.sample(raters, 4) if i >= len(raters) else [raters[i]] + rng.sample(
                [x for x in raters if x != raters[i]], 3):
            M[a][r] = near(lv, t, 0.4)
    rows = [["rating_id", "article_id", "outlet", "headline", "rater_id", "rater_self_reported_bias", "rating",
             "confidence"]]
    recs = []
    for a in arts:
        o, h = rng.choice(outlets), rng.choice(heads)
        for r in raters:
            if M[a][r] is not None:
                recs.append([a, o, h, r, lean[r], M[a][r], rng.randint(1, 5)])
    rng.shuffle(recs)
    rows += [[str(90000 + j)] + x for j, x in enumerate(recs)]
    write_txt("media_bias_blind_ratings.csv", rows)
    add("media_bias_blind_ratings.csv", k, "import", reading(arts, raters, M),
        "a blind media-bias rating exercise in long form (one row per rating, shuffled): articles with the "
        "outlet name hidden from the raters are rated Left / Lean Left / Center / Lean Right / Right by 4 of 10 "
        "raters each; 'rater_self_reported_bias' is each rater's own political lean on the same 5 labels (it "
        "describes the rater, the same on every row of that rater: not a rating of the article); subject = "
        "article_id, rater = rater_id, rating = rating; outlet and headline (commas and quotes) describe the "
        "article, confidence (1-5) is the rater's certainty, rating_id is a row id",
        keywords=[r"self_reported", r"self-reported", r"confidence", r"rating_id"])


# ================================================================== D. education and HR
def g_education():
    k = "education-hr"
    # 28 Chilean teacher evaluation portfolio: double correction, letters, third correction
    lvw = ["Insatisfactorio", "Básico", "Competente", "Destacado"]
    dims = [("Módulo 1", "A. Planificación"), ("Módulo 1", "B. Evaluación"), ("Módulo 1", "C. Reflexión"),
            ("Módulo 2", "D. Ambiente de la clase"), ("Módulo 2", "E. Estructura de la clase"),
            ("Módulo 2", "F. Interacción pedagógica")]
    pool = ["C-0413", "C-0527", "C-0602", "C-0781", "C-0815", "C-0944"]
    ports = ["PF-%06d" % rng.randint(100000, 999999) for _ in range(14)]
    S, POS, PER, TER = [], {}, {}, {}
    rows = [["Centro de Corrección Valparaíso - Portafolio 2024 - Doble corrección"],
            ["Código portafolio", "Nivel / Asignatura", "Módulo", "Dimensión", "Cód. corrector 1", "Corrector 1",
             "Cód. corrector 2", "Corrector 2", "Tercera corrección", "Puntaje dimensión"]]
    for p in ports:
        c1, c2 = rng.sample(pool, 2)
        q = rng.choices(range(4), [12, 38, 40, 10])[0]
        asg = rng.choice(["Educación Básica - Lenguaje", "Educación Básica - Matemática", "Media - Historia",
                          "Media - Ciencias"])
        for mo, d in dims:
            s = (p, d)
            S.append(s)
            a = near(lvw, clamp(q + rng.choice([-1, 0, 0, 1]), 0, 3), 0.3)
            b = a if rng.random() < 0.72 else near(lvw, lvw.index(a), 1.0)
            POS[s] = {"Corrector 1": a, "Corrector 2": b}
            PER[s] = {c1: a, c2: b}
            ter = "" if a == b else rng.choice([a, b])
            TER[s] = ter or None
            final = lvw.index(ter or a) + 1
            rows.append([p, asg, mo, d, c1, a, c2, b[0] if b != "Básico" else "B", ter, float(final)])
    write_xlsx("evaluacion_docente_doble_correccion.xlsx", [("Correcciones", rows)])
    full(PER, pool)
    rd = rdi(S, ["Corrector 1", "Corrector 2"], POS)
    add("evaluacion_docente_doble_correccion.xlsx", k, "import", rd,
        "the Chilean teacher evaluation (Evaluación Docente) portfolio double correction: each portfolio "
        "dimension is rated Insatisfactorio / Básico / Competente / Destacado by two correctors drawn from a "
        "pool of six (their codes in 'Cód. corrector 1' / '2'); Corrector 1 writes the word, Corrector 2 the "
        "initial letter I / B / C / D (the same levels); 'Tercera corrección' is filled only where the two "
        "disagree (an adjudication, not a third rater); 'Puntaje dimensión' (1-4) is derived; subject = "
        "portfolio + dimension, raters = Corrector 1 / Corrector 2; the corrector codes as the raters are "
        "acceptable too; a title row above the header", keywords=[r"tercera", r"puntaje", r"cód"],
        aliases={w: [w[0]] for w in lvw},
        alts=[alt(rdi(S, pool, PER), label="corrector codes as raters"),
              alt(rd + [["%s | %s" % s, "Tercera corrección", TER[s]] for s in S if TER[s]],
                  label="third correction as a rater")])

    # 29 Fountas & Pinnell reading levels from recorded running records
    students = ["%s %s." % (f, l) for f, l in zip(rng.sample(FIRST + ["Zoe", "Theo", "Ava", "Leo", "Mia", "Noah",
                                                                        "Isla", "Eli", "Ruby", "Sam"], 24),
                                                   [rng.choice("ABCDEFGHJKLMNPRSTW") for _ in range(24)])]
    students = uniq(students)
    lv = list("EFGHIJKLMNOPQR")
    R = ["Ms. Ortiz", "Mr. Kim"]
    M = ordmat(students, R, lv, [2, 4, 6, 8, 10, 12, 13, 12, 10, 8, 6, 4, 3, 2], p_off=0.35)
    books = {"H": "Tom's Lost Tooth", "I": "The Big Storm", "J": "Pancakes for Breakfast", "K": "Frog and Toad",
             "L": "Nate the Great", "M": "Henry and Mudge", "N": "Cam Jansen", "O": "Amber Brown", "G": "Our Garden",
             "F": "Little Bear", "E": "The Red Kite", "P": "Stone Fox", "Q": "Ramona", "R": "Wayside School"}
    rows = [["Student", "Class", "Text read (level)", "Accuracy %", "SC ratio", "Fluency (0-3)", "Comprehension",
             "Ms. Ortiz", "Mr. Kim", "Literacy coach (moderation)"]]
    for s in students:
        t = mode([M[s][r] for r in R])
        bk = rng.choice([t, lv[clamp(lv.index(t) - 1, 0, len(lv) - 1)]])
        rows.append([s, rng.choice(["2A", "2B"]), "%s (%s)" % (books[bk], bk), "%d%%" % rng.randint(89, 99),
                     "1:%d" % rng.randint(2, 7), rng.randint(0, 3),
                     rng.choice(["Within", "Beyond", "About", "Within"]), "Level " + M[s][R[0]], M[s][R[1]],
                     "Level " + t])
    write_txt("fountas_pinnell_levels_grade2.csv", rows)
    add("fountas_pinnell_levels_grade2.csv", k, "import", reading(students, R, M),
        "grade 2 reading levels (Fountas & Pinnell text levels A-Z, ordered letters) given by two teachers from "
        "the same recorded running records: Ms. Ortiz writes 'Level M', Mr. Kim the letter alone (the same "
        "levels); the literacy coach's level is the moderation reference; 'Text read (level)' names the book "
        "and its level (not a judgement), accuracy %, the self-correction ratio '1:4' (not a time), fluency 0-3 "
        "and comprehension (Within / Beyond / About the text) are the running record's results, not the "
        "teachers' level ratings", keywords=[r"coach", r"accuracy", r"sc ratio", r"fluency", r"comprehension"],
        aliases={x: ["Level " + x] for x in lv})

    # 30 airline EBT instructor concordance: grades per competency with 'NO', benchmark rows
    comps = ["APK", "COM", "FPA", "FPM", "LTW", "PSD", "SAW", "WLM", "KNO"]
    videos = ["Video 1 - Engine failure after V1", "Video 2 - Unstable approach", "Video 3 - TCAS RA in climb"]
    ins = ["Capt. R. Haas", "Capt. M. Duval", "Capt. S. Okoye", "Capt. J. Lindholm", "F/O T. Sørensen (TRI)",
           "Capt. A. Moretti", "Capt. P. Novak"]
    S, M = [], {}
    rows = [["EBT Instructor Concordance Assurance - Q2 2025 - grading 1 (poor) .. 5 (exemplary), NO = not observed"],
            ["Video", "Instructor", "Fleet"] + comps]
    for v in videos:
        base = {c: rng.choices(range(5), [5, 20, 35, 30, 10])[0] for c in comps}
        nobs = set(rng.sample(comps, 1))
        for c in comps:
            s = (v, c)
            S.append(s)
            M[s] = {}
            for i_ in ins:
                if c in nobs and rng.random() < 0.6:
                    M[s][i_] = "NO"
                else:
                    M[s][i_] = str(near(range(1, 6), base[c], 0.35))
        for i_ in ins:
            rows.append([v, i_, rng.choice(["A320", "A320", "B737"])] +
                        [cell(M[(v, c)][i_]) for c in comps])
        rows.append([v, "Benchmark (EBT programme manager)", ""] + [base[c] + 1 for c in comps])
    write_xlsx("ebt_instructor_concordance.xlsx", [("Concordance", rows)])
    rd = rdi(S, ins, M)
    add("ebt_instructor_concordance.xlsx", k, "import", [x for x in rd if x[2] != "NO"],
        "an airline's evidence-based training (EBT) instructor concordance check: 7 instructors watch the same "
        "3 simulator videos and grade the crew on the 9 ICAO competencies (APK, COM, FPA, FPM, LTW, PSD, SAW, "
        "WLM, KNO) from 1 (poor) to 5 (exemplary); 'NO' = not observed (no grade: missing); one row per video "
        "and instructor (instructors in rows, competencies in columns); the 'Benchmark (EBT programme "
        "manager)' row after each video is the reference grading, not an instructor; subject = video + "
        "competency, rater = Instructor; Fleet describes the instructor; reading 'NO' as a category is "
        "acceptable only if said", keywords=[r"benchmark", r"\bno\b", r"not observed", r"fleet"],
        alts=[alt(rd, must_note=True, label="'NO' as a category")])


# ================================================================== E. industry QA
def g_industry():
    k = "industry-qa"
    # 31 lumber grading: graders, '#2' spellings, machine E-rating
    S = ["P%03d" % i for i in range(1, 31)]
    R = ["Grader 1", "Grader 2", "Grader 3"]
    lv = ["Sel Str", "No.1", "No.2", "No.3", "Econ"]
    M = ordmat(S, R, lv, [12, 25, 35, 20, 8], p_off=0.35)
    g3 = {"Sel Str": "SS", "No.1": "#1", "No.2": "#2", "No.3": "#3", "Econ": "Econ"}
    rows = [["Piece #", "Size", "Length (ft)", "Species group", "Grader 1", "Grader 2", "Grader 3",
             "Quality supervisor", "MSR E (Mpsi)", "Grade-limiting defect (supervisor)"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["2x4", "2x4", "2x6", "2x8", "2x10"]), rng.choice([8, 10, 12, 14, 16]), "SPF",
                     M[s][R[0]], M[s][R[1]], g3[M[s][R[2]]], lv[t], "%.1f" % (2.1 - 0.2 * t + rng.uniform(-0.2, 0.2)),
                     rng.choice(["knot, edge", "wane", "split", "slope of grain", "skip", ""])])
    write_txt("lumber_grading_check.csv", rows)
    add("lumber_grading_check.csv", k, "import", reading(S, R, M),
        "a sawmill's visual grading check (NLGA/WWPA dimension lumber): 3 graders grade the same 30 pieces Sel "
        "Str / No.1 / No.2 / No.3 / Econ; Grader 3 writes the yard shorthand 'SS', '#1', '#2', '#3' (the same "
        "grades); the quality supervisor's grade is the reference; Size ('2x4': nominal dimensions, not a "
        "date or a product) and length describe the piece; the MSR machine's modulus of elasticity E (Mpsi) is "
        "a measurement; the grade-limiting defect is text", keywords=[r"supervisor", r"msr", r"size"],
        aliases={v: [g3[v]] for v in lv if g3[v] != v})

    # 32 FGIS grain grades written three ways
    S = ["YC-%05d" % rng.randint(10000, 99999) for _ in range(26)]
    S = uniq(S)[:24]
    R = ["Inspector A", "Inspector B", "Inspector C"]
    lv = ["U.S. No. 1", "U.S. No. 2", "U.S. No. 3", "U.S. No. 4", "U.S. No. 5", "U.S. Sample Grade"]
    M = ordmat(S, R, lv, [20, 35, 20, 10, 7, 8], p_off=0.3)
    sb = {v: (v[-1] if "No." in v else "SG") for v in lv}
    sc = {v: (v.replace("U.S. No. ", "US No ") if "No." in v else "US SG") for v in lv}
    rows = [["Official grain inspection - corn - inspector proficiency samples (Board of Appeals reference)"],
            ["Sample", "Class", "Test weight (lb/bu)", "Moisture (%)"] + R + ["Board of Appeals and Review"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, "Yellow Corn", round(57.5 - 1.4 * t + rng.uniform(-0.8, 0.8), 1),
                     round(rng.uniform(13.2, 16.8), 1), M[s][R[0]], cell(sb[M[s][R[1]]]), sc[M[s][R[2]]], lv[t]])
    write_xlsx("grain_grading_proficiency.xlsx", [("Corn", rows)])
    add("grain_grading_proficiency.xlsx", k, "import", reading(S, R, M),
        "official US grain inspection proficiency samples: 3 inspectors grade yellow corn U.S. No. 1 .. No. 5 or "
        "U.S. Sample Grade; Inspector A writes the full grade, Inspector B the number (a number cell) or 'SG', "
        "Inspector C 'US No 2' / 'US SG' (the same grades); the Board of Appeals and Review grade is the "
        "reference; test weight and moisture are instrument readings; a title row",
        keywords=[r"board", r"test weight", r"moisture"],
        aliases={v: [sb[v], sc[v]] for v in lv})

    # 33 SAP QM results list exported 'unconverted': pipes, dashes, page headers, cp1252
    probes = list(range(1, 21))
    R = ["MUELLERK", "SCHMIDTA", "YILMAZD"]
    codes = [("01", "Ohne Befund", "A"), ("02", "Kratzer", "R"), ("03", "Delle", "R"), ("04", "Lackfehler", "R"),
             ("05", "Einschluss", "R")]
    M = {}
    for p in probes:
        t = rng.choices(range(5), [50, 15, 12, 15, 8])[0]
        M[p] = {r: codes[t][1] if rng.random() < 0.8 else rng.choice(codes)[1] for r in R}
    lot = "040000%06d" % rng.randint(100000, 999999)
    widths = [12, 5, 7, 24, 9, 4, 8, 4, 22]
    hdr = ["Prüflos", "Probe", "Merkmal", "Kurztext Merkmal", "Prüfer", "Bew.", "Codegr.", "Code", "Kurztext Code"]

    def line(vals):
        return "|" + "|".join(str(v).rjust(w) if isinstance(v, int) else str(v).ljust(w)
                              for v, w in zip(vals, widths)) + "|"
    dash = "-" * len(line(hdr))
    body = []
    for r in R:
        for p in probes:
            c = [x for x in codes if x[1] == M[p][r]][0]
            body.append(line([lot, p, "0010", "Sichtprüfung Oberfläche", r, c[2], "OBERFL", c[0], c[1]]))
    out, page = [], 0
    for i in range(0, len(body), 25):
        page += 1
        out += ["", "19.05.2025" + " " * 20 + "Ergebnisse Prüflos %s - Messsystemanalyse attributiv" % lot +
                " " * 12 + str(page), "", dash, line(hdr), dash] + body[i:i + 25] + [dash]
    out += ["", "Anzahl Sätze: %d" % len(body)]
    write_txt("sap_qm_ergebnisse_liste.txt", text="\r\n".join(out) + "\r\n", enc="cp1252")
    al = {}
    for c in codes:
        al[c[1]] = [c[0], str(int(c[0]))]
    add("sap_qm_ergebnisse_liste.txt", k, "import", reading(probes, R, M),
        "an SAP QM results list saved with 'Local file > unconverted' (German, cp1252, CRLF): a page header "
        "line (date, title, page number) and a dashed header block repeated on every page, rows framed by '|' "
        "with padded cells; an attributive measurement system analysis: 3 inspectors (Prüfer, SAP user names) "
        "each inspect the same 20 parts (Probe 1-20) of one inspection lot for surface defects and record a "
        "code: 01 Ohne Befund (no finding), 02 Kratzer, 03 Delle, 04 Lackfehler, 05 Einschluss (code and short "
        "text are the same category); the valuation 'Bew.' A / R (accept / reject) follows from the code; lot, "
        "characteristic 0010 and code group are the same on every row; 'Anzahl Sätze' is a record count",
        keywords=[r"bew", r"valuation", r"page", r"anzahl"], aliases=al)


# ================================================================== F. agriculture, field science, public bodies
def g_field():
    k = "field-public"
    # 34 stripe rust modified Cobb notes
    notes = ["0", "TR", "5R", "TMR", "5MR", "10MR", "10MS", "20MS", "30MS", "20S", "40S", "60S", "80S", "100S"]
    crosses = ["KACHU/SAUAL//WBLL1", "BORLAUG100 F2014", "PBW343*2/KUKUNA", "MUTUS*2/HARIL #1",
               "FRANCOLIN #1/BAJ #1", "WAXWING*2/TUKURU", "KINGBIRD #1//INQALAB 91*2/TUKURU", "BECARD/QUAIU #1",
               "SUP152/BAJ #1", "ROLF07*2/KINGBIRD #1", "Avocet S (susceptible check)", "Kingbird (resistant check)"]
    entries = [(i + 1, crosses[i % len(crosses)]) for i in range(20)]
    R = ["YR pathologist 1", "YR pathologist 2", "Breeder"]
    S, M = [], {}
    rows = [["Plot", "Rep", "Entry", "Cross / pedigree", "Selection history", "Heading (days)", "Height (cm)"] + R]
    res = {e: (13 if "Avocet" in c else 1 if "Kingbird (" in c else rng.randrange(len(notes))) for e, c in entries}
    plot = 100
    for rep in (1, 2):
        for e, c in rng.sample(entries, len(entries)):
            plot += 1
            s = str(plot)
            S.append(s)
            M[s] = {r: near(notes, res[e], 0.4) for r in R}
            sh = "" if "check" in c else "CMSS%02dY%05dT-099TOPM-099Y-099M-0SY-%dWGY-0B" % (
                rng.randint(10, 16), rng.randint(100, 99999), rng.randint(1, 30))
            rows.append([plot, rep, e, c, sh, rng.randint(68, 86), rng.randint(85, 110)] + [M[s][r] for r in R])
    write_txt("stripe_rust_nursery_notes.csv", rows)
    add("stripe_rust_nursery_notes.csv", k, "import", reading(S, R, M),
        "a wheat stripe (yellow) rust screening nursery, 20 entries in 2 replicates: two pathologists and the "
        "breeder note each plot on the modified Cobb scale as severity % and host response together ('20MS' = "
        "20 % moderately susceptible, 'TR' = trace resistant, 'TMR', '100S', '0': one category each, ordered "
        "roughly by severity); subject = plot; the cross / pedigree ('KACHU/SAUAL//WBLL1', '#1') and the "
        "selection history ('CMSS14Y01234T-099TOPM-...') identify the line, Avocet S and Kingbird are checks "
        "(rated like any plot); heading days and plant height are measurements; Rep and Entry locate the plot",
        keywords=[r"pedigree", r"selection history", r"heading", r"height"])

    # 35 soil texture by feel per horizon, ODS
    tex = ["S", "LS", "SL", "L", "SiL", "SCL", "CL", "SiCL", "SC", "SiC", "C"]
    frac = {"S": (92, 4, 4), "LS": (82, 10, 8), "SL": (65, 22, 13), "L": (42, 38, 20), "SiL": (20, 65, 15),
            "SCL": (60, 12, 28), "CL": (33, 35, 32), "SiCL": (10, 56, 34), "SC": (52, 6, 42), "SiC": (8, 46, 46),
            "C": (20, 20, 60)}
    seqs = [["Ap", "Bt1", "Bt2", "BC", "C"], ["A", "Bw", "C"], ["Ap", "E", "Bt", "C"], ["Ap", "Bw1", "Bw2", "Cg"]]
    profs = ["P%02d" % i for i in range(1, 9)]
    R = ["Surveyor 1", "Surveyor 2", "Surveyor 3"]
    S, M = [], {}
    rows = [["Soil survey field school - texture by feel vs laboratory particle size"], [],
            ["Profile", "Horizon", "Depth (cm)", "Munsell (moist)"] + R + ["Sand %", "Silt %", "Clay %",
                                                                          "Lab texture class"]]
    for p in profs:
        top = 0
        base = rng.randrange(2, 7)
        for j, hz in enumerate(rng.choice(seqs)):
            th = rng.randint(10, 40)
            s = (p, hz)
            S.append(s)
            t = clamp(base + (1 if hz.startswith("B") else 0) + rng.choice([-1, 0, 1]), 0, len(tex) - 1)
            M[s] = {r: near(tex, t, 0.4) for r in R}
            sa, si, cl = frac[tex[t]]
            d = rng.randint(-4, 4)
            rows.append([p, hz, "%d-%d" % (top, top + th), "%s %d/%d" % (rng.choice(["10YR", "7.5YR", "2.5Y"]),
                                                                       rng.randint(3, 6), rng.randint(2, 6))] +
                        [M[s][r] for r in R] + [sa - d, si, cl + d, tex[t]])
            top += th
    write_ods("soil_texture_by_feel.ods", [("Texture", rows)])
    add("soil_texture_by_feel.ods", k, "import", rdi(S, R, M),
        "a soil survey field school in ODS: 3 surveyors estimate the texture class of every horizon by feel, "
        "written as the USDA abbreviations (S, LS, SL, L, SiL, SCL, CL, SiCL, SC, SiC, C); subject = profile + "
        "horizon ('Bt1', 'Cg': the horizon designation names the layer, it is not a rating); depth '0-18' is a "
        "range in cm (not a date), the Munsell colour describes the horizon; sand / silt / clay % and the lab "
        "texture class are the laboratory's (the reference); a title row and a blank row above the header",
        keywords=[r"lab", r"munsell", r"depth"])

    # 36 BBCH stages in an Italian vineyard, 'BBCH 65' vs 65
    blocks = ["Blocco A - Sangiovese", "Blocco B - Sangiovese", "Blocco C - Merlot", "Blocco D - Cabernet S.",
              "Blocco E - Trebbiano", "Blocco F - Vermentino"]
    stages = ["53", "55", "57", "60", "61", "65", "68", "69", "71", "73", "75", "77"]
    dates = [dt.datetime(2025, 5, 12) + dt.timedelta(days=7 * i) for i in range(5)]
    R = ["Rilevatore 1", "Rilevatore 2", "Rilevatore 3"]
    S, M = [], {}
    rows = [["Rilievi fenologici 2025 - vite - scala BBCH (stadio prevalente, 20 germogli per blocco)"],
            ["Blocco", "Data rilievo", "GDD base 10 °C"] + R + ["Note"]]
    for b in blocks:
        st = rng.randint(0, 2)
        gdd = rng.randint(180, 260)
        for d in dates:
            s = (b, d.strftime("%Y-%m-%d"))
            S.append(s)
            M[s] = {r: near(stages, st, 0.35) for r in R}
            rows.append([b, d, gdd] + ["BBCH " + M[s][R[0]], int(M[s][R[1]]), int(M[s][R[2]])] +
                        [rng.choice(["", "", "", "danni da grandine", "peronospora su foglie basse",
                                     "germogli 3/20 secchi"])])
            st = min(len(stages) - 1, st + rng.choice([1, 2, 2, 3]))
            gdd += rng.randint(60, 110)
    write_xlsx("fenologia_vite_bbch.xlsx", [("Rilievi", rows)])
    add("fenologia_vite_bbch.xlsx", k, "import", rdi(S, R, M),
        "grapevine phenology in an Italian estate: three observers (Rilevatore 1-3) note the prevailing BBCH "
        "growth stage of 6 vineyard blocks on 5 weekly dates; Rilevatore 1 writes 'BBCH 65', the others the "
        "number 65 (the same stage; BBCH codes are ordered stage codes, two digits); subject = block + date of "
        "the survey (Data rilievo, a date cell); growing degree days (GDD) is a measurement, the notes "
        "('germogli 3/20 secchi' = 3 of 20 shoots dry) are text; a title row", keywords=[r"gdd", r"note"],
        aliases={v: ["BBCH " + v] for v in stages})

    # 37 River Habitat Survey spot-checks: flow type and substrate, 'NV' = not visible
    sites = ["RHS-%05d" % rng.randint(10000, 39999) for _ in range(4)]
    R = ["JH (accredited)", "PK (accredited)", "AL (trainee)"]
    flows = ["FF", "CH", "BW", "UW", "CF", "RP", "UP", "SM", "NP"]
    subs = ["BE", "BO", "CO", "GP", "SA", "SI", "CL", "PE"]
    S, M = [], {}
    rows = [["Site", "Surveyor", "Attribute"] + ["SC%d" % i for i in range(1, 11)]]
    truth = {}
    for st in sites:
        for att, lv in (("Flow type", flows), ("Channel substrate", subs)):
            for i in range(1, 11):
                s = (st, att, "SC%d" % i)
                S.append(s)
                truth[s] = rng.choices(lv, [1] * len(lv))[0]
                M[s] = {r: truth[s] if rng.random() < 0.75 else rng.choice(lv) for r in R}
                if att == "Channel substrate" and rng.random() < 0.08:
                    M[s][rng.choice(R)] = "NV"
    for st in sites:
        for r in R:
            for att in ("Flow type", "Channel substrate"):
                rows.append([st, r, att] + [M[(st, att, "SC%d" % i)][r] for i in range(1, 11)])
    rows += [[], ["Flow: FF free fall, CH chute, BW broken standing wave, UW unbroken standing wave, CF chaotic, "
                  "RP rippled, UP upwelling, SM smooth, NP no perceptible flow. Substrate: BE bedrock, BO boulder, "
                  "CO cobble, GP gravel/pebble, SA sand, SI silt, CL clay, PE peat. NV = not visible."]]
    write_txt("rhs_spotchecks_three_surveyors.csv", rows)
    rd = rdi(S, R, M)
    add("rhs_spotchecks_three_surveyors.csv", k, "import", [x for x in rd if x[2] != "NV"],
        "River Habitat Survey spot-checks transcribed from the field forms: at 10 spot-checks along each 500 m "
        "site, 3 surveyors (two accredited, one trainee) record the predominant flow type and channel "
        "substrate by their two-letter codes; one row per site, surveyor and attribute with the spot-checks "
        "SC1-SC10 in columns; 'NV' = not visible (the bed could not be seen: no rating); subject = site + "
        "attribute + spot-check, rater = Surveyor; the legend line under a blank row is not data; reading 'NV' "
        "as a category is acceptable only if said", keywords=[r"\bnv\b", r"not visible", r"legend"],
        alts=[alt(rd, must_note=True, label="'NV' as a category")])

    # 38 PASER road ratings beside last cycle's rating
    roads = ["Cedar St", "Maple Ave", "Old Mill Rd", "Township Line Rd", "Oak St", "River Rd", "N 3rd St",
             "Pine Hollow Rd", "County Rd 12", "Elm St", "Lakeview Dr", "School St", "Hillcrest Dr", "Depot St"]
    R = ["Rater 1", "Rater 2", "Rater 3"]
    S, M = [], {}
    rows = [["Road name", "From", "To", "Length (mi)", "Surface"] + R + ["2022 PASER", "Treatment (from rating)"]]
    for i in range(30):
        rd_ = roads[i % len(roads)]
        surf = rng.choice(["Asphalt", "Asphalt", "Asphalt", "Sealcoat", "Gravel"])
        seg = "%s (%d)" % (rd_, i // len(roads) + 1)
        S.append(seg)
        top = 5 if surf == "Gravel" else 10
        t = rng.randint(1, top)
        M[seg] = {r: str(clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 1, top)) for r in R}
        avg = sum(int(M[seg][r]) for r in R) / 3
        trt = ("Routine maintenance" if avg >= 8 else "Capital preventive" if avg >= 5 else "Structural improvement") \
            if surf != "Gravel" else ("Grade" if avg >= 3 else "Add gravel / ditching")
        rows.append([seg, rng.choice(roads), rng.choice(roads), round(rng.uniform(0.1, 1.8), 2), surf] +
                    [int(M[seg][r]) for r in R] + [clamp(t + rng.choice([0, 1, 1, 2]), 1, top), trt])
    write_xlsx("paser_road_ratings_2025.xlsx", [("2025 ratings", rows)])
    add("paser_road_ratings_2025.xlsx", k, "import", reading(S, R, M),
        "a township's pavement condition survey: 3 raters drive every road segment and rate it on PASER "
        "(1 = failed .. 10 = excellent for asphalt and sealcoat; gravel roads on the gravel PASER 1-5); "
        "subject = segment ('Cedar St (1)': the road name with a segment number; From / To are cross streets); "
        "the '2022 PASER' column is the previous survey's rating (another time, not a rater) and the treatment "
        "follows from the ratings; length and surface describe the segment",
        keywords=[r"2022", r"treatment", r"surface"])

    # 39 PIP assessment audit: descriptors and points
    acts = [("1. Preparing food", [0, 2, 2, 2, 4, 8]), ("2. Taking nutrition", [0, 2, 2, 2, 4, 6, 10]),
            ("3. Managing therapy", [0, 1, 1, 2, 4, 6]), ("4. Washing and bathing", [0, 2, 2, 2, 3, 4, 8]),
            ("5. Managing toilet needs", [0, 2, 2, 4, 6, 8]), ("6. Dressing and undressing", [0, 2, 2, 2, 4, 8]),
            ("7. Communicating verbally", [0, 2, 4, 8, 12]), ("8. Reading", [0, 2, 2, 4, 8]),
            ("9. Engaging with others", [0, 2, 4, 8]), ("10. Making budgeting decisions", [0, 2, 4, 6]),
            ("11. Planning and following journeys", [0, 4, 8, 10, 10, 12]),
            ("12. Moving around", [0, 4, 8, 10, 12, 12])]
    claims = ["PIP-%07d" % rng.randint(1000000, 9999999) for _ in range(8)]
    R = ["HP 1", "HP 2"]
    S, M, DM = [], {}, {}
    rows = [["Claim ref", "Component", "Activity", "HP 1 descriptor", "HP 1 points", "HP 2 descriptor", "HP 2 points",
             "DM decision descriptor"]]
    for c in claims:
        sev = rng.random()
        for a, pts in acts:
            s = (c, a)
            S.append(s)
            n_ = int(a.split(".")[0])
            t = clamp(int(sev * len(pts) + rng.choice([-1, 0, 0, 1])), 0, len(pts) - 1)
            M[s] = {r: "%d%s" % (n_, "abcdefg"[clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 0,
                                                       len(pts) - 1)]) for r in R}
            DM[s] = rng.choice([M[s][r] for r in R])
            pt = lambda d: pts["abcdefg".index(d[-1])]
            rows.append([c, "Mobility" if n_ > 10 else "Daily living", a, M[s]["HP 1"], pt(M[s]["HP 1"]),
                         M[s]["HP 2"], pt(M[s]["HP 2"]), DM[s]])
        mine = rows[-12:]
        for comp in ("Daily living", "Mobility"):
            tot = [sum(r_[4 + 2 * j] for r_ in mine if r_[1] == comp) for j in (0, 1)]
            rows.append([c, comp, "Total %s points" % comp.lower(), "", tot[0], "", tot[1], ""])
    write_xlsx("pip_assessment_audit.xlsx", [("Audit", rows)])
    add("pip_assessment_audit.xlsx", k, "import", rdi(S, R, M),
        "a Personal Independence Payment assessment audit: two health professionals assess the same 8 paper "
        "claims and choose a descriptor for each of the 12 activities ('1d', '11b': activity number and "
        "descriptor letter, one category each); the points follow from the descriptor (derived); the decision "
        "maker's descriptor is the reference, not a rater; subject = claim + activity, raters = HP 1 / HP 2; "
        "Component (Daily living / Mobility) groups the activities; two 'Total .. points' rows after each claim "
        "sum the points per component (derived, not activities)",
        keywords=[r"points", r"dm decision", r"total"])


# ================================================================== G. social science, law, libraries, languages
PD = "۰۱۲۳۴۵۶۷۸۹"


def fa(x):
    """Latin digits to Persian digits."""
    return "".join(PD[int(c)] if c.isdigit() else c for c in str(x))


def g_social():
    k = "social-language"
    # 40 Manifesto Project quasi-sentence coding, German
    codes = ["503", "504", "506", "202.1", "201.2", "411", "416.2", "501", "605.1", "601.1", "701", "000", "H"]
    txt = ["Wir wollen, dass jedes Kind die gleichen Chancen hat.", "Die Rente muss für alle sicher sein.",
           "Deshalb investieren wir in Schulen, Kitas und Hochschulen.", "Klimaschutz ist eine Menschheitsaufgabe.",
           "Die Bürgerinnen und Bürger sollen mehr direkt mitentscheiden können.",
           "Innere Sicherheit braucht eine gut ausgestattete Polizei.",
           "Wir stehen für eine „Wirtschaft, die dem Menschen dient“.", "Das ist unser Versprechen.",
           "Gute Arbeit, faire Löhne.", "Wir werden den Ausbau des Glasfasernetzes beschleunigen.",
           "Unsere Heimat, unsere Traditionen, unsere Sprache.", "Die Bahn muss pünktlich werden – überall.",
           "Gemeinsam für ein starkes Land."]
    heads = ["Kapitel 3: Soziale Sicherheit", "Kapitel 4: Zukunft gestalten", "Kapitel 5: Sicher leben"]
    R = ["coder_A", "coder_B"]
    S, M, MASTER = [], {}, {}
    rows = [["manifesto_id", "qs_nr", "text", "coder_A", "coder_B", "master_code"]]
    mid = "41320_202109"
    n = 0
    for h in heads:
        n += 1
        s = str(n)
        S.append(s)
        M[s] = {r: "H" for r in R}
        MASTER[s] = "H"
        rows.append([mid, n, h, "H", "H", "H"])
        for _ in range(rng.randint(10, 13)):
            n += 1
            s = str(n)
            S.append(s)
            t = rng.choices(codes[:-1], [14, 14, 12, 6, 5, 10, 5, 10, 8, 6, 5, 5])[0]
            M[s] = {r: t if rng.random() < 0.68 else rng.choice(codes[:-1]) for r in R}
            MASTER[s] = t
            rows.append([mid, n, rng.choice(txt), M[s]["coder_A"], M[s]["coder_B"], t])
    write_txt("manifesto_qs_coding_de.csv", rows)
    add("manifesto_qs_coding_de.csv", k, "import", reading(S, R, M),
        "Manifesto Project (MARPOR) coding training: two coders assign one category code to each quasi-"
        "sentence of a German party manifesto: three-digit codes ('503', '411'), sub-categories with a decimal "
        "('202.1', '416.2', '605.1': codes, not numbers to round), '000' (no meaningful category) and 'H' for "
        "headings; subject = qs_nr, raters = coder_A / coder_B; master_code is the training master's coding "
        "(the reference); manifesto_id ('41320_202109': party and date) is the same on every row; the text has "
        "commas and German quotes", keywords=[r"master", r"manifesto_id"])

    # 41 Supreme Court Database style double coding
    cases = []
    for y in range(1962, 1972):
        for _ in range(2):
            cases.append("%d-%03d" % (y, rng.randint(1, 160)))
    cases = uniq(cases)
    pet = ["ABBOTT", "BARNES", "CALLAHAN", "DUNCAN", "ELLIS", "FOSTER", "GARNER", "HOLLAND", "IRVING", "JENKINS",
           "KELLER", "LAMONT", "MORALES", "NASH", "OSBORNE", "PRICE", "QUINN", "RAMSEY", "SHELTON", "TALBOT"]
    resp = ["UNITED STATES", "CALIFORNIA", "OHIO", "NEW YORK", "TEXAS", "BOARD OF EDUCATION et al.",
            "NATIONAL LABOR RELATIONS BOARD", "CITY OF CHICAGO", "SMITH, WARDEN", "COMMISSIONER OF INTERNAL REVENUE"]
    names = ["%s v. %s" % (a, rng.choice(resp)) for a in rng.sample(pet, len(pet))]
    R = ["c1", "c2"]
    S, M = [], {}
    rows = [["caseId", "docketId", "usCite", "caseName", "dateDecision", "term", "issueArea_c1", "issueArea_c2",
             "decisionDirection_c1", "decisionDirection_c2", "majVotes", "minVotes"]]
    for c in cases:
        y = int(c[:4])
        ia = rng.choices(range(1, 15), [22, 16, 10, 5, 3, 3, 5, 15, 6, 5, 2, 4, 2, 2])[0]
        ddir = rng.choices(["1", "2", "3"], [40, 55, 5])[0]
        si, sd = (c, "issueArea"), (c, "decisionDirection")
        S += [si, sd]
        M[si] = {r: str(ia) if rng.random() < 0.85 else str(rng.randint(1, 14)) for r in R}
        M[sd] = {r: ddir if rng.random() < 0.88 else rng.choice(["1", "2", "3"]) for r in R}
        maj = rng.randint(5, 9)
        rows.append([c, c + "-01", "%d U.S. %d" % (369 + (y - 1962) * 4 + rng.randint(0, 3), rng.randint(1, 700)),
                     names[cases.index(c) % len(names)], "%d/%d/%d" % (rng.randint(1, 6), rng.randint(1, 28), y + 1), y,
                     int(M[si]["c1"]), int(M[si]["c2"]), int(M[sd]["c1"]), int(M[sd]["c2"]), maj, 9 - maj])
    write_txt("scdb_double_coding_issue_direction.csv", rows)
    add("scdb_double_coding_issue_direction.csv", k, "import", rdi(S, R, M),
        "a reliability check of Supreme Court Database coding: two coders (c1, c2) independently code each "
        "case's issueArea (1-14: criminal procedure, civil rights, First Amendment ..; numeric codes of nominal "
        "categories) and decisionDirection (1 conservative, 2 liberal, 3 unspecifiable); subject = caseId "
        "('1962-045', a term and a number, not a date or a subtraction) + variable, raters = c1 / c2 (the "
        "suffix of the column names); docketId, usCite ('369 U.S. 186'), case name and decision date identify "
        "the case; term is the year; majVotes / minVotes are vote counts (5-9 / 0-4), not ratings",
        keywords=[r"majvotes", r"minvotes", r"term", r"vote"])

    # 42 Dewey numbers, one cataloguer typing them as numbers
    books = [("The Silver Spoon: Italian Regional Cooking", "641.5945", ["641.5945", "641.59", "641.5"]),
             ("Networking Essentials (6th ed.)", "004.6", ["004.6", "004.678", "004.65"]),
             ("Birds of the Pacific Northwest", "598.09795", ["598.09795", "598.0979", "598"]),
             ("The Overstory: a novel", "813.6", ["813.6", "FIC"]),
             ("Becoming (memoir)", "920", ["920", "B", "973.932092"]),
             ("Parenting the Strong-Willed Child", "649.64", ["649.64", "649.1"]),
             ("A Brief History of Time", "523.1", ["523.1", "530.1"]),
             ("Mindfulness for Beginners", "158.12", ["158.12", "158.1", "294.3443"]),
             ("Wolves of Yellowstone", "599.773", ["599.773", "599.77"]),
             ("The Civil War: A Narrative", "973.7", ["973.7", "973.73"]),
             ("Python Crash Course", "005.133", ["005.133", "005.13"]),
             ("Knitting Socks from the Toe Up", "746.432", ["746.432", "746.43"]),
             ("The Road (Cormac McCarthy)", "813.54", ["813.54", "FIC"]),
             ("Introduction to Statistical Learning", "519.5", ["519.5", "006.31"]),
             ("Home Electrical Wiring", "621.31924", ["621.31924", "621.3192"]),
             ("Japanese for Busy People I", "495.6", ["495.6", "495.68"]),
             ("World Atlas of Wine", "641.22", ["641.22", "663.2"]),
             ("Dinosaurs: A Visual Encyclopedia", "567.9", ["567.9", "567.91"]),
             ("The Body Keeps the Score", "616.8521", ["616.8521", "616.85"]),
             ("Raising Backyard Chickens", "636.5", ["636.5", "636.508"]),
             ("Principles of Economics", "330", ["330", "330.1"]),
             ("Interior Design Handbook", "747", ["747", "729"])]
    R = ["Cataloguer 1", "Cataloguer 2", "Cataloguer 3"]
    S, M = [], {}
    rows = [["Copy cataloguing check - branch libraries, batch 7"],
            ["Barcode", "Title", "ISBN"] + R + ["DDC in CIP data", "Call number (spine)"]]
    for title, cip, opts in books:
        bc = "3123400%07d" % rng.randint(0, 9999999)
        S.append(bc)
        M[bc] = {r: cip if rng.random() < 0.6 else rng.choice(opts) for r in R}
        isbn = "978-%d-%03d-%05d-%d" % (rng.randint(0, 1), rng.randint(0, 999), rng.randint(0, 99999),
                                        rng.randint(0, 9))
        v2 = M[bc][R[1]]
        v2 = v2 if not v2.replace(".", "").isdigit() else (float(v2) if "." in v2 else int(v2))
        rows.append([bc, title, isbn, M[bc][R[0]], v2, M[bc][R[2]], cip,
                     "%s %s" % (M[bc][R[0]], rng.choice(["SMI", "JON", "LEE", "GAR", "MCC"]))])
    write_xlsx("dewey_copy_cataloguing_check.xlsx", [("Batch 7", rows)])
    add("dewey_copy_cataloguing_check.xlsx", k, "import", reading(S, R, M),
        "a library's copy cataloguing check: 3 cataloguers assign a Dewey Decimal Classification number to the "
        "same 22 books ('641.5945', '004.6', 'FIC' for fiction shelving, 'B' for biography: each number is a "
        "class, a category); Cataloguer 2 typed the numbers into Excel as numbers, so '004.6' became 4.6 and "
        "'005.133' 5.133 (the same classes; the leading zeros are lost in the cells); the DDC in the book's CIP "
        "data is the reference and the call number is derived from Cataloguer 1; barcodes (14-digit text) are "
        "the subjects, ISBN and title describe the book; a title row",
        keywords=[r"cip", r"call number", r"isbn"])

    # 43 Persian essay marks with Persian digits, right-to-left sheet
    S = [fa(1403000 + rng.randint(100, 999)) for _ in range(28)]
    S = uniq(S)[:24]
    R = ["مصحح ۱", "مصحح ۲", "مصحح ۳"]
    lv = ["1", "2", "3", "4", "5"]
    M = ordmat(S, R, lv, [8, 20, 32, 26, 14], p_off=0.35)
    rows = [["تصحیح انشا - پایه نهم - نوبت دوم ۱۴۰۳ (نمره کلی ۱ تا ۵)"],
            ["شماره دانش‌آموز", "کلاس"] + R + ["نمره نهایی (از ۲۰)"]]
    for s in S:
        avg = sum(int(M[s][r]) for r in R) / 3 * 4
        fin = "%g" % (round(avg * 4) / 4)
        rows.append([s, fa(rng.choice(["901", "902", "903"])), fa(M[s][R[0]]), int(M[s][R[1]]), fa(M[s][R[2]]),
                     fa(fin).replace(".", "٫")])
    xl("persian_essay_marking.xlsx", "انشا", rows, rtl=True)
    add("persian_essay_marking.xlsx", k, "import", reading(S, R, M),
        "Persian (Farsi) essay marking in a right-to-left sheet: three markers (مصحح ۱ .. ۳) give each ninth-"
        "grade essay a holistic mark 1-5; markers 1 and 3 typed Persian digits ('۳', text cells), marker 2 "
        "Latin digits (number cells): the same marks; student numbers are Persian-digit text ('۱۴۰۳۴۵۶'), the "
        "class too; the final mark out of 20 ('۱۵٫۲۵' with the Persian decimal separator) is derived; a title "
        "row; the header 'شماره دانش‌آموز' has a zero-width non-joiner", keywords=[r"نهایی", r"کلاس"],
        aliases={v: [fa(v)] for v in lv})

    # 44 Hindi sentiment labels in Devanagari and English, 19-digit tweet ids
    hi = ["सकारात्मक", "नकारात्मक", "तटस्थ"]
    en = {"सकारात्मक": "positive", "नकारात्मक": "negative", "तटस्थ": "neutral"}
    tw = ["यह फिल्म बहुत अच्छी थी, must watch!", "सरकार ने फिर से दाम बढ़ा दिए 😡", "कल मैच है, देखते हैं क्या होता है",
          "Service बहुत खराब है, कोई जवाब नहीं देता", "शानदार प्रदर्शन, पूरी टीम को बधाई 🎉",
          "बारिश की वजह से ट्रेन लेट है", "नया फोन ठीक-ठाक है, battery अच्छी है पर camera औसत",
          "\"अच्छे दिन\" कब आएंगे?"]
    S = ["%d" % rng.randint(1500000000000000000, 1799999999999999999) for _ in range(30)]
    R = ["annotator_1", "annotator_2", "annotator_3"]
    M = mat(S, R, hi, acc=0.7)
    rows = [["tweet_id", "created_at", "text", "annotator_1", "annotator_2", "annotator_3", "script"]]
    for s in S:
        rows.append([s, "2024-%02d-%02d %02d:%02d" % (rng.randint(1, 12), rng.randint(1, 28), rng.randint(0, 23),
                                                     rng.randint(0, 59)), rng.choice(tw), M[s][R[0]],
                     en[M[s][R[1]]], M[s][R[2]], rng.choice(["Devanagari", "mixed"])])
    write_txt("hindi_tweet_sentiment.csv", rows)
    add("hindi_tweet_sentiment.csv", k, "import", reading(S, R, M),
        "Hindi and code-mixed tweets labelled for sentiment by 3 annotators (UTF-8): annotators 1 and 3 write "
        "the labels in Devanagari (सकारात्मक / नकारात्मक / तटस्थ), annotator 2 in English (positive / negative / "
        "neutral: the same categories); tweet_id is a 19-digit id (must stay exact: as a float it would lose "
        "its last digits and ids would merge); created_at and the script column are not ratings; the text "
        "has commas, quotes and emoji", keywords=[r"script", r"created_at"],
        aliases={h: [en[h]] for h in hi})

    # 45 Romanian inspections with cedilla and comma-below spellings
    units = ["SC Bistro Dunărea SRL", "Cofetăria Ștefan", "Restaurant La Cetate", "Pizzeria Tineretului",
             "Cantina Școlii Gimnaziale nr. 5", "Fast-food Piața Unirii"]
    crit = ["Igiena personalului", "Curățenie și dezinfecție", "Trasabilitatea produselor", "Temperatura de depozitare",
            "Controlul dăunătorilor", "Apa potabilă", "Gestionarea deșeurilor", "Instruirea personalului"]
    lv = ["Conform", "Parțial conform", "Neconform"]
    R = ["Inspector 1 (dr. Popescu)", "Inspector 2 (dr. Ionescu)"]
    S, M = [], {}
    ced = lambda x: x.replace("ț", "ţ").replace("ș", "ş").replace("Ț", "Ţ").replace("Ș", "Ş")
    rows = [["Unitate", "Criteriu", R[0], R[1], "Observații"]]
    for u in units:
        q = rng.choices(range(3), [55, 30, 15])[0]
        for c in crit:
            s = (u, c)
            S.append(s)
            M[s] = {r: near(lv, q, 0.35) for r in R}
            if rng.random() < 0.05:
                M[s][R[1]] = None
            rows.append([u, c, M[s][R[0]], ced(M[s][R[1]]) if M[s][R[1]] else "Neevaluat",
                         rng.choice(["", "", "", "lipsă termometru", "registru incomplet", "recontrol în 30 de zile"])])
    write_txt("inspectii_dsvsa_doi_inspectori.csv", rows, delim=";")
    add("inspectii_dsvsa_doi_inspectori.csv", k, "import", rdi(S, R, M),
        "Romanian food-safety inspection checklists (';'-separated, UTF-8): two inspectors assess the same 6 "
        "food businesses on 8 criteria as Conform / Parțial conform / Neconform; Inspector 2's laptop writes "
        "the legacy cedilla letters ('Parţial conform' with ţ U+0163) where Inspector 1 writes the comma-below "
        "letters ('Parțial conform' with ț U+021B): the same category; 'Neevaluat' = not assessed (missing); "
        "subject = unit + criterion; observations are text", keywords=[r"neevaluat", r"observa"],
        aliases={"Parțial conform": ["Parţial conform"]})

    # 46 calf health scores in a German DOS cp850 file
    calves = ["DE 05 %03d %05d" % (rng.randint(100, 999), rng.randint(10000, 99999)) for _ in range(12)]
    signs = ["Nasenausfluß", "Augenausfluß", "Ohrhaltung", "Husten"]
    R = ["Tierärztin Dr. Köhler", "Landwirt Bäuerle", "Studentin Jünger"]
    S, M = [], {}
    rows = [["Kalb-Nr.", "Geb.-Datum", "Beurteiler"] + signs + ["Rektaltemp. (°C)", "Gesamtpunkte"]]
    temp = {c: round(rng.uniform(38.2, 40.1), 1) for c in calves}
    born = {c: "%02d.%02d.2025" % (rng.randint(1, 28), rng.randint(1, 3)) for c in calves}
    for c in calves:
        sick = rng.choices(range(4), [40, 30, 20, 10])[0]
        for sg in signs:
            s = (c, sg)
            S.append(s)
            M[s] = {r: str(near(range(4), clamp(sick + rng.choice([-1, 0, 0]), 0, 3), 0.3)) for r in R}
    for r in R:
        for c in calves:
            t = temp[c]
            tp = 0 if t < 38.3 else 1 if t < 38.9 else 2 if t < 39.4 else 3
            sc = [int(M[(c, sg)][r]) for sg in signs]
            rows.append([c, born[c], r] + sc +
                        [("%.1f" % t).replace(".", ","), sum(sc) + tp])
    write_txt("kaelber_gesundheitsscore_dos.csv", rows, delim=";", enc="cp850", nl="\r\n")
    add("kaelber_gesundheitsscore_dos.csv", k, "import", rdi(S, R, M),
        "calf respiratory health scoring (Wisconsin scheme, German) exported from an old DOS herd program in "
        "code page 850 (ß, ä, ö, ü and ° as DOS bytes; ';'-separated, CRLF): a vet, the farmer and a student "
        "each score 12 calves 0-3 for nasal discharge, eye discharge, ear position and cough; one row per calf "
        "and scorer (sorted by scorer); subject = calf (ear tag 'DE 05 123 45678', with spaces) + sign, rater = "
        "Beurteiler; the rectal temperature (decimal comma, measured once) is a measurement and Gesamtpunkte "
        "the derived total including temperature points; the birth date is not a rating",
        keywords=[r"temp", r"gesamt", r"geb"])


# ================================================================== H. files to refuse
def g_refuse():
    k = "refuse"
    # 47 a 96-well plate map
    samples = ["S%03d" % i for i in range(1, 37)]
    layout = ["Std %d" % i for i in range(1, 8)] + ["Blank"] + samples + ["QC low", "QC high"]
    rows = [["ELISA IL-6 - plate 3 - layout (duplicates side by side)"], [""] + list(range(1, 13))]
    k_ = 0
    for r_ in "ABCDEFGH":
        row = [r_]
        for c in range(6):
            v = layout[k_] if k_ < len(layout) else ""
            k_ += 1
            row += [v, v]
        rows.append(row)
    rows += [[], ["Std 1 = 300 pg/mL, 1:2 serial dilutions; Blank = diluent; read at 450 nm / 570 nm"]]
    write_xlsx("elisa_plate_map.xlsx", [("Plate 3", rows)])
    add("elisa_plate_map.xlsx", k, "refuse", None,
        "a 96-well ELISA plate map: rows A-H x columns 1-12 with the sample, standard, blank or QC placed in "
        "each well (in duplicate) and a legend line: a grid of labels, but a layout, nobody rated anything",
        keywords=[r"no ratings", r"not a rating", r"plate", r"layout"] + KW_ONE)

    # 48 a football league table
    teams = ["Ashford Town", "Bexley United", "Crayford Athletic", "Dartford Rovers", "Erith & Belvedere",
             "Farnborough",
             "Gravesend Borough", "Hythe Town", "Isle of Sheppey", "Kent Wanderers", "Lydd Town", "Maidstone Athletic",
             "New Romney", "Orpington", "Paddock Wood", "Rochester City", "Sevenoaks Town", "Tonbridge Park"]
    tab = []
    for t in teams:
        w, d = rng.randint(4, 20), rng.randint(2, 10)
        l_ = 34 - w - d
        gf, ga = rng.randint(25, 75), rng.randint(25, 75)
        tab.append([t, 34, w, d, l_, gf, ga, gf - ga, 3 * w + d, "".join(rng.choice("WDL") for _ in range(5))])
    tab.sort(key=lambda x: (-x[8], -x[7]))
    rows = [["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "Pts", "Form"]] + \
        [[i + 1] + x for i, x in enumerate(tab)]
    write_txt("league_table_final.csv", rows)
    add("league_table_final.csv", k, "refuse", None,
        "a football league's final table (position, team, played, won, drawn, lost, goals, points, last five "
        "results 'WWDLW'): results, not ratings",
        keywords=[r"no ratings", r"not a rating", r"count", r"result"] + KW_ONE)

    # 49 a PHQ-9 self-report screening log
    rows = [["Patient ID", "Date", "Q1", "Q2", "Q3", "Q4", "Q5", "Q6", "Q7", "Q8", "Q9", "Total", "Severity",
             "Difficulty"]]
    sevs = [(4, "Minimal"), (9, "Mild"), (14, "Moderate"), (19, "Moderately severe"), (27, "Severe")]
    for i in range(40):
        lvl = rng.choices(range(4), [35, 35, 20, 10])[0]
        it = [clamp(lvl + rng.choice([-1, 0, 0, 1]), 0, 3) for _ in range(9)]
        tot = sum(it)
        rows.append(["MRN%06d" % rng.randint(100000, 999999),
                     "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 9))]
                    + it + [tot, [x[1] for x in sevs if tot <= x[0]][0],
                            rng.choice(["Not difficult at all", "Somewhat difficult", "Very difficult"])])
    write_xlsx("phq9_screening_log.xlsx", [("PHQ-9", rows)])
    add("phq9_screening_log.xlsx", k, "refuse", None,
        "a primary care PHQ-9 screening log: each patient answered the 9 items about themselves (0-3), with the "
        "total, severity band and difficulty: self-report, one answer per patient and item; no one rates a "
        "common subject (patients are not raters of the items)",
        keywords=[r"no ratings", r"not a rating", r"self-report", r"questionnaire", r"one answer"] + KW_ONE)

    # 50 a project RAG status tracker
    ws_ = ["Data migration", "Payroll integration", "Training", "Cutover planning", "Reporting", "Security review",
           "Vendor contracts", "Change management", "Testing (SIT)", "Testing (UAT)", "Infrastructure", "Comms"]
    weeks = ["W%02d" % i for i in range(14, 30)]
    rows = [["Programme Phoenix - weekly RAG status"], ["Workstream", "Owner"] + weeks + ["Current", "Comment"]]
    for w in ws_:
        st, seq = rng.choice("GGA"), []
        for _ in weeks:
            st = rng.choice([st, st, st, "G", "A", "R"]) if st != "C" else "C"
            if rng.random() < 0.04:
                st = "C"
            seq.append(st)
        rows.append([w, rng.choice(FIRST)] + seq + [seq[-1], rng.choice(["", "resourcing gap", "awaiting vendor"])])
    rows += [[], ["G = on track, A = at risk, R = off track, C = complete"]]
    write_xlsx("programme_rag_status_tracker.xlsx", [("RAG", rows)])
    add("programme_rag_status_tracker.xlsx", k, "refuse", None,
        "a programme's weekly RAG status tracker: one status (G / A / R / C) per workstream and week, set by its "
        "owner, with a legend: a time series of one person's status per row, no two raters judging the same "
        "thing", keywords=[r"no ratings", r"not a rating", r"status", r"tracker", r"time"] + KW_ONE)

    # 51 a multiple-choice exam answer sheet with the key
    nq = 25
    key = [rng.choice("ABCD") for _ in range(nq)]
    rows = [["Student ID"] + ["Q%d" % i for i in range(1, nq + 1)] + ["Score"], ["KEY"] + key + [nq]]
    for i in range(32):
        ab = rng.uniform(0.4, 0.95)
        ans = [key[j] if rng.random() < ab else rng.choice("ABCD") for j in range(nq)]
        if rng.random() < 0.2:
            ans[rng.randrange(nq)] = ""
        rows.append(["%08d" % rng.randint(20000000, 29999999)] + ans + [sum(a == b for a, b in zip(ans, key))])
    write_txt("mcq_exam_answer_sheet.csv", rows)
    add("mcq_exam_answer_sheet.csv", k, "refuse", None,
        "an optical-mark exam export: each student's answer A-D to 25 multiple-choice questions, a KEY row and "
        "the score: test answers (right or wrong against the key), not judgements of common subjects by raters; "
        "students x questions with letters only looks like a rating table",
        keywords=[r"no ratings", r"not a rating", r"answer", r"key", r"exam", r"test"] + KW_ONE)


def main():
    common.main(15, (g_platforms, g_clinical, g_judging, g_education, g_industry, g_field, g_social, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            common.fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
