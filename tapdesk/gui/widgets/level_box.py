"""The interval level box: a percentage written as every text writes it ("95%", "97.5%")."""

from __future__ import annotations

from PySide6.QtWidgets import QDoubleSpinBox

from tapdesk.engine.words import level_percent


class LevelSpinBox(QDoubleSpinBox):
    """The interval level in percent, written as every text writes it ("95%", "97.5%")."""

    def textFromValue(self, value: float) -> str:   # noqa: N802 - Qt's name
        return level_percent(value / 100).rstrip("%")

    def valueFromText(self, text: str) -> float:    # noqa: N802 - Qt's name
        return float(text.replace("%", "").strip() or 0)
