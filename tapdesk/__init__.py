"""TapDesk: rater-agreement analysis with the t-a-p model family."""

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
