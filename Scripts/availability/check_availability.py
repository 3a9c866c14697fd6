#!/usr/bin/env python3
"""Finds uses of Apple-platform API newer than the package's deployment targets, on Linux.

Inputs (Scripts/check-availability.sh prepares them):
  --references FILE   what `index-references` printed: USR, file, line, column, roles, name per line
  --symbol-graphs DIR the toolchain's symbol graphs (swift symbolgraph-extract of the standard library,
                      _Concurrency, Synchronization, Dispatch and Foundation's modules)
  --manifest FILE     Package.swift, whose `platforms:` line gives the deployment targets
  --root DIR          the package root; references in files below Sources/, Tests/ and Plugins/ are checked

A reference is reported when the declaration it names carries an `@available(<platform> X, …)` newer than the
deployment target of that platform and no enclosing `@available`/`#available` scope in the source raises the
floor to X, and the use is not inside an `#if` that only Linux compiles; or when it names one of the package's own
declarations that only Linux compiles (inside `#if os(Linux)` with no `#else`) from code that Apple platforms
compile too. Exit status 1 when anything is reported.
"""
import argparse
import json
import os
import re
import sys

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
# SwiftPM's own floors for platforms a manifest does not name.
DEFAULT_FLOORS = {"macOS": (10, 13), "iOS": (12, 0), "tvOS": (12, 0), "watchOS": (4, 0), "visionOS": (1, 0)}
DEFINITION_ROLE = 1 << 1
IMPLICIT_ROLE = 1 << 8  # compiler-written references (for-in's next(isolation:)), chosen per target by the compiler
# The `#if` conditions under which only Linux compiles the code (alone, or joined with `&&`).
LINUX_ATOM = re.compile(r"^(os\(Linux\)|canImport\((Glibc|Musl|COpenSSL|CZlib|FoundationNetworking)\))$")


def is_linux_only(line):
    condition = line.strip()[len("#if"):].split("//")[0].strip()
    if "||" in condition or "!" in condition:
        return False
    return any(LINUX_ATOM.match(part.strip()) for part in condition.split("&&"))

CANNOT_SEE = """What this check cannot see:
- code that Linux does not compile (`#if os(macOS)`, `#if canImport(Darwin)`, `#else` of a Linux-only `#if`):
  it is not in the index store; the macOS and Xcode jobs of .github/workflows/ci.yml build it;
- API that exists only in Apple's SDKs (Security, Network, Darwin, Apple's Foundation additions) and
  differences between Apple's Foundation and swift-corelibs-foundation's annotations;
- declarations unavailable on a platform (`@available(tvOS, unavailable)`, e.g. posix_spawn on tvOS/watchOS),
  since Linux's Glibc module carries no Apple annotations;
- platforms apart: code under `#if os(Linux) || os(macOS)` counts as compiled on every Apple platform, so a
  macOS-only declaration used where iOS compiles is not caught (the iOS job of the workflow builds that);
- language features newer than the tools version (`weak let`, typed throws in closures): the compiler's
  `-swift-version`/tools version is the guard there."""


def version(text):
    parts = [int(p) for p in text.split(".") if p.isdigit()]
    return tuple((parts + [0, 0])[:2])


def deployment_floors(manifest):
    floors = dict(DEFAULT_FLOORS)
    text = open(manifest, encoding="utf-8").read()
    for platform, major, minor in re.findall(r"\.(macOS|iOS|tvOS|watchOS|visionOS)\(\.v(\d+)(?:_(\d+))?\)", text):
        floors[platform] = (int(major), int(minor or 0))
    return floors


def newer_symbols(graph_dir, floors):
    """USR → (title, {platform: introduced}) for every declaration introduced after a floor that has no older
    overload: a declaration of the same name and labels, available at the floors, on the same type (a default
    implementation of a protocol's requirement counts as the protocol's) or on a protocol that type conforms to. Where one exists (FixedWidthInteger's `&*` requirement beside its older
    extension method; String's `data(using:)` beside StringProtocol's) the compiler picks the older one when it
    builds for the deployment targets, so a use is no error even though Linux's index names the newer one."""
    late_by_usr, title_of, parent_of, conforms, implements = {}, {}, {}, {}, {}
    for name in sorted(os.listdir(graph_dir)):
        if not name.endswith(".symbols.json"):
            continue
        with open(os.path.join(graph_dir, name), encoding="utf-8") as handle:
            graph = json.load(handle)
        for symbol in graph.get("symbols", []):
            usr = symbol["identifier"]["precise"]
            title_of[usr] = symbol["names"]["title"]
            late = {}
            for entry in symbol.get("availability", []):
                domain, introduced = entry.get("domain"), entry.get("introduced")
                if domain in floors and introduced:
                    found = (introduced.get("major", 0), introduced.get("minor", 0))
                    if found > floors[domain]:
                        late[domain] = found
            if late:
                late_by_usr[usr] = late
        for relation in graph.get("relationships", []):
            if relation["kind"] in ("memberOf", "requirementOf", "optionalRequirementOf"):
                parent_of[relation["source"]] = relation["target"]
            elif relation["kind"] == "defaultImplementationOf":
                implements[relation["source"]] = relation["target"]
            elif relation["kind"] == "conformsTo":
                conforms.setdefault(relation["source"], set()).add(relation["target"])
    for usr, requirement in implements.items():
        if usr not in parent_of and requirement in parent_of:
            parent_of[usr] = parent_of[requirement]
    available = {}
    for usr, title in title_of.items():
        if usr not in late_by_usr and usr in parent_of:
            available.setdefault((parent_of[usr], title), True)
    newer = {}
    for usr, late in late_by_usr.items():
        title, parent = title_of[usr], parent_of.get(usr)
        homes = {parent} | conforms.get(parent, set()) if parent else set()
        if not any((home, title) in available for home in homes):
            newer[usr] = (title, late)
    return newer


def strip_comments_and_strings(text):
    """The text with comments and string literals blanked (newlines kept), so braces can be counted."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i)); i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append(re.sub(r"[^\n]", " ", text[i:j])); i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] not in '"\n':
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (min(j + 1, n) - i)); i = min(j + 1, n)
        else:
            out.append(c); i += 1
    return "".join(out)


def matching_brace(text, open_index):
    """The index of the `}` that closes the `{` at `open_index`."""
    return enclosing_close(text, open_index + 1)


def enclosing_close(text, index):
    """The index of the `}` closing the block that contains `index`."""
    depth = 0
    for k in range(index, len(text)):
        if text[k] == "{":
            depth += 1
        elif text[k] == "}":
            if depth == 0:
                return k
            depth -= 1
    return len(text) - 1


def parse_platform_versions(arguments):
    versions = {}
    for platform, number in re.findall(r"\b(macOS|iOS|tvOS|watchOS|visionOS)\s+([\d.]+)", arguments):
        versions[platform] = version(number)
    return versions


def availability_scopes(text):
    """(start, end, {platform: version}) for each `@available` declaration and `#available` block."""
    scopes = []
    for match in re.finditer(r"@available\s*\(([^)]*)\)", text):
        versions = parse_platform_versions(match.group(1))
        if not versions:
            continue
        brace = text.find("{", match.end())
        newline = text.find("\n", match.end())
        # A declaration without a body (a stored property, a protocol requirement) ends at its line.
        body_line_end = text.find("\n", newline + 1) if newline >= 0 else len(text)
        end = matching_brace(text, brace) if brace >= 0 else body_line_end
        scopes.append((match.start(), end, versions))
    for match in re.finditer(r"\b(if|guard|while)\s+#available\s*\(([^)]*)\)", text):
        versions = parse_platform_versions(match.group(2))
        brace = text.find("{", match.end())
        if brace < 0:
            continue
        if match.group(1) == "guard":
            body_end = matching_brace(text, brace)
            scopes.append((body_end, enclosing_close(text, match.start()), versions))
        else:
            scopes.append((brace, matching_brace(text, brace), versions))
    return scopes


def linux_only_lines(lines):
    """(hidden, solitary): the line numbers (1-based) inside an `#if` that only Linux compiles, up to its
    `#else`/`#elseif`/`#endif`; and those of them whose block has no `#else`/`#elseif`, where a declaration has no
    Apple twin."""
    hidden, solitary, stack = set(), set(), []  # stack: [is Linux-only now, first line, has an else branch]
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("#if"):
            stack.append([is_linux_only(line), number, False])
        elif stripped.startswith("#else") or stripped.startswith("#elseif"):
            if stack:
                stack[-1][2] = stack[-1][2] or stack[-1][0]
                stack[-1][0] = False
        elif stripped.startswith("#endif"):
            if stack:
                linux_only, first, has_else = stack.pop()
                if linux_only and not has_else:
                    solitary.update(range(first, number + 1))
        if any(block[0] for block in stack):
            hidden.add(number)
    return hidden, solitary


class SourceFile:
    def __init__(self, path):
        raw = open(path, encoding="utf-8").read()
        self.lines = raw.split("\n")
        self.text = strip_comments_and_strings(raw)
        self.offsets = [0]
        for line in self.lines:
            self.offsets.append(self.offsets[-1] + len(line) + 1)
        self.scopes = availability_scopes(self.text)
        self.hidden, self.solitary = linux_only_lines(self.lines)

    def floors_at(self, line, column):
        offset = self.offsets[line - 1] + column - 1
        raised = {}
        for start, end, versions in self.scopes:
            if start <= offset <= end:
                for platform, found in versions.items():
                    raised[platform] = max(raised.get(platform, (0, 0)), found)
        return raised


def read_occurrences(path, root):
    """The index rows of files below Sources/, Tests/ and Plugins/ that still exist (a file deleted since an earlier
    build leaves its record in the store), without compiler-written ones, each once."""
    checked = tuple(root + folder + os.sep for folder in ("Sources", "Tests", "Plugins"))
    seen, rows = set(), []
    with open(path, encoding="utf-8") as handle:
        for row in handle:
            fields = row.rstrip("\n").split("\t")
            if len(fields) != 6:
                continue
            usr, file, line, column, roles, name = fields
            roles = int(roles, 16)
            key = (usr, file, line, column, roles & DEFINITION_ROLE)
            if key in seen or not file.startswith(checked) or roles & IMPLICIT_ROLE or not os.path.exists(file):
                continue
            seen.add(key)
            rows.append((usr, file, int(line), int(column), roles, name))
    return rows


def newer_api_uses(rows, files, newer, floors, root):
    """Errors for references to declarations newer than the deployment targets outside a matching scope."""
    errors = []
    for usr, path, line, column, roles, _ in rows:
        if usr not in newer or roles & DEFINITION_ROLE:
            continue
        source = files(path)
        if line in source.hidden:
            continue
        title, late = newer[usr]
        raised = source.floors_at(line, column)
        missing = {p: v for p, v in late.items() if raised.get(p, floors[p]) < v}
        if missing:
            needs = ", ".join(f"{p} {v[0]}.{v[1]}" for p, v in sorted(missing.items()))
            errors.append(f"{path[len(root):]}:{line}:{column}: error: '{title}' needs {needs}, newer than the "
                          f"deployment targets; guard it with @available/#available or do without it")
    return errors


def linux_only_uses(rows, files, root):
    """Errors for references, in code Apple platforms compile, to the package's own declarations that exist only
    inside an `#if os(Linux)` (or another Linux-only `#if`) without an `#else` twin."""
    linux_only = {}
    for usr, path, line, _, roles, name in rows:
        if roles & DEFINITION_ROLE and line in files(path).solitary:
            linux_only[usr] = f"{path[len(root):]}:{line}"
    errors = []
    for usr, path, line, column, roles, name in rows:
        if usr in linux_only and not roles & DEFINITION_ROLE and line not in files(path).hidden:
            errors.append(f"{path[len(root):]}:{line}:{column}: error: '{name}' exists only on Linux (declared at "
                          f"{linux_only[usr]}); guard this use with #if os(Linux)")
    return errors


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--references", required=True)
    parser.add_argument("--symbol-graphs", required=True)
    parser.add_argument("--manifest", required=True)
    parser.add_argument("--root", required=True)
    args = parser.parse_args()

    floors = deployment_floors(args.manifest)
    newer = newer_symbols(args.symbol_graphs, floors)
    root = os.path.realpath(args.root) + os.sep
    rows = read_occurrences(args.references, root)
    cache = {}

    def files(path):
        if path not in cache:
            cache[path] = SourceFile(path)
        return cache[path]

    errors = newer_api_uses(rows, files, newer, floors, root) + linux_only_uses(rows, files, root)
    for line in sorted(set(errors)):
        print(line)
    targets = ", ".join(f"{p} {v[0]}.{v[1]}" for p, v in floors.items())
    print(f"availability: {len(rows)} references and definitions in {len(cache)} files checked against {targets} "
          f"({len(newer)} newer declarations in the toolchain's interfaces): {len(set(errors))} errors")
    print(CANNOT_SEE)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
