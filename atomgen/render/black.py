"""black, pinned: the generated DSL wrappers in the style FlyDSL's CI checks (`black --check`, its
pyproject's line length of 120), the same bytes on every machine."""

from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=256)
def top_level(code: str) -> str:
    """Top-level definitions as black writes them, after the two blank lines black keeps before a definition
    (so that pieces laid end to end are black-clean)."""
    import black  # 0.15 s: only a process that renders Python pays it (catalog, show and replayed gens do not)

    # FlyDSL's [tool.black]: line-length = 120 (and its requires-python, >=3.10)
    mode = black.Mode(line_length=120, target_versions={black.TargetVersion.PY310})
    return "\n\n" + black.format_str(code, mode=mode)


__all__ = ["top_level"]
