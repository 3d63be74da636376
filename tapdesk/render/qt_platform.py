"""Can Qt open a window on this Linux desktop? The system libraries its ``xcb`` platform needs.

PySide6 ships Qt but not the X11 client libraries its ``xcb`` platform plugin links against
(``libxcb-cursor.so.0`` and friends); on a fresh Debian desktop some are missing and Qt aborts
with "Reinstalling the application may fix this problem", which it will not. Before the app
starts, :func:`missing_libraries` asks the dynamic linker (``ldd``, which follows every library
the plugin pulls in) which of them it cannot find, :func:`debian_package` names the package
that holds each, and :func:`ensure_platform_libraries` installs them where this user may
(root, or ``sudo -n``), or says the one ``apt-get install`` line to run and why.

Run as ``python -m tapdesk.render.qt_platform`` by ``scripts/start.sh``: status 0 when Qt can
start (or there is no display to start it on), 1 when it cannot, with the line to run.
No Qt is imported here: importing it is what the check is for.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from tapdesk.render.display import has_display

Runner = Callable[[Sequence[str]], "subprocess.CompletedProcess[str]"]
_NOT_FOUND = re.compile(r"^\s*(\S+)\s+=>\s+not found\s*$")
_SONAME = re.compile(r"^(lib.+?)\.so\.([0-9][0-9.]*)$")


def run(command: Sequence[str]) -> subprocess.CompletedProcess[str]:
    """``command`` run to its end, its output captured (the default :data:`Runner`)."""
    return subprocess.run(list(command), capture_output=True, text=True, check=False)


def xcb_plugin() -> Path | None:
    """PySide6's ``xcb`` platform plugin, found without importing Qt (None if it has none)."""
    spec = importlib.util.find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / "Qt/plugins/platforms/libqxcb.so"
    return path if path.exists() else None


def missing_libraries(plugin: Path, runner: Runner = run) -> list[str]:
    """The sonames ``plugin`` or a library it pulls in needs and the linker cannot find, in
    the order ``ldd`` names them, each once."""
    done = runner(["ldd", str(plugin)])
    found: list[str] = []
    for line in done.stdout.splitlines():
        match = _NOT_FOUND.match(line)
        if match and match.group(1) not in found:
            found.append(match.group(1))
    return found


def debian_package(soname: str) -> str:
    """The Debian package that holds the shared library ``soname``, by Debian Policy's rule
    for library packages (section 8.1): the soname's name without ``.so``, lower case, then its
    major version, with a hyphen between them when the name ends in a digit
    (``libxcb-cursor.so.0`` -> ``libxcb-cursor0``, ``libxkbcommon-x11.so.0`` ->
    ``libxkbcommon-x11-0``, ``libEGL.so.1`` -> ``libegl1``). ``dpkg -S`` cannot be asked, as
    it knows only installed files, and ``apt-file`` is rarely installed; every library Qt's
    xcb plugin needs is packaged by this rule."""
    match = _SONAME.match(soname)
    if match is None:
        return soname
    name, version = match.group(1).lower(), match.group(2).split(".")[0]
    return f"{name}-{version}" if name[-1].isdigit() else f"{name}{version}"


def install_command(packages: Sequence[str]) -> list[str]:
    return ["apt-get", "install", "-y", "--no-install-recommends", *packages]


def install_prefix(runner: Runner = run, uid: int | None = None) -> list[str] | None:
    """How this user may run apt-get: ``[]`` as root, ``["sudo", "-n"]`` when sudo needs no
    password, None when neither (or when there is no apt-get)."""
    if shutil.which("apt-get") is None:
        return None
    if (os.getuid() if uid is None else uid) == 0:
        return []
    if shutil.which("sudo") and runner(["sudo", "-n", "true"]).returncode == 0:
        return ["sudo", "-n"]
    return None


def advice(missing: Sequence[str], why_not: str) -> str:
    """What to run when Qt cannot start and the libraries could not be installed here."""
    packages = list(dict.fromkeys(debian_package(name) for name in missing))
    libraries = ", ".join(missing)
    return (f"TapDesk cannot open its window yet: Qt's X11 (xcb) platform needs {libraries}, "
            f"which {'is' if len(missing) == 1 else 'are'} not installed, and {why_not}.\n"
            f"Install {'it' if len(packages) == 1 else 'them'} with this command, then start "
            f"TapDesk again:\n  sudo {' '.join(install_command(packages))}\n")


def ensure_platform_libraries(plugin: Path | None, runner: Runner = run,
                              may_install: Callable[[Runner], list[str] | None] = install_prefix,
                              write: Callable[[str], object] = sys.stderr.write) -> bool:
    """True when Qt's xcb plugin finds every library it needs (after installing the missing
    ones where this user may: ``may_install`` says how, as :func:`install_prefix` does); else
    False, having written the ``apt-get install`` line and why."""
    if plugin is None:
        return True                # no xcb plugin to check: Qt says itself what it lacks
    missing = missing_libraries(plugin, runner)
    if not missing:
        return True
    packages = list(dict.fromkeys(debian_package(name) for name in missing))
    prefix = may_install(runner)
    if prefix is None:
        write(advice(missing, "installing needs root (or sudo without a password)"))
        return False
    write(f"Installing what Qt needs to open a window: {' '.join(packages)} ...\n")
    for command in (["apt-get", "update", "-q"], install_command(packages)):
        done = runner([*prefix, *command])
        if done.returncode != 0:
            write(done.stderr[-2000:])
            write(advice(missing, f"'{' '.join(command[:2])}' failed"))
            return False
    still = missing_libraries(plugin, runner)
    if still:
        write(advice(still, "installing the packages did not provide them"))
        return False
    return True


def main() -> int:
    """Status 0 when the app can open its window here (or there is no display), else 1."""
    if sys.platform != "linux" or not has_display() or \
            os.environ.get("QT_QPA_PLATFORM", "xcb") not in ("", "xcb"):
        return 0
    return 0 if ensure_platform_libraries(xcb_plugin()) else 1


if __name__ == "__main__":
    sys.exit(main())
