package interp

import (
	"fmt"
	"sort"

	lua "github.com/yuin/gopher-lua"
)

// What a search bot needs from the engine to imagine the hidden part of a
// game: its determinizations are replays of the game from its start in a
// world arranged to agree with everything one seat has seen (see package
// search). The engine's part is small and generic:
//
//   - Chance lets the caller decide how each zone shuffle comes out and how
//     each die falls, so a replay can deal a seat the cards it saw and
//     spread the unseen ones at random, or record what the true game dealt;
//   - OptionCards tells which cards an option names, so a search can guess
//     which of another seat's options explains what its seat then saw;
//   - Determinize runs the script's optional determinize hook, which may
//     reject an imagined world for reasons only the rules know.
//
// Secret draws — t:random — are the match's generator's too, unless the
// Chance is a SecretChance: a world must agree with what its seat saw of
// them (the card a Loan took from its hand), so a search decides them as
// it decides shuffles. The rest (t:shuffle of a Lua list, math.random)
// stays on the match's generator, which a determinization seeds afresh.

// Chance decides the outcome of a match's public chance events: zone
// shuffles and die rolls. A match whose Config.Chance is nil shuffles and
// rolls with its generator.
type Chance interface {
	// Shuffle puts z's cards in their shuffled order (z.Cards, bottom
	// first). It must keep the same cards. An error stops the match.
	// Config.Stack is the Chance's to honour (ShuffleCards does).
	Shuffle(m *Match, z *Zone) error
	// Roll returns the result of one die of the given number of sides.
	Roll(m *Match, sides int) int
}

// SecretChance is a Chance that also decides the match's secret draws:
// Draw returns t:random(n)'s result, 1..n. A Chance without it leaves
// them to the match's generator.
type SecretChance interface {
	Chance
	Draw(m *Match, n int) int
}

// DrawSecret is the engine's own secret draw, t:random(n) (see
// ShuffleCards).
func (m *Match) DrawSecret(n int) int { return m.RNG.Intn(n) + 1 }

// ShuffleCards is the engine's own shuffle of a zone: Fisher–Yates with the
// match's generator, then the order Config.Stack asks for, if any. A
// Chance that only records what happens calls it, so the game goes exactly
// as it would without the Chance.
func (m *Match) ShuffleCards(z *Zone) error {
	m.RNG.Shuffle(len(z.Cards), func(i, j int) { z.Cards[i], z.Cards[j] = z.Cards[j], z.Cards[i] })
	return m.applyStack(z)
}

// RollDie is the engine's own die roll (see ShuffleCards).
func (m *Match) RollDie(sides int) int { return m.RNG.Intn(sides) + 1 }

// FixedRollsThrown are the rolls of Config.Rolls (the dice a test fixed)
// that open dice (t:roll) have shown so far, in order: every seat saw
// them. Those a cup's dice took (dice.go) and those still to come are
// left out: no seat has seen them all.
func (m *Match) FixedRollsThrown() []int { return append([]int(nil), m.cfgSeen...) }

// OptionCards returns the cards option i (0-based) of the current prompt
// names: the option itself when it is a card, else the cards among the
// fields of an option table (in the order of their keys). The search bot
// uses it to guess which option another seat chose from what its own seat
// saw next.
func (m *Match) OptionCards(i int) []*Card {
	p := m.prompt
	if p == nil || i < 0 || i >= len(p.values) {
		return nil
	}
	if c := m.cardOf(p.values[i]); c != nil {
		return []*Card{c}
	}
	t, ok := p.values[i].(*lua.LTable)
	if !ok {
		return nil
	}
	var keys []string
	var cards []*Card
	byKey := map[string]*Card{}
	t.ForEach(func(k, v lua.LValue) {
		if c := m.cardOf(v); c != nil {
			// A key that is an object is ordered where pairs meets it:
			// its address would differ from run to run.
			key := k.String()
			if isObject(k) {
				key = fmt.Sprintf("\xff%08d", len(keys))
			}
			keys = append(keys, key)
			byKey[key] = c
		}
	})
	sort.Strings(keys)
	for _, k := range keys {
		cards = append(cards, byKey[k])
	}
	return cards
}

// HasDeterminize reports whether the script has a determinize hook.
func (e *Engine) HasDeterminize() bool { return e.Info.Determinize }

// Determinize runs the script's determinize(t, seat) hook in this match —
// an imagined world a search bot built for seat — and reports whether the
// script accepts it. The hook knows the rules and may reject a world the
// engine thinks possible; it must not change anything (the engine checks
// that no card moved). A script without the hook accepts every world.
func (m *Match) Determinize(seat int) (bool, error) {
	hook, ok := m.game.RawGetString("determinize").(*lua.LFunction)
	if !ok {
		return true, nil
	}
	before := m.CardPlaces()
	var ret lua.LValue
	err := guarded(m.meter, m.L, m.Engine.Path, func() error {
		if err := m.L.CallByParam(lua.P{Fn: hook, NRet: 1, Protect: true}, m.t, lua.LNumber(seat)); err != nil {
			return err
		}
		ret = m.L.Get(-1)
		m.L.Pop(1)
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("determinize: %w", err)
	}
	if after := m.CardPlaces(); after != before {
		return false, &ScriptError{Msg: m.Engine.Path + ": determinize must not move cards (it only accepts or rejects a world)"}
	}
	return lua.LVAsBool(ret), nil
}

// FixRolls says what the next dice thrown (t:roll, and under cups: t:dice,
// cup:roll) show, in order, in place of any fixed rolls not thrown yet
// (Config.Rolls); after them the dice fall by chance again. Scenario tests
// use it to fix the throw a rule is about in the middle of a game. A fixed
// roll that is not a face of the die it is thrown for stops the game with
// an error when thrown.
func (m *Match) FixRolls(rolls []int) {
	m.rolls = append([]int(nil), rolls...)
	m.cfgLeft = 0
}
