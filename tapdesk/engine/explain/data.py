"""The ratings an explanatory model is fitted to, with what was left out and why (issue 42).

Subjects need two or more ratings (as in every agreement model) and, when groups are asked
for, a group; raters need a value of every attribute asked for. What is left out is said in
the result (exclusions and notes), never dropped in silence. Too few groups or raters to
answer the question is a SettingError that says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from tapdesk.data.binary import ClassChoice, binary_counts, binary_table
from tapdesk.data.ratings import Exclusion, RatingsTable
from tapdesk.engine.explain.design import RaterDesign, check_columns, rater_design, subject_groups
from tapdesk.engine.explain.likelihood import ExplainData
from tapdesk.engine.request import FitRequest
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import formats
from tapdesk.i18n.deferred import made, said, said_n
from tapdesk.i18n.text import Text

BINARY_MODELS = ("tap", "per-rater")
EXPLAIN_MODELS = BINARY_MODELS + ("categorical",)


@dataclass(frozen=True, eq=False)
class Prepared:
    """The codes the likelihood reads, and the names to report them by."""

    data: ExplainData
    subject_ids: tuple[str, ...]
    rater_ids: tuple[str, ...]
    group_labels: tuple[str, ...]
    categories: tuple[str, ...]
    design: RaterDesign | None
    choice: ClassChoice | None
    exclusions: tuple[Exclusion, ...]
    notes: tuple[Text, ...]

    @property
    def binary(self) -> bool:
        return self.choice is not None

    @property
    def n_per_subject(self) -> np.ndarray:
        return np.bincount(self.data.subject, minlength=self.data.n_subjects)


def prepare(request: FitRequest, table: RatingsTable) -> Prepared:
    """The data of an explanatory fit of ``request`` on ``table``."""
    if request.model not in EXPLAIN_MODELS:
        # Translators: {model} is a model's name as the option takes it ("mace"), {models} the
        # models that can ("tap or per-rater").
        raise SettingError(said("the model {model} cannot explain the ratings by subject groups "
                                "or rater attributes; choose {models}",
                                model=made(formats.quoted, request.model),
                                models=made(formats.joined, tuple(EXPLAIN_MODELS), "or")),
                           settings=("model",))
    check_columns(request, table)
    if request.rater_attributes and not table.has_rater_ids:
        raise SettingError(said("rater attributes need to know which rater gave each rating, but "
                             "these data have no rater identities"), settings=("rater_attributes",))
    choice = None
    categories = table.categories
    if request.model in BINARY_MODELS:
        choice = binary_counts(table, request.class1, request.cut).choice
        coded = binary_table(table, choice)
        ratings, categories = coded.rating, coded.categories
    else:
        used = np.bincount(table.rating, minlength=table.scale.size) > 0
        categories = tuple(c for c, u in zip(table.categories, used) if u)
        if len(categories) < 2:
            raise DataError(said("every rating is in one category; a K-category model needs at "
                              "least two"))
        ratings = (np.cumsum(used) - 1)[table.rating]
    return _assemble(request, table, ratings, categories, choice)


def _assemble(request: FitRequest, table: RatingsTable, ratings: np.ndarray,
              categories: tuple[str, ...], choice: ClassChoice | None) -> Prepared:
    notes: list[Text] = []
    keep_rating = np.ones(table.n_ratings, dtype=bool)
    design = None
    if request.rater_attributes:
        design = rater_design(table, request.rater_attributes, request.effect_at)
        notes += design.notes
        keep_rating &= design.has_value(table.rater_ids)[np.maximum(table.rater, 0)]
    group_of = np.zeros(table.n_subjects, dtype=np.int64)
    labels: tuple[str, ...] = ("all",)
    exclusions = list(table.exclusions())
    if request.subject_group is not None:
        groups = subject_groups(table, request.subject_group, request.subject_bands)
        group_of, labels = groups.index, groups.labels
        notes.append(groups.note)
        if groups.missing:
            # Translators: why subjects are left out (after "3 subjects left out: "); {column}
            # is a subject attribute's column as the data file names it, already quoted.
            reason = said("no value of {column}", column=made(formats.quoted, request.subject_group))
            exclusions.append(Exclusion(len(groups.missing), reason, groups.missing[:1000]))
    keep_rating &= group_of[table.subject] >= 0
    exclusions += _short_of_raters(table, keep_rating, group_of, request)
    per = np.bincount(table.subject[keep_rating], minlength=table.n_subjects)
    keep_rating &= per[table.subject] >= 2
    if not keep_rating.any():
        raise DataError(said("no subject has two or more ratings from raters with the attributes "
                          "asked for, so nothing can be fitted"))
    return _reindex(request, table, ratings, categories, choice, keep_rating, group_of, labels,
                    design, tuple(exclusions), tuple(notes))


def _short_of_raters(table: RatingsTable, keep: np.ndarray, group_of: np.ndarray,
                     request: FitRequest) -> list[Exclusion]:
    """Subjects that had two ratings but keep fewer once raters without attributes are out."""
    if not request.rater_attributes:
        return []
    before = table.ratings_per_subject() >= 2
    after = np.bincount(table.subject[keep], minlength=table.n_subjects) >= 2
    lost = np.flatnonzero(before & ~after & (group_of >= 0))
    if not len(lost):
        return []
    # Translators: why subjects are left out (after "3 subjects left out: "); {columns} are
    # rater attributes' columns as the data file names them, each quoted ("'age', 'sex'").
    reason = said("fewer than two ratings from raters with a value of {columns}",
                  columns=made(formats.quoted_list, tuple(request.rater_attributes)))
    return [Exclusion(len(lost), reason, tuple(table.subject_ids[i] for i in lost[:1000]))]


def _reindex(request, table, ratings, categories, choice, keep, group_of, labels, design,
             exclusions, notes) -> Prepared:
    subj_codes, subj = np.unique(table.subject[keep], return_inverse=True)
    groups_used, group = np.unique(group_of[subj_codes], return_inverse=True)
    if request.subject_group is not None and len(groups_used) < 2:
        # Translators: {n} groups (0 or 1) of the column {column} (as the data file names it).
        raise SettingError(said_n("the subjects analysed fall in {n} group of {column}; "
                                    "comparing groups needs at least two",
                                    "the subjects analysed fall in {n} groups of {column}; "
                                    "comparing groups needs at least two",
                                    len(groups_used), n=len(groups_used),
                                    column=made(formats.quoted, request.subject_group or "")),
                           settings=("subject_group",))
    rater_codes, rater = (np.unique(table.rater[keep], return_inverse=True)
                          if table.has_rater_ids else (np.zeros(1, np.int64),
                                                       np.zeros(int(keep.sum()), np.int64)))
    x = np.zeros((len(rater_codes), 0))
    if design is not None:
        x = design.matrix[rater_codes]
        _check_raters(design, x)
    data = ExplainData(subj.astype(np.int64), rater.astype(np.int64),
                       ratings[keep].astype(np.int64), group.astype(np.int64),
                       len(groups_used), len(categories), x)
    rater_ids = tuple(table.rater_ids[r] for r in rater_codes) if table.has_rater_ids else ("",)
    return Prepared(data, tuple(table.subject_ids[s] for s in subj_codes), rater_ids,
                    tuple(labels[g] for g in groups_used), categories, design, choice,
                    exclusions, notes)


def _check_raters(design: RaterDesign, x: np.ndarray) -> None:
    """SettingError when the raters left cannot tell the attributes' effects apart."""
    n = x.shape[0]
    for col in design.columns:
        if not any(c.attribute == col for c in design.coefficients):
            # Translators: {column} is a rater attribute's column as the data file names it.
            raise SettingError(said("every rater has the same value of {column}, so its effect on "
                                 "accuracy cannot be seen; choose another rater attribute",
                column=made(formats.quoted, col)), settings=("rater_attributes",))
    if n < design.n_coefficients + 2:
        # Translators: {n} raters have a value of the columns {columns} ("age and years");
        # {effects} effects need at least {least} raters.
        raise SettingError(said_n("{n} raters with a value of {columns} cannot show how {effects} "
                                    "attribute effect moves accuracy; it needs at least {least} "
                                    "raters",
                                    "{n} raters with a value of {columns} cannot show how {effects} "
                                    "attribute effects move accuracy; it needs at least {least} "
                                    "raters", design.n_coefficients,
            n=n, columns=made(formats.joined, tuple(design.columns)), effects=design.n_coefficients,
            least=design.n_coefficients + 2), settings=("rater_attributes",))
    for m, coef in enumerate(design.coefficients):
        if np.ptp(x[:, m]) == 0:
            if coef.level:
                # Translators: {column} is a rater attribute's column, {level} one of its values.
                message = said("every rater analysed has the same value of {column} (level "
                            "{level}), so its effect cannot be seen",
                    column=made(formats.quoted, coef.attribute), level=coef.level)
            else:
                # Translators: {column} is a rater attribute's column as the data file names it.
                message = said("every rater analysed has the same value of {column}, so its effect "
                            "cannot be seen", column=made(formats.quoted, coef.attribute))
            raise SettingError(message, settings=("rater_attributes",))
    if np.linalg.matrix_rank(np.hstack([np.ones((n, 1)), x])) < x.shape[1] + 1:
        # Translators: {columns} are rater attributes' columns ("age and years").
        raise SettingError(said("the attributes {columns} go together among these raters (one "
                             "follows from the others), so their effects cannot be told apart; "
                             "choose fewer", columns=made(formats.joined, tuple(design.columns))),
                           settings=("rater_attributes",))
