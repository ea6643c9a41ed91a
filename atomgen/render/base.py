"""The contract between output kinds and the writer.

Each output kind (tablegen, cpp, python, tests, cmake) is a module with
`render(spec, backend, env) -> RenderOutput` for one spec, and optionally
`render_backend(backend, specs, env) -> RenderOutput` for per-backend files. Owned files are
written whole; region pieces are merged into shared files (the .td aggregation, CMakeLists,
the binding module, DSL modules) between marker comments.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class RegionPiece:
    """A contribution to the region `region` of the shared file `file`."""

    file: str
    region: str
    order: str  # pieces of one region are joined sorted by this key
    text: str


@dataclass
class RenderOutput:
    files: dict[str, str] = field(default_factory=dict)
    regions: list[RegionPiece] = field(default_factory=list)

    def extend(self, other: "RenderOutput") -> None:
        for path, text in other.files.items():
            if path in self.files and self.files[path] != text:
                raise ValueError(f"two outputs write {path}")
            self.files[path] = text
        self.regions.extend(other.regions)
