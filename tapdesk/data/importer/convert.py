"""Turn a table in any of the six layouts into RatingsTables (one per item).

Every layout is first flattened to parallel arrays of entries (subject code,
rater code, rating code, item code) plus a function that says where an entry
came from in the file; :func:`assemble` then builds the tables. All work is
vectorised: Python only touches distinct values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

import numpy as np
import pandas as pd

from tapdesk.data.import_words import ROW_NUMBER
from tapdesk.data.importer.audit.means import summary_rows_left_out
from tapdesk.data.importer.audit.measured import narrower_scale
from tapdesk.data.importer.audit.worded import narrower_words
from tapdesk.data.importer.intcodes import first_use_codes, sorted_codes
from tapdesk.data.importer.layouts import Detection
from tapdesk.data.importer.scores import scores_of_a_panel
from tapdesk.data.importer.table import Table
from tapdesk.data.importer.values import (
    Encoded,
    ManyLabels,
    Measurements,
    ValueRules,
    blanks_as,
    canonical_number,
    cell_text,
    count_of,
    encode_ratings,
    make_scale,
    refuse_continuous,
)
from tapdesk.data.ratings import NO_RATER, RatingsTable
from tapdesk.data.scale import Scale, label_sort_key, numeric_value
from tapdesk.data.wording import Count, Name, Wording
from tapdesk.errors import DataError
from tapdesk.i18n import N_

Where = Callable[[int], tuple[int, str]]

@dataclass(frozen=True)
class ScaleOptions:
    declared: tuple[str, ...] | None = None
    ordinal: bool | None = None
    max_categories: int = 20
    labels: tuple[tuple[str, str], ...] = ()     # value labels added after the tables are built
    scores: bool = False        # many numbers may be read as scores (importer.scores), not refused


@dataclass
class Entries:
    """Flat parallel arrays, one entry per rating cell (missing cells included)."""

    subject: Encoded
    rater: Encoded | None
    rating: Encoded
    where: Where
    item: Encoded | None = None
    keep_order: tuple[str, ...] | None = None     # category order given by the layout


@dataclass
class Converted:
    tables: dict[str | None, RatingsTable]
    items: tuple[str, ...]
    scale: Scale
    mapping: tuple[tuple[str, str], ...]
    warnings: list[str | Wording] = field(default_factory=list)
    scores: bool = False        # the ratings were read as scores (importer.scores)


# ----------------------------------------------------------------- layouts
def column_ids(table: Table, col: str) -> Encoded:
    """Subject, rater or item ids of a column (its stripped cell texts; blank = none),
    from the cells already coded once per distinct value. An SPSS/Stata id column with
    value labels (rater 1 = "Dr Smith") is named by its labels. Read once per table."""
    if col not in table.id_cache:
        ids = _column_ids(table, col)
        ids.codes.setflags(write=False)      # shared by every reader of the column
        table.id_cache[col] = ids
    return cast(Encoded, table.id_cache[col])


def _column_ids(table: Table, col: str) -> Encoded:
    coded = table.codes()
    return ids_of_codes(coded.codes[:, table.index(col)], coded.text,
                        dict(table.grid.value_labels.get(col, ())))


def ids_of_codes(cells: np.ndarray, text: np.ndarray, names: dict[str, str],
                 distinct: bool = False) -> Encoded:
    """The ids of a column's cells, given as codes into their stripped texts ``text``
    (blank = no id), named by the value labels ``names`` (code: label) when they are distinct.
    ``distinct``: no two texts are the same (a column's distinct cells, none stripped)."""
    codes, uniques = first_use_codes(cells, len(text))
    texts = text[uniques]
    if names and len(set(names.values())) == len(names):
        texts = [names.get(canonical_number(t), t) if t else t for t in texts]
        distinct = False
    if distinct:
        remap, labels = np.arange(len(texts)), np.asarray(texts, dtype=object)
    else:
        remap, labels = pd.factorize(np.asarray(texts, dtype=object))     # in order of first use
    blank = np.flatnonzero(labels == "")
    if distinct and not len(blank):      # every code its own id: the codes are the ids' codes
        return Encoded(codes, tuple(labels.tolist()))
    if len(blank):                       # a blank cell has no id: code -1, later ids one down
        remap = np.where(remap == blank[0], -1, remap - (remap > blank[0]))
        labels = np.delete(labels, blank[0])
    remap = np.append(remap.astype(codes.dtype), -1)
    return Encoded(remap[codes], tuple(labels.tolist()))


def _long(table: Table, det: Detection, rules: ValueRules) -> Entries:
    body = table.body
    rating_col = det.rating
    # a long layout always names both (layouts._long, layouts._long_unnamed)
    assert rating_col is not None and det.subject is not None

    def where(i: int) -> tuple[int, str]:
        return table.row_of(i), rating_col

    return Entries(column_ids(table, det.subject),
                   column_ids(table, det.rater) if det.rater else None,
                   encode_ratings(body[rating_col], rules), where,
                   column_ids(table, det.item) if det.item else None)


def _row_subjects(table: Table, subject: str | None) -> Encoded:
    if subject:
        return column_ids(table, subject)
    n = len(table.body)
    return Encoded(np.arange(n, dtype=np.int64), tuple(str(i + 1) for i in range(n)))


def _wide(table: Table, det: Detection, rules: ValueRules) -> Entries:
    raters = list(det.value_columns)
    n_rat = len(raters)
    values = table.body[raters].to_numpy(dtype=object).ravel()
    subj = _row_subjects(table, det.subject)
    rater_codes = np.tile(np.arange(n_rat, dtype=np.int64), len(table.body))
    item = None
    if det.item:
        it = column_ids(table, det.item)
        item = Encoded(np.repeat(it.codes, n_rat), it.labels)

    def where(e: int) -> tuple[int, str]:
        return table.row_of(e // n_rat), raters[e % n_rat]

    ratings = encode_ratings(values, rules)
    if rules.blank is not None:           # a tick list: its blank cells are an answer
        ticked = [not rules.blank_columns or r in rules.blank_columns for r in raters]
        ratings = blanks_as(ratings, values, np.tile(np.array(ticked, dtype=bool),
                                                     len(table.body)), rules.blank)
    return Entries(Encoded(np.repeat(subj.codes, n_rat), subj.labels),
                   Encoded(rater_codes, tuple(raters)), ratings, where, item)


def _wide_rows(table: Table, det: Detection, rules: ValueRules) -> Entries:
    subjects = list(det.value_columns)
    n_rat, n_subj = len(table.body), len(subjects)
    values = table.body[subjects].to_numpy(dtype=object).T.ravel()    # subjects x raters
    raters = column_ids(table, det.rater) if det.rater else \
        Encoded(np.arange(n_rat, dtype=np.int64), tuple(f"R{i + 1}" for i in range(n_rat)))
    subj_codes = np.repeat(np.arange(n_subj, dtype=np.int64), n_rat)

    def where(e: int) -> tuple[int, str]:
        return table.row_of(e % n_rat), subjects[e // n_rat]

    return Entries(Encoded(subj_codes, tuple(subjects)),
                   Encoded(np.tile(raters.codes, n_subj), raters.labels),
                   encode_ratings(values, rules), where)


def parse_counts(table: Table, cols: list[str], rules: ValueRules) -> np.ndarray:
    """Rows x cols matrix of whole-number counts; blanks and missing markers count 0."""
    out = np.zeros((len(table.body), len(cols)), dtype=np.int64)
    for j, col in enumerate(cols):
        codes, uniques = pd.factorize(table.body[col].to_numpy(dtype=object), use_na_sentinel=True)
        values = np.zeros(len(uniques) + 1, dtype=np.int64)
        for k, raw in enumerate(uniques):
            text = cell_text(raw).strip()
            if text in rules.missing:
                continue
            v = count_of(text, rules.decimal)
            if v is None or v < 0 or not float(v).is_integer():
                row = int(np.flatnonzero(codes == k)[0])
                # Translators: {cell} is a cell of the file.
                raise DataError(Wording.of(N_("{cell} is not a count; this layout needs whole "
                                              "numbers of raters (0 or more) in every cell. Check "
                                              "the layout"), cell=Name(text)),
                                file=table.file, row=table.row_of(row), column=col,
                                settings=("layout",))
            values[k] = int(v)
        out[:, j] = values[codes]
    return out


def _expand(counts: np.ndarray, subjects: Encoded, cat_labels: tuple[str, ...], table: Table,
            cols: list[str], item: Encoded | None) -> Entries:
    """One rating entry per counted rater (no rater identities)."""
    n_rows, k = counts.shape
    flat = counts.ravel()
    cell = np.repeat(np.arange(n_rows * k), flat)
    row = cell // k
    rating = Encoded(cell % k, cat_labels)
    empty = np.flatnonzero(counts.sum(axis=1) == 0)
    # subjects with no counts still exist: one missing entry each keeps them in the table
    if len(empty):
        row = np.concatenate([row, empty])
        rating = Encoded(np.concatenate([rating.codes, np.full(len(empty), -1)]), cat_labels)
        order = np.argsort(row, kind="stable")
        row, rating = row[order], Encoded(rating.codes[order], cat_labels)

    def where(e: int) -> tuple[int, str]:
        return table.row_of(int(row[e])), cols[0]

    it = Encoded(item.codes[row], item.labels) if item is not None else None
    return Entries(Encoded(subjects.codes[row], subjects.labels), None, rating, where, it)


def _category_counts(table: Table, det: Detection, rules: ValueRules) -> Entries:
    cols = list(det.value_columns)
    counts = parse_counts(table, cols, rules)
    labels = tuple(canonical_number(str(c).strip(), rules.decimal) for c in cols)
    if rules.fold_case:
        labels = tuple(lab.lower() for lab in labels)
    if len(set(labels)) != len(labels):
        # Translators: {labels} is the columns' labels joined by ", ".
        raise DataError(Wording.of(N_("two category columns have the same label once cleaned: "
                                      "{labels}"), labels=", ".join(labels)), file=table.file)
    item = column_ids(table, det.item) if det.item else None
    ent = _expand(counts, _row_subjects(table, det.subject), labels, table, cols, item)
    ent.keep_order = labels
    return ent


def _binary_counts(table: Table, det: Detection, rules: ValueRules) -> Entries:
    assert det.n_col is not None and det.class1_col is not None     # set by layouts._binary_counts
    counts = parse_counts(table, [det.n_col, det.class1_col], rules)
    n, ones = counts[:, 0], counts[:, 1]
    bad = np.flatnonzero(ones > n)
    if len(bad):
        # Translators: {ones} and {n} are counts of one row; {raters} and {class1} columns' names.
        raise DataError(Wording.of(N_("{ones} Class-1 ratings but only {n} raters; the Class-1 "
                                      "count cannot exceed the number of raters (are the columns "
                                      "{raters} and {class1} the right way round?)"),
                                   ones=int(ones[bad[0]]), n=int(n[bad[0]]), raters=Name(det.n_col),
                                   class1=Name(det.class1_col)),
                        file=table.file, row=table.row_of(int(bad[0])), column=det.class1_col)
    pair = np.column_stack([n - ones, ones])
    item = column_ids(table, det.item) if det.item else None
    ent = _expand(pair, _row_subjects(table, det.subject), ("0", "1"), table,
                  [det.class1_col], item)
    ent.keep_order = ("0", "1")
    return ent


def _contingency(table: Table, det: Detection, rules: ValueRules) -> Entries:
    from tapdesk.data.importer.layouts import TOTAL_NAMES
    from tapdesk.data.importer.words import fold
    assert det.rater is not None                # the first column: set by layouts._contingency
    cols = list(det.value_columns)
    row_labels = [canonical_number(cell_text(v).strip(), rules.decimal) for v in table.body[det.rater]]
    keep_rows = np.array([fold(r) not in TOTAL_NAMES and r != "" for r in row_labels])
    sub = Table(table.columns, table.body[keep_rows].reset_index(drop=True),
                table.rows[keep_rows], table.grid, table.header_row)
    counts = parse_counts(sub, cols, rules)
    rows = [r for r, k in zip(row_labels, keep_rows) if k]
    col_labels = [canonical_number(str(c).strip(), rules.decimal) for c in cols]
    if len(set(rows)) != len(rows):
        raise DataError(Wording.of(N_("a category appears twice in the first column of the "
                                      "contingency table")), file=table.file, column=det.rater)
    labels = tuple(dict.fromkeys(rows + col_labels))
    a_code = np.array([labels.index(r) for r in rows])
    b_code = np.array([labels.index(c) for c in col_labels])
    n_rows, k = counts.shape
    cell = np.repeat(np.arange(n_rows * k), counts.ravel())
    n_subj = len(cell)
    subj = np.repeat(np.arange(n_subj, dtype=np.int64), 2)
    ratings = np.column_stack([a_code[cell // k], b_code[cell % k]]).ravel()
    name_a, name_b = _contingency_raters(det.rater)

    def where(e: int) -> tuple[int, str]:
        c = int(cell[e // 2])
        return sub.row_of(c // k), cols[c % k]

    return Entries(Encoded(subj, tuple(str(i + 1) for i in range(n_subj))),
                   Encoded(np.tile(np.array([0, 1]), n_subj), (name_a, name_b)),
                   Encoded(ratings.astype(np.int64), labels), where, keep_order=labels)


def _contingency_raters(corner: str) -> tuple[str, str]:
    for sep in ("\\", "/", " vs ", " x ", "|"):
        if sep in corner:
            a, b = (p.strip() for p in corner.split(sep, 1))
            if a and b and a != b:
                return a, b
    return "rater 1 (rows)", "rater 2 (columns)"


BUILDERS = {"long": _long, "wide": _wide, "wide-rows": _wide_rows,
            "category-counts": _category_counts, "binary-counts": _binary_counts,
            "contingency": _contingency}


# ---------------------------------------------------------------- assemble
def mapping_of(det: Detection) -> tuple[tuple[str, str], ...]:
    """The column mapping in words, for provenance and the summary."""
    m: list[tuple[str, str]] = []
    if det.layout in ("long", "wide", "category-counts", "binary-counts"):
        m.append(("subject", det.subject or ROW_NUMBER))
    if det.layout == "long":
        assert det.rating is not None           # see _long
        m += [("rater", det.rater or "(none)"), ("rating", det.rating)]
    elif det.layout == "wide":
        m.append(("raters", ", ".join(det.value_columns)))
    elif det.layout == "wide-rows":
        m += [("rater", det.rater or ROW_NUMBER), ("subjects", ", ".join(det.value_columns))]
    elif det.layout == "category-counts":
        m.append(("categories", ", ".join(det.value_columns)))
    elif det.layout == "binary-counts":
        assert det.n_col is not None and det.class1_col is not None     # see _binary_counts
        m += [("n_raters", det.n_col), ("n_class1", det.class1_col)]
    elif det.layout == "contingency":
        assert det.rater is not None            # see _contingency
        m += [("rows", det.rater), ("columns", ", ".join(det.value_columns))]
    if det.item:
        m.append(("item", det.item))
    return tuple(m)


def convert(table: Table, det: Detection, rules: ValueRules, opts: ScaleOptions) -> Converted:
    """Build one RatingsTable per item (key None when there are no items)."""
    ent = BUILDERS[det.layout](table, det, rules)
    warnings: list[str | Wording] = []
    scale, to_scale, fixed, scores = _scale(ent, table, det, rules, opts)
    rating_idx = np.where(ent.rating.codes >= 0, to_scale[ent.rating.codes], -1)
    if (ent.subject.codes < 0).any():
        first = int(np.flatnonzero(ent.subject.codes < 0)[0])
        row, _ = ent.where(first)
        n_rows = int((ent.subject.codes < 0).sum())
        # Translators: {n} is a number of cells; {row} a row number; {column} a column's name.
        warnings.append(Wording.ngettext(
            "{n} rating cell has no subject id; left out (first at row {row}, column {column})",
            "{n} rating cells have no subject id; left out (first at row {row}, column {column})",
            n_rows, n=Count(n_rows), row=row, column=Name(det.subject)))
    tables: dict[str | None, RatingsTable] = {}
    items: tuple[str, ...] = ()
    if ent.item is not None:
        items = ent.item.labels
        if not items:
            # Translators: {column} is a column's name.
            raise DataError(Wording.of(N_("the item column {column} is empty; name another item "
                                          "column or check the layout"), column=Name(det.item)),
                            file=table.file, column=det.item,
                            settings=("item_col", "layout"))
        if (ent.item.codes < 0).any():
            n_cells = int((ent.item.codes < 0).sum())
            # Translators: {n} is a number of cells.
            warnings.append(Wording.ngettext("{n} rating cell has no item; left out",
                                             "{n} rating cells have no item; left out", n_cells,
                                             n=Count(n_cells)))
        for k, name in enumerate(items):
            tables[name] = item_scale(assemble(ent, rating_idx, scale, ent.item.codes == k), fixed)
    else:
        tables[None] = assemble(ent, rating_idx, scale, None)
    if det.layout in ("category-counts", "binary-counts", "contingency"):
        # counts have no cells to be missing; subjects with zero counts were kept by a
        # placeholder entry, which must not count as a missing rating
        tables = {k: _no_missing(t) for k, t in tables.items()}
    return Converted(tables, items, scale, mapping_of(det), warnings, scores)


def _no_missing(t: RatingsTable) -> RatingsTable:
    return RatingsTable(t.subject, t.rater, t.rating, t.subject_ids, t.rater_ids, t.scale, 0,
                        t.provenance, t.attributes)


def item_scale(t: RatingsTable, fixed: frozenset[str]) -> RatingsTable:
    """One item's table on the categories that item uses, in the order of the scale the items
    share; the categories the scale was given (declared, labelled in the file, columns of a
    counts table: ``fixed``) stay, used or not. A category only other items use is no
    category of this item: listing it would say the item's raters could have chosen it."""
    used = np.bincount(t.rating, minlength=t.scale.size) > 0
    keep = np.array([u or c in fixed for c, u in zip(t.scale.categories, used)], dtype=bool)
    if keep.all() or not keep.any():
        return t
    sc = t.scale
    labels = tuple(lab for lab, k in zip(sc.labels, keep) if k) if sc.labels else ()
    cats = tuple(c for c, k in zip(sc.categories, keep) if k)
    remap = np.cumsum(keep) - 1
    return RatingsTable(t.subject, t.rater, remap[t.rating].astype(np.int64), t.subject_ids,
                        t.rater_ids, Scale(cats, sc.ordinal, sc.declared, labels), t.n_missing,
                        t.provenance, t.attributes)


def _scale(ent: Entries, table: Table, det: Detection, rules: ValueRules,
           opts: ScaleOptions) -> tuple[Scale, np.ndarray, frozenset[str], bool]:
    """The scale all items share, each label's place in it, the categories it was given
    (declared, labelled by the file or set by the layout) rather than seen, and whether the
    ratings are read as scores (numbers too many for categories that no narrower reading of
    the raters' own scale explains: :mod:`~tapdesk.data.importer.scores`)."""
    labels = ent.rating.labels
    present = np.zeros(len(labels) + 1, dtype=bool)
    present[ent.rating.codes[ent.subject.codes >= 0]] = True     # cells of no subject are left out
    used = [lab for lab, p in zip(labels, present[:-1]) if p]
    rating_col = det.rating if det.layout == "long" else None
    code_labels = _file_labels(table, det, rating_col)
    value_order = tuple(code for code, _ in code_labels) or None
    scores = False
    if not opts.declared and ent.keep_order is None and value_order is None:
        try:
            refuse_continuous(used, table.file, rating_col, opts.max_categories)
        except Measurements as measured:        # the raters' own scores may be categories
            measured.narrower = narrower_scale(table, det, rules, opts.max_categories) or \
                summary_rows_left_out(table, det)
            if measured.narrower or not opts.scores or not _a_panel(ent, det, labels):
                raise
            scores = True
        except ManyLabels as worded:            # the raters' own words may be categories
            worded.narrower = narrower_words(table, det, rules, opts.max_categories)
            raise
    measure = rating_col in table.grid.ordinal_columns if rating_col else \
        bool(set(det.value_columns) & table.grid.ordinal_columns)
    if opts.declared:
        declared = tuple(canonical_number(c.strip(), rules.decimal) for c in opts.declared)
        if rules.fold_case:
            declared = tuple(dict.fromkeys(c.lower() for c in declared))
        declared = _codes_for_labels(declared, code_labels)
    else:
        declared = None
    scale = make_scale(used, declared=declared, ordinal=opts.ordinal, value_order=value_order,
                       measure_ordinal=measure, keep_order=ent.keep_order)
    scale = scale.with_labels([(c, lab) for c, lab in code_labels if c in scale.categories])
    lookup = {c: i for i, c in enumerate(scale.categories)}
    to_scale = np.array([lookup.get(lab, -2) for lab in labels] + [-1], dtype=np.int64)
    bad = [lab for lab in used if lab not in lookup]
    if bad:
        code = labels.index(bad[0])
        row, col = ent.where(int(np.flatnonzero(ent.rating.codes == code)[0]))
        raise DataError(_undeclared_message(bad[0], used, scale.categories),
                        file=table.file, row=row, column=col,
                        settings=("categories", "missing", "labels"))
    fixed = frozenset(declared or ()) | frozenset(value_order or ()) | \
        frozenset(ent.keep_order or ())
    return scale, to_scale, fixed, scores


def _a_panel(ent: Entries, det: Detection, labels: tuple[str, ...]) -> bool:
    """The numbers of the rating cells are one panel's scores (:func:`scores_of_a_panel`), in a
    table of raters in columns or of one row per rating. Raters in rows with numbers in the
    columns is more often a sheet of hours, counts or money per person and period than a
    panel's scores: still refused as measurements."""
    if ent.rater is None or det.layout not in ("wide", "long"):
        return False
    numbers = np.array([numeric_value(lab) for lab in labels] + [None], dtype=float)
    return scores_of_a_panel(ent.rater.labels, ent.rater.codes, numbers[ent.rating.codes],
                             rater_column=det.layout == "long" and det.rater is not None)


def _file_labels(table: Table, det: Detection, rating_col: str | None) -> tuple[tuple[str, str], ...]:
    """The file's own value labels (SPSS/Stata) of the rating column(s), as (code, label) pairs."""
    if rating_col:
        return table.grid.value_labels.get(rating_col, ())
    if det.layout in ("wide", "wide-rows") and table.grid.value_labels:
        sets = {labels for labels in map(table.grid.value_labels.get, det.value_columns)
                if labels is not None}
        return sets.pop() if len(sets) == 1 else ()
    return ()


def _codes_for_labels(declared: tuple[str, ...],
                      code_labels: tuple[tuple[str, str], ...]) -> tuple[str, ...]:
    """--categories may name a file's value labels ("gold") instead of its codes ("4")."""
    by_label = {lab.casefold(): code for code, lab in code_labels}
    codes = {code for code, _ in code_labels}
    return tuple(c if c in codes else by_label.get(c.casefold(), c) for c in declared)


def _undeclared_message(rating: str, used: list[str], declared: tuple[str, ...]) -> Wording:
    """Why a rating is not among --categories, and what to write instead."""
    shown = ", ".join(declared)
    if set(used) & set(declared):
        # Translators: {rating} is a rating of the file; {declared} the declared categories
        # joined by ", ".
        return Wording.of(N_("rating {rating} is not one of the declared categories "
                             "({declared}); add it to the declared categories, or make it a "
                             "missing code if it marks a missing rating"),
                          rating=Name(rating), declared=shown)
    values = sorted(used, key=label_sort_key)
    if len(values) == len(declared):
        # Translators: {rating} and {declared} as above; {values} the file's values joined by
        # ", "; {pairs} value labels as an option takes them ("1=no,2=yes").
        return Wording.of(N_("rating {rating} is not one of the declared categories "
                             "({declared}): the declared categories list the values the file "
                             "holds ({values}), in scale order; to name them, give value labels "
                             "({pairs}) instead"), rating=Name(rating), declared=shown,
                          values=", ".join(values),
                          pairs=",".join(f"{v}={d}" for v, d in zip(values, declared)))
    # Translators: {rating}, {declared} and {values} as above.
    return Wording.of(N_("rating {rating} is not one of the declared categories ({declared}): "
                         "the declared categories list the values the file holds ({values}), in "
                         "scale order; to name them, give value labels (code=label) instead"),
                      rating=Name(rating), declared=shown, values=", ".join(values))


def assemble(ent: Entries, rating_idx: np.ndarray, scale: Scale,
             mask: np.ndarray | None) -> RatingsTable:
    """A RatingsTable from the entries selected by ``mask`` (all when None)."""
    subj = ent.subject.codes if mask is None else ent.subject.codes[mask]
    rating = rating_idx if mask is None else rating_idx[mask]
    keep = subj >= 0
    subj, rating = _where(subj, keep), _where(rating, keep)
    s_codes, s_uniq = sorted_codes(subj, len(ent.subject.labels))
    subject_ids = _labels_at(ent.subject.labels, s_uniq)
    present = rating >= 0
    rater_ids: tuple[str, ...] = ()
    rater = None
    if ent.rater is not None:
        rc = ent.rater.codes if mask is None else ent.rater.codes[mask]
        rc = _where(_where(rc, keep), present)
        known = rc >= 0
        if known.all() and len(rc):
            rater, r_uniq = sorted_codes(rc, len(ent.rater.labels))
            rater_ids = _labels_at(ent.rater.labels, r_uniq)
        elif known.any():
            r_codes, r_uniq = sorted_codes(rc[known], len(ent.rater.labels))
            rater = np.full(len(rc), NO_RATER, dtype=np.int64)
            rater[known] = r_codes
            rater_ids = _labels_at(ent.rater.labels, r_uniq)
    if rater is None:
        rater = np.full(int(present.sum()), NO_RATER, dtype=np.int64)
    return RatingsTable(_where(s_codes, present).astype(np.int64, copy=False), rater,
                        _where(rating, present),
                        subject_ids, rater_ids, scale, n_missing=int((~present).sum()))


def _where(values: np.ndarray, selected: np.ndarray) -> np.ndarray:
    """``values[selected]``, without the copy when every entry is selected (ten million)."""
    return values if selected.all() else values[selected]


def _labels_at(labels: tuple[str, ...], at: np.ndarray) -> tuple[str, ...]:
    """The labels at positions ``at`` (sorted, distinct): all of them when all are used."""
    if len(at) == len(labels):
        return tuple(labels)
    return tuple(np.asarray(labels, dtype=object)[at].tolist())
