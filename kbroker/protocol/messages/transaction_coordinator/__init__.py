"""Generated codecs for the schemas in schemas/transaction-coordinator/ (kbroker.protocol.codegen)."""
