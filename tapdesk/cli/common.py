"""Arguments and helpers shared by the commands: reading data, printing results."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tapdesk.data.importer.model import COLUMN_ROLES
from tapdesk.data.importer.notes import SWITCHABLE
from tapdesk.data.readers import LAYOUTS
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats
from tapdesk.library.json_text import json_pieces
from tapdesk.library.outcome import Outcome, import_findings
from tapdesk.library.values import level_value


def models_epilog(analyses: tuple[tuple[str, str], ...] = ()) -> str:
    """The models (and report analyses) --model accepts, one line each, for --help
    (from the registry's table: no model is imported)."""
    from tapdesk.engine.registry import model_titles
    # Translators: the heading of the list of models in a command's help; "--model NAME" is
    # typed as it is. The titles listed are the engine's (translated there).
    lines = [_("models (--model NAME):")]
    lines += [f"  {name:<22} {_(title)}" for name, title in model_titles()]
    if analyses:
        lines += ["", _("analyses (--model NAME, report only):")]
        lines += [f"  {name:<22} {_(title)}" for name, title in analyses]
    return "\n".join(lines)


def decimal_text(value: float) -> str:
    """A number in a help text: as Python's ``:g`` writes it in English, by the language's rules
    (the decimal comma) in the others."""
    from tapdesk.i18n import current
    if current.is_source():
        return f"{value:g}"
    digits = len(f"{value:g}".partition(".")[2])
    return formats.decimal(value, digits)


def add_data_arguments(parser: argparse.ArgumentParser) -> None:
    """The DATA argument and the import overrides every data command accepts."""
    parser.add_argument("data", metavar="DATA",
                        help=_("ratings file (CSV/TSV/TXT, Excel .xlsx/.xlsm, OpenDocument .ods, "
                               "SPSS .sav, Stata .dta); - reads it from standard input"))
    add_import_overrides(parser)


def add_import_overrides(parser: argparse.ArgumentParser) -> None:
    """The import overrides alone (for commands whose data file is an option, not DATA)."""
    group = parser.add_argument_group(_("import overrides (default: detect)"))
    group.add_argument("--layout", choices=LAYOUTS, help=_("file layout (default: detect)"))
    group.add_argument("--subject-col", metavar="COL",
                       help=_("column holding subject ids (default: detect)"))
    group.add_argument("--rater-col", metavar="COL",
                       help=_("column holding rater ids (long layout; wide-rows: rater names) "
                              "(default: detect)"))
    group.add_argument(
        "--rating-col", metavar="COL",
        help=_("column holding ratings (long layout) (default: detect)")
    )
    group.add_argument("--item-col", metavar="COL",
                       help=_("column holding the item/question (default: detect)"))
    group.add_argument(
        "--item",
        help=_("analyse only this item/question (see tapdesk inspect); 'all': each "
          "in turn where the command can (default: the only item)"),
    )
    group.add_argument("--sheet",
                       help=_("spreadsheet sheet name or number, 1 = first (default: the first sheet "
                              "with data)"))
    group.add_argument("--categories", metavar="LIST",
                       help=_("declare the categories in scale order, as the file writes them, "
                              "comma-separated (e.g. \"1,2,3,4\"); unused ones are kept. To name "
                              "them, use --labels (default: the categories found)"))
    group.add_argument("--labels", metavar="CODE=LABEL,...",
                       help=_("value labels for the categories, e.g. "
                              "\"1=no medal,2=bronze,3=silver,4=gold\" (shown in every output; "
                              "--class1 and --cut then accept a label or a code) (default: the "
                              "file's own value labels, if any)"))
    group.add_argument("--ordinal", action=argparse.BooleanOptionalAction, default=None,
                       help=_("treat the categories as ordered (default: yes for numeric labels)"))
    group.add_argument("--nominal", dest="ordinal", action="store_const", const=False,
                       help=_("treat the categories as unordered (same as --no-ordinal)"))
    group.add_argument("--missing", action="append", default=[], metavar="MARKER",
                       help=_("extra text that marks a missing rating (repeatable) (default: "
                              "blank, NA, N/A, ., -, -99 only)"))
    group.add_argument("--no-default-missing", dest="default_missing", action="store_false",
                       help=_("only blank cells and --missing markers are missing (e.g. when -99 "
                              "or NA is a real category)"))
    group.add_argument("--fold-case", action="store_true",
                       help=_("merge labels that differ only in letter case or spaces (Yes = yes, "
                              "'no pass' = 'nopass')"))
    group.add_argument("--same-as", dest="same_as", metavar="LABEL=LABEL,...",
                       help=_("read a label as another: one answer written two ways, e.g. "
                              "\"ja=yes,nein=no\" (default: each label is a category of its "
                              "own)"))
    group.add_argument("--column-role", dest="column_roles", action="append", default=[],
                       metavar="COL=ROLE",
                       # Translators: {roles} lists the roles as typed (English words).
                       help=_("give a column a role, whatever the importer would guess "
                              "(repeatable); ROLE is one of: {roles} (default: the roles "
                              "tapdesk inspect shows)").format(roles=", ".join(COLUMN_ROLES)))
    group.add_argument("--no-trim", dest="trim", action="store_false",
                       help=_("keep spaces around labels (default: remove them)"))
    group.add_argument("--header", action=argparse.BooleanOptionalAction, default=None,
                       help=_("the first row names the columns (default: detect)"))
    group.add_argument("--encoding", help=_("text encoding (default: detect UTF-8/UTF-16, else "
                                            "Windows-1252)"))
    group.add_argument("--delimiter", help=_("field delimiter: comma, semicolon, tab, pipe or the "
                                             "character (default: detect)"))
    group.add_argument("--decimal", choices=(".", ","), help=_("decimal mark (default: detect)"))
    group.add_argument("--max-categories", type=int, default=20, metavar="N",
                       help=_("refuse ratings with more than N distinct numbers as continuous "
                              "(default 20)"))
    group.add_argument("--no-rule", dest="rules_off", action="append", default=[],
                       choices=SWITCHABLE, metavar="RULE",
                       # Translators: {rules} lists the rules' codes as typed (never translated).
                       help=_("switch off one of the importer's rules, so the rows or columns "
                              "it would leave out are read as data (repeatable): {rules} "
                              "(default: every rule on; tapdesk inspect says which acted)"
                              ).format(rules=", ".join(SWITCHABLE)))
    group.add_argument("--drop-flagged", action="store_true",
                       help=_("leave out the subjects a column of exclusion flags marks (a column "
                              "'excluded', 'drop' or 'invalid' holding yes/1/TRUE) (default: keep "
                              "them and name them in a warning)"))
    group.add_argument("--raters-file", metavar="FILE",
                       help=_("a second table with one row per rater: the rater id (the first column, "
                              "or one named rater, judge, annotator, worker ...), then attributes "
                              "such as age or site (default: a workbook's sheet named for raters, "
                              "else none)"))
    group.add_argument("--max-file-mb", type=float, default=500.0, metavar="MB",
                       help=_("refuse larger files at once (default 500)"))
    group.add_argument("--time-limit", type=float, default=120.0, metavar="SECONDS",
                       help=_("stop an import that takes longer (default 120)"))


def add_class_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--class1", action="append", metavar="LABEL",
                        help=_("category that forms Class 1, by code or value label (repeat for "
                               "several) (default: with two categories the larger one, unless it holds "
                               "under 2%% of the ratings; with more, choose --class1 or --cut)"))
    parser.add_argument("--cut", metavar="LABEL",
                        help=_("Class 1 = ratings at or below LABEL (a code or value label) in "
                               "scale order (default: none, see --class1)"))


def add_level_argument(parser: argparse.ArgumentParser) -> None:
    """``--level``: the level of every interval the command reports (default 0.95)."""
    from tapdesk.engine.request import DEFAULT_LEVEL
    parser.add_argument("--level", type=level_value, default=DEFAULT_LEVEL, metavar="LEVEL",
                        help=_("level of every interval, confidence or credible alike: 0.9 or 90%% "
                               "for 90%% intervals (default 0.95)"))


def signer_value(text: str) -> str:
    """A ``--sign`` value as the report prints it ("Name, role"), or argparse's error."""
    from tapdesk.report.approval import Signer
    try:
        return Signer.parse(text).label()
    except SettingError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_sign_argument(parser: Any) -> None:
    """``--sign "Name, role"`` (repeatable): the approval block's signers, in order."""
    parser.add_argument("--sign", action="append", type=signer_value, metavar='"NAME, ROLE"',
                        help=_("a person who signs the report: an approval block with their name, "
                               "role and lines to sign and date (repeat for each; default: none)"))
    parser.add_argument("--sign-on-page-one", action="store_true",
                        help=_("with --sign: the approval block at the foot of page one too, not "
                               "only at the report's end (default: at the end only)"))


def print_outcome(args: argparse.Namespace, outcome: Outcome) -> int:
    """Print ``outcome`` as the command line does: its JSON with ``--json``, else its text,
    headed by what the import guessed and warned of (``tapdesk inspect`` says it all itself;
    a paragraph for the minutes stays alone)."""
    if getattr(args, "json", False):
        print_json(outcome.payload)
    else:
        plain = getattr(args, "command", None) == "inspect" or getattr(args, "paragraph", False)
        sys.stdout.write(("" if plain else import_findings(outcome.dataset)) + outcome.text)
    return 0


def print_json(payload: dict[str, Any]) -> None:
    """Write ``payload`` to stdout as one JSON document.

    The text is made first (a fit's subjects excepted, see :func:`json_pieces`), so a
    value JSON cannot hold stops before anything is written; it is then written and flushed,
    so a reader that closed the pipe early (``| head -3``) shows here as BrokenPipeError,
    which :func:`tapdesk.cli.main.main` turns into a quiet exit (status 141).

    A long list (a crowd file's millions of subjects) is written an item a line without
    indentation inside: the same keys and values, as json's compact encoder writes them
    (the indented form is pure Python, minutes on millions of items)."""
    pieces = json_pieces(payload)
    for piece in pieces:
        sys.stdout.write(piece)
    sys.stdout.write("\n")
    sys.stdout.flush()


def add_paragraph_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paragraph", action="store_true",
                        help=_("print the results as one paragraph for a methods/results section "
                               "(with --json: the JSON gets a \"paragraph\" key)"))
