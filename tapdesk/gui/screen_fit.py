"""A window that fits its screen, title bar and borders included.

Qt sizes and places a window's client area; the window manager adds a frame
(title bar, borders) around it that Qt learns of only after the window is
shown. A first window sized to the screen's free area was therefore taller
than the screen by its title bar, and its status bar lay below the screen
(a 1282 x 825 frame on a 1280 x 800 screen).

So a window is placed twice: before it is shown, with a typical frame
(:data:`FRAME_GUESS`, :func:`place_window`), and once the window manager has
framed it, with the real one (:class:`ScreenFit`). Both keep the frame inside
the screen's free area (without panels and docks) and lower the window's
minimum size when the screen is smaller than it.
"""

from __future__ import annotations

from PySide6.QtCore import QMargins, QObject, QRect, QSize, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

FRAME_GUESS = QMargins(4, 32, 4, 4)
"""A typical frame (borders and a title bar) in device-independent pixels, before it is known."""

FIT_INTERVAL_MS = 50
FIT_TRIES = 40
"""How long :class:`ScreenFit` waits for the window manager's frame: 40 x 50 ms = 2 s."""


def real_display() -> bool:
    """True on a real screen (X11, Wayland, Windows, macOS), not Qt's headless platforms.

    Headless platforms (the tests, the self-test in CI) have no window manager and a
    make-believe screen: a window there is sized by whoever shows it.
    """
    return QGuiApplication.platformName() not in ("offscreen", "minimal", "")


def frame_inside(client: QRect, margins: QMargins, free: QRect) -> QRect:
    """The client rectangle nearest to ``client`` whose frame (``client`` + ``margins``) lies in ``free``.

    Smaller when the frame is larger than ``free``; moved as little as possible otherwise.
    """
    extra_w = margins.left() + margins.right()
    extra_h = margins.top() + margins.bottom()
    width = max(1, min(client.width(), free.width() - extra_w))
    height = max(1, min(client.height(), free.height() - extra_h))
    frame_x = min(max(client.x() - margins.left(), free.left()), free.right() + 1 - width - extra_w)
    frame_y = min(max(client.y() - margins.top(), free.top()), free.bottom() + 1 - height - extra_h)
    return QRect(frame_x + margins.left(), frame_y + margins.top(), width, height)


def first_geometry(wanted: QSize, free: QRect, margins: QMargins = FRAME_GUESS) -> QRect:
    """A window of ``wanted`` size (or smaller) centred in ``free``, its frame inside."""
    frame = QRect(0, 0, wanted.width(), wanted.height()).marginsAdded(margins)
    frame.moveCenter(free.center())
    return frame_inside(frame.marginsRemoved(margins), margins, free)


def frame_margins(window: QWidget) -> QMargins:
    """The window manager's frame around ``window`` (zero before it is framed, or with none)."""
    frame, client = window.frameGeometry(), window.geometry()
    return QMargins(client.left() - frame.left(), client.top() - frame.top(),
                    frame.right() - client.right(), frame.bottom() - client.bottom())


def set_geometry_inside(window: QWidget, target: QRect) -> bool:
    """Give ``window`` the client rectangle ``target`` (lowering its minimum size if need be)."""
    minimum = window.minimumSize()
    if minimum.width() > target.width() or minimum.height() > target.height():
        window.setMinimumSize(min(minimum.width(), target.width()),
                              min(minimum.height(), target.height()))
    if target == window.geometry():
        return False
    window.setGeometry(target)
    return True


def place_window(window: QWidget, wanted: QSize | None = None) -> None:
    """Before the window is shown: its frame inside the screen, guessing the frame's size.

    With ``wanted``, a new window of that size (or the screen's free area) centred on the
    screen; without, the window's present (remembered) geometry, moved and shrunk to fit.
    """
    screen = window.screen()
    if screen is None:
        return
    free = screen.availableGeometry()
    target = (first_geometry(wanted, free) if wanted is not None
              else frame_inside(window.geometry(), FRAME_GUESS, free))
    set_geometry_inside(window, target)


def fit_to_screen(window: QWidget, wanted: QSize | None = None) -> bool:
    """Shrink and move a shown ``window`` so its real frame lies in its screen's free area.

    ``wanted``: the size a new window should have where the screen allows (placed with a
    guessed frame, it may have come out smaller than the real frame allows). Returns True
    when the window was moved or resized. A maximised or full-screen window is the window
    manager's to place and is left alone.
    """
    screen = window.screen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return False
    client = window.geometry()
    if wanted is not None:
        client.setSize(wanted)
    return set_geometry_inside(window, frame_inside(client, frame_margins(window),
                                            screen.availableGeometry()))


class ScreenFit(QObject):
    """Once a shown window is framed by the window manager, keep that frame inside the screen.

    The frame is known only after the window manager has mapped the window, a
    moment after ``show()``: a short timer checks every :data:`FIT_INTERVAL_MS`
    and fits the window (:func:`fit_to_screen`) until the frame is known and
    inside, or for :data:`FIT_TRIES` ticks without a window manager.
    """

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.tries = 0
        self.wanted: QSize | None = None
        self.timer = QTimer(self)
        self.timer.setObjectName("tapdesk-screen-fit")
        self.timer.setInterval(FIT_INTERVAL_MS)
        self.timer.timeout.connect(self._tick)

    def start(self, wanted: QSize | None = None) -> None:
        """Fit the window once it is framed; ``wanted``: a new window's size (see
        :func:`fit_to_screen`)."""
        self.tries = 0
        self.wanted = wanted
        self.timer.start()

    @property
    def running(self) -> bool:
        return self.timer.isActive()

    def stop(self) -> None:
        self.timer.stop()

    def _tick(self) -> None:
        self.tries += 1
        framed = not frame_margins(self.window).isNull()
        moved = fit_to_screen(self.window, self.wanted if framed else None)
        if (framed and not moved) or self.tries >= FIT_TRIES:
            self.timer.stop()


def frame_report(window: QWidget) -> dict:
    """The window's frame and its screen's free area as ``[x, y, width, height]``, and whether
    the frame lies inside (what the self-test reports of the first window)."""
    screen = window.screen()
    free = screen.availableGeometry() if screen is not None else QRect()
    frame = window.frameGeometry()
    return {"frame": [frame.x(), frame.y(), frame.width(), frame.height()],
            "screen": [free.x(), free.y(), free.width(), free.height()],
            "inside": free.contains(frame)}


SHOWS_WHOLE = "showsWhole"
"""A scroll area's property: True when its controls must all be in view without scrolling (the
Analysis pane, issue 53); the self-test's layout walk reports any below the fold."""
SCROLLS_WHOLE_NAMES = "scrollsWholeNames"
"""A tab bar's property: True while its tabs keep their whole names and the bar scrolls, as it
has no room for shortened names a reader can tell apart (the results' tabs at 150% on a 1280 x
800 screen, issue 79); the self-test's layout walk then takes a tab scrolled out of the bar as
reached by the bar's arrows."""
