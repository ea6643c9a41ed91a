"""atomgen: declarative FlyDSL atoms, proved before they are generated."""

__version__ = "0.1.0"
