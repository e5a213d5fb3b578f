#!/usr/bin/env bash
# Drives the real window under Xvfb through the accessibility stack (shared/GUI-TESTING.md).
# Arguments: the flitlab binary, flitlab-cli, the source root, the build root, then optionally
# the script in src/ui/tests (default test_window.py) and the bundled example the app opens
# (default flitlab-tour) or a project file's path; any further arguments go to the script.
# The script finds the app's log (its stdout and stderr) in FLITLAB_APP_LOG. FLITLAB_TEST_SCREEN
# sets the screen's size (default 1280x800), FLITLAB_TEST_WM a window manager to start. Every
# example is copied to a scratch directory, FLITLAB_EXAMPLES.
# Exit 77 (skipped) when Xvfb, D-Bus or dogtail are missing.
set -u
app="$1"; cli="$2"; src="$3"; build="$4"
script="${5:-test_window.py}"; example="${6:-flitlab-tour}"
shift $(( $# < 6 ? $# : 6 ))
script_args=""; [ $# -gt 0 ] && script_args=$(printf ' %q' "$@")
shots=${script%.py}; shots=${shots#test_}   # screenshots: gui-window-*.png, gui-examples-*.png

for tool in Xvfb dbus-run-session gsettings import; do
  command -v "$tool" >/dev/null || { echo "no $tool: skipped"; exit 77; }
done
/usr/bin/python3 -c "import dogtail" 2>/dev/null || { echo "no dogtail: skipped"; exit 77; }
[ -x /usr/libexec/at-spi-bus-launcher ] || { echo "no AT-SPI: skipped"; exit 77; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/examples"
cp "$src"/data/examples/*.flitlab "$work/examples/"
# With the files they read beside them (any-traffic's trace and matrix).
cp "$src"/data/examples/*.trace "$src"/data/examples/*.csv "$work/examples/"
# A project of the tests' own (a path) goes beside the examples.
if [ -f "$example" ]; then
  cp "$example" "$work/examples/"
  example=$(basename "$example" .flitlab)
fi

cat > "$work/session.sh" <<EOS
set -u
display=:\$((90 + RANDOM % 100))
Xvfb \$display -screen 0 ${FLITLAB_TEST_SCREEN:-1280x800}x24 >/dev/null 2>&1 &
xvfb=\$!
sleep 1
export DISPLAY=\$display GDK_BACKEND=x11 GSK_RENDERER=cairo NO_AT_BRIDGE=0
# A window manager when the test asks for one (FLITLAB_TEST_WM): full screen needs one.
if [ -n "${FLITLAB_TEST_WM:-}" ]; then
  ${FLITLAB_TEST_WM:-} >/dev/null 2>&1 &
  sleep 1
fi
unset GTK_A11Y
gsettings set org.gnome.desktop.interface toolkit-accessibility true
/usr/libexec/at-spi-bus-launcher --launch-immediately >/dev/null 2>&1 &
sleep 1
export FLITLAB_TEST_PROJECT="$work/examples/$example.flitlab" FLITLAB_EXAMPLES="$work/examples" \
  FLITLAB_CLI="$cli"
export FLITLAB_SHOT="$build/gui-$shots.png" FLITLAB_APP_LOG="$work/app.log"
# The app keeps its settings in memory; dogtail reads toolkit-accessibility from dconf.
GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory \
  "$app" "\$FLITLAB_TEST_PROJECT" >"$work/app.log" 2>&1 &
app_pid=\$!
/usr/bin/python3 "$src/src/ui/tests/$script"$script_args
status=\$?
kill \$app_pid 2>/dev/null
wait \$app_pid 2>/dev/null
kill \$xvfb 2>/dev/null
# Any warning of the app's fails the test, except GTK 4.8's own when AT-SPI asks for screen
# coordinates, which it cannot give under X11.
if grep -E "CRITICAL|WARNING" "$work/app.log" | grep -v "Screen coordinates not supported"; then
  status=1
fi
echo \$status > "$work/status"
EOS
# The session's own status, which it writes last: a session that never got that far failed.
dbus-run-session -- bash "$work/session.sh"
[ -f "$work/status" ] || { echo "the GUI session did not finish"; exit 1; }
exit "$(cat "$work/status")"
