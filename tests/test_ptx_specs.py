"""The PTX specs check clean (issue 5 acceptance: `atomgen check specs/` with the PTX specs included)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ptx_specs_check_clean() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "atomgen", "check", "specs/nvvm", "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=600, check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 error(s)" in done.stdout + done.stderr


def test_every_ptx_instance_names_its_ptx_instruction() -> None:
    import yaml

    paths = sorted(p for p in (ROOT / "specs" / "nvvm").rglob("*.yaml") if p.name != "backend.yaml")
    assert paths
    for path in paths:
        text = path.read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=../../../schema/atom.schema.json"), path
        data = yaml.safe_load(text)
        assert data["instances"], path
        for row in data["instances"]:
            assert row.get("instruction"), f"{path}: {row}"
            assert row["intrinsic"].startswith("nvvm."), f"{path}: {row['intrinsic']}"


# --- the layouts against the PTX ISA fragment formulas (independent of CuTe) -----------------
# groupID g = lane / 4, threadID_in_group q = lane % 4; element i of a fragment is value i of a thread.


def _frag_a(m: int, bits: int, lane: int, i: int) -> tuple[int, int]:
    g, q = lane // 4, lane % 4
    if m == 8 and bits == 64:  # m8n8k4 f64
        return g, q
    if bits == 16:
        return g + 8 * ((i >> 1) & 1), 2 * q + (i & 1) + 8 * (i >> 2)
    if bits == 32:  # tf32
        return g + 8 * (i & 1), q + 4 * (i >> 1)
    v = 32 // bits  # 8-bit, 4-bit (.s4/.u4), 1-bit (.b1): v values per register
    if m == 8:  # m8n8k16 .s8, m8n8k32 .s4, m8n8k128 .b1: one register
        return g, v * q + i
    return g + 8 * ((i // v) & 1), v * q + i % v + 4 * v * (i // (2 * v))


def _frag_b(m: int, bits: int, lane: int, i: int) -> tuple[int, int]:  # (n, k)
    g, q = lane // 4, lane % 4
    if m == 8 and bits == 64:
        return g, q
    if bits == 16:
        return g, 2 * q + (i & 1) + 8 * (i >> 1)
    if bits == 32:
        return g, q + 4 * i
    v = 32 // bits
    return g, v * q + i % v + 4 * v * (i // v)


def _frag_c(m: int, lane: int, i: int) -> tuple[int, int]:
    g, q = lane // 4, lane % 4
    if m == 8:
        return g, 2 * q + i
    return g + 8 * (i >> 1), 2 * q + (i & 1)


def _fragment(role: str, m: int, bits: int, lane: int, i: int) -> tuple[int, int]:
    if role == "a":
        return _frag_a(m, bits, lane, i)
    if role == "b":
        return _frag_b(m, bits, lane, i)
    return _frag_c(m, lane, i)


def _evaluated(relative: str) -> list:  # type: ignore[type-arg]
    from atomgen.check.runner import analyze_file

    result = analyze_file(ROOT / "specs" / "nvvm" / relative, relative, prove=False)
    assert result.analysis is not None and result.analysis.evaluated, relative
    return list(result.analysis.evaluated)


def test_mma_sync_layouts_are_the_ptx_fragments() -> None:
    from atomgen.layout.algebra import evaluate

    for relative in ("sm80/mma_sync.yaml", "sm80/mma_sync_b1.yaml", "sm89/mma_sync_fp8.yaml"):
        items = _evaluated(relative)
        assert items, relative
        for item in items:
            v = item.variables
            m, n, k, bits = v["m"], v["n"], v["k"], v["elemTyA_bits"]
            for role, rows, count in (("a", m, m * k // 32), ("b", n, n * k // 32), ("c", m, m * n // 32)):
                layout = item.operands[role].layout
                for lane in range(32):
                    for i in range(count):
                        row, col = _fragment(role, m, bits, lane, i)
                        where = (relative, item.instance.id, role, lane, i)
                        assert evaluate(layout, lane, i) == row + rows * col, where


def test_wgmma_layouts_are_the_ptx_fragments() -> None:
    from atomgen.layout.algebra import evaluate

    for relative in ("sm90/wgmma_rs.yaml", "sm90/wgmma_ss.yaml"):
        sampled = [item for item in _evaluated(relative) if item.variables["n"] in (8, 24, 136, 256)]
        assert sampled, relative
        for item in sampled:
            v = item.variables
            n, k, bits = v["n"], v["k"], v["elemTyA_bits"]
            c = item.operands["c"].layout
            a = item.operands["a"].layout
            for t in range(128):
                warp, lane = divmod(t, 32)
                g, q = lane // 4, lane % 4
                for i in range(n // 2):  # D fragment of wgmma .m64nNk*
                    row, col = 16 * warp + g + 8 * ((i >> 1) & 1), 8 * (i >> 2) + 2 * q + (i & 1)
                    assert evaluate(c, t, i) == row + 64 * col, (relative, item.instance.id, t, i)
                if relative.endswith("rs.yaml"):  # register A: the m16 mma A fragment per warp
                    for i in range(64 * k // 128):
                        row, col = _frag_a(16, bits, lane, i)
                        assert evaluate(a, t, i) == 16 * warp + row + 64 * col, (item.instance.id, t, i)
                else:  # descriptor A: every thread names the whole (M, K) tile
                    assert all(evaluate(a, t, i) == i for i in range(0, 64 * k, 97))
