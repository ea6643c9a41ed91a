"""Thread colours shared by every picture format, and labels of cells.

Colours are a pure function of the thread index (no randomness: pictures are deterministic):
eight well-separated pastel hues, darker by thread group of eight, so neighbouring threads
differ and text on them stays readable.
"""

from __future__ import annotations

import colorsys
from functools import lru_cache

from atomgen.pictures.model import Picture

_HUES = (0.0, 0.125, 0.25, 0.4, 0.52, 0.6, 0.72, 0.85)
_LIGHTNESS = (0.86, 0.76, 0.81, 0.71)
# xterm-256 backgrounds, light enough for black text, in the same hue order
_ANSI = (217, 223, 229, 157, 159, 153, 183, 219, 210, 222, 193, 121, 117, 111, 147, 213)
REPLICATED_COLOUR = "#e6e6e6"


def thread_rgb(thread: int) -> tuple[float, float, float]:
    hue = _HUES[thread % len(_HUES)]
    lightness = _LIGHTNESS[(thread // len(_HUES)) % len(_LIGHTNESS)]
    return colorsys.hls_to_rgb(hue, lightness, 0.65)


@lru_cache(maxsize=None)
def thread_hex(thread: int) -> str:
    red, green, blue = (round(255 * c) for c in thread_rgb(thread))
    return f"#{red:02x}{green:02x}{blue:02x}"


def thread_ansi(thread: int) -> str:
    return f"\x1b[30;48;5;{_ANSI[thread % len(_ANSI)]}m"


ANSI_RESET = "\x1b[0m"


def _label(owners: tuple[tuple[int, int], ...], every_thread: bool) -> str:
    if not owners:
        return "."
    thread, value = owners[0]
    text = f"T*V{value}" if every_thread else f"T{thread}V{value}"
    return text + (f"+{len(owners) - 1}" if len(owners) > 1 else "")


@lru_cache(maxsize=4096)
def cell_labels(picture: Picture) -> tuple[tuple[str, ...], ...]:
    """Per row, per column: `T<thr>V<val>`; `T*V<val>` when every thread holds the cell; `+n`
    for extra owners (only a broken spec has two representatives on one cell); `.` for a cell
    nobody holds."""
    every = picture.every_thread_holds_all
    cols = picture.cols
    return tuple(
        tuple(_label(picture.owners[row * cols + col], every) for col in range(cols)) for row in range(picture.rows)
    )


@lru_cache(maxsize=4096)
def cell_threads(picture: Picture) -> tuple[tuple[int | None, ...], ...]:
    """Per row, per column: the thread whose colour a cell gets, None for an empty or all-thread cell."""
    every = picture.every_thread_holds_all
    cols = picture.cols
    return tuple(
        tuple(
            None if every or not picture.owners[row * cols + col] else picture.owners[row * cols + col][0][0]
            for col in range(cols)
        )
        for row in range(picture.rows)
    )


def replica_text(picture: Picture) -> str:
    """One sentence on replication, empty when there is none."""
    parts = []
    for replica in picture.replicas:
        if replica.axis == "thr" and picture.every_thread_holds_all:
            return f"every one of the {picture.threads} threads holds every element (T* = T0..T{picture.threads - 1})"
        symbol = "T" if replica.axis == "thr" else "V"
        parts.append(f"{symbol}+{replica.step}*r for r < {replica.extent}")
    if not parts:
        return ""
    return "each cell is also held by " + " and ".join(parts) + " (stride-0 modes)"
