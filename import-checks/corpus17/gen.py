#!/usr/bin/env python3
"""corpus 17: rating files of kinds in none of corpora 4 to 16, for `tapdesk inspect` (seeded).

Kinds: platform and tool exports (a Zendesk QA (Klaus) calibration session export, one row per conversation,
reviewer and rating category, with the agent as 'Reviewee', 4-point and Pass / Fail scales, 'N/A' and a
derived review score; a Smartsheet export of a change advisory board with week parent rows, an outline
hierarchy, Harvey-ball symbols and a checkbox; an HL7 v2 ORU^R01 batch of Gram stain EQA results with the
reader in OBX-16 and one corrected result (either); a Poll Everywhere participant response history with the
participants in rows, the teaching cases in columns, a training-grade and a confidence question, score
columns; a Snorkel label matrix written by pandas with -1 = abstain and a partial gold column; a MySQL dump
of a fundus gradability app with the graders and images in their own tables (either)); clinical reading
studies (RADPEER '2a' / '2B' in long form with the reviewed radiologist beside the reviewer; ACR TI-RADS
'TR4' / 4 / 'TR 4' per nodule with derived FNA advice and cytology; CAD-RADS 2.0 categories with plaque
burden and HRP modifiers written three ways; Oxford corneal staining grades as Roman numerals, 'Grade III',
the panel letter and a number in ODS; Boston bowel preparation scores per segment in long form under a merged
header with 'NR'; FIGO CTG classes with 'N' / 'S' / 'P' and gestations '39+2'; Schatzker types on two
session sheets (radiographs, 3D CT); PD-L1 TPS categories '<1%' / '1–49' / 'High' beside each pathologist's
TPS %; ASE diastolic function grades with 'Indeterminate' as a category and 'DD II'); judging and arts (a
Submittable review export of a literary magazine with assigned but unfinished reviews; powerlifting
referees' lights with cards, a jury reversal and passed attempts; philatelic jury medals 'LV' / 'Large
Vermeil' / 'LV (87)' with a medal-range legend; orchid judging points with 'Exh.' for the exhibiting judge;
a Japanese sake appraisal in EUC-JP with full-width digits and '−' (not tasted)); education and HR (a Brightspace grades
export with '<Numeric MaxPoints:100 ...>' headers, '#' usernames and an End-of-Line Indicator; EYFS profile
moderation with teacher and moderator rows, fill-down children and merged area headers; music examiners'
standardisation in stacked candidate blocks with Total and Result rows; Chinese essay double marking in
GB18030 with a third mark only on disagreement and '缺考'; ANTS non-technical skills with category and
element rows, 'N/O' and one rater writing the labels); industry QA (an ITGC deficiency evaluation workpaper
with exceptions '2/25', 'CD' / 'SD' / 'MW' and a tickmark legend; a QIM fish freshness panel with three
header rows and ranges '0-2'; wafer map failure patterns with wafers restarting per lot and an ADC class;
parenteral vial inspection qualification with badge-number raters '00417'; grey-scale colour fastness
grades '4-5' / '4/5' / '4.5' beside a spectrophotometer); field science and public bodies (an ArcGIS
Survey123 export with Creator vs Editor and choice names 'lt1' / '5_25'; bat call identifications as codes,
Kaleidoscope codes and Latin names; macroseismic intensities in Russian KOI8-R with 'V-VI' / '5-6' / '5,5';
HHSRS hazard bands beside each officer's likelihood '1 in 180' and score; a police crime data integrity
audit with CAD numbers holding dates; MASH threshold levels 'Level 3 – Targeted' / 'L3' / 3; iRAP road
attribute codes with a code-list sheet; a shapefile's dBase attribute table with a deleted record (either));
social science, law and languages (ACLED-style event coding with two fields per row; constitution coding
'1. yes' vs '1' with '97. unable to determine'; accentedness and comprehensibility in an R write.table file
with quoted row names; contract clause review with vertically merged contract cells and 'E&W'; DURel usage
pair judgments with 0 = cannot decide; populism grades in Spanish with decimal commas and 'Sin calificar');
files to refuse (a skills matrix rated by each line manager, a chess round-robin cross-table, a school
attendance register, a mileage chart, a beach flag log, a food frequency questionnaire, an exam seating plan).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ17_SEED (default 20261215).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (conversation and category,
patient and nodule, video and segment, case and session, lifter and lift and attempt, candidate and
component, child and goal, scenario and element, fish and attribute, lot and wafer, property and hazard,
segment and attribute, article and field, constitution and variable, speaker and scale, contract and clause,
usage pair); the runner matches renamed subjects by content. xlsx/ods files are written with fixed zip and
document timestamps, so that re-running gives the same bytes. Needs openpyxl and odfpy
(PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_ONE, ordmat, P, rdi, reading, uniq, write_ods, write_txt,
                    FIRST)  # noqa: E402

rng = common.init(17, 20261215)


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def clamp(x, lo, hi):
    return max(lo, min(hi, x))


def near(levels, t, p_off=0.3):
    """a level next to index t with probability p_off."""
    levels = list(levels)
    return levels[clamp(t + (rng.choice([-1, 1]) if rng.random() < p_off else 0), 0, len(levels) - 1)]


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


def guid():
    return "{%s-%s-%s-%s-%s}" % (hexs(8).upper(), hexs(4).upper(), hexs(4).upper(), hexs(4).upper(),
                                 hexs(12).upper())


def col(n):
    """1-based column number to its letters."""
    s = ""
    while n:
        n, m = divmod(n - 1, 26)
        s = chr(65 + m) + s
    return s


def span(r, c0, width):
    return "%s%d:%s%d" % (col(c0), r, col(c0 + width - 1), r)


def dec(x, nd=1):
    """a number written with a decimal comma."""
    return ("%.*f" % (nd, x)).replace(".", ",")


def xl(name, sheets, merges=None, wrap=None, widths=None, outline=None, indent=None):
    """write sheets [(title, rows)] with openpyxl: merged cells {title: [..]}, wrapped header rows {title: row},
    outline levels {title: {row: level}}, indented cells {title: [(row, col)]}."""
    import openpyxl
    from openpyxl.styles import Alignment
    wb = openpyxl.Workbook()
    for k, (title, rows) in enumerate(sheets):
        ws = wb.active if k == 0 else wb.create_sheet()
        ws.title = title
        for r in rows:
            ws.append([None if c == "" else c for c in r])
        for m in (merges or {}).get(title, []):
            ws.merge_cells(m)
        if wrap and title in wrap:
            for c in ws[wrap[title]]:
                c.alignment = Alignment(wrap_text=True, vertical="top")
        for col_, w in ((widths or {}).get(title) or {}).items():
            ws.column_dimensions[col_].width = w
        for r, lvl in ((outline or {}).get(title) or {}).items():
            ws.row_dimensions[r].outline_level = lvl
        for r, c in (indent or {}).get(title) or []:
            ws.cell(row=r, column=c).alignment = Alignment(indent=1)
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, (dt.datetime, dt.date)):
                    c.number_format = "yyyy-mm-dd hh:mm" if isinstance(c.value, dt.datetime) and (
                        c.value.hour or c.value.minute) else "dd/mm/yyyy"
    wb.save(P(name))


# ================================================================== A. platform and tool exports
def g_platforms():
    k = "platform-export"
    # 1 Zendesk QA (Klaus) calibration session: one row per conversation, reviewer and rating category
    convs = sorted(rng.sample(range(418200, 421999), 12))
    R = ["Ines Duarte", "Marcus Bell", "Yuki Tanaka", "Olu Adebayo", "Sara Lindgren"]
    mail = {r: r.lower().replace(" ", ".") + "@helpdesk-qa.example" for r in R}
    agents = ["kim.park", "leo.martins", "ava.nowak", "raj.iyer", "emma.flores"]
    cats = [("Tone", 1.0), ("Empathy", 1.0), ("Solution", 2.0), ("Grammar", 0.5), ("Process followed", 1.0),
            ("GDPR compliance", 0.0)]
    spam = set(rng.sample(convs, 2))
    skipped = set(rng.sample([c for c in convs if c not in spam], 2))
    S, M = [], {}
    rows = [["Review ID", "Calibration session", "Conversation ID", "Conversation link", "Reviewer", "Reviewer email",
             "Reviewee", "Rating category", "Category weight", "Critical category", "Rating", "Rating scale",
             "Comment", "Review score", "Reviewed at"]]
    recs = []
    t0 = dt.datetime(2025, 3, 10, 9, 0)
    for c in convs:
        ag = rng.choice(agents)
        truth = {}
        for cat, w in cats:
            s = (str(c), cat)
            S.append(s)
            M[s] = {}
            if cat == "GDPR compliance":
                truth[cat] = "Pass" if rng.random() < 0.8 else "Fail"
            else:
                truth[cat] = rng.choices(range(4), [10, 25, 40, 25])[0]
        for r in R:
            if r == "Sara Lindgren" and c in skipped:
                continue
            vals = {}
            for cat, w in cats:
                s = (str(c), cat)
                if cat == "GDPR compliance":
                    v = truth[cat] if rng.random() < 0.85 else ("Fail" if truth[cat] == "Pass" else "Pass")
                elif c in spam and cat in ("Solution", "Empathy") and rng.random() < 0.9:
                    v = "N/A"
                elif cat == "Empathy" and rng.random() < 0.06:
                    v = "N/A"
                else:
                    v = str(near(range(1, 5), truth[cat], 0.35))
                vals[cat] = v
                M[s][r] = None if v == "N/A" else v
            num = sum(w * (int(vals[ct]) - 1) / 3.0 for ct, w in cats if vals[ct] not in ("N/A", "Pass", "Fail"))
            den = sum(w for ct, w in cats if vals[ct] not in ("N/A", "Pass", "Fail"))
            score = 0 if vals["GDPR compliance"] == "Fail" else round(100.0 * num / den)
            rid = "rv_" + hexs(10)
            when_ = t0 + dt.timedelta(minutes=rng.randint(0, 4000))
            for cat, w in cats:
                v = vals[cat]
                com = ""
                if v in ("1", "2", "Fail") and rng.random() < 0.6:
                    com = rng.choice(["Should have offered the refund link", "Missed verification step",
                                      "Tone a bit curt, \"as I said\" twice", "Shared the full card number",
                                      "Did not confirm the fix with the customer", "Typos in the macro"])
                recs.append([rid, "Calibration - March wk 2", c, "https://acme.zendesk.com/agent/tickets/%d" % c, r,
                             mail[r], "%s@acme-support.example" % ag, cat, "%g" % w, "Yes" if w == 0 else "No", v,
                             "Binary" if cat == "GDPR compliance" else "4-point", com, "%d%%" % score,
                             when_.strftime("%Y-%m-%dT%H:%M:%SZ")])
    recs.sort(key=lambda x: (x[4], x[14], x[7]))
    write_txt("zendesk_qa_calibration_export.csv", rows + recs)
    full(M, R)
    rd = rdi(S, R, M)
    NA = [["%s | %s" % (x[2], x[7]), x[4], "N/A"] for x in recs if x[10] == "N/A"]
    add("zendesk_qa_calibration_export.csv", k, "import", rd,
        "a Zendesk QA (formerly Klaus) export of a calibration session, long: one row per review and rating "
        "category; five QA reviewers rate the same 12 support conversations on six categories (Tone, Empathy, "
        "Solution, Grammar, Process followed on the 4-point scale 1-4; GDPR compliance, the critical category, "
        "Pass / Fail); subject = Conversation ID + Rating category, rater = Reviewer (or the reviewer's e-mail); "
        "the Reviewee is the support agent who handled the conversation (not the subject, not a rater); 'N/A' = "
        "the category did not apply (spam conversations have no solution): no rating, reading it as a category "
        "is acceptable only if said; one reviewer did not review two conversations (no rows); Category weight, "
        "Critical category and Rating scale describe the category, the Review score ('67%') is derived per "
        "review, the Review ID, link, comment and time are not ratings",
        keywords=[r"n/a", r"reviewee", r"review score", r"weight", r"critical"],
        alts=[alt(rd + NA, must_note=True, label="'N/A' as a category")])

    # 2 Smartsheet export: change advisory board risk votes under week parent rows
    lv = ["Low", "Medium", "High", "Very high"]
    members = ["A. Novak", "B. Osei", "C. Ruiz", "D. Walsh"]
    R = ["Risk - %s" % m for m in members]
    systems = ["SAP ERP", "Payroll (iTrent)", "Core network", "Citrix farm", "Email (Exchange Online)", "Data warehouse",
               "Customer portal", "Firewall cluster", "Active Directory", "Telephony"]
    what = ["Apply quarterly security patches", "Upgrade database to 19c", "Replace core switch stack",
            "Change backup retention to 35 days", "Enable MFA for contractors", "Migrate file shares to SharePoint",
            "Rotate service account passwords", "Increase VM memory", "Decommission legacy FTP server",
            "Deploy new certificate (wildcard)", "Change DNS TTL before cutover", "Roll out browser policy v12",
            "Update VPN client to 7.2", "Re-index search cluster", "Add read replica", "Firmware update on SAN",
            "Tighten outbound firewall rules", "Switch SMS provider", "Enable audit logging", "Resize log volume",
            "Upgrade load balancer OS", "Change payroll cut-off job schedule"]
    weeks = [("Week 14 - CAB 01/04/2025", 7), ("Week 15 - CAB 08/04/2025", 8), ("Week 16 - CAB 15/04/2025", 7)]
    hb = ["Empty", "Quarter", "Half", "Three Quarter", "Full"]
    rows = [["Change", "Change ID", "Requester", "System", "Test coverage"] + R +
            ["Approved", "Implementation date", "Modified", "Modified By"]]
    outl, ind = {}, []
    S, M = [], {}
    ids_ = sorted(rng.sample(range(31000, 33999), 22))
    wi = 0
    for wk, n in weeks:
        rows.append([wk] + [""] * (len(rows[0]) - 1))
        for _ in range(n):
            cid = "CHG00%05d" % ids_[wi]
            title = what[wi]
            wi += 1
            S.append(cid)
            cov = rng.choices(range(5), [5, 15, 30, 30, 20])[0]
            t = clamp(rng.choices(range(4), [30, 40, 22, 8])[0] + (1 if cov < 2 else 0), 0, 3)
            req = rng.choice(["B. Osei", "P. Grant", "L. Chen", "R. Haddad", "S. Moyo"])
            M[cid] = {}
            for m, r in zip(members, R):
                if (m == "D. Walsh" and wk.startswith("Week 15")) or m == req:
                    M[cid][r] = None
                else:
                    M[cid][r] = near(lv, t, 0.35)
            votes = [v for v in M[cid].values() if v]
            appr = lv.index(mode(votes)) <= 1 or rng.random() < 0.3
            day = dt.datetime(2025, 4, 1) + dt.timedelta(days=7 * [w for w, _ in weeks].index(wk) + rng.randint(2, 6))
            mod = dt.datetime(2025, 4, 1, 11) + dt.timedelta(days=7 * [w for w, _ in weeks].index(wk),
                                                                minutes=rng.randint(0, 300))
            rows.append([title, cid, req, rng.choice(systems), hb[cov]] + [blank(M[cid][r]) for r in R] +
                        [appr, day, mod, rng.choice(["a.novak@council.example", "cab.secretary@council.example"])])
            outl[len(rows)] = 1
            ind.append((len(rows), 1))
    xl("smartsheet_cab_change_risk.xlsx", [("CAB Change Review", rows)], outline={"CAB Change Review": outl},
       indent={"CAB Change Review": ind})
    add("smartsheet_cab_change_risk.xlsx", k, "import", reading(S, R, M),
        "a Smartsheet sheet exported to Excel: a change advisory board's risk assessment of 22 change requests; "
        "the sheet's hierarchy is kept: a parent row per weekly CAB meeting ('Week 15 - CAB 08/04/2025', every "
        "other cell empty) with its changes as indented child rows (outline level 1); each of four CAB members "
        "rates the risk in a dropdown column of their own ('Risk - A. Novak': Low / Medium / High / Very high); "
        "D. Walsh missed the week 15 meeting and a member does not rate a change they requested (empty: no "
        "rating); subject = Change ID ('CHG0031842'; or the change title); 'Test coverage' is a Harvey-ball "
        "symbol column ('Quarter', 'Three Quarter') filled by the requester, 'Approved' a checkbox (TRUE / "
        "FALSE: the board's decision), requester, system, dates and Modified By are not ratings; the week "
        "rows are not subjects",
        keywords=[r"week", r"parent", r"test coverage", r"approved", r"requester"])

    # 3 HL7 v2 ORU^R01 batch: Gram stain EQA, one message per slide and reader (either)
    codes = [("GPCCL", "Gram-positive cocci in clusters"), ("GPCCH", "Gram-positive cocci in chains"),
             ("GPCPR", "Gram-positive cocci in pairs"), ("GPB", "Gram-positive bacilli"),
             ("GNB", "Gram-negative bacilli"), ("GNDC", "Gram-negative diplococci"), ("YEAST", "Yeast cells seen"),
             ("NOORG", "No organisms seen")]
    lab = dict(codes)
    conf = {"GPCCL": ["GPCPR", "GPCCH"], "GPCCH": ["GPCPR", "GPCCL"], "GPCPR": ["GPCCH", "GPCCL", "GNDC"],
            "GPB": ["GNB", "GPCCH"], "GNB": ["GPB", "GNDC"], "GNDC": ["GPCPR", "GNB"], "YEAST": ["GPCCL", "NOORG"],
            "NOORG": ["GPB", "YEAST"]}
    readers = [("MB104", "Okafor", "Chidi"), ("MB117", "Hughes", "Rhian"), ("MB122", "Szabo", "Eszter"),
               ("MB131", "Patel", "Nikhil"), ("MB140", "O'Neill", "Aoife")]
    slides = ["EQA2503-S%02d" % i for i in range(1, 13)]
    specs = ["Wound swab", "Blood culture bottle", "CSF", "Sputum", "Joint fluid", "Urethral swab"]
    M, msgs, corrected = {}, [], None
    n = 0
    ts = dt.datetime(2025, 3, 12, 9, 40)
    for sl in slides:
        t = rng.choice([c for c, _ in codes])
        M[sl] = {}
        sp = rng.choice(specs)
        for rid, ln, fn in readers:
            v = t if rng.random() < 0.78 else rng.choice(conf[t])
            M[sl][rid] = v
            n += 1
            ts += dt.timedelta(minutes=rng.randint(1, 9))
            msgs.append((sl, sp, (rid, ln, fn), v, ts, "F", n))
    # one result sent again as corrected (OBX-11 'C'): the corrected value is the reader's rating
    sl, sp, rd_, v, ts0, _, _ = msgs[17]
    newv = next(c for c in conf[v] if c != v)
    n += 1
    msgs.append((sl, sp, rd_, newv, ts0 + dt.timedelta(hours=2, minutes=13), "C", n))
    M[sl][rd_[0]] = newv
    corrected = (sl, rd_[0], v, newv)
    segs = ["FHS|^~\\&|WINPATH|MICRO||NEQAS|20250312161502||gram_eqa_2503.hl7",
            "BHS|^~\\&|WINPATH|MICRO||NEQAS|20250312161502||||BATCH2503"]
    for sl, sp, (rid, ln, fn), v, ts_, st, i in msgs:
        stamp = ts_.strftime("%Y%m%d%H%M%S")
        segs += ["MSH|^~\\&|WINPATH|MICRO|EQA|NEQAS|%s||ORU^R01^ORU_R01|M2503-%05d|P|2.5.1|||AL|NE" % (stamp, i),
                 "PID|1||%s^^^NEQAS^PI||EQA^SLIDE %s||||||||||||%s" % (sl, sl[-2:], sl),
                 "ORC|RE|%s-GS|%s-GS||CM" % (sl, sl),
                 "OBR|1|%s-GS|%s-GS|664-3^Gram stain^LN|||20250310||||||||%s^%s|||||||%s|||%s" % (
                     sl, sl, sp.upper().replace(" ", "_")[:8], sp, stamp, st),
                 "|".join(["OBX", "1", "CWE", "664-3^Microscopic observation [Identifier] in Specimen by Gram "
                           "stain^LN", "1", "%s^%s^L" % (v, lab[v]), "", "", "", "", "", st, "", "", stamp, "",
                           "%s^%s^%s^^^^^^^^^^BMS" % (rid, ln, fn)])]
        if rng.random() < 0.25 or st == "C":
            segs.append("NTE|1|L|%s" % ("Result corrected after review of second field" if st == "C" else
                                         rng.choice(["Scanty pus cells", "Moderate pus cells, no epithelial cells",
                                                     "Thick film, some areas uninterpretable"])))
    segs += ["BTS|%d" % len(msgs), "FTS|1"]
    write_txt("gram_stain_eqa_results.hl7", text="\r".join(segs) + "\r")
    R = [r for r, _, _ in readers]
    add("gram_stain_eqa_results.hl7", k, "either", reading(slides, R, M),
        "an HL7 v2.5.1 batch file (FHS / BHS .. BTS / FTS, segments separated by carriage returns only) from a "
        "laboratory system: ORU^R01 result messages of a Gram stain external quality assessment; five "
        "biomedical scientists each read the same 12 slides and report one coded interpretation in OBX-5 "
        "('GPCCL^Gram-positive cocci in clusters^L': code and text, the same category); the slide is PID-3 / "
        "OBR-2 ('EQA2503-S04'), the reader OBX-16 ('MB104^Okafor^Chidi'); one message per slide and reader, "
        "and one result (%s, %s) sent again later with result status 'C' (corrected: %s replaces %s, the "
        "reader's final rating); NTE segments are comments, the specimen type describes the slide; reading it "
        "is right, refusing HL7 with a clear message is acceptable" % corrected,
        keywords=[r"hl7", r"segment", r"obx", r"msh", r"corrected"],
        aliases={c: [lb, "%s^%s^L" % (c, lb)] for c, lb in codes})

    # 4 Poll Everywhere participant response history: participants in rows, cases in columns
    opts = ["A - infrasyndesmotic", "B - transsyndesmotic", "C - suprasyndesmotic", "Not a Weber fracture"]
    key = [rng.choices(range(4), [30, 40, 22, 8])[0] for _ in range(10)]
    key[rng.randrange(10)] = 3
    Q = ["Case %d: Weber classification?" % (i + 1) for i in range(10)]
    people = [("Amy", "Cole"), ("Ben", "Adeyemi"), ("Chloe", "Hart"), ("Dev", "Sharma"), ("Eilidh", "Ross"),
              ("Farid", "Nasser"), ("Grace", "Liu"), ("Hamza", "Iqbal"), ("Isla", "Murray"), ("Jonas", "Weber"),
              ("Kate", "Oduya"), ("Liam", "Brennan"), ("Maya", "Sato"), ("Noor", "Haddad")]
    grades = ["FY1", "FY2", "CT1", "CT2", "ST3+"]
    P_, M = [], {q: {} for q in Q}
    rows = [["Poll Everywhere"], ["Participant response history"],
            ["Activity group: Fracture clinic teaching - ankle fractures (Weber) - 12 Mar 2025"], [],
            ["First name", "Last name", "Screen name", "Email", "Which training grade are you?"] + Q +
            ["How confident are you classifying ankle fractures now? (1 = not at all, 5 = very)",
             "Responses", "Correct responses", "Score"]]
    anon = ["Anonymous %s" % hexs(4).upper() for _ in range(3)]
    for i, who_ in enumerate(people + [(None, a) for a in anon]):
        fn, ln = who_
        sn = ln if fn is None else "%s %s" % (fn, ln)
        P_.append(sn)
        g = rng.choice(grades)
        skill = {"FY1": 0.55, "FY2": 0.6, "CT1": 0.7, "CT2": 0.75, "ST3+": 0.85}[g]
        ans = []
        for q, kk in zip(Q, key):
            if rng.random() < 0.07:
                M[q][sn] = None
                ans.append("")
                continue
            a = kk if rng.random() < skill else clamp(kk + rng.choice([-1, 1]), 0, 2)
            M[q][sn] = opts[a]
            ans.append(opts[a])
        cor = sum(1 for a, kk in zip(ans, key) if a == opts[kk])
        resp = sum(1 for a in ans if a) + 2
        rows.append(["" if fn is None else fn, "" if fn is None else ln, sn,
                     "" if fn is None else "%s.%s@nhs.net" % (fn.lower(), ln.lower()), g] + ans +
                    [rng.choice([2, 3, 3, 4, 4, 5]), resp, cor, "%d%%" % round(100.0 * cor / 10)])
    write_txt("polleverywhere_weber_teaching.csv", rows)
    add("polleverywhere_weber_teaching.csv", k, "import", reading(Q, P_, M),
        "a Poll Everywhere 'participant response history' download from a fracture clinic teaching session: "
        "title lines, then one row per participant (raters in rows: registered ones with name and e-mail, three "
        "'Anonymous 3F9A' screen names) and one column per poll; the 10 case polls ('Case 3: Weber "
        "classification?', options 'A - infrasyndesmotic' .. 'Not a Weber fracture') are the subjects; the first "
        "poll (training grade FY1 .. ST3+) describes the participant and the last (confidence 1-5) is each "
        "participant's self-rating, not a case; Responses, Correct responses and Score are derived; an empty "
        "cell = did not answer; rater = Screen name",
        keywords=[r"grade", r"confiden", r"score", r"correct", r"rows? (are|as) raters", r"transpos"])

    # 5 Snorkel label matrix (pandas to_csv with its index): labelling functions as raters, -1 = abstain
    cls = {0: "BILLING", 1: "ACCOUNT", 2: "TECHNICAL"}
    texts = {0: ["I was charged twice for March, please refund", "Where can I download invoice INV-%d?",
                 "Why did my bill go up, \"loyalty discount\" missing", "Refund still not received after 10 days",
                 "Card declined but money left my account"],
             1: ["Can't reset my password, link expired", "Please change the email on my account",
                 "How do I add a second user to the account?", "Locked out after 3 attempts, help",
                 "Delete my account and data please"],
             2: ["App crashes on startup, error code E-%d", "Sync fails with timeout since update",
                 "Export to CSV produces empty file", "Dashboard won't load in Firefox, works in Chrome",
                 "Error 500 when uploading a photo"]}
    LF = [("lf_kw_refund", {0: 0.65, 1: 0.02, 2: 0.03}, 0), ("lf_regex_invoice_no", {0: 0.35, 1: 0.0, 2: 0.0}, 0),
          ("lf_kw_password", {0: 0.02, 1: 0.6, 2: 0.05}, 1), ("lf_kw_error_code", {0: 0.03, 1: 0.05, 2: 0.6}, 2),
          ("lf_textblob_neg_billing", {0: 0.4, 1: 0.15, 2: 0.15}, 0), ("lf_zeroshot_bart", None, None)]
    docs = ["tkt_%05d" % x for x in sorted(rng.sample(range(10000, 99999), 40))]
    R = [n_ for n_, _, _ in LF]
    M, rows = {}, [["", "doc_id", "text"] + R + ["gold"]]
    for i, d in enumerate(docs):
        y = rng.choices([0, 1, 2], [40, 30, 30])[0]
        M[d] = {}
        for name, cov, lab_ in LF:
            if cov is None:
                v = (y if rng.random() < 0.75 else rng.choice([0, 1, 2])) if rng.random() < 0.85 else -1
            else:
                v = lab_ if rng.random() < cov[y] else -1
            M[d][name] = None if v == -1 else str(v)
        if all(v is None for v in M[d].values()):
            M[d]["lf_zeroshot_bart"] = str(y)
        tx = rng.choice(texts[y])
        if "%d" in tx:
            tx = tx % rng.randint(1000, 9999)
        rows.append([i, d, tx] + [-1 if M[d][r] is None else int(M[d][r]) for r in R] +
                    [y if i < 15 else -1])
    write_txt("snorkel_label_matrix_dev.csv", rows)
    rd = reading(docs, R, M)
    rdm = [[d, r, "-1" if M[d][r] is None else M[d][r]] for d in docs for r in R]
    add("snorkel_label_matrix_dev.csv", k, "import", rd,
        "a weak-supervision label matrix written with pandas to_csv (the first column is the unnamed index 0, "
        "1, 2 ..): six Snorkel labelling functions (keyword, regex, sentiment and zero-shot heuristics: the "
        "'raters' whose agreement and conflicts Snorkel's LFAnalysis measures) vote a class for 40 support "
        "tickets; classes 0 = BILLING, 1 = ACCOUNT, 2 = TECHNICAL; -1 = ABSTAIN (the function did not fire: no "
        "rating; reading -1 as a category is acceptable only if said); subject = doc_id, raters = the lf_ "
        "columns; the ticket text is not a rating and 'gold' is a hand label for the first 15 tickets (-1 "
        "elsewhere), the reference",
        keywords=[r"abstain", r"-1", r"gold", r"text", r"index"],
        alts=[alt(rdm, must_note=True, label="-1 as a category")])

    # 6 MySQL dump of a fundus photo gradability app (either)
    graders = [(1, "a.mensah", "optometrist"), (2, "j.whitfield", "ophthalmologist"), (3, "r.kaur", "reader"),
               (4, "t.oyelaran", "reader"), (5, "m.castro", "optometrist")]
    q = ["good", "adequate", "inadequate", "ungradable"]
    imgs = []
    for i in range(1, 31):
        imgs.append((i, "IMG_%04d_%s.jpg" % (rng.randint(1000, 9999), rng.choice(["OD", "OS"])),
                     rng.choice(["Topcon NW400", "Canon CR-2 AF", "Optos California"]),
                     (dt.datetime(2025, 1, 20, 8) + dt.timedelta(minutes=rng.randint(0, 40000))).strftime(
                         "%Y-%m-%d %H:%M:%S")))
    M = {}
    grows = []
    gid = 0
    for im in imgs:
        t = rng.choices(range(4), [40, 30, 20, 10])[0]
        M[im[1]] = {}
        for g in rng.sample(graders, rng.choice([3, 4, 5])):
            v = near(q, t, 0.35)
            M[im[1]][g[1]] = v
            grows.append((im[0], g[0], v))
    rng.shuffle(grows)
    vals = []
    for j, (iid, g, v) in enumerate(grows):
        gid += 1
        stamp = (dt.datetime(2025, 2, 10, 9) + dt.timedelta(minutes=7 * j + rng.randint(0, 5))).strftime(
            "%Y-%m-%d %H:%M:%S")
        com = rng.choice(["NULL", "NULL", "NULL", "'small pupil'", "'eyelash artefact'", "'macula out of field'"])
        vals.append("(%d,%d,%d,'%s','%s',%s)" % (gid, iid, g, v, stamp, com))
    head = ["-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)", "--",
            "-- Host: localhost    Database: fundus_qc",
            "-- ------------------------------------------------------",
            "-- Server version\t8.0.36-0ubuntu0.22.04.1", "",
            "/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;",
            "/*!50503 SET NAMES utf8mb4 */;", "/*!40103 SET TIME_ZONE='+00:00' */;",
            "/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;", ""]

    def table(name, ddl, rows_):
        out = ["--", "-- Table structure for table `%s`" % name, "--", "", "DROP TABLE IF EXISTS `%s`;" % name,
               "/*!40101 SET @saved_cs_client     = @@character_set_client */;",
               "CREATE TABLE `%s` (" % name] + ddl + [
            ") ENGINE=InnoDB AUTO_INCREMENT=%d DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;" % (
                len(rows_) + 1),
            "/*!40101 SET character_set_client = @saved_cs_client */;", "", "--",
            "-- Dumping data for table `%s`" % name, "--", "", "LOCK TABLES `%s` WRITE;" % name,
            "/*!40000 ALTER TABLE `%s` DISABLE KEYS */;" % name,
            "INSERT INTO `%s` VALUES %s;" % (name, ",".join(rows_)),
            "/*!40000 ALTER TABLE `%s` ENABLE KEYS */;" % name, "UNLOCK TABLES;", ""]
        return out
    body = table("graders", ["  `id` int NOT NULL AUTO_INCREMENT,", "  `username` varchar(64) NOT NULL,",
                             "  `role` enum('optometrist','ophthalmologist','reader') NOT NULL,",
                             "  PRIMARY KEY (`id`)"],
                 ["(%d,'%s','%s')" % g for g in graders])
    body += table("images", ["  `id` int NOT NULL AUTO_INCREMENT,", "  `filename` varchar(255) NOT NULL,",
                             "  `camera` varchar(64) DEFAULT NULL,", "  `captured_at` datetime DEFAULT NULL,",
                             "  PRIMARY KEY (`id`)"], ["(%d,'%s','%s','%s')" % im for im in imgs])
    body += table("gradability", ["  `id` int NOT NULL AUTO_INCREMENT,", "  `image_id` int NOT NULL,",
                                  "  `grader_id` int NOT NULL,",
                                  "  `quality` enum('good','adequate','inadequate','ungradable') NOT NULL,",
                                  "  `created_at` datetime NOT NULL,", "  `comment` varchar(255) DEFAULT NULL,",
                                  "  PRIMARY KEY (`id`),", "  KEY `image_id` (`image_id`),",
                                  "  CONSTRAINT `gradability_ibfk_1` FOREIGN KEY (`image_id`) REFERENCES `images` "
                                  "(`id`),",
                                  "  CONSTRAINT `gradability_ibfk_2` FOREIGN KEY (`grader_id`) REFERENCES `graders` "
                                  "(`id`)"], vals)
    tail = ["/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;",
            "/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;", "", "-- Dump completed on 2025-02-21 17:40:12"]
    write_txt("fundus_gradability_dump.sql", text="\n".join(head + body + tail) + "\n")
    GR = [g[1] for g in graders]
    S = [im[1] for im in imgs]
    add("fundus_gradability_dump.sql", k, "either", reading(S, GR, full(M, GR)),
        "a MySQL dump (mysqldump 8.0) of a small web app in which five graders judge the gradability of fundus "
        "photographs: CREATE TABLE and one long INSERT per table for `graders` (id, username, role), `images` "
        "(id, filename, camera, captured_at) and `gradability` (id, image_id, grader_id, quality, created_at, "
        "comment); quality is an ENUM good / adequate / inadequate / ungradable ('ungradable' is a grade, a "
        "category); each image is graded by 3-5 of the graders; subject = the image (image_id or its filename), "
        "rater = grader_id (or its username), rating = quality; the comment ('small pupil') is text; reading it "
        "is right, refusing a database dump with a clear message is acceptable",
        keywords=[r"sql", r"dump", r"insert", r"table"])


# ================================================================== B. clinical reading studies
def g_clinical():
    k = "clinical"
    # 7 RADPEER calibration round, long: the reviewed radiologist beside the reviewer
    lv = ["1", "2a", "2b", "3a", "3b"]
    R = ["Dr A. Lindqvist", "Dr B. Mwangi", "Dr C. Hoffmann", "Dr D. Rossi", "Dr E. Takahashi"]
    exams = [("CT", "CT abdomen/pelvis with contrast"), ("CT", "CT head without contrast"), ("MR", "MRI lumbar spine"),
             ("CR", "Chest radiograph PA"), ("US", "US abdomen complete"), ("CT", "CT pulmonary angiogram"),
             ("MR", "MRI brain with and without contrast"), ("MG", "Screening mammogram bilateral")]
    acc = ["ACC25%08d" % x for x in sorted(rng.sample(range(1000000, 99999999), 24))]
    M, recs = {}, []
    info = {}
    for i, a in enumerate(acc):
        t = rng.choices(range(5), [45, 20, 12, 13, 10])[0]
        M[a] = {r: near(lv, t, 0.35) for r in R}
        info[a] = (i + 1, rng.choice(exams), "Rad %02d" % rng.randint(1, 18))
    for r in R:
        d = dt.date(2025, 3, 3) + dt.timedelta(days=rng.randint(0, 10))
        for a in acc:
            n, (mod, ex), orig = info[a]
            v = M[a][r]
            com = ""
            if v != "1":
                com = rng.choice({"CT abdomen/pelvis with contrast": ["overcalled appendicitis",
                                                                      "incidental adrenal lesion not reported"],
                                  "CT head without contrast": ["subtle SAH missed", "old infarct not mentioned"],
                                  "MRI lumbar spine": ["L4/5 foraminal stenosis undercalled", "wrong level"],
                                  "Chest radiograph PA": ["missed 6 mm RLL nodule", "rib fracture not mentioned"],
                                  "US abdomen complete": ["gallbladder polyp called stone", "wrong side in impression"],
                                  "CT pulmonary angiogram": ["PE in segmental branch missed",
                                                             "missed 6 mm RLL nodule"],
                                  "MRI brain with and without contrast": ["enhancing lesion not reported",
                                                                         "wrong side in impression"],
                                  "Screening mammogram bilateral": ["architectural distortion missed",
                                                                    "benign calcifications recalled"]}[ex])
            recs.append([n, a, mod, ex, orig, r, v.upper() if r == "Dr C. Hoffmann" else v,
                         "Yes" if v.endswith("b") else "No", com, d.strftime("%d/%m/%Y")])
    write_txt("radpeer_calibration_round.csv", [["Case #", "Accession", "Modality", "Exam", "Original reader",
                                                 "Peer reviewer", "RADPEER score", "Clinically significant?",
                                                 "Reviewer comment", "Review date"]] + recs)
    add("radpeer_calibration_round.csv", k, "import", reading(acc, R, M),
        "a radiology department's RADPEER calibration round, long: five peer reviewers each score the same 24 "
        "previously reported examinations (one row per case and reviewer, sorted by reviewer); RADPEER scores 1 "
        "(concur), 2a / 2b, 3a / 3b (a / b = unlikely / likely clinically significant: five categories; '1' "
        "is a category, not a number to average); Dr C. Hoffmann's export writes '2A' / '3B' (the same scores); "
        "subject = Accession (or Case #), rater = Peer reviewer; the Original reader ('Rad 07') is the "
        "radiologist whose report is reviewed, not a rater; 'Clinically significant?' repeats the a / b suffix "
        "(derived); modality, exam, comment and date are not ratings",
        keywords=[r"original reader", r"clinically significant", r"comment", r"modality"],
        aliases={v: [v.upper()] for v in lv if v != "1"})

    # 8 ACR TI-RADS per nodule: 'TR4', 4 and 'TR 4', derived FNA advice, cytology
    S, M = [], {}
    rows = [["Patient", "Nodule", "Location", "Size (mm)", "Max (mm)", "Reader 1 TI-RADS", "Reader 1 FNA?",
             "Reader 2 TI-RADS", "Reader 2 FNA?", "Reader 3 TI-RADS", "Reader 3 FNA?", "Cytology (Bethesda)",
             "Histology"]]
    R = ["Reader 1", "Reader 2", "Reader 3"]
    lvl = ["TR1", "TR2", "TR3", "TR4", "TR5"]

    def fna(tr, mx):
        lim = {"TR3": (25, 15), "TR4": (15, 10), "TR5": (10, 5)}.get(tr)
        if not lim:
            return "No"
        return "FNA" if mx >= lim[0] else "Follow-up" if mx >= lim[1] else "No"
    pats = ["TH-%04d" % x for x in sorted(rng.sample(range(1, 9999), 16))]
    for p in pats:
        for nn in range(1, rng.choice([1, 2, 2, 3]) + 1):
            s = (p, "N%d" % nn)
            S.append(s)
            t = rng.choices(range(5), [8, 20, 27, 30, 15])[0]
            M[s] = {r: near(lvl, t, 0.35) for r in R}
            dims = sorted([rng.randint(4, 38) for _ in range(3)], reverse=True)
            beth = "" if fna(lvl[t], dims[0]) != "FNA" else rng.choice(
                ["II", "II", "II", "III", "IV", "V", "VI"] if t >= 3 else ["II", "II", "II", "I", "III"])
            hist = {"V": "PTC", "VI": "PTC", "IV": rng.choice(["Follicular adenoma", "FTC"])}.get(beth, "")
            row = [p, "N%d" % nn, rng.choice(["R upper", "R mid", "R lower", "L upper", "L mid", "L lower",
                                              "Isthmus"]), " x ".join(map(str, dims)), dims[0]]
            for r in R:
                tr = M[s][r]
                shown = tr if r == "Reader 1" else int(tr[2:]) if r == "Reader 2" else "TR " + tr[2:]
                row += [shown, fna(tr, dims[0])]
            rows.append(row + [beth, hist])
    xl("tirads_thyroid_nodule_reads.xlsx", [("Reads", rows)])
    add("tirads_thyroid_nodule_reads.xlsx", k, "import", rdi(S, R, M),
        "thyroid ultrasound studies re-read by three radiologists with ACR TI-RADS: one row per nodule (a "
        "patient has 1-3 nodules, 'N1' .. 'N3', so subject = Patient + Nodule); each reader gives the TI-RADS "
        "level TR1-TR5 (ordered): Reader 1 writes 'TR4', Reader 2 the number 4 (a number cell), Reader 3 'TR 4' "
        "(the same levels); after each reader's level a column 'FNA?' (FNA / Follow-up / No) follows from the "
        "level and the nodule size by the ACR thresholds (derived); the size '22 x 14 x 9' and its maximum "
        "(mm), the location, the cytology (Bethesda I-VI, only for nodules sampled) and the histology describe "
        "the nodule and its outcome (not raters)",
        keywords=[r"fna", r"size", r"cytology", r"bethesda", r"histology"],
        aliases={v: [v[2:], "TR " + v[2:]] for v in lvl})

    # 9 CAD-RADS 2.0: stenosis category with plaque burden / HRP / stent modifiers written three ways
    cats = ["0", "1", "2", "3", "4A", "4B", "5", "N"]
    S = ["CCTA-%04d" % x for x in sorted(rng.sample(range(1, 9999), 28))]
    R = ["Reader A", "Reader B", "Reader C"]
    M, AL = {}, {c: [] for c in cats}
    rows = [["Study", "Age", "Sex", "CAC score (Agatston)", "Reader A", "Reader B", "Reader C", "Consensus",
             "ICA result"]]

    def pburden(cac):
        return "" if cac == 0 else "P1" if cac <= 100 else "P2" if cac <= 300 else "P3" if cac <= 999 else "P4"
    for s in S:
        t = rng.choices(range(8), [14, 16, 20, 18, 12, 6, 6, 8])[0]
        cac = 0 if t == 0 else int(rng.choice([0.3, 1, 2, 4, 8]) * [0, 20, 60, 150, 300, 450, 600, 100][t]) + \
            rng.randint(0, 40)
        hrp = t in (2, 3, 4, 5) and rng.random() < 0.3
        stent = t in (2, 3, 4) and rng.random() < 0.1
        M[s] = {}
        for r in R:
            if t == 7:
                c = "N" if rng.random() < 0.8 else rng.choice(["2", "3"])
            else:
                c = near(cats[:7], t, 0.35)
                if c == "4B" and t < 4:
                    c = "4A"
            M[s][r] = c
        pb = pburden(cac)
        for r in R:
            c = M[s][r]
            mods = [] if c in ("0", "N") else [m for m in (pb, "HRP" if hrp else "", "S" if stent else "") if m]
            if r == "Reader A":
                w = "CAD-RADS %s" % "/".join([c] + mods)
            elif r == "Reader B":
                w = " / ".join([c] + [m for m in mods if m != "HRP"])
            else:
                w = c
            if w != c and w not in AL[c]:
                AL[c].append(w)
            M[s][r + "_w"] = w
        cons = mode([M[s][r] for r in R])
        mods = [] if cons in ("0", "N") else [m for m in (pb, "HRP" if hrp else "", "S" if stent else "") if m]
        ica = "No ICA" if cons in ("0", "1", "2") or rng.random() < 0.3 else rng.choice(
            ["LAD 70%", "RCA 90%", "LCx 50%", "LM 50%, LAD 80%", "No obstructive CAD"])
        rows.append([s, rng.randint(38, 79), rng.choice(["F", "M"]), cac] + [M[s][r + "_w"] for r in R] +
                    ["CAD-RADS %s" % "/".join([cons] + mods), ica])
        for r in R:
            del M[s][r + "_w"]
    write_txt("ccta_cadrads_reads.csv", rows)
    AL = {c: v for c, v in AL.items() if v}
    for c in cats:
        if "CAD-RADS %s" % c not in AL.setdefault(c, []):
            AL[c].append("CAD-RADS %s" % c)
    add("ccta_cadrads_reads.csv", k, "import", reading(S, R, M),
        "coronary CT angiograms read by three cardiac imagers with CAD-RADS 2.0: the stenosis category 0, 1, 2, "
        "3, 4A, 4B, 5 or N (non-diagnostic) is the rating; modifiers after slashes are separate findings: "
        "plaque burden P1-P4 (from the calcium score), HRP (high-risk plaque), S (stent); Reader A writes the "
        "full form 'CAD-RADS 3/P2/HRP', Reader B '3 / P2' (without HRP), Reader C only the category '3': "
        "the same categories (the modifiers are not part of the category); the consensus is the reference, "
        "the invasive angiography (ICA) result the outcome; age, sex and the Agatston calcium score describe "
        "the patient", keywords=[r"consensus", r"ica", r"cac|agatston", r"modifier"], aliases=AL)

    # 10 Oxford corneal staining grades in ODS: Roman, 'Grade III', panel letter, number
    lv = ["0", "I", "II", "III", "IV", "V"]
    panel = ["A", "B", "C", "D", "E", ">E"]
    S = ["CS-%03d" % x for x in sorted(rng.sample(range(1, 400), 30))]
    R = ["Grader 1", "Grader 2", "Grader 3", "Grader 4"]
    M = ordmat(S, R, lv, [15, 25, 25, 18, 12, 5], p_off=0.35)
    UNG = []
    rows = [["Corneal fluorescein staining - Oxford scheme (grade 0-V) - grader calibration, dry eye trial DE-204"],
            ["Photo", "Eye", "Visit", "Grader 1", "Grader 2", "Grader 3", "Grader 4", "Reading centre"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        if rng.random() < 0.07:
            M[s]["Grader 2"] = None
            UNG.append(s)
        g = M[s]
        rows.append([s, rng.choice(["OD", "OS"]), rng.choice(["Baseline", "Week 4", "Week 12"]), g["Grader 1"],
                     "Ungradable" if g["Grader 2"] is None else "Grade " + g["Grader 2"],
                     panel[lv.index(g["Grader 3"])], lv.index(g["Grader 4"]), lv[t]])
    legend = [["Panel", "Grade", "Punctate dots (approx.)"], ["A", "0", "0-1"], ["B", "I", "2-10"],
              ["C", "II", "11-32"], ["D", "III", "33-100"], ["E", "IV", "101-316"], [">E", "V", ">316"]]
    write_ods("oxford_corneal_staining_grades.ods", [("Photos", rows), ("Oxford panels", legend)])
    rd = reading(S, R, M)
    add("oxford_corneal_staining_grades.ods", k, "import", rd,
        "slit-lamp photographs of fluorescein corneal staining from a dry eye trial graded by four graders on "
        "the Oxford scheme (grade 0, I .. V, ordered; ODS with a title row): Grader 1 writes the Roman numeral, "
        "Grader 2 'Grade III', Grader 3 the letter of the matching Oxford panel (A = 0, B = I .. E = IV, '>E' "
        "= V, as the second sheet's legend shows), Grader 4 the grade as a number cell (0-5): the same six "
        "grades; 'Ungradable' (Grader 2, a blurred photo) = no rating (as a category acceptable only if said); "
        "the reading centre's grade is the reference; eye (OD / OS) and visit describe the photo",
        keywords=[r"reading centre", r"ungradable", r"panel", r"visit"],
        aliases={v: ["Grade " + v, panel[i], str(i)] for i, v in enumerate(lv) if v != "0"} |
        {"0": ["Grade 0", "A"]},
        alts=[alt(rd + [[s, "Grader 2", "Ungradable"] for s in UNG], must_note=True,
                  label="'Ungradable' as a category")])

    # 11 Boston Bowel Preparation Scale per segment, long, merged header, 'NR'
    vids = ["V%02d" % i for i in range(1, 17)]
    endo = [("Dr K. Ito", "Consultant"), ("Dr M. Okeke", "Consultant"), ("Dr S. Brandt", "Consultant"),
            ("Dr L. Ferreira", "ST5 trainee"), ("Dr J. Byrne", "ST4 trainee"), ("Nurse endoscopist P. Shah",
                                                                                  "Nurse endoscopist")]
    segs = ["Right colon", "Transverse colon", "Left colon"]
    R = [e for e, _ in endo]
    S, M = [], {}
    nr = vids[rng.randrange(16)]
    recs = []
    truth = {}
    for v in vids:
        for sg in segs:
            s = (v, sg)
            S.append(s)
            truth[s] = rng.choices(range(4), [8, 20, 37, 35])[0]
            M[s] = {}
    for e, grade in endo:
        for v in vids:
            vals = []
            for sg in segs:
                s = (v, sg)
                if v == nr and sg == "Right colon":
                    M[s][e] = None
                    vals.append("NR")
                else:
                    x = near(range(4), truth[s], 0.3)
                    M[s][e] = str(x)
                    vals.append(x)
            nums = [x for x in vals if x != "NR"]
            tot = "" if "NR" in vals else sum(nums)
            recs.append([v, e, grade] + vals + [tot, "" if "NR" in vals else ("Yes" if min(nums) >= 2 else "No")])
    rows = [["", "", "", "BBPS segment score (0-3)", "", "", "", ""],
            ["Video", "Endoscopist", "Grade", "Right colon", "Transverse colon", "Left colon", "BBPS total (0-9)",
             "Adequate (all segments >= 2)"]] + recs
    xl("bbps_video_scoring.xlsx", [("Scores", rows)], merges={"Scores": ["D1:F1"]})
    add("bbps_video_scoring.xlsx", k, "import", rdi(S, R, M),
        "a bowel preparation scoring exercise: six endoscopists (consultants, trainees and a nurse endoscopist) "
        "score 16 colonoscopy videos with the Boston Bowel Preparation Scale, 0-3 for each segment; long: one "
        "row per video and endoscopist, the three segment columns under a merged 'BBPS segment score (0-3)' "
        "header; subject = video + segment, rater = Endoscopist; 'NR' (the caecum was not reached in one "
        "video, so the right colon was not seen) = no rating; the BBPS total (0-9) and 'Adequate' are derived; "
        "Grade describes the endoscopist",
        keywords=[r"total", r"adequate", r"\bnr\b", r"grade"])

    # 12 CTG classification (FIGO 2015): 'N' / 'S' / 'P' by one obstetrician, gestations '39+2'
    lv = ["Normal", "Suspicious", "Pathological"]
    S = ["CTG-%04d" % x for x in sorted(rng.sample(range(1, 9999), 30))]
    R = ["Midwife 1", "Midwife 2", "Obstetrician 1", "Obstetrician 2"]
    M = ordmat(S, R, lv, [45, 33, 22], p_off=0.35)
    for s in rng.sample(S, 3):
        M[s]["Obstetrician 1"] = None
    rows = [["Trace ID", "Gestation", "Labour stage", "Trace duration (min)"] + R +
            ["Cord arterial pH", "Apgar 5 min", "NICU admission"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        ph = round(clamp(7.30 - 0.06 * t + rng.gauss(0, 0.05), 6.85, 7.42), 2)
        rows.append([s, "%d+%d" % (rng.randint(36, 41), rng.randint(0, 6)),
                     rng.choice(["1st (latent)", "1st (active)", "1st (active)", "2nd"]), rng.randint(30, 90),
                     M[s]["Midwife 1"], M[s]["Midwife 2"].lower(), blank(M[s]["Obstetrician 1"]),
                     M[s]["Obstetrician 2"][0], "%.2f" % ph if rng.random() > 0.1 else "not taken",
                     clamp(9 - t * 2 + rng.randint(-1, 1), 3, 10), "Y" if t == 2 and rng.random() < 0.4 else "N"])
    write_txt("ctg_figo_classification_review.csv", rows)
    add("ctg_figo_classification_review.csv", k, "import", reading(S, R, M),
        "intrapartum cardiotocograph traces classified by two midwives and two obstetricians with the FIGO 2015 "
        "classes Normal / Suspicious / Pathological; Midwife 2 writes them in lower case, Obstetrician 2 as 'N' "
        "/ 'S' / 'P' (the same classes); Obstetrician 1 left three traces empty (not reviewed: no rating); the "
        "gestation '39+2' (weeks + days, text, not a sum or a date), labour stage and trace duration describe "
        "the trace; cord arterial pH ('7.21', 'not taken'), Apgar at 5 minutes and NICU admission are the "
        "baby's outcome, not ratings",
        keywords=[r"gestation", r"ph", r"apgar", r"nicu"],
        aliases={v: [v[0], v.lower()] for v in lv})

    # 13 Schatzker types on two session sheets (radiographs, then 3D CT), one surgeon 'Type IV', one numbers
    lv = ["I", "II", "III", "IV", "V", "VI"]
    cases = ["TP-%02d" % i for i in range(1, 21)]
    R = ["Surgeon A", "Surgeon B", "Surgeon C", "Surgeon D", "Surgeon E"]
    base = {c: rng.choices(range(6), [12, 28, 14, 12, 12, 22])[0] for c in cases}
    info = {c: (rng.randint(24, 86), rng.choice(["Fall from height", "RTC - pedestrian", "RTC - motorcyclist",
                                                 "Skiing", "Low-energy fall"])) for c in cases}
    S, M, sheets = [], {}, []
    for sess, p_off in (("radiographs", 0.45), ("3D CT", 0.25)):
        rows = [["Case", "Age", "Mechanism"] + R]
        order = list(cases)
        if sess == "3D CT":
            rng.shuffle(order)
        for c in order:
            s = (c, sess)
            S.append(s)
            M[s] = {r: near(lv, base[c], p_off) for r in R}
            rows.append([c, info[c][0], info[c][1]] + [("Type " + M[s][r]) if r == "Surgeon C" else
                                                       (lv.index(M[s][r]) + 1) if r == "Surgeon E" else M[s][r]
                                                       for r in R])
        sheets.append(("Session %d - %s" % (len(sheets) + 1, sess), rows))
    notes = [["Schatzker classification - interobserver study"],
             ["Session 1: AP and lateral knee radiographs only."],
             ["Session 2 (4 weeks later): CT with 3D reconstructions, cases re-ordered."],
             ["Classify each case as Schatzker I-VI. Do not confer."]]
    xl("schatzker_two_sessions.xlsx", sheets + [("Instructions", notes)])
    S.sort(key=lambda s: (s[1] != "radiographs", s[0]))
    rd = rdi(S, R, M)
    add("schatzker_two_sessions.xlsx", k, "import", rd,
        "an interobserver study of tibial plateau fractures: five surgeons classify 20 cases with the Schatzker "
        "types I-VI (ordered), first on radiographs (sheet 'Session 1 - radiographs') and four weeks later on "
        "3D CT (sheet 'Session 2 - 3D CT', the same cases re-ordered; same header); a third sheet holds the "
        "instructions; subject = case + session (modality); Surgeon C writes 'Type IV', Surgeon E the Arabic "
        "number 4 (the same types); age and mechanism describe the case; reading only the first sheet is "
        "acceptable only if said (the 3D CT session is left out)",
        keywords=[r"session", r"sheet", r"3d ct", r"radiographs", r"instructions"],
        aliases={v: ["Type " + v, str(i + 1)] for i, v in enumerate(lv)},
        alts=[alt([x for x in rd if x[0].endswith("| radiographs")], must_note=True, label="first sheet only")])

    # 14 PD-L1 22C3 TPS: categories written three ways beside each pathologist's TPS %
    cats = ["<1%", "1-49%", ">=50%"]
    p2 = {"<1%": "<1", "1-49%": "1\u201349", ">=50%": "\u226550"}
    p3 = {"<1%": "Negative", "1-49%": "Low", ">=50%": "High"}
    S = ["PDL1-%02d" % i for i in range(1, 26)]
    R = ["Pathologist 1", "Pathologist 2", "Pathologist 3"]
    M, TPS, NE = {}, {}, []

    def cat(x):
        return "<1%" if x < 1 else "1-49%" if x < 50 else ">=50%"
    rows = [["Case", "Block", "Viable tumour cells (approx.)", "P1 TPS %", "P1 category", "P2 TPS %", "P2 category",
             "P3 TPS %", "P3 category", "Consensus (multihead)"]]
    for s in S:
        true = rng.choice([0, 0, 0.5, 2, 5, 10, 20, 30, 40, 45, 55, 60, 70, 80, 90, 95])
        M[s], TPS[s] = {}, {}
        row = [s, rng.choice(["A1", "A2", "A3", "B1", "B2"]), rng.choice(["~150", "~400", ">1000", "~800", "~250"])]
        for j, r in enumerate(R):
            if r == "Pathologist 2" and rng.random() < 0.06:
                M[s][r] = TPS[s][r] = None
                NE.append(s)
                row += ["NE", "Not evaluable"]
                continue
            x = clamp(round(true * rng.uniform(0.6, 1.4) + rng.choice([-5, 0, 0, 5])) if true >= 1 else
                      (0 if rng.random() < 0.7 else 1), 0, 100)
            c = cat(x)
            M[s][r], TPS[s][r] = c, str(x)
            row += [x, c.replace(">=", "\u2265") if j == 0 else p2[c] if j == 1 else p3[c]]
        row.append(cat(true).replace(">=", "\u2265"))
        rows.append(row)
    write_txt("pdl1_tps_ring_study.csv", rows, bom=True)
    rd = reading(S, R, M)
    add("pdl1_tps_ring_study.csv", k, "import", rd,
        "a PD-L1 (22C3) ring study in lung cancer (UTF-8 with BOM): three pathologists score 25 cases; for each "
        "pathologist a column with the tumour proportion score estimate (TPS %, a number) and one with the "
        "clinical category: Pathologist 1 writes '<1%' / '1-49%' / '\u226550%', Pathologist 2 '<1' / "
        "'1\u201349' (en dash) / '\u226550', Pathologist 3 'Negative' / 'Low' / 'High' (the same three "
        "categories); subject = Case, raters = the three pathologists (each a pair of columns 'P1 TPS %' and "
        "'P1 category'); the category is the rating; reading the TPS % estimates as continuous ratings instead "
        "is acceptable too; 'NE' / 'Not evaluable' (too few tumour cells) = no rating (as a category acceptable "
        "only if said); block and cell count describe the case, the multihead consensus is the reference",
        keywords=[r"consensus", r"not evaluable", r"\bne\b", r"tps"],
        aliases={"<1%": ["<1", "Negative"], "1-49%": ["1\u201349", "Low", "1\u201349%"],
                 ">=50%": ["\u226550", "\u226550%", "High"]},
        alts=[alt(reading(S, R, TPS), label="TPS % as continuous ratings"),
              alt(rd + [[s, "Pathologist 2", "Not evaluable"] for s in NE], must_note=True,
                  label="'Not evaluable' as a category")])

    # 15 ASE diastolic function grades: 'Indeterminate' is a category, 'DD II' and 'Grade 2'
    lv = ["Normal", "Grade I", "Grade II", "Grade III"]
    S = ["E25-%04d" % x for x in sorted(rng.sample(range(1, 9999), 30))]
    R = ["Cardiologist 1", "Cardiologist 2", "Sonographer 1", "Sonographer 2"]
    M = {}
    rows = [["Echo ID", "Rhythm", "E/A", "E/e' (avg)", "TR Vmax (m/s)", "LAVI (mL/m\u00b2)"] + R +
            ["Clinical report"]]
    sp = {"Cardiologist 2": {"Grade I": "Grade 1", "Grade II": "Grade 2", "Grade III": "Grade 3"},
          "Sonographer 2": {"Grade I": "DD I", "Grade II": "DD II", "Grade III": "DD III", "Indeterminate": "Indet."}}
    for s in S:
        af = rng.random() < 0.12
        t = rng.choices(range(4), [35, 30, 22, 13])[0]
        M[s] = {}
        for r in R:
            if af and rng.random() < 0.6 or rng.random() < 0.04:
                M[s][r] = "Indeterminate"
            else:
                M[s][r] = near(lv, t, 0.3)
        rows.append([s, "AF" if af else "SR", "" if af else "%.1f" % [1.1, 0.7, 1.3, 2.4][t],
                     "%.1f" % ([7.5, 10.0, 13.5, 17.0][t] + rng.uniform(-2, 2)),
                     "%.1f" % ([2.2, 2.5, 3.0, 3.3][t] + rng.uniform(-0.3, 0.3)),
                     int([26, 31, 39, 48][t] + rng.randint(-5, 5))] +
                    [sp.get(r, {}).get(M[s][r], M[s][r]) for r in R] + [mode([M[s][r] for r in R])])
    write_txt("diastolic_function_grading.csv", rows)
    add("diastolic_function_grading.csv", k, "import", reading(S, R, M),
        "echocardiograms graded for left ventricular diastolic function by two cardiologists and two "
        "sonographers with the ASE/EACVI 2016 algorithm: Normal, Grade I, Grade II, Grade III or Indeterminate "
        "('Indeterminate' is an outcome of the algorithm, a category, not a missing value); Cardiologist 2 "
        "writes 'Grade 2', Sonographer 2 'DD II' and 'Indet.' (the same grades); the measurements E/A, E/e', TR "
        "Vmax and LAVI (mL/m\u00b2, decimals) are made once per study and the rhythm (SR / AF) describes it; the "
        "clinical report's grade is the reference",
        keywords=[r"report", r"e/e'", r"lavi", r"rhythm"],
        aliases={"Grade I": ["Grade 1", "DD I"], "Grade II": ["Grade 2", "DD II"], "Grade III": ["Grade 3", "DD III"],
                 "Indeterminate": ["Indet."]})


# ================================================================== C. judging and arts
def g_judging():
    k = "judging-arts"
    # 16 Submittable review export of a literary magazine: assigned readers, unfinished reviews, a withdrawal
    readers = ["Maya Okonjo", "Felix Brandt", "Rosa Delgado", "Tom Whitcombe", "Anjali Rao"]
    recs_ = ["Accept", "Hold for second round", "Decline"]
    titles = ["The Weight of Small Things", "\"Salt,\" She Said", "Notes Toward a Flood, 1953", "Kestrel",
              "What the Ferryman Knew", "Inventory of a Kitchen Drawer", "Brother, Unfinished", "The Lighthouse Keeper's "
              "Daughter Files Her Taxes", "Small Hours", "Elegy with Traffic Cones", "Anatomy of a Quiet Street",
              "Paper Moon, Paper Sea", "Hush", "Letters I Didn't Send (2019-2021)", "The Orchard Wars", "Tidewater",
              "Nine Ways to Leave Ohio", "Self-Portrait as a Borrowed Coat", "Winter Wheat", "Cartography",
              "The Last Video Store in Kent", "Mother Tongue", "Flight Paths", "A Short History of Rain"]
    subs = sorted(rng.sample(range(2800000, 2899999), 24))
    gone = subs[rng.randrange(24)]
    M, recs = {}, []
    first = ["Jordan", "Priya", "Ewan", "Lucía", "Sam", "Ngozi", "Henrik", "Mei", "Aaron", "Fatou"]
    last = ["Hale", "Moreno", "Lindqvist", "Achebe", "Park", "O'Rourke", "Vance", "Okafor", "Beaumont", "Ishikawa"]
    for i, sid in enumerate(subs):
        cat = rng.choice(["Fiction (up to 6,000 words)", "Poetry (up to 5 poems)", "Creative nonfiction"])
        q = rng.choices(range(3), [15, 35, 50])[0]
        M[sid] = {r: None for r in readers}
        assigned = [readers[i % 5]] + rng.sample([r for r in readers if r != readers[i % 5]], 2)
        who_ = "%s %s" % (rng.choice(first), rng.choice(last))
        sent = (dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 50))).strftime("%m/%d/%Y")
        tags = rng.choice(["", "", "Staff pick", "Simultaneous sub", "Staff pick, Simultaneous sub"])
        done_votes = []
        for r in assigned:
            fin = sid != gone and rng.random() > 0.07
            v = near(recs_, q, 0.35) if fin else ""
            if fin:
                M[sid][r] = v
                done_votes.append(v)
            recs.append([sid, titles[i], who_, cat, sent, None, tags, r,
                         "Completed" if fin else "Assigned", v,
                         rng.choice(["", "", "", "lovely ending", "too long for us", "ask for a cut?",
                                     "voice!! but the middle sags"]) if fin else ""])
        st = "Withdrawn" if sid == gone else ("Accepted" if done_votes.count("Accept") >= 2 else
                                              "In-Progress" if "Hold for second round" in done_votes else "Declined")
        for x in recs[-3:]:
            x[5] = st
    write_txt("submittable_reviews_spring_reading.csv",
              [["Submission ID", "Title", "Submitter", "Category", "Submitted", "Status", "Labels", "Reviewer",
                "Review Status", "Recommendation", "Reviewer Note"]] + recs)
    S = [s for s in subs if any(M[s].values())]
    add("submittable_reviews_spring_reading.csv", k, "import", reading(S, readers, M),
        "a Submittable review export of a literary magazine's spring reading period, long: one row per "
        "submission and assigned reader (each of 24 submissions is assigned to 3 of 5 readers: an incomplete "
        "design); the reader's recommendation Accept / Hold for second round / Decline is the rating; Review "
        "Status 'Assigned' with an empty recommendation = not reviewed yet (no rating); one submission was "
        "withdrawn before anyone read it; subject = Submission ID (titles with quotes and commas), rater = "
        "Reviewer; Status (Accepted / Declined / In-Progress / Withdrawn) is the editors' decision, Labels are "
        "tags ('Staff pick, Simultaneous sub'), Submitter (the author), category, date and note are not ratings",
        keywords=[r"status", r"assigned", r"labels", r"submitter", r"withdrawn"])

    # 17 powerlifting referees' lights with cards, passed attempts and a jury reversal
    lifters = [("Jess Kowalczyk", 81.6), ("Amara Nwosu", 75.9), ("Hollie Grant", 83.4), ("Sofia Lindahl", 69.2),
               ("Tara McBride", 76.3), ("Naomi Feld", 82.9), ("Priya Venkat", 71.8), ("Ellie Stroud", 74.4),
               ("Rosa Pinto", 80.1), ("Kim Dao", 65.7)]
    refs = ["Left", "Centre", "Right"]
    lifts = [("Squat", 140), ("Bench", 80), ("Deadlift", 170)]
    S, M = [], {}
    rows = [["Northern Open Classic 2025 - Session 2 - Flight B (women -84 kg / -76 kg / -69 kg)"],
            ["Referees: Left J. Horvat; Centre M. Kelly (head referee); Right S. Dube. Cards: red = 1 (depth / "
             "lockout), blue = 2 (movement / commands), yellow = 3 (other)"], [],
            ["Lot", "Lifter", "Bodyweight (kg)", "Lift", "Attempt", "Weight (kg)", "Left", "Left card", "Centre",
             "Centre card", "Right", "Right card", "Result", "Jury"]]
    jury_done = False
    for lot, (nm, bw) in enumerate(lifters, 1):
        st = rng.uniform(0.85, 1.2)
        for lf, base in lifts:
            w = round(base * st / 2.5) * 2.5
            for att in (1, 2, 3):
                wt = w + [0, 7.5, 12.5][att - 1] + rng.choice([0, 2.5])
                if att == 3 and rng.random() < 0.1:
                    rows.append([lot, nm, "%.2f" % bw, lf, att, "", "", "", "", "", "", "", "Not taken", ""])
                    continue
                good = rng.random() < [0.85, 0.72, 0.5][att - 1]
                s = (nm, lf, str(att))
                S.append(s)
                M[s] = {}
                row = [lot, nm, "%.2f" % bw, lf, att, "%g" % wt]
                for r in refs:
                    white = good if rng.random() < 0.85 else not good
                    M[s][r] = "White" if white else "Red"
                    row += [M[s][r], "" if white else rng.choice(["Red", "Red", "Blue", "Yellow"])]
                nw = [M[s][r] for r in refs].count("White")
                res, jury = ("Good lift" if nw >= 2 else "No lift"), ""
                if res == "Good lift" and nw == 2 and not jury_done and lf == "Bench":
                    res, jury, jury_done = "No lift", "Reversed by jury (bar not motionless)", True
                rows.append(row + [res, jury])
    write_txt("powerlifting_referee_lights.csv", rows)
    add("powerlifting_referee_lights.csv", k, "import", rdi(S, refs, M),
        "a powerlifting meet's attempt log for one flight: two title lines name the three referees by position "
        "and the card colours, then one row per attempt (10 lifters x squat, bench, deadlift x 3 attempts); the "
        "three referees' lights White (good lift) / Red (no lift) are the ratings, each red light followed by "
        "its card (Red / Blue / Yellow: the reason, not a second rating); subject = lifter + lift + attempt, "
        "raters = Left / Centre / Right (one referee each for the whole flight); 'Not taken' attempts (the "
        "lifter passed) have no lights and are not subjects; Result (majority of lights) and the jury's "
        "reversal are derived / decisions, not raters; lot, bodyweight (kg, decimals) and the weight on the "
        "bar describe the attempt",
        keywords=[r"card", r"result", r"jury", r"weight", r"not taken"])

    # 18 philatelic exhibition jury: medal levels as abbreviations, full names and 'LV (87)'
    lv = ["LG", "G", "LV", "V", "LS", "S", "SB", "B"]
    fulln = dict(zip(lv, ["Large Gold", "Gold", "Large Vermeil", "Vermeil", "Large Silver", "Silver", "Silver-Bronze",
                          "Bronze"]))
    rng_pts = dict(zip(lv, [(95, 100), (90, 94), (85, 89), (80, 84), (75, 79), (70, 74), (65, 69), (60, 64)]))
    exhibits = ["Great Britain Penny Reds 1841-1879", "Danish West Indies Postal History", "The Zeppelin Mails, "
                "1924-1939", "Victorian Booklet Panes", "Swiss Strubel Issues", "Irish Overprints 1922",
                "Censored Mail of the Channel Islands", "Railway Letter Stamps of Britain", "Ceylon Pence Issues",
                "Paquebot Markings of Southampton", "Norway Posthorn Design 1872-1950", "The Machin Definitives: "
                "Cylinder Varieties", "Airmail Routes across the Tasman", "Cape of Good Hope Triangulars",
                "POW Mail, Stalag Luft III", "Polar Expedition Covers", "Hong Kong Treaty Ports",
                "Early Registered Mail of Glasgow", "Perfins of Birmingham", "Malta Crown Colony Issues",
                "Falkland Islands Frama Labels", "Mourning Stationery 1840-1900"]
    S = ["%02d" % (i + 1) for i in range(len(exhibits))]
    R = ["Juror 1", "Juror 2", "Juror 3 (apprentice)"]
    M = ordmat(S, R, lv, [4, 10, 18, 22, 20, 14, 8, 4], p_off=0.4)
    gone = S[rng.randrange(len(S))]
    AL = {v: [fulln[v]] for v in lv}
    rows = [["National Philatelic Exhibition 2025 - Jury working sheet - team 2 (Traditional, Postal History)"],
            ["Exh. no.", "Exhibit", "Exhibitor", "Class", "Frames", "Juror 1", "Juror 2", "Juror 3 (apprentice)",
             "Jury medal", "Points (agreed)", "Special prize"]]
    for s, ex in zip(S, exhibits):
        cls = rng.choice(["Traditional", "Postal History"])
        if s == gone:
            rows.append([s, ex, "Mr %s" % rng.choice(["D. Fairweather", "K. Ambler"]), cls, 5, "Withdrawn",
                         "Withdrawn", "Withdrawn", "", "", ""])
            continue
        a, b, c = M[s]["Juror 1"], M[s]["Juror 2"], M[s]["Juror 3 (apprentice)"]
        pc = rng.randint(*rng_pts[c])
        w3 = "%s (%d)" % (c, pc)
        if w3 not in AL[c]:
            AL[c].append(w3)
        jm = mode([a, b, c])
        jp = rng.randint(*rng_pts[jm])
        rows.append([s, ex, "%s %s" % (rng.choice(["Mr", "Mrs", "Dr", "Ms"]), rng.choice(
            ["A. Crowther", "P. Lindgren", "J. de Villiers", "M. Osei", "R. Tanaka", "E. Byrne", "H. Koval"])),
            cls, rng.choice([1, 5, 5, 8]), a, fulln[b], w3, jm, jp, rng.choice(["", "", "", "", "SP", "Felicitations"])])
    rows += [[], ["Medal points: LG 95-100 | G 90-94 | LV 85-89 | V 80-84 | LS 75-79 | S 70-74 | SB 65-69 | B 60-64 | "
                  "Certificate of participation 50-59"]]
    xl("philatelic_jury_medals.xlsx", [("Team 2", rows)], merges={"Team 2": ["A1:K1"]})
    S = [s for s in S if s != gone]
    add("philatelic_jury_medals.xlsx", k, "import", reading(S, R, M),
        "a national stamp exhibition's jury working sheet (a title row): three jurors of a team each propose a "
        "medal level for 22 exhibits, the FIP levels Large Gold, Gold, Large Vermeil, Vermeil, Large Silver, "
        "Silver, Silver-Bronze, Bronze (ordered); Juror 1 writes the abbreviations (LG, G, LV, V, LS, S, SB, B), "
        "Juror 2 the full names, the apprentice juror the abbreviation with their points 'LV (87)' (the same "
        "levels; the points are within the level's range); one exhibit was withdrawn ('Withdrawn' in every "
        "juror column: no rating); subject = Exh. no.; the jury medal and agreed points are the team's "
        "decision, the special prize an award; class, frames and exhibitor describe the exhibit; a footer line "
        "gives the medal point ranges",
        keywords=[r"jury medal", r"points", r"withdrawn", r"special prize"], aliases=AL)

    # 19 orchid judging points: 'Exh.' for the exhibiting judge, derived average and award
    judges = ["J. Alvarez", "M. Brandt", "K. Chua", "P. Dunmore", "R. Ellison", "T. Fujita"]
    plants = [("Cattleya", "Memoria Helen Brown", "Sweet Afton"), ("Paphiopedilum", "Maudiae", "Coloratum"),
              ("Phalaenopsis", "Sogo Yukidian", "V3"), ("Dendrobium", "Roy Tokunaga", "Kodama"),
              ("Masdevallia", "Copper Angel", "Highland"), ("Oncidium", "Sharry Baby", "Sweet Fragrance"),
              ("Cymbidium", "Sarah Jean", "Ice Cascade"), ("Vanda", "Pachara Delight", "Blue Magic"),
              ("Miltoniopsis", "Herr Alexandre", "Mont Millais"), ("Bulbophyllum", "Elizabeth Ann", "Buckleberry"),
              ("Paphiopedilum", "rothschildianum", "Mont Millais"), ("Cattleya", "Hsinying Excell", "Golden"),
              ("Laelia", "anceps", "Guerrero"), ("Zygopetalum", "Louisendorf", "Indigo"),
              ("Dracula", "vampira", "Bela"), ("Phragmipedium", "Grande", "Macrochilum")]
    exhib = ["Green Valley Orchids", "K. Chua", "Mrs D. Okafor", "Cloud Forest Nursery", "P. Dunmore",
             "Hill Country Orchid Society"]
    S = ["E%03d" % (i + 101) for i in range(len(plants))]
    M = {}
    rows = [["Entry", "Genus", "Grex / species", "Cultivar", "Exhibitor", "Flowers", "Buds",
             "Natural spread (cm)"] + judges + ["Average", "Award"]]
    for s, (g, gx, cv) in zip(S, plants):
        ex = rng.choice(exhib)
        q = rng.uniform(70, 88)
        M[s] = {}
        cells = []
        for j in judges:
            if j == ex:
                M[s][j] = None
                cells.append("Exh.")
            elif rng.random() < 0.08:
                M[s][j] = None
                cells.append("")
            else:
                x = int(clamp(round(q + rng.gauss(0, 2.8)), 60, 97))
                M[s][j] = str(x)
                cells.append(x)
        vals = [int(v) for v in M[s].values() if v]
        avg = sum(vals) / len(vals)
        aw = "FCC/AOS" if avg >= 90 else "AM/AOS" if avg >= 80 else "HCC/AOS" if avg >= 75 else "\u2014"
        rows.append([s, g, gx, "'%s'" % cv, ex, rng.randint(3, 22), rng.randint(0, 6), "%.1f" % rng.uniform(6, 14)] +
                    cells + ["%.1f" % avg, aw])
    write_txt("orchid_judging_points.csv", rows)
    add("orchid_judging_points.csv", k, "import", reading(S, judges, M),
        "an orchid society's judging session: six judges score 16 plants on the 100-point flower scale "
        "(continuous ratings, 60-97); 'Exh.' = the judge exhibited that plant and did not score it (no rating), "
        "an empty cell = the judge was not on that plant's team; subject = Entry; Average and the award "
        "('AM/AOS', 'HCC/AOS', 'FCC/AOS' or '\u2014') are derived from the scores; genus, grex, the cultivar "
        "name in quotes, exhibitor, flower and bud counts and natural spread (cm) describe the plant",
        keywords=[r"exh", r"average", r"award", r"spread"])

    # 20 Japanese sake appraisal in EUC-JP: full-width digits by one judge, '−' = not tasted
    R = ["審査員A", "審査員B", "審査員C", "審査員D", "審査員E"]
    fw = {"1": "１", "2": "２", "3": "３", "4": "４", "5": "５"}
    prefs = ["兵庫", "新潟", "山形", "広島", "秋田", "福島", "京都", "石川"]
    S = ["%03d" % i for i in sorted(rng.sample(range(1, 400), 26))]
    M = {}
    rows = [["令和6酒造年度 全国新酒鑑評会 予審 第2審査室 評点集計表"],
            ["評点：1（優）〜5（劣）　−は利き酒せず"],
            ["出品番号", "都道府県", "酒類", "精米歩合", "使用酵母"] + R + ["平均", "成績"]]
    for s in S:
        t = rng.choices(range(5), [15, 30, 30, 17, 8])[0]
        pf = rng.choice(prefs)
        M[s] = {}
        for r in R:
            M[s][r] = None if (r == "審査員D" and pf == "広島") else str(near(range(1, 6), t, 0.35))
        vals = [int(v) for v in M[s].values() if v]
        avg = sum(vals) / len(vals)
        rows.append([s, pf, rng.choice(["吟醸酒", "大吟醸酒", "純米大吟醸酒"]), "%d%%" % rng.choice([35, 40, 45, 50]),
                     rng.choice(["協会1801号", "協会9号", "自社酵母", "山形KA"])] +
                    [("−" if M[s][r] is None else fw[M[s][r]] if r == "審査員C" else M[s][r]) for r in R] +
                    ["%.2f" % avg, "金賞" if avg <= 1.8 else "入賞" if avg <= 2.4 else ""])
    write_txt("shinshu_kanpyoukai_shinsa_eucjp.csv", rows, enc="euc_jp")
    add("shinshu_kanpyoukai_shinsa_eucjp.csv", k, "import", reading(S, R, M),
        "a Japanese new sake appraisal (preliminary round) score sheet in EUC-JP: two title lines (the second "
        "gives the scale 1 = excellent .. 5 = poor and '−' = not tasted), then five judges (審査員A-E) score "
        "26 entries 1-5 (ordered); 審査員C types full-width digits '２' (the same scores); '−' = the judge did "
        "not taste the entry (judge D does not taste entries from his own prefecture): no rating; subject = "
        "出品番号 (entry number, with leading zeros); prefecture, sake type, polishing ratio '40%' and yeast "
        "describe the entry; 平均 (mean) and 成績 (award: 金賞 gold, 入賞 prize) are derived",
        keywords=[r"平均", r"成績", r"精米", r"−"],
        aliases={d: [f] for d, f in fw.items()})


# ================================================================== D. education and HR
LAST = ["Abbott", "Bakshi", "Cho", "Delaney", "Ekwueme", "Fraser", "Gallagher", "Horvat", "Iqbal", "Jensen",
        "Kaplan", "Lindqvist", "Mahmoud", "Nowak", "O'Brien", "Pereira", "Quinlan", "Rahman", "Sorensen", "Tanaka",
        "Usman", "Vasquez", "Whitaker", "Xu", "Yilmaz", "Zamora", "Adeyemi", "Brennan", "Costa", "Dubois"]


def g_education():
    k = "education-hr"
    # 21 Brightspace (D2L) grades export: '<Numeric MaxPoints:..>' headers, '#' usernames, End-of-Line Indicator
    R = ["Dissertation - First marker Points Grade <Numeric MaxPoints:100 Weight:0 Category:Dissertation "
         "CategoryWeight:0>",
         "Dissertation - Second marker Points Grade <Numeric MaxPoints:100 Weight:0 Category:Dissertation "
         "CategoryWeight:0>"]
    head = ["OrgDefinedId", "Username", "Last Name", "First Name", "Email"] + R + [
        "Dissertation - Agreed mark Points Grade <Numeric MaxPoints:100 Weight:80 Category:Dissertation "
        "CategoryWeight:80>", "Viva Points Grade <Numeric MaxPoints:20 Weight:20 Category:Viva CategoryWeight:20>",
        "Calculated Final Grade Numerator", "Calculated Final Grade Denominator", "Adjusted Final Grade Numerator",
        "Adjusted Final Grade Denominator", "End-of-Line Indicator"]
    S, M = [], {}
    rows = [head]
    pend = set(rng.sample(range(28), 3))
    oids = ["2023%04d" % x for x in rng.sample(range(10000), 28)]
    for i in range(28):
        ln, fn = LAST[i], rng.choice(FIRST + ["Zoe", "Theo", "Ava", "Leo", "Mia", "Noah"])
        oid = oids[i]
        un = "%s%s%d" % (fn[0].lower(), ln[0].lower().replace("'", ""), rng.randint(1000, 9999))
        S.append(oid)
        t = rng.uniform(45, 78)
        m1 = int(clamp(round(t + rng.uniform(-5, 5)), 0, 100))
        m2 = None if i in pend else int(clamp(round(t + rng.uniform(-6, 6)), 0, 100))
        M[oid] = {R[0]: str(m1), R[1]: None if m2 is None else str(m2)}
        ag = "" if m2 is None else int(round((m1 + m2) / 2.0))
        viva = rng.randint(9, 19)
        num = "" if ag == "" else "%g" % (0.8 * ag + viva)
        rows.append([oid, "#" + un, ln, fn, "%s@student.example.ac.uk" % un, m1, blank(m2), ag, viva, num,
                     "" if ag == "" else 100, "", "", "#"])
    write_txt("Grades-DISS3090_2024-25.csv", rows, nl="\r\n")
    add("Grades-DISS3090_2024-25.csv", k, "import", reading(S, R, M),
        "a D2L Brightspace grades export (CSV, CRLF) of dissertation double marking: the grade item names "
        "carry their settings in angle brackets ('Dissertation - First marker Points Grade <Numeric "
        "MaxPoints:100 Weight:0 Category:Dissertation CategoryWeight:0>'), usernames are prefixed with '#' "
        "('#ab1234') and the last column 'End-of-Line Indicator' holds '#' on every row; the first and second "
        "markers' marks (0-100, integers: continuous ratings) are the raters; an empty second mark = not "
        "marked yet (no rating); subject = OrgDefinedId (or Username); the agreed mark and the calculated / "
        "adjusted final grade columns are derived, the viva is another assessment, names and e-mail identify "
        "the student", keywords=[r"agreed", r"viva", r"final grade", r"end-of-line"])

    # 22 EYFS profile moderation: teacher and moderator rows per child, fill-down, merged area headers
    areas = [("Communication and Language", ["Listening, Attention and Understanding", "Speaking"]),
             ("Personal, Social and Emotional Development", ["Self-Regulation", "Managing Self",
                                                             "Building Relationships"]),
             ("Physical Development", ["Gross Motor Skills", "Fine Motor Skills"]),
             ("Literacy", ["Comprehension", "Word Reading", "Writing"]),
             ("Mathematics", ["Number", "Numerical Patterns"]),
             ("Understanding the World", ["Past and Present", "People, Culture and Communities",
                                          "The Natural World"]),
             ("Expressive Arts and Design", ["Creating with Materials", "Being Imaginative and Expressive"])]
    elgs = [e for _, es in areas for e in es]
    kids = ["EY-%03d" % x for x in sorted(rng.sample(range(1, 120), 12))]
    R = ["Class teacher", "LA moderator"]
    S, M = [], {}
    r1 = ["EYFS Profile moderation 2024-25 - St Anne's Primary - sample children - ELG judgements "
          "(Emerging / Expected)"]
    r2, r3 = ["", "", ""], ["Child", "Class", "Assessor"]
    merges = ["A1:%s1" % col(4 + len(elgs))]
    c0 = 4
    for a, es in areas:
        r2 += [a] + [""] * (len(es) - 1)
        if len(es) > 1:
            merges.append(span(2, c0, len(es)))
        c0 += len(es)
        r3 += es
    r2.append("")
    r3.append("GLD")
    rows = [r1, r2, r3]
    gld_set = ["Listening, Attention and Understanding", "Speaking", "Self-Regulation", "Managing Self",
               "Building Relationships", "Gross Motor Skills", "Fine Motor Skills", "Comprehension", "Word Reading",
               "Writing", "Number", "Numerical Patterns"]
    for kd in kids:
        ab = rng.uniform(0.45, 0.95)
        cls = rng.choice(["Reception - Oak", "Reception - Ash"])
        for e in elgs:
            s = (kd, e)
            S.append(s)
            exp = rng.random() < ab
            M[s] = {R[0]: "Expected" if exp else "Emerging"}
            flip = rng.random() < 0.12
            M[s][R[1]] = ("Emerging" if exp else "Expected") if flip else M[s][R[0]]
        for j, r in enumerate(R):
            vals = [M[(kd, e)][r] for e in elgs]
            gld = "Y" if all(M[(kd, e)][r] == "Expected" for e in gld_set) else "N"
            shown = vals if r == R[0] else [{"Expected": "EXP", "Emerging": "EMG"}[v] for v in vals]
            rows.append(([kd, cls] if j == 0 else ["", ""]) + [r] + shown + [gld])
    xl("eyfs_profile_moderation.xlsx", [("Moderation", rows)], merges={"Moderation": merges}, wrap={"Moderation": 3})
    add("eyfs_profile_moderation.xlsx", k, "import", rdi(S, R, M),
        "a local authority's moderation of the Early Years Foundation Stage Profile: for 12 sampled children the "
        "class teacher's and the LA moderator's judgement (Emerging / Expected) on each of the 17 early learning "
        "goals; a title row, a row of the seven areas merged over their goals, then the goal names; two rows per "
        "child, one per assessor (raters in rows: 'Class teacher' / 'LA moderator' in the Assessor column), the "
        "child and class written on the first row only (fill-down); the moderator writes 'EXP' / 'EMG' (the "
        "same judgements); subject = child + goal, raters = the two assessor roles; GLD (good level of "
        "development, Y / N) is derived from the prime areas, literacy and mathematics; Class describes the child",
        keywords=[r"gld", r"class", r"assessor", r"rows? (are|as) raters", r"fill"],
        aliases={"Expected": ["EXP"], "Emerging": ["EMG"]})

    # 23 music examiners' standardisation: stacked candidate blocks with Total and Result rows
    comps = [("Piece 1", 30), ("Piece 2", 30), ("Piece 3", 30), ("Scales and arpeggios", 21), ("Sight-reading", 21),
             ("Aural tests", 18)]
    R = ["Examiner A", "Examiner B", "Examiner C", "Examiner D", "Examiner E", "Examiner F"]
    cands = [("Violin", 5), ("Piano", 6), ("Flute", 4), ("Cello", 7), ("Trumpet", 3), ("Piano", 8), ("Clarinet", 5),
             ("Guitar", 6)]
    S, M = [], {}
    rows = [["Examiner standardisation 2025 - recorded practical exams - marks: pieces /30, scales /21, "
             "sight-reading /21, aural /18; Pass 100, Merit 120, Distinction 130 (of 150)"], []]

    def result(t):
        return "Distinction" if t >= 130 else "Merit" if t >= 120 else "Pass" if t >= 100 else "Below pass"
    for n, (ins, gr) in enumerate(cands, 1):
        rec = "R-%03d" % rng.randint(100, 999)
        lvl = rng.uniform(0.6, 0.92)
        rows.append(["Candidate %d - %s - Grade %d (recording %s)" % (n, ins, gr, rec)])
        rows.append(["Component", "Max"] + R + ["Lead examiner"])
        tots = {r: 0 for r in R + ["Lead"]}
        for c, mx in comps:
            s = ("Candidate %d" % n, c)
            S.append(s)
            M[s] = {}
            t = lvl * mx
            row = [c, mx]
            for r in R + ["Lead"]:
                x = int(clamp(round(t + rng.gauss(0, mx * 0.06)), mx * 0.4, mx))
                tots[r] += x
                if r != "Lead":
                    M[s][r] = str(x)
                row.append(x)
            rows.append(row)
        rows.append(["Total", 150] + [tots[r] for r in R + ["Lead"]])
        rows.append(["Result", ""] + [result(tots[r]) for r in R + ["Lead"]])
        rows.append([])
    xl("music_exam_standardisation.xlsx", [("Marks", rows)])
    add("music_exam_standardisation.xlsx", k, "import", rdi(S, R, M),
        "a music exam board's examiner standardisation: six examiners mark the same eight recorded practical "
        "exams; a title row with the maxima and the pass marks, then one block per candidate, stacked: a block "
        "title row ('Candidate 3 - Flute - Grade 4 (recording R-512)'), the header row repeated (Component, "
        "Max, Examiner A-F, Lead examiner), one row per component with the marks, a Total row and a Result row "
        "(Distinction / Merit / Pass / Below pass: derived), then a blank row; subject = candidate + component, "
        "raters = Examiner A-F (marks: integers out of the component's maximum); the lead examiner's marks are "
        "the reference; Max describes the component",
        keywords=[r"total", r"result", r"lead examiner", r"max"])

    # 24 Chinese essay double marking in GB18030: third mark only on disagreement, '缺考'
    R = ["一评", "二评"]
    S, M, T3 = [], {}, {}
    rows = [["2025年春季联考 语文 作文题（满分60分） 双评明细 第3评卷组"],
            ["序号", "考号", "考场", "一评", "二评", "分差", "三评", "最终得分", "备注"]]
    absent = set(rng.sample(range(40), 2))
    khs = ["2503%06d" % x for x in sorted(rng.sample(range(10000, 309999), 40))]
    for i in range(40):
        kh = khs[i]
        room = "第%02d考场" % rng.randint(1, 30)
        if i in absent:
            rows.append([i + 1, kh, room, "", "", "", "", "", "缺考"])
            continue
        S.append(kh)
        t = clamp(rng.gauss(42, 7), 12, 58)
        a, b = int(clamp(round(t + rng.gauss(0, 3)), 0, 60)), int(clamp(round(t + rng.gauss(0, 3)), 0, 60))
        if rng.random() < 0.12:
            b = int(clamp(a + rng.choice([-9, -8, 8, 9]), 0, 60))
        M[kh] = {R[0]: str(a), R[1]: str(b)}
        d = abs(a - b)
        c = ""
        if d > 6:
            c = int(clamp(round(t + rng.gauss(0, 2)), 0, 60))
            T3[kh] = str(c)
            closer = a if abs(a - c) <= abs(b - c) else b
            fin = (c + closer) / 2.0
        else:
            fin = (a + b) / 2.0
        rows.append([i + 1, kh, room, a, b, d, c, "%g" % fin, rng.choice(["", "", "", "", "字迹潦草", "偏题",
                                                                        "疑似套作"])])
    write_txt("zuowen_shuangping_gb18030.csv", rows, enc="gb18030", nl="\r\n")
    rd = reading(S, R, M)
    add("zuowen_shuangping_gb18030.csv", k, "import", rd,
        "a Chinese joint examination's essay double marking (GB18030, CRLF, a title row): every essay (out of "
        "60) is marked by two markers, 一评 (first mark) and 二评 (second mark): the raters (continuous marks); "
        "分差 (difference) is derived; 三评 (third mark) is given only where the difference exceeds 6 (an "
        "arbiter on the disagreeing essays: reading it as a third rater is acceptable too); 最终得分 (final "
        "score) is derived; two candidates were absent (备注 '缺考': no marks, not subjects); subject = 考号 "
        "(the candidate number '2503120417': an id, not a date), 序号 is the row number, 考场 the exam room, "
        "备注 remarks ('字迹潦草' untidy handwriting)",
        keywords=[r"三评", r"分差", r"最终", r"备注", r"缺考"],
        alts=[alt(rd + [[s, "三评", v] for s, v in T3.items()], label="三评 as a third rater")])

    # 25 ANTS (anaesthetists' non-technical skills): category and element rows, 'N/O', one rater with labels
    ants = [("TASK MANAGEMENT", ["Planning and preparing", "Prioritising", "Providing and maintaining standards",
                                 "Identifying and utilising resources"]),
            ("TEAM WORKING", ["Co-ordinating activities with team members", "Exchanging information",
                              "Using authority and assertiveness", "Assessing capabilities", "Supporting others"]),
            ("SITUATION AWARENESS", ["Gathering information", "Recognising and understanding", "Anticipating"]),
            ("DECISION MAKING", ["Identifying options", "Balancing risks and selecting options", "Re-evaluating"])]
    scen = ["Sim 1 - Anaphylaxis on induction", "Sim 2 - Can't intubate, can't oxygenate",
            "Sim 3 - Malignant hyperthermia", "Sim 4 - Local anaesthetic toxicity"]
    R = ["Rater 1", "Rater 2", "Rater 3", "Rater 4 (trainee)"]
    lab = {"4": "Good", "3": "Acceptable", "2": "Marginal", "1": "Poor"}
    S, M = [], {}
    CAT = set()
    rows = [["Scenario", "Category / element", "Rater 1", "Rater 2", "Rater 3", "Rater 4 (trainee)",
             "Expert (reference)"]]
    for sc in scen:
        lvl = rng.uniform(1.6, 3.6)
        firstrow = True
        for cname, els in ants:
            items = [(cname, True)] + [(e, False) for e in els]
            for it, iscat in items:
                s = (sc, it)
                S.append(s)
                if iscat:
                    CAT.add(s)
                t = int(clamp(round(lvl + rng.gauss(0, 0.5)), 1, 4))
                M[s] = {}
                unseen = (not iscat) and it in ("Assessing capabilities", "Anticipating") and rng.random() < 0.35
                for r in R:
                    if unseen and rng.random() < 0.7 or rng.random() < 0.03:
                        M[s][r] = None
                    else:
                        M[s][r] = str(near(range(1, 5), t - 1, 0.35))
                cells = []
                for r in R:
                    v = M[s][r]
                    if v is None:
                        cells.append("not observed" if r == "Rater 2" else "N/O")
                    else:
                        cells.append(lab[v] if r == "Rater 2" else int(v))
                rows.append([sc if firstrow else "", it if iscat else "   " + it] + cells + [t])
                firstrow = False
    xl("ants_simulation_ratings.xlsx", [("ANTS", rows)])
    rd = rdi(S, R, M)
    NO = [["%s | %s" % s, r, "N/O"] for s in S for r in R if M[s][r] is None]
    add("ants_simulation_ratings.xlsx", k, "import", rd,
        "a simulation centre's ANTS (Anaesthetists' Non-Technical Skills) calibration: four raters (one a "
        "trainee) watch four recorded crisis scenarios and rate each of the 4 categories (rows in capitals, "
        "'TASK MANAGEMENT') and 15 elements (indented rows beneath them) on the 1-4 scale (4 Good, 3 "
        "Acceptable, 2 Marginal, 1 Poor); the category rows hold the raters' category ratings (items too); the "
        "scenario is written on its first row only (fill-down); Rater 2 writes the labels 'Good' .. 'Poor' "
        "(the same ratings); 'N/O' / 'not observed' = the behaviour was not seen: no rating (as a category "
        "acceptable only if said); subject = scenario + category / element; the expert's column is the "
        "reference; reading only the element rows (the categories left out) is acceptable too",
        keywords=[r"n/o", r"not observed", r"expert", r"reference"],
        aliases=dict({v: [lb] for v, lb in lab.items()}, **{"N/O": ["not observed"]}),
        alts=[alt([x for x in rd if tuple(x[0].split(" | ")) not in CAT], label="elements only"),
              alt(rd + NO, must_note=True, label="'N/O' as a category")])


# ================================================================== E. industry QA
def g_industry():
    k = "industry-qa"
    # 26 ITGC deficiency evaluation workpaper: title block, exceptions '2/25', abbreviations, tickmark legend
    lv = ["No deficiency", "Control deficiency", "Significant deficiency", "Material weakness"]
    ab = dict(zip(lv, ["ND", "CD", "SD", "MW"]))
    R = ["Auditor A (KM)", "Auditor B (RS)", "Auditor C (JT - manager)"]
    areas = [("AC", "Access to programs and data"), ("CM", "Program change management"), ("OP", "Computer operations"),
             ("PD", "Program development")]
    descs = {"AC": ["User access reviews performed quarterly", "Leavers removed within 5 working days",
                    "Privileged access restricted to named administrators", "Password parameters enforced",
                    "Generic accounts disabled", "Segregation of duties in ERP roles"],
             "CM": ["Changes approved before migration", "Developers have no access to production",
                    "Emergency changes reviewed retrospectively", "Testing evidenced before release"],
             "OP": ["Backup failures followed up", "Batch job failures resolved and logged",
                    "Restore tests performed annually"],
             "PD": ["Data migration reconciled", "Go-live approved by business owner"]}
    S, M = [], {}
    rows = [["Client: Harbourline Logistics plc", "", "FY2024 - ITGC testing - deficiency evaluation"],
            ["Prepared by: KM 14/01/2025", "", "Reviewed by: JT 20/01/2025"], ["WP ref: 4.3.2"], [],
            ["Ref", "Control ID", "Area", "Control description", "Sample size", "Exceptions (n/sample)"] + R +
            ["Agreed classification", "Reported to Audit Committee?"]]
    n = 0
    for a, an in areas:
        for j, d in enumerate(descs[a]):
            if rng.random() < 0.15:
                continue
            n += 1
            cid = "ITGC-%s-%02d" % (a, j + 1)
            S.append(cid)
            samp = rng.choice([25, 25, 40, 60, 1])
            exc = 1 if samp == 1 else rng.choice([1, 1, 2, 2, 3, 5])
            t = clamp(rng.choices(range(4), [20, 45, 28, 7])[0] + (1 if exc >= 3 else 0), 0, 3)
            M[cid] = {r: near(lv, t, 0.3) for r in R}
            agreed = lv[t]
            rows.append(["4.3.2.%d" % n, cid, an, d, samp, "%d/%d" % (exc, samp),
                         M[cid][R[0]], ab[M[cid][R[1]]], M[cid][R[2]], agreed,
                         "Yes" if t >= 2 else "No"])
    rows += [[], ["Tickmarks: \u2713 agreed to source without exception; \u03a3 footed; ^ inspected; "
                  "CD = control deficiency, SD = significant deficiency, MW = material weakness, ND = no deficiency"]]
    xl("itgc_deficiency_evaluation.xlsx", [("4.3.2 Deficiency eval", rows)])
    add("itgc_deficiency_evaluation.xlsx", k, "import", reading(S, R, M),
        "an external audit workpaper evaluating IT general control exceptions: a title block (client, preparer "
        "and reviewer with initials and dates, workpaper reference) and a blank row above the header; three "
        "auditors independently classify each control with exceptions as No deficiency / Control deficiency / "
        "Significant deficiency / Material weakness (ordered); Auditor B (RS) writes the abbreviations ND / "
        "CD / SD / MW that the footer's tickmark legend explains (the same classes); subject = Control ID "
        "('ITGC-AC-03'); the exceptions '2/25' (exceptions out of the sample: not a date, not a fraction to "
        "compute with) and the sample size describe the test; the agreed classification is the reference and "
        "'Reported to Audit Committee?' follows from it",
        keywords=[r"agreed", r"reported", r"exceptions", r"sample", r"tickmark"],
        aliases={v: [ab[v]] for v in lv})

    # 27 QIM (quality index method) for cod: three header rows (group, attribute, demerit range)
    attrs = [("General appearance", "Skin", 1), ("General appearance", "Stiffness", 2), ("Eyes", "Cornea", 2),
             ("Eyes", "Form", 2), ("Eyes", "Colour of pupil", 2), ("Gills", "Colour", 2), ("Gills", "Mucus", 2),
             ("Gills", "Smell", 3), ("Abdomen", "Blood", 2), ("Fillets", "Colour", 2)]
    names = ["%s: %s" % (g, a) if a == "Colour" else a for g, a, _ in attrs]
    R = ["A%d" % i for i in range(1, 7)]
    fish = []
    for d in (0, 3, 6, 9, 12, 15):
        for j in range(3):
            fish.append(("F%02d" % (len(fish) + 1), d))
    S, M = [], {}
    h1, h2, h3 = ["", "", ""], ["Fish", "Storage day", "Assessor"], ["", "", ""]
    prev = None
    for (g, a, mx), nm in zip(attrs, names):
        h1.append(g if g != prev else "")
        prev = g
        h2.append(a)
        h3.append("0-%d" % mx)
    h1 += [""]
    h2 += ["Quality Index"]
    h3 += ["0-20"]
    recs = []
    for f, d in fish:
        for (g, a, mx), nm in zip(attrs, names):
            s = (f, nm)
            S.append(s)
            M[s] = {}
        for r in R:
            row = [f, d, r]
            tot = 0
            for (g, a, mx), nm in zip(attrs, names):
                t = mx * d / 15.0
                x = int(clamp(round(t + rng.gauss(0, 0.45)), 0, mx))
                M[(f, nm)][r] = str(x)
                row.append(x)
                tot += x
            recs.append(row + [tot])
    write_txt("qim_cod_freshness_panel.csv", [h1, h2, h3] + recs)
    add("qim_cod_freshness_panel.csv", k, "import", rdi(S, R, M),
        "a Quality Index Method (QIM) panel for whole cod in ice: six trained assessors (A1-A6) score 18 fish "
        "(three per storage day 0-15) on ten attributes with demerit points; the CSV has three header rows: the "
        "attribute group (General appearance, Eyes, Gills, Abdomen, Fillets; written once over its attributes), "
        "the attribute (Skin, Stiffness, Cornea .., 'Colour' twice: gills and fillets) and the demerit range "
        "('0-1', '0-2', '0-3': not dates, not data); one row per fish and assessor; subject = fish + attribute, "
        "rater = Assessor, ratings the demerit points 0-3; the Quality Index (0-20) is their sum (derived); the "
        "storage day describes the fish",
        keywords=[r"quality index", r"storage", r"0-2", r"header"])

    # 28 wafer map failure patterns: wafers restart per lot, an automatic ADC class, spellings by two engineers
    pats = ["Center", "Donut", "Edge-Loc", "Edge-Ring", "Loc", "Near-full", "Random", "Scratch", "none"]
    sp = {"Eng_SP": {"Edge-Loc": "EdgeLoc", "Edge-Ring": "EdgeRing", "Near-full": "NearFull", "none": "None"},
          "Eng_TW": {p: p.lower() for p in pats}}
    R = ["Eng_JL", "Eng_MK", "Eng_SP", "Eng_TW"]
    lots = ["L25%04d" % x for x in sorted(rng.sample(range(1000, 9999), 4))]
    S, M = [], {}
    rows = [["Lot", "Wafer", "Test program", "Yield %", "ADC class (auto)"] + R + ["Final disposition"]]
    conf = {"Edge-Loc": ["Edge-Ring", "Loc"], "Edge-Ring": ["Edge-Loc"], "Loc": ["Edge-Loc", "Center", "Random"],
            "Center": ["Loc", "Donut"], "Donut": ["Center", "Loc"], "Random": ["Near-full", "Loc"],
            "Near-full": ["Random"], "Scratch": ["Loc", "Random"], "none": ["Random", "Loc"]}
    for lot in lots:
        for w in range(1, 9):
            s = (lot, "W%02d" % w)
            S.append(s)
            t = rng.choices(pats, [10, 5, 14, 12, 14, 3, 8, 8, 26])[0]
            M[s] = {r: t if rng.random() < 0.75 else rng.choice(conf[t]) for r in R}
            y = {"none": 94, "Near-full": 12, "Random": 60}.get(t, 80) + rng.uniform(-6, 4)
            adc = t if rng.random() < 0.6 else rng.choice(conf[t])
            rows.append([lot, "W%02d" % w, "TP-A7X3 rev 4", "%.1f" % clamp(y, 1, 99.5), adc] +
                        [sp.get(r, {}).get(M[s][r], M[s][r]) for r in R] +
                        ["Scrap" if t == "Near-full" else "Hold" if t in ("Scratch", "Edge-Ring") else "Release"])
    write_txt("wafer_map_pattern_review.csv", rows)
    add("wafer_map_pattern_review.csv", k, "import", rdi(S, R, M),
        "a fab's wafer map review: four yield engineers classify the failure pattern of 32 wafer bin maps into "
        "the WM-811K classes Center / Donut / Edge-Loc / Edge-Ring / Loc / Near-full / Random / Scratch / none "
        "('none' = no pattern: a category); Eng_SP writes 'EdgeRing', 'EdgeLoc', 'NearFull', 'None', Eng_TW "
        "everything in lower case (the same classes); wafer numbers W01-W08 restart in every lot, so subject = "
        "Lot + Wafer; the ADC class is the automatic defect classifier's call (a machine, not a rater), the "
        "final disposition (Scrap / Hold / Release) a decision, yield % and test program describe the wafer",
        keywords=[r"adc", r"auto", r"disposition", r"yield"], fold=True,
        aliases={"Edge-Loc": ["EdgeLoc"], "Edge-Ring": ["EdgeRing"], "Near-full": ["NearFull"]})

    # 29 parenteral visual inspection qualification: badge numbers as rater names, 'R-MA' by one inspector
    lv = ["Accept", "Reject - Minor", "Reject - Major", "Reject - Critical"]
    ab = dict(zip(lv, ["A", "R-MI", "R-MA", "R-CR"]))
    R = ["00417", "00562", "01208", "00093"]
    defects = [("none", 0)] * 24 + [("Glass particle", 3), ("Fibre", 2), ("Cosmetic scratch", 1), ("Crack at neck", 3),
                                    ("Missing stopper", 3), ("Crimp defect", 2), ("Fill volume low", 2),
                                    ("Cap colour wrong", 1), ("Metal particle", 3), ("Label smudge", 1),
                                    ("Hair", 2), ("Cosmetic scuff", 1), ("Stopper misaligned", 2),
                                    ("Glass particle", 3), ("Fibre", 2), ("Bubble in glass", 1)]
    rng.shuffle(defects)
    S, M = [], {}
    rows = [["Kit ID", "Vial", "Tray / pos."] + R + ["Kit reference defect", "Kit reference class"]]
    for i, (d, t) in enumerate(defects):
        v = "V%02d" % (i + 1)
        S.append(v)
        M[v] = {}
        for r in R:
            if t == 0:
                x = 0 if rng.random() < 0.93 else 1
            else:
                x = t if rng.random() < 0.75 else (0 if rng.random() < 0.5 else clamp(t + rng.choice([-1, 1]), 1, 3))
            M[v][r] = lv[x]
        rows.append(["DK-24-017", v, "%s-%02d" % ("ABCD"[i // 10], i % 10 + 1)] +
                    [ab[M[v][r]] if r == "01208" else M[v][r] for r in R] +
                    ["" if d == "none" else d, lv[t]])
    write_txt("vial_inspection_qualification.csv", rows)
    add("vial_inspection_qualification.csv", k, "import", reading(S, R, M),
        "a manual visual inspection qualification for parenteral vials: four inspectors, named in the header "
        "only by their badge numbers with leading zeros ('00417', '00093': rater names, not numbers), inspect "
        "the same 40-vial defect kit (24 good vials, 16 with seeded defects) and call each vial Accept / Reject - "
        "Minor / Reject - Major / Reject - Critical; inspector 01208 writes the short codes A / R-MI / R-MA / "
        "R-CR (the same calls); subject = Vial (V01-V40; the Kit ID is the same on every row, the tray position "
        "'B-07' locates the vial); the kit's reference defect and class are the known truth, not a rater",
        keywords=[r"kit reference", r"reference", r"tray"],
        aliases={v: [ab[v]] for v in lv})

    # 30 grey-scale colour fastness grades '4-5' / '4/5' / '4.5' beside a spectrophotometer grade
    lv = ["1", "1-2", "2", "2-3", "3", "3-4", "4", "4-5", "5"]
    S = ["WF-%04d" % x for x in sorted(rng.sample(range(1, 9999), 26))]
    R = ["Technician 1", "Technician 2", "Technician 3"]
    M = ordmat(S, R, lv, [2, 3, 6, 9, 14, 20, 20, 16, 10], p_off=0.45)
    rows = [["Specimen", "Fabric", "Dyestuff", "Test", "Technician 1", "Technician 2", "Technician 3",
             "Spectro grade (ISO 105-A05)", "Delta E (CIELAB)"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        sp_ = near(lv, t, 0.4)
        rows.append([s, rng.choice(["Cotton poplin", "Viscose jersey", "Polyester/cotton 65/35", "Wool serge"]),
                     rng.choice(["Reactive Red 195", "Direct Blue 71", "Vat Green 1", "Disperse Yellow 54",
                                 "Sulphur Black 1"]), "ISO 105-C06 A2S (40 \u00b0C)", M[s]["Technician 1"],
                     M[s]["Technician 2"].replace("-", "/"), M[s]["Technician 3"].replace("-", ".").replace(
                         "1.2", "1.5").replace("2.3", "2.5").replace("3.4", "3.5").replace("4.5", "4.5"),
                     sp_, "%.2f" % (0.4 + (8 - lv.index(sp_)) * 0.55 + rng.uniform(-0.2, 0.2))])
    write_txt("colour_fastness_grey_scale.csv", rows)
    al = {}
    for v in lv:
        if "-" in v:
            a = int(v[0])
            al[v] = [v.replace("-", "/"), "%d.5" % a]
    add("colour_fastness_grey_scale.csv", k, "import", reading(S, R, M),
        "a textile lab's colour fastness to washing (ISO 105-C06): three technicians assess the colour change "
        "of 26 washed specimens against the grey scale for colour change, grades 1, 1-2, 2, 2-3, 3, 3-4, 4, "
        "4-5, 5 (nine ordered grades; '4-5' is a half grade, not a range or a date); Technician 2 writes "
        "half grades '4/5', Technician 3 '4.5' (the same grades); subject = Specimen; the spectrophotometer "
        "grade (ISO 105-A05, an instrument) and its Delta E are measurements, not raters; fabric, dyestuff and "
        "test describe the specimen",
        keywords=[r"spectro", r"delta e", r"instrument", r"dyestuff"], aliases=al)


# ================================================================== F. field science and public bodies
def write_dbf(name, fields, records, deleted=(), enc="cp1252"):
    """a dBase III table: fields [(name, type, length, decimals)], records [[value, ..]], deleted: record indexes."""
    n = len(records)
    hlen = 32 + 32 * len(fields) + 1
    rlen = 1 + sum(f[2] for f in fields)
    out = bytearray(struct.pack("<BBBBIHH", 0x03, 125, 3, 14, n, hlen, rlen))
    out += bytes(17) + bytes([0x57]) + bytes(2)
    for fn, ft, fl, fd in fields:
        out += fn.encode("ascii").ljust(11, b"\0") + ft.encode("ascii") + bytes(4) + bytes([fl, fd]) + bytes(14)
    out += b"\r"
    for i, rec in enumerate(records):
        out += b"*" if i in deleted else b" "
        for (fn, ft, fl, fd), v in zip(fields, rec):
            if ft == "N":
                s = ("" if v is None else ("%.*f" % (fd, v) if fd else "%d" % v)).rjust(fl)
            else:
                s = ("" if v is None else str(v)).ljust(fl)
            b = s.encode(enc)
            assert len(b) == fl, (fn, s)
            out += b
    out += b"\x1a"
    with open(P(name), "wb") as f:
        f.write(bytes(out))


def g_field():
    k = "field-public"
    # 31 ArcGIS Survey123 export: Creator is the surveyor, Editor the GIS officer, choice names as values
    cover = ["absent", "lt1", "1_5", "5_25", "25_50", "gt50"]
    users = ["jbrown_wcc", "tpatel_wcc", "mnowak_wcc", "skhan_wcc"]
    plots = ["KW-%03d" % x for x in sorted(rng.sample(range(1, 300), 20))]
    M, recs = {}, []
    oid = 0
    for i, p in enumerate(plots):
        t = rng.choices(range(6), [12, 15, 20, 25, 16, 12])[0]
        lon, lat = round(rng.uniform(-2.35, -2.05), 6), round(rng.uniform(52.15, 52.42), 6)
        M[p] = {u: None for u in users}
        for u in [users[i % 4]] + rng.sample([x for x in users if x != users[i % 4]], 2):
            v = near(cover, t, 0.35)
            M[p][u] = v
            made = dt.datetime(2025, 6, 2, 8) + dt.timedelta(days=rng.randint(0, 20), minutes=rng.randint(0, 600))
            edited = rng.random() < 0.2
            recs.append([None, guid(), p, made.strftime("%m/%d/%Y"), v,
                         rng.choice(["high", "high", "medium", "low"]), rng.choice(["yes", "yes", "no"]),
                         rng.choice(["", "", "", "", "stand along ditch", "treated 2023?", "cattle grazing, access "
                                     "poor", "mixed with bramble"]),
                         made.strftime("%m/%d/%Y %I:%M:%S %p"), u,
                         (made + dt.timedelta(days=rng.randint(3, 30))).strftime("%m/%d/%Y %I:%M:%S %p") if edited
                         else made.strftime("%m/%d/%Y %I:%M:%S %p"), "gis_admin_wcc" if edited else u, lon, lat])
    recs.sort(key=lambda x: dt.datetime.strptime(x[8], "%m/%d/%Y %I:%M:%S %p"))
    for x in recs:
        oid += 1
        x[0] = oid
    write_txt("survey123_knotweed_plots.csv",
              [["ObjectID", "GlobalID", "plot_id", "survey_date", "cover_class", "confidence", "photo_taken", "notes",
                "CreationDate", "Creator", "EditDate", "Editor", "x", "y"]] + recs, bom=True)
    add("survey123_knotweed_plots.csv", k, "import", reading(plots, users, M),
        "an ArcGIS Survey123 CSV export (UTF-8 with BOM) of a Japanese knotweed survey: four surveyors each "
        "visit 15 of 20 plots (3 per plot, an incomplete design) and record the cover class as the form's "
        "choice names: absent, lt1 (< 1 %), 1_5, 5_25, 25_50, gt50 (ordered classes, not numbers); subject = "
        "plot_id, rater = Creator (the surveyor's ArcGIS account); Editor is the GIS officer who later edited "
        "some records (not the rater; for unedited records it repeats the Creator); ObjectID and GlobalID "
        "('{8F2B..}') are record ids, CreationDate / EditDate US-style times, x / y the location; confidence is "
        "the surveyor's own certainty, photo_taken and notes are not ratings",
        keywords=[r"editor", r"creator", r"confidence", r"objectid", r"globalid"])

    # 32 bat call identifications: codes, Kaleidoscope codes and Latin names
    sp = [("Ppip", "PIPPIP", "Pipistrellus pipistrellus"), ("Ppyg", "PIPPYG", "Pipistrellus pygmaeus"),
          ("Pnat", "PIPNAT", "Pipistrellus nathusii"), ("Nnoc", "NYCNOC", "Nyctalus noctula"),
          ("Eser", "EPTSER", "Eptesicus serotinus"), ("Myotis sp.", "MYOSP", "Myotis spp."),
          ("Plecotus sp.", "PLESP", "Plecotus spp."), ("Noise", "NOISE", "Noise (no bat call)")]
    conf = {"Ppip": ["Ppyg"], "Ppyg": ["Ppip"], "Pnat": ["Ppip", "Ppyg"], "Nnoc": ["Eser"], "Eser": ["Nnoc"],
            "Myotis sp.": ["Plecotus sp.", "Noise"], "Plecotus sp.": ["Myotis sp."], "Noise": ["Myotis sp."]}
    code2 = {a: b for a, b, _ in sp}
    latin = {a: c for a, _, c in sp}
    R = ["Ecologist 1", "Ecologist 2", "Ecologist 3"]
    M = {}
    rows = [["File", "Detector", "Night", "Time", "Kaleidoscope auto ID", "Margin", "Ecologist 1", "Ecologist 2",
             "Ecologist 3", "Notes"]]
    files = []
    for i in range(30):
        det = rng.choice(["SM4BAT-01", "SM4BAT-02", "AudioMoth-07"])
        night = dt.datetime(2024, 6, rng.randint(3, 28), rng.choice([21, 22, 23, 0, 1, 2, 3]), rng.randint(0, 59),
                            rng.randint(0, 59))
        f = "%s_%s.wav" % (det.replace("-", ""), night.strftime("%Y%m%d_%H%M%S"))
        files.append(f)
        t = rng.choices([a for a, _, _ in sp], [35, 20, 5, 10, 6, 10, 4, 10])[0]
        M[f] = {r: t if rng.random() < 0.78 else rng.choice(conf[t]) for r in R}
        auto = t if rng.random() < 0.6 else rng.choice(conf[t])
        rows.append([f, det, night.strftime("%d/%m/%Y"), night.strftime("%H:%M:%S"),
                     code2[auto] if auto != "Noise" else "NoID", "%.3f" % rng.uniform(0.05, 1.2),
                     M[f][R[0]], code2[M[f][R[1]]], latin[M[f][R[2]]],
                     rng.choice(["", "", "", "social calls", "feeding buzz", "two bats?", "faint"])])
    write_txt("bat_sonogram_id_check.csv", rows)
    add("bat_sonogram_id_check.csv", k, "import", reading(files, R, M),
        "an ecological consultancy's check of bat call identifications from static detectors: three ecologists "
        "identify the same 30 recordings from their sonograms; Ecologist 1 writes short species codes ('Ppip', "
        "'Nnoc', 'Myotis sp.'), Ecologist 2 the Kaleidoscope six-letter codes ('PIPPIP', 'NYCNOC', 'MYOSP'), "
        "Ecologist 3 the Latin names ('Pipistrellus pipistrellus', 'Myotis spp.'): the same eight categories "
        "('Noise' = no bat call, a category); subject = File (a .wav name holding the detector, date and time); "
        "the Kaleidoscope auto ID (software) and its margin are not raters, detector, night, time and notes "
        "describe the recording",
        keywords=[r"auto id", r"kaleidoscope", r"margin", r"detector"],
        aliases={a: [b, c] for a, b, c in sp})

    # 33 macroseismic intensities (MSK-64) in Russian KOI8-R: '5-6', 'V-VI', '5,5'
    lv = ["не ощущалось", "2", "3", "3-4", "4", "4-5", "5", "5-6", "6", "6-7", "7"]
    rom = {"2": "II", "3": "III", "4": "IV", "5": "V", "6": "VI", "7": "VII"}

    def roman(v):
        return "-".join(rom[x] for x in v.split("-")) if v[0].isdigit() else v

    def comma(v):
        return "%s,5" % v[0] if "-" in v else v
    places = ["Каракол", "Тюп", "Ананьево", "Чолпон-Ата", "Бостери", "Боконбаево", "Кызыл-Суу", "Покровка",
              "Кольцовка", "Тамга", "Барскоон", "Сары-Камыш", "Липенка", "Григорьевка", "Семёновка", "Тору-Айгыр",
              "Балыкчы", "Кочкор", "Теплоключенка", "Жергалан", "Саруу", "Орловка"]
    S = places
    R = ["Эксперт 1", "Эксперт 2", "Эксперт 3"]
    M = {}
    rows = [["Землетрясение 12.03.2025 04:17 UTC, M 4,8 - макросейсмическое обследование (шкала MSK-64)"],
            ["Населённый пункт", "Район", "Эпицентр. расст., км", "Кол-во анкет", "Эксперт 1", "Эксперт 2",
             "Эксперт 3", "Принятая интенсивность"]]
    for p in S:
        dkm = rng.uniform(3, 85)
        t = clamp(int(round(10.8 - 1.5 * (dkm ** 0.45))), 0, 10)
        M[p] = {r: near(lv, t, 0.4) for r in R}
        rows.append([p, rng.choice(["Ак-Суйский", "Джети-Огузский", "Тонский", "Иссык-Кульский"]), dec(dkm),
                     rng.randint(2, 48), M[p][R[0]], roman(M[p][R[1]]), comma(M[p][R[2]]), lv[t]])
    write_txt("makroseismika_msk64_koi8r.csv", rows, delim=";", enc="koi8_r")
    al = {}
    for v in lv:
        xs = [x for x in (roman(v), comma(v)) if x != v]
        if xs:
            al[v] = uniq(xs)
    add("makroseismika_msk64_koi8r.csv", k, "import", reading(S, R, M),
        "a macroseismic survey after an earthquake in Kyrgyzstan, in Russian and KOI8-R (';'-separated, decimal "
        "commas in the distances, a title line): three seismologists assign each settlement an MSK-64 intensity "
        "from the questionnaires: 'не ощущалось' (not felt: a category), 2 .. 7 and the intermediate degrees "
        "'3-4', '4-5', '5-6', '6-7' (ordered categories, not ranges or dates); Эксперт 2 writes Roman numerals "
        "('V-VI'), Эксперт 3 the intermediate degrees as '5,5' (the same intensities); subject = Населённый "
        "пункт (settlement); the accepted intensity (Принятая интенсивность) is the reference; district, "
        "epicentral distance (km) and number of questionnaires (Кол-во анкет) describe the settlement",
        keywords=[r"принятая", r"анкет", r"расст", r"район"], aliases=al)

    # 34 HHSRS hazard assessments: likelihood '1 in 180', spread of harm, score and band per officer
    Ls = [5600, 3200, 1800, 1000, 560, 320, 180, 100, 56, 32, 18, 10, 6, 3, 2, 1]
    sprd = [0.1, 0.2, 0.5, 1.0, 2.2, 4.6, 10.0, 21.5, 46.4]
    hazards = ["Damp and mould growth", "Excess cold", "Falls on stairs etc", "Fire", "Electrical hazards",
               "Falls on level surfaces"]
    props = [("INS-25-%03d" % x) for x in sorted(rng.sample(range(1, 400), 8))]
    addr = ["%d %s" % (rng.randint(1, 140), rng.choice(["Gladstone St", "Victoria Terrace", "Mill Lane", "Park Rd",
                                                        "Albert Grove", "Canal Side", "Church View", "Hope St"]))
            for _ in props]
    R = ["EHO 1 (JS)", "EHO 2 (AK)", "EHO 3 (RM)", "EHO 4 (trainee)"]

    def band(x):
        for b, lo in (("A", 5000), ("B", 2000), ("C", 1000), ("D", 500), ("E", 200), ("F", 100), ("G", 50),
                      ("H", 20), ("I", 10)):
            if x >= lo:
                return b
        return "J"
    S, M, SC = [], {}, {}
    recs = []
    for p, a in zip(props, addr):
        for hz in rng.sample(hazards, 4):
            s = (p, hz)
            S.append(s)
            M[s], SC[s] = {}, {}
            li = rng.randint(4, 12)
            c1, c2, c3 = rng.randint(0, 3), rng.randint(2, 5), rng.randint(4, 7)
            for r in R:
                L = Ls[clamp(li + rng.choice([-1, 0, 0, 0, 1]), 0, 15)]
                p1 = sprd[clamp(c1 + rng.choice([-1, 0, 0, 1]), 0, 8)]
                p2 = sprd[clamp(c2 + rng.choice([-1, 0, 0, 1]), 0, 8)]
                p3 = sprd[clamp(c3 + rng.choice([-1, 0, 0, 1]), 0, 8)]
                p4 = round(100 - p1 - p2 - p3, 1)
                score = (10000 * p1 + 1000 * p2 + 300 * p3 + 10 * p4) / L
                b = band(score)
                M[s][r] = b
                SC[s][r] = "%.1f" % score
                recs.append([p, a, hz, r, "1 in %d" % L, p1, p2, p3, p4, round(score, 1), b,
                             "Cat 1" if b in "ABC" else "Cat 2"])
    recs.sort(key=lambda x: (x[0], x[2], x[3]))
    xl("hhsrs_consistency_exercise.xlsx",
       [("Assessments", [["Inspection ref", "Address", "Hazard", "Officer", "Likelihood", "Class I %", "Class II %",
                          "Class III %", "Class IV %", "Score", "Band", "Category"]] + recs),
        ("Weightings", [["Class of harm", "Weighting"], ["I", 10000], ["II", 1000], ["III", 300], ["IV", 10], [],
                        ["Bands: A >= 5000, B 2000-4999, C 1000-1999, D 500-999, E 200-499, F 100-199, G 50-99, "
                         "H 20-49, I 10-19, J <= 9; Category 1 = bands A-C"]])])
    add("hhsrs_consistency_exercise.xlsx", k, "import", rdi(S, R, M),
        "a council's Housing Health and Safety Rating System consistency exercise: four environmental health "
        "officers assess the same hazards (4 of 6) in eight inspected dwellings; long: one row per property, "
        "hazard and officer; each officer judges the likelihood ('1 in 180', text) and the spread of harm over "
        "classes I-IV (%), the score follows from them by the weightings on the second sheet, and the hazard "
        "band A-J (A worst, ordered) from the score; subject = Inspection ref + Hazard, rater = Officer, rating "
        "= Band (reading each officer's Score as a continuous rating instead is acceptable); Category (Cat 1 = "
        "bands A-C) is derived; the address describes the property",
        keywords=[r"score", r"category", r"likelihood", r"class i", r"weighting"],
        alts=[alt(rdi(S, R, SC), label="the score as a continuous rating")])

    # 35 police crime data integrity audit: CAD numbers holding dates, long, one auditor's abbreviations
    lv = ["Correct - crime recorded", "Correct - no crime", "Under-recorded", "Misclassified"]
    ab = dict(zip(lv, ["C", "C-NC", "UR", "MC"]))
    R = ["Auditor 1", "Auditor 2", "Auditor 3"]
    calls = ["Domestic", "ASB", "Concern for safety", "Theft", "Suspicious circumstances", "Assault", "Harassment"]
    S, M, recs = [], {}, []
    used = set()
    for i in range(30):
        d = dt.date(2025, 3, 1) + dt.timedelta(days=rng.randint(0, 30))
        while True:
            cad = "CAD %04d %s" % (rng.randint(1, 1800), d.strftime("%d/%m/%y"))
            if cad not in used:
                used.add(cad)
                break
        S.append(cad)
        t = rng.choices(range(4), [45, 25, 20, 10])[0]
        ct = rng.choice(calls)
        opened = dt.datetime(d.year, d.month, d.day, rng.randint(0, 23), rng.randint(0, 59))
        M[cad] = {}
        for r in R:
            v = lv[t] if rng.random() < 0.78 else rng.choice([x for x in lv if x != lv[t]])
            M[cad][r] = v
            recs.append(["CDI-2503-%02d" % (i + 1), cad, opened.strftime("%d/%m/%Y %H:%M"), ct, r,
                         ab[v] if r == "Auditor 3" else v,
                         rng.choice(["8N Harassment", "8L Stalking", "105A Assault without injury",
                                     "49 Theft other", "N100 (crime-related incident)", "none"]),
                         rng.choice(["", "", "", "victim account on log supports crime", "no NCRS reason given",
                                     "THRIVE not completed", "should be 8N"])])
    recs.sort(key=lambda x: (x[4], x[0]))
    write_txt("crime_data_integrity_audit.csv",
              [["Audit ref", "Incident (CAD)", "Opened", "Call type", "Auditor", "Audit outcome",
                "HOCR classification (as recorded)", "Comments"]] + recs)
    add("crime_data_integrity_audit.csv", k, "import", reading(S, R, M),
        "a police force's crime data integrity audit, long (one row per incident and auditor, sorted by "
        "auditor): three auditors review the same 30 incident logs against the crime recording rules and decide "
        "Correct - crime recorded / Correct - no crime / Under-recorded / Misclassified; Auditor 3 writes the "
        "audit team's short codes C / C-NC / UR / MC (the same outcomes); subject = Incident (CAD) ('CAD 0417 "
        "12/03/25': the log number with its date, an id; or the Audit ref), rater = Auditor; the HOCR "
        "classification is what the force recorded (the same on each auditor's row, not a rating), opening time, "
        "call type and comments describe the incident",
        keywords=[r"hocr", r"call type", r"comments", r"opened"],
        aliases={v: [ab[v]] for v in lv})

    # 36 MASH threshold screening: 'Level 3 - Targeted', 'L3', 3
    lv = ["Level 1 - Universal", "Level 2 - Early help", "Level 3 - Targeted", "Level 4 - Specialist"]
    R = ["Screener SW1", "Screener SW2", "Screener SW3", "Early help coordinator"]
    S = ["MASH/25/%04d" % x for x in sorted(rng.sample(range(1, 3000), 28))]
    M = ordmat(S, R, lv, [15, 35, 30, 20], p_off=0.35)
    rows = [["Referral ID", "Referrer agency", "Age band", "Presenting concern"] + R +
            ["Practice lead decision", "Days to decision"]]
    conc = ["Neglect - home conditions", "Domestic abuse (police notification)", "School attendance",
            "Parental mental health", "Child missing episode", "Physical injury - unexplained bruise",
            "Substance misuse (parent)", "Online exploitation concern"]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["Police", "School", "Health visitor", "GP", "Anonymous", "Housing"]),
                     rng.choice(["0-4", "5-9", "10-15", "16-17"]), rng.choice(conc),
                     M[s][R[0]], "L%s" % M[s][R[1]][6], M[s][R[2]], int(M[s][R[3]][6]),
                     lv[t] if t < 3 else "Level 4 - Specialist (strategy discussion)", rng.randint(0, 3)])
    write_txt("mash_threshold_screening.csv", rows)
    add("mash_threshold_screening.csv", k, "import", reading(S, R, M),
        "a multi-agency safeguarding hub's threshold consistency check: three social work screeners and the "
        "early help coordinator each assign the same 28 anonymised referrals a level of need: Level 1 - "
        "Universal / Level 2 - Early help / Level 3 - Targeted / Level 4 - Specialist (ordered); SW1 and SW3 "
        "write the full level, SW2 'L3', the coordinator the number 3 (the same levels); subject = Referral ID "
        "('MASH/25/0412'); the practice lead's decision is the reference; the age band '5-9' (a range, not a "
        "date), referrer agency, presenting concern and days to decision describe the referral",
        keywords=[r"practice lead", r"decision", r"age band", r"referrer"],
        aliases={v: ["L%d" % (i + 1), str(i + 1)] for i, v in enumerate(lv)})

    # 37 iRAP road attribute coding with a code-list sheet: codes mean different things per attribute
    attrs = [("Curvature", ["Straight or gently curving", "Moderate", "Sharp", "Very sharp"], [55, 25, 15, 5]),
             ("Delineation", ["Adequate", "Poor"], [60, 40]),
             ("Roadside severity - driver-side distance", ["0 to <1 m", "1 to <5 m", "5 to <10 m", ">= 10 m"],
              [30, 40, 20, 10]),
             ("Paved shoulder - driver side", ["Wide (>= 2.4 m)", "Medium (1 to < 2.4 m)", "Narrow (0 to < 1 m)",
                                               "None"], [5, 15, 35, 45]),
             ("Intersection type", ["None", "Merge lane", "3-leg unsignalised", "4-leg unsignalised", "Roundabout"],
              [60, 5, 20, 10, 5])]
    segs = ["B4380-%03d" % (i + 120) for i in range(12)]
    R = ["Coder 1", "Coder 2", "Coder 3"]
    S, M = [], {}
    rows = [["Road", "Segment", "Start (km)", "Attribute", "Coder 1", "Coder 2", "Coder 3", "QA coder"]]
    for j, sg in enumerate(segs):
        for a, labels, w in attrs:
            s = (sg, a)
            S.append(s)
            t = rng.choices(range(len(labels)), w)[0]
            M[s] = {}
            for r in R:
                if a == "Intersection type":
                    c = t if rng.random() < 0.85 else rng.randrange(len(labels))
                else:
                    c = near(range(len(labels)), t, 0.3)
                M[s][r] = str(c + 1)
            rows.append(["B4380", sg, round(12.0 + 0.1 * j, 1), a] + [int(M[s][r]) for r in R] + [t + 1])
    codes = [["Attribute", "Code", "Category"]]
    for a, labels, _ in attrs:
        for i, lb in enumerate(labels):
            codes.append([a, i + 1, lb])
    xl("irap_coding_qa_b4380.xlsx", [("Coding", rows), ("Code list", codes)])
    add("irap_coding_qa_b4380.xlsx", k, "import", rdi(S, R, M),
        "a road assessment programme's coding quality check (iRAP method): three coders code five road "
        "attributes for each 100 m segment of a road from survey video, using numeric codes; the second sheet "
        "'Code list' gives each attribute's own codes (curvature 1 = straight or gently curving .. 4 = very "
        "sharp; delineation 1 = adequate, 2 = poor; intersection type 1 = none .. 5 = roundabout: the same "
        "code means a different category in each attribute, so the codes are categories per attribute, not "
        "numbers); long by attribute: one row per segment and attribute; subject = segment + attribute, raters "
        "= Coder 1-3; the QA coder's code is the reference; road and start (km, a decimal) locate the segment",
        keywords=[r"qa coder", r"code list", r"start", r"road"])

    # 38 a shapefile's dBase attribute table: habitat codes per surveyor, a deleted record (either)
    habs = [("A1.1.1", "Broadleaved woodland - semi-natural"), ("A1.1.2", "Broadleaved woodland - plantation"),
            ("A2.1", "Scrub - dense/continuous"), ("B2.2", "Neutral grassland - semi-improved"),
            ("B4", "Improved grassland"), ("B5", "Marsh/marshy grassland"), ("C1.1", "Bracken - continuous"),
            ("D1.1", "Dry dwarf shrub heath - acid"), ("J1.1", "Cultivated/disturbed land - arable")]
    hc = [h for h, _ in habs]
    conf = {"A1.1.1": ["A1.1.2", "A2.1"], "A1.1.2": ["A1.1.1"], "A2.1": ["A1.1.1", "C1.1"], "B2.2": ["B4", "B5"],
            "B4": ["B2.2"], "B5": ["B2.2"], "C1.1": ["D1.1", "A2.1"], "D1.1": ["C1.1"], "J1.1": ["B4"]}
    R = ["HAB_AHM", "HAB_KLN", "HAB_RSJ"]
    plots = ["P%03d" % i for i in range(1, 29)]
    M, recs = {}, []
    dup = rng.randrange(5, 25)
    for i, p in enumerate(plots):
        t = rng.choices(hc, [12, 8, 10, 18, 16, 8, 10, 8, 10])[0]
        M[p] = {r: t if rng.random() < 0.75 else rng.choice(conf[t]) for r in R}
        recs.append([p] + [M[p][r] for r in R] + [mode([M[p][r] for r in R]), round(rng.uniform(120, 9800), 1),
                                                   "202406%02d" % rng.randint(3, 27),
                                                   rng.choice(["", "", "", "grazed", "wet in NE corner",
                                                               "Pteridium invading", "fly-tipping near gate"])])
        if i == dup:
            ghost = [p] + [rng.choice(hc) for _ in R] + [recs[-1][4], recs[-1][5], recs[-1][6], "digitised twice"]
            recs.append(ghost)
    fields = [("PLOT_ID", "C", 8, 0), ("HAB_AHM", "C", 8, 0), ("HAB_KLN", "C", 8, 0), ("HAB_RSJ", "C", 8, 0),
              ("HAB_AGREED", "C", 8, 0), ("AREA_M2", "N", 10, 1), ("SURV_DATE", "D", 8, 0), ("NOTES", "C", 40, 0)]
    write_dbf("phase1_habitat_plots.dbf", fields, recs, deleted={dup + 1})
    add("phase1_habitat_plots.dbf", k, "either", reading(plots, R, M),
        "the attribute table (.dbf, dBase III, Windows-1252) of a shapefile of 28 vegetation survey plots: "
        "three ecologists each assign every plot a UK Phase 1 habitat code ('B2.2' neutral grassland - "
        "semi-improved, 'A1.1.1' broadleaved semi-natural woodland: codes with dots, categories, not numbers) "
        "in fields named by their initials (HAB_AHM, HAB_KLN, HAB_RSJ: the raters); HAB_AGREED is the agreed "
        "code (the reference); AREA_M2, SURV_DATE and NOTES describe the plot; one record is marked deleted "
        "(the '*' flag: a plot digitised twice) and is not data; subject = PLOT_ID; reading it is right, "
        "refusing a .dbf with a clear message is acceptable",
        keywords=[r"dbf", r"dbase", r"deleted", r"agreed"])


# ================================================================== G. social science, law and languages
def g_social():
    k = "social-law-language"
    # 39 ACLED-style event coding: event type and sub-event type per coder, long, sorted by coder
    types = [("Battles", ["Armed clash", "Government regains territory", "Non-state actor overtakes territory"]),
             ("Explosions/Remote violence", ["Air/drone strike", "Shelling/artillery/missile attack",
                                             "Remote explosive/landmine/IED"]),
             ("Violence against civilians", ["Attack", "Abduction/forced disappearance"]),
             ("Protests", ["Peaceful protest", "Protest with intervention", "Excessive force against protesters"]),
             ("Riots", ["Violent demonstration", "Mob violence"]),
             ("Strategic developments", ["Arrests", "Looting/property destruction", "Agreement"])]
    tn = [t for t, _ in types]
    subs = dict(types)
    R = ["coder_ke01", "coder_ke04", "coder_ug02"]
    src = ["Daily Nation", "The Standard", "Daily Monitor", "The Star (Kenya)", "Radio Dabanga", "Citizen Digital"]
    heads = {"Battles": ["Herders and militia exchange fire near %s", "Security forces retake village near %s"],
             "Explosions/Remote violence": ["IED hits patrol vehicle on road to %s", "Mortar shells land in %s market"],
             "Violence against civilians": ["Two killed as gunmen attack bus outside %s",
                                            "Abducted teacher found in %s"],
             "Protests": ["Students march on county offices in %s", "Residents protest land grab in %s",
                          "Police disperse traders in %s with tear gas"],
             "Riots": ["Boda boda riders torch police post in %s", "Mob attacks suspected thief in %s"],
             "Strategic developments": ["Local leaders sign peace deal in %s", "Police arrest 14 over cattle raids "
                                        "in %s", "Shops looted after curfew in %s"]}
    towns = ["Mandera", "Garissa", "Eldoret", "Kisumu", "Nakuru", "Moroto", "Gulu", "Lamu", "Marsabit", "Kitale"]
    admin = {"Mandera": "Mandera", "Garissa": "Garissa", "Eldoret": "Uasin Gishu", "Kisumu": "Kisumu",
             "Nakuru": "Nakuru", "Moroto": "Moroto", "Gulu": "Gulu", "Lamu": "Lamu", "Marsabit": "Marsabit",
             "Kitale": "Trans Nzoia"}
    S, M, recs = [], {}, []
    arts = ["ART-%05d" % x for x in sorted(rng.sample(range(10000, 99999), 20))]
    for a in arts:
        t = rng.choice(tn)
        st = rng.choice(subs[t])
        town = rng.choice(towns)
        h = rng.choice(heads[t]) % town
        pub = dt.date(2025, 2, 1) + dt.timedelta(days=rng.randint(0, 40))
        ev = pub - dt.timedelta(days=rng.choice([0, 1, 1, 2]))
        fat = rng.choice([0, 0, 0, 1, 2, 3, 5])
        s1, s2 = (a, "event_type"), (a, "sub_event_type")
        S += [s1, s2]
        M[s1], M[s2] = {}, {}
        for r in R:
            et = t if rng.random() < 0.82 else rng.choice(tn)
            se = st if et == t and rng.random() < 0.8 else rng.choice(subs[et])
            M[s1][r], M[s2][r] = et, se
            recs.append([a, rng.choice(src), pub.strftime("%d %B %Y"), h, r, ev.strftime("%d %B %Y"), et, se,
                         admin[town], fat, rng.choice(["", "", "", "casualty figure disputed", "date approximate",
                                                       "possible duplicate of earlier report"])])
    recs.sort(key=lambda x: (x[4], x[0]))
    write_txt("event_coding_double_entry.csv",
              [["article_id", "source", "pub_date", "headline", "coder", "event_date", "event_type",
                "sub_event_type", "admin1", "fatalities", "notes"]] + recs)
    add("event_coding_double_entry.csv", k, "import", rdi(S, R, M),
        "a political violence project's double coding exercise in the ACLED style, long (one row per news "
        "article and coder, sorted by coder): three coders code the same 20 articles with an event_type "
        "(Battles, Explosions/Remote violence, Violence against civilians, Protests, Riots, Strategic "
        "developments; the slash is part of the label) and a sub_event_type nested in it ('Air/drone strike', "
        "'Peaceful protest'): two ratings per row; subject = article_id + field, rater = coder; event_date, "
        "admin1 and fatalities are taken from the article (the same for every coder), source, publication date, "
        "headline and notes describe the article",
        keywords=[r"fatalities", r"admin1", r"headline", r"event_date"])

    # 40 constitution coding: '1. yes' vs '1', '97. unable to determine' = no rating
    opts = {"1": "1. yes", "2": "2. no", "90": "90. left explicitly to non-constitutional law", "96": "96. other",
            "97": "97. unable to determine", "98": "98. not specified"}
    qs = [("EMGEN", "Does the constitution provide for a state of emergency?"),
          ("JUDIND", "Does the constitution contain an explicit declaration regarding the independence of the "
                     "central judicial organ(s)?"),
          ("TERMLIM", "Does the constitution limit the number of terms for the Head of State?"),
          ("CENSOR", "Does the constitution prohibit censorship?"),
          ("OMBUDS", "Does the constitution provide for an ombudsman?"),
          ("REFEREN", "Does the constitution provide for referenda?"),
          ("DEATHPEN", "Does the constitution prohibit the death penalty?"),
          ("EQUALGR", "Does the constitution refer to equality before the law, the equal rights of men, or "
                      "non-discrimination?")]
    docs = [("Bolivia", 2009), ("Kenya", 2010), ("Tunisia", 2014), ("Nepal", 2015), ("Chile", 1980),
            ("Iceland", 1944)]
    R = ["Coder A", "Coder B"]
    S, M, U = [], {}, []
    rows = [["Country", "Year", "Document", "Variable", "Question", "Coder A", "Coder B", "Reconciled"]]
    for c, y in docs:
        for v, q in qs:
            s = ("%s %d" % (c, y), v)
            S.append(s)
            t = rng.choices(["1", "2", "90", "96", "98"], [50, 25, 5, 5, 15])[0]
            M[s] = {}
            for r in R:
                x = t if rng.random() < 0.8 else rng.choice(["1", "2", "98", "97"])
                M[s][r] = x
            rows.append([c, y, "Constitution of %s (%d)" % (c, y), v, q, opts[M[s]["Coder A"]], M[s]["Coder B"],
                         opts[t]])
            for r in R:
                if M[s][r] == "97":
                    U.append(s + (r,))
                    M[s][r] = None
    write_txt("constitution_coding_reconciliation.csv", rows)
    rd = rdi(S, R, M)
    add("constitution_coding_reconciliation.csv", k, "import", rd,
        "a comparative constitutions project's double coding sheet: two coders answer the same survey questions "
        "(variables EMGEN, JUDIND, TERMLIM ..) for six constitutions with the project's response codes: Coder A "
        "writes the code with its label ('1. yes', '98. not specified'), Coder B the code alone ('1', '98'): "
        "the same categories; '98. not specified' (the text is silent) and '90. left explicitly to "
        "non-constitutional law' are answers (categories); '97. unable to determine' = the coder could not "
        "decide: no rating (as a category acceptable only if said); subject = country + year + variable, raters "
        "= Coder A / Coder B; the Reconciled answer is the reference; document and question text describe the "
        "item", keywords=[r"reconciled", r"97", r"unable to determine", r"question"],
        aliases={c: [lb] for c, lb in opts.items()},
        alts=[alt(rd + [["%s | %s" % (a, b), r, "97"] for a, b, r in U], must_note=True,
                  label="97 as a category")])

    # 41 accentedness and comprehensibility in an R write.table file: quoted row names, NA
    L1 = ["Mandarin", "Spanish", "Arabic", "Korean"]
    spk = ["S%02d" % i for i in range(1, 17)]
    sl1 = {s: L1[i % 4] for i, s in enumerate(spk)}
    lis = ["L%02d" % i for i in range(1, 11)]
    S, M = [], {}
    lines = ['"listener" "speaker" "L1" "task" "accent" "comp" "rt_ms"']
    acc = {s: rng.uniform(2.5, 8) for s in spk}
    n = 0
    for s in spk:
        for sc in ("accent", "comp"):
            S.append((s, sc))
            M[(s, sc)] = {}
    for li in lis:
        sev = rng.uniform(-1, 1)
        for s in rng.sample(spk, len(spk)):
            n += 1
            a = int(clamp(round(acc[s] + sev + rng.gauss(0, 1.0)), 1, 9))
            c = int(clamp(round(acc[s] * 0.7 - 0.5 + sev + rng.gauss(0, 1.1)), 1, 9))
            na = rng.random() < 0.03
            M[(s, "accent")][li] = None if na else str(a)
            M[(s, "comp")][li] = None if na else str(c)
            lines.append('"%d" "%s" "%s" "%s" "picture" %s %s %d' % (n, li, s, sl1[s], "NA" if na else a,
                                                                    "NA" if na else c, rng.randint(1800, 9500)))
    write_txt("accent_comprehensibility_ratings.txt", text="\n".join(lines) + "\n")
    add("accent_comprehensibility_ratings.txt", k, "import", rdi(S, lis, M),
        "an L2 speech rating experiment saved with R's write.table() defaults: space-separated, strings in "
        "double quotes, row names as a first quoted column (\"1\", \"2\" ..) that has no header (the header has "
        "one field fewer than the rows); ten native listeners rate 16 learners' picture narrations for "
        "accentedness and comprehensibility on 9-point scales (1 = no accent / very easy to understand); one "
        "row per listener and speaker with both scales (two ratings per row); subject = speaker + scale, rater "
        "= listener; NA = no response (no rating); L1 describes the speaker, task is constant, rt_ms is the "
        "response time (not a rating); the row names are row numbers",
        keywords=[r"rt_ms", r"row names?", r"\bl1\b", r"task"])

    # 42 contract clause review: vertically merged contract cells, abbreviations by one reviewer
    clauses = [("Change of control", ["Yes", "No"], [40, 60]), ("Non-compete", ["Yes", "No"], [30, 70]),
               ("Governing law", ["England & Wales", "New York", "Delaware", "Not stated"], [35, 30, 25, 10]),
               ("Assignment", ["Freely assignable", "Consent required", "Prohibited"], [20, 60, 20]),
               ("Uncapped liability", ["Yes", "No"], [25, 75]), ("Termination for convenience", ["Yes", "No"],
                                                                 [45, 55])]
    abbr = {"Yes": "Y", "No": "N", "England & Wales": "E&W", "New York": "NY", "Delaware": "DE",
            "Not stated": "n/s", "Freely assignable": "Free", "Consent required": "Consent req'd",
            "Prohibited": "Prohib."}
    cons = [("EX-10.1 (8-K 2019-03-04) - Supply Agreement", "Norvale Foods Inc."),
            ("EX-10.3 (10-Q 2020-08-07) - Distribution Agreement", "Kestrel Logistics LLC"),
            ("EX-10.12 (S-1 2021-01-19) - Licence Agreement", "Brightwave Media Ltd"),
            ("EX-10.2 (8-K 2022-06-30) - Joint Venture Agreement", "Harbor Point Energy LP"),
            ("EX-10.7 (10-K 2023-02-28) - Services Agreement", "Atlas Clinical Research plc"),
            ("EX-10.4 (8-K 2023-11-15) - Manufacturing Agreement", "Orion Components GmbH"),
            ("EX-10.9 (10-Q 2024-05-03) - Reseller Agreement", "Sable Systems Inc."),
            ("EX-10.1 (8-K 2024-09-12) - Credit Agreement", "First Cumberland Bank NA")]
    R = ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    S, M = [], {}
    rows = [["Contract", "Counterparty", "Clause", "Reviewer 1", "Reviewer 2", "Reviewer 3", "Partner sign-off",
             "Comment"]]
    merges = []
    for cn, cp in cons:
        r0 = len(rows) + 1
        for j, (cl, labels, w) in enumerate(clauses):
            s = (cn, cl)
            S.append(s)
            t = rng.choices(range(len(labels)), w)[0]
            M[s] = {r: labels[t] if rng.random() < 0.8 else rng.choice(labels) for r in R}
            rows.append([cn if j == 0 else "", cp if j == 0 else "", cl] +
                        [abbr[M[s][r]] if r == "Reviewer 2" else M[s][r] for r in R] +
                        [labels[t], rng.choice(["", "", "", "see cl. 14.2", "carve-out for affiliates",
                                                "silent - check schedule 3"])])
        merges += ["A%d:A%d" % (r0, r0 + len(clauses) - 1), "B%d:B%d" % (r0, r0 + len(clauses) - 1)]
    xl("contract_clause_review.xlsx", [("Clause review", rows)], merges={"Clause review": merges})
    add("contract_clause_review.xlsx", k, "import", rdi(S, R, M),
        "a law firm's due diligence review: three reviewers each answer six clause questions for eight material "
        "contracts filed as exhibits ('EX-10.1 (8-K 2019-03-04) - Supply Agreement': an exhibit name holding a "
        "date); the contract and counterparty cells are merged vertically over the contract's six clause rows; "
        "each clause has its own answers (Yes / No; Governing law England & Wales / New York / Delaware / Not "
        "stated; Assignment Freely assignable / Consent required / Prohibited); Reviewer 2 writes Y / N, E&W, "
        "NY, DE, n/s, Free, Consent req'd, Prohib. (the same answers; 'n/s' is 'Not stated', an answer, not a "
        "missing value); subject = contract + clause, raters = "
        "Reviewer 1-3; the partner sign-off is the reference, the comment is text",
        keywords=[r"partner", r"sign-off", r"counterparty", r"comment"],
        aliases={v: [a] for v, a in abbr.items()})

    # 43 DURel usage-pair relatedness judgments: 0 = cannot decide, floats '3.0'
    lemmas = ["Abgesang", "Vorwort", "Schmiere", "Festspiel", "Donnerwetter", "Ausspannung"]
    R = ["annotator1", "annotator2", "annotator3", "annotator4"]
    S, M, Z = [], {}, []
    recs = []
    for lm in lemmas:
        ids_ = uniq(["dta_%d_%04d_%02d" % (rng.choice([1820, 1847, 1871, 1902, 1955, 1988, 2003]),
                                            rng.randint(1, 9999), rng.randint(1, 60)) for _ in range(14)])[:10]
        for j in range(0, 10, 2):
            for i2 in (j + 1, (j + 3) % 10):
                s = (ids_[j], ids_[i2])
                if s in M:
                    continue
                S.append(s)
                t = rng.choices(range(4), [15, 20, 30, 35])[0]
                M[s] = {}
                for r in R:
                    if rng.random() < 0.06:
                        M[s][r] = None
                        Z.append(s + (r,))
                        x = 0
                    else:
                        x = near(range(1, 5), t, 0.4)
                        M[s][r] = "%d" % x
                    recs.append([s[0], s[1], r, "%.1f" % x,
                                 rng.choice(["", "", "", "", "", "OCR error in second use", "proper name?",
                                             "archaic spelling"]) if x else "cannot decide", lm])
    rng.shuffle(recs)
    recs.sort(key=lambda x: (x[5], x[2]))
    write_txt("durel_judgments.tsv", [["identifier1", "identifier2", "annotator", "judgment", "comment", "lemma"]] +
              recs, delim="\t")
    rd = rdi(S, R, M)
    add("durel_judgments.tsv", k, "import", rd,
        "usage-pair judgments of a lexical semantic change study (DURel framework), tab-separated: one row per "
        "pair of word uses and annotator; four annotators judge how related the meanings of a German word in "
        "two historical uses are on the DURel scale 1 (unrelated) .. 4 (identical), written as floats '3.0'; "
        "0.0 = 'cannot decide' (no rating: the DURel convention; as a category acceptable only if said); "
        "subject = the pair identifier1 + identifier2 ('dta_1847_0113_17', corpus ids), rater = annotator; "
        "the lemma groups the pairs, the comment is text",
        keywords=[r"cannot decide", r"\b0\b", r"comment", r"lemma"],
        alts=[alt(rd + [["%s | %s" % (a, b), r, "0"] for a, b, r in Z], must_note=True, label="0 as a category")])

    # 44 populism grades in Spanish: ';', decimal commas, 'Sin calificar', derived mean
    S = []
    speeches = [("VEN", "Hugo Chávez"), ("BOL", "Evo Morales"), ("ECU", "Rafael Correa"), ("ARG", "Cristina "
                                                                                              "Fernández"),
                ("BRA", "Luiz Inácio Lula da Silva"), ("COL", "Álvaro Uribe")]
    tipos = ["Campaña", "Internacional", "Ceremonial", "Gobierno"]
    R = ["Codificador 1", "Codificador 2", "Codificador 3"]
    M = {}
    rows = [["ID", "País", "Presidente", "Discurso", "Tipo", "Fecha"] + R + ["Promedio", "Notas"]]
    for cc, pres in speeches:
        base = rng.uniform(0.2, 1.7)
        for j in range(4):
            sid = "%s-%02d" % (cc, j + 1)
            S.append(sid)
            tp = tipos[j]
            lvl = clamp(base + {"Campaña": 0.3, "Internacional": -0.1, "Ceremonial": -0.3, "Gobierno": 0}[tp], 0, 2)
            M[sid] = {}
            for r in R:
                if r == "Codificador 3" and rng.random() < 0.09:
                    M[sid][r] = None
                else:
                    M[sid][r] = "%.1f" % clamp(round(lvl + rng.gauss(0, 0.25), 1), 0, 2)
            vals = [float(v) for v in M[sid].values() if v]
            d = dt.date(rng.randint(2003, 2014), rng.randint(1, 12), rng.randint(1, 28))
            rows.append([sid, {"VEN": "Venezuela", "BOL": "Bolivia", "ECU": "Ecuador", "ARG": "Argentina",
                               "BRA": "Brasil", "COL": "Colombia"}[cc], pres,
                         rng.choice(["Discurso de cierre de campaña", "Cadena nacional", "Informe a la Nación",
                                     "Discurso ante la ONU", "Acto del Día de la Independencia",
                                     "Inauguración de obra pública", "Mitin en la plaza"]), tp,
                         d.strftime("%d/%m/%Y")] +
                        [("Sin calificar" if M[sid][r] is None else M[sid][r].replace(".", ",")) for r in R] +
                        [dec(sum(vals) / len(vals), 2), rng.choice(["", "", "", "transcripción incompleta",
                                                                     "traducción del portugués", "audio con cortes"])])
    write_txt("populismo_discursos_calificacion.csv", rows, delim=";", bom=True)
    add("populismo_discursos_calificacion.csv", k, "import", reading(S, R, M),
        "holistic grading of presidential speeches for populist discourse (Team Populism method) in Spanish "
        "(';'-separated, UTF-8 with BOM): three coders grade 24 speeches from 0,0 (not populist) to 2,0 (very "
        "populist) in tenths with decimal commas ('1,3': continuous ratings); 'Sin calificar' (not graded) = "
        "no rating; subject = ID ('VEN-03'); Promedio (mean) is derived; country, president, speech title, "
        "type (Campaña / Internacional / Ceremonial / Gobierno), date and notes describe the speech",
        keywords=[r"promedio", r"sin calificar", r"tipo", r"notas"])


# ================================================================== H. files to refuse
def g_refuse():
    k = "refuse"
    KW = [r"no ratings", r"not a rating", r"nothing to rate", r"no raters?"]
    # 45 a skills matrix: each employee rated once, by their own line manager
    skills = ["Python", "SQL", "Kubernetes", "Terraform", "Incident response", "Code review", "Mentoring",
              "Stakeholder comms"]
    teams = {"Platform": "R. Iqbal", "Data": "S. Moreau", "Payments": "T. Okafor", "Mobile": "L. Jensen"}
    rows = [["Engineering skills matrix - Q1 2025 - proficiency rated by line manager (1 = awareness, 2 = working, "
             "3 = practitioner, 4 = expert; - = not applicable)"],
            ["Employee", "Team", "Line manager", "Role"] + skills]
    for i in range(22):
        tm = rng.choice(list(teams))
        lvl = rng.uniform(1.2, 3.6)
        rows.append(["%s %s" % (rng.choice(FIRST), LAST[i]), tm, teams[tm], rng.choice(
            ["Engineer", "Senior Engineer", "Staff Engineer", "Engineering Manager"])] +
            [("-" if rng.random() < 0.08 else int(clamp(round(lvl + rng.gauss(0, 0.8)), 1, 4))) for _ in skills])
    xl("engineering_skills_matrix_q1.xlsx", [("Skills matrix", rows)], merges={"Skills matrix": ["A1:L1"]})
    add("engineering_skills_matrix_q1.xlsx", k, "refuse", None,
        "an engineering skills matrix: one row per employee, one column per skill, proficiency 1-4 given by the "
        "employee's own line manager (named in a column; each employee has one manager): every employee and "
        "skill is rated once, by one person; the skills are not raters and nobody rates a subject another "
        "rater also rated", keywords=KW + [r"skills?", r"one rat", r"manager", r"single"] + KW_ONE)

    # 46 a chess round-robin cross-table
    players = [("GM", "Varga, Péter", 2571), ("IM", "Okonkwo, Daniel", 2448), ("GM", "Lindqvist, Erik", 2530),
               ("FM", "Chen, Yue", 2351), ("IM", "Moreau, Claire", 2402), ("", "Haddad, Sami", 2287),
               ("FM", "Novak, Jan", 2334), ("WGM", "Sato, Aiko", 2310), ("IM", "Pereira, Rui", 2415),
               ("", "Brennan, Liam", 2265)]
    n = len(players)
    res = [[None] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            d = (players[i][2] - players[j][2]) / 400.0
            x = rng.random()
            pw = 1 / (1 + 10 ** (-d))
            r_ = 1.0 if x < pw * 0.6 else 0.5 if x < pw * 0.6 + 0.35 else 0.0
            res[i][j], res[j][i] = r_, 1 - r_
    tot = [sum(v for v in res[i] if v is not None) for i in range(n)]
    order = sorted(range(n), key=lambda i: -tot[i])
    rows = [["Rk", "Title", "Name", "Rtg"] + [str(c + 1) for c in range(n)] + ["Pts", "SB"]]
    sym = {1.0: "1", 0.5: "\u00bd", 0.0: "0"}
    for rk, i in enumerate(order):
        cells = []
        for j in order:
            cells.append("*" if i == j else sym[res[i][j]])
        sb = sum(tot[j] * res[i][j] for j in range(n) if j != i)
        rows.append([rk + 1, players[i][0], players[i][1], players[i][2]] + cells +
                    [("%g" % tot[i]).replace(".5", "\u00bd"), "%.2f" % sb])
    write_txt("chess_round_robin_crosstable.csv", rows)
    add("chess_round_robin_crosstable.csv", k, "refuse", None,
        "a round-robin chess tournament's cross-table: players in rows and the same players (by rank number) "
        "in columns, each cell the row player's result against the column player (1, \u00bd, 0; '*' on the "
        "diagonal), with points and Sonneborn-Berger: game results, not ratings; the columns are opponents, not "
        "raters, and each cell is a different game",
        keywords=KW + [r"cross-?table", r"result", r"game", r"square|symmetric|diagonal"] + KW_ONE)

    # 47 a school attendance register: pupils x sessions, DfE attendance codes
    days = [dt.date(2025, 11, 3) + dt.timedelta(days=d) for d in range(12) if (dt.date(2025, 11, 3) +
                                                                              dt.timedelta(days=d)).weekday() < 5]
    sess = ["%s %s" % (d.strftime("%a %d/%m"), ap) for d in days for ap in ("AM", "PM")]
    rows = [["Class 4B - attendance register - Autumn 2, weeks 1-2"],
            ["Codes: / present (AM), \\ present (PM), L late before close, U late after close, I illness, M medical "
             "appointment, C authorised other, G holiday not authorised, N no reason yet, # school closed"],
            ["UPN", "Surname", "Forename"] + sess + ["Sessions possible", "Present", "%"]]
    for i in range(26):
        ill = rng.random() < 0.2
        marks = []
        for sname in sess:
            if rng.random() < (0.25 if ill else 0.04):
                marks.append(rng.choice(["I", "M", "N", "C", "G"]))
            elif rng.random() < 0.04:
                marks.append("L")
            else:
                marks.append("/" if sname.endswith("AM") else "\\")
        pres = sum(m in ("/", "\\", "L") for m in marks)
        rows.append(["A%012d" % rng.randint(10 ** 10, 10 ** 12 - 1), LAST[i], rng.choice(FIRST)] + marks +
                    [len(sess), pres, "%.1f" % (100.0 * pres / len(sess))])
    xl("class4b_attendance_register.xlsx", [("Register", rows)])
    add("class4b_attendance_register.xlsx", k, "refuse", None,
        "a primary school class's attendance register: one row per pupil, one column per morning / afternoon "
        "session, each cell an attendance code ('/' present, 'I' illness, 'L' late ..) with a code legend and "
        "attendance totals: a record of events, each cell a different session, nobody rates a common subject",
        keywords=KW + [r"attendance", r"register", r"session", r"record"] + KW_ONE)

    # 48 a mileage chart: a triangular table of road distances
    towns = ["Aberdeen", "Birmingham", "Bristol", "Cardiff", "Edinburgh", "Exeter", "Glasgow", "Leeds", "Liverpool",
             "London", "Manchester", "Newcastle", "Norwich", "Plymouth", "Southampton"]
    grid_km = {"Aberdeen": (394, 806), "Birmingham": (407, 287), "Bristol": (359, 173), "Cardiff": (318, 176),
               "Edinburgh": (325, 674), "Exeter": (292, 92), "Glasgow": (259, 665), "Leeds": (430, 433),
               "Liverpool": (335, 390), "London": (530, 180), "Manchester": (384, 398), "Newcastle": (425, 564),
               "Norwich": (623, 308), "Plymouth": (248, 54), "Southampton": (442, 112)}
    pos = {t: (grid_km[t][0] * 0.621 * rng.uniform(1.0, 1.06), grid_km[t][1] * 0.621 * rng.uniform(1.0, 1.06))
           for t in towns}
    rows = [["Road distances in miles (shortest practical route)"], [""] + towns]
    for i, a in enumerate(towns):
        row = [a]
        for j, b in enumerate(towns):
            if j < i:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                row.append(int(((dx * dx + dy * dy) ** 0.5) * 1.18 + 4))
            elif j == i:
                row.append("-")
            else:
                row.append("")
        rows.append(row)
    write_txt("uk_mileage_chart.csv", rows)
    add("uk_mileage_chart.csv", k, "refuse", None,
        "a road atlas mileage chart: the same towns in rows and columns, the lower triangle holding the road "
        "distance in miles between two towns, '-' on the diagonal: measurements between pairs of places, no "
        "raters, no ratings", keywords=KW + [r"distance", r"triang", r"square|symmetric|diagonal", r"continuous",
                                             r"measurement"] + KW_ONE)

    # 49 a beach flag log: beaches x days, one lifeguard unit per beach
    beaches = ["Fistral", "Watergate Bay", "Perranporth", "Polzeath", "Sennen", "Porthmeor", "Gwithian", "Crantock",
               "Widemouth", "Bude Summerleaze"]
    days = [dt.date(2025, 7, 1) + dt.timedelta(days=d) for d in range(21)]
    flags = ["Red/Yellow", "Black/White", "Red", "No patrol"]
    rows = [["Lifeguard flag log - July 2025 (flag flown at 12:00; Red/Yellow = swim between flags, Black/White = "
             "surf craft zone, Red = danger, do not enter)"], ["Beach", "Lifeguard unit"] +
            [d.strftime("%d/%m") for d in days]]
    for b in beaches:
        row = [b, "Unit %d" % rng.randint(1, 9)]
        for d in days:
            if d.weekday() == 6 and b in ("Crantock", "Gwithian"):
                row.append("No patrol")
            else:
                row.append(rng.choices(flags[:3], [60, 30, 10])[0])
        rows.append(row)
    write_txt("beach_flag_log_july.csv", rows)
    add("beach_flag_log_july.csv", k, "refuse", None,
        "a lifeguard service's flag log: one row per beach (each patrolled by its own unit), one column per day, "
        "the flag flown at noon: each cell is a different beach on a different day recorded once by that "
        "beach's lifeguards; the days are not raters and no two people judge the same beach on the same day",
        keywords=KW + [r"log", r"day", r"one (unit|rater)", r"time"] + KW_ONE)

    # 50 a food frequency questionnaire: respondents' own intake of different foods
    foods = ["White bread", "Wholemeal bread", "Breakfast cereal", "Milk", "Cheese", "Eggs", "Beef", "Chicken",
             "White fish", "Oily fish", "Potatoes", "Rice", "Pasta", "Green vegetables", "Fresh fruit", "Biscuits",
             "Chocolate", "Crisps", "Fizzy drinks", "Beer / cider", "Wine"]
    freq = ["Never or less than once/month", "1-3 per month", "Once a week", "2-4 per week", "5-6 per week",
            "Once a day", "2-3 per day", "4-5 per day", "6+ per day"]
    rows = [["Participant", "Age", "Sex", "Date completed"] + foods]
    for i in range(30):
        row = ["FFQ-%04d" % rng.randint(1, 9999), rng.randint(40, 79), rng.choice(["F", "M"]),
               (dt.date(2025, 1, 5) + dt.timedelta(days=rng.randint(0, 60))).strftime("%d/%m/%Y")]
        for f in foods:
            t = rng.choices(range(9), [18, 14, 16, 18, 10, 12, 8, 3, 1])[0]
            row.append("" if rng.random() < 0.03 else freq[t])
        rows.append(row)
    write_txt("food_frequency_questionnaire.csv", rows)
    add("food_frequency_questionnaire.csv", k, "refuse", None,
        "a food frequency questionnaire: each participant reports how often they themselves eat each of 21 "
        "foods (Never or less than once/month .. 6+ per day): self-reports, one answer per person and food; "
        "the foods are different questions, not raters, and no two people rate the same subject",
        keywords=KW + [r"self-?report", r"questionnaire", r"frequency", r"own"] + KW_ONE)

    # 51 an exam seating plan: hall rows x seats with candidate numbers
    rows = [["Main Hall - GCSE Mathematics Paper 1H - 15 May 2025 09:00 - seating plan"],
            ["Invigilators: Mrs K. Adams (lead), Mr P. Singh, Ms R. O'Hara"], ["Row"] + ["Seat %d" % s for s in
                                                                                          range(1, 11)]]
    cn = sorted(rng.sample(range(4001, 4400), 74))
    it = iter(cn)
    for r in "ABCDEFGH":
        row = [r]
        for s in range(1, 11):
            if r == "H" and s > 4:
                row.append("")
            elif (r, s) in (("C", 5), ("F", 2)):
                row.append("(empty)")
            else:
                row.append(next(it))
        rows.append(row)
    rows += [[], ["Candidates with access arrangements sit in Room 12 (separate plan)."]]
    xl("gcse_seating_plan_main_hall.xlsx", [("Main Hall", rows)])
    add("gcse_seating_plan_main_hall.xlsx", k, "refuse", None,
        "an exam seating plan: hall rows A-H by seats 1-10, each cell a candidate number (4012 ..) or '(empty)', "
        "with a title, the invigilators and a footnote: a map of where candidates sit, no ratings and no raters",
        keywords=KW + [r"seating", r"plan", r"candidate", r"continuous", r"too many (distinct )?(values|categories)"]
        + KW_ONE)


def main():
    common.main(17, (g_platforms, g_clinical, g_judging, g_education, g_industry, g_field, g_social, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            common.fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
