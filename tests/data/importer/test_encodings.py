"""The legacy encoding of a text file that is not UTF-8 (issue 74, corpus 9): chosen by what
the decoded text looks like, said in the import notes."""

from __future__ import annotations

import pytest

from tapdesk.data.importer.encodings import legacy_encoding
from tapdesk.data.readers import read_ratings

TEXTS = {
    "cp1252": "Note;Très bien;Größe;Mädchen;naïve;café;São João;€ 12;l’école\n",
    "cp1250": "Oddział;zdecydowanie tak;brak danych;łódź;Świętokrzyskie\n",
    "mac_roman": "Très bien;Léa;Assez bien;Mädchen\n",
    "cp1251": "Оценка;хорошо;плохо;Иванов\n",
    "cp932": "読影医,なし,軽度,中等度,高度,男,女\n",
    "gb18030": "评分者,轻度,中度,重度,无\n",
}


@pytest.mark.parametrize("encoding", sorted(TEXTS))
def test_each_code_page_is_told_by_its_text(encoding):
    assert legacy_encoding(TEXTS[encoding].encode(encoding)) == encoding


def test_a_mac_csv_with_cr_line_ends_reads_its_accents(tmp_path):
    rows = [("Candidat", "Examinateur 1", "Examinateur 2")] + [
        (f"C{i}", ["Très bien", "Bien", "Assez bien"][i % 3], ["Très bien", "Bien"][i % 2])
        for i in range(12)]
    data = "\r".join(",".join(r) for r in rows).encode("mac_roman") + b"\r"
    path = tmp_path / "oral.csv"
    path.write_bytes(data)
    ds = read_ratings(str(path))
    assert "Très bien" in ds.table.scale.categories
    assert any(n.rule == "text-format" and "mac-roman" in n.message for n in ds.import_notes)
