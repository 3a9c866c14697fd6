#!/usr/bin/env bash
# Scripts/bench-generated-build.sh [passes] [baseline-commit]
#
# What a user of a big OpenAPI description waits for: a clean debug `swift build` of the Swift that httpidl
# generates for it (GitHub's, ../shared/openapi/api.github.com.json, or $COURIER_OPENAPI_SPEC), with this
# checkout's committed HEAD (generator and Courier) against a baseline commit's (default 7396ec6, the tree issue 36
# was filed against), the passes interleaved (default 3). Each side is a throw-away package in
# .build/generated-build-bench whose one target holds the generated files; Courier is built once beforehand, so a
# pass times only the generated target (its build folder removed, the manifest touched so SwiftPM plans it anew).
# Prints each pass (wall, user + sys CPU, peak RSS of one process), the generated files (count, largest), and the
# ratios HEAD ÷ baseline as medians with their range. Needs git and /usr/bin/time; nothing is installed.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
passes="${1:-3}"
baseline="${2:-7396ec6}"
spec="${COURIER_OPENAPI_SPEC:-$ROOT/../shared/openapi/api.github.com.json}"
[[ "$passes" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [passes] [baseline-commit]" >&2; exit 2; }
[ -f "$spec" ] || { echo "error: no OpenAPI description at $spec (set COURIER_OPENAPI_SPEC)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is needed (Debian package time)" >&2; exit 1; }
WORK="$ROOT/.build/generated-build-bench"
mkdir -p "$WORK"

# side NAME COMMIT: the commit's sources (git archive), its httpidl, the generated Swift, and Courier built.
side() {
  local name=$1 commit=$2 src="$WORK/$1-src" pkg="$WORK/$1"
  rm -rf "$src" "$pkg/Sources" && mkdir -p "$src" "$pkg/Sources/GitHubAPI"
  git archive "$commit" | tar -x -C "$src"
  echo "== $name: $(git log -1 --format='%h %cs' "$commit"): building httpidl, generating, building Courier"
  (cd "$src" && swift build --product httpidl >"$WORK/$name-httpidl.log" 2>&1) \
    || { tail -20 "$WORK/$name-httpidl.log" >&2; exit 1; }
  "$src/.build/debug/httpidl" generate "$spec" --output "$pkg/Sources/GitHubAPI" >"$WORK/$name-generate.log" 2>&1 \
    || { tail -20 "$WORK/$name-generate.log" >&2; exit 1; }
  cat >"$pkg/Package.swift" <<EOF
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "GeneratedBuild",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(path: "$src")],
    targets: [.target(name: "GitHubAPI", dependencies: [.product(name: "Courier", package: "$name-src")])]
)
EOF
  (cd "$pkg" && swift build --target Courier >"$WORK/$name-courier.log" 2>&1) \
    || { tail -20 "$WORK/$name-courier.log" >&2; exit 1; }
  local files largest
  files=$(ls "$pkg/Sources/GitHubAPI"/*.swift | wc -l)
  largest=$(ls -l "$pkg/Sources/GitHubAPI"/*.swift | awk '{ if ($5 > m) m = $5 } END { print m }')
  echo "$name files $files largest $largest" >>"$WORK/results"
}

: >"$WORK/results"
side baseline "$baseline"
side head HEAD

# One clean build of the generated target, timed.
timed_build() {
  local name=$1 pass=$2 pkg="$WORK/$1"
  local triple_dir
  triple_dir=$(cd "$pkg" && swift build --show-bin-path)
  rm -rf "$triple_dir/GitHubAPI.build" "$triple_dir/Modules/GitHubAPI."*
  touch "$pkg/Package.swift"
  (cd "$pkg" && /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" swift build --target GitHubAPI >"$WORK/$name-build.log" 2>&1) \
    || { tail -20 "$WORK/$name-build.log" >&2; exit 1; }
  echo "$name pass $pass $(tail -1 "$WORK/time") load $(cut -d' ' -f1 /proc/loadavg)" | tee -a "$WORK/results"
}

echo "== $passes interleaved passes (wall s, user s, sys s, peak RSS KB, load before the next pass)"
for pass in $(seq 1 "$passes"); do
  timed_build baseline "$pass"
  timed_build head "$pass"
done

python3 - "$WORK/results" <<'PYTHON'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
files = {r[0]: (int(r[2]), int(r[4])) for r in rows if r[1] == "files"}
runs = {}
for r in rows:
    if r[1] == "pass":
        runs.setdefault(r[0], []).append((float(r[3]), float(r[4]) + float(r[5]), int(r[6]) / 1048576))
for name in ("baseline", "head"):
    n, largest = files[name]
    walls, cpus, rss = zip(*runs[name])
    print(f"{name}: {n} file(s), largest {largest / 1e6:.2f} MB; wall {statistics.median(walls):.1f} s "
          f"({min(walls):.1f}-{max(walls):.1f}), CPU {statistics.median(cpus):.1f} s, peak RSS {max(rss):.2f} GiB")
for index, label in ((0, "wall"), (1, "CPU")):
    ratios = [h[index] / b[index] for b, h in zip(runs["baseline"], runs["head"])]
    print(f"head / baseline {label}: {statistics.median(ratios):.3f}x ({min(ratios):.3f}-{max(ratios):.3f})")
PYTHON
