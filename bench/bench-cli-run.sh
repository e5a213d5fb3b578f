#!/usr/bin/env bash
# bench-cli-run.sh: how busy flitlab-cli run keeps the cores over a whole project
# (docs/validation/cli-run.md)
#
#   bench/bench-cli-run.sh [CLI] [THREADS] [PROJECT...]
#
# CLI: a flitlab-cli (default build/src/cli/flitlab-cli); THREADS: every study's simulation
# threads (default 2); PROJECT: the projects to run (default data/examples/horng-kleinrock.flitlab,
# five backtracking studies, and data/examples/greenberg-1997.flitlab, four wormhole studies).
# Each project is copied with its studies set to THREADS threads and run once; the script prints
# the load average before the run, the wall and CPU seconds, and the share of the THREADS cores
# the run kept busy ("Percent of CPU" of /usr/bin/time -v over THREADS). Run it with an older
# flitlab-cli to compare; the saved projects are left in the temporary directory only long enough
# to print their checksum, which must not depend on the build.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/src/cli/flitlab-cli}
threads=${2:-2}
shift $(( $# > 2 ? 2 : $# ))
projects=("$@")
if [ ${#projects[@]} -eq 0 ]; then
  projects=(data/examples/horng-kleinrock.flitlab data/examples/greenberg-1997.flitlab)
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "cores: $(nproc); threads per study: $threads; $cli"
for project in "${projects[@]}"; do
  name=$(basename "$project" .flitlab)
  sed -e "s/threads=\"[0-9]*\"/threads=\"$threads\"/g" "$project" > "$tmp/$name.flitlab"
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -v -o "$tmp/time" "$cli" run "$tmp/$name.flitlab" --output "$tmp/out.flitlab"
  wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$tmp/time")
  user=$(sed -n 's/.*User time (seconds): //p' "$tmp/time")
  sys=$(sed -n 's/.*System time (seconds): //p' "$tmp/time")
  percent=$(sed -n 's/.*Percent of CPU this job got: \([0-9]*\)%/\1/p' "$tmp/time")
  printf "%s: %s wall, %.1f s CPU, %s%% CPU = %.0f%% of %s cores; saved %s\n" "$name" "$wall" \
    "$(echo "$user + $sys" | bc -l)" "$percent" "$(echo "$percent / $threads" | bc -l)" "$threads" \
    "$(sha256sum "$tmp/out.flitlab" | cut -c1-16)"
done
