package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// What the web table keeps beside the game: how people get to a table
// (its invitation, its host, the seats claimed, the rematch it led to, the
// seats a bot plays while their person is away) and what they say at it
// (the table's chat, which is no decision: it is in no save and no log).
//
//	tabletop_invites  one per table: its join code, the hash of its host's
//	                  token, public, started, rematch, away
//	tabletop_chat     one per line said: table, number, seat (0: a
//	                  spectator), name, text, time
var friendsSchema = []string{`
CREATE TABLE IF NOT EXISTS tabletop_invites (
	table_id TEXT PRIMARY KEY,
	code     TEXT NOT NULL UNIQUE,
	host     TEXT NOT NULL,
	public   INTEGER NOT NULL,
	started  INTEGER NOT NULL,
	rematch  TEXT NOT NULL,
	away     TEXT NOT NULL
)`, `
CREATE TABLE IF NOT EXISTS tabletop_chat (
	table_id TEXT NOT NULL,
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	name     TEXT NOT NULL,
	text     TEXT NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (table_id, n)
)`}

func (s *Store) setupFriends(ctx context.Context) error {
	for _, stmt := range friendsSchema {
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}

// Invite is how people get to a table and who sits where beyond its seat
// specs. A table stored by an older server has none until it needs one.
type Invite struct {
	Table string
	// Code is the table's join code: it lets whoever has it claim a free
	// seat while the seats are being taken, and watch. It opens no seat
	// taken, so it is kept as it is (tokens are kept as hashes only).
	Code string
	// Host is the SHA-256 hash (hex) of the host's token, "" for none.
	Host string
	// Public lists the table in the lobby while it has free seats.
	Public bool
	// Started is set once every seat was taken and the game began;
	// before, seats are claimed and freed.
	Started bool
	// Rematch is the table a rematch of this one opened, or "".
	Rematch string
	// Away are the seats a bot plays while their person is away; he takes
	// his seat back with his token.
	Away []int
}

// ChatLine is a line said at a table's chat.
type ChatLine struct {
	N    int
	Seat int // 0: a spectator
	Name string
	Text string
	At   time.Time
}

// CreateInvited stores a new table with its invitation, in one
// transaction. from, when not nil, is the finished table it is a rematch
// of, whose invitation is stored with it (its Rematch set).
func (s *Store) CreateInvited(ctx context.Context, t *Table, inv *Invite, from *Invite) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if err := s.insertTable(tx, t, string(opts)); err != nil {
			return err
		}
		if err := s.putInvite(tx, inv); err != nil {
			return err
		}
		if from != nil {
			return s.putInvite(tx, from)
		}
		return nil
	})
}

// SaveInvite stores a table's invitation, in place of the one stored.
func (s *Store) SaveInvite(ctx context.Context, inv *Invite) error {
	return s.write(ctx, func(tx *sql.Tx) error { return s.putInvite(tx, inv) })
}

func (s *Store) putInvite(tx *sql.Tx, inv *Invite) error {
	away, _ := json.Marshal(nonNilInts(inv.Away))
	_, err := tx.Exec(s.q(`INSERT INTO tabletop_invites (table_id, code, host, public, started, rematch, away) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id) DO UPDATE SET code = excluded.code, host = excluded.host, public = excluded.public,
		started = excluded.started, rematch = excluded.rematch, away = excluded.away`),
		inv.Table, inv.Code, inv.Host, flag(inv.Public), flag(inv.Started), inv.Rematch, string(away))
	if err != nil {
		return fmt.Errorf("storing the invitation of table %s: %w", inv.Table, err)
	}
	return nil
}

func nonNilInts(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}

// Seat stores who sits where at a table: its seat specs, its seats'
// token hashes ("" for a seat nobody holds), its shared flag (set when
// the game starts) and its invitation, in one transaction. The tokens
// that no longer open a seat open nothing from then on.
func (s *Store) Seat(ctx context.Context, table string, seats, tokens []string, shared int, inv *Invite) error {
	sj, _ := json.Marshal(seats)
	tj, _ := json.Marshal(tokens)
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(s.q(`UPDATE tabletop_tables SET seats = ?, tokens = ?, shared = ? WHERE id = ?`), string(sj), string(tj), shared, table); err != nil {
			return fmt.Errorf("seating table %s: %w", table, err)
		}
		if _, err := tx.Exec(s.q(`DELETE FROM tabletop_tokens WHERE table_id = ? AND seat > 0`), table); err != nil {
			return fmt.Errorf("seating table %s: %w", table, err)
		}
		for i, h := range tokens {
			if h == "" {
				continue
			}
			if _, err := tx.Exec(s.q(`INSERT INTO tabletop_tokens (hash, table_id, seat) VALUES (?, ?, ?)`), h, table, i+1); err != nil {
				return fmt.Errorf("seating table %s: %w", table, err)
			}
		}
		return s.putInvite(tx, inv)
	})
}

// LoadInvite reads a table's invitation, or nil when it has none.
func (s *Store) LoadInvite(ctx context.Context, table string) (*Invite, error) {
	return s.invite(ctx, `table_id = ?`, table)
}

// InviteByCode reads the invitation with a join code, or nil.
func (s *Store) InviteByCode(ctx context.Context, code string) (*Invite, error) {
	return s.invite(ctx, `code = ?`, code)
}

func (s *Store) invite(ctx context.Context, where string, arg string) (*Invite, error) {
	inv := &Invite{}
	var public, started int
	var away string
	err := s.db.QueryRowContext(ctx, s.q(`SELECT table_id, code, host, public, started, rematch, away FROM tabletop_invites WHERE `+where), arg).
		Scan(&inv.Table, &inv.Code, &inv.Host, &public, &started, &inv.Rematch, &away)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("reading an invitation: %w", err)
	}
	inv.Public, inv.Started = public != 0, started != 0
	if err := json.Unmarshal([]byte(away), &inv.Away); err != nil {
		return nil, fmt.Errorf("reading the invitation of table %s: %w", inv.Table, err)
	}
	return inv, nil
}

// AddChat stores line l of a table's chat (l.N: 0, 1, 2, …).
func (s *Store) AddChat(ctx context.Context, table string, l ChatLine) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(s.q(`INSERT INTO tabletop_chat (table_id, n, seat, name, text, at) VALUES (?, ?, ?, ?, ?, ?)`),
			table, l.N, l.Seat, l.Name, l.Text, l.At.UnixMilli())
		if err != nil {
			return fmt.Errorf("storing a chat line of table %s: %w", table, err)
		}
		return nil
	})
}

// Chat reads the last lines of a table's chat, oldest first, and how many
// lines it has in all.
func (s *Store) Chat(ctx context.Context, table string, last int) ([]ChatLine, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM tabletop_chat WHERE table_id = ?`), table).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("reading the chat of table %s: %w", table, err)
	}
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT n, seat, name, text, at FROM tabletop_chat WHERE table_id = ? AND n >= ? ORDER BY n`), table, total-last)
	if err != nil {
		return nil, 0, fmt.Errorf("reading the chat of table %s: %w", table, err)
	}
	defer rows.Close()
	var out []ChatLine
	for rows.Next() {
		var l ChatLine
		var at int64
		if err := rows.Scan(&l.N, &l.Seat, &l.Name, &l.Text, &at); err != nil {
			return nil, 0, fmt.Errorf("reading the chat of table %s: %w", table, err)
		}
		l.At = time.UnixMilli(at)
		out = append(out, l)
	}
	return out, total, rows.Err()
}
