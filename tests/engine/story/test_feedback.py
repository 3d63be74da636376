"""Rater feedback: the per-rater fit's own numbers, honest when there is too little, kind words."""

from __future__ import annotations

import csv
import json
import math
import os
import subprocess
import sys
import unicodedata

import numpy as np
import pytest

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.binary.simulate import TapParameters, simulate_matrix
from tapdesk.engine.results import RaterComparison
from tapdesk.engine.story.feedback import MIN_RATINGS, feedback_sentence, rater_feedback
from tapdesk.errors import SettingError
from tapdesk.report.feedback import SUMMARY_COLUMNS, feedback_document, pdf_names, summary_rows

UNKIND = ("bad", "poor", "wrong", "fail", "worse", "worst", "incompetent", "careless", "weak")


def panel_table(seed: int = 3, few: int = 3) -> RatingsTable:
    """300 subjects x 5 judges (J5 leans to 'yes' when guessing), plus J9 with ``few`` ratings."""
    params = TapParameters(0.35, 0.6, 0.4, rater_a=(0.8, 0.6, 0.6, 0.5, 0.6),
                           rater_p=(0.4, 0.4, 0.4, 0.4, 0.9))
    _, ratings = simulate_matrix(params, 300, 5, seed)
    subjects, raters, labels = [], [], []
    for i in range(300):
        for j in range(5):
            subjects.append(f"S{i + 1}")
            raters.append(f"J{j + 1}")
            labels.append("yes" if ratings[i, j] else "no")
    for i in range(few):
        subjects.append(f"S{i + 1}")
        raters.append("J9")
        labels.append("yes" if ratings[i, 0] else "no")
    return RatingsTable.from_labels(subjects, raters, labels)


@pytest.fixture(scope="module")
def fitted():
    table = panel_table()
    result = fit(FitRequest(model="per-rater", class1=("yes",)), table)
    return table, result, rater_feedback(result, table)


def test_numbers_are_the_per_rater_fits_own(fitted):
    table, result, report = fitted
    assert [r.rater_id for r in report.raters] == [r.rater_id for r in result.raters]
    for fb, rater in zip(report.raters, result.raters):
        if not fb.enough:
            continue
        assert fb.n_ratings == rater.n_ratings
        assert fb.accuracy == rater.get("a")
        assert fb.guess_rate == rater.get("p")
        assert fb.sensitivity == rater.get("sensitivity")
        assert fb.false_positive_rate == rater.get("false_positive_rate")
    a = np.array([r.get("a").value for r in result.raters])
    p = np.array([r.get("p").value for r in result.raters])
    n = np.array([r.n_ratings for r in result.raters], float)
    j = [r.rater_id for r in result.raters].index("J1")
    others = np.arange(len(a)) != j
    assert report.rater("J1").others_accuracy == pytest.approx(
        (a[others] * n[others]).sum() / n[others].sum())
    guesses = n * (1 - a)
    assert report.rater("J1").others_guess_rate == pytest.approx(
        (p[others] * guesses[others]).sum() / guesses[others].sum())


def test_agreement_with_the_panel_is_the_leave_one_out_posterior(fitted):
    """Brute force: for each of J2's ratings, the other raters' likelihood ratios and the prior."""
    table, result, report = fitted
    q = {r.rater_id: (r.get("sensitivity").value, r.get("false_positive_rate").value)
         for r in result.raters}
    t = result.value("t")
    by_subject: dict[int, list[tuple[str, bool]]] = {}
    for s, r, y in zip(table.subject, table.rater, table.rating):
        by_subject.setdefault(int(s), []).append((table.rater_ids[r], table.categories[y] == "yes"))
    agree = compared = 0
    for ratings in by_subject.values():
        mine = [y for rid, y in ratings if rid == "J2"]
        rest = [(rid, y) for rid, y in ratings if rid != "J2"]
        if not mine or not rest:
            continue
        logit = math.log(t / (1 - t))
        for rid, y in rest:
            q1, q0 = q[rid]
            logit += math.log(q1 / q0) if y else math.log((1 - q1) / (1 - q0))
        compared += 1
        agree += (logit > 0) == mine[0]
    fb = report.rater("J2")
    assert fb.n_compared == compared
    assert fb.agreement == pytest.approx(agree / compared)
    probabilities = [d.panel_probability for d in fb.disagreements]
    assert probabilities == sorted(probabilities, reverse=True) and min(probabilities) > 0.5


def test_a_rater_with_three_ratings_gets_too_few_ratings_to_say(fitted):
    _, _, report = fitted
    fb = report.rater("J9")
    assert fb.n_ratings == 3 and not fb.enough
    assert fb.accuracy is None and fb.guess_rate is None and fb.agreement is None
    assert "too few ratings to say" in fb.sentence
    doc = feedback_document(report, fb)
    text = doc.as_text()
    assert "Too few ratings to say" in text
    assert "%" not in text.split("How to read this")[0].split("Your numbers")[1]   # no number
    row = dict(zip(SUMMARY_COLUMNS, summary_rows(report, pdf_names(report))[-1]))
    assert row["rater"] == "J9" and row["accuracy"] == "" and row["enough_ratings"] == "no"


def test_sentences_are_factual_and_kind(fitted):
    _, _, report = fitted
    leaning = report.rater("J5")
    assert leaning.guess_vs_others == "more"
    assert "when guessing, Rater J5 called 'yes' more often than the others" in leaning.sentence
    assert report.rater("J1").accuracy_vs_others in ("higher", "not shown to differ")
    for fb in report.raters:
        words = fb.sentence.lower().replace(".", " ").replace(",", " ").split()
        assert not set(words) & set(UNKIND), fb.sentence
        assert fb.sentence.startswith(("Rater ", "There are too few"))


def _comparison(name: str, verdict: str) -> RaterComparison:
    interval = {"higher": (0.1, 0.3), "more": (0.1, 0.3), "lower": (-0.3, -0.1),
                "less": (-0.3, -0.1)}.get(verdict, (-0.1, 0.2))
    return RaterComparison("J3", name, sum(interval) / 2, interval, verdict, "profile likelihood")


def test_sentence_combinations():
    """Never "as accurate as": an interval that includes 0 shows no difference, not equality."""
    plain = feedback_sentence("Judge J3", 50, True, "", _comparison("a", "not shown to differ"),
                              _comparison("p", "more"), "'gold'")
    assert plain == ("Judge J3's accuracy was not shown to differ from the rest of the panel's; "
                     "when guessing, Judge J3 called 'gold' more often than the others.")
    lower = feedback_sentence("R", 50, True, "", _comparison("a", "lower"),
                              _comparison("p", "not shown to differ"), "'1'")
    assert lower == ("R was accurate less often than the rest of the panel; R was not shown to "
                     "guess '1' more or less often than the others.")
    assert "as accurate as" not in plain + lower
    assert "cannot show how accurate" in feedback_sentence(
        "R", 50, True, "gave the same rating every time: accuracy cannot be told", None,
        None, "'1'")
    assert f"at least {MIN_RATINGS}" in feedback_sentence("R", 2, False, "", None, None, "'1'")


def test_feedback_needs_the_per_rater_model():
    table = panel_table()
    tap = fit(FitRequest(model="tap", class1=("yes",)), table)
    with pytest.raises(SettingError, match="per-rater"):
        rater_feedback(tap, table)


def test_pdf_names_are_safe_and_distinct(fitted):
    _, _, report = fitted
    from dataclasses import replace
    odd = replace(report, raters=(replace(report.raters[0], rater_id="a/b c"),
                                  replace(report.raters[1], rater_id="a:b c")))
    names = pdf_names(odd)
    assert names == {"a/b c": "feedback_a_b_c.pdf", "a:b c": "feedback_a_b_c_2.pdf"}


def test_pdf_names_keep_the_raters_letters(fitted):
    _, _, report = fitted
    from dataclasses import replace
    people = ("Ärztin Müller", "Dr. Öztürk", "Weiß", "GROSS", "Groß", "groß", "Łukasz <Ż>?")
    unicode = replace(report, raters=tuple(replace(report.raters[k % len(report.raters)],
                                                   rater_id=who) for k, who in enumerate(people)))
    names = pdf_names(unicode)
    assert names["Ärztin Müller"] == "feedback_Ärztin_Müller.pdf"
    assert names["Dr. Öztürk"] == "feedback_Dr._Öztürk.pdf"
    assert names["Weiß"] == "feedback_Weiß.pdf"
    assert names["Groß"] == "feedback_Groß.pdf" and names["groß"] == "feedback_groß_2.pdf"
    assert names["Łukasz <Ż>?"] == "feedback_Łukasz_Ż.pdf"
    assert len({n.lower() for n in names.values()}) == len(people)
    assert all(len(n.encode("utf-8")) <= 255 for n in names.values())


# ---------------------------------------------------------------------- CLI
def write_panel_csv(path):
    table = panel_table()
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["subject", "judge", "rating"])
        for s, r, y in zip(table.subject, table.rater, table.rating):
            writer.writerow([table.subject_ids[s], table.rater_ids[r], table.categories[y]])
    return path


def run_cli(*args):
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    return subprocess.run([sys.executable, "-m", "tapdesk", *args], capture_output=True, text=True,
                          env=env, timeout=300)


@pytest.mark.gui
def test_cli_writes_one_pdf_per_rater_and_a_summary(tmp_path):
    pytest.importorskip("PySide6")
    from pypdf import PdfReader
    data = write_panel_csv(tmp_path / "panel.csv")
    out = tmp_path / "feedback"
    done = run_cli("feedback", str(data), "--class1", "yes", "--out", str(out), "--json")
    assert done.returncode == 0, done.stderr
    payload = json.loads(done.stdout)
    pdfs = sorted(p.name for p in out.glob("*.pdf"))
    assert pdfs == [f"feedback_J{j}.pdf" for j in (1, 2, 3, 4, 5, 9)]
    with open(out / "feedback_summary.csv", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [r["rater"] for r in rows] == ["J1", "J2", "J3", "J4", "J5", "J9"]
    assert rows[-1]["accuracy"] == "" and "too few ratings to say" in rows[-1]["sentence"]
    assert payload["raters"][0]["accuracy"] == pytest.approx(float(rows[0]["accuracy"]))
    reader = PdfReader(out / "feedback_J5.pdf")
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    text = unicodedata.normalize("NFKC", text)         # the PDF writes "differ" with a ligature
    assert "Feedback for rater J5" in text and rows[4]["sentence"][:40] in text


def test_cli_refuses_data_without_rater_ids(tmp_path, capsys):
    from tapdesk.cli.main import main
    data = tmp_path / "counts.csv"
    data.write_text("subject,r1,r2,r3\n" + "".join(f"{i},yes,no,yes\n" for i in range(20)))
    # a wide file names its raters by column; a long file without a rater column has none
    long = tmp_path / "long.csv"
    long.write_text("subject,rating\n" + "".join(f"{i},yes\n{i},no\n" for i in range(20)))
    assert main(["feedback", str(long), "--class1", "yes", "--out", str(tmp_path / "o")]) == 2
    assert "which rater gave each rating" in capsys.readouterr().err
    assert main(["feedback", str(tmp_path / "missing.csv"), "--out", str(tmp_path / "o")]) == 2
    assert "missing.csv" in capsys.readouterr().err


def test_wine_feedback_claims_what_the_summary_and_report_claim(shared_data):
    """The wine judges (per-rater model, Class 1 = no medal): J3's sheet once said "accurate
    more often than the rest of the panel" while the summary said none stands out."""
    from tapdesk.data.readers import read_ratings
    from tapdesk.report import build_report
    table = read_ratings(shared_data / "wine.csv").table
    result = fit(FitRequest(model="per-rater", cut="1"), table)
    sheets = rater_feedback(result, table)
    conclusion = " ".join(build_report(result, table=table).section("summary").blocks[0].items)
    claims = {fb.rater_id: fb.accuracy_vs_others for fb in sheets.raters}
    if "No rater's accuracy was shown to differ" in " ".join(result.headline):
        assert set(claims.values()) == {"not shown to differ"}, claims
        assert "no rater's accuracy was shown to differ" in conclusion
    for fb in sheets.raters:
        assert fb.accuracy_vs_others == result.comparison(fb.rater_id, "a").verdict
        differs = fb.accuracy_vs_others in ("higher", "lower")
        assert differs == (f"{fb.rater_id} was accurate" in conclusion), (fb.rater_id, conclusion)
