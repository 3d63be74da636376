"""Flowables for the PDF report: measured, split across pages and painted with QPainter.

Each flowable knows its height for a width (:meth:`height`), the least
height it needs at the top of a page (:meth:`min_height`, so a heading is
never left alone at the bottom of a page), and how to :meth:`split` itself
into a part that fits and the rest (tables split between rows and repeat
their header). Units are device pixels of the PDF writer.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QPaintDevice,
    QPainter,
    QPen,
    QPicture,
    QTextLayout,
    QTextOption,
)

from tapdesk.report import palette
from tapdesk.report.print_text import keep_formulas_whole

INK = QColor(palette.INK)
MUTED = QColor(palette.MUTED)
ACCENT = QColor(palette.ACCENT)
RULE = QColor(palette.RULE)
HEADER_BG = QColor(palette.HEADER_BG)
STRIPE_BG = QColor(palette.STRIPE_BG)
VERDICT_BG = QColor(palette.VERDICT_BG)


@dataclass
class Styles:
    """Fonts for every text role, sized in points (the writer maps them to pixels)."""

    family: str
    mono_family: str
    device: QPaintDevice
    px_per_mm: float

    def font(self, size: float, bold: bool = False, mono: bool = False) -> QFont:
        font = QFont(self.mono_family if mono else self.family)
        font.setPointSizeF(size)
        font.setBold(bold)
        return font

    boxes: dict[tuple, TextBox] = field(default_factory=dict, repr=False, compare=False)
    """Every text laid out so far, by (text, font, width, colour, alignment)."""

    def mm(self, value: float) -> float:
        return value * self.px_per_mm

    def box(self, text: str, font: QFont, width: float, color: QColor = INK,
            align=Qt.AlignmentFlag.AlignLeft) -> TextBox:
        """``text`` laid out in ``font`` for ``width``, once per report: tables, cards and
        captions are measured again on every pagination, and the same text lays out the same."""
        key = (text, font.key(), width, color.rgba(), align)
        found = self.boxes.get(key)
        if found is None:          # a short formula never breaks inside its brackets
            found = self.boxes[key] = TextBox(keep_formulas_whole(text), font, width,
                                              self.device, color, align)
        return found


class TextBox:
    """Wrapped text laid out once for a width; wraps long words (hashes, paths) too."""

    def __init__(self, text: str, font: QFont, width: float, device: QPaintDevice,
                 color: QColor = INK, align=Qt.AlignmentFlag.AlignLeft) -> None:
        self.color = color
        self.layout = QTextLayout(text.replace("\n", "\u2028"), font, device)  # line breaks
        option = QTextOption(align)
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.layout.setTextOption(option)
        self.layout.beginLayout()
        y = 0.0
        while True:
            line = self.layout.createLine()
            if not line.isValid():
                break
            line.setLineWidth(max(width, 1.0))
            line.setPosition(QPointF(0, y))
            y += line.height()
        self.layout.endLayout()
        self.height = y

    def draw(self, painter: QPainter, x: float, y: float) -> None:
        painter.setPen(self.color)
        self.layout.draw(painter, QPointF(x, y))


def natural_width(text: str, font: QFont, device: QPaintDevice) -> float:
    metrics = QFontMetricsF(font, device)
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0.0)


AFTER_HYPHEN = re.compile(r"(?<=[^\W\d_%)]-)(?=[^\W\d_])|(?<=%-)(?=[^\W\d_])")
"""Where Qt may break a word after its hyphen ("Falsch-|positiv-|Rate", "95 %-|Intervall"; not
in "-0.5" or "1-4")."""


def longest_word(text: str, font: QFont, device: QPaintDevice, cap: float,
                 hyphens: bool = False) -> float:
    """Width of the longest unbreakable run (non-breaking spaces hold an interval together);
    with ``hyphens`` the longest run up to a hyphen between letters, where a line may break too
    (a German compound's parts: "Falsch-|positiv-|Rate")."""
    metrics = QFontMetricsF(font, device)
    words = re.split(r"[ \t\r\n]+", text)
    if hyphens:
        words = [part for word in words for part in AFTER_HYPHEN.split(word)]
    return min(max((metrics.horizontalAdvance(w) for w in words), default=0.0), cap)


class Flowable:
    """Base: a block of fixed height that cannot split."""

    space_after = 0.0

    def height(self, width: float) -> float:
        raise NotImplementedError

    def min_height(self, width: float) -> float:
        return self.height(width)

    def split(self, width: float, available: float):
        """(part that fits in ``available`` or None, rest or None)."""
        return (self, None) if self.height(width) <= available else (None, self)

    def draw(self, painter: QPainter, x: float, y: float, width: float) -> None:
        raise NotImplementedError


class Spacer(Flowable):
    def __init__(self, size: float) -> None:
        self.size = size

    def height(self, width: float) -> float:
        return self.size

    def draw(self, painter, x, y, width) -> None:
        pass


class TextBlock(Flowable):
    """A paragraph, heading or label. ``keep_next`` holds it to the following block."""

    def __init__(self, text: str, font: QFont, styles: Styles, *, color: QColor = INK,
                 space_before: float = 0.0, space_after: float = 0.0, rule: bool = False,
                 background: QColor | None = None, indent: float = 0.0,
                 keep_next: bool = False, bullet: str = "", tight: bool = False) -> None:
        self.text, self.font, self.styles, self.color = text, font, styles, color
        self.space_before, self.space_after, self.rule = space_before, space_after, rule
        self.background, self.indent, self.keep_next, self.bullet = background, indent, keep_next, bullet
        self.pad = 0.0 if background is None else styles.mm(1.4 if tight else 2.5)
        self._box: tuple[float, TextBox] | None = None

    def box(self, width: float) -> TextBox:
        if self._box is None or self._box[0] != width:
            inner = width - self.indent - 2 * self.pad
            self._box = (width, self.styles.box(self.text, self.font, inner, self.color))
        return self._box[1]

    def height(self, width: float) -> float:
        extra = self.styles.mm(1.2) if self.rule else 0.0
        return self.space_before + self.box(width).height + 2 * self.pad + extra

    def draw(self, painter, x, y, width) -> None:
        box = self.box(width)
        top = y + self.space_before
        if self.background is not None:
            painter.fillRect(QRectF(x, top, width, box.height + 2 * self.pad), self.background)
        if self.bullet:
            painter.setFont(self.font)
            painter.setPen(self.color)
            painter.drawText(QPointF(x + self.pad + self.indent * 0.3, top + self.pad +
                                     QFontMetricsF(self.font, self.styles.device).ascent()),
                             self.bullet)
        box.draw(painter, x + self.indent + self.pad, top + self.pad)
        if self.rule:
            rule_y = top + box.height + self.styles.mm(0.8)
            painter.setPen(QPen(ACCENT, self.styles.mm(0.35)))
            painter.drawLine(QPointF(x, rule_y), QPointF(x + width, rule_y))


@dataclass(frozen=True)
class PlotPicture:
    """A plot recorded as drawing commands (a QPicture) laid out at ``width`` x ``height``
    logical pixels: drawn into the PDF as vector lines and text, not as an image."""

    picture: QPicture
    width_px: int
    height_px: int

    def width(self) -> int:
        return self.width_px

    def height(self) -> int:
        return self.height_px

    def to_bytes(self) -> bytes:
        """The recorded commands (Qt's own picture format), for another process."""
        return bytes(self.picture.data())

    @classmethod
    def from_bytes(cls, data: bytes, width_px: int, height_px: int) -> PlotPicture:
        picture = QPicture()
        picture.setData(data)
        return cls(picture, width_px, height_px)

    def draw(self, painter: QPainter, target: QRectF) -> None:
        """Play the picture into ``target``. QPicture scales by the painter's device DPI over
        its own as it plays; the scale here makes the whole mapping ``target`` exactly."""
        device = painter.device()
        ratio_x = device.logicalDpiX() / self.picture.logicalDpiX()
        ratio_y = device.logicalDpiY() / self.picture.logicalDpiY()
        painter.save()
        try:
            painter.setClipRect(target)
            painter.translate(target.topLeft())
            painter.scale(target.width() / (self.width_px * ratio_x),
                          target.height() / (self.height_px * ratio_y))
            painter.drawPicture(0, 0, self.picture)
        finally:
            painter.restore()


Picture = QImage | PlotPicture


class FigureMissing(Exception):
    """A figure the pages were laid out for has nothing to draw (see :class:`ImageBlock`)."""


class ImageBlock(Flowable):
    """A plot (image or recorded picture) with its caption, centred.

    With ``size`` (device pixels) the plot is drawn at exactly that size, the
    size it was laid out for, so its text prints at the intended points;
    otherwise it is scaled to the width, at most ``max_height`` high. With a
    ``size``, ``image`` may also be a callable that gives the QImage or
    :class:`PlotPicture` when the block is drawn (a figure another process is
    still drawing), or None: then there is nothing to draw at that size
    (:class:`FigureMissing`; the pages are laid out again).
    """

    def __init__(self, image: Picture | Callable[[], Picture], caption: str, styles: Styles,
                 max_height: float, size: tuple[float, float] | None = None) -> None:
        self.image, self.styles, self.max_height = image, styles, max_height
        self.caption, self.fixed = caption, size
        self.space_after = styles.mm(5)

    def size(self, width: float) -> tuple[float, float]:
        if self.fixed is not None:
            w, h = self.fixed
            return (w, h) if w <= width else (width, h * width / w)
        w = width * 0.92
        h = w * self.image.height() / max(self.image.width(), 1)
        if h > self.max_height:
            w, h = w * self.max_height / h, self.max_height
        return w, h

    def _caption(self, width: float) -> TextBox:
        return self.styles.box(self.caption, self.styles.font(8.5), width * 0.92, MUTED,
                               Qt.AlignmentFlag.AlignLeft)

    def height(self, width: float) -> float:
        return self.size(width)[1] + self.styles.mm(1.5) + self._caption(width).height

    def draw(self, painter, x, y, width) -> None:
        w, h = self.size(width)
        target = QRectF(x + (width - w) / 2, y, w, h)
        image = self.image() if callable(self.image) else self.image
        if image is None:
            raise FigureMissing(self.caption)
        if isinstance(image, PlotPicture):
            image.draw(painter, target)
        else:
            painter.drawImage(target, image)
        painter.setPen(QPen(RULE, self.styles.mm(0.2)))
        painter.drawRect(target)
        self._caption(width).draw(painter, x + width * 0.04, y + h + self.styles.mm(1.5))


class KeyNumberGrid(Flowable):
    """Headline numbers as cards: label, big value, interval and a short gloss."""

    def __init__(self, items, styles: Styles, columns: int = 3) -> None:
        self.items, self.styles, self.columns = list(items), styles, columns
        self.gap = styles.mm(3)
        self.pad = styles.mm(2.5)
        self.space_after = styles.mm(3)

    def _cards(self, width: float):
        card_w = (width - (self.columns - 1) * self.gap) / self.columns
        inner = card_w - 2 * self.pad
        st = self.styles
        cards = []
        for item in self.items:
            boxes = [st.box(item.label, st.font(8.5, bold=True), inner, ACCENT),
                     st.box(item.value, st.font(17, bold=True), inner, INK)]
            if item.interval:
                boxes.append(st.box(item.interval, st.font(8), inner, INK))
            if item.note:
                boxes.append(st.box(item.note, st.font(7.5), inner, MUTED))
            cards.append(boxes)
        return card_w, cards

    def _row_heights(self, width: float) -> list[float]:
        _, cards = self._cards(width)
        heights = []
        for i in range(0, len(cards), self.columns):
            heights.append(max(sum(b.height for b in card) for card in cards[i:i + self.columns])
                           + 2 * self.pad)
        return heights

    def height(self, width: float) -> float:
        rows = self._row_heights(width)
        return sum(rows) + self.gap * max(len(rows) - 1, 0)

    def draw(self, painter, x, y, width) -> None:
        card_w, cards = self._cards(width)
        for r, row_h in enumerate(self._row_heights(width)):
            for c, card in enumerate(cards[r * self.columns:(r + 1) * self.columns]):
                left = x + c * (card_w + self.gap)
                painter.setPen(QPen(RULE, self.styles.mm(0.3)))
                painter.setBrush(QBrush(STRIPE_BG))
                painter.drawRoundedRect(QRectF(left, y, card_w, row_h), self.pad, self.pad)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                top = y + self.pad
                for box in card:
                    box.draw(painter, left + self.pad, top)
                    top += box.height
            y += row_h + self.gap
