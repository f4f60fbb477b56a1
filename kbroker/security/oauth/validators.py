"""Which OAUTHBEARER validator a listener uses, built from its configs the way Kafka 4.3.1 chooses.

`listener.name.<listener>.oauthbearer.sasl.server.callback.handler.class`:
- unset, or Kafka's OAuthBearerUnsecuredValidatorCallbackHandler: the unsecured JWS validator (unsecured.py), its
  options from the listener's OAUTHBEARER JAAS config (`listener.name.<l>.oauthbearer.sasl.jaas.config`, else
  `sasl.jaas.config`), which Kafka requires;
- `org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler`: signed JWTs checked against
  the keys of `sasl.oauthbearer.jwks.endpoint.url` (required, as in Kafka 4.3.1) with `sasl.oauthbearer.jwt.
  validator.class` unset or Kafka's BrokerJwtValidator (jwt_validator.py, jwks.py);
- any other class: kbroker cannot load Java classes, and `serve` refuses the config.
Kafka's broker also logs itself in through the JAAS login module, with the unsecured login callback handler unless
`sasl.login.callback.handler.class` names another: it fails to start when the JAAS config names no principal for
that login (`unsecuredLoginStringClaim_<unsecuredLoginPrincipalClaimName, default sub>`), and so does kbroker.
The sasl.oauthbearer.* configs are looked up as Kafka's ConfigurationUtils does: mechanism-prefixed
(`oauthbearer.<name>`) first, each with the listener prefix first.
"""

from __future__ import annotations

import attrs

from kbroker.security.listener_config import ListenerSecurityConfig
from kbroker.security.oauth import jwks
from kbroker.security.oauth.jwt_validator import JwtRules, JwtValidator
from kbroker.security.oauth.unsecured import UnsecuredConfigError, UnsecuredValidator
from kbroker.security.sasl.jaas import JaasError, login_module_options
from kbroker.security.sasl.oauthbearer import Validator

UNSECURED_HANDLER = ("org.apache.kafka.common.security.oauthbearer.internals.unsecured."
                     "OAuthBearerUnsecuredValidatorCallbackHandler")
JWKS_HANDLER = "org.apache.kafka.common.security.oauthbearer.OAuthBearerValidatorCallbackHandler"
BROKER_JWT_VALIDATOR = "org.apache.kafka.common.security.oauthbearer.BrokerJwtValidator"
HANDLER_CONFIG = "oauthbearer.sasl.server.callback.handler.class"
JWKS_URL = "sasl.oauthbearer.jwks.endpoint.url"


class OAuthConfigError(ValueError):
    """An OAUTHBEARER setup kbroker cannot serve; the message is one line."""


@attrs.frozen
class OAuthBearerSetup:
    validator: Validator
    key_source: jwks.JwksKeySource | None = None  # its load() runs before serving, its run() in the nursery


def _get(cfg: ListenerSecurityConfig, name: str, default=None):
    value = cfg.get(f"oauthbearer.{name}")
    return cfg.get(name, default) if value is None else value


def _jaas_options(cfg: ListenerSecurityConfig, listener_name: str) -> dict[str, str]:
    jaas = cfg.mechanism_jaas("OAUTHBEARER")
    if jaas is None:
        raise OAuthConfigError(f"listener {listener_name} enables OAUTHBEARER but has no JAAS config "
                               f"(listener.name.{listener_name.lower()}.oauthbearer.sasl.jaas.config)")
    try:
        return login_module_options(str(jaas))[1]
    except JaasError as e:
        raise OAuthConfigError(f"listener {listener_name}: {e}") from None


def _check_broker_login(cfg: ListenerSecurityConfig, listener_name: str, options: dict[str, str]) -> None:
    if cfg.get_str("oauthbearer.sasl.login.callback.handler.class"):
        return
    claim = (options.get("unsecuredLoginPrincipalClaimName") or "").strip() or "sub"
    if not (options.get(f"unsecuredLoginStringClaim_{claim}") or "").strip():
        raise OAuthConfigError(
            f"listener {listener_name}: the broker's own OAUTHBEARER login (Kafka's unsecured login callback "
            f"handler) fails: No principal name in JWT claim: {claim} (set unsecuredLoginStringClaim_{claim} in "
            "the listener's OAUTHBEARER sasl.jaas.config)")


def _jwt_rules(cfg: ListenerSecurityConfig) -> JwtRules:
    audience = _get(cfg, "sasl.oauthbearer.expected.audience", "")
    if isinstance(audience, str):
        audience = [item.strip() for item in audience.split(",")]
    issuer = _get(cfg, "sasl.oauthbearer.expected.issuer")
    return JwtRules(expected_audience=tuple(item for item in audience if item),
                    expected_issuer=str(issuer).strip() if issuer is not None and str(issuer).strip() else None,
                    clock_skew_s=int(_get(cfg, "sasl.oauthbearer.clock.skew.seconds", 30)),
                    scope_claim=str(_get(cfg, "sasl.oauthbearer.scope.claim.name", "scope")).strip(),
                    sub_claim=str(_get(cfg, "sasl.oauthbearer.sub.claim.name", "sub")).strip())


def setup(cfg: ListenerSecurityConfig, listener_name: str, environ=None) -> OAuthBearerSetup:
    """The listener's validator (and the JWKS source it reads); OAuthConfigError when kbroker cannot serve it.
    Nothing here touches the network: the first JWKS fetch is the key source's load()."""
    options = _jaas_options(cfg, listener_name)
    _check_broker_login(cfg, listener_name, options)
    handler = cfg.get_str(HANDLER_CONFIG) or UNSECURED_HANDLER
    if handler == UNSECURED_HANDLER:
        try:
            return OAuthBearerSetup(UnsecuredValidator(options))
        except UnsecuredConfigError as e:
            raise OAuthConfigError(f"listener {listener_name}: {e}") from None
    if handler != JWKS_HANDLER:
        raise OAuthConfigError(
            f"listener {listener_name}: {HANDLER_CONFIG} {handler} is not one kbroker serves "
            f"({UNSECURED_HANDLER} or {JWKS_HANDLER})")
    validator_class = str(_get(cfg, "sasl.oauthbearer.jwt.validator.class", BROKER_JWT_VALIDATOR)).strip()
    if validator_class != BROKER_JWT_VALIDATOR:
        raise OAuthConfigError(f"listener {listener_name}: sasl.oauthbearer.jwt.validator.class "
                               f"{validator_class} is not one kbroker serves ({BROKER_JWT_VALIDATOR})")
    url = _get(cfg, JWKS_URL)
    if url is None or not str(url).strip():
        raise OAuthConfigError(
            f"listener {listener_name}: The OAuth validator for the broker requires \"{JWKS_URL}\" to be "
            "configured so that JWT signatures can be verified, but it was not set.")
    properties = jwks.system_properties(environ) if environ is not None else jwks.system_properties()
    try:
        url = jwks.check_endpoint(JWKS_URL, str(url).strip(), properties)
        source = jwks.JwksKeySource(
            url, refresh_ms=int(_get(cfg, "sasl.oauthbearer.jwks.endpoint.refresh.ms", 3600000)),
            retry_backoff_ms=int(_get(cfg, "sasl.oauthbearer.jwks.endpoint.retry.backoff.ms", 100)),
            retry_backoff_max_ms=int(_get(cfg, "sasl.oauthbearer.jwks.endpoint.retry.backoff.max.ms", 10000)))
        rules = _jwt_rules(cfg)
    except (jwks.JwksConfigError, ValueError) as e:
        raise OAuthConfigError(f"listener {listener_name}: {e}") from None
    return OAuthBearerSetup(JwtValidator(rules, lambda: source.keys, source.key_missing), source)
