"""What a fit says, in one place for every surface: the findings (verdicts and flags), the
paragraph to copy into minutes or a paper, and the feedback for each rater.

The app, the command line, the report and the feedback sheets render these; none of them
words a verdict on its own.
"""
