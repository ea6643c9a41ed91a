"""The ISA rung for AMD (atomgen/isa/rung.py): the generated ROCDL atoms, through llc-22, per chip."""
