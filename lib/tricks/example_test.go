package tricks_test

import (
	"fmt"
	"os"

	lua "github.com/yuin/gopher-lua"

	"github.com/tabletop/tabletop/lib/tricks"
	"github.com/tabletop/tabletop/luahost"
)

// A trick of four cards, won by the highest diamond, then with spades
// trumps; and the diamonds counted. A host registers tricks.Module for
// require (interp.Source.Modules); here the module's table is a global.
func Example() {
	L := lua.NewState(lua.Options{SkipOpenLibs: true})
	defer L.Close()
	luahost.OpenLibs(L)
	L.SetGlobal("print", L.NewFunction(luahost.Print(os.Stdout)))
	L.SetGlobal("tricks", tricks.Module.Open(L))
	err := L.DoString(`
local trick = {
  { name = "7D", suit = "D", rank = 7 }, { name = "QD", suit = "D", rank = 12 },
  { name = "2S", suit = "S", rank = 2 }, { name = "AD", suit = "D", rank = 14 },
}
local best, next = tricks.winner(trick, { D = 0 })
print(trick[best].name .. " wins, " .. trick[next].name .. " came closest")
best, next = tricks.winner(trick, { D = 0, S = 100 })
print(trick[best].name .. " wins with spades trumps, then " .. trick[next].name)
print(tricks.count(trick, { suit = "D" }) .. " diamonds")
`)
	if err != nil {
		fmt.Println(err)
	}
	// Output:
	// AD wins, QD came closest
	// 2S wins with spades trumps, then AD
	// 3 diamonds
}
