// A pg Client emits 'error' when its connection dies (PostgreSQL restarted, the backend terminated: 57P01, the
// network gone), and an 'error' event nobody listens to is an uncaught exception: the process exits. The pool
// listens only while a client is idle, so a client checked out at that moment — inside a transaction, holding the
// start-up advisory lock — took the whole instance down. The error needs no handling here: the query under way
// fails with it (→ 503), a later query on that client fails as «not queryable», and the pool drops the client
// when it is released. Only the event must never be unhandled.
import type pg from 'pg';

export function survivesLostConnection(client: pg.Client): void {
  client.on('error', () => {});
}
