"""The report's colours, once, for every writer (PDF, Word, HTML/ODT), as "#rrggbb" strings, and
the room round the text of a table cell.

Qt-free, so the HTML and Word writers need no Qt; the PDF layout wraps them in QColor.
"""

INK = "#1d2329"
"""Body text."""
MUTED = "#5b6670"
"""Subtitles, captions, notes, footers."""
ACCENT = "#1f5f8b"
"""Headings and key-number labels."""
RULE = "#c9d3dc"
"""Lines and card borders."""
HEADER_BG = "#e4ecf3"
"""Table header rows."""
STRIPE_BG = "#f5f8fa"
"""Every other table row, and the key-number cards."""
VERDICT_BG = "#eef5ea"
"""The conclusion's box."""
CELL_PAD_MM = 1.2
"""Room between a table cell's text and its lines, on every side (PDF and Word: Word's "Table
Grid" has none above and below, its text touched the lines, issue 53)."""


def css_values() -> dict[str, str]:
    """The colours by lower-case name, for string.Template style sheets ("$accent")."""
    return {name.lower(): value for name, value in globals().items()
            if name.isupper() and isinstance(value, str)}
