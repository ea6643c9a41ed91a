"""Did-you-mean: the closest known word to a mistyped one (keys, commands, rules, options)."""

from __future__ import annotations

from typing import Iterable, Optional


def closest(word: str, known: Iterable[str], cutoff: float = 0.6) -> Optional[str]:
    """The known word nearest to `word`, ignoring case, `_` versus `-`; None when nothing is near."""
    candidates = list(dict.fromkeys(known))
    folded = {_fold(c): c for c in candidates}
    if _fold(word) in folded:
        return folded[_fold(word)]
    import difflib  # only for a word that is wrong: a clean check never asks

    match = difflib.get_close_matches(_fold(word), list(folded), n=1, cutoff=cutoff)
    return folded[match[0]] if match else None


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean 'x'?` or the empty string, to append to a message."""
    match = closest(word, known)
    return f"; did you mean '{match}'?" if match is not None and match != word else ""


def _fold(word: str) -> str:
    return word.lower().replace("_", "-")
