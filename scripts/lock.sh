#!/usr/bin/env bash
# Regenerate the lock files in requirements/ from pyproject.toml: every package TapDesk, its tests
# and its bundle build install, at one exact version with the hashes of its PyPI files, resolved
# once for Linux, Windows and macOS on Python 3.11+ (uv's universal resolution) and then cut into
#   requirements/app.txt     the app (scripts/start.sh)
#   requirements/test.txt    the app and its test tools (scripts/test.sh, CI)
#   requirements/bundle.txt  the app and PyInstaller (packaging/ci_bundle.sh, the release workflow)
# so a package has the same version in all three. pip and setuptools (the build backend of
# TapDesk's own editable install) are locked too. scripts/install-locked.sh installs a lock.
# Each run resolves the newest versions pyproject.toml allows: run it to take updates (or after a
# change to the dependencies), then run the tests and commit the lock with what they say.
# uv is fetched from PyPI into out/lock-tool, at the version below.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
uv_version=0.13.9
tool="$root/out/lock-tool"
if [ "$("$tool/bin/uv" --version 2>/dev/null | cut -d' ' -f2)" != "$uv_version" ]; then
  rm -rf "$tool"
  "${PYTHON:-python3}" -m venv "$tool"
  "$tool/bin/python" -m pip install --quiet --disable-pip-version-check "uv==$uv_version"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# pip, and the build backend as [build-system] asks for it
"$tool/bin/python" - >"$work/tools.in" <<'PY'
import tomllib
print("pip")
for requirement in tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"]:
    if requirement.startswith("setuptools"):
        print(requirement)
PY
compile() {
  "$tool/bin/uv" pip compile --quiet --universal --python-version 3.11 --fork-strategy fewest \
    --generate-hashes --no-strip-markers --custom-compile-command "bash scripts/lock.sh" \
    pyproject.toml "$work/tools.in" "$@"
}
compile --all-extras -o "$work/all.txt"
compile -c "$work/all.txt" -o requirements/app.txt
compile -c "$work/all.txt" --extra test -o requirements/test.txt
compile -c "$work/all.txt" --extra bundle -o requirements/bundle.txt
for lock in app test bundle; do
  echo "lock: requirements/$lock.txt, $(grep -c '==' "requirements/$lock.txt") packages"
done
