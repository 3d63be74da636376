"""The registry's explicit table (tapdesk/engine/models.py) is the registry.

The table lists every model and method without importing them, so that the
command line can list the models and fit one of them loading only its code
(start-up, issue 15). Here: every entry is the spec its module defines, the
table's titles are the specs' titles, every method function exists, and
asking for one model imports no other model's module.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import textwrap

import pytest

from tapdesk.cli.common import models_epilog
from tapdesk.engine import all_models, get_model, model_names
from tapdesk.engine.models import METHODS, MODELS, RIDGE_MODELS, ModelEntry
from tapdesk.engine.registry import _load, model_titles
from tapdesk.errors import SettingError


def test_the_table_lists_each_model_once_with_its_specs_name_and_title():
    assert len(model_names()) == len(set(model_names()))
    specs = all_models()
    assert [(s.name, s.title) for s in specs] == list(model_titles())
    for entry, spec in zip(MODELS, specs):
        assert getattr(importlib.import_module(entry.module), entry.attribute) is spec
        assert get_model(entry.name) is spec


def test_every_method_names_a_model_and_a_fitting_function():
    pairs = [(m.model, m.method) for m in METHODS]
    assert len(pairs) == len(set(pairs))
    for entry in METHODS:
        assert entry.model in model_names() and entry.method != "mle"
        function = get_model(entry.model).fitter(entry.method)
        assert callable(function) and function.__name__ == entry.function
    assert get_model("tap").methods == ("mle", "exact", "mcmc")
    assert get_model("tap-a0a1").methods == ("mle", "mcmc", "exact")
    assert get_model("dawid-skene").methods == ("mle",)


def test_the_ridge_models_are_the_ones_the_ridge_posterior_handles():
    from tapdesk.engine.bayes import ridge_methods
    assert RIDGE_MODELS == ridge_methods.RIDGE_MODELS
    assert [e.name for e in MODELS if e.module.endswith(".ridge")] == list(RIDGE_MODELS)


def test_unknown_model_and_method_are_refused_in_words():
    with pytest.raises(SettingError, match="unknown model 'nope'; choose one of: tap, tap-a0a1"):
        get_model("nope")
    with pytest.raises(SettingError, match="supports the methods mle, not 'exact'"):
        get_model("dawid-skene").fitter("exact")


def test_a_table_entry_that_names_the_wrong_spec_is_caught():
    wrong = ModelEntry("tap-twin", "t-a-p (average rater)", "tapdesk.engine.binary.tap",
                       description="", binary=True, needs_rater_ids=False)
    with pytest.raises(ValueError, match="lists 'tap-twin'"):
        _load(wrong)


def test_the_help_lists_every_model_with_its_title():
    text = models_epilog()
    for spec in all_models():
        assert f"  {spec.name:<22} {spec.title}" in text


@pytest.mark.parametrize("name", ["tap", "expert", "per-rater", "categorical"])
def test_asking_for_one_model_imports_no_other_models_module(name):
    """(Some models build on others: the ridge models on t-a-p, Dawid-Skene on the categorical ones.)"""
    code = textwrap.dedent(f"""
        import json, sys
        from tapdesk.engine import get_model, model_names
        model_names()
        listed = set(sys.modules)
        get_model({name!r})
        print(json.dumps([sorted(listed), sorted(sys.modules)]))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    listed, loaded = json.loads(done.stdout)
    own = next(e.module for e in MODELS if e.name == name)
    others = {e.module for e in (*MODELS, *METHODS)} - {own}
    assert not others & set(listed) and own not in listed
    assert own in loaded and not others & set(loaded)
