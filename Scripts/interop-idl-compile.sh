#!/usr/bin/env bash
# Compiles what httpidl generates against the real Courier module:
#  1. every .http file of the golden corpus (Tests/HTTPIDLCoreTests/Golden) is generated with the CLI (--strict),
#     compared byte for byte with its golden .swift file, and type-checked with swiftc (-warnings-as-errors)
#     against the built Courier module: public in Swift 6 and Swift 5 language modes, and with --access internal;
#  2. the sample package Examples/PluginSample is built with `swift build`, so the HTTPIDLPlugin generates its
#     client at build time, and the sample is run: it prints the requests Courier builds from the generated
#     endpoints and does a round trip against the embedded MockWebServer (query, headers, tolerant decoding,
#     unknown enum values, a recursive struct, a typed error body, a raw Data response) and checks the query a
#     generated query struct (recursive struct, enums, arrays) encodes to.
# Prints 'N passed, M failed'; exits non-zero on any failure.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

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
GOLDEN=Tests/HTTPIDLCoreTests/Golden

echo "== golden corpus: generate, compare, type-check against Courier"
for input in "$GOLDEN"/*.http; do
  name=$(basename "$input" .http)
  support=()
  [ -f "$GOLDEN/$name.support.swift" ] && support=("$GOLDEN/$name.support.swift")
  if ! "$BIN/httpidl" generate "$input" --output "$OUT/public" --strict; then
    fail "$name: httpidl generate failed"
    continue
  fi
  if ! cmp -s "$OUT/public/$name.swift" "$GOLDEN/$name.swift"; then
    fail "$name: CLI output differs from $GOLDEN/$name.swift"
    continue
  fi
  if swiftc -typecheck -swift-version 6 -warnings-as-errors "${MODULE_FLAGS[@]}" "$OUT/public/$name.swift" "${support[@]}"; then
    pass "$name (public)"
  else
    fail "$name (public): generated Swift does not compile"
  fi
  if swiftc -typecheck -swift-version 5 -warnings-as-errors "${MODULE_FLAGS[@]}" "$OUT/public/$name.swift" "${support[@]}"; then
    pass "$name (Swift 5 language mode)"
  else
    fail "$name (Swift 5 language mode): generated Swift does not compile"
  fi
  "$BIN/httpidl" generate "$input" --output "$OUT/internal" --access internal >/dev/null 2>&1
  if swiftc -typecheck -swift-version 6 -warnings-as-errors "${MODULE_FLAGS[@]}" "$OUT/internal/$name.swift" "${support[@]}"; then
    pass "$name (internal)"
  else
    fail "$name (internal): generated Swift does not compile"
  fi
done

echo "== the original's single values on query methods: a warning, and Swift that compiles"
printf 'MESSAGE /array {\n    GET REQUEST { ARRAY<DICT<STRING, INT64>>; }\n    GET RESPONSE { ARRAY<DICT<STRING, INT64>>; }\n}\nMESSAGE /number {\n    DELETE REQUEST { INT64; }\n    DELETE RESPONSE { INT64; }\n}\n' > "$OUT/query_values.http"
if "$BIN/httpidl" generate "$OUT/query_values.http" --output "$OUT/query_values" 2> "$OUT/query_values.err" \
   && grep -q "warning: a single-value body on GET is sent in the query under the key 'body'" "$OUT/query_values.err" \
   && swiftc -typecheck -swift-version 6 -warnings-as-errors "${MODULE_FLAGS[@]}" "$OUT/query_values/query_values.swift"; then
  pass "single values on GET and DELETE: warned about, generated Swift compiles"
else
  cat "$OUT/query_values.err"
  fail "single values on GET and DELETE"
fi

echo "== no partial output: a file with an error writes nothing"
mkdir -p "$OUT/bad"
printf 'STRUCT Good {}\n' > "$OUT/bad/good.http"
printf 'STRUCT Bad { Usr x; }\nSTRUCT User {}\n' > "$OUT/bad/bad.http"
if "$BIN/httpidl" generate "$OUT/bad" --output "$OUT/bad-out" 2>/dev/null; then
  fail "generate with an error exited 0"
elif [ -e "$OUT/bad-out/good.swift" ] || [ -e "$OUT/bad-out/bad.swift" ]; then
  fail "generate with an error wrote files"
else
  pass "generate with an error exits 1 and writes nothing"
fi

echo "== CLI: diagnostics, exit codes, format"
printf 'STRUCT User {\n    Usr owner;\n}\n' > "$OUT/typo.http"
if "$BIN/httpidl" check "$OUT/typo.http" 2> "$OUT/typo.err"; then
  fail "check of a file with an error exited 0"
elif grep -q "typo.http:2:5: error: unknown type 'Usr'; did you mean 'User'?" "$OUT/typo.err" \
     && grep -q '^    \^~~$' "$OUT/typo.err"; then
  pass "check prints file:line:column: error: with a caret line and exits 1"
else
  cat "$OUT/typo.err"
  fail "check output is not compiler-style"
fi
"$BIN/httpidl" --help >/dev/null && pass "--help exits 0" || fail "--help"
"$BIN/httpidl" --version | grep -q '^httpidl ' && pass "--version" || fail "--version"
"$BIN/httpidl" frobnicate x.http 2>/dev/null; [ $? -eq 2 ] && pass "unknown command exits 2" || fail "unknown command exit code"
printf 'STRUCT   A{INT32 a;// c\n}\n' > "$OUT/fmt.http"
"$BIN/httpidl" format "$OUT/fmt.http" --write && cp "$OUT/fmt.http" "$OUT/fmt1.http" && "$BIN/httpidl" format "$OUT/fmt.http" --write
if cmp -s "$OUT/fmt.http" "$OUT/fmt1.http" && grep -q '    INT32 a; // c' "$OUT/fmt.http"; then
  pass "format --write is canonical and idempotent"
else
  fail "format --write"
fi

echo "== Examples/PluginSample: swift build runs the HTTPIDLPlugin"
# A fresh scratch directory: a stale incremental build of the path dependency is not what we want to test.
SAMPLE_BUILD="$OUT/sample-build"
if (cd Examples/PluginSample && swift build --scratch-path "$SAMPLE_BUILD" 2>&1 | tee "$OUT/sample-build.log" | tail -5); then
  if grep -q "error:" "$OUT/sample-build.log"; then
    fail "PluginSample build reported errors"
  elif grep -q "warning:" "$OUT/sample-build.log"; then
    grep "warning:" "$OUT/sample-build.log"
    fail "PluginSample build printed warnings"
  else
    sample_bin=$(cd Examples/PluginSample && swift build --scratch-path "$SAMPLE_BUILD" --show-bin-path)
    generated=$(find "$SAMPLE_BUILD" -path '*HTTPIDLPlugin*' -name 'petstore.swift' | head -1)
    if [ -n "$generated" ] && "$sample_bin/PluginSample" > "$OUT/sample-run.log"; then
      pass "PluginSample builds (plugin generated $generated) and runs"
      expect_line() {
        if grep -qF -- "$1" "$OUT/sample-run.log"; then pass "sample request: $1"; else fail "sample output lacks: $1"; fi
      }
      expect_line "GET https://petstore.example.com/v1/pets?limit=20&status=available"
      expect_line "  X-Token: secret"
      expect_line "GET https://petstore.example.com/v1/pets/7"
      expect_line '  body: {"id":1,"name":"Tom","status":"available","tags":["cat"]}'
      expect_line "POST https://petstore.example.com/v1/pets/a%2Fb/photo"
      expect_line 'Content-Disposition: form-data; name="caption"'
      expect_line "query: like%5Bid%5D=3&like%5Bmother%5D%5Bid%5D=2&like%5Bmother%5D%5Bname%5D=Kitty&like%5Bmother%5D%5Bstatus%5D=available&like%5Bname%5D=Tom%20%26%20Jerry&like%5Bstatus%5D=sold&like%5Btags%5D%5B0%5D=a%20b&like%5Btags%5D%5B1%5D=c&limit=5&statuses%5B0%5D=available&statuses%5B1%5D=lost%2Bfound"
      expect_line "sent GET /v1/pets?limit=5 X-Token=secret"
      expect_line "received 1 pet: Tom (id 1, status hungry), mother Kitty"
      expect_line "status 404: no such pet (code 404)"
      expect_line "certificate bytes: ca fe"
    else
      cat "$OUT/sample-run.log" 2>/dev/null
      fail "PluginSample did not generate petstore.swift or did not run"
    fi
  fi
else
  fail "PluginSample build failed"
fi
cd "$ROOT"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
