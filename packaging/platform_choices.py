"""What the standalone bundle keeps on each platform: pure Python, read by ``tapdesk.spec``.

The spec (run by PyInstaller) imports this module, and so does
``tests/packaging/test_platforms.py``, which checks every platform's choices on
any machine: the Linux build is the only one made here, the Windows and macOS
builds are made by ``.github/workflows/release.yml``.

Per platform (``"linux"``, ``"win32"``, ``"darwin"``, as in ``sys.platform``):

- :data:`KEEP_PLUGINS`: the Qt plugins the app needs; :func:`wanted` drops every
  other plugin, Qt's translations but those of the languages TapDesk speaks, Babel's CLDR
  data of other languages and Qt's network library (the app is offline);
- :data:`EXCLUDES`: Python packages installed for tests or tools, never bundled;
- :func:`datas` and :data:`TOP_LEVEL_FILES`: the files carried beside the program, the
  same on all three (fonts, example data, ``LICENSE``, ``THIRD-PARTY-LICENSES.txt``);
- :func:`executables`: the programs made; Windows adds a windowed ``tapdeskw.exe``
  for the Start menu and the ``.tapdesk`` association (no console window);
- :func:`info_plist`: the macOS ``.app``'s Info.plist with the ``.tapdesk`` document type;
- :data:`OPEN_WITH`: the files TapDesk is offered for under "Open with", the same on all three
  (Linux ``tapdesk.desktop``, the Info.plist here, Windows ``tapdesk.iss``; the tests compare them).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

PLATFORMS = ("linux", "win32", "darwin")
ROOT = Path(__file__).resolve().parent.parent

APP_NAME = "TapDesk"
BUNDLE_ID = "org.tapdesk.TapDesk"
DOCUMENT_UTI = "org.tapdesk.project"
DOCUMENT_EXTENSION = "tapdesk"
DOCUMENT_MIME = "application/x-tapdesk-project"
MACOS_MINIMUM = "14.0"
"""The oldest macOS the .app declares. The locked wheels decide it: PySide6 6.10's are built for
macOS 13 (``macosx_13_0_universal2``), and on the macOS 15 runners pip takes numpy's and
SciPy's ``macosx_14_0`` wheels (Accelerate), which need macOS 14 (Sonoma)."""
LINUX_BASELINE_IMAGE = "ubuntu:22.04"
"""The container the release workflow builds the Linux bundle in (the oldest Linux supported)."""
GLIBC_MINIMUM = "2.35"
"""The oldest glibc the Linux release runs on: Ubuntu 22.04's, so Ubuntu 22.04+, Debian 12+,
Fedora 36+ (not RHEL 9, glibc 2.34). PySide6 6.10's x86_64 wheels need 2.34 (manylinux_2_34), so no
older Linux can build it (Debian 11's 2.31 cannot install the lock); the
libraries taken from the build host need what the baseline has. ``check_release.sh`` checks it."""
BUNDLE_SIZE_TARGET_MB = 330
"""The unpacked Linux bundle stays under this many MiB (files, not links): ``check_release.sh``
refuses a release over it, ``benchmarks/bench_bundle.py`` reports against it."""
LICENCE_FILE = "LICENSE"
THIRD_PARTY_FILE = "THIRD-PARTY-LICENSES.txt"

EXCLUDES = (
    "tkinter", "_tkinter", "IPython", "matplotlib", "PIL", "pytest", "_pytest", "pytestqt",
    "hypothesis", "statsmodels", "krippendorff", "pypdf", "patsy", "setuptools", "pip", "yaml",
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets",
    "PySide6.QtSql", "PySide6.QtXml", "PySide6.QtDBus",
    "PySide6.QtConcurrent", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtUiTools",
    "pyqtgraph.opengl", "pyqtgraph.examples", "pyqtgraph.jupyter",
)
"""Python packages that are installed for tests or tools but never used by the app.
(QtPrintSupport is used: File > Print lays the report out with QPrinter and hands the PDF to the
system's ``lp``, so Qt's own printer plugins, ``printsupport/``, stay out.)"""

KEEP_PLUGINS = {
    "linux": ("platforms/libqxcb", "platforms/libqwayland", "platforms/libqoffscreen",
              "platforms/libqminimal.", "platformthemes/libqxdgdesktopportal",
              "platforminputcontexts/",
              "xcbglintegrations/", "wayland-decoration-client/",
              "wayland-graphics-integration-client/", "wayland-shell-integration/",
              "imageformats/libqsvg", "imageformats/libqjpeg", "imageformats/libqico",
              "imageformats/libqgif", "iconengines/"),
    "win32": ("platforms/qwindows", "platforms/qoffscreen", "platforms/qminimal.", "styles/",
              "imageformats/qsvg", "imageformats/qjpeg", "imageformats/qico",
              "imageformats/qgif", "iconengines/"),
    "darwin": ("platforms/libqcocoa", "platforms/libqoffscreen", "platforms/libqminimal.",
               "styles/", "imageformats/libqsvg", "imageformats/libqjpeg",
               "imageformats/libqico", "imageformats/libqgif", "iconengines/"),
}
"""Qt plugins the app needs, per platform ("group/file stem" prefixes); all others are dropped."""


class FileKind(NamedTuple):
    """A kind of file TapDesk opens, named the way each platform's desktop names it."""

    extension: str
    mime: str
    """The freedesktop MIME type (Linux ``.desktop`` ``MimeType``)."""
    uti: str
    """The macOS Uniform Type Identifier."""
    description: str
    macos_knows: bool = True
    """False: macOS does not know the UTI, the .app declares it (exported or imported)."""
    linux_knows: bool = True
    """False: shared-mime-info does not know the MIME type, ``packaging/linux/tapdesk-mime.xml``
    declares it."""


OPEN_WITH = (
    FileKind(DOCUMENT_EXTENSION, DOCUMENT_MIME, DOCUMENT_UTI, "TapDesk project",
             macos_knows=False, linux_knows=False),
    FileKind("csv", "text/csv", "public.comma-separated-values-text", "CSV table"),
    FileKind("tsv", "text/tab-separated-values", "public.tab-separated-values-text",
             "Tab-separated table"),
    FileKind("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
             "org.openxmlformats.spreadsheetml.sheet", "Excel workbook"),
    FileKind("xls", "application/vnd.ms-excel", "com.microsoft.excel.xls", "Excel 97-2004 workbook"),
    FileKind("ods", "application/vnd.oasis.opendocument.spreadsheet",
             "org.oasis-open.opendocument.spreadsheet", "OpenDocument spreadsheet"),
    FileKind("sav", "application/x-spss-sav", "com.ibm.spss.sav", "SPSS data file", macos_knows=False),
    FileKind("dta", "application/x-stata-dta", "com.stata.dta", "Stata data file",
             macos_knows=False, linux_knows=False),
)
"""What TapDesk is offered for under "Open with" on every platform: its projects (which it owns)
and the data files it reads (offered, never taken over). shared-mime-info knows application/x-spss-sav
but not Stata's type, so the Linux MIME package declares application/x-stata-dta."""

DATA_FILES = tuple(kind for kind in OPEN_WITH if kind.extension != DOCUMENT_EXTENSION)


def platform_key(sys_platform: str) -> str:
    """``"linux"``, ``"win32"`` or ``"darwin"`` for a ``sys.platform`` value."""
    key = "linux" if sys_platform.startswith("linux") else sys_platform
    if key not in PLATFORMS:
        raise ValueError(f"TapDesk bundles are made for {', '.join(PLATFORMS)}, not {sys_platform}")
    return key


def wanted(dest: str, platform: str) -> bool:
    """False for unused Qt plugins, Qt translations and the Qt network library.

    ``dest`` is a path inside the bundle, with ``/`` or ``\\`` separators.
    """
    path = dest.replace("\\", "/")
    if "/translations/" in path and ("PySide6" in path or "Qt" in path):
        return _qt_translation_wanted(path.rsplit("/", 1)[1])
    if "babel/locale-data/" in path:
        return _cldr_locale_wanted(path.rsplit("/", 1)[1])
    if "Qt6Network" in path or "QtNetwork" in path or "Qt6EglFS" in path:
        return False
    marker = "/plugins/"
    if "PySide6" in path and marker in path:
        plugin = path.split(marker, 1)[1]
        return plugin.startswith(KEEP_PLUGINS[platform])
    return True


def shipped_languages(root: Path = ROOT) -> tuple[str, ...]:
    """The languages TapDesk ships beside English (``tapdesk/i18n/locale/languages.txt``, read
    without importing TapDesk)."""
    listing = root / "tapdesk" / "i18n" / "locale" / "languages.txt"
    lines = listing.read_text(encoding="utf-8").splitlines()
    return tuple(line.split()[0] for line in lines if line.strip() and not line.startswith("#"))


def _qt_translation_wanted(name: str) -> bool:
    """Qt's own texts (the standard buttons, the file dialog) in each language TapDesk
    speaks: ``qtbase_<code>.qm`` (tapdesk.gui.language loads it); every other catalog out."""
    return name in {f"qtbase_{code}.qm" for code in shipped_languages()}


def _cldr_locale_wanted(name: str) -> bool:
    """Babel's CLDR data (numbers, lists, dates) for the languages TapDesk speaks and their
    regions, with ``root`` they inherit from; not the 1,000 others (30 MB)."""
    base = name.split(".")[0].split("_")[0]
    return base in {"root", "en", *shipped_languages()}


def version(root: Path = ROOT) -> str:
    """``tapdesk.__version__``, read from the source without importing TapDesk."""
    tree = ast.parse((root / "tapdesk" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets):
            return str(ast.literal_eval(node.value))
    raise ValueError("tapdesk/__init__.py sets no __version__")


def datas(root: Path = ROOT) -> list[tuple[str, str]]:
    """(source, folder in the bundle) of the data files taken from the source tree.

    The same on every platform. ``LICENSE`` goes to the top of the data folder, where
    ``tapdesk.licence`` finds TapDesk's own licence in a bundle; the spec writes
    ``THIRD-PARTY-LICENSES.txt`` (:data:`THIRD_PARTY_FILE`) there too, once it knows what
    the build collected. The icons folder is carried when the source tree has it.
    """
    found = [(str(root / "resources" / "fonts"), "resources/fonts"),
             # the real example data (tapdesk.resources.examples reads them beside its module)
             (str(root / "tapdesk" / "resources" / "example_data"), "tapdesk/resources/example_data"),
             (str(root / LICENCE_FILE), ".")]
    # the translation catalogs (tapdesk.i18n reads them beside its module; the template makes
    # the pseudo-language)
    found.append((str(root / "tapdesk" / "i18n" / "locale"), "tapdesk/i18n/locale"))
    icons = root / "tapdesk" / "resources" / "icons"
    if icons.is_dir():
        found.append((str(icons), "tapdesk/resources/icons"))
    return found


TOP_LEVEL_FILES = (LICENCE_FILE, THIRD_PARTY_FILE)
"""At the top of the bundle's data folder on every platform."""


class Program(NamedTuple):
    """One executable of the bundle (a NamedTuple: the module is also loaded from its file)."""

    name: str
    console: bool
    purpose: str


def executables(platform: str) -> tuple[Program, ...]:
    """The programs built into the one folder (they share its libraries)."""
    main = Program("tapdesk", True, "the app, the command line and the self-test")
    if platform == "win32":
        return (main, Program("tapdeskw", False,
                              "the app without a console window: Start menu and .tapdesk files"))
    return (main,)


def icon(platform: str, root: Path = ROOT) -> Path | None:
    """The program's icon file for the platform, made from the PNGs during the build.

    ``packaging/windows/tapdesk.ico`` (``packaging/windows/make_ico.py``) and
    ``packaging/macos/tapdesk.icns`` (``iconutil`` in the workflow); Linux desktops
    take the icon from the ``.desktop`` entry instead.
    """
    return {"win32": root / "packaging" / "windows" / "tapdesk.ico",
            "darwin": root / "packaging" / "macos" / "tapdesk.icns"}.get(platform)


ICONS = ROOT / "tapdesk" / "resources" / "icons"
"""The rendered icon PNGs (``packaging/linux/render_icons.py``), ``tapdesk-SIZE.png``."""


def icon_pngs(icons: Path, sizes) -> dict[int, Path]:
    """{size: the PNG of that size in ``icons``}; FileNotFoundError names any missing."""
    found = {size: icons / f"tapdesk-{size}.png" for size in sizes}
    missing = [str(path) for path in found.values() if not path.is_file()]
    if missing:
        raise FileNotFoundError(f"icon PNGs missing: {', '.join(missing)}")
    return found


def numeric_version(app_version: str) -> str:
    """X.Y.Z of a development version X.Y.Z.devN: macOS and Windows want numbers only there."""
    match = re.match(r"\d+\.\d+\.\d+", app_version)
    if match is None:
        raise ValueError(f"version {app_version!r} does not start with X.Y.Z")
    return match.group(0)


def info_plist(app_version: str) -> dict:
    """The macOS ``.app``'s Info.plist entries: ``.tapdesk`` files open in TapDesk.

    Apple's version keys take numbers only, so a development build carries the release it leads
    to (1.1.0 for 1.1.0.dev0); the app's About and ``--version`` say the full version.
    """
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleShortVersionString": numeric_version(app_version),
        "CFBundleVersion": numeric_version(app_version),
        "NSHighResolutionCapable": True,
        "LSMinimumSystemVersion": MACOS_MINIMUM,
        "NSHumanReadableCopyright": "GPL-3.0-or-later",
        "CFBundleDocumentTypes": [{
            "CFBundleTypeName": "TapDesk project",
            "CFBundleTypeRole": "Editor",
            "LSHandlerRank": "Owner",
            "LSItemContentTypes": [DOCUMENT_UTI],
            "CFBundleTypeIconFile": "tapdesk.icns",
        }, {
            # offered under "Open with", never the default application for them
            "CFBundleTypeName": "Ratings data",
            "CFBundleTypeRole": "Viewer",
            "LSHandlerRank": "Alternate",
            "LSItemContentTypes": [kind.uti for kind in DATA_FILES],
        }],
        "UTExportedTypeDeclarations": [{
            "UTTypeIdentifier": DOCUMENT_UTI,
            "UTTypeDescription": "TapDesk project",
            "UTTypeConformsTo": ["public.json", "public.data"],
            "UTTypeIconFile": "tapdesk.icns",
            "UTTypeTagSpecification": {
                "public.filename-extension": [DOCUMENT_EXTENSION],
                "public.mime-type": [DOCUMENT_MIME],
            },
        }],
        # the data types macOS does not know itself
        "UTImportedTypeDeclarations": [{
            "UTTypeIdentifier": kind.uti,
            "UTTypeDescription": kind.description,
            "UTTypeConformsTo": ["public.data"],
            "UTTypeTagSpecification": {
                "public.filename-extension": [kind.extension],
                "public.mime-type": [kind.mime],
            },
        } for kind in DATA_FILES if not kind.macos_knows],
    }
