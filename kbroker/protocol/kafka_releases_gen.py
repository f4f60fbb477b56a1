"""Generator of kafka_releases.json: the API version ranges each Apache Kafka release (2.8 to 4.3) served.

`python -m kbroker.protocol.kafka_releases_gen` downloads org.apache.kafka:kafka-clients and kafka-server-common
(the latest patch of each minor release, from Maven Central) into .cache/kafka-release-jars/ and reads the request
schemas in the kafka-clients jar (common/message/*Request.json). A release's table is the view of one listener
kind:

- 3.3 and later: a KRaft broker's client listener ("broker"), KRaft being production-ready from 3.3 (KIP-833);
- 2.8 to 3.2: a ZooKeeper broker ("zkBroker"): KRaft was early access there and its broker listener lacked
  transactions, ACLs and more, so the broker clients met was a ZooKeeper one.

An API is in the view when the schema lists that listener. A schema marked latestVersionUnstable has its last
version hidden, as a broker with unstable.api.versions.enable=false hides it; an API left with no version is
not advertised at all (e.g. ConsumerGroupHeartbeat in 3.6).

Feature ranges come from the same release's kafka-server-common jar (3.3 on; ZooKeeper brokers advertised no
features): a KRaft broker advertised metadata.version from MetadataVersion.MINIMUM_KRAFT_VERSION (3.x) or
MINIMUM_VERSION (4.x) to LATEST_PRODUCTION (the latest level where the release had no such constant), and
kraft.version from KRaftVersion's levels where that class exists (3.9 on). The enum's feature levels are read
from the class's static initializer as `javap` (from the JDK) prints it.

A release can also advertise an API that a broker with its default config answered with UNSUPPORTED_VERSION:
from 3.7 to 3.9, ConsumerGroupHeartbeat and ConsumerGroupDescribe (KIP-848 early access, then preview) were
advertised, but group.coordinator.rebalance.protocols defaulted to "classic" alone (GroupCoordinatorConfig's
default, ["classic", "consumer"] from 4.0), so both were refused. Those go into the entry's "refused" list.

The output is deterministic (sorted keys, exact jar versions recorded), so re-running gives the same file.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import urllib.request
import zipfile
from pathlib import Path

MAVEN = "https://repo1.maven.org/maven2/org/apache/kafka"
CACHE_DIR = Path(__file__).resolve().parents[2] / ".cache" / "kafka-release-jars"
TABLE_PATH = Path(__file__).with_name("kafka_releases.json")

# Minor release -> the latest patch of it on Maven Central (pinned, so the table is reproducible).
RELEASES: dict[str, str] = {
    "2.8": "2.8.2", "3.0": "3.0.2", "3.1": "3.1.2", "3.2": "3.2.3", "3.3": "3.3.2", "3.4": "3.4.1",
    "3.5": "3.5.2", "3.6": "3.6.2", "3.7": "3.7.2", "3.8": "3.8.1", "3.9": "3.9.2", "4.0": "4.0.2",
    "4.1": "4.1.2", "4.2": "4.2.2", "4.3": "4.3.1",
}
FIRST_KRAFT_PRODUCTION = (3, 3)
# Releases whose group.coordinator.rebalance.protocols defaulted to ["classic"]: KIP-848's APIs were refused.
CLASSIC_GROUPS_ONLY = ("3.7", "3.8", "3.9")
KIP_848_APIS = (68, 69)  # ConsumerGroupHeartbeat, ConsumerGroupDescribe

_COMMON = "org/apache/kafka/server/common/"
_INT_PUSH = re.compile(r":\s+(?:iconst_(m1|\d)|[bs]ipush\s+(-?\d+))\s*$")
_GETSTATIC = re.compile(r"getstatic .*Field (\w+):L")


def listener_of(release: str) -> str:
    major, minor = (int(part) for part in release.split("."))
    return "broker" if (major, minor) >= FIRST_KRAFT_PRODUCTION else "zkBroker"


def strip_comments(text: str) -> str:
    """Kafka's schema files are JSON with // comments (outside strings)."""
    out: list[str] = []
    i, in_string = 0, False
    while i < len(text):
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            in_string = c != '"'
        elif c == '"':
            in_string = True
            out.append(c)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def version_range(text: str) -> tuple[int, int]:
    match = re.fullmatch(r"(\d+)(?:-(\d+))?", text.strip())
    if match is None:
        raise ValueError(f"bad validVersions {text!r}")
    low = int(match.group(1))
    return low, int(match.group(2)) if match.group(2) is not None else low


def release_apis(jar: Path, listener: str) -> dict[str, list[int]]:
    """API key (as text) -> [min, max] served on `listener`, from the request schemas in a kafka-clients jar."""
    apis: dict[int, list[int]] = {}
    with zipfile.ZipFile(jar) as archive:
        for name in archive.namelist():
            if not (name.startswith("common/message/") and name.endswith("Request.json")):
                continue
            # raw_decode: 2.8's DescribeProducersRequest.json has a stray "]}" after its object, which
            # Kafka's own (Jackson) parser ignores too.
            schema, _ = json.JSONDecoder().raw_decode(strip_comments(archive.read(name).decode()).strip())
            if schema.get("type") != "request" or listener not in schema.get("listeners", []):
                continue
            low, high = version_range(schema["validVersions"])
            if schema.get("latestVersionUnstable"):
                high -= 1
            if high >= low:
                apis[int(schema["apiKey"])] = [low, high]
    return {str(key): apis[key] for key in sorted(apis)}


def enum_levels(jar: Path, enum_class: str) -> tuple[dict[str, int], dict[str, int]] | None:
    """The feature level of each constant of a server-common feature enum (constructed as (name, ordinal, level,
    ...)), and the level of each static alias of one (LATEST_PRODUCTION = IBP_...); None without the class."""
    with zipfile.ZipFile(jar) as archive:
        try:
            data = archive.read(f"{_COMMON}{enum_class}.class")
        except KeyError:
            return None
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / f"{enum_class}.class"
        path.write_bytes(data)
        text = subprocess.run(["javap", "-c", "-p", "-constants", str(path)], capture_output=True, text=True,
                              check=True).stdout
    own_type = f":L{_COMMON}{enum_class};"
    levels: dict[str, int] = {}
    aliases: dict[str, int] = {}
    ints: list[int] = []
    constructed, fetched = False, None
    for line in text[text.index("static {};"):].splitlines():
        push = _INT_PUSH.search(line)
        if push:
            ints.append(-1 if push.group(1) == "m1" else int(push.group(1) or push.group(2)))
        elif "invokespecial" in line and '"<init>":(Ljava/lang/String;II' in line:
            constructed = True
        elif (got := _GETSTATIC.search(line)) is not None:
            fetched = got.group(1)
        elif "putstatic" in line:
            name = line.split("Field ", 1)[1].split(":", 1)[0]
            if own_type in line and constructed:
                levels[name] = ints[1]  # (name, ordinal, level, ...): the second int pushed
            elif own_type in line and fetched in levels:
                aliases[name] = levels[fetched]
            ints, constructed, fetched = [], False, None
    return levels, aliases


def release_features(server_common: Path) -> dict[str, list[int]]:
    features: dict[str, list[int]] = {}
    metadata = enum_levels(server_common, "MetadataVersion")
    if metadata is not None:
        levels, aliases = metadata
        low = aliases.get("MINIMUM_KRAFT_VERSION", aliases.get("MINIMUM_VERSION"))
        features["metadata.version"] = [low, aliases.get("LATEST_PRODUCTION", max(levels.values()))]
    kraft = enum_levels(server_common, "KRaftVersion")
    if kraft is not None:
        levels, aliases = kraft
        features["kraft.version"] = [min(levels.values()), aliases.get("LATEST_PRODUCTION", max(levels.values()))]
    return features


def release_entry(release: str, clients: Path, server_common: Path | None) -> dict:
    listener = listener_of(release)
    apis = release_apis(clients, listener)
    return {
        "kafka_clients": RELEASES[release],
        "listener": listener,
        "apis": apis,
        "features": release_features(server_common) if listener == "broker" and server_common else {},
        "refused": [key for key in KIP_848_APIS if str(key) in apis] if release in CLASSIC_GROUPS_ONLY else [],
    }


def jar_path(release: str, artifact: str = "kafka-clients") -> Path:
    return CACHE_DIR / f"{artifact}-{RELEASES[release]}.jar"


def fetch_jar(release: str, artifact: str = "kafka-clients") -> Path:
    path = jar_path(release, artifact)
    if not path.exists():
        version = RELEASES[release]
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        with urllib.request.urlopen(f"{MAVEN}/{artifact}/{version}/{artifact}-{version}.jar", timeout=120) as got:
            partial.write_bytes(got.read())
        partial.rename(path)
    return path


def build_table() -> dict:
    return {"releases": {
        release: release_entry(release, fetch_jar(release),
                               fetch_jar(release, "kafka-server-common") if listener_of(release) == "broker" else None)
        for release in RELEASES}}


def render(table: dict) -> str:
    """Sorted JSON, one line per API, feature or list of ints."""
    text = json.dumps(table, indent=1, sort_keys=True)
    return re.sub(r"\[\s*((?:-?\d+,\s*)*-?\d+)\s*\]",
                  lambda match: "[" + ", ".join(re.split(r",\s*", match.group(1))) + "]", text) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed table differs")
    parser.add_argument("--fetch", metavar="X.Y", nargs="+", choices=list(RELEASES),
                        help="only download these releases' jars into .cache (what the tests re-derive)")
    args = parser.parse_args(argv)
    if args.fetch:
        for release in args.fetch:
            fetch_jar(release)
            if listener_of(release) == "broker":
                fetch_jar(release, "kafka-server-common")
        return 0
    text = render(build_table())
    if args.check:
        if TABLE_PATH.read_text() != text:
            print(f"{TABLE_PATH} is stale: run python -m kbroker.protocol.kafka_releases_gen", file=sys.stderr)
            return 1
        return 0
    TABLE_PATH.write_text(text)
    print(f"wrote {TABLE_PATH}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
