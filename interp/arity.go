package interp

import (
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The parameters of every method, as stdlib/tabletop.meta.lua annotates
// them (stdlib's meta test keeps the two the same): a method called with
// more arguments than it takes is refused with the script's line rather
// than ignoring the rest: zone:sort("rank", "descending") sorts upwards
// all the same, t:roll(6, 2, 3) throws two dice, and a script that reads
// as if it did more would play differently from how its writer thinks,
// without a word. A method whose last parameter is "..." takes any
// number.
var methodParams = map[string]string{
	"Table:name":     "seat",
	"Table:set_name": "seat, label",
	"Table:left":     "seat",
	"Table:right":    "seat",
	"Table:seats":    "from",
	"Table:zone":     "spec",
	"Table:cards":    "defs, zone",
	"Table:card":     "name",
	"Table:move":     "card, zone, pos",
	"Table:where":    "card",
	"Table:show":     "card, seats",
	"Table:reveal":   "card",
	"Table:hide":     "card",
	"Table:visible":  "card, seat",
	"Table:pool":     "spec",
	"Table:track":    "spec",
	"Table:pad":      "spec",
	"Table:note":     "key, text, value",
	"Table:format":   "fmt, ...",
	"Table:random":   "n",
	"Table:roll":     "sides, count",
	"Table:shuffle":  "list",
	"Table:log":      "fmt, ...",
	"Table:tell":     "seats, fmt, ...",
	"Table:event":    "to, data, fmt, ...",
	"Table:metric":   "name, value",
	"Table:estimate": "f",
	"Table:ask":      "seat, options, how",
	"Table:board":    "spec",
	"Table:dice":     "spec",

	"Dice:roll":   "i",
	"Dice:reveal": "how",
	"Dice:remove": "i",
	"Dice:faces":  "seat",
	"Dice:count":  "face",
	"Dice:size":   "",
	"Dice:owner":  "",
	"Dice:sides":  "",
	"Dice:name":   "",

	"Zone:add":            "card, pos",
	"Zone:cards":          "",
	"Zone:filter":         "field, ...",
	"Zone:tally":          "field, values",
	"Zone:count":          "",
	"Zone:empty":          "",
	"Zone:top":            "",
	"Zone:bottom":         "",
	"Zone:at":             "i",
	"Zone:contains":       "card",
	"Zone:find":           "name",
	"Zone:shuffle":        "",
	"Zone:deal":           "to, n",
	"Zone:move_all":       "to",
	"Zone:sort":           "field",
	"Zone:owner":          "",
	"Zone:name":           "",
	"Zone:set_visibility": "visibility",
	"Zone:set_label":      "label",

	"Pool:give":     "holder, kind, n",
	"Pool:take":     "holder, kind, n",
	"Pool:move":     "from, to, kind, n",
	"Pool:count":    "holder, kind",
	"Pool:supply":   "kind",
	"Pool:total":    "kind",
	"Pool:kinds":    "",
	"Pool:handfuls": "k, leave, verb",

	"Track:get":     "seat",
	"Track:set":     "seat, value",
	"Track:advance": "seat, n",

	"Pad:add":    "label, scores, note",
	"Pad:total":  "seat",
	"Pad:totals": "",
	"Pad:rows":   "",

	"Board:token":     "spec",
	"Board:set_owner": "token, seat",
	"Board:place":     "token, where",
	"Board:where":     "token",
	"Board:room_of":   "token",
	"Board:occupant":  "square",
	"Board:reachable": "token, steps, opts",
	"Board:move":      "token, dest, steps, opts",
	"Board:path":      "token, dest, opts",
	"Board:distance":  "from, room",
	"Board:passage":   "room",
	"Board:rooms":     "",
	"Board:entries":   "room",
	"Board:label":     "name",
	"Board:tokens":    "",
	"Board:sidebar":   "lines, seat",
	"Board:highlight": "places, seat",
	"Board:text":      "seat",
}

// MethodParams returns the parameters of every method the engine gives
// scripts, by "Class:name" as tabletop.meta.lua names them ("Table:ask":
// "seat, options, how"), the methods written in Lua (t:ask_all, t:offer)
// included.
func MethodParams() map[string]string {
	out := make(map[string]string, len(methodParams)+2)
	for k, v := range methodParams {
		out[k] = v
	}
	out["Table:ask_all"] = "seats, options, hint"
	out["Table:offer"] = "seats, options, hint, always"
	return out
}

// arity is how many arguments a method of class c takes after its
// object, -1 for any number, and its parameters for the message.
func (c *class) arity(name string) (int, string) {
	params, ok := methodParams[c.meta+":"+name]
	if !ok {
		return -1, "" // TestEveryMethodHasItsParameters says which
	}
	if params == "" {
		return 0, ""
	}
	list := strings.Split(params, ", ")
	if list[len(list)-1] == "..." {
		return -1, params
	}
	return len(list), params
}

// tooManyArgs refuses a call of method what that was given more than max
// arguments after its object.
func tooManyArgs(L *lua.LState, what string, max int, params string) {
	got := L.GetTop() - 1
	switch max {
	case 0:
		L.RaiseError("%s takes no arguments, got %d", what, got)
	case 1:
		L.RaiseError("%s takes at most 1 argument (%s), got %d", what, params, got)
	}
	L.RaiseError("%s", tooMany(what, strings.Split(params, ", "), got))
}
