#!/usr/bin/env bash
# README command 1: install TapDesk into ./.venv and start the app.
# With no display, the app runs its headless self-test and writes screenshots to ./out/selftest.
set -eu
. "$(dirname "$0")/venv.sh" ""
cd "$root"
exec "$venv/bin/tapdesk" "$@"
