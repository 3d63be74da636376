"""TapDesk: rater-agreement analysis with the t-a-p model family."""

__version__ = "0.1.0"
