"""The Raters tab's "Check this rater..." dialog: is a rater good enough, within a margin?

The user picks a rater, the allowed shortfall in points of accuracy and the
interval level; the check (:func:`tapdesk.engine.raters.check.check_rater`:
a per-rater fit of the whole panel, three profile-likelihood intervals and,
where the difference's comes near a verdict, the verdict's tests calibrated
by simulating 399 studies at each of two points per test: 0.1-0.3 s of CPU
for a few hundred subjects, benchmarks/RESULTS.md) runs off the GUI thread,
and the dialog shows the engine's own sentences and the verdict.

The working screen speaks a committee's words (the verdict, the answer, what
the margin means); how the intervals were made ("profile likelihood",
"parametric bootstrap", "one-sided bound") is under "How this was worked
out", folded away, and in the tooltips. The answer scrolls inside the dialog,
so the settings above it keep their size while it runs and the dialog never
grows past most of the screen's free height.
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.raters.check import DEFAULT_MARGIN, RaterCheckRequest, RaterCheckResult, check_rater
from tapdesk.engine.request import MAX_LEVEL, MIN_LEVEL
from tapdesk.engine.results import FitResult
from tapdesk.errors import TapDeskError
from tapdesk.gui.screen_fit import FRAME_GUESS, place_window
from tapdesk.gui.tasks.background import call_off_gui_thread
from tapdesk.gui.widgets.decimal_box import DecimalSpinBox
from tapdesk.gui.widgets.level_box import LevelSpinBox
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats
from tapdesk.i18n.current import is_source

# Translators: the heading of the rater check's answer, one per verdict.
VERDICT_HEADINGS = {
    "superior": N_("More accurate than the rest of the panel"),
    "non-inferior": N_("Good enough: at least as accurate as the rest of the panel within the margin"),
    "inferior": N_("Not good enough: less accurate than the rest of the panel by more than the margin"),
    "undecided": N_("Undecided: these ratings cannot tell"),
}
"""Each verdict's heading (in English; translated where shown)."""
MOST_OF_SCREEN = 0.85
"""The largest share of the screen's free height the dialog grows to (frame included)."""


def _spin(low: float, high: float, value: float, decimals: int, suffix: str,
          name: str, tip: str, kind: type[QDoubleSpinBox] = DecimalSpinBox,
          **fields) -> QDoubleSpinBox:
    """A spin box for one setting (``kind``: LevelSpinBox writes levels as every text does);
    ``suffix``, ``name`` and ``tip`` (its placeholders filled from ``fields``) are marked for
    the catalog."""
    box = kind()
    box.setRange(low, high)
    box.setDecimals(decimals)
    box.setValue(value)
    if suffix:
        say(box, "setSuffix", suffix)
    elif isinstance(box, LevelSpinBox):
        box.retranslate_texts()                 # its percent sign, as the language writes it
    say(box, "setAccessibleName", name)
    say(box, "setToolTip", tip, **fields)
    return box


def _label(text: str) -> QLabel:
    """A form row's label, ``text`` marked for the catalog, said in the current language."""
    return say(QLabel(), "setText", text)


class RaterCheckDialog(QDialog):
    """Check one rater of a per-rater fit's panel against the others.

    Parameters
    ----------
    result
        The per-rater fit (its raters, Class 1 choice, level and seed are used).
    table
        The ratings the fit was made from.
    rater
        The rater chosen first (the first rater when None).
    """

    def __init__(self, result: FitResult, table: RatingsTable, rater: str | None = None,
                 parent=None) -> None:
        super().__init__(parent)
        say(self, "setWindowTitle", N_("Check this rater"))
        self.fit_result, self.table = result, table
        self.result: RaterCheckResult | None = None
        layout = QVBoxLayout(self)
        settings = QWidget()
        settings.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        form = QFormLayout(settings)
        form.setContentsMargins(0, 0, 0, 0)
        self.rater = QComboBox()
        self.rater.addItems([r.rater_id for r in result.raters])
        say(self.rater, "setAccessibleName", N_("Rater"))
        say(self.rater, "setToolTip", N_("The rater whose accuracy is compared with the rest of the "
                                         "panel's: the other raters' accuracies weighted by their "
                                         "number of ratings, as on the Raters tab."))
        if rater is not None and self.rater.findText(rater) >= 0:
            self.rater.setCurrentText(rater)
        form.addRow(_label(N_("Rater:")), self.rater)
        # Translators: the unit after the allowed shortfall's number ("10 points" of accuracy);
        # keep the leading space.
        self.margin = _spin(0.0, 50.0, 100 * DEFAULT_MARGIN, 1, N_(" points"), N_("Margin"),
                            N_("The shortfall you accept: with 10 points a rater up to 10 points "
                               "of accuracy below the panel still counts as good enough."))
        form.addRow(_label(N_("Allowed shortfall:")), self.margin)
        self.level = _spin(100 * MIN_LEVEL, 100 * MAX_LEVEL, 100 * result.request.level, 1, "",
                           N_("Interval level"),
                           # Translators: {level} is "95%", {error} "2.5%", as the language writes
                           # a percent.
                           N_("Level of the interval for the difference; "
                                                    "the verdict is a one-sided test at half the "
                                                    "remaining error ({level}: a rater at the "
                                                    "margin passes at most {error} of the time)."),
                           LevelSpinBox, level=lambda: _share(0.95, 0),
                           error=lambda: _share(0.025, 1))
        form.addRow(_label(N_("Interval level:")), self.level)
        layout.addWidget(settings)
        # Translators: the rater check's button that runs the check.
        self.check_button = say(QPushButton(), "setText", N_("Check"))
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.run_check)
        layout.addWidget(self.check_button)
        self.answer = say(QLabel(), "setText", N_("Choose a rater and a margin, then press Check."))
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.TextFormat.RichText)
        self.answer.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.answer.setMinimumWidth(460)
        say(self.answer, "setAccessibleName", N_("Rater check answer"))
        self.answer_area = _scrolled(self.answer)
        layout.addWidget(self.answer_area, 1)
        self.details_button = QToolButton()
        say(self.details_button, "setText", N_("How this was worked out"))
        self.details_button.setCheckable(True)
        self.details_button.setArrowType(Qt.ArrowType.RightArrow)
        self.details_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        say(self.details_button, "setAccessibleName", N_("How this was worked out"))
        self.details_button.toggled.connect(self._show_details)
        self.details_button.hide()
        layout.addWidget(self.details_button)
        self.details = QLabel()
        self.details.setWordWrap(True)
        self.details.setTextFormat(Qt.TextFormat.RichText)
        say(self.details, "setAccessibleName", N_("How the check was worked out"))
        self.details.hide()
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        say(buttons.button(QDialogButtonBox.StandardButton.Close), "setText", N_("&Close"))
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def request(self) -> RaterCheckRequest:
        """The check the dialog's settings describe, on the fit's own Class 1 and seed."""
        fitted = self.fit_result.request
        return RaterCheckRequest(rater=self.rater.currentText(), margin=self.margin.value() / 100,
                                 class1=fitted.class1, cut=fitted.cut,
                                 level=round(self.level.value() / 100, 4), seed=fitted.seed)

    def run_check(self) -> RaterCheckResult | None:
        """Run the check off the GUI thread and show its words (or why it could not run)."""
        self.check_button.setEnabled(False)
        self.details_button.setChecked(False)
        self.details_button.hide()
        self._forget_words(self.answer)
        # Translators: shown while the rater check runs; {rater} is the rater's name.
        self.answer.setText(_("Checking rater {rater} against the rest of the panel; this can take "
                              "a few seconds...").format(rater=_escaped(self.rater.currentText())))
        try:
            request = self.request()
            self.result = call_off_gui_thread(lambda: check_rater(request, self.table),
                                              "tapdesk-rater-check")
        except TapDeskError as exc:
            self.result = None
            # Translators: {error} says why the rater check could not be made.
            self.answer.setText(_("The check could not be made: {error}.").format(
                error=_escaped(str(exc))))
        else:
            self.answer.setText(answer_html(self.result))
            self.details.setText(details_html(self.result))
            self.answer.setToolTip(details_text(self.result))
            self.details_button.show()
        finally:
            self.check_button.setEnabled(True)
            self.fit_answer()
        return self.result

    @staticmethod
    def _forget_words(label: QLabel) -> None:
        """The answer's text is the check's from now on: not the prompt said again."""
        label.__dict__.pop("_tapdesk_words", None)

    def retranslate_texts(self) -> None:
        """The answer again in the language just chosen (View > Language)."""
        if self.result is not None:
            self.answer.setText(answer_html(self.result))
            self.details.setText(details_html(self.result))
            self.answer.setToolTip(details_text(self.result))

    def _show_details(self, on: bool) -> None:
        self.details.setVisible(on)
        self.details_button.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.fit_answer()

    def fit_answer(self) -> None:
        """Grow the dialog so the whole answer shows (a wrapped label does not ask for it),
        never past :data:`MOST_OF_SCREEN` of the screen's free height, its frame inside the
        screen; a longer answer scrolls."""
        label = self.answer
        extra = label.heightForWidth(label.width()) - self.answer_area.viewport().height()
        wanted = self.height() + max(0, extra)
        if self.details.isVisible():
            wanted = max(wanted, self.sizeHint().height())
        screen = self.screen()
        if screen is not None:
            room = round(MOST_OF_SCREEN * screen.availableGeometry().height())
            wanted = min(wanted, room - FRAME_GUESS.top() - FRAME_GUESS.bottom())
        if wanted > self.height():
            self.resize(self.width(), wanted)
            place_window(self)                  # moved up if its foot left the screen
        self.keep_room_below()

    def keep_room_below(self) -> None:
        """Move the dialog up so that its frame ends above the screen's foot by half of what
        :data:`MOST_OF_SCREEN` leaves free (a dialog reaching the bottom pixel looks cut)."""
        screen = self.screen()
        if screen is None:
            return
        free = screen.availableGeometry()
        room = round((1 - MOST_OF_SCREEN) / 2 * free.height())
        frame = self.frameGeometry()
        if frame.height() <= self.height():         # not framed yet: a typical frame
            frame = self.geometry().marginsAdded(FRAME_GUESS)
        excess = frame.bottom() - (free.bottom() - room)
        if excess > 0:
            self.move(self.pos().x(), max(free.top(), self.pos().y() - excess))


def _escaped(text: str) -> str:
    return html.escape(text, quote=False)


def _scrolled(label: QLabel) -> QScrollArea:
    """The answer in a frameless scroll area that never scrolls sideways."""
    area = QScrollArea()
    area.setWidget(label)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    area.setMinimumHeight(4 * label.fontMetrics().lineSpacing())
    bar = area.verticalScrollBar().sizeHint().width()
    area.setMinimumWidth(label.minimumWidth() + bar + 2)      # a scroll bar never cuts the text
    return area


def answer_html(result: RaterCheckResult) -> str:
    """The verdict as a heading, then the engine's answer and what the margin means, in a
    committee's words (the method is in :func:`details_html`)."""
    return (f"<p><b>{_escaped(_(VERDICT_HEADINGS[result.verdict]))}</b></p>"
            f"<p>{_escaped(result.sentence())}</p>"
            f"<p>{_escaped(result.plain_margin_sentence())}</p>")


def details_text(result: RaterCheckResult) -> str:
    """How the answer was worked out, in the statistics' own words (details and tooltip)."""
    # Translators: the rater check's details; {margin} is a sentence on the margin, {method} how
    # the intervals were made ("profile likelihood"), {n} a number of subjects, {verdict} the
    # verdict's name ("non-inferior"), as the summary's "Verdict:" line writes it.
    return _("{margin} Intervals: {method}, from the per-rater t-a-p fit of all {n} subjects. "
             "Verdict: {verdict}.").format(margin=result.margin_sentence(),
                                           method=result.method_words(),
                                           n=_count(result.n_subjects), verdict=result.verdict_name())


def _count(n: int) -> str:
    return str(n) if is_source() else formats.integer(n)


def _share(share: float, digits: int) -> str:
    """A percent as the tooltip writes it: English as before ("95%", "2.5%")."""
    return f"{100 * share:.{digits}f}%" if is_source() else formats.percent(share, digits)


def details_html(result: RaterCheckResult) -> str:
    return f"<small>{_escaped(details_text(result))}</small>"
