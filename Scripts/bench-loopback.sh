#!/usr/bin/env bash
# Scripts/bench-loopback.sh [requests]
#
# The `courier-bench loopback` suite against a local nginx: wrk, raw URLSession, Courier over
# URLSessionTransport and Courier over SocketTransport on a 200-byte JSON (HTTP and HTTPS), h2load and Courier
# over HTTP/2 (TLS, ALPN h2, 64 streams on one connection), RSS over 100,000 requests (HTTP/1.1 and HTTP/2), a
# 1 GiB download to a file, 1 GiB through `client.stream` over HTTP, HTTPS and HTTP/2 (with `openssl speed` of the
# negotiated cipher) and a 1 GiB multipart upload from disk (see Sources/courier-bench/LoopbackCommand.swift).
# COURIER_BENCH_SECTIONS=h2,stream (say) runs only those sections of this tree's binary.
#
# Installs nginx, wrk and h2load from Debian if missing (root needed only for that), writes an nginx configuration into
# a temporary directory, starts nginx as the current user listening on 127.0.0.1 only, runs the bench and stops
# nginx on exit. `requests` is the GET count per side and pass (default 10000). With COURIER_BENCH_BASELINE set
# (see the end), an older build's passes alternate with this one's in the same session.
set -euo pipefail
cd "$(dirname "$0")/.."

requests="${1:-10000}"
[[ "$requests" =~ ^[0-9]+$ ]] || { echo "usage: $0 [requests]" >&2; exit 2; }

# --- nginx and wrk --------------------------------------------------------------------------------------------
PATH="$PATH:/usr/sbin:/sbin"
missing=()
command -v nginx >/dev/null || missing+=(nginx)
command -v wrk >/dev/null || missing+=(wrk)
command -v h2load >/dev/null || missing+=(nghttp2-client)
if ((${#missing[@]})); then
    as_root=()
    [[ "$(id -u)" -eq 0 ]] || as_root=(sudo)
    # Keep the package's own nginx service (port 80 on every address) from being started by the install.
    added_policy=""
    if [[ ! -e /usr/sbin/policy-rc.d ]]; then
        printf '#!/bin/sh\nexit 101\n' | "${as_root[@]}" tee /usr/sbin/policy-rc.d >/dev/null
        "${as_root[@]}" chmod +x /usr/sbin/policy-rc.d
        added_policy=yes
    fi
    echo "installing ${missing[*]} with apt-get"
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    [[ -z "$added_policy" ]] || "${as_root[@]}" rm -f /usr/sbin/policy-rc.d
fi

# --- temporary directory, certificates, content ---------------------------------------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/courier-loopback.XXXXXX")"
nginx_pid_file="$work/nginx.pid"
stop() {
    if [[ -s "$nginx_pid_file" ]]; then
        kill -QUIT "$(cat "$nginx_pid_file")" 2>/dev/null || true
        for _ in $(seq 50); do [[ -e "$nginx_pid_file" ]] || break; sleep 0.1; done
    fi
    rm -rf "$work"
}
trap stop EXIT INT TERM

swift build -c release --product courier-bench 2>&1 | grep -E "error|warning:" || true
swift run -c release courier-bench write-test-certificate "$work" >/dev/null

mkdir -p "$work/www" "$work/temp"
# The 1 GiB file served for downloads and sent by the multipart upload (written, not sparse).
dd if=/dev/zero of="$work/www/blob.bin" bs=1M count=1024 status=none
# The 200-byte JSON the GET rows fetch (an `Account` of ClientBenchmarks plus a padding field).
json='{"id":42,"name":"Kim","email":"kim@example.com","active":true,"tags":["a","b","c"],"bio":"'
while ((${#json} < 198)); do json+="x"; done
json+='"}'
((${#json} == 200)) || { echo "JSON body is ${#json} bytes, not 200" >&2; exit 1; }

# --- free ports (nothing answers on them) ---------------------------------------------------------------------
# Below the kernel's ephemeral range, so that no client socket of an earlier run (or of this one) holds the port
# as its local end when nginx binds it.
port_is_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
ephemeral_low="$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null || echo 32768)"
((ephemeral_low > 12000)) || ephemeral_low=60000
pick_port() {
    local port
    while :; do
        port=$((10000 + RANDOM % (ephemeral_low - 10000)))
        if [[ "$port" != "${1:-}" ]] && port_is_free "$port"; then echo "$port"; return; fi
    done
}
http_port="$(pick_port)"
https_port="$(pick_port "$http_port")"
h2_port="$(pick_port "$https_port")"
while [[ "$h2_port" == "$http_port" ]]; do h2_port="$(pick_port "$https_port")"; done

# --- nginx ----------------------------------------------------------------------------------------------------
cat >"$work/nginx.conf" <<EOF
user $(id -un) $(id -gn);
worker_processes 1;
pid $nginx_pid_file;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    keepalive_timeout 300s;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    default_type application/octet-stream;
    log_format upload '\$request_length \$request_time \$status';
    log_format tls '\$server_port \$ssl_cipher';
    server {
        listen 127.0.0.1:$http_port;
        listen 127.0.0.1:$https_port ssl;
        # HTTP/2 on its own port (nginx 1.22 turns it on per listening socket), so that the HTTPS rows, and older
        # builds that offer h2 too, stay HTTP/1.1 on the port above.
        listen 127.0.0.1:$h2_port ssl http2;
        ssl_certificate $work/server.pem;
        ssl_certificate_key $work/server.key;
        root $work/www;
        # The cipher of each 1 GiB request, for the TLS CPU goal (LoopbackCipherCost).
        location = /blob.bin {
            access_log $work/tls.log tls;
        }
        location /accounts/ {
            default_type application/json;
            return 200 '$json';
        }
        # nginx answers a return before reading a body (and a client then rightly stops sending), so the
        # upload location reads the whole body first (into memory: no server-side temporary file either), then
        # asks /uploaded, without the body, for its 204.
        location = /upload {
            client_max_body_size 2g;
            client_body_buffer_size 1100m;
            access_log $work/upload.log upload;
            proxy_pass_request_body off;
            proxy_set_header Content-Length "";
            proxy_set_header Content-Type "";
            proxy_pass http://127.0.0.1:$http_port/uploaded;
        }
        location = /uploaded {
            return 204;
        }
    }
}
EOF
nginx -p "$work" -e "$work/error.log" -c "$work/nginx.conf"
echo "nginx $(nginx -v 2>&1 | sed 's/.*nginx\///') listens on http://127.0.0.1:$http_port, https://127.0.0.1:$https_port and https://127.0.0.1:$h2_port (h2) ($work)"

# COURIER_BENCH_BASELINE=/path/to/an/older/courier-bench compares two builds in this one nginx session: the passes
# alternate between this tree's binary and the baseline (COURIER_BENCH_PASSES each, default 2), so drift in the
# machine's speed falls on both alike. Read the figures of each side's passes together.
current=".build/release/courier-bench"
# Options only this tree's binary knows (older baselines have no HTTP/2 section).
current_options=(--h2-port "$h2_port")
[[ -z "${COURIER_BENCH_SECTIONS:-}" ]] || current_options+=(--sections "$COURIER_BENCH_SECTIONS")
if [[ -n "${COURIER_BENCH_BASELINE:-}" ]]; then
    for pass in $(seq "${COURIER_BENCH_PASSES:-2}"); do
        for binary in "$current" "$COURIER_BENCH_BASELINE"; do
            echo "######## pass $pass: $binary"
            extra=()
            [[ "$binary" != "$current" ]] || extra=("${current_options[@]}")
            "$binary" loopback --http-port "$http_port" --https-port "$https_port" \
                --ca "$work/ca.pem" --dir "$work" --requests "$requests" "${extra[@]}"
        done
    done
else
    "$current" loopback --http-port "$http_port" --https-port "$https_port" \
        --ca "$work/ca.pem" --dir "$work" --requests "$requests" "${current_options[@]}"
fi
