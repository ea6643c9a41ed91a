"""The spec sections that are settings, typed: `python` (the DSL side) and `tests` (the FileCheck files).

The schema (schema/atom.schema.json, `$defs/python`, `$defs/wrapper`, `tests`) closes both, so
every key read here is declared there with its type, and each default sits in one place: here.
A spec is modeled only once it validates (or with its schema errors set aside), so the readers
below see the declared types; they still ignore a value of another type rather than raise.
"""

from __future__ import annotations

from dataclasses import dataclass

from atomgen.spec.scalars import ScalarValue
from atomgen.spec.yamldata import mapping, text, texts

DEFAULT_DSL_MODULE = "universal"


def _mapping(value: object) -> tuple[tuple[str, object], ...]:
    return tuple((str(k), v) for k, v in mapping(value).items())


@dataclass(frozen=True, slots=True)
class Wrapper:
    """One DSL function of FlyDSL's, as `python.wrappers[i]` declares it: the first is the atom's
    main wrapper, later ones convenience variants with `fixed` arguments."""

    name: str
    signature: str = ""  # FlyDSL's, e.g. `MFMA(m, n, k, elem_ty_ab, elem_ty_acc=None)`: the usage line
    fixed: tuple[tuple[str, ScalarValue], ...] = ()  # the argument values a variant fixes
    maps: tuple[tuple[str, str], ...] = ()  # get() argument -> the wrapper expression that gives it
    defaults: tuple[tuple[str, str], ...] = ()  # wrapper argument -> its default expression
    arch_dispatch: str = ""  # chips sharing one DSL name: the generated wrapper gets the subtarget suffix
    val_type: str = ""  # a copy wrapper's value type where it is not the element type: no generated variant
    # FlyDSL's wrapper as it is, shown in the catalogue and never rendered
    exported_as: tuple[str, ...] = ()
    kwargs: tuple[str, ...] = ()
    in_all: bool = True
    raises: str = ""
    aliases: tuple[str, ...] = ()
    sets_state: tuple[str, ...] = ()

    @classmethod
    def read(cls, entry: object) -> Wrapper:
        entry = mapping(entry)
        return cls(
            name=text(entry.get("name")),
            signature=text(entry.get("signature")),
            fixed=tuple((k, v) for k, v in _mapping(entry.get("fixed")) if isinstance(v, (int, bool, str))),
            maps=tuple((k, str(v).strip()) for k, v in _mapping(entry.get("maps"))),
            defaults=tuple((k, str(v).strip()) for k, v in _mapping(entry.get("defaults"))),
            arch_dispatch=text(entry.get("arch_dispatch")),
            val_type=text(entry.get("val_type")),
            exported_as=texts(entry.get("exported_as")),
            kwargs=texts(entry.get("kwargs")),
            in_all=entry.get("in_all") is not False,
            raises=text(entry.get("raises")),
            aliases=texts(entry.get("aliases")),
            sets_state=texts(entry.get("sets_state")),
        )


@dataclass(frozen=True, slots=True)
class PythonSection:
    """`python`: the binding class, the DSL module the wrappers go to, and FlyDSL's wrappers."""

    binding_class: str = ""
    dsl_module: str = DEFAULT_DSL_MODULE
    get_args: tuple[str, ...] = ()  # the binding's get() parameters as Python writes them (documentation)
    context: str = ""  # where get() takes its MLIRContext from (documentation)
    wrappers: tuple[Wrapper, ...] = ()

    @classmethod
    def read(cls, section: object) -> PythonSection:
        section = mapping(section)
        wrappers = section.get("wrappers")
        return cls(
            binding_class=text(section.get("binding_class")),
            dsl_module=text(section.get("dsl_module")) or DEFAULT_DSL_MODULE,
            get_args=texts(section.get("get_args")),
            context=text(section.get("context")),
            wrappers=tuple(Wrapper.read(w) for w in wrappers) if isinstance(wrappers, list) else (),
        )


@dataclass(frozen=True, slots=True)
class FileCheckOptions:
    """`tests`: settings of the generated FileCheck files."""

    flydsl_has_no_atom: str = ""  # why FlyDSL lacks the atom: every test file then REQUIRES atomgen's verifier

    @classmethod
    def read(cls, section: object) -> FileCheckOptions:
        section = mapping(section)
        return cls(flydsl_has_no_atom=text(section.get("flydsl_has_no_atom")))


__all__ = ["DEFAULT_DSL_MODULE", "FileCheckOptions", "PythonSection", "Wrapper"]
