"""The crash-isolated SPSS/Stata reader as it runs on Windows and macOS: in a spawned process.

On Linux the reader is forked (tests/data/importer/test_hardening.py); where fork is unsafe
or absent it is spawned. These tests take the spawned path here by saying fork is
not available, so a damaged file that kills the reader is refused in words there too.
"""

from __future__ import annotations

from functools import partial

import pytest

from tapdesk import i18n
from tapdesk.data.importer import isolate
from tapdesk.data.readers import read_ratings
from tapdesk.errors import DataError
from tests import IMPORT_FIXTURES

FIXTURES = IMPORT_FIXTURES


@pytest.fixture
def no_fork(monkeypatch):
    monkeypatch.setattr(isolate, "fork_available", lambda: False)


def test_a_damaged_spss_file_that_crashes_the_spawned_reader_is_refused(no_fork):
    with pytest.raises(DataError, match=r"reader crashed \(SIGSEGV\)") as info:
        read_ratings(FIXTURES / "crash" / "damaged.sav")
    assert "save the ratings as CSV" in str(info.value)
    table = read_ratings(FIXTURES / "medals.sav").table       # sound files still read, spawned
    assert table.n_ratings == 5 and table.scale.label_pairs()


def test_an_error_and_a_time_limit_in_the_spawned_reader_are_words(no_fork):
    with pytest.raises(DataError, match=r"\(ValueError: not a number: 'x'\)"):
        isolate.run_isolated(partial(int_or_fail, "x"), seconds=60, file="a.sav", what="SPSS")
    with pytest.raises(DataError, match="longer than 0.5 s and was stopped"):
        isolate.run_isolated(partial(sleep_for, 30.0), seconds=0.5, file="a.sav", what="SPSS")
    assert isolate.run_isolated(partial(int_or_fail, "42"), seconds=60, file="a.sav",
                                what="SPSS") == 42


def test_how_a_child_ended_is_named_on_every_system():
    assert str(isolate.exit_name(-11)) == "SIGSEGV"
    assert str(isolate.exit_name(3221225477)) == "exit status 0xC0000005"     # Windows access violation
    assert str(isolate.exit_name(1)) == "exit status 1"
    assert str(isolate.exit_name(None)) == "no result"


def int_or_fail(text: str) -> int:
    if not text.isdigit():
        raise ValueError(f"not a number: {text!r}")
    return int(text)


def sleep_for(seconds: float) -> None:
    import time
    time.sleep(seconds)


def test_a_worker_that_ends_is_described_with_the_same_names():
    from tapdesk.engine.process import describe_exit
    assert str(describe_exit(-11)) == "the calculation crashed (SIGSEGV)"
    assert str(describe_exit(3221225477)) == "the calculation crashed (exit status 0xC0000005)"
    assert str(describe_exit(-9)).startswith("the calculation was stopped by the system (SIGKILL)")
    assert str(describe_exit(1)) == "the calculation ended unexpectedly (exit status 1)"
    assert str(describe_exit(None)) == "the calculation stopped answering"
    with i18n.language("de"):        # the words in the language in force when they are read
        assert str(describe_exit(-11)) == "die Berechnung ist abgestürzt (SIGSEGV)"
        assert str(describe_exit(1)) == "die Berechnung endete unerwartet (Exit-Status 1)"
