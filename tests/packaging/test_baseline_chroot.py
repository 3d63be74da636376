"""Issue 44: the Linux baseline without docker (packaging/linux/baseline_chroot.sh, started by
``release.sh --baseline-chroot``), and the size bound of check_release.sh.

The chroot build itself takes an hour and root (debootstrap, chroot): it is run by hand and its
figures are in benchmarks/RESULTS.md. Here: the scripts parse, every repository path they name
exists, their arguments are checked before anything is made, and check_release.sh refuses a
bundle over its size target.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from tests import ROOT
from tests.packaging.test_bundle import load
from tests.packaging.test_linux_integration import fake_bundle, release, release_tree

LINUX = ROOT / "packaging" / "linux"
SCRIPTS = (LINUX / "baseline_chroot.sh", LINUX / "baseline_build.sh", ROOT / "packaging" / "release.sh")
TOPS = ("scripts", "packaging", "requirements", "tapdesk", "resources")
choices = load("platform_choices")


def named_paths(text: str) -> set[str]:
    """Repository paths a script names: ``packaging/build.sh``, also as ``/src/packaging/...``
    (the tree inside the chroot) or after ``$root/``."""
    top = "|".join(TOPS)
    return set(re.findall(rf"(?:(?<=/src/)|(?<=\$root/)|(?<![\w/.$-]))((?:{top})/[\w./-]*\w)", text))


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_the_baseline_scripts_parse(script):
    done = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr


def test_every_path_the_baseline_scripts_name_exists():
    named = set().union(*(named_paths(script.read_text(encoding="utf-8")) for script in SCRIPTS[:2]))
    assert {"packaging/linux/baseline_build.sh", "scripts/install-locked.sh", "packaging/build.sh",
            "packaging/release.sh", "packaging/linux/check_release.sh",
            "requirements/bundle.txt"} <= named
    assert "packaging/linux/baseline_chroot.sh" in named_paths(SCRIPTS[2].read_text(encoding="utf-8"))
    missing = sorted(path for path in named if not (ROOT / path).exists())
    assert not missing, missing


def test_the_chroot_build_runs_the_same_release_check_as_the_workflow():
    build = (LINUX / "baseline_build.sh").read_text(encoding="utf-8")
    assert 'bash scripts/install-locked.sh "$venv/bin/python" bundle' in build
    assert 'TAPDESK_GLIBC_BASELINE=1 bash packaging/linux/check_release.sh "$out"' in build
    # the workflow's container packages are installed in the chroot too
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8"))
    (step,) = [step for step in workflow["jobs"]["bundle"]["steps"]
               if step.get("if") == "matrix.platform == 'linux'" and "apt-get install" in step.get("run", "")]
    wanted = set(step["run"].split("--no-install-recommends", 1)[1].replace("\\", " ").split())
    installed = set(re.search(r"apt_get install -y --no-install-recommends (.*?)\n\n", build, re.S)
                    .group(1).replace("\\", " ").split())
    assert wanted <= installed, wanted - installed


def test_the_chroot_is_the_workflow_container_s_release_by_default():
    script = (LINUX / "baseline_chroot.sh").read_text(encoding="utf-8")
    (suite,) = re.findall(r'suite="\$\{TAPDESK_BASELINE_SUITE:-(\w+)\}"', script)
    assert {"ubuntu:22.04": "jammy"}[choices.LINUX_BASELINE_IMAGE] == suite
    assert 'mirror="${TAPDESK_BASELINE_MIRROR:-http://archive.ubuntu.com/ubuntu}"' in script


def chroot_script(*args: str, script: Path = LINUX / "baseline_chroot.sh") -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(script), *args], capture_output=True, text=True, timeout=60)


def test_the_chroot_script_checks_its_arguments_before_making_anything(tmp_path):
    target = tmp_path / "root"
    done = chroot_script("--root", str(target), "--out", str(tmp_path / "elsewhere"))
    assert done.returncode == 1 and "--out must be a folder inside the source tree" in done.stderr
    done = chroot_script("--rooot", str(target))
    assert done.returncode == 2 and "unknown argument --rooot" in done.stderr
    assert not target.exists()
    done = chroot_script("--help")
    assert done.returncode == 0 and "Usage (as root" in done.stdout and "--root DIR" in done.stdout


def test_release_sh_hands_baseline_chroot_to_the_chroot_script(tmp_path):
    done = chroot_script("--baseline-chroot", "--out", str(tmp_path / "out"),
                         script=ROOT / "packaging" / "release.sh")
    assert done.returncode == 1 and done.stderr.startswith("baseline: --out must be a folder inside")
    assert not (tmp_path / "out").exists()


def checked_tree(folder: Path, target_mb: int) -> Path:
    """A release tree whose check_release.sh reads a size target of ``target_mb``."""
    repo = release_tree(folder)
    shutil.copy2(ROOT / "packaging" / "elf_info.py", repo / "packaging")
    text = (ROOT / "packaging" / "platform_choices.py").read_text(encoding="utf-8")
    text, count = re.subn(r"^BUNDLE_SIZE_TARGET_MB = \d+$", f"BUNDLE_SIZE_TARGET_MB = {target_mb}",
                          text, flags=re.M)
    assert count == 1
    (repo / "packaging" / "platform_choices.py").write_text(text, encoding="utf-8")
    return repo


@pytest.mark.parametrize("target_mb", [choices.BUNDLE_SIZE_TARGET_MB, 2])
def test_check_release_refuses_a_bundle_over_its_size_target(tmp_path, target_mb):
    repo = checked_tree(tmp_path / "repo", target_mb)
    bundle = fake_bundle(tmp_path / "bundle")
    (bundle / "_internal" / "data.bin").write_bytes(b"\1" * (2 * 2**20 + 1))
    out = tmp_path / "release"
    made = release(repo, "--bundle", str(bundle), "--out", str(out))
    assert made.returncode == 0, made.stderr
    done = subprocess.run(["bash", str(repo / "packaging" / "linux" / "check_release.sh"), str(out)],
                          capture_output=True, text=True, timeout=120)
    if target_mb == 2:
        assert done.returncode == 1
        assert done.stderr.strip() == ("release check: the bundle is 2 MB unpacked, not under its target "
                                       "of 2 MB (platform_choices.BUNDLE_SIZE_TARGET_MB)")
    else:
        assert done.returncode == 0, done.stderr
        assert f"size: the bundle is 2 MB unpacked (target under {target_mb} MB), the tarball" in done.stdout
