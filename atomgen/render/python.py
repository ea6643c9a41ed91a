"""Python: the nanobind binding struct + registration line, and the DSL wrapper functions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import jinja2

from atomgen.check.result import AnalysedAtom, VerifyPlan
from atomgen.render import black
from atomgen.render.base import RegionPiece, RenderOutput
from atomgen.render.cpp.clang import clang_format
from atomgen.render.names import backend_names
from atomgen.spec import wrapper_call
from atomgen.spec.backend import Backend
from atomgen.spec.model import AtomSpec, Parameter
from atomgen.spec.sections import DEFAULT_DSL_MODULE
from atomgen.spec.sections import Wrapper as Declared  # the spec's; Wrapper below is the generated one
from atomgen.write.python_module import import_block, package_prefix

_PY_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")
DOCSTRING_ROWS = 48


@dataclass(frozen=True, slots=True)
class BindingArgument:
    cpp_parameter: str  # `int32_t m`, `PyType &elemTyA`
    cpp_value: str  # what is passed to getChecked
    python_spec: str  # `"m"_a` or `"cache_modifier"_a = 0`
    keyword_only: bool


def _python_literal(parameter: Parameter, value: Any) -> str:
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, int):
        return str(value)
    return repr(str(value))


def binding_arguments(spec: AtomSpec) -> list[BindingArgument]:
    arguments = []
    for parameter in spec.parameters:
        name = parameter.name
        if parameter.is_type:
            cpp_parameter, cpp_value = f"PyType &{name}", f"unwrap({name})"
        elif parameter.cpp_type == "bool":
            cpp_parameter, cpp_value = f"bool {name}", name
        elif parameter.is_integer:
            cpp_parameter, cpp_value = f"{parameter.cpp_type} {name}", name
        else:  # an enum attribute passed as its integer value
            enum_type = parameter.cpp_type.removesuffix("Attr")
            cpp_parameter = f"int {name}"
            cpp_value = f"{parameter.cpp_type}::get(ctx, static_cast<{enum_type}>({name}))"
        python_spec = f'"{parameter.python}"_a'
        if parameter.default is not None:
            default = parameter.default
            if parameter.enum and isinstance(default, str):
                default = dict(parameter.enum).get(default, 0)
            python_spec += " = " + ("true" if default is True else "false" if default is False else str(default))
        arguments.append(BindingArgument(cpp_parameter, cpp_value, python_spec, parameter.keyword_only))
    positional = [a for a in arguments if not a.keyword_only]
    return positional + [a for a in arguments if a.keyword_only]


def enum_checks(spec: AtomSpec) -> list[tuple[str, int, int]]:
    """(parameter, lowest, highest) for enum parameters bound as ints: range-checked in C++."""
    checks = []
    for parameter in spec.parameters:
        if parameter.enum:
            values = [v for _, v in parameter.enum]
            checks.append((parameter.name, min(values), max(values)))
    return checks


@dataclass(frozen=True, slots=True)
class Wrapper:
    name: str
    signature: str  # python parameter list
    call: str  # arguments passed to the binding's get()
    doc: str
    aliases: tuple[str, ...] = ()  # other names FlyDSL gives the same function (`MFMAScale = MFMA_Scale`)
    prologue: tuple[str, ...] = ()  # statements before the call: the defaults FlyDSL's signature fills in

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


def _py_default(parameter: Parameter) -> str:
    value = parameter.default
    if parameter.enum and isinstance(value, str):
        return repr(value)
    return _python_literal(parameter, value)


def dsl_wrappers(spec: AtomSpec, plan: VerifyPlan) -> list[Wrapper]:
    """One wrapper taking the binding's arguments, plus one per `fixed` variant in the spec."""
    # A docstring lists the table; a family of hundreds of rows (wgmma) is cut short.
    shown = plan.rows if len(plan.rows) <= DOCSTRING_ROWS else plan.rows[: DOCSTRING_ROWS // 2]
    supported = "\n".join(f"      - {row.description}" for row in shown)
    if len(shown) < len(plan.rows):
        supported += f"\n      - ... and {len(plan.rows) - len(shown)} more (the spec {spec.mnemonic} lists them all)"
    doc = f"{spec.summary}\n\n    Supported configurations:\n{supported}\n    "
    parameters = spec.parameters
    positional = [p for p in parameters if not p.keyword_only]
    keyword = [p for p in parameters if p.keyword_only]

    def signature(chosen: list[Parameter], fixed: dict[str, Any]) -> str:
        parts = []
        seen_default = False
        for parameter in chosen:
            if parameter.python in fixed:
                continue
            if parameter.default is not None:
                parts.append(f"{parameter.python}={_py_default(parameter)}")
                seen_default = True
            elif seen_default:
                parts.append(f"{parameter.python}=None")
            else:
                parts.append(parameter.python)
        kw = [p for p in keyword if p.python not in fixed]
        if kw:
            parts.append("*")
            parts.extend(f"{p.python}={_py_default(p) if p.default is not None else 'None'}" for p in kw)
        return ", ".join(parts)

    def call(fixed: dict[str, Any]) -> str:
        items = []
        for parameter in parameters:
            if parameter.python in fixed:
                value = fixed[parameter.python]
                items.append(
                    f"{parameter.python}={value!r}" if not isinstance(value, bool) else f"{parameter.python}={value}"
                )
            elif parameter.is_type:
                items.append(f"{parameter.python}=_ir_type({parameter.python})")
            elif parameter.enum:
                items.append(f"{parameter.python}=_enum_value({parameter.python}, {dict(parameter.enum)!r})")
            else:
                items.append(f"{parameter.python}={parameter.python}")
        return ", ".join(items)

    entries = spec.python.wrappers or (Declared(spec.type_name),)
    wrappers: list[Wrapper] = []
    main = entries[0]
    main_name = main.name
    if not _PY_IDENTIFIER.match(main_name):
        main_name = spec.type_name
    if main.arch_dispatch:
        # Several subtargets share this DSL name behind an architecture switch in FlyDSL;
        # each generated wrapper is suffixed so they can live in one module.
        main_name = f"{main_name}_{spec.subtarget}"
    # an alias of a wrapper behind an architecture switch would name FlyDSL's dispatcher, not this subtarget's
    aliases = () if main.arch_dispatch else tuple(a for a in main.aliases if _PY_IDENTIFIER.match(a))
    declared = None if main.arch_dispatch else declared_call(spec, main)
    if declared is not None:  # FlyDSL's signature, so that a kernel written against FlyDSL calls it unchanged
        parameters_text, prologue, arguments = declared
        wrappers.append(Wrapper(main_name, parameters_text, arguments, doc, aliases, prologue))
    else:
        wrappers.append(Wrapper(main_name, signature(positional, {}), call({}), doc, aliases))
    for entry in entries[1:]:
        name = entry.name
        if not _PY_IDENTIFIER.match(name) or not entry.fixed or entry.val_type:
            continue
        clean = {k: v for k, v in entry.fixed
                 if _PY_IDENTIFIER.match(k) and (not isinstance(v, str) or _PY_IDENTIFIER.match(v))}
        if len(clean) != len(entry.fixed):
            continue
        # an alias names what it fixes; the table stays on the wrapper it fixes (one copy per module)
        fixed_text = ", ".join(f"{k}={v!r}" for k, v in clean.items())
        wrappers.append(Wrapper(name, signature(positional, clean), call(clean),
                                f"`{main_name}` with {fixed_text} (its docstring lists the configurations)."))
    return wrappers


def declared_call(spec: AtomSpec, declared: Declared) -> tuple[str, tuple[str, ...], str] | None:
    """FlyDSL's declared wrapper as (parameter list, prologue, get() arguments), or None where the spec declares
    no signature (AG385 has refused one the generator cannot take)."""
    if not declared.signature:
        return None
    by_python = {parameter.python: parameter for parameter in spec.parameters}
    try:
        plan = wrapper_call.call_plan(declared.signature, declared.name, declared.maps, declared.defaults,
                                      [(p.python, p.default is not None) for p in spec.parameters])
    except wrapper_call.WrapperError:
        return None
    prologue = tuple(f"if {name} is None:\n        {name} = {_python(expr)}" for name, expr in plan.defaults)
    arguments = []
    for name, expr in plan.arguments:
        if expr is None:
            continue
        parameter, value = by_python[name], _python(expr)
        if parameter.is_type:
            value = f"_ir_type({value})"
        elif parameter.enum:
            value = f"_enum_value({value}, {dict(parameter.enum)!r})"
        arguments.append(f"{name}={value}")
    return plan.signature.text, prologue, ", ".join(arguments)


def _python(expr: wrapper_call.Expr) -> str:
    """A declared expression as Python (its names are the signature's, its types known element types)."""
    if isinstance(expr, wrapper_call.Number):
        return str(expr.value)
    if isinstance(expr, wrapper_call.Name):
        return expr.name
    if isinstance(expr, wrapper_call.TypeName):
        return f"_type({expr.name!r})"
    if isinstance(expr, wrapper_call.PerBits):
        return f"{expr.bits} // _width({expr.of})"
    if isinstance(expr, wrapper_call.Otherwise):
        name = expr.value.name
        return f"({name} if {name} is not None else {_python(expr.fallback)})"
    test = (f"_is_integer({expr.test.name})" if isinstance(expr.test, wrapper_call.IsInteger)
            else f"_ir_type({expr.test.name}) == _type({expr.test.type!r})")
    return f"({_python(expr.then)} if {test} else {_python(expr.otherwise)})"


def render(atom: AnalysedAtom, backend: Backend, env: jinja2.Environment) -> RenderOutput:
    spec = atom.spec
    names = backend_names(backend)
    binding_file = names.binding_file
    cpp_class = f"{names.cpp_namespace}::{spec.cpp_class}"
    in_spec_order = {a.cpp_parameter: a for a in binding_arguments(spec)}
    call_values = [
        next(a.cpp_value for a in in_spec_order.values() if a.cpp_parameter.split()[-1].lstrip("&") == p.name)
        for p in spec.parameters
    ]
    # a whole top-level declaration, so formatted alone it reads as in the file: FlyDSL's style, like the atoms
    struct = clang_format(env.get_template("python/binding.cpp.j2").render(
        spec=spec,
        cpp_class=cpp_class,
        arguments=binding_arguments(spec),
        call_values=call_values,
        enum_checks=enum_checks(spec),
        doc=f"{spec.summary} ({spec.mnemonic}; {len(spec.instances)} supported configurations)",
    ), "binding.cpp") + "\n"
    # each declaration followed by a blank line, as a hand-written file separates them
    binding_prelude = clang_format(env.get_template("python/binding_prelude.cpp.j2").render(), "binding.cpp") + "\n"
    default_namespace = f"mlir::python::MLIR_BINDINGS_PYTHON_DOMAIN::{names.dialect}"
    register = names.paths.get("python_binding_namespace", default_namespace)
    registration = f"::{register}::Py{spec.cpp_class}::bind(m);\n"
    module = spec.python.dsl_module
    if not _PY_IDENTIFIER.match(module):
        module = DEFAULT_DSL_MODULE
    dsl_path = backend.dsl_modules.get(module, f"{names.dsl_dir}/{module}.py")  # backend.yaml dsl_modules
    wrappers = dsl_wrappers(spec, atom.verify)
    dsl = black.top_level(env.get_template("python/wrappers.py.j2").render(wrappers=wrappers,
                                                                          binding_class=spec.cpp_class))
    used = helpers_used(dsl, env)
    exported = [name for wrapper in wrappers for name in wrapper.names]
    return RenderOutput(
        regions=[
            RegionPiece(binding_file, "types", "", binding_prelude),  # once per module: same key, same text
            RegionPiece(binding_file, "types", spec.type_name, struct),
            RegionPiece(binding_file, "register", spec.type_name, registration),
            *import_pieces(dsl_path, names.dialect, spec.cpp_class, any(h.reads_ir for h in used)),
            # the helpers this atom's wrappers call, each once per module (same key, same text), before them all
            *(RegionPiece(dsl_path, "wrappers", f"!{h.position:02d}", h.text) for h in used),
            RegionPiece(dsl_path, "wrappers", spec.type_name, dsl),
            RegionPiece(dsl_path, "wrappers", "~", "\n\n"),  # last: the blank lines black keeps after a definition
            RegionPiece(dsl_path, "exports", spec.type_name, "".join(f'__all__.append("{n}")\n' for n in exported)),
        ]
    )


@dataclass(frozen=True, slots=True)
class Helper:
    """A function of templates/python/prelude.py.j2 the wrappers call (`_ir_type(`)."""

    name: str
    position: int  # in the prelude: the order the module defines them in
    text: str  # black-formatted, after black's two blank lines
    reads_ir: bool  # it names `ir`, which the module then imports


def helpers_used(wrappers: str, env: jinja2.Environment) -> list[Helper]:
    """The prelude's helpers that `wrappers` (rendered Python) calls, and those they call in turn."""
    helpers = _prelude(env)
    used = {name for name in helpers if re.search(rf"\b{name}\(", wrappers)}
    for helper in helpers.values():  # a helper's helpers (one level deep: _width calls _ir_type)
        if helper.name in used:
            used |= {name for name in helpers if name != helper.name and re.search(rf"\b{name}\(", helper.text)}
    return [helper for helper in helpers.values() if helper.name in used]


def _prelude(env: jinja2.Environment) -> dict[str, Helper]:
    text = black.top_level(env.get_template("python/prelude.py.j2").render())
    pieces = re.split(r"\n\n\n(?=def )", text.strip("\n"))
    found = {}
    for position, piece in enumerate(pieces):
        name = re.match(r"def (\w+)\(", piece)
        assert name is not None, piece[:40]
        found[name.group(1)] = Helper(name.group(1), position, f"\n\n{piece}\n", bool(re.search(r"\bir\.", piece)))
    return found


def import_pieces(dsl_path: str, dialect: str, binding_class: str, ir: bool) -> list[RegionPiece]:
    """The module's import of its binding classes, in FlyDSL's form: relative, a name per line, the names in
    ruff's order. The statement's first and last lines are pieces every atom of the module gives alike (ordered
    "#" and "~" around the names' keys); `ir`, which some helpers read, is imported before them ("!")."""
    prefix = package_prefix(dsl_path)
    ir_line = import_block([(f"{prefix}_mlir", ["ir"], False)]).partition("\n")[0] + "\n"
    # the block around one name, "@"
    opening, _, closing = import_block([(f"{prefix}_mlir.dialects.{dialect}", ["@"], True)]).partition("    @,\n")
    order = re.sub(r"\d+", lambda digits: digits.group().zfill(8), binding_class).lower()  # natural, no case
    return [*([RegionPiece(dsl_path, "imports", "!", ir_line)] if ir else []),
            RegionPiece(dsl_path, "imports", "#", opening),
            RegionPiece(dsl_path, "imports", order, f"    {binding_class},\n"),
            RegionPiece(dsl_path, "imports", "~", closing)]
