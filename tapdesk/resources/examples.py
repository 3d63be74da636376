"""The example data sets shipped inside the package (Qt-free): two real ones, and a simulated
worked example of the explanatory models (issue 42) whose title says "Simulated".

``tapdesk examples`` lists them and copies them out; the app's Help >
Examples opens them by name. Each example knows its file, the value labels
of its codes, which item to show first and where it comes from (the full
provenance is ``example_data/PROVENANCE.md`` beside the files).
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from tapdesk.errors import SettingError
from tapdesk.i18n.deferred import made, said
from tapdesk.i18n.formats import quoted

DATA_DIR = Path(__file__).resolve().parent / "example_data"
"""Where the example files live (inside the package; also inside the PyInstaller bundle)."""

PROVENANCE = "PROVENANCE.md"


@dataclass(frozen=True)
class RealExample:
    """One shipped data file with what a user needs to open it the right way."""

    name: str
    """Short name for ``tapdesk examples`` and the app's menu (``wine``)."""
    title: str
    file: str
    description: str
    source: str
    labels: tuple[tuple[str, str], ...] = ()
    """Value labels of the codes, as for ``--labels``."""
    item: str | None = None
    """Item (question) to show first in a multi-item file."""
    cut: str | None = None
    """A sensible first cut point (a code) for the two-class models."""
    class1: str | None = None
    """A sensible first Class 1 (a code) when there is no cut."""
    simulated: bool = False
    """Simulated, not real data (its title says so)."""
    fit_options: tuple[str, ...] = ()
    """More ``tapdesk fit`` arguments its first command shows (the attributes it explains by)."""

    @property
    def path(self) -> Path:
        return DATA_DIR / self.file

    def labels_option(self) -> str:
        """The labels as a ``--labels`` argument: "1=no medal,2=bronze,..."."""
        return ",".join(f"{code}={label}" for code, label in self.labels)


# Translators: where the real examples come from; {package} is the R package's name, {repository}
# its GitHub repository and {file} a file name (kept as they are).
SOURCE = said("{package} R package by David Eubanks ({repository}, GPL-3); see {file}",
              package="tapModel", repository="stanislavzza/tapModel", file="PROVENANCE.md")

EXAMPLES: tuple[RealExample, ...] = (
    RealExample(
        # Translators: a built-in example's name; {wines} and {judges} are counts.
        "wine", said("Wine judging (real data: {wines} wines, {judges} judges)", wines=183,
                     judges=4), "wine.csv",
        # Translators: {wines} and {judges} are counts.
        said("A wine competition: each of {wines} wines was rated by {judges} judges as no medal, "
             "bronze, silver or gold (Hodgson 2008).", wines=183, judges=4),
        SOURCE, labels=(("1", "no medal"), ("2", "bronze"), ("3", "silver"), ("4", "gold")),
        cut="1"),
    RealExample(
        # Translators: a built-in example's name; {subjects}, {questions}, {raters} are counts.
        "ptsd", said("PTSD questionnaire (real data: {subjects} subjects, {questions} questions, "
                     "{raters} raters)", subjects=200, questions=3, raters=10), "ptsd.csv",
        # Translators: {subjects}, {questions}, {raters} are counts; 1 and 2 are the codes.
        said("{raters} raters rated each of {subjects} subjects 1 or 2 on each of {questions} "
             "questions (Q1-Q3); what 1 and 2 mean is not documented.", subjects=200,
             questions=3, raters=10),
        SOURCE, item="Q1", class1="2"),
    RealExample(
        # Translators: a built-in example's name; {students} and {instructors} are counts.
        "writing", said("Simulated writing assessment ({students} students in years 1-4, "
                        "{instructors} instructors with their ages)", students=160,
                        instructors=12), "writing_simulated.csv",
        # Translators: {students}, {instructors}, {scores} are counts.
        said("Simulated, not real: modelled on the college-writing study of 'Modeling Raters and "
             "Ratings'. {students} students in years 1-4 were each scored 1-5 by three of "
             "{instructors} instructors ({scores} scores each); the file holds each student's "
             "year and each instructor's age, so the scores can be explained by year (class "
             "share by group) and by age (accuracy by attribute).", students=160,
             instructors=12, scores=40),
        # Translators: where the simulated example comes from; {script} and {file} are file
        # names (kept as they are).
        said("simulated by TapDesk ({script}); see {file}", script="scripts/make_writing_example.py",
             file="PROVENANCE.md"), cut="2",
        simulated=True, fit_options=("--subject-group", "year", "--rater-attribute", "age")),
)


def example_names() -> tuple[str, ...]:
    return tuple(ex.name for ex in EXAMPLES)


def get_example(name: str) -> RealExample:
    """The example called ``name``; SettingError lists the names otherwise."""
    for ex in EXAMPLES:
        if ex.name == name.strip().lower():
            return ex
    # Translators: {name} is the example asked for, in quotes; {names} the examples' names as
    # the command takes them ("wine, ptsd, writing": kept as they are).
    raise SettingError(said("there is no example {name}; the examples are {names}",
                            name=made(quoted, name), names=", ".join(example_names())))


def copy_examples(folder: str | Path) -> list[Path]:
    """Write every example file and PROVENANCE.md into ``folder`` (created if needed).

    Existing files of the same name are left alone unless they are identical
    copies, so nothing a user edited is overwritten; SettingError names the
    first file in the way.
    """
    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        # Translators: {folder} is a folder's path, {cause} the system's reason.
        raise SettingError(said("cannot create the folder {folder}: {cause}", folder=str(target),
                                cause=str(exc.strerror or exc))) from None
    sources = [ex.path for ex in EXAMPLES] + [DATA_DIR / PROVENANCE]
    for src in sources:
        dest = target / src.name
        if dest.exists() and dest.read_bytes() != src.read_bytes():
            # Translators: {path} is a file's path in the folder chosen.
            raise SettingError(said("{path} already exists and differs from the example; move "
                                    "it away or choose another folder", path=str(dest)))
    written = []
    for src in sources:
        dest = target / src.name
        try:
            shutil.copyfile(src, dest)
        except OSError as exc:
            # Translators: {path} is a file's path, {cause} the system's reason.
            raise SettingError(said("cannot write {path}: {cause}", path=str(dest),
                                    cause=str(exc.strerror or exc))) from None
        written.append(dest)
    return written
