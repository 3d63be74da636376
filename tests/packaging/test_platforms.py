"""Windows and macOS packaging, checked on any machine (issue 28 part 7).

Only the Linux bundle is built here (packaging/ci_bundle.sh); the Windows and macOS
builds run in .github/workflows/release.yml. What can be checked without them is
checked here: the per-platform choices the spec takes from packaging/platform_choices.py,
the workflow's structure, the Inno Setup script, the .app's Info.plist, and the
icon files made for both (read back with Qt's own ICO reader).
"""

from __future__ import annotations

import importlib.util
import plistlib
import re
import shutil
import sys
from pathlib import Path

import pytest
import yaml

import tapdesk
from tests import ROOT

PACKAGING = ROOT / "packaging"
WORKFLOWS = ROOT / ".github" / "workflows"
ISS = PACKAGING / "windows" / "tapdesk.iss"


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


choices = load(PACKAGING / "platform_choices.py")


# ------------------------------------------------------------ per-platform choices
def plugin(name: str) -> str:
    return f"PySide6/Qt/plugins/{name}"


@pytest.mark.parametrize("platform", choices.PLATFORMS)
def test_every_platform_drops_qt_network_translations_and_test_tools(platform):
    for dest in ("PySide6/Qt/lib/libQt6Network.so.6", "PySide6\\Qt6Network.dll",
                 "PySide6/Qt/lib/QtNetwork.framework/QtNetwork",
                 "PySide6/Qt/translations/qtbase_ja.qm", "PySide6\\translations\\qtbase_it.qm",
                 "PySide6/Qt/translations/designer_de.qm", "babel/locale-data/ja.dat",
                 plugin("sqldrivers/qsqlite.dll"), plugin("tls/libqopensslbackend.so"),
                 plugin("platforms/libqvnc.so")):
        assert not choices.wanted(dest, platform), (platform, dest)
    assert choices.wanted("PySide6/Qt/lib/libQt6Widgets.so.6", platform)
    assert choices.wanted("numpy/__init__.py", platform)
    for name in ("PySide6.QtNetwork", "pytest", "hypothesis", "PIL", "yaml"):
        assert name in choices.EXCLUDES


@pytest.mark.parametrize("platform", choices.PLATFORMS)
def test_every_platform_keeps_qts_texts_and_cldr_data_of_each_language_tapdesk_speaks(platform):
    assert choices.shipped_languages() == ("de", "es", "fr")
    for code in choices.shipped_languages():
        assert choices.wanted(f"PySide6/Qt/translations/qtbase_{code}.qm", platform)
        assert choices.wanted(f"PySide6\\translations\\qtbase_{code}.qm", platform)
        assert choices.wanted(f"babel/locale-data/{code}.dat", platform)
    assert choices.wanted("babel/locale-data/root.dat", platform)
    assert choices.wanted("babel/locale-data/fr_CA.dat", platform)
    assert choices.wanted("babel/global.dat", platform)
    datas = {dest for _src, dest in choices.datas(ROOT)}
    assert "tapdesk/i18n/locale" in datas


def test_windows_keeps_its_window_plugin_and_styles_and_no_x11():
    keep = lambda name: choices.wanted(plugin(name), "win32")
    assert keep("platforms/qwindows.dll") and keep("platforms/qoffscreen.dll")
    assert keep("styles/qmodernwindowsstyle.dll") and keep("imageformats/qico.dll")
    assert keep("imageformats/qsvg.dll") and keep("iconengines/qsvgicon.dll")
    assert not keep("platforms/libqxcb.so") and not keep("xcbglintegrations/libqxcb-glx-integration.so")
    assert not keep("platforms/libqcocoa.dylib") and not keep("platforms/qdirect2d.dll")
    # the Windows backslashes of a bundle path are read as separators
    assert choices.wanted("PySide6\\plugins\\platforms\\qwindows.dll", "win32")
    assert not choices.wanted("PySide6\\plugins\\platforms\\qvnc.dll", "win32")


def test_macos_keeps_cocoa_and_styles_and_no_x11():
    keep = lambda name: choices.wanted(plugin(name), "darwin")
    assert keep("platforms/libqcocoa.dylib") and keep("platforms/libqoffscreen.dylib")
    assert keep("styles/libqmacstyle.dylib") and keep("imageformats/libqjpeg.dylib")
    assert not keep("platforms/libqxcb.so") and not keep("platforms/qwindows.dll")
    assert not keep("platforms/libqminimalegl.dylib")


def test_linux_keeps_x11_and_wayland_as_before():
    keep = lambda name: choices.wanted(plugin(name), "linux")
    for name in ("platforms/libqxcb.so", "platforms/libqwayland-egl.so", "platforms/libqoffscreen.so",
                 "platforms/libqminimal.so", "xcbglintegrations/libqxcb-glx-integration.so",
                 "wayland-shell-integration/libxdg-shell.so",
                 "platforminputcontexts/libibusplatforminputcontextplugin.so",
                 "platformthemes/libqxdgdesktopportal.so"):
        assert keep(name), name
    for name in ("platforms/libqvnc.so", "platforms/libqminimalegl.so", "platforms/libqeglfs.so",
                 "platformthemes/libqgtk3.so", "styles/libqwindowsstyle.so", "platforms/qwindows.dll"):
        assert not keep(name), name


def test_platform_names_and_an_unknown_platform():
    assert [choices.platform_key(p) for p in ("linux", "win32", "darwin")] == ["linux", "win32", "darwin"]
    with pytest.raises(ValueError, match="not cygwin"):
        choices.platform_key("cygwin")


def test_the_version_is_tapdesks_own():
    assert choices.version() == tapdesk.__version__
    plist = choices.info_plist(choices.version())
    assert tapdesk.__version__.startswith(plist["CFBundleShortVersionString"])


@pytest.mark.parametrize("version, numbers", [("1.1.0", "1.1.0"), ("1.1.0.dev0", "1.1.0"),
                                              ("2.10.3.dev12", "2.10.3")])
def test_macos_and_windows_get_numbers_only(version, numbers):
    """Apple's version keys and Windows' file version take numbers: a development build names its release."""
    assert choices.numeric_version(version) == numbers
    plist = choices.info_plist(version)
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == numbers


def test_licence_and_third_party_list_are_at_the_top_of_every_bundle():
    datas = {Path(src).name: dest for src, dest in choices.datas(ROOT)}
    assert datas["LICENSE"] == "." and datas["fonts"] == "resources/fonts"
    assert datas["example_data"] == "tapdesk/resources/example_data"
    assert choices.TOP_LEVEL_FILES == ("LICENSE", "THIRD-PARTY-LICENSES.txt")
    spec = (PACKAGING / "tapdesk.spec").read_text(encoding="utf-8")
    # the spec takes every platform's data from the module and adds the list it generates
    assert "datas=choices.datas(ROOT)" in spec and "choices.wanted(dest, PLATFORM)" in spec
    assert "a.datas += [(choices.THIRD_PARTY_FILE, str(licence_file), \"DATA\")]" in spec
    assert "if PLATFORM == \"darwin\":" in spec and "info_plist=choices.info_plist(VERSION)" in spec


def test_windows_adds_a_windowed_program_and_the_others_one_program():
    windows = {p.name: p.console for p in choices.executables("win32")}
    assert windows == {"tapdesk": True, "tapdeskw": False}
    for platform in ("linux", "darwin"):
        assert [(p.name, p.console) for p in choices.executables(platform)] == [("tapdesk", True)]
    assert choices.icon("win32").name == "tapdesk.ico" and choices.icon("darwin").suffix == ".icns"
    assert choices.icon("linux") is None


# ------------------------------------------------------------ macOS Info.plist
def test_info_plist_declares_the_tapdesk_document_type():
    plist = plistlib.loads(plistlib.dumps(choices.info_plist("1.2.3")))      # valid plist values
    doc, data = plist["CFBundleDocumentTypes"]
    assert data["CFBundleTypeRole"] == "Viewer" and data["LSHandlerRank"] == "Alternate"
    assert doc["LSItemContentTypes"] == ["org.tapdesk.project"]
    assert doc["CFBundleTypeRole"] == "Editor" and doc["LSHandlerRank"] == "Owner"
    (uti,) = plist["UTExportedTypeDeclarations"]
    assert uti["UTTypeIdentifier"] == "org.tapdesk.project"
    assert uti["UTTypeTagSpecification"]["public.filename-extension"] == ["tapdesk"]
    assert "public.data" in uti["UTTypeConformsTo"]
    assert plist["NSHighResolutionCapable"] is True
    assert re.fullmatch(r"\d+\.\d+", plist["LSMinimumSystemVersion"])
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == "1.2.3"


# ------------------------------------------------------------ "Open with", the same everywhere
def test_open_with_is_one_set_of_distinct_files():
    extensions = [kind.extension for kind in choices.OPEN_WITH]
    assert len(set(extensions)) == len(extensions) and extensions[0] == "tapdesk"
    assert {"csv", "tsv", "xlsx", "xls", "ods", "sav", "dta"} <= set(extensions)
    for attribute in ("mime", "uti"):
        values = [getattr(kind, attribute) for kind in choices.OPEN_WITH]
        assert len(set(values)) == len(values), attribute
    # every extension offered is one the app's open dialog reads
    from tapdesk.gui.window.datasets import DATA_FILTER
    for kind in choices.DATA_FILES:
        assert f"*.{kind.extension}" in DATA_FILTER, kind.extension


def test_linux_offers_the_open_with_set():
    from tests.packaging.test_linux_integration import desktop_entry
    entry = desktop_entry(PACKAGING / "linux" / "tapdesk.desktop")
    types = entry["MimeType"].rstrip(";").split(";")
    assert types == [kind.mime for kind in choices.OPEN_WITH]
    # the types shared-mime-info lacks are declared by TapDesk's MIME package, with their glob
    import xml.etree.ElementTree as ET
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    declared = {element.get("type"): [glob.get("pattern") for glob in element.findall("m:glob", ns)]
                for element in ET.parse(PACKAGING / "linux" / "tapdesk-mime.xml").getroot()
                .findall("m:mime-type", ns)}
    assert declared == {kind.mime: [f"*.{kind.extension}"]
                        for kind in choices.OPEN_WITH if not kind.linux_knows}


def test_macos_offers_the_open_with_set():
    plist = choices.info_plist("1.2.3")
    utis = [uti for doc in plist["CFBundleDocumentTypes"] for uti in doc["LSItemContentTypes"]]
    assert utis == [kind.uti for kind in choices.OPEN_WITH]
    declared = plist["UTExportedTypeDeclarations"] + plist["UTImportedTypeDeclarations"]
    by_uti = {d["UTTypeIdentifier"]: d["UTTypeTagSpecification"] for d in declared}
    # macOS knows the others (public.*, com.microsoft.*, org.openxmlformats.*, org.oasis-open.*)
    assert set(by_uti) == {kind.uti for kind in choices.OPEN_WITH if not kind.macos_knows}
    for kind in choices.OPEN_WITH:
        if not kind.macos_knows:
            assert by_uti[kind.uti]["public.filename-extension"] == [kind.extension]
            assert by_uti[kind.uti]["public.mime-type"] == [kind.mime]


def test_windows_offers_the_open_with_set():
    registry = iss_entries("Registry")
    supported = [e["ValueName"] for e in registry if e["Subkey"].endswith("\\SupportedTypes")]
    assert supported == [f".{kind.extension}" for kind in choices.OPEN_WITH]
    # each data file lists TapDesk under its own "Open with" (the project has its ProgId)
    open_with = [e["Subkey"] for e in registry if e["Subkey"].endswith("\\OpenWithList\\{#AppExe}")]
    assert open_with == [f"Software\\Classes\\.{kind.extension}\\OpenWithList\\{{#AppExe}}"
                         for kind in choices.DATA_FILES]
    assert "Software\\Classes\\.tapdesk\\OpenWithProgids" in {e["Subkey"] for e in registry}


def test_the_uninstaller_removes_every_registry_entry():
    """A key of TapDesk's own goes whole (uninsdeletekey); a value in a key other programs share
    (the default of .tapdesk, its OpenWithProgids) goes alone, and its key only if left empty."""
    for entry in iss_entries("Registry"):
        flags = set(entry.get("Flags", "").split())
        assert flags & {"uninsdeletekey", "uninsdeletevalue"}, entry
        if "uninsdeletevalue" in flags:
            assert "uninsdeletekeyifempty" in flags, entry
        own = entry["Subkey"].startswith(("Software\\Classes\\{#ProgId}",
                                          "Software\\Classes\\Applications\\{#AppExe}"))
        if own or entry["Subkey"].endswith("\\OpenWithList\\{#AppExe}"):
            assert "uninsdeletekey" in flags, entry


# ------------------------------------------------------------ the workflow
def workflow() -> dict:
    files = sorted(WORKFLOWS.glob("*.yml"))
    assert files, "no workflow in .github/workflows"
    return yaml.safe_load((WORKFLOWS / "release.yml").read_text(encoding="utf-8"))


def test_every_workflow_parses_and_every_job_has_a_runner_and_steps():
    for path in sorted(WORKFLOWS.glob("*.yml")):
        flow = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert flow.get("on", flow.get(True)), f"{path.name}: no trigger"   # YAML 1.1 reads on: as True
        for name, job in flow["jobs"].items():
            assert job.get("runs-on"), f"{path.name}: job {name} has no runs-on"
            assert job.get("steps"), f"{path.name}: job {name} has no steps"
            for step in job["steps"]:
                assert ("uses" in step) != ("run" in step), f"{path.name}: {name}: {step}"


def test_the_bundle_is_built_and_self_tested_on_windows_macos_and_linux():
    flow = workflow()
    bundle = flow["jobs"]["bundle"]
    matrix = bundle["strategy"]["matrix"]["include"]
    assert {m["os"] for m in matrix} == {"ubuntu-latest", "windows-latest", "macos-latest", "macos-15-intel"}
    assert bundle["runs-on"] == "${{ matrix.os }}"
    assert all(s.get("with", {}).get("python-version") == "3.11"
               for s in bundle["steps"] if "setup-python" in s.get("uses", ""))
    runs = "\n".join(s.get("run", "") for s in bundle["steps"])
    assert 'bash scripts/install-locked.sh python bundle' in runs
    assert "packaging/tapdesk.spec" in runs and "--selftest --out" in runs
    selftest = next(s for s in bundle["steps"] if s.get("name", "").startswith("Self-test of the bundle"))
    assert selftest["env"] == {"QT_QPA_PLATFORM": "offscreen", "TAPDESK_BLOCK_NETWORK": "1"}
    assert "/DAppVersion=" in runs and "packaging\\windows\\tapdesk.iss" in runs
    assert "hdiutil create" in runs and "iconutil -c icns" in runs and "make_ico.py" in runs
    assert "bash packaging/release.sh" in runs and "SHA256SUMS" in runs
    assert any("upload-artifact" in s.get("uses", "") for s in bundle["steps"])
    release = flow["jobs"]["release"]
    assert release["if"] == "startsWith(github.ref, 'refs/tags/v')"
    assert set(release["needs"]) == {"test", "test-windows-macos", "bundle"}
    assert "v*" in flow.get("on", flow.get(True))["push"]["tags"]


def test_the_test_suite_runs_on_windows_and_macos_from_the_lock():
    job = workflow()["jobs"]["test-windows-macos"]
    assert set(job["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest"}
    assert job["runs-on"] == "${{ matrix.os }}" and job["defaults"]["run"]["shell"] == "bash"
    runs = [s.get("run", "") for s in job["steps"]]
    assert "bash scripts/install-locked.sh python test" in runs
    (pytest_step,) = [s for s in job["steps"] if "-m pytest" in s.get("run", "")]
    assert pytest_step["env"]["QT_QPA_PLATFORM"] == "offscreen"
    # the same action commits as the other jobs
    uses = {s["uses"] for s in job["steps"] if "uses" in s}
    assert uses <= {s["uses"] for s in workflow()["jobs"]["bundle"]["steps"] if "uses" in s}


def test_two_macos_builds_one_per_architecture_with_their_own_artefacts():
    bundle = workflow()["jobs"]["bundle"]
    macs = [m for m in bundle["strategy"]["matrix"]["include"] if m["platform"] == "macos"]
    assert {(m["os"], m["arch"], m["suffix"]) for m in macs} == {
        ("macos-latest", "arm64", "-arm64"), ("macos-15-intel", "x86_64", "-x86_64")}
    uploads = [s["with"]["name"] for s in bundle["steps"] if "upload-artifact" in s.get("uses", "")]
    assert all(name.endswith("${{ matrix.platform }}${{ matrix.suffix }}") for name in uploads)
    runs = "\n".join(s.get("run", "") for s in bundle["steps"])
    assert "lipo -archs" in runs and "SHA256SUMS-${{ matrix.platform }}${{ matrix.suffix }}" in runs


def test_hdiutil_create_is_retried():
    (step,) = [s for s in workflow()["jobs"]["bundle"]["steps"] if "hdiutil create" in s.get("run", "")]
    assert re.search(r"for attempt in 1 2 3 4 5; do\n\s+if hdiutil create ", step["run"])
    assert "sleep" in step["run"] and 'exit 1' in step["run"]


def test_the_uninstall_check_looks_for_every_kind_of_registry_key():
    (step,) = [s for s in workflow()["jobs"]["bundle"]["steps"] if "unins000.exe" in s.get("run", "")]
    for key in ("'TapDesk.Project'", "'.tapdesk'", "'Applications\\tapdeskw.exe'",
                "'.csv\\OpenWithList\\tapdeskw.exe'"):
        assert key in step["run"], key


def test_every_path_the_workflows_name_exists():
    """Every repository path a workflow's run: lines name exists, but what the build makes."""
    made = {choices.icon("win32"), choices.icon("darwin")}
    top = "|".join(sorted(p.name for p in ROOT.iterdir() if p.is_dir() and p.name in
                          {"scripts", "packaging", "tapdesk", "tests", "requirements", "resources"}))
    named = set()
    for path in sorted(WORKFLOWS.glob("*.yml")):
        for job in yaml.safe_load(path.read_text(encoding="utf-8"))["jobs"].values():
            for step in job["steps"]:
                for found in re.findall(rf"(?<![\w/\\.-])((?:{top})[/\\][\w./\\-]*\w)", step.get("run", "")):
                    named.add(found)
    assert {"scripts/install-locked.sh", "packaging/windows/tapdesk.iss", "scripts/test.sh",
            "packaging/macos/make_iconset.py"} <= {n.replace("\\", "/") for n in named}
    missing = sorted(n for n in named if not (ROOT / n.replace("\\", "/")).exists()
                     and ROOT / n.replace("\\", "/") not in made)
    assert not missing, missing


def test_a_test_job_runs_the_readme_test_command_on_ubuntu():
    job = workflow()["jobs"]["test"]
    assert job["runs-on"] == "ubuntu-latest"
    assert any(s.get("run", "").startswith("bash scripts/test.sh") for s in job["steps"])
    assert "bash scripts/test.sh" in (ROOT / "README.md").read_text(encoding="utf-8")


# ------------------------------------------------------------ the Windows installer
def iss_sections() -> dict[str, list[str]]:
    sections: dict[str, list[str]] = {}
    current = ""
    for line in ISS.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(";"):
            continue
        if re.fullmatch(r"\[\w+\]", line):
            current = line[1:-1]
        sections.setdefault(current, []).append(line)
    return sections


def iss_entries(section: str) -> list[dict[str, str]]:
    """The ``Key: value; Key: value`` entries of an Inno Setup section."""
    entries = []
    for line in iss_sections()[section][1:]:
        fields = re.findall(r'(\w+): ("(?:[^"]|"")*"|[^;]*)', line)
        entries.append({key: unquote(value.strip()) for key, value in fields})
    return entries


def unquote(value: str) -> str:
    """An Inno Setup value: a quoted one loses its quotes, and doubled quotes become one."""
    return value[1:-1].replace('""', '"') if value.startswith('"') else value


def iss_setup() -> dict[str, str]:
    return dict(line.split("=", 1) for line in iss_sections()["Setup"][1:])


def iss_defines() -> dict[str, str]:
    return dict(re.findall(r'#define (\w+) "([^"]*)"', ISS.read_text(encoding="utf-8")))


def test_installer_takes_the_version_from_the_build_and_lets_the_user_choose():
    setup = iss_setup()
    assert setup["AppVersion"] == "{#AppVersion}" and "#ifndef AppVersion" in ISS.read_text()
    # the file version takes numbers only: the workflow passes X.Y.Z of a development version
    assert setup["VersionInfoVersion"] == "{#FileVersion}"
    assert "#ifndef FileVersion\n  #define FileVersion AppVersion" in ISS.read_text()
    assert re.fullmatch(r"\{\{[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}\}", setup["AppId"])
    assert setup["PrivilegesRequired"] == "lowest"                 # per user without admin rights,
    assert "dialog" in setup["PrivilegesRequiredOverridesAllowed"]  # or all users, asked
    assert setup["LicenseFile"].endswith("\\LICENSE") and setup["SetupIconFile"] == "tapdesk.ico"
    assert setup["ChangesAssociations"] == "yes"
    assert setup["OutputBaseFilename"] == "tapdesk-{#AppVersion}-windows-x64-setup"


def test_installer_makes_the_start_menu_entry_the_optional_desktop_icon_and_the_files():
    defines = iss_defines()
    windowed = next(p.name for p in choices.executables("win32") if not p.console)
    assert defines["AppExe"] == f"{windowed}.exe"
    icons = iss_entries("Icons")
    assert any(e["Name"] == "{group}\\{#AppName}" and e["Filename"] == "{app}\\{#AppExe}" for e in icons)
    assert any(e["Filename"] == "{uninstallexe}" for e in icons)                # Inno's uninstaller
    desktop = next(e for e in icons if e["Name"].startswith("{autodesktop}"))
    assert desktop["Tasks"] == "desktopicon"
    (task,) = iss_entries("Tasks")
    assert task["Name"] == "desktopicon" and task["Flags"] == "unchecked"
    files = iss_entries("Files")
    assert files[0]["Source"] == "{#SourceRoot}\\dist\\tapdesk\\*" and "recursesubdirs" in files[0]["Flags"]


def test_installer_associates_tapdesk_projects_with_the_app():
    registry = iss_entries("Registry")
    assert all(e["Root"] == "HKA" and e["Subkey"].startswith("Software\\Classes\\") for e in registry)
    by_key = {(e["Subkey"], e.get("ValueName")): e for e in registry}
    prog_id = iss_defines()["ProgId"]
    assert by_key[("Software\\Classes\\.tapdesk", "")]["ValueData"] == "{#ProgId}"
    assert prog_id == "TapDesk.Project"
    assert by_key[("Software\\Classes\\{#ProgId}", "")]["Flags"] == "uninsdeletekey"
    assert by_key[("Software\\Classes\\{#ProgId}\\DefaultIcon", "")]["ValueData"] == "{app}\\{#AppExe},0"
    command = by_key[("Software\\Classes\\{#ProgId}\\shell\\open\\command", "")]["ValueData"]
    assert command == '"{app}\\{#AppExe}" "%1"'


# ------------------------------------------------------------ icons made in the workflow
@pytest.fixture
def rendered_pngs(tmp_path, qapp):
    """PNGs of every size, as packaging/linux/render_icons.py names them."""
    from PySide6.QtGui import QColor, QImage
    folder = tmp_path / "icons"
    folder.mkdir()
    shutil.copyfile(ROOT / "tapdesk" / "resources" / "icons" / "tapdesk.svg", folder / "tapdesk.svg")
    for size in (16, 32, 48, 64, 128, 256, 512):
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(QColor(size % 256, 90, 160))
        assert image.save(str(folder / f"tapdesk-{size}.png"))
    return folder


def test_the_ico_holds_every_size_and_qt_reads_it(rendered_pngs, tmp_path):
    from PySide6.QtGui import QImageReader
    make_ico = load(PACKAGING / "windows" / "make_ico.py")
    out = make_ico.make_ico(rendered_pngs, tmp_path / "tapdesk.ico")
    reader = QImageReader(str(out))
    assert reader.format() == b"ico" and reader.imageCount() == len(make_ico.SIZES)
    sizes = []
    for index in range(reader.imageCount()):
        assert reader.jumpToImage(index)
        image = reader.read()
        assert not image.isNull(), reader.errorString()
        sizes.append(image.width())
        assert image.pixelColor(image.width() // 2, image.height() // 2).red() == image.width() % 256
    assert sizes == [16, 32, 48, 64, 128, 256]


def test_the_ico_refuses_what_it_cannot_hold(rendered_pngs, tmp_path):
    make_ico = load(PACKAGING / "windows" / "make_ico.py")
    with pytest.raises(ValueError, match="at most 256 pixels, not 512x512"):
        make_ico.ico_bytes([(rendered_pngs / "tapdesk-512.png").read_bytes()])
    with pytest.raises(ValueError, match="not a PNG"):
        make_ico.ico_bytes([b"GIF89a" + bytes(30)])
    (rendered_pngs / "tapdesk-48.png").unlink()
    assert make_ico.main([str(rendered_pngs), str(tmp_path / "x.ico")]) == 1
    assert not (tmp_path / "x.ico").exists()


def test_the_iconset_has_iconutils_names_at_the_right_sizes(rendered_pngs, tmp_path):
    from PySide6.QtGui import QImage
    make_iconset = load(PACKAGING / "macos" / "make_iconset.py")
    out = make_iconset.make_iconset(rendered_pngs, tmp_path / "tapdesk.iconset")
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted([*make_iconset.ICONSET, "icon_512x512@2x.png"])   # the 1024 px slot too
    for name in names:
        points, scale = re.fullmatch(r"icon_(\d+)x\1(@2x)?\.png", name).groups()
        assert QImage(str(out / name)).width() == int(points) * (2 if scale else 1), name


# ------------------------------------------------------------ the windowed program
@pytest.mark.skipif(sys.platform == "win32", reason="closes the streams with a POSIX shell")
def test_a_program_started_without_console_streams_still_works(tmp_path):
    """tapdeskw.exe starts with sys.stdout and sys.stderr None: the entry script gives it
    the null device, so output cannot raise (here: both streams closed at start)."""
    import os
    import subprocess
    out = tmp_path / "clean.csv"
    command = [sys.executable, str(PACKAGING / "tapdesk_entry.py"), "inspect",
               str(ROOT / "tests" / "fixtures" / "import" / "medals.sav"), "--json", "--export", str(out)]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(PACKAGING)])}
    done = subprocess.run(["sh", "-c", '"$0" "$@" >&- 2>&-', *command], env=env, timeout=120)
    assert done.returncode == 0 and out.read_text(encoding="utf-8").startswith("subject,")
