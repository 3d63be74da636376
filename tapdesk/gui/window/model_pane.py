"""Model pane: which analysis, which method, its options (each explained), Fit and Cancel.

The list of analyses is built from the engine's registry
(:func:`tapdesk.engine.registry.all_models`), and the method list from each
model's ``methods``, so models registered later appear without GUI changes.
Below a separator come the analyses beside the models
(:data:`tapdesk.engine.analyses.ANALYSES`: the ordinal analysis by cut points
and the classical coefficients); :meth:`ModelPane.job` says how the worker
runs them.
"""

from __future__ import annotations

from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from tapdesk.data.ratings import RatingsTable
from tapdesk.engine.analyses import ANALYSES, COEFFICIENTS_MODEL, Analysis, get_analysis
from tapdesk.engine.models import MODELS, ModelEntry
from tapdesk.engine.request import (
    COEFFICIENT_BOOTSTRAP,
    DEFAULT_LEVEL,
    MAX_LEVEL,
    MIN_LEVEL,
    FitRequest,
    Prior,
)
from tapdesk.errors import SettingError
from tapdesk.gui.style import main_button, narrow_combo, pane_title
from tapdesk.gui.widgets.clamped_label import ClampedLabel
from tapdesk.gui.widgets.disclosure import Disclosure
from tapdesk.gui.widgets.eliding_combo import ElidingComboBox
from tapdesk.gui.widgets.level_box import LevelSpinBox
from tapdesk.gui.window.explain_box import ExplainBox
from tapdesk.gui.words import say
from tapdesk.i18n import N_, NC_, _, formats, pgettext

METHOD_TITLES = {
    "mle": N_("Maximum likelihood"),
    "exact": N_("Bayesian (exact)"),
    "mcmc": N_("Bayesian (simulation)"),
}
METHOD_TIPS = {
    "mle": N_("The parameter values that make the observed ratings most probable. Fast; intervals "
              "from the curvature of the likelihood (or a bootstrap)."),
    "exact": N_("The Bayesian posterior computed by numerical integration: exact densities and "
                "intervals for models with few parameters. Uses the priors below."),
    "mcmc": N_("The Bayesian posterior by Markov chain Monte Carlo sampling: works for every model, "
               "takes longer; check that the chains agree. Uses the priors and sampler settings "
               "below."),
}
DEFAULT_PRIOR_NAMES = ("t", "a", "p")
BOOTSTRAP_TIP = N_("Resample the subjects this many times and refit, for intervals that do not "
                    "rely on large-sample theory. 0 = no bootstrap (faster).")
COEFFICIENT_BOOTSTRAP_TIP = N_("Resamples of the subjects for the coefficients without a variance "
                               "formula (Krippendorff's alpha). 0 = the default of 1000.")
ANALYSIS_METHODS = {
    "ordinal-cuts": (N_("Maximum likelihood at each cut"), METHOD_TIPS["mle"]),
    "coefficients": (N_("Analytic SE (bootstrap where none)"),
                     N_("Standard errors and 95% intervals from the published variance formulas "
                        "(Gwet 2014); Krippendorff's alpha by a bootstrap over subjects.")),
}
WEIGHT_TIPS = {
    "none": N_("Only exact matches count as agreement."),
    "linear": N_("For ordered scales: near misses count partly, in proportion to the distance."),
    "quadratic": N_("For ordered scales: near misses count almost fully, distant ones hardly."),
}
WEIGHT_NAMES = {"none": NC_("weights", "none"), "linear": NC_("weights", "linear"),
                "quadratic": NC_("weights", "quadratic")}
DEFAULT_COEFFICIENT_BOOTSTRAP = COEFFICIENT_BOOTSTRAP


def _spin(low: int, high: int, value: int, tip: str, name: str, step: int = 1,
          grouped: bool = True) -> QSpinBox:
    """A whole-number option; ``grouped``: thousands separators (100,000 draws; not a seed)."""
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setSingleStep(step)
    box.setGroupSeparatorShown(grouped)
    say(box, "setToolTip", tip)
    say(box, "setAccessibleName", name)
    return box


def _option_value(widget: QWidget) -> str:
    """An option's value as the folded Options summary writes it: a choice by its name, a count
    grouped as the language groups it ("2,000", "2.000", "2\u202f000"; a seed as it is), the
    level as its box writes it ("97,5\u00a0%")."""
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QSpinBox) and widget.isGroupSeparatorShown():
        return formats.integer(widget.value())
    return widget.text() if isinstance(widget, QSpinBox | LevelSpinBox) else ""


class ModelPane(QWidget):
    """Analysis, method and options; emits ``fit_requested`` / ``cancel_requested``."""

    fit_requested = Signal()
    cancel_requested = Signal()
    layout_changed = Signal()          # a group opened or folded, options shown or hidden

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.specs: tuple[ModelEntry, ...] = MODELS   # no model is imported before its fit
        self.analyses: tuple[Analysis, ...] = ANALYSES
        self._table: RatingsTable | None = None
        self._build()
        self._model_changed()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        title = pane_title(say(QLabel(), "setText", NC_("pane title", "Analysis"), context="pane title"))
        layout.addWidget(title)
        form = QFormLayout()
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)   # long titles: own line
        self.model_combo = narrow_combo(ElidingComboBox())     # a long title ends in "…"
        say(self.model_combo, "setAccessibleName", NC_("pane title", "Analysis"), context="pane title")
        for spec in self.specs:
            self.model_combo.addItem(_(spec.title), spec.name)
            self.model_combo.setItemData(self.model_combo.count() - 1, model_tip(spec),
                                         role=3)  # Qt.ToolTipRole
        self.model_combo.insertSeparator(self.model_combo.count())
        for analysis in self.analyses:
            self.model_combo.addItem(_(analysis.title), analysis.name)
            self.model_combo.setItemData(self.model_combo.count() - 1, _(analysis.description),
                                         role=3)
        say(self.model_combo, "setToolTip", N_("Which model to fit. Hover over an entry for what it "
                                               "assumes."))
        self.model_combo.currentIndexChanged.connect(self._model_changed)
        title.setBuddy(self.model_combo)          # the pane's title names it: the whole width
        form.addRow(self.model_combo)             # for the longest title, one row less
        self.model_help = ClampedLabel()          # gives way where the pane is short
        form.addRow(self.model_help)
        self.method_combo = narrow_combo(ElidingComboBox())   # a long method ends in "…"
        say(self.method_combo, "setAccessibleName", N_("Method"))
        self.method_combo.currentIndexChanged.connect(self._method_changed)
        form.addRow(say(QLabel(), "setText", N_("Method:")), self.method_combo)
        layout.addLayout(form)
        # seldom changed, so folded away by default, each saying what is set in it (issue 53:
        # open, they pushed the pane to 850 px on a screen that leaves it 200 to 600)
        self.explain = ExplainBox()
        self.explain_group = Disclosure(N_("Explain by..."), self.explain, "explain")
        self.explain_group.setToolTip(self.explain.toolTip())
        self.explain.changed.connect(self._update_summaries)
        self.explain.changed.connect(self.layout_changed)     # an attribute's effect row
        layout.addWidget(self.explain_group)
        self.options_group = Disclosure(N_("Options"), self._build_options(), "options")
        layout.addWidget(self.options_group)
        for group in (self.explain_group, self.options_group):
            group.toggled.connect(self.layout_changed)
        layout.addStretch()
        self.button_bar = self._build_buttons()

    def _build_buttons(self) -> QWidget:
        """Fit and Cancel: placed by the window below the scrolling options, always in view."""
        bar = QWidget()
        v = QVBoxLayout(bar)
        v.setContentsMargins(4, 4, 4, 4)
        buttons = QHBoxLayout()
        self.fit_button = main_button(say(QPushButton(), "setText", NC_("button", "Fit"), context="button"))
        say(self.fit_button, "setToolTip", N_("Fit the chosen model to the data (Ctrl+R)."))
        say(self.fit_button, "setAccessibleName", NC_("button", "Fit"), context="button")
        self.fit_button.clicked.connect(self.fit_requested)
        self.cancel_button = say(QPushButton(), "setText", NC_("button", "Cancel"), context="button")
        say(self.cancel_button, "setToolTip", N_("Stop the running fit (Esc). Earlier results are kept."))
        say(self.cancel_button, "setAccessibleName", N_("Cancel fit"))
        self.cancel_button.clicked.connect(self.cancel_requested)
        self.cancel_button.setEnabled(False)
        buttons.addWidget(self.fit_button, 1)
        buttons.addWidget(self.cancel_button)
        v.addLayout(buttons)
        return bar

    def _build_options(self) -> QWidget:
        box = QWidget()
        self.starts = _spin(1, 200, 12, N_("How many different starting points the optimiser tries. "
                                           "The best is kept; more starts make it safer that the "
                                           "overall best fit was found."), N_("Starts"))
        self.bootstrap = _spin(0, 5000, 0, BOOTSTRAP_TIP, N_("Bootstrap resamples"), step=100)
        self.seed = _spin(0, 2_000_000_000, 20261121, N_("The starting number for every random "
                                                         "choice. The same seed gives exactly the "
                                                         "same numbers again."), N_("Seed"),
                          grouped=False)
        self.chains = _spin(1, 16, 4, N_("Number of independent sampler runs. Several chains that "
                                         "agree are the main check that the sampler found the whole "
                                         "posterior."), N_("Chains"))
        self.draws = _spin(10, 200_000, 2000, N_("Draws kept from each chain after warm-up. More "
                                                 "draws, smoother densities and steadier intervals."),
                           N_("Draws"), step=500)
        self.warmup = _spin(0, 100_000, 1000, N_("Draws discarded at the start of each chain while "
                                                 "the sampler settles."), N_("Warm-up draws"), step=250)
        self.level = LevelSpinBox()
        self.level.setRange(100 * MIN_LEVEL, 100 * MAX_LEVEL)
        self.level.setDecimals(1)
        self.level.setSingleStep(5)
        self.level.retranslate_texts()
        self.level.setValue(100 * DEFAULT_LEVEL)
        say(self.level, "setToolTip", N_("The level of every interval: 95% intervals for maximum "
                                         "likelihood, the bootstrap, the classical coefficients and "
                                         "the Bayesian methods alike, so intervals side by side are "
                                         "alike. Saved with the project."))
        say(self.level, "setAccessibleName", N_("Interval level"))
        self.priors = QTableWidget(2, 0)
        self.priors.setVerticalHeaderLabels(["alpha", "beta"])
        say(self.priors, "setToolTip", N_("Beta(alpha, beta) prior for each probability (one column "
                                          "each). alpha = beta = 1 is flat (every value equally "
                                          "plausible beforehand); larger values pull the estimate "
                                          "toward alpha / (alpha + beta)."))
        say(self.priors, "setAccessibleName", N_("Priors"))
        self.priors.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.set_prior_names(DEFAULT_PRIOR_NAMES)
        self.weights = narrow_combo(QComboBox(), 9)
        say(self.weights, "setAccessibleName", N_("Weights"))
        for name in WEIGHT_TIPS:
            self.weights.addItem(name, name)
        self._weight_words()
        self.option_names: dict[QWidget, str] = {}
        rows = []
        for label, name, widget in (
                (N_("Weights:"), NC_("options summary", "weights"), self.weights),
                (N_("Starts:"), NC_("options summary", "starts"), self.starts),
                (N_("Bootstrap:"), NC_("options summary", "bootstrap"), self.bootstrap),
                (N_("Seed:"), NC_("options summary", "seed"), self.seed),
                (N_("Intervals:"), NC_("options summary", "intervals"), self.level),
                (N_("Chains:"), NC_("options summary", "chains"), self.chains),
                (N_("Draws:"), NC_("options summary", "draws"), self.draws),
                (N_("Warm-up:"), NC_("options summary", "warm-up"), self.warmup),
                (N_("Priors:"), NC_("options summary", "priors"), self.priors)):
            rows.append((say(QLabel(), "setText", label), widget))
            self.option_names[widget] = name
        self.option_rows: tuple[tuple[QLabel, QWidget], ...] = tuple(rows)
        for label, widget in self.option_rows:
            label.setBuddy(widget)
            if isinstance(widget, QSpinBox | LevelSpinBox | QComboBox):
                signal = widget.currentIndexChanged if isinstance(widget, QComboBox) \
                    else widget.valueChanged
                signal.connect(self._update_summaries)
        self.priors.itemChanged.connect(self._update_summaries)
        self.options_grid = QGridLayout(box)
        self.options_grid.setContentsMargins(12, 0, 0, 0)
        self.options_grid.setHorizontalSpacing(6)
        self._shown_options: tuple[QWidget, ...] = tuple(w for _, w in self.option_rows)
        return box

    def _lay_out_options(self) -> None:
        """The shown options two to a line (label, box, label, box), the priors' table across
        the whole width under them: a Bayesian fit's options took 280 px in one column and
        pushed the Analysis pane past a laptop screen (issue 53)."""
        grid = self.options_grid
        for label, widget in self.option_rows:
            grid.removeWidget(label)
            grid.removeWidget(widget)
        place = 0
        for label, widget in self.option_rows:
            if widget not in self._shown_options:
                continue
            if widget is self.priors:
                row = -(-place // 2)
                grid.addWidget(label, row, 0, Qt.AlignmentFlag.AlignTop)
                grid.addWidget(widget, row, 1, 1, 3)
                continue
            grid.addWidget(label, place // 2, 2 * (place % 2))
            grid.addWidget(widget, place // 2, 2 * (place % 2) + 1)
            place += 1
        for label, widget in self.option_rows:     # after adding (adding hides until later)
            label.setVisible(widget in self._shown_options)
            widget.setVisible(widget in self._shown_options)
        for column in (1, 3):
            grid.setColumnStretch(column, 1)

    def _update_summaries(self, *_args) -> None:
        """The folded groups' headers: what is set in them, in a few words."""
        if not hasattr(self, "options_group"):
            return
        self.explain_group.set_summary(self.explain.summary())
        words = []
        for _label, widget in self.option_rows:
            if widget not in self._shown_options:
                continue
            name = pgettext("options summary", self.option_names[widget])
            if widget is self.priors:
                words.append(_("priors flat") if not self.priors_set() else _("priors set"))
            else:
                value = _option_value(widget)
                # Translators: one option in the folded Options group's summary: {name} is the
                # option ("starts", "seed"), {value} its value ("12").
                words.append(_("{name} {value}").format(name=name, value=value))
        self.options_group.set_summary(", ".join(words))

    def _weight_words(self) -> None:
        """The weights' names and tips in the current language (the data stay the English keys)."""
        for i, name in enumerate(WEIGHT_TIPS):
            self.weights.setItemText(i, pgettext("weights", WEIGHT_NAMES[name]))
            self.weights.setItemData(i, _(WEIGHT_TIPS[name]), role=3)
        # Translators: {weights} lists the three weights with what each does ("none: Only ...").
        self.weights.setToolTip(_("How near misses count (weighted coefficients are shown after the "
                                  "unweighted ones). {weights}").format(weights=" ".join(
                                      f"{pgettext('weights', WEIGHT_NAMES[k])}: {_(v)}"
                                      for k, v in WEIGHT_TIPS.items())))

    def retranslate_texts(self) -> None:
        """The texts made from data and choices again in the language just chosen."""
        self._weight_words()
        self.level.retranslate_texts()      # before the summary reads its text
        self.explain_group.setToolTip(self.explain.toolTip())
        for i in range(self.model_combo.count()):
            name = self.model_combo.itemData(i)
            entry = get_analysis(name) if name else None
            spec = next((s for s in self.specs if s.name == name), None)
            if entry is not None or spec is not None:
                self.model_combo.setItemText(i, _((entry or spec).title))
        self.set_table(self._table)
        self._model_changed()

    def priors_set(self) -> bool:
        """Whether a prior other than the flat Beta(1, 1) is typed in (a wrong number counts)."""
        try:
            return bool(self.priors_value())
        except SettingError:
            return True

    def _show_options(self, *shown: QWidget) -> None:
        """Show the option rows that apply to the chosen analysis and method, hide the rest.

        Only what acts is shown, so the options of a Bayesian method fit in view
        (they used to sit below the fold under greyed-out rows that did nothing).
        """
        self._shown_options = shown
        self._lay_out_options()
        self._update_summaries()
        self.layout_changed.emit()

    # ---------------------------------------------------------------- state
    def set_prior_names(self, names) -> None:
        """A column for each named probability, alpha and beta under it (1 and 1: flat); the
        table as tall as its two rows."""
        self.priors.setColumnCount(len(names))
        self.priors.setHorizontalHeaderLabels(list(names))
        for column in range(len(names)):
            for row in (0, 1):
                self.priors.setItem(row, column, QTableWidgetItem("1"))
        table = self.priors
        table.resizeRowsToContents()
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() +
                             table.rowHeight(0) + table.rowHeight(1) + 2 * table.frameWidth())

    def current_name(self) -> str:
        return self.model_combo.currentData() or self.specs[0].name

    def analysis(self) -> Analysis | None:
        """The chosen analysis beside the models, or None when a registered model is chosen."""
        return get_analysis(self.current_name())

    def spec(self) -> ModelEntry | None:
        """The chosen registered model (None when an analysis beside the models is chosen)."""
        name = self.current_name()
        return next((s for s in self.specs if s.name == name), None)

    def title(self) -> str:
        entry = self.analysis() or self.spec()
        return entry.title if entry is not None else self.current_name()

    def binary(self) -> bool:
        spec = self.spec()
        return spec is not None and spec.binary

    def job(self):
        """How the worker runs the current choice: None (fit the model) or an analysis runner."""
        analysis = self.analysis()
        if analysis is None:
            return None
        if analysis.name == COEFFICIENTS_MODEL:
            return partial(analysis.run, weights=self.weights.currentData(),
                           bootstrap=self.bootstrap.value() or DEFAULT_COEFFICIENT_BOOTSTRAP)
        return analysis.run

    def set_table(self, table: RatingsTable | None) -> None:
        """Grey out analyses the data cannot support (and say why)."""
        self._table = table
        self.explain.set_table(table)
        self._update_summaries()
        model = self.model_combo.model()
        for i in range(self.model_combo.count()):
            name = self.model_combo.itemData(i)
            spec = next((s for s in self.specs if s.name == name), None)
            analysis = get_analysis(name) if name else None
            if spec is not None:
                ok = table is None or not spec.needs_rater_ids or table.has_rater_ids
                tip = model_tip(spec) if ok else (model_tip(spec) + " " + _(
                    "Not available: these data do not say which rater gave each rating."))
            elif analysis is not None:
                why = analysis.unavailable(table) if table is not None else ""
                ok = not why
                tip = _(analysis.description) + (
                    # Translators: {why} says what the analysis needs that the data lack, from
                    # the engine ("needs an ordered scale"); it follows "it".
                    " " + _("Not available for these data: it {why}.").format(why=why) if why
                    else "")
            else:
                continue                      # the separator
            model.item(i).setEnabled(ok)
            model.item(i).setToolTip(tip)
        self.fit_button.setEnabled(table is not None and not self.cancel_button.isEnabled())

    def _model_changed(self, *_args) -> None:
        spec, analysis = self.spec(), self.analysis()
        entry = analysis or spec
        detail = getattr(entry, "detail", "")
        self.model_help.set_full_text(_(entry.description) if entry is not None else "",
                                      _(detail) if detail else "")   # the symbols: tooltip only
        current = self.method_combo.currentData()
        self.method_combo.blockSignals(True)
        self.method_combo.clear()
        methods = spec.methods if spec is not None else ("mle",)
        for i, method in enumerate(methods):
            title, tip = (ANALYSIS_METHODS.get(analysis.name, (METHOD_TITLES["mle"], ""))
                          if analysis is not None else
                          (METHOD_TITLES.get(method, method), METHOD_TIPS.get(method, "")))
            self.method_combo.addItem(_(title), method)
            self.method_combo.setItemData(i, _(tip) if tip else "", role=3)
        if current in methods:
            self.method_combo.setCurrentIndex(methods.index(current))
        self.method_combo.blockSignals(False)
        self._method_changed()

    def _method_changed(self, *_args) -> None:
        method = self.method_combo.currentData() or "mle"
        self.method_combo.setToolTip(_(METHOD_TIPS[method]) if method in METHOD_TIPS else "")
        analysis = self.analysis()
        coefficients = analysis is not None and analysis.name == COEFFICIENTS_MODEL
        if method == "mle":
            shown = (self.weights, self.bootstrap) if coefficients else (self.starts, self.bootstrap)
        elif method == "mcmc":
            shown = (self.chains, self.draws, self.warmup, self.priors)
        else:
            shown = (self.priors,)
        self._show_options(*shown, self.seed, self.level)
        self.explain.set_model(self.current_name(), method)
        say(self.bootstrap, "setToolTip", COEFFICIENT_BOOTSTRAP_TIP if coefficients else BOOTSTRAP_TIP)
        self._update_summaries()

    def select(self, model: str, method: str = "mle") -> bool:
        """Pick a model (or analysis) and method by name; False when not offered."""
        index = self.model_combo.findData(model)
        if index < 0:
            return False
        self.model_combo.setCurrentIndex(index)
        methods = [self.method_combo.itemData(i) for i in range(self.method_combo.count())]
        if method in methods:
            self.method_combo.setCurrentIndex(methods.index(method))
            return True
        return False

    def running(self, on: bool) -> None:
        """Fit or Cancel enabled; the keyboard focus moves with them (Fit -> Cancel while a fit
        runs, back to Fit after), so it is never left on a disabled button."""
        had_fit, had_cancel = self.fit_button.hasFocus(), self.cancel_button.hasFocus()
        if on:
            self.cancel_button.setEnabled(True)
        self.fit_button.setEnabled(not on and self._table is not None)
        if on and had_fit:
            self.cancel_button.setFocus(Qt.FocusReason.OtherFocusReason)
        if not on:
            if had_cancel and self.fit_button.isEnabled():
                self.fit_button.setFocus(Qt.FocusReason.OtherFocusReason)
            self.cancel_button.setEnabled(False)

    def priors_value(self) -> tuple[Prior, ...]:
        out = []
        for column in range(self.priors.columnCount()):
            cells = [self.priors.item(row, column) for row in (0, 1)]
            header = self.priors.horizontalHeaderItem(column)
            if any(c is None for c in cells) or header is None:
                continue
            name = header.text().strip()
            try:
                alpha, beta = float(cells[0].text()), float(cells[1].text())
            except ValueError:
                # Translators: {name} is a parameter ("a", "t"), quoted.
                raise SettingError(_("the prior for {name} needs two positive numbers (alpha "
                                     "and beta)").format(name=formats.quoted(name))) from None
            if name and (alpha, beta) != (1.0, 1.0):
                out.append(Prior(name, alpha, beta))
        return tuple(out)

    def request(self, class1: tuple[str, ...] | None, cut: str | None) -> FitRequest:
        """The frozen request for the current settings (SettingError if one is invalid)."""
        binary = self.binary()
        method = self.method_combo.currentData() or "mle"
        return FitRequest(model=self.current_name(), class1=class1 if binary else None,
                          cut=cut if binary else None, method=method,
                          n_starts=self.starts.value(), bootstrap=self.bootstrap.value(),
                          seed=self.seed.value(), chains=self.chains.value(),
                          draws=self.draws.value(), warmup=self.warmup.value(),
                          priors=self.priors_value() if method != "mle" else (),
                          level=round(self.level.value() / 100, 4), **self.explain.fields())

    def apply_request(self, request: FitRequest) -> None:
        """Show a saved request's settings (project reopen, history selection)."""
        self.select(request.model, request.method)
        self.starts.setValue(request.n_starts)
        self.bootstrap.setValue(request.bootstrap)
        self.seed.setValue(request.seed)
        self.level.setValue(100 * (getattr(request, "level", None) or DEFAULT_LEVEL))
        self.chains.setValue(request.chains)
        self.draws.setValue(request.draws)
        self.warmup.setValue(request.warmup)
        self.explain.apply_request(request)
        names = [p.name for p in request.priors]
        if names:
            base = list(DEFAULT_PRIOR_NAMES) + [n for n in names if n not in DEFAULT_PRIOR_NAMES]
            self.set_prior_names(base)
            for column, name in enumerate(base):
                prior = request.prior_for(name)
                self.priors.item(0, column).setText(f"{prior.alpha:g}")
                self.priors.item(1, column).setText(f"{prior.beta:g}")


def model_tip(entry: ModelEntry) -> str:
    """A model's tooltip: its description, then its symbols."""
    return f"{_(entry.description)} ({_(entry.detail)})" if entry.detail else _(entry.description)
