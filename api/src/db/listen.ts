/**
 * LISTEN on a notification channel of the database. NOTIFY is transactional on both databases:
 * a notification sent inside a transaction is delivered at its commit, never after a rollback.
 * - PostgreSQL: a dedicated connection (not one of the pool) LISTENs; when it drops it is
 *   reopened every second until it works again (notifications sent meanwhile are lost).
 * - PGlite: its own listen() (one process owns the folder, so every NOTIFY comes from this process).
 */
export type ListenFn = (
  channel: string,
  onPayload: (payload: string) => void,
  /** Told false when the listening connection drops (notifications may be missed), true when it is back. */
  onListening?: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

export interface ListenLog {
  warn(msg: string): void;
  info(msg: string): void;
}

const CHANNEL_RE = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkChannel(channel: string): void {
  if (!CHANNEL_RE.test(channel)) throw new Error(`Bad notification channel name '${channel}'`);
}

export function postgresListen(connectionString: string, log?: ListenLog): ListenFn {
  return async (channel, onPayload, onListening) => {
    checkChannel(channel);
    const { Client } = await import('pg');
    type PgClient = InstanceType<typeof Client>;
    let current: PgClient | null = null;
    let closed = false;
    let timer: NodeJS.Timeout | undefined;

    const connect = async (): Promise<void> => {
      const client = new Client({ connectionString, keepAlive: true });
      client.on('notification', (m) => {
        if (m.channel === channel && typeof m.payload === 'string') onPayload(m.payload);
      });
      client.on('error', (err) => log?.warn(`Notification listener on '${channel}' failed: ${err.message}`));
      client.on('end', () => {
        if (current === client) {
          current = null;
          onListening?.(false);
          scheduleReconnect();
        }
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (e) {
        await client.end().catch(() => undefined);
        throw e;
      }
      if (closed) {
        await client.end().catch(() => undefined);
        return;
      }
      current = client;
    };

    const scheduleReconnect = () => {
      if (closed || timer) return;
      timer = setTimeout(async () => {
        timer = undefined;
        try {
          await connect();
          if (current) onListening?.(true);
          log?.info(`Notification listener on '${channel}' reconnected`);
        } catch {
          scheduleReconnect();
        }
      }, 1000);
      timer.unref();
    };

    await connect();
    return async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    };
  };
}

/** Minimal view of PGlite's listen API. */
export interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export function pgliteListen(pglite: PgliteListener): ListenFn {
  return async (channel, onPayload) => {
    checkChannel(channel);
    const unlisten = await pglite.listen(channel, onPayload);
    let done = false;
    return async () => {
      if (done) return;
      done = true;
      await unlisten().catch(() => undefined);
    };
  };
}
