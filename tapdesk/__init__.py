"""TapDesk: how far can we trust ratings when several people rate the same things?

Rater-agreement analysis with the t-a-p model family (each subject has a true class, a rater
classifies accurately with probability a or else guesses Class 1 with probability p), beside the
classical coefficients (Fleiss, Cohen, Krippendorff, Gwet). The same numbers and sentences as
the TapDesk window and the ``tapdesk`` command, from a file or a pandas DataFrame:

    >>> import tapdesk
    >>> fit = tapdesk.fit(tapdesk.example("wine"), cut="2")       # doctest: +SKIP
    >>> fit.params, fit.conf_int(), fit.llf                       # doctest: +SKIP
    >>> print(fit.summary())                                      # doctest: +SKIP

Functions (each documented with its parameters: ``help(tapdesk.fit)``):

- ``read``: the ratings as read, with every guess the import made said
- ``fit``: one model (t-a-p and its extensions, per rater, several categories, Dawid-Skene, MACE)
- ``posterior``: a Bayesian fit; ``modelfit``: which model the data support
- ``agreement``: the classical coefficients; ``ordinal``: a fit at each cut point
- ``explain``: accuracy and class share by subject or rater attributes
- ``rater_check``: is one rater as accurate as the panel, at a stated margin
- ``plan``: how many subjects and raters a study needs; ``simulate``: data from chosen t-a-p values
- ``write_report``, ``feedback``, ``pack``: the committee's PDF/ODT/DOCX report, each rater's
  feedback sheet, the whole pack
- ``example``, ``examples``: the example data sets; ``inspect``: what a file holds

``tapdesk.crowd`` has crowd-kit's interface (``DawidSkene``, ``MACE``, ``PerRaterTAP``:
``fit_predict`` on a long frame of task, worker and label) for annotation teams; see
docs/python.md for a table of crowd-kit's names and TapDesk's.
"""

# Importing TapDesk changes nothing in the importing process: no environment variable, thread
# pool, locale, logging configuration or warning filter (issue 75). Its computations run with
# one BLAS thread, limited where they run (tapdesk/threads.py).

__version__ = "1.1.0.dev0"

# The Python API (tapdesk.api), loaded on first use: ``import tapdesk`` stays cheap and
# loads no numerical library, no Qt and no plotting (tests/api/test_import_cost.py).
# ``tapdesk.report`` is the package that builds reports: the command is ``write_report`` here.
__all__ = ["Ratings", "Result", "TapDeskWarning", "__version__", "agreement", "example",
           "examples", "explain", "feedback", "fit", "inspect", "modelfit", "ordinal", "pack",
           "plan", "posterior", "rater_check", "read", "simulate", "write_report"]


def __getattr__(name: str) -> object:
    """The names of :mod:`tapdesk.api` (``tapdesk.fit`` ...), imported when first asked for."""
    if name in __all__:
        import importlib
        return getattr(importlib.import_module("tapdesk.api"), name)
    raise AttributeError(f"module 'tapdesk' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
