#!/usr/bin/env bash
# CI step (after the tests): build the one-folder bundle and run its self-test headless,
# then package that same build as the Linux release (packaging/release.sh, no second build)
# and check the release as a user meets it (packaging/linux/check_release.sh).
# Fails when the build fails, the self-test fails, a network connection is attempted
# (the entry script's guard exits 3), the bundle lacks its fonts / licence list or
# carries Qt's network library, or the release does not verify, install, run and uninstall.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
python="$root/.venv/bin/python"
# PyInstaller and the app at the versions of requirements/bundle.txt (the same as test.txt's)
bash scripts/install-locked.sh "$python" bundle >/dev/null
log="$(mktemp)"
if ! bash packaging/build.sh "$python" >"$log" 2>&1; then
  tail -n 60 "$log" >&2
  echo "bundle: build failed (full log: $log)" >&2
  exit 1
fi
tail -n 1 "$log"
bundle="$root/dist/tapdesk"
internal="$bundle/_internal"
[ -d "$internal" ] || internal="$bundle"
test -f "$internal/THIRD-PARTY-LICENSES.txt" || { echo "bundle: licence list missing" >&2; exit 1; }
test -f "$internal/resources/fonts/DejaVuSans.ttf" || { echo "bundle: fonts missing" >&2; exit 1; }
if find "$bundle" -name "*Qt6Network*" | grep -q .; then
  echo "bundle: carries QtNetwork, but the app must stay offline" >&2; exit 1
fi
# The self-test in each language of TAPDESK_BUNDLE_LANGUAGES (default: English only). The
# bundle carries every language's catalogs, Babel's data and Qt's own translations, and its
# self-test runs in de, fr and es too (TAPDESK_BUNDLE_LANGUAGES="en de fr es"; the self-test
# from source passed in German and Spanish, in French but for its crowd step's 250 ms bound on a
# loaded machine). CI keeps to English: each language is a whole self-test more (German: 191 s
# on a shared 2-core machine), and CI's real-window check runs the German one at 1280x800.
for language in ${TAPDESK_BUNDLE_LANGUAGES:-en}; do
  out="$(mktemp -d)"
  status=0
  # the language by the self-test's own switch: LANG=de_DE.UTF-8 is no locale on a machine that
  # has not generated it, and Qt then warns that the locale is not UTF-8 (a failed self-test)
  env -u DISPLAY -u WAYLAND_DISPLAY -u LANGUAGE -u LC_ALL -u LC_MESSAGES LANG=C.UTF-8 \
    TAPDESK_SELFTEST_LANGUAGE="$language" QT_QPA_PLATFORM=offscreen TAPDESK_BLOCK_NETWORK=1 \
    "$bundle/tapdesk" --selftest --out "$out" >"$out/selftest.log" 2>&1 || status=$?
  if [ "$status" -ne 0 ]; then
    tail -c 3000 "$out/selftest.log" >&2
    echo "bundle: self-test in $language failed with status $status (screenshots in $out)" >&2
    exit 1
  fi
  test -s "$out/report.pdf" || { echo "bundle: self-test in $language wrote no report" >&2; exit 1; }
  echo "bundle: self-test passed offline in $language; report and screenshots in $out"
done
if ! bash packaging/release.sh --bundle "$bundle" >"$log" 2>&1; then
  tail -n 20 "$log" >&2
  echo "release: packaging failed (full log: $log)" >&2
  exit 1
fi
bash packaging/linux/check_release.sh "$root/dist/release"
