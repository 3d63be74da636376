"""The command-line flags that read a file again as the user told the importer to (issue 79).

A reading the user shaped, in the import preview or on the command line (a column given a role,
a layout, a sheet, missing-value markers ...), is kept in the ratings' provenance as these
flags, so that the report's reproduce command reads the file the same way. Only what the user
chose is written: what the importer guessed on its own (the audit's roles, rows and readings)
it guesses again, and the file's size and time limits change no reading.
"""

from __future__ import annotations

from tapdesk.data.importer.model import ImportOptions

_DEFAULTS = ImportOptions()
_VALUED = (("layout", "--layout"), ("subject_col", "--subject-col"),
           ("rater_col", "--rater-col"), ("rating_col", "--rating-col"),
           ("item_col", "--item-col"), ("item", "--item"), ("sheet", "--sheet"),
           ("encoding", "--encoding"), ("delimiter", "--delimiter"), ("decimal", "--decimal"))
_SWITCHES = (("trim", False, "--no-trim"), ("fold_case", True, "--fold-case"),
             ("default_missing", False, "--no-default-missing"),
             ("drop_flagged", True, "--drop-flagged"))


def option_flags(options: ImportOptions) -> tuple[str, ...]:
    """``options`` as ``tapdesk`` takes them, each flag followed by its value ("" for none);
    value labels are left to the reproduce command, which writes the scale's own."""
    words: list[str] = []
    for field, flag in _VALUED:
        value = getattr(options, field)
        if value is not None and value != "":
            words += [flag, str(value)]
    if options.ordinal is not None:
        words.append("--ordinal" if options.ordinal else "--no-ordinal")
    if options.header is not None:
        words.append("--header" if options.header else "--no-header")
    for marker in options.missing:
        words += ["--missing", marker]
    if options.categories:
        words += ["--categories", ",".join(options.categories)]
    for field, value, flag in _SWITCHES:
        if getattr(options, field) == value:
            words.append(flag)
    if options.max_categories != _DEFAULTS.max_categories:
        words += ["--max-categories", str(options.max_categories)]
    for rule in options.rules_off:
        words += ["--no-rule", rule]
    for column, role in options.column_roles:
        words += ["--column-role", f"{column}={role}"]
    if options.same_as:
        words += ["--same-as", ",".join(f"{a}={b}" for a, b in options.same_as)]
    return tuple(words)
