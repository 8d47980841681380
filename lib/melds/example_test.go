package melds_test

import (
	"fmt"
	"os"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/lib/melds"
	"github.com/tabletop/tabletop/luahost"
)

// A hand of 3 4 5 5 (values 1 to 6): every meld it can lay, what it can
// add to a run of 6 on the table, and the options a turn offers, each made
// once by a make function and given again while the meld comes back. A
// host registers melds.Module for require (interp.Source.Modules); here
// the module's table is a global.
func Example() {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	luahost.OpenLibs(L)
	L.SetGlobal("print", L.NewFunction(luahost.Print(os.Stdout)))
	L.SetGlobal("melds", melds.Module.Open(L))
	err := L.DoString(`
local hand = { { value = 3 }, { value = 4 }, { value = 5 }, { value = 5 } }
local counts = melds.counts(hand, 6)
local all = {}
for i, m in ipairs(melds.all(counts, 6)) do all[i] = table.concat(m, " ") end
print("melds: " .. table.concat(all, ", "))
local adds = {}
for i, m in ipairs(melds.extensions({ 6 }, counts, 6)) do adds[i] = table.concat(m, " ") end
print("with a 6: " .. table.concat(adds, ", "))
local made = 0
local function option(m) made = made + 1; return "lay " .. table.concat(m, " ") end
local first = melds.all(counts, 6, option)
local again = melds.all(counts, 6, option)
print(first[2] .. "; " .. #again .. " options, made " .. made .. " times")
`)
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// melds: 3, 3 4, 3 4 5, 4, 4 5, 5, 5 5
	// with a 6: 5, 4 5, 3 4 5
	// lay 3 4; 7 options, made 7 times
}
