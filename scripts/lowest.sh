#!/usr/bin/env bash
# Does TapDesk work at the lower bounds pyproject.toml declares? Makes out/lowest-venv with every
# dependency of [project] at exactly its lower bound (numpy>=1.26 -> numpy==1.26; the test tools
# as pip resolves them beside those), then runs a smoke set of the suite: the data readers, the
# engine's fast tests, the command line and the report. The last line says passed or FAILED; the
# result of a run is written in requirements/README.md. Usage: bash scripts/lowest.sh [PYTEST ARGS]
# (default: the smoke set). PYTHON picks the interpreter (default python3; Python 3.11 is the
# oldest TapDesk supports, so the bounds are checked there).
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="$root/out/lowest-venv"
log="$root/out/lowest.log"
mkdir -p "$root/out"
rm -rf "$venv"
"${PYTHON:-python3}" -m venv "$venv"
constraints="$root/out/lowest-constraints.txt"
"$venv/bin/python" scripts/lower_bounds.py >"$constraints"
echo "lowest: installing TapDesk with these dependencies (details in $log):"
sed 's/^/  /' "$constraints"
{
  "$venv/bin/python" -m pip install --disable-pip-version-check --only-binary :all: \
    -c "$constraints" -e "$root[test]"
} >"$log" 2>&1 || { tail -n 20 "$log" >&2; echo "lowest: FAILED to install at the lower bounds" >&2; exit 1; }
"$venv/bin/python" -m pip freeze --exclude-editable >>"$log"
# The start-up guards (tests/cli/test_startup.py) are left out: they check which modules load, and
# with numpy 1.26 and scipy before 1.17, scipy.special itself loads scipy.linalg (a slower start,
# the same results); they hold at the locked versions, where the whole suite runs.
[ $# -gt 0 ] || set -- tests/data tests/engine tests/cli tests/report -m "not slow" -q \
  --deselect tests/cli/test_startup.py
status=0
QT_QPA_PLATFORM=offscreen OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 \
  "$venv/bin/python" -m pytest -p no:cacheprovider -n "${TAPDESK_TEST_WORKERS:-auto}" "$@" || status=$?
if [ "$status" -eq 0 ]; then echo "lowest: passed at the lower bounds"; else echo "lowest: FAILED (status $status)"; fi
exit "$status"
