#!/usr/bin/env bash
# The CPU seconds `npm test` costs the machine, every process counted: its runners, their browsers
# and workers, and the PostgreSQL server that pg_ctl detaches. Runs the command given (default
# `npm test`) inside a cgroup v1 cpuacct group of its own, which keeps counting processes that
# leave their parents (daemons, a browser's zygote). Needs root and /sys/fs/cgroup/cpuacct (Linux);
# `npm test` itself prints a per-runner figure that misses the detached processes.
# The browsers' share is counted apart: CHROME_PATH points at bench/chromium-in-cgroup.sh, which
# moves each Chromium the tests launch into a child group and then starts the real one.
# Usage: bash bench/suite-cpu.sh [command…]
set -euo pipefail
group=/sys/fs/cgroup/cpuacct/svc-suite-$$
browsers=$group/browsers
mkdir "$group" "$browsers"
trap 'rmdir "$browsers" "$group" 2>/dev/null || true' EXIT
started=$(date +%s)
# The machine's load around the run: on a shared machine, other work beside it makes the same
# suite cost more CPU (its processes wait, spin and lose their caches), so a figure needs its load.
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
status=0
[ "$#" -gt 0 ] || set -- npm test
export SUITE_CPU_BROWSER_GROUP=$browsers SUITE_CPU_CHROME=${CHROME_PATH:-/usr/bin/chromium}
export CHROME_PATH
CHROME_PATH=$(cd "$(dirname "$0")" && pwd)/chromium-in-cgroup.sh
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$group" "$@" || status=$?
# Processes still in the group (none, normally) would keep it from being removed; their CPU is counted.
nanos=$(cat "$group/cpuacct.usage")
browser_nanos=$(cat "$browsers/cpuacct.usage")
echo "suite CPU: $((nanos / 1000000000)) s in $(( $(date +%s) - started )) s wall (exit $status); Chromium's share $((browser_nanos / 1000000000)) s; load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after"
exit $status
