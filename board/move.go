package board

// StepMode is how a token steps from square to square.
type StepMode int

const (
	// StepOrthogonal steps go up, down, left or right (the usual rule).
	StepOrthogonal StepMode = iota
	// StepDiagonal steps go diagonally only. Doors are still crossed
	// straight, from the entry square.
	StepDiagonal
	// StepKing steps go to any of the eight neighbours.
	StepKing
)

// StepModes are the step modes by the names scripts use.
var StepModes = map[string]StepMode{"orthogonal": StepOrthogonal, "diagonal": StepDiagonal, "king": StepKing, "any": StepKing}

var (
	orthoDirs = [4][2]int{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	diagDirs  = [4][2]int{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
)

// orthogonal lists the cells beside c, in reading order.
func (b *Board) orthogonal(c int) []int {
	x, y := b.xy(c)
	out := make([]int, 0, 4)
	for _, d := range orthoDirs {
		nx, ny := x+d[0], y+d[1]
		if nx >= 0 && ny >= 0 && nx < b.W && ny < b.H {
			out = append(out, b.sq(nx, ny))
		}
	}
	return out
}

// computeSteps works out, for every step mode and square, the squares a
// token may step to in one step, ignoring tokens (b.next, which moves
// read and never change), in the order moves try them: up, left,
// right, down, then the diagonals. A diagonal step may not cut a corner
// between two squares that are not corridor.
func (b *Board) computeSteps() {
	for _, mode := range []StepMode{StepOrthogonal, StepDiagonal, StepKing} {
		next := make([][]int, len(b.cells))
		for c := range b.cells {
			next[c] = b.stepsFrom(nil, c, mode)
		}
		b.next[mode] = next
	}
}

// stepsFrom appends to buf the squares one step of mode away from c.
func (b *Board) stepsFrom(buf []int, c int, mode StepMode) []int {
	x, y := b.xy(c)
	if mode != StepDiagonal {
		for _, d := range orthoDirs {
			nx, ny := x+d[0], y+d[1]
			if nx >= 0 && ny >= 0 && nx < b.W && ny < b.H && b.walkable(b.sq(nx, ny)) {
				buf = append(buf, b.sq(nx, ny))
			}
		}
	}
	if mode != StepOrthogonal {
		for _, d := range diagDirs {
			nx, ny := x+d[0], y+d[1]
			if nx < 0 || ny < 0 || nx >= b.W || ny >= b.H || !b.walkable(b.sq(nx, ny)) {
				continue
			}
			if !b.walkable(b.sq(nx, y)) && !b.walkable(b.sq(x, ny)) {
				continue
			}
			buf = append(buf, b.sq(nx, ny))
		}
	}
	return buf
}

// computeDistances fills roomDist[r][c]: the fewest orthogonal steps from
// square c into room r, ignoring tokens (-1: no way).
func (b *Board) computeDistances() {
	b.roomDist = make([][]int, len(b.rooms))
	for r, room := range b.rooms {
		d := make([]int, len(b.cells))
		for i := range d {
			d[i] = -1
		}
		queue := make([]int, 0, len(b.cells))
		for _, e := range room.entries {
			d[e] = 1
			queue = append(queue, e)
		}
		b.spread(queue, d, nil, StepOrthogonal, false)
		b.roomDist[r] = d
	}
}

// RoomDistance is the fewest orthogonal steps from place p into room r,
// ignoring tokens: 0 from r itself, -1 when there is no way. From a square
// that is not corridor there is no way.
func (b *Board) RoomDistance(p, r int) int {
	from, ok := b.RoomOf(p)
	if !ok {
		return b.roomDist[r][p]
	}
	if from == r {
		return 0
	}
	best := -1
	for _, e := range b.rooms[from].entries {
		if d := b.roomDist[r][e]; d >= 0 && (best < 0 || d+1 < best) {
			best = d + 1
		}
	}
	return best
}

// Reachable lists the places token t may move to with a throw of steps:
// squares reached by exactly that many steps, never onto or through an
// occupied square nor onto a square twice (exact), or by at most that many
// (!exact); and rooms entered through a door on the way, which ends the
// move (the points left are lost). A token in a room leaves it by any of
// its doors, the step onto the entry square counting one, and may not come
// back into it in the same move. Rooms come first, in map order, then
// squares in reading order. A token off the board reaches nothing.
func (b *Board) Reachable(t *Token, steps int, mode StepMode, exact bool) []int {
	from := b.Where(t)
	if from < 0 || steps < 1 {
		return nil
	}
	found := make([]bool, len(b.cells)+len(b.rooms))
	startRoom, _ := b.RoomOf(from)
	if exact {
		b.walkExact(found, from, startRoom, steps, mode)
	} else {
		b.walkAtMost(found, from, startRoom, steps, mode)
	}
	var out []int
	for r := range b.rooms {
		if found[b.RoomPlace(r)] {
			out = append(out, b.RoomPlace(r))
		}
	}
	for c := range b.cells {
		if found[c] {
			out = append(out, c)
		}
	}
	return out
}

// walkExact marks in found the places reached from place from by exactly
// steps steps, or by fewer into a room other than startRoom (-1: from is
// a square): a depth-first search over every way that steps on no square
// twice.
func (b *Board) walkExact(found []bool, from, startRoom, steps int, mode StepMode) {
	w := exactWalk{b: b, found: found, next: b.next[mode], steps: steps, startRoom: startRoom}
	w.blocked = make([]bool, len(b.cells))
	for c, o := range b.occ {
		w.blocked[c] = o != 0
	}
	if startRoom < 0 {
		w.blocked[from] = true
		w.walk(from, 0)
		return
	}
	for _, e := range b.rooms[startRoom].entries {
		if !w.blocked[e] {
			w.blocked[e] = true
			w.walk(e, 1)
			w.blocked[e] = false
		}
	}
}

// exactWalk is the depth-first search of walkExact. blocked marks the
// squares a step may not go to: those occupied, and those on the way so
// far.
type exactWalk struct {
	b                *Board
	found, blocked   []bool
	next             [][]int // the steps of the mode, by square
	steps, startRoom int
}

// walk goes on from square c, reached after used steps.
func (w *exactWalk) walk(c, used int) {
	if used == w.steps {
		w.found[c] = true
		return
	}
	for _, r := range w.b.entryRooms[c] {
		if r != w.startRoom {
			w.found[w.b.RoomPlace(r)] = true
		}
	}
	for _, n := range w.next[c] {
		if !w.blocked[n] {
			w.blocked[n] = true
			w.walk(n, used+1)
			w.blocked[n] = false
		}
	}
}

// walkAtMost marks in found the places reached from place from by at most
// steps steps: the squares nearer than that, and the rooms (other than
// startRoom) whose doors they are next to with a step to spare.
func (b *Board) walkAtMost(found []bool, from, startRoom, steps int, mode StepMode) {
	dist, _ := b.bfs(from, mode)
	for c, d := range dist {
		if d < 0 || d > steps {
			continue
		}
		if d >= 1 && c != from {
			found[c] = true
		}
		if d < steps {
			for _, r := range b.entryRooms[c] {
				if r != startRoom {
					found[b.RoomPlace(r)] = true
				}
			}
		}
	}
}

// bfs returns the fewest steps from place from to every square, never
// onto or through an occupied square (-1: unreachable), and the square
// each is reached from (-1 for the first).
func (b *Board) bfs(from int, mode StepMode) (dist, parent []int) {
	dist = make([]int, len(b.cells))
	parent = make([]int, len(b.cells))
	for i := range dist {
		dist[i], parent[i] = -1, -1
	}
	queue := make([]int, 0, len(b.cells))
	if r, ok := b.RoomOf(from); ok {
		for _, e := range b.rooms[r].entries {
			if b.occ[e] == 0 {
				dist[e] = 1
				queue = append(queue, e)
			}
		}
	} else {
		dist[from] = 0
		queue = append(queue, from)
	}
	b.spread(queue, dist, parent, mode, true)
	return dist, parent
}

// spread is a breadth-first search from the squares in queue, whose
// distances are set: it fills dist (-1 where not yet reached) for every
// square reached by steps of mode, and parent, if not nil, with the square
// each is reached from. With around, it never steps onto an occupied
// square.
func (b *Board) spread(queue, dist, parent []int, mode StepMode, around bool) {
	next := b.next[mode]
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, n := range next[c] {
			if dist[n] < 0 && (!around || b.occ[n] == 0) {
				dist[n] = dist[c] + 1
				if parent != nil {
					parent[n] = c
				}
				queue = append(queue, n)
			}
		}
	}
}

// Path is a shortest way for token t to place to, never through occupied
// squares: the places stepped on, ending with to; nil if there is none,
// or if t is already there or off the board.
func (b *Board) Path(t *Token, to int, mode StepMode) []int {
	from := b.Where(t)
	if from < 0 || from == to {
		return nil
	}
	dist, parent := b.bfs(from, mode)
	end := -1
	if r, ok := b.RoomOf(to); ok {
		for _, e := range b.rooms[r].entries {
			if dist[e] >= 0 && (end < 0 || dist[e] < dist[end]) {
				end = e
			}
		}
	} else if dist[to] >= 0 {
		end = to
	}
	if end < 0 {
		return nil
	}
	var rev []int
	for c := end; c >= 0 && c != from; c = parent[c] {
		rev = append(rev, c)
	}
	out := make([]int, 0, len(rev)+1)
	for i := len(rev) - 1; i >= 0; i-- {
		out = append(out, rev[i])
	}
	if b.IsRoom(to) {
		out = append(out, to)
	}
	return out
}
