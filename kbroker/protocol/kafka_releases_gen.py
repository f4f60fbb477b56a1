"""Generator of kafka_releases.json: the API version ranges each Apache Kafka release (2.8 to 4.3) served.

`python -m kbroker.protocol.kafka_releases_gen` downloads org.apache.kafka:kafka-clients (the latest patch of
each minor release, from Maven Central) into .cache/kafka-clients-releases/ and reads the request schemas in
the jar (common/message/*Request.json). A release's table is the view of one listener kind:

- 3.3 and later: a KRaft broker's client listener ("broker"), KRaft being production-ready from 3.3 (KIP-833);
- 2.8 to 3.2: a ZooKeeper broker ("zkBroker"): KRaft was early access there and its broker listener lacked
  transactions, ACLs and more, so the broker clients met was a ZooKeeper one.

An API is in the view when the schema lists that listener. A schema marked latestVersionUnstable has its last
version hidden, as a broker with unstable.api.versions.enable=false hides it; an API left with no version is
not advertised at all (e.g. ConsumerGroupHeartbeat in 3.6).

Feature ranges are not in kafka-clients (MetadataVersion lives in the broker's jars): RELEASE_FEATURES below
records, per release, the metadata.version range a KRaft broker of that release advertised (MINIMUM_KRAFT_VERSION
or MINIMUM_VERSION to LATEST_PRODUCTION of its MetadataVersion) and kraft.version where the release had it.
ZooKeeper brokers advertised no features.

The output is deterministic (sorted keys, exact jar versions recorded), so re-running gives the same file.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.request
import zipfile
from pathlib import Path

MAVEN = "https://repo1.maven.org/maven2/org/apache/kafka/kafka-clients"
CACHE_DIR = Path(__file__).resolve().parents[2] / ".cache" / "kafka-clients-releases"
TABLE_PATH = Path(__file__).with_name("kafka_releases.json")

# Minor release -> the latest patch of it on Maven Central (pinned, so the table is reproducible).
RELEASES: dict[str, str] = {
    "2.8": "2.8.2", "3.0": "3.0.2", "3.1": "3.1.2", "3.2": "3.2.3", "3.3": "3.3.2", "3.4": "3.4.1",
    "3.5": "3.5.2", "3.6": "3.6.2", "3.7": "3.7.2", "3.8": "3.8.1", "3.9": "3.9.2", "4.0": "4.0.2",
    "4.1": "4.1.2", "4.2": "4.2.2", "4.3": "4.3.1",
}
FIRST_KRAFT_PRODUCTION = (3, 3)

# Kafka's MetadataVersion feature levels: 1 is 3.0-IV1 (MINIMUM_KRAFT_VERSION in 3.x), 7 is 3.3-IV3
# (MINIMUM_VERSION from 4.0). The max is each release's LATEST_PRODUCTION.
RELEASE_FEATURES: dict[str, dict[str, list[int]]] = {
    "3.3": {"metadata.version": [1, 7]},
    "3.4": {"metadata.version": [1, 8]},
    "3.5": {"metadata.version": [1, 11]},
    "3.6": {"metadata.version": [1, 14]},
    "3.7": {"metadata.version": [1, 19]},
    "3.8": {"metadata.version": [1, 20]},
    "3.9": {"metadata.version": [1, 21], "kraft.version": [0, 1]},
    "4.0": {"metadata.version": [7, 25], "kraft.version": [0, 1]},
    "4.1": {"metadata.version": [7, 27], "kraft.version": [0, 1]},
    "4.2": {"metadata.version": [7, 29], "kraft.version": [0, 1]},
    "4.3": {"metadata.version": [7, 30], "kraft.version": [0, 1]},
}


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


def release_entry(release: str, jar: Path) -> dict:
    listener = listener_of(release)
    return {
        "kafka_clients": RELEASES[release],
        "listener": listener,
        "apis": release_apis(jar, listener),
        "features": RELEASE_FEATURES.get(release, {}) if listener == "broker" else {},
    }


def jar_path(release: str) -> Path:
    version = RELEASES[release]
    return CACHE_DIR / f"kafka-clients-{version}.jar"


def fetch_jar(release: str) -> Path:
    path = jar_path(release)
    if not path.exists():
        version = RELEASES[release]
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".part")
        with urllib.request.urlopen(f"{MAVEN}/{version}/kafka-clients-{version}.jar", timeout=120) as response:
            partial.write_bytes(response.read())
        partial.rename(path)
    return path


def build_table() -> dict:
    return {"releases": {release: release_entry(release, fetch_jar(release)) for release in RELEASES}}


def render(table: dict) -> str:
    return json.dumps(table, indent=1, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the committed table differs")
    args = parser.parse_args(argv)
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
