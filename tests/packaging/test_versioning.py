"""The version moves with every release (issue 44 item 3): scripts/version.py and its use.

The version is written once (tapdesk/__init__.py); between releases it is a development version.
The changelog's newest released section is the version (a release) or comes before it (a
development version), under [Unreleased]; packaging/release.sh builds a release only with its
changelog section and never a version already tagged on another commit.
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tapdesk
from tests import ROOT

SCRIPT = ROOT / "scripts" / "version.py"


def load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(path.stem, module)      # dataclass-like NamedTuples look their module up
    spec.loader.exec_module(module)
    return module


version = load(SCRIPT)

CHANGELOG = """# Changelog

Prose before the sections.

## [Unreleased]

### Fixed
- A fix not yet released.

## [1.0.0] - 2026-11-23

The first release.
"""


def tree(tmp_path: Path, current: str = "1.1.0.dev0", changelog: str = CHANGELOG) -> Path:
    (tmp_path / "tapdesk").mkdir(parents=True)
    (tmp_path / "tapdesk" / "__init__.py").write_text(f'"""TapDesk."""\n\n__version__ = "{current}"\n')
    (tmp_path / "CHANGELOG.md").write_text(changelog)
    return tmp_path


def git(root: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=True,
                          env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                               "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
                               "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(root), "PATH": "/usr/bin:/bin"})
    return done.stdout.strip()


def repository(root: Path) -> Path:
    """``root`` as a git repository of its own with one commit (never the project's repository)."""
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    return root


# ------------------------------------------------------------ this checkout
def test_the_package_version_is_the_one_in_the_changelog():
    assert version.current(ROOT) == tapdesk.__version__
    assert version.problems(ROOT) == []
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    unreleased, newest = version.sections(text)[:2]
    assert unreleased.name == "Unreleased" and unreleased.start < newest.start and newest.date
    if version.is_release(tapdesk.__version__):
        assert newest.name == tapdesk.__version__
    else:
        assert version.parse(newest.name) < version.parse(version.release_part(tapdesk.__version__))


def test_main_between_releases_says_it_is_not_a_release():
    """1.0.0 is released and [Unreleased] has new numerics, so this is the development of 1.1.0."""
    assert tapdesk.__version__ == "1.1.0.dev0"
    assert not version.is_release(tapdesk.__version__)


@pytest.mark.parametrize("module, name", [("tapdesk.engine.results", "FitResult"),
                                          ("tapdesk.engine.coefficients.result", "AgreementResult"),
                                          ("tapdesk.engine.planning.result", "PlanResult")])
def test_every_result_carries_the_running_version(module, name):
    """A result (its JSON, the report's footer and notes, a saved project) says what computed it."""
    cls = getattr(importlib.import_module(module), name)
    assert cls.__dataclass_fields__["version"].default == tapdesk.__version__


# ------------------------------------------------------------ the order of versions
@pytest.mark.parametrize("lower, higher", [("1.0.0", "1.1.0.dev0"), ("1.1.0.dev0", "1.1.0.dev1"),
                                           ("1.1.0.dev1", "1.1.0"), ("1.1.0", "1.1.1.dev0"),
                                           ("1.9.0", "1.10.0")])
def test_versions_sort_as_pep_440_says(lower, higher):
    assert version.parse(lower) < version.parse(higher)


@pytest.mark.parametrize("text", ["1.1", "v1.1.0", "1.1.0-dev", "1.1.0rc1", ""])
def test_other_shapes_of_version_are_refused(text):
    with pytest.raises(version.VersionError):
        version.parse(text)


# ------------------------------------------------------------ bump
def test_a_release_dates_the_unreleased_entries_and_empties_the_section(tmp_path):
    root = tree(tmp_path)
    said = version.bump("1.1.0", root, date="2026-12-01")
    assert "1.1.0.dev0 -> 1.1.0" in said
    assert version.current(root) == "1.1.0"
    text = (root / "CHANGELOG.md").read_text()
    assert text.index("## [Unreleased]") < text.index("## [1.1.0] - 2026-12-01") < text.index("## [1.0.0]")
    unreleased, new, old = version.sections(text)
    assert text[unreleased.body:unreleased.end].strip() == ""
    assert text[new.body:new.end].strip() == "### Fixed\n- A fix not yet released."
    assert "Prose before the sections." in text and "The first release." in text
    assert version.problems(root) == []
    assert (root / "tapdesk" / "__init__.py").read_text() == '"""TapDesk."""\n\n__version__ = "1.1.0"\n'


def test_after_a_release_main_goes_back_to_a_development_version(tmp_path):
    root = tree(tmp_path)
    version.bump("1.1.0", root, date="2026-12-01")
    before = (root / "CHANGELOG.md").read_text()
    version.bump("1.1.1.dev0", root)
    assert version.current(root) == "1.1.1.dev0"
    assert (root / "CHANGELOG.md").read_text() == before       # a development version dates nothing
    assert version.problems(root) == []


@pytest.mark.parametrize("new, reason", [
    ("1.1.0.dev0", "not above the current version"),
    ("1.0.1", "not above the current version"),
    ("1.1", "not X.Y.Z"),
])
def test_bump_refuses_a_version_that_does_not_move_forward(tmp_path, new, reason):
    root = tree(tmp_path)
    with pytest.raises(version.VersionError, match=reason):
        version.bump(new, root)
    assert version.current(root) == "1.1.0.dev0"


def test_bump_refuses_a_release_with_nothing_to_say(tmp_path):
    root = tree(tmp_path, changelog=CHANGELOG.replace("### Fixed\n- A fix not yet released.\n", ""))
    with pytest.raises(version.VersionError, match="nothing under"):
        version.bump("1.1.0", root)
    assert version.current(root) == "1.1.0.dev0"


def test_bump_refuses_a_development_version_of_a_release_already_made(tmp_path):
    root = tree(tmp_path, current="0.9.0")
    with pytest.raises(version.VersionError, match="already released 1.0.0"):
        version.bump("1.0.0.dev5", root)


# ------------------------------------------------------------ check
def test_check_finds_a_release_without_its_changelog_section(tmp_path):
    root = tree(tmp_path, current="1.1.0")
    assert version.problems(root) == [
        "version 1.1.0 is a release, but the changelog's newest release is 1.0.0"]


def test_check_finds_a_development_version_behind_the_changelog(tmp_path):
    root = tree(tmp_path, current="1.0.0.dev3")
    assert version.problems(root) == [
        "version 1.0.0.dev3 is the development of 1.0.0, but the changelog has already released 1.0.0"]


def test_check_finds_a_changelog_without_unreleased_on_top(tmp_path):
    text = CHANGELOG.replace("## [Unreleased]\n\n### Fixed\n- A fix not yet released.\n\n", "")
    root = tree(tmp_path, current="1.0.0", changelog=text)
    assert version.problems(root) == ["CHANGELOG.md does not start with a [Unreleased] section"]


# ------------------------------------------------------------ check-release and release.sh
def test_a_development_version_is_never_a_release(tmp_path):
    root = repository(tree(tmp_path))
    assert version.release_problems(root) == [
        "1.1.0.dev0 is a development version; a release needs python scripts/version.py bump 1.1.0"]


def test_a_version_tagged_on_another_commit_is_released_already(tmp_path):
    root = repository(tree(tmp_path, current="1.0.0"))
    assert version.release_problems(root) == []          # untagged (a fresh clone has no tags)
    git(root, "tag", "v1.0.0")
    assert version.release_problems(root, tag="v1.0.0") == []   # the workflow building the tag
    assert version.release_problems(root, tag="v1.0.1") == [
        "the tag v1.0.1 does not name version 1.0.0 (v1.0.0)"]
    (root / "later.txt").write_text("a change after the release\n")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "two")
    (wrong,) = version.release_problems(root)
    assert wrong.startswith("1.0.0 is already released (tag v1.0.0 is commit ")


def test_the_command_line_says_why_and_fails(tmp_path):
    root = repository(tree(tmp_path, current="1.1.0"))
    done = subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), "check-release"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "changelog's newest release is 1.0.0" in done.stderr
    done = subprocess.run([sys.executable, str(SCRIPT), "--root", str(root), "bump", "1.1.0",
                           "--date", "2026-12-01"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and "not above the current version" in done.stderr


def release_sh(tmp_path: Path, current: str) -> subprocess.CompletedProcess:
    """packaging/release.sh in a copy of the files it reads first, with no bundle to package."""
    root = tree(tmp_path / "tree", current=current)
    for name in ("packaging/release.sh", "scripts/version.py", "LICENSE"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, root / name)
    repository(root)
    return subprocess.run(["bash", str(root / "packaging" / "release.sh"), "--bundle", str(tmp_path / "none"),
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=60)


def test_release_sh_refuses_a_release_missing_from_the_changelog(tmp_path):
    done = release_sh(tmp_path, "1.1.0")
    assert done.returncode == 1
    assert "refusing to build 1.1.0 as a release" in done.stderr
    assert not (tmp_path / "out").exists()


def test_release_sh_packages_a_development_version_as_what_it_is(tmp_path):
    done = release_sh(tmp_path, "1.1.0.dev0")
    assert "release: 1.1.0.dev0 is a development build, not a release" in done.stdout
    assert done.returncode == 1 and "no bundle program at" in done.stderr      # got as far as the bundle


def test_the_workflow_checks_the_tag_with_the_same_script():
    text = (ROOT / ".github" / "workflows" / "release.yml").read_text(encoding="utf-8")
    assert 'python scripts/version.py check-release --tag "$GITHUB_REF_NAME"' in text
    assert '"/DFileVersion=${{ steps.version.outputs.numeric }}"' in text
    assert 'echo "numeric=${version%%.dev*}"' in text
