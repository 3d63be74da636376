#!/usr/bin/env bash
# Inside the baseline chroot (packaging/linux/baseline_chroot.sh starts it, as root, with the
# source tree at /src): the system libraries Qt needs, Python 3.11 built once from Debian's source
# package, then the release path as CI runs it: the lock, the bundle, the tarball, and
# TAPDESK_GLIBC_BASELINE=1 packaging/linux/check_release.sh.
# Usage: bash /src/packaging/linux/baseline_build.sh RELEASE_DIR   (relative to /src)
set -eu
out="${1:?usage: baseline_build.sh RELEASE_DIR}"
src=/src
prefix=/opt/python3.11
venv=/opt/tapdesk-venv
debian_mirror="${TAPDESK_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
export DEBIAN_FRONTEND=noninteractive
say() { echo "baseline: $*"; }

# Quiet apt; its own messages only when it fails.
apt_get() {
  log="$(mktemp)"
  apt-get "$@" >"$log" 2>&1 || { tail -n 30 "$log" >&2; echo "baseline: apt-get $* failed" >&2; exit 1; }
  rm -f "$log"
}

# What the workflow's container installs (git, binutils, Qt's X/GL/font/D-Bus libraries, the MIME
# and desktop tools check_release.sh uses), and what building CPython needs.
say "system packages ($(. /etc/os-release && echo "$PRETTY_NAME"))"
apt_get update
# The chroot is made once and kept: the libraries the bundle takes from it get their updates first.
apt_get dist-upgrade -y
apt_get install -y --no-install-recommends ca-certificates git binutils xz-utils \
  libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libxcb-cursor0 \
  shared-mime-info desktop-file-utils \
  build-essential pkg-config libssl-dev zlib1g-dev libbz2-dev liblzma-dev libsqlite3-dev \
  libffi-dev libreadline-dev uuid-dev
# With the host's own certificate authorities (baseline_chroot.sh), which pip is told to use.
update-ca-certificates >/dev/null
export PIP_CERT=/etc/ssl/certs/ca-certificates.crt

# Python 3.11 as the same program on every baseline (Ubuntu 22.04 has only a release candidate):
# the upstream tarball of Debian bookworm's python3.11 source package, which apt fetches and checks
# against Debian's signed source index (keyring copied in by baseline_chroot.sh). Shared (PyInstaller
# bundles libpython), without PGO; built once, reused after.
if [ ! -x "$prefix/bin/python3.11" ]; then
  echo "deb-src [signed-by=/usr/share/keyrings/tapdesk-debian-source.gpg] $debian_mirror bookworm main" \
    >/etc/apt/sources.list.d/python3.11-source.list
  apt_get update
  work=/usr/local/src/python3.11
  rm -rf "$work" && mkdir -p "$work" && cd "$work"
  apt_get source --download-only python3.11
  tar -xf python3.11_*.orig.tar.*
  cd Python-3.11.*
  say "building $(basename "$PWD") into $prefix ($(nproc) cores, make -j${TAPDESK_BUILD_JOBS:-2})"
  log="$work/build.log"
  { ./configure --prefix="$prefix" --enable-shared --with-ensurepip=install \
      LDFLAGS="-Wl,-rpath,$prefix/lib" \
    && nice -n 10 make -j"${TAPDESK_BUILD_JOBS:-2}" && make install; } >"$log" 2>&1 \
    || { tail -n 40 "$log" >&2; echo "baseline: building Python failed (log in the chroot: $log)" >&2; exit 1; }
  for module in ssl sqlite3 bz2 lzma zlib ctypes readline; do
    "$prefix/bin/python3.11" -c "import $module" || { echo "baseline: Python built without $module" >&2; exit 1; }
  done
fi
export PATH="$prefix/bin:$PATH"
say "$(python3 --version) at $prefix, glibc $(getconf GNU_LIBC_VERSION | cut -d' ' -f2)"

cd "$src"
git config --global --get-all safe.directory | grep -qx "$src" || git config --global --add safe.directory "$src"
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
log="$(mktemp)"
bash scripts/install-locked.sh "$venv/bin/python" bundle >"$log" 2>&1 \
  || { tail -n 30 "$log" >&2; echo "baseline: installing requirements/bundle.txt failed" >&2; exit 1; }
bash packaging/build.sh "$venv/bin/python"
bash packaging/release.sh --bundle dist/tapdesk --out "$out"
TAPDESK_GLIBC_BASELINE=1 bash packaging/linux/check_release.sh "$out"
