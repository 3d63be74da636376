"""``examples``: the example data sets shipped with TapDesk, or copied out into a folder."""

from __future__ import annotations

from tapdesk.i18n import _, ngettext
from tapdesk.i18n.deferred import shown
from tapdesk.library.outcome import Outcome
from tapdesk.library.settings import ExamplesSettings


def outcome(settings: ExamplesSettings) -> Outcome:
    """The example data sets (copied out with ``--copy``), as JSON and as text."""
    from tapdesk.resources.examples import EXAMPLES, copy_examples
    written = copy_examples(settings.copy) if settings.copy else []
    folder = settings.copy or str(EXAMPLES[0].path.parent)
    payload = {"examples": [{"name": ex.name, "title": ex.title, "file": ex.file,
                             "path": str(ex.path), "description": ex.description,
                             "labels": dict(ex.labels), "item": ex.item,
                             "source": ex.source, "simulated": ex.simulated}
                            for ex in EXAMPLES],
               "copied": [str(p) for p in written]}
    lines = []
    for ex in EXAMPLES:
        # the title and description as Help > Examples shows them (the same catalog texts)
        lines += [f"{ex.name}: {shown(ex.title)}", f"  {shown(ex.description)}",
                  # Translators: {source} is where an example data set comes from.
                  "  " + _("Source: {source}").format(source=shown(ex.source)),
                  # Translators: {command} is a command line, typed as it is.
                  "  " + _("Try:  {command}").format(command=try_command(ex, folder)), ""]
    if written:
        # Translators: {n} is a number of files (English says "files" for one too); {folder}.
        lines.append(ngettext("Copied {n} files to {folder}", "Copied {n} files to {folder}",
                              len(written)).format(n=len(written), folder=settings.copy))
    else:
        # Translators: {folder} is a folder; the command is typed as it is.
        lines.append(_("The files are in {folder}; copy them with: tapdesk examples --copy DIR")
                     .format(folder=folder))
    return Outcome(EXAMPLES, payload, "\n".join(lines) + "\n")


def try_command(ex, folder: str) -> str:
    """A first command that analyses the example the right way."""
    import shlex
    from pathlib import Path
    words = ["tapdesk", "fit", str(Path(folder) / ex.file)]
    if ex.labels:
        words += ["--labels", ex.labels_option()]
    if ex.item:
        words += ["--item", ex.item]
    if ex.cut:
        label = dict(ex.labels).get(ex.cut, ex.cut)
        words += ["--cut", label]
    elif ex.class1:
        words += ["--class1", ex.class1]
    return shlex.join(words + list(ex.fit_options))
