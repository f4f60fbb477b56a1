"""DescribeAcls (key 29), v1-3, on the controller listener (`kafka-acls --bootstrap-controller`): any controller
answers from its own image, as the broker listener does (kbroker/api/describe_acls.py)."""

from __future__ import annotations

from kbroker.api.describe_acls import handle  # noqa: F401 (the handler this listener registers)

API_KEY = 29
MIN_VERSION = 1
MAX_VERSION = 3
