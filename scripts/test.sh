#!/usr/bin/env bash
# README command 2: install TapDesk with its test tools into ./.venv and run the whole test suite.
set -eu
. "$(dirname "$0")/venv.sh" test
cd "$root"
export QT_QPA_PLATFORM=offscreen
exec "$venv/bin/python" -m pytest "$@"
