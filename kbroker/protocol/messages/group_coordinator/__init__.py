"""Generated codecs for the schemas in schemas/group-coordinator/ (kbroker.protocol.codegen)."""
