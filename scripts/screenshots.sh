#!/usr/bin/env bash
# Regenerate the README's screenshots (docs/screenshots/) from the app's self-test walkthrough.
# Needs poppler's pdftoppm for the report page (Debian: apt-get install poppler-utils).
set -eu
. "$(dirname "$0")/venv.sh" ""
cd "$root"
export QT_QPA_PLATFORM=offscreen
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
exec "$venv/bin/python" scripts/screenshots.py "$@"
