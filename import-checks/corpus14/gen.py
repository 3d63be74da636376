#!/usr/bin/env python3
"""corpus 14: rating files of kinds in none of corpora 4 to 13, for `tapdesk inspect` (seeded).

Kinds: survey, EDC and qualitative-analysis tools (a Qualtrics legacy export with the V1 .. V10 code row above
the question-text row, Status 1 survey previews and an unfinished response; a Norwegian Nettskjema export with
'$submission_id' columns and 'Vet ikke' (don't know); a Viedoc Clinic workbook with a README sheet and one
sheet per form, investigator vs central RANO response; Dedoose excerpts double-coded by three coders with
'Code: X Applied' True/False columns and a Resource Creator; an ATLAS.ti quotation manager export merged from
two coders' projects with 'ID' 3:12 and group-prefixed codes; a Datavyu spreadsheet export with a primary and
a reliability column in 'column.onset' form with HH:MM:SS:mmm times and a free-text comment column);
clinical scales (Tanner stages written 'B3' / 'PH4' by one endocrinologist and '3' by the other beside the
child's self-assessment and testicular volume; Mallampati written 'Class II' / '2' / 'II' beside a
Cormack-Lehane grade; Modified Ashworth '1+' per muscle and side in ODS with Tardieu angles; Norwood-Hamilton
'IIIa' / 'III vertex'; Spetzler-Martin components and grade per neurosurgeon; Child-Pugh 'A5' / 'B (8)' with
MELD and laboratory values; Salter-Harris Roman types with 'Not physeal' beside a radiologist's report; NYHA
with 'II-III' intermediate classes beside KCCQ, 6MWD and NT-proBNP; subarachnoid haemorrhage graded on
Hunt-Hess, WFNS and modified Fisher under merged neurosurgeon headers; Fazekas periventricular / deep scores
in long form beside an automated lesion volume; DSM-5 / ICD-10-CM diagnoses by two clinicians, code with text
and code alone, beside a MINI diagnosis and a list of additional diagnoses; Lauren types beside the WHO type);
judging (an ISDS sheepdog trial with one row per run and judge, section points, 'RET' runs and Aggregate
rows; KCBS barbecue scorecards by table seat with 3-digit box numbers, DQ scores of 1 and weighted totals;
a poetry slam with five audience judges' 0.0-10.0 scores, dropped high / low and time penalties; BJCP
scoresheets with judge ranks, consensus scores and places); education and HR (a Moodle rubric report with
level cells 'Good (3)', first and second markers and moderator rows; CLASS K-3 double-coding with cycles,
Primary / Reliability roles and Average rows; an assessment centre ORCE matrix with assessors' named columns
left blank for exercises they did not observe and a wash-up rating); industry QA (a call-centre calibration
export in long form with Yes / No / N/A answers, a calibration expert and TOTAL SCORE rows; weld radiograph
interpretation by Level II interpreters with indication text and a Level III decision; USDA cotton classing
with colour grades '31-1' and leaf grades beside the HVI instrument; tea auction tasting notes with leaf grades
'BP1' / 'PF1' in the catalogue and valuations in US cents); NLP labels (an NER span agreement table with '—'
for a span an annotator did not mark and a match-type column; aspect-based sentiment where one annotator
writes 'mixed' for 'conflict' beside the SemEval gold; toxicity labels each followed by the worker's
confidence and a Perspective score; SWBD-DAMSL dialogue acts with '%', '+', 'b^r'); field and environment
(CoralWatch health chart codes 'B1' .. 'E6' for the lightest and darkest area of each coral by volunteers;
Beaufort force estimates by bridge officers, one writing 'F5', beside the anemometer; cloud genera 'Cu',
'Sc', 'Cb' per layer by three observers beside the official SYNOP; trail condition per segment and attribute
in ODS; otolith ages with 'unreadable' and readability codes beside an agreed age); file habits (raters in
rows with an image-name row and a body-site row above them, a LibreOffice flat ODS .fods, a CSV with a
summary block of kappa and category counts under the data, specimen numbers written '1,204' with thousands
separators, likelihood categories stored as percent-formatted cells 0.25 = '25%'); files to refuse (a ward
shift rota with E / L / N / OFF codes per nurse and day, an annotation team's timesheet, a randomisation
list, a barbecue contest's entry list with Y / N per category, item descriptive statistics of a scale, a GPS
track of the trail survey).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ14_SEED (default 20261206).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (event, code area,
component, muscle and side, scale, section, criterion, cycle and dimension, exercise and competency,
question, segment, attribute, aspect, layer, lightest / darkest); the runner matches renamed subjects by
content. xlsx/ods files are written with fixed zip and document timestamps, so that re-running gives the same
bytes. Needs openpyxl and odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import html
import os
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_LAYOUT, KW_ONE, mat, ordmat, P, rand_id, rdi, reading, uniq, write_ods,
                    write_txt, write_xlsx, write_xlsx2, FIRST)  # noqa: E402

rng = common.init(14, 20261206)
TRUTH = common.TRUTH
LOWER = string.ascii_lowercase + string.digits
ALNUM = string.ascii_letters + string.digits


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


def transposed(rd):
    return [[r, s, v] for s, r, v in rd]


def col_letter(n):
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def near(levels, t, p_off=0.3):
    """a level next to index t with probability p_off."""
    return levels[clamp(t + (rng.choice([-1, 1]) if rng.random() < p_off else 0), 0, len(levels) - 1)]


def blank(v):
    return "" if v is None else v


# ================================================================== A. survey, EDC and qualitative tools
def g_platforms():
    k = "platform-export"
    # 1 Qualtrics legacy export: V1..V10 code row, then the question-text row
    slides = ["Slide %02d" % i for i in range(1, 13)]
    names = rng.sample(FIRST, 8)
    lv = ["1", "2", "3", "4", "5"]
    M = ordmat(slides, names, lv, [8, 17, 30, 28, 17], p_off=0.4)
    unfinished = names[5]
    for s in slides[7:]:
        M[s][unfinished] = None
    q2 = "How would you rate the staining quality of each slide? (1 = unusable, 5 = excellent)-"
    h1 = ["V%d" % i for i in range(1, 11)] + ["Q1"] + ["Q2_%d" % i for i in range(1, 13)] + \
        ["Q3", "LocationLatitude", "LocationLongitude", "LocationAccuracy"]
    h2 = ["ResponseID", "ResponseSet", "Name", "ExternalDataReference", "EmailAddress", "IPAddress", "Status",
          "StartDate", "EndDate", "Finished", "Your name"] + [q2 + s for s in slides] + \
        ["Any comments on the slide set?", "LocationLatitude", "LocationLongitude", "LocationAccuracy"]
    rows = [h1, h2]
    t = dt.datetime(2016, 3, 14, 8, 40)
    prev = {s: rng.choice(lv) for s in slides}
    order = [("preview", "test")] + [("r", n) for n in names[:4]] + [("preview", "Test again")] + \
        [("r", n) for n in names[4:]]
    for typ, n in order:
        t += dt.timedelta(minutes=rng.randint(30, 900), seconds=rng.randint(0, 59))
        end = t + dt.timedelta(minutes=rng.randint(6, 25), seconds=rng.randint(0, 59))
        fin = "0" if n == unfinished else "1"
        if typ == "preview":
            vals = [prev[s] for s in slides]
            ip, st = "", "1"
        else:
            vals = [blank(M[s][n]) for s in slides]
            ip, st = "129.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255), rng.randint(1, 254)), "0"
        rows.append(["R_" + rand_id(15, ALNUM), "Default Response Set", "Anonymous", "", "", ip, st,
                     t.strftime("%Y-%m-%d %H:%M:%S"), end.strftime("%Y-%m-%d %H:%M:%S"), fin, n] + vals +
                    [rng.choice(["", "", "Slide 9 has folds", "Good set"]) if typ == "r" else "",
                     "%.6f" % rng.uniform(51.3, 51.6) if ip else "", "%.6f" % rng.uniform(-0.3, 0.1) if ip else "",
                     "-1"])
    write_txt("qualtrics_legacy_staining_quality.csv", rows)
    rd = reading(slides, names, M)
    add("qualtrics_legacy_staining_quality.csv", k, "import", rd,
        "a Qualtrics export in the legacy format (before 2017): row 1 holds the codes V1 .. V10, Q1, Q2_1 .. "
        "Q2_12, row 2 the field names and question texts ('...-Slide 01'); 8 pathologists (Q1 'Your name') rate "
        "12 slides 1-5; two rows with Status 1 are survey previews ('test', 'Test again': not raters, leave them "
        "out); one pathologist stopped after 7 slides (Finished 0: the answers given count); IP address, "
        "dates, location and the comment are not ratings; subjects are the Q2 columns, raters the respondents",
        keywords=KW_LAYOUT + [r"preview", r"status"],
        alts=[alt(transposed(rd), must_note=True, label="transposed")])
    TRUTH["qualtrics_legacy_staining_quality.csv"]["wrong_keywords"] = [r"preview", r"status"]

    # 2 Nettskjema (University of Oslo) export in Norwegian, 'Vet ikke'
    clips = ["lydklipp_%02d" % i for i in range(1, 17)]
    ther = ["Ingrid H.", "Kari N.", "Ole M.", "Siri B.", "Thomas L.", "Åse R."]
    lv = ["Ingen", "Mild", "Moderat", "Alvorlig"]
    M = ordmat(clips, ther, lv, [25, 35, 25, 15], p_off=0.4)
    dk = rng.sample([(c, r) for c in clips for r in ther], 6)
    head = ["$submission_id", "$created", "$answer_time_ms", "navn", "arbeidssted"] + clips + ["kommentar"]
    rows = [head]
    t = dt.datetime(2025, 9, 1, 10)
    for r in ther:
        t += dt.timedelta(hours=rng.randint(2, 40), minutes=rng.randint(0, 59), seconds=rng.randint(0, 59))
        rows.append([str(rng.randint(31000000, 31999999)), t.strftime("%Y-%m-%dT%H:%M:%S"),
                     str(rng.randint(400000, 2400000)), r, rng.choice(["Statped", "OUS Rikshospitalet",
                                                                       "Privat praksis"])] +
                    ["Vet ikke" if (c, r) in dk else M[c][r] for c in clips] +
                    [rng.choice(["", "", "Klipp 7 hadde mye støy", "Vanskelig å høre på klipp 12"])])
    write_txt("nettskjema_hypernasalitet.csv", rows, bom=True)
    full = [[c, r, "Vet ikke" if (c, r) in dk else M[c][r]] for c in clips for r in ther]
    rd = [x for x in full if x[2] != "Vet ikke"]
    add("nettskjema_hypernasalitet.csv", k, "import", rd,
        "a Nettskjema export (Norwegian, UTF-8 BOM): $submission_id, $created, $answer_time_ms, then questions by "
        "their external ids: 'navn' (name: the speech therapist), 'arbeidssted' (workplace), one column per "
        "speech clip (lydklipp_01 ..) with hypernasality Ingen / Mild / Moderat / Alvorlig, and 'kommentar'; "
        "'Vet ikke' (don't know) is no rating (missing); reading it as a category is acceptable only if said; "
        "subjects are the clip columns, raters the submissions",
        keywords=[r"vet ikke", r"don't know", r"unknown"] + KW_LAYOUT,
        alts=[alt(full, must_note=True, label="'Vet ikke' as a category"),
              alt(transposed(rd), must_note=True, label="transposed")])

    # 3 Viedoc workbook: README, then one sheet per form (investigator / central RANO)
    subs = ["SE-%02d-%03d" % (rng.choice([1, 2, 4]), rng.randint(1, 60)) for _ in range(20)]
    subs = uniq(subs)[:14]
    evs = [("V3", "Week 8"), ("V5", "Week 16"), ("V7", "Week 24")]
    lv = ["CR", "PR", "SD", "PD", "NE"]
    forms = [("RANOINV", "RANO assessment - investigator"), ("RANOCEN", "RANO assessment - central review")]
    S, M = [], {}
    for u in subs:
        tr = rng.choices(range(4), [8, 25, 40, 27])[0]
        for eid, en in evs:
            s = (u, en)
            S.append(s)
            M[s] = {}
            for f, _ in forms:
                v = near(lv[:4], tr, 0.3)
                M[s][f] = "NE" if rng.random() < 0.04 else v
            if rng.random() < 0.25:
                tr = min(3, tr + 1)
    gone = rng.sample(S, 2)
    for s in gone:
        M[s]["RANOCEN"] = None
    readme = [["Viedoc export"], [], ["Study", "GLIO-2 (Phase II)"], ["Export created", "2025-06-02 07:45 UTC"],
              ["Exported by", "data.manager@cro.example"], ["Output format", "Excel (one sheet per form)"],
              ["Include", "Form data; Events; not: Audit trail, Queries, Review status"],
              ["Sites", "All"], ["Time zone", "UTC"], [],
              ["Sheet", "Description"], ["Events", "Event dates"],
              ["RANOINV", "RANO assessment - investigator"], ["RANOCEN", "RANO assessment - central review"]]
    meta = ["SiteSeq", "SiteName", "SiteCode", "SubjectSeq", "SubjectId", "EventSeq", "EventId", "EventName",
            "EventDate", "ActivityId", "FormId", "FormName", "FormSeq", "OriginFormId", "EditedBy", "EditedDate",
            "DesignVersion"]
    items = ["ASSDAT", "TLSPD", "NTLRESP", "NEWLES", "STEROID", "OVRESP"]
    site = {1: "Karolinska", 2: "Sahlgrenska", 4: "Skåne University Hospital"}
    sheets = [("README", readme)]
    ev_rows = [["SubjectId", "EventId", "EventName", "EventDate", "EventStatus"]]
    edates = {}
    for u in subs:
        d0 = dt.date(2024, 9, 1) + dt.timedelta(days=rng.randint(0, 120))
        for j, (eid, en) in enumerate(evs):
            edates[(u, en)] = d0 + dt.timedelta(days=56 * (j + 1) + rng.randint(-3, 3))
            ev_rows.append([u, eid, en, edates[(u, en)].isoformat(), "Completed"])
    sheets.append(("Events", ev_rows))
    for f, fname in forms:
        rows = [meta + items]
        users = ["Dr E. Lind", "Dr M. Berg"] if f == "RANOINV" else ["Central Reader 2"]
        for u in subs:
            sn = int(u[3:5])
            for j, (eid, en) in enumerate(evs):
                v = M[(u, en)][f]
                if v is None:
                    continue
                ed = dt.datetime.combine(edates[(u, en)], dt.time(0)) + dt.timedelta(days=rng.randint(1, 9),
                                                                                      hours=rng.randint(8, 17))
                rows.append([sn, site[sn], "%02d" % sn, subs.index(u) + 1, u, j + 3, eid, en,
                             edates[(u, en)].isoformat(), "ASSESS", f, fname, 1, "", rng.choice(users),
                             ed.strftime("%Y-%m-%d %H:%M"), "3.1",
                             edates[(u, en)].isoformat(), round(rng.uniform(-60, 80), 1),
                             rng.choice(["Stable", "Stable", "Improved", "Worse", "Not evaluable"]),
                             "Yes" if v == "PD" and rng.random() < 0.6 else "No",
                             rng.choice(["Stable or decreased", "Increased"]), v])
        sheets.append((f, rows))
    write_xlsx("viedoc_export_GLIO2_RANO.xlsx", sheets)
    add("viedoc_export_GLIO2_RANO.xlsx", k, "either", rdi(S, ["RANOINV", "RANOCEN"], M),
        "a Viedoc Clinic Excel export: a README sheet (study, export time, options, list of sheets), an Events "
        "sheet, then one sheet per form with the same meta columns (SiteSeq .. DesignVersion) and the item ids: "
        "RANOINV (site investigator) and RANOCEN (central neuro-radiology review) give the RANO overall response "
        "OVRESP (CR / PR / SD / PD / NE) per subject and event; the careful reading combines the two form sheets "
        "(subject = SubjectId + EventName, rater = form); TLSPD (% change), NTLRESP, NEWLES, STEROID and "
        "EditedBy (who typed it) are not the rating; 2 central reviews are not done yet; refusing with a word "
        "that the raters are in separate sheets is acceptable",
        keywords=[r"readme", r"sheets", r"one (sheet|rater)", r"form"])

    # 4 Dedoose excerpts, double coded
    codes = ["Barrier", "Facilitator", "Neutral", "Not relevant"]
    coders = ["lmoreno", "kpatel", "jchen"]
    media = ["Interview_%s.docx" % x for x in ["CHW01", "CHW02", "CHW04", "CHW07", "CHW09"]]
    S, M, excerpt = [], {}, {}
    texts = ["We walk two hours to the clinic and sometimes the nurse is not there.",
             "The phone reminders really help, mothers come back on time.",
             "I just record the weight, that is all.", "My supervisor visits every month and checks the registers.",
             "There is no transport money, so we stopped the home visits.", "The weather was hot that day.",
             "People trust us because we are from the village.", "Stock-outs of the test kits, again and again."]
    for m_ in media:
        pos = rng.randint(100, 400)
        for _ in range(5):
            ln = rng.randint(80, 600)
            s = (m_, "%d-%d" % (pos, pos + ln))
            pos += ln + rng.randint(10, 900)
            S.append(s)
            t = rng.choices(range(4), [35, 30, 20, 15])[0]
            M[s] = {c: codes[t] if rng.random() < 0.72 else rng.choice(codes) for c in coders}
            excerpt[s] = rng.choice(texts)
    for s in rng.sample(S, 3):
        M[s][rng.choice(coders)] = None
    head = ["Media Title", "Resource Creator", "Resource Date", "Excerpt Creator", "Excerpt Date", "Excerpt Range",
            "Excerpt Copy", "Codes Applied Combined"] + ["Code: %s Applied" % c for c in codes]
    rows = [head]
    recs = []
    rdate = {m_: "%d/%d/2025" % (rng.randint(1, 3), rng.randint(1, 28)) for m_ in media}
    for s in S:
        for c in coders:
            v = M[s][c]
            if v is None:
                continue
            recs.append([s[0], "lmoreno", rdate[s[0]], c, "%d/%d/2025" % (rng.randint(4, 6), rng.randint(1, 28)),
                         s[1], excerpt[s], v] + ["True" if v == x else "False" for x in codes])
    recs.sort(key=lambda x: (x[3], x[0]))
    write_txt("dedoose_excerpts_export.csv", rows + recs, nl="\r\n")
    add("dedoose_excerpts_export.csv", k, "import", rdi(S, coders, M),
        "a Dedoose excerpt export (CSV, CRLF): 3 coders each made an excerpt on the same pre-segmented ranges of "
        "5 health-worker interviews and applied one of four codes; one row per excerpt (sorted by coder): subject "
        "= Media Title + Excerpt Range, rater = Excerpt Creator, rating = 'Codes Applied Combined', which the "
        "'Code: X Applied' True/False columns repeat one-hot; Resource Creator is who uploaded the transcript "
        "(always lmoreno, also a coder), not a rater; dates and the excerpt text are not ratings",
        keywords=[r"resource creator", r"one-hot", r"applied"])

    # 5 ATLAS.ti quotation manager export from two merged coder projects
    docs = ["%d Focus group %s" % (i + 1, x) for i, x in enumerate(["Nurses A", "Nurses B", "Patients A",
                                                                   "Patients B"])]
    codes = ["Stigma: anticipated", "Stigma: enacted", "Stigma: internalised", "Support: family",
             "Support: health services", "Support: peers"]
    cod = ["Coder 1 (AS)", "Coder 2 (TW)"]
    S, M = [], {}
    for d in docs:
        for p in sorted(rng.sample(range(3, 80), 7)):
            s = (d.split(" ", 1)[1], str(p))
            S.append(s)
            t = rng.choice(codes)
            M[s] = {c: t if rng.random() < 0.7 else rng.choice(codes) for c in cod}
    rows = [["ID", "Quotation Name", "Document", "Document Groups", "Codes", "Start", "End", "Created by",
             "Created", "Comment"]]
    n = {d: 0 for d in docs}
    for c in cod:
        for s in S:
            d = [x for x in docs if x.endswith(s[0])][0]
            n[d] += 1
            words = rng.choice(["they look at you differently when", "my sister brings the pills and",
                                "the nurse said in front of everyone", "I never told anyone at work because",
                                "the group on WhatsApp is where we", "you start to believe it yourself"])
            rows.append(["%s:%d" % (d.split()[0], n[d]), "%s..." % words, d,
                         "Nurses" if "Nurses" in d else "Patients", M[s][c], s[1], s[1], c,
                         "%02d/%02d/2025 %02d:%02d" % (rng.randint(1, 28), rng.randint(2, 4), rng.randint(9, 18),
                                                      rng.randint(0, 59)),
                         rng.choice(["", "", "", "double-check", "long quote, split?"])])
    write_xlsx("atlasti_quotations_merged.xlsx", [("Quotations", rows)])
    add("atlasti_quotations_merged.xlsx", k, "import", rdi(S, cod, M),
        "an ATLAS.ti quotation manager export (Excel) after merging two coders' projects for an intercoder check: "
        "one row per quotation; ID '3:12' (document 3, quotation 12: every quotation has its own id), "
        "Quotation Name (the first words), Document, Document Groups, Codes (group-prefixed 'Stigma: enacted'), "
        "Start / End (paragraph numbers of the same pre-segmented paragraphs), Created by (the coder); subject = "
        "Document + Start, rater = Created by, rating = Codes; Document Groups and the comment are not ratings",
        keywords=[r"document groups", r"created by", r"comment"])

    # 6 Datavyu export: primary and reliability columns, comment column
    lv = ["s", "c", "t", "a"]
    cells, tt = [], rng.randint(2000, 6000)
    for i in range(34):
        d = rng.randint(600, 7000)
        cells.append((tt, tt + d - 1))
        tt += d
    M = {}
    for c in cells:
        t = rng.choices(range(4), [40, 20, 25, 15])[0]
        M[c] = {"look": lv[t], "look_rel": lv[t] if rng.random() < 0.8 else rng.choice(lv)}

    def tc(ms):
        return "%02d:%02d:%02d:%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)
    comments = [(rng.choice(cells)[0], txt) for txt in ["infant fussy, mother picks up", "camera bumped",
                                                        "sibling walks in, look away?"]]
    comments.sort()
    rows = [["look.ordinal", "look.onset", "look.offset", "look.code01", "look_rel.ordinal", "look_rel.onset",
             "look_rel.offset", "look_rel.code01", "comment.ordinal", "comment.onset", "comment.offset",
             "comment.text"]]
    for i, c in enumerate(cells):
        row = [i + 1, tc(c[0]), tc(c[1]), M[c]["look"], i + 1, tc(c[0]), tc(c[1]), M[c]["look_rel"]]
        if i < len(comments):
            cm = comments[i]
            row += [i + 1, tc(cm[0]), tc(cm[0] + 1500), cm[1]]
        else:
            row += ["", "", "", ""]
        rows.append(row)
    write_txt("datavyu_infant_gaze_reliability.csv", rows)
    add("datavyu_infant_gaze_reliability.csv", k, "import",
        [[tc(c[0]), r, M[c][r]] for c in cells for r in ("look", "look_rel")],
        "a Datavyu spreadsheet exported to CSV (each column's cells side by side: ordinal, onset, offset, "
        "code): 'look' is the primary coder's infant gaze code per cell (s = screen, c = caregiver, t = toy, a = "
        "away) and 'look_rel' the reliability coder's copy of the same cells (same onsets, HH:MM:SS:mmm); the "
        "'comment' column (3 cells of free text) is not a coder; subject = the cell (onset or ordinal), raters = "
        "look / look_rel", keywords=[r"comment", r"text"])


# ================================================================== B. clinical scales
def g_clinical():
    k = "clinical"
    # 7 Tanner stages: 'B3' / 'PH4' vs '3', beside self-assessment and testicular volume
    kids = ["PUB-%03d" % i for i in sorted(rng.sample(range(1, 400), 22))]
    sex = {c: rng.choice(["F", "M"]) for c in kids}
    R = ["Dr Ahmed", "Dr Lindqvist"]
    S, M, SELF = [], {}, {}
    for c in kids:
        st = rng.choices(range(1, 6), [18, 22, 25, 20, 15])[0]
        for comp in ("B/G", "PH"):
            s = (c, comp)
            S.append(s)
            t = clamp(st + (rng.choice([-1, 0, 1]) if comp == "PH" else 0), 1, 5)
            M[s] = {r: str(clamp(t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 5)) for r in R}
            SELF[s] = str(clamp(t + rng.choice([-1, 0, 0, 1]), 1, 5))
    head = ["ID", "Sex", "Age (y)", "Dr Ahmed B/G", "Dr Ahmed PH", "Dr Lindqvist B/G", "Dr Lindqvist PH",
            "Self-assessment B/G", "Self-assessment PH", "Testicular volume L (mL)", "Testicular volume R (mL)"]
    rows = [["Pubertal staging - clinic visit, two paediatric endocrinologists examine independently"], head]
    for c in kids:
        pre = "B" if sex[c] == "F" else "G"
        a, b = M[(c, "B/G")], M[(c, "PH")]
        tv = [rng.choice([2, 3, 4, 6, 8, 10, 12, 15, 20, 25]) for _ in range(2)] if sex[c] == "M" else ["", ""]
        rows.append([c, sex[c], round(rng.uniform(8.5, 15.5), 1), pre + a["Dr Ahmed"], "PH" + b["Dr Ahmed"],
                     int(a["Dr Lindqvist"]), int(b["Dr Lindqvist"]), int(SELF[(c, "B/G")]), int(SELF[(c, "PH")])]
                    + tv)
    write_xlsx("tanner_staging_two_endocrinologists.xlsx", [("Staging", rows)])
    rd = rdi(S, R, M)
    al = {str(i): ["B%d" % i, "G%d" % i, "PH%d" % i] for i in range(1, 6)}
    add("tanner_staging_two_endocrinologists.xlsx", k, "import", rd,
        "Tanner (sexual maturity) stages 1-5 for breast / genitalia (B/G) and pubic hair (PH) of 22 children by two "
        "paediatric endocrinologists: Dr Ahmed writes 'B3', 'G2', 'PH4', Dr Lindqvist the number only (the same "
        "stages); subject = child + B/G or PH; the child's self-assessment (from drawings) is a different kind "
        "of rater (the careful reading leaves it out; reading it as a third rater is acceptable); testicular "
        "volumes (orchidometer, mL) are measurements; sex and age describe the child",
        keywords=[r"self", r"volume"], aliases=al,
        alts=[alt(rd + [["%s | %s" % s, "Self-assessment", SELF[s]] for s in S], label="self-assessment as a rater")])

    # 8 Mallampati written three ways, beside Cormack-Lehane
    S = ["AW-%03d" % i for i in range(1, 33)]
    R = ["Anaesthetist A", "Anaesthetist B", "Anaesthetist C"]
    lv = ["I", "II", "III", "IV"]
    M = ordmat(S, R, lv, [30, 35, 25, 10], p_off=0.4)
    ar = {"I": 1, "II": 2, "III": 3, "IV": 4}
    rows = [["Patient", "Age", "BMI", "Anaesthetist A", "Anaesthetist B", "Anaesthetist C", "Phonation",
             "Cormack-Lehane (at intubation)", "Difficult intubation"]]
    for s in S:
        cl = clamp(ar[mode([M[s][r] for r in R])] + rng.choice([-1, 0, 0, 1]), 1, 4)
        rows.append([s, rng.randint(19, 84), "%.1f" % rng.uniform(19, 44), "Class " + M[s][R[0]], ar[M[s][R[1]]],
                     M[s][R[2]], rng.choice(["Yes", "No"]), rng.choice(["1", "2a", "2b", "3", "4"][cl - 1:cl + 1]),
                     "Y" if cl >= 3 and rng.random() < 0.6 else "N"])
    write_txt("mallampati_preop_airway.csv", rows)
    add("mallampati_preop_airway.csv", k, "import", reading(S, R, M),
        "pre-operative airway assessment: 3 anaesthetists grade the modified Mallampati class of each patient; A "
        "writes 'Class II', B the number 2, C the Roman 'II' (the same 4 classes); the Cormack-Lehane grade "
        "('2a', '3') is seen at laryngoscopy later, another scale and not a rater; Phonation (Yes/No), "
        "'Difficult intubation', age and BMI are not ratings",
        keywords=[r"cormack", r"difficult"],
        aliases={c: ["Class " + c, str(ar[c])] for c in lv})

    # 9 Modified Ashworth '1+' per muscle and side, ODS
    pts = ["MAS%02d" % i for i in range(1, 11)]
    mus = ["Elbow flexors", "Wrist flexors", "Knee extensors", "Ankle plantarflexors"]
    R = ["PT Dahl", "PT Moreau", "PT Osei"]
    lv = ["0", "1", "1+", "2", "3", "4"]
    S = [(p, m_, sd) for p in pts for m_ in mus for sd in ("L", "R")]
    M = ordmat(S, R, lv, [22, 20, 20, 18, 13, 7], p_off=0.4)
    rows = [["Modified Ashworth Scale - inter-rater session, post-stroke spasticity clinic"],
            ["Patient", "Muscle group", "Side"] + R + ["Tardieu R1 (deg)", "Tardieu R2 (deg)"]]
    for s in S:
        rows.append(list(s) + [int(M[s][r]) if M[s][r] != "1+" else "1+" for r in R] +
                    [rng.randint(40, 120), rng.randint(90, 160)])
    write_ods("modified_ashworth_session.ods", [("MAS", rows)])
    add("modified_ashworth_session.ods", k, "import", rdi(S, R, M),
        "Modified Ashworth Scale (0, 1, 1+, 2, 3, 4: '1+' is a grade between 1 and 2, a text cell among number "
        "cells) by 3 physiotherapists for 4 muscle groups on both sides of 10 stroke patients, in ODS with a title "
        "row; subject = patient + muscle + side; the Tardieu angles R1 / R2 (degrees) are measurements",
        keywords=[r"tardieu"])

    # 10 Norwood-Hamilton with 'IIIa' and 'III vertex'
    S = ["HL-%03d" % i for i in range(1, 29)]
    R = ["Derm 1", "Derm 2", "Derm 3"]
    lv = ["I", "II", "IIa", "III", "IIIa", "III vertex", "IV", "IVa", "V", "Va", "VI", "VII"]
    M = ordmat(S, R, lv, [4, 9, 6, 12, 7, 12, 11, 6, 10, 5, 10, 8], p_off=0.45)
    rows = [["Photo set", "Age", "On finasteride", "Derm 1", "Derm 2", "Derm 3", "TrichoScan density (hairs/cm2)",
             "Photo quality"]]
    for s in S:
        rows.append([s, rng.randint(19, 70), rng.choice(["Y", "N", "N"])] + [M[s][r] for r in R] +
                    [rng.randint(90, 260), rng.choice(["good", "good", "fair", "flash glare"])])
    write_txt("norwood_hamilton_photos.csv", rows)
    add("norwood_hamilton_photos.csv", k, "import", reading(S, R, M),
        "male pattern hair loss classified on the Norwood-Hamilton scale from standardised photo sets by 3 "
        "dermatologists: I .. VII with the 'a' variants ('IIa', 'IIIa') and 'III vertex' (categories with a "
        "space); TrichoScan density is a measurement, photo quality a note, finasteride and age not ratings",
        keywords=[r"trichoscan", r"density", r"quality"])

    # 11 Spetzler-Martin components and grade per neurosurgeon
    S = ["AVM-%02d" % i for i in range(1, 25)]
    R = ["NS1", "NS2", "NS3"]
    G, C = {}, {}
    roman = ["I", "II", "III", "IV", "V"]
    rows = [["Case", "Nidus max diameter CTA (mm)", "Location"] +
            sum([["%s size" % r, "%s eloquence" % r, "%s venous drainage" % r, "%s SM grade" % r] for r in R], [])]
    for s in S:
        diam = rng.randint(8, 72)
        ts = 1 if diam < 30 else (2 if diam <= 60 else 3)
        te, tv = rng.choice([0, 1]), rng.choice([0, 0, 1])
        row = [s, diam, rng.choice(["Frontal", "Temporal", "Parietal", "Occipital", "Cerebellar", "Thalamic"])]
        G[s] = {}
        for r in R:
            sz = clamp(ts + (rng.choice([-1, 1]) if rng.random() < 0.2 else 0), 1, 3)
            el = te if rng.random() < 0.85 else 1 - te
            vd = tv if rng.random() < 0.85 else 1 - tv
            g = roman[sz + el + vd - 1]
            G[s][r] = g
            for it, v in (("size", sz), ("eloquence", el), ("venous", vd)):
                C.setdefault((s, it), {})[r] = str(v)
            row += [sz, el, vd, g]
        rows.append(row)
    write_xlsx("spetzler_martin_avm.xlsx", [("Grading", rows)])
    SC = [(s, it) for s in S for it in ("size", "eloquence", "venous")]
    add("spetzler_martin_avm.xlsx", k, "import", reading(S, R, G),
        "brain arteriovenous malformations graded by 3 neurosurgeons on the Spetzler-Martin scale: each "
        "records the components (size 1-3, eloquence 0/1, deep venous drainage 0/1) and the grade I-V (their "
        "sum, in Roman numerals); four columns per neurosurgeon; the careful reading is the grade per AVM; "
        "the components as items (subject = AVM + component), with or without the grade, are acceptable; the "
        "nidus diameter measured on CTA (mm) and the location are not ratings",
        keywords=[r"nidus", r"diameter", r"component"],
        alts=[alt(rdi(SC, R, C), label="components as items"),
              alt(rdi(SC, R, C) + [["%s | grade" % s, r, G[s][r]] for s in S for r in R], label="components and grade")])

    # 12 Child-Pugh 'A5' / 'B (8)'
    S = ["LIV-%03d" % i for i in sorted(rng.sample(range(1, 500), 30))]
    R = ["Hepatologist 1", "Hepatologist 2", "Hepatologist 3"]
    lv = ["A5", "A6", "B7", "B8", "B9", "C10", "C11", "C12", "C13"]
    M = ordmat(S, R, lv, [16, 15, 14, 13, 11, 10, 9, 7, 5], p_off=0.5)
    rows = [["MRN", "Bilirubin (umol/L)", "Albumin (g/L)", "INR", "Ascites (US)", "MELD-Na"] + R +
            ["Chart abstractor"]]
    for s in S:
        sc = int(mode([M[s][r] for r in R])[1:])
        rows.append([s, round(rng.uniform(10, 30) * sc / 5), round(rng.uniform(38, 44) - sc * 1.2),
                     "%.2f" % (0.9 + sc * 0.07 + rng.uniform(-0.1, 0.1)), rng.choice(["none", "mild", "moderate"]),
                     clamp(int(sc * 2.2 + rng.randint(-3, 5)), 6, 40),
                     M[s][R[0]], M[s][R[1]], "%s (%s)" % (M[s][R[2]][0], M[s][R[2]][1:]),
                     rng.choice(["RB", "RB", "JT"])])
    write_txt("child_pugh_chart_review.csv", rows)
    add("child_pugh_chart_review.csv", k, "import", reading(S, R, M),
        "Child-Pugh class and score of cirrhotic patients from chart review by 3 hepatologists: 'A5', 'B7', "
        "'C10' (class letter and points, ordered by the points); Hepatologist 3 writes 'B (8)' for 'B8' (the same "
        "category); bilirubin, albumin, INR, ascites on ultrasound and MELD-Na are the inputs, not ratings; "
        "'Chart abstractor' initials say who pulled the chart, not a rater",
        keywords=[r"meld", r"abstractor"], aliases={c: ["%s (%s)" % (c[0], c[1:])] for c in lv})

    # 13 Salter-Harris types with 'Not physeal', radiologist's report
    S = ["PED-%04d" % rng.randint(1000, 9999) for _ in range(34)]
    S = uniq(S)[:30]
    R = ["ED physician 1", "ED physician 2", "ED physician 3"]
    lv = ["I", "II", "III", "IV", "V", "Not physeal"]
    M = {}
    for s in S:
        t = rng.choices(range(6), [18, 45, 12, 10, 2, 13])[0]
        M[s] = {r: lv[t] if rng.random() < 0.7 else rng.choice(lv) for r in R}
    rows = [["Accession", "Age (y)", "Bone", "Side"] + R + ["Paediatric radiologist (final report)"]]
    for s in S:
        rows.append([s, rng.randint(2, 16), rng.choice(["Distal radius", "Distal tibia", "Distal fibula",
                                                        "Proximal humerus", "Phalanx"]), rng.choice(["L", "R"])] +
                    [M[s][r] for r in R] + [mode([M[s][r] for r in R])])
    write_txt("salter_harris_ed_reads.csv", rows)
    add("salter_harris_ed_reads.csv", k, "import", reading(S, R, M),
        "paediatric fractures near a growth plate classified Salter-Harris I-V (Roman numerals) or 'Not "
        "physeal' by 3 emergency physicians from the radiographs; the paediatric radiologist's final report is the "
        "reference, not a rater; bone, side and age are not ratings",
        keywords=[r"radiologist", r"final report", r"reference"])

    # 14 NYHA with intermediate classes 'II-III'
    S = ["HF%03d" % i for i in range(1, 31)]
    R = ["Cardiologist A", "Cardiologist B", "HF nurse"]
    lv = ["I", "I-II", "II", "II-III", "III", "III-IV", "IV"]
    M = ordmat(S, R, lv, [10, 8, 25, 15, 25, 7, 10], p_off=0.5)
    rows = [["Patient", "Visit date", "KCCQ-12 summary", "6MWD (m)", "NT-proBNP (pg/mL)"] + R]
    for s in S:
        rows.append([s, dt.datetime(2025, 4, 1) + dt.timedelta(days=rng.randint(0, 60)),
                     round(rng.uniform(20, 95), 1), rng.randint(120, 560), rng.randint(150, 9000)] +
                    [M[s][r] for r in R])
    write_xlsx("nyha_class_interrater.xlsx", [("NYHA", rows)])
    add("nyha_class_interrater.xlsx", k, "import", reading(S, R, M),
        "NYHA functional class assigned after the same clinic interview by two cardiologists and a heart failure "
        "nurse (all three are raters); in practice they use intermediate classes 'I-II', 'II-III', 'III-IV' "
        "(categories of their own between the Roman classes, not ranges to split); KCCQ-12, 6-minute walk "
        "distance and NT-proBNP are measurements; the visit date is not a rating",
        keywords=[r"kccq", r"6mwd", r"nt-probnp"])

    # 15 subarachnoid haemorrhage: Hunt-Hess, WFNS, modified Fisher under merged headers
    pts = ["SAH-%02d" % i for i in range(1, 23)]
    R = ["Neurosurgeon A", "Neurosurgeon B"]
    scales = [("Hunt-Hess", ["1", "2", "3", "4", "5"]), ("WFNS", ["I", "II", "III", "IV", "V"]),
              ("mFisher", ["0", "1", "2", "3", "4"])]
    S, M = [], {}
    cells = {(1, 1): "Patient", (1, 2): "Admission GCS", (1, 9): "Aneurysm location"}
    merges = ["A1:A2", "B1:B2", "I1:I2"]
    for b, r in enumerate(R):
        c0 = 3 + 3 * b
        cells[(1, c0)] = r
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 2)))
        for j, (sc, _) in enumerate(scales):
            cells[(2, c0 + j)] = sc
    for i, p in enumerate(pts):
        sev = rng.choices(range(5), [20, 25, 20, 20, 15])[0]
        row = 3 + i
        cells[(row, 1)] = p
        cells[(row, 2)] = clamp(15 - 3 * sev + rng.randint(-1, 1), 3, 15)
        cells[(row, 9)] = rng.choice(["AComm", "MCA bifurcation", "PComm", "Basilar tip", "ICA"])
        for j, (sc, lvs) in enumerate(scales):
            s = (p, sc)
            S.append(s)
            M[s] = {r: near(lvs, clamp(sev + (rng.choice([-1, 0]) if sc == "mFisher" else 0), 0, 4), 0.3) for r in R}
            for b, r in enumerate(R):
                v = M[s][r]
                cells[(row, 3 + 3 * b + j)] = int(v) if v.isdigit() else v
    write_xlsx2("sah_grading_three_scales.xlsx", cells, title="SAH grades", merges=merges, freeze="C3")
    add("sah_grading_three_scales.xlsx", k, "import", rdi(S, R, M),
        "aneurysmal subarachnoid haemorrhage graded by two neurosurgeons on three scales: Hunt-Hess 1-5, WFNS "
        "I-V (Roman) and modified Fisher 0-4 (CT); each neurosurgeon's name is merged over their three columns; "
        "subject = patient + scale, raters = the two neurosurgeons (reading one scale alone is incomplete); "
        "admission GCS (3-15) is a measurement, aneurysm location not a rating",
        keywords=[r"gcs", r"location"])

    # 16 Fazekas in long form, beside an automated WMH volume
    scans = ["MR%05d" % rng.randint(10000, 99999) for _ in range(30)]
    scans = uniq(scans)[:24]
    R = ["JK", "PL", "SV"]
    S = [(s, z) for s in scans for z in ("PV", "DWM")]
    M = ordmat(S, R, ["0", "1", "2", "3"], [20, 40, 28, 12], p_off=0.35)
    rows = [["scan_id", "reader", "read_date", "fazekas_pv", "fazekas_dwm", "fazekas_total", "bianca_wmh_ml",
             "comment"]]
    for r in R:
        for s in scans:
            a, b = M[(s, "PV")][r], M[(s, "DWM")][r]
            rows.append([s, r, "2025-%02d-%02d" % (rng.randint(1, 3), rng.randint(1, 28)), a, b, int(a) + int(b),
                         "%.2f" % (rng.uniform(0.5, 4) * (1 + int(a) + int(b)) ** 1.5),
                         rng.choice(["", "", "", "motion", "lacune L putamen"])])
    write_txt("fazekas_reads_long.csv", rows)
    add("fazekas_reads_long.csv", k, "import", rdi(S, R, M),
        "white matter hyperintensities on FLAIR scored by 3 neuroradiologists (initials) on the Fazekas scale, "
        "long (one row per scan and reader, sorted by reader): periventricular (PV, 0-3) and deep white matter "
        "(DWM, 0-3); fazekas_total is their sum; bianca_wmh_ml is an automated lesion volume (a measurement); "
        "subject = scan + PV / DWM; reading the total as a third item is acceptable only if said",
        keywords=[r"total", r"bianca", r"volume"],
        alts=[alt(rdi(S, R, M) + [["%s | total" % s, r, str(int(M[(s, "PV")][r]) + int(M[(s, "DWM")][r]))]
                                  for s in scans for r in R], must_note=True, label="total as an item")])

    # 17 DSM-5 diagnoses by two clinicians, ICD-10-CM codes
    dx = [("F32.1", "Major depressive disorder, single episode, moderate"),
          ("F33.1", "Major depressive disorder, recurrent, moderate"), ("F41.1", "Generalized anxiety disorder"),
          ("F43.10", "Posttraumatic stress disorder"), ("F31.81", "Bipolar II disorder"),
          ("F60.3", "Borderline personality disorder"), ("F43.23", "Adjustment disorder with mixed anxiety and "
                                                                   "depressed mood"), ("F10.20", "Alcohol use disorder, moderate")]
    S = ["INT-%03d" % i for i in sorted(rng.sample(range(1, 300), 30))]
    R = ["Clinician 1", "Clinician 2"]
    codes = [c for c, _ in dx]
    M = {}
    for s in S:
        t = rng.choices(codes, [20, 12, 16, 10, 8, 8, 14, 12])[0]
        M[s] = {r: t if rng.random() < 0.72 else rng.choice(codes) for r in R}
    lab = dict(dx)
    rows = [["Interview ID", "Clinician 1 primary diagnosis", "Clinician 2 primary diagnosis",
             "MINI 7.0.2 primary diagnosis", "Additional diagnoses (Clinician 1)"]]
    for s in S:
        rows.append([s, "%s %s" % (M[s][R[0]], lab[M[s][R[0]]]), M[s][R[1]], rng.choice([M[s][R[0]], M[s][R[1]]]),
                     "; ".join(rng.sample([c for c in codes if c != M[s][R[0]]], rng.randint(0, 2)))])
    write_txt("dsm5_primary_dx_two_clinicians.csv", rows)
    add("dsm5_primary_dx_two_clinicians.csv", k, "import",
        [[s, "Clinician %d" % (i + 1), M[s][r]] for s in S for i, r in enumerate(R)],
        "DSM-5 primary diagnoses of recorded intake interviews by two clinicians, as ICD-10-CM codes: Clinician 1 "
        "writes the code and its name ('F32.1 Major depressive disorder, single episode, moderate'), Clinician 2 "
        "the code alone (the same diagnosis; codes with leading letters and decimals like 'F43.10' are labels); "
        "the MINI structured interview's diagnosis is another instrument, not a clinician; 'Additional "
        "diagnoses' is a '; '-separated list", keywords=[r"mini", r"additional"],
        aliases={c: ["%s %s" % (c, l)] for c, l in dx})

    # 18 Lauren types beside the WHO type
    S = ["GC-%03d" % i for i in sorted(rng.sample(range(1, 300), 28))]
    R = ["Pathologist 1", "Pathologist 2", "Pathologist 3", "Pathologist 4"]
    lv = ["Intestinal", "Diffuse", "Mixed", "Indeterminate"]
    M = mat(S, R, lv, acc=0.7)
    who = {"Intestinal": "Tubular adenocarcinoma", "Diffuse": "Poorly cohesive carcinoma",
           "Mixed": "Mixed adenocarcinoma", "Indeterminate": "Mucinous adenocarcinoma"}
    rows = [["Block", "Specimen"] + R + ["WHO 2019 type (sign-out)", "Signet-ring cells (%)"]]
    for s in S:
        rows.append([s, rng.choice(["Gastrectomy", "Biopsy"])] + [M[s][r] for r in R] +
                    [who[mode([M[s][r] for r in R])], rng.choice([0, 0, 5, 10, 30, 60, 90])])
    write_txt("lauren_gastric_cancer.csv", rows, delim=";", nl="\r\n")
    add("lauren_gastric_cancer.csv", k, "import", reading(S, R, M),
        "gastric carcinomas classified by Lauren (Intestinal / Diffuse / Mixed / Indeterminate) by 4 pathologists "
        "(';'-separated, CRLF); the WHO 2019 type at sign-out is another classification, not a pathologist; the "
        "signet-ring cell percentage is a measurement", keywords=[r"who", r"signet"])


# ================================================================== C. judging
def g_judging():
    k = "judging"
    # 19 ISDS sheepdog trial: one row per run and judge, RET runs, Aggregate rows
    secs = [("Outrun", 20), ("Lift", 10), ("Fetch", 20), ("Drive", 30), ("Shed", 10), ("Pen", 10)]
    judges = ["J. Price (Wales)", "A. McRae (Scotland)", "T. O'Hare (Ireland)"]
    handlers = [("Aled Owen", "Bill"), ("Kevin Evans", "Jess"), ("Serge van der Zweep", "Nan"),
                ("Ben Jenkins", "Sweep"), ("Bevis Jordan", "Hemp"), ("Sara Jones", "Meg"), ("Ross Games", "Fly"),
                ("Michael Gallagher", "Nell"), ("Ewan Hall", "Roy"), ("Jaci Ansell", "Dot"), ("Ian Brady", "Cap"),
                ("Emma Gray", "Tess")]
    ret = rng.sample(range(len(handlers)), 2)
    S, M = [], {}
    rows = [["Run", "Handler", "Dog", "Judge"] + ["%s (%d)" % s for s in secs] + ["Total", "Time", "Remarks"]]
    for i, (h, d) in enumerate(handlers):
        run = str(i + 1)
        done = len(secs) if i not in ret else rng.randint(2, 4)
        q = rng.uniform(0.55, 0.95)
        tot_all = 0
        for j in judges:
            row = [run, h, d, j]
            tot = 0
            for n, (sec, mx) in enumerate(secs):
                s = (run, sec)
                if n >= done:
                    row.append("")
                    continue
                if s not in M:
                    S.append(s)
                    M[s] = {}
                v = clamp(int(round(mx * q - rng.uniform(0, mx * 0.25))), 0, mx)
                M[s][j] = str(v)
                tot += v
                row.append(v)
            tot_all += tot
            row += ["RET" if i in ret else tot, "RET" if i in ret else "%d:%02d" % (rng.randint(9, 14),
                                                                                    rng.randint(0, 59)),
                    "retired at the %s" % secs[done][0].lower() if i in ret and j == judges[0] else ""]
            rows.append(row)
        rows.append([run, h, d, "Aggregate"] + [""] * len(secs) + ["RET" if i in ret else tot_all, "", ""])
    write_xlsx("isds_trial_score_sheet.xlsx", [("Results", rows)])
    add("isds_trial_score_sheet.xlsx", k, "import", rdi(S, judges, M),
        "a sheepdog trial judged by 3 judges (ISDS style): one row per run and judge with the points each judge "
        "gives for Outrun (out of 20), Lift (10), Fetch (20), Drive (30), Shed (10) and Pen (10), the judge's "
        "Total and the time; after each run an 'Aggregate' row sums the judges (not a judge); 2 handlers retired "
        "(RET): only the sections worked are scored, the rest is missing; subject = run + section, rater = "
        "Judge; handler and dog name the run; Total, Time and Remarks are not section ratings",
        keywords=[r"aggregate", r"total", r"\bret\b"])

    # 20 KCBS barbecue scorecards
    cats = ["Chicken", "Pork Ribs"]
    tables = [1, 2, 3]
    seats = {(t, n): "CBJ %d" % rng.randint(50000, 99999) for t in tables for n in range(1, 7)}
    crit = ["Appearance", "Taste", "Tenderness"]
    wts = {"Appearance": 0.56, "Taste": 2.2972, "Tenderness": 1.1428}
    S, M = [], {}
    rows = [["Category", "Table", "Seat", "Judge (CBJ #)", "Box #", "Appearance", "Taste", "Tenderness",
             "Weighted", "Table Captain", "Comment card"]]
    for c in cats:
        boxes = rng.sample(range(10, 999), 18)
        for t in tables:
            tb = boxes[(t - 1) * 6:t * 6]
            cap = rng.choice(["D. Rowe", "P. Nguyen", "L. Haas"])
            for n in range(1, 7):
                for b in tb:
                    q = [6, 7, 8, 9][hash_int(b) % 4]
                    sc = {}
                    for cr in crit:
                        s = (c, "%03d" % b, cr)
                        if s not in M:
                            S.append(s)
                            M[s] = {}
                        v = str(clamp(q + rng.choice([-2, -1, -1, 0, 0, 0, 1]), 5, 9))
                        if rng.random() < 0.01:
                            v = "2"
                        sc[cr] = v
                        M[s][seats[(t, n)]] = v
                    dq = c == "Pork Ribs" and t == 2 and b == tb[0]
                    if dq:
                        for cr in crit:
                            sc[cr] = "1"
                            M[(c, "%03d" % b, cr)][seats[(t, n)]] = "1"
                    rows.append([c, t, n, seats[(t, n)], "%03d" % b] + [int(sc[cr]) for cr in crit] +
                                ["%.4f" % sum(int(sc[cr]) * wts[cr] for cr in crit), cap,
                                 "DQ - foil in box" if dq else rng.choice(["", "", "", "", "dry", "great bark"])])
    write_txt("kcbs_contest_scorecards.csv", rows)
    RK = uniq(seats.values())
    full(M, RK)
    add("kcbs_contest_scorecards.csv", k, "import", rdi(S, RK, M),
        "a KCBS barbecue contest's score cards as the scoring software exports them: per category and table, 6 "
        "certified judges (seats 1-6, identified by their CBJ number) score 6 blind boxes (3-digit box numbers, "
        "some with a leading zero in the text) for Appearance, Taste and Tenderness on 2, 5-9 (1 = disqualified: "
        "the whole table gave 1 to one box with foil in it; a score as the rules define it); subject = category "
        "+ box + criterion, rater = CBJ number; Weighted is the rules' weighted sum, the Table Captain is not a "
        "judge, Seat only locates the judge, comment cards are text", keywords=[r"weighted", r"captain", r"comment"],
        )

    # 21 poetry slam: 5 audience judges, high and low dropped, time penalties
    poets = ["Mara Quince", "Dev Okoro", "Lou Tan", "Sable Reyes", "Jonah Pike", "Amani Wells", "Ruth Odell",
             "Kit Varga"]
    J = ["Judge 1", "Judge 2", "Judge 3", "Judge 4", "Judge 5"]
    S, M = [], {}
    rows = [["Round", "Order", "Poet", "Poem"] + J + ["High (dropped)", "Low (dropped)", "Time", "Penalty",
                                                     "Score"]]
    alive = list(poets)
    for rd_ in (1, 2, 3):
        rng.shuffle(alive)
        for o, p in enumerate(alive):
            s = ("Round %d" % rd_, p)
            S.append(s)
            base = rng.uniform(7.2, 9.6)
            M[s] = {j: "%.1f" % clamp(round(base + rng.uniform(-0.9, 0.7), 1), 0.0, 10.0) for j in J}
            v = sorted(float(M[s][j]) for j in J)
            secs_ = rng.randint(150, 205)
            pen = 0.0 if secs_ <= 190 else 0.5 * ((secs_ - 181) // 10)
            rows.append([rd_, o + 1, p, rng.choice(["Inheritance", "Bus 38", "My Mother's Hands", "Tinder in the "
                                                    "Rain", "Ode to the Night Shift", "Unsent", "Salt", "Glass"])] +
                        [M[s][j] for j in J] + [v[-1], v[0], "%d:%02d" % (secs_ // 60, secs_ % 60),
                                                "-%.1f" % pen if pen else "", "%.1f" % (sum(v[1:4]) - pen)])
        alive = alive[:len(alive) - 2]
    write_txt("poetry_slam_scores.csv", rows)
    add("poetry_slam_scores.csv", k, "import", rdi(S, J, M),
        "a poetry slam scored by 5 judges picked from the audience (0.0-10.0 with one decimal: numeric scores); "
        "high and low are dropped and the middle three summed; time penalties (-0.5 per 10 s over 3:10); subject "
        "= round + poet (the field shrinks each round); 'High (dropped)' / 'Low (dropped)' repeat judges' scores, "
        "Score is the result, Time and Penalty are not ratings",
        keywords=[r"dropped", r"penalty", r"score"])

    # 22 BJCP scoresheets
    styles = ["21A American IPA", "5B Kölsch", "20C Imperial Stout", "1D American Wheat Beer", "24C Bière de Garde"]
    crit = [("Aroma", 12), ("Appearance", 3), ("Flavor", 12), ("Mouthfeel", 5), ("Overall Impression", 10)]
    judges = [("R. Alvarez", "B0417", "National"), ("K. Becker", "C1982", "Certified"),
              ("T. Ng", "D0731", "Recognized"), ("M. Lowe", "", "Non-BJCP"), ("S. Ivers", "E0093", "Apprentice")]
    entries = uniq(str(rng.randint(100, 399)) for _ in range(30))[:20]
    S, M, TOT = [], {}, {}
    rows = [["Entry #", "Style", "Flight", "Judge", "BJCP ID", "Rank"] + ["%s (/%d)" % c for c in crit] +
            ["Total (/50)", "Consensus score", "Place"]]
    for i, e in enumerate(entries):
        fl = "F%d" % (i // 5 + 1)
        jj = [judges[(i // 5) % 5], judges[(i // 5 + 2) % 5]] + ([judges[(i // 5 + 4) % 5]] if i % 3 == 0 else [])
        q = rng.uniform(0.5, 0.9)
        recs = []
        for jn, jid, rk in jj:
            tot = 0
            sc = []
            for cn, mx in crit:
                s = (e, cn)
                if s not in M:
                    S.append(s)
                    M[s] = {}
                v = clamp(int(round(mx * q + rng.uniform(-0.15, 0.15) * mx)), 1, mx)
                M[s][jn] = str(v)
                sc.append(v)
                tot += v
            TOT.setdefault(e, {})[jn] = str(tot)
            recs.append([e, styles[i % 5], fl, jn, jid, rk] + sc + [tot])
        cons = round(sum(r[-1] for r in recs) / len(recs))
        place = rng.choice(["", "", "", "1st", "2nd", "3rd"])
        for r in recs:
            rows.append(r + [cons, place])
    write_txt("bjcp_scoresheets_export.csv", rows)
    R = [j[0] for j in judges]
    full(M, R)
    add("bjcp_scoresheets_export.csv", k, "import", rdi(S, R, M),
        "a homebrew competition's BJCP scoresheets, one row per entry and judge: Aroma /12, Appearance /3, Flavor "
        "/12, Mouthfeel /5, Overall Impression /10 and the Total /50; 2 or 3 judges per flight (judge names; BJCP "
        "ID and Rank describe the judge, 'Non-BJCP' has no id); the consensus score and the place are the "
        "panel's, not a judge's; subject = entry + criterion, rater = Judge; the judges' totals per entry instead "
        "are acceptable", keywords=[r"consensus", r"place", r"total", r"rank"],
        alts=[alt([[e, j, TOT[e][j]] for e in entries for j in R if j in TOT[e]], label="totals per entry")])


def full(M, R):
    """M[s][r] = None for every rater r of R that did not rate s (so that reading() / rdi() can index it)."""
    for s in M:
        for r in R:
            M[s].setdefault(r, None)
    return M


def hash_int(x):
    """a stable small hash (Python's hash() of str is salted per process)."""
    return sum((i + 1) * ord(c) for i, c in enumerate(str(x)))


# ================================================================== D. education and HR
def g_education():
    k = "education-hr"
    # 23 Moodle rubric report: first and second marker rows, moderator rows
    crit = ["Research question", "Use of literature", "Methodology", "Analysis", "Presentation"]
    lv = ["Poor (1)", "Fair (2)", "Good (3)", "Excellent (4)"]
    students = [("%s %s" % (f, l), "%07d" % rng.randint(1000000, 2999999)) for f, l in
                zip(rng.sample(FIRST, 14), rng.sample(["Walsh", "Okafor", "Singh", "Novak", "Berg", "Costa", "Ito",
                                                       "Kaya", "Moreno", "Price", "Adler", "Hughes", "Lund", "Rossi",
                                                       "Park"], 14))]
    markers = ["Dr S. Fenwick", "Dr A. Mensah", "Prof. R. Quill"]
    S, M = [], {}
    rows = [["Student", "ID number", "Email address", "Marker", "Marker role"] + crit + ["Feedback", "Grade"]]
    mod = rng.sample(range(len(students)), 4)
    for i, (nm, sid) in enumerate(students):
        first, second = markers[i % 2], markers[(i + 1) % 2]
        t = rng.choices(range(4), [10, 30, 40, 20])[0]
        for mk, role in ((first, "First marker"), (second, "Second marker")):
            vals = []
            for c in crit:
                s = (sid, c)
                if s not in M:
                    S.append(s)
                    M[s] = {}
                v = near(lv, clamp(t + rng.choice([-1, 0, 0, 1]), 0, 3), 0.3)
                M[s][mk] = v
                vals.append(v)
            g = sum(int(v[-2]) for v in vals) / 20 * 100
            rows.append([nm, sid, "%s.%s@student.example.ac.uk" % tuple(nm.lower().split()), mk, role] + vals +
                        [rng.choice(["Clear question; analysis thin in places.", "Well structured.",
                                     "Needs more critical use of sources.", ""]), "%.2f" % g])
        if i in mod:
            rows.append([nm, sid, "%s.%s@student.example.ac.uk" % tuple(nm.lower().split()), markers[2],
                         "Moderator"] + [""] * len(crit) + ["Sample moderated: marks confirmed", ""])
    write_xlsx("moodle_rubric_report_double_marked.xlsx", [("Rubric report", rows)])
    add("moodle_rubric_report_double_marked.xlsx", k, "import", rdi(S, markers[:2], M),
        "a Moodle assignment's rubric report (one row per student and marker): 5 criteria with the level "
        "definitions and points as Moodle shows them ('Good (3)', ordered), each dissertation proposal marked "
        "by a first and a second marker (two lecturers who swap roles); 4 students have a 'Moderator' row with "
        "no criterion levels, only a note (not a rating); subject = student (ID number) + criterion, rater = "
        "Marker (the role is not the rater); Grade is derived from the points, Feedback is text",
        keywords=[r"moderator", r"role", r"grade", r"feedback"])

    # 24 CLASS K-3 double coding
    dims = ["PC", "NC", "TS", "RSP", "BM", "PD", "ILF", "CD", "QF", "LM"]
    obs = ["Obs-M.Reid", "Obs-T.Banda", "Obs-L.Ferraro", "Obs-K.Yoon"]
    teachers = ["T%03d" % i for i in sorted(rng.sample(range(100, 400), 8))]
    S, M, ROLE = [], {}, {}
    rows = [["Teacher ID", "School", "Date", "Cycle", "Observer", "Role", "Start", "End"] + dims +
            ["ES", "CO", "IS"]]
    for i, tch in enumerate(teachers):
        pair = [obs[i % 4], obs[(i + 1 + i // 4) % 4]]
        base = {d: rng.randint(2, 6) if d != "NC" else rng.randint(1, 2) for d in dims}
        date = "2025-%02d-%02d" % (rng.randint(2, 5), rng.randint(1, 28))
        school = rng.choice(["Maple Grove ES", "Hillside Primary", "Eastbrook ES"])
        for role, o in zip(("Primary", "Reliability"), pair):
            avgs = {d: [] for d in dims}
            for cy in range(1, 5):
                vals = []
                for d in dims:
                    s = (tch, str(cy), d)
                    if s not in M:
                        S.append(s)
                        M[s] = {}
                        ROLE[s] = {}
                    v = str(clamp(base[d] + rng.choice([-1, 0, 0, 0, 1]), 1, 7))
                    M[s][o] = v
                    ROLE[s][role] = v
                    vals.append(int(v))
                    avgs[d].append(int(v))
                es = (vals[0] + (8 - vals[1]) + vals[2] + vals[3]) / 4
                rows.append([tch, school, date, cy, o, role, "%d:%02d" % (8 + cy, rng.randint(0, 20)),
                             "%d:%02d" % (8 + cy, rng.randint(25, 40))] + vals +
                            ["%.2f" % es, "%.2f" % (sum(vals[4:7]) / 3), "%.2f" % (sum(vals[7:10]) / 3)])
            rows.append([tch, school, date, "Average", o, role, "", ""] +
                        ["%.2f" % (sum(avgs[d]) / 4) for d in dims] + ["", "", ""])
    write_txt("class_k3_double_coding.csv", rows)
    full(M, obs)
    add("class_k3_double_coding.csv", k, "import", rdi(S, obs, M),
        "CLASS K-3 classroom observations double-coded for reliability: per teacher 4 cycles, each scored 1-7 on "
        "10 dimensions (PC, NC, TS, RSP, BM, PD, ILF, CD, QF, LM) by a primary and a reliability observer (4 "
        "observers in rotating pairs); one row per teacher, cycle and observer; an 'Average' row per teacher and "
        "observer is the mean of the cycles (not a cycle); ES / CO / IS are domain scores (derived, NC reversed); "
        "subject = teacher + cycle + dimension, rater = Observer; the Primary / Reliability role as the rater is "
        "acceptable too", keywords=[r"average", r"domain", r"\bes\b"],
        alts=[alt(rdi(S, ["Primary", "Reliability"], ROLE), label="role as the rater")])

    # 25 assessment centre ORCE matrix with blank cells for exercises not observed, wash-up rating
    cands = ["C%02d" % i for i in range(1, 9)]
    ex = {"In-tray": ["Planning", "Decision making"], "Role play": ["Communication", "Influencing"],
          "Group discussion": ["Teamwork", "Influencing", "Communication"],
          "Presentation": ["Communication", "Decision making"]}
    asr = ["M. Osei", "R. Patel", "D. Young", "H. Schultz"]
    lv = ["Significant development need", "Development need", "Meets", "Strength", "Significant strength"]
    S, M = [], {}
    rows = [["Candidate", "Exercise", "Competency"] + asr + ["Wash-up rating", "Evidence summary"]]
    for i, c in enumerate(cands):
        abil = rng.choices(range(5), [5, 20, 40, 25, 10])[0]
        for e, comps in ex.items():
            who_ = rng.sample(asr, 2)
            for cp in comps:
                s = (c, e, cp)
                S.append(s)
                M[s] = {a: (near(lv, abil, 0.45) if a in who_ else None) for a in asr}
                rows.append([c, e, cp] + [blank(M[s][a]) for a in asr] +
                            [mode([M[s][a] for a in who_]), rng.choice(["clear priorities set", "spoke over others",
                                                                         "good use of data", "", ""])])
    write_xlsx("assessment_centre_orce_matrix.xlsx", [("ORCE", rows)])
    add("assessment_centre_orce_matrix.xlsx", k, "import", rdi(S, asr, M),
        "a graduate assessment centre's ORCE matrix: for each candidate, exercise and competency, the 2 of 4 "
        "assessors who observed that exercise give a rating on a 5-level scale (Significant development need .. "
        "Significant strength); the other assessors' cells are blank (not observed: missing); the wash-up "
        "rating agreed afterwards is not an assessor; subject = candidate + exercise + competency; the evidence "
        "summary is text", keywords=[r"wash-up", r"evidence"])


# ================================================================== E. industry QA
def g_industry():
    k = "industry-qa"
    # 26 call-centre calibration export, long
    qs = [("Greeting", "Used approved greeting and own name"), ("Greeting", "Verified caller identity (DPA)"),
          ("Discovery", "Asked open questions to understand the need"), ("Discovery", "Confirmed understanding"),
          ("Resolution", "Offered correct solution first time"), ("Resolution", "Set clear expectations"),
          ("Compliance", "Read call recording disclosure"), ("Compliance", "Offered complaint process if asked"),
          ("Soft skills", "Showed empathy"), ("Soft skills", "Avoided jargon"), ("Close", "Summarised next steps")]
    calls = ["INT-%08d" % rng.randint(10000000, 99999999) for _ in range(8)]
    evals = ["Team Lead - N. Carr", "QA Analyst - P. Das", "QA Analyst - F. Mills", "Team Lead - O. Lee"]
    expert = "Calibration Expert - G. Hart"
    lv = ["Yes", "No", "N/A"]
    S, M = [], {}
    rows = [["Calibration ID", "Interaction ID", "Agent", "Evaluator", "Section", "Question", "Answer", "Points",
             "Max points", "Evaluated on"]]
    for i, c in enumerate(calls):
        agent = rng.choice(["A. Rahman", "B. Kowalski", "C. Dube", "E. Fox"])
        cal = "CAL-2025-%03d" % (40 + i)
        truth = {}
        for sec, q in qs:
            p = rng.random()
            truth[q] = "N/A" if (q.startswith("Offered complaint") and p < 0.6) else ("Yes" if p < 0.75 else "No")
        for ev in evals + [expert]:
            pts = mx = 0
            for sec, q in qs:
                v = truth[q] if rng.random() < 0.82 else rng.choice(lv)
                if ev != expert:
                    s = (c, q)
                    if s not in M:
                        S.append(s)
                        M[s] = {}
                    M[s][ev] = v
                w = 10 if sec == "Compliance" else 5
                if v != "N/A":
                    mx += w
                    pts += w if v == "Yes" else 0
                rows.append([cal, c, agent, ev, sec, q, v, w if v == "Yes" else 0, w if v != "N/A" else 0,
                             "2025-05-%02d" % (10 + i)])
            rows.append([cal, c, agent, ev, "", "TOTAL SCORE", "%.1f%%" % (100 * pts / mx), pts, mx,
                         "2025-05-%02d" % (10 + i)])
    write_xlsx("callcentre_calibration_export.xlsx", [("Calibration", rows)])
    rd = rdi(S, evals, M)
    add("callcentre_calibration_export.xlsx", k, "import", rd,
        "a contact-centre QA calibration session exported in long form: 4 evaluators and a calibration expert "
        "score the same 8 recorded calls on an 11-question scorecard (Yes / No / N/A); the expert's answers are "
        "the reference the evaluators are calibrated against, not a rater; each evaluator's form ends with a "
        "'TOTAL SCORE' row ('86.7%': a result, not a question); subject = interaction + question, rater = "
        "Evaluator; Points / Max points are derived; N/A is a scorecard answer (reading it as missing is "
        "acceptable)", keywords=[r"expert", r"total score", r"calibration"],
        alts=[alt([x for x in rd if x[2] != "N/A"], label="N/A as missing")])

    # 27 weld radiograph interpretation
    welds = uniq("SP-%02d-W%03d" % (rng.randint(10, 20), rng.randint(1, 200)) for _ in range(14))[:10]
    segs = ["0-30", "30-60", "60-90"]
    R = ["Interpreter A (RT II)", "Interpreter B (RT II)", "Interpreter C (RT II)"]
    lv = ["Accept", "Reject", "Retake"]
    S = [(w, sg) for w in welds for sg in segs]
    M = {}
    ind = {"Accept": ["", "", "minor porosity (2011) within limits"], "Reject": ["2011 porosity cluster",
                                                                               "4011 lack of side-wall fusion",
                                                                               "401 incomplete penetration",
                                                                               "100 crack, transverse"],
           "Retake": ["density 1.6 < 2.0", "IQI wire 12 not visible"]}
    for s in S:
        t = rng.choices(lv, [62, 30, 8])[0]
        M[s] = {r: t if rng.random() < 0.8 else rng.choice(lv) for r in R}
    head = ["Weld ID", "Film location (mm)", "Thickness (mm)", "Technique"]
    for r in R:
        head += [r, "%s indications" % r.split(" (")[0]]
    head += ["Level III decision"]
    rows = [head]
    for s in S:
        row = [s[0], s[1], rng.choice([8, 12.7, 19]), "DWSI"]
        for r in R:
            row += [M[s][r], rng.choice(ind[M[s][r]])]
        row.append(mode([M[s][r] for r in R]))
        rows.append(row)
    write_txt("weld_rt_film_interpretation.csv", rows)
    add("weld_rt_film_interpretation.csv", k, "import", rdi(S, R, M),
        "radiographic testing of pipeline girth welds: 3 Level II film interpreters each decide Accept / Reject / "
        "Retake (film not interpretable) for every film location ('0-30' mm: a range label, not a subtraction "
        "or a date) and describe the indications ('4011 lack of side-wall fusion', free text with ISO 6520 "
        "codes) in the column after their decision; the Level III decision is the reference; subject = weld + "
        "film location", keywords=[r"indication", r"level iii"])

    # 28 USDA cotton classing: colour grade '31-1', leaf grade
    gin = rng.randint(30000, 89999)
    bales = ["%d%07d" % (gin, rng.randint(1000000, 1999999)) for _ in range(24)]
    R = ["Classer 1", "Classer 2", "Classer 3"]
    colours = ["21-1", "21-2", "31-1", "31-2", "31-3", "41-1", "41-2", "41-3", "41-4", "42-1", "51-1", "52-2"]
    S, M = [], {}
    rows = [["Permanent bale ID", "Module"] + sum([["%s color" % r, "%s leaf" % r] for r in R], []) +
            ["HVI color grade", "Rd", "+b", "HVI leaf", "Staple", "Mic"]]
    for b in bales:
        tc = rng.randrange(len(colours))
        tl = rng.choices(range(1, 8), [5, 20, 30, 25, 12, 5, 3])[0]
        M[(b, "color")] = {r: near(colours, tc, 0.35) for r in R}
        M[(b, "leaf")] = {r: str(clamp(tl + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 7)) for r in R}
        S += [(b, "color"), (b, "leaf")]
        rows.append([b, "M%04d" % rng.randint(1, 900)] + sum([[M[(b, "color")][r], M[(b, "leaf")][r]] for r in R], [])
                    + [colours[tc], "%.1f" % rng.uniform(70, 82), "%.1f" % rng.uniform(7, 10.5), tl,
                       rng.choice([34, 35, 36, 37]), "%.1f" % rng.uniform(3.6, 5.0)])
    write_txt("cotton_classing_comparison.csv", rows)
    add("cotton_classing_comparison.csv", k, "import", rdi(S, R, M),
        "a cotton classing office's check: 3 classers grade 24 bales by hand: USDA colour grade written '31-1' "
        "(colour code and quadrant: a category, not a date or a subtraction) and leaf grade 1-7; two columns "
        "per classer; the 12-digit permanent bale id (gin code + bale number) is an id; the HVI colour grade, "
        "Rd, +b, HVI leaf, staple (32nds of an inch) and micronaire are instrument readings, not classers; "
        "subject = bale + colour / leaf", keywords=[r"hvi", r"instrument"])

    # 29 tea auction tasting notes
    lots = ["%d" % rng.randint(10000, 99999) for _ in range(22)]
    gardens = ["Kangaita", "Gisambai", "Kiambethu", "Makomboki", "Kapsara", "Tombe", "Chinga", "Ngere"]
    grades = ["BP1", "PF1", "PD", "D1", "BMF"]
    tasters = ["Broker A", "Broker B", "Broker C"]
    liq = ["Bright", "Brisk", "Coloury", "Plain", "Dull"]
    inf = ["Bright", "Coppery", "Mixed", "Dull"]
    S, M, VAL = [], {}, {}
    rows = [["Sale 24/2025 - Mombasa Tea Auction - pre-sale tasting"],
            ["Lot", "Garden", "Grade", "Pkgs", "Kg"] + sum([["%s infusion" % t, "%s liquor" % t,
                                                              "%s valuation (USc/kg)" % t] for t in tasters], [])]
    for lot in lots:
        gq = rng.randrange(4)
        row = [lot, rng.choice(gardens), rng.choice(grades), rng.randint(20, 60)]
        row.append(row[3] * rng.choice([60, 65, 70]))
        M[(lot, "infusion")] = {t: near(inf, gq, 0.35) for t in tasters}
        M[(lot, "liquor")] = {t: near(liq, gq, 0.35) for t in tasters}
        S += [(lot, "infusion"), (lot, "liquor")]
        for t in tasters:
            v = str(int(round(330 - 40 * gq + rng.randint(-25, 25), -1) // 10 * 10))
            VAL.setdefault((lot, "valuation"), {})[t] = v
            row += [M[(lot, "infusion")][t], M[(lot, "liquor")][t], int(v)]
        rows.append(row)
    write_xlsx("tea_auction_tasting_valuations.xlsx", [("Sale 24", rows)])
    VS = [(lot, "valuation") for lot in lots]
    add("tea_auction_tasting_valuations.xlsx", k, "import", rdi(S, tasters, M),
        "pre-sale tasting at a tea auction: 3 brokers' tasters describe each lot's infused leaf (Bright / "
        "Coppery / Mixed / Dull) and liquor (Bright / Brisk / Coloury / Plain / Dull) and value it in US cents "
        "per kg; a title row; Grade ('BP1', 'PF1', 'PD': the leaf grade in the catalogue), garden, packages and "
        "kg describe the lot and are not ratings; subject = lot + infusion / liquor; the valuations as a third "
        "item are acceptable", keywords=[r"valuation", r"grade", r"garden"],
        alts=[alt(rdi(S + VS, tasters, {**M, **VAL}), label="valuations as an item")])


# ================================================================== F. NLP labels
def g_nlp():
    k = "nlp-labels"
    # 30 NER span agreement table with '—' and a match type
    ents = {"PER": ["Angela Merkel", "Kofi Annan", "Dr. Li Wen", "Marta Vieira"],
            "ORG": ["World Health Organization", "Siemens", "the European Commission", "UNICEF"],
            "LOC": ["Lake Victoria", "Kraków", "the Rhine", "Mount Kenya"],
            "MISC": ["Nobel Prize", "COVID-19", "the Paris Agreement", "Euro 2024"]}
    labs = ["PER", "ORG", "LOC", "MISC"]
    R = ["annotator_A", "annotator_B", "annotator_C"]
    S, M, txt = [], {}, {}
    for d in range(1, 7):
        pos = rng.randint(0, 40)
        for _ in range(rng.randint(5, 7)):
            lab = rng.choice(labs)
            t = rng.choice(ents[lab])
            s = ("news_%03d" % d, "%d-%d" % (pos, pos + len(t)))
            pos += len(t) + rng.randint(20, 140)
            S.append(s)
            txt[s] = t
            M[s] = {}
            for r in R:
                u = rng.random()
                M[s][r] = lab if u < 0.75 else ("—" if u < 0.88 else rng.choice(labs))
            if all(M[s][r] == "—" for r in R):
                M[s][R[0]] = lab
    rows = [["doc_id", "start", "end", "span_text"] + R + ["match_type"]]
    for s in S:
        a, b = s[1].split("-")
        vals = [M[s][r] for r in R]
        marked = [v for v in vals if v != "—"]
        mt = "exact-all" if len(set(vals)) == 1 else ("label-disagree" if len(marked) == 3 else
                                                      "%d of 3 marked" % len(marked))
        rows.append([s[0], a, b, txt[s]] + vals + [mt])
    write_txt("ner_span_agreement_table.csv", rows)
    rd = [["%s | %s" % s, r, M[s][r]] for s in S for r in R]
    add("ner_span_agreement_table.csv", k, "import", rd,
        "a named-entity agreement table made by aligning three annotators' spans: one row per span any of "
        "them marked (document, character offsets, text) with each annotator's label PER / ORG / LOC / MISC, "
        "and '—' where that annotator did not mark the span at all (a decision: 'no entity', the careful "
        "reading keeps it as a category); match_type is derived; subject = doc + offsets; reading '—' as missing "
        "is acceptable only if said", keywords=[r"—", r"no entity", r"match_type", r"not marked"],
        alts=[alt([x for x in rd if x[2] != "—"], must_note=True, label="'—' as missing")])

    # 31 aspect-based sentiment: 'mixed' for 'conflict', SemEval gold
    aspects = ["food", "service", "ambience", "price", "anecdotes/miscellaneous"]
    lv = ["positive", "negative", "neutral", "conflict"]
    R = ["ann1", "ann2", "ann3"]
    revs = ["The pasta was perfect but the waiter ignored us for twenty minutes.",
            "Overpriced, small portions; lovely view though.", "We came for my sister's birthday.",
            "Great sushi, friendly staff, a bit loud on Fridays.", "Food was ok, nothing special, service slow.",
            "Best brunch in town, \"worth every penny\".", "The decor is dated and the fish was dry.",
            "Cheap and cheerful, the curry is excellent but the naan was cold."]
    S, M, text = [], {}, {}
    for i in range(16):
        rid = "%d#%d" % (rng.randint(1000, 3999), rng.randint(0, 4))
        text[rid] = rng.choice(revs)
        for a in rng.sample(aspects, rng.randint(1, 3)):
            s = (rid, a)
            S.append(s)
            t = rng.choices(lv, [40, 30, 18, 12])[0]
            M[s] = {r: t if rng.random() < 0.75 else rng.choice(lv) for r in R}
    rows = [["review_id", "text", "aspect_category"] + R + ["gold (SemEval-2014)"]]
    for s in S:
        rows.append([s[0], text[s[0]], s[1], M[s]["ann1"], M[s]["ann2"],
                     "mixed" if M[s]["ann3"] == "conflict" else M[s]["ann3"], mode([M[s][r] for r in R])])
    write_txt("absa_restaurant_aspect_polarity.csv", rows)
    add("absa_restaurant_aspect_polarity.csv", k, "import", rdi(S, R, M),
        "aspect-based sentiment (SemEval-2014 restaurant categories): 3 annotators give the polarity of each "
        "aspect category a review mentions (positive / negative / neutral / conflict); ann3 writes 'mixed' for "
        "'conflict' (the same category); review ids '1023#2' (review and sentence); subject = review + aspect; "
        "the SemEval gold column is the reference, not an annotator; the review text has commas and quotes",
        keywords=[r"gold", r"semeval"], aliases={"conflict": ["mixed"]})

    # 32 toxicity label with each worker's confidence, and a Perspective score
    S = ["c%07d" % rng.randint(1000000, 9999999) for _ in range(28)]
    S = uniq(S)[:26]
    R = ["w_0412", "w_1187", "w_2290", "w_3051"]
    lv = ["Not toxic", "Toxic", "Very toxic"]
    M = ordmat(S, R, lv, [55, 32, 13], p_off=0.35)
    comments = ["you clearly didn't read the article", "what a stupid take, unsubscribe", "Thanks for sharing!",
                "people like you should be banned", "this is the worst idea ever lol", "Agree 100%",
                "shut up, nobody asked", "Interesting, but source?"]
    head = ["comment_id", "comment_text"] + sum([["%s_label" % r, "%s_confidence" % r] for r in R], []) + \
        ["perspective_toxicity"]
    rows = [head]
    for s in S:
        row = [s, rng.choice(comments)]
        for r in R:
            row += [M[s][r], rng.choice([2, 3, 4, 4, 5, 5])]
        t = lv.index(mode([M[s][r] for r in R]))
        row.append("%.4f" % clamp(0.1 + 0.35 * t + rng.uniform(-0.1, 0.15), 0, 1))
        rows.append(row)
    write_txt("toxicity_labels_with_confidence.csv", rows)
    add("toxicity_labels_with_confidence.csv", k, "import",
        [[s, r + "_label", M[s][r]] for s in S for r in R],
        "toxicity labels of user comments by 4 crowd workers: each worker's label (Not toxic / Toxic / Very "
        "toxic) is followed by their confidence 1-5 ('w_0412_confidence': how sure the worker is, not a rating "
        "of the comment and not another worker); perspective_toxicity is a model's probability, not a rater; "
        "subject = comment_id, raters = the 4 workers", keywords=[r"confidence", r"perspective"])

    # 33 SWBD-DAMSL dialogue acts with '%', '+', 'b^r'
    conv = "sw2%03d" % rng.randint(0, 999)
    R = ["coder1", "coder2"]
    utts = [("A", "Okay, so, uh, what do you think about child care?"), ("B", "Well,"), ("B", "I think it's, uh,"),
            ("A", "Uh-huh."), ("B", "it's getting expensive"), ("A", "Yeah."), ("B", "Do you have kids?"),
            ("A", "No,"), ("A", "not yet"), ("B", "Right."), ("A", "<laughter>"), ("B", "That's exactly it."),
            ("A", "I mean, my sister pays a fortune for day care"), ("B", "Oh, wow."), ("A", "Is that right?"),
            ("B", "Uh, yes"), ("A", "and, uh,"), ("A", "- they cut back the hours"), ("B", "Huh."),
            ("B", "Where do you live?")]
    base = ["qw", "%", "+", "b", "sd", "b", "qy", "nn", "+", "b^r", "x", "aa", "sd", "ba", "qy", "ny", "%", "+",
            "b", "qw"]
    S, M = [], {}
    rows = [["utt_id", "speaker", "turn", "text", "coder1", "coder2", "notes"]]
    turn = 0
    for i, ((sp, tx), t) in enumerate(zip(utts * 2, base * 2)):
        if i == 0 or sp != (utts * 2)[i - 1][0]:
            turn += 1
        uid = "%s_%s.%d.utt%d" % (conv, sp, turn, i + 1)
        S.append(uid)
        alt_ = {"sd": "sv", "sv": "sd", "b": "ba", "ba": "b", "%": "+", "+": "%", "aa": "ny", "qy": "qw",
                "qw": "qy", "ny": "aa", "nn": "ng", "b^r": "b", "x": "%"}
        M[uid] = {r: t if rng.random() < 0.8 else alt_[t] for r in R}
        rows.append([uid, sp, turn, tx, M[uid]["coder1"], M[uid]["coder2"],
                     rng.choice(["", "", "", "overlap", "check audio"])])
    write_txt("swbd_damsl_two_coders.tsv", rows, delim="\t")
    add("swbd_damsl_two_coders.tsv", k, "import", reading(S, R, M),
        "Switchboard dialogue acts coded with SWBD-DAMSL tags by two coders, one row per utterance (TSV): tags "
        "'sd', 'sv', 'b' (backchannel), 'b^r' (repeated backchannel), 'qy', 'qw', 'aa', 'ny', 'nn', 'ng', "
        "'x' (non-verbal), '%' (abandoned) and '+' (continuation of the speaker's previous utterance): '%' and "
        "'+' are tags, not a percentage or a sign; subject = utt_id; speaker and turn locate the utterance, "
        "notes are text", keywords=[r"notes"])


# ================================================================== G. field and environment
def g_field():
    k = "field-env"
    # 34 CoralWatch health chart: lightest and darkest per coral by volunteers
    corals = ["%s-%02d" % (site, i) for site in ("OLD", "NRF") for i in range(1, 10)]
    vols = ["Ema T.", "Jack R.", "Priya S.", "Noa K."]
    S, M = [], {}
    rows = [["Date", "Reef", "Site", "Latitude", "Longitude", "Depth (m)", "Water temp (C)", "Coral ID",
             "Coral type", "Observer", "Lightest", "Darkest"]]
    recs = []
    for c in corals:
        hue = rng.choice("BCDE")
        li, da = rng.randint(1, 3), rng.randint(3, 6)
        who_ = rng.sample(vols, 3)
        S += [(c, "lightest"), (c, "darkest")]
        M[(c, "lightest")], M[(c, "darkest")] = {v: None for v in vols}, {v: None for v in vols}
        typ = rng.choice(["Boulder", "Branching", "Plate", "Soft"])
        for v in who_:
            h = hue if rng.random() < 0.85 else rng.choice("BCDE")
            lv_ = clamp(li + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 1, 6)
            dv = clamp(max(lv_, da + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0)), 1, 6)
            M[(c, "lightest")][v], M[(c, "darkest")][v] = "%s%d" % (h, lv_), "%s%d" % (h, dv)
            recs.append(["14/10/2025", "Heron Island", c.split("-")[0], "-23.44%02d" % rng.randint(0, 99),
                         "151.91%02d" % rng.randint(0, 99), rng.choice([2, 3, 4, 5]), 26.5, c, typ, v,
                         M[(c, "lightest")][v], M[(c, "darkest")][v]])
    write_txt("coralwatch_survey_volunteers.csv", rows + recs)
    add("coralwatch_survey_volunteers.csv", k, "import", rdi(S, vols, M),
        "a CoralWatch survey (Coral Health Chart): volunteers match the lightest and darkest area of each tagged "
        "coral to a chart colour: hue B / C / D / E and brightness 1-6 ('B1' .. 'E6', categories); 3 of 4 "
        "volunteers read each coral; one row per coral and observer; subject = coral + lightest / darkest, "
        "rater = Observer; date, reef, site, position, depth, water temperature and coral type are not ratings",
        keywords=[r"depth", r"temp", r"coral type"])

    # 35 Beaufort force estimates by bridge officers, 'F5', beside the anemometer
    S, M = [], {}
    R = ["Chief Off.", "2nd Off.", "3rd Off."]
    rows = [["Date (UTC)", "Time (UTC)", "Lat", "Lon", "Anemometer true wind (kn)", "True wind dir (deg)"] + R +
            ["Sea state (Douglas)", "Visibility"]]
    lims = [1, 3, 6, 10, 16, 21, 27, 33, 40, 47, 55, 63]
    t = dt.datetime(2025, 1, 12, 0)
    for i in range(28):
        t += dt.timedelta(hours=6)
        kn = clamp(rng.gauss(19, 8), 2, 50)
        bf = sum(kn > x for x in lims)
        s = t.strftime("%Y-%m-%d %H:%M")
        S.append(s)
        M[s] = {r: str(clamp(bf + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0), 0, 12)) for r in R}
        rows.append([t.strftime("%d/%m/%Y"), t.strftime("%H%M"), "%d %02d.%dN" % (rng.randint(44, 52),
                                                                                  rng.randint(0, 59), rng.randint(0, 9)),
                     "%03d %02d.%dW" % (rng.randint(8, 25), rng.randint(0, 59), rng.randint(0, 9)), round(kn, 1),
                     rng.randint(0, 35) * 10, M[s][R[0]], "F" + M[s][R[1]], int(M[s][R[2]]),
                     clamp(bf // 2 + rng.choice([0, 1]), 0, 9), rng.choice(["Good", "Moderate", "Poor"])])
    write_xlsx("bridge_beaufort_estimates.xlsx", [("Deck log extract", rows)])
    add("bridge_beaufort_estimates.xlsx", k, "import",
        [[s, r, M[s][r]] for s in S for r in R],
        "a ship's voluntary observing study: at each synoptic hour 3 bridge officers estimate the wind force on "
        "the Beaufort scale (0-12) from the sea surface, independently; the 2nd officer writes 'F5' (the same "
        "force 5); date and time (HHMM '0600') together make the subject; the anemometer true wind (knots) is "
        "the instrument, not a rater; Douglas sea state and visibility are other observations; position is "
        "not a rating", keywords=[r"anemometer", r"douglas", r"sea state"],
        aliases={str(i): ["F%d" % i] for i in range(13)})

    # 36 cloud genera per layer by three observers beside the official SYNOP
    lays = [("Low", ["none", "Cu", "Sc", "St", "Cb", "Ns"]), ("Middle", ["none", "Ac", "As"]),
            ("High", ["none", "Ci", "Cc", "Cs"])]
    R = ["Observer 1 (trainee)", "Observer 2 (trainee)", "Observer 3"]
    S, M = [], {}
    rows = [["Date", "Hour (UTC)", "Layer"] + R + ["Official SYNOP (duty forecaster)", "Total cover (oktas)"]]
    for d in range(1, 9):
        for h in ("09", "12", "15"):
            for ly, g in lays:
                s = ("2025-07-%02d %s" % (d, h), ly)
                S.append(s)
                t = rng.choices(g, [30] + [70 / (len(g) - 1)] * (len(g) - 1))[0]
                M[s] = {r: t if rng.random() < 0.78 else rng.choice(g) for r in R}
                rows.append(["%02d.07.2025" % d, h, ly] + [M[s][r] for r in R] +
                            [mode([M[s][r] for r in R]), rng.choice(["0", "2", "4", "6", "7", "8", "/"]) if
                             ly == "Low" else ""])
    write_txt("cloud_genus_observer_training.csv", rows)
    add("cloud_genus_observer_training.csv", k, "import", rdi(S, R, M),
        "observer training at a weather station: at 09, 12 and 15 UTC two trainees and an observer each name "
        "the cloud genus of the low, middle and high layer by its WMO abbreviation (Cu, Sc, St, Cb, Ns; Ac, As; "
        "Ci, Cc, Cs; 'none' = no cloud in that layer, a category); subject = date + hour + layer; the duty "
        "forecaster's official SYNOP is the reference, not an observer; total cover in oktas ('/' = sky "
        "obscured) is another observation", keywords=[r"synop", r"okta", r"official"])

    # 37 trail condition survey per segment and attribute, ODS
    segs = ["%s-%02d" % (t, i) for t in ("RT", "LP") for i in range(1, 12)]
    R = ["Crew A (J. Moss)", "Crew B (E. Diaz)"]
    tread = ["Good", "Fair", "Poor", "Very poor"]
    ero = ["None", "Slight", "Moderate", "Severe"]
    S, M = [], {}
    rows = [["Trail condition assessment 2025 - Ridge Trail (RT) and Lake Loop (LP)"],
            ["Segment", "Start (lat, lon)", "Length (m)", "Attribute"] + R + ["Action needed", "Photo"]]
    for sg in segs:
        q = rng.choices(range(4), [30, 35, 25, 10])[0]
        start = "%.5f, %.5f" % (rng.uniform(45.1, 45.2), rng.uniform(-121.8, -121.7))
        ln = rng.randint(120, 800)
        for at, lv in (("Tread", tread), ("Erosion", ero), ("Drainage", ["Functioning", "Partly blocked", "Blocked",
                                                                            "Absent"])):
            s = (sg, at)
            S.append(s)
            M[s] = {r: near(lv, clamp(q + rng.choice([-1, 0, 0, 1]), 0, 3), 0.3) for r in R}
            rows.append([sg, start, ln, at] + [M[s][r] for r in R] +
                        [rng.choice(["", "", "clear deadfall", "replace 2 water bars", "reroute wet section"])
                         if at == "Tread" else "", "IMG_%04d.JPG" % rng.randint(1000, 9999) if at == "Tread" else ""])
    write_ods("trail_condition_two_crews.ods", [("Segments", rows)])
    add("trail_condition_two_crews.ods", k, "import", rdi(S, R, M),
        "a trail condition assessment in ODS: two crews walk the same segments and rate Tread (Good .. Very "
        "poor), Erosion (None .. Severe: 'None' is the category 'no erosion', not a missing cell) and Drainage "
        "(Functioning .. Absent) on their own scales; one row per segment and attribute under a title row; 'Start (lat, lon)' holds a comma inside the cell; subject = "
        "segment + attribute; length, action needed and the photo file are not ratings",
        keywords=[r"action", r"photo", r"length"])

    # 38 otolith ages with 'unreadable' and readability codes, agreed age
    fish = ["NS25-%04d" % i for i in sorted(rng.sample(range(1, 3000), 30))]
    R = ["Reader 1", "Reader 2"]
    M = {}
    rows = [["Fish ID", "Species", "Total length (mm)", "Weight (g)", "Sex", "Reader 1 age", "Reader 1 readability",
             "Reader 2 age", "Reader 2 readability", "Agreed age"]]
    for f in fish:
        a = rng.choices(range(1, 9), [10, 20, 22, 18, 12, 8, 6, 4])[0]
        M[f] = {r: str(clamp(a + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0), 1, 10)) for r in R}
    unr = rng.sample(fish, 3)
    for f in unr:
        M[f][rng.choice(R)] = "unreadable"
    for f in fish:
        a = [M[f][r] for r in R]
        ag = a[0] if a[0] == a[1] else ("" if "unreadable" in a else rng.choice(a))
        rows.append([f, "Gadus morhua", rng.randint(180, 900), rng.randint(60, 7000), rng.choice(["M", "F", "U"]),
                     int(M[f]["Reader 1"]) if M[f]["Reader 1"].isdigit() else M[f]["Reader 1"],
                     rng.choice([1, 1, 2, 3]) if M[f]["Reader 1"] != "unreadable" else 4,
                     int(M[f]["Reader 2"]) if M[f]["Reader 2"].isdigit() else M[f]["Reader 2"],
                     rng.choice([1, 1, 2, 3]) if M[f]["Reader 2"] != "unreadable" else 4, ag])
    write_txt("otolith_age_readings.csv", rows)
    full_ = reading(fish, R, M)
    add("otolith_age_readings.csv", k, "import", [x for x in full_ if x[2] != "unreadable"],
        "cod otoliths aged (annual rings) by two readers for an age-reading exchange: ages in years; 'unreadable' "
        "means the reader could not age the otolith (no age: missing); each age is followed by the reader's "
        "readability code (1 = clear .. 4 = unreadable), a confidence, not another reader; the agreed age is "
        "the reference; length, weight and sex are measurements; reading 'unreadable' as a category is "
        "acceptable only if said", keywords=[r"unreadable", r"readability", r"agreed"],
        alts=[alt(full_, must_note=True, label="'unreadable' as a category")])


# ================================================================== H. file habits
def g_habits():
    k = "file-habits"
    # 39 raters in rows below an image-name row, a body-site row and a date row; a reference row at the end
    imgs = ["IMG_%04d.jpg" % i for i in sorted(rng.sample(range(1000, 9999), 18))]
    R = ["RN Kowalczyk", "RN Bamidele", "RN Hartley", "RN Sato", "RN Villanueva"]
    lv = ["No infection", "Local infection", "Spreading infection", "Systemic infection"]
    M = ordmat(imgs, R, lv, [35, 35, 20, 10], p_off=0.35)
    sites = [rng.choice(["Sacrum", "Heel L", "Heel R", "Lower leg", "Abdomen"]) for _ in imgs]
    dates = [dt.datetime(2025, 2, 1) + dt.timedelta(days=rng.randint(0, 80)) for _ in imgs]
    rows = [["Image"] + imgs, ["Body site"] + sites, ["Photo date"] + dates, []]
    rows += [[r] + [M[s][r] for s in imgs] for r in R]
    rows += [[], ["Tissue viability nurse (reference)"] + [mode([M[s][r] for r in R]) for s in imgs]]
    write_xlsx("wound_infection_nurses_in_rows.xlsx", [("Photos", rows)])
    add("wound_infection_nurses_in_rows.xlsx", k, "import", reading(imgs, R, M),
        "wound photos classified by 5 nurses on the IWII infection continuum (No / Local / Spreading / Systemic "
        "infection), laid out across: row 1 names the images, row 2 the body site, row 3 the photo date, then "
        "(after a blank row) one row per nurse; the last row, under a blank row, is the tissue viability "
        "nurse's reference, not a rater; subjects = the image columns, raters = the nurse rows; body site and "
        "date describe the images", keywords=[r"reference", r"tissue viability", r"body site"])

    # 40 a LibreOffice flat ODS (.fods) (either)
    S = ["Strip %02d" % i for i in range(1, 25)]
    R = ["Nurse A", "Nurse B", "Nurse C"]
    lv = ["Sinus rhythm", "Atrial fibrillation", "Atrial flutter", "Other"]
    M = mat(S, R, lv, acc=0.72)
    rows = [["Telemetry rhythm strip classification (competency check)"], ["Strip", "Lead"] + R]
    for s in S:
        rows.append([s, rng.choice(["II", "II", "V1"])] + [M[s][r] for r in R])
    write_fods("rhythm_strips_flat.fods", "Strips", rows)
    add("rhythm_strips_flat.fods", k, "either", reading(S, R, M),
        "a LibreOffice 'Flat XML ODF Spreadsheet' (.fods: the ODS content as one XML file, no zip): a title row, "
        "then Strip, Lead and 3 nurses' rhythm classification (Sinus rhythm / Atrial fibrillation / Atrial "
        "flutter / Other); Lead is not a rating; reading it is right, refusing the format clearly is acceptable")

    # 41 CSV with a summary block (kappa, category counts) under the data
    S = ["Q%03d" % i for i in range(1, 31)]
    R = ["Coder_1", "Coder_2", "Coder_3"]
    lv = ["Relevant", "Partly relevant", "Not relevant"]
    M = mat(S, R, lv, acc=0.7)
    rows = [["query_id", "query"] + R]
    qtext = ["cheap flights to lisbon in may", "how to descale a kettle", "symptoms of lyme disease",
             "python sort dict by value", "best hiking boots wide feet", "weather amsterdam tomorrow"]
    for s in S:
        rows.append([s, rng.choice(qtext)] + [M[s][r] for r in R])
    rows += [[], ["Summary"], ["Subjects", len(S)], ["Raters", len(R)],
             ["Percent agreement (all three)", "%.3f" % (sum(len({M[s][r] for r in R}) == 1 for s in S) / len(S))],
             ["Fleiss' kappa", "%.3f" % rng.uniform(0.45, 0.65)], [], ["Category", "Count"]]
    for c in lv:
        rows.append([c, sum(M[s][r] == c for s in S for r in R)])
    write_txt("relevance_with_summary_block.csv", rows)
    add("relevance_with_summary_block.csv", k, "import", reading(S, R, M),
        "search relevance judgements by 3 coders (Relevant / Partly relevant / Not relevant) exported with a "
        "summary block under the data, after a blank line: 'Summary', Subjects, Raters, Percent agreement, "
        "Fleiss' kappa, then a Category / Count table whose first column holds the category names (not query "
        "ids: 'Relevant' is not a subject); the query text is not a rating",
        keywords=[r"summary", r"kappa", r"count", r"percent agreement"])

    # 42 specimen numbers written with thousands separators '1,204'
    ids_ = sorted(rng.sample(range(1000, 25000), 26))
    S = ["{:,}".format(x) for x in ids_]
    R = ["Cytotech 1", "Cytotech 2", "Cytotech 3"]
    lv = ["NILM", "ASC-US", "LSIL", "ASC-H", "HSIL"]
    M = ordmat(S, R, lv, [40, 18, 20, 10, 12], p_off=0.35)
    rows = [["Specimen No.", "Received", "Cytotech 1", "Cytotech 2", "Cytotech 3", "HPV (hr)"]]
    for s in S:
        rows.append([s, "%d/%d/2025" % (rng.randint(1, 6), rng.randint(1, 28))] + [M[s][r] for r in R] +
                    [rng.choice(["Positive", "Negative", "Not tested"])])
    write_txt("pap_bethesda_specimen_commas.csv", rows)
    add("pap_bethesda_specimen_commas.csv", k, "import", reading(S, R, M),
        "cervical cytology (Bethesda: NILM / ASC-US / LSIL / ASC-H / HSIL) by 3 cytotechnologists; the specimen "
        "numbers were formatted '#,##0' in Excel and saved so: '1,204', '12,877' (quoted, one id each, not two "
        "fields and not decimals); the received date and the HPV result are not ratings",
        keywords=[r"hpv"])

    # 43 likelihood categories stored as percent-formatted cells
    S = ["Nodule %02d" % i for i in range(1, 27)]
    R = ["Reader 1", "Reader 2", "Reader 3"]
    lv = ["0.05", "0.25", "0.5", "0.75", "0.95"]
    M = ordmat(S, R, lv, [30, 25, 18, 15, 12], p_off=0.4)
    wb, ws = common.workbook("Likelihood")
    ws.append(["Lung nodule reader study: likelihood of malignancy (choose 5%, 25%, 50%, 75% or 95%)"])
    ws.append(["Nodule", "Size (mm)"] + R + ["Histology / 2-year follow-up"])
    for s in S:
        ws.append([s, rng.randint(6, 28)] + [float(M[s][r]) for r in R] +
                  [rng.choice(["benign", "benign", "adenocarcinoma", "stable"])])
        for c in ws[ws.max_row][2:5]:
            c.number_format = "0%"
    wb.save(P("nodule_malignancy_percent_cells.xlsx"))
    add("nodule_malignancy_percent_cells.xlsx", k, "import", reading(S, R, M),
        "lung nodules rated by 3 radiologists on a 5-point likelihood of malignancy scale whose points are "
        "percentages (5%, 25%, 50%, 75%, 95%): the cells hold 0.05 .. 0.95 formatted '0%' in Excel; the ratings "
        "are these 5 ordered categories (0.25, '25%' and 25 all mean the same point); size in mm is a "
        "measurement and the histology / follow-up outcome the reference", keywords=[r"histology", r"size"],
        aliases={v: ["%g%%" % (float(v) * 100), "%g" % (float(v) * 100)] for v in lv})


def write_fods(name, title, rows):
    """a LibreOffice flat XML spreadsheet (.fods) with one table."""
    out = []
    for r in rows:
        cs = []
        for c in r:
            if c is None or c == "":
                cs.append("<table:table-cell/>")
            elif isinstance(c, (int, float)):
                cs.append('<table:table-cell office:value-type="float" office:value="%s" calcext:value-type="float">'
                          '<text:p>%s</text:p></table:table-cell>' % (c, c))
            else:
                cs.append('<table:table-cell office:value-type="string" calcext:value-type="string"><text:p>%s'
                          '</text:p></table:table-cell>' % html.escape(str(c), quote=False))
        out.append("    <table:table-row>%s</table:table-row>" % "".join(cs))
    doc = ('<?xml version="1.0" encoding="UTF-8"?>\n\n'
           '<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
           'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
           'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
           'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
           'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" '
           'xmlns:calcext="urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0" '
           'office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.spreadsheet">\n'
           ' <office:meta><meta:creation-date>2025-01-01T00:00:00</meta:creation-date>'
           '<meta:generator>LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/e19e193f88cd6c0525a17fb7a176ed8e6a3e2aa1'
           '</meta:generator></office:meta>\n'
           ' <office:body>\n  <office:spreadsheet>\n   <table:table table:name="%s">\n'
           '    <table:table-column table:number-columns-repeated="%d"/>\n%s\n   </table:table>\n'
           '  </office:spreadsheet>\n </office:body>\n</office:document>\n') % (
        html.escape(title), max(len(r) for r in rows), "\n".join(out))
    write_txt(name, text=doc)


# ================================================================== I. files to refuse
def g_refuse():
    k = "refuse"
    # 44 a ward shift rota
    nurses = ["%s %s" % (f, l) for f, l in zip(rng.sample(FIRST, 12), rng.sample(
        ["Adams", "Baker", "Clarke", "Davies", "Evans", "Foster", "Green", "Hughes", "Iqbal", "James", "Khan",
         "Lewis", "Morgan"], 12))]
    days = [dt.date(2025, 3, 3) + dt.timedelta(days=i) for i in range(28)]
    rows = [["Ward 7B - e-Roster, 4 weeks from 03/03/2025"], ["Name", "Band", "WTE"] +
            [d.strftime("%a %d/%m") for d in days] + ["Hours"]]
    for n in nurses:
        sh = [rng.choices(["E", "L", "N", "LD", "OFF", "AL", "SD"], [20, 20, 10, 12, 30, 5, 3])[0] for _ in days]
        hrs = sum({"E": 7.5, "L": 7.5, "N": 11.5, "LD": 12.5, "AL": 7.5, "SD": 7.5}.get(x, 0) for x in sh)
        rows.append([n, rng.choice(["Band 5", "Band 5", "Band 6", "Band 7"]), rng.choice([1.0, 1.0, 0.8, 0.6])] + sh +
                    [hrs])
    rows += [[], ["E = early 07:00-15:00, L = late 13:00-21:00, N = night, LD = long day, AL = annual leave, "
                  "SD = study day"]]
    write_xlsx("ward_7b_shift_rota.xlsx", [("Roster", rows)])
    add("ward_7b_shift_rota.xlsx", k, "refuse", None,
        "a ward's 4-week shift rota: nurses in rows, days in columns, shift codes E / L / N / LD / OFF / AL / SD "
        "in the cells and a legend line: it looks like raters x subjects with categories, but each cell is an "
        "assignment, not a judgement of a day; no ratings", keywords=[r"no ratings", r"not a rating", r"rota",
                                                                      r"roster", r"schedule", r"shift"])

    # 45 an annotation team's timesheet
    ann = ["ann_%02d" % i for i in range(1, 9)]
    weeks = ["2025-W%02d" % w for w in range(10, 18)]
    rows = [["Annotator"] + weeks + ["Total hours", "Items labelled", "Rate (USD/h)"]]
    for a in ann:
        h = [round(rng.choice([0, 4, 6, 8, 10, 12, 15, 20]) + rng.choice([0, 0.25, 0.5, 0.75]), 2) for _ in weeks]
        rows.append([a] + h + [sum(h), rng.randint(300, 4000), rng.choice([14, 16, 18])])
    rows.append(["TOTAL"] + [round(sum(r[1 + i] for r in rows[1:]), 2) for i in range(len(weeks))] + ["", "", ""])
    write_txt("annotation_team_timesheet.csv", rows)
    add("annotation_team_timesheet.csv", k, "refuse", None,
        "an annotation team's timesheet: hours worked per annotator (rows) and ISO week (columns), totals, items "
        "labelled and pay rate; numbers in an annotator x week grid, but no one rated anything",
        keywords=[r"no ratings", r"not a rating", r"hours", r"timesheet", r"continuous"])

    # 46 a randomisation list
    rows = [["Randomisation No.", "Site", "Stratum", "Block", "Block size", "Treatment", "Kit No.", "Date allocated"]]
    for i in range(1, 41):
        rows.append(["R%04d" % i, rng.choice(["01", "02", "03"]), rng.choice(["NIHSS <= 10", "NIHSS > 10"]),
                     (i - 1) // 4 + 1, 4, rng.choice(["A", "B"]), "K%05d" % rng.randint(10000, 99999),
                     "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 9)) if i < 30 else ""])
    write_txt("randomisation_list_blocks.csv", rows)
    add("randomisation_list_blocks.csv", k, "refuse", None,
        "a trial's block randomisation list (number, site, stratum, block, treatment A/B, kit, date allocated): "
        "allocations, not ratings", keywords=[r"no ratings", r"not a rating", r"random", r"allocation"] + KW_ONE)

    # 47 a barbecue contest's entry list with Y/N per category
    rows = [["Team", "Pitmaster", "KCBS member #", "Chicken", "Pork Ribs", "Pork", "Brisket", "Ancillary: Dessert",
             "Entry fee paid", "Site #"]]
    for i in range(18):
        rows.append([rng.choice(["Smoke Signals", "Pig Latin", "Rib Ticklers", "Brisket Case", "Swine Flew",
                                 "Q-Dawgs", "Holy Smokes", "Meat Sweats", "Bone Dry", "Low & Slow Crew",
                                 "Hog Wild", "Sauce Bosses"]) + (" %d" % i if i >= 12 else ""),
                     "%s %s" % (rng.choice(FIRST), rng.choice(["Tate", "Boone", "Reyes", "Hale"])),
                     rng.randint(100000, 499999)] + [rng.choice(["Y", "Y", "Y", "N"]) for _ in range(5)] +
                    [rng.choice(["Yes", "Yes", "Pending"]), i + 1])
    write_txt("bbq_contest_entry_list.csv", rows)
    add("bbq_contest_entry_list.csv", k, "refuse", None,
        "a barbecue contest's entry list: teams (rows), Y/N for each category entered, fee status and site "
        "number; a team x category grid of Y/N that is registration, not judging",
        keywords=[r"no ratings", r"not a rating", r"entr(y|ies)", r"registration"] + KW_ONE)

    # 48 item descriptive statistics of a scale
    rows = [["Item", "N", "Mean", "SD", "Skewness", "Kurtosis", "Corrected item-total r", "Alpha if item deleted"]]
    for i in range(1, 15):
        rows.append(["BBS%02d" % i, 212, "%.2f" % rng.uniform(1.5, 3.8), "%.2f" % rng.uniform(0.6, 1.4),
                     "%.2f" % rng.uniform(-1.5, 0.5), "%.2f" % rng.uniform(-1, 2), "%.2f" % rng.uniform(0.4, 0.85),
                     "%.3f" % rng.uniform(0.90, 0.94)])
    write_txt("scale_item_descriptives.csv", rows)
    add("scale_item_descriptives.csv", k, "refuse", None,
        "item descriptive statistics of a 14-item scale (N, mean, SD, skewness, kurtosis, item-total "
        "correlation, alpha if deleted): results, not ratings",
        keywords=[r"no ratings", r"not a rating", r"summary", r"statistic", r"result", r"continuous"])

    # 49 a GPS track of the trail survey
    rows = [["track_seg_point_id", "lat", "lon", "ele", "time", "speed", "sat", "hdop"]]
    t = dt.datetime(2025, 7, 19, 7, 42, 10)
    la, lo, el = 45.14213, -121.76402, 1123.0
    for i in range(150):
        t += dt.timedelta(seconds=rng.randint(4, 12))
        la += rng.uniform(-0.0001, 0.0003)
        lo += rng.uniform(-0.0002, 0.0003)
        el += rng.uniform(-2, 3)
        rows.append([i, "%.6f" % la, "%.6f" % lo, "%.1f" % el, t.strftime("%Y-%m-%dT%H:%M:%SZ"),
                     "%.2f" % rng.uniform(0.6, 1.6), rng.randint(6, 14), "%.1f" % rng.uniform(0.7, 2.5)])
    write_txt("trail_survey_gps_track.csv", rows)
    add("trail_survey_gps_track.csv", k, "refuse", None,
        "the GPS track of the trail survey converted from GPX (point id, latitude, longitude, elevation, time, "
        "speed, satellites, HDOP): sensor data, no ratings",
        keywords=[r"no ratings", r"not a rating", r"sensor", r"continuous", r"measurement"])


def main():
    common.main(14, (g_platforms, g_clinical, g_judging, g_education, g_industry, g_nlp, g_field, g_habits,
                     g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            common.fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
