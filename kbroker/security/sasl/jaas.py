"""The `sasl.jaas.config` value as Kafka's JaasConfig reads it: `<LoginModule class> <flag> key=value ... ;`.

Values may be quoted ("..." with backslash escapes) or bare words. Only the options of the first login module are
used: PLAIN's users are its `user_<name>="<password>"` options (PlainServerCallbackHandler). Nothing parsed here is
ever logged: the options hold passwords.
"""

from __future__ import annotations

import re

_FLAGS = {"required", "requisite", "sufficient", "optional"}
_TOKEN = re.compile(r'\s*(?:"((?:\\.|[^"\\])*)"|([^\s=;"]+)|(=)|(;))', re.S)


class JaasError(ValueError):
    """A sasl.jaas.config Kafka would refuse (the message never quotes option values)."""


def _tokens(text: str) -> list[tuple[str, str]]:
    out = []
    pos = 0
    while pos < len(text):
        if text[pos:].strip() == "":
            break
        match = _TOKEN.match(text, pos)
        if match is None:
            raise JaasError(f"sasl.jaas.config: unexpected character at position {pos}")
        quoted, word, equals, semi = match.groups()
        if quoted is not None:
            out.append(("value", re.sub(r"\\(.)", r"\1", quoted)))
        elif word is not None:
            out.append(("word", word))
        elif equals:
            out.append(("=", "="))
        else:
            out.append((";", ";"))
        pos = match.end()
    return out


def login_module_options(text: str) -> tuple[str, dict[str, str]]:
    """The first login module's class and options."""
    tokens = _tokens(text)
    if len(tokens) < 3 or tokens[0][0] != "word" or tokens[1][0] != "word" or tokens[1][1] not in _FLAGS:
        raise JaasError("sasl.jaas.config must start with a login module class and a control flag "
                        "(required, requisite, sufficient or optional)")
    module = tokens[0][1]
    options: dict[str, str] = {}
    i = 2
    while i < len(tokens) and tokens[i][0] != ";":
        if i + 2 >= len(tokens) + 0 or tokens[i][0] != "word" or tokens[i + 1][0] != "=" \
                or tokens[i + 2][0] not in ("word", "value"):
            raise JaasError(f"sasl.jaas.config of {module}: options must be key=value")
        options[tokens[i][1]] = tokens[i + 2][1]
        i += 3
    if i >= len(tokens):
        raise JaasError(f"sasl.jaas.config of {module} must end with ';'")
    return module, options
