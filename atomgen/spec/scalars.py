"""A parameter's value in an instance: the one type the model, the checks and the renderers share for it.

A leaf module: spec/descriptor.py and spec/verify.py need the type, and spec/instances.py (which builds
the values) imports the emission records, which import the descriptor.
"""

from __future__ import annotations

from typing import Union

ScalarValue = Union[int, bool, str]
