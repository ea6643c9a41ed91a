"""The Triton oracle (AMD layouts from Triton's compiler on the CPU): ``audit`` runs it, ``worker``
compiles in a subprocess. Nothing is imported here: a worker started as
``python -m atomgen.oracle.triton.worker`` loads only what it needs."""
