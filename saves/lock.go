package saves

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// lock is a held lock on a lock file.
type lock struct {
	fl *flock.Flock
}

// lockPath is the lock file of a save: hidden, beside it.
func lockPath(save string) string {
	return filepath.Join(filepath.Dir(save), "."+filepath.Base(save)+".lock")
}

// acquire takes the lock file at path without waiting: nil when another
// process holds it.
//
// A holder removes the lock file before it unlocks (so that none is left
// behind), and a process that opened the file just before may then lock
// a file that is no longer there. So after locking, acquire checks that
// the file it holds is still the one at path, and tries again if not.
func acquire(path string) (*lock, error) {
	for range 10 {
		fl := flock.New(path)
		ok, err := fl.TryLock()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		held, err1 := fl.Stat()
		there, err2 := os.Stat(path)
		if err1 == nil && err2 == nil && os.SameFile(held, there) {
			return &lock{fl: fl}, nil
		}
		_ = fl.Unlock()
	}
	return nil, fmt.Errorf("cannot lock %s: it keeps being replaced", path)
}

// release removes the lock file and unlocks it.
func (l *lock) release() {
	if l == nil || l.fl == nil {
		return
	}
	_ = os.Remove(l.fl.Path())
	_ = l.fl.Unlock()
	l.fl = nil
}

// inUse reports whether another process holds the lock file at path. It
// never creates one.
func inUse(path string) bool {
	if !exists(path) {
		return false
	}
	l, err := acquire(path)
	switch {
	case err != nil:
		return false // not known to be in use
	case l == nil:
		return true
	}
	l.release() // a lock file left by a process that died: gone now
	return false
}
