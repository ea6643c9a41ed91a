#!/usr/bin/env python3
"""The call's mutation campaign (issue 48): one-line edits a spec author could make to the call, built
mechanically from every shipped spec, each checked; an accepted mutant must generate byte-identical code.

The edits, each on one line of a spec:
  swap      two arguments of a builder argument list (`args`, a `variants` entry) exchanged
  drop      a name in an argument list replaced by the constant of its kind (`false`, `0`)
  state     two state operands' slots exchanged (`state_operands`)
  format    a row's two format codes exchanged (`emission: {cbsz, blgp}` / `{fmtA, fmtB}`)
  unpin     one key removed from a row's `pin`
  word      one word of a row's instruction text replaced by each alternative of its kind
            (`.row`<->`.col`, `.trans` added or removed, `.x1/.x2/.x4`, `.ca`<->`.cg`, `.1d`..`.5d`,
            element types, kinds; ISA names: type and shape words)

A mutant is `rejected` when check reports an error on the edited line, `elsewhere` when check rejects it
only on other lines, `identical` when check accepts it and the generated files are byte-identical to the
original's, and `escaped` when check accepts it and the generated code changes (a defect: a wrong call
that nothing rejects). Writes a JSON report (default: build/call-mutants.json) and prints the counts.

    python scripts/call-mutants.py [specs/...] [--json PATH] [--limit-words N]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from atomgen.pipeline import analyse_loaded, render  # noqa: E402
from atomgen.spec.backend import find_backend_file, load_backend  # noqa: E402
from atomgen.spec.instruction import ELEMENT_TYPES, parse_ptx  # noqa: E402
from atomgen.spec.loader import SpecError, load_text  # noqa: E402

_PLAIN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_BOOLS = {"signA", "signB", "clamp", "reuseA", "reuseB", "opsel"}


@dataclass
class Mutant:
    spec: str
    kind: str
    line: int  # 1-based line of the edit
    before: str
    after: str

    @property
    def label(self) -> str:
        return f"{self.spec}:{self.line} {self.kind}: {self.before} -> {self.after}"


def _token(value: Any) -> str:
    text = str(value)
    return text if _PLAIN.match(text) and text not in ("true", "false", "null", "yes", "no", "on", "off") \
        else json.dumps(text)


def _flow_list(values: list[Any]) -> str:
    return "[" + ", ".join(_token(v) for v in values) + "]"


def _replace_list_on_line(line: str, values: list[Any], mutated: list[Any]) -> Optional[str]:
    """The line with the flow list `values` written as `mutated` (None when the list is not on it)."""
    start = line.find("[")
    end = line.rfind("]")
    if start < 0 or end < start:
        return None
    return line[:start] + _flow_list(mutated) + line[end + 1:]


def _argument_lists(data: dict[str, Any]) -> Iterator[tuple[tuple[Any, ...], list[Any]]]:
    emission = data.get("emission") or {}
    if isinstance(emission.get("args"), list):
        yield ("emission", "args"), emission["args"]
    for name, variant in (emission.get("variants") or {}).items():
        if isinstance(variant, list):
            yield ("emission", "variants", name), variant
        elif isinstance(variant, dict):
            for key in ("operands", "attrs"):
                if isinstance(variant.get(key), list):
                    yield ("emission", "variants", name, key), variant[key]


def _constant_for(token: str) -> str:
    return "false" if token in _BOOLS else "0"


_WORD_ALTERNATIVES: dict[str, tuple[str, ...]] = {
    "row": ("col",), "col": ("row",), "ca": ("cg",), "cg": ("ca",),
    "x1": ("x2", "x4"), "x2": ("x1", "x4"), "x4": ("x1", "x2"),
    **{f"{r}d": tuple(f"{o}d" for o in range(1, 6) if o != r) for r in range(1, 6)},
}
_TYPE_WORDS = ("f32", "f16", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8", "s32")
_KINDS = ("kind::f16", "kind::tf32", "kind::i8", "kind::f8f6f4", "kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4")
_ISA_WORDS = {"f16": ("bf16",), "bf16": ("f16",), "f32": ("f16",), "fp8": ("bf8",), "bf8": ("fp8",),
              "iu8": ("iu4",), "iu4": ("iu8",), "i8": ("iu8",), "i32": ("f32",)}


def _word_edits(text: str) -> Iterator[str]:
    parsed = parse_ptx(text)
    if parsed is None:  # an ISA name (v_wmma_f32_16x16x32_f16): its type words
        parts = text.split("_")
        for index, part in enumerate(parts):
            for other in _ISA_WORDS.get(part, ()):
                yield "_".join(parts[:index] + [other] + parts[index + 1:])
        return
    words = text.split(".")
    for index, word in enumerate(words):
        options: tuple[str, ...] = _WORD_ALTERNATIVES.get(word, ())
        if word in ELEMENT_TYPES and parsed.family in ("mma", "wgmma"):
            options = tuple(t for t in _TYPE_WORDS if t != word)
        if word.startswith("kind::"):
            options = tuple(k for k in _KINDS if k != word)
        for other in options:
            yield ".".join(words[:index] + [other] + words[index + 1:])
        if word == "trans":
            yield ".".join(words[:index] + words[index + 1:])
    if parsed.family in ("ldmatrix", "stmatrix") and not parsed.transposed:
        at = next((i for i, w in enumerate(words) if w.startswith("x") and w[1:].isdigit()), None)
        if at is not None:
            yield ".".join(words[: at + 1] + ["trans"] + words[at + 1:])


def mutants(path: Path) -> Iterator[tuple[Mutant, str]]:
    """(mutant, the spec's text with the edit) for one spec."""
    text = path.read_text()
    loaded = load_text(text, str(path))
    data = loaded.data
    lines = text.split("\n")
    spec = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)

    def edited(line_no: int, new_line: str) -> str:
        copy = list(lines)
        copy[line_no - 1] = new_line
        return "\n".join(copy)

    for list_path, values in _argument_lists(data):
        line_no = loaded.position(list_path).line
        line = lines[line_no - 1]
        tokens = [str(v) for v in values]
        for i in range(len(tokens)):
            for j in range(i + 1, len(tokens)):
                if tokens[i] == tokens[j]:
                    continue
                swapped = list(values)
                swapped[i], swapped[j] = swapped[j], swapped[i]
                new = _replace_list_on_line(line, values, swapped)
                if new is not None:
                    yield Mutant(spec, "swap", line_no, f"{tokens[i]}<->{tokens[j]}", _flow_list(swapped)), \
                        edited(line_no, new)
            if _PLAIN.match(tokens[i]) and tokens[i] not in ("accTy", "resTy", "true", "false"):
                dropped = list(values)
                dropped[i] = _constant_for(tokens[i])
                new = _replace_list_on_line(line, values, dropped)
                if new is not None:
                    yield Mutant(spec, "drop", line_no, tokens[i], _flow_list(dropped)), edited(line_no, new)
    state_operands = (data.get("emission") or {}).get("state_operands") or {}
    keys = list(state_operands)
    for i in range(len(keys)):
        for j in range(i + 1, len(keys)):
            line_no = loaded.position(("emission", "state_operands")).line
            line = lines[line_no - 1]
            a, b = state_operands[keys[i]], state_operands[keys[j]]
            if a == b:
                continue
            new = re.sub(rf"\b{keys[i]}: {a}\b", f"{keys[i]}: @@", line)
            new = re.sub(rf"\b{keys[j]}: {b}\b", f"{keys[j]}: {a}", new).replace("@@", str(b))
            if new != line:
                yield Mutant(spec, "state", line_no, f"{keys[i]}<->{keys[j]}", new.strip()), edited(line_no, new)
    seen_words: set[tuple[str, str]] = set()
    for index, row in enumerate(data.get("instances") or []):
        if not isinstance(row, dict):
            continue
        line_no = loaded.position(("instances", index)).line
        line = lines[line_no - 1]
        codes = row.get("emission") if isinstance(row.get("emission"), dict) else {}
        for first, second in (("cbsz", "blgp"), ("fmtA", "fmtB")):
            if first in codes and second in codes and codes[first] != codes[second]:
                new = re.sub(rf"\b{first}: {codes[first]}\b", f"{first}: @@", line)
                new = re.sub(rf"\b{second}: {codes[second]}\b", f"{second}: {codes[first]}", new)
                new = new.replace("@@", str(codes[second]))
                yield Mutant(spec, "format", line_no, f"{first}<->{second}", ""), edited(line_no, new)
        pins = row.get("pin") if isinstance(row.get("pin"), dict) else {}
        for key in pins:
            new = re.sub(rf"(\{{|, ){key}: [^,}}]+(, )?", lambda m: m.group(1) if m.group(2) else "", line, count=1)
            new = new.replace("pin: {}", "pin: {}")
            if new != line:
                yield Mutant(spec, "unpin", line_no, key, ""), edited(line_no, new)
        instruction = row.get("instruction")
        if isinstance(instruction, str) and instruction in line:
            for other in _word_edits(instruction):
                if (instruction, other) in seen_words:
                    continue  # one row per distinct instruction and edit: the rows share the rule
                seen_words.add((instruction, other))
                yield Mutant(spec, "word", line_no, instruction, other), edited(line_no, line.replace(
                    instruction, other, 1))


def _files(plan: Any) -> dict[str, str]:
    files = dict(plan.owned)
    for name, shared in plan.shared.items():
        files[f"shared:{name}"] = repr(shared)
    return files


def run(paths: list[Path]) -> dict[str, Any]:
    verdicts: Counter[str] = Counter()
    by_kind: dict[str, Counter[str]] = {}
    escaped: list[str] = []
    elsewhere: list[str] = []
    started = time.perf_counter()
    for path in paths:
        backend_file = find_backend_file(path, path.parent.parent.name)
        backend = load_backend(backend_file, str(backend_file))[0] if backend_file else None
        original_atom, _ = analyse_loaded(load_text(path.read_text(), str(path)), backend)
        if original_atom is None:
            continue
        original = _files(render([original_atom]))
        for mutant, text in mutants(path):
            try:
                atom, findings = analyse_loaded(load_text(text, str(path)), backend)
            except SpecError as error:
                atom, findings = None, list(error.diagnostics)
            errors = [d for d in findings if d.severity == "error"]
            if errors:
                verdict = "rejected" if any(d.position.line == mutant.line for d in errors) else "elsewhere"
                if verdict == "elsewhere":
                    elsewhere.append(f"{mutant.label} ({errors[0].rule} at {errors[0].position.line})")
            elif atom is None:
                verdict = "elsewhere"
            else:
                try:
                    same = _files(render([atom])) == original
                except Exception as error:  # noqa: BLE001 - a render failure of an accepted spec is a finding
                    escaped.append(f"{mutant.label} (render failed: {error})")
                    verdict = "escaped"
                else:
                    verdict = "identical" if same else "escaped"
                    if not same:
                        escaped.append(mutant.label)
            verdicts[verdict] += 1
            by_kind.setdefault(mutant.kind, Counter())[verdict] += 1
    return {
        "mutants": sum(verdicts.values()),
        "verdicts": dict(sorted(verdicts.items())),
        "by_kind": {kind: dict(sorted(counts.items())) for kind, counts in sorted(by_kind.items())},
        "escaped": escaped,
        "elsewhere": elsewhere,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", default=["specs"], help="spec files or folders (default: specs)")
    parser.add_argument("--json", default=str(ROOT / "build" / "call-mutants.json"), help="the report's path")
    args = parser.parse_args()
    files: list[Path] = []
    for given in args.paths:
        path = Path(given).resolve()
        files += sorted(p for p in path.rglob("*.yaml") if p.name != "backend.yaml") if path.is_dir() else [path]
    report = run(files)
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(report, indent=1) + "\n")
    print(f"{report['mutants']} mutants in {report['seconds']} s: "
          + ", ".join(f"{k} {v}" for k, v in report["verdicts"].items()))
    for kind, counts in report["by_kind"].items():
        print(f"  {kind:7} " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for label in report["escaped"]:
        print(f"  escaped: {label}")
    return 1 if report["escaped"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
