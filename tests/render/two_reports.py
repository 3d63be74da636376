"""The wine report and the writing report of an explained fit as PDFs (issue 53's walk), for the
tests that read the printed report as a committee does. The writing report's analyses are named
as the app's Export dialog names them (its longest section titles)."""

from __future__ import annotations

import functools

from tapdesk.data.readers import read_ratings
from tapdesk.report import ReportAnalysis, ReportInputs, build_report
from tapdesk.resources.examples import get_example
from tests.report.test_content import run, wine_table


@functools.cache                          # built once a session: the fits take a while
def wine_report():
    table = wine_table()
    results = [run("tap", table, cut="bronze"), run("per-rater", table, cut="bronze"),
               run("coefficients", table), run("ordinal-cuts", table)]
    return build_report(ReportInputs.of([ReportAnalysis(r, table) for r in results],
                                        title="Wine judging"))


@functools.cache
def writing_report():
    table = read_ratings(get_example("writing").path).table
    explained = {"cut": "2", "subject_group": "year", "rater_attributes": ("age",)}
    results = [run("tap", table, **explained), run("per-rater", table, **explained),
               run("coefficients", table, cut="2")]
    names = [f"{r.title} (Maximum likelihood, Class 1 = 2)" for r in results[:2]] + [""]
    return build_report(ReportInputs.of([ReportAnalysis(r, table, name)
                                         for r, name in zip(results, names)],
                                        title="Writing samples"))


REPORTS = {"wine": wine_report, "writing": writing_report}
