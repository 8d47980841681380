// Package storetest gives tests a PostgreSQL database of their own: a
// fresh schema in the database TABLETOP_TEST_POSTGRES names, dropped when
// the test ends.
package storetest

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// PostgresURL returns the address of an empty schema of the test
// database, or "" when TABLETOP_TEST_POSTGRES is not set.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TABLETOP_TEST_POSTGRES")
	if base == "" {
		return ""
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "tabletop_test_" + hex.EncodeToString(b)
	if _, err := db.Exec("CREATE SCHEMA " + schema); err != nil {
		db.Close()
		t.Fatalf("creating a schema in %s: %v", base, err)
	}
	t.Cleanup(func() {
		db.Exec("DROP SCHEMA " + schema + " CASCADE")
		db.Close()
	})
	sep := "?"
	if strings.Contains(base, "?") {
		sep = "&"
	}
	return base + sep + "search_path=" + schema
}
