"""JSON Schemas (draft 2020-12) of the kit's files and of ``refboost-check --json`` rows.

``refboost-check --schema instance`` (or ``result``, ``trajectory``, ``trajectory-result``, ``iterates``) prints
them; :data:`INSTANCE`, :data:`RESULT`, :data:`TRAJECTORY` (a ``trajectories/<family>.json.gz`` file, once
decompressed), :data:`TRAJECTORY_RESULT` (the rows of ``refboost-check --trajectory ... --json``) and
:data:`ITERATES` (a candidate's ``--iterates`` JSON file) are the same as dictionaries. A number of
``instance.json`` is a JSON number, or one of the strings ``"inf"``,
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

_ITERATE_FIELDS = {
    "j": {"type": "integer", "minimum": 0, "description": "the column the weak learner returned at iteration t "
          "(0-based column of U); the tie rule: maximum edge, lowest index among edges within 1e-12 of it"},
    "d": {"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "number"}, "minItems": 1}],
          "description": "the distribution the weak learner was given at iteration t (N numbers)"},
    "step": {"oneOf": [{"type": "null"}, {"type": "number"}],
             "description": "the step of iteration t (alpha, lambda), where the box has one"},
    "w": {"oneOf": [{"type": "null"}, {"type": "array", "items": {"type": "number"}, "minItems": 1}],
          "description": "the weights after iteration t over all K columns of U"},
    **{k: {"oneOf": [{"type": "null"}, {"type": "number"}], "description": f"the box's scalar {k} (optional)"}
       for k in ("P", "gamma_hat", "P_prev", "Theta", "eps_t", "target")},
    "secondary_won": {"oneOf": [{"type": "null"}, {"type": "boolean"}],
                      "description": "MLPBoost: the secondary candidate won line 13 (optional)"},
}

TRAJECTORY = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://refboost.invalid/conformance/trajectory.schema.json",
    "title": "refboost conformance kit: trajectories/<family>.json.gz (gzip-compressed JSON)",
    "type": "object",
    "required": ["format", "family", "work", "box", "booster", "params", "fields", "optional_fields", "iterate",
                 "tie_rule", "min_edge_gap", "tolerance", "verified", "generator", "versions", "instances"],
    "properties": {
        "format": {"const": 1},
        "family": {"type": "string", "description": "the trajectory family (refboost-check --trajectory list)"},
        "work": {"type": "string"}, "box": {"type": "string", "description": "the algorithm box"},
        "booster": {"type": "string", "description": "refboost's implementation that generated the iterates"},
        "params": {"type": "array", "items": {"type": "string"}},
        "fields": {"type": "array", "items": {"enum": ["j", "d", "step", "w"]},
                   "description": "required per iteration (where the stored value is not null)"},
        "optional_fields": {"type": "array", "items": {"type": "string"},
                            "description": "compared when a candidate gives them"},
        "iterate": {"type": "string", "description": "what the t-th element of iterates is, in the box's notation"},
        "tie_rule": {"type": "string"},
        "min_edge_gap": {"type": "number", "description": "the least best-minus-second-best edge allowed"},
        "tolerance": {"type": "object", "additionalProperties": {"type": "number", "minimum": 0},
                      "description": "absolute tolerance per field (0: exact)"},
        "verified": {"type": "object", "required": ["booster", "transcription"]},
        "generator": {"type": "object", "required": ["command"]},
        "versions": {"type": "object", "additionalProperties": {"type": "string"}},
        "instances": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "required": ["name", "generator", "params", "shape", "iterations", "stopped", "edge_gap", "agreement",
                         "U", "iterates"],
            "properties": {
                "name": {"type": "string"},
                "generator": {"type": "string", "description": "how U was drawn"},
                "params": {"type": "object"},
                "shape": {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 2, "maxItems": 2},
                "iterations": {"type": "integer", "minimum": 1},
                "stopped": {"type": "boolean", "description": "the stopping test fired at the last iteration"},
                "edge_gap": {"type": "array", "items": {"type": "number"},
                             "description": "per iteration: best edge minus second best under d"},
                "agreement": {"type": "object", "required": ["transcription", "booster"],
                              "description": "largest deviation per field from the stored iterates"},
                "U": {"type": "array", "items": {"type": "array", "items": {"type": "number"}}},
                "iterates": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "required": ["t", "j"],
                    "properties": {"t": {"type": "integer", "minimum": 0}, **_ITERATE_FIELDS,
                                   "j_ties": {"type": "array", "items": {"type": "integer"},
                                              "description": "tied columns, all chosen before: any is accepted"}},
                    "additionalProperties": False}},
            },
        }},
    },
}

ITERATES = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://refboost.invalid/conformance/iterates.schema.json",
    "title": "refboost-check --trajectory FAMILY --iterates FILE.json: a candidate's iterates",
    "description": "One object per iteration, in order (or {\"iterates\": [...]}); the family's fields (see "
                   "--trajectory list); distribution, weights, hypothesis, alpha and lam are accepted for d, w, j "
                   "and step; null or an absent optional field is not compared.",
    "oneOf": [
        {"type": "array", "items": {"type": "object", "properties": {"t": {"type": "integer"}, **_ITERATE_FIELDS}}},
        {"type": "object", "required": ["iterates"]},
    ],
}

TRAJECTORY_RESULT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://refboost.invalid/conformance/trajectory-result.schema.json",
    "title": "refboost-check --trajectory FAMILY --json: one row per candidate",
    "type": "array",
    "items": {
        "type": "object",
        "required": ["family", "instance", "ok", "verdict", "message"],
        "properties": {
            "family": {"type": "string"}, "instance": {"type": "string"}, "file": {"type": "string"},
            "params": {"type": "object"}, "iterations": {"type": "integer"}, "compared": {"type": "integer"},
            "ok": {"type": "boolean"},
            "verdict": {"enum": ["SAME", "DIFFERS", "ERROR", "MISSING"]},
            "iteration": {"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0}],
                          "description": "the first differing iteration, numbered as the box does (the stored t)"},
            "index": {"oneOf": [{"type": "null"}, {"type": "integer", "minimum": 0}],
                      "description": "its position in the candidate's list (0-based)"},
            "field": {"oneOf": [{"type": "null"}, {"type": "string"}],
                      "description": "the first differing field (null: the number of iterations differs)"},
            "deviation": _NULLABLE_NUMBER, "tol": _NULLABLE_NUMBER,
            "max_deviation": {"type": "object"}, "fields": {"type": "array", "items": {"type": "string"}},
            "message": {"type": "string"},
        },
    },
}

SCHEMAS = {"instance": INSTANCE, "result": RESULT, "trajectory": TRAJECTORY, "trajectory-result": TRAJECTORY_RESULT,
           "iterates": ITERATES}


def dumps(name: str) -> str:
    """One schema as indented JSON (``name``: one of :data:`SCHEMAS`)."""
    if name not in SCHEMAS:
        raise ValueError(f"name must be one of {sorted(SCHEMAS)}, got {name!r}")
    return json.dumps(SCHEMAS[name], indent=1) + "\n"
