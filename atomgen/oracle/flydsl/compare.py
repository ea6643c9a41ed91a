"""What `atomgen oracle flydsl` compares: one instance's syntax, acceptance and layouts against
FlyDSL's answer, layouts as functions (thr, val) -> index (copies in bits, and after the recast
to every valBits of the row), and whether an accepted neighbour's layouts are degenerate.
"""

from __future__ import annotations

import re
from typing import Any

from atomgen.layout.algebra import (
    Layout,
    RecastError,
    format_layout,
    from_json,
    image,
    is_tuple,
    product,
    recast_thread_value,
    size,
)
from atomgen.oracle.flydsl.client import failure, first_line
from atomgen.oracle.flydsl.configs import Config
from atomgen.oracle.flydsl.report import AtomReport
from atomgen.spec.defects import config_label

_SYNTAX_ERROR = re.compile(r"error: (expected|unknown|unexpected|invalid|unbalanced|undefined)\b")


def _modes(layout: Layout) -> tuple[int, int]:
    """(threads, values) of a (thr, val) layout; a rank-1 layout has one value per point."""
    if is_tuple(layout.shape) and len(layout.shape) >= 2:
        return product(layout.shape[0]), product(layout.shape[1:])
    return size(layout), 1


def compare_layouts(spec_layout: Layout, flydsl_layout: Layout, thread_layout: bool = False) -> str | None:
    """None when both are the same function (thr, val) -> index, else the first difference."""
    if thread_layout:
        spec_domain: tuple[int, int] = (size(spec_layout), 1)
        fly_domain: tuple[int, int] = (size(flydsl_layout), 1)
    else:
        spec_domain, fly_domain = _modes(spec_layout), _modes(flydsl_layout)
    if spec_domain != fly_domain:
        return (f"domain differs: spec {spec_domain[0]} threads x {spec_domain[1]} values, "
                f"FlyDSL {fly_domain[0]} x {fly_domain[1]}")
    threads = spec_domain[0]
    for linear, (mine, theirs) in enumerate(zip(image(spec_layout), image(flydsl_layout), strict=False)):
        if mine != theirs:
            where = f"thr={linear}" if thread_layout else f"(thr={linear % threads}, val={linear // threads})"
            return f"first difference at {where}: spec -> {mine}, FlyDSL -> {theirs}"
    return None


def _layout(answer_layout: dict[str, Any]) -> Layout:
    return Layout(from_json(answer_layout["shape"]), from_json(answer_layout["stride"]))


def degenerate(answer: dict[str, Any]) -> str | None:
    """Why FlyDSL's layouts for an accepted configuration are degenerate, or None."""
    tiles: dict[str, int] = {}
    if answer.get("kind") == "mma":
        mnk = answer.get("shape_mnk")
        if isinstance(mnk, list) and len(mnk) == 3 and all(isinstance(x, int) for x in mnk):
            m, n, k = mnk
            tiles = {"a": m * k, "b": n * k, "c": m * n}
    layouts = dict(answer.get("layouts") or {})
    layouts.update({f"{r} bits": v for r, v in (answer.get("bit_layouts") or {}).items()})
    for role, text in sorted(layouts.items()):
        try:
            layout = _layout(text)
        except (TypeError, ValueError):
            return f"{role} layout {text.get('text')} is not static"
        if size(layout) == 0:
            return f"{role} layout {text['text']} is empty"
        tile = tiles.get(role)
        if tile is not None:
            points = image(layout)
            if min(points) < 0 or max(points) >= tile:
                return f"{role} layout {text['text']} leaves the {tile}-element tile"
            if len(set(points)) < tile:
                return f"{role} layout {text['text']} reaches {len(set(points))} of {tile} elements"
    return None


def audit_instance(report: AtomReport, spec: Any, evaluated: Any, configs: list[Config],
                    types: dict[str, dict[str, Any]]) -> tuple[Config, dict[str, Any]] | None:
    """Syntax, acceptance and layout checks of one instance; the config to lower, if accepted."""
    primary = configs[0]
    label = config_label(spec, primary.values)
    answer = types.get(primary.type_text, {})
    if not answer.get("ok"):
        error = answer.get("error", "")
        if not answer.get("aborted") and _SYNTAX_ERROR.search(error or ""):
            report.record(spec, "syntax", label,
                    f"FlyDSL cannot parse the spec's type {primary.type_text}: {first_line(error)}")
        else:
            report.record(spec, "acceptance", label,
                    f"FlyDSL rejects the instance: {failure(answer, 'parsing')}")
        return None
    report.accepted += 1
    if answer.get("printed") == primary.type_text:
        report.syntax_ok += 1
    else:
        report.record(spec, "syntax", label,
                f"printed type does not round-trip: spec {primary.type_text}, FlyDSL {answer.get('printed')}")
    if evaluated is None:
        report.record(spec, "layout", label, "the spec's layouts cannot be evaluated for this instance")
        return primary, answer
    differences = _layout_differences(spec, evaluated, configs, types)
    for message in differences:
        report.record(spec, "layout", message[0], message[1])
    if not differences:
        report.layout_matches += 1
    return primary, answer


def _layout_differences(spec: Any, evaluated: Any, configs: list[Config],
                        types: dict[str, dict[str, Any]]) -> list[tuple[str, str]]:
    primary = configs[0]
    label = config_label(spec, primary.values)
    answer = types[primary.type_text]
    operands = evaluated.operands
    out: list[tuple[str, str]] = []
    if "thr" in operands:
        difference = compare_layouts(operands["thr"].layout, _layout(answer["thr_layout"]), thread_layout=True)
        if difference:
            out.append((label, f"thr: spec {format_layout(operands['thr'].layout)}, "
                               f"FlyDSL {answer['thr_layout']['text']}: {difference}"))
    if spec.kind == "mma":
        expected = [primary.values.get(n) for n in ("m", "n", "k")]
        if answer.get("shape_mnk") != expected:
            out.append((label, f"shape: spec {expected}, FlyDSL {answer.get('shape_mnk')}"))
        for role in ("a", "b", "c"):
            if role not in operands:
                continue
            theirs = answer["layouts"][role]
            difference = compare_layouts(operands[role].layout, _layout(theirs))
            if difference:
                out.append((label, f"{role}: spec {format_layout(operands[role].layout)}, "
                                   f"FlyDSL {theirs['text']}: {difference}"))
        return out
    for role in ("src", "dst", "ref"):
        if role not in operands:
            continue
        mine = operands[role].layout
        theirs = answer["bit_layouts"][role]
        difference = compare_layouts(mine, _layout(theirs))
        if difference:
            out.append((label, f"{role} (bits): spec {format_layout(mine)}, FlyDSL {theirs['text']}: {difference}"))
            continue
        for config in configs:
            if config.val_bits <= 0:
                continue
            at_bits = types.get(config.type_text, {})
            vb_label = config_label(spec, config.values, config.val_bits)
            if not at_bits.get("ok"):
                out.append((vb_label, f"FlyDSL rejects valBits {config.val_bits}: {failure(at_bits, 'parsing')}"))
                continue
            try:
                recast = recast_thread_value(mine, config.val_bits)
            except RecastError as error:
                out.append((vb_label, f"{role}: the spec's bit layout does not recast to {config.val_bits}-bit "
                                      f"values ({error}); FlyDSL gives {at_bits['layouts'][role]['text']}"))
                continue
            difference = compare_layouts(recast, _layout(at_bits["layouts"][role]))
            if difference:
                out.append((vb_label, f"{role} at valBits {config.val_bits}: spec {format_layout(recast)}, "
                                      f"FlyDSL {at_bits['layouts'][role]['text']}: {difference}"))
    return out
