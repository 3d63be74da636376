"""The library's core: what every command computes and says, from typed settings.

Each command (``fit``, ``agreement`` ... ``examples``) has a module here whose ``outcome``
function takes the command's frozen settings (:mod:`tapdesk.library.settings`: the same names,
types and defaults the command line and :mod:`tapdesk.api` offer), builds the engine's frozen
requests, runs them and returns an :class:`~tapdesk.library.outcome.Outcome`: the engine's
result, the JSON ``--json`` prints and the text printed without it. Two clients call it:
:mod:`tapdesk.api` (Python's keyword arguments made settings) and :mod:`tapdesk.cli` (the
words of a command line parsed into the same settings), so the two never compute or word a
result twice. Nothing here imports the command line or Qt (writing a report loads Qt
offscreen through :mod:`tapdesk.render`, as it always has).
"""
