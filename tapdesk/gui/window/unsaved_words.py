"""The "Save changes?" question's words (issue 54): what the user is about to do, as whole
sentences in the current language.

An :class:`Action` is its English key ("close TapDesk", "open p.tapdesk": what tests and logs
compare) that also carries the two sentences the question asks with it, each a whole template
with named placeholders: save the changes before it, or lose the running fit for it.
"""

from __future__ import annotations

from tapdesk.i18n import _, formats, ngettext


class Action(str):
    """An action the unsaved work is at stake for: its English key, and the question's
    sentences (``question`` fills {name}, the project's name; ``losing`` fills {fit})."""

    question: str
    losing: str

    def __new__(cls, key: str, question: str, losing: str = "") -> Action:
        made = super().__new__(cls, key)
        made.question, made.losing = question, losing
        return made


def closing_app() -> Action:
    # Translators: the "Save changes?" question; {name} is the project's file name or "this
    # analysis".
    return Action("close TapDesk", _("Save the changes to {name} before you close TapDesk?"),
                  # Translators: {fit} describes the running fit.
                  _("A fit is running: {fit}. Close TapDesk and lose it?"))


def new_analysis() -> Action:
    return Action("start a new analysis",
                  # Translators: the "Save changes?" question; {name} is the project's file name
                  # or "this analysis".
                  _("Save the changes to {name} before you start a new analysis?"),
                  # Translators: {fit} describes the running fit.
                  _("A fit is running: {fit}. Start a new analysis and lose it?"))


def opening(file: str) -> Action:
    # Translators: the "Save changes?" question; {name} is the project's file name or "this
    # analysis", {file} the project file to be opened.
    question = _("Save the changes to {name} before you open {file}?")
    # Translators: {fit} describes the running fit; {file} the project file to be opened.
    losing = _("A fit is running: {fit}. Open {file} and lose it?")
    return Action(f"open {file}", _fill(question, file=file), _fill(losing, file=file))


def closing_data(data: str, n_fits: int) -> Action:
    # Translators: the "Save changes?" question; {name} is the project's file name or "this
    # analysis", {data} a data set's name, {n} how many fits were made from it.
    question = ngettext("Save the changes to {name} before you close {data} and its {n} fit?",
                        "Save the changes to {name} before you close {data} and its {n} fits?",
                        n_fits)
    key = f"close {data} and its {n_fits} fit{'s' if n_fits > 1 else ''}"
    return Action(key, _fill(question, data=data, n=formats.integer(n_fits)))


def _fill(template: str, **fields: str) -> str:
    """``template`` with ``fields`` filled and its other placeholders ({name}, {fit}) kept."""
    keep = {name: "{" + name + "}" for name in ("name", "fit")}
    return template.format(**keep, **{k: v.replace("{", "{{").replace("}", "}}")
                                      for k, v in fields.items()})
