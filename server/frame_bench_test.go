package server

import (
	"testing"

	"golang.org/x/time/rate"
)

// BenchmarkBroadcast times one change told to a table's pages: a frame
// built for each of its connections (a seat and four spectators), as
// every decision does.
func BenchmarkBroadcast(b *testing.B) {
	f := newFixture(b, "", Config{Rate: rate.Inf})
	res := f.create(createRequest{Game: "clubs", Players: 4, Seed: seed(7),
		Seats: []seatRequest{{Name: "ann"}, {Bot: true}, {Bot: true}, {Bot: true}}})
	ann := f.join(res.Seats[0].Link)
	ann.until(myTurn(1))
	for i := 0; i < 4; i++ {
		f.join(res.Watch).state()
	}
	f.srv.mu.Lock()
	tb := f.srv.tables[res.Table]
	f.srv.mu.Unlock()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tb.mu.Lock()
		tb.broadcast()
		tb.mu.Unlock()
	}
}
