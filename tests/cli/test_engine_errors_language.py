"""The engine's errors a plan's or a fit's settings meet, as the command line shows them (issue 54): in
the pseudo-language each is accented (the command line's frame brackets the whole line, so the
check is that no plain English word is left but the program's and options' names and the values
given), in German they read German."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import tapdesk
from tapdesk.cli.main import main
from tests.conftest import SHARED_DATA

PLAIN_WORD = re.compile(r"(?<![^\W\d_])[a-z]{3,}(?![^\W\d_])")
"""A word of plain ASCII letters (the pseudo-language accents every word it translates)."""
BASE = ["plan", "--t", ".3", "--a", ".6", "--p", ".4"]
NAMES = {"tapdesk", "ten", "sims", "raters", "subjects", "cost", "subject", "need", "width",
         "target", "versus", "power", "level", "line", "mace", "tap", "categorical", "per",
         "rater", "mle", "mcmc", "nosuchcol", "attribute", "model", "Nobody"}
WINE = str(SHARED_DATA / "wine.csv")


@pytest.mark.parametrize("args", [
    ["plan", "--t", ".3", "--a", ".6", "--p", "1.5"],
    [*BASE, "--raters", "1,2"],
    [*BASE, "--subjects", "2"],
    [*BASE, "--sims", "5"],
    [*BASE, "--subjects", "ten"],
    [*BASE, "--subject-cost", "-1"],
    [*BASE, "--raters", ",".join(str(r) for r in range(2, 14)), "--subjects",
     ",".join(str(10 * n) for n in range(1, 10))],
])
def test_a_plans_engine_error_is_bracketed(args, capsys, monkeypatch):
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([*args, "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err


def test_a_plans_engine_error_reads_in_german(capsys):
    assert main([*BASE, "--raters", "1,2", "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "jede Zahl von Beurteilern je Fall muss zwischen 2 und 200 liegen" in err


@pytest.mark.parametrize("args", [
    ["fit", WINE, "--model", "mace", "--subject-group", "year"],
    ["fit", WINE, "--model", "tap", "--cut", "2", "--rater-attribute", "nosuchcol"],
    ["rater-check", WINE, "--rater", "Nobody", "--cut", "2"],
    ["posterior", WINE, "--model", "mace"],
])
def test_a_fits_engine_error_is_bracketed(args, capsys, monkeypatch):
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([*args, "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err


@pytest.mark.parametrize("command", [["ordinal"], ["fit", "--model", "categorical"]])
def test_a_data_error_raised_inside_a_fit_is_bracketed(command, tmp_path, capsys, monkeypatch):
    """A fit runs in English; its errors are kept as data and written in the language read."""
    one = tmp_path / "one.csv"
    one.write_text("subject,rater,rating\n" + "".join(f"s{s},{r},x\n" for s in range(6)
                                                       for r in "ABC"))
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    assert main([command[0], str(one), *command[1:], "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES
    assert err.count("[") >= 2 and not english, err


@pytest.mark.parametrize("args", [
    ["posterior", WINE, "--cut", "2", "--prior", "q=1,1"],
    ["posterior", WINE, "--cut", "2", "--model", "per-rater", "--pooled", "--prior", "a=2,2"],
    ["posterior", WINE, "--cut", "2", "--method", "exact", "--draws-out", "DRAWS"],
])
def test_a_bayesian_fits_engine_error_is_bracketed(args, tmp_path, capsys, monkeypatch):
    """The rarer errors of the Bayesian methods (a prior for a parameter the model lacks, a prior
    the pooled model does not take, draws asked of an exact posterior)."""
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    monkeypatch.setenv("TAPDESK_PSEUDO_LANGUAGE", "1")
    args = [str(tmp_path / "draws.csv") if a == "DRAWS" else a for a in args]
    assert main([*args, "--language", "qps"]) == 2
    err = capsys.readouterr().err.strip()
    english = set(PLAIN_WORD.findall(err)) - NAMES - {"prior", "method"}
    assert err.count("[") >= 2 and not english, err


def test_a_bayesian_fits_engine_error_reads_in_german(capsys):
    if not (SHARED_DATA / "wine.csv").is_file():
        pytest.skip(f"shared data not found at {SHARED_DATA}")
    assert main(["posterior", WINE, "--cut", "2", "--prior", "q=1,1", "--language", "de"]) == 2
    err = capsys.readouterr().err
    assert "Prior-Verteilung für „q“: das Modell tap hat keinen solchen Parameter" in err, err


# ------------------------------------------------------------ every error the engine raises
USER_ERRORS = {"TapDeskError", "DataError", "SettingError", "FitCancelled"}
"""The errors a user reads (``tapdesk.errors``). The engine's other exceptions (ValueError,
KeyError, a search's own signals) are programming errors or caught inside: no user reads them."""
MARKERS = {"_", "ngettext", "pgettext", "npgettext", "said", "said_n", "said_p"}
"""The calls that make a text from a catalog template."""
WORDINGS = {"Wording.of", "Wording.ngettext", "Wording.pgettext"}
"""The calls that keep a sentence as data (:mod:`tapdesk.data.wording`), from an ``N_`` template."""


def english_messages(source: str) -> list[tuple[int, str]]:
    """(line, code) of each user error made in ``source`` from an English literal: a string or
    f-string outside a template call, directly, through a variable the function assigns, or
    through a function of the module that returns one."""
    tree = ast.parse(source)
    functions = {node.name: node for node in ast.walk(tree)
                 if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
    found = []
    for scope in [tree, *functions.values()]:
        for node in _own_nodes(scope):
            if (isinstance(node, ast.Call) and _name(node.func) in USER_ERRORS and node.args
                    and _english(node.args[0], scope, functions, set())):
                found.append((node.lineno, ast.unparse(node)[:100]))
    return sorted(set(found))


def _own_nodes(scope: ast.AST):
    """The nodes of ``scope`` outside the functions defined inside it."""
    for child in ast.iter_child_nodes(scope):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield child
            yield from _own_nodes(child)


def _name(func: ast.AST) -> str:
    return func.id if isinstance(func, ast.Name) else \
        func.attr if isinstance(func, ast.Attribute) else ""


def _english(node: ast.AST, scope: ast.AST, functions: dict, seen: set[str]) -> bool:
    if isinstance(node, ast.Call):
        if _name(node.func) in MARKERS or ast.unparse(node.func) in WORDINGS:
            return False
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            return _english(node.func.value, scope, functions, seen)
        called = _name(node.func)
        if isinstance(node.func, ast.Name) and called in functions and called not in seen:
            returned = [r.value for r in _own_nodes(functions[called])
                        if isinstance(r, ast.Return) and r.value is not None]
            return any(_english(r, functions[called], functions, seen | {called})
                       for r in returned)
        # another function's result: English only when it is a literal's method ("".join)
        return isinstance(node.func, ast.Attribute) and \
            _english(node.func.value, scope, functions, seen)
    if isinstance(node, ast.Name):
        if f"={node.id}" in seen:              # a name assigned from itself: judged once
            return False
        assigned = [a.value for a in _own_nodes(scope) if isinstance(a, ast.Assign)
                    and any(isinstance(t, ast.Name) and t.id == node.id for t in a.targets)]
        return any(_english(a, scope, functions, seen | {f"={node.id}"}) for a in assigned)
    if isinstance(node, ast.IfExp):                 # either message, not the condition
        return any(_english(n, scope, functions, seen) for n in (node.body, node.orelse))
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Constant):
        return isinstance(node.value, str) and bool(node.value.strip())
    return any(_english(child, scope, functions, seen) for child in ast.iter_child_nodes(node))


def test_the_scan_finds_an_english_message():
    """The forms an English error took before it was a template are each found."""
    source = '''
def f(n, name):
    raise SettingError("there are no ratings to measure")
def g(n):
    raise DataError(f"needs {n} raters", settings=("x",))
def h(n):
    message = "cancelled" if n else "stopped"
    raise FitCancelled(message)
def why(n):
    return f"got {n}"
def k(n):
    raise SettingError(why(n))
def fine(n):
    message = said("needs {n} raters", n=n)
    raise SettingError(message)
def also_fine(n):
    raise SettingError(_("got {n}").format(n=n))
def chosen(n):
    raise DataError(said("one") if n != "one" else f"got {n}")
'''
    assert [line for line, _code in english_messages(source)] == [3, 5, 8, 12, 19]


@pytest.mark.parametrize("layer", ["engine", "data", "report", "render", "resources"])
def test_every_error_the_layer_raises_is_a_template(layer):
    """A user reads an error of the engine, the importer or the report's writers in the language
    chosen: its message is a catalog template (``_``, ``said``, ``Wording.of`` ...), never an
    English literal (issue 54)."""
    root = Path(tapdesk.__file__).parent / layer
    english = [f"{path.relative_to(root)}:{line}: {code}"
               for path in sorted(root.rglob("*.py"))
               for line, code in english_messages(path.read_text(encoding="utf-8"))]
    assert not english, "\n".join(english)
