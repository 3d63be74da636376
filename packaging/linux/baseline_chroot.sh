#!/usr/bin/env bash
# Build, package and check the Linux release on an older Debian, without docker: the same as
# `packaging/release.sh --baseline`, in a chroot made with debootstrap instead of a container.
# The chroot (Debian 11 "bullseye", glibc 2.31, older than the declared minimum) is made once
# from the Debian mirror and reused; inside it packaging/linux/baseline_build.sh builds Python 3.11
# from Debian's own source package (bookworm's, fetched and checked by apt), installs the lock
# (requirements/bundle.txt), builds the bundle, makes the tarball and runs
# TAPDESK_GLIBC_BASELINE=1 packaging/linux/check_release.sh on it: the glibc bound, the size,
# the installed self-test offline and the untouched home.
#
# Usage (as root: debootstrap, chroot and mount need it):
#   bash packaging/linux/baseline_chroot.sh [--root DIR] [--out DIR]
#   --root DIR  the chroot (default: $TAPDESK_BASELINE_ROOT or /var/tmp/tapdesk-baseline-bullseye);
#               made when it does not hold a finished one, reused otherwise
#   --out DIR   the release folder inside the source tree (default: dist/release)
# Environment: TAPDESK_BASELINE_SUITE (bullseye), TAPDESK_BASELINE_MIRROR (http://deb.debian.org/debian),
# TAPDESK_BUILD_JOBS (2; make -j for Python). The source tree is mounted at /src in the chroot
# (its git folder too, read-only, when it lies outside the tree), so dist/ and build/ are written
# here and handed back to the tree's owner. Mounts live in their own namespace: nothing is left
# mounted when the script ends, however it ends.
set -eu
tree="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
chroot_dir="${TAPDESK_BASELINE_ROOT:-/var/tmp/tapdesk-baseline-bullseye}"
suite="${TAPDESK_BASELINE_SUITE:-bullseye}"
mirror="${TAPDESK_BASELINE_MIRROR:-http://deb.debian.org/debian}"
out="dist/release"
fail() { echo "baseline: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case "$1" in
    --root) chroot_dir="${2:?--root needs a folder}"; shift 2 ;;
    --out) out="${2:?--out needs a folder inside the source tree}"; shift 2 ;;
    -h|--help) sed -n '2,20p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "baseline: unknown argument $1 (see bash packaging/linux/baseline_chroot.sh --help)" >&2; exit 2 ;;
  esac
done
case "$out" in
  /*|../*|*/../*) fail "--out must be a folder inside the source tree, like dist/release, not $out" ;;
esac
[ "$(id -u)" -eq 0 ] || fail "run as root: debootstrap, chroot and mount need it"
for tool in debootstrap unshare chroot mount; do
  command -v "$tool" >/dev/null || fail "$tool is missing (Debian/Ubuntu: apt-get install debootstrap util-linux)"
done

# A finished chroot carries this file; one without it (an interrupted debootstrap) is made again.
made="$chroot_dir/etc/tapdesk-baseline"
if [ ! -f "$made" ]; then
  [ ! -e "$chroot_dir" ] || [ -z "$(ls -A "$chroot_dir")" ] \
    || fail "$chroot_dir exists but is no finished baseline chroot: remove it or choose another --root"
  echo "baseline: making the $suite chroot in $chroot_dir (debootstrap from $mirror)"
  mkdir -p "$chroot_dir"
  debootstrap --variant=minbase "$suite" "$chroot_dir" "$mirror" >"$chroot_dir.debootstrap.log" 2>&1 \
    || fail "debootstrap failed (log: $chroot_dir.debootstrap.log)"
  security="${mirror%/debian}/debian-security"
  printf 'deb %s %s main\ndeb %s %s-updates main\ndeb %s %s-security main\n' \
    "$mirror" "$suite" "$mirror" "$suite" "$security" "$suite" >"$chroot_dir/etc/apt/sources.list"
  echo "$suite from $mirror, made $(date -u +%Y-%m-%dT%H:%MZ)" >"$made"
  rm -f "$chroot_dir.debootstrap.log"
fi
cp -L /etc/resolv.conf "$chroot_dir/etc/resolv.conf"

# The git folder of a worktree lies outside it: mounted at the same path, read-only, so that
# scripts/version.py can read the tags inside the chroot.
git_dir=""
if command -v git >/dev/null && common="$(git -C "$tree" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)"; then
  case "$common" in "$tree"/*) ;; *) git_dir="$common" ;; esac
fi

echo "baseline: building in $chroot_dir ($(cat "$made"))"
status=0
unshare --mount --propagation private bash -euc '
  root="$1" tree="$2" git_dir="$3" out="$4" mirror="$5"
  mount -t proc proc "$root/proc"
  mount --rbind /dev "$root/dev"
  mkdir -p "$root/src"
  mount --bind "$tree" "$root/src"
  if [ -n "$git_dir" ]; then
    mkdir -p "$root$git_dir"
    mount --bind "$git_dir" "$root$git_dir"
    mount -o remount,bind,ro "$root$git_dir"
  fi
  exec chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TAPDESK_MIRROR="$mirror" \
    TAPDESK_BUILD_JOBS="${TAPDESK_BUILD_JOBS:-2}" bash /src/packaging/linux/baseline_build.sh "$out"
' baseline "$chroot_dir" "$tree" "$git_dir" "$out" "$mirror" || status=$?
# What the build wrote into the tree belongs to the tree's owner, as after --baseline (docker).
for made_here in dist build tapdesk.egg-info; do
  [ ! -e "$tree/$made_here" ] || chown -R "$(stat -c %u:%g "$tree")" "$tree/$made_here"
done
[ "$status" -eq 0 ] || fail "the build in the chroot failed (status $status)"
