#!/usr/bin/env bash
# Check the Linux release as a user would meet it (CI runs this after packaging/release.sh):
# verify SHA256SUMS, unpack the tarball, install it into a temporary home, check that the menu
# entry, the .tapdesk MIME type and the icon are registered, run the INSTALLED program's
# self-test offline and headless, uninstall, and check that nothing the install put is left.
# The home is compared, file by file (size and time of last change), before and after the self-test
# (which must leave it exactly as the install made it) and after the uninstall (which must leave it
# as it was before the install, a few files of the user's included); every file that appeared,
# changed or was removed is named.
# The glibc bound: the highest GLIBC_x.y symbol version any ELF file of the bundle needs
# (packaging/elf_info.py) must be at most the declared minimum (platform_choices.GLIBC_MINIMUM)
# when TAPDESK_GLIBC_BASELINE=1 (a release built on the baseline: the workflow's container,
# packaging/release.sh --baseline), and otherwise at most the build host's own glibc (CI builds on
# its host; both numbers are printed). The unpacked bundle must be under its size target
# (platform_choices.BUNDLE_SIZE_TARGET_MB).
# Usage: bash packaging/linux/check_release.sh [RELEASE_DIR]   (default: dist/release)
# Prints what it verified when all passed (the release, the size, the glibc bound); on a failure,
# says which check failed and exits 1.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
release="$(cd "${1:-$root/dist/release}" && pwd)"
project_type="application/x-tapdesk-project"
fail() { echo "release check: $*" >&2; exit 1; }

# Every file, link and folder under the home: path, then size and time of last change (folders:
# path only, as their time changes with what is in them). One line each, sorted.
snapshot() {
  (cd "$home" && find . -mindepth 1 \( -type d -printf '%p/\n' \) -o -printf '%p\t%s\t%T@\n') \
    | LC_ALL=C sort
}
# What differs between two snapshots: "appeared: PATH", "changed: PATH", "removed: PATH" lines.
traces() {
  awk -F '\t' 'NR == FNR { before[$1] = $0; next }
    { seen[$1] = 1; if (!($1 in before)) print "appeared: " $1; else if (before[$1] != $0) print "changed: " $1 }
    END { for (path in before) if (!(path in seen)) print "removed: " path }' "$1" "$2" | LC_ALL=C sort
}
# Fails naming every difference between the snapshots $1 and $2, after what $3 says.
same_home() {
  found="$(traces "$1" "$2")"
  [ -z "$found" ] || fail "$3 the home: $(echo "$found" | wc -l) differences"$'\n'"$found"
}

(cd "$release" && sha256sum --check --quiet SHA256SUMS) || fail "the checksums in $release/SHA256SUMS do not verify"
tarball="$(sed -n '1s/^[0-9a-f]\{64\}  //p' "$release/SHA256SUMS")"
work="$(mktemp -d)"
home="$work/home"
mkdir -p "$home" "$work/unpacked"
# A few files of the user's own, which nothing may touch.
mkdir -p "$home/.config" "$home/.local/share"
printf 'export EDITOR=vi\n' >"$home/.profile"
printf 'XDG_DESKTOP_DIR="$HOME/Desktop"\n' >"$home/.config/user-dirs.dirs"
printf '<?xml version="1.0"?>\n<xbel version="1.0"/>\n' >"$home/.local/share/recently-used.xbel"
touch -d '2001-02-03 04:05:06' "$home/.profile" "$home/.config/user-dirs.dirs" \
  "$home/.local/share/recently-used.xbel"
snapshot >"$work/home.before-install"
tar -xzf "$release/$tarball" -C "$work/unpacked"
folders=("$work"/unpacked/*)
if [ "${#folders[@]}" -ne 1 ] || [ ! -d "${folders[0]}" ]; then fail "$tarball must hold exactly one folder"; fi

# The glibc bound (see the top): needed <= declared minimum on the baseline, <= the host's otherwise.
read -r declared size_target < <(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); import platform_choices as c
print(c.GLIBC_MINIMUM, c.BUNDLE_SIZE_TARGET_MB)' "$root/packaging") \
  || fail "could not read the glibc minimum and the size target from packaging/platform_choices.py"
host="$(getconf GNU_LIBC_VERSION | cut -d' ' -f2)"
IFS=$'\t' read -r glibc_needed glibc_file elf_count < <(python3 "$root/packaging/elf_info.py" glibc "${folders[0]}/tapdesk") \
  || fail "could not read the bundle's ELF files"
if [ "${TAPDESK_GLIBC_BASELINE:-0}" = 1 ]; then bound="$declared"; against="the declared minimum"
else bound="$host"; against="this build host's glibc (a release is built on the baseline: TAPDESK_GLIBC_BASELINE=1)"; fi
if [ "$glibc_needed" != none ] && [ "$(printf '%s\n%s\n' "$glibc_needed" "$bound" | sort -V | tail -n 1)" != "$bound" ]; then
  fail "the bundle needs glibc $glibc_needed (${glibc_file#"${folders[0]}/"}), more than $against, $bound"
fi
# The size: every file of the unpacked bundle (links not counted), under the target.
bundle_bytes="$(find "${folders[0]}/tapdesk" -type f -printf '%s\n' | awk '{ s += $1 } END { printf "%d", s }')"
bundle_mb=$(( (bundle_bytes + 524288) / 1048576 ))
[ "$bundle_bytes" -lt $(( size_target * 1048576 )) ] \
  || fail "the bundle is $bundle_mb MB unpacked, not under its target of $size_target MB (platform_choices.BUNDLE_SIZE_TARGET_MB)"
glibc_line="glibc: $elf_count ELF files need at most $glibc_needed; declared minimum $declared, build host $host, checked against $against"
# As a user whose home is $home: every XDG folder and TapDesk's autosave folder where they are by default.
as_user() {
  env -u XDG_DATA_HOME -u XDG_CONFIG_HOME -u XDG_CACHE_HOME -u XDG_STATE_HOME -u TAPDESK_AUTOSAVE_DIR \
    HOME="$home" "$@"
}
as_user sh "${folders[0]}/install.sh" >"$work/install.log" 2>&1 || fail "install.sh failed (see $work/install.log)"

data="$home/.local/share"
entry="$data/applications/tapdesk.desktop"
[ -x "$home/.local/bin/tapdesk" ] || fail "no tapdesk command in ~/.local/bin"
grep -q "^MimeType=$project_type;" "$entry" || fail "the menu entry does not open $project_type"
[ -f "$data/mime/packages/tapdesk-mime.xml" ] || fail "the MIME type is not installed"
for icon in 48x48/apps/tapdesk.png scalable/apps/tapdesk.svg; do
  [ -f "$data/icons/hicolor/$icon" ] || fail "the icon $icon is not installed"
done
if command -v update-mime-database >/dev/null; then
  grep -q ":$project_type:\*\.tapdesk$" "$data/mime/globs2" || fail "*.tapdesk is not $project_type in the MIME cache"
fi
if command -v update-desktop-database >/dev/null; then
  grep -q "^$project_type=tapdesk.desktop;" "$data/applications/mimeinfo.cache" \
    || fail "the desktop database does not open $project_type with TapDesk"
fi
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$entry" >/dev/null || fail "the installed menu entry does not validate"
fi
snapshot >"$work/home.installed"

out="$work/selftest"
as_user env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen TAPDESK_BLOCK_NETWORK=1 \
  "$home/.local/bin/tapdesk" --selftest --out "$out" >"$work/selftest.log" 2>&1 \
  || fail "the installed program's self-test failed (log: $work/selftest.log)"
[ -s "$out/report.pdf" ] || fail "the installed program's self-test wrote no report"
snapshot >"$work/home.after-selftest"
same_home "$work/home.installed" "$work/home.after-selftest" "the installed program's self-test changed"

as_user sh "$data/tapdesk/uninstall.sh" >"$work/uninstall.log" 2>&1 || fail "uninstall.sh failed"
snapshot >"$work/home.after-uninstall"
same_home "$work/home.before-install" "$work/home.after-uninstall" "install, self-test and uninstall changed"
rm -rf "$work"
size=$(du -m "$release/$tarball" | cut -f1)
echo "release: $tarball (${size} MB) verified: checksums, install into a temporary home" \
  "(menu entry, .tapdesk type, icons), installed self-test offline and without a trace in the home," \
  "uninstall left nothing"
echo "size: the bundle is $bundle_mb MB unpacked (target under $size_target MB), the tarball ${size} MB"
echo "$glibc_line"
