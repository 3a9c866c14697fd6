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
source Scripts/lib-interop.sh
pypi_venv "$VENV" websockets websockets
if ! command -v libwebsockets-test-server >/dev/null; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get install -y -qq libwebsockets-test-server >/dev/null 2>&1 \
    || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq libwebsockets-test-server >/dev/null; }
fi

interop_workdir

swift build --product courier-bench >/dev/null
BENCH="$(swift build --show-bin-path)/courier-bench"
passed=0; failed=0
check() {  # label url server compression
  run_check "$1" env COURIER_WS_URL="$2" COURIER_WS_SERVER="$3" COURIER_WS_COMPRESSION="$4" timeout 60 "$BENCH" websocket-check
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
PORT=$(free_port)
libwebsockets-test-server --port="$PORT" >"$WORK/lws.log" 2>&1 &
LWS_PID=$!
PIDS+=($LWS_PID)
ready=0
wait_port "$PORT" "$LWS_PID" && ready=1
if [ "$ready" = 1 ]; then
  version=$(dpkg-query -W -f='${Version}' libwebsockets-test-server 2>/dev/null || echo "?")
  check "libwebsockets-test-server $version, permessage-deflate off" "http://127.0.0.1:$PORT" lws 0
  check "libwebsockets-test-server $version, permessage-deflate offered" "http://127.0.0.1:$PORT" lws 1
else
  echo "libwebsockets-test-server did not start:"; cat "$WORK/lws.log"; failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
