#!/usr/bin/env bash
# OpenAPI interop: every spec in ../shared/openapi (when present) is imported twice (same bytes), generated and
# type-checked with swiftc against the built Courier module (Swift 6, -warnings-as-errors); a spec with a
# syntax error is an error at its line; then Scripts/interop-openapi (a package whose HTTPIDLPlugin generates
# its client straight from styles.openapi.yaml) is built and run against MockWebServer, and the wire form of
# every parameter style and body kind is compared with what the spec says.
# Prints 'N passed, M failed'; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
SHARED="$ROOT/../shared/openapi"

echo "== building httpidl and Courier"
swift build --product httpidl >/dev/null 2>&1 || swift build --product httpidl || exit 1
swift build --target Courier >/dev/null 2>&1 || swift build --target Courier || exit 1
source Scripts/courier-module-flags.sh

passed=0
failed=0
pass() { passed=$((passed + 1)); echo "  ok   $1"; }
fail() { failed=$((failed + 1)); echo "  FAIL $1"; }

OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

if [ -d "$SHARED" ]; then
  echo "== shared specs: import (deterministic), generate, type-check against Courier"
  for spec in "$SHARED"/*.json "$SHARED"/*.yaml "$SHARED"/*.yml; do
    [ -f "$spec" ] || continue
    name=$(basename "$spec")
    if ! "$BIN/httpidl" import "$spec" --output "$OUT/$name.1.http" 2>"$OUT/$name.warnings"; then
      cat "$OUT/$name.warnings"
      fail "$name: import failed"
      continue
    fi
    "$BIN/httpidl" import "$spec" --output "$OUT/$name.2.http" 2>/dev/null
    if cmp -s "$OUT/$name.1.http" "$OUT/$name.2.http"; then pass "$name: import is deterministic"; else fail "$name: two imports differ"; fi
    if ! "$BIN/httpidl" generate "$spec" --output "$OUT/$name.swift.d" 2>/dev/null; then
      fail "$name: generate failed"
      continue
    fi
    swift_files=("$OUT/$name.swift.d"/*.swift)
    largest=$(wc -c "${swift_files[@]}" | grep -v ' total$' | sort -n | tail -1 | awk '{print $1}')
    if [ "$largest" -gt 1000000 ]; then fail "$name: a generated file is $largest bytes (over 1 MB)"; fi
    if swiftc -typecheck -swift-version 6 -warnings-as-errors "${MODULE_FLAGS[@]}" "${swift_files[@]}" 2>"$OUT/$name.swiftc"; then
      pass "$name: $(cat "${swift_files[@]}" | grep -c 'APIDefinition {') endpoints in ${#swift_files[@]} file(s) compile against Courier ($(grep -c warning: "$OUT/$name.warnings") import warnings)"
    else
      head -20 "$OUT/$name.swiftc"
      fail "$name: generated Swift does not compile"
    fi
  done
else
  echo "== $SHARED is absent: shared specs skipped"
fi

echo "== import errors point at the spec"
printf 'openapi: 3.0.0\npaths:\n  /a:\n\tget: {}\n' > "$OUT/bad.yaml"
if "$BIN/httpidl" import "$OUT/bad.yaml" --output "$OUT/bad.http" 2>"$OUT/bad.err"; then
  fail "importing a malformed spec exited 0"
elif grep -q "bad.yaml:4:1: error: a tab character is not allowed in indentation" "$OUT/bad.err" && [ ! -e "$OUT/bad.http" ]; then
  pass "a malformed spec is an error at file:line:col and writes nothing"
else
  cat "$OUT/bad.err"
  fail "malformed spec diagnostics"
fi

echo "== Scripts/interop-openapi: the plugin generates a client from an OpenAPI file; requests over MockWebServer"
# A fresh scratch directory by default (a stale incremental build of the path dependency is not what we want
# to test); OPENAPI_SAMPLE_BUILD=<dir> reuses one while iterating locally.
SAMPLE_BUILD="${OPENAPI_SAMPLE_BUILD:-$OUT/sample-build}"
if (cd Scripts/interop-openapi && swift build --scratch-path "$SAMPLE_BUILD" 2>&1 | tee "$OUT/sample-build.log" | tail -3); then
  if grep -q "error:" "$OUT/sample-build.log"; then
    grep "error:" "$OUT/sample-build.log" | head
    fail "OpenAPISample build reported errors"
  elif grep "warning:" "$OUT/sample-build.log" | grep -v "warning: styles.openapi.yaml" | grep -q "warning:"; then
    grep "warning:" "$OUT/sample-build.log"
    fail "OpenAPISample build printed warnings"
  else
    sample_bin=$(cd Scripts/interop-openapi && swift build --scratch-path "$SAMPLE_BUILD" --show-bin-path)
    if "$sample_bin/OpenAPISample" > "$OUT/sample-run.log" 2>&1; then
      sed 's/^/    /' "$OUT/sample-run.log"
      pass "OpenAPISample builds (plugin read styles.openapi.yaml) and runs"
    else
      cat "$OUT/sample-run.log"
      fail "OpenAPISample did not run"
    fi
    expect_line() {
      if grep -qF -- "$1" "$OUT/sample-run.log"; then pass "wire: $1"; else fail "sample output lacks: $1"; fi
    }
    # path segment encoded whole; form+explode array repeated; deepObject as brackets; required header
    expect_line "getItem: GET /v1/items/a%2Fb?filter%5Bcolor%5D=red&filter%5Bsize%5D=2&tags=red&tags=blue X-Trace=t-1"
    # an unknown enum value is kept; a oneOf decodes into the matching UNION case
    expect_line "item 7 lamp unknown(\"glowing\") [\"a\": \"b\"] owner string(\"kim\")"
    # form without explode: comma-separated; the body is the whole Item next to the parameters
    # (readOnly created is not sent; writeOnly secret is)
    expect_line 'putItem: PUT /v1/items/9?ids=1,2,3 Content-Type=application/json body={"id":9,"name":"desk","owner":{"name":"lee"},"secret":"s3"}'
    # a readOnly property decoded; the writeOnly one missing from the response is not an error
    expect_line "item created today secret nil"
    # pipeDelimited array; form+explode object flattened
    expect_line "search: GET /v1/search?from=1&to=5&sizes=1%7C2"
    expect_line "words: GET /v1/words?words=a%20b"
    # octet-stream body with path and query parameters; typed error body
    expect_line "upload: POST /v1/uploads/x%20y?overwrite=true Content-Type=application/octet-stream body=raw bytes"
    expect_line "upload failed: 409 exists"
    expect_line "sendForm: POST /v1/forms Content-Type=application/x-www-form-urlencoded body=count=2&name=kim+lee"
    # a query in the path key sent as fixed fields; deepObject array as brackets; the optional empty form body of
    # a GET not sent; an enum value that is an IDL keyword; a oneOf of const decoded as an enum
    expect_line "getCharges: GET /v1/charges?beta=true&expand%5B%5D=a&expand%5B%5D=b&kind=enum"
    expect_line 'charge message large bankAccount(OpenAPISample.BankAccount(object: Optional("bank_account"), last4: Optional("6789"), bank: Optional("B")))'
    # the discriminator selects the member (trial decoding would take Card) and is written when encoding
    expect_line 'source {"last4":"4242","object":"card"}'
    # the 4XX body is the typed error (not the 429 one listed first)
    expect_line "getCharges failed: 404 no such charge"
    # a status with a body of its own (ERROR 429): decoded as that status's type
    expect_line "getCharges failed: 429 retry after 3"
    # the 404 request: the fixed query alone, no Content-Type and no body (the whole line)
    if [ "$(grep -cxF "getCharges: GET /v1/charges?beta=true" "$OUT/sample-run.log")" = 2 ]; then pass "wire: getCharges sends no body"; else fail "getCharges sent a body"; fi
    # spaceDelimited with explode: true is repeated (OpenAPI 3.1 §4.8.12.4)
    expect_line "colors: GET /v1/colors?color=blue&color=black"
    # form, deepObject and pipeDelimited arrays in one request, each in its own style
    expect_line "mixed: GET /v1/mixed?expand%5B%5D=a&ids=1&ids=2&sizes=s%7Cm"
    # a nullable property sent as null on purpose (JSON null; an empty form value), an absent one left out
    expect_line 'updateProfile: PATCH /v1/profiles/7 Content-Type=application/json body={"nickname":null,"title":"t"}'
    expect_line "replaceProfile: PUT /v1/profiles/7 Content-Type=application/x-www-form-urlencoded body=age=3&nickname="
  fi
else
  fail "OpenAPISample build failed"
fi
cd "$ROOT"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
