"""The API registry: which API keys this broker serves, at which versions, and by which handler.

Every module in `kbroker.api` that declares `API_KEY`, `MIN_VERSION`, `MAX_VERSION` and `async def handle(ctx,
request)` is an API; `Registry.discover()` finds them all, so ApiVersions advertises exactly what is registered.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Awaitable, Callable, Iterable
from types import ModuleType
from typing import Any

import attrs

from kbroker.api.context import RequestContext
from kbroker.protocol import messages

Handler = Callable[[RequestContext, Any], Awaitable[Any]]


def _request_class(spec: ApiSpec) -> type:
    return messages.request_class(spec.api_key)


def _response_class(spec: ApiSpec) -> type:
    return messages.response_class(spec.api_key)


@attrs.frozen
class ApiSpec:
    api_key: int
    min_version: int
    max_version: int
    handle: Handler
    module: str
    # The generated codecs of this API key (resolved once, when the spec is made).
    request_class: type = attrs.field(default=attrs.Factory(_request_class, takes_self=True), repr=False)
    response_class: type = attrs.field(default=attrs.Factory(_response_class, takes_self=True), repr=False)

    def supports(self, version: int) -> bool:
        return self.min_version <= version <= self.max_version


def spec_of(module: ModuleType) -> ApiSpec:
    for attribute in ("API_KEY", "MIN_VERSION", "MAX_VERSION", "handle"):
        if not hasattr(module, attribute):
            raise TypeError(f"API module {module.__name__} does not define {attribute}")
    spec = ApiSpec(module.API_KEY, module.MIN_VERSION, module.MAX_VERSION, module.handle, module.__name__)
    if not 0 <= spec.min_version <= spec.max_version:
        raise ValueError(f"API module {module.__name__}: bad version range {spec.min_version}-{spec.max_version}")
    return spec


@attrs.frozen
class Registry:
    specs: dict[int, ApiSpec]

    @classmethod
    def of(cls, specs: Iterable[ApiSpec]) -> Registry:
        by_key: dict[int, ApiSpec] = {}
        for spec in specs:
            if spec.api_key in by_key:
                raise ValueError(f"API key {spec.api_key} is declared by both {by_key[spec.api_key].module} "
                                 f"and {spec.module}")
            by_key[spec.api_key] = spec
        return cls(dict(sorted(by_key.items())))

    @classmethod
    def discover(cls, package: str = "kbroker.api") -> Registry:
        """Import every module of the package and register those that declare an API."""
        pkg = importlib.import_module(package)
        specs = []
        for info in pkgutil.iter_modules(pkg.__path__, prefix=f"{package}."):
            module = importlib.import_module(info.name)
            if hasattr(module, "API_KEY"):
                specs.append(spec_of(module))
        return cls.of(specs)

    def get(self, api_key: int) -> ApiSpec | None:
        return self.specs.get(api_key)

    def ranges(self) -> list[tuple[int, int, int]]:
        """(api key, min version, max version) for every registered API, by key."""
        return [(spec.api_key, spec.min_version, spec.max_version) for spec in self.specs.values()]
