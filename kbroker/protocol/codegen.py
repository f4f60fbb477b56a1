"""Kafka JSON message schemas -> Python codecs in kbroker.protocol.messages (run: python -m kbroker.protocol.codegen).

Owns: reading the schema language (comments, version ranges, field keys, common structs), naming (modules,
classes, snake_case attributes), and writing one module per schema with straight-line encode/decode functions
per version. Versions whose function bodies come out identical share one function. The wire rules mirror
Kafka's MessageDataGenerator (generator/src/main/java/org/apache/kafka/message/ in apache/kafka); see
kbroker/protocol/wire.py for the primitives the generated code calls. Output is deterministic.
"""

from __future__ import annotations

import base64
import json
import re
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

PROTOCOL_DIR = Path(__file__).resolve().parent
SCHEMA_ROOT = PROTOCOL_DIR / "schemas"
MESSAGES_DIR = PROTOCOL_DIR / "messages"
# The clients directory is the top-level package; the others become sub-packages.
TOP_LEVEL_SCHEMA_DIR = "clients"

MAX_VERSION = 0x7FFF

FIXED_FORMATS = {
    "bool": ("?", 1),
    "int8": ("b", 1),
    "int16": ("h", 2),
    "uint16": ("H", 2),
    "int32": ("i", 4),
    "uint32": ("I", 4),
    "int64": ("q", 8),
    "float64": ("d", 8),
    "uuid": ("16s", 16),
}
PRIMITIVES = set(FIXED_FORMATS) | {"string", "bytes", "records"}
PYTHON_TYPES = {
    "bool": "bool",
    "int8": "int",
    "int16": "int",
    "uint16": "int",
    "int32": "int",
    "uint32": "int",
    "int64": "int",
    "float64": "float",
    "uuid": "uuid.UUID",
    "string": "str",
    "bytes": "bytes",
    "records": "object",
}
RESERVED_ATTRIBUTES = {"encode", "encode_into", "decode", "header_version", "unknown_tagged_fields"}
# Names a generated module imports or defines besides its classes; a struct may not shadow them.
RESERVED_CLASS_NAMES = {"DecodeError", "EncodeError", "Message", "Writer", "INT32", "NULL_INT32", "ZERO_UUID"}


# --- the schema language ----------------------------------------------------------------------------------


def strip_comments(text: str) -> str:
    """Remove // and /* */ comments outside JSON strings (Kafka parses its schemas with comments allowed)."""
    out = []
    i = 0
    n = len(text)
    in_string = False
    while i < n:
        c = text[i]
        if in_string:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if c == '"':
                in_string = False
            i += 1
        elif c == '"':
            in_string = True
            out.append(c)
            i += 1
        elif text.startswith("//", i):
            end = text.find("\n", i)
            i = n if end < 0 else end
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            i = n if end < 0 else end + 2
        else:
            out.append(c)
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class Versions:
    """An inclusive version range; lo > hi is the empty range ("none")."""

    lo: int
    hi: int

    @classmethod
    def parse(cls, text: str | None, default: Versions | None = None) -> Versions:
        if text is None:
            if default is None:
                raise ValueError("missing version range")
            return default
        text = text.strip()
        if text == "none":
            return NO_VERSIONS
        if text.endswith("+"):
            return cls(int(text[:-1]), MAX_VERSION)
        if "-" in text:
            lo, hi = text.split("-")
            return cls(int(lo), int(hi))
        return cls(int(text), int(text))

    @property
    def empty(self) -> bool:
        return self.lo > self.hi

    def __contains__(self, version: int) -> bool:
        return self.lo <= version <= self.hi

    def intersect(self, other: Versions) -> Versions:
        lo, hi = max(self.lo, other.lo), min(self.hi, other.hi)
        return Versions(lo, hi) if lo <= hi else NO_VERSIONS


NO_VERSIONS = Versions(1, 0)


def snake_case(name: str) -> str:
    name = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return name.lower()


@dataclass
class FieldSpec:
    name: str
    attr: str
    type: str  # primitive name or struct name, element type for arrays
    is_array: bool
    versions: Versions
    nullable: Versions
    tagged: Versions
    tag: int | None
    ignorable: bool
    default: str  # the schema's default, as text ("" when absent)
    flexible: Versions | None  # field-level override of the message's flexibleVersions
    about: str = ""

    @property
    def is_struct(self) -> bool:
        return self.type not in PRIMITIVES

    @property
    def default_is_null(self) -> bool:
        return self.default == "null"


@dataclass
class StructSpec:
    name: str
    fields: list[FieldSpec]
    about: str = ""
    children: list[str] = field(default_factory=list)  # struct names used by the fields, in order


@dataclass
class MessageSpec:
    schema_dir: str
    file_stem: str
    name: str
    type: str
    api_key: int | None
    valid: Versions
    flexible: Versions
    latest_version_unstable: bool
    structs: dict[str, StructSpec]  # every struct, top-level included, by name

    @property
    def module(self) -> str:
        """Dotted module name under kbroker.protocol.messages."""
        mod = snake_case(self.file_stem)
        if self.schema_dir == TOP_LEVEL_SCHEMA_DIR:
            return mod
        return f"{self.schema_dir.replace('-', '_')}.{mod}"

    @property
    def versions(self) -> range:
        if self.valid.empty:
            return range(0)
        return range(self.valid.lo, self.valid.hi + 1)


def _text(value) -> str:
    if value is None:  # a JSON null default is an absent default, as in Kafka's FieldSpec
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _parse_fields(raw_fields: list, structs: dict, owner: str, common: dict) -> list[FieldSpec]:
    fields = []
    for raw in raw_fields:
        type_text = raw["type"]
        is_array = type_text.startswith("[]")
        type_name = type_text[2:] if is_array else type_text
        if "fields" in raw:
            if type_name in PRIMITIVES:
                raise ValueError(f"{owner}.{raw['name']}: primitive type with fields")
            if type_name in structs or type_name in common:
                raise ValueError(f"duplicate struct {type_name}")
            structs[type_name] = StructSpec(type_name, [], raw.get("about", ""))
            structs[type_name].fields = _parse_fields(raw["fields"], structs, type_name, common)
        elif type_name not in PRIMITIVES and type_name not in common:
            raise ValueError(f"{owner}.{raw['name']}: unknown type {type_name}")
        tagged = Versions.parse(raw.get("taggedVersions"), NO_VERSIONS)
        # Like Kafka's FieldSpec, a tagged field without "versions" exists in its tagged versions.
        versions = Versions.parse(raw.get("versions"), None if tagged.empty else tagged)
        if not tagged.empty and "tag" not in raw:
            raise ValueError(f"{owner}.{raw['name']}: taggedVersions without tag")
        flexible = Versions.parse(raw["flexibleVersions"]) if "flexibleVersions" in raw else None
        attr = snake_case(raw["name"])
        if attr in RESERVED_ATTRIBUTES:
            raise ValueError(f"{owner}.{raw['name']}: attribute name {attr} is reserved")
        fields.append(
            FieldSpec(
                name=raw["name"],
                attr=attr,
                type=type_name,
                is_array=is_array,
                versions=versions,
                nullable=Versions.parse(raw.get("nullableVersions"), NO_VERSIONS),
                tagged=tagged,
                tag=raw.get("tag"),
                ignorable=bool(raw.get("ignorable", False)),
                default=_text(raw.get("default", "")),
                flexible=flexible,
                about=raw.get("about", ""),
            )
        )
    attrs_seen = [f.attr for f in fields]
    if len(set(attrs_seen)) != len(attrs_seen):
        raise ValueError(f"{owner}: two fields share a snake_case name: {attrs_seen}")
    return fields


def parse_schema(path: Path) -> MessageSpec:
    raw = json.loads(strip_comments(path.read_text(encoding="utf-8")))
    common: dict[str, dict] = {s["name"]: s for s in raw.get("commonStructs", [])}
    structs: dict[str, StructSpec] = {}
    for name, spec in common.items():
        structs[name] = StructSpec(name, [], spec.get("about", ""))
    for name, spec in common.items():
        structs[name].fields = _parse_fields(spec["fields"], structs, name, common)
    top = StructSpec(raw["name"], [], raw.get("about", ""))
    if raw["name"] in structs:
        raise ValueError(f"struct {raw['name']} shadows the message")
    top.fields = _parse_fields(raw.get("fields", []), structs, raw["name"], common)
    structs[raw["name"]] = top
    clashes = set(structs) & RESERVED_CLASS_NAMES
    if clashes:
        raise ValueError(f"{path.name}: struct names {sorted(clashes)} clash with names the module imports")
    for struct in structs.values():
        struct.children = list(dict.fromkeys(f.type for f in struct.fields if f.is_struct))
    return MessageSpec(
        schema_dir=path.parent.name,
        file_stem=path.stem,
        name=raw["name"],
        type=raw["type"],
        api_key=raw.get("apiKey"),
        valid=Versions.parse(raw["validVersions"]),
        flexible=Versions.parse(raw.get("flexibleVersions"), NO_VERSIONS),
        latest_version_unstable=bool(raw.get("latestVersionUnstable", False)),
        structs=structs,
    )


def schema_paths() -> list[Path]:
    return sorted(SCHEMA_ROOT.glob("*/*.json"), key=lambda p: (p.parent.name, p.name))


def load_schemas() -> list[MessageSpec]:
    return [parse_schema(path) for path in schema_paths()]


# --- values -----------------------------------------------------------------------------------------------


def parse_int(text: str) -> int:
    text = text.strip()
    negative = text.startswith("-")
    digits = text.lstrip("+-")
    value = int(digits[2:], 16) if digits.lower().startswith("0x") else int(digits)
    return -value if negative else value


def default_value(f: FieldSpec):
    """The Python value of a field's default (structs: None means "a fresh default instance")."""
    if f.is_array:
        if f.default_is_null:
            return None
        if f.default:
            raise ValueError(f"{f.name}: arrays can only default to empty or null")
        return []
    if f.default_is_null:
        return None
    t = f.type
    if t == "bool":
        return f.default == "true"
    if t in ("int8", "int16", "uint16", "int32", "uint32", "int64"):
        return parse_int(f.default) if f.default else 0
    if t == "float64":
        return float(f.default) if f.default else 0.0
    if t == "string":
        return f.default
    if t == "bytes":
        return b""
    if t == "records":
        return None
    if t == "uuid":
        if not f.default:
            return uuid.UUID(int=0)
        return uuid.UUID(bytes=base64.urlsafe_b64decode(f.default + "=="))
    return None  # struct with a non-null default: an instance with its own defaults


def default_expr(f: FieldSpec) -> str:
    """Python source for a fresh default value."""
    if f.is_array:
        return "None" if f.default_is_null else "[]"
    if f.is_struct:
        return "None" if f.default_is_null else f"{f.type}()"
    value = default_value(f)
    if f.type == "uuid" and value is not None:
        return "ZERO_UUID" if value.int == 0 else f"uuid.UUID(int={value.int:#x})"
    return repr(value)


def attrs_default(f: FieldSpec) -> str:
    if f.is_array and not f.default_is_null:
        return "attrs.field(factory=list)"
    if f.is_struct and not f.is_array and not f.default_is_null:
        return f"attrs.field(factory={f.type})"
    return default_expr(f)


def annotation(f: FieldSpec) -> str:
    base = f.type if f.is_struct else PYTHON_TYPES[f.type]
    if f.is_array:
        base = f"list[{base}]"
    if f.type == "records":
        return "object"
    if not f.nullable.empty or f.default_is_null:
        base += " | None"
    return base


def nondefault_check(f: FieldSpec, value: str, structs: dict[str, StructSpec] | None = None) -> str:
    """Condition true when `value` differs from the field's default (MessageDataGenerator's rules).

    A struct whose fields are all scalars, strings or arrays (`structs` given) is checked field by field inline:
    the response encoders run this for every tagged struct of every partition, and attrs' `!=` builds a tuple of
    each side's fields per call."""
    if f.is_array or f.type in ("bytes", "records"):
        if f.default_is_null or f.type == "records":
            return f"{value} is not None"
        return f"{value} is None or len({value}) != 0"
    if f.is_struct or f.type == "string":
        if f.default_is_null:
            return f"{value} is not None"
        if f.is_struct:
            inner = structs[f.type].fields if structs is not None else None
            if inner is not None and not any(g.is_struct and not g.is_array for g in inner):
                terms = [f"({nondefault_check(g, '_s.' + g.attr)})" for g in inner]
                if not f.nullable.empty:
                    terms.insert(0, "_s is None")
                return f"((_s := {value}) is not _DEFAULT_{f.type} and ({' or '.join(terms + ['_s.unknown_tagged_fields'])}))"
            # A shared all-defaults instance, never handed out, saves building one per check.
            return f"{value} != _DEFAULT_{f.type}"
        return f"{value} != {default_expr(f)}"
    if f.type == "bool":
        return f"not {value}" if default_value(f) else f"bool({value})"
    return f"{value} != {default_expr(f)}"


# --- code generation --------------------------------------------------------------------------------------


class ModuleWriter:
    """Collects the source of one generated module: struct constants, classes and per-version functions."""

    def __init__(self, spec: MessageSpec) -> None:
        self.spec = spec
        self.struct_formats: dict[str, str] = {}
        self.functions: list[str] = []
        # (struct name, "enc"/"dec") -> {version: function name}
        self.tables: dict[tuple[str, str], dict[int, str]] = {}
        self._bodies: dict[str, str] = {}

    def struct_const(self, fmt: str) -> str:
        if fmt not in self.struct_formats:
            self.struct_formats[fmt] = "_S_" + fmt.lstrip(">").replace("?", "o")
        return self.struct_formats[fmt]

    def add_function(self, kind: str, struct: str, version: int, lines: list[str], args: str) -> str:
        body = "\n".join(lines)
        key = f"{kind}:{struct}:{args}\n{body}"
        if key in self._bodies:
            return self._bodies[key]
        name = f"_{kind}_{struct}_v{version}"
        self._bodies[key] = name
        self.functions.append(f"def {name}({args}):\n{body}\n")
        return name

    def function_for(self, kind: str, struct: str, version: int) -> str:
        return self.tables[(struct, kind)][version]

    def flexible_for(self, f: FieldSpec, version: int) -> bool:
        if f.flexible is not None:
            return version in f.flexible
        return version in self.spec.flexible

    # encoding ---------------------------------------------------------------------------------------------

    def write_value(
        self, f: FieldSpec, version: int, flexible: bool, value: str, b: str, w: str, out, ind: str, tagged=False
    ):
        """Append code writing `value` (an expression naming a local or attribute) of field f."""
        what = repr(f.name)
        nullable = version in f.nullable
        if f.is_array:
            out.append(f"{ind}_a = {value}")
            out.append(f"{ind}if _a is None:")
            if nullable:
                out.append(f"{ind}    {b}.append(0)" if flexible else f"{ind}    {b} += NULL_INT32")
            else:
                out.append(f"{ind}    raise EncodeError({what} + ': null in a non-nullable array')")
            out.append(f"{ind}else:")
            ind2 = ind + "    "
            if flexible:
                out.append(f"{ind2}write_uvarint({b}, len(_a) + 1)")
            else:
                out.append(f"{ind2}{b} += INT32.pack(len(_a))")
            t = f.type
            if t == "uuid":
                out.append(f"{ind2}for _e in _a:")
                out.append(f"{ind2}    {b} += _e.bytes")
            elif t in FIXED_FORMATS:
                code = FIXED_FORMATS[t][0]
                out.append(f"{ind2}if _a:")
                out.append(f"{ind2}    {b} += struct.pack('>%d{code}' % len(_a), *_a)")
            elif t in ("string", "bytes"):
                writer = ("write_compact_" if flexible else "write_") + ("string" if t == "string" else "bytes")
                out.append(f"{ind2}for _e in _a:")
                out.append(f"{ind2}    {writer}({b}, _e, False, {what})")
            elif f.is_struct:
                enc = self.function_for("enc", t, version)
                out.append(f"{ind2}for _e in _a:")
                out.append(f"{ind2}    {enc}(_e, {w})")
            else:
                raise ValueError(f"unsupported array element {t}")
            return
        t = f.type
        if t in FIXED_FORMATS:
            const = self.struct_const(">" + FIXED_FORMATS[t][0])
            expr = f"{value}.bytes" if t == "uuid" else value
            out.append(f"{ind}{b} += {const}.pack({expr})")
        elif t == "string":
            fn = "write_compact_string" if flexible else "write_string"
            out.append(f"{ind}{fn}({b}, {value}, {nullable}, {what})")
        elif t == "bytes":
            fn = "write_compact_bytes" if flexible else "write_bytes"
            out.append(f"{ind}{fn}({b}, {value}, {nullable}, {what})")
        elif t == "records":
            fn = "write_compact_records" if flexible else "write_records"
            out.append(f"{ind}{fn}({w}, {value}, {nullable}, {what})")
        else:
            enc = self.function_for("enc", t, version)
            if nullable:
                # The null marker is a signed byte (-1/1), but an unsigned varint (0/1) inside a tagged field.
                out.append(f"{ind}_v = {value}")
                out.append(f"{ind}if _v is None:")
                out.append(f"{ind}    {b}.append({0 if tagged else 0xFF})")
                out.append(f"{ind}else:")
                out.append(f"{ind}    {b}.append(1)")
                out.append(f"{ind}    {enc}(_v, {w})")
            else:
                out.append(f"{ind}{enc}({value}, {w})")

    def encoder(self, struct: StructSpec, version: int) -> str:
        flexible_struct = version in self.spec.flexible
        checks: list[str] = []
        writes: list[str] = []
        tagged: list[FieldSpec] = []
        run: list[tuple[str, str]] = []  # (format code, expression) of adjacent fixed-width fields

        def flush_run():
            if run:
                const = self.struct_const(">" + "".join(code for code, _ in run))
                writes.append(f"    b += {const}.pack({', '.join(expr for _, expr in run)})")
                run.clear()

        for f in struct.fields:
            if version not in f.versions:
                if not f.ignorable:
                    checks.append(f"    if {nondefault_check(f, 'o.' + f.attr, self.spec.structs)}:")
                    checks.append(f"        raise field_not_in_version({f.name!r})")
                continue
            if version in f.tagged:
                if not flexible_struct:
                    raise ValueError(f"{struct.name}.{f.name}: tagged in rigid version {version}")
                tagged.append(f)
                continue
            if f.type in FIXED_FORMATS and not f.is_array:
                expr = f"o.{f.attr}.bytes" if f.type == "uuid" else f"o.{f.attr}"
                run.append((FIXED_FORMATS[f.type][0], expr))
                continue
            flush_run()
            self.write_value(f, version, self.flexible_for(f, version), f"o.{f.attr}", "b", "w", writes, "    ")
        flush_run()

        tail: list[str] = []
        if not flexible_struct:
            tail.append("    if o.unknown_tagged_fields:")
            tail.append(f"        raise unknown_tags_in_rigid_version({struct.name!r})")
        elif not tagged:
            tail.append("    if o.unknown_tagged_fields:")
            tail.append("        write_tagged_fields(b, o.unknown_tagged_fields)")
            tail.append("    else:")
            tail.append("        b.append(0)")
        else:
            # Most answers carry no tagged field: no list is built for them.
            tail.append("    _t = o.unknown_tagged_fields")
            for f in sorted(tagged, key=lambda f: f.tag):
                tail.append(f"    if {nondefault_check(f, 'o.' + f.attr, self.spec.structs)}:")
                tail.append("        _tw = Writer()")
                self.write_value(f, version, True, f"o.{f.attr}", "_tw.buf", "_tw", tail, "        ", tagged=True)
                tail.append(f"        _t = [*_t, ({f.tag}, _tw.getvalue())]")
            tail.append("    if _t:")
            tail.append("        write_tagged_fields(b, _t)")
            tail.append("    else:")
            tail.append("        b.append(0)")
        lines = checks + (["    b = w.buf"] if writes or flexible_struct else []) + writes + tail
        return self.add_function("enc", struct.name, version, lines, "o, w")

    # decoding ---------------------------------------------------------------------------------------------

    def read_value(
        self, f: FieldSpec, version: int, flexible: bool, target: str, out: list[str], ind: str, tagged=False
    ):
        what = repr(f.name)
        nullable = version in f.nullable
        t = f.type
        if f.is_array:
            if flexible:
                out.append(f"{ind}_n = buf[p] - 1")
                out.append(f"{ind}if _n < 0x7F:")
                out.append(f"{ind}    p += 1")
                out.append(f"{ind}else:")
                out.append(f"{ind}    _n, p = read_compact_length(buf, p)")
            else:
                out.append(f"{ind}_n = INT32.unpack_from(buf, p)[0]")
                out.append(f"{ind}p += 4")
            out.append(f"{ind}if _n < 0:")
            if nullable:
                out.append(f"{ind}    {target} = None")
            else:
                out.append(f"{ind}    raise DecodeError({what} + ': non-nullable array was serialized as null')")
            out.append(f"{ind}else:")
            ind2 = ind + "    "
            out.append(f"{ind2}check_count(_n, buf, p, {what})")
            if t == "uuid":
                out.append(f"{ind2}{target} = [read_uuid(buf, p + 16 * _i) for _i in range(_n)]")
                out.append(f"{ind2}p += 16 * _n")
            elif t in FIXED_FORMATS:
                code, size = FIXED_FORMATS[t]
                out.append(f"{ind2}{target} = list(struct.unpack_from('>%d{code}' % _n, buf, p))")
                out.append(f"{ind2}p += {size} * _n")
            elif t in ("string", "bytes"):
                reader = ("read_compact_" if flexible else "read_") + ("string" if t == "string" else "bytes")
                out.append(f"{ind2}{target} = []")
                out.append(f"{ind2}for _ in range(_n):")
                out.append(f"{ind2}    _e, p = {reader}(buf, p, False, {what})")
                out.append(f"{ind2}    {target}.append(_e)")
            else:
                dec = self.function_for("dec", t, version)
                out.append(f"{ind2}{target} = []")
                out.append(f"{ind2}for _ in range(_n):")
                out.append(f"{ind2}    _e, p = {dec}(buf, p)")
                out.append(f"{ind2}    {target}.append(_e)")
            return
        if t == "uuid":
            out.append(f"{ind}{target} = read_uuid(buf, p)")
            out.append(f"{ind}p += 16")
        elif t in FIXED_FORMATS:
            code, size = FIXED_FORMATS[t]
            const = self.struct_const(">" + code)
            out.append(f"{ind}{target} = {const}.unpack_from(buf, p)[0]")
            out.append(f"{ind}p += {size}")
        elif t in ("string", "bytes", "records"):
            fn = ("read_compact_" if flexible else "read_") + t
            out.append(f"{ind}{target}, p = {fn}(buf, p, {nullable}, {what})")
        else:
            dec = self.function_for("dec", t, version)
            if nullable and tagged:
                # Kafka reads a tagged field's marker as an unsigned varint into an int: null unless positive.
                out.append(f"{ind}_m, p = read_uvarint(buf, p)")
                out.append(f"{ind}if _m == 0 or _m >= 0x80000000:")
                out.append(f"{ind}    {target} = None")
                out.append(f"{ind}else:")
                out.append(f"{ind}    {target}, p = {dec}(buf, p)")
            elif nullable:
                # Kafka reads the marker as a signed byte: negative means null.
                out.append(f"{ind}if buf[p] >= 0x80:")
                out.append(f"{ind}    {target} = None")
                out.append(f"{ind}    p += 1")
                out.append(f"{ind}else:")
                out.append(f"{ind}    {target}, p = {dec}(buf, p + 1)")
            else:
                out.append(f"{ind}{target}, p = {dec}(buf, p)")

    def decoder(self, struct: StructSpec, version: int) -> str:
        flexible_struct = version in self.spec.flexible
        lines: list[str] = []
        args: list[str] = []
        tagged: list[FieldSpec] = []
        run: list[tuple[FieldSpec, str]] = []

        def flush_run():
            if not run:
                return
            const = self.struct_const(">" + "".join(code for _, code in run))
            size = sum(FIXED_FORMATS[f.type][1] for f, _ in run)
            targets = ", ".join(f"f_{f.attr}" for f, _ in run)
            lines.append(f"    {targets}{',' if len(run) == 1 else ''} = {const}.unpack_from(buf, p)")
            lines.append(f"    p += {size}")
            for f, _ in run:
                if f.type == "uuid":
                    lines.append(f"    f_{f.attr} = uuid.UUID(bytes=f_{f.attr})")
            run.clear()

        for f in struct.fields:
            if version not in f.versions:
                args.append(default_expr(f))
                continue
            args.append(f"f_{f.attr}")
            if version in f.tagged:
                tagged.append(f)
                continue
            if f.type in FIXED_FORMATS and not f.is_array:
                run.append((f, FIXED_FORMATS[f.type][0]))
                continue
            flush_run()
            self.read_value(f, version, self.flexible_for(f, version), f"f_{f.attr}", lines, "    ")
        flush_run()

        if flexible_struct and not tagged:
            lines.append("    if buf[p] == 0:")
            lines.append("        _u = ()")
            lines.append("        p += 1")
            lines.append("    else:")
            lines.append(f"        _u, p = read_unknown_tagged_fields(buf, p, {struct.name!r})")
            args.append("_u")
        elif flexible_struct:
            for f in tagged:
                lines.append(f"    f_{f.attr} = {default_expr(f)}")
            lines.append("    _u = ()")
            lines.append("    _nt = buf[p]")
            lines.append("    if _nt < 0x80:")
            lines.append("        p += 1")
            lines.append("    else:")
            lines.append("        _nt, p = read_uvarint(buf, p)")
            lines.append("    if _nt:")
            lines.append(f"        check_count(_nt, buf, p, {struct.name + ' tagged fields'!r})")
            lines.append("        for _ in range(_nt):")
            lines.append("            _tag, p = read_uvarint(buf, p)")
            lines.append("            _size, p = read_uvarint(buf, p)")
            lines.append("            _end = p + _size")
            lines.append("            if _end > len(buf):")
            lines.append(f"                raise DecodeError({struct.name!r} + ': tagged field past the end')")
            keyword = "if"
            for f in sorted(tagged, key=lambda f: f.tag):
                lines.append(f"            {keyword} _tag == {f.tag}:")
                self.read_value(f, version, True, f"f_{f.attr}", lines, "                ", tagged=True)
                lines.append("                if p != _end:")
                lines.append(f"                    raise DecodeError({f.name!r} + ': tagged field size mismatch')")
                keyword = "elif"
            lines.append("            else:")
            lines.append("                _u = [*_u, (_tag, bytes(buf[p:_end]))]")
            lines.append("                p = _end")
            args.append("_u")
        else:
            args.append("()")
        lines.append(f"    return {struct.name}({', '.join(args)}), p")
        return self.add_function("dec", struct.name, version, lines, "buf, p")

    # module -----------------------------------------------------------------------------------------------

    def struct_order(self) -> list[StructSpec]:
        """Structs with every struct a class refers to before it."""
        order: list[str] = []
        seen: set[str] = set()

        def visit(name: str, path: tuple):
            if name in seen:
                return
            if name in path:
                raise ValueError(f"recursive struct {name}")
            for child in self.spec.structs[name].children:
                visit(child, path + (name,))
            seen.add(name)
            order.append(name)

        visit(self.spec.name, ())
        for name in self.spec.structs:  # unused common structs still get a class
            visit(name, ())
        return [self.spec.structs[n] for n in order]

    def class_source(self, struct: StructSpec, top: bool) -> str:
        spec = self.spec
        lines = ["@attrs.define(eq=True, slots=True)", f"class {struct.name}(Message):"]
        doc = struct.about.strip() or f"The {struct.name} struct of {spec.name}."
        lines.append(f"    {_docstring(doc)}")
        lines.append("")
        if top:
            lines.append(f"    API_KEY = {spec.api_key!r}")
            lines.append(f"    SCHEMA_TYPE = {spec.type!r}")
            low = None if spec.valid.empty else spec.valid.lo
            high = None if spec.valid.empty else spec.valid.hi
            flexible = None if spec.flexible.empty or spec.valid.empty else max(spec.flexible.lo, spec.valid.lo)
            if flexible is not None and flexible > spec.valid.hi:
                flexible = None
            lines.append(f"    LOWEST_VERSION = {low!r}")
            lines.append(f"    HIGHEST_VERSION = {high!r}")
            lines.append(f"    FLEXIBLE_VERSION = {flexible!r}")
            lines.append(f"    LATEST_VERSION_UNSTABLE = {spec.latest_version_unstable!r}")
            lines.append("")
            header = self.header_version_source(flexible)
            if header:
                lines.extend(header)
                lines.append("")
        for f in struct.fields:
            lines.append(f"    {f.attr}: {annotation(f)} = {attrs_default(f)}")
        # Empty, the common case, is the shared empty tuple: one allocation fewer per message and per struct.
        lines.append("    unknown_tagged_fields: Sequence[tuple[int, bytes]] = ()")
        return "\n".join(lines) + "\n"

    def header_version_source(self, flexible: int | None) -> list[str]:
        spec = self.spec
        if spec.type not in ("request", "response"):
            return []
        lines = ["    @staticmethod", "    def header_version(version: int) -> int:"]
        if spec.type == "request":
            if flexible is not None:
                lines.append(f"        if version >= {flexible}:")
                lines.append("            return 2")
            if spec.api_key == 7:
                # ControlledShutdown v0 used request header v0 (Kafka's ApiMessageTypeGenerator).
                lines.append("        if version == 0:")
                lines.append("            return 0")
            lines.append("        return 1")
        else:
            if spec.api_key == 18:
                # ApiVersions responses always use header v0 so that clients can parse them before
                # they know which versions the broker supports (Kafka's ApiMessageTypeGenerator).
                lines.append("        return 0")
            else:
                if flexible is not None:
                    lines.append(f"        if version >= {flexible}:")
                    lines.append("            return 1")
                lines.append("        return 0")
        return lines

    def render(self, source_name: str) -> str:
        structs = self.struct_order()
        for struct in structs:
            enc = {v: self.encoder(struct, v) for v in self.spec.versions}
            self.tables[(struct.name, "enc")] = enc
            dec = {v: self.decoder(struct, v) for v in self.spec.versions}
            self.tables[(struct.name, "dec")] = dec
        parts = [
            f'"""{self.spec.name}: generated from {source_name} by kbroker.protocol.codegen. Do not edit."""',
            "",
            "# ruff: noqa",
            "from __future__ import annotations",
            "",
            "import struct",
            "import uuid",
            "from collections.abc import Sequence",
            "",
            "import attrs",
            "",
            "from kbroker.protocol.wire import (",
            "    INT32,",
            "    NULL_INT32,",
            "    ZERO_UUID,",
            "    DecodeError,",
            "    EncodeError,",
            "    Message,",
            "    Writer,",
            "    check_count,",
            "    field_not_in_version,",
            "    read_bytes,",
            "    read_compact_bytes,",
            "    read_compact_length,",
            "    read_compact_records,",
            "    read_compact_string,",
            "    read_records,",
            "    read_string,",
            "    read_unknown_tagged_fields,",
            "    read_uuid,",
            "    read_uvarint,",
            "    unknown_tags_in_rigid_version,",
            "    write_bytes,",
            "    write_compact_bytes,",
            "    write_compact_records,",
            "    write_compact_string,",
            "    write_records,",
            "    write_string,",
            "    write_tagged_fields,",
            "    write_uvarint,",
            ")",
            "",
        ]
        for fmt, name in sorted(self.struct_formats.items(), key=lambda kv: kv[1]):
            parts.append(f"{name} = struct.Struct({fmt!r})")
        parts.append("")
        for struct in structs:
            parts.append("")
            parts.append(self.class_source(struct, struct.name == self.spec.name))
        parts.append("")
        for struct in structs:
            parts.append(f"_DEFAULT_{struct.name} = {struct.name}()")
        parts.append("")
        for fn in self.functions:
            parts.append("")
            parts.append(fn)
        parts.append("")
        for struct in structs:
            for kind, attr in (("enc", "_ENCODERS"), ("dec", "_DECODERS")):
                table = self.tables[(struct.name, kind)]
                items = ", ".join(f"{v}: {fn}" for v, fn in table.items())
                parts.append(f"{struct.name}.{attr} = {{{items}}}")
        return "\n".join(parts).rstrip() + "\n"


def _docstring(text: str) -> str:
    text = " ".join(text.split()).replace("\\", "\\\\").replace('"""', "'''")
    if text.endswith('"'):
        text += " "
    return f'"""{text}"""'


def render_module(spec: MessageSpec) -> str:
    return ModuleWriter(spec).render(f"schemas/{spec.schema_dir}/{spec.file_stem}.json")


def api_name(request_name: str) -> str:
    return request_name[: -len("Request")]


def render_package_init(specs: list[MessageSpec]) -> str:
    requests = sorted((s.api_key, s) for s in specs if s.type == "request" and s.api_key is not None)
    responses = {s.api_key: s for s in specs if s.type == "response" and s.api_key is not None}
    lines = [
        '"""Generated codecs for Kafka\'s messages, one module per schema (written by kbroker.protocol.codegen).',
        "",
        "Nothing is imported eagerly: request_class/response_class import one module on first use.",
        '"""',
        "",
        "import importlib",
        "",
        "API_KEYS: dict[int, str] = {",
    ]
    lines += [f"    {key}: {api_name(spec.name)!r}," for key, spec in requests]
    lines.append("}")
    lines.append("")
    lines.append("_REQUESTS: dict[int, tuple[str, str]] = {")
    lines += [f"    {key}: ({spec.module!r}, {spec.name!r})," for key, spec in requests]
    lines.append("}")
    lines.append("")
    lines.append("_RESPONSES: dict[int, tuple[str, str]] = {")
    lines += [f"    {key}: ({spec.module!r}, {spec.name!r})," for key, spec in sorted(responses.items())]
    lines.append("}")
    lines += [
        "",
        "",
        "def _load(table: dict, api_key: int):",
        "    module, name = table[api_key]",
        "    return getattr(importlib.import_module(f'{__name__}.{module}'), name)",
        "",
        "",
        "def request_class(api_key: int):",
        '    """The request class of an API key (KeyError for an unknown key)."""',
        "    return _load(_REQUESTS, api_key)",
        "",
        "",
        "def response_class(api_key: int):",
        '    """The response class of an API key (KeyError for an unknown key)."""',
        "    return _load(_RESPONSES, api_key)",
    ]
    return "\n".join(lines) + "\n"


def render_subpackage_init(schema_dir: str, specs: list[MessageSpec]) -> str:
    """A subpackage's __init__: a lazy table of its keyed messages (records of the metadata log and of the
    coordinators' internal topics), so a reader imports only the record types it meets."""
    keyed = sorted((s.type, s.api_key, s) for s in specs if s.api_key is not None)
    lines = [
        f'"""Generated codecs for the schemas in schemas/{schema_dir}/ (kbroker.protocol.codegen).',
        "",
        "message_class(schema type, api key) imports one module on first use.",
        '"""',
        "",
        "import importlib",
        "",
        "_CLASSES: dict[tuple[str, int], tuple[str, str]] = {",
    ]
    lines += [f"    ({kind!r}, {key}): ({spec.module.split('.')[-1]!r}, {spec.name!r})," for kind, key, spec in keyed]
    lines += [
        "}",
        "",
        "",
        "def message_class(schema_type: str, api_key: int):",
        '    """The class of a keyed message, e.g. ("metadata", 2) (KeyError when there is none)."""',
        "    module, name = _CLASSES[(schema_type, api_key)]",
        "    return getattr(importlib.import_module(f'{__name__}.{module}'), name)",
        "",
        "",
        "def api_keys(schema_type: str) -> list[int]:",
        '    """The api keys of the keyed messages of one schema type, ascending."""',
        "    return sorted(key for kind, key in _CLASSES if kind == schema_type)",
    ]
    return "\n".join(lines) + "\n"


def generated_files(specs: list[MessageSpec]) -> dict[Path, str]:
    files: dict[Path, str] = {MESSAGES_DIR / "__init__.py": render_package_init(specs)}
    by_subpackage: dict[str, list[MessageSpec]] = {}
    for spec in specs:
        parts = spec.module.split(".")
        if len(parts) == 2:
            by_subpackage.setdefault(parts[0], []).append(spec)
        files[MESSAGES_DIR.joinpath(*parts[:-1], parts[-1] + ".py")] = render_module(spec)
    for package, members in by_subpackage.items():
        files[MESSAGES_DIR / package / "__init__.py"] = render_subpackage_init(members[0].schema_dir, members)
    return files


def write_messages() -> tuple[int, int]:
    """Regenerate kbroker/protocol/messages; returns (modules written, stale files removed)."""
    files = generated_files(load_schemas())
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    removed = 0
    for path in sorted(MESSAGES_DIR.rglob("*.py")):
        if path not in files:
            path.unlink()
            removed += 1
    for directory in sorted((p for p in MESSAGES_DIR.rglob("*") if p.is_dir()), reverse=True):
        if directory.name != "__pycache__" and not any(directory.glob("*.py")):
            for cached in directory.glob("__pycache__/*"):
                cached.unlink()
            for sub in directory.glob("__pycache__"):
                sub.rmdir()
            if not any(directory.iterdir()):
                directory.rmdir()
    return len(files), removed


def main() -> int:
    written, removed = write_messages()
    print(f"kbroker.protocol.codegen: {written} files in {MESSAGES_DIR}, {removed} stale removed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
