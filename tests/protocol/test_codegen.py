"""The code generator: schema language, naming, deterministic output, no drift, stale modules removed."""

from __future__ import annotations

import json

import pytest

from kbroker.protocol import codegen
from kbroker.protocol.codegen import FieldSpec, Versions, default_value, snake_case, strip_comments


def test_comments_are_stripped_outside_strings():
    text = '// header\n{"a": "http://x", /* b */ "c": 1 // tail\n}'
    assert json.loads(strip_comments(text)) == {"a": "http://x", "c": 1}


@pytest.mark.parametrize(
    ("text", "expected"),
    [("3", (3, 3)), ("3+", (3, 0x7FFF)), ("1-4", (1, 4)), ("none", None)],
)
def test_version_ranges(text, expected):
    versions = Versions.parse(text)
    if expected is None:
        assert versions.empty and 0 not in versions
    else:
        assert (versions.lo, versions.hi) == expected


@pytest.mark.parametrize(
    ("name", "attr"),
    [("ThrottleTimeMs", "throttle_time_ms"), ("TopicID", "topic_id"), ("TopicId", "topic_id"), ("AllowAutoTopicCreation", "allow_auto_topic_creation")],
)
def test_snake_case(name, attr):
    assert snake_case(name) == attr


def _field(type_name: str, default: str) -> FieldSpec:
    none = Versions.parse("none")
    return FieldSpec(name="F", attr="f", type=type_name, is_array=False, versions=Versions.parse("0+"),
                     nullable=none, tagged=none, tag=None, ignorable=False, default=default, flexible=None)


@pytest.mark.parametrize(
    ("type_name", "default", "value"),
    [("int32", "0x7fffffff", 0x7FFFFFFF), ("int64", "-1", -1), ("bool", "true", True), ("bool", "", False),
     ("string", "null", None), ("float64", "", 0.0), ("int16", "", 0)],
)
def test_defaults(type_name, default, value):
    assert default_value(_field(type_name, default)) == value


def test_tagged_field_without_versions_exists_in_its_tagged_versions():
    spec = codegen.parse_schema(codegen.SCHEMA_ROOT / "transaction-coordinator" / "TransactionLogValue.json")
    field = next(f for f in spec.structs["TransactionLogValue"].fields if f.name == "PreviousProducerId")
    assert (field.versions.lo, field.tag, default_value(field)) == (1, 0, -1)


def test_committed_output_matches_the_generator():
    """What `make codegen-check` enforces in CI, here with a readable message."""
    files = codegen.generated_files(codegen.load_schemas())
    stale = sorted(str(p) for p in codegen.MESSAGES_DIR.rglob("*.py") if p not in files)
    assert not stale, f"stale generated modules: {stale}; run `make codegen`"
    drift = sorted(str(p) for p, text in files.items() if not p.exists() or p.read_text() != text)
    assert not drift, f"generated modules out of date: {drift[:5]}; run `make codegen`"


def test_output_is_deterministic():
    first = codegen.generated_files(codegen.load_schemas())
    second = codegen.generated_files(codegen.load_schemas())
    assert first == second
    assert len([p for p in first if p.name != "__init__.py"]) == 280


def test_stale_modules_are_removed(tmp_path, monkeypatch):
    monkeypatch.setattr(codegen, "MESSAGES_DIR", tmp_path / "messages")
    (tmp_path / "messages" / "gone").mkdir(parents=True)
    (tmp_path / "messages" / "gone" / "old.py").write_text("")
    (tmp_path / "messages" / "old_request.py").write_text("")
    written, removed = codegen.write_messages()
    assert removed == 2
    assert not (tmp_path / "messages" / "gone").exists()
    assert (tmp_path / "messages" / "produce_request.py").is_file()
    assert (tmp_path / "messages" / "metadata" / "topic_record.py").is_file()


def test_identical_versions_share_one_function():
    from kbroker.protocol.messages.produce_request import ProduceRequest

    encoders = ProduceRequest._ENCODERS
    assert len({encoders[v] for v in range(3, 9)}) == 1
    assert encoders[8] is not encoders[9]
