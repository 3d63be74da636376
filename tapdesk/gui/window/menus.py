"""Menus, toolbar and keyboard shortcuts of the main window.

Every action is made by :func:`_action`; :func:`shortcut_conflicts` lists
key sequences bound to more than one action (Qt then runs neither), and a
test and the self-test keep that list empty.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle, QToolBar

from tapdesk.gui import settings
from tapdesk.gui.window.pack import committee_pack

RESULT_TABS = ("Data", "Summary", "Raters", "Subjects", "Tables", "Plots", "Explain", "Compare",
               "Progress")
"""The results pane's tabs, in order: the View menu lists them from the first window on, before
the pane is built (``tests/gui/test_first_window.py`` keeps them equal to the pane's own)."""


def _action(window: QMainWindow, name: str, text: str, slot, shortcut=None, tip: str = "",
            icon=None) -> QAction:
    action = QAction(text, window)
    if shortcut is not None:
        action.setShortcuts(QKeySequence.keyBindings(shortcut)
                            if isinstance(shortcut, QKeySequence.StandardKey)
                            else [QKeySequence(shortcut)])
    if tip:
        action.setToolTip(tip)
        action.setStatusTip(tip)
    if icon is not None:
        action.setIcon(window.style().standardIcon(icon))
    action.setObjectName(f"action_{name}")
    action.triggered.connect(lambda checked=False: slot())
    setattr(window, f"action_{name}", action)
    return action


def build_menus(w) -> None:
    sp = QStyle.StandardPixmap
    K = QKeySequence.StandardKey
    file_menu = w.file_menu = w.menuBar().addMenu("&File")
    file_menu.addAction(_action(w, "new", "&New analysis", w.new_analysis, K.New,
                                "Close every data set and fit and start afresh"))
    file_menu.addAction(_action(w, "open", "&Open ratings...", w.open_dialog, K.Open,
                                "Open a ratings file (CSV, TSV, TXT, Excel, OpenDocument, SPSS, "
                                "Stata)", sp.SP_DialogOpenButton))
    w.recent_menu = file_menu.addMenu("Open &recent")
    file_menu.addAction(_action(w, "paste", "Pas&te data", w.paste_data, "Ctrl+Shift+V",
                                "Read ratings copied from a spreadsheet", sp.SP_FileDialogContentsView))
    file_menu.addAction(_action(w, "close_data", "&Close data set", w.close_session, K.Close,
                                "Close the shown data set and its fits"))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "open_project", "Open pro&ject...", w.open_project_dialog,
                                "Ctrl+Shift+O", "Open a saved .tapdesk analysis"))
    file_menu.addAction(_action(w, "save", "&Save project", w.save_project, K.Save,
                                "Save the whole analysis (every data set and fit) as a .tapdesk "
                                "file", sp.SP_DialogSaveButton))
    file_menu.addAction(_action(w, "save_as", "Save project &as...", w.save_project_as, K.SaveAs))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "export_report", "&Export report (PDF)...", w.export_report,
                                "Ctrl+E", "Write a PDF report of the fits of the shown data set"))
    file_menu.addAction(_action(w, "print", "&Print report...", partial(_print, w), K.Print,
                                "Print the report of the fits of the shown data set"))
    file_menu.addAction(_action(w, "committee_pack", "Co&mmittee pack...",
                                partial(committee_pack, w), None,
                                "Write the report, every rater's feedback sheet and the subjects "
                                "to review into one folder, under one title"))
    file_menu.addSeparator()
    file_menu.addAction(_action(w, "quit", "&Quit", w.close, K.Quit))

    w.edit_menu = w.menuBar().addMenu("&Edit")
    _edit_menu(w, w.edit_menu)

    analysis = w.analysis_menu = w.menuBar().addMenu("&Analysis")
    analysis.addAction(_action(w, "fit", "&Fit", w.start_fit, "Ctrl+R", "Fit the chosen model",
                               sp.SP_MediaPlay))
    analysis.addAction(_action(w, "cancel", "&Cancel fit", w.cancel_fit, "Esc", "Stop the running fit",
                               sp.SP_MediaStop))
    analysis.addSeparator()
    analysis.addAction(_action(w, "simulate", "&Simulate data...", partial(_simulate, w), "Ctrl+G",
                               "Generate ratings from chosen t, a, p (opens beside your data)",
                               sp.SP_FileDialogNewFolder))
    analysis.addAction(_action(w, "plan", "&Plan the next study...", partial(_plan, w), None,
                               "How many raters and subjects the next study needs (pre-filled "
                               "from the shown fit)"))

    w.view_menu = w.menuBar().addMenu("&View")
    for i, name in enumerate(RESULT_TABS):     # before the pane is built, a tab builds it at once
        w.view_menu.addAction(_action(w, f"view_{i}", name, partial(_open_tab, w, name),
                                      f"Ctrl+{i + 1}"))

    help_menu = w.help_menu = w.menuBar().addMenu("&Help")
    help_menu.addAction(
        _action(
            w, "meaning", "What these numbers &mean", partial(_help, "show_meaning", w), K.HelpContents
        )
    )
    w.examples_menu = help_menu.addMenu("&Examples")
    w.examples_menu.aboutToShow.connect(partial(fill_examples_menu, w))
    help_menu.addAction(_action(w, "glossary", "&Glossary", partial(_glossary, w),
                                tip="Every term TapDesk uses, in plain words"))
    help_menu.addAction(_action(w, "about", "&About TapDesk", partial(_help, "show_about", w)))

    keep_menu_wrappers(w, (file_menu, w.edit_menu, analysis, w.view_menu, help_menu,
                           w.recent_menu, w.examples_menu))
    bar = QToolBar("Main")
    bar.setObjectName("mainToolbar")
    bar.setMovable(False)
    for name in ("open", "paste", "save", "fit", "cancel", "simulate"):
        bar.addAction(getattr(w, f"action_{name}"))
    w.addToolBar(bar)
    w.toolbar = bar
    fill_recent_menu(w)


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
    for key, example in EXAMPLES.items():
        if key == next(iter(SIMULATED)):
            menu.addSeparator()
        act = _action(w, f"example_{key}", example.title, partial(load_example, w, key))
        act.setToolTip(example.description)
        menu.addAction(act)


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
    group = w.undo_group
    for name, make, key in (("undo", group.createUndoAction, QKeySequence.StandardKey.Undo),
                            ("redo", group.createRedoAction, QKeySequence.StandardKey.Redo)):
        action = make(w, f"&{name.title()}")
        action.setShortcuts(QKeySequence.keyBindings(key))
        action.setObjectName(f"action_{name}")
        setattr(w, f"action_{name}", action)
        menu.addAction(action)
    menu.addSeparator()
    remove = _action(w, "remove_fit", "Re&move fit", lambda: w.results_pane.remove_current(),
                     tip="Remove the fit shown from the list (Undo puts it back)")
    remove.setEnabled(False)                   # enabled while a fit is shown
    menu.addAction(remove)


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
            act = menu.addAction(f"Example: {EXAMPLES[example].title}")
            act.setToolTip(EXAMPLES[example].description)
            act.triggered.connect(lambda checked=False, k=example: load_example(w, k))
            continue
        act = menu.addAction(Path(entry).name.replace("&", "&&"))   # "R&D.csv" is no mnemonic
        act.setToolTip(entry)
        act.setStatusTip(entry)
        act.triggered.connect(lambda checked=False, p=entry: w.open_path(p))
    if files:
        menu.addSeparator()
        clear = menu.addAction("Clear list")
        clear.triggered.connect(lambda: (settings.clear_recent_files(), fill_recent_menu(w)))
    menu.setEnabled(bool(files))


def load_example(w, key: str) -> None:
    """Help > Examples (and File > Open recent): the example ``key`` opened, and listed first in
    Open recent."""
    from tapdesk.gui.examples import example_dataset, example_source
    ds, choice = example_dataset(key)
    path, options = example_source(key)       # the shipped file, or None
    session = w.load_dataset(ds, f"Example: {ds.provenance.file_name}", source="example",
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
        w.load_dataset(ds, "Generated simulated data", source="generated")


def _help(name: str, w: QMainWindow) -> None:
    """A Help menu entry (the help dialogs, with the licence's metadata, load when asked for)."""
    from tapdesk.gui.dialogs import help as help_module
    getattr(help_module, name)(w)
