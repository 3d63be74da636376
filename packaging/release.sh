#!/usr/bin/env bash
# Write the Linux release: dist/release/tapdesk-VERSION-linux-ARCH.tar.gz and dist/release/SHA256SUMS.
# The tarball holds one folder, tapdesk-VERSION/, with the one-folder bundle (tapdesk/), LICENSE,
# README, install.sh and uninstall.sh (with xdg-paths.sh), the desktop entry, the MIME type and
# the icons. VERSION is tapdesk.__version__ (tapdesk/__init__.py); a release version must have its
# dated changelog section and no tag on another commit (scripts/version.py check-release).
#
# Usage: bash packaging/release.sh [--bundle DIR | --rebuild | --baseline | --baseline-chroot] [--out DIR]
#   --bundle DIR  package this bundle folder as it is (also: TAPDESK_BUNDLE=DIR); CI passes the
#                 bundle it has just built and self-tested, so the release never builds again
#   --rebuild     build dist/tapdesk first (packaging/build.sh, with $PYTHON or ./.venv/bin/python)
#   --baseline    build, package and check the release inside a docker container of the oldest
#                 Linux supported (platform_choices.LINUX_BASELINE_IMAGE, Python 3.11 from deadsnakes),
#                 as the release workflow does: the bundle then runs on glibc >= GLIBC_MINIMUM
#   --baseline-chroot  the same without docker, as root, in an Ubuntu 22.04 chroot made with debootstrap
#                 (packaging/linux/baseline_chroot.sh; $TAPDESK_BASELINE_ROOT is where it lives)
#   --out DIR     where to write the tarball and SHA256SUMS (default: dist/release)
# Without --bundle or --rebuild, dist/tapdesk is reused when it is newer than every source file
# that goes into it, and built otherwise.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bundle="${TAPDESK_BUNDLE:-}"
rebuild=0
baseline=0
out="$root/dist/release"
while [ $# -gt 0 ]; do
  case "$1" in
    --bundle) bundle="${2:?--bundle needs a folder}"; shift 2 ;;
    --rebuild) rebuild=1; shift ;;
    --out) out="${2:?--out needs a folder}"; shift 2 ;;
    --baseline) baseline=1; shift ;;
    --baseline-chroot) baseline=2; shift ;;
    -h|--help) sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "release: unknown argument $1 (see bash packaging/release.sh --help)" >&2; exit 2 ;;
  esac
done

if [ "$baseline" -eq 2 ]; then
  exec bash "$root/packaging/linux/baseline_chroot.sh" --out "${out#"$root"/}"
fi
if [ "$baseline" -eq 1 ]; then
  image="$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import platform_choices as c; print(c.LINUX_BASELINE_IMAGE)' "$root/packaging")"
  command -v docker >/dev/null || { echo "release: --baseline needs docker" >&2; exit 1; }
  echo "release: building in $image (docker)"
  # As root in the container (apt-get); the files it writes into the tree are handed back after.
  docker run --rm -v "$root:/src" -w /src -e DEBIAN_FRONTEND=noninteractive "$image" bash -euc '
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends software-properties-common gpg-agent >/dev/null
    add-apt-repository -y ppa:deadsnakes/ppa >/dev/null
    apt-get install -y -qq --no-install-recommends python3.11 python3.11-venv libpython3.11 git binutils       libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libxcb-cursor0 >/dev/null
    git config --global --add safe.directory /src
    python3.11 -m venv /tmp/venv
    bash scripts/install-locked.sh /tmp/venv/bin/python bundle >/dev/null
    bash packaging/build.sh /tmp/venv/bin/python
    bash packaging/release.sh --bundle dist/tapdesk --out "'"${out#"$root"/}"'"
    TAPDESK_GLIBC_BASELINE=1 bash packaging/linux/check_release.sh "'"${out#"$root"/}"'"
    chown -R "'"$(id -u):$(id -g)"'" dist build tapdesk.egg-info 2>/dev/null || true'
  exit
fi

version="$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' "$root/tapdesk/__init__.py")"
[ -n "$version" ] || { echo "release: no __version__ in tapdesk/__init__.py" >&2; exit 1; }
[ -f "$root/LICENSE" ] || { echo "release: LICENSE is missing at $root" >&2; exit 1; }
# A release (X.Y.Z) is built only when the changelog has its dated section and no tag vX.Y.Z
# names another commit (it was released already: bump first). A development version
# (X.Y.Z.devN, main between releases) is packaged as what it is, e.g. by CI, and its name says so.
versions=python3
case "$version" in
  *.dev*)
    "$versions" "$root/scripts/version.py" --root "$root" check || exit 1
    echo "release: $version is a development build, not a release" ;;
  *)
    if ! "$versions" "$root/scripts/version.py" --root "$root" check-release; then
      echo "release: refusing to build $version as a release (see scripts/version.py)" >&2
      exit 1
    fi ;;
esac

# Whether dist/tapdesk is older than a source file that goes into the bundle.
stale() {
  [ -x "$root/dist/tapdesk/tapdesk" ] || return 0
  [ -n "$(find "$root/tapdesk" "$root/resources" "$root/pyproject.toml" "$root"/packaging/*.spec \
            "$root"/packaging/*.py -name __pycache__ -prune -o -type f \
            -newer "$root/dist/tapdesk/tapdesk" -print | head -n 1)" ]
}

if [ -z "$bundle" ]; then
  if [ "$rebuild" -eq 1 ] || stale; then
    bash "$root/packaging/build.sh" "${PYTHON:-$root/.venv/bin/python}"
  else
    echo "release: reusing $root/dist/tapdesk (newer than the sources)"
  fi
  bundle="$root/dist/tapdesk"
fi
[ -x "$bundle/tapdesk" ] || { echo "release: no bundle program at $bundle/tapdesk" >&2; exit 1; }

name="tapdesk-$version"
tarball="$name-linux-$(uname -m).tar.gz"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
stage="$(mktemp -d "$out/.stage.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
top="$stage/$name"
mkdir -p "$top/icons"
# Hard links when the bundle is on the same disk: no 300 MB copy just to name the folder.
cp -al "$bundle" "$top/tapdesk" 2>/dev/null || cp -R "$bundle" "$top/tapdesk"
linux="$root/packaging/linux"
cp "$root/LICENSE" "$linux/install.sh" "$linux/uninstall.sh" "$linux/xdg-paths.sh" \
  "$linux/tapdesk.desktop" "$linux/tapdesk-mime.xml" "$top/"
sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$(uname -m)/" "$linux/README.release" >"$top/README"
cp "$root/tapdesk/resources/icons/tapdesk.svg" "$root"/tapdesk/resources/icons/tapdesk-*.png "$top/icons/"
chmod +x "$top/install.sh" "$top/uninstall.sh"

# gzip -1: the bundle is mostly compressed libraries already, and CI's time is short.
rm -f "$out/$tarball" "$out/SHA256SUMS"
tar -C "$stage" --owner=0 --group=0 --numeric-owner -cf - "$name" | gzip -1 >"$out/$tarball"
(cd "$out" && sha256sum "$tarball" >SHA256SUMS)
size=$(du -m "$out/$tarball" | cut -f1)
echo "release: $out/$tarball (${size} MB) and SHA256SUMS"
