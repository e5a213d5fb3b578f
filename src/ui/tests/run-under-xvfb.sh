#!/usr/bin/env bash
# Runs a widget test binary on its own Xvfb display. Exit 77 (skipped) without Xvfb.
set -u
command -v Xvfb >/dev/null || { echo "no Xvfb: skipped"; exit 77; }
display=:$((200 + RANDOM % 100))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null' EXIT
sleep 1
DISPLAY=$display GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=1 "$@"
