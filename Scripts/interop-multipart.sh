#!/usr/bin/env bash
# Interop: a multipart/form-data body produced by Courier (text fields, a non-ASCII filename, a binary data part,
# a file part streamed from disk, per-part headers) is parsed by Python's standard `email` parser, and every
# field, filename and byte of content must come back identical. Checked three times: the encoder's own bytes,
# and the bytes a server received over URLSessionTransport and over SocketTransport (Linux).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v python3 >/dev/null 2>&1; then
  apt-get update -qq && apt-get install -y -qq python3 >/dev/null
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build --product courier-bench >/dev/null
bin="$(swift build --show-bin-path)/courier-bench"
modes="encoder urlSession"
if [ "$(uname -s)" = Linux ]; then modes="$modes socket"; fi

total_passed=0
total_failed=0
for mode in $modes; do
  echo "== multipart body: $mode"
  rm -rf "${work:?}"/*
  if [ "$mode" = encoder ]; then
    COURIER_MULTIPART_DUMP="$work" "$bin" multipart
  else
    COURIER_MULTIPART_DUMP="$work" COURIER_TRANSPORT="$mode" "$bin" multipart
  fi
  status=0
  summary="$(python3 - "$work" <<'PY'

import re, sys, pathlib, urllib.parse
from email import policy, utils
from email.parser import BytesParser

work = pathlib.Path(sys.argv[1])
body = (work / "body.bin").read_bytes()
content_type = (work / "content-type.txt").read_text()
upload = (work / "upload.bin").read_bytes()
blob = (work / "blob.bin").read_bytes()

passed = failed = 0
def check(label, actual, expected):
    global passed, failed
    if actual == expected:
        passed += 1
    else:
        failed += 1
        print(f"FAIL {label}: {actual!r:.200} != {expected!r:.200}")

message = BytesParser(policy=policy.HTTP).parsebytes(
    b"Content-Type: " + content_type.encode() + b"\r\nMIME-Version: 1.0\r\n\r\n" + body)
check("is multipart", message.is_multipart(), True)
check("content type", message.get_content_type(), "multipart/form-data")
check("no defects", [str(d) for d in message.defects], [])

parts = list(message.iter_parts())
check("part count", len(parts), 6)
by_name = {p.get_param("name", header="content-disposition"): p for p in parts}
check("names in order", [p.get_param("name", header="content-disposition") for p in parts],
      ["title", "note", "empty", "blob", "photo", "with-header"])

def payload(name):
    part = by_name.get(name)
    return None if part is None else part.get_payload(decode=True)

check("title text", payload("title").decode("utf-8"), "Hello, 세계 ✓")
check("note keeps CRLF and LF", payload("note"), b"line one\r\nline two\n")
check("empty field", payload("empty"), b"")
check("title has no filename", by_name["title"].get_filename(), None)
check("blob bytes", payload("blob"), blob)
check("blob filename", by_name["blob"].get_filename(), "blob.bin")
check("blob content type", by_name["blob"].get_content_type(), "application/octet-stream")
check("photo bytes", payload("photo"), upload)
check("photo size", len(payload("photo")), 300 * 1024)
# Python's email package keeps the first of `filename` / `filename*`; frameworks (Django, Werkzeug, busboy)
# prefer `filename*`. Check both: the RFC 8187 value decodes exactly, and the ASCII fallback is plain ASCII
# whose percent-decoding (RFC 7578 §4.2) is the same name.
original = '사진 résumé "1".png'
raw_headers = dict(by_name["photo"].raw_items())
disposition = raw_headers["Content-Disposition"]
extended = re.search(r"filename\*=([^;\s]+)", disposition)
check("photo has filename*", extended is not None, True)
if extended:
    charset, language, value = utils.decode_rfc2231(extended.group(1))
    check("filename* charset", charset.upper(), "UTF-8")
    check("filename* decodes to the original", urllib.parse.unquote(value, encoding=charset), original)
fallback = by_name["photo"].get_filename()
check("fallback filename is ASCII", fallback.isascii(), True)
check("fallback filename percent-decodes to the original", urllib.parse.unquote(fallback), original)
check("photo content type", by_name["photo"].get_content_type(), "image/png")
check("per-part header", by_name["with-header"]["X-Part-Id"], "42")
check("per-part header field", payload("with-header"), b"x")
check("every part is form-data", {p.get_content_disposition() for p in parts}, {"form-data"})

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
PY
)" || status=$?
  echo "$summary"
  line="$(echo "$summary" | tail -1)"
  passed="$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')"
  failed="$(echo "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')"
  case "$passed$failed" in *[!0-9]*|'') passed=0; failed=1 ;; esac
  [ "$status" -ne 0 ] && [ "$failed" = 0 ] && failed=1
  total_passed=$((total_passed + passed))
  total_failed=$((total_failed + failed))
done
echo "$total_passed passed, $total_failed failed"
[ "$total_failed" = 0 ]
