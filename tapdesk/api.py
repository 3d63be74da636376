"""TapDesk from Python: every command of the command line as a function.

Each function takes the arguments of the command of the same name, spelled as Python
names (``tapdesk fit DATA --model per-rater --cut 2`` is
``tapdesk.fit(DATA, model="per-rater", cut="2")``), runs the very code the command runs
(its ``outcome`` function in :mod:`tapdesk.cli`) and returns a :class:`~tapdesk.api_results.Result`
whose :meth:`~tapdesk.api_results.Result.to_dict` is what ``--json`` prints, whose
:meth:`~tapdesk.api_results.Result.summary` is the text the command prints, and which keeps
the engine's frozen result (its fields are read through the Result).

DATA is a file's path, a pandas DataFrame (wide: a row per subject; long: a row per rating,
name the columns with ``subject_col``, ``rater_col``, ``rating_col``), or the
:class:`~tapdesk.api_results.Ratings` :func:`read` returned. The import overrides of every
command (``layout``, ``categories``, ``labels``, ``missing``, ``item`` ...) are keyword
arguments. A setting the data cannot take raises :class:`tapdesk.errors.SettingError`, data
that cannot be read :class:`tapdesk.errors.DataError`, with the message the command prints.

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

import argparse
import difflib
import importlib
from collections.abc import Iterable, Mapping
from os import PathLike
from typing import TYPE_CHECKING, Any

from tapdesk.api_results import Ratings, Result

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Ratings", "Result", "agreement", "example", "examples", "explain", "feedback", "fit",
           "inspect", "modelfit", "ordinal", "pack", "plan", "posterior", "rater_check", "read",
           "report", "simulate", "write_report"]

Data = Any
"""A file's path (str or os.PathLike), a pandas DataFrame, or a :class:`Ratings`."""


# ------------------------------------------------------------------------------------ reading
def read(data: Data, **options: Any) -> Ratings:
    """Read ratings as ``tapdesk inspect`` does: the table, and what the importer did and why.

    Parameters
    ----------
    data : str, os.PathLike or pandas.DataFrame
        A ratings file (CSV/TSV, Excel, OpenDocument, SPSS, Stata), or a DataFrame: wide (a
        row per subject, a column per rater) or long (a row per rating: give ``subject_col``,
        ``rater_col`` and ``rating_col``, or let the importer find them).
    **options
        The import overrides of the command line (``layout``, ``subject_col``, ``rater_col``,
        ``rating_col``, ``item_col``, ``item``, ``sheet``, ``categories``, ``labels``,
        ``ordinal``, ``missing``, ``raters_file`` ...), and ``export`` (a CSV file for the
        cleaned ratings in the long layout).

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
    outcome = _outcome("inspect", data=data, **options)
    return Ratings("inspect", outcome)


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


def examples(copy: str | PathLike[str] | None = None) -> Result:
    """``tapdesk examples``: the example data sets shipped with TapDesk (copied to ``copy``).

    Examples
    --------
    >>> [ex["name"] for ex in tapdesk.examples().to_dict()["examples"]][:1]
    ['wine']
    """
    return Result("examples", _outcome("examples", copy=copy))


# ----------------------------------------------------------------------------------- analyses
def fit(data: Data, model: str = "tap", **options: Any) -> Result:
    """``tapdesk fit``: fit a rater model by maximum likelihood.

    Parameters
    ----------
    data : path, pandas.DataFrame or Ratings
        The ratings (see :func:`read`).
    model : str
        ``tap``, ``per-rater``, ``categorical``, ``dawid-skene``, ``mace`` ... (``tapdesk fit
        --help`` lists them all).
    **options
        ``class1`` (a label or a list of labels), ``cut``, ``bootstrap``, ``seed``, ``starts``,
        ``level``, ``subject_group`` (with ``subject_bands`` for a number such as an age),
        ``rater_attributes``, ``effect_at``,
        ``guess_by_attributes``, ``paragraph``, ``subjects_out``, ``review_below`` and the
        import overrides of :func:`read`.

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
    return Result("fit", _outcome("fit", data=data, model=model, **options))


def explain(data: Data, *, subject_group: str | None = None,
            rater_attributes: str | Iterable[str] = (), model: str = "tap",
            **options: Any) -> Result:
    """``tapdesk fit --subject-group COL --rater-attribute COL``: what explains the ratings.

    Each group of subjects gets its own class share (with a test that the groups differ); a
    subject attribute that is a number (an age) groups them only in ``subject_bands=N`` bands of
    its values, never a group per value. Accuracy depends on the raters' attributes (with a
    test that they matter). The attributes are columns of the data or of ``raters_file``;
    :func:`read` lists them.
    """
    return fit(data, model=model, subject_group=subject_group,
               rater_attributes=rater_attributes, **options)


def agreement(data: Data, **options: Any) -> Result:
    """``tapdesk agreement``: every classical agreement coefficient with its SE and interval.

    Options: ``class1``, ``cut``, ``weights`` ("linear", "quadratic"), ``weight_matrix``,
    ``keep_unused``, ``bootstrap``, ``seed``, ``level``, ``paragraph`` and the import overrides.

    Examples
    --------
    >>> coefficients = tapdesk.agreement(tapdesk.example("wine"), bootstrap=0)
    >>> "Fleiss' kappa" in set(coefficients.coefficients["name"])
    True
    """
    return Result("agreement", _outcome("agreement", data=data, **options))


def ordinal(data: Data, **options: Any) -> Result:
    """``tapdesk ordinal``: t-a-p and Fleiss' kappa at every cut point of an ordered scale."""
    return Result("ordinal", _outcome("ordinal", data=data, **options))


def posterior(data: Data, model: str = "tap", **options: Any) -> Result:
    """``tapdesk posterior``: the Bayesian posterior of a rater model (exact or MCMC).

    Options: ``method`` ("exact", "mcmc"), ``chains``, ``draws``, ``warmup``, ``seed``,
    ``prior`` ("a=2,2", or a list of them), ``pooled``, ``draws_out``, ``level`` ...
    """
    return Result("posterior", _outcome("posterior", data=data, model=model, **options))


def modelfit(data: Data, **options: Any) -> Result:
    """``tapdesk modelfit``: how well t-a-p, the expert model and a = 0 fit the counts."""
    return Result("modelfit", _outcome("modelfit", data=data, **options))


def rater_check(data: Data, rater: str, margin: float | str = 0.10, **options: Any) -> Result:
    """``tapdesk rater-check``: is a rater's accuracy at least the panel's minus ``margin``?

    Examples
    --------
    >>> check = tapdesk.rater_check(tapdesk.example("wine"), "J1", cut="2")
    >>> check.to_dict()["rater"]
    'J1'
    """
    return Result("rater-check", _outcome("rater-check", data=data, rater=rater, margin=margin,
                                          **options))


def plan(data: Data | None = None, **options: Any) -> Result:
    """``tapdesk plan``: interval widths and power for candidate designs of the next study.

    Give ``t``, ``a`` and ``p``, or ``data`` (``--from DATA``) to take them from its t-a-p fit.
    Options: ``raters`` and ``subjects`` (lists), ``sims``, ``seed``, ``versus``, ``level``,
    ``need_width``, ``need_power``, ``need_right``, ``need``, ``subject_cost``,
    ``target_width``, ``target_for``, ``target_power``, ``workers``.
    """
    return Result("plan", _outcome("plan", data=data, **options))


# ----------------------------------------------------------------------------- files written
def report(data: Data, out: str | PathLike[str], **options: Any) -> Result:
    """``tapdesk report``: fit the chosen models and write one report (PDF, ODT, DOCX, HTML).

    ``model`` may be a name or a list of names. ``to_dict()`` names the files written; the
    results are the Result's ``result`` (a tuple, in report order). Writing the report
    loads Qt (offscreen); nothing else in this module does.
    """
    return Result("report", _outcome("report", data=data, out=out, **options))


write_report = report
""":func:`report` by the name ``tapdesk.write_report`` (``tapdesk.report`` is the package that
builds reports)."""


def feedback(data: Data, out: str | PathLike[str], **options: Any) -> Result:
    """``tapdesk feedback``: a feedback page for every rater, into a folder, a zip or one PDF."""
    return Result("feedback", _outcome("feedback", data=data, out=out, **options))


def pack(data: Data, out: str | PathLike[str], **options: Any) -> Result:
    """``tapdesk pack``: the committee pack (report, feedback, subjects to review) in ``out``."""
    return Result("pack", _outcome("pack", data=data, out=out, **options))


def simulate(t: float, a: float | None = None, p: float | None = None, *, subjects: int,
             raters: int | None = None, seed: int = 1, out: str | PathLike[str] | None = None,
             exact: bool = False, **options: Any) -> pd.DataFrame:
    """``tapdesk simulate``: seeded 0/1 ratings drawn from the t-a-p model, as a DataFrame.

    With ``out`` the same frame is also written as the command writes it (CSV). Options:
    ``a0``, ``a1``, ``p0``, ``p1``, ``rater_a`` (a list of accuracies).

    Examples
    --------
    >>> sample = tapdesk.simulate(t=0.3, a=0.7, p=0.4, subjects=5, raters=3, seed=2)
    >>> list(sample.columns)
    ['subject', 'R1', 'R2', 'R3']
    """
    from tapdesk.cli.cmd_simulate import parameters
    from tapdesk.engine.binary.simulate import expected_frame, simulated_frame, write_simulation_csv
    args = _namespace("simulate", dict(t=t, a=a, p=p, subjects=subjects, raters=raters,
                                       seed=seed, out=str(out or ""), exact=exact, **options))
    params, n_raters = parameters(args)
    if out is not None:
        write_simulation_csv(out, params, subjects, n_raters, seed, exact=exact)
    if exact:
        return expected_frame(params, subjects, n_raters)
    return simulated_frame(params, subjects, n_raters, seed)


# -------------------------------------------------------------------- from names to a command
def _outcome(command: str, **values: Any) -> Any:
    """Run ``command`` on ``values`` (its options by their Python names): its Outcome.

    Every function here computes through this one place, with one BLAS thread inside and the
    caller's own thread counts back after (:func:`tapdesk.threads.one_blas_thread`): the
    caller's process is left as it was."""
    from tapdesk.cli.commands import COMMANDS
    from tapdesk.threads import one_blas_thread
    args = _namespace(command, values)
    module = next(entry.module for entry in COMMANDS if entry.name == command)
    with one_blas_thread():
        return importlib.import_module(module).outcome(args)


def _namespace(command: str, values: Mapping[str, Any]) -> argparse.Namespace:
    """The parsed arguments the command line would make: the command's defaults (its own
    parser states them), then ``values`` converted as argparse converts the words."""
    from tapdesk.cli.main import build_parser, subcommand_parser
    parser = subcommand_parser(build_parser(command, lazy=True), command)
    assert parser is not None
    actions = {action.dest: action for action in parser._actions if action.dest != "help"}
    settings: dict[str, Any] = {"command": command, "json": True, **parser._defaults}
    for action in parser._actions:
        if action.dest != "help" and action.dest not in settings:
            default = action.default
            settings[action.dest] = list(default) if isinstance(default, list) else default
    if isinstance(values.get("data"), Ratings):
        _check_read_once(values)
    for name, value in values.items():
        if isinstance(value, Ratings):        # read once, analysed as it was read
            value = value.dataset
        if name not in actions:
            close = difflib.get_close_matches(name, list(actions), n=1)
            hint = f"; did you mean '{close[0]}'?" if close else ""
            raise TypeError(f"{command.replace('-', '_')}() got an unexpected keyword argument "
                            f"'{name}'{hint}")
        settings[name] = _converted(actions[name], value)
    missing = [name for name, action in actions.items()
               if action.required and name not in values]
    if missing:
        raise TypeError(f"{command.replace('-', '_')}() needs {', '.join(missing)}")
    return argparse.Namespace(**settings)


READ_ONCE_OPTIONS = ("item", "raters_file")
"""The import overrides that also act on ratings already read (a Ratings)."""


def _check_read_once(values: Mapping[str, Any]) -> None:
    """Ratings already read are analysed as they were read: the other import overrides belong
    to :func:`read`, where a silent no-op here would be a wrong reading said nowhere."""
    from tapdesk.cli.common import add_import_overrides
    from tapdesk.errors import SettingError
    parser = argparse.ArgumentParser(add_help=False)
    add_import_overrides(parser)
    given = [name for name in values if name not in READ_ONCE_OPTIONS
             and any(action.dest == name for action in parser._actions)]
    if given:
        raise SettingError(f"{', '.join(given)}: these ratings were read already; give the "
                           "import settings to tapdesk.read, or pass the file or DataFrame "
                           "itself")


def _converted(action: argparse.Action, value: Any) -> Any:
    """``value`` as the command line's parser would hold it: a word converted by the option's
    type, a list for a repeatable option, a comma-separated list as its text."""
    from tapdesk.errors import SettingError
    if value is None or action.nargs == 0 or isinstance(action, argparse.BooleanOptionalAction):
        return value
    if isinstance(value, PathLike):
        value = str(value)
    if isinstance(action, argparse._AppendAction):
        items = [value] if isinstance(value, (str, int, float)) else list(value)
        return [_typed(action, item) for item in items]
    if isinstance(value, Mapping):          # labels={1: "no", 2: "yes"}
        value = ",".join(f"{code}={label}" for code, label in value.items())
    elif isinstance(value, (list, tuple)) and action.type is None:   # raters=[2, 3, 5]
        value = ",".join(str(v) for v in value)
    value = _typed(action, value)
    if action.choices is not None and value not in action.choices:
        raise SettingError(f"{action.dest}: '{value}' is not one of "
                           f"{', '.join(map(str, action.choices))}")
    return value


def _typed(action: argparse.Action, value: Any) -> Any:
    """A word converted by the option's type (``level="90%"``); a number kept as it is."""
    from tapdesk.errors import SettingError
    convert = action.type
    if convert is None and isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)                   # cut=2: the command line's words are text
    if not isinstance(value, str) or convert is None or convert is str or not callable(convert):
        return value
    try:
        return convert(value)
    except (argparse.ArgumentTypeError, ValueError) as exc:
        raise SettingError(f"{action.dest}: {exc}") from None
