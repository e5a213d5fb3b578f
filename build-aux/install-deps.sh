#!/usr/bin/env bash
# Installs the Debian 12 packages Flitlab needs to build (and, with --tests, to run the
# whole test suite), only those missing; through sudo when not root.
set -euo pipefail

packages=(build-essential meson ninja-build pkg-config gettext
          libglib2.0-dev libglib2.0-bin libgtk-4-dev libadwaita-1-dev
          libxml2-dev libxml2-utils libcairo2-dev libpango1.0-dev libbz2-dev
          libgraphviz-dev
          desktop-file-utils appstream python3)
if [ "${1:-}" = "--tests" ]; then
  packages+=(xvfb xauth dbus-x11 openbox at-spi2-core python3-dogtail python3-pyatspi
             imagemagick poppler-utils)
  # The .tex and .py exports, compiled and run by test-export: pdflatex with pgfplots
  # (texlive-pictures), and Debian's matplotlib for /usr/bin/python3.
  packages+=(texlive-latex-base texlive-latex-recommended texlive-pictures python3-matplotlib)
  # The fuzz target: clang, and libFuzzer with clang's sanitizer runtimes, which clang only
  # recommends (not installed with --no-install-recommends).
  packages+=(clang libclang-rt-dev)
  # flitlab-mpi and its tests (suite mpi, -Dmpi=enabled).
  packages+=(openmpi-bin libopenmpi-dev)
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
