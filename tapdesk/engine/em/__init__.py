"""What the EM fits of every model share (:mod:`.steps`: when a run has reached its maximum,
SQUAREM's jump, how far the starts and the best one run)."""
