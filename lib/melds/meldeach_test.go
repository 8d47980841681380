package melds

import (
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
)

// meldsEachScript runs one case of TestMeldsJoinsEach: its Lua (which
// sets result, a list of strings or an error's text) and logs the result.
const meldsEachScript = `
local melds = require "melds"
local G = { title = "Melds", players = {3, 3} }
local looked = 0
-- makers[k] makes "k:values"; asking for one counts.
local makers = setmetatable({}, { __index = function(m, k)
  looked = looked + 1
  local f = function(meld) return k .. ":" .. table.concat(meld, " ") end
  m[k] = f
  return f
end })
local function texts(list)
  local out = {}
  for i, v in ipairs(list) do out[i] = type(v) == "table" and ("{" .. table.concat(v, " ") .. "}") or tostring(v) end
  return table.concat(out, ", ")
end
function G.play(t)
  local result
  %s
  t:log("%%s", result)
  t:ask(1, { "done" })
end
return G
`

func TestMeldsJoinsEach(t *testing.T) {
	cases := []struct {
		name, lua, want string
	}{
		{"extends each meld of bs, as = { {} } (an empty meld gives nothing)",
			`result = texts(melds.joins_each({ {} }, { makers }, { {}, { 3 }, { 5, 5 } }, { 0, 1, 2 }, { 0, 1, 0, 1, 1 }, 6, false))`,
			"1:4, 1:4 5, 1:2, 1:2 4, 1:2 4 5, 2:5"},
		{"joins a with each of bs, the empty meld first (a alone)",
			`result = texts(melds.joins_each({ { 2 } }, { makers }, { {}, { 3 }, { 5 } }, { 0, 1, 2 }, { 0, 0, 0, 1 }, 6, true))`,
			"0:, 1:, 1:4"},
		{"every meld of as with every meld of bs, as by as",
			`local other = setmetatable({}, { __index = function(_, k) return function(m) return "x" .. k .. ":" .. table.concat(m, " ") end end })
			result = texts(melds.joins_each({ { 2 }, { 6 } }, { makers, other }, { {}, { 3 } }, nil, { 0, 0, 0, 1, 1 }, 6, true))`,
			"1:, 2:, 2:4, 2:4 5, x1:, x1:5, x1:4 5, x2:4 5"},
		{"the same as melds.joins one by one",
			`local a, bs, c = { 4, 5 }, { { 1, 2 }, { 7 }, { 5 }, {} }, { 0, 0, 1, 0, 0, 1, 0, 1 }
			local one = {}
			for i, b in ipairs(bs) do melds.joins(a, b, c, 8, true, makers[i], one) end
			result = tostring(texts(melds.joins_each({ a }, { makers }, bs, nil, c, 8, true)) == texts(one)) .. " " .. texts(one)`,
			"true 1:3, 1:3 6, 2:6, 2:6 8, 2:3 6, 2:3 6 8, 4:, 4:6, 4:3, 4:3 6"},
		{"a meld of as without makers is left out",
			`result = texts(melds.joins_each({ {}, { 1 } }, { false, makers }, { {}, { 3 } }, nil, { 0, 1 }, 3, false))`,
			"1:2, 2:2"},
		{"without makers, the melds",
			`result = texts(melds.joins_each({ {} }, nil, { { 1 }, { 3 } }, nil, { 0, 1 }, 3, false))`,
			"{2}, {2}"},
		{"makers is read only for pairs with groups",
			`melds.joins_each({ {} }, { makers }, { { 1 }, { 7 }, { 3 } }, { "a", "b", "c" }, { 0, 1 }, 8, false)
			result = looked .. " " .. tostring(rawget(makers, "b"))`,
			"2 nil"},
		{"made once, the same value again",
			`local made = 0
			local ms = { { function(m) made = made + 1 return { text = table.concat(m, " ") } end } }
			local x = melds.joins_each({ {} }, ms, { { 1 } }, nil, { 0, 1 }, 3, false)
			local y = melds.joins_each({ {} }, ms, { { 1 } }, nil, { 0, 1 }, 3, false, { "first" })
			result = made .. " " .. tostring(rawequal(x[1], y[2])) .. " " .. y[1]`,
			"1 true first"},
		{"a key without a make function",
			`result = select(2, pcall(melds.joins_each, { {} }, { { x = 7 } }, { { 1 } }, { "x" }, { 0, 1 }, 3, false))`,
			"makers[x] is not a make function"},
		{"makers must be tables of make functions",
			`result = select(2, pcall(melds.joins_each, { {} }, { 7 }, { { 1 } }, nil, { 0, 1 }, 3, false))`,
			"makers[i]: a table of make functions or false expected"},
		{"bs must be a list of melds",
			`result = select(2, pcall(melds.joins_each, { {} }, nil, { 1 }, nil, { 0, 1 }, 3, false))`,
			"a meld (a list of values or a zone) expected, got number"},
		{"values must be 1..top",
			`result = select(2, pcall(melds.joins_each, { { 9 } }, nil, { {} }, nil, { 0, 1 }, 3, false))`,
			"a list of values 1..top expected"},
		{"a zone is the meld of its cards' values",
			`local z = t:zone { name = "tray" }
			t:cards({ { name = "a", value = 3 }, { name = "b", value = 2 } }, z)
			local e = melds.extensions(z, { 1, 0, 0, 1 }, 4, false)
			result = texts(e) .. " / " .. texts(melds.joins_each({ z }, nil, { {}, { 5 } }, nil, { 1, 0, 0, 1 }, 5, false))`,
			"{4}, {1}, {1 4} / {4}, {1}, {1 4}, {4}, {1 4}"},
		{"a zone of cards without values 1..top is no meld",
			`local z = t:zone { name = "tray" }
			t:cards({ { name = "a", value = 3 }, { name = "x" } }, z)
			result = select(2, pcall(melds.extensions, z, {}, 4, false))`,
			"a zone of cards with values 1..top expected"},
		{"a key missing",
			`result = select(2, pcall(melds.joins_each, { {} }, { makers }, { { 1 } }, {}, { 0, 1 }, 3, false))`,
			"a key for each meld of bs expected"},
		{"keys must be a list",
			`result = select(2, pcall(melds.joins_each, { {} }, nil, { {} }, 5, { 0, 1 }, 3, false))`,
			"a list of keys or nil expected"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(meldsEachScript, "%s", c.lua, 1)
			src = strings.Replace(src, "%%s", "%s", 1)
			_, m := startMatch(t, "meldeach.lua", src, interp.Config{Players: 3})
			log := m.Log()
			if len(log) != 1 {
				t.Fatalf("got %d lines: %v", len(log), log)
			}
			if got := log[0].Text; !strings.Contains(got, c.want) || (!strings.Contains(c.lua, "pcall") && got != c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}
