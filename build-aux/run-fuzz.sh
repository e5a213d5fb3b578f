#!/usr/bin/env bash
# Fuzzes the project reader (src/io/fuzz/fuzz-project.c, docs/fuzzing.md) for SECONDS seconds
# (default 60), starting from the seed corpus and dictionary: run-fuzz.sh [SECONDS [TARGET]].
# Without TARGET it first configures build-fuzz/ with clang and builds the target there; the
# meson test in suite 'fuzz' passes the target it built. The seeds are copied into a scratch
# corpus, so the repository's are never modified; with FLITLAB_FUZZ_CORPUS=DIR the corpus is
# DIR instead and kept, to grow over several runs. A crash, leak, timeout or out-of-memory
# input is written to fuzz-findings/ (FLITLAB_FUZZ_FINDINGS). Ends with one line: executions,
# coverage, and what was found. Exits 0 if nothing, 1 if something was found, 77 without clang.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
target="${2:-}"

case "$seconds" in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS [FUZZ-TARGET]]" >&2; exit 2 ;;
esac

if [ -z "$target" ]; then
  if ! command -v clang >/dev/null 2>&1; then
    echo "run-fuzz.sh: skipped: clang is not installed" \
      "(build-aux/install-deps.sh --tests installs it)"
    exit 77
  fi
  build="$root/build-fuzz"
  [ -f "$build/build.ninja" ] || \
    CC=clang meson setup "$build" "$root" -Dui=false -Dfuzz=enabled \
      -Db_sanitize=address,undefined -Db_lundef=false || exit 1
  # Only the target: the rest of the sanitized tree is not needed here.
  meson compile -C "$build" fuzz-project || exit 1
  target="$build/src/io/fuzz/fuzz-project"
fi

scratch="$(mktemp -d "${TMPDIR:-/tmp}/flitlab-fuzz.XXXXXX")" || exit 1
trap 'rm -rf "$scratch"' EXIT
corpus="${FLITLAB_FUZZ_CORPUS:-$scratch/corpus}"
findings="${FLITLAB_FUZZ_FINDINGS:-$root/fuzz-findings}"
mkdir -p "$corpus" "$findings" || exit 1

# The hand-written and cut-down seeds, the test data and the bundled examples (read up to
# -max_len bytes each); named by their folder, as two folders hold a minimal.flitlab.
for seed in "$root"/src/io/fuzz/corpus/*.flitlab "$root"/src/io/tests/data/*.flitlab \
            "$root"/data/examples/*.flitlab; do
  cp "$seed" "$corpus/$(basename "$(dirname "$seed")")-$(basename "$seed")" || exit 1
done

# UBSan reports stop the run like ASan's; GLib's slices go through malloc, so LeakSanitizer
# sees a leaked GHashTable or GPtrArray. Caller's settings win.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export G_SLICE=always-malloc

# -max_len: a real project's first 64 KiB hold its header and first study; -timeout: one input
# taking seconds is a finding. Every finding exits 1 (libFuzzer's default 77 means "skipped"
# to meson).
"$target" "$corpus" \
  -dict="$root/src/io/fuzz/flitlab.dict" \
  -max_total_time="$seconds" -max_len=65536 -rss_limit_mb=2048 -timeout=30 \
  -error_exitcode=1 -timeout_exitcode=1 -print_final_stats=1 \
  -artifact_prefix="$findings/" 2>&1 | tee "$scratch/log"
status=${PIPESTATUS[0]}

execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/log" | tail -n 1)"
progress="$(grep -E '^#[0-9]+.* cov: [0-9]+ ft: [0-9]+' "$scratch/log" | tail -n 1)"
cov="$(sed -E 's/.* cov: ([0-9]+) .*/\1/' <<<"$progress")"
ft="$(sed -E 's/.* ft: ([0-9]+) .*/\1/' <<<"$progress")"
artifact="$(sed -n 's/.*Test unit written to //p' "$scratch/log" | tail -n 1)"
if [ "$status" -eq 0 ]; then
  echo "run-fuzz.sh: ${execs:-?} executions in $seconds s, cov: ${cov:-?} ft: ${ft:-?};" \
    "nothing found"
  exit 0
fi
echo "run-fuzz.sh: ${execs:-?} executions, cov: ${cov:-?} ft: ${ft:-?};" \
  "FOUND (status $status): ${artifact:-see the log above}"
exit 1
