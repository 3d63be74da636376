"""Explanatory models (issue 42): class shares by subject group, accuracy by rater attributes."""
