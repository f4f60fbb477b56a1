"""OAUTHBEARER token validators: the unsecured JWS one (unsecured.py, Kafka's default) and the signed-JWT one
whose keys come from a JWKS endpoint (jwt_validator.py, jwks.py); validators.py picks one per listener."""
