"""The API registry: discovery of handler modules and the checks on their declarations."""

import types

import pytest

from kbroker.api.registry import ApiSpec, Registry, spec_of
from kbroker.protocol import errors


async def _handle(ctx, request):
    return None


def test_discovery_finds_the_declared_apis_with_their_ranges():
    registry = Registry.discover()
    assert registry.get(18).module == "kbroker.api.api_versions"
    assert (18, 0, 4) in registry.ranges()
    assert (35, 1, 5) in registry.ranges()
    assert [key for key, _, _ in registry.ranges()] == sorted(registry.specs)
    assert registry.get(18).request_class.__name__ == "ApiVersionsRequest"
    assert registry.get(35).response_class.__name__ == "DescribeLogDirsResponse"


def test_duplicate_api_keys_are_refused():
    with pytest.raises(ValueError, match="both"):
        Registry.of([ApiSpec(18, 0, 1, _handle, "a"), ApiSpec(18, 0, 2, _handle, "b")])


def test_incomplete_or_inverted_declarations_are_refused():
    missing = types.ModuleType("missing")
    missing.API_KEY = 1
    with pytest.raises(TypeError, match="MIN_VERSION"):
        spec_of(missing)
    inverted = types.ModuleType("inverted")
    inverted.API_KEY, inverted.MIN_VERSION, inverted.MAX_VERSION, inverted.handle = 1, 3, 2, _handle
    with pytest.raises(ValueError, match="range"):
        spec_of(inverted)


def test_error_table():
    assert errors.UNSUPPORTED_VERSION.code == 35
    assert errors.for_code(42) is errors.INVALID_REQUEST
    assert errors.for_code(-1234) is errors.UNKNOWN_SERVER_ERROR
    assert errors.NOT_LEADER_OR_FOLLOWER.retriable and not errors.INVALID_REQUEST.retriable
    assert len({e.code for e in errors.ALL}) == len(errors.ALL)
    assert [e.code for e in errors.ALL] == list(range(-1, 134))
