"""This repository's pre-commit hooks, run in a separate repository of specs as a consumer runs them.

Each finding of issue 11 is a test: a new spec colliding with an unchanged one, a backend.yaml
edit that breaks its specs, and `atomgen-gen` in a repository whose folders are not specs/ and
generated/. Issue 22: the README's `.pre-commit-config.yaml` runs as written, `atomgen-gen`
fixes (writes, then fails listing the files), a missing tree is one line, and both hooks
together print a spec error once.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
Shadow = tuple[Path, str]  # a commit of this checkout (folder, rev): where the hooks come from
PRE_COMMIT = shutil.which("pre-commit") or str(Path(sys.executable).parent / "pre-commit")

# one worker: the hook environment is installed once; the campaign tier: installing and running the hooks
# through pre-commit takes 30 s
pytestmark = [pytest.mark.skipif(not Path(PRE_COMMIT).exists(), reason="pre-commit is not installed"),
              pytest.mark.xdist_group("precommit"),
              pytest.mark.campaign]


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One hook environment for the module, installed by the first hook run (pre-commit keys it
    by repo and rev). `pre-commit try-repo` would install atomgen afresh on every call (it makes a
    store in a temporary folder), about 10 s each; `run` with a config naming this checkout, as a
    consumer's `.pre-commit-config.yaml` names atomgen, tries the same hooks."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="module")
def hooks_repo(tmp_path_factory: pytest.TempPathFactory) -> Shadow:
    return shadow_of_this_checkout(tmp_path_factory.mktemp("hooks"))


# Every atomgen here, the checkout's and the one pre-commit installs, uses the worker's ATOMGEN_CACHE_DIR
# (conftest.py): the cache is keyed by content and by atomgen's own files, so sharing it changes no output,
# and a cold one per test cost each hook run a sympy certification.


def git(*args: str, cwd: Path) -> None:
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def _user_repo(tmp_path: Path, folder: str = "specs") -> Path:
    repo = tmp_path / "user"
    (repo / folder).mkdir(parents=True)
    shutil.copytree(ROOT / "specs" / "rocdl", repo / folder / "rocdl")
    git("init", "-q", cwd=repo)
    git("add", "-A", cwd=repo)
    return repo


def run_hook(repo: Path, source: Shadow, home: Path, hook: str, *files: str) -> subprocess.CompletedProcess[str]:
    """`pre-commit run HOOK` in REPO, with a config that takes the hook from this checkout."""
    shadow, rev = source
    config = {"repos": [{"repo": str(shadow), "rev": rev, "hooks": [{"id": hook}]}]}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    git("add", ".pre-commit-config.yaml", cwd=repo)
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    selection = ["--files", *files] if files else ["--all-files"]
    return subprocess.run(
        [PRE_COMMIT, "run", hook, "--color", "never", *selection],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
        timeout=900,
    )


@pytest.mark.slow
def test_check_hook_reports_broken_spec_and_passes_good_one(
    tmp_path: Path, pre_commit_home: Path, hooks_repo: Shadow
) -> None:
    repo = _user_repo(tmp_path)
    broken = repo / "specs/rocdl/cdna3/mfma.yaml"
    lines = broken.read_text().splitlines(keepends=True)
    index = next(i for i, line in enumerate(lines) if line.strip().startswith('a: "((m, G), KPT)'))
    lines[index] = lines[index].replace("m*KPT), m)", "m*KPT), 0)")
    broken.write_text("".join(lines))
    git("add", "-A", cwd=repo)
    good = "specs/rocdl/cdna3/buffer_copy.yaml"
    ok = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-check", good)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    bad = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-check", "specs/rocdl/cdna3/mfma.yaml", good)
    assert bad.returncode == 1, bad.stdout + bad.stderr
    assert f"specs/rocdl/cdna3/mfma.yaml:{index + 1}:" in bad.stdout
    # clang-style: the offending line follows, with a caret under the column
    assert lines[index].rstrip("\n") in bad.stdout


def test_new_spec_colliding_with_an_unchanged_one_fails(
    tmp_path: Path, pre_commit_home: Path, hooks_repo: Shadow
) -> None:
    """Before: only the changed file was checked, so the cross-spec rules saw one spec and passed."""
    repo = _user_repo(tmp_path)
    twin = repo / "specs/rocdl/cdna3/buffer_copy_twin.yaml"
    shutil.copy(repo / "specs/rocdl/cdna3/buffer_copy.yaml", twin)
    git("add", "-A", cwd=repo)
    result = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-check", "specs/rocdl/cdna3/buffer_copy_twin.yaml")
    assert result.returncode == 1, result.stdout + result.stderr
    assert re.search(r"specs/rocdl/cdna3/buffer_copy_twin\.yaml:\d+:\d+: error\[AG38[23]\]", result.stdout)
    assert "already used by specs/rocdl/cdna3/buffer_copy.yaml" in result.stdout
    # only the changed spec is reported, not the unchanged one it collides with
    assert "specs/rocdl/cdna3/buffer_copy.yaml:" not in result.stdout


def test_backend_edit_rechecks_that_backends_specs(tmp_path: Path, pre_commit_home: Path, hooks_repo: Shadow) -> None:
    """Before: backend.yaml was excluded from the hook, so an edit breaking its specs passed."""
    repo = _user_repo(tmp_path)
    backend = repo / "specs/rocdl/backend.yaml"
    text = backend.read_text()
    assert "- {name: Soffset, value: 0, string: soffset}\n" in text
    backend.write_text(text.replace("    - {name: Soffset, value: 0, string: soffset}\n", ""))
    git("add", "-A", cwd=repo)
    result = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-check", "specs/rocdl/backend.yaml")
    assert result.returncode == 1, result.stdout + result.stderr
    broken = set(re.findall(r"^(specs/rocdl/\S+\.yaml):\d+:\d+: error\[AG362\]", result.stdout, re.M))
    users = {
        p.relative_to(repo).as_posix()
        for p in (repo / "specs/rocdl").rglob("*.yaml")
        if "enum_case: Soffset" in p.read_text()
    }
    assert users and broken == users, result.stdout


@pytest.mark.slow
def test_gen_hook_uses_the_consumers_folders(tmp_path: Path, pre_commit_home: Path, hooks_repo: Shadow) -> None:
    """Before: `atomgen gen specs/ --out generated/` was hard-coded and failed elsewhere."""
    repo = _user_repo(tmp_path, folder="atoms")
    (repo / "pyproject.toml").write_text('[tool.atomgen]\nspecs = "atoms"\ngenerated = "third_party/gen"\n')
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    made = subprocess.run(
        [sys.executable, "-m", "atomgen", "gen", "--quiet"], cwd=repo, capture_output=True, text=True, env=env
    )
    assert made.returncode == 0, made.stderr
    assert (repo / "third_party/gen/lib/Dialect/FlyROCDL/CMakeLists.txt").is_file()
    git("add", "-A", cwd=repo)
    fresh = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-gen")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr

    mfma = repo / "atoms/rocdl/cdna3/mfma.yaml"
    mfma.write_text(re.sub(r"^summary: .*$", "summary: edited", mfma.read_text(), count=1, flags=re.M))
    git("add", "-A", cwd=repo)
    check_only = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-gen-check")
    assert check_only.returncode == 1, check_only.stdout + check_only.stderr
    assert "is stale" in check_only.stdout + check_only.stderr
    # the fixing hook writes, then fails listing what
    stale = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-gen")
    assert stale.returncode == 1, stale.stdout + stale.stderr
    assert "was stale" in stale.stdout and "wrote third_party/gen/" in stale.stdout, stale.stdout
    git("add", "-A", cwd=repo)
    fixed = run_hook(repo, hooks_repo, pre_commit_home, "atomgen-gen-check")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr

    # the check-only hook's own entry with folders as args, as a `.pre-commit-config.yaml` would give them
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    entry = shlex.split(hooks["atomgen-gen-check"]["entry"])
    assert entry[0] == "atomgen"
    (repo / "pyproject.toml").unlink()
    shutil.move(repo / "third_party/gen", repo / "out")
    mfma.write_text(re.sub(r"^summary: .*$", "summary: edited again", mfma.read_text(), count=1, flags=re.M))
    with_args = subprocess.run(
        [sys.executable, "-m", "atomgen", *entry[1:], "atoms/", "--out", "out"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
    )
    assert with_args.returncode == 1 and "out is stale" in with_args.stderr, with_args.stdout + with_args.stderr
    subprocess.run([sys.executable, "-m", "atomgen", "gen", "atoms/", "--out", "out", "--quiet"], cwd=repo, env=env)
    again = subprocess.run(
        [sys.executable, "-m", "atomgen", *entry[1:], "atoms/", "--out", "out"],
        cwd=repo,
        capture_output=True,
        text=True,
        env=env,
    )
    assert again.returncode == 0, again.stdout + again.stderr


def readme_config() -> str:
    """The README's `.pre-commit-config.yaml` example: its yaml block that uses the atomgen-gen hook."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"^( *)```yaml\n(.*?)^\1```", readme, re.S | re.M) if "id: atomgen-gen" in b[1]]
    assert len(blocks) == 1, "README.md should hold one .pre-commit-config.yaml example"
    indent, body = blocks[0]
    return "".join(line[len(indent):] + "\n" for line in body.splitlines())


def shadow_of_this_checkout(tmp_path: Path) -> Shadow:
    """A commit of this checkout's working tree (tracked files as they are now, untracked ones
    not ignored), in a clone: what `repo:` and `rev:` point at, as a consumer's would."""
    shadow = tmp_path / "atomgen-shadow"
    git("clone", "-q", str(ROOT), str(shadow), cwd=tmp_path)
    listed = subprocess.run(["git", "ls-files", "-z", "-m", "-o", "-d", "--exclude-standard"], cwd=ROOT,
                            check=True, capture_output=True).stdout.decode()
    for name in sorted({n for n in listed.split("\0") if n}):
        source, target = ROOT / name, shadow / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
        elif target.is_file():
            target.unlink()
    git("add", "-A", cwd=shadow)
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "shadow", cwd=shadow)
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=shadow, check=True, capture_output=True,
                         text=True).stdout.strip()
    return shadow, rev


def run_hooks(repo: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run([PRE_COMMIT, "run", "--all-files", "--color", "never"], cwd=repo, capture_output=True,
                          text=True, env=env, timeout=900)


def test_readme_config_runs_fixes_a_missing_tree_and_prints_each_error_once(
    tmp_path: Path, pre_commit_home: Path, hooks_repo: Shadow
) -> None:
    """Before: no README example ran; on a repository without generated/ the gen hook printed a
    diff of every line of 179 files; the gen hook only checked; a spec error printed twice."""
    shadow, rev = hooks_repo
    config = readme_config()
    parsed = yaml.safe_load(config)
    assert [h["id"] for h in parsed["repos"][0]["hooks"]] == ["atomgen-check", "atomgen-gen"]
    config = re.sub(r"(repo: ).*", lambda m: m.group(1) + str(shadow), config, count=1)
    config = re.sub(r"(rev: ).*", lambda m: m.group(1) + rev, config, count=1)
    repo = _user_repo(tmp_path)
    (repo / ".pre-commit-config.yaml").write_text(config)
    git("add", "-A", cwd=repo)

    created = run_hooks(repo, pre_commit_home)  # no generated/ yet: the gen hook makes it, and fails
    assert created.returncode == 1, created.stdout + created.stderr
    assert re.search(r"atomgen gen: created generated with \d+ file\(s\)", created.stdout), created.stdout
    assert len(created.stdout.splitlines()) < 40, created.stdout
    assert (repo / "generated/lib/Dialect/FlyROCDL/CMakeLists.txt").is_file()
    git("add", "-A", cwd=repo)
    clean = run_hooks(repo, pre_commit_home)
    assert clean.returncode == 0, clean.stdout + clean.stderr

    mfma = repo / "specs/rocdl/cdna3/mfma.yaml"
    mfma.write_text(mfma.read_text().replace("m*KPT), m)", "m*KPT), 0)", 1))
    git("add", "-A", cwd=repo)
    broken = run_hooks(repo, pre_commit_home)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    located = re.findall(r"^specs/rocdl/cdna3/mfma\.yaml:\d+:\d+: error\[AG321\]", broken.stdout, re.M)
    assert len(located) == 1, broken.stdout  # atomgen-check's, not repeated by atomgen-gen
    assert re.search(r"atomgen gen: 1 spec error\(s\) in 1 spec\(s\), nothing written: see atomgen-check",
                     broken.stdout), broken.stdout


def test_gen_check_hook_says_in_one_line_that_the_tree_is_missing(tmp_path: Path) -> None:
    """Before: 64,942 lines of diff ending in "179 file(s) differ"; now one line naming the fix."""
    repo = _user_repo(tmp_path)
    hooks = {h["id"]: h for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())}
    entry = shlex.split(hooks["atomgen-gen-check"]["entry"])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run([sys.executable, "-m", "atomgen", *entry[1:]], cwd=repo, capture_output=True, text=True,
                            env=env)
    assert result.returncode == 1
    assert result.stdout == ""
    assert re.fullmatch(r"atomgen gen --check: generated does not exist \(\d+ file\(s\) to generate\); "
                        r"run `atomgen gen --prune`\n", result.stderr), result.stderr
