"""Is a rater good enough? The rater check: one rater's accuracy against the rest of the panel's
(weighted as the per-rater fit's comparisons weigh them) minus a margin, its verdict calibrated
by simulating studies like the user's where it comes near one, and the verdict.

How every rater stands against the panel in a per-rater fit (the comparisons the summary and the
feedback read) is computed by the fit itself (:mod:`tapdesk.engine.binary.rater_standing`) and
worded by :mod:`tapdesk.engine.rater_words`; this room builds on both.
"""
