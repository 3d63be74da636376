# Where TapDesk goes in the user's home, following the XDG base directories, and the
# desktop caches to refresh. Sourced (POSIX sh) by install.sh and uninstall.sh; it
# honours HOME and XDG_DATA_HOME, so a temporary home works the same as the real one.
# shellcheck shell=sh disable=SC2034   # the paths are used by the scripts that source this file

data="${XDG_DATA_HOME:-$HOME/.local/share}"
bindir="$HOME/.local/bin"
appdir="$data/tapdesk"                 # the bundle folder: $appdir/tapdesk is the program
link="$bindir/tapdesk"
desktop="$data/applications/tapdesk.desktop"
mimexml="$data/mime/packages/tapdesk-mime.xml"
hicolor="$data/icons/hicolor"
svgicon="$hicolor/scalable/apps/tapdesk.svg"

# Print one line, as every step of these scripts does.
say() { printf '%s\n' "$*"; }

# Whether any of the given paths exists (a glob that matched nothing stays as it is written).
any() {
  for path in "$@"; do [ -e "$path" ] && return 0; done
  return 1
}

# Rebuild the desktop's caches for what changed; a tool that is not installed is skipped.
# A database left with nothing in it is removed, so that uninstalling leaves nothing behind.
refresh_caches() {
  if [ -d "$data/mime/packages" ] && [ -z "$(ls -A "$data/mime/packages")" ]; then
    rm -rf "$data/mime"
  elif [ -d "$data/mime/packages" ] && command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$data/mime" >/dev/null 2>&1 || say "note: update-mime-database failed"
  fi
  if [ -d "$data/applications" ] && ! any "$data/applications"/*.desktop; then
    rm -f "$data/applications/mimeinfo.cache"
  elif [ -d "$data/applications" ] && command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$data/applications" >/dev/null 2>&1 \
      || say "note: update-desktop-database failed"
  fi
  if [ -f "$hicolor/index.theme" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q "$hicolor" >/dev/null 2>&1 || say "note: gtk-update-icon-cache failed"
  elif [ -d "$hicolor" ]; then
    touch "$hicolor"                   # a newer folder tells the icon theme to look again
  fi
}

# Remove DIR and then its parents while they are empty, stopping below STOP (never STOP itself).
prune() {
  _dir="$1"
  case "$_dir" in "$2"/*) ;; *) return 0 ;; esac
  while [ "$_dir" != "$2" ] && rmdir "$_dir" 2>/dev/null; do
    _dir="$(dirname "$_dir")"
  done
}

# Where pruning the data folders stops: the home, or XDG_DATA_HOME itself when it lies elsewhere.
case "$data" in "$HOME"/*) datastop="$HOME" ;; *) datastop="$data" ;; esac
