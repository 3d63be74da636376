#!/usr/bin/env bash
# The shared import corpora 4 and 5 (../shared/import-corpora beside the project, read-only; see
# its README.md): rating files as users bring them, each fed to `tapdesk inspect` and its reading
# compared with a careful analyst's. Each corpus is generated into a fresh temporary folder (never
# inside a repository; removed on exit) and run with 2 jobs; about 3 minutes each on 2 cores.
# The generators need odfpy, which is not in the project's locks: it is installed for this run only,
# with its dependency defusedxml, pinned by hash (pip --require-hashes --no-deps) into a temporary
# folder that is put on PYTHONPATH for the generators alone.
# Output: each runner's last line (fuzz4: right N, refused-ok N, wrong-silent N, ...) and the lines
# of every case that is not right (and of every published value that does not match); everything
# the generators and runners printed goes to out/corpora.log, each corpus's results.json to
# out/corpus4-results.json and out/corpus5-results.json. Both corpora run whatever the first said;
# the script fails when either runner does (a case read wrong with no word, a hang or a traceback).
# Then this repository's held-out corpora 6-18 (import-checks/, README there) are generated and
# judged by corpus 4's runner the same way.
# Without ../shared/import-corpora it says SKIPPED and why, and exits 0.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
corpora="$(cd "$root/.." && pwd)/shared/import-corpora"
if [ ! -d "$corpora" ]; then
  echo "corpora: SKIPPED: the shared import corpora are not here ($corpora is absent)"
  exit 0
fi
. "$root/scripts/venv.sh" test
cd "$root"
log="$root/out/corpora.log"
: >"$log"
rm -f "$root/out/corpus4-results.json" "$root/out/corpus5-results.json"
started=$SECONDS

fuzz4_root="$(mktemp -d -t tapdesk-fuzz4.XXXXXX)"
fuzz5_root="$(mktemp -d -t tapdesk-fuzz5.XXXXXX)"
odfpy="$(mktemp -d -t tapdesk-odfpy.XXXXXX)"
trap 'rm -rf "$fuzz4_root" "$fuzz5_root" "$odfpy"' EXIT
# A long step runs in the background and is waited for, so that an interrupt stops it and the
# folders are removed at once (bash would otherwise run the trap only when the step ends).
child=""
stop() { [ -z "$child" ] || kill -TERM "$child" 2>/dev/null || true; exit "$1"; }
trap 'stop 130' INT
trap 'stop 143' TERM
step() { "$@" & child=$!; local status=0; wait "$child" || status=$?; child=""; return "$status"; }

# odfpy 1.4.1 is a source archive: it is built with the venv's setuptools (in the locks), so
# nothing is fetched without a hash.
requirements="$odfpy/requirements.txt"
cat >"$requirements" <<'EOF'
odfpy==1.4.1 \
    --hash=sha256:db766a6e59c5103212f3cc92ec8dd50a0f3a02790233ed0b52148b70d3c438ec
defusedxml==0.7.1 \
    --hash=sha256:a352e7e428770286cc899e2542b6cdaedb2b4953ff269a210103ec58f6198a61
EOF
echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): odfpy into $odfpy/site" >>"$log"
"$venv/bin/python" -m pip --disable-pip-version-check install --require-hashes --no-deps \
  --no-build-isolation --target "$odfpy/site" -r "$requirements" >>"$log" 2>&1 || {
  echo "corpora: FAILED: odfpy could not be installed; the last lines of out/corpora.log:"
  tail -n 20 "$log"
  exit 1
}

# run_corpus N ROOT: generate corpus N into ROOT, run it, print its summary and every case not right.
run_corpus() {
  local n="$1" corpus_root="$2" status=0 output="$2/run.out"
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): corpus$n/gen.py into $corpus_root" >>"$log"
  if ! step env "FUZZ${n}_ROOT=$corpus_root" PYTHONPATH="$odfpy/site${PYTHONPATH:+:$PYTHONPATH}" \
      "$venv/bin/python" "$corpora/corpus$n/gen.py" >>"$log" 2>&1; then
    echo "fuzz$n: FAILED: the generator failed; the last lines of out/corpora.log:"
    tail -n 20 "$log"
    return 1
  fi
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): corpus$n/run.py" >>"$log"
  step env "FUZZ${n}_ROOT=$corpus_root" "FUZZ${n}_JOBS=2" TAPDESK="$venv/bin/tapdesk" \
    "$venv/bin/python" "$corpora/corpus$n/run.py" >"$output" 2>&1 || status=$?
  cat "$output" >>"$log"
  # corpus 5 prints every case: leave out the right ones and the published values that match
  grep -Ev '^(right |published .* match$)' "$output" || true
  [ -f "$corpus_root/results.json" ] && cp "$corpus_root/results.json" "$root/out/corpus$n-results.json"
  return "$status"
}

fuzz4=0
run_corpus 4 "$fuzz4_root" || fuzz4=$?
fuzz5=0
run_corpus 5 "$fuzz5_root" || fuzz5=$?

# run_check N: this repository's held-out corpus N (import-checks/corpusN/gen.py), judged by
# corpus 4's runner; its summary line and every case not right.
run_check() {
  local n="$1" check_root status=0
  check_root="$(mktemp -d -t "tapdesk-check$n.XXXXXX")"
  echo "== $(date -u '+%Y-%m-%d %H:%M:%S UTC'): import-checks/corpus$n/gen.py into $check_root" >>"$log"
  if ! step env "FUZZ4_ROOT=$check_root" PYTHONPATH="$odfpy/site${PYTHONPATH:+:$PYTHONPATH}" \
      "$venv/bin/python" "$root/import-checks/corpus$n/gen.py" >>"$log" 2>&1; then
    echo "check$n: FAILED: the generator failed; the last lines of out/corpora.log:"
    tail -n 20 "$log"
    rm -rf "$check_root"
    return 1
  fi
  step env "FUZZ4_ROOT=$check_root" "FUZZ4_JOBS=2" TAPDESK="$venv/bin/tapdesk" \
    "$venv/bin/python" "$corpora/corpus4/run.py" >"$check_root/run.out" 2>&1 || status=$?
  cat "$check_root/run.out" >>"$log"
  grep -Ev '^right ' "$check_root/run.out" | sed "s/^fuzz4:/check$n:/" || true
  rm -rf "$check_root"
  return "$status"
}
checks=0
for n in 6 7 8 9 10 11 12 13 14 15 16 17 18; do
  run_check "$n" || checks=1
done
verdict() { if [ "$1" -eq 0 ]; then echo "passed"; else echo "FAILED (status $1)"; fi; }
echo "corpora: corpus 4 $(verdict "$fuzz4"), corpus 5 $(verdict "$fuzz5")," \
  "import-checks 6-18 $(verdict "$checks") in $((SECONDS - started)) s; everything in out/corpora.log"
[ "$fuzz4" -eq 0 ] && [ "$fuzz5" -eq 0 ] && [ "$checks" -eq 0 ]
