"""How a calculation ended, in the language in force when it is read (issue 54): every branch of
``describe_exit`` and the exit status or signal inside it (``exit_name``) bracketed in the
pseudo-language, translated in French and Spanish (German and the window: tests/gui/tasks/
test_crash_language.py, tests/data/importer/test_isolate_spawn.py)."""

from __future__ import annotations

import re

import pytest

from tapdesk import i18n
from tapdesk.engine.process import describe_exit
from tapdesk.engine.process.parent import WorkerDied
from tests.languages import english_after, pseudo  # noqa: F401 - fixtures

ENDINGS = (-11, 3221225477, -9, 1, None, -200)
"""A crash (POSIX, Windows), killed by the system, an exit status, no answer, an unnamed signal."""


@pytest.mark.usefixtures("pseudo")
def test_every_ending_is_bracketed_in_the_pseudo_language():
    with i18n.language("qps"):
        for code in ENDINGS:
            text = str(describe_exit(code))
            assert text.startswith("[") and text.endswith("]"), text
            inner = re.search(r"\((.*)\)", text)
            if inner and not inner.group(1).startswith("SIG"):     # a status or signal number
                assert inner.group(1).startswith("["), text


@pytest.mark.parametrize(("code", "expected"), [
    ("fr", ("le calcul a planté (SIGSEGV)", "le calcul a planté (code de sortie 0xC0000005)",
            "le calcul a été arrêté par le système (SIGKILL)",
            "le calcul s\u2019est terminé de façon inattendue (code de sortie 1)",
            "le calcul ne répondait plus", "le calcul a planté (signal 200)")),
    ("es", ("el cálculo falló (SIGSEGV)", "el cálculo falló (código de salida 0xC0000005)",
            "el sistema detuvo el cálculo (SIGKILL)",
            "el cálculo terminó de forma inesperada (código de salida 1)",
            "el cálculo dejó de responder", "el cálculo falló (señal 200)")),
])
def test_every_ending_reads_in_french_and_spanish(code, expected):
    with i18n.language(code):
        texts = [str(describe_exit(c)) for c in ENDINGS]
    assert [t[:len(e)] for t, e in zip(texts, expected)] == list(expected)


def test_a_dead_worker_is_told_in_the_language_where_it_is_read():
    died = WorkerDied(1)                                 # made in English (the fit's language)
    assert str(died) == "the calculation ended unexpectedly (exit status 1)"
    with i18n.language("es"):
        assert str(died) == "el cálculo terminó de forma inesperada (código de salida 1)"
