"""The rule families: one module per family, each declaring its rules (RULES) beside the checks that raise
them, as ruff's rules live beside their checkers. atomgen/check/ around this package is the machinery that
runs them: analyze.py (the order), runner.py and workers.py (files, cache, processes), rules.py (the registry).

A check is a generator of diagnostics, except where it runs for every instance or operand: there it
returns a list, and its predicates are loops rather than any()/all() over generator expressions. Making a
generator costs about 0.3 us, and those checks ran some 130,000 of them per check of the shipped specs
(bench/README.md)."""
