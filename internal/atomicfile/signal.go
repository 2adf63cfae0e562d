package atomicfile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"sync/atomic"
	"unicode/utf8"
)

// temps are the temporary files that exist now, for a signal to remove.
// Holding the lock also holds off a signal: a file is created and
// registered, or linked into place and forgotten, as one step, and a
// commit changes every regular file it changes before a signal can end
// the process.
var temps = struct {
	sync.Mutex
	names map[string]struct{}
}{names: map[string]struct{}{}}

// pending is the signal caught while temps was locked: whoever holds the
// lock ends the process when it lets go (unlockTemps), before a commit's
// caller can go on to exit as if nothing had happened.
var pending atomic.Pointer[os.Signal]

// unlockTemps releases temps, or ends the process if a signal came
// meanwhile.
func unlockTemps() {
	if s := pending.Load(); s != nil {
		cleanUpAndDie(*s)
	}
	temps.Unlock()
}

// cleanUpAndDie removes the temporary files and ends the process by the
// signal s; temps is locked.
func cleanUpAndDie(s os.Signal) {
	for name := range temps.names {
		os.Remove(name)
	}
	signal.Reset(cleanUpSignals...)
	die(s)
}

// CleanUpOnSignal makes SIGINT, SIGTERM and SIGHUP remove the temporary
// files before the process dies of the signal, with the status of that
// signal (which a shell's loop or make expects of an interrupted
// program). A commit in progress finishes first, so that an interrupted
// run leaves each output as it was or complete, never in part. Signals
// ignored when the program started (nohup, a background job of a
// non-interactive shell) stay ignored. Go hands a signal to its handler a
// little after it arrives: one that reaches it only once the run has
// committed its outputs lets the run end as it would have. (A Go program
// does not die of SIGXFSZ: a write past a file size limit, ulimit -f,
// fails with EFBIG, and the file is put back.) Call it once, from main.
func CleanUpOnSignal() {
	var caught []os.Signal
	for _, s := range cleanUpSignals {
		if !signal.Ignored(s) {
			caught = append(caught, s)
		}
	}
	if len(caught) == 0 {
		return
	}
	c := make(chan os.Signal, 1)
	signal.Notify(c, caught...)
	go func() {
		s := <-c
		pending.Store(&s)
		temps.Lock() // never unlocked: the process ends here
		cleanUpAndDie(s)
	}()
}

// createTemp makes a new file, exclusively, named after base in dir, with
// the mode a new file gets (0666 minus the umask), and registers it.
func createTemp(dir, base string) (*os.File, string, error) {
	// A name at the system's limit (255 bytes) must leave room for the
	// temporary file's additions.
	for len(base) > 64 {
		_, size := utf8.DecodeLastRuneInString(base)
		base = base[:len(base)-size]
	}
	temps.Lock()
	defer unlockTemps()
	for {
		var rnd [6]byte
		if _, err := rand.Read(rnd[:]); err != nil {
			return nil, "", err
		}
		name := filepath.Join(dir, "."+base+".pto-"+hex.EncodeToString(rnd[:])+".tmp")
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err == nil {
			temps.names[name] = struct{}{}
		}
		return f, name, err
	}
}

// createHidden makes a temporary file in dir that no one can see and no
// signal can leave behind: it is removed as soon as it is made (where the
// system lets an open file be removed; elsewhere it stays registered until
// removeTemp).
func createHidden(dir, base string) (*os.File, string, error) {
	f, name, err := createTemp(dir, base)
	if err != nil {
		return nil, "", err
	}
	temps.Lock()
	defer unlockTemps()
	if os.Remove(name) == nil {
		delete(temps.names, name)
		name = ""
	}
	return f, name, nil
}

// removeTemp removes a temporary file and forgets it.
func removeTemp(name string) {
	temps.Lock()
	defer unlockTemps()
	os.Remove(name)
	delete(temps.names, name)
}
