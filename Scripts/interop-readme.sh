#!/usr/bin/env bash
# Compiles every ```swift code block of README.md and of the DocC articles (Sources/*/*.docc/*.md) against this
# checkout of Courier.
#
# Convention (see "About the code samples" in README.md; the articles follow the same one):
#   - every block fenced with ```swift is compiled; use ```text (or ```sh) for anything that is not Swift
#     meant to compile;
#   - each block becomes its own module (so two blocks may declare the same names): its `import`s stay at the
#     top, its declarations (types, extensions, functions) stay at file scope, and its statements run inside an
#     `async throws` function, so top-level `try await client.send(…)` compiles;
#   - every block sees the names declared in Scripts/readme-context.swift (a `client`, a `server`, the DTOs
#     the samples use, …) and generated from Scripts/readme-context.http, like the surrounding code of a real
#     app would provide them;
#   - a block that imports Testing or XCTest is built as a test target, and the tests are run;
#   - ```httpidl blocks are compiled by HTTPIDLPlugin into that shared module, so the Swift blocks can use the
#     generated types.
#
# All blocks are built by one `swift build` of one temporary package under .build/readme-snippets (kept, so
# later runs are incremental). Errors are reported with the document's own line numbers. Prints `N passed, M failed`
# and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$(pwd)"
WORK="$ROOT/.build/readme-snippets"

if ! command -v python3 >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq python3 >/dev/null
fi

mkdir -p "$WORK"
python3 - "$ROOT" "$WORK" <<'PYTHON'
import glob, json, os, re, shutil, sys

root, work = sys.argv[1], sys.argv[2]
documents = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "Sources", "*", "*.docc", "**", "*.md"),
                                                                 recursive=True))

# 1. Find the ```swift blocks (document, first line number of the code, code lines), and the ```httpidl blocks.
blocks, idl_blocks = [], []
for document in documents:
    lines = open(document, encoding="utf-8").read().split("\n")
    current, start, language = None, 0, None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if current is None:
            if stripped.startswith("```") and stripped[3:].strip() in ("swift", "httpidl"):
                current, start, language = [], number + 1, stripped[3:].strip()
        elif stripped.startswith("```"):
            (blocks if language == "swift" else idl_blocks).append((document, start, current))
            current = None
        else:
            current.append(line)
    if current is not None:
        sys.exit(f"{os.path.relpath(document, root)}:{start - 1}: unterminated ```{language} block")

# 2. Split a block into top-level items, tracking brackets outside strings and comments.
def depth_changes(line, state):
    """Returns the bracket depth change of `line`; `state` carries open strings/comments across lines."""
    delta, i = 0, 0
    while i < len(line):
        mode = state["mode"]
        c, rest = line[i], line[i:]
        if mode == "block":
            if rest.startswith("*/"): state["mode"], i = None, i + 2; continue
            i += 1; continue
        if mode in ('"', '"""'):
            hashes = state["hashes"]
            close = mode + "#" * hashes
            if rest.startswith("\\" + "#" * hashes + "("):
                state["stack"].append((mode, hashes)); state["mode"] = None; state["interp"].append(0)
                i += 2 + hashes; continue
            if hashes == 0 and c == "\\": i += 2; continue
            if rest.startswith(close): state["mode"] = None; i += len(close); continue
            i += 1; continue
        # code
        if rest.startswith("//"): break
        if rest.startswith("/*"): state["mode"], i = "block", i + 2; continue
        m = re.match(r'(#*)("""|")', rest)
        if m:
            state["mode"], state["hashes"] = m.group(2), len(m.group(1))
            i += len(m.group(0)); continue
        if c in "([{":
            delta += 1
            if state["interp"]: state["interp"][-1] += 1
        elif c in ")]}":
            if state["interp"] and state["interp"][-1] == 0 and c == ")":
                state["interp"].pop(); mode, hashes = state["stack"].pop()
                state["mode"], state["hashes"] = mode, hashes
                i += 1; continue
            delta -= 1
            if state["interp"]: state["interp"][-1] -= 1
        i += 1
    return delta

DECLARATION = re.compile(
    r"^(@\w+|public\b|private\b|fileprivate\b|internal\b|open\b|final\b|indirect\b|nonisolated\b|"
    r"struct\b|class\b|enum\b|protocol\b|extension\b|actor\b|typealias\b|func\b|macro\b|"
    r"precedencegroup\b|(prefix|postfix|infix)\s+operator\b)")
CONTINUATION = re.compile(r"^(\.|\)|\]|\}|else\b|catch\b|where\b|=|&&|\|\||\?|:)")

IMPORT = re.compile(r"^(@testable\s+)?import\s")

def kind_of(lines):
    """import / declaration / statement, from the first line (or, for an #if block, from its contents)."""
    first = lines[0].strip()
    if not first.startswith("#if"):
        return "import" if IMPORT.match(first) else "declaration" if DECLARATION.match(first) else "statement"
    inner = [l.strip() for l in lines if l.strip() and not l.strip().startswith(("#", "//"))]
    if inner and all(IMPORT.match(l) for l in inner):
        return "import"
    return "declaration" if inner and DECLARATION.match(inner[0]) else "statement"

def items_of(code):
    """[(kind, [(offset, line)])] with kind in import/declaration/statement. An `#if … #endif` block at the
    top level is one item."""
    items, pending, state, depth, conditional = [], [], {"mode": None, "hashes": 0, "stack": [], "interp": []}, 0, 0
    for offset, line in enumerate(code):
        stripped = line.strip()
        at_top = depth == 0 and conditional == 0 and state["mode"] is None
        if at_top and (not stripped or stripped.startswith("//")):
            pending.append((offset, line))            # comments and blank lines go with the next item
        elif at_top and not (items and CONTINUATION.match(stripped)):
            items.append([None, pending + [(offset, line)]])
            pending = []
        else:
            if items:
                items[-1][1].extend(pending + [(offset, line)])
            else:
                pending.append((offset, line))
            pending = []
        if state["mode"] is None and depth == 0:
            if re.match(r"^#if\b", stripped): conditional += 1
            elif re.match(r"^#endif\b", stripped): conditional = max(0, conditional - 1)
        depth += depth_changes(line, state)
    return [(kind_of([l for _, l in chunk if l.strip() and not l.strip().startswith("//")] or [""]), chunk)
            for _, chunk in items]

# 3. Write one module per block.
sources = os.path.join(work, "Sources")
tests = os.path.join(work, "Tests")
for directory in (sources, tests):
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
os.makedirs(os.path.join(sources, "ReadmeContext"))
shutil.copy(os.path.join(root, "Scripts", "readme-context.swift"),
            os.path.join(sources, "ReadmeContext", "ReadmeContext.swift"))
# ```httpidl blocks are compiled by HTTPIDLPlugin into ReadmeContext, so the Swift blocks can use the generated
# types. Leading blank lines keep httpidl's line numbers equal to the document's.
idl_entries = []
context_idl = os.path.join(root, "Scripts", "readme-context.http")
if os.path.exists(context_idl):
    shutil.copy(context_idl, os.path.join(sources, "ReadmeContext", "ReadmeContextIDL.http"))
for index, (document, start, code) in enumerate(idl_blocks, 1):
    name = f"IDLBlock{index:02d}"
    with open(os.path.join(sources, "ReadmeContext", f"{name}.http"), "w", encoding="utf-8") as f:
        f.write("\n" * (start - 1) + "\n".join(code) + "\n")
    idl_entries.append({"name": name, "document": document, "start": start, "end": start + len(code) - 1, "idl": True})

PRELUDE = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Courier
import CourierTesting
import ReadmeContext
"""
targets = []
for index, (document, start, code) in enumerate(blocks, 1):
    name = f"Snippet{index:02d}"
    items = items_of(code)
    text = "\n".join(code)
    is_test = re.search(r"^\s*import\s+(Testing|XCTest)\b", text, re.M) is not None
    def located(chunk):
        first = chunk[0][0]
        return [f'#sourceLocation(file: "{document}", line: {start + first})'] + \
               [l for _, l in chunk] + ["#sourceLocation()"]
    out = [f"// {os.path.relpath(document, root)} block, line {start}. Generated by Scripts/interop-readme.sh.", PRELUDE]
    for kind, chunk in items:
        if kind == "import": out += located(chunk)
    for kind, chunk in items:
        if kind == "declaration": out += located(chunk)
    body = [chunk for kind, chunk in items if kind == "statement"]
    if body:
        out.append("func readmeSnippet() async throws {")
        for chunk in body: out += located(chunk)
        out.append("}")
    directory = os.path.join(tests if is_test else sources, name)
    os.makedirs(directory)
    with open(os.path.join(directory, f"{name}.swift"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    targets.append({"name": name, "document": document, "start": start, "end": start + len(code) - 1, "test": is_test})

package_id = os.path.basename(root).lower()
plugins = f', plugins: [.plugin(name: "HTTPIDLPlugin", package: "{package_id}")]' \
    if idl_blocks or os.path.exists(context_idl) else ""
def dependencies():
    return ('["ReadmeContext", .product(name: "Courier", package: "%s"), '
            '.product(name: "CourierSockets", package: "%s"), '
            '.product(name: "CourierTesting", package: "%s")]') % (package_id, package_id, package_id)
manifest = f"""// swift-tools-version:6.0
// Generated by Scripts/interop-readme.sh: one module per ```swift block of README.md and the DocC articles.
import PackageDescription

let package = Package(
    name: "ReadmeSnippets",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(path: {json.dumps(root)})],
    targets: [
        .target(name: "ReadmeContext", dependencies: [.product(name: "Courier", package: "{package_id}"), .product(name: "CourierTesting", package: "{package_id}")]{plugins}),
""" + "".join(
    f'        .{"testTarget" if t["test"] else "target"}(name: "{t["name"]}", dependencies: {dependencies()}),\n'
    for t in targets) + """    ],
    swiftLanguageModes: [.v6]
)
"""
manifest_path = os.path.join(work, "Package.swift")
if not os.path.exists(manifest_path) or open(manifest_path).read() != manifest:
    with open(manifest_path, "w") as f:
        f.write(manifest)
with open(os.path.join(work, "snippets.json"), "w") as f:
    json.dump(idl_entries + targets, f)
PYTHON

cd "$WORK"
count=$(python3 -c 'import json,sys; print(len(json.load(open("snippets.json"))))')
echo "== building $count code blocks (swift, httpidl) of README.md and the DocC articles in $WORK"
set +e
swift build --build-tests 2>&1 | tee build.log | grep -E "error:|^Build" | grep -v "^\s*|" | sed 's/^/  /'
status=${PIPESTATUS[0]}
set -e

python3 - "$ROOT" "$status" <<'PYTHON'
import json, os, re, subprocess, sys
root, status = sys.argv[1], int(sys.argv[2])
targets = json.load(open("snippets.json"))
log = open("build.log", encoding="utf-8", errors="replace").read()

def errors_in(text):
    """Maps snippet name → error lines found in a build log."""
    found = {}
    for match in re.finditer(r"^(\S+?):(\d+):(\d+): error: (.*)$", text, re.M):
        path, line, message = match.group(1), int(match.group(2)), match.group(4)
        owner = next((t["name"] for t in targets if not t.get("idl")
                      and os.path.abspath(path) == os.path.abspath(t["document"]) and t["start"] <= line <= t["end"]), None)
        if owner is None:
            owner = next((t["name"] for t in targets
                          if (path.endswith(f"/{t['name']}.http") if t.get("idl") else f"/{t['name']}/" in path)), None)
        if owner is None and "/ReadmeContext/ReadmeContext.swift" in path:
            owner = "Scripts/readme-context.swift"
        if owner:
            document = next((t["document"] for t in targets if t["name"] == owner), None)
            place = os.path.relpath(document, root) if document else owner
            entry = f"{place}:{line}:{match.group(3)}: error: {message}"
            if entry not in found.setdefault(owner, []): found[owner].append(entry)
    return found

failed = errors_in(log) if status != 0 else {}
if status != 0:
    # A failed build may stop before every module is compiled: settle the rest one target at a time.
    for t in targets:
        if t["name"] in failed or t.get("idl") or "Scripts/readme-context.swift" in failed: continue
        result = subprocess.run(["swift", "build", "--target", t["name"]],
                                capture_output=True, text=True)
        if result.returncode != 0:
            more = errors_in(result.stdout + result.stderr)
            failed[t["name"]] = more.get(t["name"], [f"the module did not build:\n{result.stdout[-2000:]}{result.stderr[-2000:]}"])

passed = 0
for t in targets:
    where = f"{os.path.relpath(t['document'], root)}:{t['start']}" + (" (test)" if t.get("test") else " (httpidl)" if t.get("idl") else "")
    if t["name"] in failed:
        print(f"FAIL {t['name']} ({where})")
        for line in failed[t["name"]]: print(f"     {line}")
    else:
        passed += 1
        print(f"ok   {t['name']} ({where})")
for name in failed:
    if name not in [t["name"] for t in targets]:
        print(f"FAIL {name}")
        for line in failed[name]: print(f"     {line}")
if status != 0 and not failed:
    print("the build failed outside the README blocks (see .build/readme-snippets/build.log):")
    print("\n".join(l for l in log.splitlines() if "error:" in l)[:4000])
    failed["build"] = ["failed"]
if status == 0 and any(t.get("test") for t in targets):
    # The blocks that are tests also have to pass (they only talk to 127.0.0.1).
    result = subprocess.run(["swift", "test"], capture_output=True, text=True)
    output = result.stdout + result.stderr
    if result.returncode != 0 and "unexpected signal" in output and "✘" not in output:
        # The test process died with no test failed: print its crash report (the Swift runtime's backtrace) so
        # the crash can be found, and run the blocks once more; a second crash or any failed test fails.
        print("CRASH the test blocks' process died (no test had failed); its report, then one rerun:")
        print("\n".join(output.splitlines()[-80:]))
        result = subprocess.run(["swift", "test"], capture_output=True, text=True)
    if result.returncode != 0:
        print("FAIL the test blocks compiled but did not pass:")
        print("\n".join(l for l in (result.stdout + result.stderr).splitlines() if "✘" in l or "error" in l)[:4000])
        failed["tests"] = ["failed"]
        passed -= sum(1 for t in targets if t.get("test"))
    else:
        print(f"the {sum(1 for t in targets if t.get('test'))} test blocks pass")
print(f"{passed} passed, {len(failed)} failed")
sys.exit(1 if failed else 0)
PYTHON
