"""Binary t-a-p models: likelihood on count histograms and their fits."""
