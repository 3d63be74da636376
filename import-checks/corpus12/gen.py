#!/usr/bin/env python3
"""corpus 12: rating files of kinds in none of corpora 4 to 11, for `tapdesk inspect` (seeded).

Kinds: crowd and annotation tools (a Toloka assignments TSV with INPUT: / OUTPUT: / GOLDEN: / HINT: /
ASSIGNMENT: columns and control tasks, Amazon SageMaker Ground Truth worker responses flattened with
json_normalize beside the consolidated label, class-name and confidence, a doccano multi-user export whose
labels are Python list cells "['positive']" and whose admin never labelled ('[]'), the SNLI dev .txt with
label1..label5 and a gold_label majority with '-', mass-casualty START triage as 'x' marks in one column per
colour under merged paramedic headers beside the exercise's intended colour); survey tools (JotForm with
Submission ID / IP, Microsoft Forms in Japanese with a workplace and a years-of-experience question among the
cases, Google Forms in Polish with a grid question and one rater who submitted twice); EDC (REDCap double data
entry with '1001--1' / '1001--2' records, merged '1001' records and data access groups; a Medidata Rave ODM
clinical-data extract flattened to one row per item: BICR RECIST reads by two readers per subject, tumour
sums in mm at baseline); clinical (CGI-S vignettes in a long Stata file with labelled raters and an expert
gold standard, Kellgren-Lawrence grades in a wide Stata file with one variable per reader and knee, manual
muscle testing '4-' / '3+', Fitzpatrick types written 'IV' and 'Type IV' beside the patient's self-report and
a colorimeter ITA, Nottingham grade with tubules / pleomorphism / mitoses / score / grade under a merged
pathologist header, CAM-ICU with RASS and 'UTA' beside an intensivist reference, Clavien-Dindo 'IIIa'
with an expert panel and a CCI, LI-RADS 'LR-TIV' per lesion in long form with sizes and a final diagnosis,
CheXpert-style 1.0 / 0.0 / -1.0 labels by three radiologists stacked with a Reader column, FCI hip dysplasia
grades with 15-digit microchip numbers and an official grade, an OSCE station with paired examiners, a
simulated patient's rating, checklist scores and a cut-score footer, Strange Situation attachment codes
'D/B3', ICRS cartilage grades read twice by each reader (test-retest beside inter-rater), colorectal polyp
histology with 'SSL?' doubts beside the endoscopist's NICE optical diagnosis, GRBAS grades written '2 (sure)');
sports and arts (trampoline execution deductions in one block per athlete with judges in rows, Eurovision
jury split results with five jurors' ranks beside jury/televote ranks and points, a culinary jury with each
chef's name merged over Score and Comment, baseball scouting reports on the 20-80 scale with a Future Value
'45+'); language testing (ACTFL OPI tester and second rater with names, an official arbitrated rating);
other fields (a privilege log QC with 1L / 2L calls and a final designation, SAST finding triage with the
scanner's severity and an agreed status, a BRCGS calibration audit with text clause numbers '4.10' / '4.1' and
'Not assessed', ISCO-08 occupation coding with leading-zero codes beside CASCOT's automatic code, Wikipedia
article quality classes beside the talk-page class and an ORES prediction, patent search report categories
X / Y / A per application and citation, Czech school marks '1-' / '2-' in ODS, UK EUROP carcass grades '-U' /
'4L' with a VIA machine grade, ICP Forests crown defoliation in 5 % steps with a reference team);
file habits (a table pasted from Word with a caption, fill-down blanks, trailing spaces and footnotes, a
French bac oral double marking in a semicolon CSV with BOM, decimal commas, 'ABS' and 'Note retenue', a
workbook whose first sheet is a chart sheet and whose last is a count summary, ids written ="004512");
files to refuse (an empty rating template with dropdowns, SPSS ICC output saved as CSV, a ReCal2 reliability
report, a pathology sign-out log with one pathologist per case, a rater certification roster, an SPSS template
with value labels and no cases, a scikit-learn classification report).

Env: FUZZ4_ROOT (default: a new mktemp dir, printed), FUZZ12_SEED (default 20261204).
Writes $FUZZ4_ROOT/corpus/<case files> and $FUZZ4_ROOT/truth.json in corpus 4's format, so that
corpus4/run.py judges it unchanged. A subject 'S | X' is subject S of part/item X (field, visit, knee side,
muscle and side, component, observation, compartment, skill, tool, criterion, citation); the runner matches
renamed subjects by content. xlsx/ods files are rewritten with fixed zip and document timestamps and .sav/.dta
with a fixed creation time, so that re-running gives the same bytes.
Needs openpyxl, pandas, pyreadstat and odfpy (PYTHONPATH=/tmp/corpus6/pylib).
"""
import datetime as dt
import os
import string
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import common  # noqa: E402
from common import (add, alt, KW_CONT, KW_LAYOUT, KW_ONE, KW_ONEHOT, KW_REPEAT, KW_SHEET, mat, ordmat,
                    P, rand_id, rdi, reading, uniq, write_ods, write_txt, write_xlsx, write_xlsx2, xlsx_case,
                    csv_case, cell, sav, dta)  # noqa: E402

rng = common.init(12, 20261204)
TRUTH = common.TRUTH
HEX = "0123456789abcdef"
LOWER = string.ascii_lowercase + string.digits


assigned, who = common.assigned, common.who


def mode(vals):
    vals = [v for v in vals if v is not None]
    return max(sorted(set(vals)), key=vals.count)


def iso(t, ms=False, z=False):
    if t == "" or t is None:
        return ""
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if ms:
        s += ".%03d" % rng.randint(0, 999)
    return s + ("Z" if z else "")


def uuid():
    return "-".join(rand_id(n, HEX) for n in (8, 4, 4, 4, 12))


def pairs_rd(pairs):
    """[(subject, rater, value)] -> reading, without empty values."""
    return [[str(s), str(r), str(v)] for s, r, v in pairs if v is not None and v != ""]


# ================================================================== A. crowd and annotation tools
def g_crowd():
    k = "crowd-tools"
    # 1 Toloka assignments TSV with control tasks
    imgs = uniq("https://storage.yandexcloud.net/shelf-audit/store%03d/bay%02d_%s.jpg" %
                (rng.randint(1, 80), rng.randint(1, 30), rand_id(6, HEX)) for _ in range(30))
    workers = [rand_id(32, HEX) for _ in range(8)]
    cats = ["full", "partially_empty", "empty", "not_a_shelf"]
    gold = {s: rng.choice(cats[:3]) for s in imgs[:4]}
    hints = {"full": "All facings are filled; small gaps between products do not count.",
             "partially_empty": "At least one facing is empty but the shelf still holds products.",
             "empty": "No product on the shelf level in the frame."}
    M = {}
    for i, s in enumerate(imgs):
        n = 5 if s in gold else 3
        first = workers[i % len(workers)]
        ws_ = [first] + rng.sample([w for w in workers if w != first], n - 1)
        t = gold.get(s) or rng.choices(cats, [40, 35, 20, 5])[0]
        M[s] = {w: None for w in workers}
        for w in ws_:
            M[s][w] = t if rng.random() < 0.75 else rng.choice(cats)
    task_id = {s: "%s--%s" % (rand_id(10, HEX), rand_id(24, HEX)) for s in imgs}
    rows = [["INPUT:image", "OUTPUT:result", "GOLDEN:result", "HINT:text", "ASSIGNMENT:link", "ASSIGNMENT:task_id",
             "ASSIGNMENT:assignment_id", "ASSIGNMENT:task_suite_id", "ASSIGNMENT:worker_id", "ASSIGNMENT:status",
             "ASSIGNMENT:started", "ASSIGNMENT:submitted", "ASSIGNMENT:accepted", "ASSIGNMENT:reward"]]
    t0 = dt.datetime(2025, 2, 11, 9, 0)
    for w in workers:
        mine = [s for s in imgs if M[s][w] is not None]
        rng.shuffle(mine)
        for c in range(0, len(mine), 5):
            aid = "%s--%s" % (rand_id(10, HEX), rand_id(24, HEX))
            sid = "%s--%s" % (rand_id(10, HEX), rand_id(24, HEX))
            st = t0 + dt.timedelta(minutes=rng.randint(0, 3000))
            sub = st + dt.timedelta(seconds=rng.randint(40, 400))
            status = rng.choice(["APPROVED"] * 5 + ["SUBMITTED"])
            acc = sub + dt.timedelta(hours=rng.randint(1, 30)) if status == "APPROVED" else ""
            for s in mine[c:c + 5]:
                rows.append([s, M[s][w], gold.get(s, ""), hints.get(gold.get(s), ""),
                             "https://platform.toloka.ai/task/41873216/%s" % aid, task_id[s], aid, sid, w, status,
                             iso(st, ms=True), iso(sub, ms=True), iso(acc, ms=True), "0.03"])
    write_txt("toloka_assignments_shelves.tsv", rows, delim="\t")
    add("toloka_assignments_shelves.tsv", k, "import", reading(imgs, workers, M),
        "Toloka assignments download: one row per task and worker; INPUT:image is the subject, "
        "ASSIGNMENT:worker_id the rater, OUTPUT:result the rating (full / partially_empty / empty / not_a_shelf); "
        "GOLDEN:result and HINT:text are filled only on the 4 control tasks (the known answer and the hint shown "
        "after a mistake), not raters; task, assignment and suite ids, status, times and reward are not ratings; "
        "the control tasks were labelled by 5 workers like any task (leaving them out is acceptable too)",
        keywords=[r"golden", r"hint", r"control"],
        alts=[alt(reading(imgs[4:], workers, M), label="control tasks left out")])

    # 2 SageMaker Ground Truth worker responses, flattened, with the consolidated label
    S = [str(i) for i in range(26)]
    wk = ["private.us-east-1.%s" % rand_id(16, LOWER) for _ in range(6)]
    sub_ = {w: uuid() for w in wk}
    cats = ["Toxic", "Offensive but not toxic", "Not offensive"]
    M = assigned(S, wk, 3, cats, [25, 25, 50], p_off=0.35)
    rows = [["datasetObjectId", "dataObject.s3Uri", "answers.workerId",
             "answers.workerMetadata.identityData.identityProviderType", "answers.workerMetadata.identityData.issuer",
             "answers.workerMetadata.identityData.sub", "answers.answerContent.crowd-classifier.label",
             "answers.acceptanceTime", "answers.submissionTime", "answers.timeSpentInSeconds", "toxicity-labels",
             "toxicity-labels-metadata.class-name", "toxicity-labels-metadata.confidence",
             "toxicity-labels-metadata.human-annotated", "toxicity-labels-metadata.creation-date",
             "toxicity-labels-metadata.job-name"]]
    for s in S:
        ws_ = who(s, M)
        rng.shuffle(ws_)
        cons = mode([M[s][w] for w in ws_])
        conf = round(rng.uniform(0.55, 0.99), 2)
        cd = iso(dt.datetime(2025, 4, 3, 8) + dt.timedelta(minutes=rng.randint(0, 300)), ms=True)
        for w in ws_:
            a = dt.datetime(2025, 4, 2, 13) + dt.timedelta(minutes=rng.randint(0, 600))
            sp = round(rng.uniform(4, 90), 3)
            rows.append([s, "s3://acme-moderation/input/comments/part-0001/comment_%05d.txt" % (int(s) + 311),
                         w, "Cognito", "https://cognito-idp.us-east-1.amazonaws.com/us-east-1_Qx7ZpL2mK", sub_[w],
                         M[s][w], iso(a, ms=True, z=True), iso(a + dt.timedelta(seconds=sp), ms=True, z=True), sp,
                         cats.index(cons), cons, conf, "yes", cd, "labeling-job/toxicity-labels"])
    write_txt("sagemaker_gt_worker_responses.csv", rows)
    add("sagemaker_gt_worker_responses.csv", k, "import", reading(S, wk, M),
        "SageMaker Ground Truth text classification: the worker-response JSON files flattened with "
        "pandas.json_normalize and joined to the output manifest; one row per object and worker (3 of 6 private "
        "workers each); answers.workerId (and its Cognito sub, the same person) is the rater, "
        "answers.answerContent.crowd-classifier.label the rating; the consolidated label (class index "
        "'toxicity-labels', its class-name and confidence) repeats per object and is not a rater",
        keywords=[r"class-name", r"consolidat", r"confidence", r"metadata"])

    # 3 doccano multi-user export with Python list cells and an admin who never labelled
    texts = ["Battery lasts two days, very happy.", "Stopped working after a week.", "It is a phone case. It fits.",
             "Great screen, awful speakers.", "Arrived late but works fine.", "Do not buy this, \"waterproof\" my foot.",
             "Exactly as described.", "The strap broke, support replaced it at once.", "Meh.",
             "Love the colour!\nWould buy again.", "Charger gets hot, a bit worried.", "Five stars, no notes."]
    S = [str(i + 1) for i in range(36)]
    users = ["annotator1", "annotator2", "annotator3"]
    cats = ["positive", "negative", "neutral", "mixed"]
    M = mat(S, users, cats, acc=0.7, miss=0.12)
    rows = [["id", "text", "label", "Comments", "user"]]
    txt = {s: rng.choice(texts) for s in S}
    for u in ["admin"] + users:
        for s in S:
            v = M[s].get(u)
            rows.append([s, txt[s], "['%s']" % v if v else "[]",
                         rng.choice(["[]"] * 9 + ["['sarcasm?']"]) if v else "[]", u])
    write_txt("doccano_export_all_users.csv", rows)
    add("doccano_export_all_users.csv", k, "import", reading(S, users, M),
        "doccano text classification, one export per project member concatenated with pandas (user column): the "
        "label cell is a Python list \"['negative']\" ('[]' = the member did not label that text, missing); the "
        "admin's file is all '[]' (admin never annotated, not a rater); Comments is a list of remarks",
        keywords=[r"\[\]", r"admin", r"empty", r"unlabel"],
        aliases={c: ["['%s']" % c, '["%s"]' % c] for c in cats})

    # 4 SNLI dev .txt: label1..label5 and gold_label
    prem = [("A man in a blue shirt is riding a bicycle down a busy street.",
             "A person is riding a bike.", "A man is riding to work.", "A man is sleeping in his bed."),
            ("Two children are playing in the sand near the water.", "Kids are outside.",
             "The children are building a castle.", "The children are in a classroom."),
            ("A woman is slicing vegetables in a small kitchen.", "Someone is preparing food.",
             "A woman is making soup for her family.", "A woman is driving a truck."),
            ("An older man sits on a bench reading a newspaper.", "A man is reading.",
             "A man is waiting for a bus.", "A man is running a marathon."),
            ("A dog jumps to catch a frisbee in a park.", "An animal is outdoors.",
             "The dog is playing with its owner.", "The cat is asleep on the couch."),
            ("Three musicians perform on a stage under red lights.", "People are playing music.",
             "The band is famous.", "The stage is empty."),
            ("A construction worker in an orange vest climbs a ladder.", "A worker is climbing.",
             "The worker is fixing a roof.", "The worker is lying on the ground."),
            ("A girl in a yellow dress is holding a balloon.", "A child holds a balloon.",
             "The girl is at a birthday party.", "The girl is swimming."),
            ("A crowd watches fireworks over a river at night.", "People are watching fireworks.",
             "It is New Year's Eve.", "The crowd is asleep."),
            ("A chef is plating food in a restaurant kitchen.", "A cook is working.",
             "The chef is preparing dessert.", "The chef is on vacation.")]
    lab = ["entailment", "neutral", "contradiction"]

    def toks(x):
        return x.replace(".", " .").replace("'s", " 's").split()

    def bparse(t):
        s = t[-1]
        for w in reversed(t[:-1]):
            s = "( %s %s )" % (w, s)
        return s

    def parse(t):
        tag = lambda w: "DT" if w.lower() in ("a", "an", "the") else "." if w == "." else "NN"
        return "(ROOT (S %s))" % " ".join("(%s %s)" % (tag(w), w) for w in t)

    R = ["label1", "label2", "label3", "label4", "label5"]
    rows = [["gold_label", "sentence1_binary_parse", "sentence2_binary_parse", "sentence1_parse", "sentence2_parse",
             "sentence1", "sentence2", "captionID", "pairID"] + R]
    S, M = [], {}
    for p in prem:
        cap = "%d.jpg#%d" % (rng.randint(1000000000, 9999999999), rng.randint(0, 4))
        for j in rng.sample(range(3), 3):
            pid = cap + "r1" + lab[j][0]
            vals = [lab[j]] + [lab[j] if rng.random() < 0.8 else rng.choice(lab) for _ in range(4)]
            S.append(pid)
            M[pid] = dict(zip(R, vals))
            top = mode(vals)
            g = top if vals.count(top) >= 3 else "-"
            rows.append([g, bparse(toks(p[0])), bparse(toks(p[j + 1])), parse(toks(p[0])), parse(toks(p[j + 1])),
                         p[0], p[j + 1], cap, pid] + vals)
    write_txt("snli_1.0_dev_sample.txt", text="".join("\t".join(r) + "\n" for r in rows))
    add("snli_1.0_dev_sample.txt", k, "import", reading(S, R, M),
        "SNLI 1.0 dev file (.txt, tab-separated, unquoted): one row per premise/hypothesis pair (pairID); label1 "
        "is the hypothesis writer's intended label and label2..label5 are four validators, different crowd "
        "workers for every pair, so the five are exchangeable; gold_label is the majority of the five ('-' when "
        "no label has 3 votes), not a rater; the parse columns and sentences are text",
        keywords=[r"gold_label", r"exchangeable"], alts=[alt(reading(S, R, M), label="exchangeable", exch=True)])

    # 5 START triage one-hot 'x' per colour under merged paramedic headers, with the intended colour
    S = ["C-%03d" % i for i in sorted(rng.sample(range(1, 120), 28))]
    R = ["Paramedic A", "Paramedic B", "Paramedic C"]
    cols = ["Red", "Yellow", "Green", "Black"]
    M = mat(S, R, cols, acc=0.75, miss=0.05)
    inj = ["Open femur fracture", "Walking wounded, forearm laceration", "Not breathing after airway opened",
           "RR 34, confused", "Crush injury left leg", "Burns 20% TBSA", "Minor abrasions", "Cap refill > 2 s",
           "Head injury, obeys commands", "Pelvic pain, cannot walk"]
    cells = {(1, 1): "Casualty card", (1, 2): "Scripted injury", (1, 15): "Intended colour (exercise control)"}
    merges = ["A1:A2", "B1:B2", "O1:O2"]
    for i, r in enumerate(R):
        c0 = 3 + 4 * i
        cells[(1, c0)] = r
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 3)))
        for j, c in enumerate(cols):
            cells[(2, c0 + j)] = c
    for n, s in enumerate(S):
        row = 3 + n
        cells[(row, 1)], cells[(row, 2)] = s, rng.choice(inj)
        for i, r in enumerate(R):
            if M[s][r]:
                cells[(row, 3 + 4 * i + cols.index(M[s][r]))] = "x"
        cells[(row, 15)] = mode([M[s][r] for r in R])
    write_xlsx2("mci_triage_exercise_onehot.xlsx", cells, title="Triage tags", merges=merges, freeze="C3")
    add("mci_triage_exercise_onehot.xlsx", k, "either", reading(S, R, M),
        "mass-casualty exercise: 3 paramedics triage each moulaged casualty with START (Red / Yellow / Green / "
        "Black), marked 'x' in one of four colour columns under each paramedic's merged name (a blank group = not "
        "triaged); the careful reading decodes the marks (subject = casualty card, rater = paramedic); refusing "
        "the indicator columns is acceptable; the intended colour from the exercise script is a reference, not "
        "a rater", keywords=KW_ONEHOT + [r"intended", r"exercise control"])


def col_letter(n):
    s = ""
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


# ================================================================== B. survey tools
def g_surveys():
    k = "survey-tools"
    # 6 JotForm: raters in rows, clip questions in columns
    clips = ["Clip %02d - Gait pattern" % (i + 1) for i in range(16)]
    names = ["Sarah O'Neill", "Tomás Herrera", "Mei Lin", "Jakob Nilsen", "Aisha Bello", "Ruth Goldberg",
             "Kwame Asante"]
    lv = ["Normal", "Mildly abnormal", "Markedly abnormal"]
    M = ordmat(clips, names, lv, [40, 35, 25], p_off=0.3, miss=0.04)
    rows = [["Submission Date", "Your Name", "E-mail"] + clips + ["Any other comments?", "Submission ID",
                                                                  "Submission IP"]]
    for n in names:
        t = dt.datetime(2025, 6, 2, 8) + dt.timedelta(minutes=rng.randint(0, 5000))
        mail = n.split()[0].lower().replace("'", "").replace("á", "a") + "@physio.example.org"
        rows.append([(t + dt.timedelta(seconds=rng.randint(0, 59))).strftime("%Y-%m-%d %H:%M:%S"), n, mail]
                    + [M[c][n] or "" for c in clips] +
                    [rng.choice(["", "", "Clip 9 cut off early", "Hard to see the feet in clip 12"]),
                     "%d" % rng.randint(5800000000000000000, 5999999999999999999),
                     "81.2.%d.%d" % (rng.randint(0, 255), rng.randint(1, 254))])
    write_txt("jotform_gait_clip_ratings.csv", rows)
    rd = reading(clips, names, M)
    add("jotform_gait_clip_ratings.csv", k, "import", rd,
        "JotForm submissions: one row per physiotherapist ('Your Name'), one column per video clip rated Normal "
        "/ Mildly abnormal / Markedly abnormal (a blank = skipped); subjects are the clip columns, raters the "
        "respondents; Submission Date, E-mail, the comments question, the 19-digit Submission ID and the IP are "
        "not ratings", keywords=KW_LAYOUT,
        alts=[alt([[r, s, v] for s, r, v in rd], must_note=True, label="transposed")])

    # 7 Microsoft Forms in Japanese
    q = ["症例%02d：重症度を選んでください" % (i + 1) for i in range(18)]
    names = ["佐藤 健", "鈴木 花子", "高橋 誠", "田中 美咲", "伊藤 大輔", "渡辺 由美"]
    mails = ["k.sato", "h.suzuki", "m.takahashi", "m.tanaka", "d.ito", "y.watanabe"]
    lv = ["軽症", "中等症", "重症"]
    M = ordmat(q, names, lv, [40, 35, 25], p_off=0.3)
    rows = [["ID", "開始時刻", "完了時刻", "メール", "名前", "最終変更時刻", "所属施設", "臨床経験年数"] + q + ["コメント"]]
    for i, (n, m) in enumerate(zip(names, mails)):
        st = dt.datetime(2025, 9, 8, 9) + dt.timedelta(minutes=rng.randint(0, 8000))
        rows.append([i + 1, st, st + dt.timedelta(minutes=rng.randint(12, 40)), m + "@hosp.example.jp", n, "",
                     rng.choice(["大学病院", "市民病院", "診療所"]), rng.randint(3, 25)] + [M[x][n] for x in q] +
                    [rng.choice(["", "", "症例7は判断に迷った", "画像が見づらい"])])
    write_xlsx("msforms_severity_ja.xlsx", [("Sheet1", rows)])
    rd = reading(q, names, M)
    add("msforms_severity_ja.xlsx", k, "import", rd,
        "Microsoft Forms export in Japanese: one row per respondent (名前 = name) with ID, start / completion "
        "times, e-mail and an empty last-modified column, then 所属施設 (workplace) and 臨床経験年数 (years of "
        "clinical experience, a number) before 18 case questions rated 軽症 / 中等症 / 重症 (mild / moderate / "
        "severe); the cases are the subjects, the respondents the raters; the workplace, experience and comment "
        "questions are not cases", keywords=KW_LAYOUT,
        alts=[alt([[r, s, v] for s, r, v in rd], must_note=True, label="transposed")])

    # 8 Google Forms in Polish: grid question, one rater submitted twice
    smears = ["Ocena rozmazów [Rozmaz %02d]" % (i + 1) for i in range(20)]
    names = ["Anna Wiśniewska", "Piotr Łukasiewicz", "Katarzyna Zając", "Tomasz Wójcik", "Małgorzata Dąbrowska"]
    mails = ["a.wisniewska", "p.lukasiewicz", "k.zajac", "t.wojcik", "m.dabrowska"]
    lv = ["NILM", "ASC-US", "LSIL", "ASC-H", "HSIL"]
    M = ordmat(smears, names, lv, [35, 20, 20, 10, 15], p_off=0.35)
    again = names[2]
    old = {s: M[s][again] for s in smears}
    for s in rng.sample(smears, 4):
        old[s] = lv[max(0, min(4, lv.index(M[s][again]) + rng.choice([-1, 1])))]
    rows = [["Sygnatura czasowa", "Adres e-mail", "Imię i nazwisko", "Staż pracy w cytologii (lata)"] + smears +
            ["Uwagi"]]
    order = list(names)
    rng.shuffle(order)
    t = dt.datetime(2025, 3, 10, 8, 15)
    for n in order:
        t += dt.timedelta(minutes=rng.randint(30, 900), seconds=rng.randint(0, 59))
        vals = [old[s] for s in smears] if n == again else [M[s][n] for s in smears]
        rows.append([t.strftime("%d.%m.%Y %H:%M:%S"), mails[names.index(n)] + "@szpital.example.pl", n,
                     str(rng.randint(2, 30)), *vals, ""])
    t += dt.timedelta(days=2, minutes=rng.randint(0, 300), seconds=rng.randint(0, 59))
    rows.append([t.strftime("%d.%m.%Y %H:%M:%S"), mails[names.index(again)] + "@szpital.example.pl", again,
                 rows[1 + order.index(again)][3]] + [M[s][again] for s in smears] +
                ["Poprawiona ocena po ponownym obejrzeniu preparatów"])
    write_txt("formularz_google_cytologia_pl.csv", rows)
    rd = reading(smears, names, M)
    add("formularz_google_cytologia_pl.csv", k, "import", rd,
        "Google Forms responses in Polish: 5 cytologists grade 20 smears in a grid question 'Ocena rozmazów "
        "[Rozmaz 01]' (NILM / ASC-US / LSIL / ASC-H / HSIL); Katarzyna Zając submitted twice, the second time "
        "two days later with a note that she revised her grades: the later submission counts; 'Staż pracy' "
        "(years of experience), e-mail and Uwagi (remarks) are not ratings",
        keywords=KW_REPEAT + KW_LAYOUT,
        alts=[alt([[r, s, v] for s, r, v in rd], must_note=True, label="transposed")])
    TRUTH["formularz_google_cytologia_pl.csv"]["wrong_keywords"] = KW_REPEAT   # a layout note does not note a repeat


# ================================================================== C. EDC
def g_edc():
    k = "edc"
    # 9 REDCap double data entry with merged records
    recs = [str(1001 + i) for i in range(24)]
    pools = {"site_a": ["JK", "MP", "AL"], "site_b": ["RS", "TN", "BW"]}
    fields = [("toast", ["1", "2", "3", "4", "5"], [25, 25, 20, 20, 10]),
              ("mrs_dc", ["0", "1", "2", "3", "4", "5", "6"], [8, 14, 16, 18, 20, 14, 10]),
              ("sich", ["0", "1"], [85, 15])]
    slots = ["1", "2"]
    S = [(r, f) for r in recs for f, _, _ in fields]
    M = {}
    for r in recs:
        for f, lv, w in fields:
            M.update(ordmat([(r, f)], slots, lv, w, p_off=0.2 if f != "sich" else 0.1))
    rows = [["record_id", "redcap_data_access_group", "abs_date", "abs_initials", "toast", "mrs_dc", "sich",
             "chart_abstraction_complete"]]
    by_person = []
    for i, r in enumerate(recs):
        dag = "site_a" if i < 12 else "site_b"
        pp = rng.sample(pools[dag], 2)
        d = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randint(0, 60))
        if rng.random() < 0.6:
            rows.append([r, dag, (d + dt.timedelta(days=9)).isoformat(), "",
                         *[rng.choice([M[(r, f)]["1"], M[(r, f)]["2"]]) for f, _, _ in fields], "2"])
        for j, sl in enumerate(slots):
            rows.append(["%s--%s" % (r, sl), dag, (d + dt.timedelta(days=rng.randint(0, 4))).isoformat(), pp[j],
                         *[M[(r, f)][sl] for f, _, _ in fields], rng.choice(["2", "2", "2", "1"])])
            by_person += [["%s | %s" % (r, f), pp[j], M[(r, f)][sl]] for f, _, _ in fields]
    write_txt("redcap_dde_stroke_abstraction.csv", rows)
    add("redcap_dde_stroke_abstraction.csv", k, "import", rdi(S, slots, M),
        "REDCap project with double data entry: each chart is abstracted twice, as records '1001--1' and "
        "'1001--2' (entry person 1 and 2, initials in abs_initials, drawn from the site's abstractors), and "
        "reconciled charts also have the merged record '1001' (the final values, not an abstractor); fields "
        "toast (1-5), mrs_dc (0-6) and sich (0/1) in raw codes; subject = record + field, raters = entry 1 / "
        "entry 2 (reading the abstractors' initials as raters is right too); the data access group, dates and "
        "the form status chart_abstraction_complete are not ratings",
        keywords=[r"--1", r"--2", r"double.data.entry", r"merged", r"_complete"],
        alts=[alt(by_person, label="abstractors by initials")])

    # 10 Rave ODM clinical data flattened: BICR reads by two readers per subject
    subs = ["%d-%04d" % (rng.choice([101, 102, 205]), rng.randint(1, 60)) for _ in range(14)]
    subs = uniq(subs)
    visits = ["SE.BASELINE", "SE.WK08", "SE.WK16", "SE.WK24"]
    readers = ["rdr.kowalczyk", "rdr.mensah", "rdr.oyelaran", "rdr.bergstrom"]
    ovr = ["CR", "PR", "SD", "PD", "NE"]
    rows = [["StudyOID", "MetaDataVersionOID", "SubjectKey", "SiteRef", "StudyEventOID", "StudyEventRepeatKey",
             "FormOID", "FormRepeatKey", "ItemGroupOID", "ItemGroupRepeatKey", "ItemOID", "Value", "UserRef",
             "DateTimeStamp"]]
    rd_slot, rd_pers, it_slot, it_pers = [], [], [], []
    for sk in subs:
        pp = rng.sample(readers, 2)
        base = rng.randint(30, 160)
        nvis = rng.choice([2, 3, 3, 4, 4])
        traj = []
        st = rng.choice([1, 2, 2])
        for v in visits[1:nvis]:
            st = max(0, min(3, st + rng.choice([-1, 0, 0, 1])))
            traj.append(st)
        for vi, v in enumerate(visits[:nvis]):
            for j, rdr in enumerate(pp):
                form = "RECIST_R%d" % (j + 1)
                ts = dt.datetime(2025, 1, 10) + dt.timedelta(days=56 * vi + rng.randint(0, 12), minutes=rng.randint(0, 900))
                items = [("RECIST.TLSUM", str(max(0, int(base * (1 - 0.2 * vi * rng.uniform(-0.5, 1.5))) +
                                                  rng.randint(-4, 4))))]
                if vi:
                    t = traj[vi - 1]
                    o = ovr[max(0, min(3, t + (rng.choice([-1, 1]) if rng.random() < 0.25 else 0)))]
                    if rng.random() < 0.04:
                        o = "NE"
                    nl = "Y" if o == "PD" and rng.random() < 0.5 else "N"
                    ntl = {"CR": "CR", "PR": "Non-CR/Non-PD", "SD": "Non-CR/Non-PD", "PD": rng.choice(
                        ["PD", "Non-CR/Non-PD"]), "NE": "NE"}[o]
                    items += [("RECIST.NTLRESP", ntl), ("RECIST.NEWLES", nl), ("RECIST.OVRLRESP", o)]
                    sv = "%s | %s" % (sk, v)
                    rd_slot.append([sv, form, o])
                    rd_pers.append([sv, rdr, o])
                    for io, val in items[1:]:
                        it_slot.append(["%s | %s" % (sv, io), form, val])
                        it_pers.append(["%s | %s" % (sv, io), rdr, val])
                for io, val in items:
                    rows.append(["ONC-301(PROD)", "412", sk, "SITE" + sk[:3], v, "1", form, "1", "RECIST", "1", io, val,
                                 rdr, iso(ts)])
    write_txt("rave_odm_bicr_recist.csv", rows)
    add("rave_odm_bicr_recist.csv", k, "import", rd_slot,
        "Medidata Rave ODM clinical data flattened to one row per item value: blinded independent central review, "
        "each subject read by two of four radiologists (form RECIST_R1 / RECIST_R2, reader in UserRef) at "
        "baseline and follow-up visits; the careful reading is the overall response RECIST.OVRLRESP (CR / PR / SD "
        "/ PD / NE) with subject = SubjectKey + visit and rater = R1 / R2 (the readers by UserRef is right too); "
        "the target-lesion sum TLSUM is a measurement in mm (the only item at baseline); reading non-target "
        "response, new lesions and overall response as three items is acceptable",
        keywords=[r"tlsum", r"itemoid", r"ovrlresp", r"measurement"],
        alts=[alt(rd_pers, label="readers by UserRef"), alt(it_slot, label="three categorical items"),
              alt(it_pers, label="three items, readers by UserRef")])


# ================================================================== D. clinical
def g_clinical():
    k = "clinical"
    import pandas as pd
    # 11 CGI-S vignettes, long Stata file, labelled raters and an expert gold standard
    cg = {1: "Normal, not at all ill", 2: "Borderline mentally ill", 3: "Mildly ill", 4: "Moderately ill",
          5: "Markedly ill", 6: "Severely ill", 7: "Among the most extremely ill patients"}
    rl = {1: "Dr Aydin", 2: "Dr Bauer", 3: "Dr Costa", 4: "Dr Dlamini", 5: "Dr Eriksen", 6: "Dr Fujita"}
    S = [str(i + 1) for i in range(20)]
    R = list(rl.values())
    M = ordmat(S, R, [str(i) for i in range(1, 8)], [5, 10, 20, 25, 20, 13, 7], p_off=0.45, miss=0.04)
    data = {"vignette": [], "rater": [], "cgis": [], "minutes": [], "expert": []}
    for s in S:
        ex = int(mode([M[s][r] for r in R]))
        for i, r in enumerate(R):
            data["vignette"].append(int(s))
            data["rater"].append(i + 1)
            data["cgis"].append(float(M[s][r]) if M[s][r] else float("nan"))
            data["minutes"].append(round(rng.uniform(6, 25), 1))
            data["expert"].append(ex)
    df = pd.DataFrame(data)
    dta("cgis_vignettes_long.dta", df, column_labels=["Case vignette", "Rater", "CGI-Severity",
                                                       "Viewing time (minutes)", "Expert panel CGI-S (gold standard)"],
        variable_value_labels={"rater": rl, "cgis": cg, "expert": cg})
    add("cgis_vignettes_long.dta", k, "import", reading(S, R, M),
        "Stata long file: 6 psychiatrists rate 20 filmed interview vignettes on the Clinical Global Impression - "
        "Severity (1-7, value labels 'Moderately ill' ...; a few '.' missing); rater is a labelled number; "
        "'expert' is the expert panel's gold-standard CGI-S repeated on each row, not a rater; minutes is "
        "viewing time", keywords=[r"expert", r"gold"],
        aliases={str(c): [l, "%d = %s" % (c, l), "%d. %s" % (c, l)] for c, l in cg.items()})

    # 12 Kellgren-Lawrence grades, wide Stata file, one variable per reader and knee
    kl = {0: "KL0 none", 1: "KL1 doubtful", 2: "KL2 minimal", 3: "KL3 moderate", 4: "KL4 severe"}
    ids_ = ["KN%04d" % rng.randint(1, 9999) for _ in range(30)]
    ids_ = uniq(ids_)
    R = ["Reader 1", "Reader 2", "Reader 3"]
    S = [(p, sd) for p in ids_ for sd in ("left", "right")]
    M = ordmat(S, R, ["0", "1", "2", "3", "4"], [15, 25, 25, 20, 15], p_off=0.4)
    tkr = [S[i] for i in rng.sample(range(len(S)), 2)]
    for s in tkr:
        M[s] = {r: None for r in R}
    data = {"id": ids_, "age": [rng.randint(45, 84) for _ in ids_], "sex": [rng.choice([1, 2]) for _ in ids_]}
    labels = {"id": "Participant ID", "age": "Age (years)", "sex": "Sex"}
    for i, r in enumerate(R):
        for sd, a in (("left", "l"), ("right", "r")):
            v = "kl_r%d_%s" % (i + 1, a)
            data[v] = [float(M[(p, sd)][r]) if M[(p, sd)][r] else float("nan") for p in ids_]
            labels[v] = "%s KL grade, %s knee" % (r, sd)
    for sd, a in (("left", "l"), ("right", "r")):
        data["jsw_" + a] = [float("nan") if (p, sd) in tkr else round(rng.uniform(1.2, 6.5), 2) for p in ids_]
        labels["jsw_" + a] = "Minimum joint space width, %s (mm)" % sd
    df = pd.DataFrame(data)
    dta("kl_grading_wide.dta", df, column_labels=[labels[c] for c in df.columns],
        variable_value_labels=dict({"sex": {1: "male", 2: "female"}},
                                   **{c: kl for c in df.columns if c.startswith("kl_")}))
    add("kl_grading_wide.dta", k, "import", rdi([s for s in S if s not in tkr], R, M),
        "knee radiographs graded Kellgren-Lawrence 0-4 (value labels 'KL2 minimal') by 3 readers, one Stata "
        "variable per reader and knee (kl_r1_l, kl_r1_r, kl_r2_l ...); subject = participant + knee side, "
        "raters = the 3 readers; knees with a replacement are missing for everyone; jsw_l / jsw_r are joint "
        "space widths in mm, age and sex are not ratings",
        keywords=[r"jsw", r"side", r"knee"],
        aliases={str(c): [l] for c, l in kl.items()})

    # 13 manual muscle testing with +/- grades
    pts = ["MMT-%02d" % (i + 1) for i in range(8)]
    mus = ["Hip flexors", "Knee extensors", "Ankle dorsiflexors", "Shoulder abductors", "Elbow flexors"]
    R = ["Examiner A (KM)", "Examiner B (JS)"]
    lv = ["0", "1", "2-", "2", "2+", "3-", "3", "3+", "4-", "4", "4+", "5"]
    S = [(p, m, sd) for p in pts for m in mus for sd in ("L", "R")]
    M = ordmat(S, R, lv, [2, 2, 3, 4, 5, 7, 10, 11, 13, 15, 14, 14], p_off=0.45)
    rows = [["Pt ID", "Visit date", "Muscle group", "Side"] + R + ["Notes"]]
    for p in pts:
        d = "%02d/%02d/2025" % (rng.randint(1, 28), rng.randint(1, 12))
        for m in mus:
            for sd in ("L", "R"):
                rows.append([p, d, m, sd] + [M[(p, m, sd)][r] for r in R] +
                            [rng.choice(["", "", "", "", "pain limited", "fatigue", "substitution noted"])])
    write_txt("mmt_grades_plus_minus.csv", rows)
    add("mmt_grades_plus_minus.csv", k, "import", rdi(S, R, M),
        "manual muscle testing (Kendall / MRC 0-5 with '+' and '-' modifiers: '4-' is a grade between 3+ and 4, "
        "not minus four) by two physiotherapists; subject = patient + muscle group + side; Notes and date are "
        "not ratings", keywords=[r"notes"])

    # 14 Fitzpatrick skin types written 'IV' and 'Type IV', self-report and colorimeter
    S = ["FP-%03d" % (i + 1) for i in range(30)]
    R = ["Dermatologist 1", "Dermatologist 2", "Dermatologist 3"]
    lv = ["I", "II", "III", "IV", "V", "VI"]
    M = ordmat(S, R, lv, [8, 20, 25, 22, 15, 10], p_off=0.4)
    rows = [["Photo ID", "Body site", "Dermatologist 1", "Dermatologist 2", "Dermatologist 3",
             "Self-reported type (questionnaire)", "ITA° (colorimeter)"]]
    for s in S:
        t = lv.index(mode([M[s][r] for r in R]))
        rows.append([s, rng.choice(["inner upper arm", "forehead", "dorsal hand"]), M[s][R[0]],
                     "Type " + M[s][R[1]], M[s][R[2]], lv[max(0, min(5, t + rng.choice([-1, 0, 0, 1])))],
                     round(60 - 14 * t + rng.uniform(-6, 6), 1)])
    xlsx_case("fitzpatrick_photo_typing.xlsx", "Typing", rows, k, S, R, M,
        "Fitzpatrick skin phototype I-VI assigned from standardised photos by 3 dermatologists; Dermatologist 2 "
        "writes 'Type IV' where the others write 'IV' (the same category); the patient's self-reported type is a "
        "different source (questionnaire), not a dermatologist; ITA° is a colorimeter measurement",
        keywords=[r"self-reported", r"ita", r"questionnaire"],
        aliases={v: ["Type " + v] for v in lv})

    # 15 Nottingham grade under a merged pathologist header
    S = ["B25-%05d" % rng.randint(10000, 99999) for _ in range(24)]
    S = uniq(S)
    R = ["Pathologist 1", "Pathologist 2", "Pathologist 3"]
    comps = ["Tubules", "Pleomorphism", "Mitoses"]
    cells = {(1, 1): "Case", (1, 2): "Block", (1, 18): "Notes"}
    merges = ["A1:A2", "B1:B2", "R1:R2"]
    for i, r in enumerate(R):
        c0 = 3 + 5 * i
        cells[(1, c0)] = r
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 4)))
        for j, h in enumerate(comps + ["Score", "Grade"]):
            cells[(2, c0 + j)] = h
    G, C = {}, {}
    for n, s in enumerate(S):
        row = 3 + n
        cells[(row, 1)], cells[(row, 2)] = s, rng.choice(["A1", "A2", "B1", "C3"])
        true = [rng.choices([1, 2, 3], w)[0] for w in ([15, 35, 50], [10, 45, 45], [50, 30, 20])]
        G[s] = {}
        for i, r in enumerate(R):
            v = [max(1, min(3, t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0))) for t in true]
            sc = sum(v)
            g = 1 if sc <= 5 else 2 if sc <= 7 else 3
            G[s][r] = str(g)
            for j, c in enumerate(comps):
                C.setdefault((s, c), {})[r] = str(v[j])
            for j, x in enumerate(v + [sc, g]):
                cells[(row, 3 + 5 * i + j)] = x
        cells[(row, 18)] = rng.choice([None, None, None, "DCIS adjacent", "poor fixation"])
    write_xlsx2("nottingham_grade_panel.xlsx", cells, title="Grading", merges=merges, freeze="C3")
    add("nottingham_grade_panel.xlsx", k, "import", reading(S, R, G),
        "invasive breast carcinoma, Nottingham (Elston-Ellis) grading by 3 pathologists: each pathologist's name "
        "merged over five columns Tubules / Pleomorphism / Mitoses (1-3 each) / Score (their sum 3-9) / Grade "
        "(1-3 from the score); the careful reading is the histological grade per case; reading the three "
        "component scores as items (subject = case + component) is acceptable; the Score is a sum, not a "
        "rating; Block and Notes are not ratings", keywords=[r"score", r"grade", r"sum"],
        alts=[alt(rdi([(s, c) for s in S for c in comps], R, C), label="components as items")])

    # 16 CAM-ICU with RASS and UTA beside an intensivist reference
    S = ["A%03d" % (i + 1) for i in range(30)]
    R = ["RN 1", "RN 2"]
    rass, cam = {}, {}
    for s in S:
        t = rng.choices(range(-5, 3), [8, 10, 14, 16, 22, 16, 9, 5])[0]
        delir = rng.random() < 0.35
        rass[s], cam[s] = {}, {}
        for r in R:
            x = max(-5, min(2, t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)))
            rass[s][r] = str(x)
            cam[s][r] = "UTA" if x <= -4 else ("Positive" if delir != (rng.random() < 0.12) else "Negative")
    rows = [["Assessment", "Bed", "Date/time", "RN 1 RASS", "RN 1 CAM-ICU", "RN 2 RASS", "RN 2 CAM-ICU",
             "Reference rater (intensivist) CAM-ICU", "Sedation infusion"]]
    for s in S:
        ref = "UTA" if min(int(rass[s][r]) for r in R) <= -4 and rng.random() < 0.5 else mode(
            [cam[s][r] for r in R if cam[s][r] != "UTA"] or ["UTA"])
        rows.append([s, "ICU-%d" % rng.randint(1, 16), dt.datetime(2025, 5, 1, 8) + dt.timedelta(
            hours=rng.randint(0, 700)), int(rass[s]["RN 1"]), cam[s]["RN 1"], int(rass[s]["RN 2"]), cam[s]["RN 2"],
            ref, rng.choice(["propofol", "dexmedetomidine", "none", "none"])])
    write_xlsx("cam_icu_paired_nurses.xlsx", [("Paired assessments", rows)])
    both = [["%s | %s" % (s, it), r, d[s][r]] for s in S for it, d in (("RASS", rass), ("CAM-ICU", cam)) for r in R]
    camo = [[s, r, cam[s][r]] for s in S for r in R]
    rassonly = [[s, r, rass[s][r]] for s in S for r in R]
    nouta = lambda rd: [x for x in rd if x[2] != "UTA"]
    add("cam_icu_paired_nurses.xlsx", k, "import", both,
        "ICU delirium screening: two bedside nurses independently score RASS (-5..+2) and CAM-ICU (Positive / "
        "Negative / UTA = unable to assess, when RASS is -4 or -5) for each assessment; subject = assessment + "
        "instrument, raters RN 1 / RN 2; the intensivist's CAM-ICU is the reference standard, not a rater; "
        "reading the CAM-ICU alone (or the RASS alone) is acceptable; reading UTA as missing is acceptable only "
        "if said (it is an outcome the nurses assign and can disagree on)",
        keywords=[r"reference", r"intensivist", r"\buta\b", r"unable to assess"],
        alts=[alt(camo, label="CAM-ICU only"), alt(rassonly, label="RASS only"),
              alt(nouta(both), must_note=True, label="UTA as missing"),
              alt(nouta(camo), must_note=True, label="CAM-ICU only, UTA as missing")])

    # 17 Clavien-Dindo with an expert panel and the CCI
    S = ["V%02d" % (i + 1) for i in range(22)]
    R = ["Surgeon 1", "Surgeon 2", "Surgeon 3", "Surgeon 4", "Surgeon 5"]
    lv = ["I", "II", "IIIa", "IIIb", "IVa", "IVb", "V"]
    cci = {"I": 8.7, "II": 20.9, "IIIa": 26.2, "IIIb": 33.7, "IVa": 42.4, "IVb": 46.2, "V": 100}
    M = ordmat(S, R, lv, [16, 24, 16, 16, 12, 8, 8], p_off=0.4)
    desc = ["Wound infection opened at bedside", "Ileus treated with parenteral nutrition",
            "Anastomotic leak, relaparotomy", "Pleural effusion drained under local anaesthesia",
            "Postoperative delirium, haloperidol", "Pneumonia requiring intubation", "Death on day 9 from sepsis",
            "Atrial fibrillation, amiodarone", "Bleeding, 2 units transfused", "Bile leak, ERCP stent",
            "Renal failure requiring dialysis", "Urinary retention, catheter"]
    rows = [["Vignette", "Complication (summary)"] + R + ["Expert panel", "CCI (expert)"]]
    for s in S:
        ex = mode([M[s][r] for r in R])
        rows.append([s, rng.choice(desc)] + [M[s][r] for r in R] + [ex, cci[ex]])
    csv_case("clavien_dindo_vignettes.csv", rows, k, S, R, M,
        "surgical complication vignettes graded Clavien-Dindo I / II / IIIa / IIIb / IVa / IVb / V by 5 surgeons; "
        "'Expert panel' is the reference grade and 'CCI (expert)' the Comprehensive Complication Index computed "
        "from it (8.7 .. 100), neither a surgeon", keywords=[r"expert", r"cci"])

    # 18 LI-RADS per lesion, long, with sizes and a final diagnosis
    pts = ["LIV%03d" % rng.randint(1, 400) for _ in range(15)]
    pts = uniq(pts)
    R = ["R1-MK", "R2-JH", "R3-SP"]
    lv = ["LR-1", "LR-2", "LR-3", "LR-4", "LR-5", "LR-M", "LR-TIV"]
    S, M, info = [], {}, {}
    for p in pts:
        for les in range(1, rng.choice([2, 2, 3])):
            s = (p, str(les))
            S.append(s)
            t = rng.choices(range(7), [5, 10, 20, 20, 30, 10, 5])[0]
            M[s] = {}
            for r in R:
                x = t
                if rng.random() < 0.35:
                    x = max(0, min(4, t + rng.choice([-1, 1]))) if t <= 4 else rng.choice([4, 5, 6])
                M[s][r] = lv[x]
            info[s] = (rng.uniform(8, 45), rng.choice(["S2", "S4a", "S5", "S6", "S7", "S8"]),
                       "HCC" if t >= 4 and t != 5 else "non-HCC malignancy" if t == 5 else rng.choice(
                           ["benign", "HCC", "benign"]))
    rows = [["PatientID", "StudyDate", "LesionNo", "Segment", "Reader", "LI-RADS category", "Size (mm)",
             "Read time (s)", "Final diagnosis (path/follow-up)"]]
    for r in R:
        for s in S:
            sz, seg, fd = info[s]
            rows.append([s[0], "2024-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)), s[1], seg, r, M[s][r],
                         "%.0f" % (sz + rng.uniform(-2.5, 2.5)), str(rng.randint(40, 300)), fd])
    write_txt("lirads_reader_study_long.csv", rows)
    add("lirads_reader_study_long.csv", k, "import", rdi(S, R, M),
        "multiphase CT/MRI reader study, long: 3 radiologists assign LI-RADS v2018 categories (LR-1 .. LR-5, "
        "LR-M, LR-TIV) to every observation; subject = patient + lesion number (lesion numbers repeat across "
        "patients); each reader's size in mm is a measurement; the final diagnosis from pathology or follow-up "
        "is the reference, not a reader", keywords=[r"final diagnosis", r"size", r"lesion"])

    # 19 CheXpert-style labels by three radiologists, stacked
    studies = ["CheXpert-v1.0/valid/patient%05d/study1/view1_frontal.jpg" % rng.randint(64541, 64740)
               for _ in range(12)]
    studies = uniq(studies)
    obs = ["No Finding", "Cardiomegaly", "Edema", "Consolidation", "Atelectasis", "Pleural Effusion"]
    R = ["rad1", "rad2", "rad3"]
    S = [(st, o) for st in studies for o in obs]
    M = {}
    for st in studies:
        pos = {o: rng.random() < 0.3 for o in obs[1:]}
        for o in obs:
            t = (not any(pos.values())) if o == "No Finding" else pos[o]
            M[(st, o)] = {}
            for r in R:
                u = rng.random()
                v = ("1.0" if t else "0.0") if u < 0.78 else "-1.0" if u < 0.9 else ("0.0" if t else "1.0")
                if o == "No Finding" and v == "-1.0":
                    v = "1.0" if t else "0.0"
                if rng.random() < 0.05:
                    v = None
                M[(st, o)][r] = v
    rows = [["Path", "Sex", "Age", "Frontal/Lateral", "AP/PA", "Reader"] + obs]
    demo = {st: (rng.choice(["Male", "Female"]), rng.randint(20, 90), rng.choice(["AP", "PA"])) for st in studies}
    for r in R:
        for st in studies:
            sx, ag, ap = demo[st]
            rows.append([st, sx, ag, "Frontal", ap, r] + [M[(st, o)][r] or "" for o in obs])
    write_txt("chexpert_style_three_radiologists.csv", rows)
    add("chexpert_style_three_radiologists.csv", k, "import", rdi(S, R, M),
        "chest radiographs labelled by 3 radiologists with the CheXpert scheme, their files stacked with a Reader "
        "column: per observation 1.0 positive, 0.0 negative, -1.0 uncertain (a label of its own), blank = not "
        "mentioned (missing); subject = image path + observation; Sex, Age, Frontal/Lateral and AP/PA describe "
        "the image", keywords=[r"uncertain", r"-1"])

    # 20 FCI hip dysplasia grades with 15-digit microchip numbers and the official grade
    S = ["276098%09d" % rng.randint(100000000, 999999999) for _ in range(26)]
    R = ["Scrutineer 1", "Scrutineer 2", "Scrutineer 3"]
    lv = ["A", "B", "C", "D", "E"]
    M = ordmat(S, R, lv, [35, 25, 20, 12, 8], p_off=0.4)
    rows = [["Microchip", "Breed", "Sex", "Date of birth", "Age at X-ray (months)", "Sedation"] + R +
            ["Official grade", "Notes"]]
    for s in S:
        dob = dt.datetime(2023, 1, 1) + dt.timedelta(days=rng.randint(0, 500))
        rows.append([s, rng.choice(["Labrador Retriever", "German Shepherd Dog", "Golden Retriever",
                                    "Bernese Mountain Dog", "Rottweiler"]), rng.choice(["M", "F"]), dob,
                     rng.randint(12, 30), rng.choice(["Y", "Y", "Y", "N"])] + [M[s][r] for r in R] +
                    [sorted([M[s][r] for r in R])[1], rng.choice([None, None, None, "positioning borderline"])])
    xlsx_case("hd_fci_scrutineers.xlsx", "HD grading", rows, k, S, R, M,
        "canine hip dysplasia screening: 3 scrutineers grade each dog's radiograph FCI A-E (worse hip); the dog "
        "is identified by a 15-digit microchip number (text, not a number to round); 'Official grade' is the "
        "panel's published result (the median), not a scrutineer; age, sedation and breed are not ratings",
        keywords=[r"official"])

    # 21 OSCE station with paired examiners, SP rating, checklists and a cut-score footer
    S = ["%d" % rng.randint(2300000, 2399999) for _ in range(28)]
    S = uniq(S)
    R = ["Examiner A", "Examiner B"]
    lv = ["Clear fail", "Borderline", "Clear pass", "Good", "Excellent"]
    M = ordmat(S, R, lv, [8, 17, 35, 28, 12], p_off=0.35)
    ck = {s: {r: str(max(0, min(20, 5 + 3 * lv.index(M[s][r]) + rng.randint(-2, 3)))) for r in R} for s in S}
    rows = [["Station 7 - Breaking bad news    Examiner A: Dr R. Okafor    Examiner B: Dr S. Lindgren"], [],
            ["Candidate", "Circuit", "Examiner A global", "Examiner B global", "Examiner A checklist (/20)",
             "Examiner B checklist (/20)", "SP rating (1-5)"]]
    for s in S:
        rows.append([int(s), rng.choice(["Blue", "Green", "Red"]), M[s]["Examiner A"], M[s]["Examiner B"],
                     int(ck[s]["Examiner A"]), int(ck[s]["Examiner B"]), rng.randint(1, 5)])
    rows += [[], ["Borderline regression cut score (checklist)", None, None, None, 11.6], ["Pass rate", None, None,
                                                                                             None, "82%"]]
    write_xlsx("osce_station7_paired_examiners.xlsx", [("Station 7", rows)])
    g = reading(S, R, M)
    add("osce_station7_paired_examiners.xlsx", k, "import", g,
        "OSCE station with two examiners in the room (names in the title line): each gives a global rating "
        "(Clear fail / Borderline / Clear pass / Good / Excellent) and a checklist score /20; the careful reading "
        "is the global ratings (subject = candidate, raters = Examiner A / B); the checklist scores as well (as "
        "a second item) or alone are acceptable; the simulated patient's rating is another judge of another "
        "thing, not an examiner; the cut-score and pass-rate footer rows are not candidates",
        keywords=[r"sp rating", r"cut score", r"pass rate", r"footer"],
        alts=[alt([["%s | global" % s, r, v] for s, r, v in g] +
                  [["%s | checklist" % s, r, ck[s][r]] for s in S for r in R], label="global and checklist"),
              alt([[s, r, ck[s][r]] for s in S for r in R], label="checklist only")])

    # 22 Strange Situation classifications, plain
    S = ["D%03d" % (i + 1) for i in range(30)]
    R = ["Coder MA", "Coder EK", "Coder JT"]
    codes = ["A1", "A2", "B1", "B2", "B3", "B4", "C1", "C2", "D/B3", "D/A2", "D/C1"]
    M = {}
    for s in S:
        t = rng.choices(codes, [6, 8, 6, 12, 22, 8, 6, 6, 10, 8, 8])[0]
        M[s] = {}
        for r in R:
            x = t
            if rng.random() < 0.3:
                x = rng.choice([c for c in codes if c[0] == t[0] or c.endswith(t[-2:])] or codes)
            M[s][r] = x
    rows = [["Dyad", "Coder MA", "Coder EK", "Coder JT"]] + [[s] + [M[s][r] for r in R] for s in S]
    csv_case("strange_situation_codes.csv", rows, k, S, R, M,
        "Strange Situation attachment classifications of 30 mother-infant videos by 3 trained coders, with "
        "subclasses (A1, B3, C2) and disorganised codes with the forced alternative ('D/B3'); a plain table")

    # 23 ICRS cartilage grades, each reader twice (test-retest and inter-rater)
    cases = ["K%03d" % rng.randint(1, 300) for _ in range(14)]
    cases = uniq(cases)
    comp = ["MFC", "LFC", "MTP", "LTP", "Patella", "Trochlea"]
    S = [(c, x) for c in cases for x in comp]
    cols = ["Reader 1 - read 1", "Reader 1 - read 2", "Reader 2 - read 1", "Reader 2 - read 2"]
    M = {}
    for s in S:
        t = rng.choices(range(5), [20, 25, 25, 20, 10])[0]
        r1 = max(0, min(4, t + (rng.choice([-1, 1]) if rng.random() < 0.3 else 0)))
        r2 = max(0, min(4, t + (rng.choice([-1, 1]) if rng.random() < 0.35 else 0)))
        M[s] = {cols[0]: str(r1), cols[1]: str(r1 if rng.random() < 0.8 else max(0, min(4, r1 + rng.choice([-1, 1])))),
                cols[2]: str(r2), cols[3]: str(r2 if rng.random() < 0.75 else max(0, min(4, r2 + rng.choice([-1, 1]))))}
    rows = [["Case", "Compartment"] + cols + ["Interval (days)"]]
    for s in S:
        rows.append([s[0], s[1]] + [int(M[s][c]) for c in cols] + [rng.randint(28, 42)])
    write_xlsx("icrs_mri_test_retest.xlsx", [("ICRS grades", rows)])
    first = [["%s | %s" % s, "Reader %s" % c[7], M[s][c]] for s in S for c in cols if c.endswith("read 1")]
    bothreads = [["%s | %s | %s" % (s[0], s[1], c[-6:]), "Reader %s" % c[7], M[s][c]] for s in S for c in cols]
    add("icrs_mri_test_retest.xlsx", k, "import", first,
        "knee MRI cartilage lesions graded ICRS 0-4 per compartment by 2 radiologists, each reading every case "
        "twice 4-6 weeks apart (Reader 1 - read 1, Reader 1 - read 2, ...); inter-rater agreement compares the "
        "readers, so the careful reading takes read 1 of each reader (subject = case + compartment); comparing "
        "the readers within each read (subject = case + compartment + read) is acceptable; taking all four "
        "columns as four raters mixes intra- and inter-rater agreement and is acceptable only if said",
        keywords=KW_REPEAT + [r"read 2", r"retest", r"intra", r"same reader"],
        alts=[alt(bothreads, label="both reads as items"),
              alt(rdi(S, cols, M), must_note=True, label="four columns as raters")])

    # 24 polyp histology with '?' doubts beside an optical diagnosis
    S = ["P%03d" % (i + 1) for i in range(30)]
    R = ["Pathologist 1", "Pathologist 2", "Pathologist 3"]
    cats = ["HP", "SSL", "TA", "TVA", "TSA"]
    M = {}
    for s in S:
        t = rng.choices(cats, [30, 20, 35, 10, 5])[0]
        M[s] = {r: t if rng.random() < 0.72 else rng.choice({"HP": ["SSL"], "SSL": ["HP", "TSA"], "TA": ["TVA"],
                                                             "TVA": ["TA"], "TSA": ["SSL", "TVA"]}[t]) for r in R}
    raw = {s: {r: M[s][r] + ("?" if rng.random() < 0.12 else "") for r in R} for s in S}
    rows = [["Polyp ID", "Size (mm)", "Location", "Endoscopist optical dx (NICE)"] + R]
    for s in S:
        t = mode([M[s][r] for r in R])
        rows.append([s, str(rng.randint(3, 25)), rng.choice(["caecum", "ascending", "transverse", "sigmoid",
                                                             "rectum"]),
                     "NICE 1" if t in ("HP", "SSL") and rng.random() < 0.8 else "NICE 2"] + [raw[s][r] for r in R])
    write_txt("polyp_histology_doubts.csv", rows)
    add("polyp_histology_doubts.csv", k, "import", reading(S, R, M),
        "colorectal polyp histology by 3 pathologists (HP / SSL / TA / TVA / TSA); a trailing '?' marks a "
        "pathologist's doubt ('SSL?' = SSL, not sure): the careful reading counts it as that category; keeping "
        "'SSL?' as a category of its own is acceptable only if said; the endoscopist's NICE optical diagnosis is "
        "another method on another scale, not a pathologist; size and location are not ratings",
        keywords=[r"\?", r"doubt", r"uncertain", r"question mark", r"nice"],
        alts=[alt(pairs_rd((s, r, raw[s][r]) for s in S for r in R), must_note=True, label="'?' kept")])

    # 25 GRBAS grades with '(sure)' / '(unsure)'
    S = ["VOX%03d" % rng.randint(1, 500) for _ in range(24)]
    S = uniq(S)
    R = ["Rater 1", "Rater 2", "Rater 3", "Rater 4"]
    M = ordmat(S, R, ["0", "1", "2", "3"], [25, 35, 28, 12], p_off=0.4)
    rows = [["Recording", "Sex", "Age", "Task"] + R]
    for s in S:
        vals = []
        for r in R:
            v = M[s][r]
            if r != "Rater 3" and rng.random() < 0.6:
                v += rng.choice([" (sure)", " (sure)", " (unsure)"])
            vals.append(v)
        rows.append([s, rng.choice(["F", "M"]), rng.randint(19, 80), "sustained /a/"] + vals)
    csv_case("grbas_grade_confidence.csv", rows, k, S, R, M,
        "perceptual voice rating: 4 speech therapists give the GRBAS overall Grade 0-3 of each sustained vowel; "
        "three of them often add how sure they were ('2 (sure)', '1 (unsure)'): the rating is the number, the "
        "remark is not part of the category; sex, age and task are not ratings",
        keywords=[r"sure", r"confidence"])


# ================================================================== E. sports and arts
def g_sports():
    k = "sports-arts"
    # 26 trampoline execution deductions, a block per athlete with judges in rows
    ath = ["%d  %s (%s)" % (rng.randint(100, 199), n, c) for n, c in
           [("KOWALSKA Anna", "POL"), ("DUBOIS Léa", "FRA"), ("OKAFOR Ada", "NGR"), ("SATO Yui", "JPN"),
            ("MÜLLER Jana", "GER"), ("LIMA Bia", "BRA"), ("HUGHES Ella", "GBR"), ("PETROVA Nika", "BUL"),
            ("CHEN Xi", "CHN"), ("NOVAK Eva", "SLO")]]
    R = ["E1", "E2", "E3", "E4", "E5"]
    skills = [str(i) for i in range(1, 11)]
    lv = ["0.0", "0.1", "0.2", "0.3", "0.4", "0.5"]
    S = [(a, sk) for a in ath for sk in skills]
    M = ordmat(S, R, lv, [8, 32, 30, 18, 8, 4], p_off=0.45)
    rows = [["Women's Individual - Qualification - Routine 1 - Execution"], []]
    for a in ath:
        rows.append(["Start no. " + a])
        rows.append(["Judge"] + skills + ["Sum"])
        sums = []
        for r in R:
            v = [float(M[(a, sk)][r]) for sk in skills]
            sums.append(round(sum(v), 1))
            rows.append([r] + v + [sums[-1]])
        rows.append(["E score", None, None, None, None, None, None, None, None, None, None,
                     round(20 - 2 * sum(sorted(sums)[1:4]) / 3, 3)])
        rows.append([])
    write_xlsx("trampoline_execution_blocks.xlsx", [("Execution", rows)])
    add("trampoline_execution_blocks.xlsx", k, "import", rdi(S, R, M),
        "trampoline execution: for each athlete a block (a 'Start no.' title line, a header Judge / 1..10 / Sum, "
        "rows E1..E5, an 'E score' row); every judge deducts 0.0-0.5 for each of the 10 skills; subject = "
        "athlete + skill, raters = the 5 execution judges (in rows); Sum and E score are derived",
        keywords=[r"\bsum\b", r"e score", r"block", r"start no"])

    # 27 Eurovision jury split results: five jurors' ranks
    countries = ["Albania", "Armenia", "Austria", "Belgium", "Croatia", "Cyprus", "Czechia", "Denmark", "Estonia",
                 "Finland", "France", "Georgia", "Germany", "Greece", "Ireland", "Israel", "Italy", "Lithuania",
                 "Luxembourg", "Malta", "Netherlands", "Norway", "Portugal", "Serbia", "Slovenia", "Spain",
                 "Switzerland", "Ukraine", "United Kingdom", "Poland"]
    S = rng.sample(countries, 25)
    R = ["Juror A", "Juror B", "Juror C", "Juror D", "Juror E"]
    qual = {s: rng.gauss(0, 1) for s in S}
    M = {s: {} for s in S}
    for r in R:
        order = sorted(S, key=lambda s: -(qual[s] + rng.gauss(0, 0.9)))
        for i, s in enumerate(order):
            M[s][r] = str(i + 1)
    jr = sorted(S, key=lambda s: (sum(int(M[s][r]) for r in R), s))
    tv = sorted(S, key=lambda s: -(qual[s] + rng.gauss(0, 1.4)))
    pts = [12, 10, 8, 7, 6, 5, 4, 3, 2, 1]
    rows = [["Grand Final - Jury of Sweden - split results"],
            ["Running order", "Country", "Juror A", "Juror B", "Juror C", "Juror D", "Juror E", "Jury rank",
             "Jury points", "Televote rank", "Televote points"]]
    for i, s in enumerate(S):
        a, b = jr.index(s), tv.index(s)
        rows.append([i + 1, s] + [int(M[s][r]) for r in R] + [a + 1, pts[a] if a < 10 else None, b + 1,
                                                              pts[b] if b < 10 else None])
    write_xlsx("eurovision_jury_split_results.xlsx", [("SWE jury", rows)])
    add("eurovision_jury_split_results.xlsx", k, "import", reading(S, R, M),
        "Eurovision split results for one national jury: each of 5 jurors ranks the 25 other finalists 1-25 "
        "(a complete ranking per juror; ranks are the ratings); 'Jury rank' (from the jurors' summed ranks), the "
        "jury points 12/10/8..1, the televote rank and points are results, not jurors; Running order is not a "
        "rating", keywords=[r"jury rank", r"televote", r"points", r"running order"])

    # 28 culinary jury: chef name merged over Score and Comment
    S = ["Dish %02d" % (i + 1) for i in range(20)]
    R = ["Chef Moreau", "Chef Adeyemi", "Chef Lindqvist"]
    M = ordmat(S, R, [str(i) for i in range(1, 11)], [2, 3, 6, 10, 15, 18, 18, 14, 9, 5], p_off=0.6)
    com = ["seasoning spot on", "overcooked fish", "sauce split", "beautiful plating", "too salty", "lacks acidity",
           "great texture", "", "", ""]
    cells = {(1, 1): "Dish", (1, 2): "Station", (1, 9): "Average", (2, 1): None}
    merges = ["A1:A2", "B1:B2", "I1:I2"]
    for i, r in enumerate(R):
        c0 = 3 + 2 * i
        cells[(1, c0)] = r
        cells[(2, c0)], cells[(2, c0 + 1)] = "Score", "Comment"
        merges.append("%s1:%s1" % (col_letter(c0), col_letter(c0 + 1)))
    for n, s in enumerate(S):
        row = 3 + n
        cells[(row, 1)], cells[(row, 2)] = s, rng.choice(["Hot kitchen", "Pastry", "Cold kitchen"])
        for i, r in enumerate(R):
            cells[(row, 3 + 2 * i)] = int(M[s][r])
            cells[(row, 4 + 2 * i)] = rng.choice(com) or None
        cells[(row, 9)] = round(sum(int(M[s][r]) for r in R) / 3, 2)
    write_xlsx2("culinary_practical_jury.xlsx", cells, title="Practical exam", merges=merges)
    add("culinary_practical_jury.xlsx", k, "import", reading(S, R, M),
        "culinary school practical exam: each chef's name is merged over two columns, Score (1-10) and Comment; "
        "subject = dish, raters = the 3 chefs (the Score under each name); the comments and the Average are "
        "not ratings; Station is not a rating", keywords=[r"comment", r"average"])

    # 29 baseball scouting reports on the 20-80 scale with a Future Value
    players = ["%s %s" % (f, l) for f, l in [("Luis", "Ortega"), ("Caleb", "Whitman"), ("Jae-won", "Park"),
                                             ("Marcus", "Reed"), ("Diego", "Santana"), ("Tyler", "Brooks"),
                                             ("Kenji", "Mori"), ("Andre", "Dupree"), ("Owen", "Kessler"),
                                             ("Rafael", "Peña"), ("Eli", "Navarro"), ("Jordan", "Hale")]]
    tools = ["Hit", "Power", "Run", "Arm", "Field"]
    R = ["Scout: B. Tanaka", "Scout: D. Ruiz", "Scout: M. Ellis"]
    grades = [str(g) for g in range(20, 85, 5)]
    S = [(p, t) for p in players for t in tools]
    M = ordmat(S, R, grades, [1, 2, 4, 7, 10, 13, 15, 14, 12, 9, 6, 4, 3], p_off=0.5)
    fvl = ["35+", "40", "40+", "45", "45+", "50", "55", "60"]
    fv = {}
    rows = [["Report ID", "Player", "Pos", "Org", "Scout", "Report date", "Games seen"] + tools + ["FV", "Role"]]
    for p in players:
        pos = rng.choice(["SS", "CF", "C", "3B", "RF", "2B"])
        for r in R:
            g = [int(M[(p, t)][r]) for t in tools]
            f = fvl[max(0, min(7, int((sum(g) / 5 - 35) / 3) + rng.choice([-1, 0, 1])))]
            fv[(p, r)] = f
            rows.append(["SR-%05d" % rng.randint(10000, 99999), p, pos, rng.choice(["Double-A", "High-A"]),
                         r.split(": ")[1], "2025-%02d-%02d" % (rng.randint(4, 9), rng.randint(1, 28)),
                         rng.randint(2, 9)] + g + [f, rng.choice(["Everyday player", "Platoon bat", "Utility",
                                                                  "Bench"])])
    write_txt("scouting_reports_20_80.csv", rows)
    add("scouting_reports_20_80.csv", k, "import",
        [["%s | %s" % (p, t), r.split(": ")[1], M[(p, t)][r]] for p in players for t in tools for r in R],
        "professional baseball scouting reports: 3 scouts each file a report on the same 12 prospects, grading "
        "the five tools (Hit, Power, Run, Arm, Field) on the 20-80 scale in steps of 5; subject = player + tool, "
        "rater = scout (column Scout); the Future Value '45+' is the scout's overall summary (reading it alone as "
        "the rating is acceptable); report id, games seen and role are not ratings",
        keywords=[r"\bfv\b", r"future value", r"role"],
        alts=[alt([[p, r.split(": ")[1], fv[(p, r)]] for p in players for r in R], label="FV only")])


# ================================================================== F. language testing
def g_language():
    k = "language-testing"
    # 30 ACTFL OPI double rating with an official rating
    S = ["OPI-%06d" % rng.randint(100000, 999999) for _ in range(30)]
    S = uniq(S)
    lv = ["Novice Low", "Novice Mid", "Novice High", "Intermediate Low", "Intermediate Mid", "Intermediate High",
          "Advanced Low", "Advanced Mid", "Advanced High", "Superior"]
    roles = ["Tester rating", "2nd rating"]
    M = ordmat(S, roles, lv, [2, 4, 8, 12, 16, 16, 15, 12, 9, 6], p_off=0.35)
    pool = ["Hernández, C.", "Baptiste, M.", "Kowalski, J.", "Nakamura, A.", "Schultz, R."]
    rows = [["Candidate ID", "Language", "Test date", "Tester", "Tester rating", "2nd rater", "2nd rating",
             "Official rating", "Arbitrated"]]
    pers = []
    for s in S:
        a, b = rng.sample(pool, 2)
        x, y = M[s][roles[0]], M[s][roles[1]]
        off = x if x == y else rng.choice([x, y, lv[min(lv.index(x), lv.index(y))]])
        rows.append([s, rng.choice(["Spanish", "French", "Arabic", "Mandarin"]),
                     "%02d/%02d/2025" % (rng.randint(1, 12), rng.randint(1, 28)), a, x, b, y, off,
                     "N" if x == y else "Y"])
        pers += [[s, a, x], [s, b, y]]
    csv_case("actfl_opi_double_rating.csv", rows, k, S, roles, M,
        "ACTFL Oral Proficiency Interview ratings: the tester and a second certified rater rate each recorded "
        "interview (Novice Low .. Superior); their names are in the Tester / 2nd rater columns (5 people in "
        "all); raters = the two roles (reading the named persons as raters, an incomplete design, is right "
        "too); 'Official rating' (after arbitration by a third rater when they disagree) is not a rater; "
        "Arbitrated Y/N and the language are not ratings", keywords=[r"official", r"arbitrat"],
        alts=[alt(pers, label="persons as raters")])


# ================================================================== G. other fields
def g_fields():
    k = "other-fields"
    # 31 privilege log QC with 1L / 2L calls and a final designation
    S = ["ACME-PRIV-%06d" % (rng.randint(1, 80000)) for _ in range(30)]
    S = uniq(S)
    cats = ["Not Privileged", "Attorney-Client", "Work Product", "AC/WP", "Partial - Redact"]
    roles = ["1L Priv Call", "2L Priv Call"]
    M = mat(S, roles, cats, acc=0.7)
    l1, l2 = ["Reviewer 07", "Reviewer 12", "Reviewer 19", "Reviewer 23"], ["J. Whitcombe", "P. Arora"]
    rows = [["Control No.", "Bates Begin", "Bates End", "Doc Date", "Author", "Recipients", "Doc Type", "1L Reviewer",
             "1L Priv Call", "2L Reviewer", "2L Priv Call", "Final Designation", "Privilege Description"]]
    pers = []
    for s in S:
        b = rng.randint(1000, 90000)
        a, c = rng.choice(l1), rng.choice(l2)
        fin = M[s][roles[1]] if rng.random() < 0.85 else rng.choice(cats)
        rows.append([s, "ACME%07d" % b, "ACME%07d" % (b + rng.randint(0, 14)),
                     dt.datetime(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 1400)),
                     rng.choice(["Lee, S. (Legal)", "Grant, T.", "Okoro, F. (GC)"]),
                     rng.choice(["Marsh, D.; Legal Dept", "Board", "Ito, K."]), rng.choice(["Email", "Memo", "Draft"]),
                     a, M[s][roles[0]], c, M[s][roles[1]], fin,
                     rng.choice(["Email requesting legal advice regarding supply contract",
                                 "Draft prepared at direction of counsel in anticipation of litigation", ""])])
        pers += [[s, a, M[s][roles[0]]], [s, c, M[s][roles[1]]]]
    xlsx_case("privilege_log_qc.xlsx", "Priv Log QC", rows, k, S, roles, M,
        "e-discovery privilege review QC: a first-level contract reviewer and a second-level associate each make "
        "a privilege call on every withheld document (Not Privileged / Attorney-Client / Work Product / AC/WP / "
        "Partial - Redact); subject = control number (Bates ranges are descriptive); raters = the 1L and 2L "
        "roles (the named reviewers as raters is right too); 'Final Designation' goes on the log, not a rater",
        keywords=[r"final designation", r"final"], alts=[alt(pers, label="reviewers by name")])

    # 32 SAST findings triage
    n = 30
    fps = [rand_id(40, HEX) for _ in range(n)]
    R = ["triage_akosua", "triage_bram"]
    M = mat(fps, R, ["true_positive", "false_positive", "needs_review"], acc=0.72)
    rules = [("python.lang.security.audit.formatted-sql-query", "ERROR", "CWE-89"),
             ("python.flask.security.xss.audit.direct-use-of-jinja2", "WARNING", "CWE-79"),
             ("javascript.express.security.audit.express-open-redirect", "WARNING", "CWE-601"),
             ("generic.secrets.security.detected-generic-secret", "ERROR", "CWE-798"),
             ("python.lang.security.deserialization.pickle.avoid-pickle", "WARNING", "CWE-502")]
    rows = [["fingerprint", "rule_id", "severity", "cwe", "path", "start_line", "message"] + R +
            ["agreed_status", "jira"]]
    for f in fps:
        ru = rng.choice(rules)
        agreed = M[f][R[0]] if M[f][R[0]] == M[f][R[1]] else rng.choice([M[f][R[0]], M[f][R[1]]])
        rows.append([f, ru[0], ru[1], ru[2], rng.choice(["api/views.py", "api/db.py", "web/routes.js",
                                                         "jobs/worker.py", "settings/prod.py"]),
                     rng.randint(12, 900), "Detected %s" % ru[0].split(".")[-1].replace("-", " ")] +
                    [M[f][r] for r in R] + [agreed, "SEC-%d" % rng.randint(100, 999) if agreed == "true_positive"
                                            else ""])
    csv_case("sast_findings_triage.csv", rows, k, fps, R, M,
        "static-analysis (Semgrep) findings triaged independently by two security engineers (true_positive / "
        "false_positive / needs_review); subject = fingerprint (rule_id, path and line repeat); the scanner's "
        "severity, the agreed_status after the triage meeting and the Jira key are not raters",
        keywords=[r"agreed", r"severity"])

    # 33 BRCGS calibration audit with text clause numbers and 'Not assessed'
    clauses = ["1.1.1", "1.1.2", "1.1.4", "2.7.1", "2.7.2", "3.4.1", "3.5.1.1", "3.5.1.2", "3.7.1", "3.9.2",
               "3.11.1", "4.1", "4.1.1", "4.1.2", "4.3.1", "4.4.1", "4.9.1.1", "4.10", "4.10.1", "4.10.2",
               "4.11.1", "4.11.2", "4.11.3", "5.1.1", "5.4.2", "6.1.1", "7.1.1", "7.2.1"]
    R = ["Lead auditor", "Shadow auditor"]
    lv = ["Conforms", "Minor", "Major", "Critical"]
    M = mat(clauses, R, lv, acc=0.75)
    for c in clauses:
        for r in R:
            if M[c][r] != "Conforms" and rng.random() < 0.45:
                M[c][r] = "Conforms"
    na = rng.sample(clauses[5:], 3)
    one = rng.choice([c for c in clauses if c not in na])
    raw = {c: dict(M[c]) for c in clauses}
    for c in na:
        raw[c] = {r: "Not assessed" for r in R}
        M[c] = {r: None for r in R}
    raw[one]["Shadow auditor"] = "Not assessed"
    M[one]["Shadow auditor"] = None
    fund = {"1.1", "2.7", "3.4", "3.5.1", "3.7", "3.9", "4.3", "4.4", "4.10", "5.4", "6.1", "7.1"}
    rows = [["BRCGS Food Safety Issue 9 - auditor calibration (shadow audit)"],
            ["Site: Northfield Bakery Ltd    Audit date: 14/05/2025    Scope: bread and morning goods"], [],
            ["Clause", "Requirement", "Fundamental", "Lead auditor", "Shadow auditor", "Evidence / comments"]]
    for c in clauses:
        fd = any(c == f or c.startswith(f + ".") for f in fund)
        rows.append([c, rng.choice(["Senior management commitment", "Hazard analysis", "Internal audits",
                                    "Traceability", "Foreign-body detection", "Pest management", "Labelling",
                                    "Training"]), "Yes" if fd else "", raw[c][R[0]], raw[c][R[1]],
                     rng.choice(["", "", "Records reviewed", "Observed on line 2", "Metal detector test log gaps"])])
    write_xlsx("brcgs_calibration_audit.xlsx", [("Clauses", rows)])
    add("brcgs_calibration_audit.xlsx", k, "import", reading(clauses, R, M),
        "food safety certification audit with a shadow auditor for calibration: both grade each clause Conforms "
        "/ Minor / Major / Critical; clause numbers are text ('4.10' and '4.1' are different clauses, not "
        "numbers); 'Not assessed' means the clause was not audited this visit (missing, not a grade); title "
        "lines above the header; Fundamental (Yes) and the evidence column are not ratings",
        keywords=[r"not assessed", r"fundamental"])

    # 34 ISCO-08 occupation coding with leading-zero codes beside CASCOT
    jobs = [("Army captain", "0110"), ("Corporal, infantry", "0310"), ("Sergeant", "0210"),
            ("Staff nurse on surgical ward", "2221"), ("Nursing assistant", "5321"), ("Chef de partie", "3434"),
            ("Cook in school canteen", "5120"), ("Electrician", "7411"), ("Taxi driver", "8322"),
            ("Office cleaner", "9112"), ("Primary school teacher", "2341"), ("Bookkeeper", "3313"),
            ("Receptionist", "4226"), ("Shop assistant", "5223"), ("Farmer, wheat", "6111"), ("Joiner", "7115"),
            ("HGV driver", "8332"), ("Software developer", "2512"), ("Finance manager", "1211"),
            ("Solicitor", "2611"), ("Car mechanic", "7231"), ("Dentist", "2261"), ("Warehouse operative", "9333"),
            ("Care worker at home", "5322"), ("Secretary", "4120"), ("Accountant", "2411")]
    near = {"0110": ["0210"], "0310": ["0210"], "0210": ["0310"], "2221": ["3221"], "5321": ["5322"],
            "3434": ["5120"], "5120": ["9411"], "7411": ["7412"], "8322": ["8321"], "9112": ["5153"],
            "2341": ["2342"], "3313": ["4311"], "4226": ["4224"], "5223": ["5221"], "6111": ["6130"],
            "7115": ["7522"], "8332": ["8331"], "2512": ["2514"], "1211": ["2411"], "2611": ["2619"],
            "7231": ["7233"], "2261": ["3251"], "9333": ["4321"], "5322": ["5321"], "4120": ["4110"],
            "2411": ["3313"]}
    S = ["R%04d" % (i + 1) for i in range(36)]
    R = ["Coder 1 ISCO-08", "Coder 2 ISCO-08"]
    M, cas, job = {}, {}, {}
    for s in S:
        j, c = rng.choice(jobs)
        job[s] = j
        M[s] = {r: c if rng.random() < 0.75 else rng.choice(near[c]) for r in R}
        cas[s] = c if rng.random() < 0.6 else rng.choice(near[c])
    rows = [["Resp ID", "Job title (verbatim)", "Main tasks (verbatim)", "Industry"] + R +
            ["CASCOT code", "CASCOT score", "Final code"]]
    for s in S:
        rows.append([s, job[s], rng.choice(["", "supervise staff", "drives, delivers", "looks after patients"]),
                     rng.choice(["Public sector", "Retail", "Health", "Construction", "Defence"]),
                     M[s][R[0]], M[s][R[1]], cas[s], rng.randint(38, 99), rng.choice([M[s][R[0]], M[s][R[1]]])])
    xlsx_case("isco08_occupation_coding.xlsx", "Coding", rows, k, S, R, M,
        "occupation coding: two coders assign ISCO-08 4-digit codes to each free-text job (about 30 distinct "
        "codes here, nominal, with leading zeros such as '0110' for armed forces officers; not a numeric scale); "
        "CASCOT's automatic code and its score are a program's suggestion, not a coder (reading CASCOT as a third "
        "rater is acceptable only if said); 'Final code' is the reconciled code",
        keywords=[r"cascot", r"final code"],
        alts=[alt(reading(S, R, M) + [[s, "CASCOT code", cas[s]] for s in S], must_note=True,
                  label="CASCOT as a rater")])

    # 35 Wikipedia article quality classes beside the talk-page class and ORES
    arts = ["Mercury (planet)", "São Paulo", "Dorothy Hodgkin", "Łódź", "Battle of Hastings", "Photosynthesis",
            "Ada Lovelace", "Great Barrier Reef", "Kraków Old Town", "Bessie Coleman", "Río de la Plata",
            "The Beatles", "Tuberculosis", "Ōsaka Castle", "Jazz", "Hurricane Katrina", "Mount Kilimanjaro",
            "Periodic table", "Frida Kahlo", "Printing press", "Byzantine Empire", "Coral reef", "Marie Curie",
            "Silk Road", "Honey bee", "Trans-Siberian Railway", "Niels Bohr", "Sahara", "Chess", "Tōhoku earthquake"]
    lv = ["Stub", "Start", "C", "B", "GA", "FA"]
    R = ["Class (User:Quillfeather)", "Class (User:Tessellate42)"]
    M = ordmat(arts, R, lv, [10, 25, 25, 20, 12, 8], p_off=0.35)
    rows = [["Article", "Page ID", "Pageviews (30 d)", "Talk-page class (before study)"] + R +
            ["ORES prediction", "ORES p(pred)"]]
    for a in arts:
        t = lv.index(mode([M[a][r] for r in R]))
        rows.append([a, rng.randint(1000, 70000000), rng.randint(900, 250000),
                     lv[max(0, min(5, t + rng.choice([-1, -1, 0])))]] + [M[a][r] for r in R] +
                    [lv[max(0, min(5, t + rng.choice([-1, 0, 0, 1])))], round(rng.uniform(0.35, 0.9), 3)])
    csv_case("wikipedia_quality_assessment.csv", rows, k, arts, R, M,
        "Wikipedia article quality: two experienced editors independently assess 30 articles on the content "
        "assessment scale (Stub / Start / C / B / GA / FA); the class on the talk page before the study and the "
        "ORES model prediction with its probability are not the study's raters; titles contain commas, "
        "parentheses and diacritics", keywords=[r"ores", r"talk-page", r"before"])

    # 36 patent search report categories per application and citation
    apps = ["EP%d%06d.%d" % (rng.choice([22, 23]), rng.randint(100000, 999999), rng.randint(1, 9)) for _ in range(8)]
    cit = ["US 2019/0%06d A1", "WO 2020/%06d A2", "DE 10 2018 %03d %03d A1", "EP %d %03d %03d B1",
           "JP 2017-%06d A", "CN 1%08d A"]
    S, M = [], {}
    R = ["Examiner 1", "Examiner 2"]
    for a in apps:
        for _ in range(rng.randint(3, 5)):
            f = rng.choice(cit)
            c = f % tuple(rng.randint(1, 999999 if f.count("%") == 1 else 999) for _ in range(f.count("%")))
            s = (a, c)
            S.append(s)
            t = rng.choices(["X", "Y", "A"], [30, 30, 40])[0]
            M[s] = {r: t if rng.random() < 0.72 else rng.choice(["X", "Y", "A"]) for r in R}
    rows = [["Application no.", "Citation", "Relevant claims"] + R + ["Category in published search report"]]
    for s in S:
        lo = rng.randint(1, 6)
        rows.append([s[0], s[1], rng.choice(["%d-%d" % (lo, lo + rng.randint(2, 9)), "%d, %d" % (lo, lo + 4), "1"])]
                    + [M[s][r] for r in R] + [rng.choice([M[s][R[0]], M[s][R[1]]])])
    write_xlsx("patent_citation_categories.xlsx", [("Citations", rows)])
    add("patent_citation_categories.xlsx", k, "import", rdi(S, R, M),
        "patent search study: two examiners independently categorise each citation of each application as in a "
        "search report: X (relevant alone), Y (relevant in combination), A (background); subject = application "
        "+ citation (a citation number has spaces and slashes); 'Relevant claims' ('1-7', '3, 7') is not a "
        "rating; the category of the published search report (by the original examiner) is not a study rater",
        keywords=[r"published", r"relevant claims"])

    # 37 Czech school marks '1-' / '2-' in ODS
    S = ["7B-%02d" % (i + 1) for i in range(26)]
    R = ["Učitel A", "Učitel B", "Učitel C"]
    lv = ["1", "1-", "2", "2-", "3", "3-", "4", "5"]
    M = ordmat(S, R, lv, [10, 10, 16, 14, 16, 12, 14, 8], p_off=0.5)
    rows = [["Slohová práce - kontrolní hodnocení, 7.B"],
            ["Žák", "Třída", "Učitel A", "Učitel B", "Učitel C", "Výsledná známka", "Poznámka"]]
    for s in S:
        rows.append([s, "7.B"] + [cell(M[s][r]) for r in R] + [cell(sorted([M[s][r] for r in R], key=lv.index)[1]),
                                                                rng.choice(["", "", "", "mimo téma", "pravopis"])])
    write_ods("slohova_prace_znamky.ods", [("Hodnocení", rows)])
    add("slohova_prace_znamky.ods", k, "import", reading(S, R, M),
        "Czech essay marking by 3 teachers in LibreOffice: school marks 1-5 with '-' variants ('1-' = one minus, "
        "between 1 and 2; typed marks are numbers, '2-' is text); a title line above the header; 'Výsledná "
        "známka' (final mark) is agreed, not a teacher; Třída (class) and Poznámka (remark) are not ratings",
        keywords=[r"výsledná", r"final"])

    # 38 UK EUROP carcass classification with a VIA machine grade
    S = ["%04d" % (i + 1) for i in rng.sample(range(1, 900), 30)]
    conf = ["E", "U+", "-U", "R", "O+", "-O", "P+", "-P"]
    fat = ["1", "2", "3", "4L", "4H", "5L", "5H"]
    R = ["Classifier 1", "Classifier 2"]
    Sc = [(s, "Conformation") for s in S]
    Sf = [(s, "Fat") for s in S]
    M = ordmat(Sc, R + ["VIA"], conf, [3, 10, 18, 28, 20, 12, 6, 3], p_off=0.4)
    M.update(ordmat(Sf, R + ["VIA"], fat, [3, 12, 30, 28, 16, 8, 3], p_off=0.4))
    rows = [["Kill no.", "Ear tag", "Category", "Hot weight (kg)", "Classifier 1 conf", "Classifier 1 fat",
             "Classifier 2 conf", "Classifier 2 fat", "VIA conf", "VIA fat"]]
    for s in S:
        rows.append([s, "UK %06d %06d" % (rng.randint(100000, 999999), rng.randint(100000, 999999)),
                     rng.choice(["Steer", "Heifer", "Young bull", "Cow"]), "%.1f" % rng.uniform(260, 430)] +
                    [M[(s, it)][r] for r in R + ["VIA"] for it in ("Conformation", "Fat")])
    write_txt("europ_carcass_classification.csv", rows)
    allS = [x for s in S for x in ((s, "Conformation"), (s, "Fat"))]
    add("europ_carcass_classification.csv", k, "import", rdi(allS, R, M),
        "abattoir classification check (UK EUROP grid): two human classifiers grade each carcass for conformation "
        "(E, U+, -U, R, O+, -O, P+, -P: '-U' is a class, not a negative number) and fat class (1, 2, 3, 4L, 4H, "
        "5L, 5H); subject = carcass + conformation/fat; the VIA (video image analysis) machine grade used for "
        "payment is the reference (reading it as a third rater is acceptable only if said); weight and ear tag "
        "are not ratings", keywords=[r"\bvia\b", r"machine"],
        alts=[alt(rdi(allS, R + ["VIA"], M), must_note=True, label="VIA as a rater")])

    # 39 crown defoliation in 5 % steps with a reference team: either
    S = [str(i + 1) for i in range(24)]
    R = ["Obs. %02d" % (i + 1) for i in range(8)]
    steps = [str(5 * i) for i in range(0, 19)]
    M = ordmat(S, R, steps, [3, 5, 8, 9, 10, 10, 9, 8, 7, 6, 5, 4, 4, 3, 3, 2, 2, 1, 1], p_off=0.7)
    rows = [["Tree no.", "Species", "DBH (cm)", "Kraft class"] + R + ["Reference team"]]
    for s in S:
        vals = sorted(int(M[s][r]) for r in R)
        rows.append([s, rng.choice(["Picea abies", "Fagus sylvatica", "Pinus sylvestris", "Quercus petraea"]),
                     rng.randint(18, 62), rng.randint(1, 3)] + ["%s%%" % M[s][r] for r in R] +
                    ["%d%%" % (5 * round((vals[3] + vals[4]) / 10))])
    write_txt("crown_defoliation_intercalibration.csv", rows)
    al = {}
    for v in steps:
        f = int(v) / 100
        al[v] = [v + "%", v + " %", "%g" % f, "%.2f" % f]
    add("crown_defoliation_intercalibration.csv", k, "either", reading(S, R, M),
        "ICP Forests intercalibration course: 8 observers estimate each sample tree's crown defoliation in 5 % "
        "steps ('35%'); 19 levels of a quantity, so refusing as measurements (pointing to ICC) is acceptable; "
        "reading them as ratings is right; the reference team's estimate is not an observer; Kraft class (1-3, "
        "the tree's social position), DBH and species are not ratings",
        keywords=KW_CONT + [r"reference team", r"kraft"], aliases=al)


# ================================================================== H. file habits
def g_habits():
    k = "file-habits"
    # 40 a table pasted from Word
    pts = ["P%02d" % i for i in range(1, 10)]
    R = ["SLP 1", "SLP 2"]
    bol = ["Thin 5 mL", "Thin 10 mL", "Thin cup", "Nectar 10 mL", "Puree 5 mL"]
    S = [(p, str(j + 1)) for p in pts for j in range(5)]
    M = ordmat(S, R, [str(i) for i in range(1, 9)], [35, 18, 10, 8, 9, 6, 6, 8], p_off=0.35)
    lines = ["Table 2. Penetration-Aspiration Scale scores assigned by two speech-language pathologists ",
             "Patient\tSwallow\tBolus\tSLP 1 \tSLP 2 "]
    for p in pts:
        for j in range(5):
            s = (p, str(j + 1))
            lines.append("%s\t%d.\t%s \t%s \t%s" % (p if j == 0 else "", j + 1, bol[j], M[s][R[0]], M[s][R[1]]))
    lines += ["", "PAS, Penetration-Aspiration Scale (1 = material does not enter the airway; 8 = silent "
              "aspiration). Swallows rated from the lateral view.", "Patient P07, swallow 4: rated from the A-P view."]
    write_txt("word_table_pas_scores.txt", text="\r\n".join(lines) + "\r\n")
    add("word_table_pas_scores.txt", k, "import", rdi(S, R, M),
        "a table copied from a Word manuscript into a .txt: a caption line, tab-separated cells with trailing "
        "spaces, the patient written only on the first of its 5 rows (a merged cell in Word: fill it down), "
        "swallows numbered '1.' .. '5.'; subject = patient + swallow; 2 clinicians rate the "
        "Penetration-Aspiration Scale 1-8; Bolus describes the swallow; the footnotes are not data",
        keywords=[r"fill", r"caption", r"footnote"])

    # 41 French bac oral: semicolon, BOM, decimal comma, ABS, note retenue: either
    S = ["%08d" % rng.randint(10000000, 99999999) for _ in range(30)]
    S = uniq(S)
    R = ["Examinateur 1", "Examinateur 2"]
    M = {}
    absent = rng.sample(S, 2)
    for s in S:
        t = rng.uniform(5, 18)
        M[s] = {r: None if s in absent else "%g" % (round(max(0, min(20, t + rng.gauss(0, 1.2))) * 2) / 2)
                for r in R}
    rows = [["N° candidat", "Nom", "Prénom", "Série", "Examinateur 1", "Examinateur 2", "Écart", "Note retenue",
             "Commentaire"]]
    for s in S:
        if s in absent:
            vals = ["ABS", "ABS", "", "ABS"]
        else:
            a, b = float(M[s][R[0]]), float(M[s][R[1]])
            ret = round((a + b) / 2 * 2) / 2
            vals = [M[s][R[0]].replace(".", ","), M[s][R[1]].replace(".", ","), ("%g" % abs(a - b)).replace(".", ","),
                    ("%g" % ret).replace(".", ",")]
        rows.append([s, rng.choice(["MARTIN", "BERNARD", "THOMAS", "PETIT", "ROBERT", "N'DIAYE", "LEFÈVRE"]),
                     rng.choice(["Léa", "Hugo", "Inès", "Noé", "Zoé", "Mathéo"]), rng.choice(["Générale", "STMG"])]
                    + vals + [rng.choice(["", "", "bonne maîtrise", "exposé trop court", "hors sujet partiel"])])
    write_txt("bac_oral_double_correction.csv", rows, delim=";", bom=True, nl="\r\n")
    add("bac_oral_double_correction.csv", k, "either", reading(S, R, M),
        "French oral exam double marking (semicolon CSV with BOM, decimal commas): two examiners mark each "
        "candidate /20 in half points ('12,5'); 'ABS' = absent (no marks, not a category); Écart (difference) "
        "and 'Note retenue' (the mark kept) are derived, not examiners; some 25 levels of a score, so refusing "
        "as measurements (pointing to ICC) is acceptable", keywords=KW_CONT + [r"abs", r"retenue", r"écart"])

    # 42 chart sheet first, count summary last
    import openpyxl
    from openpyxl.chart import BarChart, Reference
    S = ["CALL-%05d" % rng.randint(10000, 99999) for _ in range(26)]
    S = uniq(S)
    R = ["Evaluator: Priya", "Evaluator: Marco", "Evaluator: Jun"]
    lv = ["Below", "Meets", "Exceeds"]
    M = ordmat(S, R, lv, [25, 50, 25], p_off=0.35)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Scores"
    ws.append(["Call ID", "Agent", "Queue", "Call date"] + R)
    for s in S:
        ws.append([s, rng.choice(["A. Novak", "B. Singh", "C. Flores", "D. Kim"]), rng.choice(["Billing", "Tech"]),
                   dt.datetime(2025, 7, 1) + dt.timedelta(days=rng.randint(0, 30))] + [M[s][r] for r in R])
        ws.cell(row=ws.max_row, column=4).number_format = "yyyy-mm-dd"
    sm = wb.create_sheet("Summary")
    sm.append(["Evaluator"] + lv)
    for r in R:
        sm.append([r.split(": ")[1]] + [sum(M[s][r] == x for s in S) for x in lv])
    ch = BarChart()
    ch.title = "Ratings by evaluator"
    ch.add_data(Reference(sm, min_col=2, max_col=4, min_row=1, max_row=4), titles_from_data=True)
    ch.set_categories(Reference(sm, min_col=1, min_row=2, max_row=4))
    cs = wb.create_chartsheet("Chart", 0)
    cs.add_chart(ch)
    wb.save(P("qa_calibration_with_chart.xlsx"))
    add("qa_calibration_with_chart.xlsx", k, "import", reading(S, R, M),
        "contact-centre QA calibration workbook: the first sheet is a chart sheet (no cells), then 'Scores' with "
        "3 evaluators' ratings Below / Meets / Exceeds per call, then 'Summary' with counts per evaluator and "
        "level (a count table, not ratings); Agent, Queue and date are not ratings",
        keywords=KW_SHEET("Summary", "Chart"))

    # 43 ids written ="004512"
    S = ["%06d" % rng.randint(1000, 99999) for _ in range(28)]
    S = uniq(S)
    R = ["Teacher 1", "Teacher 2", "Teacher 3"]
    M = ordmat(S, R, ["Emerging", "Expected", "Exceeding"], [25, 55, 20], p_off=0.3)
    lines = ["Pupil ID,DOB,Class,Teacher 1,Teacher 2,Teacher 3"]
    for s in S:
        lines.append('="%s",%02d/%02d/2019,%s,%s,%s,%s' % (s, rng.randint(1, 28), rng.randint(1, 12),
                                                           rng.choice(["Reception A", "Reception B"]),
                                                           *[M[s][r] for r in R]))
    write_txt("eyfs_moderation_textids.csv", text="\r\n".join(lines) + "\r\n")
    add("eyfs_moderation_textids.csv", k, "import", reading(S, R, M),
        "early-years moderation from a school information system: 3 teachers judge each child's writing goal "
        "Emerging / Expected / Exceeding; the pupil ids are written =\"004512\" (Excel's trick to keep leading "
        "zeros: the id is 004512); DOB and Class are not ratings", keywords=[r"dob", r"class"])


# ================================================================== I. files to refuse
def g_refuse():
    k = "refuse"
    # 44 empty rating template with dropdowns
    import openpyxl
    from openpyxl.worksheet.datavalidation import DataValidation
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Ratings"
    ws.append(["Select one option per cell from the dropdown. Do not add columns."])
    ws.append([])
    ws.append(["Case ID", "Reader 1", "Reader 2", "Reader 3", "Comments"])
    for i in range(40):
        ws.append(["US-%03d" % (i + 1)])
    dv = DataValidation(type="list", formula1='"Benign,Indeterminate,Malignant"', allow_blank=True)
    ws.add_data_validation(dv)
    dv.add("B4:D43")
    wb.save(P("thyroid_us_rating_template_blank.xlsx"))
    add("thyroid_us_rating_template_blank.xlsx", k, "refuse", None,
        "a rating template sent to readers: instructions, case ids and empty Reader 1-3 columns with a dropdown "
        "(Benign / Indeterminate / Malignant); nobody has rated yet", keywords=[r"no ratings", r"empty", r"template",
                                                                            r"no (rating|data)"])

    # 45 SPSS ICC output saved as CSV
    lines = ['"Reliability Statistics"', '"Cronbach\'s Alpha","N of Items"', '".884","3"', '',
             '"Intraclass Correlation Coefficient"',
             '"","Intraclass Correlationb","95% Confidence Interval","","F Test with True Value 0","","",""',
             '"","","Lower Bound","Upper Bound","Value","df1","df2","Sig"',
             '"Single Measures",".712a",".601",".802","8.412","39","78",".000"',
             '"Average Measures",".881c",".819",".924","8.412","39","78",".000"',
             '"Two-way mixed effects model where people effects are random and measures effects are fixed."',
             '"a. The estimator is the same, whether the interaction effect is present or not."',
             '"b. Type A intraclass correlation coefficients using an absolute agreement definition."',
             '"c. This estimate is computed assuming the interaction effect is absent, because it is not estimable '
             'otherwise."']
    write_txt("spss_icc_output.csv", text="\r\n".join(lines) + "\r\n")
    add("spss_icc_output.csv", k, "refuse", None,
        "SPSS Viewer output exported as CSV: Cronbach's alpha and the ICC table (single and average measures, CI, "
        "F test) with footnotes; results of an analysis, no ratings",
        keywords=[r"\bicc\b", r"output", r"no ratings", r"summary", r"result"])

    # 46 ReCal2 report
    rows = [["File name", "File size", "N columns", "N variables", "N coders per variable"],
            ["codes_wave2.csv", "2.1 KB", "6", "3", "2"], [],
            ["Variable", "Percent Agreement", "Scott's Pi", "Cohen's Kappa", "Krippendorff's Alpha (nominal)",
             "N Agreements", "N Disagreements", "N Cases", "N Decisions"]]
    for i in range(3):
        n = 60
        ag = rng.randint(44, 58)
        rows.append(["Variable %d (cols %d & %d)" % (i + 1, 2 * i + 1, 2 * i + 2), "%.1f%%" % (100 * ag / n),
                     "%.3f" % rng.uniform(0.5, 0.9), "%.3f" % rng.uniform(0.5, 0.9), "%.3f" % rng.uniform(0.5, 0.9),
                     ag, n - ag, n, 2 * n])
    write_txt("recal2_report.csv", rows)
    add("recal2_report.csv", k, "refuse", None,
        "ReCal2 output: per variable percent agreement, Scott's pi, Cohen's kappa, Krippendorff's alpha and counts "
        "of agreements; reliability results, no ratings",
        keywords=[r"kappa", r"alpha", r"result", r"no ratings", r"summary"])

    # 47 pathology sign-out log: one pathologist per case
    rows = [["Accession", "Received", "Specimen", "Signed out by", "Final diagnosis", "TAT (days)"]]
    dx = {"Skin, shave": ["Seborrhoeic keratosis", "Basal cell carcinoma", "Naevus, compound"],
          "Colon, polyp": ["Tubular adenoma", "Hyperplastic polyp", "Sessile serrated lesion"],
          "Prostate, core": ["Benign prostatic tissue", "Adenocarcinoma, Gleason 3+4=7", "ASAP"],
          "Breast, core": ["Fibroadenoma", "Invasive carcinoma NST", "Fibrocystic change"]}
    for i in range(40):
        sp = rng.choice(sorted(dx))
        rows.append(["S25-%05d" % rng.randint(1, 30000), "2025-%02d-%02d" % (rng.randint(1, 12), rng.randint(1, 28)),
                     sp, rng.choice(["Dr. Varga", "Dr. Osei", "Dr. Lund", "Dr. Ahmed"]), rng.choice(dx[sp]),
                     str(rng.randint(1, 9))])
    write_txt("pathology_signout_log.csv", rows)
    add("pathology_signout_log.csv", k, "refuse", None,
        "a laboratory sign-out log: each case diagnosed once, by one of 4 pathologists; no case was read twice, "
        "so there is nothing to compare", keywords=KW_ONE + [r"signed out"])

    # 48 rater certification roster
    rows = [["Rater", "Site", "Training completed", "Certification test score (%)", "Status", "Recertify by"]]
    for n in ["A. Keller", "B. Osei", "C. Marin", "D. Haddad", "E. Novak", "F. Iyer", "G. Santos", "H. Berg",
              "I. Tanaka", "J. Duarte", "K. Wolff", "L. Mensah"]:
        sc = rng.randint(62, 100)
        d = dt.datetime(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 200))
        rows.append([n, rng.choice(["Leeds", "Lyon", "Leuven"]), d, sc,
                     "Certified" if sc >= 80 else "Pending retest", d + dt.timedelta(days=365) if sc >= 80 else None])
    write_xlsx("rater_certification_roster.xlsx", [("Raters", rows)])
    add("rater_certification_roster.xlsx", k, "refuse", None,
        "a study's rater roster: one row per rater with site, training date, certification test score and "
        "status; about the raters, not ratings of subjects", keywords=KW_ONE + [r"roster", r"no ratings"])

    # 49 SPSS template with value labels and no cases
    import pandas as pd
    df = pd.DataFrame({"case_id": pd.Series([], dtype="float64"), "rater1": pd.Series([], dtype="float64"),
                       "rater2": pd.Series([], dtype="float64"), "rater3": pd.Series([], dtype="float64")})
    lab = {1.0: "No dysplasia", 2.0: "Low-grade dysplasia", 3.0: "High-grade dysplasia", 9.0: "Not assessable"}
    sav("barrett_dysplasia_template.sav", df, column_labels=["Case", "Rater 1", "Rater 2", "Rater 3"],
        variable_value_labels={"rater1": lab, "rater2": lab, "rater3": lab},
        missing_ranges={"rater1": [9.0], "rater2": [9.0], "rater3": [9.0]})
    add("barrett_dysplasia_template.sav", k, "refuse", None,
        "an SPSS file prepared for a study: variables case_id and rater1-3 with value labels (1-3, 9 = not "
        "assessable, user-missing) and no cases yet", keywords=[r"no (cases|rows|data|ratings)", r"empty",
                                                               r"0 (cases|rows)", r"template"])

    # 50 scikit-learn classification report
    cls = ["negative", "neutral", "positive"]
    lines = ["Model: distilbert-sentiment-v3   test split (n=1200)", "", "              precision    recall  "
             "f1-score   support", ""]
    sup = [rng.randint(300, 480) for _ in cls]
    for c, n in zip(cls, sup):
        lines.append("%12s       %.2f      %.2f      %.2f      %4d" % (c, rng.uniform(0.7, 0.92),
                                                                      rng.uniform(0.7, 0.92), rng.uniform(0.7, 0.92), n))
    lines += ["", "    accuracy                           0.84      %4d" % sum(sup),
              "   macro avg       0.83      0.82      0.82      %4d" % sum(sup),
              "weighted avg       0.84      0.84      0.84      %4d" % sum(sup)]
    write_txt("classification_report.txt", text="\n".join(lines) + "\n")
    add("classification_report.txt", k, "refuse", None,
        "a scikit-learn classification report pasted into a text file: precision, recall, F1 and support per "
        "class for a model on a test set; evaluation results, no ratings",
        keywords=[r"precision", r"result", r"no ratings", r"summary"])


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
    common.main(12, (g_crowd, g_surveys, g_edc, g_clinical, g_sports, g_language, g_fields, g_habits, g_refuse))
    for f in sorted(os.listdir(common.CORPUS)):
        if f.endswith((".xlsx", ".ods")):
            fix_zip(P(f))
        elif f.endswith((".sav", ".dta")):
            fix_stat(P(f))


if __name__ == "__main__":
    sys.exit(main())
