"""atomgen.probe."""
