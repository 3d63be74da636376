"""List every third-party package the bundle carries, with its licence.

Called from ``tapdesk.spec`` with the top-level names PyInstaller collected
(pure modules, extensions, shared libraries, data); maps them to installed
distributions (``importlib.metadata.packages_distributions``) and writes
``THIRD-PARTY-LICENSES.txt``: one entry per distribution with its version,
licence (License-Expression, License field or classifiers) and the full
text of each licence file the distribution ships. Also runnable by hand:
``python packaging/licenses.py OUT.txt name1 name2 ...``.
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
import sysconfig
from importlib import metadata
from pathlib import Path

SKIP = {"tapdesk", "pip", "setuptools", "wheel", "pyinstaller", "pyinstaller-hooks-contrib",
        "altgraph", "_distutils_hack"}
LICENSE_WORDS = ("license", "licence", "copying", "notice", "authors")


def distributions_for(top_names) -> dict[str, metadata.Distribution]:
    """{distribution name: Distribution} for the given top-level module names."""
    mapping = metadata.packages_distributions()
    out: dict[str, metadata.Distribution] = {}
    for top in sorted(set(top_names)):
        for dist_name in mapping.get(top, []):
            if dist_name.lower() in SKIP:
                continue
            try:
                out.setdefault(dist_name, metadata.distribution(dist_name))
            except metadata.PackageNotFoundError:
                continue
    return out


def licence_name(dist: metadata.Distribution) -> str:
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression
    text = (meta.get("License") or "").strip()
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or []
                   if c.startswith("License ::")]
    if text and len(text) < 120 and "\n" not in text:
        return text
    if classifiers:
        return "; ".join(classifiers)
    return text.splitlines()[0][:120] if text else "see licence files"


def licence_files(dist: metadata.Distribution) -> list[Path]:
    files = []
    for file in dist.files or []:
        name = Path(str(file)).name.lower()
        if any(word in name for word in LICENSE_WORDS) and not name.endswith((".py", ".pyc")):
            path = Path(dist.locate_file(file))
            if path.is_file() and path.stat().st_size < 2_000_000:
                files.append(path)
    return files


def system_packages(library_paths) -> dict[str, list[str]]:
    """{Debian package: licence names} owning the given system libraries (dpkg, when present)."""
    if shutil.which("dpkg") is None:
        return {}
    out: dict[str, list[str]] = {}
    for path in sorted({str(Path(p).resolve()) for p in library_paths}):
        found = subprocess.run(["dpkg", "-S", path], capture_output=True, text=True)
        if found.returncode != 0:
            continue
        package = found.stdout.split(":")[0].strip()
        if package in out:
            continue
        copyright_file = Path("/usr/share/doc") / package / "copyright"
        names: list[str] = []
        if copyright_file.is_file():
            for line in copyright_file.read_text(errors="replace").splitlines():
                if line.startswith("License:"):
                    name = line.split(":", 1)[1].strip()
                    if name and name not in names:
                        names.append(name)
        out[package] = names or ["see /usr/share/doc/" + package + "/copyright"]
    return out


def python_entry() -> tuple[str, Path | None]:
    licence = Path(sysconfig.get_paths()["stdlib"]) / "LICENSE.txt"
    return (f"CPython {platform.python_version()} (interpreter and standard library): "
            "PSF-2.0", licence if licence.is_file() else None)


def write_license_list(top_names, out: str | Path, extra: str = "",
                       system_libraries=()) -> Path:
    """Write the licence list for the distributions behind ``top_names``; returns the path.

    ``system_libraries``: source paths of shared libraries taken from the
    operating system; they are listed by the package that owns them.
    """
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    dists = distributions_for(top_names)
    system = system_packages(system_libraries)
    python_line, python_licence = python_entry()
    lines = ["Third-party software bundled with TapDesk", "=" * 42, "",
             f"{len(dists)} Python packages, the Python runtime and {len(system)} system "
             "libraries. Each is listed with its version and licence; the licence texts "
             "follow.", "", f"- {python_line}"]
    for name in sorted(dists, key=str.lower):
        dist = dists[name]
        lines.append(f"- {dist.metadata['Name']} {dist.version}: {licence_name(dist)}")
    if system:
        lines += ["", "Shared libraries from the build machine's operating system (Debian "
                  "package: licences; full texts in /usr/share/doc/<package>/copyright):"]
        lines += [f"- {package}: {', '.join(names)}" for package, names in system.items()]
    if extra:
        lines += ["", extra]
    if python_licence is not None:
        lines += ["", "-" * 78, python_line, "-" * 78,
                  python_licence.read_text(encoding="utf-8", errors="replace")]
    for name in sorted(dists, key=str.lower):
        dist = dists[name]
        for path in licence_files(dist):
            lines += ["", "-" * 78, f"{dist.metadata['Name']} {dist.version}: {path.name}",
                      "-" * 78, path.read_text(encoding="utf-8", errors="replace")]
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


if __name__ == "__main__":
    print(write_license_list(sys.argv[2:], sys.argv[1]))
