// Package store keeps the web tables in a database, so that nothing is lost:
// a table's setup (game, options, seats, seed and the hashes of its seat
// tokens) is written when it is created, and every decision as it is made,
// before anyone is told of it. Starting again from the same database gives
// back every table at its last decision.
//
// Two databases are supported through database/sql: SQLite, embedded in
// the program through a pure-Go driver (modernc.org/sqlite: no C compiler,
// no server), and PostgreSQL (github.com/jackc/pgx) for a shared
// deployment. Open picks by the address: a postgres:// or postgresql://
// URL, else a SQLite file.
//
// Writes go through one writer goroutine that commits whatever is waiting
// in one transaction (group commit), so a hundred tables deciding at once
// cost one sync of the disk, not a hundred, and the writes of one table
// are applied in the order they were made.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabletop/tabletop/savefile"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // the "sqlite" database/sql driver

	"github.com/tabletop/tabletop/interp"
)

// Table is a stored table: how it was set up, and its decisions so far.
type Table struct {
	ID      string
	Created time.Time
	// Script names the game as a save does (interp.Engine.Script): a
	// built-in game's name or a script file's absolute path.
	Script  string
	Hash    string
	Players int
	Seed    uint64
	// OpenDeal marks a table whose seed every seat is shown: one whose
	// seed its creator chose. Any other table's seed is secret until its
	// game ends.
	OpenDeal bool
	// Shared is interp.Config.SharedFrom: 1 for a table two or more
	// people play, whose out-of-turn reactions are asked of every seat;
	// 0 for one person's (and for tables of an older server).
	Shared  int
	Options map[string]string
	// Seats says who sits where, as in a save (interp.Record.Seats).
	Seats []string
	// Tokens are the SHA-256 hashes (hex) of the seats' tokens, by seat
	// (index 0 is seat 1), and Watch the hash of the spectators' token.
	Tokens []string
	Watch  string
	// Finished is set when the game ended; Expired when the server
	// closed the table, abandoned before its end (Expire).
	Finished  bool
	Expired   bool
	Decisions []interp.Decision
	// Takebacks are the takebacks made at the table, in order.
	Takebacks []interp.Takeback
}

// Store is a database of tables.
type Store struct {
	db      *sql.DB
	dialect string // "sqlite" or "postgres"
	ops     chan *op
	done    chan struct{}
	closeMu sync.Mutex
	closed  bool
}

// op is one write, run inside the writer's transaction.
type op struct {
	run  func(tx *sql.Tx) error
	errc chan error
}

// IsPostgres reports whether addr names a PostgreSQL database.
func IsPostgres(addr string) bool {
	return strings.HasPrefix(addr, "postgres://") || strings.HasPrefix(addr, "postgresql://")
}

// Open opens (creating if need be) the database at addr: a postgres://
// URL, or the path of a SQLite file.
func Open(ctx context.Context, addr string) (*Store, error) {
	s := &Store{dialect: "sqlite", ops: make(chan *op, 1024), done: make(chan struct{})}
	var err error
	if IsPostgres(addr) {
		s.dialect = "postgres"
		s.db, err = sql.Open("pgx", addr)
	} else {
		s.db, err = sql.Open("sqlite", "file:"+addr)
		// One connection: SQLite has one writer at a time anyway, and
		// the pragmas below hold per connection.
		s.db.SetMaxOpenConns(1)
	}
	if err != nil {
		return nil, fmt.Errorf("opening the database: %w", err)
	}
	if err := s.setup(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("opening the database %s: %w", redact(addr), err)
	}
	go s.writer()
	return s, nil
}

// redact hides the password of a database URL in messages.
func redact(addr string) string {
	if !IsPostgres(addr) {
		return addr
	}
	scheme, rest, _ := strings.Cut(addr, "://")
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		if user, _, ok := strings.Cut(rest[:at], ":"); ok {
			rest = user + ":…" + rest[at:]
		}
	}
	return scheme + "://" + rest
}

const schema = `
CREATE TABLE IF NOT EXISTS tabletop_tables (
	id       TEXT PRIMARY KEY,
	created  BIGINT NOT NULL,
	script   TEXT NOT NULL,
	hash     TEXT NOT NULL,
	players  INTEGER NOT NULL,
	seed     TEXT NOT NULL,
	options  TEXT NOT NULL,
	seats    TEXT NOT NULL,
	tokens   TEXT NOT NULL,
	watch    TEXT NOT NULL,
	finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS tabletop_decisions (
	table_id TEXT NOT NULL,
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	say      INTEGER NOT NULL,
	text     TEXT NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (table_id, n)
);
CREATE TABLE IF NOT EXISTS tabletop_tokens (
	hash     TEXT PRIMARY KEY,
	table_id TEXT NOT NULL,
	seat     INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tabletop_takebacks (
	table_id TEXT NOT NULL,
	n        INTEGER NOT NULL,
	seat     INTEGER NOT NULL,
	kept     INTEGER NOT NULL,
	undone   INTEGER NOT NULL,
	how      TEXT NOT NULL,
	at       BIGINT NOT NULL,
	PRIMARY KEY (table_id, n)
);`

func (s *Store) setup(ctx context.Context) error {
	if s.dialect == "sqlite" {
		// WAL lets readers run beside the writer; FULL syncs every
		// commit, so a decision told to the players survives a crash
		// of the machine, not only of the program.
		for _, p := range []string{"PRAGMA journal_mode=WAL", "PRAGMA synchronous=FULL", "PRAGMA busy_timeout=5000", "PRAGMA foreign_keys=ON"} {
			if _, err := s.db.ExecContext(ctx, p); err != nil {
				return err
			}
		}
	}
	for _, stmt := range strings.Split(schema, ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := s.db.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	// Columns added since the first schema, which older databases lack.
	if err := s.addColumn(ctx, "tabletop_tables", "open_deal", "INTEGER NOT NULL DEFAULT 0"); err != nil {
		return err
	}
	if err := s.addColumn(ctx, "tabletop_tables", "shared", "INTEGER NOT NULL DEFAULT 0"); err != nil {
		return err
	}
	return s.setupFriends(ctx)
}

// addColumn adds a column that databases made by an older tabletop lack.
func (s *Store) addColumn(ctx context.Context, table, column, def string) error {
	if _, err := s.db.ExecContext(ctx, `SELECT `+column+` FROM `+table+` WHERE 1 = 0`); err == nil {
		return nil
	}
	if _, err := s.db.ExecContext(ctx, `ALTER TABLE `+table+` ADD COLUMN `+column+` `+def); err != nil {
		return fmt.Errorf("adding %s to %s: %w", column, table, err)
	}
	return nil
}

// q writes a query's ? placeholders as the database wants them.
func (s *Store) q(query string) string {
	if s.dialect != "postgres" {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ErrClosed is returned by writes after Close.
var ErrClosed = errors.New("the database is closed")

// Close waits for the writes in flight and closes the database.
func (s *Store) Close() error {
	s.closeMu.Lock()
	if !s.closed {
		s.closed = true
		close(s.ops)
	}
	s.closeMu.Unlock()
	<-s.done
	return s.db.Close()
}

// write queues a write and waits until it is committed (or failed). A
// write is refused when ctx is done before it is queued.
func (s *Store) write(ctx context.Context, run func(tx *sql.Tx) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	o := &op{run: run, errc: make(chan error, 1)}
	s.closeMu.Lock()
	if s.closed {
		s.closeMu.Unlock()
		return ErrClosed
	}
	s.ops <- o
	s.closeMu.Unlock()
	// Once queued, a write is waited for whatever ctx says: its caller
	// must know whether it was stored.
	return <-o.errc
}

// maxBatch bounds how many writes share a transaction.
const maxBatch = 256

// writer commits the queued writes, as many as are waiting in one
// transaction. When the transaction fails, each write is retried alone,
// so that one bad write fails only itself.
func (s *Store) writer() {
	defer close(s.done)
	for o := range s.ops {
		batch := []*op{o}
	more:
		for len(batch) < maxBatch {
			select {
			case o, ok := <-s.ops:
				if !ok {
					break more
				}
				batch = append(batch, o)
			default:
				break more
			}
		}
		err := s.commit(batch)
		if err != nil && len(batch) > 1 {
			for _, o := range batch {
				o.errc <- s.commit([]*op{o})
			}
			continue
		}
		for _, o := range batch {
			o.errc <- err
		}
	}
}

func (s *Store) commit(batch []*op) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	for _, o := range batch {
		if err := o.run(tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// Create stores a new table (with no decisions).
func (s *Store) Create(ctx context.Context, t *Table) error {
	opts, err := json.Marshal(t.Options)
	if err != nil {
		return err
	}
	return s.write(ctx, func(tx *sql.Tx) error { return s.insertTable(tx, t, string(opts)) })
}

// insertTable writes a new table and its tokens' hashes (a seat nobody
// has claimed yet has none: "").
func (s *Store) insertTable(tx *sql.Tx, t *Table, opts string) error {
	seats, _ := json.Marshal(t.Seats)
	tokens, _ := json.Marshal(t.Tokens)
	_, err := tx.Exec(s.q(`INSERT INTO tabletop_tables (id, created, script, hash, players, seed, open_deal, shared, options, seats, tokens, watch, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)`),
		t.ID, t.Created.UnixMilli(), t.Script, t.Hash, t.Players, strconv.FormatUint(t.Seed, 10), flag(t.OpenDeal), t.Shared, opts, string(seats), string(tokens), t.Watch)
	if err != nil {
		return fmt.Errorf("storing table %s: %w", t.ID, err)
	}
	for i, h := range append(append([]string(nil), t.Tokens...), t.Watch) {
		seat := i + 1
		if i == len(t.Tokens) {
			seat = 0
		}
		if h == "" {
			continue
		}
		if _, err := tx.Exec(s.q(`INSERT INTO tabletop_tokens (hash, table_id, seat) VALUES (?, ?, ?)`), h, t.ID, seat); err != nil {
			return fmt.Errorf("storing table %s: %w", t.ID, err)
		}
	}
	return nil
}

// Append stores decision n (0-based) of a table. It fails if the table
// already has a decision n: two writers never race on one table.
func (s *Store) Append(ctx context.Context, table string, n int, d interp.Decision) error {
	say := 0
	if d.Say {
		say = 1
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(s.q(`INSERT INTO tabletop_decisions (table_id, n, seat, say, text, at) VALUES (?, ?, ?, ?, ?, ?)`),
			table, n, d.Seat, say, d.Text, time.Now().UnixMilli())
		if err != nil {
			return fmt.Errorf("storing decision %d of table %s: %w", n+1, table, err)
		}
		return nil
	})
}

// Truncate drops a table's decisions from n (0-based) on: an undo.
func (s *Store) Truncate(ctx context.Context, table string, n int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(s.q(`DELETE FROM tabletop_decisions WHERE table_id = ? AND n >= ?`), table, n); err != nil {
			return fmt.Errorf("taking back decisions of table %s: %w", table, err)
		}
		_, err := tx.Exec(s.q(`UPDATE tabletop_tables SET finished = 0 WHERE id = ?`), table)
		return err
	})
}

// The finished column: a game in play, over, or abandoned.
const (
	inPlay   = 0
	finished = 1
	expired  = 2
)

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TakeBack drops a table's decisions from tb.At (0-based) on and notes the
// takeback, in one transaction.
func (s *Store) TakeBack(ctx context.Context, table string, tb interp.Takeback) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(s.q(`DELETE FROM tabletop_decisions WHERE table_id = ? AND n >= ?`), table, tb.At); err != nil {
			return fmt.Errorf("taking back decisions of table %s: %w", table, err)
		}
		if _, err := tx.Exec(s.q(`UPDATE tabletop_tables SET finished = 0 WHERE id = ?`), table); err != nil {
			return fmt.Errorf("taking back decisions of table %s: %w", table, err)
		}
		_, err := tx.Exec(s.q(`INSERT INTO tabletop_takebacks (table_id, n, seat, kept, undone, how, at)
			SELECT ?, COUNT(*), ?, ?, ?, ?, ? FROM tabletop_takebacks WHERE table_id = ?`),
			table, tb.Seat, tb.At, tb.Undone, string(tb.How), time.Now().UnixMilli(), table)
		if err != nil {
			return fmt.Errorf("noting a takeback of table %s: %w", table, err)
		}
		return nil
	})
}

// Finish marks a table's game as over.
func (s *Store) Finish(ctx context.Context, table string) error {
	return s.setFinished(ctx, table, finished)
}

// Expire marks a table as closed before its game ended, abandoned: it is
// no longer in play (Unfinished, CountUnfinished) and is never resumed.
func (s *Store) Expire(ctx context.Context, table string) error {
	return s.setFinished(ctx, table, expired)
}

func (s *Store) setFinished(ctx context.Context, table string, state int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(s.q(`UPDATE tabletop_tables SET finished = ? WHERE id = ?`), state, table)
		return err
	})
}

// Lookup returns the table and seat (0 for a spectator) a token hash
// opens, or ok=false.
func (s *Store) Lookup(ctx context.Context, hash string) (table string, seat int, ok bool, err error) {
	row := s.db.QueryRowContext(ctx, s.q(`SELECT table_id, seat FROM tabletop_tokens WHERE hash = ?`), hash)
	switch err := row.Scan(&table, &seat); {
	case errors.Is(err, sql.ErrNoRows):
		return "", 0, false, nil
	case err != nil:
		return "", 0, false, err
	}
	return table, seat, true, nil
}

// Load reads a table with its decisions, or returns nil if there is none.
func (s *Store) Load(ctx context.Context, id string) (*Table, error) {
	ts, err := s.query(ctx, `WHERE id = ?`, id)
	if err != nil || len(ts) == 0 {
		return nil, err
	}
	return ts[0], nil
}

// Unfinished reads every table whose game is not over, with its decisions.
func (s *Store) Unfinished(ctx context.Context) ([]*Table, error) {
	return s.query(ctx, `WHERE finished = ?`, inPlay)
}

// CountUnfinished counts the tables whose game is not over.
func (s *Store) CountUnfinished(ctx context.Context) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.q(`SELECT COUNT(*) FROM tabletop_tables WHERE finished = ?`), inPlay).Scan(&n)
	return n, err
}

func (s *Store) query(ctx context.Context, where string, args ...any) ([]*Table, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT id, created, script, hash, players, seed, open_deal, shared, options, seats, tokens, watch, finished FROM tabletop_tables `+where+` ORDER BY created, id`), args...)
	if err != nil {
		return nil, fmt.Errorf("reading tables: %w", err)
	}
	var out []*Table
	byID := map[string]*Table{}
	for rows.Next() {
		t := &Table{}
		var created int64
		var seed, opts, seats, tokens string
		var state, open int
		if err := rows.Scan(&t.ID, &created, &t.Script, &t.Hash, &t.Players, &seed, &open, &t.Shared, &opts, &seats, &tokens, &t.Watch, &state); err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading tables: %w", err)
		}
		t.Created = time.UnixMilli(created)
		t.OpenDeal = open != 0
		t.Finished, t.Expired = state == finished, state == expired
		t.Seed, err = strconv.ParseUint(seed, 10, 64)
		if err == nil {
			err = json.Unmarshal([]byte(opts), &t.Options)
		}
		if err == nil {
			err = json.Unmarshal([]byte(seats), &t.Seats)
		}
		if err == nil {
			err = json.Unmarshal([]byte(tokens), &t.Tokens)
		}
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("reading table %s: %w", t.ID, err)
		}
		out = append(out, t)
		byID[t.ID] = t
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("reading tables: %w", err)
	}
	for _, t := range out {
		if t.Decisions, err = s.decisions(ctx, t.ID); err != nil {
			return nil, err
		}
		if t.Takebacks, err = s.takebacks(ctx, t.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// takebacks reads a table's takebacks in order.
func (s *Store) takebacks(ctx context.Context, id string) ([]interp.Takeback, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT seat, kept, undone, how FROM tabletop_takebacks WHERE table_id = ? ORDER BY n`), id)
	if err != nil {
		return nil, fmt.Errorf("reading the takebacks of table %s: %w", id, err)
	}
	defer rows.Close()
	var out []interp.Takeback
	for rows.Next() {
		var tb interp.Takeback
		var how string
		if err := rows.Scan(&tb.Seat, &tb.At, &tb.Undone, &how); err != nil {
			return nil, fmt.Errorf("reading the takebacks of table %s: %w", id, err)
		}
		tb.How = interp.TakebackHow(how)
		out = append(out, tb)
	}
	return out, rows.Err()
}

// decisions reads a table's decisions in order. They must be numbered
// 0, 1, 2, … without a gap: anything else is a damaged database.
func (s *Store) decisions(ctx context.Context, id string) ([]interp.Decision, error) {
	rows, err := s.db.QueryContext(ctx, s.q(`SELECT n, seat, say, text FROM tabletop_decisions WHERE table_id = ? ORDER BY n`), id)
	if err != nil {
		return nil, fmt.Errorf("reading the decisions of table %s: %w", id, err)
	}
	defer rows.Close()
	var out []interp.Decision
	for rows.Next() {
		var n, say int
		var d interp.Decision
		if err := rows.Scan(&n, &d.Seat, &say, &d.Text); err != nil {
			return nil, fmt.Errorf("reading the decisions of table %s: %w", id, err)
		}
		if n != len(out) {
			return nil, fmt.Errorf("table %s: decision %d is missing", id, len(out)+1)
		}
		d.Say = say != 0
		out = append(out, d)
	}
	return out, rows.Err()
}

// Record is a stored table as a save file's record.
func (t *Table) Record() *interp.Record {
	return &interp.Record{
		Version:   savefile.Version,
		Script:    t.Script,
		Hash:      t.Hash,
		Players:   t.Players,
		Seats:     t.Seats,
		Seed:      t.Seed,
		Options:   t.Options,
		Shared:    t.Shared,
		Takebacks: t.Takebacks,
		Decisions: t.Decisions,
	}
}
