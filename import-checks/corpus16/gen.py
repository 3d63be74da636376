#!/usr/bin/env python3
"""corpus 16: rating files of kinds in none of corpora 4 to 15, for `tapdesk inspect` (seeded).

Kinds: platform and tool exports (a Zoom meeting poll report of a virtual lung cancer MDT voting T and N
categories, with a meeting block on top and the questions and answers in alternating unheaded cells; a
SafetyCulture (iAuditor) inspection CSV of a calibration walk, one row per item with datetime / site / category /
question / signature items and 'N/A'; a Notion database CSV with a BOM whose members' votes are select properties
'👍 Include' and whose Decision is a formula; a Tableau crosstab download in UTF-16 with tabs where the raters are
values of 'Measure Names' beside an average and a photo count; a PCIbex Farm results file with no header row, '#'
comment blocks naming the columns per participant, practice trials, an intro form, a Latin square and two
participants sharing an IP hash; an SPSS syntax file with the data inline between BEGIN DATA / END DATA, VALUE
LABELS and MISSING VALUES (either); a booktabs LaTeX table with \\multicolumn and escaped '\\_' (either));
clinical (heart murmur grades '3/6' beside 'III/VI'; periodontitis stage / grade / extent under merged
periodontist headers written 'Stage III', 'III' and 3; AO/OTA codes '31A2.2' and '31-A2.2' with a formula column of
stability after each surgeon; HoNOS vignette training with trainees in rows, '9' = not known and item 8 written
'2 (F)'; a pipe-delimited cytology LIS extract with 'ASCUS' for 'ASC-US', UNSAT and PATH-SIGNOUT rows in the
screener column; ILAE 2017 seizure types with the abbreviations FIAS / FBTCS and clock times; breast density a-d
written four ways beside the Volpara grade; GOSE at 3 and 6 months '5 - Lower moderate disability' vs 'Lower MD'
with 'Lost to follow-up' in ODS); judging and arts (NRHA reining maneuver marks '+½' / '−½' / 0.5 under merged
judge headers; Tabbycat-style debate ballots from an incomplete panel with the winning side, the team name and
speaker scores; drawing attributions 'Workshop of Rembrandt' vs 'workshop' with inventory numbers 'RP-T-1930-12';
figure skating technical calls '3Lz+3T<', '3Fe', 'CCoSp3' with '3Lz + 3T<' by one trainee; a CaFÉ-style jury
export of Yes / Maybe / No with 'Recused', prices and inch marks; Eisteddfod classes 'Dosbarth II' / 'II' / 2 in
Welsh with 'Ŵyr y Mynydd' pseudonyms); education and HR (a Blackboard Grade Center download: an .xls that is
quoted UTF-16 text with '[Total Pts: 40 Score] |1532114' headers and 'Needs Grading'; doctoral examiners'
preliminary recommendations as '(b) ..', 'Minor corrections' and 'b' with a sparse second external; seed-script
marking in long form with definitive marks, '+1' differences and '±2' tolerances; a one45-style evaluation
export with O-SCORE anchors in quotes, an Evaluatee column that is not the subject and 'Unable to assess'; a
nine-box talent review 'H/M' vs 'Box 6 - High performer' with a legend sheet; an academic integrity panel with
abbreviated outcomes and case refs 'AIO/2024-25/0137'); industry QA (an olive oil panel test in Spanish cp1252
with continuous intensities '3,4' and Mediana rows; cross-cut adhesion in ASTM '4B' and ISO 'Gt 1' classes with
a legend line giving the equivalence; a Power BI export of egg grades with 'Count of Egg ID' and an 'Applied
filters' cell; borescope blade dispositions with a title block 'ATA chapter 72-00-00' and abbreviations 'U/S';
Dutch flower auction quality groups 'A1' / 'A-1' / 'a1'; ISO 8501-1 grades 'Sa 2½' / 'Sa 2,5' / 'Sa2 1/2' in a
';' file); agriculture, field science and public bodies (a Collect Earth export with never-saved rows holding
the form's default; ISA TRAQ tree risk factors under merged arborist headers with a derived risk rating;
Copernicus EMS building damage grades with OSM ids 'way/..' and 'node/..' sharing numbers and 'Not analysed';
ballot adjudication of voter intent with 'Undervote' as a category, a scanner's call and a board decision;
listing grade recommendations 'II*' / 'Grade II*' / '2*' in ODS; a Lithuanian bee colony inspection in cp1257
with hive numbers restarting per apiary); social science, law, archives and languages (an expert survey of
party positions with expert ids restarting per country and 'DK'; a magistrates' sentencing exercise with
culpability and harm under merged headers and a derived starting point; General Records Schedule items 'GRS
5.1/020' written three ways; a Finnish dialect listening test with 'Ei tunnistettavissa' and sample ids 'SKNA
4123:2a'; Hungarian open-ended answers in ISO-8859-2 coded '13' and '13 Infláció, árak' with '99 Nem tudja' as
a category; case citator treatments with bracketed neutral citations and a lower-case librarian); files to
refuse (a school timetable, a sleep diary, a medication administration chart, one agency's issuer rating
history by year, a genotype call table, an allergen matrix, a translation glossary).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ16_SEED (default 20261208).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (site and question, store and
bay, item and condition, vignette and item, patient and time point, draw and maneuver, speech, skater and
element, image, seed and item, encounter and question, sample and attribute, blade and location, tree and
factor, ballot and contest, apiary and hive and item, party and dimension, case and factor, citing and cited
case); the runner matches renamed subjects by content. xlsx/ods files are written with fixed zip and document
timestamps, so that re-running gives the same bytes. Needs openpyxl and odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_ONE, ordmat, P, rdi, reading, uniq, write_ods, write_txt,
                    write_xlsx, FIRST)  # noqa: E402

rng = common.init(16, 20261208)
TRUTH = common.TRUTH


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


def xl(name, sheets, merges=None, wrap=None, widths=None):
    """write sheets [(title, rows)] with openpyxl: merged cells {title: [..]}, wrapped header rows {title: row}."""
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
        for col, w in ((widths or {}).get(title) or {}).items():
            ws.column_dimensions[col].width = w
        for row in ws.iter_rows():
            for c in row:
                if isinstance(c.value, dt.datetime):
                    c.number_format = "yyyy-mm-dd hh:mm" if c.value.hour or c.value.minute else "yyyy-mm-dd"
    wb.save(P(name))


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


# ================================================================== A. platform and tool exports
def g_platforms():
    k = "platform-export"
    # 1 Zoom poll report: T and N category votes at a virtual tumour board
    cases = ["RTH-%04d" % x for x in sorted(rng.sample(range(2000, 2600), 10))]
    users = [("Dr Helen Marsh", "helen.marsh@nhs.net"), ("Dr Tomasz Wójcik", "t.wojcik@nhs.net"),
             ("Dr Aisha Bello", "aisha.bello1@nhs.net"), ("Mr Daniel Price", "daniel.price@nhs.net"),
             ("Dr Priya Raman", "priya.raman@nhs.net"), ("Dr Sean O'Leary", "sean.oleary@nhs.net"),
             ("Dr Mei Lin", "mei.lin@nhs.net"), ("Dr Ravi Shah (StR)", "ravi.shah7@nhs.net"),
             ("Samsung SM-G991B", "")]
    names = [u for u, _ in users]
    tl = ["T1a", "T1b", "T1c", "T2a", "T2b", "T3", "T4"]
    nl = ["N0", "N1", "N2", "N3"]
    S, M, body = [], {}, []
    t0 = dt.datetime(2025, 3, 12, 16, 4, 0)
    left = names[7]
    for i, c in enumerate(cases):
        qt = "Case %d (%s) - clinical T category" % (i + 1, c)
        qn = "Case %d (%s) - clinical N category" % (i + 1, c)
        S += [qt, qn]
        M[qt], M[qn] = {}, {}
        tt = rng.choices(range(7), [8, 12, 14, 18, 14, 18, 16])[0]
        tn = rng.choices(range(4), [40, 25, 25, 10])[0]
        t0 += dt.timedelta(minutes=rng.randint(7, 13))
        subs = []
        for u, e in users:
            if (u == left and i >= 7) or rng.random() < 0.06:
                M[qt][u] = M[qn][u] = None
                continue
            a, b = near(tl, tt, 0.35), near(nl, tn, 0.3)
            M[qt][u], M[qn][u] = a, b
            subs.append((t0 + dt.timedelta(seconds=rng.randint(15, 140)), u, e, a, b))
        subs.sort()
        for ts, u, e, a, b in subs:
            body.append([ts.strftime("%b %d, %Y %H:%M:%S"), u, e, qt, a, qn, b])
    rows = [["Poll Report"], ["Report Generated:", "Mar 12, 2025 18:04"],
            ["Topic", "ID", "Actual Start Time", "Actual Duration (minutes)", "# Participants"],
            ["Thoracic oncology MDT (virtual)", "934 5521 7780", "Mar 12, 2025 15:58", "124", "16"], [],
            ["#", "User Name", "User Email", "Submitted Date/Time", ""]]
    for j, (ts, u, e, qa, a, qb, b) in enumerate(body):
        rows.append([j + 1, u, e, ts, qa, a, qb, b, ""])
    write_txt("zoom_poll_report_tumour_board.csv", rows)
    add("zoom_poll_report_tumour_board.csv", k, "import", reading(S, names, M),
        "a Zoom meeting poll report (CSV) of a virtual lung cancer MDT: a title line, the report date, a meeting "
        "line under its own header (topic, meeting id '934 5521 7780', duration, participants), then one row per "
        "participant and poll under a header of only '#, User Name, User Email, Submitted Date/Time': each row "
        "holds the poll's questions and answers in alternating unheaded cells (question text, answer, question "
        "text, answer) and ends with a comma; for each of 10 cases the clinicians vote the clinical T category "
        "(T1a .. T4) and N category (N0 .. N3); subject = the question (case + T / N), rater = User Name (a phone "
        "participant shows as 'Samsung SM-G991B' with no e-mail; a trainee left after case 7; a participant who "
        "did not vote has no row); the submission time is not a rating",
        keywords=[r"poll", r"question", r"submitted", r"user email"])

    # 2 SafetyCulture (iAuditor) CSV export of a calibration walk: three auditors, the same five sites
    sites = ["Depot 3 - Leeds", "Depot 7 - Wakefield", "DC North - Bradford", "Yard 2 - Huddersfield",
             "Depot 11 - Halifax"]
    auds = ["Ruth Adeyemi", "Tom Hargreaves", "Lucía Ortega"]
    cats = [("Walkways & access", ["Walkways clear of obstructions and trip hazards",
                                   "Emergency exits unobstructed and signed", "Floor surfaces free of spills, "
                                   "oil and debris", "Adequate lighting in aisles and stairs"]),
            ("Work at height", ["Ladders inspected and tagged", "Edge protection in place on mezzanine",
                                "Harness inspection records up to date", "Working at height permit displayed"]),
            ("Hazardous substances (COSHH)", ["COSHH assessments available at point of use",
                                              "Chemicals stored in bunded cabinets",
                                              "Eyewash station checked in last 7 days", "Spill kit stocked"]),
            ("Forklifts & pedestrians", ["Pedestrian walkways segregated from FLT routes",
                                         "FLT pre-use checks completed", "Speed limit signage visible",
                                         "Reversing alarms / blue lights working"])]
    qids = {q: hexs(8) + "-" + hexs(4) + "-4" + hexs(3) + "-a" + hexs(3) + "-" + hexs(12)
            for _, qs in cats for q in qs}
    cids = {c: hexs(8) + "-" + hexs(4) + "-4" + hexs(3) + "-b" + hexs(3) + "-" + hexs(12) for c, _ in cats}
    S, M = [], {}
    for st in sites:
        for c, qs in cats:
            for q in qs:
                s = (st, q)
                S.append(s)
                if c == "Work at height" and rng.random() < 0.3 or q.endswith("mezzanine") and st.startswith("Yard"):
                    M[s] = {a: "N/A" if rng.random() < 0.85 else "Safe" for a in auds}
                else:
                    tv = "Safe" if rng.random() < 0.7 else "At risk"
                    M[s] = {a: tv if rng.random() < 0.85 else ("At risk" if tv == "Safe" else "Safe") for a in auds}
    head = ["item_type", "label", "response", "comment", "item_score", "item_max_score", "item_score_percentage",
            "failed_response", "item_id", "parent_id", "audit_id", "audit_name", "template_name", "audit_author",
            "conducted_on", "prepared_by", "audit_site_name", "audit_score_percentage", "date_completed"]
    rows = [head]
    audits = []
    for st in sites:
        for a in auds:
            audits.append((dt.datetime(2025, 4, 8, 8, 30) + dt.timedelta(minutes=rng.randint(0, 420)), st, a))
    audits.sort()
    obs = ["Pallet overhang in aisle 4", "Two fire doors wedged open", "Good housekeeping overall",
           "New starter not aware of FLT exclusion zone", "Eyewash bottle out of date (02/2025)", ""]
    for ts, st, a in audits:
        aid = "audit_" + hexs(32)
        done = ts + dt.timedelta(minutes=rng.randint(35, 80))
        sc = [M[(st, q)][a] for _, qs in cats for q in qs]
        pct = "%.2f" % (100.0 * sc.count("Safe") / max(1, len([x for x in sc if x != "N/A"])))
        meta = [aid, "Site H&S walk - %s - %s" % (st, ts.strftime("%d %b %Y")), "Site H&S walk v4.2", a,
                ts.strftime("%Y-%m-%dT%H:%M:%S.000Z"), a, st, pct, done.strftime("%Y-%m-%dT%H:%M:%S.000Z")]
        rows.append(["datetime", "Conducted on", ts.strftime("%Y-%m-%dT%H:%M:%S.000Z"), "", "", "", "", "",
                     "f3fb4b5e-c0b2-4e1b-a1f3-0c1e4fd2a001", "", ] + meta)
        rows.append(["text", "Prepared by", a, "", "", "", "", "", "f3fb4b5e-c0b2-4e1b-a1f3-0c1e4fd2a002", ""] + meta)
        rows.append(["site", "Site", st, "", "", "", "", "", "f3fb4b5e-c0b2-4e1b-a1f3-0c1e4fd2a003", ""] + meta)
        for c, qs in cats:
            rows.append(["category", c, "", "", "", "", "", "", cids[c], ""] + meta)
            for q in qs:
                v = M[(st, q)][a]
                com = rng.choice(["", "", "", "", "see photo", "raised with site manager", "temporary fix in place"]) \
                    if v == "At risk" else ""
                rows.append(["question", q, v, com, "" if v == "N/A" else (1 if v == "Safe" else 0),
                             "" if v == "N/A" else 1, "" if v == "N/A" else ("100.00" if v == "Safe" else "0.00"),
                             "true" if v == "At risk" else "false", qids[q], cids[c]] + meta)
        rows.append(["textmulti", "Observations", rng.choice(obs), "", "", "", "", "",
                     "f3fb4b5e-c0b2-4e1b-a1f3-0c1e4fd2a0f0", ""] + meta)
        rows.append(["signature", "Auditor signature", a, "", "", "", "", "", "f3fb4b5e-c0b2-4e1b-a1f3-0c1e4fd2a0f1",
                     ""] + meta)
    write_txt("safetyculture_calibration_walk.csv", rows)
    rd = rdi(S, auds, M)
    add("safetyculture_calibration_walk.csv", k, "import", [x for x in rd if x[2] != "N/A"],
        "a SafetyCulture (iAuditor) CSV export of 15 inspections, one row per inspection item (item_type: "
        "datetime, text, site, category, question, textmulti, signature) with the inspection's meta data repeated "
        "on every row: three H&S auditors walked the same five sites on one day (a calibration walk) and answered "
        "the same 16 questions Safe / At risk / N/A; subject = site (audit_site_name) + question label (or its "
        "item_id), rater = prepared_by (= audit_author); only 'question' rows are ratings (the conducted-on, "
        "prepared-by, site, category, observations and signature rows are not); 'N/A' = not applicable at that "
        "site (no mezzanine, no work at height that day): no rating, reading it as a category is acceptable only "
        "if said; item_score / failed_response repeat the response, audit_score_percentage is derived",
        keywords=[r"n/a", r"not applicable", r"item_type", r"signature", r"category"],
        alts=[alt(rd, must_note=True, label="'N/A' as a category")])

    # 3 Notion database export: a reading group's votes as select properties with emoji
    words = ["Agreement", "Annotation", "Rater Drift", "Label Noise", "Calibration", "Crowd Judgements",
             "Inter-Annotator Reliability", "Disagreement", "Gold Standards", "Soft Labels", "Adjudication",
             "Consensus"]
    tails = ["Not Accuracy: Rethinking Annotation Quality", "in the Wild: Evidence from 40 Datasets",
             "Revisited, or Why Kappa Is Not Enough", "Under Time Pressure", "for Low-Resource Languages",
             "as Signal, Not Noise", "at Scale: A Case Study in Content Moderation",
             "Without Ground Truth", "and the Limits of Majority Vote", "in Clinical NLP: A Survey"]
    papers = uniq(["%s %s" % (rng.choice(words), rng.choice(tails)) for _ in range(40)])[:24]
    members = ["Ana", "Ben", "Chloé", "Dev"]
    R = ["%s's vote" % m for m in members]
    opts = ["👍 Include", "🤔 Maybe", "👎 Exclude"]
    M = {}
    rows = [["Name", "Authors", "Venue", "Year", "Tags", "Added by", "Created time"] + R +
            ["Decision", "Session", "URL"]]
    surn = ["Lee", "Okafor", "Duarte", "Nakamura", "Fischer", "Haddad", "Kowalski", "Mensah", "Silva", "Ivanova"]
    for p in papers:
        t = rng.choices(range(3), [40, 30, 30])[0]
        M[p] = {r: (near(opts, t, 0.35) if rng.random() > 0.08 else None) for r in R}
        if sum(v is not None for v in M[p].values()) < 2:
            M[p][R[0]] = opts[t]
        vs = [M[p][r] for r in R]
        dec_ = "✅ Read" if vs.count(opts[0]) >= 2 else "❌ Skip" if vs.count(opts[2]) >= 2 else "⏸ Later"
        sess = rng.choice(["", "Session %d" % rng.randint(11, 16)])
        rows.append([p, "; ".join("%s, %s." % (rng.choice(surn), rng.choice("ABCDEHJKLMNPRS"))
                                  for _ in range(rng.randint(1, 4))),
                     rng.choice(["ACL", "EMNLP", "NAACL", "CHI", "FAccT", "arXiv", "LREC-COLING"]),
                     rng.choice([2022, 2023, 2024, 2025]),
                     ", ".join(rng.sample(["evaluation", "annotation", "LLM", "crowdsourcing", "medical",
                                           "methods"], rng.randint(1, 3))),
                     rng.choice(members), "March %d, 2025 %d:%02d %s" % (rng.randint(1, 28), rng.randint(1, 12),
                                                                        rng.randint(0, 59), rng.choice(["AM", "PM"]))]
                    + [blank(M[p][r]) for r in R] +
                    [dec_, "%s (https://www.notion.so/%s-%s)" % (sess, sess.replace(" ", "-"), hexs(32))
                     if sess else "",
                     "https://arxiv.org/abs/25%02d.%05d" % (rng.randint(1, 9), rng.randint(1000, 19999))])
    write_txt("notion_reading_group_votes.csv", rows, bom=True)
    add("notion_reading_group_votes.csv", k, "import", reading(papers, R, M),
        "a Notion database exported as CSV (UTF-8 with BOM): a reading group's paper list where each of four "
        "members votes in a select property of their own ('Ana's vote' .. 'Dev's vote': 👍 Include / 🤔 Maybe / "
        "👎 Exclude; the emoji is part of the option name); an empty cell = not voted yet; subject = Name (the "
        "paper title, with colons and commas), raters = the four vote columns; 'Decision' is a formula on the "
        "votes, 'Added by' names a member but is not a vote, Tags is a multi-select ('LLM, evaluation'), Session "
        "a relation written 'Session 14 (https://www.notion.so/..)', Created time and URL describe the entry",
        keywords=[r"decision", r"added by", r"tags", r"session"])

    # 4 Tableau crosstab download (UTF-16, tab): raters are values of Measure Names
    stores = [("South West", "Store 0112 Bristol Cabot"), ("South West", "Store 0147 Bath"),
              ("South West", "Store 0163 Exeter"), ("Wales", "Store 0208 Cardiff Bay"),
              ("Wales", "Store 0231 Swansea"), ("Midlands", "Store 0305 Coventry"),
              ("Midlands", "Store 0318 Leicester Fosse")]
    bays = ["Bay 01 - Cereals", "Bay 02 - Biscuits", "Bay 03 - Crisps & snacks", "Bay 04 - Soft drinks",
            "Bay 05 - Tea & coffee", "Bay 06 - Tinned food"]
    R = ["Compliance score - Auditor A", "Compliance score - Auditor B", "Compliance score - Auditor C"]
    S, M = [], {}
    lines = ["\t".join(["Region", "Store", "Bay", "Measure Names", "Measure Values"])]
    for reg, st in stores:
        for b in sorted(rng.sample(bays, 4)):
            s = (st, b)
            S.append(s)
            t = rng.choices(range(5), [6, 14, 25, 33, 22])[0]
            M[s] = {r: (str(near(range(1, 6), t, 0.35)) if rng.random() > 0.05 else None) for r in R}
            vals = [int(v) for v in M[s].values() if v]
            for r in R:
                lines.append("\t".join([reg, st, b, r, blank(M[s][r])]))
            lines.append("\t".join([reg, st, b, "Avg. Compliance score", ("%.2f" % (sum(vals) / len(vals))).rstrip(
                "0").rstrip(".")]))
            lines.append("\t".join([reg, st, b, "Number of Photos", str(rng.randint(2, 7))]))
    write_txt("tableau_planogram_crosstab.csv", enc="utf-16-le", bom=True, text="\r\n".join(lines) + "\r\n")
    add("tableau_planogram_crosstab.csv", k, "import", rdi(S, R, M),
        "a Tableau 'Download > Crosstab' of a planogram audit dashboard, saved as a .csv that is UTF-16 text with "
        "tabs (Tableau's crosstab format): one row per store, bay and measure, with 'Measure Names' naming the "
        "measure and 'Measure Values' holding it; three of the measures are the auditors' compliance scores "
        "1-5 for the shelf bay (the raters: 'Compliance score - Auditor A' .. 'C'), 'Avg. Compliance score' is "
        "their mean (derived, with decimals) and 'Number of Photos' a count; an empty value = that auditor did "
        "not score the bay; subject = store + bay, rater = the measure name; Region groups the stores",
        keywords=[r"measure names", r"avg", r"photos", r"utf-16"])

    # 5 PCIbex Farm results file: comment blocks name the columns, no header row
    nouns = [("key", "cabinets"), ("label", "bottles"), ("author", "novels"), ("road", "villages"),
             ("price", "tickets"), ("report", "accidents"), ("owner", "dogs"), ("teacher", "twins"),
             ("door", "classrooms"), ("photo", "ministers"), ("bridge", "islands"), ("letter", "lawyers"),
             ("coach", "players"), ("speech", "senators"), ("menu", "restaurants"), ("leader", "protests")]
    preds = ["on the table", "from the factory", "famous abroad", "closed in winter", "too high, apparently",
             "on the desk", "in court today", "worried about the exam", "painted red", "in every newspaper",
             "unsafe after the storm", "lost in the post", "proud of the team", "too long, people said",
             "printed in French", "under arrest"]
    fillers = ["The children laughed at the clown.", "Who did the manager say that hired?",
               "The soup was cold, so we sent it back.", "Mary seems to be likely to win.",
               "The cat the dog the boy owns chased ran away.", "Which book did you file without reading?",
               "Them was at the concert last night.", "After the rain, the streets shone."]
    practice = ["The sun rises in the east.", "Fish the swim river in.", "She has been to Paris twice."]
    parts = [(hexs(24), hexs(32), rng.randint(19, 41), rng.choice(["English", "English", "English", "Welsh"]))
             for _ in range(12)]
    parts[3] = (parts[3][0], parts[2][1], parts[3][2], parts[3][3])
    items = [(str(i + 1), c) for i in range(16) for c in ("grammatical", "violation")] + \
        [("F%d" % (i + 1), "filler") for i in range(8)]
    sent = {}
    for i, (n1, n2) in enumerate(nouns):
        sent[(str(i + 1), "grammatical")] = "The %s to the %s is %s." % (n1, n2, preds[i])
        sent[(str(i + 1), "violation")] = "The %s to the %s are %s." % (n1, n2, preds[i])
    for i, f in enumerate(fillers):
        sent[("F%d" % (i + 1), "filler")] = f
    good = {("F%d" % (i + 1), "filler"): g for i, g in enumerate([6, 2, 6, 5, 2, 3, 1, 6])}
    M = {s: {} for s in items}
    cols_ = ["Results reception time", "MD5 hash of participant's IP address", "Controller name",
             "Order number of item", "Inner element number", "Label", "Latin.Square.Group", "PennElementType",
             "PennElementName", "Parameter", "Value", "EventTime", "PROLIFIC_ID", "item", "condition", "sentence",
             "Comments"]
    def row(c, order, label, typ, name, par, val, it="NULL", cond="NULL", sen="NULL"):
        return ",".join(str(x) for x in [c["recv"], c["ip"], "PennController", order, 0, label, "NULL" if label in (
            "intro", "practice") else c["grp"], typ, name, par, val, c["ts"], c["pid"], it, cond,
            sen.replace(",", "%2C"), "NULL"])
    out = []
    recv = 1741096800
    for j, (pid, ip, age, lang) in enumerate(parts):
        grp = "AB"[j % 2]
        recv += rng.randint(400, 3000)
        ts = (recv - rng.randint(600, 1400)) * 1000
        day = dt.datetime(2025, 3, 4) + dt.timedelta(seconds=recv - 1741046400)
        out += ["# Results on %s UTC." % day.strftime("%A, %d-%b-%Y %H:%M:%S"),
                "# USER AGENT: Mozilla/5.0 (%s) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 "
                "Safari/537.36" % rng.choice(["Windows NT 10.0; Win64; x64", "Macintosh; Intel Mac OS X 10_15_7",
                                              "X11; Linux x86_64"]),
                "# Design number was non-random = %d" % j, "#", "# Columns below this comment are as follows:"] + \
            ["# %d. %s." % (i + 1, c) for i, c in enumerate(cols_)]

        ctx = dict(recv=recv, ip=ip, grp=grp, ts=ts, pid=pid)
        out.append(row(ctx, 1, "intro", "PennController", 0, "_Trial_", "Start"))
        ctx["ts"] += rng.randint(20000, 60000)
        out.append(row(ctx, 1, "intro", "TextInput", "age", "Final", age))
        out.append(row(ctx, 1, "intro", "DropDown", "native", "Selection", lang))
        out.append(row(ctx, 1, "intro", "PennController", 0, "_Trial_", "End"))
        order = 1
        seq = [("practice", None, p_) for p_ in practice]
        mine = [s for s in items if s[1] == "filler" or (s[1] == "grammatical") == ((int(s[0]) <= 8) == (grp == "A"))]
        seq += [("experiment" if s[1] != "filler" else "filler", s, sent[s]) for s in rng.sample(mine, len(mine))]
        for lab, s, sen in seq:
            order += 1
            ctx["ts"] += rng.randint(2500, 9000)
            it, cond = (s if s else ("NULL", "NULL"))
            out.append(row(ctx, order, lab, "PennController", 0, "_Trial_", "Start", it, cond, sen))
            out.append(row(ctx, order, lab, "Text", "sentence", "Print", "NA", it, cond, sen))
            if s and s[1] == "filler":
                t = good[s] - 1
            elif s:
                t = 5 if s[1] == "grammatical" else 2
            else:
                t = 5
            v = str(near(range(1, 8), clamp(t + rng.choice([-1, 0, 0, 1]), 0, 6), 0.3))
            if s and rng.random() < 0.03:
                v = None
            if v:
                ctx["ts"] += rng.randint(1500, 6000)
                out.append(row(ctx, order, lab, "Scale", "rating", "Choice", v, it, cond, sen))
            if s:
                M[s][pid] = v
            out.append(row(ctx, order, lab, "PennController", 0, "_Trial_", "End", it, cond, sen))
    write_txt("pcibex_acceptability_results.csv", text="\n".join(out) + "\n")
    P_ = [p[0] for p in parts]
    full(M, P_)
    add("pcibex_acceptability_results.csv", k, "import", rdi(items, P_, M),
        "a PCIbex Farm results file of an acceptability judgement experiment: no header row; before each "
        "participant's rows a block of '#' comment lines gives the date, user agent and the numbered column names "
        "(1. Results reception time .. 17. Comments); one row per logged event (trial Start / End, the sentence "
        "printed, the Scale choice, the intro form's age and native language); 12 participants rate sentences 1-7 "
        "('Scale', 'rating', 'Choice', Value); a Latin square (groups A / B) gives each participant one "
        "condition of each of 16 agreement-attraction items and all 8 fillers; subject = item + condition (the "
        "sentence), rater = PROLIFIC_ID (two participants share a lab computer and so the same MD5 hash of the IP "
        "address); the 3 practice trials are not subjects, the age (19-41) and native language are not ratings, "
        "commas inside the sentences are written '%2C'; a missing Choice row = no rating",
        keywords=[r"practice", r"md5", r"ip address", r"age", r"pennelement", r"comment"])

    # 6 SPSS syntax with the data inline (either)
    ads = ["AD%04d" % x for x in sorted(rng.sample(range(100, 2000), 40))]
    R = ["coder1", "coder2", "coder3"]
    lab = {"1": "Product user", "2": "Product authority / expert", "3": "Decorative / background",
           "4": "No central female character", "9": "Not codable"}
    M = {}
    lines = ["* Encoding: UTF-8.",
             "* Intercoder reliability subsample (n = 40 ads): role of the central female character in TV "
             "advertising.",
             "* coder1 = MH, coder2 = JS, coder3 = AK. Code 9 = clip did not play / could not be coded.", "",
             "DATA LIST LIST /ad_id (A6) channel (F1.0) year (F4.0) product (A10) coder1 (F1.0) coder2 (F1.0) "
             "coder3 (F1.0) length_s (F3.0).", "BEGIN DATA"]
    for a in ads:
        t = rng.choices(["1", "2", "3", "4"], [35, 20, 30, 15])[0]
        M[a] = {r: (t if rng.random() < 0.75 else rng.choice(["1", "2", "3", "4"])) for r in R}
        if rng.random() < 0.07:
            M[a][rng.choice(R)] = "9"
        lines.append("%s %d %d %s %s %s %s %d" % (a, rng.randint(1, 4), rng.choice([2019, 2020, 2021]),
                                                   rng.choice(["food", "cosmetics", "cars", "finance", "cleaning",
                                                               "toys", "telecoms"]),
                                                   M[a]["coder1"], M[a]["coder2"], M[a]["coder3"],
                                                   rng.choice([10, 20, 30, 30, 40, 60])))
    lines += ["END DATA.", "", "VARIABLE LABELS", "  ad_id 'Advertisement ID'", "  channel 'Channel'",
              "  year 'Year of broadcast'", "  product 'Product category'",
              "  coder1 'Role of central female character - coder MH'",
              "  coder2 'Role of central female character - coder JS'",
              "  coder3 'Role of central female character - coder AK'", "  length_s 'Length of the ad (s)'.",
              "VALUE LABELS coder1 coder2 coder3"] + ["  %s '%s'" % kv for kv in lab.items()]
    lines[-1] += "."
    lines += ["VALUE LABELS channel 1 'ITV1' 2 'Channel 4' 3 'Channel 5' 4 'Sky One'.",
              "MISSING VALUES coder1 coder2 coder3 (9).", "EXECUTE.", "", "FREQUENCIES coder1 coder2 coder3.", ""]
    write_txt("tv_ads_coding_inline_data.sps", text="\n".join(lines))
    rd = reading(ads, R, M)
    al = {c: [v] for c, v in lab.items()}
    add("tv_ads_coding_inline_data.sps", k, "either", [x for x in rd if x[2] != "9"],
        "an SPSS syntax file with the data inline: DATA LIST LIST names the variables and formats, the cases are "
        "space-separated lines between BEGIN DATA and END DATA, then VARIABLE LABELS, VALUE LABELS (1 Product "
        "user, 2 Product authority / expert, 3 Decorative / background, 4 No central female character, 9 Not "
        "codable) and MISSING VALUES coder1 coder2 coder3 (9); three coders code 40 TV ads; subject = ad_id, "
        "raters = coder1-3 (codes or their labels); 9 is declared missing: no rating (reading it as a category is "
        "acceptable only if said); channel, year, product and length describe the ad; reading it is right, "
        "refusing a syntax file with a clear message is acceptable",
        keywords=[r"syntax", r"data list", r"spss", r"missing values", r"\.sps"], aliases=al,
        alts=[alt(rd, must_note=True, label="9 as a category")])

    # 7 a LaTeX table from a paper's appendix (either)
    speakers = ["Candidate A", "Candidate B", "Moderator"]
    sents = ["Unemployment fell to 3.9\\% last year, the lowest in a decade.",
             "We spent \\$2 trillion on a bill that did nothing for families.", "Thank you both for being here.",
             "My opponent voted against this very bill three times.", "I think we can all agree on that.",
             "Crime in our cities has doubled since 2019.", "Let me be clear about what I said.",
             "Our plan cuts taxes for 90\\% of working families.", "That is simply not true.",
             "The deficit grew by \\$1.7 trillion in a single year.", "We will have time for rebuttals later.",
             "Exports to Canada \\& Mexico rose by a third.", "I have a plan, and it starts on day one.",
             "Two million people lost their coverage.", "Nobody wants to hear more promises.",
             "Our schools rank 31st in maths.", "Let us move on to foreign policy.",
             "Gas prices have come down 40 cents since summer.", "The people of this state deserve better.",
             "The average rent went up 18\\% in two years.", "I was the first to call for an investigation.",
             "I am proud of my record.", "Wages have grown faster than prices for 14 months.",
             "We need leaders who listen.", "The last administration left a \\$500 billion hole.",
             "Please keep your answers to one minute.", "Violent crime is down 12\\% this year.",
             "I never said that.", "Half of all new jobs went to immigrants.", "We can do better than this."]
    ids_ = ["s\\_%02d" % (i + 1) for i in range(30)]
    R = ["A1", "A2", "A3"]
    lv = ["CFS", "UFS", "NFS"]
    M = {}
    body = []
    for i, (sid, st) in enumerate(zip(ids_, sents)):
        t = 0 if any(ch.isdigit() for ch in st) else (2 if rng.random() < 0.6 else 1)
        M[sid] = {r: lv[t] if rng.random() < 0.75 else rng.choice(lv) for r in R}
        body.append("%s & %s & %s & %s & %s & %s & %s \\\\" % (sid, speakers[i % 3] if "time" not in st and
                                                                "Thank" not in st and "move on" not in st and
                                                                "answers" not in st else "Moderator", st,
                                                                M[sid]["A1"], M[sid]["A2"], M[sid]["A3"],
                                                                mode([M[sid][r] for r in R])))
    tex = ["% Generated by pandas.DataFrame.to_latex(), then edited by hand", "\\begin{table*}[t]", "\\centering",
           "\\small",
           "\\caption{Check-worthiness labels of the 30 debate sentences in the pilot (CFS = check-worthy factual "
           "sentence, UFS = unimportant factual sentence, NFS = non-factual sentence). Maj.\\ is the majority "
           "label.}", "\\label{tab:pilot-labels}", "\\begin{tabular}{llp{9cm}cccc}", "\\toprule",
           " & & & \\multicolumn{3}{c}{Annotator} & \\\\", "\\cmidrule(lr){4-6}",
           "ID & Speaker & Sentence & A1 & A2 & A3 & Maj. \\\\", "\\midrule"] + body[:15] + ["\\midrule"] + \
        body[15:] + ["\\bottomrule", "\\end{tabular}", "\\end{table*}"]
    write_txt("checkworthiness_pilot_table.tex", text="\n".join(tex) + "\n")
    add("checkworthiness_pilot_table.tex", k, "either",
        [[s.replace("\\_", "_"), r, M[s][r]] for s in ids_ for r in R],
        "a LaTeX table from a paper's appendix (booktabs, written by pandas to_latex and edited): a caption with "
        "the legend, a \\multicolumn 'Annotator' header over A1-A3, rows ending in '\\\\', cells separated by "
        "'&', escaped '\\%', '\\$', '\\&' and '\\_' (the ids are s_01 .. s_30), a \\midrule half-way; three "
        "annotators label 30 debate sentences CFS / UFS / NFS; 'Maj.' is the majority (derived); Speaker "
        "describes the sentence; reading it is right, refusing LaTeX with a clear message is acceptable",
        keywords=[r"latex", r"tabular", r"\.tex", r"maj"])


# ================================================================== B. clinical
def g_clinical():
    k = "clinical"
    # 8 heart murmur grades '3/6' and 'III/VI' from recorded auscultation
    S = ["HS-%03d" % i for i in sorted(rng.sample(range(1, 250), 30))]
    R = ["Student 1", "Student 2", "Student 3", "Student 4"]
    lv = [str(i) for i in range(7)]
    M = ordmat(S, R, lv, [14, 10, 20, 22, 18, 11, 5], p_off=0.4)
    rom = ["none", "I/VI", "II/VI", "III/VI", "IV/VI", "V/VI", "VI/VI"]
    rows = [["Recording", "Breed", "Age (y)", "HR (bpm)", "PMI"] + R + ["Cardiologist (reference)",
                                                                       "Echo: ACVIM stage"]]
    for s in S:
        t = int(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["CKCS", "CKCS", "Chihuahua", "Dachshund", "Boxer", "Labrador", "Poodle (min.)"]),
                     round(rng.uniform(1.5, 14), 1), rng.randint(80, 170),
                     "" if t == 0 else rng.choice(["left apex", "left apex", "left base", "right apex"])] +
                    [rom[int(M[s][r])] if r == "Student 3" else "%s/6" % M[s][r] for r in R] +
                    ["%d/6" % t, "Normal" if t == 0 else "B1" if t < 3 else rng.choice(["B2", "B2", "C"])])
    write_txt("murmur_grading_recordings.csv", rows)
    add("murmur_grading_recordings.csv", k, "import", reading(S, R, M, conv=lambda v: "%s/6" % v),
        "four veterinary students grade the intensity of heart murmurs on digital stethoscope recordings of dogs "
        "on the Levine scale written as a fraction of 6 ('3/6'; '0/6' = no murmur): text categories that look "
        "like dates or divisions; Student 3 writes Roman numerals ('III/VI', and 'none' for no murmur: the same "
        "grades); the cardiologist's grade is the reference, the ACVIM stage from echocardiography ('B1', 'B2', "
        "'C') the diagnosis; age (years, decimals), heart rate and the point of maximal intensity (PMI) describe "
        "the recording", keywords=[r"cardiologist", r"acvim", r"hr", r"pmi"],
        aliases={"%d/6" % i: [rom[i]] for i in range(7)})

    # 9 periodontitis stage and grade under merged periodontist headers
    S = ["PT-%04d" % i for i in sorted(rng.sample(range(1, 3000), 24))]
    R = ["Periodontist A", "Periodontist B", "Periodontist C"]
    st, gr, ex = ["I", "II", "III", "IV"], ["A", "B", "C"], ["Localised", "Generalised", "Molar-incisor"]
    S2, M = [], {}
    rows = [["Periodontal staging & grading calibration (2017 World Workshop classification) - 24 cases"],
            ["Patient", "Age", "Teeth lost (perio)", "Max RBL/age"] + sum([[r, "", ""] for r in R], []) +
            ["Calibration lead (consensus)", "", ""],
            ["", "", "", ""] + ["Stage", "Grade", "Extent"] * 4]
    for s in S:
        ts, tg = rng.choices(range(4), [15, 30, 35, 20])[0], rng.choices(range(3), [20, 55, 25])[0]
        te = rng.choices(range(3), [40, 50, 10])[0]
        for it in ("Stage", "Grade", "Extent"):
            M[(s, it)] = {}
            S2.append((s, it))
        for r in R:
            M[(s, "Stage")][r] = near(st, ts, 0.3)
            M[(s, "Grade")][r] = near(gr, tg, 0.35)
            M[(s, "Extent")][r] = ex[te] if rng.random() < 0.8 else rng.choice(ex)
        row = [s, rng.randint(28, 79), rng.choice([0, 0, 0, 1, 2, 3, 5]), round(rng.uniform(0.2, 1.6), 2)]
        for r in R:
            a, b, c = M[(s, "Stage")][r], M[(s, "Grade")][r], M[(s, "Extent")][r]
            if r == R[0]:
                row += ["Stage " + a, "Grade " + b, c]
            elif r == R[1]:
                row += [a, b, {"Localised": "Loc.", "Generalised": "Gen.", "Molar-incisor": "MIP"}[c]]
            else:
                row += [st.index(a) + 1, b, c.lower()]
        row += [st[ts], gr[tg], ex[te]]
        rows.append(row)
    xl("perio_staging_calibration.xlsx", [("Cases", rows)],
       merges={"Cases": ["A1:P1"] + [span(2, 5 + 3 * i, 3) for i in range(4)]})
    al = {v: ["Stage " + v, str(i + 1)] for i, v in enumerate(st)}
    al.update({v: ["Grade " + v] for v in gr})
    al.update({"Localised": ["Loc.", "localised"], "Generalised": ["Gen.", "generalised"],
               "Molar-incisor": ["MIP", "molar-incisor"]})
    add("perio_staging_calibration.xlsx", k, "import", rdi(S2, R, M),
        "periodontitis staging and grading (2017 classification) by three periodontists: a title row, then two "
        "header rows: each periodontist's name merged over Stage / Grade / Extent; subject = patient + Stage / "
        "Grade / Extent (reading only the stage is incomplete); Periodontist A writes 'Stage III' / 'Grade B', B "
        "writes 'III' / 'B' and 'Loc.' / 'Gen.' / 'MIP', C writes the stage as a number (3) and the extent in "
        "lower case (the same categories); the calibration lead's consensus is the reference; age, teeth lost "
        "and the radiographic bone loss / age ratio are not ratings",
        keywords=[r"consensus", r"calibration lead", r"rbl", r"teeth lost"], aliases=al)

    # 10 AO/OTA proximal femur codes, one surgeon with the hyphen, per-surgeon derived stability
    S = ["XR-%04d" % i for i in sorted(rng.sample(range(1, 5000), 28))]
    R = ["Surgeon 1", "Surgeon 2", "Surgeon 3", "Surgeon 4"]
    codes = ["31A1.2", "31A1.3", "31A2.2", "31A2.3", "31A3.1", "31A3.3", "31B1.1", "31B2.1", "31B2.2", "31B3"]
    M = ordmat(S, R, codes, [10, 8, 14, 10, 6, 5, 10, 12, 14, 11], p_off=0.35)

    def stab(c):
        return "Stable" if c.startswith("31A1") else "Unstable" if c.startswith("31A") else "n/a (neck)"
    rows = [["X-ray", "Age", "Sex", "Side"] + sum([["%s AO/OTA" % r, "%s stability (auto)" % r] for r in R], []) +
            ["Final code (trauma meeting)"]]
    for s in S:
        row = [s, rng.randint(61, 98), rng.choice(["F", "F", "M"]), rng.choice(["L", "R"])]
        for r in R:
            c = M[s][r]
            row += [c[:2] + "-" + c[2:] if r == "Surgeon 3" else c, stab(c)]
        rows.append(row + [mode([M[s][r] for r in R])])
    write_txt("ao_ota_hip_fracture_codes.csv", rows)
    add("ao_ota_hip_fracture_codes.csv", k, "import", reading(S, R, M),
        "proximal femur fractures classified on radiographs by four orthopaedic surgeons with the AO/OTA 2018 "
        "codes ('31A2.2' trochanteric, '31B2.1' femoral neck: one category each, not numbers); Surgeon 3 writes "
        "the older hyphenated form '31-A2.2' (the same code); after each surgeon's code a column 'stability "
        "(auto)' is a spreadsheet formula on that code (Stable / Unstable / n/a (neck)): derived, not a second "
        "judgement; the trauma meeting's final code is the reference; age, sex and side describe the patient",
        keywords=[r"auto", r"stability", r"final code", r"trauma meeting"],
        aliases={c: [c[:2] + "-" + c[2:]] for c in codes})

    # 11 HoNOS vignette training: trainees in rows, items in columns, 9 = not known, item 8 with its type
    vig = ["Vignette A", "Vignette B", "Vignette C", "Vignette D"]
    trainees = [("J. Okonkwo", "RMN"), ("S. Patel", "OT"), ("L. Murray", "RMN"), ("K. Zielińska", "Psychologist"),
                ("D. Evans", "Social worker"), ("F. Haddad", "ST4 psychiatry"), ("M. Byrne", "RMN"),
                ("A. Costa", "OT"), ("R. Thompson", "Support worker")]
    R = [t for t, _ in trainees]
    items = ["1 Overactive, aggressive", "2 Non-accidental self-injury", "3 Problem drinking or drug-taking",
             "4 Cognitive problems", "5 Physical illness or disability", "6 Hallucinations and delusions",
             "7 Depressed mood", "8 Other mental and behavioural problems", "9 Relationships",
             "10 Activities of daily living", "11 Living conditions", "12 Occupation and activities"]
    S, M, M8 = [], {}, {}
    rows = [["HoNOS rating training - 0 no problem, 1 minor, 2 mild, 3 moderate, 4 severe; 9 not known; item 8: "
             "score (type A-J)"], ["Vignette", "Trainee", "Profession"] + items + ["Total"]]
    for v in vig:
        true = [rng.choices(range(5), [30, 25, 20, 15, 10])[0] for _ in items]
        typ = rng.choice("ABCDEFGHIJ")
        for i in range(12):
            s = (v, str(i + 1))
            S.append(s)
            M[s], M8[s] = {}, {}
        for tr, prof in trainees:
            row = [v, tr, prof]
            tot = 0
            for i in range(12):
                s = (v, str(i + 1))
                x = 9 if rng.random() < 0.04 else near(range(5), true[i], 0.35)
                M[s][tr] = str(x)
                if i == 7 and x not in (0, 9):
                    ty = typ if rng.random() < 0.85 else rng.choice("ABCDEFGHIJ")
                    w = "%d (%s)" % (x, ty) if rng.random() < 0.8 else str(x)
                    M8[s][tr] = w
                    row.append(w)
                else:
                    M8[s][tr] = str(x)
                    row.append(x)
                tot += x if x != 9 else 0
            rows.append(row + [tot])
        rows.append([v, "Trainer's rating (key)", ""] + ["%d (%s)" % (x, typ) if i == 7 and x else x
                                                          for i, x in enumerate(true)] + [sum(true)])
    xl("honos_vignette_training.xlsx", [("Ratings", rows)], merges={"Ratings": ["A1:P1"]},
       wrap={"Ratings": 2})
    rd = rdi(S, R, M)
    rd8 = [[a, b, M8[tuple(a.split(" | "))][b]] for a, b, _ in rd]
    add("honos_vignette_training.xlsx", k, "import", [x for x in rd if x[2] != "9"],
        "a HoNOS rating training workbook: a legend row, then one row per vignette and trainee (raters in rows) "
        "with the 12 HoNOS items in columns scored 0-4; '9' = not known (no rating; reading it as a category is "
        "acceptable only if said); item 8 (other mental and behavioural problems) is written with its problem "
        "type '2 (F)' (the score is the rating; the letter names the kind of problem, and some trainees leave it "
        "out: reading '2 (F)' as a category of its own is acceptable too); after each vignette the 'Trainer's "
        "rating (key)' row is the reference, not a trainee; Total is derived; profession describes the trainee; "
        "subject = vignette + item",
        keywords=[r"\b9\b", r"not known", r"key", r"trainer", r"total"],
        alts=[alt([x for x in rd8 if x[2] != "9"], label="item 8 with its problem type"),
              alt(rd, must_note=True, label="9 as a category"),
              alt(rd8, must_note=True, label="9 as a category, item 8 with its type")])

    # 12 cervical cytology proficiency: a pipe-delimited LIS extract, long, sign-out rows in the screener column
    acc = ["GYN25-%06d" % i for i in sorted(rng.sample(range(1000, 99999), 25))]
    R = ["CT-JW", "CT-MA", "CT-RK", "CT-LP"]
    order = ["NILM", "ASC-US", "LSIL", "ASC-H", "HSIL"]
    M, TRUE = {}, {}
    for a in acc:
        t = rng.choices(order + ["AGC", "UNSAT"], [30, 16, 16, 10, 14, 7, 7])[0]
        TRUE[a] = t
        M[a] = {}
        for r in R:
            if t in order:
                M[a][r] = t if rng.random() < 0.7 else near(order, order.index(t), 1.0)
            else:
                M[a][r] = t if rng.random() < 0.8 else rng.choice(["NILM", "ASC-US"])
    lines = ["ACCESSION|SLIDE|SCREENER|SCREEN_DT|INTERP|HPV_REFLEX|TAT_MIN|COMMENT|"]
    for a in acc:
        d = dt.datetime(2025, 2, 3, 8) + dt.timedelta(minutes=rng.randint(0, 9000))
        for r in R + ["PATH-SIGNOUT"]:
            v = TRUE[a] if r == "PATH-SIGNOUT" else M[a][r]
            w = {"ASC-US": "ASCUS", "ASC-H": "ASCH"}.get(v, v) if r == "CT-RK" else v
            hpv = ("POS" if rng.random() < 0.5 else "NEG") if r == "PATH-SIGNOUT" and TRUE[a] == "ASC-US" else ""
            com = "" if r == "PATH-SIGNOUT" else rng.choice(["", "", "", "", "few endocervical cells",
                                                             "obscuring blood ~50%", "atrophic pattern",
                                                             "koilocytes?"])
            lines.append("|".join([a, "A1", r, (d + dt.timedelta(minutes=rng.randint(0, 600))).strftime(
                "%m/%d/%Y %H:%M"), w, hpv, str(rng.randint(4, 19)), com]) + "|")
    write_txt("cytology_proficiency_lis.txt", text="\r\n".join(lines) + "\r\n")
    rd = reading(acc, R, M)
    add("cytology_proficiency_lis.txt", k, "import", rd,
        "a laboratory information system extract (pipe-delimited with a trailing '|', CRLF) of a gynaecological "
        "cytology proficiency exercise: four cytotechnologists screen the same 25 ThinPrep slides and report "
        "the Bethesda interpretation NILM / ASC-US / LSIL / ASC-H / HSIL / AGC / UNSAT (unsatisfactory: a "
        "category); CT-RK's workstation writes 'ASCUS' and 'ASCH' (the same categories); one row per slide and "
        "screener, and after them a row with SCREENER 'PATH-SIGNOUT': the pathologist's final interpretation "
        "(the reference, not a screener: reading it as a fifth rater is acceptable only if said); HPV_REFLEX is "
        "the reflex HPV test of the specimen, TAT_MIN the screening time, COMMENT text",
        keywords=[r"signout|sign-out", r"pathologist", r"hpv", r"tat"],
        aliases={"ASC-US": ["ASCUS"], "ASC-H": ["ASCH"]},
        alts=[alt(rd + [[a, "PATH-SIGNOUT", TRUE[a]] for a in acc], must_note=True, label="sign-out as a rater")])

    # 13 ILAE 2017 seizure types from video-EEG, abbreviations by one epileptologist, clock times
    full_ = ["Focal aware", "Focal impaired awareness", "Focal to bilateral tonic-clonic",
             "Generalized tonic-clonic", "Generalized absence", "Unknown onset",
             "Functional/dissociative (non-epileptic)"]
    ab = dict(zip(full_, ["FAS", "FIAS", "FBTCS", "GTCS", "ABS", "UNK", "PNES"]))
    R = ["Epileptologist 1", "Epileptologist 2", "Epileptologist 3"]
    pts = ["EMU-%04d" % i for i in sorted(rng.sample(range(100, 999), 9))]
    nb = {0: [1], 1: [0, 2, 5], 2: [1, 3], 3: [2, 5], 4: [5, 1], 5: [1, 3], 6: [1, 5]}
    S, M = [], {}
    rows = [["Patient", "Event", "Onset (clock)", "Duration (s)", "EEG onset zone"] + R + ["Conference consensus"]]
    for p in pts:
        kind = rng.choice(["focal", "focal", "gen", "pnes"])
        clock = dt.datetime(2025, 1, 1, rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
        for e in range(rng.randint(2, 4)):
            s = (p, "Sz %d" % (e + 1))
            S.append(s)
            if kind == "focal":
                t = rng.choices([0, 1, 2, 5], [25, 45, 20, 10])[0]
            elif kind == "gen":
                t = rng.choices([3, 4, 5], [50, 35, 15])[0]
            else:
                t = rng.choice([6, 6, 6, 1, 5])
            M[s] = {}
            for r in R:
                v = full_[t] if rng.random() < 0.72 else full_[rng.choice(nb[t])]
                M[s][r] = v
            if rng.random() < 0.06:
                M[s][R[2]] = None
            clock += dt.timedelta(hours=rng.randint(2, 30), minutes=rng.randint(0, 59))
            zone = {0: "L temporal", 1: rng.choice(["L temporal", "R temporal", "R frontal"]), 2: "R frontal",
                    3: "generalized", 4: "generalized 3 Hz", 5: "not localisable", 6: "no EEG change"}[t]
            rows.append([p, "Sz %d" % (e + 1), clock.strftime("%H:%M:%S"),
                         rng.randint(8, 30) if t == 4 else rng.randint(25, 240), zone] +
                        [("" if M[s][r] is None else ab[M[s][r]] if r == R[1] else M[s][r]) for r in R] +
                        [full_[t]])
    write_txt("ilae_seizure_types_veeg.tsv", rows, delim="\t")
    add("ilae_seizure_types_veeg.tsv", k, "import", rdi(S, R, M),
        "seizures recorded in an epilepsy monitoring unit classified from the video-EEG by three epileptologists "
        "with the ILAE 2017 types (Focal aware / Focal impaired awareness / Focal to bilateral tonic-clonic / "
        "Generalized tonic-clonic / Generalized absence / Unknown onset / Functional/dissociative "
        "(non-epileptic): the slash is part of the label); Epileptologist 2 writes the abbreviations FAS, FIAS, "
        "FBTCS, GTCS, ABS, UNK, PNES (the same types); a blank = not reviewed; subject = patient + event "
        "('Sz 2'); the onset clock time, the duration in seconds and the EEG onset zone describe the event; the "
        "conference consensus is the reference",
        keywords=[r"consensus", r"onset", r"duration", r"eeg"], aliases={f: [a] for f, a in ab.items()})

    # 14 breast density a-d written four ways, beside the automated Volpara grade
    S = ["MG-25-%05d" % i for i in sorted(rng.sample(range(1, 99999), 30))]
    R = ["Reader 1", "Reader 2", "Reader 3", "Reader 4"]
    lv = ["a", "b", "c", "d"]
    words = {"a": "almost entirely fatty", "b": "scattered fibroglandular", "c": "heterogeneously dense",
             "d": "extremely dense"}
    M = ordmat(S, R, lv, [10, 40, 38, 12], p_off=0.35)
    rows = [["Exam ID", "Age", "Volpara VDG (auto)", "Volumetric breast density %", "Reader 1", "Reader 2",
             "Reader 3", "Reader 4", "Prior report density"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        vd = round([2.5, 5.5, 11.0, 21.0][t] * rng.uniform(0.7, 1.3), 1)
        rows.append([s, rng.randint(47, 73), "VDG %d" % clamp(t + 1 + rng.choice([-1, 0, 0, 0, 1]), 1, 4), vd,
                     M[s][R[0]], M[s][R[1]], M[s][R[2]].upper(), words[M[s][R[3]]],
                     rng.choice(["", near(lv, t, 0.4).upper()])])
    write_xlsx("breast_density_readers_volpara.xlsx", [("Density", rows)])
    add("breast_density_readers_volpara.xlsx", k, "import", reading(S, R, M),
        "screening mammograms assigned a BI-RADS (5th edition) breast density category a-d by four readers: "
        "readers 1 and 2 write the lower-case letter, reader 3 the capital ('C'), reader 4 the words "
        "('heterogeneously dense'): the same four categories; the Volpara density grade ('VDG 3', software) "
        "and the volumetric density % are automated measurements, not raters; the density in the prior report "
        "(often empty) is another time; age describes the woman",
        keywords=[r"volpara", r"vdg", r"volumetric", r"prior"],
        aliases={v: [v.upper(), words[v]] for v in lv})

    # 15 GOSE at 3 and 6 months: numbers with labels vs abbreviations, 'Lost to follow-up', ODS
    lab = ["Dead", "Vegetative state", "Lower severe disability", "Upper severe disability",
           "Lower moderate disability", "Upper moderate disability", "Lower good recovery", "Upper good recovery"]
    abb = ["Dead", "VS", "Lower SD", "Upper SD", "Lower MD", "Upper MD", "Lower GR", "Upper GR"]
    pts = ["TBI-%03d" % i for i in sorted(rng.sample(range(1, 400), 16))]
    R = ["Assessor A (interviewer)", "Assessor B (listening)"]
    S, M, LOST = [], {}, []
    rows = [["Study ID", "Assessment", "Date of injury", "Days since injury", "Mode", R[0], R[1], "Agreed GOSE"]]
    dead = pts[5]
    for p in pts:
        inj = dt.datetime(2024, 6, 1) + dt.timedelta(days=rng.randint(0, 150))
        t = rng.choices(range(2, 8), [3, 10, 20, 25, 22, 20])[0]
        for tp, days in (("3 months", 90), ("6 months", 182)):
            s = (p, tp)
            d = days + rng.randint(-10, 21)
            if p == dead and tp == "6 months":
                M[s] = {r: "1" for r in R}
                S.append(s)
                rows.append([p, tp, inj, d, "Death register", "1 - Dead", "Dead", 1])
                continue
            if rng.random() < 0.07:
                LOST.append(s)
                rows.append([p, tp, inj, "", "", "Lost to follow-up", "Lost to follow-up", ""])
                continue
            S.append(s)
            M[s] = {r: str(near(range(1, 9), t, 0.3)) for r in R}
            rows.append([p, tp, inj, d, rng.choice(["Telephone", "Telephone", "Clinic"]),
                         "%s - %s" % (M[s][R[0]], lab[int(M[s][R[0]]) - 1]), abb[int(M[s][R[1]]) - 1],
                         int(mode([M[s][r] for r in R]))])
            t = min(7, t + rng.choice([0, 0, 1]))
    write_ods("gose_followup_two_assessors.ods", [("GOSE", rows)])
    rd = rdi(S, R, M)
    add("gose_followup_two_assessors.ods", k, "import", rd,
        "the Glasgow Outcome Scale - Extended (GOSE 1-8) after traumatic brain injury at 3 and 6 months, from a "
        "structured interview scored by the interviewer and by a second assessor listening in (ODS): Assessor A "
        "writes '5 - Lower moderate disability', Assessor B the short names 'Lower MD', 'Upper GR', 'VS', 'Dead' "
        "(the same levels); subject = patient + time point; one patient died before 6 months (GOSE 1 from the "
        "death register, still a rating); 'Lost to follow-up' in both columns = no rating (reading it as a "
        "category is acceptable only if said); the agreed GOSE is the reference; date of injury, days since "
        "injury and mode describe the assessment",
        keywords=[r"lost", r"follow-?up", r"agreed", r"days"],
        aliases={str(i + 1): ["%d - %s" % (i + 1, lab[i]), abb[i]] + ([lab[i]] if lab[i] != abb[i] else [])
                 for i in range(8)},
        alts=[alt(rd + [["%s | %s" % s, r, "Lost to follow-up"] for s in LOST for r in R], must_note=True,
                  label="'Lost to follow-up' as a category")])


# ================================================================== C. judging and arts
def half(x, minus="-"):
    """a reining maneuver score as a judge writes it: '+½', '-1', '0', '+1½'."""
    if x == 0:
        return "0"
    a = abs(x)
    w = int(a)
    return ("+" if x > 0 else minus) + (str(w) if w else "") + ("½" if a - w else "")


def g_judging():
    k = "judging"
    # 16 NRHA reining: maneuver scores in halves with '½' and a Unicode minus, merged judge headers
    riders = ["C. Rasmussen", "M. Ferraro", "A. Bouchard", "S. Kaur", "J. Whitlock", "T. Nakagawa", "L. Moreau",
              "D. McCutcheon", "P. Ortiz", "E. Lindgren", "R. Beaumont", "K. O'Hara", "B. Santos", "H. Vogel"]
    horses = ["Gunners Tinseltown", "Spooks Gotta Whiz", "Wimpys Little Chic", "Smart Spook", "Shiners Voodoo Dr",
              "Magnum Chic Dream", "Inferno Sixty Six", "Tinker With Guns", "Whiz N Tag Chex", "Custom Pistol",
              "Mr Boomers Little Jay", "Dun Its Rodeo", "Hollywoodstinseltown", "Walla Walla Whiz"]
    J = ["Judge 1", "Judge 2", "Judge 3"]
    MV = ["M%d" % i for i in range(1, 9)]
    S, M = [], {}
    head1 = ["NRHA Open Derby - Go-round 1 - Pattern 9"]
    head2 = ["Draw", "Back #", "Rider", "Horse"] + sum([[j] + [""] * 9 for j in J], []) + ["Total"]
    head3 = ["", "", "", ""] + (MV + ["PEN", "SCORE"]) * 3 + [""]
    rows = [head1, head2, head3]
    zero = rng.randrange(len(riders))
    for i, (rd_, h) in enumerate(zip(riders, horses)):
        draw = str(i + 1)
        row = [i + 1, rng.randint(100, 999), rd_, h]
        q = rng.uniform(-0.6, 0.9)
        tot = 0
        if i == zero:
            for _ in J:
                row += [""] * 8 + ["", 0]
            rows.append(row + [0])
            continue
        for m in MV:
            s = (draw, m)
            S.append(s)
            b = clamp(round((q + rng.uniform(-0.6, 0.6)) * 2) / 2, -1.5, 1.5)
            M[s] = {j: "%g" % clamp(b + rng.choice([-0.5, 0, 0, 0, 0.5]), -1.5, 1.5) for j in J}
        for j in J:
            vals = [float(M[(draw, m)][j]) for m in MV]
            pen = rng.choice([0, 0, 0, 0, 0.5, 1, 2])
            for x in vals:
                row.append(half(x) if j == "Judge 1" else (int(x) if x == int(x) else x) if j == "Judge 2"
                           else half(x, "\u2212"))
            sc = 70 + sum(vals) - pen
            tot += sc
            row += [pen if pen else "", sc]
        rows.append(row + [tot])
    xl("nrha_reining_go_round.xlsx", [("Go 1", rows)],
       merges={"Go 1": ["A1:AH1"] + [span(2, 5 + 10 * i, 10) for i in range(3)]})
    al = {"0.5": ["+½", "½"], "-0.5": ["-½", "\u2212½"], "1.5": ["+1½", "1½"], "-1.5": ["-1½", "\u22121½"],
          "-1": ["\u22121"]}
    add("nrha_reining_go_round.xlsx", k, "import", rdi(S, J, M),
        "a reining go-round (NRHA): three judges score each of the 8 maneuvers of the pattern from -1½ to +1½ in "
        "halves; a title row and two header rows (each judge's name merged over M1 .. M8, PEN, SCORE); Judge 1 "
        "writes '+½', '-1', '+1½' as text, Judge 2 types numbers (0.5, -1), Judge 3 writes the minus as the "
        "Unicode sign '−½' (the same marks); subject = draw + maneuver, raters = the three judges; PEN "
        "(penalties) and SCORE (70 + maneuvers - penalties) per judge and the Total are derived; one run went "
        "off pattern (score 0, no maneuver marks); back number, rider and horse describe the run",
        keywords=[r"pen", r"score", r"total", r"back"], aliases=al)

    # 17 Tabbycat-style ballots: incomplete panels, winning side beside the team name and speaker scores
    pool = [("Amara Obi", "LSE"), ("Jonas Berg", "Oxford"), ("Mei Tan", "NUS"), ("Carlos Ruiz", "Durham"),
            ("Hannah Cole", "Edinburgh"), ("Dmitri Volkov", "Cambridge"), ("Leila Haddad", "KCL"),
            ("Tom Ashby", "Manchester"), ("Sofia Greco", "UCL"), ("Kwame Asante", "Warwick"),
            ("Ines Duarte", "Glasgow"), ("Ravi Menon", "St Andrews")]
    teams = ["Oxford A", "Cambridge B", "LSE A", "Durham A", "UCL B", "KCL A", "Warwick A", "Edinburgh B",
             "Glasgow A", "NUS A", "Manchester A", "St Andrews B"]
    motions = ["This House would ban political advertising on social media",
               "This House regrets the rise of the gig economy",
               "This House believes that central banks should target inequality",
               "This House would abolish legacy admissions"]
    A = [a for a, _ in pool]
    inst = dict(pool)
    S, M, TEAM, SP = [], {}, {}, {}
    rows = [["round", "motion", "room", "debate", "adjudicator", "institution", "adj_position", "prop_team",
             "opp_team", "winning_side", "winner", "prop_1", "prop_2", "prop_3", "prop_reply", "opp_1", "opp_2",
             "opp_3", "opp_reply", "margin"]]
    for rnd in range(1, 5):
        tm = rng.sample(teams, 12)
        for room in range(6):
            d = "R%d-%s" % (rnd, "ABCDEF"[room])
            S.append(d)
            pt, ot = tm[2 * room], tm[2 * room + 1]
            panel = rng.sample(A, 3)
            win = "Proposition" if rng.random() < 0.5 else "Opposition"
            M[d], TEAM[d] = {}, {}
            for j, a in enumerate(panel):
                v = win if rng.random() < 0.78 else ("Opposition" if win == "Proposition" else "Proposition")
                M[d][a] = v
                TEAM[d][a] = pt if v == "Proposition" else ot
                spk = [74, 75, 75, 76, 76, 77, 78]
                rep = [37, 37.5, 38, 38.5]
                sc = [rng.choice(spk) for _ in range(3)] + [rng.choice(rep)] + [rng.choice(spk) for _ in range(3)] + \
                    [rng.choice(rep)]
                w, lz = (0, 4) if v == "Proposition" else (4, 0)
                while sum(sc[w:w + 4]) <= sum(sc[lz:lz + 4]):
                    sc[w + rng.randrange(3)] += 1
                for x, pos in enumerate(["prop_1", "prop_2", "prop_3", "prop_reply", "opp_1", "opp_2", "opp_3",
                                         "opp_reply"]):
                    SP.setdefault((d, pos), {})[a] = "%g" % sc[x]
                rows.append([rnd, motions[rnd - 1], "Room %s" % "ABCDEF"[room], d, a, inst[a],
                             "Chair" if j == 0 else "Panellist", pt, ot, v, TEAM[d][a]] + sc +
                            ["%g" % abs(sum(sc[:4]) - sum(sc[4:]))])
    write_txt("tabbycat_ballots_export.csv", rows)
    full(M, A)
    full(TEAM, A)
    SPS = list(SP)
    full(SP, A)
    add("tabbycat_ballots_export.csv", k, "import", reading(S, A, M),
        "a debating tournament's ballots as a Tabbycat-style CSV, one row per adjudicator's ballot: 24 debates (4 "
        "rounds x 6 rooms) each judged by a panel of 3 of 12 adjudicators (an incomplete design: panels change "
        "every debate); each adjudicator votes the winning side (Proposition / Opposition) and gives speaker "
        "scores (74-78, replies 37-38.5) consistent with the vote; subject = debate ('R2-C'), rater = "
        "adjudicator, rating = winning_side; 'winner' repeats the vote as the team's name (a category that changes "
        "with every debate: reading it instead is acceptable), the speaker scores can be read as ratings of each "
        "speech instead (acceptable too); margin is derived, institution and adj_position (Chair / Panellist) "
        "describe the adjudicator, motion and teams the debate",
        keywords=[r"speaker", r"margin", r"winner", r"institution"],
        alts=[alt(reading(S, A, TEAM), label="winning team's name"),
              alt(rdi(SPS, A, SP), label="speaker scores per speech")])

    # 18 attribution of drawings: qualifiers 'Circle of', 'Workshop of', one expert writing short forms
    cats = ["Rembrandt", "Attributed to Rembrandt", "Workshop of Rembrandt", "Circle of Rembrandt",
            "Follower of Rembrandt", "After Rembrandt"]
    short = dict(zip(cats, ["autograph", "attributed", "workshop", "circle", "follower", "copy after"]))
    subj = ["Woman seated by a window", "Study of a beggar", "Landscape with a farmstead", "The angel leaving Tobit",
            "Sleeping lion", "Saskia in bed", "View of the Amstel", "Two studies of a child",
            "Christ among the doctors", "Old man with a stick", "Elephant", "Nude seated on a stool",
            "Cottage among trees", "Abraham dismissing Hagar", "Actor in costume", "Study of a head",
            "The prodigal son", "Winter landscape", "Three women at a door", "Self-portrait in a cap",
            "The entombment", "Camel", "Farm with a hay barn", "Young woman sleeping"]
    techs = ["pen and brown ink", "pen and brown ink, brown wash", "red chalk", "black chalk",
             "reed pen and brown ink, white heightening", "pen and brown ink, grey wash"]
    S = ["RP-T-19%02d-%d" % (rng.randint(0, 75), rng.randint(1, 300)) for _ in range(30)]
    S = uniq(S)[:24]
    R = ["Expert 1", "Expert 2", "Expert 3", "Expert 4"]
    M = ordmat(S, R, cats, [20, 18, 20, 16, 14, 12], p_off=0.4)
    rows = [["Rembrandt and his school - drawings in the collection: attribution review 2025"],
            ["Inv. no.", "Subject", "Technique", "Dimensions (mm)"] + R + ["Catalogue 1998",
                                                                         "Museum attribution (2025)"]]
    for s, sj in zip(S, subj):
        rows.append([s, sj, rng.choice(techs), "%d x %d" % (rng.randint(90, 260), rng.randint(120, 360))] +
                    [short[M[s][r]] if r == "Expert 3" else M[s][r] for r in R] +
                    [near(cats, clamp(cats.index(mode([M[s][r] for r in R])) - 1, 0, 5), 0.5),
                     mode([M[s][r] for r in R])])
    write_xlsx("drawings_attribution_review.xlsx", [("Attributions", rows)])
    add("drawings_attribution_review.xlsx", k, "import", reading(S, R, M),
        "a print room's attribution review: four specialists each attribute 24 drawings on the qualifier scale "
        "of museum catalogues (Rembrandt / Attributed to / Workshop of / Circle of / Follower of / After "
        "Rembrandt); Expert 3 writes only the qualifier ('autograph', 'workshop', 'copy after': the same "
        "categories); the 1998 catalogue's attribution (another time) and the museum's current attribution "
        "(the decision) are not raters; inventory numbers 'RP-T-1930-12' look like dates but are ids; technique "
        "and dimensions ('182 x 240') describe the sheet; a title row",
        keywords=[r"catalogue", r"museum attribution", r"1998", r"dimensions"],
        aliases={c: [short[c]] for c in cats})

    # 19 figure skating technical calls by trainee specialists: codes with '<', 'q', 'e', '!' and '+'
    skaters = [("A. Sato", "JPN"), ("L. Moreau", "FRA"), ("K. Novak", "CZE"), ("E. Hansen", "NOR"),
               ("M. Rossi", "ITA"), ("J. Kim", "KOR"), ("S. Becker", "GER"), ("O. Petrenko", "UKR")]
    els = [("3Lz+3T", ["3Lz+3T<", "3Lz+3Tq", "3Lze+3T", "3Lz!+3T"]), ("3F", ["3F!", "3Fe", "3Fq", "3F<"]),
           ("2A", ["2Aq", "2A<"]), ("FCSp4", ["FCSp3", "FCSp2"]), ("StSq3", ["StSq4", "StSq2"]),
           ("LSp4", ["LSp3"]), ("CCoSp4", ["CCoSp3", "CCoSp2"])]
    bv = {"3Lz+3T": 10.10, "3F": 5.30, "2A": 3.30, "FCSp4": 3.20, "StSq3": 3.30, "LSp4": 2.70, "CCoSp4": 3.50,
          "3Lz+3T<": 9.07, "3Lz+3Tq": 10.10, "3Lze+3T": 8.83, "3Lz!+3T": 10.10, "3F!": 5.30, "3Fe": 4.24,
          "3Fq": 5.30, "3F<": 4.24, "2Aq": 3.30, "2A<": 2.64, "FCSp3": 2.80, "FCSp2": 2.30, "StSq4": 3.90,
          "StSq2": 2.60, "LSp3": 2.40, "CCoSp3": 3.00, "CCoSp2": 2.50}
    R = ["Trainee %d" % i for i in range(1, 6)]
    S, M = [], {}
    rows = [["Skater", "Nation", "Start #", "El. #", "Official call (technical panel)"] + R + ["Base value"]]
    for n, (sk, nat) in enumerate(skaters):
        for e, (base, var) in enumerate(els):
            s = (sk, str(e + 1))
            S.append(s)
            off = base if rng.random() < 0.55 else rng.choice(var)
            M[s] = {r: off if rng.random() < 0.68 else rng.choice([base] + var) for r in R}
            rows.append([sk, nat, n + 1, e + 1, off] +
                        [M[s][r].replace("+", " + ") if r == "Trainee 4" else M[s][r] for r in R] +
                        ["%.2f" % bv[off]])
    write_txt("skating_technical_calls_seminar.csv", rows)
    combos = sorted({v for s in S for v in M[s].values() if "+" in v})
    add("skating_technical_calls_seminar.csv", k, "import", rdi(S, R, M),
        "an ISU technical specialist seminar: five trainees call the elements of 8 short programmes from video "
        "and their calls are compared with the official technical panel's call; each call is one category "
        "written in the ISU element codes: jump combinations '3Lz+3T' with an under-rotation '<', a quarter "
        "'q', an edge call 'e' or '!' attached ('3Lz+3T<', '3Fe', '2Aq'), spins and step sequences with their "
        "level ('CCoSp3', 'StSq4'); Trainee 4 writes combinations with spaces around the '+' ('3Lz + 3T<': the "
        "same call); subject = skater + element number, raters = Trainee 1-5; the official call is the "
        "reference and the base value (points) follows from it; nation and start number describe the skater",
        keywords=[r"official", r"base value", r"nation", r"start"],
        aliases={c: [c.replace("+", " + ")] for c in combos})

    # 20 CaFÉ-style jury export: Yes / No / Maybe, 'Recused', prices and inch dimensions
    R = ["Juror: M. Castillo", "Juror: D. Whitfield", "Juror: A. Nakamura"]
    artists = [("A-%05d" % rng.randint(10000, 99999), "%s %s" % (rng.choice(FIRST), rng.choice(
        ["Reyes", "Olsen", "Brandt", "Achebe", "Morgan", "Takeda", "Novak", "Lambert", "Quinn", "Farouk"])))
        for _ in range(16)]
    media = ["Oil on canvas", "Acrylic on panel", "Watercolor", "Ceramic, glaze", "Archival pigment print",
             "Mixed media", "Bronze", "Charcoal on paper"]
    titles = ["Tidal", "Morning, Route 9", "Untitled #4", "What the River Said", "Grandmother's Kitchen",
              "Static", "Borderlands II", "Salt", "The Long Field", "Afterimage", "Nocturne in Blue", "Paper Boats",
              "Orchard", "Self-portrait with Moth", "Rust Belt", "Quiet Hours"]
    S, M = [], {}
    rows = [["Artist ID", "Artist Name", "Image #", "Title", "Medium", "Dimensions", "Year", "Price"] + R +
            ["Yes votes", "Maybe votes"]]
    rec = {R[0]: artists[3][0], R[2]: artists[11][0]}
    for aid, an in artists:
        q = rng.choices(range(3), [35, 35, 30])[0]
        for im in range(1, rng.randint(1, 3) + 1):
            s = (aid, str(im))
            S.append(s)
            M[s] = {}
            for r in R:
                M[s][r] = "Recused" if rec.get(r) == aid else near(["Yes", "Maybe", "No"], q, 0.35)
            vs = list(M[s].values())
            rows.append([aid, an, im, rng.choice(titles), rng.choice(media),
                         '%d" x %d"' % (rng.choice([8, 12, 16, 24, 30, 36]), rng.choice([10, 12, 20, 24, 36, 48])),
                         rng.choice([2023, 2024, 2025]), "$%s.00" % format(rng.choice(
                             [350, 600, 850, 1200, 1800, 2400, 4500]), ","),
                         ] + vs + [vs.count("Yes"), vs.count("Maybe")])
    xl("cafe_jury_scores_export.xlsx", [("Jury Results", rows)])
    rd = rdi(S, R, M)
    add("cafe_jury_scores_export.xlsx", k, "import", [x for x in rd if x[2] != "Recused"],
        "a juried exhibition's scoring exported from a CaFÉ-style call-for-entry system: three jurors score every "
        "submitted image Yes / Maybe / No; 'Recused' = the juror declared a conflict with that artist and did "
        "not score (no rating; reading it as a category is acceptable only if said); subject = Artist ID + image "
        "number (an artist submits 1-3 images; titles repeat across artists), raters = the 'Juror: ..' columns; "
        "Yes votes / Maybe votes are counts (derived); price ('$1,200.00'), dimensions with inch marks ('24\" x "
        "36\"') and year describe the work",
        keywords=[r"recused", r"price", r"yes votes", r"maybe votes"],
        alts=[alt(rd, must_note=True, label="'Recused' as a category")])

    # 21 Eisteddfod adjudicators' classes (Welsh): 'Dosbarth II', 'II', 2; pseudonyms with ŵ and ŷ
    ffug = ["Llanw", "Gwenllian", "Ŵyr y Mynydd", "Tŷ Gwyn", "Aderyn Du", "Hiraeth", "Pererin", "Mab y Môr",
            "Cwmwl", "Ffin", "Glaslyn", "Rhosyn Gwyllt", "Ŷd", "Gwawr", "Derwen", "Tonnau", "Brethyn",
            "Seren Fore", "Cysgod", "Afon Ddu"]
    R = ["Beirniad A", "Beirniad B", "Beirniad C"]
    lv = ["I", "II", "III"]
    S = [str(i + 1) for i in range(len(ffug))]
    M = ordmat(S, R, lv, [20, 45, 35], p_off=0.3)
    gone = S[13]
    syl = ["cywydd crefftus", "angen mwy o gynildeb", "delweddu cryf", "cynganeddion llac", "", "", "",
           "agoriad gwych, diweddglo gwan", "gwallau iaith"]
    rows = [["Rhif", "Ffugenw", "Cystadleuaeth"] + [r + ": Dosbarth" for r in R] + ["Sylwadau", "Safle terfynol"]]
    ranked = sorted([s for s in S if s != gone], key=lambda s: sum(lv.index(M[s][r]) for r in R))
    for s, f in zip(S, ffug):
        if s == gone:
            rows.append([int(s), f, "Y Goron", "Tynnwyd yn ôl", "Tynnwyd yn ôl", "Tynnwyd yn ôl", "", ""])
            continue
        a, b, c = M[s][R[0]], M[s][R[1]], M[s][R[2]]
        rows.append([int(s), f, "Y Goron" if int(s) % 2 else "Y Gadair", "Dosbarth " + a, b, lv.index(c) + 1,
                     rng.choice(syl), {0: "1af", 1: "2il", 2: "3ydd"}.get(ranked.index(s), "")])
    write_txt("eisteddfod_dosbarthiadau_beirniaid.csv", rows)
    S = [s for s in S if s != gone]
    add("eisteddfod_dosbarthiadau_beirniaid.csv", k, "import", reading(S, R, M),
        "an Eisteddfod literary competition in Welsh (UTF-8): three adjudicators (Beirniad A-C) place each "
        "entry, known only by its pseudonym (Ffugenw: 'Ŵyr y Mynydd', 'Tŷ Gwyn', 'Ŷd', with ŵ and ŷ), in a class "
        "(Dosbarth I / II / III, ordered); Beirniad A writes 'Dosbarth II', B the Roman numeral 'II', C the "
        "number 2 (the same classes); one entry was withdrawn ('Tynnwyd yn ôl' = withdrawn, in every column: no "
        "rating); subject = Rhif (entry number); Cystadleuaeth (competition: Y Gadair / Y Goron) describes the "
        "entry, Sylwadau (remarks) is text, Safle terfynol (final place 1af / 2il / 3ydd) is derived",
        keywords=[r"sylwadau", r"tynnwyd", r"safle", r"cystadleuaeth"],
        aliases={v: ["Dosbarth " + v, str(i + 1)] for i, v in enumerate(lv)})


# ================================================================== D. education and HR
LAST = ["Abbott", "Bakshi", "Cho", "Delaney", "Ekwueme", "Fraser", "Gallagher", "Horvat", "Iqbal", "Jensen",
        "Kaplan", "Lindqvist", "Mahmoud", "Nowak", "O'Brien", "Pereira", "Quinlan", "Rahman", "Sørensen", "Tanaka",
        "Usman", "Vasquez", "Whitaker", "Xu", "Yilmaz", "Zamora", "Adeyemi", "Brennan", "Costa", "Dubois"]


def g_education():
    k = "education-hr"
    # 22 Blackboard Grade Center download: an .xls that is UTF-16 tab-separated text, marks per marker column
    studs = []
    for i in range(30):
        ln, fn = LAST[i], rng.choice(FIRST + ["Zoe", "Theo", "Ava", "Leo", "Mia", "Noah"])
        studs.append((ln, fn, "%s%s%04d" % (fn[0].lower(), ln[0].lower(), rng.randint(1000, 9999)),
                      "2023%04d" % rng.randint(0, 9999)))
    R = ["Reflective essay - Marker 1", "Reflective essay - Marker 2"]
    cid = {R[0]: 1532114, R[1]: 1532115}
    head = ["Last Name", "First Name", "Username", "Student ID", "Last Access", "Availability",
            "Quiz 1 [Total Pts: 10 Score] |1532101", "%s [Total Pts: 40 Score] |%d" % (R[0], cid[R[0]]),
            "%s [Total Pts: 40 Score] |%d" % (R[1], cid[R[1]]), "Reflective essay - Agreed [Total Pts: 40 Score] "
            "|1532116", "Weighted Total [Total Pts: up to 100 Percentage] |1532098",
            "Total [Total Pts: up to 50 Score] |1532099"]
    M = {}
    lines = []
    nosub = set(rng.sample(range(30), 2))
    pending = set(rng.sample([i for i in range(30) if i not in nosub], 3))
    for i, (ln, fn, un, sid) in enumerate(studs):
        quiz = rng.randint(3, 10)
        if i in nosub:
            m1 = m2 = ag = None
        else:
            t = rng.uniform(16, 37)
            m1 = clamp(round((t + rng.uniform(-3, 3)) * 2) / 2, 0, 40)
            m2 = clamp(round((t + rng.uniform(-3, 3)) * 2) / 2, 0, 40)
            ag = round((m1 + m2) / 2)
        M[un] = {R[0]: None if m1 is None else "%g" % m1,
                 R[1]: None if m2 is None or i in pending else "%g" % m2}
        c2 = "Needs Grading" if i in pending else ("" if m2 is None else "%.5f" % m2)
        tot = quiz + (ag if ag is not None and i not in pending else 0)
        la = dt.datetime(2025, 3, 1) + dt.timedelta(minutes=rng.randint(0, 15000))
        lines.append([ln, fn, un, sid, la.strftime("%Y-%m-%d %H:%M:%S"), "Yes", "%.5f" % quiz,
                      "" if m1 is None else "%.5f" % m1, c2,
                      "" if ag is None or i in pending else "%.5f" % ag, "%.5f" % (100.0 * tot / 50), "%.5f" % tot])
    text = "".join("\t".join('"%s"' % c.replace('"', '""') for c in r) + "\r\n" for r in [head] + lines)
    write_txt("gc_EDU2041_fullgc_2025-03-14-09-12-40.xls", enc="utf-16-le", bom=True, text=text)
    U = [s[2] for s in studs]
    add("gc_EDU2041_fullgc_2025-03-14-09-12-40.xls", k, "import", reading(U, R, M),
        "a Blackboard Learn Grade Center 'Download Results' file: named .xls but tab-separated UTF-16 text with "
        "every field in double quotes; the column names carry the points possible and the column id "
        "('Reflective essay - Marker 1 [Total Pts: 40 Score] |1532114'); the essay is double-marked in two "
        "columns (Marker 1, Marker 2: the raters, marks 0-40 in half points written '31.50000'); 'Needs "
        "Grading' = the second marker has not marked yet (no rating), an empty cell = not submitted; subject = "
        "Username (or Student ID); the agreed mark, Weighted Total and Total are derived, Quiz 1 is another "
        "assessment; Last Access and Availability are not ratings",
        keywords=[r"needs grading", r"agreed", r"quiz", r"total"])

    # 23 doctoral examiners' independent preliminary recommendations: letters, phrases and short forms
    codes = ["a", "b", "c", "d", "e", "f"]
    phrase = {"a": "(a) Award - no corrections", "b": "(b) Award with minor corrections",
              "c": "(c) Award subject to major corrections", "d": "(d) Revise and resubmit for PhD",
              "e": "(e) Award MPhil", "f": "(f) Fail"}
    shortp = {"a": "No corrections", "b": "Minor corrections", "c": "Major corrections", "d": "Resubmit",
              "e": "MPhil", "f": "Fail"}
    R = ["Internal examiner", "External examiner", "Second external (staff candidates)"]
    cands = ["PGR-20%02d-%04d" % (rng.randint(19, 22), rng.randint(1, 999)) for _ in range(20)]
    cands = uniq(cands)[:18]
    staff = set(rng.sample(cands, 5))
    schools = ["Chemistry", "History", "Computer Science", "Psychology", "Civil Engineering", "Music", "Nursing"]
    tw = ["Towards", "On the", "Rethinking", "Modelling", "A History of", "Measuring"]
    tt = ["Coastal Erosion in North Wales", "Hydrogen Storage in MOFs", "Choral Practice in Victorian Leeds",
          "Trust in Automated Triage", "Fatigue in Timber Bridges", "Grief among Nurses", "Sparse Graph Learning"]
    M = {}
    rows = [["Candidate", "School", "Thesis title", "Viva date", "Independent chair"] + R + ["Joint recommendation"]]
    for c in cands:
        t = rng.choices(range(6), [8, 45, 25, 12, 6, 4])[0]
        M[c] = {R[0]: near(codes, t, 0.3), R[1]: near(codes, t, 0.3),
                R[2]: near(codes, t, 0.3) if c in staff else None}
        rows.append([c, rng.choice(schools), "%s %s" % (rng.choice(tw), rng.choice(tt)),
                     dt.datetime(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 120)),
                     "Prof. %s" % rng.choice(LAST) if c in staff else "", phrase[M[c][R[0]]], shortp[M[c][R[1]]],
                     M[c][R[2]] or "", phrase[codes[t]]])
    write_xlsx("viva_preliminary_reports.xlsx", [("Preliminary reports", rows)])
    add("viva_preliminary_reports.xlsx", k, "import", reading(cands, R, M),
        "a graduate school's record of doctoral examiners' independent preliminary reports (before the viva): "
        "the internal examiner writes the regulation's wording with its letter ('(b) Award with minor "
        "corrections'), the external examiner a short form ('Minor corrections'), and for staff candidates only a "
        "second external examiner the letter alone ('b'): the same six outcomes a-f; the second external column "
        "is empty for the others (not a rater of them); the joint recommendation after the viva is the decision "
        "(the reference); subject = Candidate ('PGR-2021-0457': an id, not a date); school, title, viva date "
        "and the independent chair describe the examination",
        keywords=[r"joint", r"chair", r"second external"],
        aliases={c: [phrase[c], shortp[c]] for c in codes})

    # 24 seed scripts in on-screen marking: examiners in long form, definitive marks, tolerances
    items = [("01", 2), ("02", 4), ("03(a)", 4), ("03(b)", 8), ("04", 12), ("05(i)", 2), ("05(ii)", 6), ("06", 16)]
    tol = {2: 0, 4: 0, 6: 1, 8: 1, 12: 2, 16: 3}
    seeds = ["SEED-%02d" % i for i in (3, 7, 12)]
    ex = ["E%04d" % x for x in sorted(rng.sample(range(100, 9999), 10))]
    role = {e: "Assistant examiner" for e in ex}
    role[ex[0]] = role[ex[5]] = "Team leader"
    S, M, DEF = [], {}, {}
    for sd in seeds:
        ab = rng.uniform(0.3, 0.85)
        for it, mx in items:
            s = (sd, it)
            S.append(s)
            DEF[s] = int(round(ab * mx + rng.uniform(-1, 1)))
            DEF[s] = clamp(DEF[s], 0, mx)
            M[s] = {e: str(clamp(DEF[s] + (rng.choice([-1, 0, 0, 0, 1]) * max(1, mx // 4)
                                           if rng.random() < 0.5 else 0), 0, mx)) for e in ex}
    rows = [["Component", "Seed", "Item", "Max mark", "Examiner", "Examiner role", "Mark", "Definitive mark",
             "Difference", "Tolerance", "Within tolerance"]]
    for e in ex:
        for s in S:
            mx = dict(items)[s[1]]
            d = int(M[s][e]) - DEF[s]
            rows.append(["8145/2B", s[0], s[1], mx, e, role[e], int(M[s][e]), DEF[s], "%+d" % d if d else "0",
                         "±%d" % tol[mx], "Y" if abs(d) <= tol[mx] else "N"])
    write_txt("seed_marking_tolerance_report.csv", rows)
    add("seed_marking_tolerance_report.csv", k, "import", rdi(S, ex, M),
        "an awarding body's seed-script report from on-screen marking, long (one row per examiner, seed script "
        "and item): 10 examiners mark the same three seed scripts item by item (items '01', '03(a)', '05(ii)' "
        "with their maximum marks 2-16); subject = seed + item, rater = Examiner (team leaders mark too: the "
        "role describes the examiner), rating = Mark; the definitive mark (the principal examiner's) is the "
        "reference; Difference ('+1', '-2'), the tolerance ('±2') and 'Within tolerance' (Y / N) are derived; "
        "the component code '8145/2B' is the same on every row",
        keywords=[r"definitive", r"difference", r"tolerance"])

    # 25 one45-style evaluation export: O-SCORE entrustment with quoted anchors, 'Unable to assess'
    anchors = ['1 - "I had to do"', '2 - "I had to talk them through"', '3 - "I had to prompt them from time to '
               'time"', '4 - "I needed to be in the room just in case"', '5 - "I did not need to be there"']
    qs = ["Q1 History taking", "Q2 Physical examination", "Q3 Clinical reasoning", "Q4 Communication with patient",
          "Q5 Entrustment decision"]
    encs = ["ENC-%03d" % i for i in sorted(rng.sample(range(1, 300), 8))]
    res = ["Dr. N. Achebe (PGY1)", "Dr. T. Larsen (PGY1)", "Dr. P. Gupta (PGY2)", "Dr. H. Kim (PGY1)",
           "Dr. S. Moreau (PGY2)", "Dr. L. Fischer (PGY1)"]
    who_ = dict(zip(encs, res + [res[1], res[3]]))
    noexam = encs[4]
    fac = ["Dr. R. Alvarez", "Dr. J. Chen", "Dr. M. Owusu", "Dr. K. Brandt", "Dr. A. Russo", "Dr. E. Walsh",
           "Dr. D. Ivanov", "Dr. F. Nasser"]
    S, M = [], {}
    recs = []
    narr = ["Thorough history, but missed red flags for PE.", "Good rapport; closed questions too early.",
            "Clear plan, discussed safety-netting.\nWould like more structure in the exam.",
            "Efficient and kind. Consider summarising back to the patient.", "Needs to commit to a diagnosis.",
            "Excellent, \"textbook\" consultation."]
    for e in encs:
        lvl = rng.choices(range(5), [5, 20, 35, 30, 10])[0]
        for q in qs:
            s = (e, q)
            S.append(s)
            M[s] = {}
        for f in fac:
            ev = "EV%06d" % rng.randint(100000, 999999)
            done = dt.datetime(2025, 2, 10, 9) + dt.timedelta(minutes=rng.randint(0, 20000))
            for q in qs:
                s = (e, q)
                if q.startswith("Q5"):
                    v = "Yes" if near(range(5), lvl, 0.4) >= 3 else "Not yet"
                    M[s][f] = v
                    ans = v
                elif q.startswith("Q2") and e == noexam and rng.random() < 0.8 or rng.random() < 0.03:
                    M[s][f] = None
                    ans = "Unable to assess"
                else:
                    x = near(range(5), lvl, 0.35)
                    M[s][f] = str(x + 1)
                    ans = anchors[x]
                recs.append([ev, "Video EPA calibration 2025", f, "Faculty", who_[e], e, q[:2], q[3:], ans,
                             done.strftime("%m/%d/%Y %I:%M %p")])
            recs.append([ev, "Video EPA calibration 2025", f, "Faculty", who_[e], e, "Q6", "Narrative feedback",
                         rng.choice(narr), done.strftime("%m/%d/%Y %I:%M %p")])
    rows = [["Evaluation ID", "Form", "Evaluator", "Evaluator role", "Evaluatee", "Encounter", "Question #",
             "Question", "Answer", "Completed"]] + recs
    write_txt("one45_epa_video_calibration.csv", rows)
    rd = rdi(S, fac, M)
    UA = [["%s | %s" % s, f, "Unable to assess"] for s in S for f in fac if M[s][f] is None]
    add("one45_epa_video_calibration.csv", k, "import", rd,
        "a residency programme's evaluation export (one45-style, long: one row per evaluation and question): 8 "
        "faculty each evaluate the same 8 recorded encounters on a video EPA form; questions Q1-Q4 use the "
        "O-SCORE entrustment anchors written with their quotes ('3 - \"I had to prompt them from time to time\"': "
        "the levels 1-5), Q5 is an entrustment decision Yes / Not yet (an item too), Q6 narrative feedback "
        "(free text with commas, quotes and line breaks: not a rating); subject = Encounter + question, rater = "
        "Evaluator; the Evaluatee (the resident in the video) is not the subject: two residents appear in two "
        "encounters each; 'Unable to assess' (no physical examination in one video) = no rating (reading it as "
        "a category is acceptable only if said); evaluation id, role and completion time are not ratings",
        keywords=[r"unable to assess", r"narrative", r"evaluatee", r"q6"],
        aliases={str(i + 1): [a] for i, a in enumerate(anchors)},
        alts=[alt(rd + UA, must_note=True, label="'Unable to assess' as a category")])

    # 26 nine-box talent review: 'H/M' by the line manager, box names by the skip-level, a legend sheet
    pl = ["L", "M", "H"]
    names = {(0, 0): "Talent risk", (1, 0): "Effective", (2, 0): "Trusted professional",
             (0, 1): "Inconsistent player", (1, 1): "Core player", (2, 1): "High performer",
             (0, 2): "Rough diamond", (1, 2): "Future star", (2, 2): "Star"}
    box = {(pf, pt): 1 + pf + 3 * pt for pf in range(3) for pt in range(3)}
    emps = ["E%05d" % x for x in sorted(rng.sample(range(10000, 99999), 30))]
    R = ["Line manager placement", "Skip-level placement"]
    M, TWO = {}, {}
    rows = [["Employee ID", "Job title", "Function", "Time in role (months)"] + R +
            ["HRBP calibrated box", "Flight risk (line manager)"]]
    for e in emps:
        months = rng.choice([3, 4, 8, 12, 18, 24, 30, 40, 55, 70])
        pf, pt = rng.choices(range(3), [20, 55, 25])[0], rng.choices(range(3), [30, 50, 20])[0]
        M[e] = {}
        for r in R:
            if months < 6:
                M[e][r] = None
                continue
            a, b = pl.index(near(pl, pf, 0.3)), pl.index(near(pl, pt, 0.3))
            M[e][r] = "%s/%s" % (pl[a], pl[b])
        cellv = []
        for r in R:
            v = M[e][r]
            if v is None:
                cellv.append("Too new to rate")
            elif r == R[0]:
                cellv.append(v)
            else:
                a, b = pl.index(v[0]), pl.index(v[2])
                cellv.append("Box %d - %s" % (box[(a, b)], names[(a, b)]))
        rows.append([e, rng.choice(["Analyst", "Senior Analyst", "Engineer", "Team Lead", "Account Manager"]),
                     rng.choice(["Finance", "Operations", "Sales", "IT"]), months] + cellv +
                    ["" if months < 6 else box[(pf, pt)], rng.choice(["Low", "Low", "Medium", "High"])])
    for e in emps:
        for r in R:
            v = M[e][r]
            TWO.setdefault((e, "performance"), {})[r] = v and v[0]
            TWO.setdefault((e, "potential"), {})[r] = v and v[2]
    legend = [["Box", "Name", "Performance", "Potential", "Notation"]] + \
        [[box[(a, b)], names[(a, b)], pl[a], pl[b], "%s/%s" % (pl[a], pl[b])] for b in range(3) for a in range(3)] + \
        [[], ["Notation: performance / potential, L = low, M = medium, H = high"]]
    xl("talent_review_nine_box.xlsx", [("Placements", rows), ("9-box legend", legend)])
    al = {"%s/%s" % (pl[a], pl[b]): ["Box %d - %s" % (box[(a, b)], names[(a, b)])] for a in range(3)
          for b in range(3)}
    add("talent_review_nine_box.xlsx", k, "import", reading(emps, R, M),
        "a talent review: each employee is placed on the 9-box grid (performance x potential) by the line manager "
        "and by the skip-level manager; the line manager writes 'H/M' (performance / potential), the skip-level "
        "the box with its name ('Box 6 - High performer'); the second sheet's legend maps the boxes to 'H/M' (the "
        "same 9 categories); 'Too new to rate' (under 6 months in role) = no rating; subject = Employee ID, raters "
        "= the two placement columns; the HRBP's calibrated box number is the outcome (the reference), flight "
        "risk is the line manager's alone; reading performance and potential as two items is acceptable too",
        keywords=[r"hrbp", r"calibrat", r"too new", r"legend", r"flight"], aliases=al,
        alts=[alt(rdi(list(TWO), R, TWO), label="performance and potential as two items")])

    # 27 academic integrity panel: members from a pool, abbreviations by one member, similarity %
    outs = ["No case to answer", "Poor academic practice", "Academic misconduct - minor",
            "Academic misconduct - major", "Refer to university panel"]
    ab_ = {"No case to answer": "NCTA", "Poor academic practice": "PAP", "Academic misconduct - minor": "AM-minor",
           "Academic misconduct - major": "AM-major", "Refer to university panel": "Refer"}
    pen = {"No case to answer": "None", "Poor academic practice": "Resubmit, uncapped",
           "Academic misconduct - minor": "Mark capped at 40", "Academic misconduct - major": "Module mark 0",
           "Refer to university panel": "Pending"}
    pool = ["Dr K. Mensah", "Dr P. Nkemelu", "Ms R. Clarke", "Dr S. Lindahl", "Prof. A. Romano", "Dr H. Yousef",
            "Mr T. Grant"]
    cases = ["AIO/2024-25/%04d" % x for x in sorted(rng.sample(range(1, 400), 20))]
    M = {c: {p: None for p in pool} for c in cases}
    rows = [["Case ref", "Module", "Similarity index", "Panel member", "Outcome", "Penalty applied", "Notes"]]
    for i, c in enumerate(cases):
        t = rng.choices(range(5), [15, 35, 30, 15, 5])[0]
        sim = clamp(int(12 + 14 * t + rng.uniform(-10, 12)), 3, 96)
        mod = rng.choice(["LAW1012", "BUS2204", "PSY1101", "CMP2003", "NUR1040"])
        panel = [pool[i % 7]] + rng.sample([p for p in pool if p != pool[i % 7]], 2)
        for p in panel:
            v = near(outs, t, 0.35)
            M[c][p] = v
            rows.append([c, mod, "%d%%" % sim, p, ab_[v] if p == "Dr P. Nkemelu" else v, pen[v],
                         rng.choice(["", "", "student admitted using a paraphrasing tool",
                                     "references missing for section 2", "collusion with another student?"])])
    write_txt("academic_integrity_panel_outcomes.csv", rows)
    add("academic_integrity_panel_outcomes.csv", k, "import", reading(cases, pool, M),
        "a university's academic integrity panel log, one row per case and panel member: each case is decided "
        "independently by 3 of 7 panel members (an incomplete design) on an ordered outcome scale (No case to "
        "answer / Poor academic practice / Academic misconduct - minor / - major / Refer to university panel); "
        "Dr P. Nkemelu writes the office's abbreviations NCTA, PAP, AM-minor, AM-major, Refer (the same "
        "outcomes); subject = Case ref ('AIO/2024-25/0137': slashes and a year range, an id), rater = Panel "
        "member; the similarity index ('34%') is the software's measurement, the penalty follows from the "
        "outcome, module and notes describe the case",
        keywords=[r"similarity", r"penalty", r"module", r"notes"],
        aliases={o: [ab_[o]] for o in outs})


# ================================================================== E. industry QA
def g_industry():
    k = "industry-qa"
    # 28 olive oil panel test (IOC method) in Spanish: continuous intensities with decimal commas, median rows
    atts = ["Frutado", "Atrojado/Borras", "Moho-Humedad-Tierra", "Avinado-Avinagrado", "Rancio", "Otros defectos",
            "Amargo", "Picante"]
    defects = atts[1:6]
    smp = ["M-25/%03d" % i for i in sorted(rng.sample(range(1, 400), 10))]
    R = ["C%02d" % i for i in range(1, 9)]
    S, M = [], {}
    rows = [["Muestra", "Fecha cata", "Catador"] + atts + ["Observaciones"]]
    for sm in smp:
        true = {"Frutado": rng.uniform(1.5, 6.5), "Amargo": rng.uniform(0.8, 5.5), "Picante": rng.uniform(1, 6)}
        bad = rng.sample(defects[:4], 1)[0] if rng.random() < 0.4 else None
        for d in defects:
            true[d] = rng.uniform(1.5, 4.5) if d == bad else 0.0
        if bad:
            true["Frutado"] = max(0.0, true["Frutado"] - 2)
        for a in atts:
            s = (sm, a)
            S.append(s)
            M[s] = {}
            for r in R:
                if true[a] == 0:
                    v = 0.0 if rng.random() < 0.85 else round(rng.uniform(0.5, 1.5), 1)
                else:
                    v = round(clamp(true[a] + rng.gauss(0, 0.6), 0, 10), 1)
                M[s][r] = v
        fecha = "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 4))
        for r in R:
            rows.append([sm, fecha, r] + [("0" if M[(sm, a)][r] == 0 else dec(M[(sm, a)][r])) for a in atts] +
                        [rng.choice(["", "", "", "", "ligero almendrado", "notas de hierba", "dudoso"])])
        med = {a: statistics.median(M[(sm, a)][r] for r in R) for a in atts}
        md = max(med[d] for d in defects)
        cls = "Virgen extra" if md == 0 and med["Frutado"] > 0 else "Virgen" if md <= 3.5 else "Lampante"
        rows.append([sm, fecha, "Mediana"] + [("0" if med[a] == 0 else dec(med[a], 2)) for a in atts] +
                    ["Clasificación: " + cls])
    for s in S:
        for r in R:
            M[s][r] = "%g" % M[s][r]
    write_txt("panel_test_aceite_oliva.csv", rows, delim=";", enc="cp1252", nl="\r\n")
    add("panel_test_aceite_oliva.csv", k, "import", rdi(S, R, M),
        "a virgin olive oil panel test (IOC sensory method) from a Spanish laboratory (';'-separated, cp1252, "
        "decimal commas, CRLF): 8 tasters (Catador C01-C08) each rate the intensity of the positive attributes "
        "(Frutado, Amargo, Picante) and the defects (Atrojado/Borras, Moho-Humedad-Tierra, Avinado-Avinagrado, "
        "Rancio, Otros defectos) of 10 samples on the 0-10 scale with one decimal ('3,4'; 0 = not perceived): "
        "continuous ratings; subject = sample + attribute, rater = Catador; after each sample a 'Mediana' row "
        "holds the panel's medians (derived, not a taster) and the classification (Virgen extra / Virgen / "
        "Lampante) derived from them; the tasting date and remarks are not ratings",
        keywords=[r"mediana", r"clasificaci", r"observaciones"])

    # 29 cross-cut adhesion from photos: ASTM '4B' at one plant, ISO 'Gt 1' at the other, a legend footer
    iso = ["Gt 0", "Gt 1", "Gt 2", "Gt 3", "Gt 4", "Gt 5"]
    astm = dict(zip(iso, ["5B", "4B", "3B", "2B", "1B", "0B"]))
    S = ["XC-%03d" % i for i in sorted(rng.sample(range(1, 500), 30))]
    R = ["Inspector US-1 (ASTM)", "Inspector US-2 (ASTM)", "Inspector DE-1 (ISO)", "Inspector DE-2 (ISO)"]
    M = ordmat(S, R, iso, [30, 28, 18, 12, 7, 5], p_off=0.35)
    rows = [["Photo", "Coating system", "Substrate", "DFT (µm)"] + R + ["Lab reference (ISO)"]]
    for s in S:
        t = iso.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["2K PU topcoat", "Epoxy primer + PU", "Powder coat polyester", "E-coat + PU"]),
                     rng.choice(["CRS", "HDG", "Al 5052"]), rng.randint(55, 140)] +
                    [astm[M[s][r]] if "ASTM" in r else (M[s][r].replace(" ", "") if r.endswith("DE-2 (ISO)")
                                                       else M[s][r]) for r in R] + [iso[t]])
    rows += [[], ["Legend: ASTM D3359 (method B) 5B = ISO 2409 Gt 0 (0 % removed); 4B = Gt 1 (< 5 %); 3B = Gt 2 "
                  "(5-15 %); 2B = Gt 3 (15-35 %); 1B = Gt 4 (35-65 %); 0B = Gt 5 (> 65 %)"]]
    write_txt("crosscut_adhesion_two_plants.csv", rows)
    add("crosscut_adhesion_two_plants.csv", k, "import", reading(S, R, M),
        "a coating adhesion calibration between two plants: four inspectors classify the same 30 photographs of "
        "cross-cut test areas; the US inspectors use ASTM D3359 classes (5B = no flaking .. 0B), the German "
        "inspectors ISO 2409 classes (Gt 0 .. Gt 5, in the reverse direction; DE-2 writes 'Gt1'); the legend "
        "line under the data gives the equivalence 5B = Gt 0 .. 0B = Gt 5: one scale of 6 categories written "
        "two ways (reading 4B and Gt 1 as different categories is wrong); the lab reference is not a rater; "
        "coating system, substrate and the dry film thickness (DFT, µm) describe the panel",
        keywords=[r"legend", r"lab reference", r"dft", r"astm", r"iso 2409"],
        aliases={g: [astm[g], g.replace(" ", "")] for g in iso})

    # 30 Power BI export of egg grading: long, a count column, 'Applied filters' under the data
    R = ["Grader 2145", "Grader 2207", "Grader 2319", "Grader 2402"]
    lv = ["AA", "A", "B", "Check", "Dirty", "Loss"]
    eggs = ["F%02d-%02d" % (f, e) for f in (3, 8) for e in range(1, 16)]
    M = {}
    for eg in eggs:
        t = rng.choices(range(6), [35, 30, 12, 12, 6, 5])[0]
        M[eg] = {r: (near(lv[:3], t, 0.35) if t < 3 else (lv[t] if rng.random() < 0.8 else rng.choice(lv)))
                 for r in R}
    rows = [["Plant", "Sample date", "Flat", "Egg ID", "Grader", "Grade", "Haugh units", "Count of Egg ID"]]
    hu = {eg: round(rng.uniform(55, 92), 1) for eg in eggs}
    for eg in eggs:
        for r in R:
            rows.append(["Plant 7", dt.datetime(2025, 3, 11), "Flat " + eg[1:3], eg, r, M[eg][r], hu[eg], 1])
    rows += [[], ["Applied filters:\nPlant is Plant 7\nSample date is 3/11/2025\nGrader is not (Blank)"]]
    write_xlsx("powerbi_egg_grading_export.xlsx", [("Export", rows)])
    add("powerbi_egg_grading_export.xlsx", k, "import", reading(eggs, R, M),
        "a Power BI table visual exported to Excel ('Export data'): one row per egg and grader from a USDA shell "
        "egg grading check at a plant: four graders candle the same 30 eggs and grade them AA / A / B or the "
        "non-consumer categories Check (cracked shell), Dirty and Loss (all categories); subject = Egg ID "
        "('F03-07': flat and position), rater = Grader ('Grader 2145': a badge number in the name); the Haugh "
        "units are a measurement of the broken-out egg, 'Count of Egg ID' is Power BI's count measure (1 on "
        "every row); under the data a cell 'Applied filters:' lists the report's filters over several lines",
        keywords=[r"applied filters", r"haugh", r"count of"])

    # 31 borescope findings: a title block with an ATA chapter '72-00-00', abbreviations by one inspector
    cats = ["Serviceable", "Serviceable - reduced interval", "Unserviceable"]
    abb = dict(zip(cats, ["SVC", "SVC-RI", "U/S"]))
    R = ["L. Moreau (L2)", "D. Park (L2)", "S. Iyer (L3)"]
    locs = ["Leading edge", "Trailing edge", "Tip", "Platform", "Concave (pressure side)"]
    blades = sorted(rng.sample(range(1, 81), 22))
    S, M = [], {}
    rows = [["Borescope inspection review - CFM56-7B - HPT stage 1 blades"], ["Work order", "WO-2025-03-1187"],
            ["ATA chapter", "72-00-00"], ["Engine S/N", "892-451"], [],
            ["Blade #", "Location", "Indication", "Max. dimension (mm)"] + R + ["Engineering disposition",
                                                                              "AMM limit ref."]]
    for b in blades:
        for loc in rng.sample(locs, rng.choice([1, 1, 1, 2])):
            s = (str(b), loc)
            S.append(s)
            t = rng.choices(range(3), [55, 30, 15])[0]
            M[s] = {r: near(cats, t, 0.3) for r in R}
            rows.append([b, loc, rng.choice(["nick", "burn", "crack", "coating loss", "dent", "erosion"]),
                         round([0.6, 1.4, 2.6][t] * rng.uniform(0.6, 1.4), 1)] +
                        [abb[M[s][r]] if r.startswith("D. Park") else M[s][r] for r in R] +
                        [cats[t], "72-00-00 Fig. %d" % rng.choice([601, 602, 604])])
    write_xlsx("borescope_hpt_blade_review.xlsx", [("Findings", rows)])
    add("borescope_hpt_blade_review.xlsx", k, "import", rdi(S, R, M),
        "a borescope inspection review of an engine's high-pressure turbine blades: a title block of label / "
        "value rows (work order, ATA chapter '72-00-00', engine serial '892-451': not dates, not data) and a "
        "blank row above the header; three inspectors disposition every indication Serviceable / Serviceable - "
        "reduced interval / Unserviceable, D. Park with the hangar's abbreviations SVC / SVC-RI / U/S (the same "
        "categories); subject = blade number + location (a blade can have two indications); the engineering "
        "disposition is the reference; the indication type and its maximum dimension (mm) describe the finding, "
        "the AMM limit reference is text",
        keywords=[r"work order", r"disposition", r"dimension", r"amm", r"ata"],
        aliases={c: [abb[c]] for c in cats})

    # 32 Dutch flower auction quality inspection: codes written 'A1', 'A-1', 'a1'
    lv = ["A1", "A2", "B1", "Afgekeurd"]
    prods = ["Roos 'Avalanche+'", "Tulp 'Strong Gold'", "Chrysant 'Baltica'", "Gerbera 'Kimsey'",
             "Lisianthus 'Rosita White'", "Roos 'Red Naomi!'"]
    growers = ["Kwekerij De Vries B.V.", "Van der Berg Flowers", "Bloemenkwekerij Jansen", "Flora Holland Teelt 4"]
    S = ["P-250311-%04d" % x for x in sorted(rng.sample(range(1, 9999), 26))]
    R = ["Keurmeester 1", "Keurmeester 2", "Keurmeester 3"]
    M = ordmat(S, R, lv, [40, 30, 20, 10], p_off=0.3)
    sp2 = {"A1": "A-1", "A2": "A-2", "B1": "B-1", "Afgekeurd": "Afgekeurd"}
    sp3 = {"A1": "a1", "A2": "a2", "B1": "b1", "Afgekeurd": "afgek."}
    rows = [["Partijnummer", "Product", "Kweker", "Steellengte (cm)", "Rijpheidsstadium (kweker)"] + R +
            ["Opmerking", "Veilingkwaliteit"]]
    for s in S:
        rows.append([s, rng.choice(prods), rng.choice(growers), rng.choice([40, 50, 60, 70, 80]),
                     rng.choice([2, 2, 3, 3, 4]), M[s][R[0]], sp2[M[s][R[1]]], sp3[M[s][R[2]]],
                     rng.choice(["", "", "", "botrytis in 2 stelen", "kromme stelen", "te rijp", "bladschade"]),
                     mode([M[s][r] for r in R])])
    write_xlsx("bloemen_kwaliteitskeuring.xlsx", [("Keuring week 11", rows)])
    add("bloemen_kwaliteitskeuring.xlsx", k, "import", reading(S, R, M),
        "a Dutch flower auction's quality inspection (in Dutch): three inspectors (Keurmeester 1-3) each assign "
        "the same 26 lots (partijen) a quality group A1 / A2 / B1 or Afgekeurd (rejected); Keurmeester 2 writes "
        "'A-1', Keurmeester 3 'a1' and 'afgek.' (the same groups); the auction quality (Veilingkwaliteit) is "
        "the final grade (the reference); stem length (cm) is a measurement, the maturity stage is the "
        "grower's declaration, the grower (Kweker) and product ('Roos 'Avalanche+'') describe the lot; the lot "
        "number 'P-250311-0042' holds a date but is an id",
        keywords=[r"veilingkwaliteit", r"opmerking", r"steellengte", r"rijpheid"],
        aliases={v: [sp2[v], sp3[v]] for v in lv})

    # 33 ISO 8501-1 blast cleaning grades 'Sa 2½' written 'Sa 2,5' and 'Sa2 1/2'; ';' and decimal commas
    blast = ["Sa 1", "Sa 2", "Sa 2½", "Sa 3"]
    hand = ["St 2", "St 3"]
    S = ["P-%02d" % i for i in range(1, 29)]
    R = ["Inspector A (FROSIO)", "Inspector B (NACE CIP 2)", "Inspector C (trainee)"]
    M = {}
    rows = [["Panel", "Preparation method", "Initial rust grade", "Profile (µm, replica tape)", R[0], R[1], R[2],
             "Dust rating (ISO 8502-3)"]]

    def spell(v, r):
        if r == R[1]:
            return v.replace("½", ",5")
        if r == R[2]:
            return v.replace(" ", "").replace("½", " 1/2")
        return v
    for s in S:
        tool = rng.random() < 0.25
        lv = hand if tool else blast
        t = rng.choices(range(len(lv)), [40, 60] if tool else [5, 25, 50, 20])[0]
        M[s] = {r: near(lv, t, 0.3) for r in R}
        rows.append([s, "Power tool (wire brush)" if tool else "Abrasive blast (garnet)", rng.choice("ABCD"),
                     dec(rng.uniform(38, 95)) if not tool else dec(rng.uniform(12, 30))] +
                    [spell(M[s][r], r) for r in R] + [rng.choice([1, 2, 2, 3])])
    write_txt("blast_cleaning_grades_iso8501.csv", rows, delim=";", bom=True)
    add("blast_cleaning_grades_iso8501.csv", k, "import", reading(S, R, M),
        "coating inspectors assess the surface preparation of 28 steel panels against the ISO 8501-1 "
        "photographs (';'-separated, UTF-8 with BOM, decimal commas): blast-cleaned panels Sa 1 / Sa 2 / Sa 2½ "
        "/ Sa 3, power-tool cleaned panels St 2 / St 3 (ordered grades, one scale); Inspector A writes 'Sa 2½', "
        "Inspector B 'Sa 2,5' (a decimal comma inside the grade), the trainee 'Sa2 1/2' and 'Sa3' (the same "
        "grades); the initial rust grade A-D describes the steel before cleaning, the surface profile (µm, "
        "replica tape) and the dust rating are measurements made once per panel",
        keywords=[r"rust grade", r"profile", r"dust"],
        aliases={g: [g.replace("½", ",5"), g.replace(" ", "").replace("½", " 1/2"), g.replace("½", ".5")]
                 for g in blast + hand})


# ================================================================== F. agriculture, field science, public bodies
FAIL = ["Improbable", "Possible", "Probable", "Imminent"]
IMPACT = ["Very low", "Low", "Medium", "High"]
CONS = ["Negligible", "Minor", "Significant", "Severe"]
LIKE = ["Unlikely", "Somewhat likely", "Likely", "Very likely"]
M1 = {"Imminent": [0, 1, 2, 3], "Probable": [0, 0, 1, 2], "Possible": [0, 0, 0, 1], "Improbable": [0, 0, 0, 0]}
M2 = {3: ["Low", "Moderate", "High", "Extreme"], 2: ["Low", "Moderate", "High", "High"],
      1: ["Low", "Low", "Moderate", "Moderate"], 0: ["Low", "Low", "Low", "Low"]}


def g_field():
    k = "field-public"
    # 34 Collect Earth plot interpretation: long, rows never actively saved hold the form's default
    codes = [("F", "Forest land"), ("C", "Cropland"), ("G", "Grassland"), ("W", "Wetlands"), ("S", "Settlements"),
             ("O", "Other land")]
    lab = dict(codes)
    ops = ["maria.g", "k.otieno", "t.nguyen"]
    plots = sorted(rng.sample(range(10000, 99999), 30))
    M = {}
    rows = [["id", "location_srs", "location_x", "location_y", "plot_file", "operator", "actively_saved",
             "actively_saved_on_year", "actively_saved_on_month", "actively_saved_on_day", "land_use_category",
             "land_use_category_label", "confidence", "elevation", "slope", "aspect"]]
    unsaved = set(rng.sample(plots, 3))
    for p in plots:
        x, y = round(rng.uniform(34.2, 37.9), 6), round(rng.uniform(-1.9, 0.8), 6)
        el, sl, asp = rng.randint(1100, 2900), round(rng.uniform(0, 28), 2), rng.randint(0, 359)
        t = rng.choices(range(6), [30, 28, 25, 5, 7, 5])[0]
        M[p] = {}
        who = list(ops)
        lazy = rng.choice(ops) if p in unsaved else None
        if rng.random() < 0.2:
            who.append("intern.01")
        for o in who:
            if o == lazy or o == "intern.01":
                rows.append([p, "EPSG:4326", x, y, "kenya_lulc_qc_2025.ced", o, "false", "", "", "", "F",
                             "Forest land", "", el, sl, asp])
                continue
            c = codes[t][0] if rng.random() < 0.75 else rng.choice(codes)[0]
            M[p][o] = c
            d = dt.date(2025, 2, 3) + dt.timedelta(days=rng.randint(0, 40))
            rows.append([p, "EPSG:4326", x, y, "kenya_lulc_qc_2025.ced", o, "true", d.year, d.month, d.day, c,
                         lab[c], rng.choice(["high", "high", "medium", "low"]), el, sl, asp])
    write_txt("collect_earth_lulc_qc.csv", rows)
    full(M, ops)
    add("collect_earth_lulc_qc.csv", k, "import", reading(plots, ops, M),
        "an Open Foris Collect Earth export of a land-use quality check: three operators interpret the same 30 "
        "sample plots on satellite imagery and choose the IPCC land-use category (F Forest land, C Cropland, G "
        "Grassland, W Wetlands, S Settlements, O Other land: code and label in two columns, the same category); "
        "one row per plot and operator; rows with actively_saved 'false' were created when an operator (or the "
        "intern) opened a plot without saving: their category is the form's default 'F' / 'Forest land', not a "
        "judgement (no rating); subject = id, rater = operator; coordinates, elevation, slope and aspect come "
        "from the plot, confidence is the operator's own certainty",
        keywords=[r"actively_saved", r"default", r"confidence", r"elevation", r"intern"],
        aliases={c: [lb] for c, lb in codes})

    # 35 ISA TRAQ tree risk: three factors per arborist under merged headers, the risk rating derived
    sp = ["Quercus robur", "Fraxinus excelsior", "Acer pseudoplatanus", "Fagus sylvatica", "Tilia x europaea",
          "Aesculus hippocastanum", "Betula pendula", "Platanus x hispanica"]
    trees = ["T-%04d" % x for x in sorted(rng.sample(range(1, 3000), 24))]
    R = ["Arborist 1", "Arborist 2", "Arborist 3"]
    F3 = [("failure", FAIL), ("impact", IMPACT), ("consequences", CONS)]
    S, M, RISK = [], {}, {}
    rows = [["Tree risk assessment (ISA TRAQ) - Riverside Park - calibration of three assessors"],
            ["Tree tag", "Species", "DBH (cm)", "Height (m)", "Target"] + sum([[r + " (TRAQ)", "", "", ""]
                                                                           for r in R], []),
            ["", "", "", "", ""] + ["Likelihood of failure", "Likelihood of impact", "Consequences",
                                    "Risk rating"] * 3]
    for tr in trees:
        tf = rng.choices(range(4), [25, 40, 25, 10])[0]
        ti = rng.choices(range(4), [20, 30, 30, 20])[0]
        tc = rng.choices(range(4), [15, 35, 35, 15])[0]
        for nm, _ in F3:
            S.append((tr, nm))
            M[(tr, nm)] = {}
        RISK[(tr, "risk rating")] = {}
        row = [tr, rng.choice(sp), rng.randint(25, 140), rng.randint(8, 32),
               rng.choice(["Footpath", "Car park", "Playground", "Road", "Bench"])]
        for r in R:
            f, i, c = near(FAIL, tf, 0.3), near(IMPACT, ti, 0.3), near(CONS, tc, 0.3)
            risk = M2[M1[f][IMPACT.index(i)]][CONS.index(c)]
            M[(tr, "failure")][r], M[(tr, "impact")][r], M[(tr, "consequences")][r] = f, i, c
            RISK[(tr, "risk rating")][r] = risk
            row += [f, i, c, risk]
        rows.append(row)
    xl("traq_tree_risk_calibration.xlsx", [("TRAQ", rows)],
       merges={"TRAQ": ["A1:Q1"] + [span(2, 6 + 4 * i, 4) for i in range(3)]})
    rd = rdi(S, R, M)
    add("traq_tree_risk_calibration.xlsx", k, "import", rd,
        "a tree risk assessment calibration (ISA Tree Risk Assessment Qualification method): three arborists "
        "assess the same 24 park trees; a title row, then each arborist's name merged over four columns: "
        "Likelihood of failure (Improbable .. Imminent), Likelihood of impact (Very low .. High), Consequences "
        "(Negligible .. Severe) and Risk rating (Low .. Extreme); the risk rating follows from the other three "
        "through the TRAQ matrices (derived: reading it as a fourth item is acceptable); subject = tree + "
        "factor, raters = Arborist 1-3; species, DBH (cm), height (m) and the target describe the tree",
        keywords=[r"risk rating", r"dbh", r"height", r"target"],
        alts=[alt(rd + rdi(list(RISK), R, RISK), label="risk rating as a fourth item")])

    # 36 Copernicus EMS-style building damage grading: OSM ids 'way/..' and 'node/..' sharing numbers
    grades = ["No visible damage", "Possibly damaged", "Damaged", "Destroyed"]
    an = ["analyst_ES", "analyst_IT", "analyst_DE", "analyst_FR"]
    nums = sorted(rng.sample(range(100000000, 999999999), 26))
    B = ["way/%d" % n for n in nums]
    B += ["node/%d" % nums[2], "node/%d" % nums[9], "relation/%d" % (nums[15] % 10000000), "node/%d" % nums[20]]
    M, recs, NA = {}, [], []
    for b in B:
        t = rng.choices(range(4), [30, 25, 25, 20])[0]
        M[b] = {a: None for a in an}
        lat, lon = round(rng.uniform(37.56, 37.61), 6), round(rng.uniform(36.88, 36.95), 6)
        smoke = rng.random() < 0.1
        for a in rng.sample(an, rng.choice([2, 3, 3])):
            if smoke and rng.random() < 0.7:
                v = "Not analysed"
                NA.append((b, a))
            else:
                v = near(grades, t, 0.35)
                M[b][a] = v
            recs.append([b, lat, lon, a, v, rng.choice(["High", "High", "Medium", "Low"]),
                         "Pléiades Neo 2025-02-11 08:42 UTC", "smoke plume" if v == "Not analysed" else
                         rng.choice(["", "", "", "roof partly collapsed", "debris in street", "shadow?"])])
    rng.shuffle(recs)
    recs.sort(key=lambda x: x[3])
    write_txt("ems_building_damage_grading.csv", [["building_id", "lat", "lon", "analyst", "damage_grade",
                                                   "confidence", "imagery", "notes"]] + recs)
    rd = reading(B, an, M)
    add("ems_building_damage_grading.csv", k, "import", rd,
        "a rapid-mapping building damage assessment (Copernicus EMS grading classes No visible damage / Possibly "
        "damaged / Damaged / Destroyed) by four image analysts, each building graded by 2 or 3 of them; long, "
        "one row per building and analyst, sorted by analyst; subject = building_id, an OpenStreetMap id whose "
        "type prefix is part of it ('way/418822301' and 'node/418822301' are different buildings); 'Not "
        "analysed' (hidden by a smoke plume) = no rating (reading it as a category is acceptable only if said); "
        "lat / lon locate the building, confidence is the analyst's own, imagery and notes are text",
        keywords=[r"not analysed", r"smoke", r"confidence", r"imagery"],
        alts=[alt(rd + [[b, a, "Not analysed"] for b, a in NA], must_note=True, label="'Not analysed' as a category")])

    # 37 ballot adjudication of voter intent: per-contest candidates, 'Undervote' as a category, the scanner's call
    contests = [("Governor", ["Alvarez", "Whitaker"]), ("County Sheriff", ["Lindqvist", "Moreno"]),
                ("Proposition 3", ["Yes", "No"])]
    pool = [("B. Harlow", "D"), ("C. Mendez", "D"), ("J. Okoro", "D"), ("P. Svensson", "R"), ("T. Brooks", "R"),
            ("W. Castellano", "R")]
    party = dict(pool)
    ballots = ["%d-%04d-%03d" % (rng.randint(1, 6), rng.randint(100, 999), rng.randint(1, 300)) for _ in range(26)]
    ballots = uniq(ballots)[:24]
    S, M, recs = [], {}, []
    for bl in ballots:
        for cn, cands in rng.sample(contests, rng.choice([1, 1, 2])):
            s = (bl, cn)
            S.append(s)
            reason = rng.choice(["Marginal mark", "Overvote", "Hesitation mark", "Write-in", "Erasure"])
            opts = cands + ["Overvote", "Undervote"] + (["Write-in"] if cn != "Proposition 3" else [])
            if reason == "Overvote":
                true = rng.choice(cands + ["Overvote"])
            elif reason == "Write-in" and cn != "Proposition 3":
                true = "Write-in"
            else:
                true = rng.choice(cands + ["Undervote"])
            scan = "Overvote" if reason == "Overvote" else rng.choice(["Undervote", "Blank"] + cands)
            d = rng.choice([p for p, x in pool if x == "D"])
            r = rng.choice([p for p, x in pool if x == "R"])
            M[s] = {}
            for a in (d, r):
                v = true if rng.random() < 0.82 else rng.choice([o for o in opts if o != true])
                M[s][a] = v
                recs.append(["Tab %s / Batch %s" % tuple(bl.split("-")[:2]), bl, cn, scan, a, party[a], v, reason,
                             true])
    write_txt("ballot_adjudication_voter_intent.csv",
              [["Batch", "Ballot ID", "Contest", "Scanner interpretation", "Adjudicator", "Party", "Voter intent",
                "Reason", "Board decision"]] + recs)
    full(M, [p for p, _ in pool])
    add("ballot_adjudication_voter_intent.csv", k, "import", rdi(S, [p for p, _ in pool], M),
        "a county canvass board's adjudication log: ballots the scanner flagged (marginal marks, overvotes, "
        "write-ins) are reviewed by a bipartisan pair of adjudicators drawn from a pool of six (an incomplete "
        "design), each recording the voter's intent per contest: a candidate's name, Yes / No for the "
        "proposition, or 'Overvote', 'Undervote' (the voter chose nobody: a category, not missing), "
        "'Write-in'; one row per ballot, contest and adjudicator; subject = Ballot ID ('3-0412-017': tabulator, "
        "batch and sequence, not a date or a subtraction) + contest, rater = Adjudicator; the scanner's "
        "interpretation is the machine and the board decision the outcome (not raters); Party describes the "
        "adjudicator, Reason the flag",
        keywords=[r"scanner", r"board", r"party", r"reason"])

    # 38 listed building grade recommendations in ODS: 'II*', 'Grade II*', '2*'
    lv = ["Not listable", "II", "II*", "I"]
    sp2 = {"Not listable": "Not recommended", "II": "Grade II", "II*": "Grade II*", "I": "Grade I"}
    sp3 = {"Not listable": "NL", "II": 2, "II*": "2*", "I": 1}
    streets = ["High Street", "Church Lane", "Mill Road", "Market Place", "Station Road", "Bridge Street",
               "The Green", "Castle Hill"]
    types_ = ["Terraced house", "Chapel", "Warehouse", "Public house", "Farmhouse", "Railway signal box",
              "Cinema", "Almshouses", "Water tower", "Town hall"]
    S = ["%d %s, %s" % (rng.randint(1, 120), rng.choice(streets), rng.choice(["Ludlow", "Frome", "Whitby", "Settle",
                                                                               "Bridport", "Kendal"]))
         for _ in range(30)]
    S = uniq(S)[:24]
    R = ["Adviser 1", "Adviser 2", "Adviser 3"]
    M = ordmat(S, R, lv, [25, 50, 17, 8], p_off=0.3)
    rows = [["Designation casework - listing recommendations, batch 2025/07"],
            ["Address", "NGR", "Date of construction", "Building type"] + R + ["Decision (DCMS)"]]
    for s in S:
        y = rng.randint(1620, 1960)
        dc = rng.choice([y, "c.%d" % y, "%d-%02d" % (y, (y + rng.randint(2, 9)) % 100), "early C%d" % (y // 100 + 1)])
        rows.append([s, "%s %05d %05d" % (rng.choice(["SO", "ST", "SE", "SD", "SY"]), rng.randint(0, 99999),
                                          rng.randint(0, 99999)), dc, rng.choice(types_),
                     M[s][R[0]], sp2[M[s][R[1]]], sp3[M[s][R[2]]], mode([M[s][r] for r in R])])
    write_ods("listing_grade_recommendations.ods", [("Batch 2025-07", rows)])
    add("listing_grade_recommendations.ods", k, "import", reading(S, R, M),
        "a heritage body's designation casework in ODS: three advisers recommend a listing grade for each of 24 "
        "buildings (Not listable / II / II* / I, ordered; the star of 'II*' is part of the grade, not a footnote "
        "mark); Adviser 2 writes 'Grade II*' and 'Not recommended', Adviser 3 '2*', the numbers 2 and 1 (number "
        "cells) and 'NL' (the same grades); subject = the address; the DCMS decision is the outcome (the "
        "reference); the national grid reference ('SO 12345 67890'), the date of construction (1836, 'c.1840', "
        "'1765-72', 'early C19': not ratings) and the building type describe it; a title row",
        keywords=[r"dcms", r"decision", r"ngr", r"construction"],
        aliases={v: [sp2[v], str(sp3[v])] for v in lv})

    # 39 Lithuanian bee colony inspection (cp1257): hive numbers restart per apiary, two ratings per row
    apiaries = ["Bitynas „Liepa“", "Bitynas „Šilas“"]
    R = ["J. Kazlauskas", "R. Petrauskienė", "Ž. Žukauskaitė"]
    stren = ["Silpna", "Vidutinė", "Stipri"]
    brood = ["Bloga", "Patenkinama", "Gera"]
    S, M = [], {}
    recs = []
    for ap in apiaries:
        for h in range(1, 9):
            ts, tb = rng.choices(range(3), [20, 45, 35])[0], rng.choices(range(3), [15, 45, 40])[0]
            s1, s2 = (ap, str(h), "stiprumas"), (ap, str(h), "perai")
            S += [s1, s2]
            M[s1] = {r: near(stren, ts, 0.3) for r in R}
            M[s2] = {r: near(brood, tb, 0.3) for r in R}
            mites = round(rng.uniform(0.2, 6.5), 1)
            for r in R:
                fr = clamp(3 + 3 * ts + rng.randint(-1, 1), 2, 10)
                recs.append([ap, h, "2025-05-%02d" % rng.randint(12, 16), r, fr, clamp(fr - rng.randint(2, 4), 1, 8),
                             dec(mites), M[s1][r], M[s2][r],
                             rng.choice(["", "", "", "motinėlė nerasta", "daug tranų", "kalkinis perų puvinys?"])])
    recs.sort(key=lambda x: (x[3], x[0], x[1]))
    write_txt("biciu_seimu_apziura_cp1257.csv",
              [["Bitynas", "Avilio Nr.", "Data", "Inspektorius", "Rėmų su bitėmis", "Perų rėmai",
                "Erkių sk. 100 bičių", "Šeimos stiprumas", "Perų būklė", "Pastabos"]] + recs,
              delim=";", enc="cp1257", nl="\r\n")
    add("biciu_seimu_apziura_cp1257.csv", k, "import", rdi(S, R, M),
        "a Lithuanian veterinary service's bee colony inspection (Windows-1257, ';'-separated, decimal commas, "
        "CRLF): three inspectors each examine the same 16 hives of two apiaries and rate the colony strength "
        "(Šeimos stiprumas: Silpna / Vidutinė / Stipri) and the brood condition (Perų būklė: Bloga / Patenkinama "
        "/ Gera), two items per row; one row per hive and inspector, sorted by inspector; hive numbers (Avilio "
        "Nr. 1-8) restart in each apiary, so subject = apiary + hive + item; frames with bees and brood frames "
        "are each inspector's counts, mites per 100 bees ('2,5') is measured once, Pastabos are notes",
        keywords=[r"erki", r"rėm", r"pastabos", r"bitynas"])


# ================================================================== G. social science, law, archives, languages
def g_social():
    k = "social-language"
    # 40 expert survey of party positions: experts nested in countries, expert_id restarting per country, 'DK'
    parties = {"DE": [("301", "CDU"), ("302", "SPD"), ("303", "Grüne"), ("304", "FDP"), ("310", "AfD"),
                      ("306", "Linke"), ("311", "BSW")],
               "NL": [("1001", "VVD"), ("1002", "PVV"), ("1003", "NSC"), ("1004", "GL-PvdA"), ("1005", "D66"),
                      ("1006", "BBB"), ("1007", "CDA"), ("1008", "SP")],
               "PL": [("2601", "PiS"), ("2602", "KO"), ("2603", "TD"), ("2604", "Lewica"), ("2605", "Konfederacja")]}
    nexp = {"DE": 5, "NL": 4, "PL": 4}
    dims = [("lrgen", 0, 10), ("galtan", 0, 10), ("eu_position", 1, 7)]
    S, M, R = [], {}, []
    rows = [["country", "expert_id", "party_id", "party", "lrgen", "galtan", "eu_position", "survey_date"]]
    for c, ps in parties.items():
        ex = ["%s-%d" % (c, i) for i in range(1, nexp[c] + 1)]
        R += ex
        truth = {}
        for _, pn in ps:
            truth[pn] = {d: rng.uniform(lo + 0.5, hi - 0.5) for d, lo, hi in dims}
            for d, _, _ in dims:
                S.append((pn, d))
                M[(pn, d)] = {}
        for i, e in enumerate(ex):
            day = "2024-%02d-%02d" % (rng.randint(2, 4), rng.randint(1, 28))
            for pid, pn in ps:
                vals = []
                for d, lo, hi in dims:
                    if rng.random() < 0.04:
                        v = None
                    else:
                        v = str(clamp(int(round(truth[pn][d] + rng.gauss(0, 0.9))), lo, hi))
                    M[(pn, d)][e] = v
                    vals.append(v if v is not None else "DK")
                rows.append([c, i + 1, int(pid), pn] + [int(v) if v != "DK" else v for v in vals] + [day])
    write_txt("expert_survey_party_positions.csv", rows)
    full(M, R)
    add("expert_survey_party_positions.csv", k, "import", rdi(S, R, M),
        "an expert survey of party positions in the Chapel Hill style: country experts place each party of "
        "their own country on lrgen (0-10, left-right), galtan (0-10) and eu_position (1-7); experts are nested "
        "in countries: expert_id restarts at 1 in every country, so the expert is country + expert_id ('DE' "
        "expert 1 and 'NL' expert 1 are different people); one row per expert and party; 'DK' = don't know (no "
        "rating); subject = party + dimension, rater = country + expert_id; party_id is a numeric code of the "
        "party (not a rating), survey_date describes the response",
        keywords=[r"\bdk\b", r"don'?t know", r"country", r"party_id", r"nested"])

    # 41 magistrates' sentencing exercise: culpability and harm per magistrate under merged headers
    cul = ["A", "B", "C"]
    harm = ["1", "2", "3"]
    grid = {("A", "1"): "High level community order", ("A", "2"): "Medium level community order",
            ("A", "3"): "Low level community order", ("B", "1"): "Medium level community order",
            ("B", "2"): "Low level community order", ("B", "3"): "Band C fine", ("C", "1"): "Low level community order",
            ("C", "2"): "Band C fine", ("C", "3"): "Band B fine"}
    R = ["J. Patel JP", "M. O'Connor JP", "S. Whitfield JP", "H. Adebayo JP"]
    cases = ["Case %d" % i for i in range(1, 13)]
    S, M, SENT = [], {}, {}
    rows = [["Theft offences guideline - bench training exercise - culpability (A high .. C lesser) and harm "
             "category (1 .. 3)"],
            ["Case", "Offence", "Value (£)"] + sum([[r, "", ""] for r in R], []),
            ["", "", ""] + ["Culpability", "Harm", "Starting point"] * 4]
    for c in cases:
        tc, th = rng.choices(range(3), [25, 45, 30])[0], rng.choices(range(3), [25, 40, 35])[0]
        sc, sh = (c, "culpability"), (c, "harm")
        S += [sc, sh]
        M[sc], M[sh], SENT[(c, "starting point")] = {}, {}, {}
        val = [2500, 600, 120][th] * rng.uniform(0.5, 1.8)
        row = [c, rng.choice(["Theft from a shop", "Theft from a person", "Theft by employee",
                              "Theft from a motor vehicle"]), "%.2f" % val]
        for r in R:
            a, b = near(cul, tc, 0.3), near(harm, th, 0.3)
            M[sc][r], M[sh][r] = a, b
            SENT[(c, "starting point")][r] = grid[(a, b)]
            row += [a if r != R[3] else "%s - %s" % (a, {"A": "High", "B": "Medium", "C": "Lesser"}[a]),
                    "Cat %s" % b if r == R[2] else int(b), grid[(a, b)]]
        rows.append(row)
    xl("bench_training_theft_guideline.xlsx", [("Exercise", rows)],
       merges={"Exercise": ["A1:O1"] + [span(2, 4 + 3 * i, 3) for i in range(4)]})
    rd = rdi(S, R, M)
    add("bench_training_theft_guideline.xlsx", k, "import", rd,
        "a magistrates' bench training exercise on the theft sentencing guideline: four magistrates assess 12 "
        "case vignettes; a title row, then each magistrate's name merged over Culpability (A high, B medium, C "
        "lesser), Harm (category 1-3) and Starting point; subject = case + culpability / harm; S. Whitfield "
        "writes the harm as 'Cat 2', H. Adebayo the culpability as 'B - Medium' (the same categories); the "
        "starting point follows from culpability and harm through the guideline's table (derived: reading it as "
        "a third item is acceptable); offence and value (£) describe the case",
        keywords=[r"starting point", r"value", r"offence"],
        aliases={"A": ["A - High"], "B": ["B - Medium"], "C": ["C - Lesser"], "1": ["Cat 1"], "2": ["Cat 2"],
                 "3": ["Cat 3"]},
        alts=[alt(rd + rdi(list(SENT), R, SENT), label="starting point as a third item")])

    # 42 records scheduling: archivists assign General Records Schedule items written three ways
    grs = ["GRS 1.1/010", "GRS 1.1/011", "GRS 2.2/010", "GRS 2.2/080", "GRS 4.2/020", "GRS 5.1/020",
           "GRS 5.2/020", "GRS 6.1/010", "Unscheduled"]
    disp = {"GRS 1.1/010": "Temporary - destroy 6 years after final payment",
            "GRS 1.1/011": "Temporary - destroy 6 years after final payment",
            "GRS 2.2/010": "Temporary - destroy 3 years after separation", "GRS 2.2/080": "Temporary - destroy "
            "when 56 years old", "GRS 4.2/020": "Temporary - destroy 6 years after closure",
            "GRS 5.1/020": "Temporary - destroy when no longer needed", "GRS 5.2/020": "Temporary - destroy upon "
            "verification", "GRS 6.1/010": "Permanent - transfer 15 years after creation",
            "Unscheduled": "Hold - propose new schedule (SF 115)"}

    def sp2(g):
        return g if g == "Unscheduled" else "%s, item %s" % tuple(g.split("/"))

    def sp3(g):
        return "UNSCHEDULED" if g == "Unscheduled" else g[4:]
    titles = ["Vendor invoices", "Travel vouchers", "Personnel folders (separated)", "Payroll deduction files",
              "FOIA request case files", "Routine correspondence", "Transitory email", "Director's email (Capstone)",
              "Building access logs", "Grant program files", "Employee training records", "Press releases",
              "Contract files", "Intermediary input records", "Equipment inventories", "Board meeting minutes"]
    S = ["RS-%03d" % i for i in range(1, 25)]
    R = ["Archivist 1", "Archivist 2", "Archivist 3"]
    M = {}
    rows = [["Series ID", "Records series title", "Office", "Date span", "Volume (cu. ft.)"] + R +
            ["Disposition (agreed item)", "Appraisal note"]]
    for s in S:
        t = rng.choices(range(len(grs)), [12, 6, 12, 6, 8, 14, 8, 10, 10])[0]
        M[s] = {r: grs[t] if rng.random() < 0.72 else rng.choice(grs) for r in R}
        y = rng.randint(1985, 2015)
        rows.append([s, rng.choice(titles), rng.choice(["Office of Finance", "Human Resources", "Office of the "
                                                       "Director", "Grants Management", "Facilities"]),
                     "%d-%d" % (y, y + rng.randint(1, 12)), round(rng.uniform(0.5, 48), 1),
                     M[s][R[0]], sp2(M[s][R[1]]), sp3(M[s][R[2]]), disp[mode([M[s][r] for r in R])],
                     rng.choice(["", "", "some files contain PII", "mixed with program records", "check Capstone "
                                 "role"])])
    write_txt("records_scheduling_grs_check.csv", rows)
    add("records_scheduling_grs_check.csv", k, "import", reading(S, R, M),
        "a federal agency's records inventory: three archivists independently assign each records series the "
        "General Records Schedule item that covers it ('GRS 5.1/020': schedule 5.1, item 020, one category) or "
        "'Unscheduled'; Archivist 2 writes 'GRS 5.1, item 020', Archivist 3 '5.1/020' and 'UNSCHEDULED' (the "
        "same items); subject = Series ID; the disposition follows from the agreed item (derived, text), the "
        "date span '1998-2009' and the volume (cubic feet) describe the series, the appraisal note is text",
        keywords=[r"disposition", r"date span", r"volume", r"appraisal note"],
        aliases={g: [sp2(g), sp3(g)] for g in grs})

    # 43 Finnish dialect listening test: archive sample ids with a colon, letter case, 'Ei tunnistettavissa'
    areas = ["Lounaismurteet", "Lounaiset välimurteet", "Hämäläismurteet", "Etelä-Pohjanmaan murre",
             "Keski- ja Pohjois-Pohjanmaan murteet", "Peräpohjolan murteet", "Savolaismurteet", "Kaakkoismurteet"]
    S = uniq(["SKNA %d:%d%s" % (rng.randint(1000, 9999), rng.randint(1, 4), rng.choice("ab")) for _ in range(30)])[:26]
    R = ["Kuuntelija 1", "Kuuntelija 2", "Kuuntelija 3", "Kuuntelija 4"]
    M, EI = {}, []
    rows = [["Murteentunnistuksen kuuntelukoe 2025 – näytteet nauhoitearkistosta"],
            ["Näyte", "Pituus (s)", "Puhujan syntymävuosi"] + R + ["Arkiston murrealue"]]
    for s in S:
        t = rng.randrange(len(areas))
        M[s] = {}
        for r in R:
            if rng.random() < 0.06:
                M[s][r] = None
                EI.append((s, r))
            else:
                M[s][r] = near(areas, t, 0.35)
        rows.append([s, rng.randint(35, 180), rng.randint(1878, 1912)] +
                    ["Ei tunnistettavissa" if M[s][r] is None else M[s][r].lower() if r == R[2] else M[s][r]
                     for r in R] + [areas[t]])
    xl("murteentunnistus_kuuntelukoe.xlsx", [("Vastaukset", rows)])
    rd = reading(S, R, M)
    add("murteentunnistus_kuuntelukoe.xlsx", k, "import", rd,
        "a Finnish dialect identification listening test: four dialectologists (Kuuntelija 1-4) assign each "
        "archive recording to one of the eight traditional dialect areas (Lounaismurteet, Hämäläismurteet, "
        "Savolaismurteet, 'Keski- ja Pohjois-Pohjanmaan murteet' ..); Kuuntelija 3 writes them in lower case "
        "(the same areas); 'Ei tunnistettavissa' = not identifiable (no rating; as a category acceptable only "
        "if said); subject = the sample id 'SKNA 4123:2a' (a colon and a letter); the archive's recorded area "
        "is the reference, the length in seconds and the speaker's birth year (1878-1912) are not ratings; a "
        "title row", keywords=[r"ei tunnistettavissa", r"arkisto", r"syntymävuosi", r"pituus"], fold=True,
        alts=[alt(rd + [[s, r, "Ei tunnistettavissa"] for s, r in EI], must_note=True,
                  label="'Ei tunnistettavissa' as a category")])

    # 44 Hungarian open-ended answers coded by two coders (ISO-8859-2): code vs code with label, 99 a category
    codes = [("11", "Gazdaság"), ("12", "Munkanélküliség"), ("13", "Infláció, árak"), ("21", "Egészségügy"),
             ("22", "Oktatás"), ("31", "Korrupció"), ("41", "Elvándorlás, migráció"), ("51", "Környezet"),
             ("97", "Egyéb"), ("99", "Nem tudja")]
    ans = {"11": ["Rossz a gazdaság, nincs növekedés", "Egyszerű emberek nem boldogulnak"],
           "12": ["Kevés a munkahely vidéken", "Nincs munka a fiataloknak"],
           "13": ["Az infláció és a drága élelmiszer", "Nincs elég pénz semmire, minden drágul", "Az üzemanyag ára"],
           "21": ["Hosszú várólisták a kórházakban", "Az egészségügy állapota"],
           "22": ["Rossz az oktatás, kevés a tanár"], "31": ["Túl sok a korrupció", "A politikusok csak magukkal "
                                                              "törődnek"],
           "41": ["A fiatalok elvándorlása", "A bevándorlás"], "51": ["Környezetszennyezés, szmog", "Aszály"],
           "97": ["Az idősek helyzete, őrület a lakhatás", "A közbiztonság"], "99": ["Nem tudom", "Nehéz kérdés..."]}
    lab = dict(codes)
    ck = [c for c, _ in codes]
    S = [str(i) for i in range(1, 41)]
    R = ["Kódoló 1", "Kódoló 2"]
    M = {}
    rows = [["Sorszám", "Válasz: Ön szerint mi ma Magyarország legfontosabb problémája?", "Kódoló 1", "Kódoló 2",
             "Végleges kód", "Megjegyzés"]]
    for s in S:
        t = rng.choices(ck, [10, 10, 22, 14, 6, 12, 8, 5, 6, 7])[0]
        M[s] = {}
        for r in R:
            M[s][r] = t if rng.random() < 0.78 else rng.choice(ck)
            if rng.random() < 0.04:
                M[s][r] = None
        rows.append([s, rng.choice(ans[t]), blank(M[s][R[0]]),
                     "" if M[s][R[1]] is None else "%s %s" % (M[s][R[1]], lab[M[s][R[1]]]), t,
                     rng.choice(["", "", "", "két probléma is", "kettős kódolás?"])])
    write_txt("nyitott_valaszok_kodolasa.csv", rows, delim=";", enc="iso8859_2", nl="\r\n")
    add("nyitott_valaszok_kodolasa.csv", k, "import", reading(S, R, M),
        "open-ended survey answers from a Hungarian poll ('What is the most important problem of Hungary "
        "today?') coded by two coders into a code frame (ISO-8859-2 with ő and ű, ';'-separated, CRLF): Kódoló "
        "1 writes the code ('13'), Kódoló 2 the code with its label ('13 Infláció, árak', a comma inside: the "
        "same category); '99 Nem tudja' (the respondent said they do not know) is a code of the frame, a "
        "category, not a missing value; an empty cell = not coded yet; subject = Sorszám; the answer text, "
        "the final code (Végleges kód: the reference) and the remark (Megjegyzés) are not ratings",
        keywords=[r"végleges", r"válasz", r"megjegyzés"],
        aliases={c: ["%s %s" % (c, lb)] for c, lb in codes})

    # 45 case citator treatments: neutral citations with brackets, one librarian in lower case
    tr = ["Applied", "Followed", "Considered", "Referred to", "Distinguished", "Doubted", "Not followed", "Overruled"]
    pol = {"Applied": "Positive", "Followed": "Positive", "Considered": "Neutral", "Referred to": "Neutral",
           "Distinguished": "Negative", "Doubted": "Negative", "Not followed": "Negative", "Overruled": "Negative"}
    citing = ["[%d] %s %d" % (rng.randint(2015, 2025), rng.choice(["EWCA Civ", "EWHC (Ch)", "UKSC", "EWCA Crim",
                                                                     "EWHC (KB)", "UKUT (IAC)"]),
                              rng.randint(1, 2999)) for _ in range(14)]
    cited = ["[1932] AC 562", "[1964] AC 465", "[1990] 2 AC 605", "[2018] UKSC 4", "[1957] 1 WLR 582",
             "[2015] UKSC 11", "[1843] 10 Cl & F 200", "[2011] UKSC 2", "[1978] AC 728", "[2000] 1 AC 360"]
    R = ["Librarian 1", "Librarian 2", "Librarian 3"]
    S, M = [], {}
    rows = [["Citing case", "Cited case", "Paragraph", "Librarian 1", "Librarian 2", "Librarian 3",
             "Editor's treatment", "Polarity (derived)"]]
    for ci in citing:
        for cd in rng.sample(cited, rng.choice([1, 2, 3])):
            s = (ci, cd)
            if s in M:
                continue
            S.append(s)
            t = rng.choices(range(8), [14, 14, 22, 22, 14, 5, 5, 4])[0]
            M[s] = {r: tr[t] if rng.random() < 0.7 else near(tr, t, 1.0) for r in R}
            rows.append([ci, cd, "at [%d]" % rng.randint(5, 140)] +
                        [M[s][r].lower() if r == R[2] else M[s][r] for r in R] + [tr[t], pol[tr[t]]])
    write_txt("case_citator_treatments.csv", rows)
    add("case_citator_treatments.csv", k, "import", rdi(S, R, M),
        "a legal publisher's citator check: three law librarians classify how a citing judgment treats a cited "
        "case (Applied / Followed / Considered / Referred to / Distinguished / Doubted / Not followed / "
        "Overruled); Librarian 3 writes them in lower case, as the printed citator does (the same treatments); "
        "subject = citing case + cited case, both neutral or law-report citations in square brackets ('[2019] "
        "EWCA Civ 1234', '[1932] AC 562'); the paragraph 'at [45]' locates the citation; the editor's treatment "
        "is the reference and the polarity (Positive / Neutral / Negative) is derived from it",
        keywords=[r"editor", r"polarity", r"paragraph"], fold=True)


# ================================================================== H. files to refuse
def g_refuse():
    k = "refuse"
    KW = [r"no ratings", r"not a rating", r"nothing to rate", r"no raters?"]
    # 46 a school timetable: classes x periods with subject codes and teacher initials
    subj = ["Ma", "En", "Sc", "Hi", "Gg", "Fr", "Sp", "Ar", "Mu", "PE", "RE", "Cp", "DT", "Dr"]
    teach = {"Ma": ["JKR", "PLM"], "En": ["AWH", "SDE"], "Sc": ["RBN", "CTY"], "Hi": ["MGO"], "Gg": ["LFA"],
             "Fr": ["NDU"], "Sp": ["EGA"], "Ar": ["HWI"], "Mu": ["KOB"], "PE": ["DST", "BHO"], "RE": ["FAL"],
             "Cp": ["TPR"], "DT": ["GMC"], "Dr": ["OLE"]}
    periods = ["%s %d" % (d, p) for d in ("Mon", "Tue", "Wed", "Thu", "Fri") for p in range(1, 7)]
    rows = [["Timetable 2025-26 - Year 9 - week A"], ["Class", "Tutor", "Room"] + periods]
    for c in ["9A", "9B", "9C", "9D", "9E", "9F"]:
        row = [c, rng.choice(sum(teach.values(), [])), "R%d" % rng.randint(10, 40)]
        for p in periods:
            s = rng.choice(subj)
            row.append("%s (%s)" % (s, rng.choice(teach[s])) if not p.endswith("6") or p.startswith("Mon")
                       else rng.choice(["PE (DST)", "Ma (JKR)", "Tutor", "Assembly"]))
        rows.append(row)
    rows += [[], ["Week B: see separate sheet. Periods 1-2 8:50-10:30, break, 3-4 10:50-12:30, lunch, 5-6 13:20-15:00"]]
    write_xlsx("year9_timetable_week_a.xlsx", [("Week A", rows)])
    add("year9_timetable_week_a.xlsx", k, "refuse", None,
        "a school timetable: one row per class, one column per period, each cell a subject code with the "
        "teacher's initials ('Ma (JKR)'), a title row and a footnote: a schedule, a grid of labels in which "
        "nobody rated anything", keywords=KW + [r"timetable", r"schedule"] + KW_ONE)

    # 47 a sleep diary: each participant's own nights, wide, self-report
    q = ["Very good", "Fairly good", "Fairly bad", "Very bad"]
    rows = [["Participant", "Arm"] + sum([["Night %d quality" % n, "Night %d bedtime" % n, "Night %d wake" % n]
                                          for n in range(1, 11)], [])]
    for i in range(24):
        t = rng.randrange(4)
        row = ["SD-%03d" % (i + 1), rng.choice(["CBT-I", "Sleep hygiene"])]
        for _ in range(10):
            t = clamp(t + rng.choice([-1, 0, 0, 1]), 0, 3)
            row += [q[t] if rng.random() > 0.05 else "", "%02d:%02d" % (rng.choice([22, 23, 23, 0]),
                                                                         rng.choice([0, 10, 20, 30, 45])),
                    "%02d:%02d" % (rng.choice([6, 6, 7, 7, 8]), rng.choice([0, 15, 30, 40]))]
        rows.append(row)
    write_txt("sleep_diary_self_report.csv", rows)
    add("sleep_diary_self_report.csv", k, "refuse", None,
        "a sleep diary from an insomnia trial: each participant rates the quality of their own sleep every "
        "morning (Very good .. Very bad) with bed and wake times, ten nights in columns: self-report of "
        "different nights, each cell a different thing judged by its own person; the nights are not raters and "
        "no two people rate the same subject", keywords=KW + [r"self-report", r"diary", r"night"] + KW_ONE)

    # 48 a medication administration record chart
    drugs = ["Paracetamol 1 g PO QDS", "Enoxaparin 40 mg SC OD", "Amlodipine 5 mg PO OD", "Furosemide 40 mg PO OM",
             "Co-amoxiclav 625 mg PO TDS", "Lactulose 15 mL PO BD"]
    days = [(dt.date(2025, 3, 3) + dt.timedelta(days=i)).strftime("%d/%m") for i in range(7)]
    rows = [["Ward 12 - MAR chart extract - codes: initials = given, 1 refused, 2 nil by mouth, 3 withheld "
             "(clinical), 4 not available, 5 patient absent"], ["Patient", "Medicine", "Time"] + days]
    nurses = ["KL", "AB", "JO", "RM", "TS", "HW"]
    for p in ["Bed %d - %s" % (b, rng.choice(LAST)) for b in (3, 7, 11)]:
        for d in rng.sample(drugs, 3):
            for tm in {"QDS": ["06:00", "12:00", "18:00", "22:00"], "TDS": ["08:00", "14:00", "22:00"],
                       "BD": ["08:00", "20:00"]}.get(d.split()[-1], ["08:00"]):
                rows.append([p, d, tm] + [rng.choice(nurses) if rng.random() < 0.85 else rng.choice("12345")
                                          for _ in days])
    write_xlsx("mar_chart_ward12_extract.xlsx", [("MAR", rows)])
    add("mar_chart_ward12_extract.xlsx", k, "refuse", None,
        "a medication administration record: one row per patient, medicine and dose time, one column per day, "
        "each cell the initials of the nurse who gave the dose or a code 1-5 for why it was not given: a record "
        "of events, one entry per dose, nobody rates a common subject", keywords=KW + [r"administration",
                                                                                       r"record", r"chart"] + KW_ONE)

    # 49 one agency's issuer rating history: year-end ratings in columns
    sc = ["AAA", "AA+", "AA", "AA-", "A+", "A", "A-", "BBB+", "BBB", "BBB-", "BB+", "BB", "BB-", "B+", "B", "B-",
          "CCC", "D"]
    issuers = ["Northgate Utilities plc", "Baltic Shipping AB", "Cordoba Province", "Helvetia Re AG",
               "Mercury Telecom SA", "Pacific Steel Corp", "Lumen Hospitals Inc", "Oriente Airlines",
               "Saxon Auto Parts GmbH", "City of Fairhaven", "Kestrel Retail Group", "Aurora Mining Ltd",
               "Brightwater Bank NV", "Sunfield Energy LLC", "Tamar Water Co", "Quorum Media Holdings"]
    years = list(range(2015, 2025))
    rows = [["Issuer", "Sector", "Country"] + ["YE %d" % y for y in years]]
    for iss in issuers:
        t = rng.randrange(2, 14)
        row = [iss, rng.choice(["Utilities", "Transport", "Public finance", "Insurance", "Telecoms", "Industrials",
                                "Healthcare", "Banks"]), rng.choice(["GB", "SE", "AR", "CH", "FR", "US", "DE", "NL"])]
        gone = rng.random() < 0.15
        for j in range(len(years)):
            t = clamp(t + rng.choice([0, 0, 0, 0, -1, 1, 1]), 0, len(sc) - 2)
            row.append("WD" if gone and j >= 7 else "NR" if j == 0 and rng.random() < 0.2 else sc[t])
        rows.append(row)
    write_txt("issuer_rating_history_one_agency.csv", rows)
    add("issuer_rating_history_one_agency.csv", k, "refuse", None,
        "one credit rating agency's long-term issuer ratings at each year end 2015-2024 ('AA-', 'BBB+', 'NR' not "
        "rated, 'WD' withdrawn): a rating history of one rater over time, in which the issuers' credit changes; "
        "the year columns are not raters and there is no agreement to measure",
        keywords=KW + [r"history", r"one (agency|rater)", r"year", r"time"] + KW_ONE)

    # 50 SNP genotype calls of one genotyping run: SNPs x samples, a call-rate row
    snps = ["rs%d" % rng.randint(1000, 99999999) for _ in range(40)]
    samples = ["NA%05d" % rng.randint(10000, 19999) for _ in range(12)]
    rows = [["SNP", "Chr", "Position (GRCh38)", "Alleles"] + samples]
    calls = {s: 0 for s in samples}
    for sn in snps:
        a, b = rng.sample("ACGT", 2)
        p = rng.uniform(0.1, 0.9)
        row = [sn, rng.randint(1, 22), rng.randint(100000, 240000000), "%s/%s" % (a, b)]
        for s in samples:
            if rng.random() < 0.03:
                row.append("NC")
                continue
            calls[s] += 1
            x = (rng.random() < p) + (rng.random() < p)
            row.append([a + a, a + b, b + b][x])
        rows.append(row)
    rows.append(["Call rate", "", "", ""] + ["%.3f" % (calls[s] / len(snps)) for s in samples])
    write_txt("genotype_calls_snp_panel.csv", rows)
    add("genotype_calls_snp_panel.csv", k, "refuse", None,
        "a genotyping run's call table: 40 SNPs in rows, 12 samples in columns, each cell a genotype call "
        "('AG', 'NC' = no call) and a call-rate row: each column is a different person's DNA, called once by one "
        "instrument; no raters, no common subjects",
        keywords=KW + [r"genotyp", r"sample", r"call rate"] + KW_ONE)

    # 51 an allergen matrix of a menu
    allergens = ["Celery", "Gluten", "Crustaceans", "Eggs", "Fish", "Lupin", "Milk", "Molluscs", "Mustard",
                 "Tree nuts", "Peanuts", "Sesame", "Soya", "Sulphites"]
    dishes = ["Tomato soup", "Chicken Caesar salad", "Fish & chips", "Beef burger", "Mushroom risotto",
              "Thai green curry", "Prawn cocktail", "Sticky toffee pudding", "Lemon tart", "Vegan chilli",
              "Halloumi wrap", "Pad thai"]
    rows = [["Allergen matrix - spring menu 2025 (Y = contains, M = may contain)"], ["Dish"] + allergens]
    for d in dishes:
        rows.append([d] + [rng.choice(["", "", "", "", "Y", "M"]) for _ in allergens])
    rows += [[], ["Checked by head chef 03/03/2025. Ask staff for ingredient details."]]
    write_xlsx("allergen_matrix_spring_menu.xlsx", [("Allergens", rows)])
    add("allergen_matrix_spring_menu.xlsx", k, "refuse", None,
        "a restaurant's allergen matrix: dishes in rows, the 14 declarable allergens in columns, 'Y' / 'M' / "
        "empty in the cells, a title and a sign-off line: a declaration of contents, the allergens are not "
        "raters", keywords=KW + [r"allergen", r"matrix", r"declar"] + KW_ONE)

    # 52 a translation glossary: terms x languages
    terms = [("adverse event", "unerwünschtes Ereignis", "événement indésirable", "acontecimiento adverso",
              "evento avverso"), ("informed consent", "Einwilligungserklärung", "consentement éclairé",
                                  "consentimiento informado", "consenso informato"),
             ("inter-rater reliability", "Interrater-Reliabilität", "fidélité inter-juges", "fiabilidad entre "
              "evaluadores", "affidabilità tra valutatori"), ("rating scale", "Ratingskala", "échelle d'évaluation",
                                                               "escala de valoración", "scala di valutazione"),
             ("screening", "Screening", "dépistage", "cribado", "screening"),
             ("follow-up visit", "Nachuntersuchung", "visite de suivi", "visita de seguimiento", "visita di controllo"),
             ("withdrawal", "Studienabbruch", "retrait", "retirada", "ritiro"),
             ("source document", "Quelldokument", "document source", "documento fuente", "documento sorgente"),
             ("case report form", "Prüfbogen", "cahier d'observation", "cuaderno de recogida de datos",
              "scheda raccolta dati"), ("baseline", "Ausgangswert", "valeur initiale", "valor basal",
                                        "valore basale")]
    rows = [["Term ID", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "Status", "Domain"]]
    for i, t in enumerate(terms):
        rows.append(["T%04d" % (101 + i)] + list(t) + [rng.choice(["approved", "approved", "under review"]),
                                                       "clinical trials"])
    write_txt("clinical_glossary_5_languages.tsv", rows, delim="\t")
    add("clinical_glossary_5_languages.tsv", k, "refuse", None,
        "a translation glossary: one row per term, one column per language (en-GB, de-DE, fr-FR, es-ES, it-IT) "
        "with the term's translation, a status and a domain: every cell is different text, the languages are "
        "not raters and no categories are assigned",
        keywords=KW + [r"glossary", r"translation", r"text", r"too many (distinct )?(values|categories)"] + KW_ONE)


def main():
    common.main(16, (g_platforms, g_clinical, g_judging, g_education, g_industry, g_field, g_social, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            common.fix_zip(P(f))


if __name__ == "__main__":
    sys.exit(main())
