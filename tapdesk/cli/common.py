"""Arguments and helpers shared by the commands: reading data, printing results."""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import chain
from typing import Any

from tapdesk.data.importer.model import COLUMN_ROLES
from tapdesk.data.importer.notes import SWITCHABLE
from tapdesk.data.ratings import RatingsTable
from tapdesk.data.readers import (
    LAYOUTS,
    Dataset,
    ImportOptions,
    read_frame,
    read_ratings,
    read_stream,
    with_raters_file,
)
from tapdesk.data.scale import parse_labels
from tapdesk.errors import DataError, SettingError
from tapdesk.i18n import _, formats


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
    from tapdesk.i18n import current, formats
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


def import_options(args: argparse.Namespace) -> ImportOptions:
    """ImportOptions from the arguments added by :func:`add_data_arguments`."""
    cats = getattr(args, "categories", None)
    categories = tuple(c.strip() for c in cats.split(",") if c.strip()) if cats else None
    if cats is not None and not categories:
        raise SettingError(_("--categories needs a comma-separated list of category labels"))
    labels = parse_labels(args.labels) if getattr(args, "labels", None) else ()
    return ImportOptions(layout=args.layout, subject_col=args.subject_col,
                         rater_col=args.rater_col, rating_col=args.rating_col,
                         item_col=args.item_col, item=args.item, sheet=args.sheet,
                         ordinal=args.ordinal, missing=tuple(args.missing),
                         categories=categories, trim=getattr(args, "trim", True),
                         fold_case=getattr(args, "fold_case", False),
                         header=getattr(args, "header", None),
                         encoding=getattr(args, "encoding", None),
                         delimiter=getattr(args, "delimiter", None),
                         decimal=getattr(args, "decimal", None),
                         max_categories=getattr(args, "max_categories", 20),
                         default_missing=getattr(args, "default_missing", True),
                         labels=labels,
                         max_megabytes=_positive(args, "max_file_mb", 500.0),
                         time_limit=_positive(args, "time_limit", 120.0),
                         rules_off=tuple(getattr(args, "rules_off", ()) or ()),
                         column_roles=column_roles(getattr(args, "column_roles", ()) or ()),
                         drop_flagged=getattr(args, "drop_flagged", False),
                         same_as=same_as(getattr(args, "same_as", None)))


def same_as(given: str | None) -> tuple[tuple[str, str], ...]:
    """``--same-as "ja=yes,nein=no"`` as (label, label) pairs."""
    if not given:
        return ()
    pairs = [p.split("=", 1) for p in given.split(",") if p.strip()]
    if any(len(p) != 2 or not p[0].strip() or not p[1].strip() for p in pairs):
        raise SettingError(_("--same-as needs pairs LABEL=LABEL separated by commas, e.g. "
                             "\"ja=yes,nein=no\""))
    return tuple((a.strip(), b.strip()) for a, b in pairs)


def column_roles(given: Iterable[str]) -> tuple[tuple[str, str], ...]:
    """``--column-role COL=ROLE`` values as (column, role) pairs; a role that is none of
    ``COLUMN_ROLES`` is refused with the closest one."""
    pairs = []
    for text in given:
        col, sep, role = text.rpartition("=")
        role = " ".join(role.split()).lower()
        if not sep or not col.strip():
            # Translators: {text} is what the user typed; "Remarks=leave out" is typed as it is.
            raise SettingError(_("--column-role needs COL=ROLE (e.g. \"Remarks=leave out\"), "
                                 "not {text}").format(text=formats.quoted(text)))
        if role not in COLUMN_ROLES:
            close = difflib.get_close_matches(role, COLUMN_ROLES, n=1, cutoff=0.5)
            # Translators: {text} is what the user typed; {role} the role in it; {did_you_mean}
            # "" or "; did you mean 'rater'?"; {roles} the roles, typed as they are.
            raise SettingError(_("--column-role {text}: {role} is not a role{did_you_mean} The "
                                 "roles are: {roles}").format(
                text=text, role=formats.quoted(role), roles=", ".join(COLUMN_ROLES),
                did_you_mean=_("; did you mean {command}?").format(command=formats.quoted(close[0]))
                if close else ""))
        pairs.append((col.strip(), role))
    return tuple(pairs)


def _positive(args: argparse.Namespace, name: str, default: float) -> float:
    value = getattr(args, name, default)
    if value is None or not value > 0:
        # Translators: {option} is an option ("--time-limit"); {value} what was given.
        raise SettingError(_("{option} must be a positive number, not {value}").format(
            option=f"--{name.replace('_', '-')}", value=value))
    return float(value)


STDIN_WORD = "-"
"""DATA given as this word is read from standard input (``cat ratings.csv | tapdesk fit -``)."""


def read_data(data: Any, options: ImportOptions) -> Dataset:
    """Read the file DATA names, or standard input when DATA is ``-``; from Python
    (:mod:`tapdesk.api`) DATA may also be a pandas DataFrame or a Dataset already read."""
    if isinstance(data, Dataset):
        return item_chosen(data, options.item)
    if not isinstance(data, (str, os.PathLike)):
        return read_frame(data, options)
    if data != STDIN_WORD:
        return read_ratings(data, options)
    if sys.stdin is None or sys.stdin.isatty():
        raise SettingError(_("'-' reads the ratings from standard input, but nothing is piped in; "
                             "e.g. cat ratings.csv | tapdesk fit -  (or give the file's name)"))
    return read_stream(sys.stdin.buffer, options)


def item_chosen(dataset: Dataset, item: str | None) -> Dataset:
    """A Dataset already read, with the item ``item`` as its table (itself when ``item`` is
    None, 'all' or the one it holds); DataError listing the items when it is not one."""
    if item is None or item.lower() == "all" or item == dataset.item:
        return dataset
    from dataclasses import replace

    from tapdesk.data.importer.model import match_item
    table = dataset.for_item(item)
    return replace(dataset, table=table,
                   item=match_item(dataset.items, item, dataset.provenance.file_name))


def read_with_raters(args: argparse.Namespace) -> Dataset:
    """Read DATA with the overrides and, with --raters-file, the raters' attributes."""
    dataset = read_data(args.data, import_options(args))
    raters_file = getattr(args, "raters_file", None)
    if not raters_file:
        return dataset
    before = len(dataset.import_notes)
    dataset = with_raters_file(dataset, raters_file)
    for note in dataset.import_notes[before:]:          # said where every command shows it
        if note.action == "warning":
            # Translators: a warning line on the terminal; {message} is the warning.
            sys.stderr.write(_("tapdesk: warning: {message}").format(message=note.message) + "\n")
    return dataset


def load_dataset(args: argparse.Namespace) -> Dataset:
    """Read DATA with the overrides; with several items, one must be chosen by --item."""
    dataset = read_with_raters(args)
    if len(dataset.items) > 1 and (args.item is None or args.item.lower() == "all"):
        shown = ", ".join(dataset.items[:10]) + (" ..." if len(dataset.items) > 10 else "")
        # Translators: {n} is the number of items (2 or more); {items} their names; {column}
        # the item column's name; {first} the first item's name.
        raise DataError(_("the data hold {n} items/questions ({items}) in column {column}; "
                          "this command analyses one at a time: choose it with --item (e.g. "
                          "--item {first}); 'tapdesk fit ... --item all' fits each item in "
                          "turn").format(n=len(dataset.items), items=shown,
                                         column=formats.quoted(
                                             dict(dataset.mapping).get("item", "?")),
                                         first=dataset.items[0]),
                        file=dataset.provenance.file_name)
    return dataset


def load_item_tables(args: argparse.Namespace) -> list[tuple[str | None, RatingsTable]]:
    """(item, table) pairs for commands that can loop over items: all items with --item all
    (or no --item), else the chosen one; [(None, table)] when the data have no items."""
    dataset = read_with_raters(args)
    if not dataset.items:
        return [(None, dataset.table)]
    if args.item is None or args.item.lower() == "all":
        return list(dataset.item_tables.items())
    return [(dataset.item, dataset.table)]


def level_value(text: str) -> float:
    """``--level``: 0.9, "90" or "90%" all mean 90% intervals (argparse type)."""
    from tapdesk.engine.request import check_level
    from tapdesk.errors import SettingError
    raw = text.strip().rstrip("%").strip()
    try:
        value = float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(
            # Translators: an error of --level; {text} is what was typed (keep the examples'
            # form: the command line reads 0.95 and 95%).
            _("{text} is not a level; give e.g. 0.95 or 95%").format(text=formats.quoted(text))) from None
    if value > 1 or text.strip().endswith("%"):
        value /= 100
    try:
        return check_level(value)
    except SettingError:
        raise argparse.ArgumentTypeError(
            # Translators: an error of --level; {text} is what was typed, already quoted (keep
            # the examples' form: the command line reads 0.95 and 95%).
            _("{text} is not an interval level: give one between 0.5 and 0.999, or as a "
              "percent between 50% and 99.9% (0.95 or 95% for 95% intervals)").format(
                text=formats.quoted(text))) from None


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


def result_json(result, table) -> dict[str, Any]:
    """A fit's JSON with its findings' warnings and notes (as the app and the report list them);
    the subjects made a slice at a time as :func:`print_json` writes them."""
    from tapdesk.engine.story.findings import result_json as findings_json
    return findings_json(result, table, stream=True)


def result_text(result, table) -> str:
    """A fit's plain summary with its findings' warnings (and the flags that act on them)."""
    from tapdesk.cli.hints import flags_hint
    from tapdesk.engine.story.findings import findings_for
    warnings = findings_for(result, table).warnings
    return result.summary(tuple(n.message + flags_hint(n.settings) for n in warnings)).as_text()


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


LONG_LIST = 1000
"""A top-level list longer than this is written an item a line (see :func:`print_json`)."""


def _listed(value: Any) -> list[Any]:
    """A sequence made as it is read (a fit's subjects, see :meth:`FitResult.to_dict`) as a list."""
    if isinstance(value, Sequence) and not isinstance(value, (str, bytes)):
        return list(value)
    raise TypeError(f"{type(value).__name__} cannot be written as JSON")


def _dumps(value: Any, **options: Any) -> str:
    return json.dumps(value, allow_nan=False, default=_listed, **options)


def json_pieces(payload: dict[str, Any]) -> Iterator[str]:
    """``payload`` as JSON text in pieces: indented as ``json.dumps(indent=2)``, long lists compact
    (a long sequence is read a slice at a time).

    Everything that could fail (a value JSON cannot hold) is made before the first piece is
    given, except a fit's subjects, which write their own text (``json_texts``: ids and
    numbers, nothing that can fail): their pieces are made as they are written, so a crowd
    file's 400 MB of subject text never stands in memory."""
    long_keys = [k for k, v in payload.items() if isinstance(v, Sequence)
                 and not isinstance(v, (str, bytes, tuple)) and len(v) > LONG_LIST]
    if not long_keys:
        return iter([_dumps(payload, indent=2)])
    parts: list[str | Iterator[str]] = ["{"]
    for n, (key, value) in enumerate(payload.items()):
        head = ("," if n else "") + "\n  " + json.dumps(key) + ": "
        if key in long_keys:               # in chunks: no second list of millions of strings
            parts.append(head + "[\n    ")
            parts.append(_long_list_pieces(value))
            parts.append("\n  ]")
        else:
            parts.append(head + _dumps(value, indent=2).replace("\n", "\n  "))
    parts.append("\n}")
    return chain.from_iterable([part] if isinstance(part, str) else part for part in parts)


def _long_list_pieces(value: Sequence[Any]) -> Iterator[str]:
    """The items of a long list, compact, an item a line, a slice of :data:`LONG_LIST` a piece:
    made now (so a failure comes before anything is written), or as they are written where
    the list makes its own text (a fit's subjects, ``json_texts``)."""
    own_texts: Callable[[int, int], list[str]] | None = getattr(value, "json_texts", None)
    texts = own_texts or _encoded_texts(value)
    pieces = ((",\n    " if start else "") + ",\n    ".join(texts(start, start + LONG_LIST))
              for start in range(0, len(value), LONG_LIST))
    return pieces if own_texts else iter(list(pieces))


def _encoded_texts(value: Sequence[Any]) -> Callable[[int, int], list[str]]:
    compact = json.JSONEncoder(allow_nan=False, separators=(",", ":"), default=_listed).encode
    return lambda start, stop: list(map(compact, value[start:stop]))


def add_paragraph_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paragraph", action="store_true",
                        help=_("print the results as one paragraph for a methods/results section "
                               "(with --json: the JSON gets a \"paragraph\" key)"))


def print_paragraph(args: argparse.Namespace, paragraph: str, payload: dict[str, Any]) -> int:
    """``--paragraph``: the paragraph alone, or (``--json``) ``payload`` with it under
    "paragraph"."""
    if args.json:
        print_json({**payload, "paragraph": paragraph})
    else:
        sys.stdout.write(paragraph + "\n")
    return 0
