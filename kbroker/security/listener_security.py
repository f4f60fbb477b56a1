"""What one listener needs to secure its connections, built once when the listener starts.

For an SSL or SASL_SSL listener, the TLS context (tls.py) and the principal mapper of its client certificates; for
SASL_PLAINTEXT and SASL_SSL, the enabled mechanisms (PLAIN with JAAS users, SCRAM-SHA-256/512 with the
credentials of the metadata image, OAUTHBEARER with the validator kbroker.security.oauth picks)
(`sasl.enabled.mechanisms`, Kafka's default GSSAPI) with a factory of each one's server side, the JWKS key
sources to load before serving and refresh in the node's nursery, `sasl.server.max.receive.size`, the delay
before a failed authentication is answered and closed (`connection.failed.authentication.delay.ms`), and each
mechanism's `connections.max.reauth.ms` (KIP-368). Configs are read per listener
(listener_config.py). `unsupported(config)` names, in one line, what kbroker cannot serve (GSSAPI, an OAUTHBEARER
validator class it does not have, JKS stores, a secured inter-broker or controller listener: kbroker's own
connections to other nodes are PLAINTEXT), so `serve` refuses it at start instead of failing clients later.
"""

from __future__ import annotations

import ssl
from collections.abc import Callable

import attrs

from kbroker.security import scram_credentials
from kbroker.security.listener_config import ListenerSecurityConfig
from kbroker.security.oauth import jwks
from kbroker.security.oauth import validators as oauth_validators
from kbroker.security.principal import PrincipalMapper
from kbroker.security.sasl import oauthbearer, plain
from kbroker.security.sasl.jaas import JaasError
from kbroker.security.sasl.scram import CredentialLookup, ScramServer, TokenLookup
from kbroker.security.tls import TlsConfigError, server_context

SUPPORTED_MECHANISMS = (plain.MECHANISM, *scram_credentials.BY_NAME, oauthbearer.MECHANISM)
DEFAULT_SASL_MAX_RECEIVE = 524288
DEFAULT_FAILED_AUTH_DELAY_MS = 100


class SecurityConfigError(ValueError):
    """A listener's security configs kbroker cannot serve; the message is one line."""


@attrs.frozen
class ListenerSecurity:
    tls: ssl.SSLContext | None = None
    principal_mapper: PrincipalMapper | None = None
    mechanisms: dict[str, Callable[[], object]] | None = None  # None: no SASL on this listener
    key_sources: tuple = ()  # JWKS sources of OAUTHBEARER: load() before serving, run() in the node's nursery
    sasl_max_receive_size: int = DEFAULT_SASL_MAX_RECEIVE
    failed_auth_delay_s: float = DEFAULT_FAILED_AUTH_DELAY_MS / 1000
    max_reauth_ms: dict[str, int] = attrs.field(factory=dict)  # connections.max.reauth.ms per enabled mechanism


PLAINTEXT = ListenerSecurity()


def _no_credentials(user: str, mechanism) -> None:
    return None


def _mechanisms(cfg: ListenerSecurityConfig, listener, scram_lookup: CredentialLookup,
                key_sources: list, token_lookup: TokenLookup | None = None) -> dict[str, Callable[[], object]]:
    enabled = cfg.get_list("sasl.enabled.mechanisms", "GSSAPI")
    if not enabled:
        raise SecurityConfigError(f"listener {listener.name}: sasl.enabled.mechanisms is empty")
    factories: dict[str, Callable[[], object]] = {}
    for mechanism in enabled:
        if mechanism not in SUPPORTED_MECHANISMS:
            raise SecurityConfigError(
                f"listener {listener.name} enables the SASL mechanism {mechanism} (sasl.enabled.mechanisms); "
                f"kbroker supports {', '.join(SUPPORTED_MECHANISMS)}")
        if mechanism == plain.MECHANISM:
            jaas = cfg.mechanism_jaas(mechanism)
            if jaas is None:
                raise SecurityConfigError(
                    f"listener {listener.name} enables PLAIN but has no JAAS config "
                    f"(listener.name.{listener.name.lower()}.plain.sasl.jaas.config)")
            try:
                users = plain.users_from_jaas(str(jaas))
            except JaasError as e:
                raise SecurityConfigError(f"listener {listener.name}: {e}") from None
            factories[mechanism] = lambda users=users: plain.PlainServer(users)
        elif mechanism == oauthbearer.MECHANISM:
            try:
                oauth = oauth_validators.setup(cfg, listener.name)
            except oauth_validators.OAuthConfigError as e:
                raise SecurityConfigError(str(e)) from None
            if oauth.key_source is not None:
                key_sources.append(oauth.key_source)
            factories[mechanism] = lambda validator=oauth.validator: oauthbearer.OAuthBearerServer(validator)
        else:
            scram = scram_credentials.BY_NAME[mechanism]
            factories[mechanism] = lambda scram=scram: ScramServer(scram, scram_lookup, token_lookup=token_lookup)
    return factories


def for_listener(config, listener, scram_lookup: CredentialLookup = _no_credentials,
                 token_lookup: TokenLookup | None = None) -> ListenerSecurity:
    """The security of one listener (PLAINTEXT: nothing); SecurityConfigError when kbroker cannot serve it.
    `scram_lookup(user, mechanism)` finds SCRAM credentials (in the node's metadata image), `token_lookup(token id,
    mechanism)` a delegation token's credential and owner."""
    protocol = listener.security_protocol.upper()
    if protocol == "PLAINTEXT":
        return PLAINTEXT
    cfg = ListenerSecurityConfig(config, listener.name)
    tls = mapper = None
    if protocol in ("SSL", "SASL_SSL"):
        try:
            tls = server_context(cfg)
            mapper = PrincipalMapper(cfg.get_str("ssl.principal.mapping.rules", "DEFAULT"))
        except (TlsConfigError, ValueError) as e:
            raise SecurityConfigError(f"listener {listener.name}: {e}") from None
    key_sources: list = []
    mechanisms = (_mechanisms(cfg, listener, scram_lookup, key_sources, token_lookup)
                  if protocol.startswith("SASL_") else None)
    return ListenerSecurity(
        tls=tls, principal_mapper=mapper, mechanisms=mechanisms, key_sources=tuple(key_sources),
        sasl_max_receive_size=cfg.get_int("sasl.server.max.receive.size", DEFAULT_SASL_MAX_RECEIVE),
        failed_auth_delay_s=cfg.get_int("connection.failed.authentication.delay.ms",
                                        DEFAULT_FAILED_AUTH_DELAY_MS) / 1000,
        max_reauth_ms={mechanism: _max_reauth_ms(cfg, mechanism) for mechanism in mechanisms or ()})


def _max_reauth_ms(cfg: ListenerSecurityConfig, mechanism: str) -> int:
    """connections.max.reauth.ms of one mechanism: listener.name.<l>.<mechanism>. first, then the listener's, then
    the broker's (Kafka's per-mechanism listener prefix)."""
    value = cfg.config.get(f"{cfg.prefix}{mechanism.lower()}.connections.max.reauth.ms")
    return int(value) if value is not None else cfg.get_int("connections.max.reauth.ms", 0)


def unsupported(config) -> str | None:
    """The first listener kbroker cannot serve as configured, in one line; None when it can serve them all."""
    from kbroker.quorum_config import inter_broker_listener_name, joins_a_cluster

    controllers = set(config.controller_listener_names)
    if joins_a_cluster(config):
        name = inter_broker_listener_name(config)
        protocol = config.security_protocol_map.get(name, "PLAINTEXT").upper()
        if protocol != "PLAINTEXT":
            return (f"the inter-broker listener {name} uses {protocol}; kbroker's connections to other nodes are "
                    "PLAINTEXT only (inter.broker.listener.name)")
    for listener in config.listeners:
        if listener.name in controllers and listener.security_protocol.upper() != "PLAINTEXT":
            return (f"the controller listener {listener} uses {listener.security_protocol}; kbroker's controller "
                    "listeners are PLAINTEXT only")
        try:
            security = for_listener(config, listener)
            for source in security.key_sources:
                source.load(strict=True)  # Kafka fails to start when its first JWKS fetch fails
        except SecurityConfigError as e:
            return str(e)
        except jwks.JwksConfigError as e:
            return f"listener {listener.name}: {e}"
    return None
