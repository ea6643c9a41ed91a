"""The stages' import direction (docs/architecture.md): the writer takes plain data and knows nothing of
render, so it imports no module outside atomgen.write (render builds the plan it writes); analysis
(atomgen/check) and the spec model (atomgen/spec) come before render and import nothing from it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "atomgen"


def imported_modules(path: Path) -> set[str]:
    """Every atomgen module a file imports, at top level or inside functions, relative ones resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    inside = path.is_relative_to(PACKAGE.parent)
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]) if inside else ""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return {name for name in found if name == "atomgen" or name.startswith("atomgen.")}


def test_the_writer_imports_nothing_from_render() -> None:
    modules = sorted((PACKAGE / "write").glob("*.py"))
    assert len(modules) >= 5
    outside = {
        f"{path.name}: {name}"
        for path in modules
        for name in imported_modules(path)
        if not name.startswith(("atomgen.write", "atomgen.reading"))
    }
    # atomgen/reading.py, the one bounded reader of input files, imports nothing from atomgen: a leaf
    assert not outside, f"atomgen/write must take plain data and import only itself: {sorted(outside)}"
    assert imported_modules(PACKAGE / "reading.py") == set()


def test_analysis_and_the_spec_model_import_nothing_from_render() -> None:
    modules = sorted((PACKAGE / "check").rglob("*.py")) + sorted((PACKAGE / "spec").rglob("*.py"))
    assert len(modules) >= 30
    backwards = {
        f"{path.parent.name}/{path.name}: {name}"
        for path in modules
        for name in imported_modules(path)
        if name == "atomgen.render" or name.startswith("atomgen.render.")
    }
    assert not backwards, f"check/ and spec/ run before render and must not import it: {sorted(backwards)}"


def test_the_import_parser_sees_render_imports() -> None:
    # The check above is only as good as the parser: render/plan.py does import the writer's data types.
    assert "atomgen.write.output" in imported_modules(PACKAGE / "render" / "plan.py")
    assert any(name.startswith("atomgen.render") for name in imported_modules(PACKAGE / "gen_command.py"))


def test_diagnostics_is_a_leaf_below_the_rules_and_sarif() -> None:
    """Issue 20: diagnostics -> sarif -> check.rules -> diagnostics was a cycle (through an import inside
    format_all). The printing moved to atomgen/output_format.py; diagnostics imports only leaves."""
    assert imported_modules(PACKAGE / "diagnostics.py") <= {"atomgen.terminal", "atomgen.terminal.paint",
                                                            "atomgen.reading", "atomgen.reading.InputError",
                                                            "atomgen.reading.read_head"}
    for leaf in ("terminal.py", "reading.py"):
        assert not any(name.startswith("atomgen.diagnostics") for name in imported_modules(PACKAGE / leaf)), leaf
    assert "atomgen.sarif" in imported_modules(PACKAGE / "output_format.py")


def package_graph() -> dict[str, set[str]]:
    """atomgen's packages and top-level modules (atomgen.render, atomgen.cli, ...) -> those they import,
    at top level or inside functions."""
    modules = {".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__"): p
               for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        for imported in imported_modules(path):
            while imported not in modules and "." in imported:  # `from atomgen.x import name`: the module
                imported = imported.rsplit(".", 1)[0]
            source, target = ".".join(name.split(".")[:2]), ".".join(imported.split(".")[:2])
            if imported in modules and source != target:
                graph.setdefault(source, set()).add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_package_graph_has_no_cycle() -> None:
    """Issue 20: pipeline <-> render (the gen command lived in render and imported the pipeline) and
    cli <-> completion were cycles through imports inside functions."""
    graph = package_graph()
    assert {"atomgen.render", "atomgen.check", "atomgen.spec", "atomgen.write", "atomgen.cli"} <= set(graph)
    assert cycles(graph) == []


def test_a_cycle_is_found() -> None:
    graph = package_graph()
    graph.setdefault("atomgen.spec", set()).add("atomgen.render")  # spec importing render closes a ring
    assert any({"atomgen.spec", "atomgen.render"} <= set(c) for c in cycles(graph))


IMPORT_EACH_FIRST = """
import importlib, sys
failed = []
for name in sys.argv[1:]:
    for loaded in [m for m in sys.modules if m == "atomgen" or m.startswith("atomgen.")]:
        del sys.modules[loaded]
    try:
        importlib.import_module(name)
    except ImportError as error:
        failed.append(f"{name}: {error}")
print("\\n".join(failed))
"""


def test_each_spec_module_and_worker_imports_first() -> None:
    """A cycle between modules shows only when one of them is imported first: the spec model's modules
    (the lowest layer, which everything imports) and the oracle workers (`python -m ...`) are each
    imported first in a fresh interpreter. A ScalarValue import from spec/instances.py into
    spec/descriptor.py once broke the FlyDSL worker this way while every test importing atomgen.cli passed."""
    names = sorted(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts).removesuffix(".__init__")
                   for p in PACKAGE.rglob("*.py")
                   if p.relative_to(PACKAGE).parts[0] == "spec" or p.stem in ("worker", "flyopt"))
    assert len(names) > 30 and "atomgen.oracle.flydsl.worker" in names
    done = subprocess.run([sys.executable, "-c", IMPORT_EACH_FIRST, *names], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


# The core's public API for the stages after analysis and for the satellites (issue 48 point 4, issue 51 point 1):
# atomgen/check/result.py, the analysed atom with the records it holds and a documented set of functions.
PUBLIC = "atomgen.check.result"
SATELLITES = ("oracle", "probe", "isa", "site", "pictures", "execution")


def _check_imports(paths: list[Path], root: Path = PACKAGE) -> set[str]:
    return {
        f"{path.relative_to(root)}: {name}"
        for path in paths
        for name in imported_modules(path)
        if name.startswith("atomgen.check") and not (name == PUBLIC or name.startswith(PUBLIC + "."))
    }


def test_render_imports_nothing_from_check_but_the_result() -> None:
    modules = sorted((PACKAGE / "render").rglob("*.py"))
    assert len(modules) >= 20
    assert not _check_imports(modules), sorted(_check_imports(modules))


def test_the_satellites_use_only_the_public_api_of_analysis() -> None:
    modules = [p for folder in SATELLITES for p in sorted((PACKAGE / folder).rglob("*.py"))] + [PACKAGE / "show.py"]
    assert len(modules) >= 30
    assert not _check_imports(modules), sorted(_check_imports(modules))


def test_the_public_api_names_what_it_exports() -> None:
    import atomgen.check.result as result

    missing = [name for name in result.__all__ if name != "Rejection" and not hasattr(result, name)]
    assert not missing, missing


def test_the_layering_check_sees_a_private_import(tmp_path: Path) -> None:
    # the rule above is only as good as the parser: an import of check's internals is seen, a public one is not
    bad = tmp_path / "probe.py"
    bad.write_text("from atomgen.check.families.semantics import meant_immediates\n"
                   "from atomgen.check.result import call_of\n", encoding="utf-8")
    assert _check_imports([bad], tmp_path) == {"probe.py: atomgen.check.families.semantics",
                                               "probe.py: atomgen.check.families.semantics.meant_immediates"}
