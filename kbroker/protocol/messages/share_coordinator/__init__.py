"""Generated codecs for the schemas in schemas/share-coordinator/ (kbroker.protocol.codegen)."""
