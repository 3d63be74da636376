"""Importing TapDesk leaves the caller's process as it was; its computations run with one BLAS
thread, limited where they run (issue 75 item 4, tapdesk/threads.py).

Each check runs in a fresh interpreter whose environment holds none of the thread variables
(the suite sets them for itself, tests/conftest.py), so each BLAS library starts at its own
default, as in a user's notebook.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from tests import WINE

THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")

HEAD = """
import json, os, sys
import threadpoolctl       # the test's own probe (its import writes KMP_DUPLICATE_LIB_OK)

def blas():
    return {i["filepath"]: i["num_threads"] for i in threadpoolctl.threadpool_info()
            if i["user_api"] == "blas"}
"""


def in_fresh_process(*pieces: str, head: str = HEAD) -> dict:
    """Run ``head`` and the pieces of code in a fresh interpreter without the thread
    variables; the JSON of its last line."""
    env = {name: value for name, value in os.environ.items() if name not in THREAD_VARIABLES}
    code = "".join(textwrap.dedent(piece) for piece in (head, *pieces))
    done = subprocess.run([sys.executable, "-c", code],
                          capture_output=True, text=True, timeout=300, env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


IMPORT_TAPDESK = "import tapdesk, tapdesk.api, tapdesk.crowd\n"
IMPORT_PANDAS = "import pandas, numpy\n"


def test_importing_tapdesk_after_pandas_changes_no_thread_count_and_no_variable():
    seen = in_fresh_process(IMPORT_PANDAS, """
        before, env = blas(), dict(os.environ)
    """, IMPORT_TAPDESK, """
        print(json.dumps({"before": before, "after": blas(), "env": env == dict(os.environ),
                          "changed": sorted(set(os.environ.items()) ^ set(env.items()))}))
    """)
    assert seen["before"], "numpy's BLAS was not found"
    assert seen["after"] == seen["before"]
    assert seen["env"], f"import tapdesk changed the environment: {seen['changed']}"


def test_importing_tapdesk_first_leaves_the_thread_counts_numpy_starts_with():
    alone = in_fresh_process(IMPORT_PANDAS, 'print(json.dumps({"blas": blas()}))')
    seen = in_fresh_process("""
        env = dict(os.environ)
    """, IMPORT_TAPDESK, """
        changed = sorted(set(os.environ.items()) ^ set(env.items()))
    """, IMPORT_PANDAS, """
        print(json.dumps({"blas": blas(), "changed": changed}))
    """)
    assert seen["changed"] == [], f"import tapdesk changed the environment: {seen['changed']}"
    assert seen["blas"] == alone["blas"], "numpy's BLAS starts with other thread counts after tapdesk"


COMPUTATIONS = {
    "fit": "tapdesk.fit(tapdesk.example('wine'), model='per-rater', cut='2')",
    "crowd": ("import pandas as pd\n"
              "from tapdesk.crowd import DawidSkene\n"
              "frame = pd.DataFrame({'task': [t for t in range(30) for _ in range(3)],\n"
              "                      'worker': [w % 7 for w in range(90)],\n"
              "                      'label': [(t * 7 + w) % 3 % 2 for t in range(30) for w in range(3)]})\n"
              "DawidSkene().fit_predict(frame)"),
}


@pytest.mark.parametrize("computation", COMPUTATIONS)
def test_a_computation_has_one_blas_thread_inside_and_the_callers_own_count_after(computation):
    """The caller's own limit (two threads) stands before and after; every BLAS library
    TapDesk computes with has one thread while it computes (seen from the engine's check on
    every result it returns)."""
    seen = in_fresh_process(IMPORT_PANDAS, """
        threadpoolctl.threadpool_limits(limits=2, user_api="blas")     # the caller's own choice
        import tapdesk
        from tapdesk.engine.run import RESULT_CHECKS
        inside = []
        RESULT_CHECKS.append(lambda result: inside.append(blas()))
        before = blas()
    """, COMPUTATIONS[computation], """
        print(json.dumps({"before": before, "inside": inside, "after": blas()}))
    """)
    if set(seen["before"].values()) != {2}:
        pytest.skip(f"this machine's BLAS does not take two threads: {seen['before']}")
    assert seen["inside"], "the engine returned no result"
    for libraries in seen["inside"]:
        assert len(libraries) >= 2, f"numpy's and SciPy's BLAS not both loaded: {libraries}"
        assert set(libraries.values()) == {1}, libraries
    after = seen["after"]
    assert {path: after[path] for path in seen["before"]} == seen["before"]


def test_a_computation_leaves_the_environment_as_it_was():
    """Nor does the threadpoolctl TapDesk imports on first use (its import writes
    KMP_DUPLICATE_LIB_OK, which TapDesk takes back)."""
    seen = in_fresh_process("""
        import json, os
        env = dict(os.environ)
        import tapdesk
        tapdesk.fit(tapdesk.example('wine'), cut='2')
        print(json.dumps(sorted(set(os.environ.items()) ^ set(env.items()))))
    """, head="")
    assert seen == []


@pytest.mark.parametrize("first", ["import numpy\n", ""], ids=["numpy loaded first", "command first"])
def test_the_command_line_computes_with_one_blas_thread(first):
    """The ``tapdesk`` command is TapDesk's own process: one BLAS thread for all of it (also for
    the worker processes it starts, through the variables), even when numpy was loaded before
    the command ran."""
    seen = in_fresh_process(first, f"""
        import contextlib, io
        from tapdesk.cli.main import main
        from tapdesk.engine.run import RESULT_CHECKS
        inside = []
        RESULT_CHECKS.append(lambda result: inside.append(blas()))
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(["fit", {str(WINE)!r}, "--model", "per-rater", "--cut", "2", "--json"])
        print(json.dumps({{"status": status, "inside": inside,
                          "env": [os.environ.get(name) for name in {THREAD_VARIABLES!r}]}}))
    """)
    assert seen["status"] == 0 and seen["inside"]
    for libraries in seen["inside"]:
        assert libraries and set(libraries.values()) == {1}, libraries
    assert seen["env"] == ["1", "1", "1"]


def test_a_thread_count_the_user_set_for_the_command_stands():
    """``OPENBLAS_NUM_THREADS=2 tapdesk ...``: the user's choice wins, as it always has."""
    env = {**{name: value for name, value in os.environ.items() if name not in THREAD_VARIABLES},
           "OPENBLAS_NUM_THREADS": "2"}
    code = textwrap.dedent(HEAD) + textwrap.dedent("""
        import numpy
        from tapdesk.threads import limit_this_process
        limit_this_process()
        print(json.dumps({"blas": blas(), "omp": os.environ["OMP_NUM_THREADS"]}))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert set(seen["blas"].values()) == {2} and seen["omp"] == "1"


def test_a_plans_worker_processes_compute_with_one_blas_thread():
    """A plan from Python starts worker processes: TapDesk's own, limited at their start (they
    inherit the caller's environment, which holds no limit)."""
    seen = in_fresh_process("""
        import numpy
        from tapdesk.engine.planning import run
        run._start_worker()
        print(json.dumps({"blas": blas(), "env": [os.environ.get("OPENBLAS_NUM_THREADS")]}))
    """)
    assert seen["blas"] and set(seen["blas"].values()) == {1}
    assert seen["env"] == ["1"]
