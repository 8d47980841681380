package store

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// TestInvites stores a table with free seats and its invitation, claims a
// seat, starts it, opens a rematch of it and reads everything back.
func TestInvites(t *testing.T) { each(t, testInvites) }

func testInvites(t *testing.T, s *Store) {
	ctx := context.Background()
	tb := &Table{ID: "t1", Created: time.UnixMilli(1700000000000), Script: "clubs", Hash: "abc", Players: 3,
		Seed: 9, Options: map[string]string{}, Seats: []string{"ann", "me", "me"}, Tokens: []string{"h1", "", ""}, Watch: "hw"}
	inv := &Invite{Table: "t1", Code: "ABCD2345", Host: "hh", Public: true}
	if err := s.CreateInvited(ctx, tb, inv, nil); err != nil {
		t.Fatal(err)
	}
	if got, err := s.LoadInvite(ctx, "t1"); err != nil || !reflect.DeepEqual(got, &Invite{Table: "t1", Code: "ABCD2345", Host: "hh", Public: true, Away: []int{}}) {
		t.Fatalf("read back %+v, %v", got, err)
	}
	if _, _, ok, _ := s.Lookup(ctx, ""); ok {
		t.Fatal("the empty hash of a free seat opens a seat")
	}
	// bob claims seat 2, a bot takes seat 3: the game starts, shared
	inv.Started, inv.Public = true, false
	if err := s.Seat(ctx, "t1", []string{"ann", "bob", "bot"}, []string{"h1", "h2", ""}, 1, inv); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Load(ctx, "t1")
	if !reflect.DeepEqual(got.Seats, []string{"ann", "bob", "bot"}) || !reflect.DeepEqual(got.Tokens, []string{"h1", "h2", ""}) || got.Shared != 1 {
		t.Fatalf("seated: %+v", got)
	}
	if id, seat, ok, _ := s.Lookup(ctx, "h2"); !ok || id != "t1" || seat != 2 {
		t.Fatalf("bob's token opens %s %d %v", id, seat, ok)
	}
	if _, seat, ok, _ := s.Lookup(ctx, "hw"); !ok || seat != 0 {
		t.Fatal("seating lost the spectators' token")
	}
	// a bot plays for bob while he is away, then he frees nothing: his
	// token still opens his seat
	inv.Away = []int{2}
	if err := s.Seat(ctx, "t1", []string{"ann", "bob=bot", "bot"}, []string{"h1", "h2", ""}, 1, inv); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.InviteByCode(ctx, "ABCD2345"); got == nil || !reflect.DeepEqual(got.Away, []int{2}) || !got.Started {
		t.Fatalf("by code: %+v", got)
	}
	// a rematch: the new table and the old one's pointer to it at once
	tb2 := &Table{ID: "t2", Created: time.UnixMilli(1700000001000), Script: "clubs", Hash: "abc", Players: 3,
		Seed: 10, Options: map[string]string{}, Seats: []string{"bob", "bot", "ann"}, Tokens: []string{"r1", "", "r2"}, Watch: "hw2"}
	inv.Rematch = "t2"
	if err := s.CreateInvited(ctx, tb2, &Invite{Table: "t2", Code: "ZZZZ2345", Started: true}, inv); err != nil {
		t.Fatal(err)
	}
	if got, _ := s.LoadInvite(ctx, "t1"); got.Rematch != "t2" {
		t.Fatalf("the old table does not lead to its rematch: %+v", got)
	}
	if got, _ := s.LoadInvite(ctx, "nope"); got != nil {
		t.Fatalf("a table without an invitation has %+v", got)
	}
	// a code is one table's
	if err := s.CreateInvited(ctx, &Table{ID: "t3", Options: map[string]string{}, Watch: "hw3"}, &Invite{Table: "t3", Code: "ABCD2345"}, nil); err == nil {
		t.Fatal("two tables share a join code")
	}
	if got, _ := s.Load(ctx, "t3"); got != nil {
		t.Fatal("the table of a refused invitation was stored")
	}
}

// TestChat stores a table's chat and reads its last lines back.
func TestChat(t *testing.T) { each(t, testChat) }

func testChat(t *testing.T, s *Store) {
	ctx := context.Background()
	at := time.UnixMilli(1700000000000)
	for i, l := range []ChatLine{{Seat: 1, Name: "Ann", Text: "hi"}, {Seat: 0, Name: "Zoe", Text: "go Ann"}, {Seat: 2, Name: "Bob", Text: "gg"}} {
		l.N, l.At = i, at
		if err := s.AddChat(ctx, "t1", l); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.AddChat(ctx, "t1", ChatLine{N: 1, Text: "again"}); err == nil {
		t.Fatal("a second line 1 was stored")
	}
	lines, total, err := s.Chat(ctx, "t1", 2)
	if err != nil || total != 3 || len(lines) != 2 || lines[0].Name != "Zoe" || lines[1].Text != "gg" || !lines[1].At.Equal(at) {
		t.Fatalf("the last 2 of %d: %+v, %v", total, lines, err)
	}
	if lines, total, _ := s.Chat(ctx, "t2", 100); len(lines) != 0 || total != 0 {
		t.Fatalf("another table's chat: %+v", lines)
	}
}
