"""What the audit did, said on the Dataset: its notes beside the readers', in every place a
client reads them (the preview's notes, the provenance the report prints)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tapdesk.data.importer.model import Dataset, ImportNote
from tapdesk.data.ratings import Provenance, RatingsTable
from tapdesk.data.wording import Sentences, sentences

GUESSES = ("guessed", "left out")
"""The actions of the notes that are guesses a reader should check."""
ROUTINE = ("text-format",)
"""Rules whose guesses are how the bytes were read (encoding, delimiter), not what they mean:
every text file has one, and a doubtful one is a warning of its own."""


def guesses_of(notes: Iterable[ImportNote]) -> Sentences:
    """The sentences of the notes that guess or leave something out."""
    return Sentences(n.wording for n in notes if n.action in GUESSES and n.rule not in ROUTINE)


def with_notes(dataset: Dataset, notes: tuple[ImportNote, ...], **changes) -> Dataset:
    """``dataset`` with ``notes`` first among its notes, in its provenance and in every
    table's (and with ``changes`` to its other fields)."""
    said = [n.wording for n in notes if n.action != "warning"]
    warned = [n.wording for n in notes if n.action == "warning"]

    def told(prov: Provenance) -> Provenance:
        return replace(prov, notes=sentences(said, _kept(prov.notes)),
                       guesses=sentences(guesses_of(notes), _kept(prov.guesses)))

    def table(t: RatingsTable) -> RatingsTable:
        return replace(t, provenance=told(t.provenance))

    return replace(dataset, import_notes=notes + dataset.import_notes,
                   notes=sentences(said, _kept(dataset.notes)),
                   warnings=sentences(warned, _kept(dataset.warnings)),
                   provenance=told(dataset.provenance), table=table(dataset.table),
                   item_tables={k: table(t) for k, t in dataset.item_tables.items()}, **changes)


def _kept(texts) -> Sentences:
    return texts if isinstance(texts, Sentences) else Sentences(tuple(texts))


def with_flags(dataset: Dataset, flags: tuple[str, ...]) -> Dataset:
    """``dataset`` with ``flags`` (what the user told the importer, as the command line takes
    it) in its provenance and in every table's."""
    if not flags:
        return dataset

    def table(t: RatingsTable) -> RatingsTable:
        return replace(t, provenance=replace(t.provenance, import_flags=flags))

    return replace(dataset, provenance=replace(dataset.provenance, import_flags=flags),
                   table=table(dataset.table),
                   item_tables={k: table(t) for k, t in dataset.item_tables.items()})
