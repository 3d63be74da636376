# Sourced by start.sh and test.sh: make ./.venv (Python 3.11+) and install TapDesk into it.
# Usage: . scripts/venv.sh EXTRAS   (EXTRAS: "" for the app, "test" for app + test tools)
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv" 2>/dev/null; then
    echo "Could not create a virtual environment with $python." >&2
    echo "On Debian, install it first:  sudo apt-get install python3-venv" >&2
    exit 1
  fi
fi
stamp="$venv/.installed-${1:-app}"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ]; then
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --upgrade pip
  spec="$root"
  [ -n "${1:-}" ] && spec="$root[$1]"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -e "$spec"
  touch "$stamp"
fi
