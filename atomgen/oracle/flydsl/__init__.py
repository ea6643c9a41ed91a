"""The FlyDSL oracle (rung 2 of the ladder): ``audit`` runs it, ``worker`` asks the flydsl wheel in a
subprocess, ``flyopt`` is the wheel's pass pipeline as a fly-opt stand-in for lit. Nothing is
imported here: every lit RUN line starts ``python -m atomgen.oracle.flydsl.flyopt``, which must
not pay for the audit's modules (about 0.1 s of CPU each time, some 180 times a test run)."""
