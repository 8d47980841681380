package holders_test

import (
	"fmt"
	"os"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/lib/holders"
	"github.com/tabletop/tabletop/luahost"
)

// A small Cluedo: three suspects (cards 1-3) and three weapons (4-6); the
// envelope (place 0) holds one of each, seats 1 to 3 two cards, one and one.
// What seat 1 saw leaves two deals possible; one card more settles all.
// A host registers holders.Module for require (interp.Source.Modules), and
// runs it under a meter (luahost.SetContext), which the solver charges for
// what it keeps and counts its work on; here the module's table is a global.
func Example() {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	luahost.OpenLibs(L)
	m := luahost.NewMeter(luahost.DefaultLimits)
	defer m.Close()
	luahost.SetContext(L, m)
	L.SetGlobal("print", L.NewFunction(luahost.Print(os.Stdout)))
	L.SetGlobal("holders", holders.Module.Open(L))
	m.Begin()
	defer m.End()
	err := L.DoString(`
local h = holders.new(6, 3)
h:exactly(0, 1, { 1, 2, 3 })   -- the envelope: one suspect
h:exactly(0, 1, { 4, 5, 6 })   -- and one weapon
h:exactly(1, 2); h:exactly(2, 1); h:exactly(3, 1)
h:holds(1, 1); h:holds(4, 1)   -- my hand, seat 1
h:some(2, { 2, 5 })            -- seat 2 showed me one of these
h:lacks(2, 3); h:lacks(5, 3)   -- seat 3 showed neither
h:lacks(3, 2); h:lacks(6, 2)   -- seat 2 could not show these
local function show()
  local line = {}
  for card = 1, 6 do line[card] = card .. ":" .. (h:holder(card) or "?") end
  print(table.concat(line, " "))
end
print("consistent: " .. tostring(h:solve()))
show()
h:holds(6, 3)                  -- later, seat 3 shows card 6
h:solve()
show()
`)
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// consistent: true
	// 1:1 2:? 3:? 4:1 5:? 6:?
	// 1:1 2:2 3:0 4:1 5:0 6:3
}
