"""A structural fuzzer over the shipped specs: no mutant may break `check`.

Each mutant starts from a shipped spec (or the minimal ones of conftest.py), gets one to three
mutations, structural (replace, delete, duplicate or wrap a node, add an unknown key, change a
number or an operator inside a layout or expression) or textual (a YAML tag, an alias, deep
nesting, an escaped control character, a truncation), and runs through the stages `check`
runs: load, validate, model, analyze (with the sympy proofs for every 25th mutant). Every
mutant must end in diagnostics, never an exception; every error must carry a rule id and a
line; no mutant may enumerate more layout points than twice a spec's enumeration budget (work
counted, not timed: the count does not depend on the machine's speed). The seed and the budget
are fixed, so a failure reproduces.

Two tiers: a plain `pytest` runs the first QUICK_MUTANTS mutants (the start of the campaign's first
shards: the same mutants); `pytest -m campaign` runs the campaign, 10,000 mutants, and
`FUZZ_MUTANTS=200000 pytest -m campaign tests/test_fuzz.py` a longer one with the same code.
"""

from __future__ import annotations

import gc
import json
import os
import random
import re
import resource
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import MINIMAL_COPY, MINIMAL_MMA, SPECS, session_temp, shipped_specs

from atomgen.check.runner import analyze_model, model_loaded
from atomgen.diagnostics import SpecError
from atomgen.layout import algebra
from atomgen.spec.loader import load_text

SEED = 20261201
MUTANTS = int(os.environ.get("FUZZ_MUTANTS", "10000"))  # the campaign tier
QUICK_MUTANTS = 400  # the default run
# The campaign in shards, each its own test, so that pytest-xdist spreads them over the cores; each shard
# runs in one child process whose address space is capped. The shards' seeds are fixed: same mutants, and
# a quick shard's mutants are the first of the campaign's shard of the same number.
TIERS = {"quick": (QUICK_MUTANTS, 2), "campaign": (MUTANTS, 8)}  # tier -> (mutants, shards)
PROVE_EVERY = 25
# Layout points one mutant may enumerate (atomgen.layout.algebra.image): twice a spec's coverage budget
# (atomgen/check/families/coverage.py, 1 << 22, "about a second"), for the enumerations outside the ledger.
# A mutant that once took minutes enumerated millions of points per layout; points are counted, not timed.
POINT_BUDGET = 1 << 23
MEMORY_LIMIT = 3 << 30  # bytes of address space per worker
RULE = re.compile(r"AG\d{3}\Z")

HOSTILE_TEXT = [
    "", "x" * 5000, "line\nbreak", "carriage\rreturn", "nul\x00byte", '"); X(); //', "*/ #error /*", "-->",
    "{{ x }}", "\\", "a\u2028b", "a\u202eb", "TODO", "1+1", "((((((((", "9" * 40, "-1", "f16", "i32\n",
    "vector<4xf16>", "!llvm.ptr<3>", "rocdl.mfma.f32.16x16x16f16", "${HOME}", "RUN: rm -rf /",
]
HOSTILE_NUMBERS = [0, -1, 1, 2, 3, 7, 63, 64, 65, 1 << 20, 1 << 31, (1 << 63) - 1, 1 << 64, 10**30, -(1 << 63)]
TAGS = ["!!timestamp 2024-01-01", "!!bool maybe", "!!int x", "!!float y", "!foo bar", "!!binary aGk=", "!!set {a}",
        "!!omap [a]", "!!python/object/apply:os.system [ls]", "!!str 5", "!!null ~", "! 5"]
NUMBER = re.compile(r"\d+")


def _seeds() -> list[tuple[str, Any]]:
    """(where the spec lives, its data): one backend folder each, as check would see it."""
    seeds = []
    for path in shipped_specs():
        text = path.read_text(encoding="utf-8")
        seeds.append((str(path), yaml.load(text, Loader=yaml.CSafeLoader)))
    for text in (MINIMAL_MMA, MINIMAL_COPY):
        seeds.append((str(SPECS / "rocdl" / "cdna3" / "fuzz.yaml"), yaml.load(text, Loader=yaml.CSafeLoader)))
    return seeds


def _nodes(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(data, dict):
        for key, value in data.items():
            found.extend(_nodes(value, path + (key,)))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            found.extend(_nodes(value, path + (index,)))
    return found


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        data = data[part]
    return data


def _random_value(generator: random.Random, depth: int = 0) -> Any:
    choice = generator.randrange(7 if depth < 2 else 4)
    if choice == 0:
        return generator.choice(HOSTILE_NUMBERS)
    if choice == 1:
        return generator.choice(HOSTILE_TEXT)
    if choice == 2:
        return generator.choice([True, False, None, 1.5])
    if choice == 3:
        return generator.choice(["m", "k", "64 / m", "(m, k) : (1, m)", "((16, 4), 4) : ((1, 64), 16)", "n / 0"])
    if choice == 4:
        return [_random_value(generator, depth + 1) for _ in range(generator.randrange(4))]
    if choice == 5:
        return {generator.choice(["m", "n", "k", "name", "layout", "when", "x", "expand"]): _random_value(
            generator, depth + 1) for _ in range(generator.randrange(3))}
    sizes = generator.choice([(2, 2), (70, 70), (5000, 1)])
    return {"expand": {"n": list(range(sizes[0])), "m": list(range(sizes[1]))}}


def _mutate_data(data: Any, generator: random.Random) -> Any:
    paths = _nodes(data)
    path = generator.choice(paths[1:]) if len(paths) > 1 else ()
    if not path:
        return _random_value(generator)
    parent, last = _get(data, path[:-1]), path[-1]
    value = parent[last]
    operation = generator.randrange(8)
    if operation == 0:
        parent[last] = _random_value(generator)
    elif operation == 1:
        del parent[last]
    elif operation == 2 and isinstance(parent, list):
        parent.insert(last, json.loads(json.dumps(value)))
    elif operation == 2 and isinstance(parent, dict):
        parent[generator.choice(["unknown", "extra_field", "__class__", "Intrinsic"])] = value
    elif operation == 3:
        parent[last] = [value] if generator.random() < 0.5 else {"layout": value}
    elif operation in (4, 5) and isinstance(value, str) and NUMBER.search(value):
        matches = list(NUMBER.finditer(value))
        match = generator.choice(matches)
        number = int(match.group())
        replacement = generator.choice([number + 1, number * 2, 0, number * 1024, 1 << 22, 99999999999])
        parent[last] = value[: match.start()] + str(replacement) + value[match.end():]
    elif operation == 6 and isinstance(value, str):
        spot = generator.randrange(len(value) + 1)
        parent[last] = value[:spot] + generator.choice(["+", "*", "/", "%", "(", ")", ",", ":", "-", " 0", "min("])
        parent[last] += value[spot:]
    elif isinstance(value, int) and not isinstance(value, bool):
        parent[last] = generator.choice(HOSTILE_NUMBERS)
    else:
        parent[last] = _random_value(generator)
    return data


def _mutate_text(text: str, generator: random.Random) -> str:
    lines = text.split("\n")
    spot = generator.randrange(len(lines))
    operation = generator.randrange(7)
    if operation == 0:
        lines.insert(spot, f"fuzz_{spot}: {generator.choice(TAGS)}")
    elif operation == 1:
        depth = generator.choice([10, 63, 64, 65, 600, 3000])
        lines.insert(spot, "notes: " + "[" * depth + "]" * depth)
    elif operation == 2:
        lines.insert(spot, "summary: &a x")
        lines.insert(spot + 1, "fuzz_alias: *a")
    elif operation == 3:
        escape = generator.choice(["\\0", "\\r", "\\x1b", "\\u2028", "\\u202e", "\\t", "\\x7f", "\\N"])
        lines.insert(spot, f'summary: "fuzz{escape}text"')
    elif operation == 4:
        return text[: generator.randrange(len(text) + 1)]
    elif operation == 5:
        lines.insert(spot, f"  {generator.choice(['{', '[', '- ', ': ', '? ', '%YAML 1.1', '---', '...'])}")
    else:
        lines[spot] = lines[spot].replace(":", ": " + "1+" * generator.choice([300, 2000]) + "1 #", 1)
    return "\n".join(lines)


def _mutant(seeds: list[tuple[str, Any]], generator: random.Random) -> tuple[str, str]:
    where, data = generator.choice(seeds)
    data = json.loads(json.dumps(data))
    for _ in range(generator.randint(1, 3)):
        data = _mutate_data(data, generator)
    if generator.random() < 0.7:
        # JSON is YAML (flow style), and the C encoder is a hundred times faster than PyYAML's
        # representer; one item a line keeps line numbers meaningful.
        return where, json.dumps(data, indent=1, ensure_ascii=False)
    text = yaml.dump(data, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True, width=1 << 30)
    return where, _mutate_text(text, generator) if generator.random() < 0.8 else text


def _check(where: str, text: str, prove: bool, backends: dict[Any, Any]) -> list[Any]:
    """The stages of `atomgen check` on one text (runner.check_paths minus the file walk)."""
    try:
        loaded = load_text(text, where)
    except SpecError as error:
        return error.diagnostics
    result = model_loaded(loaded)
    if result.spec is not None:
        result = analyze_model(result, Path(where), prove=prove, backends=backends)
    return result.diagnostics


def _limit_memory() -> None:
    """A mutant that makes check allocate gigabytes is a finding (MemoryError), not an OOM kill
    of the machine: one once asked for `1 << 99999999999` (an i99999999999 state field)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    gc.freeze()  # the pytest worker's heap, inherited by fork: never garbage here, never walked again


class _PointMeter:
    """Counts the layout points this process enumerates: atomgen.layout.algebra.image wrapped, on its module
    and in every atomgen module that imported it by name (every enumeration of a layout's image goes
    through it)."""

    def __init__(self) -> None:
        self.points = 0
        self._image = algebra.image
        self._holders = [module for name, module in list(sys.modules.items())
                         if name.startswith("atomgen.") and getattr(module, "image", None) is algebra.image]

    def __enter__(self) -> _PointMeter:
        def image(layout: Any) -> list[int]:
            values = self._image(layout)
            self.points += len(values)
            return values

        for module in self._holders:
            module.image = image  # type: ignore[attr-defined]
        return self

    def __exit__(self, *_: object) -> None:
        for module in self._holders:
            module.image = self._image  # type: ignore[attr-defined]


def _campaign(worker: int, count: int) -> dict[str, Any]:
    generator = random.Random(SEED * 100 + worker)
    seeds = _seeds()
    backends: dict[Any, Any] = {}
    report: dict[str, Any] = {"mutants": 0, "rejected": 0, "clean": 0, "internal": [], "costly": [],
                              "unpositioned": [], "most_points": 0, "slowest": 0.0, "rules": {}}
    for index in range(count):
        where, text = _mutant(seeds, generator)
        started = time.perf_counter()
        try:
            with _PointMeter() as meter:
                diagnostics = _check(where, text, index % PROVE_EVERY == 0, backends)
        except Exception:  # noqa: BLE001 - the finding this test exists for
            report["internal"].append((text[:3000], traceback.format_exc(limit=6)))
            continue
        finally:
            report["slowest"] = max(report["slowest"], time.perf_counter() - started)  # shown, never judged
            report["most_points"] = max(report["most_points"], meter.points)
            if meter.points > POINT_BUDGET:
                report["costly"].append((meter.points, text[:3000]))
        report["mutants"] += 1
        errors = [d for d in diagnostics if d.severity == "error"]
        report["rejected" if errors else "clean"] += 1
        for diagnostic in errors:
            report["rules"][diagnostic.rule] = report["rules"].get(diagnostic.rule, 0) + 1
            if not RULE.match(diagnostic.rule) or diagnostic.position.line < 1:
                report["unpositioned"].append((diagnostic.format(), text[:2000]))
    return report


def _expression_mutants() -> dict[str, int]:
    """Each seed with a stray ',' at the end of its first `let` expression: the rules that fire."""
    fired: dict[str, int] = {}
    backends: dict[Any, Any] = {}
    for where, data in _seeds():
        let = data.get("let") if isinstance(data, dict) else None
        if not isinstance(let, dict) or not let:
            continue
        mutant = json.loads(json.dumps(data))
        name = next(iter(let))
        mutant["let"][name] = f"{let[name]},"
        for diagnostic in _check(where, json.dumps(mutant, indent=1), False, backends):
            assert RULE.match(diagnostic.rule) and diagnostic.position.line >= 1, diagnostic.format()
            fired[diagnostic.rule] = fired.get(diagnostic.rule, 0) + 1
    return fired


def _rendezvous(tmp_path_factory: pytest.TempPathFactory, tier: str) -> Path:
    """A folder every shard of this tier and session sees, whichever worker runs it."""
    folder = session_temp(tmp_path_factory) / f"fuzz-{tier}"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


SHARDS = [pytest.param("quick", shard, id=f"quick-{shard}") for shard in range(TIERS["quick"][1])] + [
    pytest.param("campaign", shard, id=f"campaign-{shard}", marks=[pytest.mark.campaign, pytest.mark.slow])
    for shard in range(TIERS["campaign"][1])]


@pytest.mark.parametrize(("tier", "shard"), SHARDS)
def test_fuzz_check_never_fails_internally(tier: str, shard: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    mutants, shards = TIERS[tier]
    share = mutants // shards + (1 if shard < mutants % shards else 0)
    with ProcessPoolExecutor(1, initializer=_limit_memory) as pool:
        report = pool.submit(_campaign, shard, share).result()
    total = report["mutants"] + len(report["internal"])
    internal, costly, unpositioned = report["internal"], report["costly"], report["unpositioned"]
    summary = (f"{tier} shard {shard}: {total} mutants, {report['rejected']} rejected, {report['clean']} clean, "
               f"at most {report['most_points']} layout points a mutant (slowest {report['slowest']:.2f} s), "
               f"{len(report['rules'])} rules fired")
    print(summary)
    assert total == share
    assert not internal, f"{len(internal)} internal errors; first:\n{internal[0][1]}\n--- spec ---\n{internal[0][0]}"
    assert not costly, (f"{len(costly)} mutants enumerated over {POINT_BUDGET} layout points; first "
                        f"({costly[0][0]} points):\n{costly[0][1]}")
    assert not unpositioned, f"{len(unpositioned)} errors without rule id or line; first: {unpositioned[0][0]}"
    # The mutants reach deep: the loader, the schema, expressions, layouts and the instance table. The shard
    # that completes the tier judges the rules fired over all of it (every shard has passed by then).
    folder = _rendezvous(tmp_path_factory, tier)
    done = folder / f"{shard}.json"
    done.with_suffix(".tmp").write_text(json.dumps(report["rules"]), encoding="utf-8")
    os.replace(done.with_suffix(".tmp"), done)
    finished = sorted(folder.glob("*.json"))
    if len(finished) < shards:
        return
    rules: dict[str, int] = {}
    for path in finished:
        for rule, count in json.loads(path.read_text(encoding="utf-8")).items():
            rules[rule] = rules.get(rule, 0) + count
    # An operator inserted into a `let` expression of a spec whose other fields stay valid is a
    # rare random event (a few in 10,000, none for some corpora), so every seed also gets one.
    for rule, count in _expression_mutants().items():
        rules[rule] = rules.get(rule, 0) + count
    # The quick tier's few hundred mutants reach the loader, the schema and the layout rules; the rarer
    # families (a bad tag, a control character) need the campaign's 10,000.
    deep = ("AG001", "AG002", "AG003", "AG006", "AG007", "AG101", "AG201", "AG305", "AG322")
    for rule in deep if tier == "campaign" else ("AG001", "AG101", "AG201", "AG322"):
        assert rules.get(rule, 0) > 0, (rule, f"{mutants} mutants, {len(rules)} rules fired")
