"""TableGen: one owned .td per atom, and include lines in the aggregation file's region."""

from __future__ import annotations

from dataclasses import dataclass

import jinja2

from atomgen.check.result import AnalysedAtom
from atomgen.render.base import RegionPiece, RenderOutput
from atomgen.render.names import atom_td_path, backend_names, spec_source
from atomgen.spec import asmformat
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec, Parameter

TRAIT_DEFS = {"whole_tile_copy": "Fly_WholeTileCopyTrait"}


@dataclass(frozen=True, slots=True)
class TdParameter:
    declaration: str  # `"int32_t":$m` or `DefaultValuedParameter<"int32_t", "0">:$cacheModifier`
    name: str


def cpp_storage_type(parameter: Parameter) -> str:
    return parameter.cpp_type


def cpp_literal(parameter: Parameter, value: object, context: str = "$_ctxt") -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    cpp_type = parameter.cpp_type.strip()
    cases = dict(parameter.enum)
    if cpp_type.endswith("Attr") and str(value) in cases:
        # An enum attribute (e.g. ::mlir::NVVM::LoadCacheModifierKindAttr): built from the enum's value.
        kind = cpp_type.removesuffix("Attr")
        return f"{cpp_type}::get({context}, static_cast<{kind}>({cases[str(value)]}))"
    return str(value)


def _optional_anchors(spec: AtomSpec) -> set[str]:
    anchors = set()
    for element in asmformat.parse_format(spec.assembly_format):
        if isinstance(element, asmformat.Group) and element.anchor:
            anchors.add(element.anchor)
    return anchors


def td_parameters(spec: AtomSpec) -> list[TdParameter]:
    anchors = _optional_anchors(spec)
    result = []
    for parameter in spec.parameters:
        storage = cpp_storage_type(parameter)
        if parameter.name in anchors and parameter.default is not None:
            declaration = (
                f'DefaultValuedParameter<"{storage}", "{cpp_literal(parameter, parameter.default)}">:${parameter.name}'
            )
        else:
            declaration = f'"{storage}":${parameter.name}'
        result.append(TdParameter(declaration, parameter.name))
    return result


@dataclass(frozen=True, slots=True)
class Builder:
    arguments: str  # `"int32_t":$m, "Type":$elemTyA`
    context_from: str  # a Type parameter the context is taken from
    call_arguments: str  # every parameter, defaults filled in


def td_builders(spec: AtomSpec) -> list[Builder]:
    builders = []
    for subset in spec.builders:
        chosen = [spec.parameter(name) for name in subset]
        if any(p is None for p in chosen):
            continue
        typed = [p for p in chosen if p is not None and p.is_type]
        if not typed:
            continue  # no Type to infer the context from; the default get(ctx, ...) serves
        arguments = ", ".join(f'"{cpp_storage_type(p)}":${p.name}' for p in chosen if p is not None)
        calls = []
        for parameter in spec.parameters:
            if parameter.name in subset:
                calls.append(parameter.name)
            elif parameter.default is not None:
                calls.append(cpp_literal(parameter, parameter.default, f"{typed[0].name}.getContext()"))
            else:
                calls = []
                break
        if calls:
            builders.append(Builder(arguments, typed[0].name, ", ".join(calls)))
    return builders


def base_class(spec: AtomSpec, backend: Backend) -> str:
    kind = ("stateful_" if spec.stateful else "") + spec.kind
    declared = backend.base_classes.get(kind)
    prefix = backend_names(backend).tablegen_prefix
    default = f"{prefix}_{'Stateful' if spec.stateful else ''}{'MmaOp' if spec.kind == 'mma' else 'CopyOp'}"
    return (declared.tablegen_class if declared is not None else None) or default


def render(atom: AnalysedAtom, backend: Backend, env: jinja2.Environment) -> RenderOutput:
    spec = atom.spec
    names = backend_names(backend)
    path = atom_td_path(spec, names)
    text = env.get_template("tablegen/atom.td.j2").render(
        spec=spec,
        source=spec_source(spec),
        guard=f"ATOMGEN_{names.tablegen_prefix.upper()}_{spec.type_name.upper()}_TD",
        base=base_class(spec, backend),
        traits=[TRAIT_DEFS[t] for t in spec.traits],
        parameters=td_parameters(spec),
        builders=td_builders(spec),
    )
    aggregation = f"{names.tablegen_dir}/{'MmaAtom' if spec.kind == 'mma' else 'CopyAtom'}.td"
    include = f'include "{path.removeprefix("include/")}"\n'
    return RenderOutput(files={path: text}, regions=[RegionPiece(aggregation, "atoms", spec.type_name, include)])
