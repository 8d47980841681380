// Package savefile is the save format: a game written as the few lines
// that replay it exactly — the script and its hash, the players and who
// sits where, the seed, the options, who took what back, and every
// decision in order. Record is a save in memory; Write and Parse turn it
// into text and back, Load and Save read and write a file (atomically,
// and only regular files of a bounded size).
//
// A save holds decisions, not positions: the runtime (interp) replays
// them with the script to rebuild the game (Engine.ReplayRecord), so a
// save is small, readable and shows nothing the players did not choose.
// Files are written in the oldest version that holds them, so older
// builds read what they can; every version ever written is read as it
// was. Errors name the file and the line (Error).
//
// A Takeback says who took back how many decisions and on what terms;
// its Text is the line the game's log tells every seat, and a game with a
// takeback of some terms is practice (IsPractice).
//
// The package knows nothing of Lua or of games; where saves live on disk
// is package saves', the web tables' games package store's.
package savefile
