#!/usr/bin/env bash
# Runs `swift test` N times (default 10) while four CPU hogs (`yes > /dev/null`) keep every core busy, and
# prints `N passed, M failed` with the load average. Extra arguments go to `swift test` (for example
# `--filter CourierTestingTests` or `--sanitize=thread --scratch-path .build-tsan`).
#
#   bash Scripts/stress-test.sh [N] [swift test arguments…]
#
# The hogs are started by this script and killed when it exits, however it exits. Each run's output is kept in
# .build/stress/run-<i>.log; the names of failing tests are printed after each failing run.
set -uo pipefail
cd "$(dirname "$0")/.."

runs="${1:-10}"
shift || true
if ! [[ "$runs" =~ ^[0-9]+$ ]] || [ "$runs" -lt 1 ]; then
  echo "usage: bash Scripts/stress-test.sh [N] [swift test arguments…]" >&2
  exit 2
fi

hogs=()
stop_hogs() {
  for pid in "${hogs[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${hogs[@]}"; do wait "$pid" 2>/dev/null || true; done
  hogs=()
}
trap stop_hogs EXIT
trap 'exit 130' INT TERM

# The build takes the arguments that change what is built (sanitizers, scratch path, configuration).
build_args=()
args=("$@")
for ((k = 0; k < ${#args[@]}; k++)); do
  case "${args[k]}" in
    --sanitize=*|--scratch-path=*|--configuration=*) build_args+=("${args[k]}") ;;
    --sanitize|--scratch-path|-c|--configuration) build_args+=("${args[k]}" "${args[k + 1]:-}"); k=$((k + 1)) ;;
  esac
done

logs=.build/stress
mkdir -p "$logs"
echo "== building the tests once (not under load)"
if ! swift build --build-tests "${build_args[@]}" >"$logs/build.log" 2>&1; then
  tail -20 "$logs/build.log" >&2
  echo "error: the build failed" >&2
  exit 1
fi

for _ in 1 2 3 4; do
  yes >/dev/null &
  hogs+=("$!")
done
echo "== $runs runs of swift test $* with ${#hogs[@]} CPU hogs on $(nproc) cores"

passed=0
failed=0
peak_load=0
for i in $(seq 1 "$runs"); do
  log="$logs/run-$i.log"
  start=$SECONDS
  if swift test "$@" >"$log" 2>&1; then
    passed=$((passed + 1))
    result=passed
  else
    failed=$((failed + 1))
    result=FAILED
  fi
  load="$(cut -d' ' -f1 /proc/loadavg)"
  peak_load="$(awk -v a="$load" -v b="$peak_load" 'BEGIN { print (a > b ? a : b) }')"
  echo "run $i: $result in $((SECONDS - start)) s, load average $load"
  if [ "$result" = FAILED ]; then
    grep -E "✘ Test .* (failed|recorded an issue)|error: .*Test|Fatal error|signal" "$log" | head -20 || tail -20 "$log"
  fi
done
stop_hogs

echo "load average (1, 5, 15 min): $(cut -d' ' -f1-3 /proc/loadavg); peak 1-min load seen after a run: $peak_load"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
