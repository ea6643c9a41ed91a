"""atomgen.spec."""
