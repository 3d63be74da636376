"""Plans by target: the subjects needed for an interval width or a power (issue 30, part 5)."""

from __future__ import annotations

import json

import pytest

from tapdesk.cli.main import main
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.planning import PlanRequest, plan
from tapdesk.engine.planning.target import (
    MAX_TARGET_SUBJECTS,
    Target,
    TargetProbe,
    find_subjects,
)
from tapdesk.errors import SettingError

TRUTH = dict(t=0.3, a=0.7, p=0.4)
SIMS = 40


def request(raters=(3,), subjects=(60,), versus=None) -> PlanRequest:
    return PlanRequest(**TRUTH, raters=raters, subjects=subjects, sims=SIMS, seed=3,
                       versus=versus, workers=1)


def planned(subjects: int, versus=None, raters: int = 3):
    """The planner's own design at ``subjects`` (same seed, studies and level as the search)."""
    return plan(request((raters,), (subjects,), versus)).designs[0]


def lower_end(answer) -> int:
    """The largest number of subjects the search tried that fell short of the target."""
    return max(n for n, _ in answer.probes if n < answer.subjects)


def test_width_target_is_met_at_n_and_missed_below():
    answer = find_subjects(request(), Target("width", 0.2)).designs[0]
    assert answer.reachable and answer.reason == "met"
    found = planned(answer.subjects)
    assert found.width_a == pytest.approx(answer.value) and found.width_a <= 0.2
    assert answer.mc_error == pytest.approx(found.mc_error.width_a)
    low = lower_end(answer)
    assert planned(low).width_a > 0.2
    assert answer.subjects - low <= max(5, 0.05 * answer.subjects)


def test_width_target_sits_where_the_planners_grid_crosses_it():
    answer = find_subjects(request(), Target("width", 0.2)).designs[0]
    n = answer.subjects
    grid = plan(request((3,), (n // 2, n, 2 * n)))
    widths = [d.width_a for d in grid.designs]
    assert widths == sorted(widths, reverse=True)
    assert widths[0] > 0.2 > widths[2]


def test_width_target_for_t_uses_the_width_of_t():
    answer = find_subjects(request(), Target("width", 0.2, "t")).designs[0]
    width_t = planned(answer.subjects).width_t
    assert width_t == pytest.approx(answer.value) and width_t <= 0.2


def test_power_target_is_met_at_n_and_missed_below():
    answer = find_subjects(request(versus=0.5), Target("power", 0.8)).designs[0]
    assert answer.reachable
    found = planned(answer.subjects, 0.5)
    assert found.power == pytest.approx(answer.value) and found.power >= 0.8
    assert answer.mc_error == pytest.approx(found.mc_error.power)
    assert planned(lower_end(answer), 0.5).power < 0.8


def test_two_raters_and_a_width_floor_are_worded():
    result = find_subjects(request(raters=(2, 3)), Target("width", 0.004))
    two, three = result.designs
    assert not two.reachable and two.subjects is None and "two ratings" in two.reason
    assert not three.reachable and three.subjects is None
    assert f"{MAX_TARGET_SUBJECTS:,} subjects" in three.reason and three.value > 0.004
    assert result.complete


def test_an_easy_target_is_met_by_the_smallest_study():
    answer = find_subjects(request(), Target("width", 1.0)).designs[0]
    assert answer.subjects == 5 and "smallest study" in answer.reason


def test_bad_targets_are_refused_in_words():
    with pytest.raises(SettingError, match="--versus"):
        find_subjects(request(), Target("power", 0.8))
    with pytest.raises(SettingError, match="below 1"):
        Target("power", 1.0)
    with pytest.raises(SettingError, match="a, t or p"):
        Target("width", 0.2, "k")


def test_probes_are_reported_and_cancel_stops_the_search():
    token = CancelToken()
    seen = []

    def on_event(event):
        if isinstance(event, TargetProbe):
            seen.append(event)
            token.cancel()

    result = find_subjects(request(raters=(3, 4)), Target("width", 0.2), on_event=on_event,
                           cancel=token)
    assert len(seen) == 1 and seen[0].raters == 3 and seen[0].subjects == 60
    assert not result.complete and len(result.designs) < 2


CLI = ["plan", "--t", ".3", "--a", ".7", "--p", ".4", "--raters", "2,3", "--subjects", "60",
       "--sims", str(SIMS), "--seed", "3", "--workers", "1"]


def test_cli_target_width_json_keys_match_the_engine(capsys):
    assert main([*CLI, "--target-width", "0.2", "--for", "a", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["target"] == {"kind": "width", "value": 0.2, "parameter": "a"}
    two, three = data["subjects_needed"]
    assert (two["raters"], two["subjects"], two["reachable"]) == (2, None, False)
    assert {"raters", "subjects", "width", "mc_error", "reachable", "reason", "probes"} <= set(three)
    engine = find_subjects(request(raters=(2, 3)), Target("width", 0.2)).designs[1]
    assert (three["subjects"], three["width"]) == (engine.subjects, pytest.approx(engine.value))


def test_cli_target_power_text_in_plain_words(capsys):
    assert main([*CLI, "--target-power", "0.8", "--versus", "0.5"]) == 0
    out = capsys.readouterr().out
    assert "Subjects needed for a power of at least 80%" in out
    assert "2 raters per subject: not reachable" in out and "3 raters per subject:" in out


def test_cli_target_options_are_checked(capsys):
    assert main([*CLI, "--target-power", "0.8"]) != 0
    assert "--versus" in capsys.readouterr().err
    assert main([*CLI, "--target-power", "0.8", "--target-width", "0.2", "--versus", ".5"]) != 0
    assert "not both" in capsys.readouterr().err
    assert main([*CLI, "--for", "t"]) != 0
    assert "--target-width" in capsys.readouterr().err


def test_classical_kappa_is_a_squared_when_t_equals_p():
    from tapdesk.engine.planning.classical import kappa_model
    for raters in (2, 3, 6):
        assert kappa_model(0.4, 0.7, 0.4, raters).kappa == pytest.approx(0.49, abs=1e-12)


def test_classical_variance_matches_the_packages_fleiss_kappa_on_simulated_studies():
    import math

    import numpy as np

    from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix
    from tapdesk.engine.coefficients.multirater import fleiss_kappa
    from tapdesk.engine.planning.classical import kappa_model
    t, a, p, raters, subjects = 0.3, 0.6, 0.4, 4, 200
    model = kappa_model(t, a, p, raters)
    values, errors = [], []
    for study in range(300):
        _, ratings = simulate_matrix(TapParameters(t, a, p), subjects, raters, 500 + study)
        class1 = ratings.sum(axis=1)
        coefficient = fleiss_kappa(np.column_stack([raters - class1, class1]), np.eye(2), "k", "k")
        values.append(coefficient.value)
        errors.append(coefficient.se)
    expected_se = model.sd / math.sqrt(subjects)
    assert np.median(errors) == pytest.approx(expected_se, rel=0.03)
    assert np.std(values, ddof=1) == pytest.approx(expected_se, rel=0.12)   # ~4% MC error
    assert np.mean(values) == pytest.approx(model.kappa, abs=3 * expected_se / math.sqrt(300))


def test_classical_subjects_are_the_fewest_meeting_the_width():
    from tapdesk.engine.planning.classical import kappa_model, kappa_subjects, kappa_width
    answer = kappa_subjects(0.3, 0.6, 0.4, 4, 0.2, 0.95)
    model = kappa_model(0.3, 0.6, 0.4, 4)
    assert kappa_width(model, answer.subjects, 0.95) <= 0.2 < kappa_width(
        model, answer.subjects - 1, 0.95)
    assert kappa_subjects(0.3, 0.6, 0.4, 4, 0.1, 0.95).subjects > 3.5 * answer.subjects
    assert kappa_subjects(0.3, 1.0, 0.4, 4, 0.2, 0.95).kappa == pytest.approx(1.0)
    assert kappa_subjects(1.0, 1.0, 0.4, 4, 0.2, 0.95).subjects is None   # one class: 0/0


def test_cli_shows_the_classical_answer_only_for_width_targets_for_a(capsys):
    assert main([*CLI, "--target-width", "0.2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["raters"] for c in data["classical"]] == [2, 3]
    assert "Fleiss' kappa, not of a" in data["classical_note"]
    assert main([*CLI, "--target-width", "0.2", "--for", "t", "--json"]) == 0
    assert "classical" not in json.loads(capsys.readouterr().out)
    assert main([*CLI, "--target-width", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "Classical answer beside it (Fleiss' kappa):" in out
    assert "2 raters per subject: " in out.split("Classical answer")[1]


def test_cli_power_target_shows_the_kappasize_answer_beside_it(capsys):
    from tapdesk.engine.planning.classical_power import kappa_power_subjects
    assert main([*CLI, "--raters", "3,8", "--target-power", "0.8", "--versus", "0.5",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    three, eight = data["classical"]
    expected = kappa_power_subjects(0.3, 0.7, 0.4, 0.5, 3, 0.95, 0.8)
    assert three["subjects"] == expected.subjects and three["kappa0"] == pytest.approx(expected.kappa0)
    assert eight["subjects"] is None and "2 to 6 raters" in eight["reason"]
    assert "Donner and Eliasziw" in data["classical_note"]
    assert main([*CLI, "--raters", "3", "--target-power", "0.8", "--versus", "0.5"]) == 0
    out = capsys.readouterr().out.split("Classical answer beside it (Fleiss' kappa):")[1]
    assert (f"3 raters per subject: {expected.subjects} subjects for a chance of 80% that a test at "
            "the 5% level tells Fleiss' kappa") in out
