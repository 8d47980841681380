package interp

import lua "github.com/yuin/gopher-lua"

// CardFields returns the plain fields of card c as the script defined it
// (id, name, label, suit, rank, ...: string keys with a string, number or
// boolean): what a script bot's copy of the card holds (botview.go), for
// bots that live outside Lua (bot:exec). It is for a card the seat being
// served may see; the caller checks c.VisibleTo. Numbers are float64.
func (m *Match) CardFields(c *Card) map[string]any {
	out := map[string]any{}
	m.luaCard(c).ForEach(func(k, v lua.LValue) {
		if !plainField(k, v) {
			return
		}
		switch x := v.(type) {
		case lua.LString:
			out[string(k.(lua.LString))] = string(x)
		case lua.LNumber:
			out[string(k.(lua.LString))] = float64(x)
		case lua.LBool:
			out[string(k.(lua.LString))] = bool(x)
		}
	})
	return out
}
