// Package printable keeps the texts a game script shows printable and
// honest. Texts a script writes reach a person's terminal, a web page, a
// save file and other seats' screens, so they must stay what they seem:
// a newline must not forge a line, an escape sequence must not reach the
// terminal raw, and a character that shows nothing must not make a text
// say or look like something else — a right-to-left override (U+202E)
// that reverses what follows, a zero-width space that makes "wait" and
// "wait" two different options. Every text a script shows passes through
// Line, Block or Option.
//
// Option texts are what people type and saves record: one that is too long
// or has a control character or a line break is the script's bug, and t:ask
// refuses it with the script's line. Log lines, labels and titles are
// shown, never typed: control characters are dropped from them (a tab
// becomes a space). Notes and the about text may have several lines, so
// they keep newlines. From all of them the invisible characters are
// dropped (see invisible), and an option's odd spaces become plain ones;
// two options of one prompt that look the same are refused (Lookalike).
//
// Numbers are shown as Lua shows them (Number: 3, not 3.0). Save files
// write texts with Escape, which keeps a line one line (\n, \xHH), and
// read them back with Unescape. A script's own source, shown to a person
// who asks where a line came from, has its tabs expanded (ExpandTabs).
// What a script prints reaches a terminal through Writer.
//
// The package knows nothing of Lua or of games: the runtime (interp) runs
// every label, name, log line and option of a script through it.
package printable
