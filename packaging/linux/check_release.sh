#!/usr/bin/env bash
# Check the Linux release as a user would meet it (CI runs this after packaging/release.sh):
# verify SHA256SUMS, unpack the tarball, install it into a temporary home, check that the menu
# entry, the .tapdesk MIME type and the icon are registered, run the INSTALLED program's
# self-test offline and headless, uninstall, and check that nothing the install put is left.
# Usage: bash packaging/linux/check_release.sh [RELEASE_DIR]   (default: dist/release)
# Prints one line when all passed; on a failure, says which check failed and exits 1.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
release="$(cd "${1:-$root/dist/release}" && pwd)"
project_type="application/x-tapdesk-project"
fail() { echo "release check: $*" >&2; exit 1; }

(cd "$release" && sha256sum --check --quiet SHA256SUMS) || fail "the checksums in $release/SHA256SUMS do not verify"
tarball="$(sed -n '1s/^[0-9a-f]\{64\}  //p' "$release/SHA256SUMS")"
work="$(mktemp -d)"
home="$work/home"
mkdir -p "$home" "$work/unpacked"
tar -xzf "$release/$tarball" -C "$work/unpacked"
folders=("$work"/unpacked/*)
if [ "${#folders[@]}" -ne 1 ] || [ ! -d "${folders[0]}" ]; then fail "$tarball must hold exactly one folder"; fi
as_user() { env -u XDG_DATA_HOME HOME="$home" "$@"; }
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
installed="$(cd "$home" && find . \( -type f -o -type l \) | sort)"

out="$work/selftest"
as_user env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=offscreen TAPDESK_BLOCK_NETWORK=1 \
  "$home/.local/bin/tapdesk" --selftest --out "$out" >"$work/selftest.log" 2>&1 \
  || fail "the installed program's self-test failed (log: $work/selftest.log)"
[ -s "$out/report.pdf" ] || fail "the installed program's self-test wrote no report"

as_user sh "$data/tapdesk/uninstall.sh" >"$work/uninstall.log" 2>&1 || fail "uninstall.sh failed"
left="$(cd "$home" && while IFS= read -r path; do
  if [ -e "$path" ] || [ -L "$path" ]; then echo "$path"; fi
done <<<"$installed")"
[ -z "$left" ] || fail "uninstall left $(echo "$left" | wc -l) files, e.g. $(echo "$left" | head -n 1)"
rm -rf "$work"
size=$(du -m "$release/$tarball" | cut -f1)
echo "release: $tarball (${size} MB) verified: checksums, install into a temporary home" \
  "(menu entry, .tapdesk type, icons), installed self-test offline, uninstall left nothing"
