"""The command line's settings of the explanatory models (issue 42): which subject attribute
groups the subjects, which rater attributes explain accuracy."""

from __future__ import annotations

import argparse
from typing import Any


def add_explain_arguments(parser: argparse.ArgumentParser, *, groups: bool = True) -> None:
    """``--subject-group COL``, ``--rater-attribute COL`` (repeatable), ``--guess-by-attributes``."""
    group = parser.add_argument_group(
        "explain the ratings (tapdesk inspect lists the attribute columns; a second table of "
        "raters: --raters-file)")
    if groups:
        group.add_argument("--subject-group", metavar="COL",
                           help="a subject attribute (one value per subject, e.g. year or site): "
                                "each group gets its own class share, with a test that the groups "
                                "differ (models tap, per-rater, categorical) (default: none)")
    group.add_argument("--rater-attribute", dest="rater_attributes", action="append", default=[],
                       metavar="COL",
                       help="a rater attribute (one value per rater, e.g. age, experience, human "
                            "or AI) that accuracy may depend on; repeat for several (default: "
                            "none)")
    if groups:
        group.add_argument("--guess-by-attributes", action="store_true",
                           help="with --rater-attribute: the guess rate depends on the same "
                                "attributes (two-category models) (default: one guess rate)")


def explain_settings(args: argparse.Namespace) -> dict[str, Any]:
    """The FitRequest fields the arguments set."""
    return {"subject_group": getattr(args, "subject_group", None),
            "rater_attributes": tuple(getattr(args, "rater_attributes", ()) or ()),
            "guess_by_attributes": bool(getattr(args, "guess_by_attributes", False))}
