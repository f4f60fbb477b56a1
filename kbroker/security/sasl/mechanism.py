"""What a SASL mechanism's server side offers the authenticator, and how it fails.

A mechanism server has `mechanism` (its name), `evaluate(token) -> bytes` (the next challenge; raises SaslFailure),
`complete` and, once complete, `authorization_id` (the authenticated user name).
"""

from __future__ import annotations


class SaslFailure(Exception):
    """Authentication failed. `public` failures (Kafka's SaslAuthenticationException) tell the client their message;
    the others (Kafka's SaslException) get the generic "invalid credentials" message, which reveals nothing about
    the user."""

    def __init__(self, message: str, public: bool = True) -> None:
        super().__init__(message)
        self.public = public
