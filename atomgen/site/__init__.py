"""`atomgen catalog`: the static HTML atom catalogue (pages, oracle reports, assets)."""
