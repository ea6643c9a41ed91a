"""The only stage that touches the disk."""
