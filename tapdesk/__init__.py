"""TapDesk: rater-agreement analysis with the t-a-p model family."""

import os

# One BLAS thread for the whole process, set before numpy loads. TapDesk's
# linear algebra works on tiny matrices (L-BFGS-B on 3-vectors, Hessians of a
# few dozen parameters), where OpenBLAS's thread pool costs far more than the
# arithmetic: on a busy 2-core machine a 40-resample bootstrap took 11 s with
# the pool and 1.5 s without. The heavy work is elementwise numpy and
# bincount, which BLAS threads do not speed up. A user's explicit setting wins.
for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

__version__ = "1.1.0.dev0"

# The Python API (tapdesk.api), loaded on first use: ``import tapdesk`` stays cheap and
# loads no numerical library, no Qt and no plotting (tests/api/test_import_cost.py).
# ``tapdesk.report`` is the package that builds reports: the command is ``write_report`` here.
__all__ = ["Ratings", "Result", "__version__", "agreement", "example", "examples", "explain",
           "feedback", "fit", "inspect", "modelfit", "ordinal", "pack", "plan", "posterior",
           "rater_check", "read", "simulate", "write_report"]


def __getattr__(name: str) -> object:
    """The names of :mod:`tapdesk.api` (``tapdesk.fit`` ...), imported when first asked for."""
    if name in __all__:
        import importlib
        return getattr(importlib.import_module("tapdesk.api"), name)
    raise AttributeError(f"module 'tapdesk' has no attribute '{name}'")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
