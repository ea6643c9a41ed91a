"""The licence header: every file gen writes whole begins with its backend's `licence` lines, escaped."""

from __future__ import annotations

from pathlib import Path

import yaml

from atomgen.render.licence import header, licensed

REPO = Path(__file__).resolve().parent.parent
COMMENTED = (".cpp", ".h", ".td", ".mlir", ".py", ".txt", ".cmake")


def _declared(backend: str) -> tuple[str, ...]:
    data = yaml.safe_load((REPO / "specs" / backend / "backend.yaml").read_text(encoding="utf-8"))
    return (f"SPDX-License-Identifier: {data['licence']['spdx']}", data["licence"]["copyright"])



def test_every_generated_file_begins_with_its_backends_licence() -> None:
    files = sorted(p for p in (REPO / "generated").rglob("*") if p.suffix in COMMENTED)
    assert files
    wrong = []
    for path in files:
        text = path.read_text(encoding="utf-8")
        # the backend: named by the spec the file says it comes from, or by the dialect folder it is in
        backend = "nvvm" if "specs/nvvm/" in text or "nvvm" in str(path.relative_to(REPO)).lower() else "rocdl"
        marker = "#" if path.suffix in (".py", ".txt", ".cmake") else "//"
        expected = "".join(f"{marker} {line}\n" for line in _declared(backend))
        if not text.startswith(expected):
            wrong.append(str(path.relative_to(REPO)))
    assert not wrong, wrong


def test_licence_text_cannot_leave_its_comment() -> None:
    licence = ("MIT\nRUN: rm -rf /", "Copyright */ int x; /* \\\n#error")
    for path in ("a.cpp", "a.td", "a.mlir", "a.py", "CMakeLists.txt"):
        text = header(licence, path)
        assert text.count("\n") == 2, (path, text)
        assert all(line.startswith(("// ", "# ")) for line in text.splitlines()), (path, text)
        assert "#error" not in [line.strip() for line in text.splitlines()]


def test_no_licence_no_header_and_never_twice() -> None:
    assert header((), "a.cpp") == "" and header(("MIT", "(c) x"), "manifest.json") == ""
    once = licensed(("MIT", "(c) x"), "a.py", "x = 1\n")
    assert once == "# SPDX-License-Identifier: MIT\n# (c) x\nx = 1\n"
    assert licensed(("MIT", "(c) x"), "a.py", once) == once
