#!/bin/sh
# CHROME_PATH for bench/suite-cpu.sh: moves this Chromium (and so every process it starts) into the
# browsers' child group, then starts the real one with the same arguments.
echo $$ > "$SUITE_CPU_BROWSER_GROUP/cgroup.procs"
exec "$SUITE_CPU_CHROME" "$@"
