"""The dialogs: import preview, export report, plan the next study, check a rater, simulate
data, glossary, help and About."""
