#!/bin/sh
# Regenerates the golden outputs of the Lua 5.1 differential corpus: each
# NAME.lua here is run by PUC-Rio Lua 5.1 (Debian's lua5.1) and what it
# prints becomes NAME.out. Run it where lua5.1 is installed, after adding
# or changing a program; commit the .out files (the tests need no lua5.1).
#
#   interp/testdata/lua51/regen.sh [NAME.lua ...]
#
# Only NAME.lua files newer than their NAME.out are run, unless named.
set -eu
cd "$(dirname "$0")"
LUA=${LUA:-lua5.1}
command -v "$LUA" >/dev/null || { echo "regen.sh: $LUA not found (apt-get install lua5.1)" >&2; exit 1; }
"$LUA" -v 2>&1 | grep -q '^Lua 5\.1' || { echo "regen.sh: $LUA is not Lua 5.1" >&2; exit 1; }
if [ $# -eq 0 ]; then set -- *.lua; all=0; else all=1; fi
for src in "$@"; do
	src=$(basename "$src")
	out=${src%.lua}.out
	if [ "$all" -eq 0 ] && [ -f "$out" ] && [ ! "$src" -nt "$out" ]; then
		continue
	fi
	# A program must run to its end: errors belong inside pcall.
	if ! "$LUA" "$src" >"$out.tmp" 2>&1; then
		echo "regen.sh: $src failed under $LUA:" >&2
		cat "$out.tmp" >&2
		rm -f "$out.tmp"
		exit 1
	fi
	mv "$out.tmp" "$out"
	echo "$out"
done
