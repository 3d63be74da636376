#!/usr/bin/env bash
# Install TapDesk from a lock file: every package at the version and with the file hashes in
# requirements/LOCK.txt (pip refuses a file whose hash differs), then TapDesk itself, editable,
# without resolving anything again; pip check then confirms the lock satisfies pyproject.toml.
# Usage: bash scripts/install-locked.sh PYTHON LOCK   (LOCK: app, test or bundle; see scripts/lock.sh)
# Used by scripts/venv.sh (so the README's commands and CI), packaging/ci_bundle.sh and the workflow.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Git Bash on Windows: give the Windows Python a Windows path (C:/...), not /c/...
if command -v cygpath >/dev/null 2>&1; then root="$(cygpath -m "$root")"; fi
python="${1:?usage: install-locked.sh PYTHON LOCK}"
lock="$root/requirements/${2:?usage: install-locked.sh PYTHON LOCK}.txt"
[ -f "$lock" ] || { echo "install-locked: no lock file $lock" >&2; exit 2; }
pip=("$python" -m pip --disable-pip-version-check)
"${pip[@]}" install --require-hashes --no-deps --only-binary :all: -r "$lock"
# the build backend is in the lock: no isolated build environment fetched from the index
"${pip[@]}" install --no-deps --no-build-isolation -e "$root"
"${pip[@]}" check
