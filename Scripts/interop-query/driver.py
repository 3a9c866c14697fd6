"""Encodes a table of models with Courier and checks real server parsers read them back unchanged.

Run by Scripts/interop-query.sh. Each configuration names the server parser that expects it:
PHP parse_str (indexed or bracketed arrays, bracket objects), Rack parse_nested_query (bracketed
arrays, arrays of objects in the Rails form `items[][id]=1`, and the shapes of that form it would misread,
which Courier must refuse), and qs (Express) via qs-codec (indexed, bracketed, repeated, comma with `comma: true`, dots with
`allowDots: true`).
"""
import argparse
import json
import subprocess
import sys

import qs_codec

MODELS = [
    ("spec example", {"user": {"name": "kim", "age": 32}, "tags": ["new", "trial"]}),
    ("escaping", {
        "q": "a+b c&d=e#f", "plus": "+", "amp": "&", "eq": "=", "space": " leading and trailing ",
        "pct": "100% sure", "brackets": "[x]{y}", "comma": "a,b", "pipe": "a|b", "slash": "a/b?c",
        "quote": "it's \"q\"", "tilde": "~-._", "newline": "line1\nline2",
    }),
    ("unicode", {"name": "José Müller", "city": "東京", "emoji": "👍🏽", "café": "crème brûlée"}),
    ("nested", {
        "filter": {"status": "active", "range": {"min": 1, "max": 99.5}, "tags": ["a b", "c+d", "e&f=g"]},
        "page": {"number": 2, "size": 50},
    }),
    ("array of objects", {"people": [{"name": "a", "age": 1}, {"name": "b=c [d]", "age": 2}]}),
    ("array of arrays", {"matrix": [[1, 2], [3]]}),
    ("scalars and empties", {
        "active": True, "deleted": False, "count": 0, "neg": -5, "ratio": 0.25, "missing": None,
        "empty": "", "none": [], "nothing": {}, "onlyNil": {"x": None},
    }),
    ("special keys", {"meta": {"a b": "1", "c&d=e+f": "2", "ü": "3", "#h": "4", "x%y": "5"}}),
    ("fifteen ids", {"ids": list(range(100, 115))}),
    ("single element", {"one": ["x+y"], "two": ["a", "b"]}),
    ("deep", {"a": {"b": {"c": {"d": "deep & deeper"}}}}),
    ("unsorted keys", {"b": "2", "a": "1", "c": {"z": "1", "y": "2"}, "arr": ["z", "a", "m"]}),
    ("root array", ("ids", [3, 1, 2])),
    ("root scalar", ("n", "forty two")),
    # Arrays of objects: `.indexed` writes `items[0][id]`, `.bracketed` the Rails form `items[][id]`.
    ("rails array of hashes", {"items": [{"id": 1, "name": "x"}, {"id": 2, "name": "y"}]}),
    ("hashes with a nested hash", {"people": [
        {"name": "kim", "address": {"city": "Seoul", "zip": "04524"}},
        {"name": "lee", "address": {"city": "Busan", "zip": None}},
    ]}),
    ("hashes holding arrays", {"items": [{"id": 1, "tags": ["x", "y"]}, {"id": 2, "tags": []}, {"id": 3, "tags": ["z"]}]}),
    ("a[][b][][c]", {"a": [{"at": "1", "b": [{"c": "1"}, {"c": "2"}]}, {"at": "2", "b": [{"c": "3"}]}]}),
    ("one-key hashes", {"items": [{"id": 1}, {"id": 2}, {"id": 3}]}),
    ("one hash", {"items": [{"id": 1, "name": "x", "tags": ["p", "q"]}]}),
    ("escaped hashes", {"items": [{"name": "a&b=c [d]", "q": "x+y z"}, {"name": "é", "q": "%"}]}),
    ("root array of hashes", ("items", [{"id": 1, "name": "x"}, {"id": 2, "name": "y"}])),
]

# Arrays of objects that Courier refuses under `.bracketed` (`.unsupportedNesting`) because Rack reads their
# Rails form back differently; the driver writes that form itself and checks Rack indeed misreads it.
REFUSED_BY_RACK = [
    ("different first keys", {"x": [{"a": 1}, {"b": 2}]}),
    ("element starting with an array", {"a": [{"b": [{"c": "1"}]}, {"b": [{"c": "2"}]}]}),
    ("empty element", {"x": [{"a": 1}, {}, {"a": 3}]}),
]

# (name, parser, arrays, objects, form body?, qs options)
CONFIGS = [
    ("php indexed", "php", "indexed", "brackets", False, None),
    ("php indexed form", "php", "indexed", "brackets", True, None),
    ("php bracketed", "php", "bracketed", "brackets", False, None),
    ("rack bracketed", "rack", "bracketed", "brackets", False, None),
    ("rack bracketed form", "rack", "bracketed", "brackets", True, None),
    ("qs indexed", "qs", "indexed", "brackets", False, {}),
    ("qs indexed form", "qs", "indexed", "brackets", True, {}),
    ("qs bracketed", "qs", "bracketed", "brackets", False, {}),
    ("qs repeated", "qs", "repeated", "brackets", False, {}),
    ("qs comma", "qs", "commaSeparated", "brackets", False, {"comma": True}),
    ("qs dots", "qs", "indexed", "dots", False, {"allow_dots": True}),
]

MISSING = object()


def scalar_text(value):
    """The text Courier writes for a JSON scalar (Swift's description for numbers)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    return value


def expected(value, arrays):
    """The structure a server should parse: strings at the leaves, nil and empty containers gone."""
    if value is None:
        return MISSING
    if isinstance(value, dict):
        members = {k: expected(v, arrays) for k, v in value.items()}
        members = {k: v for k, v in members.items() if v is not MISSING}
        return members if members else MISSING
    if isinstance(value, list):
        items = [expected(v, arrays) for v in value]
        items = [v for v in items if v is not MISSING]
        if not items:
            return MISSING
        # `tags=a` cannot say it was a one-element list: such servers read a plain value.
        if arrays in ("repeated", "commaSeparated") and len(items) == 1:
            return items[0]
        return items
    return scalar_text(value)


def leaf_count(node):
    """How many name=value pairs a value writes."""
    if node is None:
        return 0
    if isinstance(node, dict):
        return sum(leaf_count(v) for v in node.values())
    if isinstance(node, list):
        return sum(leaf_count(v) for v in node)
    return 1


def applicable(value, arrays, parser):
    """Whether Courier can write the model with this array strategy (else it rightly throws) and the
    parser can read that form: objects in `.bracketed` arrays (the Rails form `items[][id]=1`) are read
    element by element by Rack only; PHP starts a new element at every `[]` (so it agrees when each
    element writes one pair), qs merges elements by position (so it agrees on one-element arrays)."""
    def walk(node, in_array):
        if isinstance(node, dict):
            if in_array and arrays != "indexed":
                if arrays != "bracketed":
                    return False
                if parser == "php" and leaf_count(node) != 1:
                    return False
            return all(walk(v, False) for v in node.values())
        if isinstance(node, list):
            if in_array and arrays != "indexed":
                return False
            objects = [v for v in node if isinstance(v, dict)]
            if objects and arrays == "bracketed" and parser == "qs" and len([v for v in node if v is not None]) != 1:
                return False
            return all(walk(v, True) for v in node)
        if arrays == "commaSeparated" and in_array and isinstance(node, str) and "," in node:
            return False
        return True
    return walk(value, False)


def qs_reads_its_own(structure, qs_options):
    """Whether qs-codec decodes its own encoding of `structure` back to it."""
    encode_options = qs_codec.EncodeOptions(allow_dots=bool(qs_options.get("allow_dots")))
    wire = qs_codec.encode(structure, encode_options)
    return qs_codec.decode(wire, qs_codec.DecodeOptions(**qs_options)) == structure


def rails_form(value, name=""):
    """The Rails `to_query` form of a value, unescaped (keys sorted, `[]` for every array element)."""
    if value is None:
        return []
    if isinstance(value, dict):
        return [pair for key in sorted(value) for pair in rails_form(value[key], f"{name}[{key}]" if name else key)]
    if isinstance(value, list):
        return [pair for element in value for pair in rails_form(element, name + "[]")]
    return [(name, scalar_text(value))]


def strict(value):
    """A model as a parser should read it, keeping empty elements (which a correct reading cannot lose)."""
    if isinstance(value, dict):
        return {k: strict(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [strict(v) for v in value if v is not None]
    return scalar_text(value)


def check_refused(courier, rack):
    """Courier refuses each REFUSED_BY_RACK model, and Rack misreads its Rails form: the refusal is needed."""
    from urllib.parse import quote
    requests = [json.dumps({"arrays": "bracketed", "objects": "brackets", "form": False, "rootKey": None, "model": m})
                for _, m in REFUSED_BY_RACK]
    wires = run_lines(courier, requests)
    forms = ["&".join(quote(n, safe="") + "=" + quote(v, safe="") for n, v in rails_form(m)) for _, m in REFUSED_BY_RACK]
    readings = [json.loads(line) for line in run_lines(["ruby", rack], forms)]
    passed = failed = 0
    for (name, model), wire, form, reading in zip(REFUSED_BY_RACK, wires, forms, readings):
        if wire.startswith("!error cannot encode the value") and reading != strict(model):
            passed += 1
        else:
            failed += 1
            print(f"FAIL rack refused / {name}\n  courier: {wire}\n  rails form: {form}\n  rack reads: {reading}")
    return passed, failed


def run_lines(command, lines):
    result = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    return result.stdout.splitlines()


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("--courier", required=True)
    arguments.add_argument("--php", required=True)
    arguments.add_argument("--rack", required=True)
    arguments.add_argument("--transport", default=None,
                           help="check what a server received over this Courier transport (urlSession, socket)")
    options = arguments.parse_args()
    courier = [options.courier, "query-wire"] + (["--over", options.transport] if options.transport else [])

    cases = []
    for config_name, parser, arrays, objects, form, qs_options in CONFIGS:
        for model_name, model in MODELS:
            root_key = None
            if isinstance(model, tuple):
                root_key, model = model
            if not applicable(model, arrays, parser):
                continue
            want = expected(model, arrays)
            if root_key is not None:
                want = {root_key: want}
            if want is MISSING:
                want = {}
            request = {"arrays": arrays, "objects": objects, "form": form, "rootKey": root_key, "model": model}
            cases.append({"name": f"{config_name} / {model_name}", "parser": parser, "form": form,
                          "qs": qs_options, "request": request, "expected": want})

    wires = run_lines(courier, [json.dumps(c["request"], ensure_ascii=False) for c in cases])
    if len(wires) != len(cases):
        print(f"courier-bench query-wire answered {len(wires)} lines for {len(cases)} requests")
        print("0 passed, 1 failed")
        return 1
    for case, wire in zip(cases, wires):
        case["wire"] = wire

    parsed = {}
    for parser, command in (("php", ["php", options.php]), ("rack", ["ruby", options.rack])):
        selected = [c for c in cases if c["parser"] == parser and not c["wire"].startswith("!error")]
        for case, line in zip(selected, run_lines(command, [c["wire"] for c in selected])):
            parsed[id(case)] = json.loads(line)
    for case in cases:
        if case["parser"] == "qs" and not case["wire"].startswith("!error"):
            decode_options = qs_codec.DecodeOptions(**case["qs"])
            parsed[id(case)] = qs_codec.decode(case["wire"], decode_options)

    passed, failed = check_refused(courier, options.rack)
    skipped = 0
    for case in cases:
        got = parsed.get(id(case))
        if case["parser"] == "qs" and not qs_reads_its_own(case["expected"], case["qs"]):
            # qs-codec cannot read back even its own encoding of this shape (nested lists in 1.6.3):
            # a limit of the port, not a disagreement about the wire format.
            skipped += 1
            print(f"skip {case['name']}: qs-codec does not round-trip its own encoding of this shape")
            continue
        if case["wire"].startswith("!error"):
            ok, got = False, case["wire"]
        else:
            ok = got == case["expected"]
        if ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {case['name']}\n  wire:     {case['wire']}\n  parsed:   {got}\n  expected: {case['expected']}")
    by_parser = {}
    for case in cases:
        by_parser[case["parser"]] = by_parser.get(case["parser"], 0) + 1
    print("cases per parser: " + ", ".join(f"{k} {v}" for k, v in sorted(by_parser.items())))
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
