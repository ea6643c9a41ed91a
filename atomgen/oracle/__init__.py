"""Oracles that check atomgen output against an independent implementation (FlyDSL)."""
