"""Request handlers, one module per API key (see `registry.py` for how they are found)."""
