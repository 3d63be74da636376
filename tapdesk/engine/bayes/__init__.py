"""Bayesian posteriors of the t-a-p family: exact grids, samplers, diagnostics, summaries."""
