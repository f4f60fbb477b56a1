"""SASL on a SASL_PLAINTEXT or SASL_SSL listener: the authenticator's state machine (authenticator.py), the JAAS
option parser (jaas.py) and one module per mechanism (plain.py, scram.py)."""
