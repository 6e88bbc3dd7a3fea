// LISTEN on PostgreSQL: a dedicated connection (a pooled one would be handed to queries and lose the LISTEN when
// it is released), opened with the pool's connection string and reconnected with backoff when it drops. Notices
// sent while it is down are lost, so each (re)connect is reported: the caller forgets whatever they would have told.
import pg from 'pg';

export interface ListenHandlers {
  /** A notice on the channel (its payload). */
  notice(payload: string): void;
  /** LISTEN is in place; after a drop, notices may have been missed since. */
  connected(): void;
  /** The connection failed or dropped; the next attempt follows after a backoff. */
  failed(error: Error): void;
}

export interface Listening {
  /** Settles once the first attempt has connected or failed (failures keep retrying). */
  ready: Promise<void>;
  /** Closes the connection and stops reconnecting. */
  close(): Promise<void>;
}

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;

export function listenPostgres(pool: pg.Pool, channel: string, on: ListenHandlers): Listening {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = FIRST_RETRY_MS;

  const attempt = async (): Promise<void> => {
    const c = new pg.Client({
      connectionString: pool.options.connectionString,
      connectionTimeoutMillis: 5_000,
      application_name: `listen ${channel}`, // tells this connection apart in pg_stat_activity
    });
    let lost = false;
    const drop = (error: Error) => {
      if (lost) return;
      lost = true;
      if (client === c) client = undefined;
      c.end().catch(() => {});
      if (closed) return;
      on.failed(error);
      timer = setTimeout(() => void (current = attempt()), retryMs);
      timer.unref();
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };
    c.on('error', drop);
    c.on('end', () => drop(new Error('the listening connection ended')));
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) on.notice(n.payload);
    });
    try {
      await c.connect();
      await c.query(`listen ${c.escapeIdentifier(channel)}`);
    } catch (e) {
      drop(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    if (lost) return;
    if (closed) return void (await c.end().catch(() => {}));
    client = c;
    retryMs = FIRST_RETRY_MS;
    on.connected();
  };

  let current = attempt();
  return {
    ready: current,
    async close() {
      closed = true;
      clearTimeout(timer);
      await current; // an attempt under way ends its own connection once it sees `closed`
      await client?.end().catch(() => {});
    },
  };
}
