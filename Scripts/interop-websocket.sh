#!/usr/bin/env bash
# Interop: Courier's WebSockets (`NetworkClient.webSocket` over SocketTransport) against servers none of us
# wrote, via `courier-bench websocket-check`, each with and without permessage-deflate offered:
#   - Python's `websockets` (PyPI) running Scripts/interop-websocket/echo_server.py: echo of text, binary and
#     pipelined messages, 8 MiB binary and 3 MiB text messages, fragmented messages from the server, pings both
#     ways, close codes both ways;
#   - libwebsockets-test-server (Debian `libwebsockets-test-server`), whose lws-mirror-protocol sends every
#     message back as text: text and binary sent back, a 4 MiB message, ping, close codes. On that protocol the
#     server declines permessage-deflate (its default protocol accepts it; one check runs there).
# Prints `N passed, M failed` over all servers and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=".build/interop-websocket-venv"
if ! "$VENV/bin/python" -c "import websockets" 2>/dev/null; then
  echo "== installing websockets into $VENV"
  rm -rf "$VENV"
  if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
    # Debian's system Python needs the python3-venv package for `python3 -m venv`.
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq && $SUDO apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$VENV"
    python3 -m venv "$VENV"
  fi
  "$VENV/bin/pip" install --quiet --disable-pip-version-check websockets
fi
if ! command -v libwebsockets-test-server >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq libwebsockets-test-server >/dev/null 2>&1 \
    || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libwebsockets-test-server >/dev/null; }
fi

WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

swift build --product courier-bench >/dev/null
BENCH="$(swift build --show-bin-path)/courier-bench"
passed=0; failed=0
check() {  # label url server compression
  echo "== $1"
  local output
  output=$(COURIER_WS_URL="$2" COURIER_WS_SERVER="$3" COURIER_WS_COMPRESSION="$4" timeout 60 "$BENCH" websocket-check 2>&1) || true
  echo "$output"
  local line
  line=$(echo "$output" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
}

# Python's websockets: the server prints `listening PORT` once it accepts connections.
for compression in 0 1; do
  fifo="$WORK/python-$compression"
  mkfifo "$fifo"
  flag=""; [ "$compression" = 1 ] && flag="--compression"
  "$VENV/bin/python" Scripts/interop-websocket/echo_server.py $flag >"$fifo" 2>"$WORK/python-$compression.log" &
  PIDS+=($!)
  exec 3<"$fifo"
  if read -r -t 30 word port <&3 && [ "$word" = listening ]; then
    check "websockets $("$VENV/bin/python" -c 'import websockets; print(websockets.__version__)'), permessage-deflate $([ "$compression" = 1 ] && echo on || echo off)" \
      "http://127.0.0.1:$port" python "$compression"
  else
    echo "the websockets server did not start:"; cat "$WORK/python-$compression.log"; failed=$((failed + 1))
  fi
  exec 3<&-
done

# libwebsockets-test-server: no readiness line at its default log level, so connect attempts until it listens.
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
libwebsockets-test-server --port="$PORT" >"$WORK/lws.log" 2>&1 &
LWS_PID=$!
PIDS+=($LWS_PID)
ready=0
for _ in $(seq 1 100); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then ready=1; break; fi
  kill -0 "$LWS_PID" 2>/dev/null || break
  sleep 0.1
done
if [ "$ready" = 1 ]; then
  version=$(dpkg-query -W -f='${Version}' libwebsockets-test-server 2>/dev/null || echo "?")
  check "libwebsockets-test-server $version, permessage-deflate off" "http://127.0.0.1:$PORT" lws 0
  check "libwebsockets-test-server $version, permessage-deflate offered" "http://127.0.0.1:$PORT" lws 1
else
  echo "libwebsockets-test-server did not start:"; cat "$WORK/lws.log"; failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
