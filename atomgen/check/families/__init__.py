"""The rule families: one module per family, each declaring its rules (RULES) beside the checks that raise
them, as ruff's rules live beside their checkers. atomgen/check/ around this package is the machinery that
runs them: analyze.py (the order), runner.py and workers.py (files, cache, processes), rules.py (the registry)."""
