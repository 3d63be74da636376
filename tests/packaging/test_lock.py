"""Reproducible installs and builds (issue 44 item 2): the lock files and who uses them.

requirements/{app,test,bundle}.txt (scripts/lock.sh) pin every package with its hashes; they
satisfy pyproject.toml, agree with each other, and sit at or above pyproject's lower bounds (which
scripts/lowest.sh tests on their own). scripts/venv.sh (the README's commands and CI), the bundle
build and the workflow install from them; the workflow's actions are pinned by commit and Inno
Setup by version.
"""

from __future__ import annotations

import importlib.util
import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
import yaml
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests import ROOT

LOCKS = {"app": (), "test": ("test",), "bundle": ("bundle",)}
"""Each lock file and the extras of pyproject.toml it holds beside the app's dependencies."""
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^ ;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def entries(lock: str) -> list[tuple[str, Version, str | None, int]]:
    """(name, version, marker, number of hashes) of every pin in requirements/LOCK.txt."""
    lines = (ROOT / "requirements" / f"{lock}.txt").read_text(encoding="utf-8").splitlines()
    found = []
    for i, line in enumerate(lines):
        match = PIN.match(line)
        if match:
            hashes = 0
            for following in lines[i + 1:]:
                if not following.strip().startswith("--hash=sha256:"):
                    break
                hashes += 1
            found.append((canonicalize_name(match.group(1)), Version(match.group(2)), match.group(3), hashes))
    return found


def pins(lock: str, environment: dict | None = None) -> dict[str, Version]:
    """{name: version} of a lock on one platform (default: this one)."""
    environment = environment or default_environment()
    chosen = {}
    for name, version, marker, _ in entries(lock):
        if marker is None or Requirement(f"x; {marker}").marker.evaluate(environment):
            assert name not in chosen, f"{lock}.txt pins {name} twice on one platform"
            chosen[name] = version
    return chosen


def declared(extras: tuple[str, ...]) -> list[Requirement]:
    optional = PROJECT["optional-dependencies"]
    listed = PROJECT["dependencies"] + [r for extra in extras for r in optional[extra]]
    return [Requirement(r) for r in listed]


PLATFORMS = {
    "linux": {"sys_platform": "linux", "platform_system": "Linux"},
    "win32": {"sys_platform": "win32", "platform_system": "Windows"},
    "darwin": {"sys_platform": "darwin", "platform_system": "Darwin"},
}


@pytest.mark.parametrize("lock", LOCKS)
def test_every_pin_is_exact_and_hashed(lock):
    found = entries(lock)
    assert len(found) >= 15
    assert all(hashes >= 1 for *_, hashes in found), "pip's --require-hashes needs a hash on every pin"
    text = (ROOT / "requirements" / f"{lock}.txt").read_text(encoding="utf-8")
    assert "bash scripts/lock.sh" in text.splitlines()[1]          # says how to make it again


@pytest.mark.parametrize("platform", PLATFORMS)
@pytest.mark.parametrize("lock, extras", LOCKS.items())
def test_the_lock_satisfies_pyproject_on_every_platform(lock, extras, platform):
    environment = default_environment() | {"python_version": "3.11", "python_full_version": "3.11.9"}
    environment |= PLATFORMS[platform]
    chosen = pins(lock, environment)
    for requirement in declared(extras):
        name = canonicalize_name(requirement.name)
        assert name in chosen, f"{lock}.txt lacks {requirement.name} ({platform})"
        assert requirement.specifier.contains(chosen[name], prereleases=True), (requirement, chosen[name])
    assert {"pip", "setuptools"} <= chosen.keys()          # the installer and the build backend too


def test_a_package_has_one_version_in_every_lock():
    versions: dict[str, set] = {}
    for lock in LOCKS:
        for name, version, marker, _ in entries(lock):
            versions.setdefault((name, marker), set()).add(version)
    assert {key: v for key, v in versions.items() if len(v) > 1} == {}


def test_the_bundle_carries_no_test_tool_and_the_app_lock_no_pyinstaller():
    assert not {"pytest", "hypothesis", "statsmodels"} & pins("bundle").keys()
    assert "pyinstaller" in pins("bundle") and "pyinstaller" not in pins("app")


def test_the_lower_bounds_are_at_or_below_the_lock():
    bounds = load(ROOT / "scripts" / "lower_bounds.py").lower_bounds()
    assert set(bounds) == {Requirement(r).name for r in PROJECT["dependencies"]}
    locked = pins("app")
    for name, lower in bounds.items():
        assert Version(lower) <= locked[canonicalize_name(name)], name


def test_a_dependency_without_a_lower_bound_is_refused(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\ndependencies = ["numpy>=1.26", "scipy"]\n')
    with pytest.raises(ValueError, match="scipy has no lower bound"):
        load(ROOT / "scripts" / "lower_bounds.py").lower_bounds(tmp_path / "pyproject.toml")


def test_this_environment_is_the_test_lock():
    """scripts/test.sh installed exactly the lock's versions (CI runs it on a fresh clone)."""
    wrong = {}
    for name, version in pins("test").items():
        try:
            installed = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            wrong[name] = "missing"
            continue
        if installed != version:
            wrong[name] = f"{installed}, locked {version}"
    assert wrong == {}, "run bash scripts/test.sh, which installs requirements/test.txt"


# ------------------------------------------------------------ who installs from the lock
def test_the_readme_commands_and_ci_install_from_the_lock():
    venv = (ROOT / "scripts" / "venv.sh").read_text(encoding="utf-8")
    assert 'bash "$root/scripts/install-locked.sh" "$venv/bin/python" "$lock"' in venv
    assert '"$root/requirements/$lock.txt" -nt "$stamp"' in venv       # a new lock is installed again
    install = (ROOT / "scripts" / "install-locked.sh").read_text(encoding="utf-8")
    assert "--require-hashes --no-deps" in install and "--no-deps --no-build-isolation -e" in install
    assert '"${pip[@]}" check' in install
    assert "bash scripts/install-locked.sh \"$python\" bundle" in (
        ROOT / "packaging" / "ci_bundle.sh").read_text(encoding="utf-8")


def steps() -> list[dict]:
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    return [step for job in jobs.values() for step in job["steps"]]


def test_the_workflow_installs_from_the_lock_and_never_resolves_again():
    runs = "\n".join(step.get("run", "") for step in steps())
    assert "bash scripts/install-locked.sh python bundle" in runs
    assert "bash scripts/test.sh" in runs
    assert not re.search(r"pip install[^\n]*-e", runs)


def test_every_action_is_pinned_by_commit_with_its_tag_beside_it():
    used = [step["uses"] for step in steps() if "uses" in step]
    assert used and all(re.fullmatch(r"[\w.-]+/[\w.-]+@[0-9a-f]{40}", u) for u in used), used
    text = WORKFLOW.read_text(encoding="utf-8")
    for line in text.splitlines():
        if "uses:" in line:
            assert re.search(r"@[0-9a-f]{40}  # v\d+\.\d+\.\d+$", line), line


def test_inno_setup_is_one_version_and_checked():
    runs = "\n".join(step.get("run", "") for step in steps())
    version = re.search(r'\$inno = "(\d+\.\d+\.\d+)"', runs)
    assert version and tuple(map(int, version.group(1).split("."))) >= (6, 3)
    assert "choco install innosetup --version=$inno --allow-downgrade" in runs
    assert "choco upgrade" not in runs and "StartsWith($inno)" in runs

