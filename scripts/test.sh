#!/usr/bin/env bash
# README command 2: install TapDesk with its test tools into ./.venv and run the whole test suite.
set -eu
. "$(dirname "$0")/venv.sh" test
cd "$root"
export QT_QPA_PLATFORM=offscreen
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1   # as the app sets for itself (tapdesk/__init__.py)
exec "$venv/bin/python" -m pytest "$@"
