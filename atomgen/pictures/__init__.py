"""Pictures of evaluated layouts: the model (where each (thr, val) lands) and its formats."""
