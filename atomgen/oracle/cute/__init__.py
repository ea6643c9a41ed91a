"""The CuTe oracle (rung 3 of the ladder): ``audit`` runs it, ``worker`` asks nvidia-cutlass-dsl in a
subprocess, ``cpp`` compiles CuTe's C++ traits on the host. Nothing is imported here: a worker
started as ``python -m atomgen.oracle.cute.worker`` loads only what it needs."""
