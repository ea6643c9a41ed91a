"""`atomgen completion bash|zsh|fish`: a shell completion script read off the argparse parser.

The script is data, not logic: every command path (`check`, `oracle flydsl`, ...), its
options (with their choices, and whether they take a value), its sub-commands and the
choices of its positional arguments, taken from the same parser `atomgen` parses with, so a
new option completes without an edit here. Paths complete as files (the shell's default).
zsh runs the bash script through its bashcompinit emulation; fish gets native `complete`
lines. No dependency: argcomplete would run atomgen on every <Tab>, this runs it once.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Callable, Optional

SHELLS = ("bash", "zsh", "fish")


@dataclass
class Option:
    names: list[str]
    help: str
    takes_value: bool
    choices: list[str]


@dataclass
class Node:
    """One command path: its options, sub-commands (name -> help) and positional choices."""

    path: str
    options: list[Option] = field(default_factory=list)
    commands: dict[str, str] = field(default_factory=dict)
    words: list[str] = field(default_factory=list)


def full_parser(build_parser: Callable[[Optional[str]], argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """The top-level parser with every lazily registered command set up for real (cli.build_parser, passed
    in by the command line that owns it, sets up only the one being run and gives the others a placeholder)."""
    from atomgen.commands import COMMANDS

    parser = build_parser(None)
    top = _subparsers(parser)
    assert top is not None
    for name in COMMANDS:
        real = _subparsers(build_parser(name))
        if real is not None and name in real.choices and real.choices[name].get_default("handler") is not None:
            top.choices[name] = real.choices[name]
    return parser


def _subparsers(parser: argparse.ArgumentParser) -> Optional[argparse._SubParsersAction]:  # type: ignore[type-arg]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def _text(value: object) -> str:
    return " ".join(str(value or "").split())


def nodes(parser: argparse.ArgumentParser, path: str = "") -> list[Node]:
    """Every command path of the parser, the top level (path "") first."""
    node = Node(path)
    found = [node]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: _text(choice.help) for choice in action._choices_actions}
            for name, sub in action.choices.items():
                node.commands[name] = helps.get(name, "")
                found += nodes(sub, f"{path} {name}".strip())
        elif action.option_strings:
            if action.help == argparse.SUPPRESS:
                continue
            choices = [str(c) for c in action.choices] if action.choices else []
            node.options.append(Option(list(action.option_strings), _text(action.help), action.nargs != 0, choices))
        elif action.choices:
            node.words += [str(c) for c in action.choices]
    return found


def _bash_case(key: str) -> str:
    return '"' + key.replace('"', '\\"') + '"'


def bash(tree: list[Node]) -> str:
    paths = [node.path for node in tree if node.path]
    lines = [
        "# atomgen bash completion: eval \"$(atomgen completion bash)\", or save it under",
        "# ~/.local/share/bash-completion/completions/atomgen",
        "_atomgen() {",
        '    local cur="${COMP_WORDS[COMP_CWORD]}" prev="" path="" word i words=""',
        '    (( COMP_CWORD > 0 )) && prev="${COMP_WORDS[COMP_CWORD-1]}"',
        "    for (( i = 1; i < COMP_CWORD; i++ )); do",
        '        word="${COMP_WORDS[i]}"',
        '        case "${path:+$path }$word" in',
        "            " + "|".join(_bash_case(p) for p in paths) + ') path="${path:+$path }$word" ;;',
        "        esac",
        "    done",
        '    case "$path|$prev" in',
    ]
    for node in tree:
        for option in node.options:
            if not option.takes_value:
                continue
            keys = "|".join(_bash_case(f"{node.path}|{name}") for name in option.names)
            if option.choices:
                choices = " ".join(option.choices)
                lines.append(f'        {keys}) COMPREPLY=($(compgen -W "{choices}" -- "$cur")); return ;;')
            else:
                lines.append(f"        {keys}) COMPREPLY=(); return ;;  # a value: the shell's default (files)")
    lines += ["    esac", '    case "$path" in']
    for node in tree:
        options = " ".join(name for option in node.options for name in option.names)
        words = " ".join([*node.commands, *node.words])
        lines.append(
            f'        {_bash_case(node.path)}) '
            f'if [[ "$cur" == -* ]]; then words="{options}"; else words="{words}"; fi ;;'
        )
    lines += [
        "    esac",
        '    COMPREPLY=($(compgen -W "$words" -- "$cur"))',
        "}",
        "complete -o default -F _atomgen atomgen",
        "",
    ]
    return "\n".join(lines)


def zsh(tree: list[Node]) -> str:
    return (
        "#compdef atomgen\n"
        "# atomgen zsh completion: eval \"$(atomgen completion zsh)\" in ~/.zshrc (after compinit),\n"
        "# or save it as _atomgen in a folder of $fpath. zsh runs the bash script through bashcompinit.\n"
        "autoload -U +X bashcompinit && bashcompinit\n" + bash(tree)
    )


def _fish_quote(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def fish(tree: list[Node]) -> str:
    paths = " ".join(_fish_quote(node.path) for node in tree if node.path)
    lines = [
        "# atomgen fish completion: atomgen completion fish > ~/.config/fish/completions/atomgen.fish",
        f"set -g __atomgen_paths {paths}",
        "function __atomgen_path",
        "    set -l path ''",
        "    for token in (commandline -opc)[2..-1]",
        '        set -l next (string trim -- "$path $token")',
        "        if contains -- $next $__atomgen_paths",
        "            set path $next",
        "        end",
        "    end",
        '    echo "$path"',
        "end",
        "function __atomgen_at",
        "    set -l path (__atomgen_path)",
        '    test "$path" = "$argv[1]"',
        "end",
        "complete -c atomgen -e",
    ]
    for node in tree:
        condition = f"-n {_fish_quote('__atomgen_at ' + _fish_quote(node.path))}"
        for name, help_text in node.commands.items():
            lines.append(f"complete -c atomgen {condition} -f -a {_fish_quote(name)} -d {_fish_quote(help_text)}")
        for word in node.words:
            lines.append(f"complete -c atomgen {condition} -a {_fish_quote(word)}")
        for option in node.options:
            flags = []
            for name in option.names:
                if name.startswith("--"):
                    flags.append(f"-l {name[2:]}")
                else:
                    flags.append(f"-{'s' if len(name) == 2 else 'o'} {name[1:]}")
            value = " -r" if option.takes_value else ""
            if option.choices:
                value = f" -x -a {_fish_quote(' '.join(option.choices))}"
            lines.append(f"complete -c atomgen {condition} {' '.join(flags)}{value} -d {_fish_quote(option.help)}")
    return "\n".join(lines) + "\n"


def script(shell: str, parser: argparse.ArgumentParser) -> str:
    """The completion script for `shell` of the full parser (full_parser)."""
    tree = nodes(parser)
    return {"bash": bash, "zsh": zsh, "fish": fish}[shell](tree)
