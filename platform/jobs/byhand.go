package jobs

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
	"weak"

	"github.com/riverqueue/river"
)

// Work is a registered worker as a plain call on a stored job: the job's arguments, decoded
// from the JSON the queue keeps, handed to the function AddWorker was given.
type Work func(ctx context.Context, encodedArgs []byte) error

// registered holds, for each set of workers AddWorker filled, its functions by kind. River's
// registry never hands its workers out, yet a program that works its due jobs by hand (the tests
// of the whole server, on a manual clock) must call the very functions River would. The key is
// weak and the entry dropped with its workers, so that the many sets a test binary makes are not
// kept for its whole run.
var registered sync.Map // weak.Pointer[river.Workers] -> *kinds

type kinds struct {
	mu sync.Mutex
	m  map[string]Work
}

// remember records work as T's worker in ws (under its kind and its aliases, as River does).
func remember[T river.JobArgs](ws *river.Workers, work func(ctx context.Context, args T) error) {
	key := weak.Make(ws)
	v, loaded := registered.LoadOrStore(key, &kinds{m: map[string]Work{}})
	if !loaded {
		runtime.AddCleanup(ws, func(k weak.Pointer[river.Workers]) { registered.Delete(k) }, key)
	}
	ks := v.(*kinds)
	var zero T
	names := []string{zero.Kind()}
	if a, ok := any(zero).(river.JobArgsWithKindAliases); ok {
		names = append(names, a.KindAliases()...)
	}
	w := func(ctx context.Context, encoded []byte) error {
		var args T
		if err := json.Unmarshal(encoded, &args); err != nil {
			return fmt.Errorf("jobs: decoding the arguments of a %s job: %w", zero.Kind(), err)
		}
		return work(ctx, args)
	}
	ks.mu.Lock()
	defer ks.mu.Unlock()
	for _, n := range names {
		ks.m[n] = w
	}
}

// Lookup returns the work AddWorker registered in ws for kind.
func Lookup(ws *river.Workers, kind string) (Work, bool) {
	v, ok := registered.Load(weak.Make(ws))
	if !ok {
		return nil, false
	}
	ks := v.(*kinds)
	ks.mu.Lock()
	defer ks.mu.Unlock()
	w, ok := ks.m[kind]
	return w, ok
}
