package board

// What a board costs the game that keeps it: the script host charges a
// match for its boards like for everything else it keeps (see
// docs/script-host.md). The figures are estimates from the board's own
// parts, the same for every board on one map whoever else shares it, and
// never depend on whether the board has been drawn.

// Bytes estimates the memory a board keeps for its game: its map with
// what Parse works out from it (shared with the other boards on the same
// map, yet counted for each), its tokens, and the sidebars and highlights
// set; not the drawings made of it, which depend on who looked.
func (b *Board) Bytes() int64 {
	n := int64(256 + len(b.Name) + len(b.Title))
	if g := b.geometry; g != nil {
		n += int64(len(g.cells)) * (48 + 24) // a cell and its square's name
		for _, c := range g.cells {
			n += int64(len(c.start))
		}
		for _, a := range append(append([]*area(nil), g.rooms...), g.blocks...) {
			n += 128 + int64(len(a.Name)+len(a.Label)) + 8*int64(len(a.cells)+len(a.doors)+len(a.entries)+len(a.slots)) + 48*int64(len(a.labelAt))
		}
		n += 64 * int64(len(g.roomIdx)+len(g.starts))
		for _, r := range g.entryRooms {
			n += 24 + 8*int64(cap(r))
		}
		for _, d := range g.roomDist {
			n += 24 + 8*int64(cap(d))
		}
		for _, steps := range g.next {
			for _, s := range steps {
				n += 24 + 8*int64(cap(s))
			}
		}
	}
	n += 8 * int64(len(b.occ))
	for _, t := range b.tokens {
		n += 128 + int64(len(t.Name)+len(t.Label)+len(t.Glyph))
	}
	for _, lines := range b.sidebar {
		n += 48
		for _, l := range lines {
			n += 16 + int64(len(l))
		}
	}
	for _, marks := range b.highlight {
		n += 48 + 8*int64(len(marks))
	}
	return n
}

// Work is about how much work Parse did for the board's map, in steps of
// its searches (a square looked at once for each room whose distances it
// works out): what making the board costs, whether or not the map was
// parsed before.
func (b *Board) Work() int64 {
	if b.geometry == nil {
		return 0
	}
	return int64(len(b.cells)) * int64(4+len(b.rooms))
}
