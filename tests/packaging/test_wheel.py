"""A package others can depend on (issue 56): a wheel and an sdist built from the tree by
the build backend pyproject.toml names (what ``python -m build`` runs; ``build`` itself is not
among the locked test tools), their metadata checked, and the wheel installed into a clean
venv and imported there, away from the source tree.

Kept lean: no download. The wheel goes in with ``--no-deps --no-index``; the new venv sees
the test venv's site-packages through a path file for numpy, pandas ... (a path file's folder
is not a site folder, so the test venv's editable TapDesk is not seen there: the import must
come from the wheel, and the test checks it does)."""

from __future__ import annotations

import email
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import textwrap
import venv
import zipfile
from pathlib import Path

import pytest

import tapdesk
from tests import ROOT

BUILD = textwrap.dedent("""
    import sys
    from setuptools import build_meta as backend
    out = sys.argv[1]
    wheel = backend.build_wheel(out)
    sdist = backend.build_sdist(out)
    print("BUILT", wheel, sdist)
""")


LEFT_OUT = (".git", ".venv", "out", "build", "dist", "*.egg-info", "__pycache__", "*_cache",
            ".hypothesis", "screenshots")
"""What the copy of the tree leaves out: the build writes build/ and *.egg-info beside its
sources, so it works on a copy and leaves the checkout as it was."""


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("dist")
    tree = tmp_path_factory.mktemp("tree") / "tapdesk"
    shutil.copytree(ROOT, tree, ignore=shutil.ignore_patterns(*LEFT_OUT))
    done = subprocess.run([sys.executable, "-c", BUILD, str(out)], cwd=tree, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    built_line = [line for line in done.stdout.splitlines() if line.startswith("BUILT ")][-1]
    wheel_name, sdist_name = built_line.split()[1:]
    return out / wheel_name, out / sdist_name


@pytest.mark.slow
def test_the_wheels_metadata(built):
    wheel, sdist = built
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = email.message_from_bytes(archive.read(info))
    assert meta["Name"] == "tapdesk" and meta["Version"] == tapdesk.__version__
    assert meta["Requires-Python"] == ">=3.11"
    assert meta["Summary"] and meta["License-Expression"] == "GPL-3.0-or-later"
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "From Python" in meta.get_payload()            # the README is the description
    assert {"pandas>=2.1", "numpy>=1.26"} <= set(meta.get_all("Requires-Dist"))
    for module in ("tapdesk/api.py", "tapdesk/crowd.py", "tapdesk/api_results.py",
                   "tapdesk/resources/example_data/wine.csv"):
        assert module in names
    assert any(n.endswith("entry_points.txt") for n in names)
    with tarfile.open(sdist) as archive:
        members = archive.getnames()
    assert any(m.endswith("/pyproject.toml") for m in members)
    assert any(m.endswith("/tapdesk/api.py") for m in members)


@pytest.mark.slow
def test_the_wheel_installs_and_imports_in_a_clean_venv(built, tmp_path):
    wheel, _ = built
    env_dir = tmp_path / "clean"
    venv.create(env_dir, with_pip=False)
    python = env_dir / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install",
                           "--no-deps", "--no-index", "--quiet", str(wheel)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                           "['purelib'])"], capture_output=True, text=True,
                          check=True).stdout.strip()
    (Path(site) / "test_venv_packages.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    code = textwrap.dedent("""
        import sys, tapdesk
        print(tapdesk.__file__)
        print(tapdesk.__version__)
        print(round(tapdesk.fit(tapdesk.example("wine"), cut="2").value("a"), 3))
        print(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "pyqtgraph")))
    """)
    done = subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    where, version, accuracy, qt = done.stdout.split("\n")[:4]
    assert Path(where).is_relative_to(env_dir)            # from the wheel, not the tree
    assert version == tapdesk.__version__
    assert accuracy == "0.437" and qt == "[]"
