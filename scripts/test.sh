#!/usr/bin/env bash
# README command 2: install TapDesk with its test tools into ./.venv and run the whole test suite.
# The tests run on every core (pytest-xdist, -n auto); --dist loadscope keeps each test module on
# one worker, so a module's shared fixtures are computed once, and modules go out in collection
# order, where tests/conftest.py puts the modules with "slow" tests first. Add "-n 0" to run in
# one process (e.g. with --pdb or -s); other arguments go to pytest as they are.
set -eu
. "$(dirname "$0")/venv.sh" test
cd "$root"
export QT_QPA_PLATFORM=offscreen
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1   # as the app sets for itself (tapdesk/threads.py)
# Bytecode caches are written (some shells forbid it): otherwise every process a test starts
# (the CLI, the app, worker processes) compiles TapDesk again, and every xdist worker
# re-runs pytest's assertion rewriting of every test module at collection.
unset PYTHONDONTWRITEBYTECODE
exec "$venv/bin/python" -m pytest -n "${TAPDESK_TEST_WORKERS:-auto}" --dist loadscope \
  --no-loadscope-reorder "$@"
