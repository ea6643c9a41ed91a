"""Render stage: checked AtomSpecs -> {relative path: text}. Never touches the disk."""
