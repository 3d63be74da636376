"""The library is the core (issue 75): the Python functions have real keyword parameters whose
defaults are the command's own, they reach the command line's code through
:mod:`tapdesk.library` (never through :mod:`tapdesk.cli`), and the command line prints the text
the library makes, byte for byte."""

from __future__ import annotations

import inspect
from dataclasses import MISSING, fields

import pytest

import tapdesk
import tapdesk.api
from tapdesk.library import settings
from tests.api.test_api_json import CASES, WINE, main

FUNCTIONS = {"read": settings.InspectSettings, "fit": settings.FitSettings,
             "explain": settings.FitSettings, "agreement": settings.AgreementSettings,
             "ordinal": settings.OrdinalSettings, "posterior": settings.PosteriorSettings,
             "modelfit": settings.ModelfitSettings, "rater_check": settings.RaterCheckSettings,
             "plan": settings.PlanSettings, "report": settings.ReportSettings,
             "feedback": settings.FeedbackSettings, "pack": settings.PackSettings,
             "simulate": settings.SimulateSettings, "examples": settings.ExamplesSettings}
"""Every function of the library and the settings its command takes."""


@pytest.mark.parametrize("name", list(FUNCTIONS))
def test_every_setting_is_a_named_parameter_with_the_commands_default(name):
    parameters = inspect.signature(getattr(tapdesk.api, name)).parameters
    assert not [p for p in parameters.values() if p.kind is p.VAR_KEYWORD]
    for field in fields(FUNCTIONS[name]):
        if field.name == "command":          # the report's own: the call that makes it again
            continue
        assert field.name in parameters, f"{name}() has no parameter {field.name}"
        default = parameters[field.name].default
        if field.default is not MISSING and default is not inspect.Parameter.empty:
            assert default == field.default or (default is None and field.default == ""), \
                (name, field.name)
    assert "Parameters\n    ----------" in getattr(tapdesk.api, name).__doc__


@pytest.mark.parametrize("name", [n for n in FUNCTIONS if n not in ("simulate", "examples")])
def test_a_mistyped_keyword_names_the_close_one(name):
    with pytest.raises(TypeError, match="did you mean 'layout'"):
        getattr(tapdesk.api, name)(WINE, layuot="wide")


def test_the_engine_defaults_are_the_settings_defaults():
    from tapdesk.engine.raters.check_result import DEFAULT_MARGIN
    assert settings.RATER_CHECK_MARGIN == DEFAULT_MARGIN


@pytest.mark.parametrize("name", [n for n in CASES if not n.startswith("plan")])
def test_the_command_lines_text_is_the_librarys(capsys, name):
    """Without ``--json`` the command prints the library's text (headed by the import's
    findings, except ``inspect`` and a paragraph, as it always has)."""
    argv, call = CASES[name]
    assert main(argv) == 0
    printed = capsys.readouterr().out
    result = call()
    plain = argv[0] == "inspect" or "--paragraph" in argv
    assert printed == (result.outcome.text if plain else result.summary())


def test_a_frame_reaches_the_importer_as_columns_never_as_text(monkeypatch):
    """Issue 75 item 3: a DataFrame was written out as CSV text and read back by the file
    importer; its columns now go to the importer as they are (an ordered categorical column's
    order is the scale's), and the checksum is still the frame's as CSV text."""
    import pandas as pd

    from tapdesk.data.importer import pipeline
    from tapdesk.data.readers import frame_text

    def no_text(*_args, **_kwargs):
        raise AssertionError("the frame was read as text")

    monkeypatch.setattr(pipeline, "import_text", no_text)
    grades = pd.CategoricalDtype(["low", "mid", "high"], ordered=True)
    frame = pd.DataFrame({"case": [f"c{i}" for i in range(12)],
                          "R1": pd.Series(["high", "mid", "low"] * 4, dtype=grades),
                          "R2": pd.Series(["high", "low", "low"] * 4, dtype=grades)})
    ds = tapdesk.read(frame)
    assert ds.table.scale.categories == ("low", "mid", "high") and ds.table.scale.ordinal
    import hashlib
    assert ds.provenance.sha256 == hashlib.sha256(frame_text(frame).encode()).hexdigest()


def test_help_opens_with_what_the_library_does_and_lists_it():
    """Issue 75 item 5: help(tapdesk) opened with one line and never named tapdesk.crowd."""
    doc = tapdesk.__doc__
    assert doc.splitlines()[0].startswith("TapDesk: how far can we trust ratings")
    assert "tapdesk.crowd" in doc
    for name in ("read", "fit", "posterior", "modelfit", "agreement", "ordinal", "explain",
                 "rater_check", "plan", "simulate", "write_report", "feedback", "pack", "inspect"):
        assert f"``{name}``" in doc, name


def test_what_an_override_takes_from_python_is_its_annotation():
    """``help()`` and tab completion say a mapping or a list is taken where it is (the command
    line's own types are text)."""
    parameters = inspect.signature(tapdesk.api.read).parameters
    assert "Mapping" in str(parameters["labels"].annotation)
    assert "Mapping" in str(parameters["same_as"].annotation)
    assert "Sequence[str]" in str(parameters["categories"].annotation)


def test_a_label_holding_a_comma_is_given_whole_as_a_mapping():
    labels = {1: "no medal, not shown", 2: "bronze", 3: "silver", 4: "gold"}
    scale = tapdesk.read(WINE, labels=labels).table.scale
    assert scale.labels == ("no medal, not shown", "bronze", "silver", "gold")
    from tapdesk.library.reading import same_as
    assert same_as("ja=yes, sure;nein=no") == (("ja", "yes, sure"), ("nein", "no"))
    assert same_as("ja=yes,nein=no") == (("ja", "yes"), ("nein", "no"))
