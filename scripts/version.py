"""TapDesk's version: where it is written, how it moves, and whether a build may call itself a release.

The one place is ``__version__`` in tapdesk/__init__.py. Between releases it is a development
version, ``X.Y.Z.devN`` (PEP 440), so no build from main passes for a release; a release sets it to
``X.Y.Z`` and gives the changelog a dated section for it. The standard library only (the workflow
and packaging/release.sh run it with any Python 3.11).

    python scripts/version.py show
    python scripts/version.py bump 1.1.0     # release: moves [Unreleased] under "## [1.1.0] - today"
    python scripts/version.py bump 1.1.1.dev0   # back to development after the release is tagged
    python scripts/version.py check          # the version and the changelog agree (tests, release.sh)
    python scripts/version.py check-release [--tag v1.1.0]
        # a release may be built: not a development version, in the changelog, and not tagged
        # already on another commit (the tag, when given, names this version)

The release steps: bump to X.Y.Z, commit, tag vX.Y.Z, push the tag (the workflow builds and
publishes it), then bump to the next X.Y.Z+1.dev0 and commit.
"""

from __future__ import annotations

import argparse
import datetime
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
INIT = Path("tapdesk") / "__init__.py"
CHANGELOG = Path("CHANGELOG.md")
ASSIGNMENT = re.compile(r'^__version__ = "([^"]*)"$', re.M)
VERSION = re.compile(r"^(\d+)\.(\d+)\.(\d+)(?:\.dev(\d+))?$")
SECTION = re.compile(r"^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?[ \t]*$", re.M)
UNRELEASED = "Unreleased"


class VersionError(Exception):
    """A version that cannot be set or built, with the reason in words."""


class Section(NamedTuple):
    """One "## [name] - date" heading of the changelog and where its text lies."""

    name: str
    date: str | None
    start: int          # the heading's first character
    body: int           # the first character after the heading's line
    end: int            # where the next heading starts (or the end of the file)


def parse(version: str) -> tuple[int, int, int, float]:
    """A version as a key that sorts as PEP 440 does: 1.1.0.dev0 < 1.1.0 < 1.1.1.dev0."""
    match = VERSION.match(version)
    if match is None:
        raise VersionError(f"{version!r} is not X.Y.Z or X.Y.Z.devN")
    major, minor, patch, dev = match.groups()
    return int(major), int(minor), int(patch), float("inf") if dev is None else int(dev)


def is_release(version: str) -> bool:
    return parse(version)[3] == float("inf")


def release_part(version: str) -> str:
    """X.Y.Z of X.Y.Z.devN: the numbers where a platform wants numbers only (Windows, macOS)."""
    return ".".join(str(n) for n in parse(version)[:3])


def current(root: Path = ROOT) -> str:
    match = ASSIGNMENT.search((root / INIT).read_text(encoding="utf-8"))
    if match is None:
        raise VersionError(f"{INIT} has no line __version__ = \"...\"")
    return match.group(1)


def sections(text: str) -> list[Section]:
    headings = list(SECTION.finditer(text))
    return [Section(m.group(1), m.group(2), m.start(), m.end() + 1,
                    headings[i + 1].start() if i + 1 < len(headings) else len(text))
            for i, m in enumerate(headings)]


def released(text: str) -> list[Section]:
    return [s for s in sections(text) if s.name != UNRELEASED]


def problems(root: Path = ROOT) -> list[str]:
    """Where the version and the changelog disagree (none: they agree)."""
    version = current(root)
    try:
        parse(version)
    except VersionError as error:
        return [f"tapdesk.__version__: {error}"]
    text = (root / CHANGELOG).read_text(encoding="utf-8")
    found = sections(text)
    wrong = []
    if not found or found[0].name != UNRELEASED:
        wrong.append(f"{CHANGELOG} does not start with a [{UNRELEASED}] section")
    history = released(text)
    undated = [s.name for s in history if s.date is None]
    if undated:
        wrong.append(f"{CHANGELOG}: released sections without a date: {', '.join(undated)}")
    if history:
        keys = [parse(s.name) for s in history]
        if keys != sorted(keys, reverse=True):
            wrong.append(f"{CHANGELOG}: the released sections are not newest first")
    newest = history[0].name if history else None
    if is_release(version) and newest != version:
        wrong.append(f"version {version} is a release, but the changelog's newest release is {newest}")
    if not is_release(version) and newest is not None and parse(newest) >= parse(release_part(version)):
        wrong.append(f"version {version} is the development of {release_part(version)}, "
                     f"but the changelog has already released {newest}")
    return wrong


def git_tag_commit(root: Path, tag: str) -> str | None:
    """The commit a tag names, or None when there is no such tag (or no git, or no tags here)."""
    try:
        done = subprocess.run(["git", "rev-parse", "-q", "--verify", f"refs/tags/{tag}^{{commit}}"],
                              cwd=root, capture_output=True, text=True, timeout=30)
    except OSError:
        return None
    return done.stdout.strip() or None


def head_commit(root: Path) -> str | None:
    try:
        done = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                              timeout=30)
    except OSError:
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def release_problems(root: Path = ROOT, tag: str | None = None) -> list[str]:
    """Why this checkout may not be built as a release (none: it may)."""
    wrong = problems(root)
    version = current(root)
    if wrong:
        return wrong
    if not is_release(version):
        return [f"{version} is a development version; a release needs "
                f"python scripts/version.py bump {release_part(version)}"]
    if tag is not None and tag != f"v{version}":
        wrong.append(f"the tag {tag} does not name version {version} (v{version})")
    tagged = git_tag_commit(root, f"v{version}")
    if tagged is not None and tagged != head_commit(root):
        wrong.append(f"{version} is already released (tag v{version} is commit {tagged[:12]}); "
                     f"bump first: python scripts/version.py bump X.Y.Z")
    return wrong


def bump(new: str, root: Path = ROOT, date: str | None = None) -> str:
    """Set the version to ``new``; a release also moves [Unreleased] under its dated section.

    Returns a line saying what changed. Refuses a version not above the current one, a release
    the changelog already has, a release with nothing under [Unreleased], and a development
    version of a release already made.
    """
    old = current(root)
    if parse(new) <= parse(old):
        raise VersionError(f"{new} is not above the current version {old}")
    changelog = root / CHANGELOG
    text = changelog.read_text(encoding="utf-8")
    found = sections(text)
    if not found or found[0].name != UNRELEASED:
        raise VersionError(f"{CHANGELOG} does not start with a [{UNRELEASED}] section")
    history = released(text)
    newest = history[0].name if history else None
    if newest is not None and parse(release_part(new)) <= parse(newest):
        raise VersionError(f"{CHANGELOG} has already released {newest}; {new} must come after it")
    said = f"version {old} -> {new}"
    if is_release(new):
        unreleased = found[0]
        entries = text[unreleased.body:unreleased.end].strip("\n")
        if not entries.strip():
            raise VersionError(f"nothing under [{UNRELEASED}] in {CHANGELOG}: a release says what changed")
        day = date or datetime.datetime.now(datetime.UTC).date().isoformat()
        text = (text[:unreleased.body] + f"\n## [{new}] - {day}\n\n{entries}\n\n" + text[unreleased.end:])
        changelog.write_text(text, encoding="utf-8")
        said += f"; {CHANGELOG}: [{UNRELEASED}] moved under [{new}] - {day}"
    init = root / INIT
    source = init.read_text(encoding="utf-8")
    init.write_text(ASSIGNMENT.sub(f'__version__ = "{new}"', source, count=1), encoding="utf-8")
    return said


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="scripts/version.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("show", help="print the version")
    bumping = commands.add_parser("bump", help="set a new version (a release also dates the changelog)")
    bumping.add_argument("version")
    bumping.add_argument("--date", help="the release date (default: today, UTC)")
    commands.add_parser("check", help="the version and the changelog agree")
    releasing = commands.add_parser("check-release", help="this checkout may be built as a release")
    releasing.add_argument("--tag", help="the tag being built (e.g. the workflow's GITHUB_REF_NAME)")
    args = parser.parse_args(argv)
    try:
        if args.command == "show":
            print(current(args.root))
            return 0
        if args.command == "bump":
            print(bump(args.version, args.root, args.date))
            return 0
        wrong = problems(args.root) if args.command == "check" else release_problems(args.root, args.tag)
    except VersionError as error:
        print(f"version: {error}", file=sys.stderr)
        return 1
    for line in wrong:
        print(f"version: {line}", file=sys.stderr)
    if not wrong:
        print(f"version: {current(args.root)} agrees with {CHANGELOG}"
              + (" and may be released" if args.command == "check-release" else ""))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
