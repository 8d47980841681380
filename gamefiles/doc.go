// Package gamefiles is where a game's files come from and how they are
// read: the script, the Lua modules it requires, the rules texts beside
// them. A game is a script of the OS (games/clubs.lua, ~/my_variant.lua)
// or one in a library built into the binary; Folders says where its
// modules are looked for — the script's own folder first, so that a
// variant can require the game it changes, then each library, then the
// standard library — and names each place in a "module not found" error.
//
// Every file is read once and safely: it must be a regular file (not a
// folder, a device, /dev/zero) of at most MaxScriptBytes, checked on the
// open file itself (ReadScript). Hash sums a script and the game's modules
// it required, so a save can tell when the rules changed under it.
//
// The package knows nothing of Lua: the runtime (interp) compiles what it
// reads.
package gamefiles
