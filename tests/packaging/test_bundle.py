"""Standalone bundle pieces: the offline guard, the self-test with sockets blocked,
the licence list, the spec's plugin filter and where the shipped fonts are found.

The bundle itself is built and self-tested by CI's extra step (packaging/ci_bundle.sh);
these tests run in the normal suite and stay fast.
"""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys

import pytest

from tapdesk.report import fonts
from tests import ROOT

PACKAGING = ROOT / "packaging"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_guard_refuses_and_records_internet_access():
    code = (f"import sys; sys.path.insert(0, {str(PACKAGING)!r}); import tapdesk_netguard as g; "
            "g.install(); import socket, urllib.request\n"
            "for call in (lambda: socket.create_connection(('192.0.2.1', 80), timeout=1),\n"
            "             lambda: socket.getaddrinfo('example.org', 443),\n"
            "             lambda: urllib.request.urlopen('http://192.0.2.1/', timeout=1)):\n"
            "    try:\n        call()\n    except OSError:\n        pass\n"
            "print(len(g.attempts()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout.strip()) == 3


def test_guard_keeps_local_unix_sockets():
    guard = load("tapdesk_netguard")
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no UNIX sockets on this platform")
    code = (f"import sys; sys.path.insert(0, {str(PACKAGING)!r}); import tapdesk_netguard as g; "
            "g.install(); import socket; a, b = socket.socketpair(); a.sendall(b'x'); "
            "print(b.recv(1).decode(), len(g.attempts()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.split() == ["x", "0"], done.stderr
    assert guard.attempts() == []          # loading the module alone changes nothing


@pytest.mark.gui
@pytest.mark.slow
def test_selftest_walkthrough_opens_no_network_connection(tmp_path):
    """The app's scripted walkthrough, run through the bundle's entry script with sockets blocked.

    The one run of the whole self-test in the suite (it takes half a minute): it also checks
    what the self-test itself checks (issue 12) and that it leaves no recovery copy behind.
    """
    pytest.importorskip("tapdesk.gui.selftest.walkthrough")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    autosave = tmp_path / "autosave"
    env.update(QT_QPA_PLATFORM="offscreen", PYTHONPATH=os.pathsep.join([str(PACKAGING), str(ROOT)]),
               TAPDESK_AUTOSAVE_DIR=str(autosave), XDG_CONFIG_HOME=str(tmp_path / "config"))
    shots = tmp_path / "shots"
    done = subprocess.run([sys.executable, str(PACKAGING / "tapdesk_entry.py"), "--selftest",
                           "--out", str(shots)], capture_output=True, text=True, env=env,
                          timeout=480)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]
    assert "opened no network connection" in done.stderr
    line = json.loads(done.stdout.strip().splitlines()[-1])
    assert line["ok"] and "export report" in line["steps"] and "open example" in line["steps"]
    assert (shots / "report.pdf").stat().st_size > 10_000
    assert all((shots / name).exists() for name in line["screenshots"])
    assert line["max_gui_stall_ms"] is not None
    # issue 12: the walk over the window at two sizes and the shortcut check, both empty
    assert line["layout_problems"] == [] and line["shortcut_conflicts"] == []
    for step in ("generate data after fits: fits keep their own data",
                 "close with unsaved work asks Save / Discard / Cancel",
                 "recovery after a killed process names the data and brings back every fit",
                 "window at 1280 x 800 and 1920 x 1080: nothing cut or out of reach",
                 "a normal close leaves no recovery prompt"):
        assert step in line["steps"], step
    # its settings and recovery copies live in a profile of its own, removed afterwards (issue 44):
    # neither the output folder nor the user's autosave folder holds any
    assert not (shots / "autosave").exists() and not (shots / "settings").exists()
    assert not autosave.exists() or not list(autosave.iterdir())


def test_licence_list_names_packages_and_licences(tmp_path):
    licenses = load("licenses")
    out = licenses.write_license_list({"numpy", "pandas", "PySide6", "tapdesk"}, tmp_path / "L.txt")
    text = out.read_text()
    assert "- numpy " in text and "- pandas " in text and "PySide6" in text
    assert "LGPL" in text and "BSD" in text
    assert "- tapdesk" not in text                      # our own code is not third-party
    assert "CPython" in text and "PSF" in text


def test_spec_drops_unused_qt_plugins_translations_and_network():
    choices = load("platform_choices")        # the spec's choices (Windows, macOS: test_packaging_platforms)
    wanted = lambda dest: choices.wanted(dest, "linux")
    assert wanted("PySide6/Qt/plugins/platforms/libqxcb.so")
    assert wanted("PySide6/Qt/plugins/platforms/libqoffscreen.so")
    assert not wanted("PySide6/Qt/plugins/platforms/libqvnc.so")
    assert not wanted("PySide6/Qt/plugins/platforms/libqminimalegl.so")
    assert not wanted("PySide6/Qt/plugins/sqldrivers/libqsqlite.so")
    assert not wanted("PySide6/Qt/plugins/tls/libqopensslbackend.so")
    assert not wanted("PySide6/Qt/translations/qtbase_ja.qm")
    assert not wanted("PySide6/Qt/translations/qt_help_de.qm")
    assert not wanted("PySide6/Qt/lib/libQt6Network.so.6")
    assert wanted("PySide6/Qt/lib/libQt6Widgets.so.6") and wanted("numpy/__init__.py")


def test_shipped_fonts_are_found_with_their_licence():
    files = fonts.font_files()
    assert [f.name for f in files] == [fonts.REGULAR, fonts.BOLD, fonts.MONO]
    assert (fonts.fonts_dir() / "LICENSE-DejaVu.txt").is_file()
    assert all(f.read_bytes()[:4] == b"\x00\x01\x00\x00" for f in files)   # TrueType outlines


def test_fonts_are_found_in_a_bundle_layout(tmp_path, monkeypatch):
    folder = tmp_path / "resources" / "fonts"
    folder.mkdir(parents=True)
    (folder / fonts.REGULAR).write_bytes(b"\x00\x01\x00\x00")
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert fonts.resource_dirs()[0] == tmp_path / "resources"
    assert fonts.fonts_dir() == folder
