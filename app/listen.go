package app

import (
	"context"
	"sync"
	"time"

	"turncoat/store"
)

// listen follows what the other instances sharing the store commit (PostgreSQL's LISTEN; on
// SQLite there are none and the listeners only wait for the end): the games they change, the
// notifications they store, the chat messages they store or hide (this instance's too: with a
// shared store every message reaches the sockets this way), the sessions and tokens they end;
// and purges the expired
// credentials every hour. With PostgreSQL it waits (ten seconds at most) until it listens, so
// that nothing committed after New returns goes unheard.
func (a *App) listen(ctx context.Context) {
	srv := a.srv.Load()
	games, ended, chat := make(chan struct{}), make(chan struct{}), make(chan struct{})
	a.wg.Add(5)
	go func() {
		defer a.wg.Done()
		var once sync.Once
		a.store.Listen(ctx, a.remoteChange, a.resyncAll, func() { once.Do(func() { close(games) }) })
	}()
	go func() {
		defer a.wg.Done()
		a.store.ListenNotifications(ctx, a.notices.Remote, nil)
	}()
	go func() {
		defer a.wg.Done()
		var once sync.Once
		a.store.ListenChat(ctx, func(game string, id int64) { a.play.RemoteChat(ctx, game, id) },
			func() { once.Do(func() { close(chat) }) })
	}()
	go func() {
		defer a.wg.Done()
		first := true
		a.store.ListenEnded(ctx, srv.CredentialEnded, func() {
			if first {
				first = false
				close(ended)
				return
			}
			// What ended while the listener was away was not heard: look again.
			srv.RecheckCredentials(ctx)
		})
	}()
	go func() {
		defer a.wg.Done()
		t := time.NewTicker(time.Hour)
		defer t.Stop()
		for {
			if err := a.accounts.Purge(ctx); err != nil && ctx.Err() == nil {
				a.log.Warn("purging expired sessions and tokens", "error", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
		}
	}()
	if !a.store.Postgres() {
		return
	}
	timeout := time.After(10 * time.Second)
	for _, c := range []struct {
		ready <-chan struct{}
		what  string
	}{{games, "the other instances' changes"}, {ended, "the sessions and tokens other instances end"},
		{chat, "the chat messages of every instance"}} {
		select {
		case <-c.ready:
		case <-timeout:
			a.log.Warn("not yet listening to " + c.what)
		}
	}
}

// remoteChange follows a change another instance committed: the game service reloads the game
// (if in memory); the lobby's followers hear of a change that shows there.
func (a *App) remoteChange(n store.Notice) {
	if n.Lobby {
		a.lobbyChanged()
	}
	a.play.RemoteChange(context.Background(), n.Game, n.Version)
}

// resyncAll reloads every game in memory (after the notification connection was lost).
func (a *App) resyncAll() {
	a.play.ResyncAll(context.Background())
	a.lobbyChanged()
}
