"""``tapdesk posterior``: JSON fields, draws CSV, errors exit 2."""

import csv
import json

import numpy as np

from tapdesk.cli.main import main
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix


def write_data(path):
    _, ratings = simulate_matrix(TapParameters(0.3, 0.6, 0.4), 120, 4, 3)
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["subject", "R1", "R2", "R3", "R4"])
        for i, row in enumerate(ratings):
            writer.writerow([f"s{i}", *row])


def test_posterior_json_and_draws_csv(tmp_path, capsys):
    data = tmp_path / "ratings.csv"
    write_data(data)
    out_csv = tmp_path / "draws.csv"
    code = main(["posterior", str(data), "--model", "tap", "--method", "mcmc", "--chains", "2",
                 "--draws", "300", "--warmup", "200", "--seed", "4", "--draws-out", str(out_csv),
                 "--prior", "a=2,2", "--json"])
    assert code == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["method"] == "mcmc"
    for name in ("t", "a", "p"):
        entry = payload["params"][name]
        for key in ("mean", "sd", "q05", "q25", "q50", "q75", "q95", "hdi", "modes", "rhat",
                    "ess_bulk", "ess_tail"):
            assert key in entry
        assert entry["q05"] <= entry["q50"] <= entry["q95"]
    assert "a ~ Beta(2, 2)" in payload["diagnostics"]["priors"]
    assert isinstance(payload["warnings"], list)
    rows = list(csv.reader(out_csv.read_text().splitlines()))
    assert rows[0] == ["chain", "draw", "log_posterior", "t", "a", "p"]
    assert len(rows) == 1 + 2 * 300
    means = np.array(rows[1:], dtype=float)[:, 3:].mean(axis=0)
    np.testing.assert_allclose(means, [payload["params"][n]["mean"] for n in "tap"], atol=1e-9)


def test_exact_is_the_default_for_tap_and_text_output(tmp_path, capsys):
    data = tmp_path / "ratings.csv"
    write_data(data)
    assert main(["posterior", str(data)]) == 0
    text = capsys.readouterr().out
    assert "Method: Bayesian (exact)" in text and "Posterior summary" in text


def test_bad_settings_exit_2(tmp_path, capsys):
    data = tmp_path / "ratings.csv"
    write_data(data)
    assert main(["posterior", str(data), "--prior", "a=x"]) == 2
    assert main(["posterior", str(data), "--prior", "zz=2,2"]) == 2
    assert main(["posterior", str(data), "--model", "per-rater", "--method", "exact"]) == 2
    assert main(["posterior", str(data), "--draws-out", str(tmp_path / "x.csv")]) == 2
    err = capsys.readouterr().err
    assert "tapdesk: error:" in err and "Traceback" not in err


def test_untrustworthy_run_is_said_first_and_the_fix_suggested(tmp_path, capsys):
    data = tmp_path / "ratings.csv"
    write_data(data)
    assert main(["posterior", str(data), "--method", "mcmc", "--draws", "40", "--warmup", "20"]) == 0
    lines = [line for line in capsys.readouterr().out.splitlines() if line.strip()]
    # title, its underline, then the warning before any number
    assert lines[2].startswith("Not trustworthy yet:")
    assert "more draws" in lines[2] and "exact method" in lines[2]


def test_exact_output_states_its_accuracy(tmp_path, capsys):
    data = tmp_path / "ratings.csv"
    write_data(data)
    assert main(["posterior", str(data), "--json"]) == 0
    diagnostics = json.loads(capsys.readouterr().out)["diagnostics"]
    assert diagnostics["trustworthy"] and 0 <= diagnostics["grid_error"] <= 0.02
    assert "estimated error" in diagnostics["verdict"] and diagnostics["grid_cells"] > 1000


def test_posterior_speaks_of_95_percent_and_level_80_gives_80_everywhere(tmp_path, capsys):
    """Issue 25: one level for every interval; Bayesian intervals were a fixed 90%."""
    import re
    data = tmp_path / "ratings.csv"
    write_data(data)
    assert main(["posterior", str(data)]) == 0
    default = capsys.readouterr().out
    assert "95% credible interval" in default and "90%" not in default
    assert main(["posterior", str(data), "--level", "0.8"]) == 0
    text = capsys.readouterr().out
    stated = set(re.findall(r"(\d+(?:\.\d+)?)% (?:credible|highest|interval|probability)", text))
    assert stated == {"80"}, stated
    assert main(["posterior", str(data), "--level", "80%", "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["level"] == 0.8 and payload["interval_level"] == "80% credible interval"
    wide = payload["params"]["a"]["hdi"]
    assert main(["posterior", str(data), "--json"]) == 0
    full = json.loads(capsys.readouterr().out)["params"]["a"]["hdi"]
    assert full[0] < wide[0] < wide[1] < full[1]
