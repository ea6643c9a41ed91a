"""Registration of the commands whose work lives past the check stage (gen, oracle, probe).

Each command module exposes `add_arguments(parser)` and `run(args) -> int`; the modules
are imported only when their command runs, so `atomgen check` stays fast.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any, Callable

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (module, one-line help)
    "gen": ("atomgen.gen_command", "generate TableGen, C++, bindings, DSL wrappers, tests and CMake"),
    "oracle": ("atomgen.oracle.command", "compare specs with an independent oracle (flydsl, cute, triton)"),
    "probe": ("atomgen.probe.command", "run each PTX instance on an NVIDIA GPU and compare with a reference"),
    "catalog": ("atomgen.site.command", "write a static HTML catalogue of the atoms with pictures and oracle verdicts"),
}


def _lazy_handler(module_name: str) -> Callable[[argparse.Namespace], int]:
    def handler(args: argparse.Namespace) -> int:
        module = importlib.import_module(module_name)
        return int(module.run(args))

    return handler


def register(commands: Any, formatter: Callable[[str], argparse.HelpFormatter], wanted: str | None = None) -> None:
    """Add every command; only the one being run (`wanted`) has its module imported."""
    for name, (module_name, help_text) in COMMANDS.items():
        if name != wanted:
            placeholder = commands.add_parser(name, help=help_text, add_help=False, formatter_class=formatter)
            placeholder.add_argument("rest", nargs=argparse.REMAINDER)
            continue
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        parser = commands.add_parser(
            name,
            help=help_text,
            formatter_class=formatter,
            description=getattr(module, "DESCRIPTION", help_text),
            epilog=getattr(module, "EPILOG", None),
        )
        module.add_arguments(parser)
        parser.set_defaults(handler=_lazy_handler(module_name))
