"""The intrinsics tables: atomgen's own (<backend>.yaml, compiled to <backend>.json by compiled.py) and
LLVM 22.1.8's operand lists with the hand-written roles on top (llvm22/). Data that analysis and render both read."""
