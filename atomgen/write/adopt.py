"""`gen --into`: adopt a real FlyDSL checkout.

1. Recognise it: a FlyDSL-shaped tree (its top CMakeLists.txt and the Fly dialect's interface
   TableGen file) or nothing at all; an empty folder or another project is refused.
2. Find hand-written definitions of the atoms about to be generated (atomgen/write/handwritten.py)
   and refuse with file:line for each, unless `replace_handwritten`: then cut exactly those (and a
   .cpp file left with no code at all, with its CMake entry) and report each one.
3. Keep a manifest in the checkout (`atomgen-manifest.json`): which spec owns which files and which
   region pieces. A run renders its specs, then every region is rebuilt from the pieces of *all*
   owners in the manifest, so `gen A --into` then `gen B --into` keeps A. With `prune`, owners whose
   spec file is gone are dropped, and so are files an owner produced before but no longer does.
   The manifest's text depends only on its content, so an identical second run changes nothing.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from atomgen.write import handwritten, python_module, regions
from atomgen.write.output import CODEGEN_REGION, SPECS_DIR, Plan, SharedFile, region_body, shared_kind
from atomgen.write.tree import TreeChanges, WriteError, _diff, _read, _target, check_relative, plan_into

MANIFEST = "atomgen-manifest.json"
MANIFEST_VERSION = 1
FLYDSL_MARKERS = ("CMakeLists.txt", "include/flydsl/Dialect/Fly/IR/FlyInterfaces.td")


@dataclass
class Adoption:
    changes: TreeChanges
    removed: list[str] = field(default_factory=list)  # "file:line: kind name", one per cut
    orphans: list[str] = field(default_factory=list)  # files no owner produces any more (kept without prune)


def recognise(root: Path) -> None:
    if not root.is_dir():
        raise WriteError(f"--into {root}: not a folder")
    missing = [marker for marker in FLYDSL_MARKERS if not (root / marker).is_file()]
    if missing:
        raise WriteError(
            f"--into {root}: not a FlyDSL checkout (missing {', '.join(missing)}); "
            "pass the root of a ROCm/FlyDSL clone, or use --out DIR for a standalone tree"
        )


def load_manifest(root: Path) -> dict[str, Any]:
    text = _read(root / MANIFEST)
    if text is None:
        return {"manifest_version": MANIFEST_VERSION, "owners": {}, "shared": {}}
    try:
        data = json.loads(text)
        if data.get("manifest_version") != MANIFEST_VERSION or not isinstance(data.get("owners"), dict):
            raise ValueError("unknown manifest_version or no owners")
        for owner in data["owners"].values():
            owner["pieces"] = [tuple(piece) for piece in owner["pieces"]]
            if not all(isinstance(f, str) for f in owner["files"]) or not all(len(p) == 4 for p in owner["pieces"]):
                raise ValueError("malformed owner entry")
        data.setdefault("shared", {})
    except (ValueError, TypeError, KeyError, AttributeError) as error:
        where = f"{root / MANIFEST}:1:1"
        raise WriteError(f"{where}: cannot read atomgen's manifest ({error}); restore it from git") from None
    return data


def remembered(root: Path) -> tuple[str | None, str | None, str]:
    """The mode and LLVM API profile the last `gen --into` of this checkout wrote for, and where they are
    recorded: the top CMakeLists.txt's atomgen_generate call in codegen mode, else the manifest (None:
    nothing recorded, or no readable manifest; an unreadable one is reported when the run adopts the tree)."""
    top = _read(root / "CMakeLists.txt") or ""
    hook = regions.find(top, "CMakeLists.txt", CODEGEN_REGION)
    if hook is not None:
        profile = re.search(r"\bLLVM_API\s+([A-Za-z0-9_.-]+)", top[hook.body_start : hook.body_end])
        return "cmake", profile.group(1) if profile else None, "CMakeLists.txt"
    try:
        value = load_manifest(root).get("llvm_api")
    except WriteError:
        return None, None, MANIFEST
    return None, value if isinstance(value, str) else None, MANIFEST


def _manifest_text(owners: dict[str, Any], shared: dict[str, Any], llvm_api: str | None) -> str:
    data = {
        "manifest_version": MANIFEST_VERSION,
        "note": "written by atomgen gen --into: which spec owns which files and region pieces; do not edit",
        # the profile the C++ was written for: a later run without --llvm-api keeps it
        **({"llvm_api": llvm_api} if llvm_api else {}),
        "owners": {
            key: {"source": o["source"], "files": sorted(o["files"]), "pieces": sorted(list(p) for p in o["pieces"])}
            | ({"atom": o["atom"]} if "atom" in o else {})
            for key, o in sorted(owners.items())
        },
        "shared": dict(sorted(shared.items())),
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def _manifest_source(source: str, root: Path) -> str:
    """A spec as the manifest names it: relative to the checkout (posix), so that the committed manifest
    is the same whoever runs atomgen from wherever (`../atomgen/specs/...` for specs outside it)."""
    return Path(os.path.relpath(Path(source).resolve(), root.resolve())).as_posix()


def _source_exists(source: str, root: Path) -> bool:
    """Whether a manifest's spec is still there (absolute: a manifest of atomgen before relative names)."""
    path = Path(source)
    return (path if path.is_absolute() else root / path).is_file()


def _file(plan: Plan, path: str, meta: dict[str, Any]) -> SharedFile:
    """An empty shared file of the merged plan; its skeleton comes from this run's render, if any."""
    skeleton = plan.shared[path].skeleton if path in plan.shared else ""
    return SharedFile(path, meta["kind"], {}, dict(meta["context"]), skeleton)


def adopt(plan: Plan, root: Path, force: bool, replace_handwritten: bool, prune: bool,
          llvm_api: str | None = None) -> Adoption:
    recognise(root)
    manifest = load_manifest(root)
    owners: dict[str, Any] = dict(manifest["owners"])
    stale: set[str] = set()
    orphans: list[str] = []
    for key, owner in plan.owners.items():
        owner = dict(owner, source=_manifest_source(owner["source"], root))  # --prune checks it from any folder
        before = owners.get(key)
        if before is not None:
            gone = sorted(set(before["files"]) - set(owner["files"]))
            (stale.update if prune else orphans.extend)(gone)
        owners[key] = owner
    # an owner whose spec file is gone: --prune removes its files, without it they are reported
    for key in [k for k, o in owners.items() if k not in plan.owners and not _source_exists(o["source"], root)]:
        if prune:
            stale.update(owners.pop(key)["files"])
        else:
            orphans.extend(owners[key]["files"])
    shared_meta: dict[str, Any] = dict(manifest["shared"])
    for path, shared in plan.shared.items():
        shared_meta[path] = {"kind": shared.kind, "context": dict(sorted(shared.context.items()))}

    merged = Plan(owned={}, shared={})
    for key, owner in owners.items():
        if key in plan.owners:
            merged.owned.update({path: plan.owned[path] for path in owner["files"] if path in plan.owned})
    grouped: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for owner in owners.values():
        for path, region, order, text in owner["pieces"]:
            grouped.setdefault((path, region), []).append((order, text))
    for (path, region), pieces in sorted(grouped.items()):
        meta = shared_meta.get(path, {"kind": shared_kind(path), "context": {}})
        shared = merged.shared.setdefault(path, _file(plan, path, meta))
        shared.bodies[region] = region_body(shared, region, pieces)
    # Regions whose every owner left keep their markers with an empty body (the file is FlyDSL's).
    for path, meta in shared_meta.items():
        if path in plan.shared:
            for region in plan.shared[path].bodies:
                merged.shared.setdefault(path, _file(plan, path, meta))
                merged.shared[path].bodies.setdefault(region, region_body(merged.shared[path], region, []))

    owned_files = {f for o in owners.values() for f in o["files"]} | set(merged.owned)
    base, removed = _replace_handwritten(plan, root, owned_files, replace_handwritten, stale)
    changes = _changes(merged, root, force, base, {MANIFEST: _manifest_text(owners, shared_meta, llvm_api)}, stale)
    return Adoption(changes, removed, sorted(p for p in orphans if (root / p).is_file()))


def _replace_handwritten(plan: Plan, root: Path, skip: set[str], replace: bool,
                         stale: set[str]) -> tuple[dict[str, str], list[str]]:
    """Refuse (file:line for each) or cut the hand-written definitions of the atoms this run generates,
    outside the files in `skip` (atomgen's own); a file left with no code joins `stale`."""
    wanted = handwritten.Wanted()
    for owner in plan.owners.values():
        atom = owner.get("atom")
        if atom:
            wanted.type_names.add(atom["type_name"])
            wanted.mnemonics.add(atom["mnemonic"])
            wanted.wrappers.update(atom["wrappers"])
    found = handwritten.find(root, wanted, plan.search, skip)
    _refuse_moved_wrappers(plan, root, found)
    if found and not replace:
        listing = "\n".join(f"  {d.describe()}" for d in found)
        raise WriteError(
            f"--into {root}: {len(found)} hand-written definition(s) of atoms this run generates would be "
            f"defined twice:\n{listing}\npass --replace-handwritten to remove exactly these (each is reported)"
        )
    return _cut(root, found, plan.search, stale)


def _refuse_moved_wrappers(plan: Plan, root: Path, found: list[handwritten.Definition]) -> None:
    """A hand-written DSL wrapper must be replaced in its own module: one generated into another would vanish
    from the module FlyDSL's users import it from (FlyNVVM's MmaSync is in expr/nvvm/universal.py)."""
    generated: dict[str, set[str]] = {}
    for owner in plan.owners.values():
        for path, region, _, text in owner["pieces"]:
            if region == "wrappers":
                for name in re.findall(r"^(?:def (\w+)\(|(\w+) = )", text, re.M):
                    generated.setdefault(name[0] or name[1], set()).add(path)
    moved = [(d, sorted(generated[d.name])) for d in found if d.kind == "DSL wrapper" and d.name in generated
             and d.path not in generated[d.name]]
    if moved:
        listing = "\n".join(f"  {d.describe()}: generated into {', '.join(paths)}" for d, paths in moved)
        raise WriteError(
            f"--into {root}: {len(moved)} DSL wrapper(s) would move out of the module FlyDSL defines them in, and "
            f"vanish from it for its importers:\n{listing}\nset the spec's python.dsl_module to that module"
        )


def _cut(
    root: Path, found: list[handwritten.Definition], search: dict[str, list[str]], stale: set[str]
) -> tuple[dict[str, str], list[str]]:
    """File texts with the hand-written definitions removed, and one report line per removal."""
    base: dict[str, str] = {}
    removed = [d.describe() for d in found]
    by_file: dict[str, list[handwritten.Definition]] = {}
    for definition in found:
        by_file.setdefault(definition.path, []).append(definition)
    for path, definitions in by_file.items():
        text = _read(_target(root, check_relative(path))) or ""
        left = handwritten.remove(text, definitions)
        if path.endswith(".py"):  # the removed wrappers' imports go with them (ruff's F401 otherwise)
            try:
                left, imports = python_module.without_unused_imports(text, left, path)
            except python_module.ModuleError as error:
                raise WriteError(str(error)) from None
            removed.extend(imports)
            left = re.sub(r"\n{4,}", "\n\n\n", left)  # the cuts' blank lines: two between definitions, as before
            left = python_module.tidy_after_imports(left, path)
        if all(d.kind == "C++ method" for d in definitions) and handwritten.nothing_left(path, left):
            stale.add(path)
            removed.append(f"{path}:1: file (no code left once its definitions were removed)")
            _drop_cmake_entry(root, path, base, removed)
        else:
            base[path] = left
    return base, removed


def _drop_cmake_entry(root: Path, source: str, base: dict[str, str], removed: list[str]) -> None:
    folder = Path(source).parent
    while folder != Path("."):
        cmake = (folder / "CMakeLists.txt").as_posix()
        text = base.get(cmake) or _read(root / cmake)
        if text is not None:
            entry = handwritten.cmake_entry(text, Path(source).relative_to(folder).as_posix())
            if entry is not None:
                line = text.count("\n", 0, entry.start()) + 1
                base[cmake] = text[: entry.start()] + text[entry.end() :]
                removed.append(f"{cmake}:{line}: CMake source entry {entry.group(0).strip()}")
                return
        folder = folder.parent


def _spec_copies(plan: Plan, root: Path, force: bool) -> dict[str, str]:
    """Each spec and backend.yaml of the run, as the checkout keeps it: specs/<backend folder>/<path in it>.
    Once adopted, the checkout's copy is the source: a copy that differs from the run's spec was edited
    there, and is replaced only with --force."""
    folders = {key.removeprefix("backend:"): Path(owner["source"]).resolve().parent
               for key, owner in plan.owners.items() if key.startswith("backend:")}
    copies: dict[str, str] = {}
    for key, owner in sorted(plan.owners.items()):
        source = Path(owner["source"]).resolve()
        folder = folders.get(key.removeprefix("backend:").split("/", 1)[0])
        if folder is None or not source.is_relative_to(folder):
            raise WriteError(f"{owner['source']}: not under its backend.yaml's folder; codegen mode copies a "
                             "backend's folder of specs into the checkout's specs/")
        relative = f"{SPECS_DIR}/{folder.name}/{source.relative_to(folder).as_posix()}"
        text = source.read_text(encoding="utf-8")
        current = _read(root / relative)
        if current is not None and current != text and not force:
            raise WriteError(
                f"{root / relative}:1:1: differs from {owner['source']}; in codegen mode the checkout's specs are "
                f"the source (edit them there and build, or gen {root / SPECS_DIR} --into {root}); pass --force to "
                "replace it with the run's spec")
        copies[relative] = text
    return copies


def adopt_codegen(plan: Plan, root: Path, force: bool, replace_handwritten: bool) -> Adoption:
    """`gen --into --codegen cmake`: the once-only edit after which FlyDSL's build generates the atoms.
    `plan` is render's checkout plan (atomgen/render/hooks.py): no owned files, and shared files whose
    regions hold hooks, the top CMakeLists.txt's atomgen_generate call among them. Generated code never
    enters the checkout: files an earlier `--into` wrote there, and its manifest, are removed; the
    specs are copied to specs/."""
    recognise(root)
    manifest = load_manifest(root) if (root / MANIFEST).is_file() else None
    stale = {f for owner in (manifest or {}).get("owners", {}).values() for f in owner["files"]}
    if manifest is not None:
        stale.add(MANIFEST)
    base, removed = _replace_handwritten(plan, root, set(stale), replace_handwritten, stale)
    return Adoption(_changes(plan, root, force, base, _spec_copies(plan, root, force), stale), removed)


def _changes(plan: Plan, root: Path, force: bool, base: dict[str, str], extra: dict[str, str],
             stale: set[str]) -> TreeChanges:
    """The checkout's new texts: the plan placed over `base` (hand-written definitions cut), `extra`
    files added, `stale` files left out (and reported as removed)."""
    texts = dict(plan_into(plan, root, force, base=base).texts)
    texts.update({path: text for path, text in base.items() if path not in texts})
    texts.update(extra)
    for path in stale:
        texts.pop(path, None)
    result = _diff(TreeChanges(root), texts, prune=False)
    result.stale = sorted(p for p in stale if (root / p).is_file())
    return result
