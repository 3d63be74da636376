#!/usr/bin/env bash
# README command 1: install TapDesk into ./.venv and start the app.
# With no display, this script runs the headless self-test (tapdesk --selftest; the plain
# tapdesk would only say how to start it) and writes screenshots to ./out/selftest;
# this script then says in one line whether it passed (the self-test's JSON line goes to
# out/selftest.log). Arguments go to tapdesk as they are (tapdesk --help lists them).
# With a display, the libraries Qt's X11 platform needs are checked first (tapdesk/render/qt_platform.py).
set -eu
. "$(dirname "$0")/venv.sh" ""
cd "$root"
if [ "$#" -gt 0 ] || "$venv/bin/python" -c \
    'import sys; from tapdesk.render.display import has_display; sys.exit(0 if has_display() else 1)'; then
  # Qt's X11 platform needs system libraries PySide6 does not ship: install what is missing
  # (as root or with sudo -n), or say the apt-get line to run rather than start a doomed app.
  "$venv/bin/python" -m tapdesk.render.qt_platform || exit 1
  exec "$venv/bin/tapdesk" "$@"
fi
log="$root/out/selftest.log"
echo "No display here: running the headless self-test (a minute or two) ..."
status=0
"$venv/bin/tapdesk" --selftest --out "$root/out/selftest" >"$log" 2>&1 || status=$?
summary="$("$venv/bin/python" - "$log" <<'PY'
import json, sys
lines = [s for s in open(sys.argv[1], encoding="utf-8") if s.startswith("{")]
if lines:
    done = json.loads(lines[-1])
    print(f"{len(done.get('steps', []))} steps in {done.get('seconds', '?')} s")
PY
)" || summary=""
if [ "$status" -eq 0 ]; then
  echo "Self-test passed ($summary): screenshots and a sample report are in out/selftest/."
else
  echo "Self-test FAILED (status $status). The details are in out/selftest.log; its last lines:" >&2
  tail -n 15 "$log" >&2
  exit "$status"
fi
