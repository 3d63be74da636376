"""Issue 44: the Linux baseline. The ELF reader behind the glibc bound in check_release.sh and the
spec's leaving out of libraries only dropped plugins need; the declared glibc minimum is the same in
platform_choices, the README, the release notes and the workflow's container."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests import ROOT
from tests.packaging.test_bundle import PACKAGING, load

elf = load("elf_info")
choices = load("platform_choices")
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the system's ELF files")


def _system_file(*names: str) -> Path:
    for name in names:
        for folder in ("/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu", "/lib64", "/usr/lib64",
                       "/usr/lib/x86_64-linux-gnu", "/bin", "/usr/bin"):
            path = Path(folder) / name
            if path.is_file():
                return path.resolve()
    pytest.skip(f"none of {names} here")


@linux_only
def test_needed_and_glibc_of_a_system_program_match_readelf():
    ls = _system_file("ls")
    assert "libc.so.6" in elf.needed(ls)
    found = elf.glibc_needed(ls)
    assert found and re.fullmatch(r"2\.\d+", found)
    host = os.confstr("CS_GNU_LIBC_VERSION").split()[1]
    assert elf.glibc_key(found) <= elf.glibc_key(host)
    if shutil.which("readelf"):
        text = subprocess.run(["readelf", "-V", "-W", str(ls)], capture_output=True, text=True,
                              check=True).stdout
        versions = set(re.findall(r"Name: GLIBC_(\d+(?:\.\d+)*)", text))
        assert found == max(versions, key=elf.glibc_key)
        dynamic = subprocess.run(["readelf", "-d", "-W", str(ls)], capture_output=True, text=True,
                                 check=True).stdout
        assert elf.needed(ls) == re.findall(r"\(NEEDED\).*\[(.+)\]", dynamic)


@linux_only
def test_soname_of_the_c_library_and_highest_over_a_folder(tmp_path):
    libc = _system_file("libc.so.6")
    assert elf.soname(libc) == "libc.so.6"
    ls = _system_file("ls")
    shutil.copy(ls, tmp_path / "program")
    (tmp_path / "notes.txt").write_text("not ELF")
    best, which, count = elf.highest_glibc([tmp_path])
    assert (best, which, count) == (elf.glibc_needed(ls), tmp_path / "program", 1)


def test_not_elf_is_refused_and_safe_needed_is_empty(tmp_path):
    text = tmp_path / "a.so"
    text.write_text("not an ELF file at all, but long enough to have a header" * 2)
    assert not elf.is_elf(text)
    with pytest.raises(elf.ElfError):
        elf.needed(text)
    assert elf.safe_needed(str(text)) == []


def test_glibc_versions_compare_as_numbers():
    assert elf.glibc_key("2.9") < elf.glibc_key("2.10") < elf.glibc_key("2.35")


def test_unneeded_leaves_out_only_what_only_dropped_files_need():
    graph = {"gtk-plugin": ["libgtk", "libglib"], "libgtk": ["libpango", "libX11"],
             "libpango": ["libglib"], "qxcb": ["libX11"], "QtCore": ["libglib"],
             "libglib": [], "libX11": [], "libctypes": []}
    candidates = {name: name for name in ("libgtk", "libpango", "libglib", "libX11", "libctypes")}
    left_out = elf.unneeded(["qxcb", "QtCore"], ["gtk-plugin"], candidates,
                            lambda path: graph[path], lambda path: [path])
    # libX11 and libglib are still needed; libctypes no dropped file needs: it stays
    assert left_out == {"libgtk", "libpango"}


def test_the_declared_glibc_minimum_is_the_same_everywhere():
    minimum = choices.GLIBC_MINIMUM
    # what the Qt wheels need is the floor: PySide6 6.10 is manylinux_2_34 on x86_64
    assert elf.glibc_key(minimum) >= (2, 34)
    # the baseline image is the one whose glibc is declared
    assert {"ubuntu:22.04": "2.35"}[choices.LINUX_BASELINE_IMAGE] == minimum
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text())
    linux = [entry for entry in workflow["jobs"]["bundle"]["strategy"]["matrix"]["include"]
             if entry["platform"] == "linux"]
    assert [entry.get("container") for entry in linux] == [choices.LINUX_BASELINE_IMAGE]
    steps = workflow["jobs"]["bundle"]["steps"]
    assert any(step.get("env", {}).get("TAPDESK_GLIBC_BASELINE") == "1"
               and "check_release.sh" in step.get("run", "") for step in steps)
    readme = (ROOT / "README.md").read_text()
    notes = (PACKAGING / "linux" / "README.release").read_text()
    for text in (readme, notes):
        stated = set(re.findall(r"glibc\s+\*{0,2}(\d+\.\d+)\s+or\s+later", text))
        assert stated == {minimum}, stated
    assert f"`{choices.LINUX_BASELINE_IMAGE}` container" in readme
