package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tabletop/tabletop/seating"
)

// Your turn: every frame says how long the table has waited on its prompt
// (friendsJSON.Waited) and, for a person's seat with no page open, for how
// long it has had none. A seat left so for Config.AwayAfter may be given
// to a bot by the others: one asks, and every other person with a page
// open must agree (those away too are not waited for). The bot plays the
// seat under its person's name; he takes it back with his own link
// whenever he returns, at once. A person may also hand his own seat to a
// bot (he must go) and take it back the same way.
//
// A seat never passes to another person once the game has begun: only a
// bot plays it, which nobody looks through. So nobody sees a hand, or the
// private lines of a seat's past, that he could not see before.

// awayVote is a request to let a bot play an absent person's seat.
type awayVote struct {
	seat, by int
	accepted map[int]bool
}

type voteJSON struct {
	Seat     int   `json:"seat"`
	By       int   `json:"by"`
	Accepted []int `json:"accepted"`
	Waiting  []int `json:"waiting"`
}

// awayFor is how long a person's seat has had no page open (0: it has
// one, or it is not a person's).
func (t *Table) awayFor(seat int) time.Duration {
	since, ok := t.fr.empty[seat]
	if !ok || !t.isPerson(seat) || t.online()[seat] {
		return 0
	}
	return time.Since(since)
}

// voters are the people whose answer a vote about seat waits for: every
// other person with a page open.
func (t *Table) voters(seat int) []int {
	online := t.online()
	var out []int
	for s := 1; s <= len(t.seats); s++ {
		if s != seat && t.isPerson(s) && online[s] {
			out = append(out, s)
		}
	}
	return out
}

// voteAway is seat by's request (or agreement) to let a bot play seat.
func (t *Table) voteAway(ctx context.Context, by, seat int) error {
	if err := t.inPlay(); err != nil {
		return err
	}
	switch d := t.awayFor(seat); {
	case by == 0 || !t.isPerson(by):
		return errors.New("only the players decide who plays a seat")
	case seat < 1 || seat > len(t.seats) || !t.isHuman(seat):
		return fmt.Errorf("seat %d is not a person's seat played by its person", seat)
	case seat == by:
		return errors.New("to let a bot play your own seat, use bot_for_me")
	case d == 0:
		return fmt.Errorf("%s has a page open: ask him", t.label(seat))
	case t.srv.cfg.AwayAfter < 0 || d < t.srv.cfg.AwayAfter:
		return fmt.Errorf("%s has been away for %s only: a seat is given to a bot after %s without a page open", t.label(seat), d.Round(time.Second), t.srv.cfg.AwayAfter)
	}
	v := t.fr.vote
	switch {
	case v != nil && v.seat != seat:
		return fmt.Errorf("a vote about %s's seat is open: answer it first", t.label(v.seat))
	case v == nil:
		v = &awayVote{seat: seat, by: by, accepted: map[int]bool{}}
		t.fr.vote = v
		t.notices = append(t.notices, fmt.Sprintf("%s asks to let a bot play for %s, who has been away for %s.", t.label(by), t.label(seat), t.awayFor(seat).Round(time.Minute)))
	}
	v.accepted[by] = true
	return t.settleVote(ctx)
}

// settleVote carries out the vote once every voter agreed.
func (t *Table) settleVote(ctx context.Context) error {
	v := t.fr.vote
	for _, s := range t.voters(v.seat) {
		if !v.accepted[s] {
			t.broadcast()
			return nil
		}
	}
	t.fr.vote = nil
	return t.handToBot(ctx, v.seat, fmt.Sprintf("A bot plays for %s while he is away, as everyone here agreed; his link gives him his seat back.", t.label(v.seat)))
}

// answerAway is a voter's answer; no ends the vote.
func (t *Table) answerAway(ctx context.Context, by int, accept bool) error {
	v := t.fr.vote
	switch {
	case v == nil:
		return errors.New("nobody asks to give a seat to a bot")
	case accept:
		return t.voteAway(ctx, by, v.seat)
	case !slices.Contains(t.voters(v.seat), by):
		return errors.New("your answer is not asked for")
	}
	t.fr.vote = nil
	t.notices = append(t.notices, fmt.Sprintf("%s declines: %s keeps his seat.", t.label(by), t.label(v.seat)))
	t.broadcast()
	return nil
}

func (t *Table) voteFrame() *voteJSON {
	v := t.fr.vote
	if v == nil {
		return nil
	}
	vj := &voteJSON{Seat: v.seat, By: v.by, Accepted: []int{}, Waiting: []int{}}
	for _, s := range t.voters(v.seat) {
		if v.accepted[s] {
			vj.Accepted = append(vj.Accepted, s)
		} else {
			vj.Waiting = append(vj.Waiting, s)
		}
	}
	return vj
}

// inPlay refuses a change of who plays a seat outside the game.
func (t *Table) inPlay() error {
	switch {
	case t.broken != "" || t.closed || t.m == nil:
		return t.usable()
	case !t.started():
		return errors.New("the game has not begun: seats are being taken")
	case t.m.Done():
		return errors.New("the game is over")
	}
	return nil
}

// botForMe hands seat's own seat to a bot until he takes it back.
func (t *Table) botForMe(ctx context.Context, seat int) error {
	if err := t.inPlay(); err != nil {
		return err
	}
	if !t.isHuman(seat) {
		return errors.New("you play no seat here")
	}
	return t.handToBot(ctx, seat, fmt.Sprintf("A bot plays for %s until he takes his seat back.", t.label(seat)))
}

// takeSeat gives seat back to its person, from the bot that played it.
func (t *Table) takeSeat(ctx context.Context, seat int) error {
	if t.broken != "" || t.closed || t.m == nil {
		return t.usable()
	}
	if !t.isAway(seat) {
		return errors.New("no bot plays your seat")
	}
	seats := slices.Clone(t.seats)
	seats[seat-1] = seating.Seat{Human: true, Name: seats[seat-1].Name}
	if err := t.changeSeats(ctx, seats, without(t.fr.inv.Away, seat)); err != nil {
		return err
	}
	t.notices = append(t.notices, fmt.Sprintf("%s is back and plays his seat again.", t.label(seat)))
	t.broadcast()
	return nil
}

// handToBot lets the game's bot play a person's seat, under his name,
// until he takes it back.
func (t *Table) handToBot(ctx context.Context, seat int, notice string) error {
	seats := slices.Clone(t.seats)
	name := seats[seat-1].Name
	if name == "" {
		name = "me"
	}
	seats[seat-1] = seating.Seat{Name: name}
	if err := t.changeSeats(ctx, seats, append(slices.Clone(t.fr.inv.Away), seat)); err != nil {
		return err
	}
	t.notices = append(t.notices, notice)
	t.broadcast()
	t.kickLocked()
	return nil
}

// changeSeats stores who plays each seat once the game has begun (the
// tokens stay: a seat keeps its person) and makes it so.
func (t *Table) changeSeats(ctx context.Context, seats []seating.Seat, away []int) error {
	specs := make([]string, len(seats))
	for i, s := range seats {
		specs[i] = s.Spec()
	}
	inv := t.fr.inv
	inv.Away = away
	t.srv.ensureCode(&inv)
	if err := t.srv.cfg.Store.Seat(ctx, t.id, specs, t.fr.tokens, t.m.Config.SharedFrom, &inv); err != nil {
		t.srv.cfg.Logf("table %s: %v", t.id, err)
		return errors.New("the server could not store that: try again")
	}
	for i := range seats {
		if seats[i] != t.seats[i] {
			t.changedHands(i + 1)
		}
	}
	t.seats, t.specs, t.fr.inv = seats, specs, inv
	if !t.botsOn {
		t.side.dropStale(t) // else the runner does, at its next decision
	}
	if t.fr.vote != nil && !t.isHuman(t.fr.vote.seat) {
		t.fr.vote = nil
	}
	return nil
}

func without(seats []int, seat int) []int {
	out := []int{}
	for _, s := range seats {
		if s != seat {
			out = append(out, s)
		}
	}
	return out
}
