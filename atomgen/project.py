"""The project a command works in: its root, its spec folder and its generated tree.

A project root is the nearest folder, from a spec (or the working folder) upwards, that has
an `atomgen.toml`, a `pyproject.toml` with a `[tool.atomgen]` table, or a `specs/` folder.
Both config files take the same keys, relative to the root:

    specs = "specs"          # where `check`, `gen`, `new` and the oracles look by default
    generated = "generated"  # the tree `gen` writes when given no --out/--into

So `atomgen check` with no path works from any folder of the project, and a consumer
repository that keeps its specs elsewhere says so once instead of on every command line.
Paths given on the command line are always taken as typed (relative to the working folder).
"""

from __future__ import annotations

import functools
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional

from atomgen import reading

CONFIG_FILE = "atomgen.toml"
KEYS = ("specs", "generated")
MAX_CONFIG_BYTES = 1 << 20  # as a spec (atomgen/spec/loader.py MAX_SPEC_BYTES)


class ConfigError(Exception):
    """A config file that cannot be read, or a path in it leaving the project."""


@dataclass(frozen=True, slots=True)
class Project:
    root: Path
    specs: Path
    generated: Path
    config: Optional[Path] = None

    def shown(self, path: Path) -> str:
        """A project path as the user should see it: relative to the working folder when inside it."""
        try:
            return os.path.relpath(path)
        except ValueError:  # another drive (Windows)
            return str(path)


def _load_toml(path: Path) -> dict[str, Any]:
    """The parsed file; shared between calls (with the same bytes), so read it, never change it."""
    try:
        raw = reading.read_bounded(path, MAX_CONFIG_BYTES)
    except reading.InputError as error:
        from atomgen.spec.loader import FILE_TOO_LARGE, NOT_A_REGULAR_FILE, NOT_A_SPEC, SYMLINK_LOOP

        rule = {"special": NOT_A_REGULAR_FILE, "loop": SYMLINK_LOOP, "too-large": FILE_TOO_LARGE}.get(
            error.reason, NOT_A_SPEC)
        raise ConfigError(f"{path} {error.message} [{rule.id}]; atomgen reads its configuration only from a "
                          "regular file") from None
    try:
        return _parsed(raw)
    except (UnicodeDecodeError, ValueError) as error:
        raise ConfigError(f"{path}: {error}") from None


# gen asks for the project of every spec it cites, and tests run gen thousands of times in one
# process: the parse is kept per content (the file is still read each time, so an edit shows at once)
@functools.lru_cache(maxsize=16)
def _parsed(raw: bytes) -> dict[str, Any]:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    return tomllib.loads(raw.decode("utf-8"))


def _table(folder: Path) -> Optional[tuple[Path, dict[str, Any]]]:
    own = folder / CONFIG_FILE
    # anything at the name counts (a FIFO, a link loop): _load_toml refuses it clearly
    if reading.exists(own):
        data = _load_toml(own)
        return own, dict(data.get("tool", {}).get("atomgen", data))
    pyproject = folder / "pyproject.toml"
    if reading.exists(pyproject):
        table = _load_toml(pyproject).get("tool", {}).get("atomgen")
        if isinstance(table, dict):
            return pyproject, table
    return None


def _inside(root: Path, value: Any, key: str, config: Path) -> Path:
    if not isinstance(value, str) or not value:
        raise ConfigError(f"{config}: [tool.atomgen] {key} must be a non-empty string")
    path = Path(os.path.realpath(root / value))
    if path != root and root not in path.parents:
        raise ConfigError(f"{config}: {key} = '{value}' leaves the project root {root}")
    return path


def find_project(start: Optional[Path] = None) -> Optional[Project]:
    """The project holding `start` (a file or folder; default the working folder), if any."""
    here = Path(os.path.realpath(start or Path.cwd()))
    if here.is_file() or not here.exists():
        here = here.parent
    for folder in (here, *here.parents):
        found = _table(folder)
        if found is not None:
            config, table = found
            unknown = sorted(set(table) - set(KEYS))
            if unknown:
                from atomgen.suggest import did_you_mean

                raise ConfigError(
                    f"{config}: unknown key '{unknown[0]}' in [tool.atomgen]{did_you_mean(unknown[0], KEYS)} "
                    f"(keys: {', '.join(KEYS)})"
                )
            return Project(
                folder,
                _inside(folder, table.get("specs", "specs"), "specs", config),
                _inside(folder, table.get("generated", "generated"), "generated", config),
                config,
            )
        if (folder / "specs").is_dir():
            return Project(folder, folder / "specs", folder / "generated")
    return None


def default_specs(subfolder: str = "") -> list[str]:
    """What a command checks when given no path: the project's spec folder (or `specs/`)."""
    project = find_project()
    if project is None:
        return [os.path.join("specs", subfolder) if subfolder else "specs"]
    folder = project.specs / subfolder if subfolder else project.specs
    return [project.shown(folder)]


def default_generated(paths: Optional[list[str]] = None) -> Optional[str]:
    """The generated tree of the project holding the first spec path (or the working folder)."""
    project = find_project(Path(paths[0]) if paths else None)
    return None if project is None else project.shown(project.generated)


def root_relative() -> Optional[Callable[[str], str]]:
    """For output of a command given no path, run from a subfolder of its project: a renaming of
    paths (relative to the working folder) to paths relative to the project root, so that they
    read `specs/rocdl/...` from any folder, not `../../rocdl/...`; None where nothing changes.
    Paths outside the project, and absolute ones, stay as they are."""
    try:
        project = find_project()
    except ConfigError:
        return None
    here = Path(os.path.realpath(Path.cwd()))
    if project is None or project.root == here:
        return None
    root = project.root

    def rename(path: str) -> str:
        if os.path.isabs(path):
            return path
        absolute = Path(os.path.normpath(here / path))
        if absolute != root and root not in absolute.parents:
            return path
        return absolute.relative_to(root).as_posix()

    return rename
