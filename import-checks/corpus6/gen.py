#!/usr/bin/env python3
"""corpus 6: rating files of kinds in neither corpus 4 nor 5, for `tapdesk inspect` (seeded).

Kinds: LimeSurvey response exports (question-code and full-text headings, answer codes and full answers,
incomplete responses, xlsx); Qualtrics loop & merge and matrix exports with Survey Preview / Survey Test
responses (left out); KoboToolbox (semicolon CSV, label xlsx, repeat group sheet, group paths); ODK Central
(long, group-dash wide, repeat CSV with PARENT_KEY); Typeform (classic CSV, Google Sheets integration,
yes/no 1/0); Argilla (v2 flattened CSV with list cells, v2 records JSON, v1 FeedbackDataset JSONL);
MAXQDA code-existence tables and an NVivo coding comparison summary; Excel Data > Subtotal outlines;
code + label twinned rater columns; tick lists; the same answers in different languages and cases;
SPSS CROSSTABS text / Spanish xlsx and a merged ODS cross-table; site/sex/gold/consensus/MDT columns in
Italian, Portuguese, Dutch and an adjudicator filled only on disagreement; legend and units rows, '#'
comment headers, Markdown tables.

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ6_SEED (default 20261128).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. Needs openpyxl and odfpy.
"""
import csv
import datetime as dt
import json
import os
import re
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, BASE, csv_case, FIRST, ids, KW_LAYOUT, mat, num, P, rand_id, reading, SENT,
                    SENTENCES, to_text, when, workbook, write_txt, write_xlsx, xlsx_case)  # noqa: E402

rng = common.init(6, 20261128)


def write_ods_merged(name, title, groups, head, body):
    """ods with a merged group-header row: groups = [(label, span)], written with covered cells."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow, TableCell, CoveredTableCell
    from odf.text import P as TP
    doc = OpenDocumentSpreadsheet()
    t = Table(name=title)

    def cell(c):
        if c is None or c == "":
            return TableCell()
        if isinstance(c, (int, float)):
            tc = TableCell(valuetype="float", value=c)
        else:
            tc = TableCell(valuetype="string")
        tc.addElement(TP(text=str(c)))
        return tc
    tr = TableRow()
    tr.addElement(TableCell())
    for label, span in groups:
        tc = TableCell(valuetype="string", numbercolumnsspanned=span)
        tc.addElement(TP(text=label))
        tr.addElement(tc)
        for _ in range(span - 1):
            tr.addElement(CoveredTableCell())
    t.addElement(tr)
    for r in [head] + body:
        tr = TableRow()
        for c in r:
            tr.addElement(cell(c))
        t.addElement(tr)
    doc.spreadsheet.addElement(t)
    doc.save(P(name))


# ================================================================== corpus 6
import uuid as _uuid

KW_PREVIEW = [r"preview", r"survey test", r"\btest\b", r"status", r"distributionchannel"]
KW_GOLDW = lambda *n: [re.escape(x) for x in n] + [r"gold", r"consensus", r"reference", r"adjudicat"]


def uid():
    return str(_uuid.UUID(int=rng.getrandbits(128), version=4))


def tr_alt(rd):
    return alt([[r, s, v] for s, r, v in rd], must_note=True, label="transposed: respondents as subjects")


def cell(M, s, r, conv=lambda v: v):
    return "" if M[s][r] is None else conv(M[s][r])


def iso(t, ms=False, z=""):
    return t.strftime("%Y-%m-%dT%H:%M:%S") + (".%03d" % rng.randint(0, 999) if ms else "") + z


# ------------------------------------------------------------------ A. LimeSurvey
def g_limesurvey():
    k = "limesurvey"
    # 1. question-code headings, answer codes AO01.., a name question; respondents (raters) in rows
    S = ["SQ%03d" % (i + 1) for i in range(10)]
    R = rng.sample(FIRST, 6)
    cats = ["AO01", "AO02", "AO03", "AO04"]
    M = mat(S, R, cats, miss=0.04)
    head = ["id", "submitdate", "lastpage", "startlanguage", "seed", "startdate", "datestamp", "RATER"] + \
        ["Q1[%s]" % s for s in S] + ["Q2"]
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 40)
        rows.append([str(m + 1), t.strftime("%Y-%m-%d %H:%M:%S"), "2", "en", str(rng.randint(10 ** 8, 2 * 10 ** 9)),
                     (t - dt.timedelta(minutes=12)).strftime("%Y-%m-%d %H:%M:%S"), t.strftime("%Y-%m-%d %H:%M:%S"), r] +
                    [cell(M, s, r) for s in S] + [rng.choice(["", "", "Case 4 image quality poor", "none"])])
    write_txt("ls_codes_array.csv", rows, quoting=csv.QUOTE_ALL)
    rd = [["Q1[%s]" % s, r, v] for s, r, v in reading(S, R, M)]
    add("ls_codes_array.csv", k, "import", rd, "LimeSurvey CSV, 'question code' headings and answer codes: one row per "
        "response = rater (RATER is the name question), subquestions Q1[SQ001].. = rated subjects, values AO01..AO04; "
        "id/seed/lastpage are numbers, not ratings; Q2 is a free-text comment", keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 2. German 'full question text' headings, full answers
    S = ["Fall %02d" % (i + 1) for i in range(8)]
    R = rng.sample(FIRST, 7)
    cats = ["keine", "leicht", "mittel", "schwer"]
    M = mat(S, R, cats, miss=0.05)
    head = ["Antwort ID", "Datum Abgeschickt", "Letzte Seite", "Start-Sprache", "Zufallsstartwert", "Datum gestartet",
            "Datum letzte Aktivität", "Ihr Name:"] + ["Bitte bewerten Sie den Schweregrad jedes Falls. [%s]" % s for s in S]
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 33)
        f = lambda x: x.strftime("%d.%m.%Y %H:%M")
        rows.append([str(m + 11), f(t), "3", "de", str(rng.randint(10 ** 8, 2 * 10 ** 9)), f(t - dt.timedelta(minutes=9)),
                     f(t), r] + [cell(M, s, r) for s in S])
    write_txt("ls_fulltext_de.csv", rows, quoting=csv.QUOTE_ALL)
    rd = reading(S, R, M)
    add("ls_fulltext_de.csv", k, "import", rd, "LimeSurvey CSV in German with 'full question text' headings "
        "'Bitte bewerten ... [Fall 01]' and full answers keine/leicht/mittel/schwer; respondents (raters, 'Ihr Name:') in "
        "rows, the bracketed subquestions are the subjects", keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 3. incomplete responses included (submitdate empty); the response id is the only rater id
    S = ["SQ%03d" % (i + 1) for i in range(12)]
    R = [str(x) for x in sorted(rng.sample(range(3, 40), 8))]
    cats = ["1", "2", "3", "4", "5"]
    M = mat(S, R, cats)
    inc = R[2], R[6]
    for s in S[5:]:
        M[s][inc[0]] = None       # stopped half way
    for s in S:
        if s not in S[:2]:
            M[s][inc[1]] = None   # answered two, then left
    head = ["id", "submitdate", "lastpage", "startlanguage", "seed", "G01Q01[%s]" % S[0]] + ["G01Q01[%s]" % s for s in S[1:]]
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 25)
        rows.append([r, "" if r in inc else t.strftime("%Y-%m-%d %H:%M:%S"), "1" if r in inc else "2", "en",
                     str(rng.randint(10 ** 8, 2 * 10 ** 9))] + [cell(M, s, r) for s in S])
    write_txt("ls_incomplete_responses.csv", rows, quoting=csv.QUOTE_ALL)
    rd = [["G01Q01[%s]" % s, r, v] for s, r, v in reading(S, R, M)]
    rd_done = [t for t in rd if t[1] not in inc]
    add("ls_incomplete_responses.csv", k, "import", rd, "LimeSurvey 'all responses' export: two incomplete responses "
        "(empty submitdate, lastpage 1) with partial answers; rows = responses = raters (by response id), "
        "G01Q01[SQ001].. = subjects, 1-5; keeping or dropping the incomplete ones are both fair",
        keywords=KW_LAYOUT, alts=[tr_alt(rd), alt(rd_done, label="incomplete responses dropped")])
    # 4. 'question code & question text' headings, numeric answer codes with a '-oth-' free text
    S = ["Image %02d" % (i + 1) for i in range(9)]
    R = rng.sample(FIRST, 5)
    cats = ["1", "2", "3"]
    M = mat(S, R, cats)
    head = ["id. Response ID", "submitdate. Date submitted", "lastpage. Last page", "startlanguage. Start language",
            "seed. Seed", "name. Your name"] + \
        ["Q1[SQ%03d]. How confident is the diagnosis of melanoma? (1 = unlikely, 3 = certain) [%s]" % (i + 1, s)
         for i, s in enumerate(S)]
    rows = [head] + [[str(m + 1), when(BASE, m * 20).strftime("%Y-%m-%d %H:%M:%S"), "1", "en",
                      str(rng.randint(10 ** 8, 2 * 10 ** 9)), r] + [cell(M, s, r) for s in S] for m, r in enumerate(R)]
    write_txt("ls_code_and_text_headings.csv", rows, quoting=csv.QUOTE_ALL)
    rd = reading(S, R, M)
    add("ls_code_and_text_headings.csv", k, "import", rd, "LimeSurvey 'question code & question text' headings "
        "('Q1[SQ001]. How confident ... (1 = unlikely, 3 = certain) [Image 01]'); 5 respondents (raters) in rows",
        keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 5. xlsx export, Yes/No questions exported as codes Y/N
    S = ["Q%d" % (i + 1) for i in range(10)]
    R = rng.sample(FIRST, 6)
    M = mat(S, R, ["Y", "N"], miss=0.05)
    head = ["id", "submitdate", "lastpage", "startlanguage", "seed", "token", "coder"] + ["crit%s" % s for s in S]
    rows = [head] + [[m + 1, when(BASE, m * 15), 2, "en", rng.randint(10 ** 8, 2 * 10 ** 9),
                      rand_id(15, string.ascii_letters + string.digits), r] + [cell(M, s, r) for s in S]
                     for m, r in enumerate(R)]
    write_xlsx("ls_yesno_codes.xlsx", [("results-survey512846", rows)])
    rd = [["crit" + s, r, v] for s, r, v in reading(S, R, M)]
    add("ls_yesno_codes.xlsx", k, "import", rd, "LimeSurvey xlsx, Yes/No questions crit1..crit10 exported as Y/N codes; "
        "one row per response (coder), token is a random participant token, not a rater id", keywords=KW_LAYOUT,
        alts=[tr_alt(rd)], aliases={"Y": ["Yes"], "N": ["No"]})


# ------------------------------------------------------------------ B. Qualtrics
QX_META = [("StartDate", "Start Date", '{"ImportId":"startDate","timeZone":"Europe/Berlin"}'),
           ("EndDate", "End Date", '{"ImportId":"endDate","timeZone":"Europe/Berlin"}'),
           ("Status", "Response Type", '{"ImportId":"status"}'),
           ("IPAddress", "IP Address", '{"ImportId":"ipAddress"}'),
           ("Progress", "Progress", '{"ImportId":"progress"}'),
           ("Duration (in seconds)", "Duration (in seconds)", '{"ImportId":"duration"}'),
           ("Finished", "Finished", '{"ImportId":"finished"}'),
           ("RecordedDate", "Recorded Date", '{"ImportId":"recordedDate","timeZone":"Europe/Berlin"}'),
           ("ResponseId", "Response ID", '{"ImportId":"_recordId"}'),
           ("RecipientLastName", "Recipient Last Name", '{"ImportId":"recipientLastName"}'),
           ("RecipientFirstName", "Recipient First Name", '{"ImportId":"recipientFirstName"}'),
           ("RecipientEmail", "Recipient Email", '{"ImportId":"recipientEmail"}'),
           ("ExternalReference", "External Data Reference", '{"ImportId":"externalDataReference"}'),
           ("LocationLatitude", "Location Latitude", '{"ImportId":"locationLatitude"}'),
           ("LocationLongitude", "Location Longitude", '{"ImportId":"locationLongitude"}'),
           ("DistributionChannel", "Distribution Channel", '{"ImportId":"distributionChannel"}'),
           ("UserLanguage", "User Language", '{"ImportId":"userLanguage"}')]


def qx_meta(t, kind, numeric=False, progress=100):
    st = {"ip": ("IP Address", "0", "anonymous"), "preview": ("Survey Preview", "1", "preview"),
          "test": ("Survey Test", "2", "test")}[kind]
    fin = progress == 100
    return [t.strftime("%Y-%m-%d %H:%M:%S"), (t + dt.timedelta(minutes=11)).strftime("%Y-%m-%d %H:%M:%S"),
            st[1] if numeric else st[0], "" if kind != "ip" else "141.%d.%d.%d" % (rng.randint(0, 255), rng.randint(0, 255),
                                                                                    rng.randint(1, 254)),
            str(progress), str(rng.randint(200, 1500)), ("1" if fin else "0") if numeric else ("True" if fin else "False"),
            (t + dt.timedelta(minutes=11)).strftime("%Y-%m-%d %H:%M:%S"), "R_" + rand_id(15, string.ascii_letters + string.digits),
            "", "", "", "", "%.4f" % rng.uniform(47, 54), "%.4f" % rng.uniform(6, 14), st[2], "EN"]


def g_qualtrics():
    k = "qualtrics"
    # 6. loop & merge, columns 1_Q2 .. 12_Q2, choice text, name question Q1; one preview row to leave out
    S = [str(i + 1) for i in range(12)]
    R = rng.sample(FIRST, 6)
    cats = ["Mild", "Moderate", "Severe"]
    M = mat(S, R, cats, miss=0.03)
    h1 = [a for a, b, c in QX_META] + ["Q1"] + ["%s_Q2" % s for s in S]
    h2 = [b for a, b, c in QX_META] + ["Your name"] + ["%s_How severe is the lesion shown in ${lm://Field/1}?" % s for s in S]
    h3 = [c for a, b, c in QX_META] + ['{"ImportId":"QID1_TEXT"}'] + ['{"ImportId":"%s_QID2"}' % s for s in S]
    rows = [h1, h2, h3]
    prev = [rng.choice(cats) for _ in S]
    rows.append(qx_meta(when(BASE, -5), "preview") + ["test"] + prev)
    for m, r in enumerate(R):
        rows.append(qx_meta(when(BASE, m * 30), "ip") + [r] + [cell(M, s, r) for s in S])
    write_txt("qx_loopmerge_preview.csv", rows, quoting=csv.QUOTE_ALL)
    rd = reading(S, R, M)
    add("qx_loopmerge_preview.csv", k, "import", rd, "Qualtrics CSV (3 header rows) of a loop & merge block: "
        "1_Q2..12_Q2 = the same question for 12 looped images (subjects); one response per rater (Q1 = name); the "
        "first response is a 'Survey Preview' (DistributionChannel preview, name 'test') and must be left out",
        keywords=KW_PREVIEW + KW_LAYOUT, alts=[tr_alt(rd)])
    # 7. matrix Q2_1..Q2_10, numeric values export, Status 0/1/2: previews and a test response left out
    S = [str(i + 1) for i in range(10)]
    R = rng.sample(FIRST, 7)
    cats = ["1", "2", "3", "4", "5"]
    M = mat(S, R, cats)
    h1 = [a for a, b, c in QX_META] + ["Q1"] + ["Q2_%s" % s for s in S]
    h2 = [b for a, b, c in QX_META] + ["Please enter your name"] + \
        ["Rate the readability of each paragraph (1 = very poor, 5 = excellent) - Paragraph %s" % s for s in S]
    h3 = [c for a, b, c in QX_META] + ['{"ImportId":"QID1_TEXT"}'] + ['{"ImportId":"QID2_%s"}' % s for s in S]
    body = []
    for m, r in enumerate(R):
        body.append(qx_meta(when(BASE, m * 30), "ip", numeric=True) + [r] + [cell(M, s, r) for s in S])
    for j, (kind, nm) in enumerate([("preview", "Dana"), ("preview", "x"), ("test", "")]):
        row = qx_meta(when(BASE, -10 + j), kind, numeric=True) + [nm] + [rng.choice(cats) for s in S]
        body.insert(rng.randint(0, len(body)), row)
    write_txt("qx_matrix_preview_test.csv", [h1, h2, h3] + body, quoting=csv.QUOTE_ALL)
    rd = [["Q2_" + s, r, v] for s, r, v in reading(S, R, M)]
    add("qx_matrix_preview_test.csv", k, "import", rd, "Qualtrics numeric export of a matrix Q2_1..Q2_10: Status "
        "1 = Survey Preview (two, one named 'Dana' like a real rater), 2 = Survey Test (generated): leave those out; "
        "7 real responses = raters", keywords=KW_PREVIEW + KW_LAYOUT, alts=[tr_alt(rd)])
    # 8. loop & merge with grade + confidence per loop, a Survey Test response
    S = [str(i + 1) for i in range(8)]
    R = rng.sample(FIRST, 5)
    cats = ["Grade 1", "Grade 2", "Grade 3"]
    M = mat(S, R, cats)
    h1 = [a for a, b, c in QX_META] + ["Q1"]
    h2 = [b for a, b, c in QX_META] + ["Reader name"]
    h3 = [c for a, b, c in QX_META] + ['{"ImportId":"QID1_TEXT"}']
    for s in S:
        h1 += ["%s_Q2" % s, "%s_Q3_1" % s]
        h2 += ["%s_Tumour grade" % s, "%s_How confident are you? - Confidence (0-100)" % s]
        h3 += ['{"ImportId":"%s_QID2"}' % s, '{"ImportId":"%s_QID3_1"}' % s]
    rows = [h1, h2, h3]
    for m, r in enumerate(R):
        row = qx_meta(when(BASE, m * 30), "ip") + [r]
        for s in S:
            row += [cell(M, s, r), str(rng.choice([40, 50, 60, 70, 75, 80, 90, 100]))]
        rows.append(row)
    row = qx_meta(when(BASE, 500), "test") + ["Test User"]
    for s in S:
        row += [rng.choice(cats), str(rng.randint(0, 100))]
    rows.append(row)
    write_txt("qx_loopmerge_confidence_test.csv", rows, quoting=csv.QUOTE_ALL)
    rd = reading(S, R, M)
    add("qx_loopmerge_confidence_test.csv", k, "import", rd, "Qualtrics loop & merge with two questions per loop: "
        "n_Q2 tumour grade (the rating) and n_Q3_1 a 0-100 confidence slider (not a rating); the last response is a "
        "'Survey Test' to leave out; readers (Q1) in rows", keywords=KW_PREVIEW + KW_LAYOUT + [r"confiden", r"Q3"],
        alts=[tr_alt(rd)])
    # 9. xlsx export (2 header rows), a preview and one unfinished (Progress 60) but recorded response
    S = ["%d" % (i + 1) for i in range(9)]
    R = rng.sample(FIRST, 6)
    cats = ["Not relevant", "Somewhat relevant", "Highly relevant"]
    M = mat(S, R, cats)
    part = R[3]
    for s in S[5:]:
        M[s][part] = None
    h1 = [a for a, b, c in QX_META] + ["Q1"] + ["Q5_%s" % s for s in S]
    h2 = [b for a, b, c in QX_META] + ["Name"] + ["How relevant is each abstract to the review? - Abstract %s" % s for s in S]
    body = []
    for m, r in enumerate(R):
        mm = qx_meta(when(BASE, m * 30), "ip", progress=60 if r == part else 100)
        body.append(mm + [r] + [cell(M, s, r) for s in S])
    body.insert(2, qx_meta(when(BASE, 3), "preview") + ["Alice (preview)"] + [rng.choice(cats) for s in S])
    write_xlsx("qx_matrix_preview.xlsx", [("Sheet0", [h1, h2] + body)])
    rd = [["Q5_" + s, r, v] for s, r, v in reading(S, R, M)]
    add("qx_matrix_preview.xlsx", k, "import", rd, "Qualtrics xlsx (2 header rows), matrix Q5_1..Q5_9; one 'Survey "
        "Preview' response to leave out; one recorded response at Progress 60 (Finished False) whose answers count",
        keywords=KW_PREVIEW + KW_LAYOUT, alts=[tr_alt(rd)])
    # 10. every response is a preview (the team rated through the preview link)
    S = [str(i + 1) for i in range(8)]
    R = rng.sample(FIRST, 4)
    M = mat(S, R, ["1", "2", "3", "4"])
    h1 = [a for a, b, c in QX_META] + ["Q1"] + ["Q2_%s" % s for s in S]
    h2 = [b for a, b, c in QX_META] + ["Name"] + ["Score each image - Image %s" % s for s in S]
    h3 = [c for a, b, c in QX_META] + ['{"ImportId":"QID1_TEXT"}'] + ['{"ImportId":"QID2_%s"}' % s for s in S]
    rows = [h1, h2, h3] + [qx_meta(when(BASE, m * 20), "preview") + [r] + [cell(M, s, r) for s in S]
                           for m, r in enumerate(R)]
    write_txt("qx_all_preview.csv", rows, quoting=csv.QUOTE_ALL)
    rd = [["Q2_" + s, r, v] for s, r, v in reading(S, R, M)]
    add("qx_all_preview.csv", k, "either", rd, "Qualtrics export where ALL responses are 'Survey Preview' (the team "
        "rated through the preview link): refuse, or read them with a note that they are previews",
        keywords=KW_PREVIEW, must_note=True, alts=[alt([[r, s, v] for s, r, v in rd], must_note=True, label="transposed")])


# ------------------------------------------------------------------ C. KoboToolbox
KOBO_TAIL = ["_id", "_uuid", "_submission_time", "_validation_status", "_notes", "_status", "_submitted_by",
             "__version__", "_tags", "_index"]


def kobo_tail(i, vstat="", who=""):
    return [str(180000000 + rng.randint(0, 999999)), uid(), iso(when(BASE, i * 3)), vstat, "", "submitted_via_web",
            who, "vQ8nW3bGk2ZxLrTt5f9yPa", "", str(i + 1)]


def g_kobo():
    k = "kobo"
    # 11. legacy semicolon CSV, XML names, one submission per rating, a 'not approved' submission
    S = ["C%03d" % (i + 1) for i in range(14)]
    R = ["reader_%s" % f.lower() for f in rng.sample(FIRST[:8], 3)]
    cats = ["none", "mild", "moderate", "severe"]
    M = mat(S, R, cats, miss=0.05)
    head = ["start", "end", "today", "deviceid", "rater", "case_id", "assessment/severity", "assessment/remarks"] + KOBO_TAIL
    rows, i, rej = [head], 0, None
    cells = [(s, r) for s in S for r in R if M[s][r] is not None]
    rng.shuffle(cells)
    for s, r in cells:
        t = when(BASE, i * 3)
        vs = "validation_status_approved"
        if rej is None and i > 5:
            rej, vs = (s, r), "validation_status_not_approved"
        rows.append([iso(t, True, "+01:00"), iso(t + dt.timedelta(minutes=2), True, "+01:00"), t.strftime("%Y-%m-%d"),
                     "ee.kobotoolbox.org:" + rand_id(16, string.ascii_letters + string.digits), r, s, M[s][r],
                     rng.choice(["", "", "", "blurred photo", "check again"])] + kobo_tail(i, vs, r))
        i += 1
    write_txt("kobo_legacy_semicolon.csv", rows, delim=";", quoting=csv.QUOTE_ALL)
    rd = reading(S, R, M)
    add("kobo_legacy_semicolon.csv", k, "import", rd, "KoboToolbox legacy CSV (';', all quoted, XML values/headers): "
        "one submission per rating, rater = select field, case_id = subject, assessment/severity = rating; _id, _index, "
        "_uuid are not; one submission 'not approved' (keeping or dropping it both fair)",
        alts=[alt([t for t in rd if (t[0], t[1]) != rej], label="not-approved submission dropped")])
    # 12. xlsx with labels as headers and values
    S = [str(100 + i) for i in range(15)]
    R = rng.sample(FIRST, 4)
    cats = ["Normal", "Borderline", "Abnormal"]
    M = mat(S, R, cats, miss=0.05)
    head = ["start", "end", "Name of the assessor", "Participant number", "Interpretation of the ECG",
            "Photo of the ECG", "Photo of the ECG_URL"] + KOBO_TAIL
    rows, i = [head], 0
    for s in S:
        for r in R:
            if M[s][r] is None:
                continue
            t = when(BASE, i * 4)
            ph = "ecg_%s_%d.jpg" % (s, rng.randint(1000, 9999))
            rows.append([t, t + dt.timedelta(minutes=3), r, int(s), M[s][r], ph,
                         "https://kc.kobotoolbox.org/media/original?media_file=%s" % ph] +
                        [int(180000000 + i), uid(), t, "Approved", "", "submitted_via_web", "", "vQ8nW3bGk2ZxLrTt5f9yPa",
                         "", i + 1])
            i += 1
    xlsx_case("kobo_labels.xlsx", "ECG reading", rows, k, S, R, M,
        "KoboToolbox xlsx with label headers and label values: "
        "assessor = rater, Participant number = subject, ECG interpretation = rating; photo file names/URLs, _id and "
        "_index are not ratings")
    # 13. repeat group: raters in the main sheet, ratings in the repeat sheet linked by _parent_index
    S = ["P%02d" % (i + 1) for i in range(12)]
    R = rng.sample(FIRST, 4)
    cats = ["0", "1", "2", "3"]
    M = mat(S, R, cats)
    main = [["start", "end", "today", "rater_name", "site"] + KOBO_TAIL]
    rep = [["case_id", "pasi_score/erythema", "_index", "_parent_table_name", "_parent_index", "_submission__id",
            "_submission__uuid", "_submission__submission_time", "_submission__validation_status",
            "_submission__notes", "_submission__status", "_submission__submitted_by", "_submission___version__",
            "_submission__tags"]]
    ri = 0
    for m, r in enumerate(R):
        t = when(BASE, m * 90)
        tail = kobo_tail(m, "", "")
        main.append([t, t + dt.timedelta(minutes=40), t.date().isoformat(), r, "Clinic B"] + tail)
        for s in S:
            ri += 1
            rep.append([s, M[s][r], ri, "erythema_rating", m + 1, tail[0], tail[1], tail[2], "", "", "submitted_via_web",
                        "", "vQ8nW3bGk2ZxLrTt5f9yPa", ""])
    write_xlsx("kobo_repeat_group.xlsx", [("Erythema rating", main), ("erythema_rating", rep)])
    add("kobo_repeat_group.xlsx", k, "import", reading(S, R, M), "KoboToolbox xlsx with a repeat group: sheet 1 has "
        "one submission per rater (rater_name), sheet 2 'erythema_rating' one row per case with the 0-3 score and "
        "_parent_index (= the rater's submission); raters by _parent_index/_submission__id are the same reading",
        keywords=[r"repeat", r"_parent_index", r"sheet", r"erythema_rating"])
    # 14. one submission per rater, group paths cases/case_01.. (raters in rows)
    S = ["case_%02d" % (i + 1) for i in range(10)]
    R = rng.sample(FIRST, 5)
    cats = ["present", "absent", "unsure"]
    M = mat(S, R, cats, miss=0.04)
    head = ["start", "end", "today", "deviceid", "rater/name", "rater/years_experience"] + ["cases/" + s for s in S] + \
        KOBO_TAIL
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 60)
        rows.append([iso(t, True, "+02:00"), iso(t + dt.timedelta(minutes=25), True, "+02:00"), t.date().isoformat(),
                     "collect:" + rand_id(16, string.ascii_letters + string.digits), r, str(rng.randint(2, 25))] +
                    [cell(M, s, r) for s in S] + kobo_tail(m))
    write_txt("kobo_group_paths_wide.csv", rows, delim=";", quoting=csv.QUOTE_ALL)
    rd = [["cases/" + s, r, v] for s, r, v in reading(S, R, M)]
    add("kobo_group_paths_wide.csv", k, "import", rd, "KoboToolbox ';' CSV, one submission per rater: rater/name, "
        "rater/years_experience (a number, not a rating), cases/case_01..10 = subjects (present/absent/unsure); raters "
        "in rows", keywords=KW_LAYOUT + [r"years_experience"], alts=[tr_alt(rd)])


# ------------------------------------------------------------------ D. ODK Central
ODK_TAIL = ["meta-instanceID", "KEY", "SubmitterID", "SubmitterName", "AttachmentsPresent", "AttachmentsExpected",
            "Status", "ReviewState", "DeviceID", "Edits", "FormVersion"]


def odk_tail(review=""):
    u = "uuid:" + uid()
    return [u, u, str(rng.choice([41, 42, 57])), rng.choice(["tablet-03", "tablet-07", "web-user"]), "0", "0", "", review,
            "collect:" + rand_id(16, string.ascii_letters + string.digits), "0", "2024030401"]


def g_odk():
    k = "odk"
    # 15. long, group-dash names, one rejected submission
    S = ["%04d" % rng.randint(1, 9999) for _ in range(16)]
    S = list(dict.fromkeys(S))
    R = ["enum_%02d" % x for x in rng.sample(range(1, 20), 3)]
    cats = ["positive", "negative", "invalid"]
    M = mat(S, R, cats, miss=0.05)
    head = ["SubmissionDate", "start", "end", "today", "deviceid", "reader", "test_id", "rdt-result", "rdt-photo",
            "rdt-bands_visible"] + ODK_TAIL
    rows, rej = [head], None
    cells = [(s, r) for s in S for r in R if M[s][r] is not None]
    rng.shuffle(cells)
    for i, (s, r) in enumerate(cells):
        t = when(BASE, i * 2)
        rv = rng.choice(["", "", "approved"])
        if rej is None and i == 9:
            rej, rv = (s, r), "rejected"
        rows.append([iso(t + dt.timedelta(hours=2), True, "Z"), iso(t, True, "+03:00"), iso(t + dt.timedelta(minutes=1), True,
                     "+03:00"), t.date().isoformat(), "collect:" + rand_id(16), r, s, M[s][r], "%d.jpg" % rng.randint(10 ** 12,
                                                                                                        2 * 10 ** 12),
                     str(rng.randint(0, 2))] + odk_tail(rv))
    write_txt("odk_central_long.csv", rows)
    rd = reading(S, R, M)
    add("odk_central_long.csv", k, "import", rd, "ODK Central CSV: one submission per reading, reader = rater, "
        "test_id (zero-padded) = subject, rdt-result = rating; rdt-bands_visible (0-2) is a count, not the rating; "
        "one submission ReviewState 'rejected' (keeping or dropping both fair)",
        alts=[alt([t for t in rd if (t[0], t[1]) != rej], label="rejected dropped")])
    # 16. one submission per rater, grp-img01.. columns (raters in rows)
    S = ["img%02d" % (i + 1) for i in range(12)]
    R = rng.sample(FIRST, 5)
    cats = ["1", "2", "3", "4"]
    M = mat(S, R, cats, miss=0.03)
    head = ["SubmissionDate", "start", "end", "rater_name", "rater_role"] + ["grading-" + s for s in S] + \
        ["grading-comment"] + ODK_TAIL
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 70)
        rows.append([iso(t, True, "Z"), iso(t, True, "+01:00"), iso(t + dt.timedelta(minutes=30), True, "+01:00"), r,
                     rng.choice(["nurse", "physician"])] + [cell(M, s, r) for s in S] +
                    [rng.choice(["", "img07 overexposed"])] + odk_tail(rng.choice(["", "approved"])))
    write_txt("odk_central_wide_grouped.csv", rows)
    rd = [["grading-" + s, r, v] for s, r, v in reading(S, R, M)]
    add("odk_central_wide_grouped.csv", k, "import", rd, "ODK Central CSV, one submission per rater: grading-img01.. "
        "(group 'grading', '-' separator) = subjects 1-4; rater_role and grading-comment are not ratings; raters in rows",
        keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 17. the repeat-group CSV alone (form-cases.csv): PARENT_KEY = the rater's submission
    S = ["W%02d" % (i + 1) for i in range(10)]
    parents = ["uuid:" + uid() for _ in range(4)]
    M = mat(S, parents, ["healed", "not healed"])
    rows = [["cases-wound_id", "cases-status", "cases-photo", "PARENT_KEY", "KEY"]]
    for p in parents:
        for j, s in enumerate(S):
            rows.append([s, M[s][p], "%d.jpg" % rng.randint(10 ** 12, 2 * 10 ** 12), p, "%s/cases[%d]" % (p, j + 1)])
    write_txt("odk_repeat_cases.csv", rows)
    add("odk_repeat_cases.csv", k, "import", reading(S, parents, M), "ODK Central repeat-group CSV on its own "
        "(wound_assessment-cases.csv): PARENT_KEY = the submission of one rater, cases-wound_id = subject, "
        "cases-status = rating; KEY is unique per row (not a subject or rater)", aliases={})


# ------------------------------------------------------------------ E. Typeform
def g_typeform():
    k = "typeform"
    # 18. classic CSV
    S = ["Logo %s" % c for c in "ABCDEFGH"]
    R = rng.sample(FIRST, 7)
    cats = [str(x) for x in range(1, 8)]
    M = mat(S, R, cats)
    head = ["#", "What's your name?"] + ["How well does %s fit the brand? (1-7)" % s for s in S] + \
        ["Anything else you'd like to tell us?", "Start Date (UTC)", "Submit Date (UTC)", "Network ID"]
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 45)
        rows.append([rand_id(32, "0123456789abcdef"), r] + [cell(M, s, r) for s in S] +
                    [rng.choice(["", "", "B and F look alike"]), t.strftime("%Y-%m-%d %H:%M:%S"),
                     (t + dt.timedelta(minutes=4)).strftime("%Y-%m-%d %H:%M:%S"), rand_id(10, "0123456789abcdef")])
    write_txt("typeform_classic.csv", rows)
    rd = [["How well does %s fit the brand? (1-7)" % s, r, v] for s, r, v in reading(S, R, M)]
    add("typeform_classic.csv", k, "import", rd, "Typeform CSV: '#' (response token), name question, one opinion-scale "
        "question per logo (subjects), Start/Submit Date (UTC), Network ID; respondents (raters) in rows",
        keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 19. Google Sheets integration: questions first, then 'Submitted At' and 'Token'; a partial response
    S = ["Clip %d" % (i + 1) for i in range(9)]
    R = rng.sample(FIRST, 6)
    cats = ["Calm", "Agitated", "Distressed"]
    M = mat(S, R, cats)
    head = ["Your initials"] + ["%s: how does the patient appear?" % s for s in S] + ["Submitted At", "Token"]
    inits = {r: r[:2].upper() for r in R}
    rows = [head] + [[inits[r]] + [cell(M, s, r) for s in S] +
                     [when(BASE, m * 30).strftime("%m/%d/%Y %H:%M:%S"), rand_id(32, "0123456789abcdefghijklmnopqrstuvwxyz")]
                     for m, r in enumerate(R)]
    write_txt("typeform_gsheets.csv", rows)
    rd = [["%s: how does the patient appear?" % s, inits[r], v] for s, r, v in reading(S, R, M)]
    add("typeform_gsheets.csv", k, "import", rd, "Typeform -> Google Sheets integration saved as CSV: initials "
        "question first, one column per video clip, then 'Submitted At' and 'Token' (random, not a rater id); raters in "
        "rows", keywords=KW_LAYOUT, alts=[tr_alt(rd)])
    # 20. xlsx with Yes/No questions exported as 1/0 and partial responses
    S = ["Item %02d" % (i + 1) for i in range(10)]
    R = rng.sample([f for f in FIRST if f != "Lena"], 5)
    M = mat(S, R, ["1", "0"])
    head = ["#", "Name"] + ["%s: does the item meet the inclusion criterion?" % s for s in S] + \
        ["Response Type", "Start Date (UTC)", "Stage Date (UTC)", "Submit Date (UTC)", "Network ID", "Tags", "Ending"]
    rows = [head]
    for m, r in enumerate(R):
        t = when(BASE, m * 30)
        rows.append([rand_id(32, "0123456789abcdef"), r] + [cell(M, s, r, int) for s in S] +
                    ["completed", t, t + dt.timedelta(minutes=6), t + dt.timedelta(minutes=6), rand_id(10, "0123456789abcdef"),
                     "", "default"])
    rows.insert(3, [rand_id(32, "0123456789abcdef"), "Lena"] + [rng.choice([0, 1]) for _ in S[:3]] + [""] * 7 +
                ["partial", BASE, BASE, "", rand_id(10, "0123456789abcdef"), "", ""])
    write_xlsx("typeform_yesno_partial.xlsx", [("Responses", rows)])
    rd = [["%s: does the item meet the inclusion criterion?" % s, r, v] for s, r, v in reading(S, R, M)]
    part = [t for t in rd]
    lena = rows[3]
    with_p = rd + [[head[2 + j], "Lena", str(lena[2 + j])] for j in range(3)]
    add("typeform_yesno_partial.xlsx", k, "import", rd, "Typeform xlsx: Yes/No questions exported as 1/0, one "
        "'partial' response (Lena, 3 answers, no Submit Date) beside 5 completed; dropping or keeping it both fair; "
        "raters in rows", keywords=KW_LAYOUT, alts=[tr_alt(rd), alt(with_p, label="partial kept"), dict(tr_alt(with_p), label="transposed, partial kept")],
        aliases={"1": ["Yes", "TRUE"], "0": ["No", "FALSE"]})


# ------------------------------------------------------------------ F. Argilla
def g_argilla():
    k = "argilla"
    users = [uid() for _ in range(3)]
    # 21. v2 records.to_pandas()/to_csv with list cells; one discarded response
    S = ["rec-%04d" % i for i in range(18)]
    M = mat(S, users, SENT, miss=0.1)
    drop = (S[4], users[1])
    head = ["id", "status", "_server_id", "text", "label.responses", "label.responses.users", "label.responses.status",
            "label.suggestion", "label.suggestion.score", "label.suggestion.agent"]
    rows = [head]
    for i, s in enumerate(S):
        us = [u for u in users if M[s][u] is not None]
        vals = ["None" if (s, u) == drop else repr(M[s][u]) for u in us]
        sts = ["'discarded'" if (s, u) == drop else "'submitted'" for u in us]
        rows.append([s, "completed", uid(), SENTENCES[i % 10], "[%s]" % ", ".join(vals),
                     "[%s]" % ", ".join(repr(u) for u in us), "[%s]" % ", ".join(sts), rng.choice(SENT),
                     "%.4f" % rng.uniform(0.4, 0.99), "distilbert-sst2"])
    write_txt("argilla_v2_flat.csv", rows)
    rd = [t for t in reading(S, users, M) if (t[0], t[1]) != drop]
    add("argilla_v2_flat.csv", k, "either", rd, "Argilla 2.x dataset flattened to CSV: label.responses holds a list of "
        "answers, label.responses.users the annotators' user ids (same order), label.responses.status; a 'discarded' "
        "response (None) is no rating; label.suggestion is a model's prediction, not a rater. Expand the lists, or "
        "refuse clearly", keywords=[r"list", r"label\.responses", r"suggestion"])
    # 22. v2 records JSON (records.to_list / to_json)
    S = ["%d" % (i + 1) for i in range(20)]
    users2 = [uid() for _ in range(4)]
    cats = ["toxic", "not toxic"]
    M = mat(S, users2, cats, miss=0.15)
    recs = []
    for i, s in enumerate(S):
        recs.append({"id": s, "status": "completed", "_server_id": uid(), "fields": {"text": SENTENCES[i % 10]},
                     "metadata": {"source": "forum"}, "suggestions": {"label": {"value": rng.choice(cats), "score": round(rng.random(), 3),
                                                                                 "agent": "toxic-bert"}},
                     "responses": {"label": [{"value": M[s][u], "user_id": u} for u in users2 if M[s][u] is not None]},
                     "vectors": {}})
    with open(P("argilla_v2_records.json"), "w", encoding="utf-8") as f:
        json.dump(recs, f, indent=2)
    add("argilla_v2_records.json", k, "either", reading(S, users2, M), "Argilla 2.x records as JSON: "
        "responses.label = [{value, user_id}] per record; suggestions.label is a model's guess, not a rater; read "
        "record id x user_id -> value, or refuse clearly", keywords=[r"suggestion", r"nested", r"responses"])
    # 23. v1 FeedbackDataset in HF datasets form, JSONL: draft responses are not submitted
    S = ["%d" % (i + 1) for i in range(16)]
    users3 = [uid() for _ in range(3)]
    cats = ["relevant", "irrelevant"]
    M = mat(S, users3, cats)
    draft = {(S[3], users3[2]), (S[9], users3[0])}
    with open(P("argilla_v1_feedback.jsonl"), "w", encoding="utf-8") as f:
        for i, s in enumerate(S):
            f.write(json.dumps({"prompt": SENTENCES[i % 10], "response": "...", "relevance": [
                {"user_id": u, "value": M[s][u], "status": "draft" if (s, u) in draft else "submitted"} for u in users3],
                "relevance-suggestion": rng.choice(cats), "relevance-suggestion-metadata": {"type": None, "score": None,
                                                                                           "agent": None},
                "external_id": "q-%s" % s, "metadata": "{}"}) + "\n")
    rd = [t for t in reading(S, users3, M) if (t[0], t[1]) not in draft]
    add("argilla_v1_feedback.jsonl", k, "either", rd, "Argilla 1.x FeedbackDataset pushed as datasets JSONL: "
        "'relevance' = [{user_id, value, status}] per record; 'draft' responses are not submitted and are left out "
        "(keeping them is fair only with a note); external_id = subject", keywords=[r"draft"],
        alts=[alt(reading(S, users3, M), must_note=True, label="drafts kept, noted")])


# ------------------------------------------------------------------ G. MAXQDA / NVivo
def g_qda():
    k = "qda"
    docs = ["Interview %02d" % (i + 1) for i in range(6)]
    codes = ["Barriers", "Facilitators", "Costs", "Family support", "Trust in staff"]
    S = ["%s | %s" % (d, c) for d in docs for c in codes]
    R = ["Anna", "Ben"]
    M = mat(S, R, ["1", "0"], acc=0.8)
    rows = [["Document", "Code", "Anna", "Ben", "Agreement"]] + \
        [[s.split(" | ")[0], s.split(" | ")[1], int(M[s]["Anna"]), int(M[s]["Ben"]), int(M[s]["Anna"] == M[s]["Ben"])]
         for s in S]
    xlsx_case("maxqda_code_existence.xlsx", "Code existence", rows, k, S, R, M,
        "MAXQDA intercoder agreement, 'code existence "
        "in document' table exported to Excel: document x code rows, 1/0 per coder (Anna, Ben), and an 'Agreement' "
        "1/0 column that is not a coder", keywords=[r"agreement"], aliases={"1": ["present", "x"], "0": ["absent"]})
    # German csv, 3 coders, symbols
    docs = ["Fokusgruppe %d" % (i + 1) for i in range(4)]
    codes = ["Zeitdruck", "Kommunikation", "Digitalisierung", "Weiterbildung"]
    S = ["%s | %s" % (d, c) for d in docs for c in codes]
    R = ["Kodierer 1", "Kodierer 2"]
    M = mat(S, R, ["1", "0"], acc=0.75)
    rows = [["Dokument", "Code", "Kodierer 1", "Kodierer 2", "Übereinstimmung"]] + \
        [[s.split(" | ")[0], s.split(" | ")[1], M[s]["Kodierer 1"], M[s]["Kodierer 2"],
          "1" if M[s]["Kodierer 1"] == M[s]["Kodierer 2"] else "0"] for s in S]
    write_txt("maxqda_de_existence.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    add("maxqda_de_existence.csv", k, "import", reading(S, R, M), "MAXQDA (German) code existence table: Dokument, "
        "Code, Kodierer 1/2 (1/0), 'Übereinstimmung' (agreement flag, not a coder)", keywords=[r"bereinstimmung"])
    # NVivo coding comparison: percentages only
    rows = [["Node", "Source", "Source Folder", "Source Size", "Kappa", "Agreement (%)", "A and B (%)",
             "Not A and Not B (%)", "Disagreement (%)", "A and Not B (%)", "B and Not A (%)"]]
    for c in ["Nodes\\\\Barriers", "Nodes\\\\Costs", "Nodes\\\\Trust"]:
        for d in ["Interview 01", "Interview 02", "Interview 03"]:
            a = round(rng.uniform(80, 99), 2)
            rows.append([c, d, "Internals\\\\Interviews", "%d chars" % rng.randint(8000, 30000), "%.4f" % rng.uniform(0.3, 0.95),
                         "%.2f" % a, "%.2f" % (a * 0.1), "%.2f" % (a * 0.9), "%.2f" % (100 - a), "%.2f" % ((100 - a) / 2),
                         "%.2f" % ((100 - a) / 2)])
    write_txt("nvivo_coding_comparison.csv", rows)
    add("nvivo_coding_comparison.csv", k, "refuse", None, "NVivo coding comparison query: kappa and agreement "
        "percentages per node x source, no individual coding decisions - nothing to rate")


# ------------------------------------------------------------------ H. Excel Data > Subtotal outlines
def write_outline(name, title, rows, levels):
    wb, ws = workbook(title)
    for r in rows:
        ws.append([None if c == "" else c for c in r])
    for i, lv in levels.items():
        ws.row_dimensions[i].outlineLevel = lv
    ws.sheet_properties.outlinePr.summaryBelow = True
    wb.save(P(name))


def g_subtotal():
    k = "subtotal"
    # COUNT per site
    R = ["Reader 1", "Reader 2", "Reader 3"]
    sites = [("North", 5), ("South", 4), ("West", 6)]
    rows, levels, S, Mall = [["Site", "Patient"] + R], {}, [], {}
    for site, n in sites:
        ss = ["%s-%02d" % (site[0], i + 1) for i in range(n)]
        M = mat(ss, R, ["1", "2", "3", "4"], miss=0.05)
        for s in ss:
            rows.append([site, s] + [num(cell(M, s, r)) for r in R])
            levels[len(rows)] = 2
        rows.append(["%s Count" % site, ""] + [sum(M[s][r] is not None for s in ss) for r in R])
        levels[len(rows)] = 1
        S += ss
        Mall.update(M)
    rows.append(["Grand Count", ""] + [sum(Mall[s][r] is not None for s in S) for r in R])
    write_outline("subtotal_count.xlsx", "Readings", rows, levels)
    add("subtotal_count.xlsx", k, "import", reading(S, R, Mall), "Excel Data > Subtotal (COUNT at each change in Site): "
        "'North Count' .. rows and a 'Grand Count' row between/after the groups hold counts, not ratings; Site is a "
        "group column", keywords=[r"count", r"total", r"subtotal", r"summary"])
    # German SUM: 'Nord Ergebnis', 'Gesamtergebnis'
    R = ["Gutachter A", "Gutachter B"]
    groups = [("Nord", 6), ("Süd", 5), ("Ost", 5)]
    rows, levels, S, Mall = [["Standort", "Fall-Nr.", "Geschlecht"] + R], {}, [], {}
    k0 = 100
    for g, n in groups:
        ss = [str(k0 + i) for i in range(n)]
        k0 += 100
        M = mat(ss, R, ["0", "1", "2", "3"])
        for s in ss:
            rows.append([g, int(s), rng.choice(["w", "m"])] + [int(M[s][r]) for r in R])
            levels[len(rows)] = 2
        rows.append(["%s Ergebnis" % g, "", ""] + [sum(int(M[s][r]) for s in ss) for r in R])
        levels[len(rows)] = 1
        S += ss
        Mall.update(M)
    rows.append(["Gesamtergebnis", "", ""] + [sum(int(Mall[s][r]) for s in S) for r in R])
    write_outline("subtotal_de_ergebnis.xlsx", "Tabelle1", rows, levels)
    add("subtotal_de_ergebnis.xlsx", k, "import", reading(S, R, Mall), "German Excel Teilergebnis (SUM): 'Nord "
        "Ergebnis' rows and 'Gesamtergebnis' hold sums of the 0-3 scores; Geschlecht (w/m) and Standort are not "
        "ratings", keywords=[r"ergebnis", r"total", r"subtotal", r"summe", r"sum"])
    # long layout with AVERAGE subtotals, saved to CSV
    R = ["kh", "mp", "ts"]
    rows = [["Ward", "Chart", "Auditor", "Score"]]
    S, Mall = [], {}
    for ward in ["Ward 3", "Ward 5", "ICU"]:
        ss = ["%s/%d" % (ward.replace(" ", "").upper(), i + 1) for i in range(5)]
        M = mat(ss, R, ["1", "2", "3", "4", "5"])
        vals = []
        for s in ss:
            for r in R:
                rows.append([ward, s, r, M[s][r]])
                vals.append(int(M[s][r]))
        rows.append(["%s Average" % ward, "", "", "%.6g" % (sum(vals) / len(vals))])
        S += ss
        Mall.update(M)
    allv = [int(Mall[s][r]) for s in S for r in R]
    rows.append(["Grand Average", "", "", "%.6g" % (sum(allv) / len(allv))])
    write_txt("subtotal_long_average.csv", rows)
    add("subtotal_long_average.csv", k, "import", reading(S, R, Mall), "long file with Excel AVERAGE subtotal rows "
        "('Ward 3 Average', 'Grand Average') that have no chart or auditor, saved as CSV", keywords=[r"average", r"total",
                                                                                                   r"subtotal"])


# ------------------------------------------------------------------ I. code + label twinned columns
def g_twin():
    k = "twin"
    S = ids("case", 15, 2)
    R = ["R1", "R2", "R3"]
    lab = {"1": "low", "2": "medium", "3": "high"}
    M = mat(S, R, ["1", "2", "3"], miss=0.05)
    head = ["case"]
    for r in R:
        head += [r, r + "_label"]
    rows = [head] + [[s] + sum([[cell(M, s, r), cell(M, s, r, lab.get)] for r in R], []) for s in S]
    csv_case("twin_code_label.csv", rows, k, S, R, M,
        "each rater twice: R1 (code 1/2/3) and R1_label "
        "(low/medium/high) in the same row - 3 raters, not 6", keywords=[r"_label", r"label", r"twice", r"duplicat"],
        aliases={"1": ["low"], "2": ["medium"], "3": ["high"]})
    S = [str(i + 1) for i in range(12)]
    R = ["Prüfer A", "Prüfer B"]
    lab = {"0": "keine", "1": "leicht", "2": "mittel", "3": "schwer"}
    M = mat(S, R, list(lab))
    head = ["Fall"] + sum([["%s (Code)" % r, "%s (Text)" % r] for r in R], [])
    rows = [head] + [[int(s)] + sum([[int(M[s][r]), lab[M[s][r]]] for r in R], []) for s in S]
    xlsx_case("twin_code_text_de.xlsx", "Bewertung", rows, k, S, R, M,
        "German xlsx: 'Prüfer A (Code)' 0-3 and 'Prüfer A "
        "(Text)' keine..schwer for each of 2 raters - 2 raters, not 4", keywords=[r"\(Text\)", r"\(Code\)", r"label", r"twice"],
        aliases={c: [l] for c, l in lab.items()})


# ------------------------------------------------------------------ J. tick lists
TICK = {"ticked": ["x", "X", "✓", "✔", "1", "true", "yes", "ticked", "checked", "selected"],
        "not ticked": ["0", "false", "no", "unticked", "not ticked", "unchecked", "blank", "(blank)", "empty", "-",
                       "not selected", "none"]}


def g_tick():
    k = "tick"
    S = ["Criterion %d" % (i + 1) for i in range(14)]
    R = ["Anna", "Ben", "Carla"]
    M = mat(S, R, ["ticked", "not ticked"], acc=0.75)
    rows = [["Mark with x where the criterion is met"], ["Criterion"] + R] + \
        [[s] + ["x" if M[s][r] == "ticked" else "" for r in R] for s in S]
    write_txt("tick_x_csv.csv", rows)
    add("tick_x_csv.csv", k, "either", reading(S, R, M), "tick list: 'x' where a rater ticked, blank where not (a "
        "title says so): blank = not ticked, a 2-category rating; read it so, or refuse clearly (blanks as missing "
        "leave one category)", keywords=[r"tick", r"blank", r"one category", r"single category", r"only one"],
        aliases=TICK)
    S = ["Chart %02d" % (i + 1) for i in range(16)]
    R = ["Dr Okafor", "Dr Lindqvist", "Dr Haddad", "Dr Sato"]
    M = mat(S, R, ["ticked", "not ticked"], acc=0.7)
    mark = {"Dr Okafor": "✓", "Dr Lindqvist": "✓", "Dr Haddad": "✔", "Dr Sato": "X"}
    rows = [["Chart", "Ward"] + R] + [[s, rng.choice(["A", "B"])] + [mark[r] if M[s][r] == "ticked" else None for r in R]
                                      for s in S]
    write_xlsx("tick_checkmarks.xlsx", [("Audit", rows)])
    add("tick_checkmarks.xlsx", k, "either", reading(S, R, M), "audit tick sheet: ✓ / ✔ / X where the rater found "
        "the documentation adequate, empty otherwise; Ward A/B is not a rater. Blank = not ticked; read so, or refuse "
        "clearly", keywords=[r"tick", r"blank", r"one category", r"single category", r"only one"], aliases=TICK)


# ------------------------------------------------------------------ K. languages and cases
def g_lang():
    k = "lang"
    S = ids("Q", 16)
    R = ["Jens", "Kate", "Lea"]
    M = mat(S, R, ["yes", "no"], miss=0.05)
    spell = {"Jens": {"yes": "ja", "no": "nein"}, "Kate": {"yes": "yes", "no": "no"}, "Lea": {"yes": "Ja", "no": "Nein"}}
    rows = [["item", "Jens", "Kate", "Lea"]] + [[s] + [cell(M, s, r, spell[r].get) for r in R] for s in S]
    csv_case("lang_ja_yes.csv", rows, k, S, R, M,
        "two German raters write ja/nein (one capitalised), an "
        "English one yes/no: two categories, yes = ja", fold=True,
        aliases={"yes": ["ja"], "no": ["nein"]}, keywords=[r"\bja\b", r"nein", r"language", r"synonym", r"spelling"])
    S = ids("T", 20, 3)
    R = ["coder1", "coder2", "coder3"]
    M = mat(S, R, ["yes", "no"], miss=0.05)
    rows = [["text_id", "coder", "sarcastic"]]
    for s in S:
        for r in R:
            if M[s][r] is not None:
                v = M[s][r]
                v = {"coder1": v.capitalize(), "coder2": v.upper(), "coder3": rng.choice([v, v.capitalize()])}[r]
                rows.append([s, r, v])
    csv_case("case_yes_NO_long.csv", rows, k, S, R, M,
        "long: the same answers in different cases (Yes/YES/"
        "yes/No/NO/no): two categories", fold=True, keywords=[r"case", r"capital", r"upper"])
    S = ids("A", 14)
    R = ["Sofía", "John", "Amélie"]
    M = mat(S, R, ["yes", "no"])
    spell = {"Sofía": {"yes": "sí", "no": "no"}, "John": {"yes": "Yes", "no": "No"}, "Amélie": {"yes": "oui", "no": "non"}}
    rows = [["Abstract", "Sofía", "John", "Amélie"]] + [[s] + [spell[r][M[s][r]] for r in R] for s in S]
    xlsx_case("lang_si_oui_yes.xlsx", "Screening", rows, k, S, R, M,
        "three raters answer include? in Spanish (sí/no), "
        "English (Yes/No), French (oui/non): two categories", fold=True,
        aliases={"yes": ["sí", "si", "oui"], "no": ["non"]}, keywords=[r"\bsí\b", r"\boui\b", r"language", r"synonym"])


# ------------------------------------------------------------------ L. cross-tables
def ct_reading(cats_r, cats_c, tab, names=("A", "B")):
    rd, n = [], 0
    for i, a in enumerate(cats_r):
        for j, b in enumerate(cats_c):
            for _ in range(tab[i][j]):
                n += 1
                rd += [["c%04d" % n, names[0], a], ["c%04d" % n, names[1], b]]
    return rd


def g_crosstab():
    k = "crosstab"
    cats = ["1", "2", "3"]
    tab = [[21, 4, 1], [3, 18, 5], [0, 2, 16]]
    tot = [sum(t[j] for t in tab) for j in range(3)]
    lines = ["", "Crosstabs", "", "Case Processing Summary",
             "                        Cases", "                        Valid           Missing         Total",
             "                        N     Percent   N     Percent   N     Percent",
             "RaterA * RaterB         70    100.0%    0     0.0%      70    100.0%", "", "",
             "RaterA * RaterB Crosstabulation", "", "Count",
             "                         RaterB", "                         1       2       3       Total"]
    for i, c in enumerate(cats):
        lines.append("%-9s%-16s%-8d%-8d%-8d%d" % ("RaterA" if i == 0 else "", c, tab[i][0], tab[i][1], tab[i][2], sum(tab[i])))
    lines.append("%-25s%-8d%-8d%-8d%d" % ("Total", tot[0], tot[1], tot[2], 70))
    lines += ["", "", "Symmetric Measures", "                              Value   Asymp. Std. Error   Approx. T   Approx. Sig.",
              "Measure of Agreement  Kappa   .643    .073                8.012       .000",
              "N of Valid Cases              70", ""]
    write_txt("ct_spss_text_output.txt", text="\n".join(lines) + "\n")
    add("ct_spss_text_output.txt", k, "either", ct_reading(cats, cats, tab), "SPSS Viewer output exported as plain "
        "text: Case Processing Summary, the RaterA * RaterB Crosstabulation (Count) and Symmetric Measures; read the 3 x 3 "
        "counts (70 subjects), or refuse clearly")
    cats = ["Negativo", "Dudoso", "Positivo"]
    tab = [[30, 3, 1], [4, 9, 3], [0, 2, 28]]
    n = sum(map(sum, tab))
    rows = [["Tabla cruzada Evaluador A*Evaluador B"], ["", "", "", "Evaluador B", "", "", ""],
            ["", "", "", "Negativo", "Dudoso", "Positivo", "Total"]]
    for i, c in enumerate(cats):
        rows.append(["Evaluador A" if i == 0 else "", c, "Recuento"] + tab[i] + [sum(tab[i])])
        rows.append(["", "", "% del total"] + ["%.1f%%" % (100 * x / n) for x in tab[i]] + ["%.1f%%" % (100 * sum(tab[i]) / n)])
    tot = [sum(t[j] for t in tab) for j in range(3)]
    rows.append(["Total", "", "Recuento"] + tot + [n])
    rows.append(["", "", "% del total"] + ["%.1f%%" % (100 * x / n) for x in tot] + ["100.0%"])
    write_xlsx("ct_spss_es.xlsx", [("Tabla cruzada", rows)], merges={"Tabla cruzada": ["A1:G1", "D2:F2", "A4:A9",
                                                                                        "B4:B5", "B6:B7", "B8:B9", "A10:B11"]})
    add("ct_spss_es.xlsx", k, "either", ct_reading(cats, cats, tab), "Spanish SPSS crosstab exported to Excel: merged "
        "'Evaluador B' over the columns, 'Evaluador A' merged down, 'Recuento' and '% del total' rows; read the counts "
        "(80 subjects), or refuse clearly")
    cats = ["Grau I", "Grau II", "Grau III"]
    tab = [[14, 3, 0], [2, 19, 4], [0, 3, 11]]
    head = ["Avaliador 1", "Grau I", "Grau II", "Grau III", "Total"]
    body = [[c] + tab[i] + [sum(tab[i])] for i, c in enumerate(cats)]
    body.append(["Total"] + [sum(t[j] for t in tab) for j in range(3)] + [sum(map(sum, tab))])
    write_ods_merged("ct_pt_merged.ods", "Tabela", [("Avaliador 2", 3)], head, body)
    add("ct_pt_merged.ods", k, "import", ct_reading(cats, cats, tab), "Portuguese ODS 3 x 3: 'Avaliador 2' merged over "
        "the columns, 'Avaliador 1' in the corner, Total row and column (56 doentes)")


# ------------------------------------------------------------------ M. site / sex / gold / adjudicator
def g_gold():
    k = "gold"
    # Italian: Centro, Sesso, Età, 3 radiologists, Istologia
    S = ["PZ%03d" % (i + 1) for i in range(18)]
    R = ["Radiologo 1", "Radiologo 2", "Radiologo 3"]
    cats = ["benigno", "maligno"]
    M = mat(S, R, cats)
    ist = {s: rng.choice(cats) for s in S}
    rows = [["ID paziente", "Centro", "Sesso", "Età"] + R + ["Istologia"]] + \
        [[s, rng.choice(["Milano", "Roma", "Napoli"]), rng.choice(["M", "F"]), str(rng.randint(35, 84))] +
         [M[s][r] for r in R] + [ist[s]] for s in S]
    write_txt("it_istologia.csv", rows, delim=";")
    rd = reading(S, R, M)
    add("it_istologia.csv", k, "import", rd, "Italian ';' CSV: Centro, Sesso (M/F), Età, three radiologists and "
        "'Istologia' (histology = reference standard, not a rater)", keywords=KW_GOLDW("Istologia"),
        alts=[alt(rd + [[s, "Istologia", ist[s]] for s in S], must_note=True, label="histology read as rater, named")])
    # Portuguese xlsx: Hospital, Sexo, Avaliador A/B, Consenso
    S = [str(2000 + i) for i in range(16)]
    R = ["Avaliador A", "Avaliador B"]
    cats = ["0", "1", "2", "3"]
    M = mat(S, R, cats, miss=0.05)
    cons = {s: M[s]["Avaliador A"] or M[s]["Avaliador B"] for s in S}
    rows = [["Doente", "Hospital", "Sexo", "Idade"] + R + ["Consenso"]] + \
        [[int(s), rng.choice(["Santa Maria", "São João"]), rng.choice(["M", "F"]), rng.randint(20, 90)] +
         [num(cell(M, s, r)) for r in R] + [int(cons[s])] for s in S]
    write_xlsx("pt_consenso.xlsx", [("Dados", rows)])
    rd = reading(S, R, M)
    add("pt_consenso.xlsx", k, "import", rd, "Portuguese xlsx: Hospital, Sexo, Idade (numbers), Avaliador A/B 0-3 and "
        "'Consenso' (agreed grade, not a rater)", keywords=KW_GOLDW("Consenso"),
        alts=[alt(rd + [[s, "Consenso", cons[s]] for s in S], must_note=True, label="consensus read as rater, named")])
    # Dutch: Ziekenhuis, Geslacht, Beoordelaar 1/2, MDO-uitslag
    S = ["%06d" % rng.randint(1, 999999) for _ in range(18)]
    R = ["Beoordelaar 1", "Beoordelaar 2"]
    cats = ["laag", "intermediair", "hoog"]
    M = mat(S, R, cats)
    mdo = {s: rng.choice(cats) for s in S}
    rows = [["Patiëntnummer", "Ziekenhuis", "Geslacht"] + R + ["MDO-uitslag"]] + \
        [[s, rng.choice(["AMC", "VUmc", "LUMC"]), rng.choice(["man", "vrouw"])] + [M[s][r] for r in R] + [mdo[s]] for s in S]
    write_txt("nl_mdo.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    rd = reading(S, R, M)
    add("nl_mdo.csv", k, "import", rd, "Dutch ';' cp1252 CSV: zero-padded Patiëntnummer, Ziekenhuis, Geslacht, two "
        "raters (laag/intermediair/hoog) and 'MDO-uitslag' (multidisciplinary meeting verdict = reference, not a "
        "rater)", keywords=KW_GOLDW("MDO-uitslag", "MDO"),
        alts=[alt(rd + [[s, "MDO-uitslag", mdo[s]] for s in S], must_note=True, label="MDO read as rater, named")])
    # adjudicator filled only where the two readers disagree
    S = ids("case", 24, 3)
    R = ["reader_1", "reader_2"]
    cats = ["BI-RADS 2", "BI-RADS 3", "BI-RADS 4"]
    M = mat(S, R, cats, acc=0.7)
    adj = {s: rng.choice([M[s]["reader_1"], M[s]["reader_2"]]) for s in S if M[s]["reader_1"] != M[s]["reader_2"]}
    rows = [["case", "site", "arm", "reader_1", "reader_2", "adjudicator"]] + \
        [[s, rng.choice(["site 1", "site 2"]), rng.choice(["A", "B"])] + [M[s][r] for r in R] + [adj.get(s, "")] for s in S]
    write_txt("adjudicator_on_disagreement.csv", rows)
    rd = reading(S, R, M)
    add("adjudicator_on_disagreement.csv", k, "import", rd, "two readers and an 'adjudicator' column filled only "
        "where they disagree (a tie-breaker, not a third independent rater); site and arm (A/B) are not ratings",
        keywords=[r"adjudicat", r"only where", r"disagree", r"tie"],
        alts=[alt(rd + [[s, "adjudicator", v] for s, v in adj.items()], must_note=True, label="adjudicator as rater, named")])
    # Dutch xlsx: 'Derde beoordelaar (bij discrepantie)'
    S = [str(i + 1) for i in range(20)]
    R = ["Patholoog A", "Patholoog B"]
    cats = ["graad 1", "graad 2", "graad 3"]
    M = mat(S, R, cats, acc=0.7)
    adj = {s: rng.choice(cats) for s in S if M[s][R[0]] != M[s][R[1]]}
    rows = [["Coupe", "Geslacht", "Leeftijd"] + R + ["Derde beoordelaar (bij discrepantie)"]] + \
        [[int(s), rng.choice(["M", "V"]), rng.randint(30, 85)] + [M[s][r] for r in R] + [adj.get(s)] for s in S]
    write_xlsx("nl_derde_beoordelaar.xlsx", [("Blad1", rows)])
    rd = reading(S, R, M)
    add("nl_derde_beoordelaar.xlsx", k, "import", rd, "Dutch xlsx: two pathologists and 'Derde beoordelaar (bij "
        "discrepantie)' = third assessor only on discrepancy (not an independent rater); Geslacht M/V, Leeftijd",
        keywords=[r"derde", r"discrepan", r"adjudicat", r"only where", r"disagree"],
        alts=[alt(rd + [[s, "Derde beoordelaar (bij discrepantie)", v] for s, v in adj.items()], must_note=True,
                  label="third assessor as rater, named")])


# ------------------------------------------------------------------ N. legends, units, comments, Markdown
def g_misc():
    k = "misc"
    S = ids("pt", 15)
    R = ["Obs A", "Obs B", "Obs C"]
    M = mat(S, R, ["1", "2", "3"], miss=0.05)
    rows = [["Patient"] + R, ["", "1=absent 2=doubtful 3=present", "1=absent 2=doubtful 3=present",
                              "1=absent 2=doubtful 3=present"]] + [[s] + [cell(M, s, r) for r in R] for s in S]
    csv_case("legend_row_under_header.csv", rows, k, S, R, M,
        "a scale legend row under the header "
        "('1=absent 2=doubtful 3=present' in every rater column), then the data",
        aliases={"1": ["absent"], "2": ["doubtful"], "3": ["present"]})
    S = [str(i + 1) for i in range(14)]
    R = ["Reader 1", "Reader 2", "Reader 3"]
    M = mat(S, R, ["0", "1", "2", "3", "4"])
    rows = [["Lesion", "Size", "Reader 1", "Reader 2", "Reader 3"], ["", "mm", "score 0-4", "score 0-4", "score 0-4"]] + \
        [[int(s), rng.randint(4, 38)] + [int(M[s][r]) for r in R] for s in S]
    xlsx_case("units_row.xlsx", "Scores", rows, k, S, R, M,
        "xlsx with a units row under the header ('mm' under Size, "
        "'score 0-4' under the readers); Size (4-38 mm) is a measurement, not a rater")
    S = ids("seg", 16, 3)
    R = ["ann1", "ann2", "ann3", "ann4"]
    M = mat(S, R, ["1", "2", "3", "4", "5"], miss=0.05)
    txt = "# Exported by ReaderStudy 2.3.1 on 2024-05-02 14:11\n# study: speech naturalness, MOS 1-5\n" \
          "# missing = not rated\n" + to_text([["segment"] + R] + [[s] + [cell(M, s, r) for r in R] for s in S])
    write_txt("hash_comment_header.csv", text=txt)
    add("hash_comment_header.csv", k, "import", reading(S, R, M), "three '#' comment lines (tool, study, scale) "
        "before the header; wide 4 annotators MOS 1-5")
    S = ["Essay %d" % (i + 1) for i in range(10)]
    R = ["Rater A", "Rater B", "Rater C"]
    M = mat(S, R, ["A", "B", "C", "D"])
    lines = ["| Essay | Rater A | Rater B | Rater C |", "|:------|:-------:|:-------:|:-------:|"] + \
        ["| %s | %s |" % (s, " | ".join(M[s][r] for r in R)) for s in S]
    write_txt("ratings_table.md", text="\n".join(lines) + "\n")
    add("ratings_table.md", k, "import", reading(S, R, M), "a Markdown table (pipes, alignment row |:---|:---:|) "
        "with essays x 3 raters, grades A-D")
    S = ids("img", 12, 2)
    R = ["kim", "lou"]
    M = mat(S, R, ["cat", "dog", "other"])
    lines = ["## Pilot labels", "", "Two annotators labelled 12 images independently.", "",
             "| image | annotator | label |", "|---|---|---|"] + \
        ["| %s | %s | %s |" % (s, r, M[s][r]) for s in S for r in R] + ["", "_Exported 2024-06-01._"]
    write_txt("pilot_long.md", text="\n".join(lines) + "\n")
    add("pilot_long.md", k, "import", reading(S, R, M), "Markdown notes: a heading, a sentence, then a long "
        "image | annotator | label table and an italic line below")


def main():
    common.main(6, (g_limesurvey, g_qualtrics, g_kobo, g_odk, g_typeform, g_argilla, g_qda, g_subtotal, g_twin,
                    g_tick, g_lang, g_crosstab, g_gold, g_misc))


if __name__ == "__main__":
    sys.exit(main())
