package execbot

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/interp"
)

// What a program is shown of the zones is what a script bot is shown:
// the same zones, the same counts, the same cards with the same fields —
// and only cards the seat may see. Checked at every decision of a game
// of each title, for the seat to act and for one that waits.
func TestTheViewShowsWhatAScriptBotSees(t *testing.T) {
	for _, name := range titles {
		t.Run(name, func(t *testing.T) {
			e := loadGame(t, name)
			m, err := e.NewMatch(interp.Config{Players: 4, Seed: 21})
			if err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			bots := make([]interp.Bot, 5)
			for s := 1; s <= 4; s++ {
				if bots[s], err = e.NewBot("", s, interp.BotSeed(21, s)); err != nil {
					t.Fatal(err)
				}
				defer bots[s].Close()
			}
			L := lua.NewState()
			defer L.Close()
			for n := 0; m.Prompt() != nil && n < 400; n++ {
				seat := m.Prompt().Seat
				for _, s := range []int{seat, seat%4 + 1} {
					v := makeView(m, s)
					for id := range v.Cards {
						if !m.Cards[id-1].VisibleTo(s) {
							t.Fatalf("decision %d: seat %d is shown %s, which it may not see", n, s, m.Cards[id-1].Name)
						}
					}
					if got, want := zonesOf(t, v), luaZones(m.LuaView(L, s)); !reflect.DeepEqual(got, want) {
						t.Fatalf("decision %d, seat %d: the program sees\n%v\na script bot\n%v", n, s, got, want)
					}
				}
				i, err := bots[seat].Choose(m)
				if err != nil {
					t.Fatal(err)
				}
				if err := m.Step(i); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// zonesOf is the view's zones as plain data, through JSON.
func zonesOf(t *testing.T, v viewJSON) []any {
	b, err := json.Marshal(v.Zones)
	if err != nil {
		t.Fatal(err)
	}
	out := []any{}
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// luaZones is a script bot view's zones as the same plain data.
func luaZones(view *lua.LTable) []any {
	out := []any{}
	view.RawGetString("zones").(*lua.LTable).ForEach(func(_, z lua.LValue) {
		zt := z.(*lua.LTable)
		cards := []any{}
		zt.RawGetString("cards").(*lua.LTable).ForEach(func(_, c lua.LValue) {
			fields := map[string]any{}
			c.(*lua.LTable).ForEach(func(k, v lua.LValue) {
				switch x := v.(type) {
				case lua.LString:
					fields[k.String()] = string(x)
				case lua.LNumber:
					fields[k.String()] = float64(x)
				case lua.LBool:
					fields[k.String()] = bool(x)
				default:
					fields[k.String()] = fmt.Sprint(x)
				}
			})
			cards = append(cards, fields)
		})
		out = append(out, map[string]any{
			"name": zt.RawGetString("name").String(), "label": zt.RawGetString("label").String(),
			"owner": float64(zt.RawGetString("owner").(lua.LNumber)), "count": float64(zt.RawGetString("count").(lua.LNumber)),
			"cards": cards,
		})
	})
	return out
}
