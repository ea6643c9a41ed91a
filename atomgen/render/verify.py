"""Renderers read the verify plan from the analysed atom; its data types live in atomgen/check/verify_plan.py."""

from __future__ import annotations

from atomgen.check.verify_plan import (
    FreeRange,
    KeyCondition,
    Row,
    VerifyPlan,
    describe,
    format_value,
    pin_message,
    verify_plan,
)

__all__ = ["FreeRange", "KeyCondition", "Row", "VerifyPlan", "describe", "format_value", "pin_message", "verify_plan"]
