"""The check of the outputs in the pseudo-language (:mod:`tests.i18n.pseudo_leaks`): it finds an
English word put into a translated sentence, an English sentence and an English number, and
leaves what stays plain in every language alone."""

from __future__ import annotations

from tapdesk import i18n
from tests.i18n.pseudo_leaks import file_name_leaks, pseudo_leaks


def pseudo(english: str) -> str:
    from tapdesk.i18n.pseudo import pseudo_text
    return pseudo_text(english)


def test_an_english_word_sentence_or_number_is_found():
    sentence = pseudo("Accuracy of the raters")
    assert pseudo_leaks(sentence) == []
    assert pseudo_leaks(f"{sentence} class share by 'year'")[0].startswith("class, share, by")
    assert pseudo_leaks("Ranges of equally good values")
    assert pseudo_leaks(pseudo("{x} to {y}").format(x="0.493", y="0.945"))   # English numbers
    assert pseudo_leaks(pseudo("share {x}").format(x="0,493")) == []


def test_what_stays_plain_in_every_language_is_left():
    text = "\n".join([
        pseudo("Rater {name} guessed less often.").format(name="Ärztin Müller"),
        "tapdesk report panel.csv --language qps --cut mittel --out report.pdf",
        "--seed 20261121 --starts 2",                       # a command wrapped on a page
        pseudo("Model code") + ": per-rater",               # a code as a fact's value
        pseudo("t-a-p, accuracy depends on the true class") + " [tap-a0a1]",
        "[footer-rows, left out] " + pseudo("(to turn this off: --no-rule {rule})").format(
            rule="footer-rows"),
        "ab12" * 16 + " /tmp/x/panel.csv stanislavzza/tapModel 1.1.0.dev0",
        "2. Januar 2026",
        "[3] Cohen, J. (1960). A coefficient of agreement for nominal scales. Educational and "
        "Psychological Measurement, 20(1), 37-46.",
    ])
    assert pseudo_leaks(text, own=("Ärztin Müller", "mittel")) == []


def test_a_code_that_is_an_english_word_counts_outside_its_places():
    assert pseudo_leaks(pseudo("the interval is") + " wide")
    assert pseudo_leaks(pseudo("{n} raters").format(n=3) + " expert counts")


def test_a_name_from_the_data_counts_as_written_however_a_page_breaks_it():
    assert pseudo_leaks("Ärztin\nMüller gerin\ng", own=("Ärztin Müller", "gering")) == []
    assert pseudo_leaks("Ärztin Müller", own=("Müller",))


def test_file_names_keep_the_users_words_and_the_data_files():
    with i18n.language("qps"):
        from tapdesk.report.file_names import readme_file, report_file, sheet_prefix
        names = [report_file(), readme_file(), f"{sheet_prefix()}Dr._Weiß.pdf"]
    assert file_name_leaks([*names, "subjects_to_review.csv"], ("Dr. Weiß",),
                           ("subjects_to_review.csv",)) == []
    assert file_name_leaks(["feedback_Dr._Weiß.pdf", "report.pdf"], ("Dr. Weiß",)) == \
        ["feedback_Dr._Weiß.pdf", "report.pdf"]
