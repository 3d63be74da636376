"""Text formats of annotation and machine-learning tools are refused by their name, never read
as delimited text (issue 74); a plain table that looks a little like them is read."""

from __future__ import annotations

import pytest

from tapdesk.data.readers import read_text
from tapdesk.errors import DataError


@pytest.mark.parametrize("text, name", [
    ("@relation ratings\n@attribute r1 {yes,no}\n@attribute r2 {yes,no}\n@data\nyes,no\nno,no\n",
     "ARFF file"),
    ("#FORMAT=WebAnno TSV 3.3\n#T_SP=webanno.custom.Label|value\n\n1-1\t0-3\tThe\t_\n",
     "WebAnno TSV"),
    ("T1\tEntity 0 5\tHello\nT2\tEntity 10 15\tWorld\nA1\tNegated T1\n", "brat annotation"),
    ("# sent_id = 1\n1\tThe\tDET\tO\n2\tcat\tNOUN\tB-X\n\n# sent_id = 2\n1\tA\tDET\tO\n",
     "CoNLL file"),
    ("1\tThe\tDET\tO\n2\tcat\tNOUN\tB-X\n\n1\tA\tDET\tO\n2\tdog\tNOUN\tO\n\n", "CoNLL file"),
])
def test_an_annotation_format_is_refused_by_its_name(text, name):
    with pytest.raises(DataError) as refused:
        read_text(text)
    assert name in str(refused.value) and "not a table of ratings" in str(refused.value)


@pytest.mark.parametrize("text", [
    "1\tA\t3\n1\tB\t2\n2\tA\t3\n2\tB\t1\n3\tA\t2\n3\tB\t2\n",        # numbered subjects
    "T1\tw1\tcat\nT1\tw2\tdog\nT2\tw1\tcat\nT2\tw2\tcat\nT3\tw1\tdog\nT3\tw2\tdog\n",   # tasks
])
def test_a_table_that_looks_a_little_like_one_is_read(text):
    assert read_text(text).table.n_ratings >= 6          # read, however laid out
