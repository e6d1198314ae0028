"""JSON Schemas (draft 2020-12) of the kit's ``instance.json`` files and of ``refboost-check --json`` rows.

``refboost-check --schema instance`` (or ``result``) prints them; :data:`INSTANCE` and :data:`RESULT` are the
same as dictionaries. A number of ``instance.json`` is a JSON number, or one of the strings ``"inf"``,
``"-inf"``, ``"nan"`` for non-finite values. The book's page on the kit describes the fields.
"""

from __future__ import annotations

import json

_NUMBER = {"oneOf": [{"type": "number"}, {"enum": ["inf", "-inf", "nan"]}]}
_VECTOR = {"oneOf": [{"type": "null"}, {"type": "array", "items": _NUMBER, "minItems": 1}]}

INSTANCE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://refboost.invalid/conformance/instance.schema.json",
    "title": "refboost conformance kit: instance.json",
    "type": "object",
    "required": ["format", "problem", "name", "tags", "params", "value", "weights", "distribution", "solution",
                 "certificate", "generator", "shape"],
    "properties": {
        "format": {"const": 1, "description": "format version of the kit"},
        "problem": {"type": "string", "description": "the family (refboost-check --list)"},
        "name": {"type": "string", "description": "the instance (its folder's name)"},
        "tags": {"type": "array", "items": {"type": "string"}},
        "params": {"type": "object", "description": "the family's parameters (nu, eta, T, beta, C, D, p, bound, ...)"},
        "value": {**_NUMBER, "description": "the optimum, in the units of the family's certificate"},
        "weights": {**_VECTOR, "description": "an optimal w, one entry per column of U.csv"},
        "distribution": {**_VECTOR, "description": "an optimal d, one entry per row of U.csv"},
        "solution": {"type": "object", "description": "further parts of the solution"},
        "certificate": {
            "type": "object",
            "required": ["tol", "solvers", "value_difference", "agreement_tol", "certify", "versions"],
            "properties": {
                "tol": {"type": "number"},
                "solvers": {"type": "array", "minItems": 2, "maxItems": 2,
                            "items": {"type": "object", "required": ["name", "value"],
                                      "properties": {"name": {"type": "string"}, "value": _NUMBER,
                                                     "status": {"type": "string"}}}},
                "value_difference": {"type": "number"},
                "agreement_tol": {"type": "number"},
                "certify": {"type": "object", "required": ["function", "ok", "objective", "gap"],
                            "properties": {"ok": {"const": True}}},
                "versions": {"type": "object", "additionalProperties": {"type": "string"}},
            },
        },
        "generator": {"type": "object", "required": ["seed", "command"]},
        "shape": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 2},
    },
}

_NULLABLE_NUMBER = {"oneOf": [{"type": "null"}, _NUMBER]}

RESULT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://refboost.invalid/conformance/result.schema.json",
    "title": "refboost-check --json: one row per candidate",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["problem", "instance", "optimum", "objective", "bound", "gap", "feasibility", "ok", "verdict",
                     "message", "kkt"],
        "properties": {
            "problem": {"type": "string"},
            "instance": {"type": "string"},
            "params": {"type": "object"},
            "optimum": _NULLABLE_NUMBER,
            "objective": _NULLABLE_NUMBER,
            "bound": _NULLABLE_NUMBER,
            "gap": _NULLABLE_NUMBER,
            "distance": {**_NULLABLE_NUMBER, "description": "|objective - optimum|"},
            "feasibility": _NULLABLE_NUMBER,
            "tol": {"type": "number", "description": "the absolute gap the verdict required"},
            "ok": {"type": "boolean"},
            "verdict": {"enum": ["CERTIFIED", "FAILED", "ERROR", "MISSING"]},
            "message": {"type": "string"},
            "bound_source": {"type": "string"},
            "kkt": {"type": "object"},
        },
    },
}

SCHEMAS = {"instance": INSTANCE, "result": RESULT}


def dumps(name: str) -> str:
    """One schema as indented JSON (``name``: ``"instance"`` or ``"result"``)."""
    if name not in SCHEMAS:
        raise ValueError(f"name must be one of {sorted(SCHEMAS)}, got {name!r}")
    return json.dumps(SCHEMAS[name], indent=1) + "\n"
