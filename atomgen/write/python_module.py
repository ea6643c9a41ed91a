"""Where atomgen's regions sit in a hand-written Python module, and what they may hold there.

FlyDSL's DSL modules import at the top, relative to the package, in one ruff-sorted block; its CI runs
black and ruff (E, W, F, I) on them. Some define `__all__`; others (expr/rocdl/universal.py) export
every public name. The generated regions keep a module clean under both tools and importable:
- `imports` opens the module's import block: one statement, then `# isort: split`, so that ruff sorts
  the hand-written block after it as before. A name the module imports already is left out (a second
  import of one is ruff's F811);
- `wrappers` goes before the module's first definition: the hand-written code after it may name them,
  and the blank lines black wants around definitions stay where they were. It looks the binding classes up
  (`X = _binding("X", ...)`, so that one a build of the native extension lacks is reported, not an
  ImportError); a class the module imports itself is not looked up again (a second binding of it is F811);
- `exports` follows the module's `__all__ = [...]`; in a module without one it stays empty
  (`__all__.append` would raise NameError on import, and every public name is exported anyway).
"""

from __future__ import annotations

import ast
import re
from pathlib import PurePosixPath

SOURCE_ROOT = PurePosixPath("python/flydsl")  # the DSL package in a FlyDSL checkout (and in a standalone tree)
ISORT_SPLIT = "# isort: split"
_REGION_LINE = re.compile(r"^[ \t]*# ---- atomgen:(begin|end) (\S+)")
_BINDING_LINE = re.compile(r"^(\w+) = _binding\(")  # render/python.py's binding_pieces
_STATEMENT = re.compile(r"^from (\S+) import (?:\(\n((?:    \w+,\n)*)\)|(\w+(?:, \w+)*))\n", re.M)


class ModuleError(ValueError):
    """The module cannot be read as Python, or lacks what a region is placed by (the message says which)."""


def package_prefix(path: str) -> str:
    """The relative-import prefix from the module at `path` up to the `flydsl` package: `...` for
    python/flydsl/expr/rocdl/cdna4.py (FlyDSL's form), `flydsl.` for a module outside it."""
    pure = PurePosixPath(path)
    try:
        depth = len(pure.relative_to(SOURCE_ROOT).parts)
    except ValueError:
        return "flydsl."
    return "." * depth


def import_block(statements: list[tuple[str, list[str], bool]]) -> str:
    """`from <module> import ...` per (module, names, a name per line), as black writes them, closed by the
    directive that makes the module's own imports after them a block of their own for isort."""
    lines = []
    for module, names, exploded in statements:
        if not names:
            continue
        if exploded:
            listed = "".join(f"    {name},\n" for name in names)
            lines.append(f"from {module} import (\n{listed})\n")
        else:
            lines.append(f"from {module} import {', '.join(names)}\n")
    return "".join(lines) + f"\n{ISORT_SPLIT}\n" if lines else ""


def _outside_regions(text: str) -> str:
    """The module with atomgen's region bodies blanked (each line kept, so positions stay)."""
    lines = text.splitlines(keepends=True)
    inside = False
    for number, line in enumerate(lines):
        marker = _REGION_LINE.match(line)
        if marker:
            inside = marker.group(1) == "begin"
            continue
        if inside:
            lines[number] = "\n"
    return "".join(lines)


def _tree(text: str, path: str) -> ast.Module:
    try:
        return ast.parse(_outside_regions(text))
    except SyntaxError as error:
        raise ModuleError(f"{path}:{error.lineno or 1}:{error.offset or 1}: not valid Python ({error.msg}); atomgen "
                          "places its regions by the module's structure") from None


def _offset(lines: list[str], line: int) -> int:
    """The offset of (0-based) `line`."""
    return sum(len(text) for text in lines[:line])


def _code(tree: ast.Module) -> list[ast.stmt]:
    """The module's statements after its docstring."""
    body = list(tree.body)
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        body.pop(0)
    return body


def imports_start(text: str, path: str) -> int:
    """Where the module's import block starts; in a module that imports nothing, after its docstring, header
    comments and the blank lines after them."""
    tree = _tree(text, path)
    lines = text.splitlines(keepends=True)
    code = _code(tree)
    if code and isinstance(code[0], (ast.Import, ast.ImportFrom)):
        return _offset(lines, code[0].lineno - 1)
    docstring = tree.body and (not code or code[0] is not tree.body[0])
    after = (tree.body[0].end_lineno or 0) if docstring else 0
    while after < len(lines) and (not lines[after].strip() or lines[after].lstrip().startswith("#")) \
            and not _REGION_LINE.match(lines[after]):
        after += 1
    return _offset(lines, after)


def definitions_start(text: str, path: str) -> int:
    """Where the module's first top-level def or class starts (its decorators and the comment lines right above
    it included), skipping one that directly follows the imports; the end of the module when there is none.

    After imports black keeps one blank line before a comment, elsewhere two, and two before a def: a region
    put between the imports and a def (two blank lines apart in a black-clean module) would leave one of them
    wrong, while between a statement or definition and a def both sides keep their two."""
    lines = text.splitlines(keepends=True)
    previous: ast.stmt | None = None
    for node in _code(_tree(text, path)):
        follows_imports, previous = isinstance(previous, (ast.Import, ast.ImportFrom)), node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and not follows_imports:
            first = min([node.lineno, *(decorator.lineno for decorator in node.decorator_list)]) - 1
            while first > 0 and lines[first - 1].lstrip().startswith("#") and not _REGION_LINE.match(lines[first - 1]):
                first -= 1
            return _offset(lines, first)
    return len(text)


def all_end(text: str, path: str) -> int:
    """The offset after the module's own top-level `__all__ = [...]` (where the names it gains are appended)."""
    lines = text.splitlines(keepends=True)
    for node in _tree(text, path).body:
        if _binds_all(node):
            return _offset(lines, node.end_lineno or node.lineno)
    raise ModuleError(f"{path}: no top-level `__all__ = ...`")


def _binds_all(node: ast.stmt) -> bool:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] \
        if isinstance(node, (ast.AnnAssign, ast.AugAssign)) else []
    return any(isinstance(target, ast.Name) and target.id == "__all__" for target in targets)


def defines_all(text: str, path: str) -> bool:
    """Whether the module's own code binds `__all__` at the top level."""
    return any(_binds_all(node) for node in _tree(text, path).body)


def imported_names(text: str, path: str) -> set[str]:
    """The names the module's own (hand-written) top-level imports bind."""
    names: set[str] = set()
    for node in _tree(text, path).body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
    return names


def _used(tree: ast.Module) -> set[str]:
    """The names a module's code reads (outside its imports), `__all__`'s strings included."""
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            used.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
            used.add(node.value)  # `__all__ = ["X"]`, and names spelled in strings
    return used


def without_unused_imports(before: str, after: str, path: str) -> tuple[str, list[str]]:
    """`after` (the module once hand-written definitions were cut from `before`) without the imported names
    that only the cut code read, and what went; a name unused already in `before` stays (not ours to judge).
    A statement keeps its form: one line, or a name per line in parentheses; one left with no name goes."""
    old_tree, new_tree = _tree(before, path), _tree(after, path)
    orphaned = _used(old_tree) - _used(new_tree)
    lines = after.splitlines(keepends=True)
    gone: list[str] = []
    for node in reversed(new_tree.body):
        if not isinstance(node, ast.ImportFrom) or node.names[0].name == "*":
            continue
        kept = [alias for alias in node.names if (alias.asname or alias.name) not in orphaned]
        if len(kept) == len(node.names):
            continue
        gone.extend(f"{path}:{node.lineno}: import of {alias.asname or alias.name} (only the removed code read it)"
                    for alias in node.names if alias not in kept)
        first, last = node.lineno - 1, (node.end_lineno or node.lineno) - 1
        indent = lines[first][: len(lines[first]) - len(lines[first].lstrip())]
        module = "." * node.level + (node.module or "")
        spelled = [alias.name + (f" as {alias.asname}" if alias.asname else "") for alias in kept]
        if not kept:
            text = ""
        elif first == last:
            text = f"{indent}from {module} import {', '.join(spelled)}\n"
        else:
            listed = "".join(f"{indent}    {name},\n" for name in spelled)
            text = f"{indent}from {module} import (\n{listed}{indent})\n"
        lines[first:last + 1] = [text]
    return "".join(lines), list(reversed(gone))


def tidy_after_imports(text: str, path: str) -> str:
    """`text` with isort's blank lines between its import block and the next statement (two before a def or
    class, else one): a cut hand-written definition may have stood between them with its own two."""
    lines = text.splitlines(keepends=True)
    code = _code(_tree(text, path))
    for index, node in enumerate(code[:-1]):
        following = code[index + 1]
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or isinstance(following, (ast.Import, ast.ImportFrom)):
            continue
        first = min([following.lineno, *(d.lineno for d in getattr(following, "decorator_list", []))]) - 1
        gap = lines[(node.end_lineno or node.lineno):first]
        if any(line.strip() for line in gap):  # comments or regions between: as they are
            return text
        wanted = 2 if isinstance(following, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) else 1
        lines[(node.end_lineno or node.lineno):first] = ["\n"] * wanted
        return "".join(lines)
    return text


def fitted(text: str, path: str, region: str, body: str) -> str:
    """The region's body as this hand-written module takes it (see the module docstring)."""
    if region == "exports" and not defines_all(text, path):
        return ""
    if region == "wrappers":  # a binding class the module imports itself is not looked up again (F811)
        own = imported_names(text, path)
        return "".join(line for line in body.splitlines(keepends=True)
                       if not ((bound := _BINDING_LINE.match(line)) and bound.group(1) in own))
    if region != "imports":
        return body
    statements = list(_STATEMENT.finditer(body))
    if not statements or "import *" in body:  # codegen mode's hook: a star import of the build's module
        return body
    own = imported_names(text, path)
    kept = []
    for match in statements:
        exploded = match.group(2) is not None
        names = [line.strip().rstrip(",") for line in match.group(2).splitlines()] if exploded \
            else match.group(3).split(", ")
        kept.append((match.group(1), [name for name in names if name not in own], exploded))
    return import_block(kept)


__all__ = ["ISORT_SPLIT", "ModuleError", "all_end", "defines_all", "definitions_start", "fitted", "import_block",
           "imported_names", "imports_start", "package_prefix", "tidy_after_imports", "without_unused_imports"]
