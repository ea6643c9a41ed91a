"""What a terminal gets that a pipe does not: colour and a progress line.

Both are decided per stream: colour when the stream is a terminal and NO_COLOR is unset
(https://no-color.org), progress only when stderr is a terminal, so logs, CI output and
`atomgen check | grep` stay plain text. FORCE_COLOR set and non-empty (https://force-color.org)
colours a pipe too (CI logs that render ANSI); NO_COLOR wins over it, as in CPython and Rich,
and `--color always|never` wins over both.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Optional, TextIO

COLOR_CHOICES = ("auto", "always", "never")

# SGR codes, named by role rather than by colour.
STYLES = {
    "path": "1",
    "error": "1;31",
    "warning": "1;35",
    "note": "1;36",
    "rule": "1",
    "caret": "1;32",
    "gutter": "34",
}


def wants_color(stream: TextIO, choice: str = "auto") -> bool:
    """`always`/`never` are the user's word; `auto` means a terminal without NO_COLOR, or
    FORCE_COLOR without NO_COLOR (each counts when set and non-empty)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or _is_terminal(stream)


def paint(text: str, style: str, color: bool) -> str:
    return f"\x1b[{STYLES[style]}m{text}\x1b[0m" if color and text else text


class Progress:
    """`[ 3/22] label: item` rewritten in place on stderr; silent when stderr is no terminal.

    Long runs (oracles, the probe, checks of many specs) call `step` per item and `done` at
    the end; the line is erased so that the final summary stands alone.
    """

    def __init__(self, total: int, label: str, stream: Optional[TextIO] = None, min_interval: float = 0.1):
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = total > 0 and _is_terminal(self.stream)
        self.total = total
        self.label = label
        self.count = 0
        self.min_interval = min_interval
        self._last = 0.0
        self._width = 0

    def step(self, item: str = "", advance: int = 1) -> None:
        self.count = min(self.total, self.count + advance)
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < self.min_interval and self.count < self.total:
            return
        self._last = now
        digits = len(str(self.total))
        line = f"[{self.count:>{digits}}/{self.total}] {self.label}" + (f": {item}" if item else "")
        columns = _columns(self.stream)
        line = line[: columns - 1]
        self.stream.write("\r" + line + " " * max(0, self._width - len(line)))
        self.stream.flush()
        self._width = len(line)

    def done(self) -> None:
        if self.enabled and self._width:
            self.stream.write("\r" + " " * self._width + "\r")
            self.stream.flush()
            self._width = 0


def _is_terminal(stream: TextIO) -> bool:
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def _columns(stream: TextIO) -> int:
    try:
        columns = os.get_terminal_size(stream.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return 80
    return max(20, columns) if columns else 80  # a pseudo-terminal may report 0 columns
