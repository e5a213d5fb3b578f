#!/usr/bin/env bash
# Every file POTFILES.in lists exists, and every source or template with translatable strings
# is listed; also that it.po translates every message (msgfmt --statistics says no untranslated).
set -u
top="$1"
status=0
while read -r f; do
  case "$f" in ''|'#'*) continue ;; esac
  [ -f "$top/$f" ] || { echo "POTFILES.in lists $f, which does not exist"; status=1; }
done < "$top/po/POTFILES.in"
for f in $(cd "$top" && grep -l -e '_ (' -e 'translatable="yes"' src/*.c ui/*.ui ui/gtk/*.ui 2>/dev/null); do
  grep -qx "$f" "$top/po/POTFILES.in" || { echo "$f has translatable strings but is not in POTFILES.in"; status=1; }
done
stats=$(msgfmt --statistics --output-file=/dev/null "$top/po/it.po" 2>&1)
echo "it.po: $stats"
case "$stats" in *untranslated*|*fuzzy*) echo "it.po is incomplete"; status=1 ;; esac
exit $status
