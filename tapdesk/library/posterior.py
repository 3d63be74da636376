"""``posterior``: the Bayesian posterior of a rater model (exact grid or MCMC)."""

from __future__ import annotations

from tapdesk.engine import FitRequest, fit
from tapdesk.engine.request import Prior
from tapdesk.engine.story.paragraph import fit_paragraph
from tapdesk.errors import SettingError
from tapdesk.i18n import _, formats
from tapdesk.library.explain import explain_settings
from tapdesk.library.fitted import result_json, result_text
from tapdesk.library.outcome import Outcome, paragraph_outcome
from tapdesk.library.reading import load_dataset
from tapdesk.library.settings import PosteriorSettings


def parse_prior(text: str) -> Prior:
    try:
        name, values = text.split("=", 1)
        parts = [float(v) for v in values.split(",")]
        alpha, beta = (parts[0], parts[1]) if len(parts) == 2 else (parts[0], 1.0)
        if len(parts) not in (1, 2):
            raise ValueError
    except ValueError:
        # Translators: {text} is what the user typed after --prior.
        raise SettingError(_("--prior {text}: write NAME=ALPHA,BETA, e.g. a=2,2").format(
            text=formats.quoted(text))) from None
    return Prior(name.strip(), alpha, beta)


def outcome(settings: PosteriorSettings) -> Outcome:
    """The posterior, its JSON and its text (or the paragraph); the draws written with
    ``--draws-out``."""
    from tapdesk.engine.registry import get_model
    method = settings.method or ("exact" if "exact" in get_model(settings.model).methods and
                             not settings.pooled else "mcmc")
    if settings.rater_attributes and not settings.pooled:
        raise SettingError(_("--rater-attribute needs --pooled here: a Bayesian per-rater fit "
                             "takes rater attributes through the panel's pooled accuracy (or use "
                             "tapdesk fit for maximum likelihood)"))
    dataset = load_dataset(settings)
    request = FitRequest(model=settings.model, class1=tuple(settings.class1) if settings.class1 else None,
                         cut=settings.cut, method=method, chains=settings.chains, draws=settings.draws,
                         warmup=settings.warmup, seed=settings.seed,
                         priors=tuple(parse_prior(p) for p in settings.prior), level=settings.level,
                         pooled=settings.pooled, rater_attributes=tuple(settings.rater_attributes),
                         effect_at=explain_settings(settings)["effect_at"])
    result = fit(request, dataset.table)
    if settings.draws_out:
        result.posterior.write_draws_csv(settings.draws_out)
    if settings.paragraph:
        return paragraph_outcome(result, fit_paragraph(result, dataset.table),
                                 result_json(result, dataset.table), dataset)
    lines = [result_text(result, dataset.table)]      # its posterior table's note holds the verdict
    if settings.draws_out:
        # Translators: after the posterior's table; {path} is the CSV file the draws went to.
        lines.append(_("Draws written to {path}").format(path=settings.draws_out))
    return Outcome(result, result_json(result, dataset.table), "\n".join(lines) + "\n", dataset)
