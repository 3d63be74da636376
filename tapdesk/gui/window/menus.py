"""Menus, toolbar and keyboard shortcuts of the main window.

Every action is made by :func:`_action`, its words from :data:`ENTRIES` in the current
language (View > Language re-labels them all, :func:`retranslate_menus`); :func:`shortcut_conflicts` lists
key sequences bound to more than one action (Qt then runs neither), and a
test and the self-test keep that list empty.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

import shiboken6
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar

from tapdesk import i18n
from tapdesk.gui import settings
from tapdesk.gui.language import choose_language
from tapdesk.gui.window.pack import committee_pack
from tapdesk.i18n import N_, NC_, _, pgettext
from tapdesk.i18n.deferred import shown

RESULT_TABS = (NC_("results tab", "Data"), NC_("results tab", "Summary"), NC_("results tab", "Raters"),
               NC_("results tab", "Subjects"), NC_("results tab", "Tables"), NC_("results tab", "Plots"),
               NC_("results tab", "Explain"), NC_("results tab", "Compare"),
               NC_("results tab", "Progress"))
"""The results pane's tabs, in order: the View menu lists them from the first window on, before
the pane is built (``tests/gui/test_first_window.py`` keeps them equal to the pane's own), in
the current language (``pgettext("results tab", name)``; the pane's own tabs are to follow)."""


MENU_TITLES: dict[str, str] = {
    "file_menu": N_("&File"), "recent_menu": N_("Open &recent"), "edit_menu": N_("&Edit"),
    "analysis_menu": N_("&Analysis"), "view_menu": N_("&View"), "language_menu": N_("&Language"),
    "help_menu": N_("&Help"), "examples_menu": N_("&Examples"),
}
"""Each menu's title (an attribute of the window -> its text, translated where shown)."""

ENTRIES: dict[str, tuple[str, str]] = {
    "new": (N_("&New analysis"), N_("Close every data set and fit and start afresh")),
    "open": (N_("&Open ratings..."),
             N_("Open a ratings file (CSV, TSV, TXT, Excel, OpenDocument, SPSS, Stata)")),
    "paste": (N_("Pas&te data"), N_("Read ratings copied from a spreadsheet")),
    "close_data": (N_("&Close data set"), N_("Close the shown data set and its fits")),
    "open_project": (N_("Open pro&ject..."), N_("Open a saved .tapdesk analysis")),
    "save": (N_("&Save project"),
             N_("Save the whole analysis (every data set and fit) as a .tapdesk file")),
    "save_as": (N_("Save project &as..."), ""),
    "export_report": (N_("&Export report (PDF)..."),
                      N_("Write a PDF report of the fits of the shown data set")),
    "print": (N_("&Print report..."), N_("Print the report of the fits of the shown data set")),
    "committee_pack": (N_("Co&mmittee pack..."),
                       N_("Write the report, every rater's feedback sheet and the subjects to "
                          "review into one folder, under one title")),
    "quit": (N_("&Quit"), ""),
    "remove_fit": (N_("Re&move fit"), N_("Remove the fit shown from the list (Undo puts it back)")),
    "fit": (N_("&Fit"), N_("Fit the chosen model")),
    "cancel": (N_("&Cancel fit"), N_("Stop the running fit")),
    "simulate": (N_("&Simulate data..."),
                 # Translators: t, a and p are the model's three parameters (the share of Class 1,
                 # the accuracy, the guess rate); keep the letters.
                 N_("Generate ratings from chosen t, a, p (opens beside your data)")),
    "plan": (N_("&Plan the next study..."),
             N_("How many raters and subjects the next study needs (pre-filled from the shown fit)")),
    "meaning": (N_("What these numbers &mean"), ""),
    "glossary": (N_("&Glossary"), N_("Every term TapDesk uses, in plain words")),
    "about": (N_("&About TapDesk"), ""),
}
"""Each action of the menus (its name -> its text and its tool and status tip)."""

UNDO_PREFIXES = {"undo": N_("&Undo"), "redo": N_("&Redo")}



def _action(window: QMainWindow, name: str, slot, shortcut=None, icon=None, text: str = "") -> QAction:
    """The action ``name`` of :data:`ENTRIES` (or with ``text``, a name or title as given)."""
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcuts(QKeySequence.keyBindings(shortcut)
                            if isinstance(shortcut, QKeySequence.StandardKey)
                            else [QKeySequence(shortcut)])
    if icon is not None:
        action.setIcon(window.style().standardIcon(icon))
    action.setObjectName(f"action_{name}")
    action.triggered.connect(lambda checked=False: slot())
    setattr(window, f"action_{name}", action)
    if name in ENTRIES:
        _label(action, *ENTRIES[name])
    return action


def _label(action: QAction, text: str, tip: str) -> None:
    action.setText(_(text))
    if tip:
        action.setToolTip(_(tip))
        action.setStatusTip(_(tip))


def _title(menu: str) -> str:
    return _(MENU_TITLES[menu])


def retranslate_menus(w) -> None:
    """Every menu title and entry of ``w`` again in the current language (View > Language)."""
    for attribute in MENU_TITLES:
        getattr(w, attribute).setTitle(_title(attribute))
    for name, (text, tip) in ENTRIES.items():
        _label(getattr(w, f"action_{name}"), text, tip)
    for i, name in enumerate(RESULT_TABS):
        getattr(w, f"action_view_{i}").setText(pgettext("results tab", name))
    stack = w.results_pane.undo_stack
    for i in range(stack.count()):              # the removed fits' names in the new language
        reword = getattr(stack.command(i), "reword", None)
        if callable(reword):
            reword()
    _word_undo(w, "undo", w.undo_group.undoText())
    _word_undo(w, "redo", w.undo_group.redoText())
    w.toolbar.setWindowTitle(pgettext("toolbar", "Main"))
    fill_recent_menu(w)
    word_examples(w)


def build_menus(w) -> None:
    sp = QStyle.StandardPixmap
    K = QKeySequence.StandardKey
    bar = w.menuBar()
    file_menu = w.file_menu = bar.addMenu(_title("file_menu"))
    file_menu.addAction(_action(w, "new", w.new_analysis, K.New))
    file_menu.addAction(_action(w, "open", w.open_dialog, K.Open, sp.SP_DialogOpenButton))
    w.recent_menu = file_menu.addMenu(_title("recent_menu"))
    file_menu.addAction(_action(w, "paste", w.paste_data, "Ctrl+Shift+V", sp.SP_FileDialogContentsView))
    file_menu.addAction(_action(w, "close_data", w.close_session, K.Close))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "open_project", w.open_project_dialog, "Ctrl+Shift+O"))
    file_menu.addAction(_action(w, "save", w.save_project, K.Save, sp.SP_DialogSaveButton))
    file_menu.addAction(_action(w, "save_as", w.save_project_as, K.SaveAs))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "export_report", w.export_report, "Ctrl+E"))
    file_menu.addAction(_action(w, "print", partial(_print, w), K.Print))
    file_menu.addAction(_action(w, "committee_pack", partial(committee_pack, w)))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "quit", w.close, K.Quit))

    w.edit_menu = bar.addMenu(_title("edit_menu"))
    _edit_menu(w, w.edit_menu)

    analysis = w.analysis_menu = bar.addMenu(_title("analysis_menu"))
    analysis.addAction(_action(w, "fit", w.start_fit, "Ctrl+R", sp.SP_MediaPlay))
    analysis.addAction(_action(w, "cancel", w.cancel_fit, "Esc", sp.SP_MediaStop))
    analysis.addSeparator()
    analysis.addAction(_action(w, "simulate", partial(_simulate, w), "Ctrl+G", sp.SP_FileDialogNewFolder))
    analysis.addAction(_action(w, "plan", partial(_plan, w)))

    w.view_menu = bar.addMenu(_title("view_menu"))
    for i, name in enumerate(RESULT_TABS):     # before the pane is built, a tab builds it at once
        w.view_menu.addAction(_action(w, f"view_{i}", partial(_open_tab, w, name), f"Ctrl+{i + 1}",
                                      text=pgettext("results tab", name)))
    w.view_menu.addSeparator()
    w.language_menu = w.view_menu.addMenu(_title("language_menu"))
    _language_menu(w, w.language_menu)

    help_menu = w.help_menu = bar.addMenu(_title("help_menu"))
    help_menu.addAction(_action(w, "meaning", partial(_help, "show_meaning", w), K.HelpContents))
    w.examples_menu = help_menu.addMenu(_title("examples_menu"))
    w.examples_menu.aboutToShow.connect(partial(fill_examples_menu, w))
    help_menu.addAction(_action(w, "glossary", partial(_glossary, w)))
    help_menu.addAction(_action(w, "about", partial(_help, "show_about", w)))

    keep_menu_wrappers(w, (file_menu, w.edit_menu, analysis, w.view_menu, help_menu,
                           w.recent_menu, w.examples_menu, w.language_menu))
    toolbar = QToolBar(pgettext("toolbar", "Main"))
    toolbar.setObjectName("mainToolbar")
    toolbar.setMovable(False)
    for name in ("open", "paste", "save", "fit", "cancel", "simulate"):
        toolbar.addAction(getattr(w, f"action_{name}"))
    w.addToolBar(toolbar)
    w.toolbar = toolbar
    fill_recent_menu(w)


def _language_menu(w, menu: QMenu) -> None:
    """View > Language: each language by its own name (so a reader finds theirs in any), the
    pseudo-language only when a developer asks for it (``TAPDESK_PSEUDO_LANGUAGE=1``)."""
    group = QActionGroup(menu)
    for language in i18n.offered():
        action = _action(w, f"language_{language.code}", partial(_switch_language, w, language.code),
                         text=language.name)
        action.setCheckable(True)
        action.setChecked(language.code == i18n.current_language())
        group.addAction(action)
        menu.addAction(action)


def _switch_language(w, code: str) -> None:
    from tapdesk.gui.words import retranslate
    choose_language(code)
    retranslate_menus(w)
    retranslate()                   # the panes, the results and any open dialog (gui/words.py)
    w.results_whole()               # the tabs may need more room in the new language


def keep_menu_wrappers(w, menus) -> None:
    """Keep the Python wrappers of the menus Qt made, and of their menu actions, as long as the
    window: ``action.menu()`` on a menu action's wrapper that is then dropped made shiboken
    mark the menu's wrapper deleted, and ``w.examples_menu`` with it ("Internal C++ object
    already deleted" when Help opened next; found by issue 53's every-action walk). Each menu
    gives its entries mnemonics as it opens (:func:`give_mnemonics`)."""
    w.menu_wrappers = [(menu, menu.menuAction()) for menu in menus]
    for menu in menus:
        menu.aboutToShow.connect(partial(give_mnemonics, menu))


def give_mnemonics(menu: QMenu) -> None:
    """Every entry of ``menu`` without a mnemonic gets one no other entry there uses (the tabs
    of View, the examples, the recent files: filled or named at run time), by the rule that
    gives dialog buttons theirs."""
    from tapdesk.gui.accessibility import add_mnemonics
    add_mnemonics([a for a in menu.actions() if not a.isSeparator()])


def fill_examples_menu(w) -> None:
    """Help > Examples, filled when first opened: its entries have no shortcut, and their
    module (the examples' data and simulation settings) is not needed for the first window."""
    menu = w.examples_menu
    if menu.actions():
        return
    from tapdesk.gui.examples import EXAMPLES, SIMULATED
    for key in EXAMPLES:
        if key == next(iter(SIMULATED)):
            menu.addSeparator()
        menu.addAction(_action(w, f"example_{key}", partial(load_example, w, key)))
    word_examples(w)


def word_examples(w) -> None:
    """Help > Examples' names and descriptions in the current language, once the menu is
    filled (its numbers written as the language writes them)."""
    if not w.examples_menu.actions():
        return
    from tapdesk.gui.examples import EXAMPLES
    for key, example in EXAMPLES.items():
        action = getattr(w, f"action_example_{key}")
        action.setText(shown(example.title).replace("&", "&&"))
        action.setToolTip(shown(example.description))


def add_results_actions(w) -> None:
    """Wire the menus to the results pane when the window builds it (just after it is first
    shown): Undo and Redo follow the pane's undo stack; "Plan next study..." opens the plan."""
    w.undo_group.addStack(w.results_pane.undo_stack)
    w.undo_group.setActiveStack(w.results_pane.undo_stack)
    w.results_pane.plan_requested.connect(partial(_plan, w))


def _edit_menu(w, menu) -> None:
    """Undo / Redo of removed fits and Remove fit, disabled until there is something to undo,
    redo or remove: the undo group follows the results pane's undo stack once it is built."""
    w.undo_group = QUndoGroup(w)
    _undo_actions(w, menu)
    menu.addSeparator()
    remove = _action(w, "remove_fit", lambda: w.results_pane.remove_current())
    remove.setEnabled(False)                   # enabled while a fit is shown
    menu.addAction(remove)


def _undo_actions(w, menu: QMenu) -> None:
    """Undo and Redo, first in ``menu``, worded in the current language as the undo text
    changes (:func:`_word_undo`)."""
    group = w.undo_group
    for name, make, key in (("undo", group.createUndoAction, QKeySequence.StandardKey.Undo),
                            ("redo", group.createRedoAction, QKeySequence.StandardKey.Redo)):
        action = make(w, _(UNDO_PREFIXES[name]))
        action.setShortcuts(QKeySequence.keyBindings(key))
        action.setObjectName(f"action_{name}")
        setattr(w, f"action_{name}", action)
        menu.addAction(action)
    # after the undo group's own wording (the prefix it was made with), so this one stands
    group.undoTextChanged.connect(partial(_word_undo, w, "undo"))
    group.redoTextChanged.connect(partial(_word_undo, w, "redo"))


def _word_undo(w, name: str, what: str) -> None:
    """"&Undo Remove fit 2" in the current language (the undo group keeps the prefix it was
    made with, so a change of language words it here)."""
    if what and name == "undo":
        # Translators: {action} is what Undo would undo, e.g. "Remove fit 2. t-a-p of wine.csv".
        text = _("&Undo {action}").format(action=what)
    elif what:
        # Translators: {action} is what Redo would redo, e.g. "Remove fit 2. t-a-p of wine.csv".
        text = _("&Redo {action}").format(action=what)
    else:
        text = _(UNDO_PREFIXES[name])
    action = getattr(w, f"action_{name}")
    if shiboken6.isValid(action):              # not while the window is being destroyed
        action.setText(text)


def _open_tab(w, name: str) -> None:
    w.results_pane.open_tab(name)


def shortcut_conflicts(window) -> list[str]:
    """Key sequences bound to two or more actions of ``window``, in words ("Ctrl+Shift+S: ...")."""
    owners: dict[str, list[str]] = {}
    for action in window.findChildren(QAction):
        for seq in action.shortcuts():
            key = seq.toString(QKeySequence.SequenceFormat.PortableText)
            if key:
                owners.setdefault(key, []).append(action.text().replace("&", "") or action.objectName())
    return [f"{key}: {', '.join(names)}" for key, names in sorted(owners.items()) if len(names) > 1]


def fill_recent_menu(w) -> None:
    """File > Open recent: the files opened, projects saved, examples opened (Help > Examples)
    and the data committee packs were made from, newest first."""
    menu = w.recent_menu
    menu.clear()
    files = settings.recent_files()
    for entry in files:
        example = entry.removeprefix(settings.EXAMPLE_PREFIX) if \
            entry.startswith(settings.EXAMPLE_PREFIX) else None
        if example is not None:
            from tapdesk.gui.examples import EXAMPLES
            if example not in EXAMPLES:
                continue
            # Translators: {title} is a built-in example's name, as Help > Examples lists it.
            act = menu.addAction(_("Example: {title}").format(title=shown(EXAMPLES[example].title)))
            act.setToolTip(shown(EXAMPLES[example].description))
            act.triggered.connect(lambda checked=False, k=example: load_example(w, k))
            continue
        act = menu.addAction(Path(entry).name.replace("&", "&&"))   # "R&D.csv" is no mnemonic
        act.setToolTip(entry)
        act.setStatusTip(entry)
        act.triggered.connect(lambda checked=False, p=entry: w.open_path(p))
    if files:
        menu.addSeparator()
        clear = menu.addAction(_("Clear list"))
        clear.triggered.connect(lambda: (settings.clear_recent_files(), fill_recent_menu(w)))
    menu.setEnabled(bool(files))


def load_example(w, key: str) -> None:
    """Help > Examples (and File > Open recent): the example ``key`` opened, and listed first in
    Open recent."""
    from tapdesk.gui.examples import example_dataset, example_source
    ds, choice = example_dataset(key)
    path, options = example_source(key)       # the shipped file, or None
    # Translators: a recent file that is a built-in example; {name} is the example's name.
    session = w.load_dataset(ds, lambda: _("Example: {name}").format(name=shown(ds.provenance.file_name)),
                             source="example",
                             path=path, options=options, choice=choice)
    w.example_keys = {**getattr(w, "example_keys", {}), session.key: key}
    settings.add_recent_example(key)
    fill_recent_menu(w)


def _print(w) -> None:
    from tapdesk.gui.window.printing import print_report  # Qt's print support, when asked for
    print_report(w)


def _plan(w) -> None:
    from tapdesk.gui.dialogs.plan_dialog import open_plan_dialog
    open_plan_dialog(w, w.results_pane.current())


def _glossary(w) -> None:
    from tapdesk.gui.dialogs.glossary_dialog import show_glossary  # with the report's words
    show_glossary(w)


def _simulate(w) -> None:
    from tapdesk.gui.dialogs.simulate_dialog import SimulateDialog
    dialog = SimulateDialog(w)
    if dialog.exec():
        ds = dialog.dataset()
        w.load_dataset(ds, lambda: _("Generated simulated data"), source="generated")


def _help(name: str, w: QMainWindow) -> None:
    """A Help menu entry (the help dialogs, with the licence's metadata, load when asked for)."""
    from tapdesk.gui.dialogs import help as help_module
    getattr(help_module, name)(w)
