#!/usr/bin/env python3
"""Derive atomgen's intrinsic operand tables from LLVM's own TableGen (issue 48, point 1).

The instruction's operands come from LLVM, not from us: this script runs the installed LLVM's
``llvm-tblgen --dump-json`` on the MLIR dialect definitions (ROCDLOps.td, NVVMOps.td) and on the
LLVM intrinsic definitions (llvm/IR/Intrinsics.td, which includes IntrinsicsAMDGPU.td and
IntrinsicsNVVM.td), keeps what atomgen can use and writes four JSON tables:

  rocdl_ops.json          every ROCDL op (matrix, buffer, DS/LDS, tensor, global->LDS): mnemonic,
                          C++ class, the ``arguments`` dag in order (name, operand or attribute,
                          variadic/optional, default, constraint), results, the intrinsic it lowers to
  nvvm_ops.json           the same for NVVM ops (mma, wgmma, tcgen05, cp.async(.bulk(.tensor)),
                          ldmatrix, stmatrix)
  amdgpu_intrinsics.json  llvm.amdgcn.* intrinsics of the same families: parameter types in order,
                          which are ImmArg (immediates), results; and ``param_comments``: the
                          trailing ``// ...`` comment of each parameter line of the class (or def)
                          that spells the parameter list, because IntrinsicsAMDGPU.td names
                          parameters only in comments
  nvvm_intrinsics.json    llvm.nvvm.* intrinsics of the NVVM families above

Each entry cites its .td file and line (TableGen's ``!locs``). Output is byte-stable: sorted keys,
one entry per line. Usage:

  scripts/llvm-operands.py [--out atomgen/intrinsics/llvm22] [--llvm-root /usr/lib/llvm-22]

tests/test_llvm_operands.py reruns this script and holds the committed tables to its output.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "atomgen" / "intrinsics" / "llvm22"

ROCDL_TD = "mlir/Dialect/LLVMIR/ROCDLOps.td"
NVVM_TD = "mlir/Dialect/LLVMIR/NVVMOps.td"
INTRINSICS_TD = "llvm/IR/Intrinsics.td"
AMDGPU_TD = "llvm/IR/IntrinsicsAMDGPU.td"
NVVM_INTRINSICS_TD = "llvm/IR/IntrinsicsNVVM.td"

# What atomgen can use (ROCDL op mnemonic / intrinsic name after the target prefix, dots for underscores).
ROCDL_FAMILY = re.compile(
    r"^(mfma|smfmac|wmma|swmmac)\.|buffer|^ds[._]|lds|^tensor\.|^global\.load|^cluster\.load"
)
NVVM_FAMILY = re.compile(r"^(mma|wgmma|tcgen05|ldmatrix|stmatrix|cp\.async)(\.|_|$)")

INTRINSIC_BASES = {"Intrinsic", "DefaultAttrsIntrinsic", "PureIntrinsic"}
NOT_PARAM_CLASSES = INTRINSIC_BASES | {"ClangBuiltin", "MSBuiltin", "SDPatternOperator"}


# ----------------------------------------------------------------------------------------------
# llvm-tblgen


def tblgen_version(tblgen: str) -> str:
    out = subprocess.run([tblgen, "--version"], check=True, capture_output=True, text=True).stdout
    return " ".join(line.strip() for line in out.splitlines() if line.strip())


def dump_json(tblgen: str, include: Path, td: Path) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "dump.json"
        subprocess.run(
            [tblgen, "--dump-json", "-I", str(include), str(td), "-o", str(out)],
            check=True,
            capture_output=True,
            text=True,
        )
        with out.open(encoding="utf-8") as f:
            data: dict[str, Any] = json.load(f)
    return data


class Sources:
    """Maps TableGen's ``!locs`` (``File.td:LINE``, basename only) back to paths under the include root."""

    def __init__(self, include: Path, read: list[Path]) -> None:
        self.include = include
        self.by_base: dict[str, str] = {}
        for path in read:
            self.by_base.setdefault(path.name, str(path))
        self._lines: dict[str, list[str]] = {}

    def path(self, base: str) -> str:
        if base not in self.by_base:
            hits = sorted(str(p) for p in self.include.rglob(base))
            self.by_base[base] = hits[0] if len(hits) == 1 else base
        return self.by_base[base]

    def loc(self, loc: str) -> str:
        base, _, line = loc.rpartition(":")
        return f"{self.path(base)}:{line}"

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            self._lines[path] = Path(path).read_text(encoding="utf-8").splitlines()
        return self._lines[path]


# ----------------------------------------------------------------------------------------------
# MLIR ops


def ref(value: Any) -> str | None:
    if isinstance(value, dict) and value.get("kind") == "def":
        return str(value["def"])
    return None


def describe_constraint(d: dict[str, Any], name: str | None) -> str:
    """The constraint as ODS spells it, reconstructed for anonymous records (DefaultValuedAttr<...>)."""
    if name is None:
        return "?"
    rec = d.get(name)
    if rec is None or not rec.get("!anonymous"):
        return name
    sup = rec["!superclasses"]
    last = sup[-1]
    if "Arg" in sup and "constraint" in rec:
        return describe_constraint(d, ref(rec["constraint"]))
    if last == "DefaultValuedAttr":
        return f'DefaultValuedAttr<{describe_constraint(d, ref(rec["baseAttr"]))}, "{rec["defaultValue"]}">'
    if last in ("OptionalAttr", "ConfinedAttr", "DefaultValuedOptionalAttr") and "baseAttr" in rec:
        return f"{last}<{describe_constraint(d, ref(rec['baseAttr']))}>"
    if last in ("Variadic", "Optional") and "baseType" in rec:
        return f"{last}<{describe_constraint(d, ref(rec['baseType']))}>"
    if last == "LLVM_ScalarOrVectorOf" and rec.get("allowedTypes"):
        return f"LLVM_ScalarOrVectorOf<{describe_constraint(d, ref(rec['allowedTypes'][0]))}>"
    if last == "AnyTypeOf" and rec.get("allowedTypes"):
        return "AnyTypeOf<[" + ", ".join(describe_constraint(d, ref(t)) for t in rec["allowedTypes"]) + "]>"
    return f"{last}<...>"


def unwrap_arg(d: dict[str, Any], name: str | None) -> tuple[str | None, dict[str, Any]]:
    rec = d.get(name or "", {})
    while rec.get("!anonymous") and "Arg" in rec.get("!superclasses", []) and "constraint" in rec:
        name = ref(rec["constraint"])
        rec = d.get(name or "", {})
    return name, rec


def argument(d: dict[str, Any], value: Any, arg_name: str | None) -> dict[str, Any]:
    cname, rec = unwrap_arg(d, ref(value))
    sup = set(rec.get("!superclasses", []))
    if "AttrConstraint" in sup or "Attr" in sup:
        kind = "attribute"
    elif "TypeConstraint" in sup or "Type" in sup:
        kind = "operand"
    elif "Property" in sup or "PropConstraint" in sup:
        kind = "property"
    else:
        kind = "unknown"
    default = rec.get("defaultValue") if isinstance(rec.get("defaultValue"), str) else None
    optional = bool(
        "Optional" in sup
        or "OptionalAttr" in sup
        or rec.get("isOptional") == 1
        or (kind == "attribute" and default not in (None, ""))
    )
    entry: dict[str, Any] = {
        "name": arg_name,
        "kind": kind,
        "constraint": describe_constraint(d, cname),
        "default": default if default not in (None, "") else None,
        "optional": optional,
        "variadic": bool("Variadic" in sup or "VariadicOfVariadic" in sup),
    }
    summary = rec.get("summary")
    if isinstance(summary, str) and summary:
        entry["summary"] = summary
    return entry


def int_list(cpp: Any) -> list[int] | None:
    if not isinstance(cpp, str):
        return None
    return [int(x) for x in re.findall(r"-?\d+", cpp)]


def mlir_ops(d: dict[str, Any], sources: Sources, family: re.Pattern[str]) -> dict[str, Any]:
    ops: dict[str, Any] = {}
    for name in d["!instanceof"].get("Op", []):
        rec = d[name]
        dialect = d[ref(rec["opDialect"]) or ""]
        mnemonic = f"{dialect['name']}.{rec['opName']}"
        if not family.search(rec["opName"]):
            continue
        # ODS (mlir/lib/TableGen/Operator.cpp): the C++ class name is the def name after the first '_'.
        prefix, _, cpp_class = name.partition("_")
        if not cpp_class:
            cpp_class = prefix
        args = rec["arguments"]["args"] if isinstance(rec.get("arguments"), dict) else []
        results = rec["results"]["args"] if isinstance(rec.get("results"), dict) else []
        entry: dict[str, Any] = {
            "def": name,
            "op_class": cpp_class,
            "cpp_namespace": rec.get("cppNamespace"),
            "classes": [c for c in rec["!superclasses"] if c.startswith(f"{prefix}_")],
            "source": [sources.loc(loc) for loc in rec["!locs"]],
            "arguments": [argument(d, value, arg_name) for value, arg_name in args],
            "results": [argument(d, value, res_name) for value, res_name in results],
        }
        enum = rec.get("llvmEnumName")
        if isinstance(enum, str) and enum:
            entry["llvm_intrinsic"] = "llvm." + enum.replace("_", ".")
            entry["llvm_enum"] = enum
        imm = int_list(rec.get("immArgPositionsCpp"))
        if imm is not None:
            entry["imm_arg_positions"] = imm
            entry["imm_arg_names"] = re.findall(r'StringLiteral\("([^"]*)"\)', rec.get("immArgAttrNamesCpp") or "")
        ops[mnemonic] = entry
    return ops


# ----------------------------------------------------------------------------------------------
# LLVM intrinsics


def describe_type(d: dict[str, Any], value: Any) -> str:
    name = ref(value)
    if name is None:
        return "?"
    rec = d[name]
    if not rec.get("!anonymous"):
        return name
    last = rec["!superclasses"][-1]
    if last == "LLVMMatchType":
        return f"LLVMMatchType<{rec['Number']}>"
    if last == "LLVMQualPointerType":
        sig = rec.get("Sig") or []
        return f"LLVMQualPointerType<{sig[1] if len(sig) > 1 else 0}>"
    return f"{last}<...>"


def intrinsic_name(def_name: str, rec: dict[str, Any]) -> str:
    # CodeGenIntrinsic (llvm/utils/TableGen/Basic/CodeGenIntrinsics.cpp): LLVMName if set, else
    # "llvm." + the def name after "int_" with every '_' turned into '.'.
    if rec.get("LLVMName"):
        return str(rec["LLVMName"])
    return "llvm." + def_name.removeprefix("int_").replace("_", ".")


TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_]*|-?\d+|\S')


def strip_comment(line: str) -> tuple[str, str | None]:
    in_str = False
    i = 0
    while i < len(line):
        ch = line[i]
        if ch == '"':
            in_str = not in_str
        elif not in_str and line.startswith("//", i):
            return line[:i], line[i + 2 :].strip()
        i += 1
    return line, None


TOP_LEVEL = re.compile(r"^(class|def|defm|multiclass|defset|foreach|let|include|})\b")


def param_comments(lines: list[str], start: int) -> dict[str, Any] | None:
    """The literal parameter list of the ``Intrinsic<[rets], [params], ...>`` that the class or def
    starting at 1-based line ``start`` spells, each element with its line and trailing comment."""
    end = start
    while end < len(lines) and (end == start or not TOP_LEVEL.match(lines[end])):
        end += 1
    tokens: list[tuple[str, int]] = []
    trailing: dict[int, str] = {}
    for lineno in range(start, end + 1):
        code, comment = strip_comment(lines[lineno - 1])
        if comment is not None and code.strip():
            trailing[lineno] = comment
        tokens.extend((tok, lineno) for tok in TOKEN.findall(code))
    depth = 0
    for n, (tok, _) in enumerate(tokens):  # the statement ends at its first top-level ';'
        if tok in "<[({":
            depth += 1
        elif tok in ">])}":
            depth -= 1
        elif tok == ";" and depth == 0:
            del tokens[n:]
            break
    for i in range(len(tokens) - 1):
        if tokens[i][0] in INTRINSIC_BASES and tokens[i + 1][0] == "<":
            break
    else:
        return None
    # template arguments of Intrinsic<...>: split at depth-1 commas
    groups: list[list[tuple[str, int]]] = [[]]
    depth = 0
    for tok, lineno in tokens[i + 1 :]:
        if tok in "<[({":
            depth += 1
            if depth == 1:
                continue
        elif tok in ">])}":
            depth -= 1
            if depth == 0:
                break
        if depth == 1 and tok == ",":
            groups.append([])
            continue
        groups[-1].append((tok, lineno))
    if len(groups) < 2:
        return None

    def elements(group: list[tuple[str, int]]) -> list[list[tuple[str, int]]] | None:
        if not group or group[0][0] != "[" or group[-1][0] != "]":
            return None
        elems: list[list[tuple[str, int]]] = [[]]
        depth = 0
        for tok, lineno in group[1:-1]:
            if tok in "<[({":
                depth += 1
            elif tok in ">])}":
                depth -= 1
            if depth == 0 and tok == ",":
                elems.append([])
                continue
            elems[-1].append((tok, lineno))
        return [e for e in elems if e]

    def render(elems: list[list[tuple[str, int]]]) -> list[dict[str, Any]]:
        ends: dict[int, int] = {}
        for e in elems:
            ends[e[-1][1]] = ends.get(e[-1][1], 0) + 1
        out = []
        for e in elems:
            last = e[-1][1]
            text = "".join(tok if tok != "," else ", " for tok, _ in e)
            comment = trailing.get(last) if ends[last] == 1 and e[0][1] == last else None
            out.append({"text": text, "line": last, "comment": comment})
        return out

    rets, params = elements(groups[0]), elements(groups[1])
    if rets is None or params is None:
        return None
    doc: list[str] = []
    j = start - 2
    while j >= 0 and lines[j].lstrip().startswith("//"):
        doc.insert(0, lines[j].lstrip()[2:].strip())
        j -= 1
    return {
        "line": start,
        "doc": doc,
        "doc_line": j + 2 if doc else None,
        "results": render(rets),
        "params": render(params),
    }


def class_line(lines: list[str], name: str) -> int | None:
    pattern = re.compile(rf"^\s*class\s+{re.escape(name)}\b")
    for i, line in enumerate(lines, 1):
        if pattern.match(line):
            return i
    return None


def intrinsics(
    d: dict[str, Any], sources: Sources, target: str, family: re.Pattern[str], td: str, with_comments: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    prefix = f"int_{target}_"
    table: dict[str, Any] = {}
    comments: dict[str, Any] = {}
    td_path = str(sources.include / td)
    lines = sources.lines(td_path)
    for def_name in d["!instanceof"]["Intrinsic"]:
        if not def_name.startswith(prefix):
            continue
        rec = d[def_name]
        short = def_name[len(prefix) :].replace("_", ".")
        if not family.search(short):
            continue
        imm = sorted(
            d[p["def"]]["ArgNo"] - 1  # ImmArg<ArgIndex<N>>: ArgNo = N + 1 (Intrinsics.td class ArgIndex)
            for p in rec["IntrProperties"]
            if "ImmArg" in d[p["def"]]["!superclasses"]
        )
        props = sorted(
            p["def"] for p in rec["IntrProperties"] if not d[p["def"]].get("!anonymous")
        )
        entry: dict[str, Any] = {
            "def": def_name,
            "source": [sources.loc(loc) for loc in rec["!locs"]],
            "classes": [c for c in rec["!superclasses"] if c not in NOT_PARAM_CLASSES],
            "params": [
                {"index": i, "type": describe_type(d, t), "immediate": i in imm}
                for i, t in enumerate(rec["ParamTypes"])
            ],
            "results": [describe_type(d, t) for t in rec["RetTypes"]],
            "properties": props,
        }
        if rec.get("ClangBuiltinName"):
            entry["clang_builtin"] = rec["ClangBuiltinName"]
        if with_comments:
            # The parameter list is spelled by the def itself or by its most-derived class that
            # writes Intrinsic<[...], [...]> literally.
            found: tuple[str, dict[str, Any]] | None = None
            first = rec["!locs"][0]
            if first.rpartition(":")[0] == Path(td).name:
                own = param_comments(lines, int(first.rpartition(":")[2]))
                if own is not None:
                    found = (def_name, own)
            if found is None:
                for cls in reversed(rec["!superclasses"]):
                    if cls in NOT_PARAM_CLASSES:
                        continue
                    line = class_line(lines, cls)
                    parsed = param_comments(lines, line) if line else None
                    if parsed is not None:
                        found = (cls, parsed)
                        break
            if found is not None and len(found[1]["params"]) == len(entry["params"]):
                key, parsed = found
                comments[key] = {
                    "source": f"{td_path}:{parsed['line']}",
                    "doc": parsed["doc"],
                    "doc_source": f"{td_path}:{parsed['doc_line']}" if parsed["doc_line"] else None,
                    "results": [
                        {"text": r["text"], "comment": r["comment"], "source": f"{td_path}:{r['line']}"}
                        for r in parsed["results"]
                    ],
                    "params": [
                        {"index": i, "text": p["text"], "comment": p["comment"], "source": f"{td_path}:{p['line']}"}
                        for i, p in enumerate(parsed["params"])
                    ],
                }
                entry["param_comments"] = key
                for p, c in zip(entry["params"], parsed["params"]):
                    if c["comment"] is not None:
                        p["comment"] = c["comment"]
        table[intrinsic_name(def_name, rec)] = entry
    return table, comments


# ----------------------------------------------------------------------------------------------
# output


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def write_table(path: Path, header: dict[str, Any], sections: dict[str, dict[str, Any]]) -> None:
    """One entry per line: ``{"llvm": {...},\\n"ops": {\\n"name": {...},\\n...}}``."""
    parts = ['{\n"llvm": ' + dumps(header)]
    for key in sorted(sections):
        body = ",\n".join(f"{dumps(name)}: {dumps(sections[key][name])}" for name in sorted(sections[key]))
        parts.append(f"{dumps(key)}: {{\n{body}\n}}")
    path.write_text(",\n".join(parts) + "\n}\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--llvm-root", type=Path, default=Path("/usr/lib/llvm-22"))
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    tblgen = str(args.llvm_root / "bin" / "llvm-tblgen")
    include = args.llvm_root / "include"
    if not os.access(tblgen, os.X_OK):
        print(f"llvm-operands: {tblgen} not found", file=sys.stderr)
        return 2
    version = tblgen_version(tblgen)
    args.out.mkdir(parents=True, exist_ok=True)

    def header(td: str, read: list[str]) -> dict[str, Any]:
        return {
            "version": version,
            "tblgen": tblgen,
            "command": f"{tblgen} --dump-json -I {include} {include / td}",
            "td": [str(include / r) for r in read],
            "generator": "scripts/llvm-operands.py",
        }

    for td, out_name, family in ((ROCDL_TD, "rocdl_ops.json", ROCDL_FAMILY), (NVVM_TD, "nvvm_ops.json", NVVM_FAMILY)):
        d = dump_json(tblgen, include, include / td)
        sources = Sources(include, [include / td])
        write_table(args.out / out_name, header(td, [td]), {"ops": mlir_ops(d, sources, family)})

    d = dump_json(tblgen, include, include / INTRINSICS_TD)
    sources = Sources(include, [include / INTRINSICS_TD, include / AMDGPU_TD, include / NVVM_INTRINSICS_TD])
    amd, amd_comments = intrinsics(d, sources, "amdgcn", ROCDL_FAMILY, AMDGPU_TD, with_comments=True)
    write_table(
        args.out / "amdgpu_intrinsics.json",
        header(INTRINSICS_TD, [INTRINSICS_TD, AMDGPU_TD]),
        {"intrinsics": amd, "param_comments": amd_comments},
    )
    nv, _ = intrinsics(d, sources, "nvvm", NVVM_FAMILY, NVVM_INTRINSICS_TD, with_comments=False)
    write_table(
        args.out / "nvvm_intrinsics.json",
        header(INTRINSICS_TD, [INTRINSICS_TD, NVVM_INTRINSICS_TD]),
        {"intrinsics": nv},
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
