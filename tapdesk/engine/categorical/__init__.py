"""K-category t-a-p models (average and per-rater) and the Dawid-Skene model."""
