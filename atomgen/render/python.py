"""Python: the nanobind binding struct + registration line, and the DSL wrapper functions."""

from __future__ import annotations

import ast
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
    dispatcher: str = ""  # FlyDSL's architecture switch that calls this wrapper on its chips (`WMMA`)

    @property
    def names(self) -> tuple[str, ...]:
        """Every name this atom's wrappers define or share (a hand-written definition of one is replaced)."""
        return (self.name, *self.aliases, *((self.dispatcher,) if self.dispatcher else ()))

    @property
    def exported(self) -> tuple[str, ...]:
        """The names this atom alone exports (the dispatcher is exported once, by its own piece)."""
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
        dispatcher = main.name if dispatched(spec) else ""
        wrappers.append(Wrapper(main_name, signature(positional, {}), call({}), doc, aliases, dispatcher=dispatcher))
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


def dispatched(spec: AtomSpec) -> bool:
    """Whether FlyDSL calls this atom's wrapper from an architecture switch of its DSL name (`WMMA` on gfx11,
    gfx120x and gfx1250): the main wrapper declares `arch_dispatch` and the atom is one FlyDSL has (an atom only
    atomgen has never joins a switch FlyDSL does not have)."""
    wrappers = spec.python.wrappers
    return bool(wrappers and wrappers[0].arch_dispatch and _PY_IDENTIFIER.match(wrappers[0].name)
                and not spec.tests.flydsl_has_no_atom)


class DispatchError(ValueError):
    """A declared architecture switch the generator cannot write (the message says why)."""


def _dispatch_test(pattern: str) -> str:
    """`arch_dispatch`'s glob as FlyDSL tests the chip: a prefix (`gfx11*`) or one chip (`gfx942`)."""
    if re.fullmatch(r"[A-Za-z0-9_]+\*", pattern):
        return f"arch.startswith({pattern[:-1]!r})"
    if re.fullmatch(r"[A-Za-z0-9_]+", pattern):
        return f"arch == {pattern!r}"
    raise DispatchError(f"arch_dispatch '{pattern}': only a chip or a prefix glob (`gfx11*`) is generated")


def dispatcher_pieces(spec: AtomSpec, wrapper: Wrapper, dsl_path: str) -> list[RegionPiece]:
    """FlyDSL's architecture switch (`WMMA(m, n, k, elem_ty_ab, elem_ty_acc=None, **kwargs)`) in pieces that every
    atom behind it gives alike, plus this atom's branch: `if arch.startswith("gfx11"): return WMMA_gfx11(...)`.

    The switch takes the declared `signature`; each get() argument of the branch's wrapper takes its `maps` entry
    (over the signature's parameters and the `kwargs` it names), else the signature's parameter of that name, else
    comes through `**kwargs` (a kwarg that `maps` reads is taken out of them first). Its pieces sort after every
    wrapper ("|" follows the identifiers that key them), the branches in the order of their subtargets."""
    declared = spec.python.wrappers[0]
    name = declared.name
    match = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*\((.*)\)\s*", declared.signature, re.S)
    if match is None or match.group(1) != name:
        raise DispatchError(f"{spec.mnemonic}: signature '{declared.signature}' is not `{name}(parameters)`")
    function = ast.parse(f"def f({match.group(2)}): pass").body[0]
    assert isinstance(function, ast.FunctionDef)
    arguments = function.args
    names = [a.arg for a in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs)]
    kwargs = arguments.kwarg.arg if arguments.kwarg else ""
    taken = [k for k in declared.kwargs if _PY_IDENTIFIER.match(k)] if kwargs else []
    mapped = {argument: wrapper_call.parse_expr(text, [*names, *taken], ("maps", argument))
              for argument, text in declared.maps}
    read = {n for expr in mapped.values() for n in _expr_names(expr)}
    prologue = [f"{k} = {kwargs}.pop({k!r}, None)" for k in taken if k in read]
    call = []
    for parameter in spec.parameters:
        python = parameter.python
        if python in mapped:
            call.append(f"{python}={_python(mapped[python])}")
        elif python in names:
            call.append(f"{python}={python}")
    if kwargs:
        call.append(f"**{kwargs}")
    doc = (f"FlyDSL's architecture switch: the `{name}` atom of the chip compiled for (`get_rocm_arch()`).\n\n"
           "    One branch per chip; the wrapper a branch calls lists that chip's configurations.\n    ")
    body = "".join(f"        {line}\n" for line in prologue)
    source = (f"def {name}({ast.unparse(arguments)}):\n"
              f'    """{doc}"""\n'
              "    from flydsl.runtime.device import get_rocm_arch\n\n"
              '    arch = get_rocm_arch() or ""\n'
              f"    if {_dispatch_test(declared.arch_dispatch)}:\n{body}"
              f"        return {wrapper.name}({', '.join(call)})\n"
              f'    raise ValueError(f"{name} is not available on target arch {{arch!r}}")\n')
    text = black.top_level(source)
    head, _, rest = text.partition("    if ")
    branch, _, tail = rest.partition("    raise ")
    return [RegionPiece(dsl_path, "wrappers", f"|{name}:0", head),
            RegionPiece(dsl_path, "wrappers", f"|{name}:1:{spec.subtarget}", "    if " + branch),
            RegionPiece(dsl_path, "wrappers", f"|{name}:2", "    raise " + tail)]


def _expr_names(expr: wrapper_call.Expr) -> set[str]:
    if isinstance(expr, wrapper_call.Name):
        return {expr.name}
    if isinstance(expr, wrapper_call.PerBits):
        return {expr.of}
    if isinstance(expr, wrapper_call.Otherwise):
        return _expr_names(expr.value) | _expr_names(expr.fallback)
    if isinstance(expr, wrapper_call.Choice):
        return {expr.test.name} | _expr_names(expr.then) | _expr_names(expr.otherwise)
    return set()


MISSING_BINDINGS = "MISSING_BINDINGS"


def binding_pieces(dsl_path: str, dialect: str, binding_class: str, mnemonic: str) -> list[RegionPiece]:
    """The binding class, looked up in the native extension's dialect module when the DSL module is imported:
    one this build of the extension lacks becomes a stand-in whose get() raises, naming it and the atom, and is
    listed in the module's MISSING_BINDINGS, so that the module imports and the atoms the build has work. The
    lookup helper and the list come first (the same piece from every atom), then a line per binding class,
    sorted as the import of them was."""
    helper = black.top_level(
        f"{MISSING_BINDINGS} = []  # the binding classes this build of the native extension ({dialect}) lacks\n\n\n"
        "def _binding(name, atom):\n"
        f'    """The binding class `name` of {dialect}; where this build lacks it, a stand-in whose get() raises\n'
        f'    (naming the class and the atom `atom`), and the name joins {MISSING_BINDINGS}."""\n'
        f"    found = getattr({dialect}, name, None)\n"
        "    if found is not None:\n"
        "        return found\n"
        f"    {MISSING_BINDINGS}.append(name)\n\n"
        "    class Missing:\n"
        "        @staticmethod\n"
        "        def get(*args, **kwargs):\n"
        "            raise NotImplementedError(\n"
        f'                f"{{name}} (atom {{atom}}) is not in this build of FlyDSL\'s native extension "\n'
        f'                "({dialect}): build FlyDSL with atomgen\'s generated C++ for it"\n'
        "            )\n\n"
        "    Missing.__name__ = Missing.__qualname__ = name\n"
        "    return Missing\n")
    order = re.sub(r"\d+", lambda digits: digits.group().zfill(8), binding_class).lower()  # natural, no case
    return [RegionPiece(dsl_path, "wrappers", '"0', helper + "\n\n"),
            RegionPiece(dsl_path, "wrappers", f'"1{order}',
                        black.top_level(f'{binding_class} = _binding("{binding_class}", "{mnemonic}")\n').lstrip("\n"))]


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
    exported = [name for wrapper in wrappers for name in wrapper.exported]
    dispatchers = [piece for wrapper in wrappers if wrapper.dispatcher
                   for piece in dispatcher_pieces(spec, wrapper, dsl_path)]
    used = helpers_used(dsl + "".join(piece.text for piece in dispatchers), env)
    return RenderOutput(
        regions=[
            RegionPiece(binding_file, "types", "", binding_prelude),  # once per module: same key, same text
            RegionPiece(binding_file, "types", spec.type_name, struct),
            RegionPiece(binding_file, "register", spec.type_name, registration),
            *import_pieces(dsl_path, names.dialect, any(h.reads_ir for h in used)),
            # the helpers this atom's wrappers call, each once per module (same key, same text), before them all
            *(RegionPiece(dsl_path, "wrappers", f"!{h.position:02d}", h.text) for h in used),
            *binding_pieces(dsl_path, names.dialect, spec.cpp_class, spec.mnemonic),
            RegionPiece(dsl_path, "wrappers", spec.type_name, dsl),
            *dispatchers,
            RegionPiece(dsl_path, "wrappers", "~", "\n\n"),  # last: the blank lines black keeps after a definition
            RegionPiece(dsl_path, "exports", spec.type_name, "".join(f'__all__.append("{n}")\n' for n in exported)),
            *(RegionPiece(dsl_path, "exports", f"|{w.dispatcher}", f'__all__.append("{w.dispatcher}")\n')
              for w in wrappers if w.dispatcher),
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


def import_pieces(dsl_path: str, dialect: str, ir: bool) -> list[RegionPiece]:
    """The module's imports, in FlyDSL's form (relative, in ruff's order): `ir`, which some helpers read ("!"), and
    the native extension's dialect module, whose binding classes binding_pieces looks up ("#"); then the directive
    that makes the module's own imports a block of their own ("~"). Each is the same piece from every atom."""
    prefix = package_prefix(dsl_path)
    ir_line = import_block([(f"{prefix}_mlir", ["ir"], False)]).partition("\n")[0] + "\n"
    dialect_line, _, closing = import_block([(f"{prefix}_mlir.dialects", [dialect], False)]).partition("\n")
    return [*([RegionPiece(dsl_path, "imports", "!", ir_line)] if ir else []),
            RegionPiece(dsl_path, "imports", "#", dialect_line + "\n"),
            RegionPiece(dsl_path, "imports", "~", closing)]
