#!/usr/bin/env bash
# Interop: runs Courier's client against a real httpbin server (PyPI `httpbin`, served by gunicorn on
# 127.0.0.1) via `courier-bench httpbin-check`, which checks what the server echoes back.
# Prints `N passed, M failed` and exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=".build/interop-httpbin-venv"
source Scripts/lib-interop.sh
pypi_venv "$VENV" "httpbin, gunicorn" httpbin gunicorn

PORT=$("$VENV/bin/python" -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
LOG=$(mktemp)
"$VENV/bin/gunicorn" --bind "127.0.0.1:$PORT" --workers 2 --log-level warning httpbin:app >"$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -f "$LOG"
}
trap cleanup EXIT INT TERM

for _ in $(seq 1 100); do
  if "$VENV/bin/python" -c "import urllib.request; urllib.request.urlopen('http://127.0.0.1:$PORT/get', timeout=1)" 2>/dev/null; then
    break
  fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "httpbin did not start:"; cat "$LOG"; echo "0 passed, 1 failed"; exit 1
  fi
  sleep 0.2
done

swift build --product courier-bench >/dev/null
# Once over each transport; either failing fails the script.
status=0
for transport in urlsession socket; do
  echo "== over $transport"
  COURIER_TRANSPORT="$transport" COURIER_HTTPBIN_URL="http://127.0.0.1:$PORT" \
    "$(swift build --show-bin-path)/courier-bench" httpbin-check || status=1
done
exit $status
