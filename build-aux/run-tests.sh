#!/usr/bin/env bash
# Builds Flitlab and runs the whole test suite: every suite of the normal build (core, render,
# io, cli, data, ui), then the core, render and io tiers again under AddressSanitizer and
# UndefinedBehaviorSanitizer, then flitlab-mpi's tests on Open MPI (suite mpi), then the
# project reader's fuzz target for 60 seconds (clang).
# Ends with one line "N passed, N failed, N skipped" counted from meson's test logs.
set -uo pipefail
cd "$(dirname "$0")/.."

./build-aux/install-deps.sh --tests || exit 1

status=0
[ -f build/build.ninja ] || meson setup build || exit 1
meson compile -C build || exit 1
meson test -C build --print-errorlogs --num-processes 2 || status=1

# The sanitizer build has no GTK tier: -Dui=false builds core, render, io and flitlab-cli only;
# the cli suite runs flitlab-cli itself under the sanitizers, but for the text-layout tests
# (hundreds of figures exported, 4 to 5 minutes there; they run in the normal build above).
[ -f build-sanitize/build.ninja ] || \
  meson setup build-sanitize -Dui=false -Db_sanitize=address,undefined -Db_lundef=false \
    -Dbuildtype=debug || exit 1
meson compile -C build-sanitize || exit 1
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
LSAN_OPTIONS=suppressions="$PWD/build-aux/lsan.supp":print_suppressions=0 \
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
G_SLICE=always-malloc \
  meson test -C build-sanitize --print-errorlogs --num-processes 2 \
    --suite core --suite render --suite io --suite cli --no-suite text-layout || status=1

# flitlab-mpi (suite mpi) in its own headless build, on 1 to 4 ranks against flitlab-cli run.
# CI runs as root on two cores inside a container: Open MPI needs to be told that this is
# meant, that ranks may outnumber the cores, and not to use the single-copy mechanism the
# container forbids.
[ -f build-mpi/build.ninja ] || meson setup build-mpi -Dui=false -Dmpi=enabled || exit 1
# flitlab-cli hands every command but simulate to flitlab-cli-full (src/cli/meson.build).
meson compile -C build-mpi src/mpi/flitlab-mpi src/cli/flitlab-cli src/cli/flitlab-cli-full || \
  exit 1
OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
OMPI_MCA_btl_vader_single_copy_mechanism=none \
  meson test -C build-mpi --no-rebuild --print-errorlogs --num-processes 1 --suite mpi || status=1

logs=(build/meson-logs/testlog.json build-sanitize/meson-logs/testlog.json
      build-mpi/meson-logs/testlog.json)
fuzz_skipped=0

# The project reader's fuzz target for 30 seconds (docs/fuzzing.md), in its own clang build;
# meson test builds only what the target links. Counted as one test, skipped without clang.
if command -v clang >/dev/null 2>&1; then
  [ -f build-fuzz/build.ninja ] || \
    CC=clang meson setup build-fuzz -Dui=false -Dfuzz=enabled -Db_sanitize=address,undefined \
      -Db_lundef=false || exit 1
  meson test -C build-fuzz --print-errorlogs --num-processes 1 --suite fuzz || status=1
  grep -h '^run-fuzz.sh:' build-fuzz/meson-logs/testlog.txt
  logs+=(build-fuzz/meson-logs/testlog.json)
else
  echo "fuzz: skipped: clang is not installed"
  fuzz_skipped=1
fi

python3 - "$fuzz_skipped" "${logs[@]}" <<'PY'
import json, sys
passed = failed = 0
skipped = int(sys.argv[1])
for path in sys.argv[2:]:
    with open(path) as log:
        for line in log:
            result = json.loads(line)["result"]
            if result in ("OK", "EXPECTEDFAIL"):
                passed += 1
            elif result == "SKIP":
                skipped += 1
            else:
                failed += 1
print(f"{passed} passed, {failed} failed, {skipped} skipped")
PY
exit $status
