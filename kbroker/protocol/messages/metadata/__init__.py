"""Generated codecs for the schemas in schemas/metadata/ (kbroker.protocol.codegen)."""
