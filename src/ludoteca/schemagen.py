"""JSON Schema from typed definitions: a :class:`~typing.TypedDict` (and the
types of its keys) as a JSON Schema (draft 2020-12) object.

``bool``, ``int``, ``float`` and ``str`` are JSON's types; a ``Literal`` is a
``const`` (one value) or an ``enum``; ``X | None`` may be null (its
:class:`~ludoteca.viewtypes.Doc` says what null means); ``list[X]`` and
``tuple[X, ...]`` are arrays of ``X`` (``tuple[X, Y]``: an ``X`` then a ``Y``);
a TypedDict is an object with exactly its keys (``required`` but its
``NotRequired`` ones, ``additionalProperties: false``), described by its
docstring unless a ``Doc`` says otherwise; a union of TypedDicts marked
:class:`~ludoteca.viewtypes.Tagged` is told apart by its key.
``Annotated`` metadata adds the description (``Doc``) and keywords a type
cannot say (``Json``: a range, a length, a pattern, a ``$ref``, which then
stands for the type).

>>> from typing import Annotated, Literal, NotRequired, TypedDict
>>> from ludoteca.viewtypes import Doc, Json
>>> class Point(TypedDict):
...     '''a point'''
...     x: Annotated[int, Doc("across"), Json(minimum=0, maximum=9)]
...     tag: NotRequired[Annotated[Literal["a", "b"] | None, Doc("its tag", null="if none")]]
>>> schema(Point)  # doctest: +NORMALIZE_WHITESPACE
{'description': 'a point', 'type': 'object', 'required': ['x'], 'additionalProperties': False,
 'properties': {'x': {'description': 'across', 'type': 'integer', 'minimum': 0, 'maximum': 9},
                'tag': {'description': 'its tag; null if none', 'enum': ['a', 'b', None]}}}

A tuple of fixed length lists its items:

>>> pair = tuple[Annotated[int, Doc("x")], Annotated[str, Doc("name")]]
>>> schema(pair)  # doctest: +NORMALIZE_WHITESPACE
{'type': 'array', 'prefixItems': [{'description': 'x', 'type': 'integer'},
 {'description': 'name', 'type': 'string'}], 'items': False, 'minItems': 2}

Every key says what it means:

>>> class Bare(TypedDict):
...     x: int
>>> schema(Bare)
Traceback (most recent call last):
TypeError: Bare.x does not say what it means (Doc(...))
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, NotRequired, Required, Union

from ludoteca.viewtypes import Doc, Json, Tagged

__all__ = ["Schema", "dispatch", "nullable", "object_schema", "schema"]

Schema = dict[str, Any]

SIMPLE = {"type", "minimum", "maximum", "pattern", "items", "minItems", "maxItems"}
"""Keywords that only constrain a value of their type (null passes them)."""

SCALARS: dict[Any, str] = {bool: "boolean", int: "integer", float: "number", str: "string"}


def schema(tp: Any) -> Schema:
    """The JSON Schema of the type ``tp`` (its ``Annotated`` metadata included)."""
    doc: Doc | None = None
    extra: dict[str, Any] = {}
    tagged: str | None = None
    if typing.get_origin(tp) is Annotated:
        for meta in tp.__metadata__:
            if isinstance(meta, Doc):
                doc = meta
            elif isinstance(meta, Json):
                extra.update(meta.keywords)
            elif isinstance(meta, Tagged):
                tagged = meta.key
        tp = tp.__origin__
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (Union, types.UnionType) and type(None) in args:
        inner = schema(Union[tuple(a for a in args if a is not type(None))])  # noqa: UP007
        if doc is None:
            raise TypeError(f"{tp}: say what it and null mean (Doc(..., null=...))")
        return nullable({**inner, "description": doc.text, **extra}, doc.null)
    out: Schema = {} if doc is None else {"description": doc.text}
    if extra.keys() & {"$ref", "const", "enum"}:
        return out | extra
    if tagged is not None:
        return out | tagged_union(tagged, args) | extra
    return out | bare(tp) | extra


def bare(tp: Any) -> Schema:
    """The schema of ``tp`` without its description."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp in SCALARS:
        return {"type": SCALARS[tp]}
    if origin is Literal:
        return {"const": args[0]} if len(args) == 1 else {"enum": list(args)}
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return {
            "type": "array",
            "prefixItems": [schema(a) for a in args],
            "items": False,
            "minItems": len(args),
        }
    if origin in (list, tuple, Sequence):
        return {"type": "array", "items": schema(args[0])}
    if origin in (Union, types.UnionType):
        if all(typing.get_origin(a) is Literal for a in args):
            return {"enum": [v for a in args for v in typing.get_args(a)]}
        return {"anyOf": [schema(a) for a in args]}
    if typing.is_typeddict(tp):
        return object_schema(tp)
    if origin in (dict, Mapping):
        return {"type": "object"}
    raise TypeError(f"no JSON Schema for {tp!r}")


def object_schema(td: Any, overrides: Mapping[str, Schema] | None = None) -> Schema:
    """The TypedDict ``td`` as an object with exactly its keys (the schemas of
    ``overrides`` instead of those of their types)."""
    hints = typing.get_type_hints(td, include_extras=True)
    properties: dict[str, Schema] = {}
    required: list[str] = []
    for key, tp in hints.items():
        origin = typing.get_origin(tp)
        if origin in (NotRequired, Required):
            tp = typing.get_args(tp)[0]
        if origin is not NotRequired and key in td.__required_keys__:
            required.append(key)
        found = None if overrides is None else overrides.get(key)
        properties[key] = found if found is not None else schema(tp)
        if "description" not in properties[key]:
            raise TypeError(f"{td.__name__}.{key} does not say what it means (Doc(...))")
    out: Schema = {}
    if td.__doc__:
        out["description"] = " ".join(td.__doc__.split())
    return out | {
        "type": "object",
        "required": required,
        "additionalProperties": False,
        "properties": properties,
    }


def tagged_union(key: str, variants: Sequence[Any]) -> Schema:
    """An object whose ``key`` (a literal of each variant) says which of the
    TypedDicts ``variants`` it is.

    The value picks its variant by halving the list of values (``if`` the value is
    one of the first half ``then`` … ``else`` …): a validator asks a few questions
    per object instead of one per variant.
    """
    found: list[tuple[Any, Schema]] = []
    for variant in variants:
        first = variant
        while not typing.is_typeddict(first):  # a tagged union of its own
            first = typing.get_args(first)[0]
        literal = typing.get_type_hints(first, include_extras=True)[key]
        while typing.get_origin(literal) is Annotated:
            literal = literal.__origin__
        found.append((typing.get_args(literal)[0], schema(variant)))
    return {
        "type": "object",
        "required": [key],
        "properties": {key: {"enum": [value for value, _ in found]}},
        "allOf": [dispatch(key, found)],
    }


def dispatch(key: str, variants: list[tuple[Any, Schema]]) -> Schema:
    """``if``/``then``/``else`` halving ``variants`` by the value of ``key``."""
    if len(variants) == 1:
        return variants[0][1]
    half = len(variants) // 2
    return {
        "if": {"properties": {key: {"enum": [value for value, _ in variants[:half]]}}},
        "then": dispatch(key, variants[:half]),
        "else": dispatch(key, variants[half:]),
    }


def nullable(schema: Schema, when_null: str | None) -> Schema:
    """``schema`` or ``null``; ``when_null`` says what null means (unless the
    description says it)."""
    inner = {k: v for k, v in schema.items() if k != "description"}
    description = schema["description"]
    if when_null is not None:
        description += f"; null {when_null}"
    if "enum" in inner:
        return {"description": description, "enum": [*inner["enum"], None]}
    if isinstance(inner.get("type"), str) and set(inner) <= SIMPLE:
        return {"description": description, **inner, "type": [inner["type"], "null"]}
    return {"description": description, "anyOf": [inner, {"type": "null"}]}
