"""Generated codecs for the schemas in schemas/storage/ (kbroker.protocol.codegen)."""
