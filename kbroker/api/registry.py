"""The API registry: which API keys this broker serves, at which versions, and by which handler.

Every module in `kbroker.api` that declares `API_KEY`, `MIN_VERSION`, `MAX_VERSION` and `async def handle(ctx,
request)` is an API; `Registry.discover()` finds them all, so ApiVersions advertises exactly what is registered.

Start-up imports no handler: discovery reads the three declarations from each module's source (top-level
`NAME = <int>` lines), and a handler module, with its generated codecs, is imported on the first request of its
API key. The import checks that the module declares what its source said; a module whose declarations are not
plain integer literals is imported at discovery instead.

`Registry.emulating(release)` narrows a registry to what one Apache Kafka release served (--emulate-kafka): the
one place those caps apply, since both ApiVersions and the server's dispatch check read the registry.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Awaitable, Callable, Iterable
from types import ModuleType
from typing import Any

from kbroker.api import refused_by_default
from kbroker.api.context import RequestContext
from kbroker.protocol import messages
from kbroker.protocol.kafka_releases import KafkaRelease, intersect

Handler = Callable[[RequestContext, Any], Awaitable[Any]]

_DECLARATIONS = ("API_KEY", "MIN_VERSION", "MAX_VERSION")
_DECLARED = re.compile(rb"^(API_KEY|MIN_VERSION|MAX_VERSION)[ \t]*=[ \t]*([^#\r\n]*?)[ \t]*(?:#[^\r\n]*)?$",
                       re.MULTILINE)
_HANDLER = re.compile(rb"^async def handle\(", re.MULTILINE)


class ApiSpec:
    """One served API: its key, version range, handler and generated request/response classes.

    `handle` may be given, or left to be imported from `module` on first use; the codec classes are resolved
    on first use too.
    """

    __slots__ = ("api_key", "min_version", "max_version", "module", "_handle", "_request_class",
                 "_response_class", "_wider")

    def __init__(self, api_key: int, min_version: int, max_version: int, handle: Handler | None,
                 module: str) -> None:
        self.api_key = api_key
        self.min_version = min_version
        self.max_version = max_version
        self.module = module
        self._handle = handle
        self._request_class: type | None = None
        self._response_class: type | None = None
        self._wider: ApiSpec | None = None  # the spec this one narrows (see `narrowed`)

    def __repr__(self) -> str:
        return f"ApiSpec({self.api_key}, {self.min_version}-{self.max_version}, {self.module})"

    def narrowed(self, min_version: int, max_version: int, handle: Handler | None = None) -> ApiSpec:
        """The same API served at a narrower version range, by `handle` if given, else by this spec's handler."""
        spec = ApiSpec(self.api_key, min_version, max_version, handle or self._handle, self.module)
        spec._wider = self
        return spec

    @property
    def handle(self) -> Handler:
        if self._handle is None and self._wider is not None:
            self._handle = self._wider.handle
        if self._handle is None:
            loaded = spec_of(importlib.import_module(self.module))
            if (loaded.api_key, loaded.min_version, loaded.max_version) != \
                    (self.api_key, self.min_version, self.max_version):
                raise RuntimeError(f"API module {self.module} declares key {loaded.api_key} v{loaded.min_version}-"
                                   f"{loaded.max_version}, but its source read as key {self.api_key} "
                                   f"v{self.min_version}-{self.max_version}")
            self._handle = loaded._handle
        return self._handle

    @property
    def request_class(self) -> type:
        if self._request_class is None:
            self._request_class = messages.request_class(self.api_key)
        return self._request_class

    @property
    def response_class(self) -> type:
        if self._response_class is None:
            self._response_class = messages.response_class(self.api_key)
        return self._response_class

    def supports(self, version: int) -> bool:
        return self.min_version <= version <= self.max_version


def _checked(spec: ApiSpec) -> ApiSpec:
    if not 0 <= spec.min_version <= spec.max_version:
        raise ValueError(f"API module {spec.module}: bad version range {spec.min_version}-{spec.max_version}")
    return spec


def spec_of(module: ModuleType) -> ApiSpec:
    for attribute in (*_DECLARATIONS, "handle"):
        if not hasattr(module, attribute):
            raise TypeError(f"API module {module.__name__} does not define {attribute}")
    return _checked(ApiSpec(module.API_KEY, module.MIN_VERSION, module.MAX_VERSION, module.handle,
                            module.__name__))


def declared_spec(name: str, source: bytes) -> ApiSpec | None | bool:
    """The spec a module's source declares with integer literals (its handler imported later); None when the
    source declares no API; False when it declares one the source alone cannot tell (import it to know)."""
    found: dict[bytes, bytes] = {}
    for key, value in _DECLARED.findall(source):
        if key in found:
            return False
        found[key] = value
    if b"API_KEY" not in found:
        return None
    if len(found) != len(_DECLARATIONS) or not all(v.isdigit() for v in found.values()) \
            or not _HANDLER.search(source):
        return False
    return _checked(ApiSpec(int(found[b"API_KEY"]), int(found[b"MIN_VERSION"]), int(found[b"MAX_VERSION"]),
                            None, name))


def _source_of(name: str) -> bytes | None:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    with open(spec.origin, "rb") as f:
        return f.read()


class Registry:
    def __init__(self, specs: dict[int, ApiSpec], features: dict[str, tuple[int, int]] | None = None) -> None:
        self.specs = specs
        # Supported-feature caps (feature -> (min, max level)) ApiVersions applies; None: no caps.
        self.features = features

    def emulating(self, release: KafkaRelease | None) -> Registry:
        """This registry as `release` served it: an API the release did not advertise is dropped (a request for
        it is then an unknown API key), the others keep the versions both serve, one the release advertised but
        refused by default is answered as it was (refused_by_default), and ApiVersions reports only the features
        the release knew, within its levels. None: this registry unchanged."""
        if release is None:
            return self
        specs = {}
        for key, spec in self.specs.items():
            shared = intersect((spec.min_version, spec.max_version), release.apis[key]) \
                if key in release.apis else None
            if shared is not None:
                specs[key] = spec.narrowed(*shared, refused_by_default.handle if key in release.refused else None)
        return Registry(specs, dict(release.features))

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
        """Register every module of the package that declares an API (see the module docstring)."""
        pkg = importlib.import_module(package)
        specs = []
        for info in pkgutil.iter_modules(pkg.__path__, prefix=f"{package}."):
            source = _source_of(info.name)
            spec = declared_spec(info.name, source) if source is not None else False
            if spec is False:
                module = importlib.import_module(info.name)
                spec = spec_of(module) if hasattr(module, "API_KEY") else None
            if spec is not None:
                specs.append(spec)
        return cls.of(specs)

    def get(self, api_key: int) -> ApiSpec | None:
        return self.specs.get(api_key)

    def ranges(self) -> list[tuple[int, int, int]]:
        """(api key, min version, max version) for every registered API, by key."""
        return [(spec.api_key, spec.min_version, spec.max_version) for spec in self.specs.values()]
