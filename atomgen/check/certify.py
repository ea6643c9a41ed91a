"""The second proof engine: sympy certifies every parametric fact the polynomial engine decided.

`check` proves layout facts with atomgen's own rational-function engine
(atomgen/check/polynomial.py) and records each as a statement (atomgen/check/proofs.py: plain
JSON built from the parsed expression trees, the `let` definitions it needs, the domain of each
variable). Before `gen` writes anything, every such statement is decided a second time here, by
sympy, from the statement alone: sympy expressions are built node by node from the trees, never
from text (a spec is untrusted input; nothing here calls sympify or parses a string). The two
verdicts must be the same; a disagreement is an internal error naming the spec, the fact and
both verdicts, and gen writes nothing.

Certificates are cached beside check's own cache (`<cache>/certificates/<key>.json`), keyed by
a hash of the statement and of the engine (sympy's version and this file's code), so a warm gen
never imports sympy; sympy's version is read from its `release.py` without importing it. sympy
is imported only when a statement has no certificate yet (it costs about half a second).

A fact whose polynomial decision stopped at the expansion bound (a record with "bounded") is
proved by neither engine: it is decided per instance, as every "per-instance" fact is, and
sympy is not asked (it could expand for minutes on a hostile spec).
"""

from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Optional

from atomgen.check.proofs import BINARY, CLAIMS, DOMAINS, POLYNOMIAL, StatementError, is_identifier
from atomgen.replay import cache_dir

SYMPY = "sympy"
FOLDER = "certificates"
# sympy's assumptions for each domain of atomgen/check/proofs.py (the verdicts are identities of
# rational functions and do not use them: min, max and % stay opaque to both engines)
ASSUMPTIONS: dict[str, dict[str, bool]] = {
    "integer": {"integer": True},
    "boolean": {"integer": True, "nonnegative": True},
    "positive integer": {"integer": True, "positive": True},
}
_VERSION = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.M)


class Disagreement(Exception):
    """The engines' verdicts differ on a fact: atomgen's bug, reported as an internal error."""


class _Undefined(Exception):
    """A division by an expression that is identically zero (the polynomial engine's Undefined)."""


@lru_cache(maxsize=1)
def sympy_version() -> str:
    """sympy's version, without importing sympy ("" when it is not installed)."""
    import importlib.util

    try:
        found = importlib.util.find_spec("sympy")
    except (ImportError, ValueError):
        return ""
    if found is None or not found.submodule_search_locations:
        return ""
    for folder in found.submodule_search_locations:
        try:
            match = _VERSION.search((Path(folder) / "release.py").read_text(encoding="utf-8"))
        except OSError:
            continue
        if match:
            return match.group(1)
    from importlib import metadata  # a sympy without release.py: 50 ms, still no import of sympy

    try:
        return metadata.version("sympy")
    except metadata.PackageNotFoundError:
        return ""


@lru_cache(maxsize=1)
def engine() -> str:
    """What decides a certificate: sympy's version and the code of this file."""
    import hashlib

    code = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    return f"sympy {sympy_version() or 'absent'}; certifier {code}"


def canonical(statement: dict[str, Any]) -> str:
    """The statement's serialised form: its hash is its certificate's name."""
    return json.dumps(statement, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def certificate_key(statement: dict[str, Any], engine_name: Optional[str] = None) -> str:
    import hashlib

    digest = hashlib.sha256()
    for part in ((engine_name if engine_name is not None else engine()), canonical(statement)):
        data = part.encode()
        digest.update(len(data).to_bytes(8, "little"))
        digest.update(data)
    return digest.hexdigest()


def _folder() -> Path:
    return cache_dir() / FOLDER


def load_certificate(key: str) -> Optional[dict[str, Any]]:
    try:
        data = json.loads((_folder() / f"{key}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("verdicts", {}).get(SYMPY) not in ("proved", "false", "per-instance"):
        return None
    return data


def store_certificate(key: str, certificate: dict[str, Any]) -> None:
    folder = _folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{key}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps(certificate, sort_keys=True), encoding="utf-8")
        os.replace(temporary, folder / f"{key}.json")
    except OSError:
        pass  # a certificate that cannot be stored is only slower next time


# -- the sympy engine ---------------------------------------------------------------------------


def sympy_verdict(statement: dict[str, Any]) -> str:
    """proved / false / per-instance for a statement of atomgen/check/proofs.py, decided by sympy."""
    import sympy

    claim = statement.get("claim")
    if claim not in CLAIMS:
        raise StatementError(f"unknown claim {claim!r}")
    try:
        symbols: dict[str, Any] = {}
        for name, domain in dict(statement["variables"]).items():
            if domain not in DOMAINS or not is_identifier(name):
                raise StatementError(f"variable {name!r}: unknown domain {domain!r}")
            symbols[name] = sympy.Symbol(name, **ASSUMPTIONS[domain])
        for name, tree in statement["let"]:
            if not is_identifier(name):
                raise StatementError(f"not a let name: {name!r}")
            symbols[name] = _build(tree, symbols, sympy)
        if claim == "integral":
            return _integral(_build(statement["expr"], symbols, sympy), sympy)
        lhs = sympy.Mul(*[_build(tree, symbols, sympy) for tree in statement["lhs"]])
        rhs = sympy.Mul(*[_build(tree, symbols, sympy) for tree in statement["rhs"]])
    except _Undefined:
        return "per-instance"  # as the polynomial engine: undefined somewhere, decided concretely
    except (KeyError, TypeError, ValueError) as error:
        raise StatementError(f"malformed statement: {error}") from None
    difference = sympy.cancel(sympy.together(lhs - rhs))
    if difference == 0:
        return "proved"
    return "false" if difference.is_number else "per-instance"


def _integral(value: Any, sympy: Any) -> str:
    """proved when `value` is a polynomial with integer coefficients in the variables and atoms."""
    from sympy.core.function import AppliedUndef

    numerator, denominator = sympy.fraction(sympy.cancel(sympy.together(value)))
    if denominator.free_symbols or denominator.atoms(AppliedUndef):
        return "per-instance"
    quotient = sympy.expand(numerator / denominator)
    generators = sorted(quotient.free_symbols | quotient.atoms(AppliedUndef), key=sympy.default_sort_key)
    if not generators:
        return "proved" if quotient.is_Integer else "per-instance"
    coefficients = sympy.Poly(quotient, *generators).coeffs()
    return "proved" if all(c.is_Integer for c in coefficients) else "per-instance"


def _build(tree: Any, symbols: dict[str, Any], sympy: Any) -> Any:
    """A sympy expression from a statement's tree, node by node (sympy never sees text)."""
    if isinstance(tree, bool):
        raise StatementError("a boolean is no tree")
    if isinstance(tree, int):
        if tree < 0:
            raise StatementError("a negative literal")
        return sympy.Integer(tree)
    if isinstance(tree, str):
        if tree not in symbols:
            raise StatementError(f"unknown name {tree!r}")
        return symbols[tree]
    if not isinstance(tree, list) or not tree:
        raise StatementError(f"not a tree: {str(tree)[:80]}")
    head, arguments = tree[0], [_build(argument, symbols, sympy) for argument in tree[1:]]
    if head == "neg" and len(arguments) == 1:
        return -arguments[0]
    if head in ("min", "max") and len(arguments) >= 2:
        return _opaque(head, arguments, sympy)
    if head in BINARY and len(arguments) == 2:
        left, right = arguments
        if head == "+":
            return left + right
        if head == "-":
            return left - right
        if head == "*":
            return left * right
        if head == "/":
            if sympy.cancel(sympy.together(right)) == 0:
                raise _Undefined
            return left / right
        return _opaque("mod", arguments, sympy)
    raise StatementError(f"not a tree: {str(tree)[:80]}")


def _opaque(function: str, arguments: list[Any], sympy: Any) -> Any:
    """min, max, % of constants are numbers; of anything else, an uninterpreted function of the
    arguments' normal forms (min and max unordered), as the polynomial engine's opaque atoms."""
    normal = [sympy.cancel(sympy.together(argument)) for argument in arguments]
    if all(value.is_Rational for value in normal):
        if function == "min":
            return min(normal)
        if function == "max":
            return max(normal)
        dividend, divisor = normal
        if dividend.is_Integer and divisor.is_Integer and divisor != 0:
            return sympy.Integer(int(dividend) % int(divisor))
    if function in ("min", "max"):
        distinct = sorted(set(normal), key=sympy.default_sort_key)
        if len(distinct) == 1:
            return distinct[0]
        normal = distinct
    return sympy.Function(f"atomgen_{function}")(*normal)


# -- certification ------------------------------------------------------------------------------


def describe(record: dict[str, Any]) -> str:
    return f"'{record['fact']}' of layout {record['layout']} piece {record['piece']} ({record['text']!r})"


def certify_records(path: str, records: Iterable[dict[str, Any]], compute: bool = True) -> list[dict[str, Any]]:
    """The records with "engines" naming every engine that reached their verdict.

    A record without a cached certificate is certified by sympy (imported now) when `compute`,
    and left with the polynomial engine alone otherwise. Raises Disagreement when sympy's
    verdict is not the record's."""
    certified: list[dict[str, Any]] = []
    for record in records:
        record = dict(record)
        statement = record.get("statement")
        if not isinstance(statement, dict) or record.get("bounded"):
            record["engines"] = [POLYNOMIAL]
            certified.append(record)
            continue
        key = certificate_key(statement)
        certificate = load_certificate(key)
        if certificate is None and compute:
            try:
                verdict = sympy_verdict(statement)
            except StatementError as error:
                raise Disagreement(f"{path}: sympy cannot read the statement of {describe(record)}: {error}") from None
            certificate = {"statement": statement, "engine": engine(), "verdicts": {SYMPY: verdict}}
            if verdict == record["status"]:
                certificate["verdicts"][POLYNOMIAL] = verdict
                certificate["engines"] = [POLYNOMIAL, SYMPY]
                store_certificate(key, certificate)
        if certificate is None:
            record["engines"] = [POLYNOMIAL]
        else:
            theirs = certificate["verdicts"][SYMPY]
            if theirs != record["status"]:
                raise Disagreement(
                    f"the proof engines disagree on {describe(record)}: polynomial says {record['status']}, "
                    f"sympy says {theirs}")
            record["engines"] = [POLYNOMIAL, SYMPY]
        certified.append(record)
    return certified


def certify_results(results: Iterable[Any], compute: bool = True) -> int:
    """Certify the proofs of check's results (runner.SpecResult) in place; a disagreement becomes
    that spec's internal error. Returns how many facts sympy certified."""
    count = 0
    for result in results:
        if result.internal_error or not result.proofs:
            continue
        try:
            result.proofs = certify_records(result.path, result.proofs, compute)
        except Disagreement as error:
            result.internal_error = str(error)
            continue
        count += sum(SYMPY in record["engines"] for record in result.proofs)
    return count


def uncertified(results: Iterable[Any]) -> list[tuple[str, dict[str, Any]]]:
    """(spec, record) for every decided fact that sympy has not certified."""
    return [(result.path, record) for result in results for record in result.proofs
            if not record.get("bounded") and SYMPY not in record.get("engines", ())]
