"""The documentation holds: every schema key is documented, the tutorial's commands run."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

from tests.conftest import REPO

DOCS = REPO / "docs"


def property_names(node: Any) -> Iterator[str]:
    """Every key a spec or backend.yaml may hold, at any depth of the JSON Schema."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "properties" and isinstance(value, dict):
                yield from value
            yield from property_names(value)
    elif isinstance(node, list):
        for item in node:
            yield from property_names(item)


def code_words(markdown: str) -> set[str]:
    """Words inside inline code and fenced blocks: where a key is documented by name."""
    fenced = re.findall(r"^```[^\n]*\n(.*?)^```", markdown, re.S | re.M)
    inline = re.findall(r"`([^`\n]+)`", re.sub(r"^```[^\n]*\n.*?^```", "", markdown, flags=re.S | re.M))
    return set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", "\n".join(fenced + inline)))


def test_every_schema_key_is_documented_in_spec_format() -> None:
    documented = code_words((DOCS / "spec-format.md").read_text(encoding="utf-8"))
    for schema in ("atom.schema.json", "backend.schema.json"):
        names = set(property_names(json.loads((REPO / "schema" / schema).read_text(encoding="utf-8"))))
        assert "tests" in names or schema != "atom.schema.json"
        missing = sorted(names - documented)
        assert missing == [], f"schema/{schema} keys not documented in docs/spec-format.md: {missing}"


def test_no_reference_to_a_design_file_outside_the_repository() -> None:
    """DESIGN.md lived outside the repository; docs/architecture.md replaces it."""
    assert (DOCS / "architecture.md").is_file()
    offenders = []
    for path in [*REPO.glob("atomgen/**/*.py"), *REPO.glob("docs/**/*.md"), REPO / "README.md"]:
        if "DESIGN.md" in path.read_text(encoding="utf-8"):
            offenders.append(str(path.relative_to(REPO)))
    assert offenders == []


def tutorial_steps(markdown: str) -> list[tuple[str, int, list[str]]]:
    """(command, expected exit status, output lines shown after it) for each command of the
    tutorial's ```sh blocks; a heredoc is one command; `# exit status N` states a non-zero one;
    a ```text block right after a ```sh block lists lines its last command must print."""
    steps: list[tuple[str, int, list[str]]] = []
    for kind, body in re.findall(r"^```(sh|text)\n(.*?)^```", markdown, re.S | re.M):
        lines = body.splitlines()
        if kind == "text":
            assert steps, "a text block before any command"
            command, status, shown = steps[-1]
            steps[-1] = (command, status, shown + [line for line in lines if line.strip()])
            continue
        index = 0
        while index < len(lines):
            command = lines[index]
            index += 1
            if "<<'EOF'" in command:
                while lines[index] != "EOF":
                    command += "\n" + lines[index]
                    index += 1
                command += "\nEOF"
                index += 1
            match = re.search(r"\s+# exit status (\d+)$", command.splitlines()[0])
            status = int(match.group(1)) if match else 0
            steps.append((command, status, []))
    return steps


@pytest.mark.parametrize("oracle", [pytest.param(False, id="without-the-oracle"),
                                    pytest.param(True, id="every-command", marks=pytest.mark.campaign)])
def test_tutorial_commands_run(tmp_path: Path, oracle: bool) -> None:
    """The tutorial, command by command, in one shell (its `cd` holds), in a folder shaped
    like a checkout (specs/rocdl/backend.yaml), with `atomgen` on PATH. A plain `pytest` leaves
    out its two `atomgen oracle flydsl` runs (each starts the wheel's FlyDSL: 40 of the test's
    48 s on the loaded 2-core machine); `pytest -m campaign` runs every command."""
    import os
    import shutil
    import subprocess
    import sys

    steps = tutorial_steps((DOCS / "tutorial.md").read_text(encoding="utf-8"))
    assert len(steps) >= 10
    oracles = [step for step in steps if step[0].startswith("atomgen oracle ")]
    assert len(oracles) == 2, oracles
    if not oracle:
        steps = [step for step in steps if step not in oracles]
    work, logs, tools = tmp_path / "checkout", tmp_path / "logs", tmp_path / "bin"
    for folder in (work / "specs" / "rocdl", logs, tools):
        folder.mkdir(parents=True)
    shutil.copy(REPO / "specs" / "rocdl" / "backend.yaml", work / "specs" / "rocdl" / "backend.yaml")
    (tools / "atomgen").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m atomgen "$@"\n')
    (tools / "atomgen").chmod(0o755)
    script = [f"cd '{work}'"]
    for number, (command, _, _) in enumerate(steps):
        script.append(f"{{ {command}\n}} > '{logs}/out.{number}' 2>&1; echo $? > '{logs}/rc.{number}'")
    scratch = tmp_path / "tmp"  # where the tutorial's `mktemp -d` makes its folder
    scratch.mkdir()
    environment = {
        **os.environ,
        "TMPDIR": str(scratch),
        "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(REPO),
        "ATOMGEN_CACHE_DIR": str(tmp_path / "cache"),
        "NO_COLOR": "1",
    }
    subprocess.run(["bash", "-c", "\n".join(script)], env=environment, timeout=600, check=True)
    for number, (command, status, shown) in enumerate(steps):
        output = (logs / f"out.{number}").read_text()
        code = int((logs / f"rc.{number}").read_text())
        first = command.splitlines()[0]
        assert code == status, f"`{first}` exited {code}, the tutorial says {status}:\n{output[-2000:]}"
        for line in shown:
            assert line in output, f"`{first}` did not print {line!r}:\n{output[-2000:]}"
    # the checkout is left as it was: the tutorial worked in a folder of its own outside it
    assert sorted(p.relative_to(work).as_posix() for p in work.rglob("*")) == [
        "specs", "specs/rocdl", "specs/rocdl/backend.yaml"]
    [project] = [folder for folder in scratch.iterdir() if (folder / "specs").is_dir()]
    assert (project / "site" / "index.html").is_file()
    assert sorted(p.name for p in (project / "pictures").iterdir()) == [
        "16x16x16_f16_f16_f32.a.svg",
        "16x16x16_f16_f16_f32.b.svg",
        "16x16x16_f16_f16_f32.c.svg",
    ]


def test_tutorial_works_outside_the_checkout_and_says_the_oracle_needs_the_test_extra() -> None:
    """Before: it made `tutorial/` inside the checkout (left untracked there), and step 7 ran the
    flydsl oracle without saying that the wheel comes with `.[test]`."""
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    markdown = (DOCS / "tutorial.md").read_text(encoding="utf-8")
    steps = tutorial_steps(markdown)
    first = steps[0][0]
    assert first.startswith('cd "$(mktemp -d)"'), first  # before any file is written
    oracle = markdown[markdown.index("## 7. Ask the oracle") : markdown.index("## 8.")]
    extras = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["optional-dependencies"]
    named = re.findall(r"pip install -e '\.\[(\w+)\]'", oracle)
    assert named and all(extra in extras for extra in named), oracle
    assert "flydsl" in " ".join(extras[named[0]])


def readme_commands() -> list[str]:
    """The README's two commands: its first two ```sh blocks, one line each."""
    blocks = re.findall(r"^```sh\n(.*?)^```", (REPO / "README.md").read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) >= 2, "README.md opens with its two commands, each in a ```sh block"
    commands = [block.strip() for block in blocks[:2]]
    assert all("\n" not in command for command in commands), commands  # each one copy-pasteable line
    return commands


def test_ci_runs_exactly_readme_command_2_then_the_campaigns() -> None:
    """Issue 51: CI runs what a person runs (README command 2, the system tools included), then the campaign
    tier, and an empty campaign tier (pytest's exit status 5) is not a failure."""
    setup, tests = readme_commands()
    assert setup.startswith("python3 -m venv .venv && ") and "atomgen gen specs/ --out generated/" in setup
    assert tests.startswith("bash scripts/test-setup.sh && ") and tests.endswith("-m pytest -q"), tests
    lines = [line for line in (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    commands = [line for line in lines if not line.startswith(("set ", "cd "))]
    assert commands[0] == tests, f".ci/run must run README command 2 first, as written: {commands[0]!r}"
    assert len(commands) == 2 and "pytest -q -m campaign" in commands[1] and "-eq 5" in commands[1], commands
    assert "apt-get" not in "\n".join(lines)  # the system tools come with README command 2 (scripts/test-setup.sh)
    setup_script = (REPO / "scripts" / "test-setup.sh").read_text(encoding="utf-8")
    for package in ("chromium", "chromium-driver", "g++", "llvm-22", '".[test]"'):
        assert package in setup_script, package


def test_a_plain_pytest_leaves_the_campaigns_out() -> None:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    options = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "-m 'not campaign'" in options["addopts"], options["addopts"]
    assert any(marker.startswith("campaign:") for marker in options["markers"]), options["markers"]
    # and `-m campaign` on the command line replaces the addopts' `-m` (the later one wins): .ci/run's second run
    import subprocess

    def selected(*args: str) -> list[str]:
        completed = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-n", "0",
                                    "-p", "no:cacheprovider", *args, "tests/test_oracle_triton.py"],
                                   cwd=REPO, capture_output=True, text=True, timeout=120, check=False)
        assert completed.returncode == 0, completed.stdout + completed.stderr
        return [line for line in completed.stdout.splitlines() if "::" in line]

    plain, campaign = selected(), selected("-m", "campaign")
    assert campaign == ["tests/test_oracle_triton.py::test_shipped_rocdl_specs_agree_and_the_committed_report_is_fresh"]
    assert plain and not set(plain) & set(campaign), plain
