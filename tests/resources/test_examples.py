"""The real example data shipped inside the package: files, provenance, labels, the
``tapdesk examples`` command, and the bundle spec that carries them (issue 14, section 5)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from tapdesk.cli.main import main
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.errors import SettingError
from tapdesk.resources.examples import DATA_DIR, EXAMPLES, copy_examples, get_example
from tests import ROOT


def test_the_files_live_inside_the_package_with_their_provenance():
    assert DATA_DIR.is_relative_to(ROOT / "tapdesk")
    provenance = (DATA_DIR / "PROVENANCE.md").read_text(encoding="utf-8")
    for needed in ("stanislavzza/tapModel", "GPL-3", "Hodgson", "1 = no medal", "4 = gold medal",
                   "not documented"):
        assert needed in provenance
    assert {ex.file for ex in EXAMPLES if not ex.simulated} == {"wine.csv", "ptsd.csv"}
    assert all(ex.title.startswith("Simulated") for ex in EXAMPLES if ex.simulated)


def test_wine_reads_as_the_published_data_with_medal_labels():
    wine = get_example("wine")
    table = read_ratings(wine.path, ImportOptions(labels=wine.labels)).table
    assert (table.n_subjects, table.n_raters, table.n_ratings) == (183, 4, 732)
    assert np.bincount(table.rating).tolist() == [178, 237, 228, 89]     # PROVENANCE.md
    assert table.scale.display_labels() == ("no medal", "bronze", "silver", "gold")
    assert table.scale.ordinal


def test_ptsd_reads_as_three_questions_of_ten_raters():
    ds = read_ratings(get_example("ptsd").path)
    assert ds.items == ("Q1", "Q2", "Q3")
    counts = {item: np.bincount(t.rating).tolist() for item, t in ds.item_tables.items()}
    assert counts == {"Q1": [674, 1326], "Q2": [732, 1268], "Q3": [322, 1678]}


def test_same_bytes_as_the_shared_originals(shared_data):
    for ex in EXAMPLES:
        if not ex.simulated:
            assert ex.path.read_bytes() == (shared_data / ex.file).read_bytes()


def test_examples_command_lists_and_copies(tmp_path, capsys):
    assert main(["examples"]) == 0
    text = capsys.readouterr().out
    assert "wine: Wine judging (real data" in text and "ptsd:" in text
    assert "--labels '1=no medal,2=bronze,3=silver,4=gold' --cut 'no medal'" in text
    assert main(["examples", "--copy", str(tmp_path / "ex"), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert sorted(Path(p).name for p in payload["copied"]) == ["PROVENANCE.md", "ptsd.csv",
                                                                "wine.csv",
                                                                "writing_simulated.csv"]
    copied = tmp_path / "ex" / "wine.csv"
    assert copied.read_bytes() == get_example("wine").path.read_bytes()
    # the README's example works on the copy
    assert main(["fit", str(copied), "--labels", get_example("wine").labels_option(),
                 "--cut", "no medal"]) == 0
    assert "Class 1 ('no medal')" in capsys.readouterr().out


def test_copy_never_overwrites_a_different_file(tmp_path, capsys):
    (tmp_path / "wine.csv").write_text("my own data\n")
    with pytest.raises(SettingError, match="already exists"):
        copy_examples(tmp_path)
    assert (tmp_path / "wine.csv").read_text() == "my own data\n"
    assert main(["examples", "--copy", str(tmp_path)]) == 2
    copy_examples(tmp_path / "again")
    copy_examples(tmp_path / "again")          # identical copies may be written again


def test_unknown_example_lists_the_names():
    with pytest.raises(SettingError, match="wine, ptsd"):
        get_example("beer")


def test_bundle_spec_and_package_data_carry_the_examples():
    choices = (ROOT / "packaging" / "platform_choices.py").read_text()     # the spec's data files
    assert '"tapdesk/resources/example_data"' in choices
    import tomllib
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "resources/**/*" in pyproject["tool"]["setuptools"]["package-data"]["tapdesk"]


def test_the_simulated_writing_example_is_what_its_script_writes():
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_writing", ROOT / "scripts" /
                                                  "make_writing_example.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert get_example("writing").path.read_text(encoding="utf-8") == module.writing_csv()


def test_the_writing_example_reads_with_its_attributes():
    ds = read_ratings(get_example("writing").path)
    table = ds.table
    assert (table.n_subjects, table.n_raters, table.n_ratings) == (160, 12, 480)
    assert table.categories == ("1", "2", "3", "4", "5") and table.scale.ordinal
    assert table.attributes.subject_columns == ("year",)
    assert table.attributes.rater_columns == ("age",)
    assert sorted(set(table.attributes.subjects["year"].values())) == ["1", "2", "3", "4"]
    assert table.ratings_per_subject().min() >= 3
    assert np.bincount(table.rater).min() >= 30
    assert {n.rule for n in ds.import_notes} >= {"attributes"}


def test_the_writing_example_fits_on_the_command_line(capsys):
    path = str(get_example("writing").path)
    assert main(["fit", path, "--model", "categorical", "--subject-group", "year",
                 "--rater-attribute", "age", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {g["group"] for g in payload["groups"]} == {"1", "2", "3", "4"}
    assert payload["effects"][0]["attribute"] == "age" and payload["effects"][0]["per"] == 10
    assert payload["group_test"]["df"] == 12
