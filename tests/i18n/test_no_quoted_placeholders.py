"""No template quotes a placeholder ('{column}'): a name in a sentence takes its quotation marks
from the one quoting function, ``formats.quoted``, whose own template is the only one (issue 54)."""

from __future__ import annotations

import re

from tapdesk.i18n import tooling

QUOTED_FIELD = re.compile(r"'\{\w+(?:[:!][^{}']*)?\}'")


def test_only_the_quoting_function_s_template_quotes_a_placeholder():
    quoted = [message.id for message in tooling.read(tooling.TEMPLATE) if message.id
              and any(QUOTED_FIELD.search(text) for text in
                      (message.id if isinstance(message.id, tuple) else (message.id,)))]
    assert quoted == ["'{name}'"]
