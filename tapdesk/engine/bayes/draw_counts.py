"""How many draws per chain an MCMC fit kept, the one number every surface states (issue 79).

The Gibbs samplers of the per-rater, categorical and pooled models draw on past the draws asked
for until every parameter has enough independent draws, up to EXTEND_CAP times as many
(:class:`~tapdesk.engine.bayes.samplers.RunUntil`); a run stopped early keeps fewer. The kept
draws are what the summaries are made of and the trace plots draw ("every 3rd draw shown, of
4,000 per chain"), so the fits list and the report's settings say them too, and the settings
say the number asked for beside them where the two differ. The request's number stays in the
reproduce command: asked again, the sampler draws on again to the same count.
"""

from __future__ import annotations

from tapdesk.i18n import _, formats


def kept_draws(result) -> int:
    """The draws per chain ``result`` kept: its posterior's; the request's for a fit that has
    no kept draws (an exact or maximum-likelihood fit)."""
    posterior = getattr(result, "posterior", None)
    kept = getattr(posterior, "n_draws", 0) if posterior is not None else 0
    return int(kept) if kept else int(result.request.draws)


def kept_draws_words(result) -> str:
    """The settings' draws per chain: "2,000"; "4,000 (2,000 asked for; more were drawn ...)"
    where the sampler drew on; "1,200 (2,000 asked for; the run was stopped ...)" where the
    run was stopped early."""
    kept, asked = kept_draws(result), int(result.request.draws)
    if not getattr(getattr(result, "posterior", None), "complete", True):
        # Translators: a fit's draws per chain in the table "How this analysis was run";
        # {kept} and {asked} are numbers of draws ("1,200", "2,000").
        return _("{kept} ({asked} asked for; the run was stopped before its end)").format(
            kept=formats.integer(kept), asked=formats.integer(asked))
    if kept > asked:
        # here, not at the top: the first window lists fits without loading numpy (samplers)
        from tapdesk.engine.bayes.samplers import EXTEND_CAP
        # Translators: a fit's draws per chain in the table "How this analysis was run";
        # {kept} and {asked} are numbers of draws ("4,000", "2,000"), {times} a small number (4).
        return _("{kept} ({asked} asked for; more were drawn until every parameter had enough "
                 "independent draws, at most {times} times as many)").format(
            kept=formats.integer(kept), asked=formats.integer(asked), times=EXTEND_CAP)
    return formats.integer(kept)
