"""A decimal spin box that writes the language's decimal mark and reads either (issue 54).

Qt writes a spin box's number by its default locale, which the app's language sets
(:func:`tapdesk.gui.language.apply_language`): "0,05" in German, "0.05" in English. Qt's own
check reads only that locale's mark ("0.05" is refused in German: the point groups thousands
there), so this box takes the other mark for the locale's one as it is typed, as a file is read
with either decimal mark whatever the app's language. Every decimal spin box of the app is one
(``tests/gui/widgets/test_decimal_box.py`` checks that none is made bare).
"""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox


class DecimalSpinBox(QDoubleSpinBox):
    """A QDoubleSpinBox that reads "0.05" and "0,05" alike, and writes its locale's mark."""

    def validate(self, text: str, pos: int):  # noqa: N802 - Qt's name
        return super().validate(self.marked(text), pos)

    def valueFromText(self, text: str) -> float:    # noqa: N802 - Qt's name
        return super().valueFromText(self.marked(text))

    def marked(self, text: str) -> str:
        """``text`` with the other decimal mark read as the locale's ("0.05" is "0,05" in
        German), where the number holds only the other one (a grouped "1.000,5" is as typed)."""
        point = self.locale().decimalPoint()
        other = "." if point == "," else ","
        start = len(self.prefix()) if text.startswith(self.prefix()) else 0
        end = len(text) - len(self.suffix()) if self.suffix() and text.endswith(self.suffix()) \
            else len(text)
        number = text[start:end]
        if other not in number or point in number or len(point) != 1:
            return text
        return text[:start] + number.replace(other, point) + text[end:]
