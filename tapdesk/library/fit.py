"""``fit``: maximum-likelihood fit of one model (each item's with ``item="all"``)."""

from __future__ import annotations

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats, ngettext
from tapdesk.library.explain import explain_settings
from tapdesk.library.fitted import result_json, result_text
from tapdesk.library.outcome import Outcome, paragraph_outcome
from tapdesk.library.reading import load_dataset, load_item_tables
from tapdesk.library.settings import FitSettings
from tapdesk.library.validity import checks_for, validity_json, validity_text


def fit_request(settings: FitSettings) -> FitRequest:
    """The FitRequest the arguments ask for."""
    return FitRequest(model=settings.model, class1=tuple(settings.class1) if settings.class1 else None,
                      cut=settings.cut, bootstrap=settings.bootstrap, seed=settings.seed,
                      n_starts=settings.starts, level=settings.level, **explain_settings(settings))


def outcome(settings: FitSettings) -> Outcome:
    """The fit (each item's with ``--item all``), its JSON and its text."""
    request = fit_request(settings)
    if settings.item is not None and settings.item.lower() == "all":
        if settings.subjects_out:
            raise SettingError(_("--subjects-out writes the labels of one item: choose the item "
                                 "to label"), settings=("item",))
        return each_item_outcome(settings, request)
    if settings.subjects_out:
        from tapdesk.report.labels import check_labels_path, check_review_below
        check_labels_path(settings.subjects_out)          # before the fit, not after it
        check_review_below(settings.review_below)
    dataset = load_dataset(settings)
    table = dataset.table
    result = fit(request, table)
    labels_line = write_subject_labels(settings, result, table) if settings.subjects_out else ""
    if settings.paragraph:
        return paragraph_outcome(result, fit_paragraph(result, table),
                                 result_json(result, table), dataset)
    checks = checks_for(dataset, result)
    files = {"subjects_out": str(settings.subjects_out)} if settings.subjects_out else {}
    return Outcome(result, result_json(result, table) | validity_json(checks) | files,
                   lambda: result_text(result, table) + validity_text(checks) + "\n" + labels_line,
                   dataset)


def write_subject_labels(settings: FitSettings, result, table) -> str:
    """``--subjects-out``: the labels file written (:mod:`tapdesk.report.labels`); the line
    that says so."""
    from tapdesk.report.labels import subject_labels, write_labels
    labels = subject_labels(result, table, settings.review_below)
    if labels is None:
        # Translators: {model} is a model's name as --model takes it; the names in brackets too.
        raise SettingError(_("the model {model} gives no probability of each subject's class, "
                             "so there are no labels to write: fit a latent-class model (tap, "
                             "per-rater, categorical, dawid-skene or mace)").format(
                                 model=formats.quoted(result.model)), settings=("subjects_out",))
    path = write_labels(labels, settings.subjects_out)
    # Translators: {n} is a number of subjects, {path} a file, {review} how many need review.
    # (English says "subjects" for one too, as it always has: translate each form.)
    return "\n" + ngettext("Wrote the labels of {n} subjects to {path} ({review} need review).",
                           "Wrote the labels of {n} subjects to {path} ({review} need review).",
                           len(labels.rows)).format(n=len(labels.rows), path=path,
                                                    review=labels.n_review) + "\n"


def each_item_outcome(settings: FitSettings, request: FitRequest) -> Outcome:
    """``--item all``: the same fit for every item/question, one after another."""
    results = [(item, fit(request, table), table) for item, table in load_item_tables(settings)]
    payload = {"level": request.level, "items": {
        str(item): result_json(result, table) | (
            {"paragraph": fit_paragraph(result, table)} if settings.paragraph else {})
        for item, result, table in results}}
    text = "".join(
        "##### " + _("Item {item}").format(item=item) + "\n\n"
        f"{fit_paragraph(result, table) if settings.paragraph else result_text(result, table)}\n\n"
        for item, result, table in results)
    return Outcome({str(item): result for item, result, _ in results}, payload, text)
