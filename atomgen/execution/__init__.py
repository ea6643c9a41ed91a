"""Executing the generated AMD atoms (issue 50): instruction models from AMD's tables (models/*.json, written by
scripts/amd-models.py), an LLVM IR executor for a whole wave (executor.py) and the harness that runs every ROCDL MMA
instance's lowered IR against a float64 / int64 reference with broken-lowering controls (harness.py)."""
