"""The Plan dialog: how many raters and subjects the next study needs.

Opened from Analysis > Plan the next study... and from the results pane's
"Plan next study..." button (pre-filled with the shown fit's t, a, p). The
plan runs in a background thread (the engine spreads its simulated studies
over worker processes) with a progress bar and a Cancel button; the grid
fills in as designs finish, as a table and a plot against subjects (one line
per number of raters) of the quantity chosen under "Show". A cell is green
when its design meets the "Need" beside it and red when it does not (the
colour follows the need, not the spread of the grid). The headline above
them follows the same choice: first the answer in one sentence, then the
cheapest design that meets the need (from
:func:`tapdesk.engine.planning.advise`, costed with "Extra cost per subject"), and
why it rather than another of the same cost, or that none does. "Include in the
report" puts the finished plan, or the finished answer to a target question,
in the exported report as a "Plan" section (:mod:`tapdesk.report.plan`).

"Question" offers two more questions (issue 30): the subjects each number of
raters needs for an interval width or for a power
(:func:`tapdesk.engine.planning.target.target_events`, run the same way); the
table then holds one row per number of raters with the answer in words.
"""

from __future__ import annotations

import html
import re
import traceback
from dataclasses import replace
from functools import partial

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QThread, Signal, Slot
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.import_words import PASTED, data_name
from tapdesk.engine.cancel import CancelToken
from tapdesk.engine.events import StageProgress
from tapdesk.engine.planning import (
    Costs,
    DesignFinished,
    Need,
    PlanDesign,
    PlanRequest,
    PlanResult,
    default_needs,
    parse_counts,
    plan_events,
)
from tapdesk.engine.planning.advice import quantity_keys
from tapdesk.engine.planning.request import counts_text, estimates_from_fit
from tapdesk.engine.planning.target import Target, TargetProbe, TargetResult, target_events
from tapdesk.engine.request import DEFAULT_LEVEL
from tapdesk.engine.results import FitResult
from tapdesk.errors import SettingError, TapDeskError
from tapdesk.gui.hint_words import PLAN_CONTROLS, error_words, plan_hint
from tapdesk.gui.screen_fit import place_window
from tapdesk.gui.style import main_button, narrow_combo
from tapdesk.gui.tasks.time_left import TimeLeft
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox
from tapdesk.gui.widgets.eliding_combo import ElidingComboBox
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats, ngettext
from tapdesk.i18n.current import is_source
from tapdesk.i18n.deferred import shown
from tapdesk.i18n.text import Text, text
from tapdesk.render.plots.plan import plan_plot
from tapdesk.report.plan import (
    MC_NOTE,
    MEETS,
    MISSES,
    Quantity,
    classical_answer_words,
    headline,
    quantities,
    target_answer_words,
)

# Translators: the Plan dialog's Question box.
QUESTIONS = (("grid", N_("Precision and power of given designs")),
             ("width", N_("Subjects needed for an interval width")),
             ("power", N_("Subjects needed for a power")))
"""The dialog's three questions: (key, words in the Question box, marked for the catalog)."""
# Translators: tooltips of the Plan dialog's t, a and p (the letters stay as they are).
TIPS = {"t": N_("Share of subjects truly in Class 1."),
        "a": N_("Rater accuracy: probability a rating is not a guess."),
        "p": N_("Probability a guess says Class 1.")}
# Translators: the Plan dialog's names of t, a and p, as the labels of their boxes (the report's
# key numbers name them so too); the letters stay as they are.
LABELS = {"t": N_("Share truly in Class 1 (t):"), "a": N_("Accuracy (a):"),
          "p": N_("Guess rate for Class 1 (p):")}
NAMES = {name: PLAN_CONTROLS[name] for name in "tap"}
"""t, a and p in words a reader without the model's letters understands (issue 79: the dialog
showed bare "t:", "a:" and "p:"), the letters kept for those who know them: as a message naming
the field says them (:data:`~tapdesk.gui.hint_words.PLAN_CONTROLS`), the choices of the target's
parameter and the boxes' names for a screen reader; the labels (:data:`LABELS`) add a colon."""
GOOD, BAD = QColor("#CFE8CF"), QColor("#F5CFC4")
"""Cell colours of a design that meets the need and of one that does not (text stays dark)."""
WANTED_SIZE = QSize(1200, 720)
"""The dialog's size where the screen has room (smaller screens: their free area)."""


class PlanRunner(QObject):
    """Drives :func:`plan_events` (or, given a target, :func:`target_events`) in a QThread;
    signals carry typed engine objects."""

    progress = Signal(int, int)
    design = Signal(object)            # PlanDesign
    probe = Signal(object)             # TargetProbe
    finished = Signal(object)          # PlanResult or TargetResult
    failed = Signal(str, str)
    done = Signal()

    def __init__(self, request: PlanRequest, target: Target | None = None) -> None:
        super().__init__()
        self.request = request
        self.target = target
        self.token = CancelToken()

    @Slot()
    def run(self) -> None:
        try:
            gen = (plan_events(self.request, self.token) if self.target is None
                   else target_events(self.request, self.target, self.token))
            while True:
                try:
                    event = next(gen)
                except StopIteration as stop:
                    self.finished.emit(stop.value)
                    break
                if isinstance(event, StageProgress):
                    self.progress.emit(event.done, event.total)
                elif isinstance(event, DesignFinished) and self.target is None:
                    self.design.emit(event.design)
                elif isinstance(event, TargetProbe):
                    self.probe.emit(event)
        except TapDeskError as exc:
            self.failed.emit(error_words(exc, plan_hint), traceback.format_exc())
        except Exception as exc:   # noqa: BLE001 - an engine bug must reach the user as a message
            # Translators: {error} is the program's error, as Python names it ("KeyError: 'x'").
            self.failed.emit(_("The plan stopped because of an internal error ({error}).").format(
                error=f"{type(exc).__name__}: {exc}"), traceback.format_exc())
        self.done.emit()


class PlanDialog(QDialog):
    """Inputs on the left; the grid (coloured table) and the width plot on the right."""

    def __init__(self, parent: QWidget | None = None, result: FitResult | None = None) -> None:
        super().__init__(parent)
        say(self, "setWindowTitle", N_("Plan the next study"))
        self.setObjectName("planDialog")
        self.workers: int | None = None          # None: one process per core (tests may set 1)
        self.result: PlanResult | None = None
        self.target_result: TargetResult | None = None
        self.partial: list[PlanDesign] = []
        self._thread: QThread | None = None
        self._runner: PlanRunner | None = None
        self._request: PlanRequest | None = None
        self.time_left = TimeLeft()
        self.needs: dict[str, float] = {n.key: n.target for n in default_needs(versus=0.5)}
        """What the user needs of each quantity (the "Need" box shows the one under "Show")."""
        layout = QHBoxLayout(self)
        layout.addWidget(self._scrolled(self._build_inputs(result)))
        layout.addWidget(self._build_outputs(), 1)
        if parent is not None:
            parent.installEventFilter(self)      # the main window closing stops the plan
        self.resize(WANTED_SIZE)
        place_window(self, WANTED_SIZE)          # a small (or 150%) screen: its free area

    @staticmethod
    def _scrolled(inputs: QWidget) -> QScrollArea:
        """The inputs in a scroll area that never scrolls sideways: on a short screen they
        scroll, never squeezed or cut."""
        area = QScrollArea()
        area.setWidget(inputs)
        area.setWidgetResizable(True)
        area.setFrameShape(QScrollArea.Shape.NoFrame)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        bar = area.verticalScrollBar().sizeHint().width()
        area.setFixedWidth(inputs.sizeHint().width() + bar + 4)
        return area

    # ----------------------------------------------------------------- inputs
    def _build_inputs(self, result: FitResult | None) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 4, 0)
        form = QFormLayout()
        self._build_question(form)
        start = estimates_from_fit(result) or (0.3, 0.6, 0.4)
        self.boxes = {}
        for name, value in zip("tap", start):
            spin = DecimalSpinBox()
            spin.setRange(0.0, 1.0)
            spin.setDecimals(3)
            spin.setSingleStep(0.05)
            spin.setValue(round(value, 3))
            say(spin, "setToolTip", TIPS[name])
            say(spin, "setAccessibleName", NAMES[name])
            self.boxes[name] = spin
            label = say(_label(LABELS[name]), "setToolTip", TIPS[name])
            label.setBuddy(spin)
            form.addRow(label, spin)
        from_fit = estimates_from_fit(result) is not None
        self.source = source_of(result) if from_fit else PlanRequest.source
        self.source_label = QLabel()
        if result is not None and from_fit:
            # Translators: {fit} is the fit's name ("t-a-p (average rater)"), {data} the data
            # file's name.
            say(self.source_label, "setText", N_("Starting values: estimates of the {fit} fit of "
                                                 "{data}."), fit=partial(shown, result.title),
                data=data_name(result.provenance.file_name or "") or _("the data"))
        else:
            say(self.source_label, "setText", N_("Type in the t, a and p you expect."))
        self.source_label.setWordWrap(True)
        self.source_label.setMinimumWidth(300)        # wraps in the column, never cut
        form.addRow(self.source_label)
        raters, subjects = [2, 3, 5, 8], [50, 100, 200, 400]
        if result is not None and from_fit:
            per_subject = round(result.n_ratings / max(result.n_subjects, 1))
            raters = sorted({*raters, max(2, min(per_subject, 200))})[:6]
            subjects = sorted({*subjects, max(5, result.n_subjects)})[:6]
        self.raters = QLineEdit(counts_text(raters))
        say(self.raters, "setToolTip", N_("Numbers of raters per subject to try, separated by "
                                          "commas."))
        say(self.raters, "setAccessibleName", N_("Raters per subject"))
        self.subjects = QLineEdit(counts_text(subjects))
        say(self.subjects, "setToolTip", N_("Numbers of subjects to try, separated by commas."))
        say(self.subjects, "setAccessibleName", N_("Subjects"))
        form.addRow(_label(N_("Raters per subject:")), self.raters)
        form.addRow(_label(N_("Subjects:")), self.subjects)
        self.sims = QSpinBox()
        self.sims.setRange(20, 20_000)
        self.sims.setValue(200)
        say(self.sims, "setToolTip", N_("Simulated studies per design: more is steadier and "
                                        "slower."))
        form.addRow(_label(N_("Simulations per design:")), self.sims)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        say(self.seed, "setToolTip", N_("Same seed, same plan."))
        form.addRow(_label(N_("Seed:")), self.seed)
        self.level = DecimalSpinBox()
        self.level.setRange(50.0, 99.9)
        self.level.setDecimals(1)
        self.level.setSuffix("%")
        self.level.setValue(100 * _fit_level(result))
        say(self.level, "setToolTip", N_("Level of the intervals whose widths and power the plan "
                                         "reports."))
        say(self.level, "setAccessibleName", N_("Interval level"))
        form.addRow(_label(N_("Interval level:")), self.level)
        self.versus_on = say(QCheckBox(), "setText", N_("Compare accuracy with"))
        # Translators: {half} is the number 0.5 as the language writes it.
        say(self.versus_on, "setToolTip", N_("Report the chance that the interval for a excludes "
                                             "this value (e.g. {half}: can we show raters are "
                                             "better than half accurate?)."),
            half=lambda: _decimal(0.5, 1))
        self.versus = DecimalSpinBox()
        self.versus.setRange(0.01, 0.99)
        self.versus.setDecimals(2)
        self.versus.setValue(0.5)
        self.versus.setEnabled(False)
        self.versus_on.toggled.connect(self.versus.setEnabled)
        form.addRow(self.versus_on, self.versus)
        self.subject_cost = DecimalSpinBox()
        self.subject_cost.setRange(0.0, 100_000.0)
        self.subject_cost.setDecimals(1)
        self.subject_cost.setSingleStep(1.0)
        # Translators: the unit after the cost of a subject ("2.0 ratings"); keep the leading space.
        say(self.subject_cost, "setSuffix", N_(" ratings"))
        # 0 is no cost of a subject at all, not "0.0 ratings" (issue 79): a design then costs
        # its ratings alone, as the headline and the cells' tooltips count it
        # Translators: the Plan dialog's "Extra cost per subject" when it is 0: a subject costs
        # nothing beyond its ratings.
        say(self.subject_cost, "setSpecialValueText", N_("none (only the ratings count)"))
        say(self.subject_cost, "setAccessibleName", N_("Extra cost per subject"))
        # Translators: {total} is the number 1,200 as the language writes it.
        say(self.subject_cost, "setToolTip", N_(
            "What one more subject costs (finding a patient, buying a wine) against one rating "
            "(one rater rating one subject). 0: only ratings cost, so the cheapest design has "
            "the fewest ratings. 2: 4 raters x 200 subjects cost 200 x (4 + 2) = {total}."),
            total=lambda: _count(1200))
        self.subject_cost.valueChanged.connect(self.refresh)
        # Translators: the label of what one subject costs beyond its ratings (finding a patient,
        # buying a wine), counted in ratings.
        form.addRow(_label(N_("Extra cost per subject:")), self.subject_cost)
        column.addLayout(form)
        self.run_button = main_button(say(QPushButton(), "setText", N_("Run plan")))
        self.run_button.clicked.connect(self.start)
        self.cancel_button = say(QPushButton(), "setText", N_("Cancel"))
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        column.addLayout(buttons)
        self.progress = QProgressBar()
        say(self.progress, "setAccessibleName", N_("Plan progress"))
        column.addWidget(self.progress)
        self.status = say(QLabel(), "setText", N_("Choose the designs and press Run plan."))
        self.status.setWordWrap(True)
        column.addWidget(self.status)
        self.include = say(QCheckBox(), "setText", N_("Include in the report"))
        say(self.include, "setToolTip", N_("File > Export report then adds this plan, or this "
                                           "answer, as a 'Plan' section."))
        self.include.setEnabled(False)
        self.include.toggled.connect(self._include_toggled)
        column.addWidget(self.include)
        column.addStretch()
        close = say(QPushButton(), "setText", N_("Close"))
        close.clicked.connect(self.close)
        column.addWidget(close)
        return box

    def _build_question(self, form: QFormLayout) -> None:
        """The Question box and, for the target questions, the target and its parameter."""
        self.question = QComboBox()
        say(self.question, "setAccessibleName", N_("Question"))
        for key, words in QUESTIONS:
            self.question.addItem(_(words), key)
        say(self.question, "setToolTip", N_("Simulate the given designs, or search, for each "
                                            "number of raters, the subjects a width or a power "
                                            "needs."))
        form.addRow(_label(N_("Question:")), self.question)
        self.target = DecimalSpinBox()
        say(self.target, "setAccessibleName", N_("Target"))
        self.target_for = narrow_combo(ElidingComboBox(), 8)    # beside the target, never wider
        #                          than its share of the row: a long name ends in "…", whole in its tip
        say(self.target_for, "setAccessibleName", N_("Target parameter"))
        for name in "atp":
            self.target_for.addItem(_(NAMES[name]), name)
        say(self.target_for, "setToolTip", N_("The parameter whose interval must be this narrow."))
        row = QHBoxLayout()
        row.addWidget(self.target, 1)
        row.addWidget(self.target_for, 1)
        form.addRow(_label(N_("Target:")), row)
        self.question.currentIndexChanged.connect(self._question_changed)
        self._question_changed()

    def retranslate_texts(self) -> None:
        """The choices of Question and of the target's parameter in the language just chosen
        (View > Language; the labels and tooltips follow through :func:`say`)."""
        for i, (_key, words) in enumerate(QUESTIONS):
            self.question.setItemText(i, _(words))
        for i in range(self.target_for.count()):
            self.target_for.setItemText(i, _(NAMES[self.target_for.itemData(i)]))

    def _question_changed(self) -> None:
        """Set the Target box for the question: a width at most, a power at least, or none."""
        key = self.question.currentData()
        self.target.setEnabled(key != "grid")
        self.target_for.setEnabled(key == "width")
        if key == "power":
            # Translators: the words before the target power's number; keep the trailing space.
            _configure(self.target, N_("power at least "), "%", 1, (1.0, 99.9, 5.0), 80.0)
            say(self.target, "setToolTip", N_("The chance wanted that the interval for a excludes "
                                              "the value under 'Compare accuracy with' (ticked "
                                              "for you)."))
        else:
            # Translators: the words before the target width's number; keep the trailing space.
            _configure(self.target, N_("width at most "), "", 3, (0.005, 1.0, 0.05), 0.2)
            say(self.target, "setToolTip", N_("The median width wanted of the interval for the "
                                              "parameter beside it."))
        if key == "power" and hasattr(self, "versus_on"):
            self.versus_on.setChecked(True)

    def chosen_target(self) -> Target | None:
        """The Target the Question box asks about (None: the grid of given numbers)."""
        key = self.question.currentData()
        if key == "width":
            return Target("width", self.target.value(), self.target_for.currentData())
        if key == "power":
            return Target("power", round(self.target.value() / 100, 4))
        return None

    # ---------------------------------------------------------------- outputs
    def _build_outputs(self) -> QWidget:
        split = QSplitter(Qt.Orientation.Vertical)
        top = QWidget()
        tv = QVBoxLayout(top)
        tv.setContentsMargins(0, 0, 0, 0)
        self.headline = QLabel("")
        self.headline.setWordWrap(True)
        self.headline.setTextFormat(Qt.TextFormat.RichText)
        say(self.headline, "setAccessibleName", N_("Plan answer"))
        tv.addWidget(self.headline)
        row = QHBoxLayout()
        row.addWidget(_label(N_("Show:")))
        self.quantity = narrow_combo(ElidingComboBox(), 30)   # never wider than its room: a long
        #                                                      title ends in "…", whole in its tip
        say(self.quantity, "setAccessibleName", N_("Quantity shown"))
        self.quantity.currentIndexChanged.connect(self._show_changed)
        row.addWidget(self.quantity, 1)
        row.addWidget(_label(N_("Need:")))
        self.need = DecimalSpinBox()
        say(self.need, "setAccessibleName", N_("Need"))
        # Translators: {meets} and {misses} are the marks the grid's cells carry.
        say(self.need, "setToolTip", N_("What the next study needs of the quantity shown: cells "
                                        "marked {meets} (green) meet it, {misses} (red) do not, "
                                        "and the headline names the cheapest design that meets "
                                        "it."), meets=MEETS, misses=MISSES)
        self.need.valueChanged.connect(self._need_changed)
        row.addWidget(self.need)
        tv.addLayout(row)
        self.grid = QTableWidget()
        say(self.grid, "setAccessibleName", N_("Plan grid"))
        self.grid.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.grid.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.grid.setWordWrap(True)                  # a target's answers are sentences: they
        self.grid.setTextElideMode(Qt.TextElideMode.ElideNone)     # wrap, never end in "..."
        self.grid.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        tv.addWidget(self.grid, 1)
        self.grid_note = QLabel("")              # what the marks in the cells mean
        say(self.grid_note, "setAccessibleName", N_("Plan grid marks"))
        tv.addWidget(self.grid_note)
        split.addWidget(top)
        self.plot_holder = QVBoxLayout()
        self.plot_pane = QWidget()
        self.plot_pane.setLayout(self.plot_holder)
        self.plot_pane.setVisible(False)         # shown with a plot: no blank half meanwhile
        self.plot = None
        split.addWidget(self.plot_pane)
        split.setSizes([330, 370])
        return split

    # ------------------------------------------------------------------- run
    def request(self) -> PlanRequest:
        """The PlanRequest the inputs describe (SettingError in words when they are wrong)."""
        versus = self.versus.value() if self.versus_on.isChecked() else None
        return PlanRequest(self.boxes["t"].value(), self.boxes["a"].value(),
                           self.boxes["p"].value(),
                           parse_counts(self.raters.text(), _("Raters per subject")),
                           parse_counts(self.subjects.text(), _("Subjects")), sims=self.sims.value(),
                           seed=self.seed.value(), versus=versus,
                           level=round(self.level.value() / 100, 4), workers=self.workers,
                           source=self.source)

    @property
    def running(self) -> bool:
        return self._thread is not None

    def start(self) -> bool:
        """Start the plan in a background thread; False (with the reason shown) if it cannot."""
        if self.running:
            return False
        try:
            request = self.request()
            target = self.chosen_target()
            if target is not None and target.kind == "power" and request.versus is None:
                raise SettingError(_("a target power needs 'Compare accuracy with' ticked"))
        except TapDeskError as exc:
            self.status.setText(f"<span style='color:#B35900'>{html.escape(error_words(exc, plan_hint))}"
                                "</span>")
            return False
        self._request, self.result, self.partial = request, None, []
        self.target_result = None
        self.plot_pane.setVisible(target is None and self.plot is not None)   # a target: no plot
        self.quantity.setEnabled(True)
        self.include.setChecked(False)
        self.include.setEnabled(False)
        self._fill_quantities(request)
        self.time_left.reset()
        self.progress.setRange(0, request.n_studies if target is None else 0)
        self.progress.setValue(0)
        self._forget_words(self.status)
        # Translators: {target} says the target ("a width of a's interval of at most 0.2").
        self.status.setText(ngettext("Simulating {n} study...", "Simulating {n} studies...",
                                     request.n_studies).format(n=_count(request.n_studies))
                            if target is None else
                            # Translators: the plan's progress; {target} says the target ("a width
                            # of 0.10 for a").
                            _("Searching the subjects needed for {target}...").format(
                                target=target.words()))
        thread = QThread()
        thread.setObjectName(f"tapdesk-plan-{request.request_id}")
        runner = PlanRunner(request, target)
        runner.moveToThread(thread)
        if target is None:
            runner.progress.connect(self._on_progress)
        runner.design.connect(self._on_design)
        runner.probe.connect(self._on_probe)
        runner.finished.connect(self._on_finished)
        runner.failed.connect(self._on_failed)
        runner.done.connect(thread.quit, Qt.ConnectionType.DirectConnection)
        thread.started.connect(runner.run)
        thread.finished.connect(self._on_thread_finished)
        self._thread, self._runner = thread, runner
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        thread.start()
        return True

    def cancel(self) -> None:
        if self._runner is not None:
            self._runner.token.cancel()
            self.status.setText(_("Stopping..."))

    def stop(self, timeout_ms: int = 10_000) -> bool:
        """Cancel and wait for the thread (closing); True when it has stopped."""
        thread = self._thread
        if thread is None:
            return True
        self.cancel()
        stopped = thread.wait(timeout_ms)
        self._on_thread_finished()
        return stopped

    @Slot(int, int)
    def _on_progress(self, done: int, total: int) -> None:
        self.progress.setValue(done)
        left = self.time_left.words("studies", done, total)
        # Translators: the plan's progress; {left} is the time left in words ("about 1 minute
        # left"), after a comma.
        self.status.setText(_("Simulated {done} of {total} studies, {left}.").format(
            done=_count(done), total=_count(total), left=left) if left else
            # Translators: the plan's progress; {done} and {total} are numbers of studies.
            _("Simulated {done} of {total} studies...").format(done=_count(done), total=_count(total)))

    @Slot(object)
    def _on_design(self, design: PlanDesign) -> None:
        self.partial.append(design)
        self.refresh()

    @Slot(object)
    def _on_probe(self, probe: TargetProbe) -> None:
        # Translators: the target search's progress; {raters} is "3 raters", {subjects} a
        # number of subjects, {value} the width or power found for it.
        self.status.setText(_("Searching: {raters} per subject, tried {subjects} subjects "
                              "({value})...").format(
            raters=ngettext("{n} rater", "{n} raters", probe.raters).format(n=probe.raters),
            subjects=_count(probe.subjects), value=_general(probe.value)))

    @Slot(object)
    def _on_finished(self, result: PlanResult | TargetResult) -> None:
        if isinstance(result, TargetResult):
            self._on_target_finished(result)
            return
        self.result = result
        self.partial = list(result.designs)
        studies = sum(d.sims for d in result.designs)
        # Translators: the plan's end; {studies} is a number of simulated studies, {seconds} a
        # time in seconds ("12.3"), {processes} "4 processes".
        self.status.setText((_("Finished: {studies} simulated studies in {seconds} s with "
                               "{processes}.") if result.complete else
                             # Translators: the plan's end when stopped; {studies} is a number of
                             # studies, {seconds} a time in seconds ("12.3"), {processes} "4
                             # processes".
                             _("Stopped early; the grid shows what finished: {studies} simulated "
                               "studies in {seconds} s with {processes}.")).format(
            studies=_count(studies), seconds=_decimal(result.seconds, 1),
            # Translators: a number of processes ("4 processes").
            processes=ngettext("{n} process", "{n} processes", result.workers).format(
                n=result.workers)))
        self.include.setEnabled(bool(result.designs))
        self.refresh()

    def _on_target_finished(self, result: TargetResult) -> None:
        """Show a target search: the question in the headline, one row per number of raters."""
        self.target_result = result
        self.plot_pane.setVisible(False)             # answers in words: the table takes the room
        self.quantity.setEnabled(False)              # Show and Need are about the grid
        self.need.setEnabled(False)
        self.grid_note.clear()                       # "✓ meets the need (at most 0.2)": the grid's
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        seconds = _decimal(result.seconds, 1)
        # Translators: the target search's end; {seconds} is a time in seconds ("12.3").
        self.status.setText(_("Finished: searched in {seconds} s.").format(seconds=seconds)
                            if result.complete else
                            # Translators: the target search's end when stopped; {seconds} is a time
                            # in seconds ("12.3").
                            _("Stopped early; the table shows what finished: searched in "
                              "{seconds} s.").format(seconds=seconds))
        # Translators: the target search's headline; {target} says the target, {note} is a
        # sentence on how the answer was found.
        self.headline.setText(html.escape(_("Subjects needed for {target}. {note}").format(
            target=result.target.words(), note=_(MC_NOTE)), quote=False))
        self.grid.clear()
        self.grid.setRowCount(len(result.designs))
        classical = {c.raters: c for c in result.classical}
        self.grid.setColumnCount(2 if classical else 1)
        self.grid.setHorizontalHeaderLabels([aside_below(_("Answer (t-a-p model)")),
                                             aside_below(_("Classical (Fleiss' kappa)"))])
        self.grid.setVerticalHeaderLabels([_raters(d.raters) for d in result.designs])
        for i, answer in enumerate(result.designs):
            words = target_answer_words(result.target.kind, answer)
            self.grid.setItem(i, 0, _answer_item(words, GOOD if answer.reachable else BAD))
            if answer.raters in classical:
                self.grid.setItem(i, 1, _answer_item(
                    classical_answer_words(classical[answer.raters]), QColor("#FFFFFF")))
        if classical:
            note = html.escape(result.classical_note(), quote=False)
            self.headline.setText(f"{self.headline.text()} {note}")
        self.include.setEnabled(bool(result.designs))

    @Slot(str, str)
    def _on_failed(self, message: str, details: str) -> None:
        self.status.setText(f"<span style='color:#B35900'>{html.escape(message)}</span>")
        self.status.setToolTip(details)

    @Slot()
    def _on_thread_finished(self) -> None:
        thread, runner = self._thread, self._runner
        self._thread = self._runner = None
        if thread is not None:
            thread.wait()
            thread.deleteLater()
        if runner is not None:
            runner.deleteLater()
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    # --------------------------------------------------------------- display
    def _fill_quantities(self, request: PlanRequest) -> None:
        shown = self.quantity.currentData()
        self.quantity.blockSignals(True)
        self.quantity.clear()
        probe = PlanResult(request, (), False, 0.0, 1)
        for q in quantities(probe):
            self.quantity.addItem(without_aside(q.title), q.key)   # the aside: in the tooltip
            self.quantity.setItemData(self.quantity.count() - 1, q.title,
                                      Qt.ItemDataRole.ToolTipRole)
        index = self.quantity.findData(shown)
        self.quantity.setCurrentIndex(max(index, 0))
        self.quantity.blockSignals(False)
        self._show_need()

    def shown_quantity(self, shown: PlanResult) -> Quantity:
        """The quantity chosen under "Show" (the first one before any choice)."""
        options = quantities(shown)
        return next((q for q in options if q.key == self.quantity.currentData()), options[0])

    def shown_need(self) -> Need | None:
        """The need on the quantity under "Show" (None before a plan has started)."""
        key = self.quantity.currentData()
        return Need(key, self.needs[key]) if key in self.needs else None

    def _show_need(self) -> None:
        """Set the Need box for the quantity under "Show": a width at most, or a share at least."""
        need = self.shown_need()
        self.need.setEnabled(need is not None)
        if need is None:
            return
        self.need.blockSignals(True)
        if need.lower_is_better:
            # Translators: the words before the Need box's number; keep the trailing space.
            _configure(self.need, N_("at most "), "", 2, (0.01, 1.0, 0.05), need.target)
        else:
            _configure(self.need, N_("at least "), "%", 1, (1.0, 99.9, 5.0), 100 * need.target)
        self.need.blockSignals(False)

    def _show_changed(self) -> None:
        self._show_need()
        self.refresh()

    def _need_changed(self, value: float) -> None:
        need = self.shown_need()
        if need is not None:
            self.needs[need.key] = value if need.lower_is_better else value / 100
            self.refresh()

    def shown_result(self) -> PlanResult | None:
        if self.result is not None:
            return self.result
        if self._request is None or not self.partial:
            return None
        return PlanResult(self._request, tuple(self.partial), False, 0.0, 1)

    def refresh(self) -> None:
        """Redraw the table and the plot from the finished (or partial) result."""
        if self.target_result is not None:
            return
        shown = self.shown_result()
        if shown is None:
            self.grid.clear()
            return
        quantity = self.shown_quantity(shown)
        need = Need(quantity.key, self.needs[quantity.key])
        self._fill_grid(shown, quantity, need)
        self.grid_note.setText(quantity.need_note(need))
        self.headline.setText(_headline_html(headline(shown, need, self.costs()))
                              if self.result is not None else "")
        if self.plot is None:
            self.plot = plan_plot(shown, quantity.key, need=need.target)
            if self.plot is not None:
                say(self.plot, "setAccessibleName", N_("Plan plot"))
                self.plot_holder.addWidget(self.plot)
                self.plot_pane.setVisible(True)
        else:
            plan_plot(shown, quantity.key, self.plot, need.target)
        if self.include.isChecked():
            self._include_toggled(True)          # the report says what the dialog now shows

    def costs(self) -> Costs:
        """How designs are costed: what a subject costs against a rating ("Extra cost per
        subject")."""
        return Costs(self.subject_cost.value())

    def _fill_grid(self, shown: PlanResult, quantity: Quantity, need: Need) -> None:
        req = shown.request
        self.grid.setRowCount(len(req.raters))
        self.grid.setColumnCount(len(req.subjects))
        self.grid.setHorizontalHeaderLabels([ngettext("{n} subject", "{n} subjects", n).format(
            n=_count(n)) for n in req.subjects])
        self.grid.setVerticalHeaderLabels([_raters(r) for r in req.raters])
        for i, r in enumerate(req.raters):
            for j, n in enumerate(req.subjects):
                try:
                    design = shown.design(r, n)
                except KeyError:
                    item = QTableWidgetItem(_("running...") if self.running else _("not run"))
                    item.setForeground(QBrush(QColor("#777777")))
                else:
                    met = need.met_by(design)
                    item = QTableWidgetItem(quantity.judged(design, need))
                    item.setBackground(QBrush(GOOD if met else BAD))
                    item.setForeground(QBrush(QColor("#1A1A1A")))
                    item.setData(Qt.ItemDataRole.UserRole, met)
                    item.setToolTip(self._cell_tip(met, r, n, design))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.grid.setItem(i, j, item)

    def _cell_tip(self, met: bool, raters: int, subjects: int, design: PlanDesign) -> str:
        """A cell's tooltip: whether it meets the need, the design, its cost and its studies."""
        # Translators: a cell's tooltip in the plan's grid; {need} is the Need box's text
        # ("at least 80%"), {raters} and {subjects} numbers, {cost} the design's cost in words,
        # {sims} a number of simulated studies.
        template = _("Meets the need ({need}). {raters} raters \u00d7 {subjects} subjects: {cost}; "
                     "{sims} simulated studies") if met else (
            # Translators: as above, for a design that does not meet the need.
            _("Does not meet the need ({need}). {raters} raters \u00d7 {subjects} subjects: {cost}; "
              "{sims} simulated studies"))
        return template.format(need=self.need.text().strip(), raters=raters, subjects=subjects,
                               cost=self.costs().words(design), sims=_count(design.sims))

    @staticmethod
    def _forget_words(label: QLabel) -> None:
        """The label's text is the plan's from now on: not its first words said again."""
        label.__dict__.pop("_tapdesk_words", None)

    def asked_plan(self) -> PlanResult | None:
        """The finished plan with what the user asks of it: the needs (the one under "Show"
        first: the answer is about it) and the cost of a subject, as the report and
        ``tapdesk plan`` then say them."""
        if self.result is None:
            return None
        keys = quantity_keys(self.result.request.versus)
        shown = self.quantity.currentData()
        order = [shown] + [key for key in keys if key != shown] if shown in keys else keys
        needs = tuple(Need(key, self.needs[key]) for key in order)
        return replace(self.result, needs=needs, costs=self.costs())

    def _include_toggled(self, on: bool) -> None:
        window = self.parent()
        if window is not None:
            session = getattr(window, "session", None)      # a plan belongs to one data set
            shown = self.target_result if self.target_result is not None else self.asked_plan()
            window.report_plan = (session.key, shown) if on and session else None

    # ------------------------------------------------------------- lifecycle
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt API
        if watched is self.parent() and event.type() == QEvent.Type.Close:
            self.stop()
        return False

    def done(self, code: int) -> None:  # noqa: D401 - Qt API: closing the dialog stops the plan
        self.stop()
        if self.parent() is not None:
            self.parent().removeEventFilter(self)
        super().done(code)

    def closeEvent(self, event) -> None:  # noqa: N802 - Qt API
        self.stop()
        super().closeEvent(event)


def without_aside(title: str) -> str:
    """A quantity's title without the aside in square brackets that ends it ("... gets right
    [closed form]"); a bracket inside the title stays (cutting at the first " [" cut the
    pseudo-language's "for [àççûŕàçý à]" and any translation with a bracket before the end)."""
    return re.sub(r"\s\[[^\[\]]*\]$", "", title)


def source_of(result: FitResult) -> Text:
    """Where a plan's t, a, p come from when the dialog took them from ``result``: its
    estimates, in words made where the plan's notes are shown (the dialog, a report in another
    language)."""
    name = result.provenance.file_name
    data = Text(PASTED) if name == PASTED else name or Text(N_("the data"))
    # (an explained fit's title is made from a template: made again where it is shown)
    title = result.title if hasattr(result.title, "shown") else Text(result.title)
    # Translators: where a plan's assumed t, a and p come from (inside the brackets of a plan's
    # note: "... p = 0.4 (estimates of the t-a-p (average rater) fit of wine.csv)"); {fit} is the
    # fit's name, {data} the data file's name or "the data".
    return text(N_("estimates of the {fit} fit of {data}"), fit=title, data=data)


def _fit_level(result: FitResult | None) -> float:
    """The interval level of the fit the plan starts from (the default without one)."""
    request = getattr(result, "request", None)
    return float(getattr(request, "level", DEFAULT_LEVEL))


def aside_below(heading: str) -> str:
    """A column heading's closing aside on a line of its own: "Classical" over "(Fleiss'
    kappa)" (the two answers' columns share the grid's width; a longer language's heading on one
    line was cut, 286 px in a column of 268, issue 54)."""
    name, bracket, aside = heading.partition(" (")
    return f"{name}\n({aside}" if bracket and name else heading


def _answer_item(words: str, colour: QColor) -> QTableWidgetItem:
    """A table cell holding one answer in words (tooltip: the same words, for long ones)."""
    item = QTableWidgetItem(words)
    item.setBackground(QBrush(colour))
    item.setForeground(QBrush(QColor("#1A1A1A")))
    item.setToolTip(words)
    return item


def _configure(box: QDoubleSpinBox, prefix: str, suffix: str, decimals: int,
               steps: tuple[float, float, float], value: float) -> None:
    """Set a spin box for a bound: its words around the number (``prefix`` marked for the
    catalog), decimals, (low, high, step) and value."""
    if prefix:
        say(box, "setPrefix", prefix)
    else:
        box.setPrefix("")
    box.setSuffix(suffix)
    box.setDecimals(decimals)
    box.setRange(steps[0], steps[1])
    box.setSingleStep(steps[2])
    box.setValue(value)


def _label(text: str) -> QLabel:
    """A form row's label, ``text`` marked for the catalog, said in the current language."""
    return say(QLabel(), "setText", text)


def _count(n: int) -> str:
    """A count as the language groups it ("1,200", "1.200")."""
    return f"{n:,}" if is_source() else formats.integer(n)


def _decimal(x: float, digits: int) -> str:
    return f"{x:.{digits}f}" if is_source() else formats.decimal(x, digits)


def _general(x: float) -> str:
    """A width or power as the search writes it (3 significant digits)."""
    english = f"{x:.3g}"
    if is_source() or "e" in english:
        return english
    return formats.decimal(x, len(english.partition(".")[2]))


def _raters(n: int) -> str:
    """A row's heading: "3 raters"."""
    return ngettext("{n} rater", "{n} raters", n).format(n=n)


def _headline_html(sentences: tuple[str, ...]) -> str:
    """The answer in bold on its own line, then the advice in full."""
    first, *rest = (html.escape(s, quote=False) for s in sentences)
    return f"<b>{first}</b>" + (f"<br>{' '.join(rest)}" if rest else "")


def open_plan_dialog(window, result: FitResult | None = None) -> PlanDialog:
    """Open the Plan dialog (modeless) pre-filled from ``result`` when it has estimates."""
    dialog = PlanDialog(window, result)
    dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.plan_dialog = dialog
    dialog.show()
    return dialog
