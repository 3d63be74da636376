"""TapDesk from Python: every command of the command line as a function.

Each function takes the settings of the command of the same name as keyword parameters with
their types and defaults (``tapdesk fit DATA --model per-rater --cut 2`` is
``tapdesk.fit(DATA, model="per-rater", cut="2")``; ``help(tapdesk.fit)`` lists them), makes
them the command's frozen settings (:mod:`tapdesk.library.settings`), runs the very code the
command runs (its ``outcome`` function in :mod:`tapdesk.library`, which the command line
calls too) and returns a :class:`~tapdesk.api_results.Result`
whose :meth:`~tapdesk.api_results.Result.to_dict` is what ``--json`` prints, whose
:meth:`~tapdesk.api_results.Result.summary` is the text the command prints, and which keeps
the engine's frozen result (its fields are read through the Result).

DATA is a file's path, a pandas DataFrame (wide: a row per subject; long: a row per rating,
name the columns with ``subject_col``, ``rater_col``, ``rating_col``), or the
:class:`~tapdesk.api_results.Ratings` :func:`read` returned. The import overrides of every
command (``layout``, ``categories``, ``labels``, ``missing``, ``item`` ...) are keyword
arguments of every function that reads data (:func:`read` documents them); a keyword no
function takes is a TypeError naming the closest one. A setting the data cannot take raises
:class:`tapdesk.errors.SettingError`, data that cannot be read
:class:`tapdesk.errors.DataError`, with the message the command prints.

Examples
--------
>>> import tapdesk
>>> wine = tapdesk.example("wine")
>>> result = tapdesk.fit(wine, cut="2")
>>> round(result.value("a"), 3)
0.437
>>> result.to_dict()["model"]
'tap'
"""

from __future__ import annotations

import difflib
import functools
import inspect as _inspect
import sys
from argparse import ArgumentTypeError
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import fields
from os import PathLike
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from tapdesk.api_results import Ratings, Result, Summary, TapDeskWarning

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Ratings", "Result", "Summary", "TapDeskWarning", "agreement", "example", "examples",
           "explain", "feedback", "fit", "inspect", "modelfit", "ordinal", "pack", "plan",
           "posterior", "rater_check", "read", "report", "simulate", "write_report"]

Data = Any
"""A file's path (str or os.PathLike), a pandas DataFrame, or a :class:`Ratings`."""
Labels = str | Iterable[str | int | float] | None
"""One category (a label or a code) or several."""
Path = str | PathLike[str]

_P = ParamSpec("_P")
_R = TypeVar("_R")

READ_ONCE_OPTIONS = ("item", "raters_file")
"""The import overrides that also act on ratings already read (a Ratings)."""


# ------------------------------------------------------------------ the import overrides, once
def _import_overrides() -> list[_inspect.Parameter]:
    """The import overrides as keyword-only parameters: :class:`ReadSettings`' fields, with
    their types and defaults."""
    from tapdesk.library.settings import ReadSettings
    return [_inspect.Parameter(f.name, _inspect.Parameter.KEYWORD_ONLY, default=f.default,
                               annotation=GIVEN_AS.get(f.name, f.type))
            for f in fields(ReadSettings) if f.name != "data"]


GIVEN_AS = {"categories": "str | Sequence[str] | None",
            "labels": "str | Mapping[str | int, str] | None",
            "same_as": "str | Mapping[str, str] | None",
            "missing": "str | Sequence[str]",
            "column_roles": "str | Sequence[str] | Mapping[str, str]",
            "rules_off": "str | Sequence[str]",
            "raters_file": "str | os.PathLike[str] | None"}
"""What the import overrides take from Python where it is more than the command line's text
(:func:`_settings` makes each the text or list the command line would hold)."""


def _signed(*, like: Callable[..., Any] | None = None,
            reads: bool = True) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """The function with its whole signature shown (``help()``, ``inspect.signature``, tab
    completion): its own parameters, then those of ``like`` it does not have, then (``reads``)
    the import overrides of :func:`read`; a keyword none of them names is a TypeError naming
    the closest one."""
    def decorate(function: Callable[_P, _R]) -> Callable[_P, _R]:
        own = _inspect.signature(function)
        params = [p for p in own.parameters.values() if p.kind is not p.VAR_KEYWORD]
        if like is not None:
            params += [p for p in _inspect.signature(like).parameters.values()
                       if p.kind is p.KEYWORD_ONLY and p.name not in own.parameters]
        if reads:
            names = {p.name for p in params}
            params += [p for p in _import_overrides() if p.name not in names]
        signature = own.replace(parameters=params)

        @functools.wraps(function)
        def checked(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            for name in kwargs:
                if name not in signature.parameters:
                    close = difflib.get_close_matches(name, list(signature.parameters), n=1)
                    hint = f"; did you mean '{close[0]}'?" if close else ""
                    raise TypeError(f"{function.__name__}() got an unexpected keyword argument "
                                    f"'{name}'{hint}")
            return function(*args, **kwargs)
        checked.__signature__ = signature  # type: ignore[attr-defined]
        return checked
    return decorate


# ------------------------------------------------------------------------------------ reading
@_signed()
def read(data: Data, *, export: Path | None = None, **import_overrides: Any) -> Ratings:
    """Read ratings as ``tapdesk inspect`` does: the table, and what the importer did and why.

    Parameters
    ----------
    data : str, os.PathLike or pandas.DataFrame
        A ratings file (CSV/TSV, Excel, OpenDocument, SPSS, Stata), or a DataFrame: wide (a
        row per subject, a column per rater) or long (a row per rating: give ``subject_col``,
        ``rater_col`` and ``rating_col``, or let the importer find them).
    export : str or os.PathLike, optional
        A CSV file for the cleaned ratings in the long layout (default: none written).
    layout : str, optional
        ``wide``, ``long``, ``wide-rows``, ``counts`` ... (default: detected).
    subject_col, rater_col, rating_col, item_col : str, optional
        The columns holding the subjects, raters, ratings and items (default: detected).
    item : str, optional
        Analyse only this item/question; ``"all"``: each in turn where the command can.
    sheet : str, optional
        A spreadsheet's sheet, by name or number (1 = first).
    categories : str or list of str, optional
        The categories in scale order, as the file writes them (unused ones are kept).
    labels : str or dict, optional
        Value labels: ``{1: "no medal", 2: "bronze"}`` or ``"1=no medal,2=bronze"``.
    ordinal : bool, optional
        The categories are ordered (default: yes for numeric labels).
    missing : str or list of str
        Extra texts that mark a missing rating.
    default_missing : bool
        False: only blank cells and ``missing`` are missing (``NA``, ``-99`` are categories).
    fold_case : bool
        Merge labels that differ only in letter case or spaces.
    same_as : str or dict, optional
        Read a label as another: ``{"ja": "yes"}`` or ``"ja=yes,nein=no"``.
    column_roles : str, list of str or dict
        Give columns their roles: ``{"Remarks": "leave out"}`` or ``["Remarks=leave out"]``.
    trim : bool
        Remove spaces around labels.
    header : bool, optional
        The first row names the columns (default: detected).
    encoding, delimiter, decimal : str, optional
        How a text file is written (default: detected).
    max_categories : int
        Refuse ratings with more distinct numbers as continuous.
    rules_off : str or list of str
        Importer rules switched off (their codes, as ``tapdesk inspect`` names them).
    drop_flagged : bool
        Leave out the subjects a column of exclusion flags marks.
    raters_file : str or os.PathLike, optional
        A second table with one row per rater: the rater id, then attributes.
    max_file_mb, time_limit : float
        Refuse larger files; stop an import that takes longer (seconds).

    Returns
    -------
    Ratings
        ``.table`` (the ratings), ``.notes`` (a DataFrame of the importer's notes),
        ``.dataset``; ``to_dict()`` is ``tapdesk inspect --json``.

    Examples
    --------
    >>> import pandas as pd
    >>> frame = pd.DataFrame({"task": ["t1", "t1", "t2", "t2"], "worker": ["w1", "w2", "w1", "w2"],
    ...                       "label": ["yes", "yes", "no", "yes"]})
    >>> ratings = tapdesk.read(frame, layout="long", subject_col="task", rater_col="worker",
    ...                        rating_col="label")
    >>> ratings.table.n_subjects, ratings.table.n_raters
    (2, 2)
    """
    ratings = _command("inspect", "inspect", "InspectSettings", locals(), kind=Ratings)
    assert isinstance(ratings, Ratings)
    return ratings


inspect = read
"""``tapdesk inspect``: the same as :func:`read`."""


def example(name: str) -> str:
    """The path of an example data set shipped with TapDesk (``tapdesk examples`` lists them).

    Examples
    --------
    >>> tapdesk.example("wine").endswith("wine.csv")
    True
    """
    from tapdesk.resources.examples import EXAMPLES
    for ex in EXAMPLES:
        if ex.name == name:
            return str(ex.path)
    from tapdesk.errors import SettingError
    raise SettingError(f"no example '{name}'; the examples are "
                       f"{', '.join(ex.name for ex in EXAMPLES)}")


def examples(copy: Path | None = None) -> Result:
    """``tapdesk examples``: the example data sets shipped with TapDesk.

    Parameters
    ----------
    copy : str or os.PathLike, optional
        A folder to copy the example files (and their provenance) into.

    Examples
    --------
    >>> [ex["name"] for ex in tapdesk.examples().to_dict()["examples"]][:1]
    ['wine']
    """
    from tapdesk.library.examples import outcome
    from tapdesk.library.settings import ExamplesSettings
    return Result("examples", _run(outcome, ExamplesSettings(copy=_text(copy))))


# ----------------------------------------------------------------------------------- analyses
@_signed()
def fit(data: Data, model: str = "tap", *, class1: Labels = None, cut: str | int | None = None,
        bootstrap: int = 0, seed: int = 20261121, starts: int = 12, level: float | str = 0.95,
        subject_group: str | None = None, subject_bands: int = 0,
        rater_attributes: str | Iterable[str] = (), effect_at: str | Iterable[str] = (),
        guess_by_attributes: bool = False, paragraph: bool = False,
        subjects_out: Path | None = None, review_below: float = 0.9,
        **import_overrides: Any) -> Result:
    """``tapdesk fit``: fit a rater model by maximum likelihood.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    model : str
        ``tap``, ``per-rater``, ``categorical``, ``dawid-skene``, ``mace`` ... (``tapdesk fit
        --help`` lists them all).
    class1 : str or list of str, optional
        The categories that form Class 1, by code or value label (two-class models).
    cut : str, optional
        Class 1 = the ratings at or below this category, in scale order.
    bootstrap : int
        Nonparametric bootstrap resamples for intervals (0: none).
    seed : int
        Random seed (bootstrap and random starts).
    starts : int
        Optimisation starts (the best is kept).
    level : float or str
        The level of every interval: 0.9, ``"90%"``.
    subject_group : str, optional
        A subject attribute: each group gets its own class share (see :func:`explain`).
    subject_bands : int
        With a ``subject_group`` of numbers: that many bands of its values.
    rater_attributes : str or list of str
        Rater attributes accuracy may depend on.
    effect_at : str or list of str
        ``"age=35,60"``: a numeric attribute's effect between these values.
    guess_by_attributes : bool
        The guess rate depends on the rater attributes too.
    paragraph : bool
        The text is one paragraph for a methods/results section.
    subjects_out : str or os.PathLike, optional
        A file (.csv, .parquet) for each subject's class probabilities and review flag.
    review_below : float
        A subject needs review when its most likely class is less probable than this.
    **import_overrides
        The import settings of :func:`read` (``layout``, ``subject_col``, ``labels`` ...).

    Returns
    -------
    Result
        The fit: ``value("a")``, ``params``, ``raters`` and ``subjects`` as DataFrames ...

    Examples
    --------
    >>> fitted = tapdesk.fit(tapdesk.example("wine"), model="per-rater", cut="2")
    >>> list(fitted.raters["id"])
    ['J1', 'J2', 'J3', 'J4']
    """
    return _command("fit", "fit", "FitSettings", locals())


@_signed(like=fit)
def explain(data: Data, *, subject_group: str | None = None, subject_bands: int = 0,
            rater_attributes: str | Iterable[str] = (), effect_at: str | Iterable[str] = (),
            guess_by_attributes: bool = False, model: str = "tap", **fit_options: Any) -> Result:
    """``tapdesk fit --subject-group COL --rater-attribute COL``: what explains the ratings.

    Each group of subjects gets its own class share (with a test that the groups differ); a
    subject attribute that is a number (an age) groups them only in ``subject_bands=N`` bands of
    its values, never a group per value. Accuracy depends on the raters' attributes (with a
    test that they matter). The attributes are columns of the data or of ``raters_file``;
    :func:`read` lists them.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    subject_group, subject_bands, rater_attributes, effect_at, guess_by_attributes, model
        As :func:`fit` takes them.
    **fit_options
        The other settings of :func:`fit` and the import settings of :func:`read`.
    """
    return fit(data, model=model, subject_group=subject_group, subject_bands=subject_bands,
               rater_attributes=rater_attributes, effect_at=effect_at,
               guess_by_attributes=guess_by_attributes, **fit_options)


@_signed()
def agreement(data: Data, *, class1: Labels = None, cut: str | int | None = None,
              weights: str | None = None, weight_matrix: Path | None = None,
              keep_unused: bool | None = None, bootstrap: int = 1000, seed: int = 20261121,
              level: float | str = 0.95, paragraph: bool = False,
              **import_overrides: Any) -> Result:
    """``tapdesk agreement``: every classical agreement coefficient with its SE and interval.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    class1, cut : optional
        Two classes, as :func:`fit` takes them (default: the whole scale).
    weights : {"linear", "quadratic"}, optional
        Also the weighted coefficients (ordered scales).
    weight_matrix : str or os.PathLike, optional
        Also the weighted coefficients with this K x K agreement matrix (a CSV of numbers).
    keep_unused : bool, optional
        Keep categories nobody used (default: yes when ``categories`` is given).
    bootstrap : int
        Bootstrap resamples where no analytic SE exists (Krippendorff's alpha); 0: none.
    seed : int
        Random seed.
    level : float or str
        The level of every interval.
    paragraph : bool
        The text is one paragraph.
    **import_overrides
        The import settings of :func:`read`.

    Examples
    --------
    >>> coefficients = tapdesk.agreement(tapdesk.example("wine"), bootstrap=0)
    >>> "Fleiss' kappa" in set(coefficients.coefficients["name"])
    True
    """
    return _command("agreement", "agreement", "AgreementSettings", locals())


@_signed()
def ordinal(data: Data, *, bootstrap: int = 0, seed: int = 20261121, starts: int = 12,
            level: float | str = 0.95, **import_overrides: Any) -> Result:
    """``tapdesk ordinal``: t-a-p and Fleiss' kappa at every cut point of an ordered scale.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    bootstrap : int
        Nonparametric bootstrap resamples for intervals (0: none).
    seed : int
        Random seed.
    starts : int
        Optimisation starts per cut point.
    level : float or str
        The level of every interval.
    **import_overrides
        The import settings of :func:`read`.
    """
    return _command("ordinal", "ordinal", "OrdinalSettings", locals())


@_signed()
def posterior(data: Data, model: str = "tap", *, class1: Labels = None,
              cut: str | int | None = None, method: str | None = None, chains: int = 4,
              draws: int = 2000, warmup: int = 1000, seed: int = 20261121,
              prior: str | Iterable[str] = (), pooled: bool = False,
              draws_out: Path | None = None, rater_attributes: str | Iterable[str] = (),
              effect_at: str | Iterable[str] = (), level: float | str = 0.95,
              paragraph: bool = False, **import_overrides: Any) -> Result:
    """``tapdesk posterior``: the Bayesian posterior of a rater model (exact or MCMC).

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    model, class1, cut
        As :func:`fit` takes them.
    method : {"exact", "mcmc"}, optional
        Default: exact where the model has it, else mcmc.
    chains, draws, warmup : int
        Sampler chains, kept draws and warm-up iterations per chain (mcmc).
    seed : int
        Random seed.
    prior : str or list of str
        Beta priors, ``"a=2,2"`` each (default: uniform).
    pooled : bool
        Partial pooling of the raters (per-rater model, mcmc).
    draws_out : str or os.PathLike, optional
        A CSV file for the draws.
    rater_attributes, effect_at
        With ``pooled``: the rater attributes the pooling follows.
    level : float or str
        The level of every credible interval.
    paragraph : bool
        The text is one paragraph.
    **import_overrides
        The import settings of :func:`read`.
    """
    return _command("posterior", "posterior", "PosteriorSettings", locals())


@_signed()
def modelfit(data: Data, *, class1: Labels = None, cut: str | int | None = None,
             bootstrap: int = 200, seed: int = 20261121, level: float | str = 0.95,
             **import_overrides: Any) -> Result:
    """``tapdesk modelfit``: how well t-a-p, the expert model and a = 0 fit the counts.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    class1, cut
        Class 1, as :func:`fit` takes it.
    bootstrap : int
        Parametric bootstrap resamples for the G^2 p-values (0: no p-values).
    seed : int
        Random seed.
    level : float or str
        The level of every interval.
    **import_overrides
        The import settings of :func:`read`.
    """
    return _command("modelfit", "modelfit", "ModelfitSettings", locals())


@_signed()
def rater_check(data: Data, rater: str, margin: float | str = 0.10, *, class1: Labels = None,
                cut: str | int | None = None, level: float | str = 0.95, seed: int = 20261121,
                **import_overrides: Any) -> Result:
    """``tapdesk rater-check``: is a rater's accuracy at least the panel's minus ``margin``?

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    rater : str
        The rater to check, as named in the data.
    margin : float or str
        The shortfall in accuracy allowed: 0.10 or ``"10%"``.
    class1, cut
        Class 1, as :func:`fit` takes it.
    level : float or str
        The level of the interval for the difference.
    seed : int
        Random seed of the per-rater fit's starts.
    **import_overrides
        The import settings of :func:`read`.

    Examples
    --------
    >>> check = tapdesk.rater_check(tapdesk.example("wine"), "J1", cut="2")
    >>> check.to_dict()["rater"]
    'J1'
    """
    return _command("rater-check", "rater_check", "RaterCheckSettings", locals())


@_signed()
def plan(data: Data | None = None, *, t: float | None = None, a: float | None = None,
         p: float | None = None, class1: Labels = None, cut: str | int | None = None,
         raters: str | Iterable[int] = "2,3,5,8", subjects: str | Iterable[int] = "50,100,200,400",
         sims: int = 200, seed: int = 1, versus: float | None = None,
         level: float | str | None = None, workers: int | None = None,
         need_width: float | None = None, need_power: float | None = None,
         need_right: float | None = None, need: str | Iterable[str] = (),
         subject_cost: float = 0.0, target_width: float | None = None,
         target_for: str | None = None, target_power: float | None = None,
         **import_overrides: Any) -> Result:
    """``tapdesk plan``: interval widths and power for candidate designs of the next study.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings, optional
        Take t, a and p from the t-a-p fit of these ratings (``--from DATA``).
    t, a, p : float, optional
        The assumed truth, typed in (without ``data``).
    class1, cut
        Class 1 in ``data``, as :func:`fit` takes it.
    raters, subjects : str or list of int
        The designs to try: raters per subject, numbers of subjects.
    sims : int
        Simulated studies per design.
    seed : int
        Random seed.
    versus : float, optional
        Report the chance that the interval for a excludes this accuracy.
    level : float or str, optional
        The level of the intervals (default 0.95).
    workers : int, optional
        Processes to use (default: one per core).
    need_width, need_power, need_right : float, optional
        What the study needs (defaults 0.2, 0.8, 0.9).
    need : str or list of str
        ``"width_a=0.1"``: the need on one quantity, overriding the three above.
    subject_cost : float
        What one subject costs against one rating.
    target_width, target_power : float, optional
        Instead of the grid, the subjects a target needs.
    target_for : {"a", "t", "p"}, optional
        The parameter of ``target_width`` (default a).
    **import_overrides
        The import settings of :func:`read` (for ``data``).
    """
    return _command("plan", "plan", "PlanSettings", locals())


# ----------------------------------------------------------------------------- files written
@_signed()
def report(data: Data, out: Path, *, model: str | Iterable[str] | None = None,
           coefficients: bool = False, class1: Labels = None, cut: str | int | None = None,
           subject_group: str | None = None, subject_bands: int = 0,
           rater_attributes: str | Iterable[str] = (), effect_at: str | Iterable[str] = (),
           guess_by_attributes: bool = False, pooled: bool = False, method: str = "mle",
           bootstrap: int = 0, seed: int = 20261121, starts: int = 12, chains: int = 4,
           draws: int = 2000, warmup: int = 1000, level: float | str = 0.95, title: str = "",
           author: str = "", note: str = "", sign: str | Iterable[str] | None = None,
           sign_on_page_one: bool = False, format: str | None = None,
           page_size: str = "A4", png_dir: Path | None = None, png_size: str = "1200x800",
           tables_dir: Path | None = None, no_coefficients: bool = False, plan: bool = False,
           plan_raters: str | Iterable[int] = "2,3,5,8",
           plan_subjects: str | Iterable[int] = "50,100,200,400", plan_sims: int = 200,
           plan_versus: float | None = None, plan_target_width: float | None = None,
           plan_for: str | None = None, plan_target_power: float | None = None,
           **import_overrides: Any) -> Result:
    """``tapdesk report``: fit the chosen models and write one report (PDF, ODT, DOCX, HTML).

    ``to_dict()`` names the files written; the results are the Result's ``result`` (a tuple,
    in report order). Writing the report loads Qt (offscreen); nothing else in this module
    does. The report names the call that writes it again.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    out : str or os.PathLike
        The report's file.
    model : str or list of str, optional
        The models and analyses, in report order (default: tap).
    coefficients : bool
        Add the classical agreement coefficients on all categories.
    class1, cut, subject_group, subject_bands, rater_attributes, effect_at, guess_by_attributes
        As :func:`fit` takes them.
    pooled : bool
        Partial pooling (per-rater model, mcmc).
    method : {"mle", "exact", "mcmc"}
        How every model is fitted.
    bootstrap, seed, starts, chains, draws, warmup : int
        As :func:`fit` and :func:`posterior` take them.
    level : float or str
        The level of every interval.
    title, author, note : str
        The report's text.
    sign : str or list of str, optional
        ``"Name, role"`` of each person who signs.
    sign_on_page_one : bool
        The approval block on page one too.
    format : {"pdf", "odt", "docx", "html"}, optional
        Default: from ``out``'s name, else pdf.
    page_size : {"A4", "Letter"}
        Paper size (PDF and DOCX).
    png_dir : str or os.PathLike, optional
        Also every plot as PNG here.
    png_size : str
        PNG size in pixels, ``"1200x800"``.
    tables_dir : str or os.PathLike, optional
        Also every table as CSV, and all in tables.xlsx, here.
    no_coefficients : bool
        Leave the classical coefficients beside the models out.
    plan, plan_raters, plan_subjects, plan_sims, plan_versus
        A plan for the next study (see :func:`plan`).
    plan_target_width, plan_for, plan_target_power
        Instead of the plan's grid, the subjects a target needs.
    **import_overrides
        The import settings of :func:`read`.
    """
    values = locals()
    defaults = _inspect.signature(report).parameters
    given = {name: value for name, value in values.items() if name != "import_overrides"
             and value is not defaults[name].default and value != defaults[name].default}
    return _command("report", "report", "ReportSettings", values,
                    command=_call_text("write_report", given | import_overrides))


write_report = report
""":func:`report` by the name ``tapdesk.write_report`` (``tapdesk.report`` is the package that
builds reports)."""


@_signed()
def feedback(data: Data, out: Path, *, class1: Labels = None, cut: str | int | None = None,
             seed: int = 20261121, level: float | str = 0.95,
             **import_overrides: Any) -> Result:
    """``tapdesk feedback``: a feedback page for every rater, into a folder, a zip or one PDF.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    out : str or os.PathLike
        A folder (the PDFs and feedback_summary.csv), a ``.zip`` or a ``.pdf``.
    class1, cut
        Class 1, as :func:`fit` takes it.
    seed : int
        Random seed of the per-rater fit.
    level : float or str
        The level of every interval.
    **import_overrides
        The import settings of :func:`read`.
    """
    return _command("feedback", "feedback", "FeedbackSettings", locals())


@_signed()
def pack(data: Data, out: Path, *, class1: Labels = None, cut: str | int | None = None,
         title: str = "", author: str = "", sign: str | Iterable[str] | None = None,
         sign_on_page_one: bool = False, zip: bool = False, seed: int = 20261121,
         level: float | str = 0.95, **import_overrides: Any) -> Result:
    """``tapdesk pack``: the committee pack (report, feedback, subjects to review) in ``out``.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    out : str or os.PathLike
        The pack's folder.
    class1, cut
        Class 1, as :func:`fit` takes it.
    title, author : str
        On every file (default title: Committee pack).
    sign : str or list of str, optional
        ``"Name, role"`` of each person who signs the report.
    sign_on_page_one : bool
        The approval block on page one too.
    zip : bool
        Also put the pack into ``out``.zip.
    seed : int
        Random seed of the per-rater fit.
    level : float or str
        The level of every interval.
    **import_overrides
        The import settings of :func:`read`.
    """
    return _command("pack", "pack", "PackSettings", locals())


def simulate(t: float, a: float | None = None, p: float | None = None, *, subjects: int,
             raters: int | None = None, seed: int = 1, out: Path | None = None,
             exact: bool = False, a0: float | None = None, a1: float | None = None,
             p0: float | None = None, p1: float | None = None,
             rater_a: str | Iterable[float] | None = None) -> pd.DataFrame:
    """``tapdesk simulate``: seeded 0/1 ratings drawn from the t-a-p model, as a DataFrame.

    Parameters
    ----------
    t, a, p : float
        The share of subjects truly in Class 1, the accuracy and the guess rate.
    subjects : int
        The number of subjects.
    raters : int, optional
        The number of raters (default: the length of ``rater_a``).
    seed : int
        Random seed.
    out : str or os.PathLike, optional
        Also write the frame as the command writes it (CSV).
    exact : bool
        The expected number of subjects with each number of Class-1 ratings instead.
    a0, a1, p0, p1 : float, optional
        Accuracy and guess rate on true Class 0 and Class 1 subjects.
    rater_a : str or list of float, optional
        Each rater's accuracy.

    Examples
    --------
    >>> sample = tapdesk.simulate(t=0.3, a=0.7, p=0.4, subjects=5, raters=3, seed=2)
    >>> list(sample.columns)
    ['subject', 'R1', 'R2', 'R3']
    """
    values = dict(locals())
    from tapdesk.library.settings import SimulateSettings
    from tapdesk.library.simulate import simulated
    frame: pd.DataFrame = simulated(_settings(SimulateSettings, values | {"out": _text(out) or ""}))
    return frame


# ------------------------------------------------------- from keyword arguments to a command
def _command(name: str, module: str, settings: str, values: Mapping[str, Any],
             kind: type[Result] = Result, **fixed: Any) -> Result:
    """Run the command ``name``: the ``outcome`` function of ``tapdesk.library.MODULE`` on the frozen
    ``settings`` (a class of :mod:`tapdesk.library.settings`) that ``values`` make (a
    function's ``locals()``: its parameters and its ``import_overrides``), as a Result."""
    import importlib

    from tapdesk.library import settings as settings_module
    given = {k: v for k, v in values.items() if k != "import_overrides"}
    overrides = dict(values.get("import_overrides") or {})
    if isinstance(given.get("data"), Ratings):
        _check_read_once(overrides)
    made = _settings(getattr(settings_module, settings), given | overrides | fixed)
    outcome = importlib.import_module(f"tapdesk.library.{module}").outcome
    return kind(name, _run(outcome, made), _frame_of(given.get("data")))


def _frame_of(data: Any) -> Any:
    """The DataFrame ``data`` is or was read from (None for a file): a result gives its ids
    back as the frame held them."""
    pandas = sys.modules.get("pandas")
    if pandas is not None and isinstance(data, pandas.DataFrame):
        return data
    return data.frame if isinstance(data, Ratings) else None


def _run(outcome: Callable[[Any], Any], settings: Any) -> Any:
    """The command's Outcome, computed with one BLAS thread inside and the caller's own thread
    counts back after (:func:`tapdesk.threads.one_blas_thread`): the caller's process is left
    as it was."""
    from tapdesk.threads import one_blas_thread
    with one_blas_thread():
        return outcome(settings)


def _check_read_once(overrides: Mapping[str, Any]) -> None:
    """Ratings already read are analysed as they were read: the other import overrides belong
    to :func:`read`, where a silent no-op here would be a wrong reading said nowhere."""
    from tapdesk.errors import SettingError
    given = [name for name in overrides if name not in READ_ONCE_OPTIONS]
    if given:
        raise SettingError(f"{', '.join(given)}: these ratings were read already; give the "
                           "import settings to tapdesk.read, or pass the file or DataFrame "
                           "itself")


CHOICES: dict[str, Callable[[], Sequence[str]]] = {
    "weights": lambda: ("linear", "quadratic"),
    "decimal": lambda: (".", ","),
    "target_for": lambda: ("a", "t", "p"),
    "plan_for": lambda: ("a", "t", "p"),
    "page_size": lambda: ("A4", "Letter"),
}
"""The settings that take one of a few words (checked here as the command line checks them)."""


def _choices(kind: type, name: str) -> Sequence[str] | None:
    """The words setting ``name`` of ``kind`` takes (None: any)."""
    from tapdesk.library import settings
    if name == "model" and kind is settings.ReportSettings:
        from tapdesk.engine import model_names
        from tapdesk.library.report import analysis_names
        return (*model_names(), *analysis_names())
    if name == "model":
        from tapdesk.engine import model_names
        return tuple(model_names())
    if name == "method":
        from tapdesk.engine.request import METHODS
        return ("exact", "mcmc") if kind is settings.PosteriorSettings else tuple(METHODS)
    if name == "layout":
        from tapdesk.data.readers import LAYOUTS
        return tuple(LAYOUTS)
    if name == "rules_off":
        from tapdesk.data.importer.notes import SWITCHABLE
        return tuple(SWITCHABLE)
    if name == "format":
        from tapdesk.library.report import FORMATS
        return FORMATS
    return CHOICES[name]() if name in CHOICES else None


def _settings(kind: type, values: Mapping[str, Any]) -> Any:
    """The frozen settings ``kind`` made from Python values, each as the command line's
    parser would hold it: a path as text, a list for a repeatable option, a comma-separated
    list, a mapping (``labels={1: "no"}``) or a number (``cut=2``) as its text, a level or a
    margin given as words (``"90%"``) as its number; a word not among an option's choices is a
    SettingError."""
    from tapdesk.errors import SettingError
    from tapdesk.library.values import level_value, margin_value
    types = {f.name: str(f.type) for f in fields(kind)}
    settings: dict[str, Any] = {}
    for name, value in values.items():
        if isinstance(value, Ratings):          # read once, analysed as it was read
            value = value.dataset
        elif isinstance(value, PathLike):
            value = str(value)
        kind_of = types[name]
        if value is not None and "Sequence[str]" in kind_of:
            value = _listed(value)
        elif value is not None and kind_of.startswith("str"):
            value = _text(value)
        if isinstance(value, str) and name in ("level", "margin") and "float" in kind_of:
            convert = level_value if name == "level" else margin_value
            try:
                value = convert(value)
            except (ArgumentTypeError, ValueError) as exc:
                raise SettingError(f"{name}: {exc}") from None
        choices = _choices(kind, name)
        if choices is not None and value is not None:
            for word in value if isinstance(value, list) else [value]:
                if word not in choices:
                    raise SettingError(f"{name}: '{word}' is not one of {', '.join(choices)}")
        settings[name] = value
    return kind(**settings)


def _listed(value: Any) -> list[str]:
    """A repeatable option's values: one word or number, a list of them, or a mapping's
    ``key=value`` pairs (``column_roles={"Remarks": "leave out"}``)."""
    if isinstance(value, Mapping):
        return [f"{key}={item}" for key, item in value.items()]
    if isinstance(value, (str, int, float)):
        return [str(value)]
    return [str(item) for item in value]


def _text(value: Any) -> Any:
    """An option that takes words: a number as its text (``cut=2``), a mapping as
    ``code=label`` pairs and a list as its items, comma-separated (``raters=[2, 3]``)."""
    if value is None or isinstance(value, (str, bool)):
        return value
    if isinstance(value, PathLike):
        return str(value)
    if isinstance(value, Mapping):       # ';' between pairs where a label holds a comma
        pairs = [f"{code}={label}" for code, label in value.items()]
        return (";" if any("," in pair for pair in pairs) else ",").join(pairs)
    if isinstance(value, (int, float)):
        return str(value)
    return ",".join(str(item) for item in value)


def _call_text(name: str, given: Mapping[str, Any]) -> str:
    """The Python call that makes a report again (written in it): ``tapdesk.write_report(...)``
    with the arguments that differ from their defaults (a DataFrame as ``DATA``)."""
    def shown(value: Any) -> str:
        if isinstance(value, (str, int, float, bool, type(None))):
            return repr(value)
        if isinstance(value, PathLike):
            return repr(str(value))
        if isinstance(value, (list, tuple, dict)):
            return repr(value)
        return "DATA"
    data = given.get("data")
    words = [shown(data)] + [f"{key}={shown(value)}" for key, value in given.items()
                             if key != "data"]
    return f"tapdesk.{name}({', '.join(words)})"
