#!/usr/bin/env bash
# Interop check for URLQueryCoding: encodes a table of models with Courier (courier-bench query-wire)
# in each configuration a server framework expects, parses the wire string with that framework's real
# parser — PHP parse_str, Ruby Rack::Utils.parse_nested_query, and qs (Express) through its Python
# port qs-codec — and checks the parsed structure equals the model. Prints 'N passed, M failed'.
set -euo pipefail
cd "$(dirname "$0")/.."
here="Scripts/interop-query"

# 1. The real parsers (Debian packages) and a Python venv for qs-codec.
apt_updated=0
apt_install() {
  echo "== apt-get install $*"
  export DEBIAN_FRONTEND=noninteractive
  if [ "$apt_updated" = 0 ]; then
    apt-get update -qq
    apt_updated=1
  fi
  apt-get install -y -qq "$@" >/dev/null
}

command -v php >/dev/null 2>&1 || apt_install php-cli
ruby -e 'require "rack"; require "json"' >/dev/null 2>&1 || apt_install ruby ruby-rack
command -v python3 >/dev/null 2>&1 || apt_install python3

venv=".build/interop-query-venv"
if ! "$venv/bin/python" -c 'import qs_codec' >/dev/null 2>&1; then
  echo "== installing qs-codec into $venv"
  rm -rf "$venv"
  mkdir -p .build
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    # Debian ships venv/ensurepip separately.
    apt_install python3-venv
    rm -rf "$venv"
    python3 -m venv "$venv"
  fi
  "$venv/bin/python" -m pip install -q --disable-pip-version-check qs-codec
fi

# 2. The encoder under test.
echo "== building courier-bench (query-wire helper)"
swift build --product courier-bench 2>&1 | tail -1
bin="$(swift build --show-bin-path)/courier-bench"

# 3. Encode, parse with each server, compare.
# Once on the encoder's own output, then on what a server received over each transport.
modes="encoder urlSession"
if [ "$(uname -s)" = Linux ]; then modes="$modes socket"; fi
total_passed=0
total_failed=0
total_skipped=0
for mode in $modes; do
  echo "== query wire: $mode"
  transport=()
  [ "$mode" = encoder ] || transport=(--transport "$mode")
  status=0
  output="$("$venv/bin/python" "$here/driver.py" --courier "$bin" --php "$here/parse.php" --rack "$here/parse.rb" \
    "${transport[@]}")" || status=$?
  echo "$output" | grep -v '^skip ' || true
  line="$(echo "$output" | tail -1)"
  if [[ "$line" =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed,\ ([0-9]+)\ skipped$ ]]; then
    total_passed=$((total_passed + BASH_REMATCH[1]))
    total_failed=$((total_failed + BASH_REMATCH[2]))
    total_skipped=$((total_skipped + BASH_REMATCH[3]))
  else
    total_failed=$((total_failed + 1))
  fi
  [ "$status" -ne 0 ] && [ "$total_failed" = 0 ] && total_failed=1
done
echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
[ "$total_failed" = 0 ]
