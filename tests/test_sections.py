"""The `python` and `tests` sections are typed records over a closed schema (atomgen/spec/sections.py).

Before, both were open dicts read with `.get` and defaults of the reader's own: a misspelt wrapper key
(`signatur:`) passed check, and the catalogue's usage line vanished without a word. Now the schema
declares every key, check rejects the misspelling at its line with a did-you-mean, and the model
hands render and the site typed fields.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from atomgen.check.runner import analyze_file
from atomgen.site.usage import usage
from atomgen.spec.sections import FileCheckOptions, PythonSection, Wrapper

REPO = Path(__file__).resolve().parent.parent
MFMA = REPO / "specs/rocdl/cdna3/mfma.yaml"


def _specs() -> list[Path]:
    found = sorted(p for p in (REPO / "specs").rglob("*.yaml") if p.name not in ("backend.yaml", "intrinsics.yaml"))
    assert found
    return found


@pytest.mark.parametrize("wrong, right", [("signatur", "signature"), ("exported", "exported_as"),
                                          ("arch_dispach", "arch_dispatch")])
def test_a_misspelt_wrapper_key_is_an_error_at_its_line(tmp_path: Path, wrong: str, right: str) -> None:
    specs = tmp_path / "specs/rocdl"
    (specs / "cdna3").mkdir(parents=True)
    shutil.copy(REPO / "specs/rocdl/backend.yaml", specs / "backend.yaml")
    lines = MFMA.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.strip().startswith("signature:"))
    edited = lines[at].replace("signature:", f"{wrong}:")
    lines[at] = edited if wrong == "signatur" else lines[at] + f"\n      {wrong}: x"
    spec = specs / "cdna3/mfma.yaml"
    spec.write_text("\n".join(lines), encoding="utf-8")
    errors = [d for d in analyze_file(spec, "mfma.yaml", prove=False).diagnostics if d.severity == "error"]
    assert [(d.rule, d.position.line) for d in errors] == [("AG101", at + 1 + (wrong != "signatur"))]
    assert f"unknown key '{wrong}'; did you mean '{right}'?" in errors[0].message


def test_every_shipped_wrapper_key_is_read_into_the_record() -> None:
    wrappers = 0
    for path in _specs():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        section = PythonSection.read(data.get("python"))
        declared = (data.get("python") or {}).get("wrappers") or []
        assert len(section.wrappers) == len(declared), path
        for raw, typed in zip(declared, section.wrappers, strict=True):
            for key, value in raw.items():  # every declared key has a field that holds it
                held = getattr(typed, key)
                if isinstance(value, dict):
                    assert dict(held) == {k: str(v).strip() if key != "fixed" else v for k, v in value.items()}
                elif isinstance(value, list):
                    assert held == tuple(value), (path, key)
                else:
                    assert held in (value, (value,)), (path, key)
            wrappers += 1
        assert FileCheckOptions.read(data.get("tests")).flydsl_has_no_atom == (data.get("tests") or {}).get(
            "flydsl_has_no_atom", "")
    assert wrappers >= len(_specs())


def test_the_usage_line_reads_the_typed_wrapper() -> None:
    result = analyze_file(MFMA, "mfma.yaml", prove=False)
    assert result.analysis is not None
    spec = result.analysis.spec
    assert isinstance(spec.python.wrappers[0], Wrapper) and spec.python.wrappers[0].signature
    f16 = next(i for i in spec.instances if i.id == "16x16x16_f16_f16_f32")
    assert usage(spec, f16) == "MFMA(16, 16, 16, f16)"
