"""The import options a user gave, as command-line flags (issue 79): the report's reproduce
command reads the file again with them, so each flag must parse back into the same option."""

from __future__ import annotations

from dataclasses import replace

from tapdesk.cli.main import build_parser
from tapdesk.data.importer.flags import option_flags
from tapdesk.data.importer.model import ImportOptions
from tapdesk.library.reading import import_options

GIVEN = ImportOptions(layout="long", subject_col="Case id", rater_col="Who", rating_col="Grade",
                      item_col="Question", item="Q 2", sheet="Ratings (final)", ordinal=False,
                      missing=("NA", "-99"), categories=("low", "mid", "high"), trim=False,
                      fold_case=True, header=True, encoding="cp1252", delimiter=";",
                      decimal=",", max_categories=30, default_missing=False,
                      rules_off=("footer-rows", "merged-cells"),
                      column_roles=(("Remarks", "leave out"), ("Dr. Öz", "reference")),
                      drop_flagged=True, same_as=(("ja", "yes"), ("nein", "no")))


def _parsed(flags) -> ImportOptions:
    return import_options(build_parser("fit", lazy=True).parse_args(["fit", "data.csv", *flags]))


def test_every_option_the_user_gives_parses_back_the_same():
    assert _parsed(option_flags(GIVEN)) == GIVEN


def test_defaults_and_what_the_audit_guessed_give_no_flags():
    guessed = replace(ImportOptions(), guessed_roles=(("Site", "subject attribute"),),
                      rows_out=(4, 5), split_extras=True, blank_as="(blank)",
                      max_megabytes=50.0, time_limit=10.0)
    assert option_flags(guessed) == ()
