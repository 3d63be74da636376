"""One BLAS thread while TapDesk computes, and the caller's process left as it was (issue 75).

TapDesk's linear algebra works on tiny matrices (L-BFGS-B on 3-vectors, Hessians of a few
dozen parameters), where OpenBLAS's thread pool costs far more than the arithmetic: on a busy
2-core machine a 40-resample bootstrap took 11 s with the pool and 1.5 s without, and a
per-rater fit of a 900-label crowd ran five times slower in a notebook that had imported pandas
(numpy's pool started) before TapDesk. The heavy work is elementwise numpy and bincount, which
BLAS threads do not speed up.

Whose process it is decides how the limit is set:

* :func:`one_blas_thread`: TapDesk as a library in the caller's process (every function of
  :mod:`tapdesk.api`, so :mod:`tapdesk.crowd` too). The limit holds inside the computation
  only (threadpoolctl's context manager) and the caller's own thread counts are back after
  it. ``import tapdesk`` changes nothing: no environment variable, thread pool, locale,
  logging configuration or warning filter.
* :func:`limit_this_process`: TapDesk's own processes (the ``tapdesk`` command, the app, their
  worker processes), limited for good at their entry point, as ``import tapdesk`` once did for
  every process: the variables BLAS libraries read when they load (which worker processes
  inherit), and the libraries loaded already. A variable the user set wins.

threadpoolctl is imported on first use only, so ``import tapdesk`` stays cheap.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from types import ModuleType

THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""What OpenBLAS, OpenMP and MKL read for their number of threads when they load."""

BLAS_MODULES = ("numpy", "scipy.linalg")
"""The modules whose import loads the BLAS libraries TapDesk computes with (numpy's and
SciPy's own OpenBLAS): loaded before a limit is set, since threadpoolctl limits only the
libraries loaded already (one loaded inside the computation would run with its default)."""

_KMP = "KMP_DUPLICATE_LIB_OK"


def load_threadpoolctl() -> ModuleType:
    """threadpoolctl, imported on first use. Its import sets ``KMP_DUPLICATE_LIB_OK`` in the
    environment (for programs that load two OpenMP runtimes); TapDesk undoes that, so the
    caller's environment stays as it was (a value the caller set stays)."""
    if "threadpoolctl" in sys.modules:
        return sys.modules["threadpoolctl"]
    had = _KMP in os.environ
    import threadpoolctl as module
    if not had:
        os.environ.pop(_KMP, None)
    return module


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """Inside: every BLAS library at one thread; after: each back at its own count.

    The limit is threadpoolctl's, which is process-wide while it holds: another thread of the
    caller's computing BLAS at the same time gets one thread too, until the block ends.
    """
    import importlib
    for name in BLAS_MODULES:
        importlib.import_module(name)
    with load_threadpoolctl().threadpool_limits(limits=1, user_api="blas"):
        yield


def limit_this_process() -> None:
    """One BLAS thread for the rest of this process: only for TapDesk's own processes.

    Each of :data:`THREAD_VARIABLES` unless set already (read by a BLAS library when it loads,
    inherited by the worker processes started after); when numpy is loaded already (a caller
    imported it before the command ran), the BLAS libraries loaded so far are limited too,
    unless the user set one of the variables, whose choice then stands.
    """
    chosen = any(name in os.environ for name in THREAD_VARIABLES)
    for name in THREAD_VARIABLES:
        os.environ.setdefault(name, "1")
    if not chosen and "numpy" in sys.modules:
        load_threadpoolctl().threadpool_limits(limits=1, user_api="blas")
