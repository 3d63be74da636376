"""Every command's text in the pseudo-language (issue 79): run on a small realistic panel (missing
ratings, an ordered scale of three, a subject attribute, a numeric and a categorical rater
attribute), each command with its usual options prints no English word outside what stays
plain in every language (the data's own words, file names, codes and command lines:
:mod:`tests.i18n.pseudo_leaks`). Every registered model is fitted, two-class and of several
categories, with and without the explanatory parts; the report, the feedback sheets and the
pack themselves are read in tests/report/test_outputs_in_pseudo.py."""

from __future__ import annotations

import pytest

from tapdesk.cli.main import main
from tapdesk.engine import all_models
from tests.i18n.pseudo_leaks import LABELS, OWN, assert_no_leaks, panel_csv

EXAMPLES = ("wine", "ptsd", "writing", "tapModel")
"""The examples' keys, as ``tapdesk examples`` names them, and the R package they come from."""


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    return panel_csv(tmp_path_factory.mktemp("pseudo") / "panel.csv")


@pytest.fixture(autouse=True)
def pseudo_offered(monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")


def printed(capsys, argv: list[str]) -> str:
    """What ``tapdesk --language qps ARGV`` prints (it must succeed), both streams."""
    code = main(["--language", "qps", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err[-3000:]
    return out + "\n" + err


TWO_CLASSES = [spec.name for spec in all_models() if not spec.name.startswith(
    ("categorical", "dawid", "mace"))]
SEVERAL = [spec.name for spec in all_models() if spec.name not in TWO_CLASSES]


def test_every_model_is_fitted_here():
    assert TWO_CLASSES and SEVERAL and len(TWO_CLASSES) + len(SEVERAL) == len(all_models())


@pytest.mark.parametrize("model", TWO_CLASSES + SEVERAL)
def test_a_fit_of_every_model_is_in_the_language(capsys, panel, model):
    split = ["--cut", "mittel"] if model in TWO_CLASSES else []
    text = printed(capsys, ["fit", str(panel), "--labels", LABELS, *split, "--model", model,
                            "--starts", "2"])
    assert_no_leaks(text, OWN, f"fit --model {model}")


EXPLAINED = {
    "per-rater": ["--cut", "mittel", "--model", "per-rater", "--subject-group", "Jahrgang",
                  "--rater-attribute", "Dienstjahre", "--rater-attribute", "Standort"],
    "tap, guesses too": ["--cut", "mittel", "--subject-group", "Jahrgang", "--rater-attribute",
                         "Dienstjahre", "--rater-attribute", "Standort",
                         "--guess-by-attributes", "--effect-at", "Dienstjahre=30,55"],
    "categorical": ["--model", "categorical", "--subject-group", "Jahrgang",
                    "--rater-attribute", "Standort"],
}


@pytest.mark.parametrize("which", list(EXPLAINED))
def test_an_explanatory_fit_is_in_the_language(capsys, panel, which):
    text = printed(capsys, ["fit", str(panel), "--labels", LABELS, "--starts", "2",
                            *EXPLAINED[which]])
    assert_no_leaks(text, OWN, f"fit explained by attributes ({which})")


def test_the_paragraph_bootstrap_and_subject_labels_are_in_the_language(capsys, panel,
                                                                         tmp_path):
    base = ["fit", str(panel), "--labels", LABELS, "--cut", "mittel", "--starts", "2"]
    text = printed(capsys, [*base, "--model", "per-rater", "--paragraph",
                            "--subjects-out", str(tmp_path / "labels.csv")])
    text += printed(capsys, [*base, "--bootstrap", "20"])
    assert_no_leaks(text, OWN, "fit --paragraph, --bootstrap, --subjects-out")


COMMANDS = {
    "agreement": ["agreement", "{data}", "--labels", LABELS, "--cut", "mittel",
                  "--bootstrap", "50"],
    "agreement, weighted": ["agreement", "{data}", "--labels", LABELS, "--weights",
                            "quadratic", "--bootstrap", "50", "--paragraph"],
    "ordinal": ["ordinal", "{data}", "--labels", LABELS, "--starts", "2"],
    "posterior": ["posterior", "{data}", "--labels", LABELS, "--cut", "mittel"],
    "posterior, a ridge": ["posterior", "{data}", "--labels", LABELS, "--cut", "mittel",
                           "--model", "tap-a0a1", "--method", "exact"],
    "posterior, sampled": ["posterior", "{data}", "--labels", LABELS, "--model", "categorical",
                           "--method", "mcmc", "--chains", "2", "--draws", "100", "--warmup",
                           "100"],
    "posterior, pooled": ["posterior", "{data}", "--labels", LABELS, "--cut", "mittel",
                          "--model", "per-rater", "--method", "mcmc", "--pooled", "--chains",
                          "2", "--draws", "150", "--warmup", "150", "--rater-attribute",
                          "Dienstjahre", "--draws-out", "{tmp}/draws.csv"],
    "modelfit": ["modelfit", "{data}", "--labels", LABELS, "--cut", "mittel",
                 "--bootstrap", "20"],
    "rater-check": ["rater-check", "{data}", "--labels", LABELS, "--cut", "mittel",
                    "--rater", "R3"],
    "plan, from the data": ["plan", "--from", "{data}", "--labels", LABELS, "--cut",
                            "mittel", "--raters", "2,3", "--subjects", "30,60", "--sims", "20",
                            "--workers", "1", "--versus", "0.5"],
    "plan, a target": ["plan", "--t", "0.4", "--a", "0.6", "--p", "0.5", "--raters", "2,3",
                       "--subjects", "30", "--sims", "20", "--workers", "1",
                       "--target-width", "0.4"],
    "simulate": ["simulate", "--t", "0.4", "--a", "0.6", "--p", "0.5", "--subjects", "20",
                 "--raters", "3", "--out", "{tmp}/simulated.csv"],
    "inspect": ["inspect", "{data}", "--labels", LABELS, "--export", "{tmp}/clean.csv"],
    "examples": ["examples"],
    "feedback": ["feedback", "{data}", "--labels", LABELS, "--cut", "mittel",
                 "--out", "{tmp}/feedback.zip"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_every_command_is_in_the_language(capsys, panel, tmp_path, command):
    argv = [a.replace("{data}", str(panel)).replace("{tmp}", str(tmp_path))
            for a in COMMANDS[command]]
    text = printed(capsys, argv)
    assert_no_leaks(text, (*OWN, *EXAMPLES), f"tapdesk {command}")


def test_every_command_is_run_here():
    """A new command gets its line above (or in the documents' test: report and pack)."""
    from tapdesk.cli.commands import COMMANDS as REGISTERED
    run = {words[0] for words in COMMANDS.values()} | {"fit", "report", "pack"}
    assert {c.name for c in REGISTERED} <= run
