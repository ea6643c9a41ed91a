"""Run the pipeline up to analysis over files and folders, with a content-keyed cache.

The cache key is a hash of the spec's bytes, its backend file, the intrinsics table,
the schema and atomgen's own analysis code, so a cached result can never be stale: any
change to any input is a different key. A cache hit touches neither YAML nor sympy.
"""

from __future__ import annotations

import contextlib
import gc
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Iterator, Optional, Sequence

from atomgen import __version__, reading, replay
from atomgen.check.families.names import cross_spec_rules
from atomgen.check.intrinsics import PROJECT_INTRINSICS_FILE
from atomgen.check.workers import default_workers, map_in_workers
from atomgen.diagnostics import Diagnostic, Position, SpecError
from atomgen.replay import cache_dir
from atomgen.spec.backend import BACKEND_FILE, Backend, find_backend_file, load_backend

_PACKAGE = Path(__file__).resolve().parent.parent
_CODE_FOLDERS = ("check", "spec", "layout")
# pipeline chains validate -> model for check too; diagnostics and suggest word the findings
_CODE_FILES = ("pipeline.py", "diagnostics.py", "suggest.py")
# A check of fewer uncached specs than this finishes before a progress line would help.
PROGRESS_FROM = 8
# ... or before forking workers would pay (a pre-commit hook passes a spec or two).
PARALLEL_FROM = 4
# New container objects between two collections of the youngest generation while specs are
# analysed (Python's default is 700).
_GC_THRESHOLD = 200_000


class UsageError(Exception):
    """Bad command-line input (exit code 2)."""


@dataclass
class SpecResult:
    path: str
    diagnostics: list[Diagnostic]
    names: dict[str, str] = field(default_factory=dict)
    spec: Any = None  # AtomSpec, when analyzed in this process
    analysis: Any = None
    cached: bool = False
    proofs: list[dict[str, Any]] = field(default_factory=list)
    internal_error: str = ""  # a bug in atomgen met on this file (the other files are still checked)


SIDE_FILES = {BACKEND_FILE: "backend", PROJECT_INTRINSICS_FILE: "intrinsics"}  # file name -> its schema


def side_file_kind(path: Path) -> Optional[str]:
    """'backend' or 'intrinsics' for the files beside specs that are not atom specs, else None."""
    return SIDE_FILES.get(path.name)


def _walk(paths: Iterable[str]) -> dict[str, tuple[Path, str]]:
    """Every YAML file under the given files/folders. A backend.yaml or intrinsics.yaml stands
    for its whole folder: a change to it can break any spec of that backend."""
    found: dict[str, tuple[Path, str]] = {}
    for given in paths:
        path = Path(given)
        if path.is_file() and side_file_kind(path) is not None:
            path, given = path.parent, os.path.dirname(given) or "."
        if path.is_dir():
            for file in sorted(path.rglob("*.yaml")) + sorted(path.rglob("*.yml")):
                if any(part.startswith(".") for part in file.relative_to(path).parts):
                    continue
                if file.is_dir():
                    continue  # a folder named x.yaml: its files are walked, it is no spec
                # FIFOs, devices, sockets and link loops are kept: the loader refuses each with
                # its rule (AG008, AG009) from its stat, without opening it (atomgen/reading.py)
                display = os.path.normpath(str(file))
                found[display] = (file, display)
        elif reading.exists(path):  # a file, or something that is not one (the loader says what)
            display = os.path.normpath(given)
            found[display] = (path, display)
        else:
            raise UsageError(f"no such file or folder: {given}")
    return found


def collect_spec_files(paths: Iterable[str]) -> list[tuple[Path, str]]:
    """Atom spec files under the given files/folders, sorted, with their display paths."""
    return _spec_files(_walk(paths))


def collect_side_files(paths: Iterable[str]) -> list[tuple[Path, str, str]]:
    """backend.yaml and intrinsics.yaml files under the given files/folders, with their schema name."""
    return _side_files(_walk(paths))


def _spec_files(found: dict[str, tuple[Path, str]]) -> list[tuple[Path, str]]:
    return [found[key] for key in sorted(found) if side_file_kind(found[key][0]) is None]


def _side_files(found: dict[str, tuple[Path, str]]) -> list[tuple[Path, str, str]]:
    side = [(file, display, side_file_kind(file)) for file, display in (found[k] for k in sorted(found))]
    return [(file, display, kind) for file, display, kind in side if kind is not None]


def check_side_file(path: Path, display: str, kind: str) -> SpecResult:
    """A backend.yaml or project intrinsics file, validated by its own schema (not as an atom spec)."""
    from atomgen.check.intrinsics import validate_intrinsics_file
    from atomgen.spec.loader import load_file
    from atomgen.spec.validate import validate

    if kind == "intrinsics":
        return SpecResult(display, validate_intrinsics_file(path, display))
    from atomgen.spec.validate import unfilled

    try:
        loaded = load_file(path, display)
    except SpecError as error:
        return SpecResult(display, error.diagnostics)
    from atomgen.check.families.backend_file import check_backend_data

    return SpecResult(display, unfilled(loaded) or validate(loaded, "backend") or check_backend_data(loaded))


def _code_fingerprint() -> str:
    import hashlib  # only with the cache on: it loads OpenSSL

    digest = hashlib.sha256(__version__.encode())
    # every module below these folders: the rule families live in check/families/, and a cache keyed on
    # check/*.py alone kept an edited rule's old findings
    for folder in _CODE_FOLDERS:
        for file in sorted((_PACKAGE / folder).rglob("*.py")):
            digest.update(file.relative_to(_PACKAGE).as_posix().encode())
            digest.update(file.read_bytes())
    for name in _CODE_FILES:
        digest.update((_PACKAGE / name).read_bytes())
    from atomgen.resources import intrinsics_path, schema_path

    digest.update(schema_path().read_bytes())
    for path in sorted(intrinsics_path("any").parent.glob("*.yaml")):
        digest.update(path.read_bytes())
    digest.update(schema_path("intrinsics").read_bytes())
    return digest.hexdigest()


class Cache:
    def __init__(self, enabled: bool):
        self.enabled = enabled
        self.fingerprint = _code_fingerprint() if enabled else ""
        self.folder = cache_dir()

    def key(self, display: str, raw: bytes, backend_raw: bytes) -> str:
        import hashlib

        digest = hashlib.sha256()
        for part in (self.fingerprint.encode(), display.encode(), raw, backend_raw):
            digest.update(len(part).to_bytes(8, "little"))
            digest.update(part)
        return digest.hexdigest()

    def get(self, key: str) -> Optional[dict[str, Any]]:
        if not self.enabled:
            return None
        try:
            data = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        return data if isinstance(data, dict) else None

    def put(self, key: str, value: dict[str, Any]) -> None:
        if not self.enabled:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            temporary = self.folder / f".{key}.{os.getpid()}.tmp"
            temporary.write_text(json.dumps(value), encoding="utf-8")
            os.replace(temporary, self.folder / f"{key}.json")
        except OSError:
            pass  # a cache that cannot be written is only slower


def _backend_for(
    path: Path,
    backend_name: Optional[str],
    display: str,
    backends: dict[Path, tuple[Optional[Backend], list[Diagnostic]]],
) -> tuple[Optional[Backend], list[Diagnostic]]:
    if backend_name is None:
        return None, []
    file = find_backend_file(path, backend_name)
    if file is None:
        return None, []
    if file not in backends:
        try:
            backend, loaded = load_backend(file, _shown_beside(file, display))
            # An enum collision does not compile: every spec of the backend stops (check and gen alike).
            from atomgen.check.families.backend_file import ENUM_COLLISION, PARSER_WITHOUT_SYNTAX, check_backend_data

            stops = (ENUM_COLLISION.id, PARSER_WITHOUT_SYNTAX.id)
            backends[file] = (backend, [d for d in check_backend_data(loaded) if d.rule in stops])
        except SpecError as error:
            backends[file] = (None, error.diagnostics)
    return backends[file]


def analyze_file(
    path: Path,
    display: str,
    prove: bool = True,
    backends: Optional[dict[Path, tuple[Optional[Backend], list[Diagnostic]]]] = None,
) -> SpecResult:
    """load -> validate -> model -> analyze for one file, stopping at the first failing stage."""
    modeled = model_file(path, display)
    if modeled.spec is None:
        return modeled
    return analyze_model(modeled, path, prove=prove, backends=backends)


def model_file(path: Path, display: str) -> SpecResult:
    """load -> validate -> model; the result carries the spec, or the diagnostics that stopped it."""
    from atomgen.spec.loader import load_file

    try:
        loaded = load_file(path, display)
    except SpecError as error:
        return SpecResult(display, error.diagnostics)
    return model_loaded(loaded)


def model_loaded(loaded: Any) -> SpecResult:
    """validate -> model for a loaded spec (a LoadedSpec); check sits below the pipeline, so it
    calls the spec layer's chain, not atomgen/pipeline.py."""
    from atomgen.spec.validate import validated_model

    spec, problems = validated_model(loaded)
    return SpecResult(loaded.path, problems, spec=spec)


def analyze_model(
    modeled: SpecResult,
    path: Path,
    prove: bool = True,
    backends: Optional[dict[Path, tuple[Optional[Backend], list[Diagnostic]]]] = None,
) -> SpecResult:
    """The analyze stage for a modeled spec."""
    from atomgen.check.analyze import analyze
    from atomgen.check.families.side_files import backend_findings
    from atomgen.check.intrinsics import load_intrinsics, project_intrinsics_for

    backends = {} if backends is None else backends
    spec, display, problems = modeled.spec, modeled.path, modeled.diagnostics
    backend, backend_problems = _backend_for(path, spec.backend, display, backends)
    project_intrinsics = project_intrinsics_for(backend.file if backend is not None else None)
    intrinsics, intrinsics_problems = load_intrinsics(spec.backend, project_intrinsics)
    analysis = analyze(spec, backend, intrinsics, prove=prove)
    names = {
        "backend": spec.backend,
        "tablegen_def": spec.tablegen_def,
        "cpp_class": spec.cpp_class,
        "mnemonic": spec.mnemonic,
    }
    backend_problems = backend_findings(spec, backend, backend_problems, project_intrinsics, intrinsics_problems)
    found = problems + backend_problems + list(analysis.diagnostics)
    if spec.partial:  # schema errors set aside to run the rules: its findings only, never its model
        return SpecResult(display, found, names)
    return SpecResult(display, found, names, spec, analysis)


def check_paths(
    paths: Iterable[str],
    use_cache: bool = True,
    prove: bool = True,
    keep_models: bool = False,
    side_files: bool = True,
    tree: Optional[str] = None,
    workers: Optional[int] = None,
    their_backends: bool = False,
) -> list[SpecResult]:
    """Every spec under `paths`, plus the cross-spec name rules; with `side_files`, also the
    backend.yaml and intrinsics.yaml files there, each validated by its own schema, and with
    `their_backends` (the `check` command) the backend.yaml of every spec checked, wherever it is.
    Uncached specs are analysed by `workers` processes (default: one per core, from PARALLEL_FROM
    specs on).

    With `tree`, the cross-spec rules also see every other spec under it (checked, cached,
    but not returned), and a collision is reported on the spec from `paths`.
    """
    paths = list(paths)
    walked = _walk(paths)  # once: the side files are among what it found
    files = _spec_files(walked)
    context: list[SpecResult] = []
    if tree is not None:
        given = {reading.real_path(path) for path, _ in files}
        others = [(path, display) for path, display in collect_spec_files([tree])
                  if reading.real_path(path) not in given]
        context = _check_files(others, use_cache, prove, False, workers)[0]
    listed = _side_files(walked) if side_files else []
    ordered, side = _check_files(files, use_cache, prove, keep_models, workers, listed)
    cross_spec_rules(context + ordered, _position_of)
    if not side_files:
        return ordered
    if their_backends:
        side += [check_side_file(*extra) for extra in _backends_of(files, ordered, listed)]
    # A finding in backend.yaml that its specs repeat (a TODO subtarget entry) prints once, with the file.
    shown = {d for result in side for d in result.diagnostics}
    for result in ordered:
        if any(d in shown for d in result.diagnostics):
            result.diagnostics = [d for d in result.diagnostics if d not in shown]
    return ordered + side


def _shown_beside(file: Path, display: str) -> str:
    """A backend.yaml as diagnostics show it: relative like the spec's display path, or absolute like it."""
    return os.path.relpath(file) if not os.path.isabs(display) else str(file)


def _backends_of(
    files: list[tuple[Path, str]], results: list[SpecResult], listed: list[tuple[Path, str, str]]
) -> list[tuple[Path, str, str]]:
    """The backend.yaml of each checked spec that the walk did not list (a spec given alone, or a
    subtarget folder): a spec is only as good as the backend it is read with, so that file's
    mistakes are reported too, as a check of its whole folder reports them."""
    seen = {reading.real_path(path) for path, _, _ in listed}
    found: list[tuple[Path, str, str]] = []
    for (path, display), result in zip(files, results):
        name = result.names.get("backend")
        file = find_backend_file(path, name) if name else None
        if file is None or reading.real_path(file) in seen:
            continue
        seen.add(reading.real_path(file))
        found.append((file, _shown_beside(file, display), "backend"))
    return found


def _check_files(
    files: list[tuple[Path, str]], use_cache: bool, prove: bool, keep_models: bool, workers: Optional[int] = None,
    side: Sequence[tuple[Path, str, str]] = (),
) -> tuple[list[SpecResult], list[SpecResult]]:
    """The specs' results in the order of `files`, and the `side` files' (backend.yaml, intrinsics.yaml:
    never cached; checked by the same workers, so that they do not wait for the specs)."""
    from atomgen.terminal import Progress

    cache = Cache(use_cache)
    results: dict[str, SpecResult] = {}
    keys: dict[str, str] = {}
    misses: list[tuple[Path, str]] = []
    # With keep_models, a cache hit is modeled and analyzed again (without proofs, which the cache
    # holds): `gen` renders from these analysed atoms, so it never loads a spec a second time.
    remodel: dict[str, SpecResult] = {}
    for path, display in files:
        if cache.enabled:
            try:
                raw = _read_input(path)
            except reading.InputError:
                misses.append((path, display))  # not cached either way: the loader says what it is
                continue
            keys[display] = cache.key(display, raw, _guess_backend_bytes(path))
            hit = cache.get(keys[display])
            if hit is not None:
                cached = SpecResult(
                    display,
                    [Diagnostic.from_json(d) for d in hit["diagnostics"]],
                    dict(hit["names"]),
                    cached=True,
                    proofs=list(hit.get("proofs", [])),
                )
                if not keep_models:
                    results[display] = cached
                    continue
                remodel[display] = cached
        misses.append((path, display))
    backends: dict[Path, tuple[Optional[Backend], list[Diagnostic]]] = {}
    items: list[tuple[Path, str] | tuple[Path, str, str]] = [*misses, *side]
    progress = Progress(len(items) if len(misses) >= PROGRESS_FROM else 0, "checking")

    def one(item: tuple[Path, str] | tuple[Path, str, str]) -> SpecResult:
        if len(item) == 3:  # a side file: (path, display, kind)
            return check_side_file(*item)
        path, display = item[0], item[1]
        result = _analyze_file(path, display, prove and display not in remodel, backends)
        if not keep_models:
            # Evaluated instances are large (every concrete layout); a check of thousands of
            # specs must not hold them all. Positions for cross-spec rules are re-read on demand.
            result.spec, result.analysis = None, None
        return result

    if keep_models:
        workers = 1  # the analysed models stay in this process, for render
    elif workers is None:
        workers = default_workers() if len(misses) >= PARALLEL_FROM else 1
    if workers > 1:
        _load_analysis_code()  # once, before the fork, so that every worker starts with it
        # The costliest specs first, so that no worker is left with a large one at the end
        # (a spec's analysis grows with its instance table, which is most of its bytes).
        order = sorted(range(len(items)), key=lambda index: -_size(items[index][0]))
    else:
        order = list(range(len(items)))

    def taken(count: int, item: tuple[Path, str] | tuple[Path, str, str]) -> None:
        progress.step(item[1], advance=count - progress.count)

    with _collecting_less():
        in_order = map_in_workers(one, [items[index] for index in order], workers,
                                  taken if progress.enabled else None, replay.WORKERS)
    by_index = dict(zip(order, in_order))
    done = [by_index[index] for index in range(len(misses))]
    progress.done()
    for (_, display), result in zip(misses, done):
        results[display] = result
        if display in remodel:
            result.proofs, result.cached = remodel[display].proofs, True
            continue
        if cache.enabled and not result.internal_error and display in keys:
            cache.put(
                keys[display],
                {
                    "diagnostics": [d.to_json() for d in result.diagnostics],
                    "names": result.names,
                    "proofs": result.proofs,
                },
            )
    return [results[display] for _, display in files], [by_index[len(misses) + index] for index in range(len(side))]


def _analyze_file(
    path: Path, display: str, prove: bool, backends: dict[Path, tuple[Optional[Backend], list[Diagnostic]]]
) -> SpecResult:
    """model -> proofs -> analyze for one uncached file; a bug met here is this file's internal error."""
    try:
        result = model_file(path, display)
        if result.spec is None:
            return result
        proofs = _proofs(result.spec) if prove else []
        result = analyze_model(result, path, prove=False, backends=backends)
        result.proofs = proofs
        return result
    except Exception as error:  # noqa: BLE001 - one file's bug must not hide the others' findings
        return SpecResult(display, [], internal_error=f"{type(error).__name__}: {error}")


def _proofs(spec: Any) -> list[dict[str, Any]]:
    """The symbolic proofs (exact rational-function identities, a few milliseconds per spec); a
    spec whose model breaks the prover, which the check reports as broken anyway, has none."""
    from atomgen.check.proofs import prove_spec

    try:
        return prove_spec(spec)
    except Exception:  # noqa: BLE001
        return []


@contextlib.contextmanager
def _collecting_less() -> Iterator[None]:
    """The analysis with the cyclic garbage collector at rest: what the imports built is frozen
    (never traced again, and a forked worker's pages stay shared), and a collection waits for far
    more new objects. An analysis makes few cycles: collecting them at the default threshold took
    about 3% of a check of the shipped specs, and at 50,000 each worker still spent 5 ms on one
    collection; the bench's corpus of 920 specs peaks at 61 MB (51 MB at 50,000).
    The collector is on here even where the caller turned it off (the check command does, for its
    imports and its output: atomgen/cli.py), and is left as the caller had it."""
    threshold, enabled = gc.get_threshold(), gc.isenabled()
    gc.freeze()
    gc.set_threshold(max(threshold[0], _GC_THRESHOLD), *threshold[1:])
    gc.enable()
    try:
        yield
    finally:
        if not enabled:
            gc.disable()
        gc.set_threshold(*threshold)
        gc.unfreeze()


def _size(path: Path) -> int:
    try:
        return os.stat(path).st_size
    except OSError:
        return 0


def _load_analysis_code() -> None:
    import atomgen.check.analyze  # noqa: F401
    import atomgen.check.families.side_files  # noqa: F401
    import atomgen.check.proofs  # noqa: F401
    import atomgen.spec.loader  # noqa: F401
    import atomgen.spec.validate  # noqa: F401


def _position_of(result: SpecResult, field_name: str) -> Position:
    if result.spec is not None:
        return result.spec.loaded.position((field_name,))  # type: ignore[no-any-return]
    return _scan_position(result.path, field_name)


def _scan_position(path: str, field_name: str) -> Position:
    try:
        text = _read_input(Path(path)).decode("utf-8", "replace")
    except reading.InputError:
        return Position(1, 1)
    for number, line in enumerate(text.splitlines(), 1):
        if line.startswith(f"{field_name}:"):
            return Position(number, len(field_name) + 3)
    return Position(1, 1)


def _read_input(path: Path) -> bytes:
    """A spec's or side file's bytes through the bounded reader (atomgen/reading.py)."""
    from atomgen.spec.loader import MAX_SPEC_BYTES

    return reading.read_bounded(path, MAX_SPEC_BYTES)


def _guess_backend_bytes(path: Path) -> bytes:
    """Bytes of every backend.yaml above the spec (the spec's backend is not parsed yet)."""
    parts = []
    for folder in Path(reading.real_path(path)).parents:
        candidate = folder / BACKEND_FILE
        for file in (candidate, folder / PROJECT_INTRINSICS_FILE) if reading.exists(candidate) else ():
            # the project intrinsics file beside it is an input of the analysis too
            try:
                parts.append(_read_input(file))
            except reading.InputError as error:  # an unreadable one is part of the key as well
                parts.append(f"\0{file.name}:{error.reason}".encode())
    return b"\0".join(parts)
