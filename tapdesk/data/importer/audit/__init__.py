"""The reading audit: one stage after every reader asks whether what was read *is* a set of
ratings.

Every reader (wide, long, the platforms' formats, cross-tables, multi-sheet workbooks, the
preview's manual choices) ends in ``pipeline.conclude``, which hands the reading to
:func:`~tapdesk.data.importer.audit.run.audit_reading`. Each principle is one function whose
docstring states it:

* ``raters`` -- a rater shares the raters' scale (a group, sex, comment or annotator-name
  column is no rater; a rater in other words is said);
* ``reference`` -- a reference is not a rater (an adjudicator answers only where the others
  disagree);
* ``rows`` -- a subject row holds ratings (a legend, note or sign-off line is no subject);
* ``counts`` -- counts are not ratings (a cross-table is read as one, or refused);
* ``sessions`` -- a rater rates a subject once in each reading (a session column is the item);
* ``names`` -- a rater is one name, however it is spelled (joined before the other checks);
* ``scale`` -- categories are plausible (a legend whose every value is given once is refused);
* ``questions`` -- a question is no rater (numbered questions read as raters: each row one
  person's answers to a questionnaire or test, refused);
* ``sheets`` -- a workbook is read from the sheet that holds ratings (sheets of one rater
  each are read as one panel);
* ``apart`` -- a panel's columns stand together (a number column before the judges, apart,
  that follows nothing they give is a subject attribute: an age);
* ``totals`` -- a row that adds up to its own total is a scorecard (refused, rule
  'row-totals'); ``means`` -- a row of the means of the rows beside it is no subject.

The other modules here (``alike``, ``computed``, ``derived``, ``dated``, ``ticks``, ``twins``
...) each state their principle the same way; ``run.PRINCIPLES`` lists them in the order
they are asked.

A principle flags (a warning that names the problem), refuses into the preview, or acts:
the file is read again (:func:`~tapdesk.data.importer.audit.run.audited`) with the column's
role, the rows or the layout it found (``ImportOptions.guessed_roles``, ``rows_out``,
``layout``), and an import note says what was done and why; the note's rule can be switched off
(the preview's check box, ``--no-rule``), and a role the user gives the column wins. Readers do
not repeat these checks. Nothing here imports Qt.
"""
