"""Issue 54: the wide layout's reason named its rater columns with Python's repr, ASCII quotes in
every language ("Beurteiler in den Spalten 'J1', 'J2', 'J3'; Kennungen der Fälle in „subject“");
they take the reader's quotation marks, as the subject column beside them does."""

from __future__ import annotations

import pytest

from tapdesk import i18n
from tapdesk.data.readers import ImportOptions, read_ratings
from tapdesk.data.wording import shown


@pytest.mark.parametrize(("code", "wanted"), [
    ("en", "raters in columns 'J1', 'J2', 'J3'"),
    ("de", "Beurteiler in den Spalten „J1“, „J2“, „J3“")])
def test_the_wide_layouts_rater_columns_are_quoted_as_the_language_quotes(tmp_path, code, wanted):
    path = tmp_path / "r.csv"
    path.write_text('"subject","J1","J2","J3"\n' + "".join(
        f'"s{i}",{1 + i % 2},{1 + (i // 2) % 2},{1 + (i // 3) % 2}\n' for i in range(1, 9)))
    with i18n.language(code):
        reason = format(shown(read_ratings(path, ImportOptions()).reason))
    assert wanted in reason, reason
