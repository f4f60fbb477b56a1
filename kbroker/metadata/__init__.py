"""Cluster metadata: KRaft record framing (serde), the immutable image and its deltas, the loader that turns
committed batches into images, and the single-node controller that validates requests and writes records."""
