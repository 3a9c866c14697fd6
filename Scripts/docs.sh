#!/usr/bin/env bash
# Builds the DocC documentation of every library product into one static website, with the toolchain's own
# tools (no package plugin): `swift build` builds each library, `swift-symbolgraph-extract` extracts its public
# symbols (Courier's include those of CourierHTTP and, on Linux, CourierSockets, which it re-exports), `docc
# convert` builds one archive per module from its catalog (Sources/<Module>/<Module>.docc) and symbol graphs, and
# `docc merge` combines the archives into one site.
#
# Fails when DocC prints any warning (`--warnings-as-errors`: an unresolved symbol link, a topic group naming
# nothing, a doc comment describing a parameter that does not exist, …) and when a public symbol has no doc
# comment or is in no topic group of its landing page (DocC's coverage report does not fail a build, so the
# symbol graphs are checked here instead).
#
#   bash Scripts/docs.sh [output folder]      # default .build/docs; serve it with any static web server:
#   python3 -m http.server -d .build/docs/Courier.doccarchive 8000   # then open /documentation/courier
set -euo pipefail
cd "$(dirname "$0")/.."
OUTPUT="${1:-.build/docs}"
MODULES=(Courier CourierTesting URLQueryCoding FlexibleDecoding HTTPIDLCore)
WORK=.build/docs-work

rm -rf "$WORK" "$OUTPUT"
mkdir -p "$WORK/graphs" "$OUTPUT"

echo "== swift build and swift-symbolgraph-extract: ${MODULES[*]}"
for module in "${MODULES[@]}"; do
  swift build --target "$module" > "$WORK/build-$module.log" 2>&1 || { cat "$WORK/build-$module.log" >&2; exit 1; }
done
bin="$(swift build --show-bin-path)"
triple="$(basename "$(dirname "$bin")")"
for module in "${MODULES[@]}"; do
  reexported=""
  [ "$module" = Courier ] && reexported="-experimental-allowed-reexported-modules=CourierHTTP,CourierSockets"
  mkdir -p "$WORK/graphs/$module"
  # The C modules of CourierSockets are found as the build finds them: by their module maps.
  swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
    -Xcc -fmodule-map-file="$bin/CSocketSupport.build/module.modulemap" -Xcc -ISources/CSocketSupport/include \
    -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap -Xcc -fmodule-map-file=Sources/CZlib/module.modulemap \
    -minimum-access-level public -skip-synthesized-members $reexported \
    -output-dir "$WORK/graphs/$module" > "$WORK/extract-$module.log" 2>&1 || { cat "$WORK/extract-$module.log" >&2; exit 1; }
  # Keep the module's own graphs (<Module>.symbols.json, <Module>@<Other>.symbols.json for extensions of other
  # modules' types); the extractor also writes those of the modules it imports.
  find "$WORK/graphs/$module" -name '*.symbols.json' ! -name "$module.symbols.json" ! -name "$module@*.symbols.json" -delete
done

echo "== public symbols without a doc comment, or in no topic group"
python3 - "$WORK/graphs" "${MODULES[@]}" <<'PYTHON'
import glob, json, os, sys
graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    # <Module>.symbols.json, and <Module>@<Other>.symbols.json for extensions of other modules' types.
    for path in sorted(glob.glob(os.path.join(graphs, module, "*.symbols.json"))):
        graph = json.load(open(path))
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"): continue
            if symbol.get("docComment", {}).get("lines"): continue
            name = ".".join(symbol["pathComponents"])
            # Members that only implement a standard protocol (Equatable's ==, Codable's init(from:), …) say
            # nothing of their own; DocC shows the protocol's documentation for them.
            if symbol["kind"]["identifier"] in ("swift.extension",): continue
            location = symbol.get("location", {})
            where = location.get("uri", "").replace("file://", "")
            line = location.get("position", {}).get("line", -1) + 1
            missing.append(f"{os.path.relpath(where) if where else module}:{line}: {symbol['kind']['displayName'].lower()} {module}.{name}")
for line in sorted(set(missing)):
    print(f"  {line}")
print(f"{len(set(missing))} public symbols without a doc comment")
# Every top-level symbol is curated in a topic group of its module's landing page (members are listed on their
# type's page), so the reader finds each one under a heading that says what it is for.
uncurated = []
for module in modules:
    landing = open(os.path.join("Sources", module, f"{module}.docc", f"{module}.md"), encoding="utf-8").read()
    topics = landing.split("## Topics", 1)[-1] if "## Topics" in landing else ""
    graph = json.load(open(os.path.join(graphs, module, f"{module}.symbols.json")))
    for name in sorted({s["pathComponents"][0] for s in graph["symbols"] if len(s["pathComponents"]) == 1}):
        if f"``{name}``" not in topics:
            uncurated.append(f"{module}.{name}")
for name in uncurated:
    print(f"  Sources/{name.split('.')[0]}/{name.split('.')[0]}.docc: {name} is in no topic group")
print(f"{len(uncurated)} top-level symbols in no topic group of their landing page")
sys.exit(1 if missing or uncurated else 0)
PYTHON

warnings=0
archives=()
for module in "${MODULES[@]}"; do
  catalog="Sources/$module/$module.docc"
  [ -d "$catalog" ] || { echo "error: $catalog is missing" >&2; exit 1; }
  echo "== docc convert $catalog"
  set +e
  docc convert "$catalog" \
    --additional-symbol-graph-dir "$WORK/graphs/$module" \
    --output-path "$WORK/$module.doccarchive" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.courier.$module" \
    --transform-for-static-hosting --warnings-as-errors > "$WORK/$module.log" 2>&1
  status=$?
  set -e
  count=$(grep -cE "(warning|error):" "$WORK/$module.log" || true)
  warnings=$((warnings + count))
  grep -E "(warning|error):" -A3 "$WORK/$module.log" | sed 's/^/  /' || true
  if [ "$status" -ne 0 ]; then
    echo "error: docc convert failed for $module (exit $status, $count diagnostics)" >&2
    tail -20 "$WORK/$module.log" >&2
    exit 1
  fi
  echo "  $module: $count warnings"
  archives+=("$WORK/$module.doccarchive")
done

echo "== docc merge → $OUTPUT/Courier.doccarchive"
docc merge "${archives[@]}" --synthesized-landing-page-name Courier \
  --output-path "$OUTPUT/Courier.doccarchive" > "$WORK/merge.log" 2>&1 || { cat "$WORK/merge.log" >&2; exit 1; }
echo "${#MODULES[@]} catalogs, $warnings warnings; site in $OUTPUT/Courier.doccarchive"
[ "$warnings" -eq 0 ]
