"""The validity check's result, and its sentences and table: the one place its words are made.

A reference answer is not the truth: agreement with it says how often a rater gives the
reference's answer, and the reference's own errors count against the raters. Every summary
says so; where the reference looks made from these same ratings (it equals their majority
vote on nearly every subject), the sentences say its agreement with them is inflated.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tapdesk.counting import count
from tapdesk.engine.results import Estimate, ResultTable, fmt
from tapdesk.engine.words import level_percent, percent, percent_range, share_line, tells, untold

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

KINDS = {"panel": "every rating", "majority": "majority vote"}
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
        return KINDS.get(self.kind, self.who)

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
            out.append(f"With {count(self.n_answers, 'subject')} to compare, these data cannot "
                       "tell how well the raters agree with the reference answer.")
            return tuple(out)
        if self.from_raters:
            out.append(self._from_raters())
        out += [line for line in (self._copied(), self._panel(), self._majority(),
                                  self._spread(), self._binary(), self._fitted()) if line]
        out.append("A reference answer is not the truth: agreement with it says how often the "
                   "raters give the reference's answer, and the reference's own errors count "
                   "against them.")
        return tuple(out)

    def _lead(self) -> str:
        text = (f"Reference answer '{self.reference}': {self.n_answers} of the rated subjects "
                "have one")
        if self.unknown:
            shown = ", ".join(repr(u) for u in self.unknown[:5])
            text += f" ({shown} {'is' if len(self.unknown) == 1 else 'are'} not on the ratings' " \
                    "scale and left out)"
        if self.n_elsewhere:
            text += f"; {count(self.n_elsewhere, 'answer')} for subjects the ratings do not hold"
        return text + "."

    def _from_raters(self) -> str:
        match = self.majority_match
        assert match is not None
        return (f"On {match.hits} of the {count(match.n, 'subject')} where the raters disagree, "
                "the reference answer is their majority vote: it looks made from these same "
                "ratings (a consensus of the same raters), so the raters' agreement with it is "
                "inflated by construction and says little about how accurate they are.")

    def _copied(self) -> str:
        """Raters who gave the reference's answer every time: it may be their own answer."""
        same = [r for r in self.rater_rows
                if r.agreement.cases >= MIN_COMMON and r.agreement.hits == r.agreement.n]
        if not same:
            return ""
        one = len(same) == 1
        whose, them = ("that rater's", "that rater") if one else ("those raters'", "them")
        return (f"{'Rater' if one else 'Raters'} {', '.join(r.who for r in same)} gave the "
                f"reference's answer on every subject compared: the reference may be {whose} "
                f"own answer, and agreement with it then says nothing about {them}.")

    def _panel(self) -> str:
        row = self.row("panel")
        if row is None:
            return ""
        return _share_words("The raters gave the reference's answer in {x} of their ratings.",
                            row.agreement, self.level,
                            "how often the raters give the reference's answer")

    def _majority(self) -> str:
        row = self.row("majority")
        if row is None or not row.agreement.n:
            return ""
        return _share_words("Their majority vote gave the reference's answer for {x} of the "
                            "subjects.", row.agreement, self.level,
                            "how often the raters' majority vote gives the reference's answer")

    def _spread(self) -> str:
        told = [r for r in self.rater_rows if r.agreement.told]
        untold_n = len(self.rater_rows) - len(told)
        text = ""
        if len(told) >= 2:
            low = min(told, key=lambda r: r.agreement.value)
            high = max(told, key=lambda r: r.agreement.value)
            text = (f"Rater by rater, agreement with the reference runs from "
                    f"{percent(low.agreement.value)} ({low.who}) to "
                    f"{percent(high.agreement.value)} ({high.who}).")
        if untold_n:
            text += (f" For {count(untold_n, 'rater')} the data cannot tell: too few of their "
                     "ratings meet a reference answer.")
        return text.strip()

    def _binary(self) -> str:
        row = self.row("panel")
        if row is None or row.sensitivity is None or row.specificity is None:
            return ""
        named = self.class1_words.replace("{", "{{").replace("}", "}}")
        sens = _share_words(f"Of the ratings of subjects the reference puts in Class 1 "
                            f"({named}), {{x}} were Class 1 (sensitivity);",
                            row.sensitivity, self.level, "the raters' sensitivity")
        spec = _share_words("of the other subjects' ratings, {x} were Class 0 (specificity).",
                            row.specificity, self.level, "the raters' specificity")
        return f"{sens} {spec}"

    def _fitted(self) -> str:
        ref, t = self.reference_class1, self.fitted_t
        if ref is None or t is None:
            return ""
        told = ref.told and tells(t.ci)
        if not told:
            return untold("how the reference's share of Class 1 compares with the fitted t",
                          None, self.level, "one of the two is too uncertain")
        t_text = percent(t.value) + (f" ({level_percent(self.level)} interval "
                                     f"{percent_range(*t.ci)})" if t.ci else "")
        return (f"The reference puts {_with_interval(ref, self.level)} of the subjects in "
                f"Class 1 ({self.class1_words}); the t-a-p fit estimates from the ratings alone "
                f"that {t_text} are (t). Neither is the truth: the fit rests on its model, the "
                "reference on whoever made it.")

    # ------------------------------------------------------------- table
    def columns(self) -> tuple[str, ...]:
        level = level_percent(self.level)
        cols = ["Compared", "Ratings or subjects", f"Agrees with the reference ({level} interval)",
                f"Cohen's kappa ({level} interval)"]
        if self.weights:
            cols.append(f"Weighted kappa, {self.weights} weights ({level} interval)")
        if self.class1:
            cols += [f"Sensitivity ({level} interval)", f"Specificity ({level} interval)"]
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
        return ResultTable(f"Against the reference answer '{self.reference}'", self.columns(),
                           self.table_rows(), TABLE_NOTE)

    def to_dict(self) -> dict[str, Any]:
        """Everything for ``--json``: the numbers, the table's cells and the sentences."""
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


TABLE_NOTE = ("'every rating' counts each rating, with an interval that allows for the ratings of "
              "one subject agreeing with each other (its kappa has no interval, for the same "
              "reason); 'majority vote' compares each subject's most common rating (ties left "
              "out). Intervals of shares are Wilson's, of kappa the Fleiss-Cohen-Everitt normal "
              "interval. 'cannot tell': too few cases, or too wide an interval, for a number.")

CANNOT_TELL = "cannot tell"


def share_cell(share: Share | None) -> str:
    """"83% (74-89%)", or "cannot tell" where the data do not tell the share."""
    if share is None or not share.n:
        return "-"
    if not share.told:
        return CANNOT_TELL
    return f"{percent(share.value)} ({percent_range(*share.interval)})" if share.interval \
        else percent(share.value)


def kappa_cell(kappa: KappaValue | None, agreement: Share) -> str:
    """"0.62 (0.48 to 0.76)", "cannot tell" beside an untold agreement, or why it is undefined."""
    if kappa is None:
        return "-"
    if not agreement.told:
        return CANNOT_TELL
    if kappa.value is None:
        return f"undefined: {kappa.reason}"
    if kappa.interval is None:
        return fmt(kappa.value, 2)
    return f"{fmt(kappa.value, 2)} ({fmt(kappa.interval[0], 2)} to {fmt(kappa.interval[1], 2)})"


def _with_interval(share: Share, level: float) -> str:
    interval = f" ({level_percent(level)} interval {percent_range(*share.interval)})" \
        if share.interval else ""
    return percent(share.value) + interval


def _share_words(template: str, share: Share, level: float, what: str) -> str:
    """``template`` with the share, or the sentence that the data cannot tell ``what``."""
    if share.cases < MIN_COMMON:
        return untold(what, share.interval, level,
                      f"only {count(share.cases, 'subject')} can be compared with the reference")
    return share_line(template, share.value, share.interval, level, what,
                      "too few cases can be compared with the reference")
