"""``tapdesk plan`` and the report's Plan section."""

from __future__ import annotations

import json

import pytest

from tapdesk.cli.main import main
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_table
from tapdesk.engine.planning import PlanRequest, plan
from tapdesk.report import build_report

SMALL = ["--raters", "3,4", "--subjects", "30,60", "--sims", "20", "--workers", "1"]
ONE_ROW = ["--raters", "3,4", "--subjects", "30", "--sims", "20", "--workers", "1"]
"""Two designs: enough for a grid, half the simulated studies of SMALL."""


def test_plan_json_has_every_design_and_field(capsys):
    assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--versus", ".5", "--seed", "2",
                 "--json", *SMALL]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["t"], data["a"], data["p"], data["versus"], data["seed"]) == (0.3, 0.6, 0.4, 0.5, 2)
    assert [(d["raters"], d["subjects"]) for d in data["designs"]] == [(3, 30), (3, 60), (4, 30),
                                                                        (4, 60)]
    for d in data["designs"]:
        assert {"width_a", "width_t", "width_p", "mc_error", "power", "accuracy_model",
                "accuracy_majority", "accuracy_exact"} <= set(d)
        assert 0 < d["width_a"] <= 1 and 0 <= d["power"] <= 1 and d["sims"] == 20
    assert data["complete"] and data["workers"] == 1 and "profile-likelihood" in data["interval"]


def test_plan_text_shows_the_grids_and_the_closed_form(capsys):
    assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", *ONE_ROW]) == 0
    out = capsys.readouterr().out
    assert "Width of the 95% interval for accuracy a" in out
    assert "raters \\ subjects" in out and "[90.8%]" in out       # closed form beside, R = 3
    assert "Chance that the interval" not in out                   # no --versus, no power


def test_plan_from_data_uses_the_fit(tmp_path, capsys):
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, seed=9)
    path = tmp_path / "panel.csv"
    lines = ["subject," + ",".join(table.rater_ids)]
    matrix = table.rater_matrix()
    for i in range(table.n_subjects):
        lines.append(f"{i + 1}," + ",".join(table.categories[int(c)] for c in matrix[i]))
    path.write_text("\n".join(lines) + "\n")
    assert main(["plan", "--from", str(path), "--json", *ONE_ROW]) == 0
    data = json.loads(capsys.readouterr().out)
    fitted = fit(FitRequest(model="tap"), table)
    assert data["a"] == pytest.approx(fitted.value("a"), abs=1e-9)
    assert "panel.csv" in data["source"]


def test_plan_level_reaches_the_json_and_the_text(capsys):
    assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--level", "0.9", "--json",
                 *ONE_ROW]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["level"] == 0.9 and data["interval"].startswith("90% ")
    assert [a["quantity"] for a in data["advice"]] == ["width_a", "width_t", "width_p",
                                                       "accuracy_model", "accuracy_majority"]
    assert data["advice"][0]["target"] == 0.2 and data["advice"][0]["bound"] == "at most"
    assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--level", "0.9",
                 "--need-width", "0.9", *ONE_ROW]) == 0
    out = capsys.readouterr().out
    assert "90% intervals" in out.splitlines()[0]
    assert "Width of the 90% interval for accuracy a" in out and "95%" not in out
    # every design is under 0.9 wide: the advice is the cheapest one, 3 raters x 30 subjects
    assert ("Need: the typical width of the 90% interval for accuracy a at most 0.9. The cheapest "
            "design that meets it: 3 raters per subject \u00d7 30 subjects (90 ratings)") in out


def test_the_subject_cost_reaches_the_advice_in_json_and_text(capsys):
    common = ["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--need-width", "0.9",
              "--raters", "3,6", "--subjects", "30,60", "--sims", "20", "--workers", "1"]
    assert main([*common, "--json", "--subject-cost", "2"]) == 0
    advice = json.loads(capsys.readouterr().out)["advice"][0]
    assert advice["subject_cost"] == 2.0
    chosen = advice["design"]
    assert chosen["cost"] == chosen["subjects"] * (chosen["raters"] + 2)
    assert main([*common, "--subject-cost", "2"]) == 0
    out = capsys.readouterr().out
    assert f"cost {chosen['cost']:,.0f} in ratings ({chosen['ratings']:,} ratings + " in out


def test_the_need_chosen_leads_the_answer_in_text_json_and_report(capsys):
    """``--need QUANTITY=VALUE``: the answer sentence is about the first need given, the same
    sentence in the text, the JSON and the report built from the same plan; every grid cell
    is marked by whether it meets its need."""
    from dataclasses import replace

    from tapdesk.engine.planning.advice import Costs, default_needs
    from tapdesk.library.plan import chosen_needs
    from tapdesk.report import ReportInputs
    from tapdesk.report.plan import MEETS, MISSES, answer_sentence
    common = ["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--seed", "3", "--need",
              "accuracy_majority=0.8", "--need", "width_t=0.35", "--subject-cost", "3", *SMALL]
    assert main([*common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [a["quantity"] for a in data["advice"]][:2] == ["accuracy_majority", "width_t"]
    assert data["advice"][1]["target"] == 0.35 and data["advice"][2]["target"] == 0.2
    assert main(common) == 0
    out = capsys.readouterr().out
    assert out.split("Answer\n------\n")[1].split("\n")[0] == data["answer"]
    assert "majority vote" in data["answer"]
    grid = out.split("Width of the 95% interval for t")[1].split("\n\n")[0]
    assert grid.count(MEETS) + grid.count(MISSES) == 4 + 2       # 4 cells and the note
    assert "meets the need (at most 0.35)" in grid
    study = plan(PlanRequest(0.3, 0.6, 0.4, raters=(3, 4), subjects=(30, 60), sims=20,
                             workers=1, seed=3))
    asked = replace(study, needs=chosen_needs(default_needs(None),
                                              ["accuracy_majority=0.8", "width_t=0.35"]),
                    costs=Costs(3))
    assert answer_sentence(asked) == data["answer"]
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, seed=9)
    doc = build_report(ReportInputs(fit(FitRequest(model="tap"), table), table, None,
                                    plan=asked))
    assert data["answer"] in doc.as_text()


@pytest.mark.parametrize("args, words", [
    (["--t", ".3", "--a", ".6", "--p", ".4", "--level", "1.2"], "--level"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--need-power", "1"], "--need-power"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--need-width", "0"], "--need-width"),
    (["--t", ".3", "--a", ".6"], "give --p"),
    (["--t", ".3", "--a", ".6", "--p", "1.5"], "p must lie between 0 and 1; got 1.5 (command line: --p)"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--raters", "1,2"], "between 2"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--raters", "1,2"], "(command line: --raters)"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--sims", "5"], "(command line: --sims)"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--subjects", "ten"], "--subjects must be whole"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--cut", "1"], "--cut and --class1"),
    (["--from", "missing.csv", "--t", ".3"], "not both"),
    (["--from", "nowhere/missing.csv"], "missing.csv"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--subject-cost", "-1"], "--subject-cost"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--need", "power=0.9"], "no quantity 'power'"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--need", "width_a=wide"], "give a number"),
    (["--t", ".3", "--a", ".6", "--p", ".4", "--need", "width_a=2"], "--need width_a=2"),
])
def test_bad_input_exits_2_with_one_line(args, words, capsys):
    assert main(["plan", *args]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_report_has_a_plan_section_when_chosen():
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 80, 4, seed=9)
    result = fit(FitRequest(model="tap"), table)
    study = plan(PlanRequest(0.3, 0.6, 0.4, raters=(3, 5), subjects=(40,), sims=20, workers=1,
                             versus=0.5))
    without = build_report(result, table=table, coefficients=None)
    assert "plan" not in [s.key for s in without.sections]
    from tapdesk.report import ReportInputs
    doc = build_report(ReportInputs(result, table, None, plan=study))
    section = doc.section("plan")
    assert section.title == "Plan for the next study"
    keys = [b.key for b in section.blocks if hasattr(b, "key")]
    assert {"plan-width_a", "plan-width_t", "plan-width_p", "plan-power", "plan-widths"} <= set(keys)
    text = doc.as_text()
    assert f"{study.design(5, 40).width_a:.3f}" in text


def test_plan_level_reads_a_percent_like_every_other_command(capsys):
    assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", "--level", "90%", "--json",
                 *ONE_ROW]) == 0
    assert json.loads(capsys.readouterr().out)["level"] == 0.9


def test_where_the_truth_comes_from_is_said_in_the_plans_language(tmp_path, capsys):
    """``--language de``: the plan's first line says where t, a, p come from in German ("the
    t-a-p fit of ...", "typed in" were English); its JSON keeps the English."""
    from tapdesk import i18n
    from tapdesk.library.report import report_source
    table = simulate_table(TapParameters(0.3, 0.6, 0.4), 60, 4, seed=9)
    path = tmp_path / "panel.csv"
    matrix = table.rater_matrix()
    path.write_text("\n".join(["subject," + ",".join(table.rater_ids)] + [
        f"{i + 1}," + ",".join(table.categories[int(c)] for c in matrix[i])
        for i in range(table.n_subjects)]) + "\n")
    one = ["--raters", "3", "--subjects", "30", "--sims", "20", "--workers", "1"]
    try:
        assert main(["plan", "--from", str(path), *one, "--language", "de"]) == 0
        german = capsys.readouterr().out
        assert "the t-a-p fit of" not in german and "die t-a-p-Anpassung von panel.csv, Klasse 1 = " \
            in german, german[:400]
        assert main(["plan", "--t", ".3", "--a", ".6", "--p", ".4", *one, "--language", "de"]) == 0
        typed = capsys.readouterr().out
        assert "(eingegeben)" in typed and "typed in" not in typed
        assert main(["plan", "--from", str(path), *one, "--json", "--language", "de"]) == 0
        assert json.loads(capsys.readouterr().out)["source"].startswith("the t-a-p fit of panel.csv")
    finally:
        i18n.set_language("en")
    fitted = fit(FitRequest(model="tap"), table)
    with i18n.language("de"):
        assert str(report_source(fitted)) == ("die Schätzungen der Anpassung t-a-p "
                                              "(durchschnittlicher Beurteiler) dieses Berichts")
    assert str(report_source(fitted)) == "the estimates of this report's t-a-p (average rater) fit"
