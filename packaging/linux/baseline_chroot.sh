#!/usr/bin/env bash
# Build, package and check the Linux release on the baseline Linux without docker: the same as
# `packaging/release.sh --baseline`, in a chroot made with debootstrap instead of a container.
# The chroot (Ubuntu 22.04 "jammy", glibc 2.35, the release workflow's container) is made once
# from the distribution's mirror and reused; inside it packaging/linux/baseline_build.sh builds
# Python 3.11 from Debian's own source package (bookworm's, fetched and checked by apt), installs the
# lock (requirements/bundle.txt), builds the bundle, makes the tarball and runs
# TAPDESK_GLIBC_BASELINE=1 packaging/linux/check_release.sh on it: the glibc bound, the size,
# the installed self-test offline and the untouched home.
#
# Usage (as root: debootstrap, chroot and mount need it):
#   bash packaging/linux/baseline_chroot.sh [--root DIR] [--out DIR]
#   --root DIR  the chroot (default: $TAPDESK_BASELINE_ROOT or /var/tmp/tapdesk-baseline-SUITE);
#               made when it does not hold a finished one, reused otherwise
#   --out DIR   the release folder inside the source tree (default: dist/release)
# Environment: TAPDESK_BASELINE_SUITE (jammy) and TAPDESK_BASELINE_MIRROR
# (http://archive.ubuntu.com/ubuntu; a mirror ending in /debian is laid out as Debian's), checked
# with the keyring TAPDESK_BASELINE_KEYRING (default: the distribution's in /usr/share/keyrings);
# TAPDESK_DEBIAN_MIRROR (http://deb.debian.org/debian: Python's source), TAPDESK_BUILD_JOBS (2;
# make -j for Python). The source tree is mounted at /src in the chroot (its
# git folder too, read-only, when it lies outside the tree), so dist/ and build/ are written here and
# handed back to the tree's owner. Mounts live in their own namespace: nothing is left mounted when
# the script ends, however it ends.
set -eu
tree="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
suite="${TAPDESK_BASELINE_SUITE:-jammy}"
mirror="${TAPDESK_BASELINE_MIRROR:-http://archive.ubuntu.com/ubuntu}"
chroot_dir="${TAPDESK_BASELINE_ROOT:-/var/tmp/tapdesk-baseline-$suite}"
out="dist/release"
fail() { echo "baseline: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
  case "$1" in
    --root) chroot_dir="${2:?--root needs a folder}"; shift 2 ;;
    --out) out="${2:?--out needs a folder inside the source tree}"; shift 2 ;;
    -h|--help) sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
# Debian's layout (security updates in a mirror of their own, main only) or Ubuntu's (universe too).
case "$mirror" in
  */debian) family=debian; components=main; security="${mirror%/debian}/debian-security" ;;
  *) family=ubuntu; components="main universe"; security="$mirror" ;;
esac
keyring="${TAPDESK_BASELINE_KEYRING:-/usr/share/keyrings/$family-archive-keyring.gpg}"
[ -f "$keyring" ] || fail "no $family archive keyring at $keyring to check the mirror with (the package $family-keyring or $family-archive-keyring has it; or set TAPDESK_BASELINE_KEYRING)"
# Python's source comes from Debian's mirror (baseline_build.sh): checked with Debian's keyring.
debian_keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$debian_keyring" ] || fail "no Debian archive keyring at $debian_keyring to check Python's source with (apt-get install debian-archive-keyring)"

# A finished chroot carries this file; one without it (an interrupted debootstrap) is made again.
made="$chroot_dir/etc/tapdesk-baseline"
if [ ! -f "$made" ]; then
  [ ! -e "$chroot_dir" ] || [ -z "$(ls -A "$chroot_dir")" ] \
    || fail "$chroot_dir exists but is no finished baseline chroot: remove it or choose another --root"
  echo "baseline: making the $suite chroot in $chroot_dir (debootstrap from $mirror)"
  mkdir -p "$chroot_dir"
  debootstrap --variant=minbase --keyring="$keyring" --components="${components// /,}" \
    "$suite" "$chroot_dir" "$mirror" >"$chroot_dir.debootstrap.log" 2>&1 \
    || fail "debootstrap failed (log: $chroot_dir.debootstrap.log)"
  printf 'deb %s %s %s\ndeb %s %s-updates %s\ndeb %s %s-security %s\n' "$mirror" "$suite" "$components" \
    "$mirror" "$suite" "$components" "$security" "$suite" "$components" >"$chroot_dir/etc/apt/sources.list"
  echo "$suite from $mirror, made $(date -u +%Y-%m-%dT%H:%MZ)" >"$made"
  rm -f "$chroot_dir.debootstrap.log"
fi
cp -L /etc/resolv.conf "$chroot_dir/etc/resolv.conf"
mkdir -p "$chroot_dir/usr/share/keyrings"
cp "$debian_keyring" "$chroot_dir/usr/share/keyrings/tapdesk-debian-source.gpg"
# The certificate authorities this host adds to the system's (a company proxy's, say) are trusted
# inside too: baseline_build.sh adds them with update-ca-certificates, and pip uses that list.
local_cas="$chroot_dir/usr/local/share/ca-certificates/host"
rm -rf "$local_cas" && mkdir -p "$local_cas"
find -L /usr/local/share/ca-certificates -name '*.crt' -type f -exec cp {} "$local_cas/" \; 2>/dev/null || true

# The git folder of a worktree lies outside it: mounted at the same path, read-only, so that
# scripts/version.py can read the tags inside the chroot.
git_dir=""
if command -v git >/dev/null && common="$(git -C "$tree" rev-parse --path-format=absolute --git-common-dir 2>/dev/null)"; then
  case "$common" in "$tree"/*) ;; *) git_dir="$common" ;; esac
fi

echo "baseline: building in $chroot_dir ($(cat "$made"))"
status=0
unshare --mount --propagation private bash -euc '
  root="$1" tree="$2" git_dir="$3" out="$4"
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
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin TAPDESK_DEBIAN_MIRROR="$5" \
    TAPDESK_BUILD_JOBS="${TAPDESK_BUILD_JOBS:-2}" bash /src/packaging/linux/baseline_build.sh "$out"
' baseline "$chroot_dir" "$tree" "$git_dir" "$out" "${TAPDESK_DEBIAN_MIRROR:-http://deb.debian.org/debian}" || status=$?
# What the build wrote into the tree belongs to the tree's owner, as after --baseline (docker).
for made_here in dist build tapdesk.egg-info; do
  [ ! -e "$tree/$made_here" ] || chown -R "$(stat -c %u:%g "$tree")" "$tree/$made_here"
done
[ "$status" -eq 0 ] || fail "the build in the chroot failed (status $status)"
