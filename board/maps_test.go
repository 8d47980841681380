package board

import "testing"

// TestMapsParseOnce: a map parsed again is a fresh board on the same map
// (its tokens its own); another legend is another map.
func TestMapsParseOnce(t *testing.T) {
	var maps Maps
	legend := legendFor(testMap, nil)
	a, err := maps.Parse(testMap, legend)
	if err != nil {
		t.Fatal(err)
	}
	tok, _ := a.NewToken("t", "T", "")
	start, _ := a.ParsePlace("b4")
	if err := a.AddToken(tok, start); err != nil {
		t.Fatal(err)
	}
	b, err := maps.Parse(testMap, legend)
	if err != nil {
		t.Fatal(err)
	}
	if b == a || b.geometry != a.geometry || len(b.Tokens()) != 0 {
		t.Errorf("the second board: same board %v, same map %v, %d tokens", b == a, b.geometry == a.geometry, len(b.Tokens()))
	}
	if len(maps.list) != 1 {
		t.Errorf("%d maps kept, want 1", len(maps.list))
	}
	other := legendFor(testMap, map[rune]LegendEntry{'R': {Kind: "room", Name: "red", Label: "Another label", Color: -1}})
	if c, err := maps.Parse(testMap, other); err != nil || c.geometry == a.geometry || len(maps.list) != 2 {
		t.Errorf("another legend: %v, %d maps kept", err, len(maps.list))
	}
	if got := b.Data()["tokens"].(map[string]any); len(got) != 0 {
		t.Errorf("a fresh board's tokens: %v", got)
	}
	if got := a.Data()["tokens"].(map[string]any); got["t"] != "b4" {
		t.Errorf("the first board's tokens: %v", got)
	}
}
