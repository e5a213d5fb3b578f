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
# Every tier: the window (src/ui/*.c, src/main.c), core, render, io, the CLI and flitlab-mpi
# (built only with -Dmpi, its messages translated all the same).
for f in $(cd "$top" && grep -lE -e '(^|[^A-Za-z0-9_])(N?C?_|g_dn?gettext|n?gettext) ?\(' \
             -e 'translatable="yes"' \
             src/*.c src/ui/*.c src/core/*.c src/render/*.c src/io/*.c src/cli/*.c src/mpi/*.c \
             ui/*.ui ui/gtk/*.ui 2>/dev/null); do

  grep -qx "$f" "$top/po/POTFILES.in" ||
    { echo "$f has translatable strings but is not in POTFILES.in"; status=1; }
done
# it.po has a translation for every message the sources hold today.
if command -v xgettext >/dev/null && command -v msgcmp >/dev/null; then
  pot=$(mktemp --suffix=.pot)
  (cd "$top" && xgettext --from-code=UTF-8 --keyword=_ --keyword=N_ --keyword=C_:1c,2 \
     --keyword=NC_:1c,2 \
     --keyword=g_dngettext:2,3 --add-comments=Translators \
     -o "$pot" -f po/POTFILES.in --directory=.) || status=1
  msgcmp "$top/po/it.po" "$pot" || { echo "it.po misses messages of the sources"; status=1; }
  rm -f "$pot"
fi
stats=$(msgfmt --statistics --output-file=/dev/null "$top/po/it.po" 2>&1)
echo "it.po: $stats"
case "$stats" in *untranslated*|*fuzzy*) echo "it.po is incomplete"; status=1 ;; esac
exit $status
