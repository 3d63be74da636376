"""What the languages cost at start-up in English (issue 54): no measurable share.

Two kinds of fresh process, alternated in one run so the machine's load falls on both alike:
``tapdesk --version`` (the quickest start, which now reads the environment's language), and one
that first imports every other module ``tapdesk --version`` imports, then times only what the
languages add in English: import ``tapdesk.i18n``, read the language from the environment and
translate every text of the menu bar (``_`` on each, as the first window does for its menus).
Reports the medians of CPU time (user + system: a busy shared machine inflates wall time by its
other processes), the languages' share of the start, and whether Babel stayed unloaded (English
never needs it).

    nice -n 10 .venv/bin/python benchmarks/bench_i18n.py [--runs N]

Prints the figures and replaces the section "## Languages at start-up (issue 54)" of
benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Languages at start-up (issue 54)"
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "LANG": "C.UTF-8"}
"""English, and as an installed program runs: with its modules' bytecode kept (as
bench_startup.py; the uncounted first run writes it)."""
BEFORE = """
import contextlib, io, sys
from tapdesk.cli.main import main
with contextlib.redirect_stdout(io.StringIO()):
    main(["--version"])
print(" ".join(sorted(sys.modules)))
"""
LANGUAGES_ONLY = """
import importlib, time
for name in {before!r}:
    try:
        importlib.import_module(name)
    except Exception:
        pass
started = time.process_time()
from tapdesk import i18n
i18n.set_language(i18n.from_environment())
texts = {texts!r}
for text in texts:
    i18n._(text)
import sys
print(f"took_s={{time.process_time() - started:.5f}}")
print("babel=" + str(any(m.split('.')[0] == 'babel' for m in sys.modules)))
"""


def menu_texts() -> list[str]:
    """Every text the menu bar translates (read from the catalog template: no Qt needed): the
    texts of ``gui/window/menus.py``. When this measure was first taken they were the whole
    catalog; the catalog has since grown to every surface's texts, which start-up never reads."""
    from tapdesk.i18n.tooling import TEMPLATE, read
    return [m.id for m in read(TEMPLATE) if m.id and isinstance(m.id, str)
            and any(path.endswith("gui/window/menus.py") for path, _line in m.locations)]


def before_languages() -> list[str]:
    """The modules ``tapdesk --version`` imports but TapDesk's own (so the second process
    times only what the languages add): a TapDesk module such as ``tapdesk.errors`` imports
    ``tapdesk.i18n`` itself, which would hide the languages' import from the timing."""
    done = subprocess.run([sys.executable, "-c", BEFORE], capture_output=True, text=True,
                          timeout=120, env=ENV)
    return [m for m in done.stdout.split() if not m.startswith("tapdesk.") and m != "__main__"]


def timed(argv: list[str]) -> tuple[float, str]:
    """The CPU time (user + system) of a fresh process running ``argv``, and its output: on a
    busy shared machine wall time measures the other processes more than this one."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=ENV)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    took = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    return took, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    runs = parser.parse_args().runs
    tapdesk = [str(os.path.join(os.path.dirname(sys.executable), "tapdesk")), "--version"]
    languages = [sys.executable, "-c", LANGUAGES_ONLY.format(texts=menu_texts(),
                                                             before=before_languages())]
    timed(tapdesk), timed(languages)                       # bytecode written, caches warm
    whole, inside, babel = [], [], set()
    for _run in range(runs):
        whole.append(timed(tapdesk)[0])
        _wall, out = timed(languages)
        fields = dict(line.split("=", 1) for line in out.split())
        inside.append(float(fields["took_s"]))
        babel.add(fields["babel"])
    start, cost = statistics.median(whole), statistics.median(inside)
    load = os.getloadavg()[0]
    text = "\n".join([
        SECTION, "",
        f"{runs} runs of each, alternated, fresh processes with their bytecode kept, "
        f"`LANG=C.UTF-8` (English), Python "
        f"{sys.version.split()[0]}, load average {load:.1f} on a shared 2-core machine "
        "(`nice -n 10 .venv/bin/python benchmarks/bench_i18n.py`).", "",
        "| what | median |", "|---|---|",
        f"| `tapdesk --version`, whole process (CPU time) | {1000 * start:.0f} ms |",
        f"| what the languages add in English (after the rest of `--version`'s imports): "
        f"import `tapdesk.i18n`, read the environment's "
        f"language, `_()` on the {len(menu_texts())} texts of the menu bar (CPU time) | "
        f"{1000 * cost:.1f} ms |",
        f"| its share of `tapdesk --version` | {100 * cost / start:.1f}% |", "",
        f"Babel loaded in English: {' / '.join(sorted(babel))} (it loads only when another "
        "language first formats a number, list or date). The window's menus add the same "
        "`_()` calls; the first window's figure (`bench_startup.py --window`) holds them.",
    ])
    print(text)
    write_section(SECTION, text + "\n")


if __name__ == "__main__":
    main()
