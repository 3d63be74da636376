"""``pack``: a committee pack, one folder (or one zip) holding what a committee meeting needs,
all under the same title (:func:`tapdesk.render.pack.write_pack`, which File > Committee pack
uses too). The analysis is the per-rater t-a-p model, which gives both the feedback and each
subject's probabilities."""

from __future__ import annotations

import shlex
from pathlib import Path

from tapdesk.i18n import _, formats, ngettext
from tapdesk.library.outcome import Outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import PackSettings
from tapdesk.render.pack import DEFAULT_TITLE, PACK_MODEL, write_pack, zip_pack


def command_text(settings: PackSettings) -> str:
    from tapdesk.library.feedback import class_words
    words = ["tapdesk", "pack", settings.data, *class_words(settings)]
    words += ["--title", settings.title] if settings.title else []
    for signer in settings.sign or ():
        words += ["--sign", signer]
    words += ["--sign-on-page-one"] if settings.sign and settings.sign_on_page_one else []
    words += ["--out", settings.out]
    return shlex.join(words + (["--zip"] if settings.zip else []))


def outcome(settings: PackSettings) -> Outcome:
    """The per-rater fit and the pack written: the files as JSON, a line each as text."""
    from tapdesk.engine import FitRequest, fit
    from tapdesk.library.report import check_folder
    folder = Path(settings.out)
    check_folder(folder)
    dataset = load_dataset(settings)
    request = FitRequest(model=PACK_MODEL, class1=tuple(settings.class1) if settings.class1 else None,
                         cut=settings.cut, seed=settings.seed, level=settings.level)
    result = fit(request, dataset.table)
    title = settings.title.strip() or _(DEFAULT_TITLE)          # the default in the pack's language
    files = write_pack(result, dataset.table, folder, title, settings.author, command_text(settings),
                       signers=tuple(settings.sign or ()), sign_on_page_one=settings.sign_on_page_one)
    archive = zip_pack(folder, files) if settings.zip else None
    payload = {"title": title, "folder": str(folder),
               "files": [str(p.relative_to(folder)) for p in files],
               "zip": str(archive) if archive else None}
    # Translators: {title} is the pack's title; {n} a number of files (English says "files" for
    # one too); {folder} where.
    text = ngettext("Wrote the committee pack {title} ({n} files) to {folder}",
                    "Wrote the committee pack {title} ({n} files) to {folder}",
                    len(files)).format(title=formats.quoted(title), n=len(files),
                                       folder=folder.resolve()) + "\n"
    if archive is not None:
        # Translators: the next line after "Wrote the committee pack ..."; {zip} the zip file.
        text += _("and into {zip}").format(zip=archive.resolve()) + "\n"
    return Outcome(result, payload, text, dataset)
