"""SCRAM-SHA-256 and SCRAM-SHA-512 on the server (RFC 5802, as Kafka's ScramSaslServer runs it).

1. client-first `gs2-header client-first-bare`: gs2 header `n,` or `y,` (channel binding `p=` is refused), an
   optional authorization id `a=` that must name the user itself (CVE-2017-12610), `n=<saslname>` (`=2C` and
   `=3D` decoded), `r=<client nonce>`, optional extensions (only `tokenauth`, as Kafka). The user's credential for
   this mechanism comes from the metadata image; with `tokenauth=true` the user name is a delegation token's id and
   the credential the token's (`token_lookup`), and the exchange authenticates the token's owner. An unknown user
   or token and a credential below 4096 iterations fail. Answer: `r=<client nonce><server nonce>,s=<salt>,i=<iterations>`.
2. client-final `c=<channel binding>,r=<nonce>,p=<proof>`: the nonce must be exactly the combined nonce of this
   exchange (CVE-2024-56128: Kafka once accepted any nonce ending with the server's), the channel binding the
   base64 of the client's gs2 header, and H(proof XOR HMAC(StoredKey, AuthMessage)) equal to StoredKey, compared in
   constant time (CVE-2021-38153). Answer: `v=<server signature>`; the exchange is complete.
Any other message, or one more, fails. Failures say nothing about which check failed to the client.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import re
import secrets
from collections.abc import Callable

from kbroker.security.sasl.mechanism import SaslFailure
from kbroker.security.scram_credentials import MIN_ITERATIONS, ScramCredential, ScramMechanism

_CLIENT_FIRST = re.compile(
    r"(?P<gs2>(?:n|y),(?:a=(?P<authzid>[^,]*))?,)"
    r"(?P<bare>n=(?P<saslname>[^,]+),r=(?P<nonce>[\x21-\x2b\x2d-\x7e]+)(?P<extensions>(?:,[a-zA-Z]+=[^,]*)*))")
_CLIENT_FINAL = re.compile(
    r"(?P<without_proof>c=(?P<channel>[a-zA-Z0-9+/]+=*),r=(?P<nonce>[\x21-\x2b\x2d-\x7e]+)"
    r"(?:,[a-zA-Z]+=[^,]*)*),p=(?P<proof>[a-zA-Z0-9+/]+=*)")
_SASLNAME_ESCAPE = re.compile(r"=(?!2C|3D)")

CredentialLookup = Callable[[str, ScramMechanism], "ScramCredential | None"]
# token id, mechanism -> (the token's credential for the mechanism, its owner's name, its expiry in epoch ms), None
# for no such token
TokenLookup = Callable[[str, ScramMechanism], "tuple[ScramCredential, str, int] | None"]
SUPPORTED_EXTENSIONS = frozenset({"tokenauth"})  # ScramSaslServer.SUPPORTED_EXTENSIONS


def _username(saslname: str) -> str:
    if _SASLNAME_ESCAPE.search(saslname):
        raise SaslFailure("Invalid username", public=False)
    return saslname.replace("=2C", ",").replace("=3D", "=")


def server_nonce() -> str:
    return secrets.token_urlsafe(24).replace("-", "0").replace("_", "1")


class ScramServer:
    """One SCRAM exchange: client-first -> server-first, client-final -> server-final."""

    def __init__(self, mechanism: ScramMechanism, lookup: CredentialLookup,
                 nonce_factory: Callable[[], str] = server_nonce, token_lookup: TokenLookup | None = None) -> None:
        self.scram = mechanism
        self.mechanism = mechanism.name
        self.lookup = lookup
        self.token_lookup = token_lookup
        self.token_authenticated = False
        self.credential_expiry_ms: int | None = None  # a token's expiry: Kafka's CREDENTIAL.LIFETIME.MS
        self._owner: str | None = None
        self.nonce_factory = nonce_factory
        self.complete = False
        self.authorization_id: str | None = None
        self._step = "client-first"
        self._credential: ScramCredential | None = None
        self._user: str | None = None
        self._gs2 = self._client_first_bare = self._server_first = self._nonce = ""

    def evaluate(self, token: bytes) -> bytes:
        step, self._step = self._step, "failed"  # a message that does not complete its step ends the exchange
        try:
            text = token.decode("utf-8")
        except UnicodeDecodeError:
            raise SaslFailure("Invalid SCRAM message encoding", public=False) from None
        if step == "client-first":
            answer = self._client_first(text)
            self._step = "client-final"
            return answer
        if step == "client-final":
            answer = self._client_final(text)
            self._step = "done"
            self.complete = True
            return answer
        raise SaslFailure(f"Unexpected SCRAM message in state {step}", public=False)

    def _client_first(self, text: str) -> bytes:
        match = _CLIENT_FIRST.fullmatch(text)
        if match is None:
            raise SaslFailure("Invalid SCRAM client first message", public=False)
        extensions = dict(item.partition("=")[::2] for item in match.group("extensions").split(",")[1:])
        if not SUPPORTED_EXTENSIONS.issuperset(extensions):
            raise SaslFailure("Unsupported SCRAM extensions", public=False)
        user = _username(match.group("saslname"))
        if extensions.get("tokenauth", "").lower() == "true":
            found = self.token_lookup(user, self.scram) if self.token_lookup is not None else None
            if found is None:
                raise SaslFailure(f"Token Authentication failed: Invalid tokenId : {user}", public=False)
            credential, self._owner, self.credential_expiry_ms = found
            self.token_authenticated = True
        else:
            credential = self.lookup(user, self.scram)
        if credential is None:
            raise SaslFailure("Authentication failed: Invalid user credentials", public=False)
        authzid = match.group("authzid")
        if authzid and authzid != user:
            raise SaslFailure("Authentication failed: Client requested an authorization id that is different "
                              "from username")
        if credential.iterations < MIN_ITERATIONS:
            raise SaslFailure(f"Iterations {credential.iterations} is less than the minimum {MIN_ITERATIONS} for "
                              f"{self.mechanism}", public=False)
        self._user, self._credential, self._gs2 = user, credential, match.group("gs2")
        self._client_first_bare = match.group("bare")
        self._nonce = match.group("nonce") + self.nonce_factory()
        self._server_first = (f"r={self._nonce},s={base64.b64encode(credential.salt).decode()},"
                              f"i={credential.iterations}")
        return self._server_first.encode()

    def _client_final(self, text: str) -> bytes:
        match = _CLIENT_FINAL.fullmatch(text)
        if match is None:
            raise SaslFailure("Invalid SCRAM client final message", public=False)
        if not hmac.compare_digest(match.group("nonce").encode(), self._nonce.encode()):
            raise SaslFailure("Invalid client nonce in the final client message.", public=False)
        if match.group("channel") != base64.b64encode(self._gs2.encode()).decode():
            raise SaslFailure("Invalid channel binding in the final client message.", public=False)
        try:
            proof = base64.b64decode(match.group("proof"), validate=True)
        except binascii.Error:
            raise SaslFailure("Invalid client proof encoding", public=False) from None
        auth_message = f"{self._client_first_bare},{self._server_first},{match.group('without_proof')}".encode()
        credential = self._credential
        signature = self.scram.hmac(credential.stored_key, auth_message)
        if len(proof) != len(signature):
            raise SaslFailure("Invalid client credentials", public=False)
        client_key = bytes(a ^ b for a, b in zip(proof, signature, strict=True))
        if not hmac.compare_digest(self.scram.hash(client_key), credential.stored_key):
            raise SaslFailure("Invalid client credentials", public=False)
        self.authorization_id = self._owner if self.token_authenticated else self._user
        server_signature = self.scram.hmac(credential.server_key, auth_message)
        return b"v=" + base64.b64encode(server_signature)
