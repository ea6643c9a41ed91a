"""`atomgen oracle cute`: the PTX specs agree with CuTe, and a changed layout number is caught."""

from __future__ import annotations

import argparse
import json
import shutil
import stat
from pathlib import Path

import pytest
import yaml
from conftest import spec_instances

from atomgen.oracle import command as oracle_command

ROOT = Path(__file__).resolve().parent.parent
PTX = ROOT / "specs" / "nvvm"


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    oracle_command.add_cute_arguments(parser)
    code = oracle_command.run_cute(parser.parse_args(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _copy_spec(tmp_path: Path, relative: str) -> Path:
    """A private copy of one PTX spec beside its backend.yaml (a folder named `ptx`)."""
    root = tmp_path / "nvvm"
    target = root / relative
    target.parent.mkdir(parents=True)
    shutil.copy(PTX / "backend.yaml", root / "backend.yaml")
    shutil.copy(PTX / relative, target)
    return target


def _cpp_traits_unavailable() -> str:
    """Why CuTe's C++ traits cannot be compiled here (no C++ compiler: g++ comes with README command 2;
    no CUTLASS, CUDA runtime or CCCL headers), or "" when they can."""
    from atomgen.oracle.cute import cpp as cute_cpp

    try:
        cute_cpp.include_dirs()
        cute_cpp.compiler()
    except cute_cpp.TraitsUnavailable as why:
        return f"CuTe's C++ traits cannot be compiled here: {why}"
    return ""


_CPP_TRAITS_UNAVAILABLE = _cpp_traits_unavailable()
needs_cpp_traits = pytest.mark.skipif(bool(_CPP_TRAITS_UNAVAILABLE), reason=_CPP_TRAITS_UNAVAILABLE or "compiles")


@pytest.mark.campaign  # every PTX spec, sm70/int4/b1 through CuTe's C++ traits: the focused tests below run by default
@pytest.mark.slow
@needs_cpp_traits
def test_ptx_specs_agree_with_cute(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run([str(PTX), "--format", "json"], capsys)
    report = json.loads(out)
    undeclared = [f for s in report["specs"] for f in s["findings"] if not f["declared"]]
    assert code == 0, json.dumps(undeclared[:5], indent=1) + err
    assert report["summary"]["undeclared"] == 0
    assert report["summary"]["compared"] == report["summary"]["instances"] > 900
    names = {Path(s["path"]).name for s in report["specs"]}
    assert {"mma_sync.yaml", "mma_sync_fp8.yaml", "ldmatrix.yaml", "stmatrix.yaml", "cp_async.yaml",
            "wgmma_ss.yaml", "wgmma_rs.yaml", "tma_load.yaml", "tma_store.yaml"} <= names


@needs_cpp_traits  # sm80/mma_sync.yaml holds int4 and b1 rows: CuTe's C++ traits
def test_changed_layout_number_is_reported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _copy_spec(tmp_path, "sm80/mma_sync.yaml")
    text = spec.read_text(encoding="utf-8")
    right = 'layout: "((4, 8), (2, 2)) : ((32, 1), (16, 8))"'
    # Still a bijection onto the 16x8 C tile (so `atomgen check` stays clean), but not the PTX fragment.
    wrong = 'layout: "((4, 8), (2, 2)) : ((32, 1), (8, 16))"'
    assert text.count(right) == 1
    spec.write_text(text.replace(right, wrong), encoding="utf-8")
    code, out, _ = _run([str(spec), "--format", "json"], capsys)
    assert code == 1
    report = json.loads(out)
    # the spec's declared CuTe defects (int4 16x8x32 B) stay declared; the new C findings are not
    findings = [f for f in report["specs"][0]["findings"] if not f["declared"]]
    assert findings, out
    assert {f["operand"] for f in findings} == {"c"}
    assert {f["kind"] for f in findings} == {"layout"}
    assert not any(f["declared"] for f in findings)
    first = next(f for f in findings if f["configuration"] == "16x8x16_f16_f16_f32")
    assert first["first_difference"] == {"thr": 0, "val": 1, "spec_index": 8, "cute_index": 16}
    assert first["spec_layout"] == "((4,8),(2,2)):((32,1),(8,16))"
    assert first["cute_layout"] == "((4,8),(2,2)):((32,1),(16,8))"
    # the M = 16 rows use the general piece; the M = 8 rows (f64, s8, int4) have their own C layout.
    assert len(findings) == _m16_rows()
    text_code, text_out, _ = _run([str(spec)], capsys)
    assert text_code == 1 and "layout 'c': first difference at (thr=0, val=1): spec -> 8, CuTe -> 16" in text_out


def _m16_rows() -> int:
    return sum(instance.values["m"] == 16 for instance in spec_instances(PTX / "sm80/mma_sync.yaml"))


@needs_cpp_traits  # sm80/mma_sync.yaml holds int4 and b1 rows: CuTe's C++ traits
def test_declared_difference_is_accepted(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = _copy_spec(tmp_path, "sm80/mma_sync.yaml")
    text = spec.read_text(encoding="utf-8").replace(
        'layout: "((4, 8), (2, 2)) : ((32, 1), (16, 8))"', 'layout: "((4, 8), (2, 2)) : ((32, 1), (8, 16))"'
    )
    assert text.count("known_cute_differences:\n") == 1  # the spec's own declarations stay first
    text = text.replace("known_cute_differences:\n", (
        "known_cute_differences:\n"
        "  - {configuration: '*', operand: c, reason: 'test: C values swapped',"
        " evidence: 'tests/test_oracle_cute.py'}\n"
        "  - {configuration: 8x8x4_f64_f64_f64, operand: a, reason: 'test: matches nothing', evidence: 'none'}\n"
    ))
    spec.write_text(text, encoding="utf-8")
    code, out, _ = _run([str(spec), "--format", "json"], capsys)
    report = json.loads(out)
    assert code == 0, out
    own = len(yaml.safe_load((PTX / "sm80/mma_sync.yaml").read_text())["known_cute_differences"])
    assert report["summary"]["declared"] == _m16_rows() + own and report["summary"]["undeclared"] == 0
    assert report["summary"]["stale_declarations"] == 1
    finding = next(f for f in report["specs"][0]["findings"] if f["operand"] == "c")
    assert finding["declared"] and finding["reason"] == "test: C values swapped"


def _fake_python(tmp_path: Path, body: str) -> str:
    script = tmp_path / "fakepython"
    script.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_missing_cutlass_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    python = _fake_python(tmp_path, "exit 3\n")
    code, _, err = _run([str(PTX / "sm80" / "cp_async.yaml"), "--python", python], capsys)
    assert code == 2
    assert "nvidia-cutlass-dsl is not installed" in err and "pip install" in err


def test_worker_garbage_is_a_finding(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    python = _fake_python(tmp_path, 'if [ "$1" = "-c" ]; then echo 4.8.1; exit 0; fi\necho "not json"\nexit 134\n')
    code, out, _ = _run([str(PTX / "sm80" / "cp_async.yaml"), "--python", python, "--format", "json"], capsys)
    assert code == 1
    report = json.loads(out)
    kinds = {f["kind"] for f in report["specs"][0]["findings"]}
    assert kinds == {"worker"}
    messages = " ".join(f["message"] for f in report["specs"][0]["findings"])
    assert "unreadable CuTe worker output" in messages and "died on this atom" in messages


def test_usage_error_without_ptx_specs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run([str(tmp_path / "missing")], capsys)
    assert code == 2 and "no such file or folder" in err


@needs_cpp_traits
def test_cpp_traits_name_the_atoms_the_dsl_lacks() -> None:
    """sm70 quad-pairs, int4 and b1 have no CuTe DSL type: their CuTe is the C++ traits header."""
    from atomgen.oracle.cute import cpp as cute_cpp

    assert cute_cpp.op_name("quad_pair", 8, 8, 4, "f16", "f16", "f32") == "SM70_8x8x4_F32F16F16F32_TN"
    assert cute_cpp.op_name("mma_sync", 16, 8, 64, "ui4", "i4", "i32") == "SM80_16x8x64_S32U4S4S32_TN"
    assert cute_cpp.op_name("mma_sync", 16, 8, 256, "i1", "i1", "i32", "and") == "SM80_16x8x256_S32U1U1S32_TN_ANDPOPC"
    assert cute_cpp.op_name("mma_sync", 16, 8, 16, "f16", "f16", "f32") is None
    assert "not a CuTe MMA op name" in cute_cpp.traits(["SM80; rm -rf /"])["SM80; rm -rf /"]["error"]
    answer = cute_cpp.traits(["SM70_8x8x4_F16F16F16F16_TN"])["SM70_8x8x4_F16F16F16F16_TN"]
    assert answer == {"thr": "(4,2):(1,16)", "a": "(8,4):(1,8)", "b": "(8,4):(1,8)", "c": "(8,8):(1,8)"}, answer


@needs_cpp_traits
def test_cpp_traits_are_compiled_once_per_op_and_toolchain(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A second run asks the compiler only for the ops it has not seen: the cached answers are the ones a
    compile gives, and an op not seen yet is still compiled."""
    from atomgen.oracle.cute import cpp as cute_cpp

    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path))
    seen, fresh = "SM70_8x8x4_F16F16F16F16_TN", "SM70_8x8x4_F32F16F16F32_TN"
    first = cute_cpp.traits([seen])
    compiled: list[list[str]] = []
    real = cute_cpp._compiled
    monkeypatch.setattr(cute_cpp, "_compiled", lambda ops, *rest: compiled.append(list(ops)) or real(ops, *rest))
    again = cute_cpp.traits([seen, fresh])
    assert compiled == [[fresh]] and again[seen] == first[seen] and "error" not in again[fresh]
    assert len(list((tmp_path / "cute-traits").glob("*.json"))) == 2
