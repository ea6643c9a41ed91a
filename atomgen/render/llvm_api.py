"""LLVM API profiles: how the generated C++ calls ROCDL ops for one LLVM/MLIR version.

The intrinsics table (atomgen/intrinsics/<backend>.yaml, `llvm_api`) names each profile and how its op
signatures differ from the ones the intrinsics table lists (FlyDSL's pinned LLVM, the default):

  immediates_as_operands  op classes whose immediates are i32 SSA operands of one ValueRange
  aux_as_operand          buffer ops take `aux` as an i32 operand instead of an IntegerAttr
  enums_as_integers       ROCDL enums (MFMAPermB, MatrixFormat, ...) do not exist: pass integers
  buffer_atomic_result    buffer atomics return the old value (false: they have no result)
  reorder                 op classes whose argument list differs: "$i" is the intrinsics table list's
                          i-th argument (0 = result type), anything else a literal C++ argument
  missing                 ops this LLVM lacks: the generated code reports an error instead

`gen --llvm-api NAME` selects one for a whole run (render/plan.py sets it around rendering).
"""

from __future__ import annotations

import fnmatch
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Iterator

DEFAULT = "rocm-pinned"


class ProfileError(Exception):
    """An unknown profile name (the message lists the known ones)."""


@dataclass(frozen=True, slots=True)
class Profile:
    name: str = DEFAULT
    summary: str = ""
    immediates_as_operands: tuple[str, ...] = ()
    aux_as_operand: bool = False
    immediates_printed: bool = False  # the printed form of every MMA immediate is known: CHECK lines spell them
    enums_as_integers: bool = False
    buffer_atomic_result: bool = True
    tensor_groups: int = 5  # descriptor groups the TDM tensor load/store ops take
    tensor_cache_keyword: str = ""  # how their assembly prints the cache policy: `, 0` or `cachepolicy 0`
    reorder: dict[str, tuple[str, ...]] = field(default_factory=dict)
    missing: dict[str, str] = field(default_factory=dict)

    def lacks(self, op: str) -> str:
        """The intrinsic name when this LLVM has no op class `op` (`ROCDL::X` or `X`), else ''."""
        return self.missing.get(op.rsplit("::", 1)[-1], "")

    def operand_immediates(self, op: str) -> bool:
        name = op.rsplit("::", 1)[-1]
        return any(fnmatch.fnmatchcase(name, pattern) for pattern in self.immediates_as_operands)


_ACTIVE: ContextVar[Profile | None] = ContextVar("llvm_api", default=None)
_PINNED = Profile()


def _intrinsics_file(backend: str) -> dict[str, Any]:
    from atomgen.intrinsics.compiled import shipped_table

    shipped = shipped_table(backend)
    data = shipped[0] if shipped else {}
    api = data.get("llvm_api") if isinstance(data, dict) else None
    return api if isinstance(api, dict) else {"default": DEFAULT, "profiles": {DEFAULT: {}}}


def names(backend: str = "rocdl") -> list[str]:
    return sorted(_intrinsics_file(backend)["profiles"])


def load(name: str | None, backend: str = "rocdl") -> Profile:
    api = _intrinsics_file(backend)
    chosen = name or str(api.get("default", DEFAULT))
    data = api["profiles"].get(chosen)
    if data is None:
        raise ProfileError(f"unknown --llvm-api '{chosen}'; the {backend} intrinsics table has: "
                           f"{', '.join(names(backend))}")
    return Profile(
        name=chosen,
        summary=str(data.get("summary", "")),
        immediates_as_operands=tuple(str(p) for p in data.get("immediates_as_operands", ())),
        aux_as_operand=bool(data.get("aux_as_operand", False)),
        immediates_printed=bool(data.get("immediates_printed", False)),
        enums_as_integers=bool(data.get("enums_as_integers", False)),
        buffer_atomic_result=bool(data.get("buffer_atomic_result", True)),
        tensor_groups=int(data.get("tensor_groups", 5)),
        tensor_cache_keyword=str(data.get("tensor_cache_keyword", "")),
        reorder={str(k): tuple(str(t) for t in v) for k, v in (data.get("reorder") or {}).items()},
        missing={str(k): str(v) for k, v in (data.get("missing") or {}).items()},
    )


def active() -> Profile:
    return _ACTIVE.get() or _PINNED


@contextmanager
def using(profile: Profile) -> Iterator[None]:
    token = _ACTIVE.set(profile)
    try:
        yield
    finally:
        _ACTIVE.reset(token)


_CAST = re.compile(r"^static_cast<ROCDL::\w+>\((.*)\)$")
_CASE = re.compile(r"^ROCDL::(\w+)::(\w+)$")
_CONSTRUCT = re.compile(r"^ROCDL::\w+\((\d+)\)$")


def integer_arg(text: str, enums: dict[str, dict[str, int]]) -> str:
    """An enum-typed argument as the integer the profile's unwrapped builder takes."""
    if (match := _CAST.match(text)) is not None:
        return f"static_cast<uint32_t>({match.group(1)})"
    if (match := _CONSTRUCT.match(text)) is not None:
        return f"uint32_t{{{match.group(1)}}}"
    if (match := _CASE.match(text)) is not None:
        cases = enums.get(match.group(1), {})
        if match.group(2) in cases:
            return f"uint32_t{{{cases[match.group(2)]}}}"
    return text


def _enum_cases(backend: str = "rocdl") -> dict[str, dict[str, int]]:
    from atomgen.intrinsics.compiled import shipped_table

    shipped = shipped_table(backend)
    enums = (shipped[0].get("enums") if shipped else None) or {}
    return {str(name): {str(k): int(v) for k, v in (e.get("cases") or {}).items()} for name, e in enums.items()}


def adapt_call(op: str, args: tuple[str, ...], values: set[str]) -> tuple[str, ...]:
    """A typed op's argument list (result type first) for the active profile.

    `values` are the arguments that are SSA values already (a, b, c, state reads); with
    `immediates_as_operands` every other argument after the result type becomes an i32 constant
    and all of them go into one ValueRange, in order.
    """
    profile = active()
    if profile.enums_as_integers:
        cases = _enum_cases()
        args = tuple(integer_arg(arg, cases) for arg in args)
    name = op.rsplit("::", 1)[-1]
    template = next((t for pattern, t in profile.reorder.items() if fnmatch.fnmatchcase(name, pattern)), None)
    if template is not None:
        args = tuple(args[int(t[1:])] if re.fullmatch(r"\$\d+", t) and int(t[1:]) < len(args) else t
                     for t in template)
    if not profile.operand_immediates(op) or not args:
        return args
    constant = "arith::ConstantIntOp::create(builder, loc, {}, 32).getResult()"
    operands = [arg if arg in values else constant.format(arg) for arg in args[1:]]
    return (args[0], "ValueRange{" + ", ".join(operands) + "}")


def lacks_message(mnemonic: str, op: str) -> str:
    """The error the generated code reports where this LLVM lacks `op` (empty when it has it)."""
    profile = active()
    intrinsic = profile.lacks(op)
    if not intrinsic:
        return ""
    return (
        f"{mnemonic}: {intrinsic} is not available in the LLVM this FlyDSL was built against "
        f"(atomgen --llvm-api {profile.name}); build with FlyDSL's pinned LLVM to use this atom"
    )


def lacking_profiles(op_classes: set[str], backend: str = "rocdl") -> list[tuple[str, str]]:
    """(profile, intrinsic) for every profile of the intrinsics table that lacks one of these op classes.

    The generated FileCheck tests are expected to fail (lit feature `llvm-api-<profile>`) where
    fly-opt is built against such an LLVM: the atom reports the missing op instead of lowering.
    """
    found = []
    for name in names(backend):
        profile = load(name, backend)
        missing = sorted({profile.lacks(op) for op in op_classes} - {""})
        if missing:
            found.append((name, ", ".join(missing)))
    return found
