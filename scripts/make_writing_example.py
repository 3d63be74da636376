"""Write the worked example of issue 42: a *simulated* writing assessment modelled on the
seed's college-writing study (tapdesk/resources/example_data/writing_simulated.csv).

160 students in years 1-4 (40 a year) each get three scores on a 1-5 scale from three of 12
instructors (every instructor scores 40 students), whose ages run from 29 to 66. The students'
true scores shift upward with the year; an instructor's accuracy rises with age (logit
accuracy 0.4 + 0.04 per year of age above the panel's mean). Run from the project folder:

    python scripts/make_writing_example.py

tests/resources/test_writing_example.py checks that the shipped file is what this writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from tapdesk.engine.explain.simulate import simulate_explained

SEED = 20261125
YEARS = 4
STUDENTS_PER_YEAR = 40
AGES = (29, 33, 36, 40, 43, 45, 48, 51, 55, 58, 62, 66)
SHARES = ((0.25, 0.35, 0.25, 0.10, 0.05), (0.15, 0.30, 0.30, 0.17, 0.08),
          (0.10, 0.22, 0.33, 0.23, 0.12), (0.05, 0.15, 0.30, 0.30, 0.20))
GUESSES = (0.10, 0.25, 0.30, 0.25, 0.10)
TARGET = Path(__file__).resolve().parents[1] / "tapdesk" / "resources" / "example_data" / \
    "writing_simulated.csv"


def writing_csv() -> str:
    """The example's text: one row per score (student, year, instructor, age, score)."""
    n = YEARS * STUDENTS_PER_YEAR
    raters_of = [[(3 * i + k) % len(AGES) for k in range(3)] for i in range(n)]
    table = simulate_explained(SHARES, [STUDENTS_PER_YEAR] * YEARS, np.array(AGES, float), 0.4,
                               [0.04], GUESSES, SEED, categories=("1", "2", "3", "4", "5"),
                               raters_of=raters_of, attribute_names=("age",))
    rows = ["student,year,instructor,age,score"]
    years = table.attributes.subjects["group"]
    ages = table.attributes.raters["age"]
    for s, r, y in zip(table.subject, table.rater, table.rating):
        sid, rid = table.subject_ids[s], table.rater_ids[r]
        rows.append(f"{sid.replace('S', 'student')},{years[sid]},"
                    f"{rid.replace('R', 'instructor')},{ages[rid]},{table.categories[y]}")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    TARGET.write_text(writing_csv(), encoding="utf-8", newline="\n")
    sys.stdout.write(f"wrote {TARGET}\n")
