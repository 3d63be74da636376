"""Every fit of a ``tapdesk`` command the suite runs as a process is checked for p-values
against their intervals (issue 55): the suite sets ``TAPDESK_CHECK_P_VALUES`` (tests/conftest.py)
and the command line then checks each fit (tapdesk.cli.fit_checks). Before, only the fits made
in the test's own process and its workers were checked; a command run as a process went
unchecked."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from dataclasses import replace

import pytest

import tapdesk.engine.run as run
from tapdesk.cli.fit_checks import CHECK_VARIABLE, check_p_values, install_checks
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.results import RaterComparison

HOLDS = RaterComparison("R2", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                        p_value=0.017)
"""A comparison whose p-value (under 0.05) contradicts its 95% interval (which holds 0)."""

BROKEN = textwrap.dedent("""
    import sys
    from dataclasses import replace
    import tapdesk.engine.run as run
    from tapdesk.engine.results import RaterComparison
    labelled = run.with_scale_labels
    holds = RaterComparison("R2", "a", -0.3, (-0.62, 0.57), "not shown to differ", "profile",
                            p_value=0.017)
    run.with_scale_labels = lambda result, scale: replace(labelled(result, scale),
                                                          comparisons=(holds,))
    from tapdesk.cli.main import main
    sys.exit(main(sys.argv[1:]))
""")
"""``tapdesk`` with every fit's result given that comparison."""


def ratings_csv(tmp_path):
    data = tmp_path / "ratings.csv"
    data.write_text("subject,r1,r2,r3\n" + "".join(
        f"s{i},{i % 2},{(i // 2) % 2},{i % 3 == 0:d}\n" for i in range(40)))
    return data


def run_broken(tmp_path, environ):
    return subprocess.run([sys.executable, "-c", BROKEN, "fit", str(ratings_csv(tmp_path)),
                           "--class1", "1", "--json"], capture_output=True, text=True,
                          env=environ, timeout=120)


def test_the_suite_asks_every_command_it_runs_to_check_its_fits():
    assert os.environ.get(CHECK_VARIABLE) == "1"


def test_a_command_run_as_a_process_fails_on_a_p_value_against_its_interval(tmp_path):
    done = run_broken(tmp_path, dict(os.environ))
    assert done.returncode == 1 and "AssertionError" in done.stderr
    assert "R2's a has p = 0.017" in done.stderr and "holds 0" in done.stderr
    unchecked = run_broken(tmp_path, {k: v for k, v in os.environ.items() if k != CHECK_VARIABLE})
    assert unchecked.returncode == 0, unchecked.stderr            # a user's command: unchecked


def test_every_fit_in_the_tests_own_process_is_checked(monkeypatch):
    labelled = run.with_scale_labels
    monkeypatch.setattr(run, "with_scale_labels", lambda result, scale: replace(
        labelled(result, scale), comparisons=(HOLDS,)))
    with pytest.raises(AssertionError, match="R2's a has p = 0.017"):
        fit(FitRequest(), simulate_table(TapParameters(0.3, 0.7, 0.4), 60, 3, seed=3))


def test_without_the_variable_no_check_is_installed(monkeypatch):
    monkeypatch.setattr(run, "RESULT_CHECKS", [])
    install_checks({})
    assert run.RESULT_CHECKS == []
    install_checks({CHECK_VARIABLE: "1"})
    install_checks({CHECK_VARIABLE: "1"})
    assert [check_p_values] == run.RESULT_CHECKS
