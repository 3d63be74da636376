"""Linux desktop integration (issue 28): icon, desktop entry, MIME type, install/uninstall, release.

The install scripts and the release script run for real, into temporary homes and folders,
with a fake bundle (a shell script named ``tapdesk``) instead of the 300 MB PyInstaller build.
"""

from __future__ import annotations

import configparser
import hashlib
import os
import shutil
import struct
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tapdesk import __version__
from tapdesk.gui.project.file import FORMAT, VERSION, snapshot_json
from tapdesk.resources import icons
from tests import ROOT

LINUX = ROOT / "packaging" / "linux"
PROJECT_TYPE = "application/x-tapdesk-project"
MIME_NS = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: Path) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk."""
    head = path.read_bytes()[:24]
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", f"{path.name} is not a PNG"
    return struct.unpack(">II", head[16:24])


def desktop_entry(path: Path) -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
    parser.optionxform = str                 # keys are case-sensitive
    parser.read(path, encoding="utf-8")
    return parser["Desktop Entry"]


def mime_type(path: Path = LINUX / "tapdesk-mime.xml") -> ET.Element:
    """The project's type (the package also declares Stata's, which shared-mime-info lacks)."""
    root = ET.parse(path).getroot()
    (element,) = [e for e in root.findall("m:mime-type", MIME_NS) if e.get("type") == PROJECT_TYPE]
    return element


# --- the icon -------------------------------------------------------------------------------

def test_each_icon_png_has_the_size_its_name_says():
    rendered = sorted(icons.ICON_DIR.glob("tapdesk-*.png"))
    assert rendered == sorted(icons.png(size) for size in icons.SIZES)
    for size in icons.SIZES:
        assert png_size(icons.png(size)) == (size, size)


def test_the_svg_icon_is_a_square_svg():
    root = ET.parse(icons.SVG).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    _, _, width, height = root.get("viewBox").split()
    assert width == height


def test_the_app_sets_the_icon_and_its_desktop_file_name():
    code = ("from tapdesk.gui.app import make_app\n"
            "app = make_app(['tapdesk'])\n"
            "sizes = sorted({s.width() for s in app.windowIcon().availableSizes()})\n"
            "print(app.desktopFileName(), *sizes)\n")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["tapdesk", *map(str, icons.SIZES)]


# --- the desktop entry and the MIME type ----------------------------------------------------

def test_desktop_entry_opens_projects_and_data_files():
    entry = desktop_entry(LINUX / "tapdesk.desktop")
    assert entry["Type"] == "Application" and entry["Name"] == "TapDesk"
    assert entry["GenericName"] == "Rater agreement analysis"
    assert entry["Exec"] == "tapdesk %f" and entry["Icon"] == "tapdesk"
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Science;Education;Office;"
    types = entry["MimeType"].rstrip(";").split(";")
    assert mime_type().get("type") == PROJECT_TYPE
    assert {PROJECT_TYPE, "text/csv", "application/vnd.oasis.opendocument.spreadsheet",
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "application/x-spss-sav"} <= set(types)


def test_mime_type_names_the_tapdesk_glob_and_the_project_start():
    element = mime_type()
    assert [g.get("pattern") for g in element.findall("m:glob", MIME_NS)] == ["*.tapdesk"]
    assert element.find("m:comment", MIME_NS).text == "TapDesk project"
    assert element.find("m:icon", MIME_NS).get("name") == desktop_entry(LINUX / "tapdesk.desktop")["Icon"]
    (match,) = element.findall("m:magic/m:match", MIME_NS)
    assert match.get("type") == "string" and match.get("offset") == "0"
    saved = snapshot_json({"format": FORMAT, "version": VERSION, "datasets": [], "tables": {},
                           "fits": [], "settings": None})
    assert saved.startswith(match.get("value"))


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate (desktop-file-utils) is not installed")
def test_desktop_entry_passes_desktop_file_validate():
    out = subprocess.run(["desktop-file-validate", str(LINUX / "tapdesk.desktop")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr


# --- install.sh and uninstall.sh ------------------------------------------------------------

FAKE_PROGRAM = """#!/bin/sh
if [ "$1" = --selftest ]; then
  mkdir -p "$3" && echo "%PDF" >"$3/report.pdf"
  if [ -n "${FAKE_TRACE:-}" ]; then
    mkdir -p "$HOME/.config" && echo "[FileDialog]" >"$HOME/.config/QtProject.conf" && touch "$HOME/.profile"
  fi
  exit "${FAKE_STATUS:-0}"
fi
echo fake tapdesk "$@"
"""


def fake_bundle(folder: Path) -> Path:
    """A bundle folder whose program only says it ran (and fakes ``--selftest --out DIR``; with
    ``FAKE_TRACE`` set, that self-test leaves Qt's file-dialog history in the home and touches the
    user's ``.profile``)."""
    folder.mkdir(parents=True)
    program = folder / "tapdesk"
    program.write_text(FAKE_PROGRAM)
    program.chmod(0o755)
    (folder / "_internal").mkdir()
    (folder / "_internal" / "library.so").write_bytes(b"\0" * 64)
    return folder


def run(script: Path, home: Path, *args: str, data_home: Path | None = None) -> str:
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    if data_home is not None:
        env["XDG_DATA_HOME"] = str(data_home)
    out = subprocess.run(["sh", str(script), *args], capture_output=True, text=True, env=env,
                         timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def tree(folder: Path) -> list[str]:
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def test_install_puts_everything_in_the_xdg_places_and_uninstall_removes_it(tmp_path):
    home = tmp_path / "home"
    home.mkdir()
    bundle = fake_bundle(tmp_path / "bundle")
    said = run(LINUX / "install.sh", home, str(bundle))
    assert "TapDesk installed in" in said and len(said.splitlines()) <= 6

    data = home / ".local" / "share"
    program = data / "tapdesk" / "tapdesk"
    link = home / ".local" / "bin" / "tapdesk"
    assert link.is_symlink() and link.resolve() == program.resolve()
    assert subprocess.run([str(link), "x.tapdesk"], capture_output=True, text=True).stdout \
        == "fake tapdesk x.tapdesk\n"
    assert (data / "tapdesk" / "_internal" / "library.so").stat().st_size == 64
    entry = desktop_entry(data / "applications" / "tapdesk.desktop")
    assert entry["Exec"] == f'"{program}" %f'
    assert entry["MimeType"] == desktop_entry(LINUX / "tapdesk.desktop")["MimeType"]
    assert (data / "mime" / "packages" / "tapdesk-mime.xml").read_bytes() \
        == (LINUX / "tapdesk-mime.xml").read_bytes()
    for size in icons.SIZES:
        installed = data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "tapdesk.png"
        assert installed.read_bytes() == icons.png(size).read_bytes()
    assert (data / "icons" / "hicolor" / "scalable" / "apps" / "tapdesk.svg").is_file()
    if shutil.which("update-mime-database"):
        globs = (data / "mime" / "globs2").read_text()
        assert f"{PROJECT_TYPE}:*.tapdesk" in globs

    first = tree(home)
    assert run(LINUX / "install.sh", home, str(bundle)) == said      # again: the same result
    assert tree(home) == first

    assert "TapDesk removed" in run(data / "tapdesk" / "uninstall.sh", home)
    assert tree(home) == []
    assert "nothing to remove" in run(LINUX / "uninstall.sh", home)


def test_uninstall_leaves_what_others_put_and_honours_xdg_data_home(tmp_path):
    home = tmp_path / "home"
    data = tmp_path / "my data $HOME 100%"          # a space, a dollar and a percent sign
    (home / ".local" / "bin").mkdir(parents=True)
    (home / ".local" / "bin" / "other").write_text("someone else's")
    (data / "applications").mkdir(parents=True)
    (data / "applications" / "other.desktop").write_text("[Desktop Entry]\nType=Application\n")
    before_home, before_data = tree(home), tree(data)

    run(LINUX / "install.sh", home, str(fake_bundle(tmp_path / "bundle")), data_home=data)
    assert (data / "tapdesk" / "tapdesk").is_file() and not (home / ".local" / "share").exists()
    program = str(data / "tapdesk" / "tapdesk").replace("$", "\\\\$").replace("%", "%%")
    entry_path = data / "applications" / "tapdesk.desktop"
    assert desktop_entry(entry_path)["Exec"] == f'"{program}" %f'
    if shutil.which("desktop-file-validate"):
        out = subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True, text=True)
        assert out.returncode == 0, out.stdout

    run(data / "tapdesk" / "uninstall.sh", home, data_home=data)
    assert tree(home) == before_home
    assert [p for p in tree(data) if p != "applications/mimeinfo.cache"] == before_data


def test_install_refuses_a_folder_without_the_program_and_keeps_a_foreign_command(tmp_path):
    home = tmp_path / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    foreign = home / ".local" / "bin" / "tapdesk"
    foreign.write_text("#!/bin/sh\necho pip's tapdesk\n")
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    empty = tmp_path / "empty"
    empty.mkdir()
    out = subprocess.run(["sh", str(LINUX / "install.sh"), str(empty)], capture_output=True,
                         text=True, env=env)
    assert out.returncode == 1 and "no TapDesk bundle" in out.stderr
    assert tree(home) == [".local", ".local/bin", ".local/bin/tapdesk"]
    said = run(LINUX / "install.sh", home, str(fake_bundle(tmp_path / "bundle")))
    assert "is not TapDesk's link; left as it is" in said
    run(LINUX / "uninstall.sh", home)
    assert foreign.read_text() == "#!/bin/sh\necho pip's tapdesk\n"


# --- release.sh -----------------------------------------------------------------------------

def release_tree(folder: Path, licence: bool = True) -> Path:
    """The parts of the repository release.sh reads, copied into ``folder``."""
    (folder / "packaging").mkdir(parents=True)
    shutil.copy2(ROOT / "packaging" / "release.sh", folder / "packaging")
    shutil.copytree(LINUX, folder / "packaging" / "linux", ignore=shutil.ignore_patterns("__pycache__"))
    (folder / "tapdesk").mkdir()
    shutil.copy2(ROOT / "tapdesk" / "__init__.py", folder / "tapdesk")
    # the version's check (scripts/version.py) reads the changelog
    (folder / "scripts").mkdir()
    shutil.copy2(ROOT / "scripts" / "version.py", folder / "scripts")
    shutil.copy2(ROOT / "CHANGELOG.md", folder)
    shutil.copytree(icons.ICON_DIR, folder / "tapdesk" / "resources" / "icons",
                    ignore=shutil.ignore_patterns("__pycache__"))
    if licence:
        (folder / "LICENSE").write_text("GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007\n")
    return folder


def release(repo: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(repo / "packaging" / "release.sh"), *args],
                          capture_output=True, text=True, timeout=120)


def test_release_tarball_holds_the_bundle_licence_and_install_scripts(tmp_path):
    repo = release_tree(tmp_path / "repo")
    out = tmp_path / "release"
    done = release(repo, "--bundle", str(fake_bundle(tmp_path / "bundle")), "--out", str(out))
    assert done.returncode == 0, done.stderr
    arch = os.uname().machine
    name = f"tapdesk-{__version__}"
    tarball = out / f"{name}-linux-{arch}.tar.gz"
    assert done.stdout.strip().splitlines()[-1].startswith(f"release: {tarball} (")
    assert sorted(p.name for p in out.iterdir()) == sorted([tarball.name, "SHA256SUMS"])

    digest = hashlib.sha256(tarball.read_bytes()).hexdigest()
    assert (out / "SHA256SUMS").read_text() == f"{digest}  {tarball.name}\n"
    check = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True, text=True)
    assert check.returncode == 0 and f"{tarball.name}: OK" in check.stdout

    with tarfile.open(tarball) as tar:
        members = {m.name: m for m in tar.getmembers()}
        assert {n.split("/")[0] for n in members} == {name}
        expected = ["LICENSE", "README", "install.sh", "uninstall.sh", "xdg-paths.sh",
                    "tapdesk.desktop", "tapdesk-mime.xml", "tapdesk/tapdesk",
                    "tapdesk/_internal/library.so", "icons/tapdesk.svg",
                    *(f"icons/tapdesk-{size}.png" for size in icons.SIZES)]
        assert {f"{name}/{n}" for n in expected} <= set(members)
        for program in ("install.sh", "uninstall.sh", "tapdesk/tapdesk"):
            assert members[f"{name}/{program}"].mode & 0o111
        assert tar.extractfile(f"{name}/LICENSE").read() == (repo / "LICENSE").read_bytes()
        readme = tar.extractfile(f"{name}/README").read().decode()
        assert readme.startswith(f"TapDesk {__version__} for Linux ({arch})") and "sh install.sh" in readme
        tar.extractall(tmp_path / "unpacked", filter="data")

    home = tmp_path / "home"
    home.mkdir()
    run(tmp_path / "unpacked" / name / "install.sh", home)
    hicolor = home / ".local" / "share" / "icons" / "hicolor"
    assert (hicolor / "48x48" / "apps" / "tapdesk.png").read_bytes() == icons.png(48).read_bytes()
    run(tmp_path / "unpacked" / name / "uninstall.sh", home)
    assert tree(home) == []


def test_release_refuses_without_a_licence_or_with_an_unknown_option(tmp_path):
    repo = release_tree(tmp_path / "repo", licence=False)
    bundle = str(fake_bundle(tmp_path / "bundle"))
    done = release(repo, "--bundle", bundle, "--out", str(tmp_path / "out"))
    assert done.returncode == 1 and done.stderr.startswith("release: LICENSE is missing")
    done = release(repo, "--bundel", bundle)
    assert done.returncode == 2 and "unknown argument --bundel" in done.stderr


def test_the_ci_release_check_passes_a_good_release_and_names_what_is_wrong(tmp_path):
    repo = release_tree(tmp_path / "repo")
    out = tmp_path / "release"
    assert release(repo, "--bundle", str(fake_bundle(tmp_path / "bundle")), "--out", str(out)).returncode == 0
    check = [str(LINUX / "check_release.sh"), str(out)]
    done = subprocess.run(["bash", *check], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"release: tapdesk-{__version__}-linux-")
    assert "without a trace in the home" in done.stdout and "uninstall left nothing" in done.stdout

    done = subprocess.run(["bash", *check], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, FAKE_STATUS="1"))
    assert done.returncode == 1 and "self-test failed" in done.stderr

    done = subprocess.run(["bash", *check], capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, FAKE_TRACE="1"))
    assert done.returncode == 1
    assert "the installed program's self-test changed the home: 2 differences" in done.stderr
    assert "appeared: ./.config/QtProject.conf" in done.stderr and "changed: ./.profile" in done.stderr

    sums = out / "SHA256SUMS"
    sums.write_text("0" * 64 + sums.read_text()[64:])
    done = subprocess.run(["bash", *check], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and "do not verify" in done.stderr
