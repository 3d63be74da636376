"""Shared messages carry no command-line syntax: settings are data, each client names its own
way to change them (issue 26, point 5)."""

from __future__ import annotations

import re

from tapdesk.data.readers import ImportOptions, read_ratings, read_text
from tapdesk.errors import DataError
from tapdesk.gui.hint_words import preview_hint, window_hint
from tapdesk.library.hints import error_text, flags_hint, note_text
from tapdesk.library.summary import summary_dict, summary_text
from tests import IMPORT_FIXTURES

FLAG = re.compile(r"--[a-z]")
ITEMS = "case,judge,question,score\n" + "".join(
    f"{s},{r},{q},{(s + ord(r)) % 3 + 1}\n" for s in range(1, 5) for r in "ABC" for q in ("Q1", "Q2"))
TITLED = "Wine judging 2024\n\nJ1,J2,J3\n1,2,2\n2,2,3\n3,3,3\n1,1,2\n"


def test_item_warning_is_plain_and_each_client_adds_its_own_way():
    ds = read_text(ITEMS, ImportOptions())
    note = next(n for n in ds.import_notes if n.rule == "items")
    assert note.settings == ("item",) and note.action == "warning"
    assert not FLAG.search(note.message) and note.message in ds.warnings
    assert note.message.endswith("Choose the item to analyse")
    assert note_text(note).endswith("(command line: --item NAME)")
    assert window_hint(note.settings) == " (choose the item in the Item list above)"
    assert any("--item NAME" in w for w in summary_dict(ds)["warnings"])    # the CLI keeps it


def test_switchable_rule_says_so_as_data_not_in_its_message():
    ds = read_text(TITLED, ImportOptions())
    note = next(n for n in ds.import_notes if n.rule == "title-lines")
    assert note.switchable and "--no-rule" not in note.message and "turn this off" not in note.message
    assert note_text(note).endswith("(to turn this off: --no-rule title-lines)")
    assert "(to turn this off: --no-rule title-lines)" in summary_text(ds)
    assert not [n for n in ds.notes + ds.warnings if FLAG.search(n)], ds.notes + ds.warnings
    off = read_text(TITLED, ImportOptions(rules_off=("title-lines",)))
    assert not any(n.rule == "title-lines" and n.action == "left out" for n in off.import_notes)


def test_errors_name_settings_as_data():
    err = DataError("check the delimiter or the sheet", file="x.csv", settings=("delimiter", "sheet"))
    assert str(err) == "x.csv: check the delimiter or the sheet"
    assert error_text(err) == "x.csv: check the delimiter or the sheet (command line: --delimiter, --sheet)"
    assert flags_hint(()) == "" and preview_hint(("sheet",), hidden=("sheet",)) == ""
    assert preview_hint(("delimiter", "sheet")) == " (check the Delimiter or Sheet choices in this dialog)"
    assert preview_hint(("layout",)) == " (check the Layout choice in this dialog)"
    assert window_hint(("sheet",)) == (" (Change import mapping... reads the file again: check the "
                                       "Sheet choice there)")


def test_no_importer_message_writes_a_flag(tmp_path):
    """Every message a fixture import makes, and every error it raises, is free of flags."""
    fixtures = IMPORT_FIXTURES
    for path in sorted(p for p in fixtures.iterdir() if p.is_file() and p.suffix not in (".py", ".json")):
        try:
            ds = read_ratings(path)
        except DataError as exc:
            assert not FLAG.search(str(exc)), (path.name, str(exc))
            continue
        texts = [n.message for n in ds.import_notes] + list(ds.warnings) + list(ds.notes)
        assert not any(FLAG.search(t) for t in texts), (path.name, texts)


def test_intervals_get_the_digits_to_tell_their_ends_apart():
    from tapdesk.engine.words import percent_range, percent_with_interval
    assert percent_range(0.6001, 0.6004) == "60.01-60.04%"            # never "60-60%"
    assert percent_range(0.6000001, 0.6000002) == "within 0.01 points of 60.00%"  # no 6 decimals
    assert percent_range(0.44, 0.65) == "44-65%" and percent_range(0.6, 0.6) == "60-60%"
    text = percent_with_interval(0.6005, (0.6001, 0.6009), 0.95)
    assert text == "60.05% (95% interval 60.01-60.09%)"              # the estimate differs too
    assert percent_with_interval(0.54, (0.44, 0.65), 0.95) == "54% (95% interval 44-65%)"


def test_counts_read_with_separators_and_the_right_number():
    from tapdesk.engine.words import count, number, quantity_words
    assert number(1_000_000) == "1,000,000"
    assert count(1, "process", "processes") == "1 process"
    assert count(2, "process", "processes") == "2 processes" and count(1500, "rater") == "1,500 raters"
    assert quantity_words("false_positive_rate") == "false-positive rate"


def test_class1_the_app_picks_by_default_reads_default():
    from tapdesk.data.binary import choose_class1, default_choice
    ds = read_text("A,B,C\n1,2,4\n3,4,4\n2,2,1\n4,3,3\n", ImportOptions())
    scale = ds.table.scale
    assert default_choice(scale).class1 == ("4",) and default_choice(scale).how() == "default"
    assert choose_class1(scale, ["4"]).how() == "default"
    assert choose_class1(scale, ["3"]).how() == "chosen by the user"


def test_feedback_sheet_made_in_the_app_has_no_command_footer():
    from tapdesk.report.document import ReportDocument
    doc = ReportDocument("Feedback", "sub", (), "", "1.0", "2026-01-01")
    assert "Reproduce with" not in doc.as_text()


# ------------------------------------------------- engine messages (issue 26, point 5, continued)
BINARY = "A,B,C\nyes,yes,no\nno,no,no\nyes,yes,yes\nno,yes,no\nyes,no,yes\n"


def _raised(call):
    from tapdesk.errors import TapDeskError
    try:
        call()
    except TapDeskError as exc:
        return exc
    raise AssertionError("no error raised")


def test_engine_errors_name_their_settings_and_write_no_flag():
    from tapdesk.engine.bayes.methods import fit_exact
    from tapdesk.engine.binary.ordinal import ordinal_analysis
    from tapdesk.engine.cancel import CancelToken
    from tapdesk.engine.coefficients.weights import resolve_weights
    from tapdesk.engine.request import FitRequest
    table = read_text(BINARY, ImportOptions()).table
    nominal = read_text("A,B\nx,y\ny,y\nz,x\n", ImportOptions()).table
    cases = {
        ("method",): _raised(lambda: next(fit_exact(FitRequest(model="tap-a0a1-p0p1",
                                                              method="exact", class1=("yes",)),
                                                   table, CancelToken()))),
        ("ordinal",): _raised(lambda: ordinal_analysis(nominal)),
        ("ordinal", "weights"): _raised(lambda: resolve_weights("linear", ("x", "y", "z"), False)),
    }
    for settings, exc in cases.items():
        assert exc.settings == settings and not FLAG.search(str(exc)), (settings, str(exc))
        assert all(f"--{s}" in error_text(exc) for s in settings)
        assert window_hint(exc.settings) and not FLAG.search(window_hint(exc.settings))
    assert "--method mcmc" in error_text(cases[("method",)])
    assert window_hint(("method",)) == " (see the Method choice)"
    assert window_hint(("ordinal", "weights")) == " (see the Scale box or the Weights choice under Options)"


def test_exported_draws_of_an_exact_fit_name_the_method():
    from tapdesk.engine.request import FitRequest
    from tapdesk.engine.run import fit
    table = read_text(BINARY, ImportOptions()).table
    result = fit(FitRequest(model="tap", method="exact", class1=("yes",)), table)
    exc = _raised(lambda: result.posterior.write_draws_csv("/nonexistent/draws.csv"))
    assert exc.settings == ("method",) and "MCMC" in str(exc) and not FLAG.search(str(exc))


def test_boundary_notice_names_bootstrap_as_data():
    from types import SimpleNamespace as NS

    from tapdesk.engine.binary.per_rater import per_rater_notices
    from tapdesk.engine.results import Estimate
    raters = [NS(rater_id="A", flagged="", estimates=[NS(on_boundary=True)])]
    fit = NS(relabelled=False, converged=True, log_likelihood=-1.0, average_log_likelihood=-2.0)
    notice = next(n for n in per_rater_notices(fit, raters, Estimate("t", 0.4), 0) if n.code == "boundary")
    assert notice.settings == ("bootstrap",) and not FLAG.search(notice.message)
    assert "bootstrap resamples" in notice.message
    assert flags_hint(notice.settings) == " (command line: --bootstrap)"
    assert window_hint(notice.settings) == " (see the Bootstrap box under Options)"
    profiled = next(n for n in per_rater_notices(fit, raters, Estimate("t", 0.4), 0, profiled=True)
                    if n.code == "boundary")
    assert profiled.settings == ()


def test_interval_methods_speak_of_resamples_not_flags():
    import inspect

    from tapdesk.engine.binary import expert
    from tapdesk.engine.categorical import per_rater
    for module in (expert, per_rater):
        source = inspect.getsource(module)
        assert "bootstrap resamples" in source and not FLAG.search(source.replace("``--", ""))


def test_a_fit_error_from_the_worker_process_keeps_its_settings():
    from tapdesk.engine.process.child import _failure
    from tapdesk.engine.process.parent import TaskFailed
    from tapdesk.errors import SettingError
    from tapdesk.gui.tasks.worker import failure_message
    failure = _failure(7, SettingError("the exact method is for small models", settings=("method",)))
    assert failure.kind == "user" and failure.settings == ("method",)
    message = failure_message(TaskFailed(failure))
    assert message == "the exact method is for small models (see the Method choice)"


def test_priors_in_plain_words():
    from tapdesk.engine.bayes.prior_words import PriorTerm, beta_terms, prior_sentence, priors_in_words
    from tapdesk.engine.request import Prior
    flat = priors_in_words(beta_terms([Prior("t"), Prior("a"), Prior("p")]))
    assert str(flat) == "flat priors: every value of t, a and p equally likely before the data"
    assert str(prior_sentence(flat)) == ("Flat priors: every value of t, a and p equally likely "
                                         "before the data.")
    shaped = priors_in_words(beta_terms([Prior("t"), Prior("a", 2, 2), Prior("p")]))
    assert str(shaped) == ("a: Beta(2, 2) prior, centred on 0.5 (as much weight as 2 extra "
                           "ratings); flat priors on t and p (every value equally likely before the data)")
    assert str(priors_in_words(beta_terms([Prior("t", 3, 7)]))).startswith(
        "t: Beta(3, 7) prior, centred on 0.3 (as much weight as 8 extra subjects)")
    assert "leaning toward 0 and 1" in str(priors_in_words(beta_terms([Prior("p", 0.5, 0.5)])))
    assert "2 extra subjects" in str(priors_in_words([PriorTerm("t", "t", 1.5, 1.0, 4)]))


def test_a_bayesian_fit_shows_plain_priors_and_keeps_the_formula_in_json():
    from tapdesk.engine.request import FitRequest, Prior
    from tapdesk.engine.run import fit
    from tapdesk.engine.story.findings import result_json
    table = read_text(BINARY, ImportOptions()).table
    result = fit(FitRequest(model="tap", method="exact", class1=("yes",),
                            priors=(Prior("a", 2, 2),)), table)
    note = next(n for n in result.notes if n.code == "prior")
    assert note.message.startswith("Priors: a: Beta(2, 2) prior, centred on 0.5") and "~" not in note.message
    payload = result_json(result, table)  # the CLI's JSON keeps the formula
    assert (
        payload["diagnostics"]["priors"]
        == "t ~ Beta(1, 1) (uniform), a ~ Beta(2, 2), p ~ Beta(1, 1) (uniform)"
    )
    assert "~ Beta" not in result.summary().as_text() and note.message in payload["notes"]
