package stdlib_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/tabletop/tabletop/interp"
	"github.com/tabletop/tabletop/stdlib"
)

// lister is a game that logs the name of every method the runtime gives
// t, zones, pools, tracks and pads.
const lister = `
local G = { title = "lister", players = {1, 1} }
local function names(class, tbl)
  local out = {}
  for k, v in pairs(tbl) do
    if type(v) == "function" then out[#out + 1] = class .. ":" .. k end
  end
  return out
end
function G.play(t)
  local z = t:zone { name = "z" }
  local p = t:pool { name = "p", kinds = { "a" }, supply = 1 }
  local tr = t:track { name = "tr", min = 0, max = 1 }
  local pad = t:pad { name = "pad" }
  local board = t:board { map = "..", legend = { ["."] = "corridor" } }
  local cup = t:dice { owner = 1, count = 2 }
  local all = names("Table", t)
  for _, pair in ipairs({ { "Zone", z }, { "Pool", p }, { "Track", tr }, { "Pad", pad }, { "Board", board }, { "Dice", cup } }) do
    for _, n in ipairs(names(pair[1], getmetatable(pair[2]).__index)) do all[#all + 1] = n end
  end
  for _, n in ipairs(all) do t:log(n) end
  return { winners = {} }
end
return G
`

// TestMetaCoversTheAPI fails when the runtime gains a method that
// tabletop.meta.lua does not annotate.
func TestMetaCoversTheAPI(t *testing.T) {
	meta, err := fs.ReadFile(stdlib.FS(), "tabletop.meta.lua")
	if err != nil {
		t.Fatal(err)
	}
	e, err := interp.LoadSource("lister.lua", []byte(lister), stdlib.FS())
	if err != nil {
		t.Fatal(err)
	}
	m, err := e.NewMatch(interp.Config{Players: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if len(m.Log()) < 40 {
		t.Fatalf("only %d methods listed", len(m.Log()))
	}
	have := map[string]bool{}
	for _, l := range m.Log() {
		have[l.Text] = true
		class, method, _ := strings.Cut(l.Text, ":")
		re := regexp.MustCompile(`(?m)^function ` + class + `:` + regexp.QuoteMeta(method) + `\(`)
		if !re.Match(meta) {
			t.Errorf("tabletop.meta.lua does not annotate %s:%s", class, method)
		}
	}
	// And the other way: no annotation of a method the runtime lacks.
	annotated := regexp.MustCompile(`(?m)^function ((?:Table|Zone|Pool|Track|Pad|Board|Dice):\w+)\(`)
	for _, a := range annotated.FindAllSubmatch(meta, -1) {
		if !have[string(a[1])] {
			t.Errorf("tabletop.meta.lua annotates %s, which the runtime does not have", a[1])
		}
	}
}

// TestMetaParamsAreTheEngines: every method's parameters in
// tabletop.meta.lua are those the engine counts when it refuses a call
// with too many arguments (interp.MethodParams), so an editor and the
// engine agree on what a method takes.
func TestMetaParamsAreTheEngines(t *testing.T) {
	meta, err := fs.ReadFile(stdlib.FS(), "tabletop.meta.lua")
	if err != nil {
		t.Fatal(err)
	}
	engine := interp.MethodParams()
	annotated := regexp.MustCompile(`(?m)^function ((?:Table|Zone|Pool|Track|Pad|Board|Dice):\w+)\(([^)]*)\)`)
	seen := map[string]bool{}
	for _, a := range annotated.FindAllSubmatch(meta, -1) {
		name, params := string(a[1]), string(a[2])
		seen[name] = true
		if want, ok := engine[name]; !ok {
			t.Errorf("%s: the engine lists no parameters", name)
		} else if params != want {
			t.Errorf("%s: tabletop.meta.lua says (%s), the engine counts (%s)", name, params, want)
		}
	}
	for name := range engine {
		if !seen[name] {
			t.Errorf("%s: the engine lists parameters, tabletop.meta.lua annotates no such method", name)
		}
	}
}

// TestMetaCoversTheGameTable fails when the engine reads a field of the
// game table (a hook such as belief) that class Game does not annotate.
func TestMetaCoversTheGameTable(t *testing.T) {
	meta, err := fs.ReadFile(stdlib.FS(), "tabletop.meta.lua")
	if err != nil {
		t.Fatal(err)
	}
	text := string(meta)
	start := strings.Index(text, "---@class Game\n")
	if start < 0 {
		t.Fatal("tabletop.meta.lua has no class Game")
	}
	block := text[start+len("---@class Game\n"):]
	if end := strings.Index(block, "\n\n"); end >= 0 {
		block = block[:end]
	}
	for _, f := range interp.GameFields {
		if !regexp.MustCompile(`(?m)^---@field ` + f + `\??\s`).MatchString(block) {
			t.Errorf("class Game in tabletop.meta.lua does not annotate the field %q the engine reads", f)
		}
	}
}
