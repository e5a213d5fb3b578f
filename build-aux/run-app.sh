#!/usr/bin/env bash
# Builds Flitlab and opens the window on the bundled example project (or on the files given).
set -euo pipefail
cd "$(dirname "$0")/.."

./build-aux/install-deps.sh
[ -f build/build.ninja ] || meson setup build
meson compile -C build

[ $# -gt 0 ] || set -- data/examples/flitlab-tour.flitlab
exec env GSETTINGS_SCHEMA_DIR="$PWD/build/data" FLITLAB_LOCALEDIR="$PWD/build/po" \
  ./build/src/flitlab "$@"
