"""How honest the import's confidence is (issue 74): on the shared import corpora, how often
right and wrong readings fall below each confidence level, so that the level at which the
preview asks the user to confirm a reading (0.7, ``pipeline._LOW_CONFIDENCE``) is chosen
knowing what it catches and what it costs.

Needs each corpus generated and run first (``../shared/import-corpora``, README there), so
that its folder holds ``corpus/`` and the runner's ``results.json``:

    export FUZZ4_ROOT=$(mktemp -d) FUZZ5_ROOT=$(mktemp -d)
    (generate and run both corpora as the README says)
    .venv/bin/python benchmarks/bench_import_confidence.py

Each file the runner judged as read (right, wrong-noted or wrong-silent) is read again here
in-process, with the runner's verdict; a refused file has no confidence. Prints the table and
replaces the section "## Import confidence on the shared corpora (issue 74)" of RESULTS.md.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from results_file import write_section  # benchmarks/ is on sys.path when run as a script

SECTION = "## Import confidence on the shared corpora (issue 74)"
LEVELS = (0.5, 0.6, 0.7, 0.8, 0.9, 0.95)
READ = ("right", "wrong-noted", "wrong-silent")


def readings(root: Path) -> list[tuple[str, str, float]]:
    """(case, verdict, confidence) of every case the runner judged as read."""
    from tapdesk.data.readers import ImportOptions, read_ratings
    from tapdesk.errors import DataError

    verdicts = json.loads((root / "results.json").read_text(encoding="utf-8"))
    out = []
    for case, result in sorted(verdicts.items()):
        if result["cls"] not in READ:
            continue
        try:
            dataset = read_ratings(root / "corpus" / case, ImportOptions())
        except DataError:
            continue
        out.append((case, result["cls"], float(dataset.confidence)))
    return out


def table(rows: list[tuple[str, str, float]]) -> str:
    right = [c for _, v, c in rows if v == "right"]
    wrong = [c for _, v, c in rows if v != "right"]
    lines = ["| confidence below | right readings asked to confirm (cost) | wrong readings "
             "caught |", "|---|---|---|"]
    for level in LEVELS:
        cost = sum(c < level for c in right)
        caught = sum(c < level for c in wrong)
        lines.append(f"| {level:.2f} | {cost} of {len(right)} ({cost / max(1, len(right)):.0%}) "
                     f"| {caught} of {len(wrong)} |")
    return "\n".join(lines)


def _verdict(rows: list[tuple[str, str, float]], level: float = 0.7) -> str:
    """What the level the import uses catches and costs, in one sentence."""
    right = [c for _, v, c in rows if v == "right"]
    wrong = [(case, c) for case, v, c in rows if v != "right"]
    missed = [f"{case} ({c:.2f})" for case, c in wrong if c >= level]
    return (f"At {level:.2f} the warning costs {sum(c < level for c in right)} of {len(right)} "
            f"right readings a confirmation and catches {sum(c < level for _, c in wrong)} of "
            f"{len(wrong)} wrong ones; the wrong readings it misses are confident "
            f"({', '.join(missed) or 'none'}): each is named by a note of its own, and no level "
            "below 0.95 catches them without asking most right readings too.")


def main() -> int:
    roots = {name: Path(os.environ[k]) for k, name in (("FUZZ4_ROOT", "corpus 4"),
                                                       ("FUZZ5_ROOT", "corpus 5"))
             if os.environ.get(k)}
    if not roots:
        print(__doc__)
        return 2
    parts = [SECTION, "", "`benchmarks/bench_import_confidence.py` on "
             + " and ".join(roots) + ": every file the corpus runner "
             "judged as read, its confidence (`Dataset.confidence`) against the runner's verdict. "
             "Below 0.70 the import says the layout is a guess to confirm: a warning at the top "
             "of the import preview (which opens on every file by default) and at the head of a "
             "command's output.", ""]
    everything = []
    for name, root in roots.items():
        rows = readings(root)
        everything += rows
        wrong = [f"{case} ({c:.2f}, {v})" for case, v, c in rows if v != "right"]
        parts += [f"**{name}** ({len(rows)} readings; wrong: {', '.join(wrong) or 'none'})",
                  "", table(rows), ""]
    parts += ["**Both corpora**", "", table(everything), "", _verdict(everything), ""]
    text = "\n".join(parts)
    print(text)
    write_section(SECTION, text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
