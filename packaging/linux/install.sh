#!/bin/sh
# Install the unpacked TapDesk bundle for the current user (no root needed), following XDG:
#   the bundle             -> ${XDG_DATA_HOME:-~/.local/share}/tapdesk/
#   the command `tapdesk`  -> ~/.local/bin/tapdesk (a link to the bundle's program)
#   the menu entry         -> .../applications/tapdesk.desktop (opens .tapdesk projects and data files)
#   the icon               -> .../icons/hicolor/SIZExSIZE/apps/tapdesk.png and scalable/apps/tapdesk.svg
#   the project file type  -> .../mime/packages/tapdesk-mime.xml (*.tapdesk)
# Usage: sh install.sh [BUNDLE]   BUNDLE is the folder holding the `tapdesk` program; by default
# the tapdesk/ folder beside this script (the release tarball's layout). Running it again updates
# the installation; uninstall.sh removes exactly what it put.
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=packaging/linux/xdg-paths.sh
. "$here/xdg-paths.sh"

bundle="${1:-$here/tapdesk}"
if [ ! -x "$bundle/tapdesk" ] || [ -d "$bundle/tapdesk" ]; then
  say "install: no TapDesk bundle at $bundle (it must hold the program 'tapdesk')" >&2
  exit 1
fi
bundle="$(cd "$bundle" && pwd)"
# The icons: beside this script in the release tarball, in the package in a source checkout.
icons="$here/icons"
[ -d "$icons" ] || icons="$(cd "$here/../.." && pwd)/tapdesk/resources/icons"
[ -f "$icons/tapdesk.svg" ] || { say "install: the icons are missing ($icons)" >&2; exit 1; }

# The bundle: copied beside the old one, then swapped in, so a failed copy leaves the old one working.
if [ "$bundle" != "$appdir" ]; then
  mkdir -p "$data"
  rm -rf "$appdir.new"
  cp -R "$bundle" "$appdir.new"
  rm -rf "$appdir"
  mv "$appdir.new" "$appdir"
fi
cp "$here/uninstall.sh" "$here/xdg-paths.sh" "$appdir/"

mkdir -p "$bindir"
if [ -e "$link" ] && [ ! -L "$link" ]; then
  say "note: $link exists and is not TapDesk's link; left as it is"
else
  ln -sfn "$appdir/tapdesk" "$link"
fi

# The menu entry runs the installed program by its full path, so it works before ~/.local/bin is
# on the PATH (Exec quoting of the desktop entry spec: \ " ` $ escaped, then % doubled).
program="$(printf '%s' "$appdir/tapdesk" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')"
mkdir -p "$(dirname "$desktop")"
while IFS= read -r line; do
  case "$line" in
    "Exec=tapdesk "*) printf 'Exec="%s" %s\n' "$program" "${line#Exec=tapdesk }" ;;
    *) printf '%s\n' "$line" ;;
  esac
done <"$here/tapdesk.desktop" >"$desktop"

for png in "$icons"/tapdesk-*.png; do
  size="${png##*/tapdesk-}"
  size="${size%.png}"
  mkdir -p "$hicolor/${size}x${size}/apps"
  cp "$png" "$hicolor/${size}x${size}/apps/tapdesk.png"
done
mkdir -p "$(dirname "$svgicon")"
cp "$icons/tapdesk.svg" "$svgicon"

mkdir -p "$(dirname "$mimexml")"
cp "$here/tapdesk-mime.xml" "$mimexml"
refresh_caches

say "TapDesk installed in $appdir"
say "Start it from the applications menu, or with the command: tapdesk"
case ":${PATH:-}:" in
  *":$bindir:"*) ;;
  *) say "($bindir is not on your PATH yet: log out and in again, or run $link)" ;;
esac
say "Double-clicking a .tapdesk project opens it in TapDesk."
say "To remove TapDesk: sh $appdir/uninstall.sh"
