"""Two proof engines (atomgen/check/certify.py): sympy certifies every fact the polynomial engine
decided before gen writes anything; certificates are cached, so a warm gen imports no sympy; a
disagreement is an internal error naming the spec, the fact and both verdicts, and nothing is
written.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import REPO, SPECS, run_cli
from hypothesis import given, settings
from hypothesis import strategies as st

from atomgen.check import certify, proofs
from atomgen.check.certify import (
    Disagreement,
    certificate_key,
    certify_records,
    certify_results,
    load_certificate,
    sympy_verdict,
)
from atomgen.check.proofs import DOMAINS, StatementError, decode, encode, polynomial_verdict, prove_spec
from atomgen.check.runner import check_paths, collect_spec_files, model_file
from atomgen.cli import main
from atomgen.spec.expr import parse_expression

SHIPPED = collect_spec_files([str(SPECS)])
MFMA = SPECS / "rocdl" / "cdna3" / "mfma.yaml"


def _facts_of_the_shipped_specs() -> list[tuple[str, dict[str, Any]]]:
    """Counted from the specs themselves: every record the polynomial engine makes for them."""
    facts = []
    for path, display in SHIPPED:
        spec = model_file(path, display).spec
        assert spec is not None, display
        facts.extend((display, record) for record in prove_spec(spec))
    return facts


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(folder))
    return folder


def test_every_fact_of_the_shipped_specs_has_a_sympy_certificate(cache: Path) -> None:
    facts = _facts_of_the_shipped_specs()
    assert len(facts) > 100 and not [f for f in facts if f[1].get("bounded")]
    results = check_paths([str(SPECS)], use_cache=False, side_files=False, workers=1)
    assert sum(len(r.proofs) for r in results) == len(facts)
    certified = certify_results(results)
    assert not [r.internal_error for r in results if r.internal_error]
    assert certified == len(facts), f"sympy certified {certified} of {len(facts)} facts"
    for result in results:
        for record in result.proofs:
            assert record["engines"] == ["polynomial", "sympy"], (result.path, record["fact"])
            certificate = load_certificate(certificate_key(record["statement"]))
            assert certificate is not None
            assert certificate["verdicts"] == {"polynomial": record["status"], "sympy": record["status"]}
            assert certificate["engines"] == ["polynomial", "sympy"]
    stored = list((cache / "certificates").glob("*.json"))
    assert len(stored) == len({certify.canonical(record["statement"]) for _, record in facts})
    print(f"sympy certified {certified} facts of {len(SHIPPED)} shipped specs ({len(stored)} distinct statements)")


def test_the_certificates_match_the_legacy_sympy_prover() -> None:
    """A second, independent sympy reading of the specs (tests/test_proofs.py's prover, built from
    the model rather than from the statements) reaches every certified verdict."""
    from test_proofs import sympy_prove_spec

    assert SHIPPED
    for path, display in SHIPPED:
        spec = model_file(path, display).spec
        legacy = [r["status"] for r in sympy_prove_spec(spec)]
        assert [sympy_verdict(r["statement"]) for r in prove_spec(spec)] == legacy, display


def _gen_tree(tmp_path: Path) -> tuple[Path, Path]:
    specs = tmp_path / "specs"
    (specs / "rocdl" / "cdna3").mkdir(parents=True)
    shutil.copy(SPECS / "rocdl" / "backend.yaml", specs / "rocdl" / "backend.yaml")
    shutil.copy(MFMA, specs / "rocdl" / "cdna3" / "mfma.yaml")
    out = tmp_path / "out"
    out.mkdir()
    (out / "old.txt").write_text("what was there before\n")
    return specs, out


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("faulty", ["sympy", "polynomial"])
def test_a_disagreement_is_an_internal_error_and_gen_writes_nothing(
        faulty: str, tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Fault injection: one engine's verdict on one fact is flipped."""
    specs, out = _gen_tree(tmp_path)
    before = _tree(out)

    def flipped(real: Any) -> Any:
        def verdict(statement: dict[str, Any]) -> Any:
            answer = real(statement)
            is_threads = statement["claim"] == "product-equal" and statement["rhs"] == [64]
            if is_threads and statement["lhs"] == ["m", "G"]:  # layout a's thread mode: (m, G)
                return ("per-instance", *answer[1:]) if isinstance(answer, tuple) else "per-instance"
            return answer

        return verdict

    if faulty == "sympy":
        monkeypatch.setattr(certify, "sympy_verdict", flipped(certify.sympy_verdict))
        ours, theirs = "proved", "per-instance"
    else:
        monkeypatch.setattr(proofs, "polynomial_verdict", flipped(proofs.polynomial_verdict))
        ours, theirs = "per-instance", "proved"
    status = main(["gen", str(specs), "--out", str(out)])
    err = capsys.readouterr().err
    assert status == 2, err
    spec = str(specs / "rocdl" / "cdna3" / "mfma.yaml")
    assert f"{spec}: internal error: the proof engines disagree on 'threads == 64' of layout a piece 0" in err
    assert f"polynomial says {ours}, sympy says {theirs}" in err
    assert "nothing written" in err
    assert _tree(out) == before
    assert not (cache / "plans").exists()  # no plan stored either: the next gen certifies again
    # the same specs, engines as shipped: gen writes
    monkeypatch.undo()
    monkeypatch.setenv("ATOMGEN_CACHE_DIR", str(tmp_path / "fresh-cache"))
    assert main(["gen", str(specs), "--out", str(out)]) == 0
    assert _tree(out) != before


def test_a_cached_certificate_that_disagrees_is_an_internal_error(cache: Path, tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    specs, out = _gen_tree(tmp_path)
    assert main(["check", str(specs), "--certify"]) == 0
    for file in (cache / "certificates").glob("*.json"):
        data = json.loads(file.read_text())
        if data["verdicts"]["sympy"] == "proved":
            data["verdicts"]["sympy"] = "false"
            file.write_text(json.dumps(data))
    capsys.readouterr()
    assert main(["check", str(specs), "--proofs"]) == 2  # cached certificates are read: still checked
    assert "polynomial says proved, sympy says false" in capsys.readouterr().err
    assert main(["gen", str(specs), "--out", str(out)]) == 2
    assert "polynomial says proved, sympy says false (please report this)" in capsys.readouterr().err
    assert _tree(out) == {"old.txt": b"what was there before\n"}


HEAVY_DRIVER = (
    "import sys\n"
    "from atomgen.cli import main\n"
    "status = main(sys.argv[1:])\n"
    "print('sympy' in sys.modules, status)\n"
)


def _imports_sympy(*args: str, cache: Path) -> bool:
    env = dict(os.environ, ATOMGEN_CACHE_DIR=str(cache))
    done = subprocess.run([sys.executable, "-c", HEAVY_DRIVER, *args], cwd=REPO, env=env,
                          capture_output=True, text=True, check=False)
    imported, status = done.stdout.split()[-2:]
    assert status == "0", done.stderr
    return imported == "True"


def test_atomgen_cli_and_check_do_not_import_sympy(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", "import sys, atomgen.cli; print('sympy' in sys.modules)"],
                          cwd=REPO, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
    cache = tmp_path / "cache"
    assert not _imports_sympy("check", "specs/", "--no-cache", cache=cache)
    assert not _imports_sympy("check", "specs/", "--proofs", cache=cache)  # reads certificates only
    assert _imports_sympy("check", "specs/rocdl/cdna3/mfma.yaml", "--certify", cache=cache)  # the probe sees it


# A plain `pytest` gens specs of both backends (MFMA, WMMA, mma.sync, wgmma: the layouts sympy certifies);
# `pytest -m campaign` gens specs/.
WARM_SAMPLE = ("specs/rocdl/cdna3/mfma.yaml", "specs/rocdl/gfx1250/wmma.yaml", "specs/nvvm/sm80/mma_sync.yaml",
               "specs/nvvm/sm90/wgmma_ss.yaml")


@pytest.mark.parametrize("specs", [pytest.param(WARM_SAMPLE, id="sample"),
                                   pytest.param(("specs/",), id="every-spec", marks=pytest.mark.campaign)])
def test_a_warm_gen_imports_no_sympy(tmp_path: Path, specs: tuple[str, ...]) -> None:
    cache, out = tmp_path / "cache", tmp_path / "out"
    assert _imports_sympy("gen", *specs, "--out", str(out), "--quiet", cache=cache)
    assert len(list((cache / "certificates").glob("*.json"))) > 10
    written = _tree(out)
    for folder in cache.iterdir():  # everything but the certificates: check, render, write run again
        if folder.name != "certificates":
            shutil.rmtree(folder) if folder.is_dir() else folder.unlink()
    shutil.rmtree(out)
    assert not _imports_sympy("gen", *specs, "--out", str(out), "--quiet", cache=cache)
    assert _tree(out) == written


def test_check_json_says_which_engines_agreed(cache: Path) -> None:
    plain = json.loads(run_cli("check", str(MFMA), "--proofs", "--format", "json").stdout)
    assert plain["diagnostics"] == [] and plain["proofs"]
    assert {tuple(r["engines"]) for r in plain["proofs"]} == {("polynomial",)}
    certified = json.loads(run_cli("check", str(MFMA), "--certify", "--proofs", "--format", "json").stdout)
    assert {tuple(r["engines"]) for r in certified["proofs"]} == {("polynomial", "sympy")}
    again = json.loads(run_cli("check", str(MFMA), "--proofs", "--format", "json").stdout)
    assert again == certified  # from the certificate cache, without sympy
    assert [r["spec"] for r in again["proofs"]] == [str(MFMA)] * len(again["proofs"])
    assert json.loads(run_cli("check", str(MFMA), "--format", "json").stdout) == []  # unchanged without --proofs
    # the check cache keeps what check decided, the certificates what both engines did
    entries = [json.loads(p.read_text()) for p in cache.glob("*.json")]
    assert entries and all(r["engines"] == ["polynomial"] for e in entries for r in e["proofs"])
    certificates = [json.loads(p.read_text()) for p in (cache / "certificates").glob("*.json")]
    assert certificates and all(c["engines"] == ["polynomial", "sympy"] for c in certificates)
    assert all(c["engine"].startswith(f"sympy {certify.sympy_version()};") for c in certificates)


def test_certificates_are_keyed_by_the_statement_and_the_engine() -> None:
    spec = model_file(MFMA, str(MFMA)).spec
    statement = prove_spec(spec)[0]["statement"]
    reordered = json.loads(json.dumps(statement, sort_keys=True))
    assert certificate_key(reordered) == certificate_key(statement)
    older, newer = "sympy 1.14.0; certifier x", "sympy 1.15; certifier x"
    assert certificate_key(statement, older) != certificate_key(statement, newer)
    other = dict(statement, rhs=[32])
    assert certificate_key(other) != certificate_key(statement)
    import sympy

    assert certify.sympy_version() == sympy.__version__  # read from release.py, without the import


def test_certification_uses_the_cache(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    records = prove_spec(model_file(MFMA, str(MFMA)).spec)
    first = certify_records("mfma.yaml", records)
    assert all(r["engines"] == ["polynomial", "sympy"] for r in first)

    def no_sympy(statement: dict[str, Any]) -> str:
        raise AssertionError("sympy asked for a fact with a certificate")

    monkeypatch.setattr(certify, "sympy_verdict", no_sympy)
    assert certify_records("mfma.yaml", records) == first
    monkeypatch.setattr(certify, "engine", lambda: "sympy 99; certifier other")  # another sympy: no certificate
    assert all(r["engines"] == ["polynomial"] for r in certify_records("mfma.yaml", records, compute=False))
    with pytest.raises(AssertionError, match="sympy asked"):
        certify_records("mfma.yaml", records)


def test_a_fact_over_the_expansion_bound_is_not_sent_to_sympy(monkeypatch: pytest.MonkeyPatch) -> None:
    tree = encode(parse_expression("*".join(["(m+k+n+1)"] * 40)))
    statement = {"claim": "product-equal", "lhs": [tree], "rhs": [64], "let": [],
                 "variables": {"m": "integer", "k": "integer", "n": "integer"}}
    assert polynomial_verdict(statement) == ("per-instance", True)
    record = {"layout": "a", "piece": 0, "text": "...", "fact": "threads == 64", "status": "per-instance",
              "engines": ["polynomial"], "statement": statement, "bounded": True}
    monkeypatch.setattr(certify, "sympy_verdict", lambda s: pytest.fail("sympy asked"))
    assert certify_records("x.yaml", [record])[0]["engines"] == ["polynomial"]


def test_statements_are_plain_json_from_trees_and_sympy_parses_no_text(cache: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import sympy.parsing.sympy_parser as parser

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(f"sympy parsed text: {args[:1]}")

    monkeypatch.setattr(parser, "parse_expr", refuse)
    facts = list(_facts_of_the_shipped_specs())
    assert facts
    for display, record in facts:
        statement = record["statement"]
        assert json.loads(json.dumps(statement)) == statement
        assert set(statement["variables"].values()) <= set(DOMAINS)
        assert sympy_verdict(statement) == record["status"], (display, record["fact"])
    with pytest.raises(StatementError):
        sympy_verdict({"claim": "integral", "expr": "__import__('os').system('true')", "let": [], "variables": {}})
    with pytest.raises(StatementError):
        sympy_verdict({"claim": "integral", "expr": "x", "let": [],
                       "variables": {"x": "integer", "__import__('os')": "integer"}})
    with pytest.raises(StatementError):
        decode(["eval", "m"])
    with pytest.raises(Disagreement, match="cannot read the statement"):
        certify_records("x.yaml", [{"layout": "a", "piece": 0, "text": "", "fact": "f", "status": "proved",
                                    "statement": {"claim": "integral", "expr": ["pow", 2, 3], "let": [],
                                                  "variables": {}}}])


NAMES = ("m", "n", "k")


def _trees() -> st.SearchStrategy[Any]:
    leaf = st.one_of(st.sampled_from(NAMES), st.integers(0, 16))
    return st.recursive(leaf, lambda inner: st.one_of(
        st.tuples(st.sampled_from("+-*/"), inner, inner).map(list),
        st.tuples(st.just("neg"), inner).map(list)), max_leaves=8)


@settings(max_examples=300, deadline=None)
@given(_trees(), _trees(), _trees())
def test_the_engines_agree_on_random_statements(left: Any, right: Any, defined: Any) -> None:
    variables = {"m": "integer", "n": "positive integer", "k": "boolean"}
    let = [["L", defined]]
    for statement in ({"claim": "product-equal", "lhs": [left, "L"], "rhs": [right], "let": let,
                       "variables": variables},
                      {"claim": "integral", "expr": ["/", left, right], "let": let, "variables": variables}):
        ours, bounded = polynomial_verdict(statement)
        assert not bounded
        assert sympy_verdict(statement) == ours, statement


def _equal(left: Any, right: Any) -> dict[str, Any]:
    return {"claim": "product-equal", "lhs": [left], "rhs": [right], "let": [],
            "variables": {"m": "integer", "k": "integer"}}


def test_opaque_atoms_are_one_atom_to_both_engines() -> None:
    same = [
        (["min", ["/", ["*", 2, "m"], 4], 3], ["min", ["/", "m", 2], 3]),  # one argument scaled by 2
        (["min", ["/", "m", ["neg", 2]], 3], ["min", ["/", ["neg", "m"], 2], 3]),
        (["max", "m", 2], ["max", 2, "m"]),
        (["%", "m", 4], ["%", "m", 4]),
        (["max", 2, 7], 7),
        (["%", 7, 4], 3),
    ]
    for left, right in same:
        assert polynomial_verdict(_equal(left, right)) == ("proved", False), left
        assert sympy_verdict(_equal(left, right)) == "proved", left
    assert polynomial_verdict(_equal(["%", "m", 4], ["%", "m", 8]))[0] == sympy_verdict(
        _equal(["%", "m", 4], ["%", "m", 8])) == "per-instance"


def test_a_common_polynomial_factor_in_an_atom_is_a_disagreement() -> None:
    """What the second engine is for: polynomial.py does not cancel (m+1) inside min's argument
    (it has no polynomial gcd), sympy does. gen would stop on such a spec with an internal error."""
    left = ["min", ["/", ["*", "m", ["+", "m", 1]], ["*", "k", ["+", "m", 1]]], 3]
    right = ["min", ["/", "m", "k"], 3]
    assert polynomial_verdict(_equal(left, right)) == ("per-instance", False)
    assert sympy_verdict(_equal(left, right)) == "proved"
    record = {"layout": "a", "piece": 0, "text": "...", "fact": "threads == 64", "status": "per-instance",
              "statement": _equal(left, right)}
    with pytest.raises(Disagreement, match="polynomial says per-instance, sympy says proved"):
        certify_records("x.yaml", [record])


@pytest.mark.parametrize("stride", [pytest.param(6, id="quick"),
                                    pytest.param(2, id="campaign", marks=pytest.mark.campaign)])
def test_the_engines_agree_on_the_layout_mutants_of_the_shipped_specs(stride: int) -> None:
    """tests/test_mutations.py's literal mutants (every `stride`-th: a plain `pytest` every sixth, the
    campaign every other one): their facts include false ones, which the shipped specs have none of;
    sympy reaches the polynomial verdict on each."""
    from test_mutations import mutants

    from atomgen.pipeline import model
    from atomgen.spec.loader import load_text

    statements: dict[str, dict[str, Any]] = {}
    for spec, _ in SHIPPED:
        for _, text in mutants(spec)[::stride]:
            modeled, _ = model(load_text(text, str(spec)))
            if modeled is not None:
                for record in prove_spec(modeled):
                    statements.setdefault(certify.canonical(record["statement"]), record)
    verdicts = [(record["status"], sympy_verdict(record["statement"])) for record in statements.values()]
    assert {ours for ours, _ in verdicts} == {"proved", "false", "per-instance"}
    assert [pair for pair in verdicts if pair[0] != pair[1]] == []
