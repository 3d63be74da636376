"""A fit's JSON and text as every command that fits a model gives them: the summary with its
findings' warnings and the settings that act on them."""

from __future__ import annotations

from typing import Any


def result_json(result, table) -> dict[str, Any]:
    """A fit's JSON with its findings' warnings and notes (as the app and the report list them);
    the subjects made a slice at a time as :func:`tapdesk.cli.common.print_json` writes them."""
    from tapdesk.engine.story.findings import result_json as findings_json
    return findings_json(result, table, stream=True)


def result_text(result, table) -> str:
    """A fit's plain summary with its findings' warnings (and the flags that act on them)."""
    from tapdesk.engine.story.findings import findings_for
    from tapdesk.library.hints import flags_hint
    warnings = findings_for(result, table).warnings
    return result.summary(tuple(n.message + flags_hint(n.settings) for n in warnings)).as_text()
