"""Diagnostics like clang's and ruff's: source line and caret, colour and progress on a
terminal only, did-you-mean, SARIF 2.1.0 checked against the official schema, explain by id,
number or name, and commands that work from any folder of a project."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from conftest import MINIMAL_MMA, REPO, SpecTree, run_cli, shipped_specs

from atomgen.check.rules import RULES
from atomgen.resources import load_schema

SARIF_SCHEMA = Path(__file__).parent / "data" / "sarif-schema-2.1.0.json"
BROKEN_A = 'a: "((16, 4), 4) : ((1, 64), 0)"'


def _broken(spec_tree: SpecTree) -> Path:
    text = MINIMAL_MMA.replace('a: "((16, 4), 4) : ((1, 64), 16)"', BROKEN_A)
    return spec_tree.write(text)


def _line_of(path: Path, needle: str) -> int:
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def run_on_terminal(*args: str, cwd: Path = REPO, env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """The CLI with stdout and stderr on two pseudo-terminals: what a user at a terminal sees."""
    out_master, out_slave = pty.openpty()
    err_master, err_slave = pty.openpty()
    environment = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    environment.update({"TERM": "xterm", **(env or {})})
    process = subprocess.Popen(
        [sys.executable, "-m", "atomgen", *args], cwd=cwd, stdin=subprocess.DEVNULL, stdout=out_slave,
        stderr=err_slave, env=environment, close_fds=True,
    )
    os.close(out_slave)
    os.close(err_slave)
    chunks: dict[int, bytes] = {out_master: b"", err_master: b""}
    open_fds = [out_master, err_master]
    while open_fds:
        ready, _, _ = select.select(open_fds, [], [], 60)
        if not ready:
            break
        for fd in ready:
            try:
                data = os.read(fd, 65536)
            except OSError:  # the child closed its side
                data = b""
            if data:
                chunks[fd] += data
            else:
                open_fds.remove(fd)
    code = process.wait(timeout=60)
    os.close(out_master)
    os.close(err_master)
    return code, chunks[out_master].decode(), chunks[err_master].decode()


# --------------------------------------------------------------------------- source line and caret
def test_source_line_with_a_caret_under_the_column(spec_tree: SpecTree) -> None:
    path = _broken(spec_tree)
    line = _line_of(path, BROKEN_A)
    result = run_cli("check", str(path))
    assert result.returncode == 1, result.output
    lines = result.stdout.splitlines()
    header = next(i for i, text in enumerate(lines) if f"{path}:{line}:" in text and "[AG321]" in text)
    column = int(re.search(rf":{line}:(\d+):", lines[header]).group(1))  # type: ignore[union-attr]
    source, caret = lines[header + 1], lines[header + 2]
    gutter = source.index("| ") + 2
    assert source[gutter:] == path.read_text().splitlines()[line - 1]
    assert caret.rstrip().endswith("^") and caret.index("^") - gutter == column - 1
    assert f"{line} |" in source


def test_spec_text_cannot_put_escape_sequences_on_the_terminal(spec_tree: SpecTree) -> None:
    """The source line is untrusted text: control and format characters (here a right-to-left
    override, as in "Trojan Source") are shown replaced, never sent raw."""
    path = spec_tree.write(MINIMAL_MMA.replace("threads: 64", 'threads: "64\u202e"'))
    result = run_cli("check", str(path))
    assert result.returncode == 1, result.output
    assert f"{path}:{_line_of(path, 'threads')}:" in result.stdout
    assert "\u202e" not in result.stdout and 'threads: "64\N{REPLACEMENT CHARACTER}"' in result.stdout


# --------------------------------------------------------------------------- colour
def test_colour_on_a_terminal_and_never_through_a_pipe(spec_tree: SpecTree) -> None:
    path = _broken(spec_tree)
    code, out, _ = run_on_terminal("check", str(path))
    assert code == 1
    assert "\x1b[1;31merror\x1b[0m" in out and "\x1b[1;32m^\x1b[0m" in out
    piped = run_cli("check", str(path))
    assert "\x1b[" not in piped.stdout and "error[AG321]" in piped.stdout


def test_no_color_is_respected_on_a_terminal(spec_tree: SpecTree) -> None:
    path = _broken(spec_tree)
    code, out, _ = run_on_terminal("check", str(path), env={"NO_COLOR": "1"})
    assert code == 1 and "error[AG321]" in out and "\x1b[" not in out
    forced = run_cli("check", str(path), "--color", "always")
    assert "\x1b[1;31merror" in forced.stdout


# --------------------------------------------------------------------------- progress
def test_progress_on_stderr_only_when_it_is_a_terminal(tmp_path: Path) -> None:
    """A check of many uncached specs shows `[ n/N] checking: spec` on a terminal, nothing in a pipe."""
    env = {"ATOMGEN_CACHE_DIR": str(tmp_path / "terminal-cache")}
    code, _, err = run_on_terminal("check", "specs/", env=env)
    assert code == 0
    assert re.search(r"\[\s*\d+/\d+\] checking: specs/", err), err
    assert err.rstrip().endswith("0 error(s) in 0 spec(s)")
    piped = subprocess.run(
        [sys.executable, "-m", "atomgen", "check", "specs/"], cwd=REPO, capture_output=True, text=True,
        env={**os.environ, "ATOMGEN_CACHE_DIR": str(tmp_path / "pipe-cache")},
    )
    assert piped.returncode == 0 and "checking:" not in piped.stderr and "\r" not in piped.stderr


# --------------------------------------------------------------------------- did you mean
def test_unknown_key_suggests_and_lists_every_allowed_key(spec_tree: SpecTree) -> None:
    path = spec_tree.write(MINIMAL_MMA.replace("threads: 64", "treads: 64"))
    result = run_cli("check", str(path))
    assert result.returncode == 1
    where = f"{path}:{_line_of(path, 'treads')}:1"
    assert f"{where}: error[AG101]: spec: unknown key 'treads'; did you mean 'threads'?" in result.stdout
    note = next(line for line in result.stdout.splitlines() if "allowed keys here:" in line)
    listed = note.split("allowed keys here:", 1)[1].strip().split(", ")
    assert listed == sorted(load_schema("atom")["properties"]), "the allowed list is not complete"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        (["chek"], "did you mean 'check'?"),
        (["explian"], "did you mean 'explain'?"),
        (["check", "--fromat", "json"], "did you mean '--format'?"),
        (["check", "--format", "sarf"], "did you mean 'sarif'?"),
    ],
)
def test_mistyped_command_or_option_gets_a_suggestion(typed: list[str], expected: str) -> None:
    result = run_cli(*typed)
    assert result.returncode == 2 and expected in result.stderr, result.output


def test_mistyped_rule_gets_a_suggestion() -> None:
    by_name = run_cli("explain", "not-injectve")
    assert by_name.returncode == 2 and "did you mean 'not-injective'?" in by_name.stderr
    by_id = run_cli("explain", "AG3210")
    assert by_id.returncode == 2 and "did you mean 'AG321'?" in by_id.stderr


# --------------------------------------------------------------------------- explain
@pytest.mark.parametrize("query", ["AG321", "ag321", "321", "not-injective", "not_injective"])
def test_explain_by_id_number_or_name(query: str) -> None:
    result = run_cli("explain", query)
    assert result.returncode == 0, result.output
    assert result.stdout.startswith("AG321 (not-injective):")


def test_every_rule_has_a_unique_kebab_case_name_and_is_documented() -> None:
    names = [rule.name for rule in RULES]
    assert len(set(names)) == len(names)
    assert all(re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", name) for name in names), names
    listing = run_cli("explain").stdout
    reference = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    assert run_cli("explain", "--markdown").stdout == reference, "docs/rules.md is stale: atomgen explain --markdown"
    for rule in RULES:
        assert f"{rule.id}  {rule.name}" in listing
        assert f"`{rule.id}` | `{rule.name}`" in reference


# --------------------------------------------------------------------------- SARIF
def _sarif_validator() -> jsonschema.Draft4Validator:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    return jsonschema.Draft4Validator(schema)


def test_sarif_of_a_broken_spec_validates_and_points_at_rule_file_line_column(spec_tree: SpecTree) -> None:
    path = _broken(spec_tree)
    line = _line_of(path, BROKEN_A)
    shown = os.path.relpath(path, spec_tree.root)
    result = run_cli("check", shown, "--format", "sarif", cwd=spec_tree.root)
    assert result.returncode == 1, result.output
    log = json.loads(result.stdout)
    errors = sorted(_sarif_validator().iter_errors(log), key=str)
    assert not errors, [e.message for e in errors[:5]]
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    assert {r["id"] for r in rules} == {r.id for r in RULES}
    found = [r for r in run["results"] if r["ruleId"] == "AG321"]
    assert len(found) == 1
    location = found[0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": Path(shown).as_posix(), "uriBaseId": "%SRCROOT%"}
    assert location["region"] == {"startLine": line, "startColumn": 6}
    assert rules[found[0]["ruleIndex"]]["name"] == "not-injective"
    assert found[0]["level"] == "error"


def test_sarif_of_clean_specs_validates() -> None:
    result = run_cli("check", "specs/rocdl/cdna3", "--format", "sarif")
    assert result.returncode == 0, result.output
    log = json.loads(result.stdout)
    assert not list(_sarif_validator().iter_errors(log))
    assert log["runs"][0]["results"] == []


def test_the_committed_schema_is_the_official_one() -> None:
    schema = json.loads(SARIF_SCHEMA.read_text(encoding="utf-8"))
    assert schema["title"] == "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    assert schema["id"].startswith("https://docs.oasis-open.org/sarif/sarif/v2.1.0/")
    jsonschema.Draft4Validator.check_schema(schema)


# --------------------------------------------------------------------------- any folder
def test_check_show_and_gen_work_from_a_subfolder() -> None:
    inside = REPO / "specs" / "rocdl"
    check = run_cli("check", cwd=inside)
    assert check.returncode == 0, check.output
    atoms, backends = len(shipped_specs()), len(list((REPO / "specs").rglob("backend.yaml")))
    assert f"{atoms} spec(s), {backends} backend file(s), 0 error(s)" in check.stderr  # counted apart
    show = run_cli("show", "cdna3/mfma.yaml", cwd=inside)
    assert show.returncode == 0 and "cdna3.mfma" in show.stdout, show.output
    gen = run_cli("gen", "--check", cwd=inside)
    assert gen.returncode == 0 and "generated is up to date" in gen.stderr, gen.output


def test_check_show_and_gen_work_from_outside(tmp_path: Path) -> None:
    check = run_cli("check", str(REPO / "specs"), cwd=tmp_path)
    assert check.returncode == 0, check.output
    show = run_cli("show", str(REPO / "specs/nvvm/sm80/mma_sync.yaml"), cwd=tmp_path)
    assert show.returncode == 0 and "sm80.mma.sync" in show.stdout, show.output
    gen = run_cli("gen", str(REPO / "specs"), "--check", cwd=tmp_path)  # --out: that project's generated/
    assert gen.returncode == 0 and "up to date" in gen.stderr, gen.output
    nothing = run_cli("check", cwd=tmp_path)
    assert nothing.returncode == 2 and "no such file or folder: specs" in nothing.stderr


@pytest.mark.parametrize("config", ["atomgen.toml", "pyproject.toml"])
def test_project_config_names_the_spec_folder(config: str, spec_tree: SpecTree) -> None:
    root = spec_tree.root
    (root / "specs").rename(root / "atoms")
    (root / "atoms/rocdl/cdna3/x.yaml").unlink(missing_ok=True)
    shutil.copy(REPO / "specs/rocdl/cdna3/mfma.yaml", root / "atoms/rocdl/cdna3/mfma.yaml")
    table = "[tool.atomgen]\n" if config == "pyproject.toml" else ""
    (root / config).write_text(f'{table}specs = "atoms"\ngenerated = "out"\n')
    result = run_cli("check", cwd=root / "atoms/rocdl/cdna3")
    assert result.returncode == 0 and "1 spec(s), 1 backend file(s), 0 error(s)" in result.stderr, result.output
    made = run_cli("gen", "--quiet", cwd=root / "atoms")
    assert made.returncode == 0, made.output
    assert (root / "out/lib/Dialect/FlyROCDL/CMakeLists.txt").is_file()


def test_project_config_errors_are_diagnostics(spec_tree: SpecTree) -> None:
    root = spec_tree.root
    (root / "atomgen.toml").write_text('spec = "specs"\n')
    typo = run_cli("check", cwd=root)
    assert typo.returncode == 2 and "unknown key 'spec'" in typo.stderr and "did you mean 'specs'?" in typo.stderr
    (root / "atomgen.toml").write_text('specs = "../../etc"\n')
    escape = run_cli("check", cwd=root)
    assert escape.returncode == 2 and "leaves the project root" in escape.stderr
    assert "Traceback" not in typo.output + escape.output


# --------------------------------------------------------------------------- one --report flag
@pytest.mark.parametrize("command", [["oracle", "flydsl"], ["oracle", "cute"], ["oracle", "triton"], ["probe"]])
def test_every_oracle_and_the_probe_take_one_report_flag(command: list[str]) -> None:
    """Before: --write-report/--report-md/--report-json (flydsl), --output (cute), --report (probe)."""
    result = run_cli(*command, "--help")
    assert result.returncode == 0, result.output
    assert re.search(r"--report FILE\s+write the JSON report to FILE and a markdown summary", result.stdout)
    for old in ("--write-report", "--report-md", "--report-json", "--output"):
        assert old not in result.stdout


def _flydsl_installed() -> bool:
    from atomgen.oracle.flydsl.client import installed_flydsl_version

    return installed_flydsl_version() is not None


@pytest.mark.skipif(not _flydsl_installed(), reason="flydsl is not installed")
def test_oracle_report_flag_progress_and_deprecated_alias(tmp_path: Path) -> None:
    # the flags, not the oracle: a spec it answers in 3.5 s (gfx11/wmma.yaml took 23 s a run, 69 s the test)
    spec = "specs/rocdl/gfx11/wmma_wave64.yaml"
    code, out, err = run_on_terminal("oracle", "flydsl", spec, "--no-sweep", "--report", str(tmp_path / "r.json"))
    assert code == 0, out + err
    assert re.search(r"\[\s*\d+/\d+\] oracle flydsl: ", err), err  # progress, on a terminal
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["atoms"][0]["spec"] == spec
    assert (tmp_path / "r.md").read_text().startswith("# ")
    old = run_cli("oracle", "flydsl", spec, "--no-sweep", "--report-json", str(tmp_path / "old.json"))
    assert old.returncode == 0 and "--report-json is deprecated; use --report FILE" in old.stderr
    assert json.loads((tmp_path / "old.json").read_text())["atoms"] == report["atoms"]
    assert "oracle flydsl:" not in old.stderr.replace("atomgen oracle flydsl:", "")  # no progress in a pipe
