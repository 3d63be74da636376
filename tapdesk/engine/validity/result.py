"""The validity check's result, and its sentences and table: the one place its words are made.

A reference answer is not the truth: agreement with it says how often a rater gives the
reference's answer, and the reference's own errors count against the raters. Every summary
says so; where the reference looks made from these same ratings (it equals their majority
vote on nearly every subject), the sentences say its agreement with them is inflated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapdesk.engine.results import Estimate, ResultTable, fmt
from tapdesk.engine.words import level_percent, percent, percent_range, share_line, tells, untold
from tapdesk.i18n import N_, _, formats, ngettext
from tapdesk.i18n.current import language
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.languages import SOURCE

MIN_COMMON = 10
"""Fewer subjects (or ratings) than this compared with the reference: the words say the data
cannot tell, instead of a number."""

FROM_RATERS_SHARE = 0.97
MIN_SPLIT = 30
"""A reference that equals the raters' majority vote on at least FROM_RATERS_SHARE of the (at
least MIN_SPLIT) subjects where the raters disagree is taken to be made from these ratings.
Three raters who are each right a share a of the time, independently, give a 2-1 majority
that is right the same share a of the time; so an answer made apart from raters right 90% of
the time still differs from their majority on one in ten split subjects, and 30 split subjects
without a difference would happen by chance about 4 times in 100."""

# Translators: the validity table's rows that are not one rater: all ratings together, and
# each subject's most common rating.
KINDS = {"panel": N_("every rating"), "majority": N_("majority vote")}
"""How the rows that are not one rater are named in the table."""


@dataclass(frozen=True)
class Share:
    """``hits`` of ``n`` with its interval (``n`` counts ratings or subjects; ``subjects``, when
    ``n`` counts ratings of several raters, the subjects they are of)."""

    hits: int
    n: int
    interval: tuple[float, float] | None
    subjects: int | None = None

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else float("nan")

    @property
    def told(self) -> bool:
        """Whether the data tell this share: enough subjects and a narrow enough interval."""
        return self.cases >= MIN_COMMON and tells(self.interval)

    @property
    def cases(self) -> int:
        """The independent cases behind the share: the subjects, or the ratings of one rater."""
        return self.subjects if self.subjects is not None else self.n

    def to_dict(self) -> dict[str, Any]:
        return {"hits": self.hits, "n": self.n, "subjects": self.subjects,
                "value": self.value if self.n else None,
                "interval": list(self.interval) if self.interval else None, "told": self.told}


@dataclass(frozen=True)
class KappaValue:
    """Cohen's kappa against the reference, its interval, or why it is undefined."""

    value: float | None
    interval: tuple[float, float] | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "interval": list(self.interval) if self.interval else None,
                "reason": self.reason}


@dataclass(frozen=True)
class AgreementRow:
    """One rater, the panel (every rating) or the majority vote against the reference."""

    who: str
    kind: str                              # "rater", "panel" or "majority"
    agreement: Share
    kappa: KappaValue
    weighted: KappaValue | None = None
    sensitivity: Share | None = None
    specificity: Share | None = None

    @property
    def name(self) -> str:
        """The row's name in a table: the rater's id, "every rating" or "majority vote"."""
        return _(KINDS[self.kind]) if self.kind in KINDS else self.who

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"who": self.who, "kind": self.kind,
                               "agreement": self.agreement.to_dict(), "kappa": self.kappa.to_dict()}
        if self.weighted is not None:
            out["weighted_kappa"] = self.weighted.to_dict()
        if self.sensitivity is not None and self.specificity is not None:
            out["sensitivity"] = self.sensitivity.to_dict()
            out["specificity"] = self.specificity.to_dict()
        return out


@dataclass(frozen=True)
class ValidityResult:
    """The raters against one reference answer.

    ``n_answers`` subjects of the ratings have a reference answer on the scale; ``unknown``
    lists answers that are not a category of the scale (left out) and ``n_elsewhere`` counts
    answers for subjects the ratings do not hold. ``class1`` / ``class1_words`` name Class 1
    on a two-class check (sensitivity and specificity), ``weights`` the weights of the
    weighted kappa on an ordered scale ("" when there is none). ``majority_match`` is the
    reference's agreement with the raters' majority vote on the subjects where the raters
    disagree; ``from_raters`` says it is so close that the reference looks made from these
    ratings. ``reference_class1`` is the reference's
    share of Class 1, and ``fitted_t`` the t-a-p estimate of the same share when a two-class
    fit is beside it.
    """

    reference: str
    level: float
    n_answers: int
    rows: tuple[AgreementRow, ...]
    unknown: tuple[str, ...] = ()
    n_elsewhere: int = 0
    class1: tuple[str, ...] = ()
    class1_words: str = ""
    weights: str = ""
    majority_match: Share | None = None
    from_raters: bool = False
    reference_class1: Share | None = None
    fitted_t: Estimate | None = None

    def row(self, kind: str) -> AgreementRow | None:
        return next((r for r in self.rows if r.kind == kind), None)

    @property
    def rater_rows(self) -> tuple[AgreementRow, ...]:
        return tuple(r for r in self.rows if r.kind == "rater")

    # ------------------------------------------------------------- words
    def sentences(self) -> tuple[str, ...]:
        """What the check says, in plain sentences, most important first."""
        out = [self._lead()]
        if self.n_answers < MIN_COMMON:
            # Translators: {n} subjects have a reference answer (fewer than 10).
            out.append(ngettext("With {n} subject to compare, these data cannot tell how well "
                                "the raters agree with the reference answer.",
                                "With {n} subjects to compare, these data cannot tell how well "
                                "the raters agree with the reference answer.",
                                self.n_answers).format(n=formats.integer(self.n_answers)))
            return tuple(out)
        if self.from_raters:
            out.append(self._from_raters())
        out += [shown(line) for line in (self._copied(), self._panel(), self._majority(),
                                         self._spread(), self._binary(), self._fitted()) if line]
        # Translators: the validity check's last sentence, always said.
        out.append(_("A reference answer is not the truth: agreement with it says how often the "
                     "raters give the reference's answer, and the reference's own errors count "
                     "against them."))
        return tuple(out)

    def _lead(self) -> str:
        # Translators: the validity check's first sentence: {reference} is the reference
        # answer's name as the data file gives it, {n} how many rated subjects have one.
        text = ngettext("Reference answer {reference}: {n} of the rated subjects has one.",
                        "Reference answer {reference}: {n} of the rated subjects have one.",
                        self.n_answers).format(reference=formats.quoted(self.reference),
                                               n=formats.integer(self.n_answers))
        if self.unknown:
            # Translators: after the first sentence: {answers} are answers as the file writes
            # them ("'x', 'y'"), not categories of the rating scale.
            text += " " + ngettext("{answers} is not on the ratings' scale and is left out.",
                                   "{answers} are not on the ratings' scale and are left out.",
                                   len(self.unknown)).format(
                answers=formats.joined([repr(u) for u in self.unknown[:5]]))
        if self.n_elsewhere:
            # Translators: after the first sentence: {n} reference answers are for subjects
            # that have no ratings.
            text += " " + ngettext("{n} answer is for a subject the ratings do not hold.",
                                   "{n} answers are for subjects the ratings do not hold.",
                                   self.n_elsewhere).format(n=formats.integer(self.n_elsewhere))
        return text

    def _from_raters(self) -> str:
        match = self.majority_match
        assert match is not None
        # Translators: {hits} of {n} subjects where the raters disagree have the majority vote
        # as their reference answer.
        return ngettext("On {hits} of the {n} subject where the raters disagree, the reference "
                        "answer is their majority vote: it looks made from these same ratings (a "
                        "consensus of the same raters), so the raters' agreement with it is "
                        "inflated by construction and says little about how accurate they are.",
                        "On {hits} of the {n} subjects where the raters disagree, the reference "
                        "answer is their majority vote: it looks made from these same ratings (a "
                        "consensus of the same raters), so the raters' agreement with it is "
                        "inflated by construction and says little about how accurate they are.",
                        match.n).format(hits=formats.integer(match.hits),
                                        n=formats.integer(match.n))

    def _copied(self) -> str:
        """Raters who gave the reference's answer every time: it may be their own answer."""
        same = [r for r in self.rater_rows
                if r.agreement.cases >= MIN_COMMON and r.agreement.hits == r.agreement.n]
        if not same:
            return ""
        # Translators: {raters} names raters (ids from the data file, "J1, J2 and J3") who gave
        # the reference's answer every time.
        return ngettext("Rater {raters} gave the reference's answer on every subject compared: "
                        "the reference may be that rater's own answer, and agreement with it "
                        "then says nothing about that rater.",
                        "Raters {raters} gave the reference's answer on every subject compared: "
                        "the reference may be those raters' own answer, and agreement with it "
                        "then says nothing about them.", len(same)).format(
            raters=formats.joined([r.who for r in same]))

    def _panel(self) -> str:
        row = self.row("panel")
        if row is None:
            return ""
        # Translators: {x} is a share with its interval ("83% (95% interval 74-89%)").
        return _share_words(N_("The raters gave the reference's answer in {x} of their ratings."),
                            row.agreement, self.level,
                            # Translators: what the data cannot tell, after "These data cannot tell".
                            _("how often the raters give the reference's answer"))

    def _majority(self) -> str:
        row = self.row("majority")
        if row is None or not row.agreement.n:
            return ""
        # Translators: {x} is a share with its interval ("83% (95% interval 74-89%)").
        return _share_words(N_("Their majority vote gave the reference's answer for {x} of the "
                               "subjects."), row.agreement, self.level,
                            # Translators: what the data cannot tell, after "These data cannot tell".
                            _("how often the raters' majority vote gives the reference's answer"))

    def _spread(self) -> str:
        told = [r for r in self.rater_rows if r.agreement.told]
        untold_n = len(self.rater_rows) - len(told)
        parts = []
        if len(told) >= 2:
            low = min(told, key=lambda r: r.agreement.value)
            high = max(told, key=lambda r: r.agreement.value)
            # Translators: {low} and {high} are shares ("62%"), {low_rater} and {high_rater} the
            # raters' ids as the data file gives them.
            parts.append(_("Rater by rater, agreement with the reference runs from {low} "
                           "({low_rater}) to {high} ({high_rater}).").format(
                low=percent(low.agreement.value), low_rater=low.who,
                high=percent(high.agreement.value), high_rater=high.who))
        if untold_n:
            # Translators: {n} raters have too few ratings with a reference answer.
            parts.append(ngettext("For {n} rater the data cannot tell: too few of their ratings "
                                  "meet a reference answer.",
                                  "For {n} raters the data cannot tell: too few of their ratings "
                                  "meet a reference answer.", untold_n).format(
                n=formats.integer(untold_n)))
        return " ".join(parts)

    def _binary(self) -> str:
        row = self.row("panel")
        if row is None or row.sensitivity is None or row.specificity is None:
            return ""
        # Translators: the first half of a sentence: {named} names Class 1 ("'gold' or
        # 'silver'"), {x} is a share with its interval ("83% (95% interval 74-89%)").
        sens = _share_words(N_("Of the ratings of subjects the reference puts in Class 1 "
                               "({named}), {x} were Class 1 (sensitivity);"),
                            row.sensitivity, self.level,
                            # Translators: what the data cannot tell, after "These data cannot tell".
                            _("the raters' sensitivity"), named=shown(self.class1_words))
        # Translators: the second half of the sentence above; {x} as there.
        spec = _share_words(N_("of the other subjects' ratings, {x} were Class 0 (specificity)."),
                            row.specificity, self.level,
                            # Translators: what the data cannot tell, after "These data cannot tell".
                            _("the raters' specificity"))
        return f"{shown(sens)} {shown(spec)}"

    def _fitted(self) -> str:
        ref, t = self.reference_class1, self.fitted_t
        if ref is None or t is None:
            return ""
        told = ref.told and tells(t.ci)
        if not told:
            # Translators: what the data cannot tell, and why (after "These data cannot tell").
            return untold(_("how the reference's share of Class 1 compares with the fitted t"),
                          None, self.level, _("one of the two is too uncertain"))
        # Translators: {reference} is the reference's share of Class 1 with its interval ("34%
        # (95% interval 25-44%)"), {named} names Class 1 ("'gold' or 'silver'"), {t} the fitted
        # share with its interval.
        return _("The reference puts {reference} of the subjects in Class 1 ({named}); the t-a-p "
                 "fit estimates from the ratings alone that {t} are (t). Neither is the truth: "
                 "the fit rests on its model, the reference on whoever made it.").format(
            reference=_with_interval(ref.value, ref.interval, self.level),
            named=shown(self.class1_words), t=_with_interval(t.value, t.ci, self.level))

    # ------------------------------------------------------------- table
    def columns(self) -> tuple[str, ...]:
        level = level_percent(self.level)
        # Translators: the validity table's columns; {level} is the intervals' level ("95%").
        cols = [_("Compared"), _("Ratings or subjects"),
                # Translators: a column of the validity table; {level} is the intervals' level.
                _("Agrees with the reference ({level} interval)").format(level=level),
                # Translators: a column of the validity table; {level} is the intervals' level
                # ("95%").
                _("Cohen's kappa ({level} interval)").format(level=level)]
        if self.weights:
            # Translators: a validity table's column; {weights} is the weights' kind as the
            # option names it ("linear"), {level} the intervals' level ("95%").
            cols.append(_("Weighted kappa, {weights} weights ({level} interval)").format(
                weights=self.weights, level=level))
        if self.class1:
            cols += [
                # Translators: a column of the validity table; {level} is the intervals' level.
                _("Sensitivity ({level} interval)").format(level=level),
                     # Translators: a column of the validity table; {level} is the intervals' level
                     # ("95%").
                     _("Specificity ({level} interval)").format(level=level)]
        return tuple(cols)

    def table_rows(self) -> tuple[tuple[Any, ...], ...]:
        """The table's cells (the number compared, the rest as text), the same on every
        surface."""
        out = []
        for row in self.rows:
            cells: list[Any] = [row.name, row.agreement.n, share_cell(row.agreement),
                     kappa_cell(row.kappa, row.agreement)]
            if self.weights:
                cells.append(kappa_cell(row.weighted, row.agreement))
            if self.class1:
                cells += [share_cell(row.sensitivity), share_cell(row.specificity)]
            out.append(tuple(cells))
        return tuple(out)

    def table(self) -> ResultTable:
        """The table in the current language (its title, columns, cells and note)."""
        # Translators: the validity table's title; {reference} is the reference answer's name
        # as the data file gives it.
        return ResultTable(_("Against the reference answer {reference}").format(
            reference=formats.quoted(self.reference)), self.columns(), self.table_rows(), _(TABLE_NOTE))

    def to_dict(self) -> dict[str, Any]:
        """Everything for ``--json``: the numbers, the table's cells and the sentences, in
        English whatever the language (a machine interface)."""
        with language(SOURCE):
            return self._dict()

    def _dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "reference": self.reference, "level": self.level, "n_answers": self.n_answers,
            "unknown_answers": list(self.unknown), "n_answers_elsewhere": self.n_elsewhere,
            "class1": list(self.class1), "weights": self.weights or None,
            "from_raters": self.from_raters,
            "majority_match": self.majority_match.to_dict() if self.majority_match else None,
            "reference_class1": self.reference_class1.to_dict() if self.reference_class1 else None,
            "fitted_t": ({"value": self.fitted_t.value,
                          "interval": list(self.fitted_t.ci) if self.fitted_t.ci else None}
                         if self.fitted_t is not None else None),
            "rows": [r.to_dict() for r in self.rows],
            "table": {"columns": list(self.columns()), "rows": [list(r) for r in self.table_rows()]},
            "sentences": list(self.sentences())}
        return out


# Translators: the validity table's note; 'every rating', 'majority vote' and 'cannot tell' are
# the table's own words (translate them as there).
TABLE_NOTE = N_("'every rating' counts each rating, with an interval that allows for the ratings of "
              "one subject agreeing with each other (its kappa has no interval, for the same "
              "reason); 'majority vote' compares each subject's most common rating (ties left "
              "out). Intervals of shares are Wilson's, of kappa the Fleiss-Cohen-Everitt normal "
              "interval. 'cannot tell': too few cases, or too wide an interval, for a number.")

# Translators: a validity table's cell where the data do not tell a number.
CANNOT_TELL = N_("cannot tell")


def share_cell(share: Share | None) -> str:
    """"83% (74-89%)", or "cannot tell" where the data do not tell the share."""
    if share is None or not share.n:
        return "-"
    if not share.told:
        return _(CANNOT_TELL)
    if not share.interval:
        return percent(share.value)
    # Translators: a share with its interval in a table's cell: {share} "83%", {range} "74-89%".
    return _("{share} ({range})").format(share=percent(share.value),
                                         range=percent_range(*share.interval))


def kappa_cell(kappa: KappaValue | None, agreement: Share) -> str:
    """"0.62 (0.48 to 0.76)", "cannot tell" beside an untold agreement, or why it is undefined."""
    if kappa is None:
        return "-"
    if not agreement.told:
        return _(CANNOT_TELL)
    if kappa.value is None:
        # Translators: a validity table's cell: {reason} says why kappa has no value.
        return _("undefined: {reason}").format(reason=shown(kappa.reason))
    if kappa.interval is None:
        return fmt(kappa.value, 2)
    # Translators: a kappa with its interval in a table's cell: {kappa} "0.62", {interval}
    # "0.48 to 0.76".
    return _("{kappa} ({interval})").format(
        kappa=fmt(kappa.value, 2), interval=formats.interval(*kappa.interval, 2))


def _with_interval(value: float, interval: tuple[float, float] | None, level: float) -> str:
    """A share with its interval: "34% (95% interval 25-44%)"."""
    if not interval:
        return percent(value)
    # Translators: a share with its interval: {share} "34%", {level} "95%", {range} "25-44%".
    return _("{share} ({level} interval {range})").format(
        share=percent(value), level=level_percent(level), range=percent_range(*interval))


def _share_words(template: str, share: Share, level: float, what: str, **args: str) -> str:
    """``template`` (marked with ``N_``) with the share, or the sentence that the data cannot
    tell ``what``."""
    if share.cases < MIN_COMMON:
        # Translators: why the data cannot tell a share (after "because"); {n} subjects (fewer
        # than 10) have a reference answer.
        return untold(what, share.interval, level, ngettext(
            "only {n} subject can be compared with the reference",
            "only {n} subjects can be compared with the reference", share.cases).format(
            n=formats.integer(share.cases)))
    # Translators: why the data cannot tell a share (after "because").
    return share_line(template, share.value, share.interval, level, what,
                      _("too few cases can be compared with the reference"), **args)
