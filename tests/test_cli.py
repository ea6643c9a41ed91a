"""The command line: help, version, scaffolding, schema, JSON output."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from conftest import ROCDL_BACKEND, run_cli
from scaffold_answers import FILLED

from atomgen import __version__
from atomgen.cli import build_parser

COMMANDS = sorted(build_parser()._subparsers._group_actions[0].choices or ())  # type: ignore[union-attr]



def test_help_mentions_examples() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    assert "typical use:" in result.stdout and "atomgen check specs/" in result.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_examples(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0, result.output
    assert f"usage: atomgen {command}" in result.stdout
    assert re.search(r"examples?:", result.stdout), f"`atomgen {command} --help` shows no example"


def test_version() -> None:
    result = run_cli("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"atomgen {__version__}"


def test_no_command_prints_help_and_exits_2() -> None:
    result = run_cli()
    assert result.returncode == 2 and "usage: atomgen" in result.stdout


def test_new_mma_then_check_reports_each_todo(tmp_path: Path) -> None:
    backend = tmp_path / "specs" / "rocdl" / "backend.yaml"
    backend.parent.mkdir(parents=True)
    backend.write_text(ROCDL_BACKEND.read_text())
    result = run_cli("new", "mma", "--subtarget", "cdna5", cwd=tmp_path)
    assert result.returncode == 0, result.output
    assert "declared subtarget cdna5" in result.stdout  # a TODO entry in subtarget_chips (AG010 there)
    spec = tmp_path / "specs" / "rocdl" / "cdna5" / "mma.yaml"
    assert spec.is_file()
    text = spec.read_text()
    hint = re.search(r'a: TODO .*e\.g\. "([^"]+)"', text)
    assert hint is not None and hint.group(1) in FILLED["a: TODO                # over (M,K)"]
    todo_lines = [number for number, line in enumerate(text.splitlines(), 1) if re.search(r":\s*TODO\b", line)]
    assert len(todo_lines) == 20  # with the instruction label, the emission pattern and the DSL name and module

    check = run_cli("check", "specs/rocdl/cdna5/mma.yaml", cwd=tmp_path)
    assert check.returncode == 1, check.output
    findings = [line for line in check.stdout.splitlines() if "error[" in line]
    assert all("error[AG010]" in line for line in findings), check.stdout
    assert [int(line.split(":")[1]) for line in findings] == todo_lines  # one per TODO, one per line
    for line in findings:
        number, column = (int(part) for part in line.split(":")[1:3])
        assert text.splitlines()[number - 1][column - 1:].startswith("TODO"), line  # points at the TODO

    # Exists already: refused without --force.
    again = run_cli("new", "mma", "--subtarget", "cdna5", cwd=tmp_path)
    assert again.returncode == 2 and "exists" in again.stderr

    # Filled in (and with the backend description beside it), the scaffold checks clean.
    for todo, answer in FILLED.items():
        assert todo in text, todo
        text = text.replace(todo, answer, 1)
    assert "TODO" not in re.sub(r"#.*", "", text)
    spec.write_text(text)
    backend.write_text(backend.read_text().replace("cdna5: [TODO]", "cdna5: [gfx942]"))
    clean = run_cli("check", "--no-cache", "specs", cwd=tmp_path)
    assert clean.returncode == 0, clean.output
    assert "error" not in clean.stdout
    # check-clean means gen works (issue 8): the filled scaffold generates
    generated = run_cli("gen", "specs", "--out", "out", cwd=tmp_path)
    assert generated.returncode == 0, generated.output
    assert any((tmp_path / "out").rglob("*.cpp"))


def test_new_copy_and_backend(tmp_path: Path) -> None:
    made = run_cli("new", "copy", "--subtarget", "sm90", "--backend", "nvvm", "--name", "tma_x", cwd=tmp_path)
    assert made.returncode == 0, made.output
    assert (tmp_path / "specs" / "nvvm" / "sm90" / "tma_x.yaml").is_file()
    assert run_cli("new", "backend", "nvvm", cwd=tmp_path).returncode == 0
    assert (tmp_path / "specs" / "nvvm" / "backend.yaml").is_file()
    bad = run_cli("new", "mma", cwd=tmp_path)
    assert bad.returncode == 2 and "--subtarget" in bad.stderr
    bad = run_cli("new", "mma", "--subtarget", "CDNA5", cwd=tmp_path)
    assert bad.returncode == 2


def test_new_spec_takes_its_prefix_from_the_backend_file(tmp_path: Path) -> None:
    """The TableGen names of a scaffolded spec follow its backend.yaml's dialect, not a table of known
    backends: a backend whose dialect is FlySpirv_Dialect gets FlySpirv_ names; without a backend file,
    FlyDSL's naming (Fly + the backend in capitals)."""
    assert run_cli("new", "backend", "spirv", cwd=tmp_path).returncode == 0
    backend = tmp_path / "specs" / "spirv" / "backend.yaml"
    text = backend.read_text(encoding="utf-8")
    assert "FlySPIRV_Dialect" in text
    backend.write_text(text.replace("FlySPIRV_", "FlySpirv_"), encoding="utf-8")
    assert run_cli("new", "mma", "--backend", "spirv", "--subtarget", "x1", cwd=tmp_path).returncode == 0
    spec = (tmp_path / "specs" / "spirv" / "x1" / "mma.yaml").read_text(encoding="utf-8")
    assert "tablegen_def: FlySpirv_MmaOpX1_MMA" in spec
    assert run_cli("new", "copy", "--backend", "vulkan", "--subtarget", "x1", cwd=tmp_path).returncode == 0
    copy = (tmp_path / "specs" / "vulkan" / "x1" / "copy.yaml").read_text(encoding="utf-8")
    assert "tablegen_def: FlyVULKAN_CopyOpX1Copy" in copy


def test_schema_is_valid_json_schema() -> None:
    for args in ([], ["--backend"]):
        result = run_cli("schema", *args)
        assert result.returncode == 0
        schema = json.loads(result.stdout)
        jsonschema.Draft202012Validator.check_schema(schema)
    atom = json.loads(run_cli("schema").stdout)
    assert atom["title"] == "atomgen atom spec" and "layouts" in atom["required"]


def test_check_json_format(tmp_path: Path) -> None:
    clean = run_cli("check", "specs/rocdl/cdna3/mfma.yaml", "--format", "json")
    assert clean.returncode == 0 and json.loads(clean.stdout) == []
    folder = tmp_path / "specs" / "rocdl" / "cdna3"
    folder.mkdir(parents=True)
    (tmp_path / "specs" / "rocdl" / "backend.yaml").write_text(ROCDL_BACKEND.read_text())
    bad = folder / "x.yaml"
    source = (ROCDL_BACKEND.parent / "cdna3" / "mfma.yaml").read_text()
    bad.write_text(source.replace('thr: "64:1"', 'thr: "32:1"'))
    result = run_cli("check", "--no-cache", str(bad), "--format", "json")
    assert result.returncode == 1
    [finding] = json.loads(result.stdout)
    line = source[: source.index('thr: "64:1"')].count("\n") + 1
    assert finding == {
        "rule": "AG311",
        "message": finding["message"],
        "path": str(bad),
        "line": line,
        "column": 8,
        "severity": "error",
        "notes": [],
    }
    assert "32 threads" in finding["message"]


def test_check_defaults_to_specs_folder() -> None:
    result = run_cli("check")
    assert result.returncode == 0, result.output
    assert re.search(r"atomgen check: \d+ spec\(s\), \d+ backend file\(s\), 0 error\(s\)", result.stderr), result.stderr


class _Exited(Exception):
    pass


def _command(monkeypatch: pytest.MonkeyPatch, *arguments: str) -> tuple[list[int], int]:
    """atomgen.cli.command() with os._exit recorded: (its calls, the status the process ends with)."""
    from atomgen import cli

    hard: list[int] = []

    def fake_exit(status: int) -> None:
        hard.append(status)
        raise _Exited()

    monkeypatch.setattr(cli.os, "_exit", fake_exit)
    monkeypatch.setattr(cli.sys, "argv", ["atomgen", *arguments])
    try:
        cli.command()
    except SystemExit as done:
        return hard, int(done.code or 0)
    except _Exited:
        return hard, hard[-1]
    raise AssertionError("command() returned")


def test_check_ends_with_a_fast_exit_after_flushing(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                                    tmp_path: Path) -> None:
    """`check` skips the interpreter's teardown of its analysed models (os._exit), with every byte out first."""
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path))
    bad = tmp_path / "bad.yaml"
    bad.write_text("threads: [64\n", encoding="utf-8")
    hard, status = _command(monkeypatch, "check", str(bad), "--no-cache", "--format", "json")
    assert hard == [1] and status == 1
    assert json.loads(capsys.readouterr().out)[0]["rule"] == "AG001"  # the whole document was written
    hard, status = _command(monkeypatch, "explain", "AG001")
    assert hard == [] and status == 0  # other commands exit normally
