"""`python -m atomgen` is the `atomgen` command."""

from atomgen.cli import command

command()
