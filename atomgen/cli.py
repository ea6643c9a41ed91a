"""The `atomgen` command line: argument parsing and printing only; work lives in the stages."""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from typing import Any, Callable, NoReturn, Optional, Sequence

from atomgen import __version__

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2

DESCRIPTION = """\
atomgen turns one YAML spec per FlyDSL atom (one MMA or copy instruction type) into the
TableGen, C++, bindings, DSL wrappers, FileCheck tests and CMake a FlyDSL developer would
otherwise write by hand, and proves the spec's thread/value layouts before writing anything.
"""

EPILOG = """\
typical use:
  atomgen new mma --subtarget cdna5      scaffold specs/rocdl/cdna5/mma.yaml
  atomgen check specs/                   prove every spec (exit 1 on findings)
  atomgen show specs/rocdl/cdna3/mfma.yaml --format json
  atomgen explain AG321                  why a rule exists, a failing example, the fix
  atomgen gen specs/ --out generated/    write the FlyDSL-shaped tree
"""


def _formatter(prog: str) -> argparse.HelpFormatter:
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=32, width=_help_width())


def _help_width() -> int:
    """The width argparse gives help by default, without shutil: argparse asks shutil.get_terminal_size()
    for every formatter it makes (one per option it adds), and importing shutil took 2 ms of every
    command. Same answer: $COLUMNS, else the terminal of sys.__stdout__, else 80; minus 2."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return (columns or 80) - 2


class Parser(argparse.ArgumentParser):
    """argparse with did-you-mean for a mistyped command, choice or option."""

    def error(self, message: str) -> NoReturn:
        from atomgen.suggest import did_you_mean

        choice = re.match(r"argument [^:]+: invalid choice: '([^']*)' \(choose from (.*)\)", message)
        if choice:
            known = re.findall(r"'([^']*)'", choice.group(2))
            message += did_you_mean(choice.group(1), known)
        unknown = re.match(r"unrecognized arguments: (--?[\w-]+)", message)
        if unknown:
            options = [o for action in self._actions for o in action.option_strings]
            for action in self._actions:
                if isinstance(action, argparse._SubParsersAction):
                    parsers: dict[str, argparse.ArgumentParser] = action.choices
                    options += [o for p in parsers.values() for a in p._actions for o in a.option_strings]
            message += did_you_mean(unknown.group(1), options)
        super().error(message)


def _positive(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text}' is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _cmake_dir() -> str:
    from atomgen.resources import data_dir

    return str(data_dir("cmake"))


class _PrintCmakeDir(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, *_: object, **__: object) -> None:
        print(_cmake_dir())
        parser.exit(EXIT_CLEAN)


def build_parser(wanted: Optional[str] = None) -> argparse.ArgumentParser:
    parser = Parser(prog="atomgen", description=DESCRIPTION, epilog=EPILOG, formatter_class=_formatter)
    parser.add_argument("--version", action="version", version=f"atomgen {__version__}")
    parser.add_argument(
        "--cmake-dir",
        nargs=0,
        action=_PrintCmakeDir,
        help="print the folder of AtomGenConfig.cmake and AtomGen.cmake (for -DAtomGen_DIR=...) and exit",
    )
    # prog given: argparse would otherwise build a help formatter (and import shutil) to compute it
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", prog="atomgen")

    check = commands.add_parser(
        "check",
        help="validate specs and prove their layouts",
        formatter_class=_formatter,
        description="Load, schema-validate and analyze specs: layout shape, thread count, tile "
        "coverage, operand packing, copy recasts, the instance table, state fields and names.\n"
        "Every finding has a rule id (see `atomgen explain`) and points at file:line:col, with the\n"
        "spec's line and a caret under the column. A backend.yaml given as PATH checks every spec\n"
        "of that backend. With --tree, cross-spec rules (name collisions) compare PATH's specs with\n"
        "every spec under the tree, only PATH's findings are reported and PATHs outside the tree\n"
        "are skipped (what a pre-commit hook needs: the changed files, against all the others).",
        epilog="exit status: 0 clean, 1 findings, 2 usage or I/O error\n\n"
        "examples:\n  atomgen check                      # the project's specs/, from any folder in it\n"
        "  atomgen check specs/rocdl/cdna3/mfma.yaml --format json\n"
        "  atomgen check specs/ --format sarif > atomgen.sarif   # GitHub code scanning\n"
        "  atomgen check specs/nvvm/sm90/new.yaml --tree specs/   # new spec against all the others\n"
        "  atomgen check specs/nvvm/backend.yaml --whole-tree     # every PTX spec, after a backend edit",
    )
    check.add_argument("paths", nargs="*", metavar="PATH", help="spec files or folders (default: the project's specs/)")
    check.add_argument(
        "--format", choices=("text", "json", "sarif", "github"), default="text",
        help="output format (default text; github: GitHub Actions workflow commands, annotations on the PR)",
    )
    check.add_argument(
        "--tree",
        metavar="DIR",
        help="compare PATH's specs with every spec under DIR for cross-spec rules; report only PATH's",
    )
    check.add_argument(
        "--whole-tree",
        action="store_true",
        help="like --tree with the project's spec folder (what the atomgen-check pre-commit hook runs)",
    )
    check.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour text output (default auto: on a terminal or with FORCE_COLOR, unless NO_COLOR is set)",
    )
    check.add_argument(
        "--no-cache", action="store_true", help="ignore the proof cache (it is keyed by content and never stale)"
    )
    check.add_argument(
        "--proofs",
        action="store_true",
        help="also report every parametric fact proved, its verdict and the engines that reached it "
        "(polynomial; sympy where a certificate is cached or --certify made one); json: an object "
        "with 'diagnostics' and 'proofs'",
    )
    check.add_argument(
        "--certify",
        action="store_true",
        help="certify every proved fact with sympy as gen does (imports sympy for the facts without a cached "
        "certificate); a disagreement of the engines is an internal error",
    )
    check.add_argument(
        "-j",
        "--jobs",
        type=_positive,
        metavar="N",
        help="analyse uncached specs in N processes (default: one per available core, for 4 specs or more); "
        "the output does not depend on N",
    )

    show = commands.add_parser(
        "show",
        help="print every instance's concrete layouts, packed types and intrinsic",
        formatter_class=_formatter,
        description="Evaluate a spec for each instance and print its concrete CuTe layouts "
        "(thr, A/B/C or src/dst/ref), packed operand types and intrinsic, or pictures of them:\n"
        "  text   one line per layout\n"
        "  grid   each operand's tile, a cell per element holding T<thr>V<val> (CuTe's print_layout);\n"
        "         coloured by thread on a terminal unless NO_COLOR is set; B is drawn K x N\n"
        "  lanes  lane, register, bit range -> element (AMD's Matrix Instruction Calculator)\n"
        "  svg    print_latex-style pictures (one document; --out DIR: one file per operand)\n"
        "  latex  TikZ, one standalone page per operand (--out DIR: one .tex per operand)\n"
        "  json   records per operand with the (thr, val, row, col) table; pairs that differ only\n"
        "         in a stride-0 (replicated) mode are listed once, `replicas` gives the others\n"
        "Copies are drawn in elements of --bits (default: the instance's first val_bits, else its\n"
        "packed value's element width).",
        epilog="examples:\n  atomgen show specs/rocdl/cdna3/mfma.yaml --instance 16x16x16_f16_f16_f32 --format grid\n"
        "  atomgen show specs/nvvm/sm80/ldmatrix.yaml --instance 4 --format lanes --bits 16\n"
        "  atomgen show specs/nvvm/sm80/mma_sync.yaml --format svg --out pictures/\n"
        "  atomgen show specs/rocdl/cdna3/mfma.yaml --format json | jq '.[1].coordinates[:4]'\n"
        "  atomgen show specs/rocdl/cdna3/mfma.yaml --instance 16x16x16_f16_f16_f32 --format svg --combined\n"
        "  atomgen show specs/rocdl/cdna3/mfma.yaml --instance 16x16x16_f16_f16_f32 --where 'A[3][5]'\n"
        "  atomgen show specs/rocdl/cdna3/mfma.yaml --instance 16x16x16_f16_f16_f32 --lane 19 --reg v1",
    )
    show.add_argument("spec", metavar="SPEC", help="one spec file")
    show.add_argument("--instance", metavar="ID", help="only this instance (ids are listed by text output)")
    show.add_argument("--format", choices=("text", "grid", "lanes", "svg", "latex", "json"), default="text")
    show.add_argument("--bits", type=int, choices=(4, 6, 8, 16, 32, 64, 128), metavar="N",
                      help="copies: element width in bits for the pictures")
    show.add_argument("--out", metavar="DIR", help="svg/latex: write one file per instance and operand into DIR")
    show.add_argument("--combined", action="store_true",
                      help="svg/latex of an MMA: one figure per instance, A left, B on top, C in the middle "
                      "(CuTe's print_latex of a TiledMMA)")
    show.add_argument("--where", metavar="ELEMENT",
                      help="which lane, value, register and bits hold ELEMENT: A[m][k], B[k][n], C[m][n], dst[i] "
                      "(needs --instance)")
    show.add_argument("--lane", type=int, metavar="L", help="what lane L holds of every operand (needs --instance)")
    show.add_argument("--reg", metavar="R",
                      help="with --lane: only register R (2, v2 or r2, as --format lanes names it)")
    show.add_argument("--value", type=int, metavar="V", help="with --lane: only value V of each operand")

    new = commands.add_parser(
        "new",
        help="scaffold a commented spec (or a backend) to fill in",
        formatter_class=_formatter,
        description="Write a new spec whose unknown parts are marked TODO; `atomgen check` then "
        "reports each TODO (rule AG010) until the spec is complete.",
        epilog="examples:\n  atomgen new mma --subtarget cdna5\n"
        "  atomgen new copy --subtarget sm90 --backend nvvm --name tma_load\n"
        "  atomgen new backend spirv",
    )
    new.add_argument("what", choices=("mma", "copy", "backend"), help="what to scaffold")
    new.add_argument("backend_name", nargs="?", metavar="BACKEND", help="for `new backend`: its name")
    new.add_argument("--subtarget", help="subtarget, e.g. cdna5, gfx1250, sm90 (required for mma/copy)")
    new.add_argument("--backend", default="rocdl", help="backend dialect (default rocdl)")
    new.add_argument("--name", help="atom name, used for the file and mnemonic (default: mma / copy)")
    new.add_argument("--specs", default=None, help="specs root (default: the project's specs/)")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")

    explain = commands.add_parser(
        "explain",
        help="explain a check rule",
        formatter_class=_formatter,
        description="Print why a rule exists, a failing example and the fix. A rule is named by its id\n"
        "(AG321), its number (321) or its kebab-case name (not-injective). Without one, list all rules.",
        epilog="examples:\n  atomgen explain AG321\n  atomgen explain 321\n  atomgen explain not-injective",
    )
    explain.add_argument("rule", nargs="?", metavar="RULE", help="AGnnn, nnn or the rule's name")
    explain.add_argument(
        "--markdown", action="store_true", help="print the whole catalogue as markdown (docs/rules.md)"
    )

    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of specs",
        description="Print schema/atom.schema.json (or the backend schema).",
        formatter_class=_formatter,
        epilog="examples:\n  atomgen schema > atom.schema.json\n  atomgen schema --backend",
    )
    schema.add_argument("--backend", action="store_true", help="print the backend.yaml schema instead")

    completion = commands.add_parser(
        "completion",
        help="print a shell completion script (bash, zsh, fish)",
        formatter_class=_formatter,
        description="Print a completion script for SHELL, built from this parser: commands, options and "
        "their choices;\npaths complete as files.",
        epilog="examples:\n  eval \"$(atomgen completion bash)\"     # in ~/.bashrc\n"
        "  eval \"$(atomgen completion zsh)\"      # in ~/.zshrc, after compinit\n"
        "  atomgen completion fish > ~/.config/fish/completions/atomgen.fish",
    )
    completion.add_argument("shell", choices=("bash", "zsh", "fish"), metavar="SHELL", help="bash, zsh or fish")

    _add_later_commands(commands, wanted)
    return parser


def _add_later_commands(commands: Any, wanted: Optional[str]) -> None:
    """Commands whose implementation lives in later stages (gen, oracle, probe); only the
    one being run is imported, so `atomgen check` stays fast."""
    from atomgen.commands import register

    register(commands, _formatter, wanted)


def run_check(args: argparse.Namespace) -> int:
    import gc

    # Importing the analysis and printing its findings make no garbage worth a collection (each
    # cost 1-5 ms of a 0.3 s check), and the process ends at os._exit; the analysis in between
    # collects (check/runner.py).
    gc.disable()
    from atomgen.check.runner import UsageError, check_paths
    from atomgen.output_format import format_all
    from atomgen.project import ConfigError, default_specs
    from atomgen.terminal import wants_color

    try:
        paths = args.paths or default_specs()
        tree = args.tree or (default_specs()[0] if args.whole_tree else None)
        if tree is not None:
            # A hook passes every changed YAML file; only those in the spec tree are specs.
            paths = [p for p in paths if _inside(p, tree)]
            if not paths:
                print(f"atomgen check: no spec under {tree} among the given files", file=sys.stderr)
                return EXIT_CLEAN
        results = check_paths(paths, use_cache=not args.no_cache, tree=tree, workers=args.jobs, their_backends=True)
    except (UsageError, ConfigError) as error:
        print(f"atomgen check: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.proofs or args.certify:
        from atomgen.check.certify import certify_results

        certify_results(results, compute=args.certify)  # a disagreement: that spec's internal error
    if not results:
        where = " or ".join(args.paths) if args.paths else "the spec folder"
        print(f"atomgen check: no spec files found in {where} (atom specs are *.yaml files)", file=sys.stderr)
        return EXIT_USAGE
    diagnostics = [d for r in results for d in r.diagnostics]
    errors = [d for d in diagnostics if d.severity == "error"]
    from atomgen.project import root_relative

    shown = None if args.paths else root_relative()  # defaults print relative to the project root
    if args.format == "json" and args.proofs:
        import json

        proofs = [{"spec": r.path, **record} for r in results for record in r.proofs]
        print(json.dumps({"diagnostics": json.loads(format_all(diagnostics, "json")), "proofs": proofs}, indent=2))
    elif args.format in ("json", "sarif", "github"):
        if diagnostics or args.format != "github":
            print(format_all(diagnostics, args.format, shown=shown))
    else:
        if diagnostics:
            print(format_all(diagnostics, "text", color=wants_color(sys.stdout, args.color), shown=shown))
        if args.proofs:
            for result in results:
                for record in result.proofs:
                    print(f"{result.path}: {record['layout']}[{record['piece']}] {record['fact']}: {record['status']} "
                          f"({', '.join(record['engines'])})")
        bad = len({d.path for d in errors})
        print(
            f"atomgen check: {_counted(results)}, {len(errors)} error(s) in {bad} spec(s)"
            + (f", {len(diagnostics) - len(errors)} warning(s)" if len(diagnostics) > len(errors) else ""),
            file=sys.stderr,
        )
    broken = [r for r in results if r.internal_error]
    for result in broken:
        print(f"atomgen check: {result.path}: internal error: {result.internal_error} (please report this)",
              file=sys.stderr)
    if broken:
        return EXIT_USAGE
    return EXIT_FINDINGS if errors else EXIT_CLEAN


def _counted(results: list[Any]) -> str:
    """`3 spec(s), 1 backend file(s)`: atom specs, and the files beside them checked by their own schema."""
    from pathlib import Path

    from atomgen.check.runner import side_file_kind

    kinds = [side_file_kind(Path(r.path)) for r in results]
    parts = [f"{kinds.count(None)} spec(s)"]
    parts += [f"{kinds.count(kind)} {kind} file(s)" for kind in ("backend", "intrinsics") if kind in kinds]
    return ", ".join(parts)


def _inside(path: str, folder: str) -> bool:
    from pathlib import Path

    from atomgen.reading import real_path

    resolved, root = Path(real_path(path)), Path(real_path(folder))
    return resolved == root or root in resolved.parents


def run_show(args: argparse.Namespace) -> int:
    from atomgen.show import show

    return show(args.spec, args.instance, args.format, args.bits, args.out, combined=args.combined, where=args.where,
                lane=args.lane, register=args.reg, value=args.value)


def run_new(args: argparse.Namespace) -> int:
    from atomgen.project import ConfigError, default_specs
    from atomgen.scaffold import scaffold

    if args.specs is None:
        try:
            args.specs = default_specs()[0]
        except ConfigError as error:
            print(f"atomgen new: {error}", file=sys.stderr)
            return EXIT_USAGE
    return scaffold(args)


def find_rule(query: str) -> Optional[str]:
    """The id of the rule named by `query`: AG321, ag321, 321 or not-injective."""
    from atomgen.check.rules import BY_ID, RULES

    word = query.strip()
    if word.upper() in BY_ID:
        return word.upper()
    if word.isdigit() and f"AG{int(word):03d}" in BY_ID:
        return f"AG{int(word):03d}"
    by_name = {rule.name: rule.id for rule in RULES}
    return by_name.get(word.lower().replace("_", "-"))


def run_explain(args: argparse.Namespace) -> int:
    from atomgen.check.rules import RULES, explain
    from atomgen.suggest import closest

    if args.markdown:
        from atomgen.check.rules import markdown_catalogue

        sys.stdout.write(markdown_catalogue())
        return EXIT_CLEAN
    if not args.rule:
        for rule in RULES:
            print(f"{rule.id}  {rule.name:20} {rule.summary}")
        return EXIT_CLEAN
    rule_id = find_rule(args.rule)
    if rule_id is None:
        words = [r.id for r in RULES] + [r.name for r in RULES]
        number = args.rule.strip()
        guess = closest(f"AG{number}" if number.isdigit() else number, words)
        hint = f"; did you mean '{guess}'?" if guess else ""
        print(
            f"atomgen explain: unknown rule '{args.rule}'{hint} (run `atomgen explain` for the list)",
            file=sys.stderr,
        )
        return EXIT_USAGE
    print(explain(rule_id))
    return EXIT_CLEAN


def run_completion(args: argparse.Namespace) -> int:
    from atomgen.completion import full_parser, script

    sys.stdout.write(script(args.shell, full_parser(build_parser)))
    return EXIT_CLEAN


def run_schema(args: argparse.Namespace) -> int:
    from atomgen.resources import load_schema

    print(json.dumps(load_schema("backend" if args.backend else "atom"), indent=2))
    return EXIT_CLEAN


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": run_check,
    "show": run_show,
    "new": run_new,
    "explain": run_explain,
    "schema": run_schema,
    "completion": run_completion,
}


# Commands whose output is a function of the files they read (atomgen/replay.py): with
# nothing changed, the recorded output is printed without running them.
REPLAYED: dict[str, Callable[[argparse.Namespace], bool]] = {
    # --proofs and --certify read certificates, which live in the cache a replay does not watch
    "check": lambda args: not args.no_cache and not args.proofs and not args.certify,
    "gen": lambda args: True,
}


# Commands whose process ends with os._exit once its output is flushed (as mypy's fast exit):
# `check` holds every analysed spec and the memo tables, and freeing them object by object at
# interpreter exit took 20 ms, a tenth of its run. It starts no process it does not wait for
# and leaves nothing to exit handlers (its cache and replay files are written and closed).
FAST_EXIT = frozenset(("check",))


def command() -> NoReturn:
    """The `atomgen` executable (and `python -m atomgen`): main(), then exit with its status."""
    status = main()
    if _command_word(sys.argv[1:]) not in FAST_EXIT:
        sys.exit(status)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader that went away (`| head`) or a closed stream
            pass
    os._exit(status)


def _command_word(arguments: Sequence[str]) -> Optional[str]:
    return next((a for a in arguments if not a.startswith("-")), None)


def main(argv: Optional[Sequence[str]] = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    wanted = _command_word(arguments)
    if wanted in REPLAYED and "--no-cache" not in arguments:
        from atomgen import replay

        status = replay.replayed(wanted, arguments)
        if status is not None:
            return status
    parser = build_parser(wanted)
    args = parser.parse_args(arguments)
    if not args.command:
        parser.print_help()
        return EXIT_USAGE
    handler = HANDLERS.get(args.command) or getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return EXIT_USAGE
    if args.command in REPLAYED and REPLAYED[args.command](args):
        from atomgen import replay

        # gen: a run that wrote files rehearses the next one, which finds nothing to write (atomgen/replay.py)
        rehearsal = (lambda: _dispatch(handler, parser.parse_args(arguments))) if args.command == "gen" else None
        return replay.recorded(args.command, arguments, lambda: _dispatch(handler, args), rehearsal)
    return _dispatch(handler, args)


def _dispatch(handler: Callable[[argparse.Namespace], int], args: argparse.Namespace) -> int:
    try:
        return int(handler(args))
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return EXIT_CLEAN
    except RecursionError:
        print("atomgen: input is nested too deeply", file=sys.stderr)
        return EXIT_USAGE
    except Exception as error:  # the edge: never a traceback for a user
        print(f"atomgen: internal error: {type(error).__name__}: {error} (please report this)", file=sys.stderr)
        return EXIT_USAGE
