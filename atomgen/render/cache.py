"""A content-keyed cache of whole render plans, so `gen` with nothing changed only compares.

The key hashes every input a plan depends on: the spec files, every backend.yaml above
them, the templates, the schema and intrinsics tables, and atomgen's own source. A plan is stored
only after its specs passed `check` and rendered, so a hit needs neither.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Optional

from atomgen import __version__, reading
from atomgen.replay import cache_dir
from atomgen.resources import data_dir
from atomgen.write.output import Plan, SharedFile

_PACKAGE = Path(__file__).resolve().parent.parent
# atomgen's own sources are inputs too; specs over 1 MiB are refused by check anyway (AG003)
MAX_INPUT_BYTES = 64 << 20
# What gen never imports or reads, below atomgen's package or the templates: the satellites
# (docs/architecture.md, and the probe's CUDA templates), their shared modules and the other
# commands. No plan depends on them: an edit to one neither stales the plan cache nor makes every
# atomgen step of a CMake build (ATOMGEN_COMMON_INPUTS) run again, as any edit under atomgen/
# did (issue 51, the lived-in build folder). tests/test_cmake.py holds gen to reading none of them.
NOT_RENDER_INPUTS = frozenset(("oracle", "probe", "isa", "site", "pictures", "execution", "show.py", "scaffold.py",
                               "completion.py", "verdicts.py", "reports.py", "lowering.py"))


def render_inputs(spec_files: list[tuple[Path, str]]) -> list[Path]:
    """Every file a render plan depends on (also what `gen --list-deps` prints for build systems)."""
    files: set[Path] = set()
    for path, _ in spec_files:
        resolved = Path(reading.real_path(path))  # never raises on a link loop (check reports it: AG009)
        files.add(resolved)
        for folder in resolved.parents:
            if reading.exists(folder / "backend.yaml"):
                files.add(folder / "backend.yaml")
    for folder in (data_dir("templates"), data_dir("schema"), _PACKAGE):
        for file in folder.rglob("*"):
            if file.is_file() and file.suffix in (".j2", ".py", ".json", ".yaml") and "__pycache__" not in file.parts \
                    and file.relative_to(folder).parts[0] not in NOT_RENDER_INPUTS:
                files.add(file.resolve())
    return sorted(files)


def plan_key(spec_files: list[tuple[Path, str]], options: str) -> str:
    digest = hashlib.sha256(f"{__version__}\0{options}".encode())
    for display_path, display in sorted((str(p), d) for p, d in spec_files):
        digest.update(f"{display_path}\0{display}\0".encode())
    for file in render_inputs(spec_files):
        digest.update(str(file).encode() + b"\0")
        try:  # a spec is read as check reads it: a FIFO or /dev/zero is refused, never read
            digest.update(reading.read_bounded(file, MAX_INPUT_BYTES))
        except reading.InputError as error:
            digest.update(f"\0unreadable:{error.reason}".encode())  # check refuses it: no plan is stored
    return digest.hexdigest()


def load_plan(key: str) -> Optional[Plan]:
    try:
        data = json.loads((cache_dir() / "plans" / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    plan = Plan(owned=dict(data["owned"]), sources={p: list(s) for p, s in data.get("sources", {}).items()})
    for path, shared in data["shared"].items():
        plan.shared[path] = SharedFile(
            path, shared["kind"], dict(shared["bodies"]), dict(shared["context"]), shared["skeleton"]
        )
    plan.owners = {k: dict(v, pieces=[tuple(p) for p in v["pieces"]]) for k, v in data.get("owners", {}).items()}
    plan.search = dict(data.get("search", {}))
    return plan


def store_plan(key: str, plan: Plan) -> None:
    data = {
        "owned": plan.owned,
        "sources": plan.sources,
        "shared": {
            p: {"kind": s.kind, "bodies": s.bodies, "context": s.context, "skeleton": s.skeleton}
            for p, s in plan.shared.items()
        },
        "owners": plan.owners,
        "search": plan.search,
    }
    folder = cache_dir() / "plans"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{key}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps(data), encoding="utf-8")
        os.replace(temporary, folder / f"{key}.json")
    except OSError:
        pass  # only slower next time
