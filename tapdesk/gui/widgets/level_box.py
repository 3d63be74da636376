"""The interval level box: a percentage written as every text writes it ("95%", "97.5%"), in
another language as it writes a percent ("97,5 %")."""

from __future__ import annotations

from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QDoubleSpinBox

from tapdesk.engine.words import level_key
from tapdesk.i18n import formats
from tapdesk.i18n.current import is_source


def level_text(level: float) -> str:
    """A level (0.975) as the box shows it, without the percent sign: "97.5", "97,5"."""
    if is_source():
        return level_key(level).rstrip("%")
    english = level_key(level).rstrip("%")
    digits = len(english.partition(".")[2])
    return formats.percent(level, digits).rstrip("%").rstrip("\u00a0\u202f ")


class LevelSpinBox(QDoubleSpinBox):
    """The interval level in percent, written as every text writes it ("95%", "97.5%")."""

    def textFromValue(self, value: float) -> str:   # noqa: N802 - Qt's name
        return level_text(value / 100)

    def valueFromText(self, text: str) -> float:    # noqa: N802 - Qt's name
        return float(_number(text) or 0)

    def validate(self, text: str, pos: int):  # noqa: N802 - Qt's name
        """Either decimal mark is read (Qt's own check knows only its locale's)."""
        try:
            value = float(_number(text))
        except ValueError:
            return QValidator.State.Intermediate if not _number(text) else QValidator.State.Invalid, text, pos
        ok = self.minimum() <= value <= self.maximum()
        return QValidator.State.Acceptable if ok else QValidator.State.Intermediate, text, pos

    def retranslate_texts(self) -> None:
        """The percent sign as the language writes it ("%", " %"), the value again."""
        self.setSuffix(percent_sign())


def percent_sign() -> str:
    """The percent sign with the space the language puts before it: "%", "\u00a0%"."""
    return formats.percent(0).replace("0", "")


def _number(text: str) -> str:
    return text.replace("%", "").replace("\u00a0", "").replace("\u202f", "").strip().replace(",", ".")
