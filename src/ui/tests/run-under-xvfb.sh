#!/usr/bin/env bash
# Runs a widget test binary on its own Xvfb display. Exit 77 (skipped) without Xvfb.
set -u
command -v Xvfb >/dev/null || { echo "no Xvfb: skipped"; exit 77; }
# Xvfb picks a free display itself and writes its number once it takes connections: tests
# running side by side never share one, and none starts before its display is there.
ready=$(mktemp)
Xvfb -displayfd 3 -screen 0 1280x800x24 3>"$ready" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -f "$ready"' EXIT
for _ in $(seq 100); do
  [ -s "$ready" ] && break
  sleep 0.1
done
[ -s "$ready" ] || { echo "Xvfb did not start" >&2; exit 1; }
display=:$(head -n 1 "$ready")
DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 "$@"
