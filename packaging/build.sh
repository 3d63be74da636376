#!/usr/bin/env bash
# Build the one-folder TapDesk bundle into dist/tapdesk (PyInstaller, packaging/tapdesk.spec).
# Usage: bash packaging/build.sh [PYTHON]   (default: ./.venv/bin/python with the "bundle" extra)
# Prints the build time and the unpacked size; the bundle's program is dist/tapdesk/tapdesk.
set -eu
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${1:-$root/.venv/bin/python}"
cd "$root"
if ! "$python" -c "import PyInstaller" 2>/dev/null; then
  echo "PyInstaller is missing: bash scripts/install-locked.sh $python bundle" >&2
  exit 1
fi
start=$(date +%s)
"$python" -m PyInstaller --noconfirm --clean --log-level WARN \
  --distpath "$root/dist" --workpath "$root/build/pyinstaller" "$root/packaging/tapdesk.spec"
end=$(date +%s)
size=$(du -sm "$root/dist/tapdesk" | cut -f1)
echo "bundle: $root/dist/tapdesk  (${size} MB unpacked, built in $((end - start)) s)"
