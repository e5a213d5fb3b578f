#!/usr/bin/env bash
# bench-speed.sh: the wormhole simulator's speed, beside BookSim 2's when one is given
# (docs/performance.md)
#
#   BOOKSIM=/path/to/booksim bench/bench-speed.sh [CLI] [ROUNDS] [PART]
#
# CLI: a flitlab-cli (default build/src/cli/flitlab-cli); ROUNDS: runs of each case (default 3);
# PART: cases, scaling or both (default both).
#
# cases: the networks and loads of issue #30, the same simulated cycles for both (enough for
# half a second or more of Flitlab; BookSim takes minutes), 20-flit messages, uniform traffic,
# dimension-ordered routing with two virtual channels, one replication on one thread, seed 1.
# With BOOKSIM set to a BookSim 2 binary (built outside this repository: nothing of BookSim is
# in it, and this script neither fetches nor builds it), each round runs BookSim, then Flitlab,
# case by case (paired and alternating), BookSim with its fastest pipeline (routing_delay = 0,
# speculative = 1, internal_speedup = 2.0, use_noc_latency = 0) and 8-flit buffers; a 2^8
# hypercube is BookSim's 2-ary 8-cube torus. Without BOOKSIM, Flitlab's figures alone.
#
# scaling: Flitlab alone on tori from 4x4 to 32x32x32 at a tenth of each network's ideal
# throughput (flitlab-cli topology's ideal_throughput, in flits, over 20 flits per message).
#
# Figures, per case, the median over the rounds (and the lowest and highest): CPU seconds of
# the whole process (user + system, /usr/bin/time, set-up and output included), simulated
# cycles per CPU second, flit-hops per CPU second and peak resident memory. Flitlab's cycles
# are its warm-up and measured window (the drain of about one latency left out) and its
# flit-hops the network channels' utilization times those cycles; BookSim's cycles are its
# "Time taken" and its flit-hops its accepted flit rate times nodes, hops and cycles. The ratio
# is Flitlab's cycles per CPU second over BookSim's, pair by pair. The load average is printed
# before and after: on a busy machine CPU times grow too.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=${1:-build/src/cli/flitlab-cli}
rounds=${2:-3}
part=${3:-both}
booksim=${BOOKSIM:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$cli" ]; then
  echo "bench-speed.sh: no flitlab-cli at $cli (build first: meson compile -C build)" >&2
  exit 1
fi
if [ -n "$booksim" ] && [ ! -x "$booksim" ]; then
  echo "bench-speed.sh: BOOKSIM=$booksim is not an executable" >&2
  exit 1
fi

# The median, lowest and highest of the numbers on stdin, one a line.
stats () {
  sort -g | awk '{ v[NR] = $1 } END {
    if (NR == 0) { print "-"; exit }
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "%.3g [%.3g, %.3g]", m, v[1], v[NR] }'
}

# Runs a command under /usr/bin/time; prints "cpu_seconds peak_kb".
timed () {
  local out=$1
  shift
  # A command that exits with a status other than 0 (BookSim does when its one sample period
  # is not called converged) makes time write a line of its own first: the figures are last.
  /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" > "$out" 2>&1 || true
  tail -n 1 "$tmp/time" | awk '{ printf "%.3f %d\n", $1 + $2, $3 }'
}

# Flitlab on one case: prints "cpu peak cycles flit_hops".
run_flitlab () {
  local spec=$1 rate=$2 cycles=$3 warmup=$(( $3 / 10 )) measured t
  measured=$(( cycles - warmup ))
  t=$(timed "$tmp/flitlab.out" "$cli" simulate --topology "$spec" --flits 20 --vcs 2 \
        --rates "$rate" --seed 1 --replications 1 --threads 1 --warmup "$warmup" \
        --cycles "$measured" --format csv --channels "$tmp/channels.csv")
  awk -F, -v t="$t" -v c="$cycles" 'NR > 1 && $3 == "network" { u += $8 }
    END { print t, c, u * c }' "$tmp/channels.csv"
}

# BookSim on one case: prints "cpu peak cycles flit_hops".
run_booksim () {
  local k=$1 n=$2 rate=$3 cycles=$4 t
  cat > "$tmp/booksim.cfg" <<EOF
topology = torus;
k = $k;
n = $n;
routing_function = dim_order;
num_vcs = 2;
vc_buf_size = 8;
traffic = uniform;
packet_size = 20;
injection_rate = $rate;
injection_rate_uses_flits = 0;
sim_type = latency;
warmup_periods = 1;
sample_period = $cycles;
max_samples = 1;
routing_delay = 0;
speculative = 1;
internal_speedup = 2.0;
use_noc_latency = 0;
seed = 1;
EOF
  t=$(timed "$tmp/booksim.out" "$booksim" "$tmp/booksim.cfg")
  awk -v t="$t" -v nodes="$(( k ** n ))" '
    /Time taken is/ { for (i = 1; i <= NF; i++) if ($i == "is") c = $(i + 1) }
    /Accepted flit rate average/ { split ($0, a, "= "); f = a[2] + 0 }
    /Hops average/ { split ($0, a, "= "); h = a[2] + 0 }
    END { if (c == "") { print "none"; exit } print t, c, f * nodes * h * c }' "$tmp/booksim.out"
}

echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); cores: $(nproc); $cli"

if [ "$part" = cases ] || [ "$part" = both ]; then
  # name, Flitlab spec, BookSim k and n, load (messages/cycle/node), simulated cycles
  cases=(
    "8x8-torus torus:8x8:bi 8 2 0.0095 500000"
    "8x8-torus torus:8x8:bi 8 2 0.002 2000000"
    "8x8x8-torus torus:8x8x8:bi 8 3 0.00825 50000"
    "16x16x16-torus torus:16x16x16:bi 16 3 0.004 4000"
    "2^8-hypercube hypercube:8 2 8 0.0125 100000"
  )
  : > "$tmp/results"
  for round in $(seq "$rounds"); do
    for c in "${cases[@]}"; do
      read -r name spec k n rate cycles <<< "$c"
      b="none"
      if [ -n "$booksim" ]; then
        b=$(run_booksim "$k" "$n" "$rate" "$cycles")
      fi
      f=$(run_flitlab "$spec" "$rate" "$cycles")
      echo "$name $rate $round $f $b" >> "$tmp/results"
    done
  done
  # Per line: name rate round f_cpu f_peak f_cycles f_hops [b_cpu b_peak b_cycles b_hops]
  printf "\n%-16s %-8s %-8s %-24s %-24s %-24s %-22s" network load who "CPU s" "cycles/s" \
    "flit-hops/s" "peak MiB"
  [ -n "$booksim" ] && printf " %s" "ratio (Flitlab/BookSim cycles/s)"
  printf "\n"
  for c in "${cases[@]}"; do
    read -r name spec k n rate cycles <<< "$c"
    grep "^$name $rate " "$tmp/results" > "$tmp/case" || true
    for who in Flitlab BookSim; do
      col=4
      [ "$who" = BookSim ] && col=8
      [ "$who" = BookSim ] && [ -z "$booksim" ] && continue
      if awk -v c=$col '$c == "none" { bad = 1 } END { exit !bad }' "$tmp/case"; then
        printf "%-16s %-8s %-8s %s\n" "$name" "$rate" "$who" "(no \"Time taken\" in its output)"
        continue
      fi
      printf "%-16s %-8s %-8s %-24s %-24s %-24s %-22s" "$name" "$rate" "$who" \
        "$(awk -v c=$col '{ print $c }' "$tmp/case" | stats)" \
        "$(awk -v c=$col '{ print $(c + 2) / $c }' "$tmp/case" | stats)" \
        "$(awk -v c=$col '{ print $(c + 3) / $c }' "$tmp/case" | stats)" \
        "$(awk -v c=$col '{ print $(c + 1) / 1024 }' "$tmp/case" | stats)"
      if [ "$who" = Flitlab ] && [ -n "$booksim" ]; then
        printf " %s" "$(awk '$8 != "none" { print ($6 / $4) / ($10 / $8) }' "$tmp/case" | stats)"
      fi
      printf "\n"
    done
  done
fi

if [ "$part" = scaling ] || [ "$part" = both ]; then
  # Flitlab spec, simulated cycles
  scaling=(
    "torus:4x4:bi 2000000"
    "torus:8x8:bi 1000000"
    "torus:16x16:bi 300000"
    "torus:32x32:bi 50000"
    "torus:8x8x8:bi 60000"
    "torus:16x16x16:bi 8000"
    "torus:32x32x32:bi 1000"
  )
  printf "\n%-20s %-10s %-24s %-24s %-24s %-22s\n" network load "CPU s" "cycles/s" "flit-hops/s" \
    "peak MiB"
  for c in "${scaling[@]}"; do
    read -r spec cycles <<< "$c"
    ideal=$("$cli" topology "$spec" --format csv | awk -F, 'NR == 2 { print $7 }')
    rate=$(awk -v i="$ideal" 'BEGIN { printf "%.3g", 0.1 * i / 20 }')
    : > "$tmp/case"
    for round in $(seq "$rounds"); do
      echo "$(run_flitlab "$spec" "$rate" "$cycles")" >> "$tmp/case"
    done
    printf "%-20s %-10s %-24s %-24s %-24s %-22s\n" "$spec" "$rate" \
      "$(awk '{ print $1 }' "$tmp/case" | stats)" \
      "$(awk '{ print $3 / $1 }' "$tmp/case" | stats)" \
      "$(awk '{ print $4 / $1 }' "$tmp/case" | stats)" \
      "$(awk '{ print $2 / 1024 }' "$tmp/case" | stats)"
  done
fi

echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
