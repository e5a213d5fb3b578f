#!/usr/bin/env bash
# bench-mpi.sh: flitlab-mpi on this machine and beyond it (docs/mpi.md)
#
#   bench/bench-mpi.sh [BUILD]      BUILD: a -Dmpi=enabled build directory (default build-mpi)
#
# A real sweep: 000 Table 2's 16x16x16 uni-directional torus (data/examples/ciciani-1998.flitlab,
# 25-flit messages) simulated at four loads (0.0003 to 0.0012 messages/cycle/node, the model
# saturating near 0.00149) with two replications, 20000 measured cycles each: eight jobs.
# Prints the machine's load average before each run, the wall and CPU time of flitlab-mpi on 1
# and on 2 ranks (one job at a time each) and the speed-up, checks that both saved the same bytes,
# then runs bench-sweep on the same study: every job timed alone and replayed through the
# master's schedule on 16, 64 and 256 ranks. Takes about two minutes on two quiet cores.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-mpi}
study="Table 2: 16×16×16 uni-directional torus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - data/examples/ciciani-1998.flitlab "$tmp/table2.flitlab" "$study" <<'PY'
import sys
import xml.etree.ElementTree as ET
tree = ET.parse(sys.argv[1])
root = tree.getroot()
for s in list(root.findall("study")):
    if s.get("name") != sys.argv[3]:
        root.remove(s)
study = root.find("study")
load = study.find("load")
load.set("min", "0.0003"); load.set("max", "0.0012"); load.set("count", "4")
for model in study.findall("model"):
    for result in model.findall("curve") + model.findall("channels"):
        model.remove(result)
sim = study.find("simulation")
sim.set("enabled", "true"); sim.set("replications", "2"); sim.set("seed", "2026")
sim.set("cycles", "20000")
tree.write(sys.argv[2], encoding="UTF-8", xml_declaration=True)
PY

export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 \
       OMPI_MCA_rmaps_base_oversubscribe=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
echo "cores: $(nproc)"
declare -A seconds
for n in 1 2; do
  echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # Wall and CPU seconds: a wall time well above CPU / n means that other work shared the
  # cores during the run.
  /usr/bin/time -o "$tmp/time$n" -f "%e %U %S" \
    mpirun -q -n "$n" "$build/src/mpi/flitlab-mpi" run "$tmp/table2.flitlab" \
      --output "$tmp/out$n.flitlab"
  read -r wall user sys < "$tmp/time$n"
  seconds[$n]=$wall
  printf "%d rank(s): %.1f s wall, %.1f s CPU\n" "$n" "$wall" "$(echo "$user + $sys" | bc -l)"
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
printf "speed-up of 2 ranks over 1: %.2f\n" "$(echo "${seconds[1]} / ${seconds[2]}" | bc -l)"
cmp "$tmp/out1.flitlab" "$tmp/out2.flitlab" && echo "1 and 2 ranks saved the same bytes"
echo
"$build/bench/bench-sweep" "$tmp/table2.flitlab" "$study"
