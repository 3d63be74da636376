"""Issue 74: the report's first page ends with what the import decided on its own (a column of
comments left out, how a text file was read), for a committee to check; the section "Data"
keeps each of those notes whole."""

from __future__ import annotations

import csv
from dataclasses import replace

import pytest

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.report import ReportInputs, build_report
from tapdesk.report.document import BulletList, Paragraph
from tapdesk.report.import_guesses import LONGEST, SHOWN

HEADING = "How the file was read"
CHECK = "TapDesk decided these points on its own: please check them; the section 'Data' has the details."
LEFT_OUT = ("Column 'Kommentar' was left out: it is not a rater on the raters' scale: a comment or "
            "note column")
"""The import's note as page one says it: without its evidence in brackets."""
SCALE = ("gut", "mittel", "schlecht")


def comment_csv(path):
    """20 cases rated by r1, r2, r3 on gut / mittel / schlecht, mostly alike, and a column
    "Kommentar" ("passt", "unsicher") filled on two rows of three: no rater."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["case", "r1", "r2", "r3", "Kommentar"])
        for i in range(20):
            ratings = [SCALE[i % 3]] * 3
            if i % 5 == 1:
                ratings[2] = SCALE[(i + 1) % 3]
            if i % 7 == 3:
                ratings[0] = SCALE[(i + 2) % 3]
            comment = ("passt", "unsicher")[i % 2] if i % 3 != 2 else ""
            writer.writerow([f"c{i + 1}", *ratings, comment])
    return path


@pytest.fixture(scope="module")
def fitted(tmp_path_factory):
    dataset = read_ratings(comment_csv(tmp_path_factory.mktemp("guesses") / "kommentar.csv"))
    result = fit(FitRequest(model="tap", class1=("gut",), seed=5, n_starts=2), dataset.table)
    return dataset, result


def summary_texts(doc) -> list[str]:
    texts = []
    for block in doc.section("summary").blocks:
        texts += list(block.items) if isinstance(block, BulletList) else \
            [block.text] if isinstance(block, Paragraph) else []
    return texts


def guess_items(doc) -> tuple[str, ...]:
    """The bullets under the heading (none when there is no heading)."""
    blocks = doc.section("summary").blocks
    for i, block in enumerate(blocks):
        if isinstance(block, Paragraph) and block.text == HEADING:
            assert isinstance(blocks[i + 1], BulletList) and blocks[i + 2].text == CHECK
            assert blocks[i + 3].text == "Results in one paragraph"  # after what was analysed
            return blocks[i + 1].items
    return ()


def test_the_import_says_it_left_the_comment_column_out(fitted):
    dataset, result = fitted
    guesses = dataset.table.provenance.guesses
    assert any("'Kommentar' was left out" in g and "comment or note column" in g for g in guesses)
    assert set(guesses) <= set(dataset.table.provenance.notes)
    assert dataset.table.rater_ids == ("r1", "r2", "r3")
    assert result.provenance.guesses == dataset.table.provenance.guesses


def test_page_one_ends_with_the_guesses_and_the_data_section_keeps_them_whole(fitted):
    dataset, result = fitted
    doc = build_report(result, table=dataset.table, coefficients=None)
    items = guess_items(doc)
    guesses = list(dataset.table.provenance.guesses)
    assert len(items) == len(guesses) and items[0] == LEFT_OUT
    assert not any("encoding" in item for item in items)     # how the bytes were read: routine
    long = next(g for g in guesses if "Kommentar" in g)
    assert "(100% of its values, such as 'passt', 'unsicher'" in long
    notes = [row[1] for row in next(t for t in doc.tables() if t.key == "provenance").rows
             if row[0] == "Note"]
    assert long in notes                                     # whole in the section "Data"


def test_no_guesses_no_block(fitted):
    dataset, result = fitted
    quiet = replace(dataset.table, provenance=replace(dataset.table.provenance, guesses=()))
    doc = build_report(result, table=quiet, coefficients=None)      # the table's, not the result's
    assert guess_items(doc) == ()
    assert not any(HEADING in t or "decided these points" in t for t in summary_texts(doc))
    plain = replace(result, provenance=replace(result.provenance, guesses=()))
    assert guess_items(build_report(plain, coefficients=None)) == ()


def test_without_a_table_the_results_provenance_says_them(fitted):
    _, result = fitted
    assert guess_items(build_report(result, coefficients=None))[0] == LEFT_OUT


def test_a_long_one_is_cut_at_a_clauses_end_and_a_name_keeps_its_brackets(fitted):
    dataset, result = fitted
    long = "column 'Notes (free text)' was left out; " + "it holds sentences, " * 12 + "not ratings"
    table = replace(dataset.table, provenance=replace(dataset.table.provenance, guesses=(long,)))
    item, = guess_items(build_report(result, table=table, coefficients=None))
    assert item.startswith("Column 'Notes (free text)' was left out; it holds sentences, ")
    assert item.endswith("it holds sentences\u2026") and len(item) <= LONGEST + 1


def test_more_than_eight_are_counted_not_listed(fitted):
    dataset, result = fitted
    many = tuple(f"guess number {i}" for i in range(1, SHOWN + 4))
    table = replace(dataset.table, provenance=replace(dataset.table.provenance, guesses=many))
    items = guess_items(build_report(result, table=table, coefficients=None))
    assert items[:SHOWN] == tuple(f"Guess number {i}" for i in range(1, SHOWN + 1))
    assert items[SHOWN:] == ("And 3 more points, listed in the section 'Data'",)
    one_more = replace(table, provenance=replace(table.provenance, guesses=many[:SHOWN + 1]))
    items = guess_items(build_report(result, table=one_more, coefficients=None))
    assert items[-1] == "And 1 more point, listed in the section 'Data'"


@pytest.mark.gui
def test_the_pdfs_first_page_lists_them(fitted, tmp_path):
    pytest.importorskip("PySide6")
    from tapdesk.render.page import ensure_app
    from tapdesk.render.pdf import write_report_pdf
    from tests.render.test_pdf import page_texts
    ensure_app()
    dataset, result = fitted
    path = write_report_pdf(build_report(ReportInputs(result, dataset.table)),
                            tmp_path / "report.pdf")
    pages = page_texts(path)
    first = pages[0]
    assert HEADING in first and LEFT_OUT in first and CHECK in first
    assert first.index("What was analysed") < first.index(HEADING) < \
        first.index("Results in one paragraph")
    assert "decimal mark" not in first                       # routine: in the Data section only
    assert "a comment or note column" in " ".join(pages[1:])  # the note whole, under "Data"
