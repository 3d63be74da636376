#!/bin/sh
# Remove what install.sh put in the user's home: the bundle, the `tapdesk` link, the menu entry,
# the icons and the project file type; then refresh the desktop's caches and remove the folders
# the installation made that are now empty. Your projects and data files are not touched.
# Usage: sh uninstall.sh   (install.sh also leaves a copy in the installed folder)
set -eu
here="$(cd "$(dirname "$0")" && pwd)"
# shellcheck source=packaging/linux/xdg-paths.sh
. "$here/xdg-paths.sh"

if [ ! -d "$appdir" ] && [ ! -e "$desktop" ] && [ ! -e "$mimexml" ]; then
  say "TapDesk is not installed in $data; nothing to remove"
  exit 0
fi
# Only the link that points into the installed bundle is TapDesk's.
if [ -L "$link" ] && [ "$(readlink "$link")" = "$appdir/tapdesk" ]; then
  rm -f "$link"
fi
rm -f "$desktop" "$mimexml" "$svgicon"
for png in "$hicolor"/*/apps/tapdesk.png; do
  [ -e "$png" ] || continue
  rm -f "$png"
  prune "$(dirname "$png")" "$datastop"
done
rm -rf "$appdir"
refresh_caches

prune "$bindir" "$HOME"
for dir in "$data/applications" "$data/mime/packages" "$(dirname "$svgicon")"; do
  prune "$dir" "$datastop"
done
prune "$data" "$datastop"
say "TapDesk removed from $data"
