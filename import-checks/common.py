"""Shared prelude of the seeded rating-file generators corpus6/gen.py, corpus7/gen.py and corpus8/gen.py.

Helpers for making ratings and their truth (mat, reading, add, alt, ...), the file writers (text, xlsx,
ods, sav, dta), common keyword lists and word lists, and main(), which writes a whole corpus.

Each generator is a script that imports this module and calls init(n, default_seed) once, before it
draws anything: that sets this module's state for corpus n, which the helpers use:
  SEED    int(FUZZ<n>_SEED) or default_seed
  ROOT    FUZZ4_ROOT, or a new temporary folder 'tapdesk-fuzz<n>-...'
  CORPUS  ROOT/corpus, where the case files go (P(name))
  rng     random.Random(SEED), the one generator every draw comes from, in order
  TRUTH   {case file: truth}, filled by add() and written by main() to ROOT/truth.json
init() returns rng; a generator binds it as its own `rng` so that its draws and the helpers' draws
come from the same sequence.
"""
import codecs
import csv
import datetime as dt
import io
import json
import os
import random
import re
import string
import tempfile
import zipfile

SEED = None
ROOT = None
CORPUS = None
rng = None
TRUTH = {}


def init(n, default_seed):
    """set this module's state for corpus n (see the module's docstring) and return its rng."""
    global SEED, ROOT, CORPUS, rng
    SEED = int(os.environ.get("FUZZ%d_SEED" % n, str(default_seed)))
    ROOT = os.environ.get("FUZZ4_ROOT") or tempfile.mkdtemp(prefix="tapdesk-fuzz%d-" % n)
    CORPUS = os.path.join(ROOT, "corpus")
    rng = random.Random(SEED)
    TRUTH.clear()
    return rng


def main(n, generators):
    """write corpus n: empty CORPUS, run the generators in order, write ROOT/truth.json, print a summary."""
    if os.path.isdir(CORPUS):
        for f in os.listdir(CORPUS):
            os.remove(os.path.join(CORPUS, f))
    os.makedirs(CORPUS, exist_ok=True)
    for g in generators:
        g()
    with open(os.path.join(ROOT, "truth.json"), "w", encoding="utf-8") as f:
        json.dump(TRUTH, f, indent=1, ensure_ascii=False)
    kinds = {}
    for t in TRUTH.values():
        kinds[t["kind"]] = kinds.get(t["kind"], 0) + 1
    print("fuzz%d: %d cases in %s (%s)" % (n, len(TRUTH), CORPUS,
                                           ", ".join("%s %d" % kv for kv in sorted(kinds.items()))))
    if not os.environ.get("FUZZ4_ROOT"):
        print("export FUZZ4_ROOT=%s" % ROOT)


KW_LAYOUT = [r"raters? (are )?in rows", r"transpos", r"wide-rows", r"low confidence", r"--layout",
             r"one row per rater", r"rows? (are|as) raters"]
def KW_SHEET(*wrong):
    """a warning that says the tool read the wrong sheet (by name) names the problem."""
    return [r"read '(%s)'" % "|".join(map(re.escape, wrong))]
KW_ONEHOT = [r"one-hot", r"true/false", r"indicator", r"dummy", r"several columns", r"one column per (category|option)"]


# ------------------------------------------------------------------ data + truth
def mat(S, R, cats, miss=0.0, acc=0.65, const=None):
    """M[s][r] = label or None; every category appears, every rater rates, >= 2 ratings a subject."""
    M = {}
    for s in S:
        true = rng.choice(cats)
        row = {}
        for r in R:
            v = true if rng.random() < acc else rng.choice(cats)
            if miss and rng.random() < miss:
                v = None
            row[r] = v
        while sum(v is not None for v in row.values()) < min(2, len(R)):
            row[rng.choice(R)] = rng.choice(cats)
        M[s] = row
    cells = [(s, r) for s in S for r in R if M[s][r] is not None]
    rng.shuffle(cells)
    for c, (s, r) in zip(cats, cells):
        M[s][r] = c
    for r in R:
        if all(M[s][r] is None for s in S):
            M[S[0]][r] = cats[0]
    if const is not None:
        for s in S:
            if M[s][const[0]] is not None:
                M[s][const[0]] = const[1]
    return M


def reading(S, R, M, skip_r=(), skip_s=(), conv=str):
    return [[str(s), str(r), conv(M[s][r])] for s in S for r in R
            if M[s][r] is not None and r not in skip_r and s not in skip_s]


def add(name, kind, expect, rd=None, note="", keywords=(), must_note=False, alts=(), aliases=None, fold=False):
    assert name not in TRUTH, name
    assert os.path.exists(P(name)), name
    TRUTH[name] = dict(kind=kind, note=note, expect=expect, reading=rd, keywords=list(keywords),
                       must_note=must_note, alts=[dict(a) for a in alts], aliases=aliases or {}, fold=fold)
    if keywords is KW_LAYOUT and alts:
        # the layout keywords say a transposition was a guess; they do not note other wrong readings
        TRUTH[name]["wrong_keywords"] = []


def alt(rd, must_note=False, label="", exch=False):
    return dict(reading=rd, must_note=must_note, label=label, exch=exch)


def P(name):
    return os.path.join(CORPUS, name)


def ids(prefix, n, width=2):
    return ["%s%0*d" % (prefix, width, i + 1) for i in range(n)]


def rand_id(n, chars=string.ascii_uppercase + string.digits, first=""):
    return first + "".join(rng.choice(chars) for _ in range(n - len(first)))


FIRST = ["Alice", "Bruno", "Chen", "Dana", "Emeka", "Fatima", "Gustav", "Hana", "Ivan", "Júlia", "Kofi",
         "Lena", "Mateo", "Nadia", "Omar", "Priya"]


# ------------------------------------------------------------------ writers
def to_text(rows, delim=",", nl="\n", quoting=csv.QUOTE_MINIMAL, trailing=False):
    buf = io.StringIO()
    w = csv.writer(buf, delimiter=delim, lineterminator=nl, quoting=quoting)
    for r in rows:
        w.writerow(["" if c is None else c for c in r])
    t = buf.getvalue()
    if trailing:
        t = "".join(l + delim + nl for l in t.split(nl)[:-1])
    return t


def write_txt(name, rows=None, delim=",", enc="utf-8", bom=False, nl="\n", quoting=csv.QUOTE_MINIMAL,
              trailing=False, text=None):
    text = text if text is not None else to_text(rows, delim, nl, quoting, trailing)
    data = text.encode(enc)
    if bom:
        data = {"utf-8": codecs.BOM_UTF8, "utf-16-le": codecs.BOM_UTF16_LE}[enc] + data
    with open(P(name), "wb") as f:
        f.write(data)


def write_xlsx(name, sheets, merges=None, numtext=False, fmt_dates=None):
    """sheets: [(title, rows)]; cells given as python values (str stays text, int/float numbers,
    datetime dates). merges: {sheet title: ["B1:D1", ...]}."""
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
                if isinstance(c.value, dt.datetime):
                    c.number_format = "yyyy-mm-dd hh:mm" if c.value.hour or c.value.minute else "yyyy-mm-dd"
    wb.save(P(name))


def workbook(title):
    """a new openpyxl workbook and its one sheet, named title."""
    import openpyxl
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    return wb, ws


def write_ods(name, sheets):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableRow, TableCell
    from odf.text import P as TP
    doc = OpenDocumentSpreadsheet()
    for title, rows in sheets:
        t = Table(name=title)
        for r in rows:
            tr = TableRow()
            for c in r:
                if c is None or c == "":
                    tc = TableCell()
                elif isinstance(c, bool):
                    tc = TableCell(valuetype="boolean", booleanvalue="true" if c else "false")
                    tc.addElement(TP(text="TRUE" if c else "FALSE"))
                elif isinstance(c, (int, float)):
                    tc = TableCell(valuetype="float", value=c)
                    tc.addElement(TP(text=str(c)))
                elif isinstance(c, dt.datetime):
                    tc = TableCell(valuetype="date", datevalue=c.strftime("%Y-%m-%dT%H:%M:%S"))
                    tc.addElement(TP(text=c.strftime("%d.%m.%Y %H:%M")))
                else:
                    tc = TableCell(valuetype="string")
                    for k, line in enumerate(str(c).split("\n")):
                        tc.addElement(TP(text=line))
                tr.addElement(tc)
            t.addElement(tr)
        doc.spreadsheet.addElement(t)
    doc.save(P(name))


def num(v):
    """a rating as a spreadsheet would store a typed number."""
    try:
        return int(v)
    except (TypeError, ValueError):
        return v


def when(base, k, minutes=7):
    return base + dt.timedelta(minutes=minutes * k + rng.randint(0, 5), seconds=rng.randint(0, 59))


BASE = dt.datetime(2024, 3, 4, 9, 0, 0)

SENT = ["Positive", "Negative", "Neutral"]
LIKERT5 = ["Strongly disagree", "Disagree", "Neither agree nor disagree", "Agree", "Strongly agree"]

SENTENCES = ["The service was slow, but the food was great.", "I would not recommend this hotel.",
             "Delivery arrived on time.", "Absolutely \"fantastic\" experience!", "Meh. It was fine, I guess.",
             "Terrible support; never again.", "The manual is clear and short.", "Prices went up again",
             "Staff were friendly\nand helpful.", "Nothing special, nothing bad."]


# ------------------------------------------------------------------ shared by corpora 7 and 8
def rdi(S, R, M, skip_r=()):
    """reading with tuple subjects joined 'S | X'."""
    return [[" | ".join(map(str, s)) if isinstance(s, tuple) else str(s), str(r), str(M[s][r])]
            for s in S for r in R if M[s][r] is not None and r not in skip_r]


KW_REPEAT = [r"repeat", r"twice", r"duplicat", r"more than once", r"same subject and rater", r"relabel",
             r"last (one|rating)", r"latest", r"first (one|rating)"]
KW_TOTAL = [r"total", r"\bsum\b", r"summary (row|column)"]


def write_xlsx2(name, cells, title="Sheet1", merges=(), freeze=None, widths=None):
    """cells: {(row, col): value} 1-based; for layouts ws.append cannot make (side-by-side, gaps)."""
    wb, ws = workbook(title)
    for (r, c), v in cells.items():
        if v is not None and v != "":
            ws.cell(row=r, column=c, value=v)
    for m in merges:
        ws.merge_cells(m)
    if freeze:
        ws.freeze_panes = freeze
    wb.save(P(name))


def grid(rows, r0=1, c0=1, into=None):
    d = {} if into is None else into
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            d[(r0 + i, c0 + j)] = v
    return d


def cell(v):
    """a rating as Excel holds it when typed: digits become numbers, '4A' stays text."""
    if v is None:
        return ""
    if isinstance(v, str) and re.fullmatch(r"-?\d+", v):
        return int(v)
    if isinstance(v, str) and re.fullmatch(r"-?\d+\.\d+", v):
        return float(v)
    return v


def sav(name, df, **kw):
    import pyreadstat
    pyreadstat.write_sav(df, P(name), **kw)


def dta(name, df, **kw):
    import pyreadstat
    pyreadstat.write_dta(df, P(name), **kw)



# ------------------------------------------------------------------ a file and its truth at once
def xlsx_case(name, sheet, rows, kind, S, R, M, note, **kw):
    """write rows as the one sheet of xlsx `name` and record its truth: expect "import", the plain
    reading(S, R, M); kw (keywords, alts, aliases, fold, must_note) go to add()."""
    write_xlsx(name, [(sheet, rows)])
    add(name, kind, "import", reading(S, R, M), note, **kw)


def csv_case(name, rows, kind, S, R, M, note, **kw):
    """write rows as the comma-separated utf-8 text file `name` and record its truth as xlsx_case does."""
    write_txt(name, rows)
    add(name, kind, "import", reading(S, R, M), note, **kw)


KW_CONT = [r"continuous", r"measurement", r"\bicc\b", r"numeric", r"too many (distinct )?(values|categories)",
           r"distinct values"]
KW_ONE = [r"one rat", r"only one", r"single rat", r"1 rater", r"at least two", r"one rating", r"no subject",
          r"nothing to compare", r"no (overlap|agreement)"]


def ordmat(S, R, levels, weights, p_off=0.3, miss=0.0):
    """ordinal ratings near a weighted true level: M[s][r] = level or None (>= 2 ratings a subject)."""
    M = {}
    for s in S:
        t = rng.choices(range(len(levels)), weights)[0]
        row = {}
        for r in R:
            k = t + (rng.choice([-1, 1]) if rng.random() < p_off else 0)
            row[r] = levels[max(0, min(len(levels) - 1, k))]
            if miss and rng.random() < miss:
                row[r] = None
        while sum(v is not None for v in row.values()) < min(2, len(R)):
            row[rng.choice(R)] = levels[t]
        M[s] = row
    return M


def uniq(xs):
    return list(dict.fromkeys(xs))


def blank(v):
    return None if v is None or v == "" else v


def assigned(S, pool, k, levels, weights, p_off=0.3):
    """an incomplete design: each subject rated by k raters drawn from pool; M[s][r] None when not assigned.
    Every rater of the pool rates at least one subject."""
    M = {}
    order = list(pool)
    for i, s in enumerate(S):
        t = rng.choices(range(len(levels)), weights)[0]
        first = order[i % len(order)]
        chosen = [first] + rng.sample([r for r in pool if r != first], k - 1)
        M[s] = {r: None for r in pool}
        for r in chosen:
            d = rng.choice([-1, 1]) if rng.random() < p_off else 0
            M[s][r] = levels[max(0, min(len(levels) - 1, t + d))]
    return M


def who(s, M):
    return [r for r in M[s] if M[s][r] is not None]


# reproducible zip containers
FIXED = (2025, 1, 1, 0, 0, 0)
STAMP = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z?")


def fix_zip(path):
    """rewrite an xlsx/ods with fixed entry times and fixed created/modified dates, same order and compression."""
    with zipfile.ZipFile(path) as z:
        items = [(i, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(path, "w") as z:
        for info, data in items:
            if info.filename in ("docProps/core.xml", "meta.xml"):
                data = STAMP.sub(b"2025-01-01T00:00:00Z", data)
            zi = zipfile.ZipInfo(info.filename, date_time=FIXED)
            zi.compress_type = info.compress_type
            zi.external_attr = info.external_attr
            z.writestr(zi, data)
