"""atomgen.render."""
