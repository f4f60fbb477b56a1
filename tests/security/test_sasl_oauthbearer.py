"""SASL/OAUTHBEARER: the client-first message, the JSON status then \\x01 then failure exchange, the unsecured JWS
validator, the JWKS-backed JWT validator, the JWKS source's refresh, and how a listener's configs pick them."""

from __future__ import annotations

import json
import time

import attrs
import pytest
import trio
import trio.testing
from hypothesis import given
from hypothesis import strategies as st

from kbroker.config import BrokerConfig
from kbroker.security import listener_security
from kbroker.security.listener_config import ListenerSecurityConfig
from kbroker.security.oauth import jwks, validators
from kbroker.security.oauth.jwt_validator import JwtRules, JwtValidator
from kbroker.security.oauth.unsecured import UnsecuredConfigError, UnsecuredValidator
from kbroker.security.sasl.authenticator import AuthenticationFailed, SaslAuthenticator
from kbroker.security.sasl.mechanism import SaslFailure
from kbroker.security.sasl.oauthbearer import OAuthBearerServer, TokenRefused, parse_client_first
from tests.security.oauth_tokens import SigningKey, b64url, client_first, jwks_document, unsecured_token

UNSECURED_JAAS = ('org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required '
                  'unsecuredLoginStringClaim_sub="broker";')


# --- the client-first message


def test_client_first_message_with_authzid_and_extensions():
    first = parse_client_first(client_first("abc.def.", authzid="alice", extensions={"traceId": "x y=1"}))
    assert (first.token, first.authorization_id, first.extensions) == ("abc.def.", "alice", {"traceId": "x y=1"})


@pytest.mark.parametrize("message", [
    b"n,,\x01auth=Bearer abc\x01",  # no closing \x01
    b"y,,\x01auth=Bearer abc\x01\x01",  # channel binding flag
    b"n,,\x01auth=Bearer ab c\x01\x01",  # token characters
    b"n,,\x01tr4ce=1\x01auth=Bearer abc\x01\x01",  # extension name
    b"n,,\x01other=1\x01\x01",  # no auth
    b"n,,\x01auth=Basic abc\x01\x01",  # scheme
])
def test_malformed_client_first_messages_fail_without_saying_why(message):
    with pytest.raises(SaslFailure) as failure:
        parse_client_first(message)
    assert not failure.value.public


def test_the_bearer_scheme_is_matched_without_regard_to_case():
    assert parse_client_first(b"n,,\x01auth=BEARER abc\x01\x01").token == "abc"


@given(st.binary(max_size=200))
def test_any_bytes_either_parse_or_fail_as_a_sasl_failure(message):
    try:
        parse_client_first(message)
    except SaslFailure:
        pass


# --- the exchange


def _server(now_ms=None, **options) -> OAuthBearerServer:
    validator = UnsecuredValidator(options) if now_ms is None else UnsecuredValidator(options, now_ms=now_ms)
    return OAuthBearerServer(validator)


def test_a_valid_token_completes_as_its_principal_with_the_token_lifetime():
    server = _server()
    token = unsecured_token(sub="alice", lifetime_s=600)
    assert server.evaluate(client_first(token)) == b""
    assert server.complete and server.authorization_id == "alice"
    assert abs(server.credential_expiry_ms - (time.time() + 600) * 1000) < 60_000


def test_a_refused_token_gets_the_json_status_then_fails_on_the_clients_ack():
    server = _server()
    challenge = server.evaluate(client_first(unsecured_token(lifetime_s=-10)))
    assert challenge == b'{"status":"invalid_token"}' and not server.complete
    with pytest.raises(SaslFailure) as failure:
        server.evaluate(b"\x01")
    assert failure.value.public and str(failure.value) == '{"status":"invalid_token"}'


def test_after_the_json_status_a_new_first_message_starts_over():
    server = _server()
    server.evaluate(client_first(unsecured_token(lifetime_s=-10)))
    assert server.evaluate(client_first(unsecured_token(sub="bob"))) == b""
    assert server.authorization_id == "bob"


def test_a_lone_ack_without_an_error_is_a_malformed_message():
    with pytest.raises(SaslFailure):
        _server().evaluate(b"\x01")


def test_an_authorization_id_other_than_the_principal_fails_publicly():
    with pytest.raises(SaslFailure) as failure:
        _server().evaluate(client_first(unsecured_token(sub="alice"), authzid="admin"))
    assert failure.value.public
    assert str(failure.value) == ("Authentication failed: Client requested an authorization id (admin) that is "
                                  "different from the token's principal name (alice)")


def test_the_authenticator_reports_the_json_status_as_the_error_message():
    auth = SaslAuthenticator({"OAUTHBEARER": lambda: _server()})

    class Request:
        mechanism = "OAUTHBEARER"

    auth.handshake(1, Request())

    class Token:
        auth_bytes = client_first(unsecured_token(lifetime_s=-10))

    assert bytes(auth.authenticate(Token()).auth_bytes) == b'{"status":"invalid_token"}'

    class Ack:
        auth_bytes = b"\x01"

    with pytest.raises(AuthenticationFailed) as failed:
        auth.authenticate(Ack())
    assert failed.value.response.error_code == 58
    assert failed.value.response.error_message == '{"status":"invalid_token"}'
    assert auth.credential_expiry_ms is None


def test_after_handshake_v0_the_status_and_the_failure_travel_as_bare_frames():
    auth = SaslAuthenticator({"OAUTHBEARER": lambda: _server()})

    class Request:
        mechanism = "OAUTHBEARER"

    auth.handshake(0, Request())
    assert auth.expects_raw_token
    assert auth.raw_token(client_first(unsecured_token(lifetime_s=-10))) == b'{"status":"invalid_token"}'
    with pytest.raises(AuthenticationFailed) as failed:
        auth.raw_token(b"\x01")
    assert failed.value.response is None  # v0 has no error frame: the connection closes
    other = SaslAuthenticator({"OAUTHBEARER": lambda: _server()})
    other.handshake(0, Request())
    assert other.raw_token(client_first(unsecured_token(sub="erin"))) == b"" and other.principal == ("User", "erin")
    assert other.credential_expiry_ms is not None


# --- the unsecured validator


def _refusal(validator, token) -> TokenRefused:
    with pytest.raises(TokenRefused) as refused:
        validator(token)
    return refused.value


def test_unsecured_checks_in_kafkas_order():
    validator = UnsecuredValidator({})
    assert "'none'" in str(_refusal(validator, unsecured_token(header={"alg": "HS256"})))
    assert "digital signature" in str(_refusal(validator, unsecured_token() + "c2ln"))
    no_exp = b64url(b'{"alg":"none"}') + "." + b64url(b'{"sub":"alice"}') + "."
    assert "No expiration time" in str(_refusal(validator, no_exp))
    assert "'exp' claim was not of type Number: String" in str(_refusal(validator, unsecured_token({"exp": None})))
    assert "No principal name in JWT claim: sub" in str(_refusal(validator, unsecured_token(sub=" ")))
    assert "Issued At" in str(_refusal(validator, unsecured_token({"iat": time.time() + 60})))
    assert "Expiration Time" in str(_refusal(validator, unsecured_token(lifetime_s=-1)))
    assert "'..'" in str(_refusal(validator, "a..b"))
    assert "3 dot-separated" in str(_refusal(validator, "a.b"))
    assert "malformed Base64" in str(_refusal(validator, "a+b.c.")) and "JSON" in str(_refusal(validator, "YQ.YQ."))


def test_unsecured_clock_skew_accepts_a_token_just_expired():
    token = unsecured_token({"iat": time.time() - 10}, lifetime_s=-1)
    assert UnsecuredValidator({"unsecuredValidatorAllowableClockSkewMs": "5000"})(token).principal_name == "alice"


def test_unsecured_principal_and_scope_claim_names_and_required_scope():
    validator = UnsecuredValidator({"unsecuredValidatorPrincipalClaimName": "client_id",
                                    "unsecuredValidatorScopeClaimName": "roles",
                                    "unsecuredValidatorRequiredScope": "kafka write"})
    token = validator(unsecured_token({"client_id": "svc", "roles": ["kafka", " write "]}))
    assert token.principal_name == "svc" and token.scope == {"kafka", "write"}
    refused = _refusal(validator, unsecured_token({"client_id": "svc", "roles": "kafka"}))
    assert refused.json_status() == '{"status":"insufficient_scope", "scope":"[kafka, write]"}'


def test_unsecured_option_errors():
    with pytest.raises(UnsecuredConfigError):
        UnsecuredValidator({"unsecuredValidatorAllowableClockSkewMs": "-1"})
    with pytest.raises(UnsecuredConfigError):
        UnsecuredValidator({"unsecuredValidatorRequiredScope": 'a "b"'})


@given(st.text(max_size=120))
def test_the_unsecured_validator_accepts_or_refuses_any_text(text):
    try:
        UnsecuredValidator({})(text)
    except TokenRefused:
        pass


# --- the JWT validator


RSA_KEY = SigningKey("rsa-1")
EC_KEY = SigningKey("ec-1", "EC")


def _jwt_validator(*keys: SigningKey, missing=None, **rules) -> JwtValidator:
    held = jwks.parse_jwks(jwks_document(*keys))
    return JwtValidator(JwtRules(**rules), lambda: held, missing or (lambda kid: None))


@pytest.mark.parametrize("key", [RSA_KEY, EC_KEY], ids=["RS256", "ES256"])
def test_signed_tokens_are_accepted_with_the_sub_as_principal(key):
    token = _jwt_validator(RSA_KEY, EC_KEY)(key.token(sub="carol", scope="read write"))
    assert token.principal_name == "carol" and token.scope == {"read write"}


def test_a_ps256_token_is_verified_with_pss_padding():
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    from tests.security.oauth_tokens import b64url

    now = int(time.time())
    head = b64url(json.dumps({"alg": "PS256", "kid": "rsa-1"}).encode())
    body = b64url(json.dumps({"sub": "dora", "iat": now, "exp": now + 60}).encode())
    pss = padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32)
    signature = RSA_KEY.private.sign(f"{head}.{body}".encode(), pss, hashes.SHA256())
    # The published key says alg RS256, which only fits RS256 tokens; without an alg it fits PS256 too.
    held = [attrs.evolve(key, alg=None) for key in jwks.parse_jwks(jwks_document(RSA_KEY))]
    validator = JwtValidator(JwtRules(), lambda: held)
    assert validator(f"{head}.{body}.{b64url(signature)}").principal_name == "dora"
    assert "suitable" in str(_refusal(_jwt_validator(RSA_KEY), f"{head}.{body}.{b64url(signature)}"))


def test_a_token_signed_by_another_key_with_the_same_kid_is_refused():
    impostor = SigningKey("rsa-1")
    assert "signature" in str(_refusal(_jwt_validator(RSA_KEY), impostor.token()))


def test_an_unknown_kid_is_refused_and_asks_for_a_refresh():
    asked = []
    validator = _jwt_validator(RSA_KEY, missing=asked.append)
    assert "suitable verification key" in str(_refusal(validator, SigningKey("rsa-2").token()))
    assert asked == ["rsa-2"]


def test_jwt_time_audience_issuer_and_claim_checks():
    validator = _jwt_validator(RSA_KEY, expected_audience=("kafka",), expected_issuer="https://issuer",
                               clock_skew_s=0)
    good = {"aud": "kafka", "iss": "https://issuer"}
    assert validator(RSA_KEY.token(**good)).principal_name == "alice"
    assert "no longer valid" in str(_refusal(validator, RSA_KEY.token(lifetime_s=-5, **good)))
    assert "acceptable" in str(_refusal(validator, RSA_KEY.token(aud="other", iss="https://issuer")))
    assert "No Audience" in str(_refusal(validator, RSA_KEY.token(iss="https://issuer")))
    assert "Issuer" in str(_refusal(validator, RSA_KEY.token(aud="kafka", iss="https://else")))
    assert "'none'" in str(_refusal(validator, unsecured_token()))
    now = int(time.time())
    assert "iat" in str(_refusal(validator, RSA_KEY.sign({"sub": "a", "exp": now + 60, **good})))
    assert "sub" in str(_refusal(validator, RSA_KEY.sign({"iat": now, "exp": now + 60, **good})))
    assert "duplicates" in str(_refusal(validator, RSA_KEY.token(scope=["a", "a"], **good)))


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.=+/ ", max_size=200))
def test_the_jwt_validator_accepts_or_refuses_any_token_text(text):
    try:
        _jwt_validator(RSA_KEY, EC_KEY)(text)
    except TokenRefused:
        pass


def test_without_an_expected_audience_a_token_with_aud_is_refused_as_jose4j_does():
    assert "no expected audience" in str(_refusal(_jwt_validator(RSA_KEY), RSA_KEY.token(aud="kafka")))


def test_the_clock_skew_default_accepts_a_token_expired_a_moment_ago():
    assert _jwt_validator(RSA_KEY)(RSA_KEY.token(lifetime_s=-5)).principal_name == "alice"


def test_a_short_rsa_key_is_refused():
    short = SigningKey("short")
    from cryptography.hazmat.primitives.asymmetric import rsa

    short.private = rsa.generate_private_key(65537, 1024)
    assert "2048 bits" in str(_refusal(_jwt_validator(short), short.token()))


# --- the JWKS source


def test_jwks_parsing_skips_keys_it_cannot_use():
    body = json.dumps({"keys": [RSA_KEY.jwk(), {"kty": "oct", "k": "c2VjcmV0"}, {"kty": "RSA", "n": "@"}]})
    assert [key.kid for key in jwks.parse_jwks(body.encode())] == ["rsa-1"]
    with pytest.raises(ValueError):
        jwks.parse_jwks(b'{"nokeys": []}')


def test_endpoints_must_be_allowed_by_the_system_properties(tmp_path):
    url = "http://127.0.0.1:1/jwks"
    with pytest.raises(jwks.JwksConfigError, match="org.apache.kafka.sasl.oauthbearer.allowed.urls"):
        jwks.check_endpoint("sasl.oauthbearer.jwks.endpoint.url", url, {})
    props = jwks.system_properties({"KAFKA_OPTS": f"-Xmx1g -Dorg.apache.kafka.sasl.oauthbearer.allowed.urls={url}"})
    assert jwks.check_endpoint("x", url, props) == url
    path = tmp_path / "jwks.json"
    path.write_bytes(jwks_document(RSA_KEY))
    with pytest.raises(jwks.JwksConfigError, match="allowed.files"):
        jwks.check_endpoint("x", path.as_uri(), {})
    assert jwks.check_endpoint("x", path.as_uri(), {jwks.ALLOWED_FILES_PROPERTY: str(path)}) == path.as_uri()
    with pytest.raises(jwks.JwksConfigError, match="invalid protocol"):
        jwks.check_endpoint("x", "ftp://host/jwks", {})


def test_the_source_refreshes_early_for_a_missing_kid_and_on_its_period():
    bodies = [jwks_document(RSA_KEY), jwks_document(RSA_KEY, EC_KEY), jwks_document(RSA_KEY, EC_KEY), b"not json",
              jwks_document(EC_KEY)]
    fetched = []

    def fetch_body(url):
        fetched.append(url)
        return bodies[min(len(fetched), len(bodies)) - 1]

    source = jwks.JwksKeySource("http://idp/jwks", refresh_ms=600_000, retry_backoff_ms=100,
                                retry_backoff_max_ms=10_000, fetch_body=fetch_body)
    source.load()
    assert [key.kid for key in source.keys] == ["rsa-1"]

    async def wait_for_fetches(count):
        while len(fetched) < count:
            await trio.sleep(0.01)

    async def scenario():
        async with trio.open_nursery() as nursery:
            nursery.start_soon(source.run)
            await trio.testing.wait_all_tasks_blocked()
            source.key_missing("ec-1")
            while [key.kid for key in source.keys] != ["rsa-1", "ec-1"]:  # the fetch's thread is done
                await trio.sleep(0.01)
            source.key_missing("rotated-away")
            await wait_for_fetches(3)
            source.key_missing("rotated-away")  # asked again within the minute: no new fetch
            await trio.sleep(30)
            assert len(fetched) == 3
            await trio.sleep(600)  # the period: the bad body is retried, then the next one is taken
            await wait_for_fetches(5)
            while [key.kid for key in source.keys] != ["ec-1"]:
                await trio.sleep(0.01)
            nursery.cancel_scope.cancel()

    trio.run(scenario, clock=trio.testing.MockClock(autojump_threshold=0))


# --- a listener's configs


def _listener_cfg(extra: dict) -> ListenerSecurityConfig:
    props = {"listeners": "PLAINTEXT://127.0.0.1:9092,SASL_PLAINTEXT://127.0.0.1:9093",
             "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,"
                                               "CONTROLLER:PLAINTEXT",
             "sasl.enabled.mechanisms": "OAUTHBEARER", **extra}
    return BrokerConfig.from_properties(props)


def test_unsecured_is_the_default_and_needs_a_jaas_config():
    config = _listener_cfg({"listener.name.sasl_plaintext.oauthbearer.sasl.jaas.config": UNSECURED_JAAS})
    listener = [item for item in config.listeners if item.name == "SASL_PLAINTEXT"][0]
    security = listener_security.for_listener(config, listener)
    assert list(security.mechanisms) == ["OAUTHBEARER"] and security.key_sources == ()
    assert listener_security.unsupported(_listener_cfg({})).startswith("listener SASL_PLAINTEXT enables "
                                                                        "OAUTHBEARER but has no JAAS config")
    no_login = {"sasl.jaas.config": "org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required;"}
    assert "No principal name in JWT claim: sub" in listener_security.unsupported(_listener_cfg(no_login))


def test_the_jwks_handler_needs_an_allowed_endpoint_it_can_read(monkeypatch, tmp_path):
    handler = {"listener.name.sasl_plaintext.oauthbearer.sasl.jaas.config": UNSECURED_JAAS,
               "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": validators.JWKS_HANDLER}
    monkeypatch.delenv("KAFKA_OPTS", raising=False)
    assert "requires \"sasl.oauthbearer.jwks.endpoint.url\"" in listener_security.unsupported(_listener_cfg(handler))
    url = {"sasl.oauthbearer.jwks.endpoint.url": "http://127.0.0.1:1/jwks"}
    assert "allowed.urls" in listener_security.unsupported(_listener_cfg({**handler, **url}))
    monkeypatch.setenv("KAFKA_OPTS", "-Dorg.apache.kafka.sasl.oauthbearer.allowed.urls=http://127.0.0.1:1/jwks")
    assert "Could not refresh JWKS from http://127.0.0.1:1/jwks" in listener_security.unsupported(
        _listener_cfg({**handler, **url}))  # nothing listens there: Kafka does not start either
    path = tmp_path / "jwks.json"
    path.write_bytes(jwks_document(RSA_KEY))
    monkeypatch.setenv("KAFKA_OPTS", f"-Dorg.apache.kafka.sasl.oauthbearer.allowed.files={path}")
    from_file = {**handler, "sasl.oauthbearer.jwks.endpoint.url": path.as_uri()}
    assert listener_security.unsupported(_listener_cfg(from_file)) is None
    other = {**handler, "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": "com.Example"}
    assert "com.Example is not one kbroker serves" in listener_security.unsupported(_listener_cfg(other))


def test_the_jwks_validator_takes_kafkas_claim_audience_issuer_and_skew_configs(monkeypatch, tmp_path):
    path = tmp_path / "jwks.json"
    path.write_bytes(jwks_document(RSA_KEY))
    monkeypatch.setenv("KAFKA_OPTS", f"-Dorg.apache.kafka.sasl.oauthbearer.allowed.files={path}")
    config = _listener_cfg({
        "sasl.jaas.config": UNSECURED_JAAS,
        "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": validators.JWKS_HANDLER,
        "listener.name.sasl_plaintext.sasl.oauthbearer.jwks.endpoint.url": path.as_uri(),
        "sasl.oauthbearer.expected.audience": "kafka, kafka-admin",
        "listener.name.sasl_plaintext.oauthbearer.sasl.oauthbearer.expected.issuer": "https://idp",
        "sasl.oauthbearer.sub.claim.name": "client_id", "sasl.oauthbearer.scope.claim.name": "scp",
        "sasl.oauthbearer.clock.skew.seconds": "0"})
    setup = validators.setup(ListenerSecurityConfig(config, "SASL_PLAINTEXT"), "SASL_PLAINTEXT")
    assert setup.validator.rules == JwtRules(expected_audience=("kafka", "kafka-admin"), expected_issuer="https://idp",
                                             clock_skew_s=0, scope_claim="scp", sub_claim="client_id")
    setup.key_source.load(strict=True)
    token = setup.validator(RSA_KEY.token(sub="ignored", client_id="svc", scp=["a", "b"], aud="kafka-admin",
                                          iss="https://idp"))
    assert token.principal_name == "svc" and token.scope == {"a", "b"}


def test_serve_exits_1_in_one_line_when_the_jwks_cannot_be_read_at_start(tmp_path):
    import os
    import subprocess
    import sys

    url = "http://127.0.0.1:1/jwks"  # nothing listens on port 1
    props = {"log.dirs": tmp_path / "logs", "listeners": "PLAINTEXT://127.0.0.1:0,SASL_PLAINTEXT://127.0.0.1:0",
             "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,SASL_PLAINTEXT:SASL_PLAINTEXT,CONTROLLER:PLAINTEXT",
             "sasl.enabled.mechanisms": "OAUTHBEARER", "sasl.jaas.config": UNSECURED_JAAS,
             "listener.name.sasl_plaintext.oauthbearer.sasl.server.callback.handler.class": validators.JWKS_HANDLER,
             "sasl.oauthbearer.jwks.endpoint.url": url}
    args = [item for key, value in props.items() for item in ("--override", f"{key}={value}")]
    env = {**os.environ, "KAFKA_OPTS": f"-Dorg.apache.kafka.sasl.oauthbearer.allowed.urls={url}"}
    done = subprocess.run([sys.executable, "-m", "kbroker", "serve", *args], capture_output=True, text=True,
                          timeout=60, env=env)
    assert done.returncode == 1
    lines = [line for line in done.stderr.splitlines() if "Could not refresh JWKS" in line]
    assert len(lines) == 1 and url in lines[0]
