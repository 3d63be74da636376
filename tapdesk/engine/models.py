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

# Ridge models: exact posterior by the (t, q1, q0) x fibre factorisation (their "mcmc" is
# routed inside methods.fit_mcmc to independent draws from the same factorisation)
from tapdesk.engine.bayes import ridge_methods as _ridge_bayes  # noqa: E402

for _name in _ridge_bayes.RIDGE_MODELS:
    register_method(_name, "exact", _ridge_bayes.fit_ridge_exact)
