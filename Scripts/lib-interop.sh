# Shared by the Scripts/interop-*.sh scripts (sourced; named apart so .ci/run does not run it as one).

# A scratch folder in $WORK, and the server PIDs in PIDS stopped at exit.
interop_workdir() {
  WORK=$(mktemp -d)
  PIDS=()
  trap interop_cleanup EXIT INT TERM
}
interop_cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}

# pypi_venv VENV "MODULE, MODULE" PACKAGE…: a virtual environment with the PyPI packages, made unless the modules
# import there already.
pypi_venv() {
  local venv=$1 modules=$2
  shift 2
  "$venv/bin/python" -c "import $modules" 2>/dev/null && return 0
  echo "== installing $* into $venv"
  rm -rf "$venv"
  if ! python3 -m venv "$venv" >/dev/null 2>&1; then
    # Debian's system Python needs the python3-venv package for `python3 -m venv`.
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq && $sudo apt-get install -y -qq python3-venv >/dev/null
    rm -rf "$venv"
    python3 -m venv "$venv"
  fi
  "$venv/bin/pip" install --quiet --disable-pip-version-check "$@"
}

# debian_install [COMMAND=PACKAGE]…: installs, with apt-get, the package of each COMMAND not on the PATH (root or
# sudo needed only then). A package's own service (nginx on port 80) is kept from starting by a policy-rc.d for the
# time of the install. Best effort: a package that cannot be installed leaves its command missing, and the caller
# says what it skips.
debian_install() {
  local pair missing=()
  for pair in "$@"; do
    PATH="$PATH:/usr/sbin:/sbin" command -v "${pair%%=*}" >/dev/null || missing+=("${pair#*=}")
  done
  [ ${#missing[@]} -gt 0 ] || return 0
  local sudo="" added_policy=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "== apt-get install ${missing[*]}"
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee /usr/sbin/policy-rc.d >/dev/null && $sudo chmod +x /usr/sbin/policy-rc.d
    added_policy=yes
  fi
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1 || true
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null 2>&1 || true
  [ -z "$added_policy" ] || $sudo rm -f /usr/sbin/policy-rc.d
}

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }

# wait_port PORT PID: until PORT accepts a connection (10 s at most), or PID exits.
wait_port() {
  for _ in $(seq 1 100); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
    kill -0 "$2" 2>/dev/null || return 1
    sleep 0.1
  done
  return 1
}

# tally OUTPUT: prints a check run's OUTPUT and adds its `N passed, M failed` to $passed and $failed (a run with no
# such line counts as one failure).
tally() {
  echo "$1"
  local line
  line=$(echo "$1" | grep -E '^[0-9]+ passed, [0-9]+ failed$' | tail -1)
  if [ -z "$line" ]; then failed=$((failed + 1)); return; fi
  passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
  failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
}

# run_check LABEL COMMAND…: runs a check command (its errors in its output) and tallies it.
run_check() {
  echo "== $1"
  shift
  local output
  output=$("$@" 2>&1) || true
  tally "$output"
}
