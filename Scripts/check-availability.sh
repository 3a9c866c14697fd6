#!/usr/bin/env bash
# Fails when the package uses an Apple-platform API newer than its deployment targets (Package.swift's
# `platforms:`) outside a matching `@available`/`#available` scope — checked here on Linux, without an Apple SDK.
#
#   bash Scripts/check-availability.sh             check this package (builds it with `swift build --build-tests`)
#   bash Scripts/check-availability.sh --self-test  check Scripts/availability/fixture, which must fail on
#                                                   exactly the uses its sources mark `expect:` (names
#                                                   separated by `; `)
#
# How: `swift build` writes the compiler's index store, which names the declaration behind every reference
# (Scripts/availability/index-references.c reads it through the toolchain's libIndexStore); `swift
# symbolgraph-extract` reads the `@available` annotations of the toolchain's own interfaces (the standard library,
# _Concurrency, Synchronization, Dispatch, Foundation's modules); Scripts/availability/check_availability.py
# matches the two and looks for enclosing availability scopes in the source. It prints what it cannot see.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
toolchain="$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")"
work="$root/.build/availability"
mkdir -p "$work"

# The reader of the index store, built with the toolchain's clang against its libIndexStore.
if [[ ! -x "$work/index-references" || Scripts/availability/index-references.c -nt "$work/index-references" ]]; then
    "$toolchain/bin/clang" -O1 -I"$toolchain/local/include" -L"$toolchain/lib" -Wl,-rpath,"$toolchain/lib" \
        Scripts/availability/index-references.c -lIndexStore -o "$work/index-references"
fi

# The annotations, extracted once per toolchain.
graphs="$work/symbol-graphs-$(swift --version 2>/dev/null | head -1 | tr -cd '[:alnum:].-')"
if [[ ! -d "$graphs" ]]; then
    mkdir -p "$graphs.tmp"
    for module in Swift _Concurrency Synchronization _StringProcessing Dispatch Foundation FoundationEssentials \
        FoundationInternationalization FoundationNetworking; do
        swift symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
            -output-dir "$graphs.tmp" -minimum-access-level public >/dev/null
    done
    mv "$graphs.tmp" "$graphs"
fi

check() {
    local package="$1"
    (cd "$package" && swift build --build-tests >/dev/null 2>&1) || (cd "$package" && swift build --build-tests)
    local store
    store="$(cd "$package" && swift build --show-bin-path)/index/store"
    "$work/index-references" "$store" "$(readlink -f "$package")/" > "$work/references.tsv"
    python3 Scripts/availability/check_availability.py --references "$work/references.tsv" \
        --symbol-graphs "$graphs" --manifest "$package/Package.swift" --root "$package"
}

if [[ "${1:-}" == "--self-test" ]]; then
    fixture="Scripts/availability/fixture"
    set +e
    output="$(check "$fixture")"
    status=$?
    set -e
    echo "$output"
    expected="$(grep -n "// expect:" "$fixture"/Sources/AvailabilityFixture/*.swift | sed -E 's#^.*/([^/:]+):([0-9]+):.*expect: (.*)$#\1:\2 \3#' \
        | awk '{ split(substr($0, index($0, " ") + 1), names, "; "); for (i in names) print $1, names[i] }' | sort)"
    found="$(echo "$output" | grep ": error: " | sed -E "s#^.*/([^/:]+):([0-9]+):[0-9]+: error: '([^']+)'.*#\1:\2 \3#" | sort -u)"
    if [[ "$status" -ne 1 || "$expected" != "$found" ]]; then
        echo "error: the availability check's self-test failed (exit $status)" >&2
        diff <(echo "$expected") <(echo "$found") >&2 || true
        exit 1
    fi
    echo "availability self-test: every expected use reported, nothing else"
    exit 0
fi
check .
