"""C++ output: one file per atom with every interface method of its payload type.

Modules along the data flow: mlirtype (types) and params (parameters) spell values;
messages, layouts, verifier (matchInstance, verify) and state build the shared methods;
rows, mma, copy and ptx the emission per pattern family; atom assembles the template's
context and clang formats the file.
"""

from atomgen.render.cpp.atom import context, render

__all__ = ["context", "render"]
