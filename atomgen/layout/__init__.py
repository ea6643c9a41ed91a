"""atomgen.layout."""
