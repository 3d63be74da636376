"""The standard exports of annotation platforms, survey tools and clinical data systems,
recognised by their columns and read without options (issue 40, family 7).

``recognise_format`` tries each platform's reader; the first that knows the table leaves out
the platform's bookkeeping, folds its one-hot answers, says in a "format" note what the export
is and how it is read, and returns the columns' roles for the usual layouts.
"""

from __future__ import annotations

from tapdesk.data.importer.formats import clinical, crowd, datacollect, standards, surveys
from tapdesk.data.importer.formats.base import Reading
from tapdesk.data.importer.notes import NoteBook
from tapdesk.data.importer.table import Table

READERS = (crowd.mturk, crowd.figure_eight, crowd.prodigy, crowd.label_studio, crowd.crowd_kit,
           crowd.toloka,
           surveys.surveymonkey, surveys.microsoft_forms, surveys.google_forms,
           datacollect.limesurvey, datacollect.kobotoolbox, datacollect.odk_central, clinical.epi_info,
           clinical.openclinica, clinical.redcap, standards.sdtm)


def recognise_format(table: Table, book: NoteBook) -> tuple[Table, Reading | None]:
    """The table as its platform's reader leaves it, and how to read it (None: no platform's
    export)."""
    for read in READERS:
        said = len(book.items)
        found = read(table, book)
        if found is not None:
            return found
        del book.items[said:]             # a reader that gave up says nothing
    return table, None


__all__ = ["READERS", "Reading", "recognise_format"]
