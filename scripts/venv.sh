# Sourced by start.sh and test.sh: make ./.venv (Python 3.11+) and install TapDesk into it.
# Usage: . scripts/venv.sh EXTRAS   (EXTRAS: "" for the app, "test" for app + test tools)
# It prints a few plain lines; pip's own output goes to out/setup.log.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="$root/.venv"
python="${PYTHON:-python3}"
setup_log="$root/out/setup.log"
mkdir -p "$root/out"
if [ ! -x "$venv/bin/python" ]; then
  if ! "$python" -m venv "$venv" >>"$setup_log" 2>&1; then
    echo "Could not create a virtual environment with $python." >&2
    echo "On Debian, install it first:  sudo apt-get install python3-venv" >&2
    exit 1
  fi
fi
# The exact versions of requirements/app.txt or test.txt (scripts/lock.sh), checked by their hashes.
lock="${1:-app}"
stamp="$venv/.installed-$lock"
if [ ! -f "$stamp" ] || [ "$root/pyproject.toml" -nt "$stamp" ] || [ "$root/requirements/$lock.txt" -nt "$stamp" ]
then
  what="TapDesk"
  [ -n "${1:-}" ] && what="TapDesk and its $1 tools"
  echo "Installing $what into $venv (the first time takes a few minutes; details in out/setup.log) ..."
  {
    echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): scripts/install-locked.sh with requirements/$lock.txt"
    bash "$root/scripts/install-locked.sh" "$venv/bin/python" "$lock"
  } >>"$setup_log" 2>&1 || {
    echo "The installation failed; the last lines of out/setup.log:" >&2
    tail -n 20 "$setup_log" >&2
    exit 1
  }
  touch "$stamp"
  echo "Installed TapDesk $("$venv/bin/python" -c 'import tapdesk; print(tapdesk.__version__)')."
  echo "From a new shell, run it as $venv/bin/tapdesk" \
       "(or add $venv/bin to your PATH and type tapdesk)."
fi
