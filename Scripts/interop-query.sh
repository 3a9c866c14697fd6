#!/usr/bin/env bash
# Interop check for URLQueryCoding: encodes a table of models with Courier (courier-bench query-wire)
# in each configuration a server framework expects, parses the wire string with that framework's real
# parser — PHP parse_str, Ruby Rack::Utils.parse_nested_query, and qs (Express) through its Python
# port qs-codec — and checks the parsed structure equals the model. Prints 'N passed, M failed'.
set -euo pipefail
cd "$(dirname "$0")/.."
here="Scripts/interop-query"

# 1. The real parsers (Debian packages) and a Python venv for qs-codec.
need_apt=0
command -v php >/dev/null 2>&1 || need_apt=1
ruby -e 'require "rack"; require "json"' >/dev/null 2>&1 || need_apt=1
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need_apt=1
if [ "$need_apt" = 1 ]; then
  echo "== installing php-cli, ruby-rack, python3-venv"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq php-cli ruby ruby-rack python3 python3-venv >/dev/null
fi

venv=".build/interop-query-venv"
if ! "$venv/bin/python" -c 'import qs_codec' >/dev/null 2>&1; then
  echo "== installing qs-codec into $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install -q --disable-pip-version-check qs-codec
fi

# 2. The encoder under test.
echo "== building courier-bench (query-wire helper)"
swift build --product courier-bench 2>&1 | tail -1
bin="$(swift build --show-bin-path)/courier-bench"

# 3. Encode, parse with each server, compare.
"$venv/bin/python" "$here/driver.py" --courier "$bin" --php "$here/parse.php" --rack "$here/parse.rb"
