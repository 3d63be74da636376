"""Projects saved before a module moved still open (issue 38: records are named by module)."""

from __future__ import annotations

from tapdesk.engine.results import FitResult
from tapdesk.gui.project import file as project
from tests import FIXTURES

SAVED_BY_1_0 = FIXTURES / "projects" / "saved_by_1_0.tapdesk"
MODELS = ["tap", "tap", "tap", "tap-a0a1", "expert", "per-rater", "per-rater", "categorical",
          "categorical-per-rater", "dawid-skene", "ordinal-cuts", "coefficients"]


def test_a_project_saved_by_1_0_decodes_every_record():
    state = project.read_state(SAVED_BY_1_0)
    assert [fit.result.model for fit in state.fits] == MODELS
    for fit in state.fits:
        assert isinstance(fit.result, FitResult)
        assert fit.result.summary().headline          # every record rebuilt, so it reads again
    assert state.sessions[0].table.n_subjects == 183


def test_a_project_saved_by_1_0_opens_in_the_window(window):
    assert window.open_project(SAVED_BY_1_0)
    assert len(window.results_pane.entries) == len(MODELS)
    assert window.session is not None and window.session.table.n_raters == 4


def test_a_record_named_by_its_module_before_a_move_still_decodes():
    from tapdesk.engine.raters.check_result import RaterCheckResult
    from tapdesk.gui.project.codec import decode
    record = decode({"__type__": "tapdesk.engine.rater_check_result.RaterCheckResult"})
    assert type(record) is RaterCheckResult


def test_every_moved_module_is_still_there():
    import importlib

    from tapdesk.gui.project.codec import MOVED_MODULES, SAFE_PREFIXES
    for old, new in MOVED_MODULES.items():
        assert old.startswith(SAFE_PREFIXES) and new.startswith(SAFE_PREFIXES)
        importlib.import_module(new)
