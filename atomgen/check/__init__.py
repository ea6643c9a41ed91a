"""atomgen.check."""
