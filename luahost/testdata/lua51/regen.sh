#!/bin/sh
# Regenerates the golden outputs of luahost's chunk corpora: each NAME.lua
# here returns a list of chunks, which driver.lua compiles and runs under
# PUC-Rio Lua 5.1 (Debian's lua5.1); what it prints becomes NAME.out.
# Run it where lua5.1 is installed, after changing a corpus; commit the
# .out files (the tests need no lua5.1).
#
#   luahost/testdata/lua51/regen.sh
set -eu
cd "$(dirname "$0")"
LUA=${LUA:-lua5.1}
command -v "$LUA" >/dev/null || { echo "regen.sh: $LUA not found (apt-get install lua5.1)" >&2; exit 1; }
"$LUA" -v 2>&1 | grep -q '^Lua 5\.1' || { echo "regen.sh: $LUA is not Lua 5.1" >&2; exit 1; }
for src in *.lua; do
	[ "$src" = driver.lua ] && continue
	"$LUA" -e "CORPUS = io.open('$src'):read('*a')" driver.lua >"${src%.lua}.out"
	echo "${src%.lua}.out"
done
