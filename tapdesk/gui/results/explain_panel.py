"""The Explain tab: what an explained fit found, its effects and groups, and its plots (issue 42).

The sentences are the engine's (:attr:`Findings.explanations`), the tables' rows and the plots'
kinds and captions :mod:`tapdesk.report.explained`'s, so the app says what the report says.
A fit that explains nothing gets a line saying how to make one ("Explain by..." in the
Analysis pane).
"""

from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from tapdesk.gui.project.session import FitEntry
from tapdesk.gui.results.views import LazyPanel, wrapped_label
from tapdesk.gui.widgets.table_models import FittedTableView, RowsModel
from tapdesk.gui.words import say
from tapdesk.i18n import N_, _, formats
from tapdesk.render.plots import explain_plot
from tapdesk.report.explained import (
    effect_statistics,
    effects_table,
    explanations,
    figures,
    groups_table,
    is_explained,
    tests_in_words,
)

NOTHING = N_("<p style='color:gray'>This fit does not explain the ratings by subject groups or "
           "rater attributes. To ask whether the classes differ between groups of subjects, or "
           "whether rater attributes go with accuracy, choose columns under <b>Explain by...</b> "
           "in the Analysis pane and fit again.</p>")
STOPPED = N_("<p style='color:#B35900'><b>This fit was stopped before its groups and effects were "
           "computed.</b> Fit it again to see them.</p>")
EFFECTS_TITLE = N_("Accuracy by rater attributes")
GROUPS_TITLE = N_("Class share by subject group")
PLOT_HEIGHT = 300
GROUP_TIPS = (N_("The group of subjects (its value of the subject-group column)."),
              N_("How many subjects the group has."), "",
              N_("The share of the group's subjects truly in the class, as the model estimates it."),
              N_("The range of shares the data support."),
              N_("The mean of the group's subjects' probabilities of the class (see the plot of "
                 "each subject below)."))
EFFECT_TIPS = (N_("Which raters the difference compares (the other attributes held at their mean "
                  "or most common level)."),
               N_("How many percentage points more (+) or less (-) often the first raters are "
                  "accurate than the second."),
               N_("The range of differences the data support."),
               N_("Whether the data show a difference, holding the error rate for all effects "
                  "tested together."))


def label(text: str = "", name: str = "") -> QLabel:
    out = wrapped_label(text)
    out.setTextFormat(Qt.TextFormat.RichText)
    out.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if name:
        say(out, "setAccessibleName", name)
    return out


class ExplainPanel(LazyPanel):
    """Plain words, tables and plots of the shown fit's explanation; built when first shown."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.plot_widgets: list[tuple[str, QWidget]] = []
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        page = QWidget()
        layout = QVBoxLayout(page)
        layout.setContentsMargins(6, 6, 6, 6)
        self.words = label(_(NOTHING), N_("What the explanation found"))
        self.words.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse
                                           | Qt.TextInteractionFlag.TextSelectableByKeyboard)
        self.words.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        layout.addWidget(self.words)
        self.effects_title = say(label(), "setText", EFFECTS_TITLE, markup="<b>{}</b>")
        self.effects_model = RowsModel()
        self.effects_view = FittedTableView(self.effects_model, "Accuracy by rater attributes")
        say(self.effects_view, "setAccessibleName", EFFECTS_TITLE)
        self.groups_title = say(label(), "setText", GROUPS_TITLE, markup="<b>{}</b>")
        self.groups_model = RowsModel()
        self.groups_view = FittedTableView(self.groups_model, "Class share by subject group")
        say(self.groups_view, "setAccessibleName", GROUPS_TITLE)
        self.tests = label(name=N_("Tests in precise terms"))
        self.tests.setObjectName("hint")
        for w in (self.effects_title, self.effects_view, self.groups_title, self.groups_view,
                  self.tests):
            layout.addWidget(w)
        self.plots_area = QVBoxLayout()
        layout.addLayout(self.plots_area)
        layout.addStretch()
        scroll.setWidget(page)
        self.scroll = scroll
        self.fill(None)

    def fill(self, entry: FitEntry | None) -> None:
        self._clear_plots()
        self.scroll.verticalScrollBar().setValue(0)
        result = entry.result if entry is not None else None
        explained = result is not None and is_explained(result)
        self.effects_model.set_rows((), ())
        self.groups_model.set_rows((), ())
        self.tests.setText("")
        if not explained or entry is None or result is None:
            self.words.setText(_(STOPPED) if result is not None and not result.complete and (
                result.request.explains or result.request.pooled) else _(NOTHING))
        else:
            lines = explanations(result, entry.table)
            self.words.setText("<ul style='font-size:12pt; margin-left:-20px'>" + "".join(
                f"<li style='margin-bottom:4px'>{html.escape(s)}</li>" for s in lines) + "</ul>"
                if lines else _(NOTHING))
            effects, groups = effects_table(result), groups_table(result)
            if effects is not None:
                columns, rows, _notes = effects.printed()
                self.effects_model.set_rows(columns, rows, tooltips=[_(t) for t in EFFECT_TIPS],
                                            row_tips=[effect_statistics(e) for e in result.effects])
            if groups is not None:
                columns, rows, _notes = groups.printed()
                tips = GROUP_TIPS if len(columns) == len(GROUP_TIPS) else \
                    GROUP_TIPS[:2] + GROUP_TIPS[3:]          # two classes: no class column
                tips = tuple(_(t) if t else t for t in tips)
                test = tests_in_words(result)[0] if result.group_test is not None else ""
                self.groups_model.set_rows(columns, rows, tooltips=tips,
                                           row_tips=[test] * len(rows))
            tests = tests_in_words(result)
            # Translators: the Explain tab's line of tests; {tests} lists them, joined by "; ".
            self.tests.setText(html.escape(_("Tests: {tests}.").format(tests=formats.clauses(tests)))
                               if tests else "")
            self._add_plots(entry)
        for title, view in ((self.effects_title, self.effects_view),
                            (self.groups_title, self.groups_view)):
            shown = view.model().rowCount() > 0
            title.setVisible(shown)
            view.setVisible(shown)
        self.tests.setVisible(bool(self.tests.text()))

    def _add_plots(self, entry: FitEntry) -> None:
        for kind, caption in figures(entry.result):
            widget = explain_plot(kind, entry.result, entry.table)
            if widget is None:
                continue
            widget.setMinimumHeight(PLOT_HEIGHT)
            widget.getPlotItem().setMouseEnabled(x=False, y=False)   # the wheel scrolls the page
            widget.getPlotItem().hideButtons()
            widget.setAccessibleName(caption)
            note = label(html.escape(caption))
            note.setObjectName("hint")
            self.plots_area.addWidget(widget)
            self.plots_area.addWidget(note)
            self.plot_widgets.append((kind, widget))

    def _clear_plots(self) -> None:
        while self.plots_area.count():
            item = self.plots_area.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.plot_widgets = []

    def captions(self) -> list[str]:
        """The captions shown under the plots, in order."""
        out = []
        for i in range(self.plots_area.count()):
            item = self.plots_area.itemAt(i)
            widget = item.widget() if item is not None else None
            if isinstance(widget, QLabel):
                out.append(widget.text())
        return out
