"""The principal of a TLS client: its certificate's distinguished name, mapped by ssl.principal.mapping.rules.

Kafka takes the peer certificate's subject as Java's X500Principal.getName() prints it (RFC 2253: the last RDN
first, short keywords for the usual attribute types, special characters escaped with a backslash), then applies
the first mapping rule that matches (SslPrincipalMapper): `DEFAULT` keeps the name whole, `RULE:pattern/
replacement/[LU]` replaces a name the Java pattern matches entirely and may lower or upper case the result. A
client without a certificate is User:ANONYMOUS.
"""

from __future__ import annotations

import re

ANONYMOUS = "User:ANONYMOUS"

# RFC 2253 keywords Java prints; other attribute types are printed as OID=#<DER hex>.
_KEYWORDS = {
    "commonName": "CN", "countryName": "C", "localityName": "L", "stateOrProvinceName": "ST",
    "organizationName": "O", "organizationalUnitName": "OU", "streetAddress": "STREET",
    "domainComponent": "DC", "userId": "UID",
}
# Attribute types without a keyword whose OID and DER string tag are known here.
_OIDS = {"emailAddress": ("1.2.840.113549.1.9.1", 0x16)}  # IA5String

_RULE = r"(DEFAULT)|RULE:((?:\\.|[^\\/])*)/((?:\\.|[^\\/])*)/([LU]?).*?|(.*?)"
_RULE_SPLITTER = re.compile(r"\s*(" + _RULE + r")\s*(?:,\s*|$)")
_RULE_PARSER = re.compile(_RULE)
_BACK_REFERENCE = re.compile(r"\$(\d+)")


class NoMatchingRule(ValueError):
    """No ssl.principal.mapping.rules rule applies to a distinguished name (Kafka fails the handshake)."""


def _escape(value: str) -> str:
    out = []
    for i, ch in enumerate(value):
        if ch in ',+"\\<>;' or (i == 0 and ch in "# ") or (i == len(value) - 1 and ch == " "):
            out.append("\\" + ch)
        else:
            out.append(ch)
    return "".join(out)


def _der_length(n: int) -> bytes:
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def _attribute(name: str, value: str) -> str:
    keyword = _KEYWORDS.get(name)
    if keyword is not None:
        return f"{keyword}={_escape(value)}"
    if name in _OIDS:
        oid, tag = _OIDS[name]
        encoded = value.encode()
        return f"{oid}=#{(bytes([tag]) + _der_length(len(encoded)) + encoded).hex()}"
    return f"{name}={_escape(value)}"


def distinguished_name(subject) -> str:
    """RFC 2253 text of a subject as ssl.SSLSocket.getpeercert() returns it (RDNs in certificate order)."""
    return ",".join("+".join(_attribute(name, value) for name, value in rdn) for rdn in reversed(subject))


class _Rule:
    def __init__(self, pattern: str | None = None, replacement: str = "", case: str = "") -> None:
        self.pattern = re.compile(pattern) if pattern is not None else None
        self.replacement = replacement
        self.case = case

    def apply(self, name: str) -> str | None:
        if self.pattern is None:
            return name
        if not self.pattern.fullmatch(name):
            return None
        result = self.pattern.sub(self._python_replacement(), name)
        if self.case == "L":
            return result.lower()
        if self.case == "U":
            return result.upper()
        return result

    def _python_replacement(self) -> str:
        # Java's `$n` back references; one naming a group the pattern lacks is kept literally, after Java's rule of
        # dropping trailing digits while the number is too large.
        groups = self.pattern.groups
        text = self.replacement.replace("\\", "\\\\")

        def reference(match: re.Match) -> str:
            digits = match.group(1)
            index = int(digits)
            while index > groups and index >= 10:
                index //= 10
            if digits.startswith("0") or index > groups:
                return match.group(0)
            return f"\\g<{index}>" + digits[len(str(index)):]

        return _BACK_REFERENCE.sub(reference, text)


class PrincipalMapper:
    """ssl.principal.mapping.rules, parsed as Kafka's SslPrincipalMapper parses them."""

    def __init__(self, rules: str | None) -> None:
        text = (rules if rules is not None else "DEFAULT").strip()
        self.rules: list[_Rule] = []
        for match in _RULE_SPLITTER.finditer(text):
            rule = match.group(1)
            parsed = _RULE_PARSER.match(rule)
            if parsed is None or parsed.end() != len(rule):
                raise ValueError(f"Invalid rule: {rule}")
            if parsed.group(1) is not None:
                self.rules.append(_Rule())
            elif parsed.group(2) is not None:
                self.rules.append(_Rule(parsed.group(2), parsed.group(3), parsed.group(4)))
            if match.end() >= len(text):
                break

    def name(self, dn: str) -> str:
        for rule in self.rules:
            mapped = rule.apply(dn)
            if mapped is not None:
                return mapped
        raise NoMatchingRule(f"No rules apply to {dn}")


def tls_principal(peer_certificate: dict | None, mapper: PrincipalMapper) -> str:
    """User:<mapped DN> for a verified client certificate, User:ANONYMOUS without one."""
    if not peer_certificate or "subject" not in peer_certificate:
        return ANONYMOUS
    return "User:" + mapper.name(distinguished_name(peer_certificate["subject"]))
