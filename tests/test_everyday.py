"""Issue 22's small things, one test each: install hints name real extras, `show` given a
folder, paths from a subfolder, shell completion, FORCE_COLOR, the oracles in the top-level
help, SARIF's links and related locations, and `check --format github`."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys

import pytest
from conftest import MINIMAL_MMA, REPO, SpecTree, run_cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

BROKEN_MMA = MINIMAL_MMA.replace('a: "((16, 4), 4) : ((1, 64), 16)"', 'a: "((16, 4), 4) : ((1, 16), 16)"')
assert BROKEN_MMA != MINIMAL_MMA


def test_every_install_hint_names_an_extra_that_pyproject_declares() -> None:
    """Before: the flydsl oracle said `pip install -e '.[dev]'`, and there is no `dev` extra."""
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(pyproject["project"]["optional-dependencies"])
    hints = []
    for path in sorted((REPO / "atomgen").rglob("*.py")):
        for match in re.finditer(r"pip install[^\n]*?['\"]?\.\[([\w,-]+)\]", path.read_text(encoding="utf-8")):
            hints.append((path.relative_to(REPO).as_posix(), match.group(1)))
    assert hints, "no install hint found: the pattern no longer matches the hints"
    wrong = [(path, named) for path, named in hints if not set(named.split(",")) <= extras]
    assert wrong == [], f"hints naming an extra pyproject.toml does not declare (it has {sorted(extras)})"


def test_show_given_a_folder_names_its_specs(spec_tree: SpecTree) -> None:
    """Before: `atomgen show specs/` said "no such spec file" for a folder that exists."""
    spec_tree.write(MINIMAL_MMA, "x.yaml")
    result = run_cli("show", "specs/", cwd=spec_tree.root)
    assert result.returncode == 2, result.output
    assert "no such spec file" not in result.stderr
    assert "specs/ is a folder; show takes one spec file" in result.stderr
    assert "atomgen show specs/rocdl/cdna3/x.yaml" in result.stderr
    (spec_tree.root / "empty").mkdir()
    empty = run_cli("show", "empty", cwd=spec_tree.root)
    assert empty.returncode == 2 and "empty is a folder with no spec in it" in empty.stderr


def test_from_a_subfolder_paths_are_relative_to_the_project_root(spec_tree: SpecTree) -> None:
    """Before: `../../rocdl/cdna3/x.yaml` from specs/nvvm/..., and SARIF's %SRCROOT% was the working folder."""
    spec_tree.write(BROKEN_MMA, "x.yaml")
    below = spec_tree.specs / "rocdl" / "cdna3"
    text = run_cli("check", "--no-cache", cwd=below)
    assert text.returncode == 1, text.output
    assert re.search(r"^specs/rocdl/cdna3/x\.yaml:\d+:\d+: error\[AG321\]", text.stdout, re.M), text.stdout
    assert "../" not in text.stdout
    assert 'a: "((16, 4), 4) : ((1, 16), 16)"' in text.stdout  # the source line is still found
    given = run_cli("check", "--no-cache", "x.yaml", cwd=below)  # a path typed is printed as typed
    assert re.search(r"^x\.yaml:\d+:\d+: error\[AG321\]", given.stdout, re.M), given.stdout

    logs = [json.loads(run_cli("check", "--no-cache", "--format", "sarif", cwd=where).stdout)
            for where in (below, spec_tree.root)]
    roots = {log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] for log in logs}
    assert roots == {spec_tree.root.resolve().as_uri() + "/"}  # the project root, from either folder
    for log in logs:
        [location] = log["runs"][0]["results"][0]["locations"]
        assert location["physicalLocation"]["artifactLocation"] == {
            "uri": "specs/rocdl/cdna3/x.yaml", "uriBaseId": "%SRCROOT%"}


def test_completion_scripts_list_every_command() -> None:
    """Before: no shell completion."""
    from atomgen.cli import build_parser

    commands = set(build_parser()._subparsers._group_actions[0].choices or ())  # type: ignore[union-attr]
    assert "completion" in commands
    bash = run_cli("completion", "bash")
    assert bash.returncode == 0, bash.output
    syntax = subprocess.run(["bash", "-n"], input=bash.stdout, text=True, capture_output=True)
    assert syntax.returncode == 0, syntax.stderr
    for name in commands:
        assert re.search(rf"\b{name}\b", bash.stdout), name
    for shell in ("zsh", "fish"):
        script = run_cli("completion", shell)
        assert script.returncode == 0 and all(name in script.stdout for name in commands), shell

    def complete(*words: str) -> list[str]:
        line = " ".join(f"'{w}'" for w in words)
        program = f'{bash.stdout}\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; _atomgen; echo "${{COMPREPLY[@]}}"'
        return subprocess.run(["bash", "-c", program], text=True, capture_output=True, check=True).stdout.split()

    assert complete("atomgen", "ch") == ["check"]
    assert complete("atomgen", "oracle", "tr") == ["triton"]
    assert complete("atomgen", "check", "--format", "") == ["text", "json", "sarif", "github"]
    assert complete("atomgen", "gen", "--pru") == ["--prune"]  # a lazily registered command's flag


@pytest.mark.parametrize(
    ("environment", "choice", "expected"),
    [
        ({"FORCE_COLOR": "1"}, "auto", True),
        ({"FORCE_COLOR": "0"}, "auto", True),  # any non-empty value (force-color.org)
        ({"FORCE_COLOR": ""}, "auto", False),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, "auto", False),  # NO_COLOR wins, as in CPython and Rich
        ({"FORCE_COLOR": "1"}, "never", False),
        ({"NO_COLOR": "1"}, "always", True),
        ({}, "auto", False),
    ],
)
def test_force_color_colours_a_pipe(
    monkeypatch: pytest.MonkeyPatch, environment: dict[str, str], choice: str, expected: bool
) -> None:
    """Before: FORCE_COLOR was ignored."""
    from atomgen.terminal import wants_color

    for name in ("FORCE_COLOR", "NO_COLOR"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    assert wants_color(io.StringIO(), choice) is expected


def test_force_color_reaches_check_output(spec_tree: SpecTree, monkeypatch: pytest.MonkeyPatch) -> None:
    spec_tree.write(BROKEN_MMA, "x.yaml")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("FORCE_COLOR", "1")
    result = run_cli("check", "specs/", cwd=spec_tree.root)
    assert result.returncode == 1 and "\x1b[1;31merror" in result.stdout, result.stdout


def test_top_level_help_names_every_oracle() -> None:
    """Before: the oracle line said "(flydsl, cute)", without triton."""
    from atomgen.oracle.command import _ORACLES

    result = run_cli("--help")
    [line] = [line for line in result.stdout.splitlines() if re.match(r" {4}oracle\s", line)]
    assert all(name in line for name in _ORACLES), line


def test_sarif_links_the_docs_and_relates_a_clash_to_the_other_spec(spec_tree: SpecTree) -> None:
    """Before: no informationUri or helpUri, and a cross-spec clash named the other spec in text only."""
    spec_tree.write(MINIMAL_MMA, "a.yaml")
    spec_tree.write(MINIMAL_MMA, "b.yaml")  # the same tablegen_def, cpp_class and mnemonic
    result = run_cli("check", "--no-cache", "--format", "sarif", "specs/", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    from test_diagnostics import _sarif_validator

    log = json.loads(result.stdout)
    assert not [e.message for e in _sarif_validator().iter_errors(log)][:5]
    run = log["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["informationUri"].startswith("https://")
    from atomgen.check.rules import markdown_catalogue  # what docs/rules.md is written from

    anchors = set(re.findall(r"^## (AG\d+) `([\w-]+)`", markdown_catalogue(), re.M))
    for rule in driver["rules"]:
        assert rule["helpUri"].endswith(f"docs/rules.md#{rule['id'].lower()}-{rule['name']}")
        assert (rule["id"], rule["name"]) in anchors  # the anchor exists
    clashes = [r for r in run["results"] if r["ruleId"] in ("AG382", "AG383")]
    assert {r["ruleId"] for r in clashes} == {"AG382", "AG383"}
    for clash in clashes:
        assert clash["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "specs/rocdl/cdna3/b.yaml"
        [related] = clash["relatedLocations"]
        where = related["physicalLocation"]
        assert where["artifactLocation"] == {"uri": "specs/rocdl/cdna3/a.yaml", "uriBaseId": "%SRCROOT%"}
        assert where["region"]["startLine"] > 0 and related["message"]["text"]
    as_json = json.loads(run_cli("check", "--format", "json", "specs/", cwd=spec_tree.root).stdout)
    assert any(d.get("related", [{}])[0].get("path") == "specs/rocdl/cdna3/a.yaml" for d in as_json)


def test_check_format_github_prints_workflow_commands(spec_tree: SpecTree) -> None:
    """Before: no `--format github` (ruff's `--output-format github`)."""
    spec_tree.write(BROKEN_MMA, "x.yaml")
    result = run_cli("check", "--format", "github", "specs/", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    lines = result.stdout.splitlines()
    assert lines and all(line.startswith("::error file=specs/rocdl/cdna3/x.yaml,line=") for line in lines), lines
    first = re.fullmatch(r"::error file=([^,]+),line=(\d+),col=(\d+),title=(AG\d+)::(.*)", lines[0])
    assert first is not None and first.group(4) == "AG321", lines[0]
    assert "\n" not in first.group(5) and "is not injective" in first.group(5)
    clean = spec_tree.write(MINIMAL_MMA, "x.yaml")
    assert clean.is_file()
    quiet = run_cli("check", "--format", "github", "specs/", cwd=spec_tree.root)
    assert quiet.returncode == 0 and quiet.stdout == "", quiet.output


def test_github_command_escapes_data_and_properties() -> None:
    from atomgen.diagnostics import Diagnostic, Position
    from atomgen.output_format import github_command

    finding = Diagnostic("AG101", "50% of it\nbad", "a,b:c.yaml", Position(3, 4), notes=("n",))
    line = github_command(finding, "a,b:c.yaml")
    assert line == "::error file=a%2Cb%3Ac.yaml,line=3,col=4,title=AG101::50%25 of it%0Abad%0Anote: n"
