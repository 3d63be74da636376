"""Every model TapDesk can fit, registered explicitly and in display order."""

from tapdesk.engine.binary import expert, per_rater, ridge, tap
from tapdesk.engine.categorical import dawid_skene, tap_k
from tapdesk.engine.categorical import per_rater as categorical_per_rater
from tapdesk.engine.registry import register

for _spec in (tap.SPEC, *ridge.SPECS, expert.SPEC, per_rater.SPEC,
              tap_k.SPEC, categorical_per_rater.SPEC, dawid_skene.SPEC):
    register(_spec)

# Bayesian methods (issue 4): exact grid posteriors where the dimension allows, MCMC for all
from tapdesk.engine.bayes import gibbs_methods as _gibbs  # noqa: E402
from tapdesk.engine.bayes import methods as _bayes  # noqa: E402
from tapdesk.engine.registry import register_method  # noqa: E402

for _name in ("tap", "expert"):
    register_method(_name, "exact", _bayes.fit_exact)
for _name in ("tap", "tap-a0a1", "tap-p0p1", "tap-a0a1-p0p1", "expert"):
    register_method(_name, "mcmc", _bayes.fit_mcmc)
register_method("per-rater", "mcmc", _gibbs.fit_per_rater_mcmc)
register_method("categorical", "mcmc", _gibbs.fit_categorical_mcmc)
