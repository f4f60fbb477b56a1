"""The answer to a request of another API sent in the middle of a SASL exchange (after SaslHandshake v1): the
request's own error response carrying ILLEGAL_SASL_STATE (Kafka's AbstractRequest.getErrorResponse).

Metadata answers the error for each topic it named; the APIs a broker forwards to the controller answer it for
each entry (forwarding.error_response); any other response with a top-level error_code answers it there. Produce
and Fetch, whose errors are per partition, and responses without an error field get None: the connection is
closed without an answer.
"""

from __future__ import annotations

import attrs

from kbroker.api import forwarding, metadata
from kbroker.protocol import errors

_PER_PARTITION_ERRORS = frozenset({0, 1})  # Produce, Fetch


def illegal_state_response(spec, request):
    code = errors.ILLEGAL_SASL_STATE.code
    if spec.api_key == metadata.API_KEY:
        return metadata.error_response(request, code)
    if spec.api_key in forwarding.FORWARDED_KEYS:
        return forwarding.error_response(spec.api_key, request, code)
    if spec.api_key in _PER_PARTITION_ERRORS:
        return None
    response_class = spec.response_class
    if "error_code" not in {field.name for field in attrs.fields(response_class)}:
        return None
    return response_class(error_code=code)
