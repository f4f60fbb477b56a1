"""Generated codecs for the schemas in schemas/raft/ (kbroker.protocol.codegen)."""
