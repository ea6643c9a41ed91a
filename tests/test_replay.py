"""Replay of check and gen (atomgen/replay.py): same bytes as a full run, and never stale.

Each command runs in a subprocess that reports which heavy modules it imported: a replay
imports none of YAML, JSON Schema, Jinja or sympy, a full run does.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from atomgen import replay
from atomgen.write import journal

REPO = Path(__file__).resolve().parent.parent
HEAVY = ("yaml", "jsonschema", "jinja2", "sympy")
DRIVER = (
    "import json, os, sys\n"
    "from atomgen.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "heavy = sorted({m.split('.')[0] for m in sys.modules} & set(json.loads(os.environ['HEAVY'])))\n"
    "open(os.environ['HEAVY_OUT'], 'w').write(json.dumps(heavy))\n"
    "sys.exit(status)\n"
)


# Two backends, each with its backend.yaml and a few specs (an MMA, a copy): what a replay keys on is
# the same for 3 specs as for 41, and each of the suite's 70-odd full checks here costs a third.
SPECS = {"rocdl": ("backend.yaml", "cdna3/mfma.yaml", "cdna3/mfma_ext.yaml", "cdna3/buffer_copy.yaml"),
         "nvvm": ("backend.yaml", "sm80/mma_sync.yaml", "sm80/ldmatrix.yaml")}


class Project:
    """A copy of atomgen and of some specs of two backends, so that tests may edit any input. The
    package is copied with its bytecode (copy2 keeps each source's mtime, so Python still trusts it;
    an edited module is compiled again), as an installed atomgen has it."""

    def __init__(self, root: Path):
        self.root = root
        shutil.copytree(REPO / "atomgen", root / "pkg" / "atomgen", symlinks=False)
        for backend, files in SPECS.items():
            for file in files:
                (root / "specs" / backend / file).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(REPO / "specs" / backend / file, root / "specs" / backend / file)
        self.env = dict(os.environ, PYTHONPATH=str(root / "pkg"), ATOMGEN_CACHE_DIR=str(root / "cache"),
                        HEAVY=json.dumps(HEAVY), HEAVY_OUT=str(root / "heavy.json"), NO_COLOR="1")

    def run(self, *args: str) -> tuple[int, str, str, bool]:
        """(status, stdout, stderr, replayed)."""
        done = subprocess.run([sys.executable, "-c", DRIVER, *args], cwd=self.root, env=self.env,
                              capture_output=True, text=True, check=False)
        heavy = json.loads((self.root / "heavy.json").read_text())
        return done.returncode, done.stdout, done.stderr, not heavy


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)


def _break(project: Project) -> None:
    mfma = project.root / "specs" / "rocdl" / "cdna3" / "mfma.yaml"
    mfma.write_text(mfma.read_text().replace('thr: "64:1"', 'thr: "32:1"', 1))


@pytest.mark.parametrize("output", ["text", "json", "sarif"])
def test_a_replay_prints_the_bytes_of_a_full_run(project: Project, output: str) -> None:
    _break(project)  # findings with file:line:col, exit 1
    command = ("check", "specs", "--format", output)
    full = project.run(*command, "--no-cache")
    assert full[0] == 1 and not full[3]
    recorded = project.run(*command)
    replayed = project.run(*command)
    assert replayed[3] and not recorded[3]
    assert replayed[:3] == recorded[:3] == full[:3]
    assert "AG311" in full[1] and "mfma.yaml" in full[1]


def test_no_cache_neither_replays_nor_records(project: Project) -> None:
    project.run("check", "specs", "--no-cache")
    assert not project.run("check", "specs", "--no-cache")[3]
    assert not (project.root / "cache" / "replay").exists()


def _edit_spec(project: Project) -> None:
    _break(project)


def _edit_backend(project: Project) -> None:
    backend = project.root / "specs" / "rocdl" / "backend.yaml"
    backend.write_text(backend.read_text() + "\nunknown_key: 1\n")


def _add_spec(project: Project) -> None:
    source = project.root / "specs" / "rocdl" / "cdna3" / "mfma.yaml"
    (project.root / "specs" / "rocdl" / "cdna3" / "copy_of_mfma.yaml").write_text(source.read_text())


def _add_project_catalogue(project: Project) -> None:
    (project.root / "specs" / "rocdl" / "intrinsics.yaml").write_text("intrinsics: 3\n")


def _edit_package(project: Project) -> None:
    rules = project.root / "pkg" / "atomgen" / "check" / "evaluate.py"
    rules.write_text(rules.read_text() + "\n# edited\n")


def _edit_version(project: Project) -> None:
    init = project.root / "pkg" / "atomgen" / "__init__.py"
    init.write_text(init.read_text().replace('__version__ = "', '__version__ = "9'))


def _edit_catalogue(project: Project) -> None:
    catalogue = project.root / "pkg" / "atomgen" / "intrinsics" / "rocdl.yaml"
    catalogue.write_text(catalogue.read_text().replace("rocdl.mfma.f32.16x16x16f16", "rocdl.mfma.f32.16x16x16f16x", 1))


def _edit_schema(project: Project) -> None:
    schema = project.root / "pkg" / "atomgen" / "_data" / "schema" / "atom.schema.json"
    data = json.loads(schema.read_text())
    data["required"] = [*data.get("required", []), "not_in_any_spec"]
    schema.write_text(json.dumps(data))


EDITS = {f.__name__[1:]: f for f in (_edit_spec, _edit_backend, _add_spec, _add_project_catalogue, _edit_package,
                                      _edit_version, _edit_catalogue, _edit_schema)}


@pytest.mark.parametrize("edit", sorted(EDITS))
def test_any_changed_input_is_a_full_run(project: Project, edit: str) -> None:
    project.run("check", "specs")
    assert project.run("check", "specs")[3]
    EDITS[edit](project)
    after = project.run("check", "specs")
    assert not after[3], f"{edit}: replayed a stale result"
    assert after[:3] == project.run("check", "specs", "--no-cache")[:3]
    assert project.run("check", "specs")[3]  # and the new result is replayed in turn


def test_gen_with_nothing_changed_is_replayed_and_stays_exact(project: Project) -> None:
    out = ("--out", "generated")
    written = project.run("gen", "specs", *out)
    assert written[0] == 0 and " 0 unchanged" in written[2]
    first = project.run("gen", "specs", *out)
    second = project.run("gen", "specs", *out)
    assert second[3] and second[:3] == first[:3] and "0 file(s) written" in first[2]
    check = project.run("gen", "specs", *out, "--check")
    assert project.run("gen", "specs", *out, "--check")[:3] == check[:3] and check[0] == 0
    some = sorted((project.root / "generated").rglob("*.cpp"))[0]
    some.write_text(some.read_text() + "// hand edit\n")
    stale = project.run("gen", "specs", *out, "--check")
    assert stale[0] == 1 and not stale[3] and "hand edit" in stale[1]
    assert project.run("gen", "specs", *out, "--check")[:3] == stale[:3]  # the stale verdict, replayed
    some.unlink()
    rewritten = project.run("gen", "specs", *out)
    assert not rewritten[3] and "1 file(s) written" in rewritten[2] and some.is_file()
    stray = project.root / "generated" / "stray.txt"
    stray.write_text("x")
    pruned = project.run("gen", "specs", *out, "--prune", "--check")
    assert pruned[0] == 1 and "stray.txt" in pruned[1] + pruned[2]


def test_the_first_gen_after_a_write_replays_the_run_the_writer_rehearsed(project: Project) -> None:
    """A gen that writes rehearses the next identical gen (atomgen/replay.py): that one finds nothing to
    write, so the first no-op after a write is a replay too (issue 51: it was an ordinary run, 2.3x
    the floor), with the bytes an ordinary run prints, and never over a tree edited since."""
    out = ("--out", "generated")
    written = project.run("gen", "specs", *out)
    assert written[0] == 0 and not written[3] and written[2].count("atomgen gen:") == 1  # the rehearsal is silent
    first = project.run("gen", "specs", *out)
    assert first[3], "the first gen after a write was an ordinary run"
    assert first[0] == 0 and "0 file(s) written" in first[2]
    some = sorted((project.root / "generated").rglob("*.cpp"))[0]
    some.write_text(some.read_text() + "// hand edit\n")
    rewritten = project.run("gen", "specs", *out)
    assert not rewritten[3] and "1 file(s) written" in rewritten[2] and "hand edit" not in some.read_text()
    again = project.run("gen", "specs", *out)
    assert again[3] and again[:3] == first[:3]
    # the replay is exact: an ordinary run (no record) prints the same
    shutil.rmtree(project.root / "cache" / "replay")
    assert project.run("gen", "specs", *out)[:3] == first[:3]


def test_the_transient_folder_is_the_journals() -> None:
    assert replay.TRANSIENT == journal.FOLDER
