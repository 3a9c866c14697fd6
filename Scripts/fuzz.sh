#!/usr/bin/env bash
# Builds every libFuzzer target with -sanitize=fuzzer,address and runs each for SECONDS (default 60), one
# after another. Prints the executions per target and fails on any crash, timeout, OOM or leak.
#
#   bash Scripts/fuzz.sh [seconds] [target ...]     (no target named: all of them)
#
# Seeds are read from Tests/FuzzCorpus/<target>/ (committed, never written); the inputs libFuzzer finds go to
# .build-fuzz/corpus/<target>/ (kept between runs) and crash / timeout / OOM inputs to
# .build-fuzz/artifacts/<target>/. Reproduce one with `.build-fuzz/release/<target> <input file>`, then turn
# it into a regression test in the test target of the module that crashed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -lt 1 ]; then
  echo "usage: bash Scripts/fuzz.sh [seconds per target] [target ...]" >&2
  exit 2
fi
(($#)) && shift

# One executable target under Sources/Fuzz/ per parser; seeds in Tests/FuzzCorpus/<target>/.
targets=(
  FuzzHTTPIDL          # the httpidl compiler: any bytes, every flag, formatter idempotence
  FuzzURLQueryDecoder  # URLQueryDecoder into nested types under every strategy
  FuzzFlexibleJSON     # FlexibleJSONDecoder into typed values and into JSONValue
  FuzzRequestURL       # HTTPRequest(endpoint, baseURL:): re-parses to itself, host never changes
  FuzzOpenAPIImport    # the YAML / JSON reader, OpenAPI importer and .http compiler on any bytes
  FuzzHTTP1Parser      # the HTTP/1.1 response parser and content decoder: whole and split reads agree
  FuzzHTTP2Frames      # the HTTP/2 frame decoder (whole and split agree) and the client connection state machine
  FuzzHPACK            # HPACK header blocks decode or throw; what decodes re-encodes to the same list
  FuzzServerSentEvents # the text/event-stream parser: whole and split reads agree
  FuzzHTTPState        # Set-Cookie and the cookie store, cache headers and freshness, HTTP and cookie dates
  FuzzWebSocketFrames  # WebSocket frames, messages and permessage-deflate: whole and split reads agree
)
if (($#)); then
  for target in "$@"; do
    if ! printf '%s\n' "${targets[@]}" | grep -qx "$target"; then
      echo "error: no fuzz target '$target' (targets: ${targets[*]})" >&2
      exit 2
    fi
  done
  targets=("$@")
fi

scratch=.build-fuzz
# COURIER_FUZZING compiles the LLVMFuzzerRunDriver call in (see Sources/Fuzz/FuzzingSupport/FuzzDriver.swift).
# lld, because gold fails with an internal error on AddressSanitizer's debug info.
build_flags=(-c release --scratch-path "$scratch"
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xswiftc -DCOURIER_FUZZING)

for target in "${targets[@]}"; do
  echo "== building $target"
  mkdir -p "$scratch/logs"
  if ! swift build "${build_flags[@]}" --product "$target" >"$scratch/logs/build-$target.log" 2>&1; then
    grep -E "error" "$scratch/logs/build-$target.log" >&2 || tail -20 "$scratch/logs/build-$target.log" >&2
    echo "error: building $target failed" >&2
    exit 1
  fi
done
bin="$(swift build "${build_flags[@]}" --show-bin-path)"

# The Swift runtime's own crash backtracer fights AddressSanitizer's handler; libFuzzer reports crashes itself.
export SWIFT_BACKTRACE=enable=no

passed=0
failed=0
summary=()
for target in "${targets[@]}"; do
  seeds="Tests/FuzzCorpus/$target"
  corpus="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  echo "== fuzzing $target for ${seconds}s"
  status=0
  # -timeout: one input may take at most 10 s; -rss_limit_mb: over 2 GiB is an OOM; both count as failures.
  "$bin/$target" "$corpus" "$seeds" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || status=$?
  executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  per_second="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  line="$target: ${executions:-0} executions (${per_second:-0}/s)"
  if [ "$status" -eq 0 ] && [ -n "$executions" ]; then
    passed=$((passed + 1))
    echo "$line, no crash"
  else
    failed=$((failed + 1))
    line="$line, FAILED (exit $status)"
    echo "$line" >&2
    # The report itself (a crash's or leak's stack, up to 80 lines), so a CI log alone shows where it happened.
    sed -n '/ERROR:\|Fatal error\|fatal error\|Timeout\|out-of-memory/,$p' "$log" \
      | grep -vE "^(#[0-9]+\s+(NEW|REDUCE|pulse|INITED|DONE|RELOAD))" | head -80 >&2 || true
    grep -E "SUMMARY:|Test unit written" "$log" | head -5 >&2 || true
  fi
  summary+=("$line")
done

echo "== fuzz summary"
printf '%s\n' "${summary[@]}"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
