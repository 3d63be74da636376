"""The check scripts/start.sh runs before the app on a Linux desktop: the libraries Qt's xcb
platform plugin needs, found with ldd, named as Debian packages, installed or asked for."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tapdesk.render import qt_platform
from tapdesk.render.qt_platform import debian_package, ensure_platform_libraries, missing_libraries

SONAME = "libtapdesk-xcb-test.so.0"


@pytest.fixture(scope="module")
def plugin(tmp_path_factory) -> Path:
    """A plugin linked against a library that is then removed, as a fresh desktop lacks one."""
    if shutil.which("gcc") is None or shutil.which("ldd") is None:
        pytest.skip("gcc and ldd are needed to build a plugin with a missing library")
    folder = tmp_path_factory.mktemp("plugin")
    (folder / "dep.c").write_text("int tapdesk_dep(void) { return 1; }\n")
    (folder / "plugin.c").write_text("int tapdesk_dep(void);\nint f(void) { return tapdesk_dep(); }\n")
    library = folder / SONAME
    subprocess.run(["gcc", "-shared", "-fPIC", f"-Wl,-soname,{SONAME}", "-o", str(library),
                    str(folder / "dep.c")], check=True)
    built = folder / "libqxcb.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-o", str(built), str(folder / "plugin.c"),
                    str(library)], check=True)
    library.unlink()
    return built


def test_ldd_names_the_library_the_plugin_cannot_find(plugin):
    assert missing_libraries(plugin) == [SONAME]


@pytest.mark.parametrize("soname, package", [
    ("libxcb-cursor.so.0", "libxcb-cursor0"), ("libxcb-icccm.so.4", "libxcb-icccm4"),
    ("libxkbcommon-x11.so.0", "libxkbcommon-x11-0"), ("libEGL.so.1", "libegl1"),
    ("libdbus-1.so.3", "libdbus-1-3"), ("libxcb-render-util.so.0", "libxcb-render-util0"),
    ("libX11-xcb.so.1", "libx11-xcb1")])
def test_a_soname_is_named_as_debian_names_its_package(soname, package):
    assert debian_package(soname) == package


def test_without_rights_the_one_apt_get_line_is_printed(plugin):
    written: list[str] = []
    assert not ensure_platform_libraries(plugin, may_install=lambda runner: None,
                                         write=written.append)
    text = "".join(written)
    assert "Qt's X11 (xcb) platform needs libtapdesk-xcb-test.so.0, which is not installed" in text
    assert "installing needs root (or sudo without a password)" in text
    assert text.splitlines()[-1] == \
        "  sudo apt-get install -y --no-install-recommends libtapdesk-xcb-test0"


def test_with_rights_the_packages_are_installed_and_checked_again():
    """As root (or with sudo -n) apt-get installs the packages; ldd is asked again after."""
    calls: list[list[str]] = []
    answers = iter([f"\t{SONAME} => not found\n\tlibc.so.6 => /lib/libc.so.6\n", ""])

    def runner(command):
        calls.append(list(command))
        out = next(answers) if command[0] == "ldd" else ""
        return subprocess.CompletedProcess(command, 0, out, "")

    written: list[str] = []
    assert ensure_platform_libraries(Path("libqxcb.so"), runner, lambda r: ["sudo", "-n"],
                                     written.append)
    assert calls[1:3] == [["sudo", "-n", "apt-get", "update", "-q"],
                          ["sudo", "-n", "apt-get", "install", "-y", "--no-install-recommends",
                           "libtapdesk-xcb-test0"]]
    assert calls[3][0] == "ldd"
    assert written == ["Installing what Qt needs to open a window: libtapdesk-xcb-test0 ...\n"]


def test_a_failed_install_says_the_line_to_run():
    def runner(command):
        if command[0] == "ldd":
            return subprocess.CompletedProcess(command, 0, f"{SONAME} => not found\n", "")
        return subprocess.CompletedProcess(command, 100, "", "E: Unable to locate package\n")

    written: list[str] = []
    assert not ensure_platform_libraries(Path("p.so"), runner, lambda r: [], written.append)
    assert "'apt-get update' failed" in "".join(written)
    assert "sudo apt-get install -y --no-install-recommends libtapdesk-xcb-test0" in written[-1]


def test_root_may_install_and_a_user_only_with_sudo_without_password(monkeypatch):
    monkeypatch.setattr(qt_platform.shutil, "which", lambda name: f"/usr/bin/{name}")
    refused = lambda command: subprocess.CompletedProcess(command, 1, "", "a password is required")
    assert qt_platform.install_prefix(refused, uid=0) == []
    assert qt_platform.install_prefix(refused, uid=1000) is None
    allowed = lambda command: subprocess.CompletedProcess(command, 0, "", "")
    assert qt_platform.install_prefix(allowed, uid=1000) == ["sudo", "-n"]


def test_without_a_display_nothing_is_checked(monkeypatch):
    """Headless (CI, SSH): the check passes at once, the self-test runs as before."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    done = subprocess.run([sys.executable, "-m", "tapdesk.render.qt_platform"], env=env,
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (0, "")
