"""A fit's subjects, held as arrays (issue 43), survive a project save, and a project saved
when they were a tuple of records still gives every subject's labels."""

from __future__ import annotations

import json

from tapdesk.data.readers import read_ratings
from tapdesk.engine import FitRequest, fit
from tapdesk.engine.subjects import SubjectTable
from tapdesk.gui.project import file as project
from tapdesk.gui.project.codec import decode, encode
from tapdesk.report.labels import subject_labels
from tests import FIXTURES

SAVED_BY_1_0 = FIXTURES / "projects" / "saved_by_1_0.tapdesk"


def test_a_fit_with_its_subject_table_round_trips_through_the_project_codec():
    result = fit(FitRequest(model="dawid-skene"), read_ratings(FIXTURES / "crowd_small.csv").table)
    text = json.dumps(encode(result))
    assert "SubjectTable" in text and "SubjectEstimate" not in text      # arrays, not records
    back = decode(json.loads(text))
    assert isinstance(back.subjects, SubjectTable)
    assert back.subjects == result.subjects and back == result
    assert back.to_dict() == result.to_dict()


def test_a_project_saved_with_subject_records_still_gives_labels():
    state = project.read_state(SAVED_BY_1_0)
    table = state.sessions[0].table
    fits = [f.result for f in state.fits if f.result.model == "dawid-skene"]
    assert fits and isinstance(fits[0].subjects, tuple)       # as saved: records
    labels = subject_labels(fits[0], table)
    assert labels is not None and len(labels.rows) == len(fits[0].subjects) == 183
    assert [r[0] for r in labels.rows] == [s.subject_id for s in fits[0].subjects]
    assert fits[0].to_dict()["subjects"][0]["probabilities"] == \
        list(fits[0].subjects[0].probabilities)
