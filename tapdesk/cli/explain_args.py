"""The command line's settings of the explanatory models (issue 42): which subject attribute
groups the subjects, which rater attributes explain accuracy."""

from __future__ import annotations

import argparse

from tapdesk.i18n import _


def add_explain_arguments(parser: argparse.ArgumentParser, *, groups: bool = True) -> None:
    """``--subject-group COL`` (``--subject-bands N`` for a number), ``--rater-attribute COL``
    (repeatable), ``--guess-by-attributes``."""
    group = parser.add_argument_group(
        _("explain the ratings (tapdesk inspect lists the attribute columns; a second table of "
          "raters: --raters-file)"))
    if groups:
        group.add_argument("--subject-group", metavar="COL",
                           help=_("a subject attribute (one value per subject, e.g. year or site): "
                                  "each group gets its own class share, with a test that the groups "
                                  "differ (models tap, per-rater, categorical) (default: none)"))
        group.add_argument("--subject-bands", dest="subject_bands", type=int, default=0,
                           metavar="N",
                           help=_("with --subject-group of a number (such as an age): group the "
                                  "subjects in N bands of its values, with about as many subjects "
                                  "in each; a number is never split into a group per value "
                                  "(default: none, for a column of categories)"))
    group.add_argument("--rater-attribute", dest="rater_attributes", action="append", default=[],
                       metavar="COL",
                       help=_("a rater attribute (one value per rater, e.g. age, experience, human "
                              "or AI) that accuracy may depend on; repeat for several (default: "
                              "none)"))
    group.add_argument("--effect-at", dest="effect_at", action="append", default=[],
                       metavar="COL=LOW,HIGH",
                       help=_("tell a numeric rater attribute's effect in points of accuracy "
                              "between these two values, e.g. age=35,60 (default: its 20th and "
                              "80th percentiles, rounded)"))
    if groups:
        group.add_argument("--guess-by-attributes", action="store_true",
                           help=_("with --rater-attribute: the guess rate depends on the same "
                                  "attributes (two-category models) (default: one guess rate)"))
