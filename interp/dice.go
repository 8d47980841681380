package interp

import (
	"fmt"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/table"
)

// Secret dice: dice thrown under a cup (Liar's Dice, Perudo). t:roll's
// dice are thrown on the table for all to see; a cup's are seen by its
// owner alone until the rules reveal them, to all or to some seats, and a
// die thrown again is secret again. The script is the referee: cup:faces()
// and cup:count(face) read every face, as the rules need to settle a
// challenge; views, bots and the log's readers see only what each seat may.
//
//	local cup = t:dice { owner = seat, count = 5, sides = 6 }
//	cup:roll()                   -- every die again, secret again
//	cup:reveal()                 -- lift the cup: all see them
//	cup:reveal { to = { 2 } }    -- show them to seat 2 alone
//	local sixes = cup:count(6)
//	cup:remove(1)                -- a die lost
//
// A die thrown under a cup takes the next fixed roll, as t:roll does
// (Config.Rolls, FixRolls), so scenarios fix secret dice as they fix open
// ones; a search bot's world decides them through its Chance (DiceChance).

// DiceChance is a Chance that also decides how dice thrown under a cup
// fall: Throw returns the face of the match's secret throw number n (from
// 1), of a die of the given sides. An error stops the match. A Chance
// without it leaves them to ThrowDie.
type DiceChance interface {
	Chance
	Throw(m *Match, n, sides int) (int, error)
}

// Throws is how many dice have been thrown under cups so far.
func (m *Match) Throws() int { return len(m.throws) }

// ThrowSeen returns the face of secret throw n (from 1) and whether seat
// has seen it: it was thrown under the seat's cup, or revealed to it
// before it was thrown again.
func (m *Match) ThrowSeen(n, seat int) (int, bool) {
	return m.throws.Seen(n, seat)
}

// ThrowDie is the engine's own throw of a die under a cup: the next
// fixed roll, if a test fixed one, else the match's generator.
func (m *Match) ThrowDie(sides int) (int, error) {
	if len(m.rolls) == 0 {
		return m.RNG.Intn(sides) + 1, nil
	}
	r := m.rolls[0]
	m.rolls = m.rolls[1:]
	if m.cfgLeft > 0 {
		m.cfgLeft--
	}
	if r < 1 || r > sides {
		return 0, fmt.Errorf("the roll fixed for this die is %d, not one of its faces (1 to %d)", r, sides)
	}
	return r, nil
}

// throwUnder throws die i of cup d: a new face that only its owner sees.
func (m *Match) throwUnder(L *lua.LState, d *Dice, i int) {
	n := len(m.throws) + 1
	var face int
	var err error
	if dc, ok := m.Config.Chance.(DiceChance); ok {
		face, err = dc.Throw(m, n, d.Sides)
	} else {
		face, err = m.ThrowDie(d.Sides)
	}
	switch {
	case err != nil:
		L.RaiseError("%s: %s", d.Label, err.Error())
	case face < 1 || face > d.Sides:
		L.RaiseError("%s: the match's chance threw %d for a die of %d sides", d.Label, face, d.Sides)
	}
	m.throws.Under(d, i, face)
}

// diceClass is a cup of secret dice.
var diceClass = class{lua: "dice", meta: "Dice", methods: []method{
	{"roll", changes, (*Match).diceRoll},
	{"reveal", changes, (*Match).diceReveal},
	{"remove", changes, (*Match).diceRemove},
	{"faces", reads, (*Match).diceFaces},
	{"count", reads, (*Match).diceCount},
	{"size", reads, (*Match).diceSize},
	{"owner", reads, (*Match).diceOwner},
	{"sides", reads, (*Match).diceSides},
	{"name", reads, (*Match).diceName},
}}

// diceMethods makes the cups' metatable: diceClass, #cup and tostring(cup).
func (m *Match) diceMethods() *lua.LTable {
	mt := diceClass.metatable(m)
	mt.RawSetString("__len", m.L.NewFunction(diceLen))
	mt.RawSetString("__tostring", m.L.NewFunction(diceString))
	return mt
}

// diceLen implements #cup.
func diceLen(L *lua.LState) int { return matchOf(L).diceSize(L) }

// diceString implements tostring(cup).
func diceString(L *lua.LState) int {
	L.Push(lua.LString("dice " + checkDice(L, 1).Label))
	return 1
}

func checkDice(L *lua.LState, n int) *Dice { return checkObject[*Dice](L, n, "dice (a cup)") }

// luaDice implements t:dice{owner=, count=, sides=, name=, label=, shown=}:
// count dice of sides faces (6 unless told), thrown under a cup that owner
// (no seat, when absent) sees under.
func (m *Match) luaDice(L *lua.LState) int {
	spec, name, label, shown := objectSpec(L, "cup", "cup", "owner", "count", "sides")
	a := argAt(L, 2)
	d := &Dice{ID: len(m.Dice) + 1, Name: name, Label: label, Shown: shown, Sides: a.integer(spec, "sides", 6)}
	if spec.RawGetString("owner") != lua.LNil {
		if d.Owner = a.integer(spec, "owner", 0); d.Owner < 1 || d.Owner > len(m.Seats) {
			a.fail("owner must be a seat number 1..%d, not %d", len(m.Seats), d.Owner)
		}
		if a.str(spec, "label", "") == "" {
			d.Label = m.SeatLabel(d.Owner) + "'s " + name
		}
	}
	count := a.integer(spec, "count", 1)
	if d.Sides < 2 || d.Sides > 1000 {
		a.fail("sides must be 2..1000, not %d", d.Sides)
	}
	if count < 0 || count > 100 {
		a.fail("count must be 0..100, not %d", count)
	}
	m.meter.Charge(L, objectBytes+int64(len(d.Name)+len(d.Label))+24*int64(count))
	d.Dice = make([]table.Die, count)
	for i := range d.Dice {
		m.throwUnder(L, d, i)
	}
	m.Dice = append(m.Dice, d)
	L.Push(newObject(L, d, m.metatable(&m.meta.diceMT, m.diceMethods)))
	return 1
}

// diceRoll implements cup:roll([i]): every die (or die i) thrown again,
// secret again to all but the owner.
func (m *Match) diceRoll(L *lua.LState) int {
	d := checkDice(L, 1)
	if L.Get(2) == lua.LNil {
		for i := range d.Dice {
			m.throwUnder(L, d, i)
		}
		return 0
	}
	m.throwUnder(L, d, checkDie(L, d, 2))
	return 0
}

// checkDie is the die index (from 1) at argument n, 0-based.
func checkDie(L *lua.LState, d *Dice, n int) int {
	v, ok := L.Get(n).(lua.LNumber)
	i := int(v)
	if !ok || float64(i) != float64(v) || i < 1 || i > len(d.Dice) {
		L.ArgError(n, fmt.Sprintf("a die of %s, 1..%d, expected, got %s", d.Label, len(d.Dice), shownArg(L.Get(n))))
	}
	return i - 1
}

// diceReveal implements cup:reveal([{to=, dice=}]): the dice (or the
// dice listed) seen by the seats to (everyone when absent) until thrown
// again.
func (m *Match) diceReveal(L *lua.LState) int {
	d := checkDice(L, 1)
	to := AllSeats
	var which []int
	if L.Get(2) != lua.LNil {
		spec := checkSpec(L, 2, "cup:reveal's options", "to", "dice")
		if v := spec.RawGetString("to"); v != lua.LNil {
			L.Replace(2, v)
			to = m.checkSeats(L, 2)
		}
		if list, ok := spec.RawGetString("dice").(*lua.LTable); ok {
			for k := 1; k <= list.Len(); k++ {
				L.Replace(2, list.RawGetInt(k))
				which = append(which, checkDie(L, d, 2))
			}
		} else if spec.RawGetString("dice") != lua.LNil {
			L.ArgError(2, "dice must be a list of dice (1..n)")
		}
	}
	if which == nil {
		for i := range d.Dice {
			which = append(which, i)
		}
	}
	for _, i := range which {
		m.throws.Reveal(d, i, to)
	}
	return 0
}

// diceRemove implements cup:remove([i]): die i (the last when absent)
// taken away; returns its face.
func (m *Match) diceRemove(L *lua.LState) int {
	d := checkDice(L, 1)
	if len(d.Dice) == 0 {
		L.RaiseError("%s has no dice left to remove", d.Label)
	}
	i := len(d.Dice) - 1
	if L.Get(2) != lua.LNil {
		i = checkDie(L, d, 2)
	}
	face := d.Dice[i].Face
	d.Remove(i)
	L.Push(boxNumber(face))
	return 1
}

// diceFaces implements cup:faces([seat]): every face, in order (the
// rules are the referee); with a seat, the faces that seat may see, 0 for
// the others.
func (m *Match) diceFaces(L *lua.LState) int {
	d := checkDice(L, 1)
	faces := make([]int, len(d.Dice))
	if L.Get(2) == lua.LNil {
		for i, x := range d.Dice {
			faces[i] = x.Face
		}
	} else {
		faces = d.Faces(m.checkSeat(L, 2))
	}
	out := L.CreateTable(len(faces), 0)
	for i, f := range faces {
		out.RawSetInt(i+1, boxNumber(f))
	}
	L.Push(out)
	return 1
}

// diceCount implements cup:count(face): how many dice show it.
func (m *Match) diceCount(L *lua.LState) int {
	L.Push(boxNumber(checkDice(L, 1).Count(L.CheckInt(2))))
	return 1
}

// diceSize implements cup:size() and #cup: how many dice are under it.
func (m *Match) diceSize(L *lua.LState) int {
	L.Push(boxNumber(len(checkDice(L, 1).Dice)))
	return 1
}

// diceOwner implements cup:owner(): its seat, or nil.
func (m *Match) diceOwner(L *lua.LState) int {
	if o := checkDice(L, 1).Owner; o > 0 {
		L.Push(boxNumber(o))
	} else {
		L.Push(lua.LNil)
	}
	return 1
}

// diceSides implements cup:sides().
func (m *Match) diceSides(L *lua.LState) int {
	L.Push(boxNumber(checkDice(L, 1).Sides))
	return 1
}

// diceName implements cup:name().
func (m *Match) diceName(L *lua.LState) int {
	L.Push(lua.LString(checkDice(L, 1).Name))
	return 1
}
