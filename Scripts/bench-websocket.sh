#!/usr/bin/env bash
# `courier-bench websocket`: builds the Go side (Scripts/bench-websocket/main.go, from Debian's golang-go and
# golang-github-gorilla-websocket-dev in GOPATH mode, nothing fetched), starts its gorilla echo/sink/source
# server, and runs Courier's client against the gorilla client on it in interleaved passes.
# Environment: COURIER_BENCH_PASSES, COURIER_WS_BENCH_ROUNDS, COURIER_WS_BENCH_BYTES, COURIER_WS_BENCH_MESSAGES
# (see Sources/courier-bench/WebSocketBenchmarks.swift); COURIER_BENCH=<courier-bench> skips the release build.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v go >/dev/null || [ ! -d /usr/share/gocode/src/github.com/gorilla/websocket ]; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq golang-go golang-github-gorilla-websocket-dev >/dev/null
fi

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

GOPATH=/usr/share/gocode GO111MODULE=off GOCACHE="${GOCACHE:-$PWD/.build/go-cache}" \
  go build -o "$WORK/wsbench" Scripts/bench-websocket/main.go

if [ -z "${COURIER_BENCH:-}" ]; then
  swift build -c release --product courier-bench >/dev/null
  COURIER_BENCH="$(swift build -c release --show-bin-path)/courier-bench"
fi

mkfifo "$WORK/ready"
"$WORK/wsbench" server >"$WORK/ready" &
SERVER_PID=$!
exec 3<"$WORK/ready"
read -r -t 30 word port <&3 || true
[ "${word:-}" = listening ] || { echo "the Go server did not start" >&2; exit 1; }

echo "load: $(uptime)"
COURIER_WS_BENCH_URL="http://127.0.0.1:$port" COURIER_WS_BENCH_GO="$WORK/wsbench" "$COURIER_BENCH" websocket
echo "load: $(uptime)"
