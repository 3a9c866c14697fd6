#!/usr/bin/env bash
# Interop: SocketTransport's HTTP/2 against servers none of us wrote, via `courier-bench http2-check`:
#   - nginx (Debian `nginx`; nginx, nghttpd and h2o are installed with apt-get when missing) over TLS with ALPN (`.automatic`), a self-signed certificate made here with the
#     openssl CLI and trusted through TLSConfiguration.additionalTrustedRoots; uploads stored with WebDAV PUT;
#   - nghttpd (Debian `nghttp2-server`) with prior knowledge over cleartext (`.http2PriorKnowledge`); uploads
#     echoed (--echo-upload);
#   - h2o (Debian `h2o`) over TLS with ALPN and over cleartext with prior
#     knowledge; uploads go through its reverse proxy to the hypercorn app below, which echoes them;
#   - hypercorn (PyPI, installed into a venv under .build) over TLS with ALPN and, on a second plain listener
#     (--insecure-bind), over cleartext with prior knowledge, serving a small ASGI app made here (files from the
#     document root, uploads echoed).
# A server that cannot be installed is skipped (said so). Prints `N passed, M failed` over all servers and exits
# non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

source Scripts/lib-interop.sh
interop_workdir

mkdir -p "$WORK/docs/uploads"
printf 'hello over h2\n' >"$WORK/docs/small.txt"
head -c $((8 << 20)) /dev/urandom >"$WORK/docs/large.bin"
chmod -R a+rwX "$WORK"

swift build --product courier-bench >/dev/null
BENCH="$(swift build --show-bin-path)/courier-bench"
passed=0; failed=0
check() {  # label url mode ca
  run_check "$1" env COURIER_HTTP2_URL="$2" COURIER_HTTP2_MODE="$3" COURIER_HTTP2_CA="$4" COURIER_HTTP2_DOCROOT="$WORK/docs" \
    "$BENCH" http2-check
}

# The Debian servers, installed when missing (a fresh machine has none of them).
debian_install nginx=nginx nghttpd=nghttp2-server h2o=h2o

# One self-signed certificate for every TLS server.
if command -v openssl >/dev/null; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj "/CN=localhost" \
    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
fi

# nginx over TLS with ALPN.
if command -v nginx >/dev/null && command -v openssl >/dev/null; then
  PORT=$(free_port)
  GOAWAY_PORT=$(free_port)
  version=$(nginx -v 2>&1 | sed 's|.*/||')
  # `http2 on` from nginx 1.25.1; older versions take `http2` on the listen line.
  if [ "$(printf '%s\n1.25.1\n' "$version" | sort -V | head -1)" = "1.25.1" ]; then
    LISTEN="listen 127.0.0.1:$PORT ssl; http2 on;"
  else
    LISTEN="listen 127.0.0.1:$PORT ssl http2;"
  fi
  mkdir -p "$WORK/nginx/logs" "$WORK/nginx/tmp"
  cat >"$WORK/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log;
events { worker_connections 256; }
http {
  log_format proto '\$server_protocol \$request_method \$status';
  access_log $WORK/nginx/logs/access.log proto;
  client_body_temp_path $WORK/nginx/tmp;
  server {
    $LISTEN
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    http2_max_concurrent_streams 128;
    root $WORK/docs;
    location /uploads/ { dav_methods PUT; client_max_body_size 16m; create_full_put_path on; }
  }
  server {
    ${LISTEN//$PORT/$GOAWAY_PORT}
    ssl_certificate $WORK/cert.pem;
    ssl_certificate_key $WORK/key.pem;
    keepalive_requests 30;
    root $WORK/docs;
  }
}
CONF
  nginx -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' >"$WORK/nginx/logs/stdout.log" 2>&1 &
  PIDS+=($!)
  if wait_port "$PORT" "${PIDS[-1]}"; then
    check "nginx $version, TLS + ALPN (.automatic)" "https://127.0.0.1:$PORT" automatic "$WORK/cert.pem"
    echo "== nginx: GOAWAY after every 30 requests (keepalive_requests 30)"
    output=$(COURIER_HTTP2_URL="https://127.0.0.1:$GOAWAY_PORT" COURIER_HTTP2_MODE=automatic COURIER_HTTP2_CA="$WORK/cert.pem" \
      COURIER_HTTP2_DOCROOT="$WORK/docs" COURIER_HTTP2_CHECKS=goaway "$BENCH" http2-check 2>&1) || true
    echo "$output"
    if echo "$output" | grep -q '^1 passed, 0 failed$'; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
    # ALPN chose h2: nginx logged every request as HTTP/2.0.
    if [ -s "$WORK/nginx/logs/access.log" ] && ! grep -qv '^HTTP/2.0 ' "$WORK/nginx/logs/access.log"; then
      echo "PASS nginx logged $(wc -l <"$WORK/nginx/logs/access.log") requests, all HTTP/2.0"; passed=$((passed + 1))
    else
      echo "FAIL nginx logged requests not over HTTP/2:"; sort "$WORK/nginx/logs/access.log" | uniq -c; failed=$((failed + 1))
    fi
  else
    echo "nginx did not start:"; cat "$WORK/nginx/logs/error.log" || true; failed=$((failed + 1))
  fi
else
  echo "== nginx: skipped (nginx or openssl not installed)"
fi

# nghttpd with prior knowledge over cleartext.
if command -v nghttpd >/dev/null; then
  PORT=$(free_port)
  nghttpd --no-tls --echo-upload -d "$WORK/docs" "$PORT" >/dev/null 2>&1 &
  PIDS+=($!)
  if wait_port "$PORT" "${PIDS[-1]}"; then
    check "nghttpd, cleartext prior knowledge" "http://127.0.0.1:$PORT" prior ""
  else
    echo "nghttpd did not start"; failed=$((failed + 1))
  fi
else
  echo "== nghttpd: skipped (apt-get install nghttp2-server)"
fi

# hypercorn: installed when missing (a venv, as interop-httpbin.sh does).
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
VENV=".build/interop-http2-venv"
if [ ! -x "$VENV/bin/hypercorn" ]; then
  if ! python3 -m venv "$VENV" >/dev/null 2>&1; then
    $SUDO apt-get update -qq >/dev/null 2>&1 && $SUDO apt-get install -y -qq python3-venv >/dev/null 2>&1 || true
    rm -rf "$VENV"; python3 -m venv "$VENV" >/dev/null 2>&1 || true
  fi
  [ -x "$VENV/bin/pip" ] && "$VENV/bin/pip" install --quiet --disable-pip-version-check hypercorn >/dev/null 2>&1 || true
fi
HYPERCORN_PORT=""
if [ -x "$VENV/bin/hypercorn" ] && [ -s "$WORK/cert.pem" ]; then
  # The ASGI app: GET serves the document root (404 when missing), any other method echoes its body.
  cat >"$WORK/app.py" <<'PY'
import os
ROOT = os.environ["DOCROOT"]
async def app(scope, receive, send):
    if scope["type"] != "http":
        return
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    status = 200
    if scope["method"] == "GET":
        path = os.path.normpath(os.path.join(ROOT, scope["path"].lstrip("/")))
        if path.startswith(ROOT) and os.path.isfile(path):
            with open(path, "rb") as f:
                body = f.read()
        else:
            status, body = 404, b"not found"
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
PY
  HYPERCORN_PORT=$(free_port); HYPERCORN_CLEAR_PORT=$(free_port)
  (cd "$WORK" && DOCROOT="$WORK/docs" exec "$OLDPWD/$VENV/bin/hypercorn" --certfile "$WORK/cert.pem" --keyfile "$WORK/key.pem" \
    --bind "127.0.0.1:$HYPERCORN_PORT" --insecure-bind "127.0.0.1:$HYPERCORN_CLEAR_PORT" app:app >"$WORK/hypercorn.log" 2>&1) &
  PIDS+=($!)
  if wait_port "$HYPERCORN_PORT" "${PIDS[-1]}" && wait_port "$HYPERCORN_CLEAR_PORT" "${PIDS[-1]}"; then
    version=$("$VENV/bin/pip" show hypercorn 2>/dev/null | sed -n 's/^Version: //p')
    check "hypercorn $version, TLS + ALPN (.automatic)" "https://127.0.0.1:$HYPERCORN_PORT" automatic "$WORK/cert.pem"
    # The plain listener takes the HTTP/2 preface as it is (h2c by prior knowledge, RFC 9113 §3.3).
    check "hypercorn $version, cleartext prior knowledge" "http://127.0.0.1:$HYPERCORN_CLEAR_PORT" prior ""
  else
    echo "hypercorn did not start:"; cat "$WORK/hypercorn.log" || true; failed=$((failed + 1)); HYPERCORN_PORT=""
  fi
else
  echo "== hypercorn: skipped (could not be installed with pip)"
fi

if command -v h2o >/dev/null && [ -n "$HYPERCORN_PORT" ]; then
  TLS_PORT=$(free_port); CLEAR_PORT=$(free_port)
  mkdir -p "$WORK/h2o"
  chmod a+rwx "$WORK/h2o"  # started as root, h2o serves as nobody
  cat >"$WORK/h2o/h2o.conf" <<CONF
error-log: $WORK/h2o/error.log
listen:
  host: 127.0.0.1
  port: $TLS_PORT
  ssl:
    certificate-file: $WORK/cert.pem
    key-file: $WORK/key.pem
listen:
  host: 127.0.0.1
  port: $CLEAR_PORT
http2-max-concurrent-requests-per-connection: 128
hosts:
  default:
    paths:
      /uploads:
        proxy.reverse.url: https://127.0.0.1:$HYPERCORN_PORT/uploads
        proxy.ssl.verify-peer: OFF
      /:
        file.dir: $WORK/docs
CONF
  h2o -c "$WORK/h2o/h2o.conf" >"$WORK/h2o/stdout.log" 2>&1 &
  PIDS+=($!)
  if wait_port "$TLS_PORT" "${PIDS[-1]}" && wait_port "$CLEAR_PORT" "${PIDS[-1]}"; then
    version=$(h2o --version 2>/dev/null | head -1 | sed 's/^h2o version //')
    check "h2o $version, TLS + ALPN (.automatic)" "https://127.0.0.1:$TLS_PORT" automatic "$WORK/cert.pem"
    check "h2o $version, cleartext prior knowledge" "http://127.0.0.1:$CLEAR_PORT" prior ""
  else
    echo "h2o did not start:"; cat "$WORK/h2o/error.log" "$WORK/h2o/stdout.log" || true; failed=$((failed + 1))
  fi
else
  echo "== h2o: skipped (not installed, or no hypercorn to take its uploads)"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
