package board

// Data is the board as data for bots:
//
//	tokens    = { name = place }          where each token is
//	rooms     = { names in map order }
//	labels    = { room = label }
//	passages  = { room = room }
//	entries   = { room = { squares outside its doors } }
//	distance  = { room = { place = steps } } fewest steps into the room
//	            from each square and room, ignoring tokens
//	width, height
func (b *Board) Data() map[string]any {
	if b.dataCache != nil && b.dataPos == b.posVersion {
		return b.dataCache
	}
	d := map[string]any{"tokens": b.TokenPlaces()}
	for k, v := range b.StaticData() {
		d[k] = v
	}
	b.dataCache, b.dataPos = d, b.posVersion
	return d
}

// TokenPlaces is where each token on the board stands: token → place.
func (b *Board) TokenPlaces() map[string]any {
	tokens := make(map[string]any, len(b.Tokens()))
	for _, t := range b.Tokens() {
		if p := b.Where(t); p >= 0 {
			tokens[t.Name] = b.PlaceName(p)
		}
	}
	return tokens
}

// StaticData is the part of Data that never changes: all of it but the
// tokens. A bot's view converts it once a game; it is made once a board.
func (b *Board) StaticData() map[string]any {
	if b.static != nil {
		return b.static
	}
	n := b.RoomCount()
	rooms := make([]any, n)
	dist := make(map[string]any, n)
	labels, passages, entries := map[string]any{}, map[string]any{}, map[string]any{}
	for r := range n {
		name := b.RoomName(r)
		rooms[r] = name
		dist[name] = b.distancesInto(r)
		labels[name] = b.RoomLabel(r)
		if p := b.Passage(r); p >= 0 {
			passages[name] = b.RoomName(p)
		}
		es := make([]any, len(b.Entries(r)))
		for i, e := range b.Entries(r) {
			es[i] = b.SquareName(e)
		}
		entries[name] = es
	}
	b.static = map[string]any{
		"width": b.W, "height": b.H, "rooms": rooms, "labels": labels,
		"passages": passages, "entries": entries, "distance": dist,
	}
	return b.static
}

// distancesInto is the fewest steps into room r from each corridor square
// and each room from which there is a way: place name → steps.
func (b *Board) distancesInto(r int) map[string]any {
	m := map[string]any{}
	for c := range b.W * b.H {
		if d := b.RoomDistance(c, r); d >= 0 && b.Walkable(c) {
			m[b.SquareName(c)] = d
		}
	}
	for o := range b.RoomCount() {
		if d := b.RoomDistance(b.RoomPlace(o), r); d >= 0 {
			m[b.RoomName(o)] = d
		}
	}
	return m
}
