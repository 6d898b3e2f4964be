import pg from 'pg';

/**
 * The channel on which PostgreSQL announces changes to who a caller is and what "Current user"
 * shows (migration 0029: triggers on sessions, users, user_roles, companies, API keys, quick filters,
 * favourite users and flag overrides; 0031: product licences, subscriptions and usage rollups), as
 * "user:<id>", "company:<id>" or "all", at commit.
 */
export const IDENTITY_CHANNEL = 'crm_identity';

/** What a change names: a user, a company (every user of it), or everything. */
export type IdentityChange = { user: number } | { company: number } | 'all';

export function parseIdentityChange(payload: string | undefined): IdentityChange {
  const [kind, id] = (payload ?? '').split(':');
  const n = Number(id);
  if (kind === 'user' && Number.isInteger(n)) return { user: n };
  if (kind === 'company' && Number.isInteger(n)) return { company: n };
  return 'all';
}

/**
 * What a kept value depends on: its user and the user's company, and any other users whose change
 * makes it stale (an impersonation's impersonators: their roles, state and sessions).
 */
export type IdentityOwner = { userId: number; companyId: number; alsoUserIds?: readonly number[] };

/** Until when a kept value holds by time alone (epoch ms): values that depend on the clock expire. */
type Entry<V> = { value: V; owner: IdentityOwner; until: number };

/**
 * Values kept in memory by key (a session's digest, a user id), each dropped when a change names
 * its user or company, and the least recently used dropped beyond `max`. Kept values are frozen:
 * every request shares them.
 */
export class IdentityCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #byUser = new Map<number, Set<string>>();
  readonly #byCompany = new Map<number, Set<string>>();

  constructor(
    private readonly feed: IdentityFeed,
    private readonly max: number,
  ) {}

  /**
   * The value kept for `key`, else `load`'s, kept unless a change arrived while it loaded (it may
   * have read the row before the change committed) or the feed is down (a change could be missed).
   * `untilOf` says until when a value holds by time alone (epoch ms; always, if not given): a value
   * read with the clock (a period that ends, a subscription cancelled at its period's end) is read
   * again from then on.
   */
  async get<R extends V | undefined>(
    key: string,
    load: () => Promise<R>,
    ownerOf: (value: V) => IdentityOwner,
    untilOf: (value: V) => number = () => Infinity,
  ): Promise<R> {
    if (!this.feed.live()) return load();
    const kept = this.#entries.get(key);
    if (kept && kept.until <= Date.now()) this.#drop(key);
    else if (kept) {
      this.#entries.delete(key); // most recently used last
      this.#entries.set(key, kept);
      return kept.value as R;
    }
    const generation = this.feed.generation();
    const value = await load();
    if (value !== undefined && this.feed.live() && this.feed.generation() === generation) {
      this.#keep(key, deepFreeze(value as V), ownerOf(value as V), untilOf(value as V));
    }
    return value;
  }

  forget(change: IdentityChange): void {
    if (change === 'all') return this.clear();
    const keys = 'user' in change ? this.#byUser.get(change.user) : this.#byCompany.get(change.company);
    for (const key of [...(keys ?? [])]) this.#drop(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#byUser.clear();
    this.#byCompany.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #keep(key: string, value: V, owner: IdentityOwner, until: number): void {
    this.#drop(key);
    if (this.#entries.size >= this.max) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#drop(oldest.value);
    }
    this.#entries.set(key, { value, owner, until });
    for (const userId of usersOf(owner)) index(this.#byUser, userId, key);
    index(this.#byCompany, owner.companyId, key);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    for (const userId of usersOf(entry.owner)) unindex(this.#byUser, userId, key);
    unindex(this.#byCompany, entry.owner.companyId, key);
  }
}

function usersOf(owner: IdentityOwner): number[] {
  return [owner.userId, ...(owner.alsoUserIds ?? [])];
}

function index(map: Map<number, Set<string>>, id: number, key: string): void {
  const keys = map.get(id);
  if (keys) keys.add(key);
  else map.set(id, new Set([key]));
}

function unindex(map: Map<number, Set<string>>, id: number, key: string): void {
  const keys = map.get(id);
  keys?.delete(key);
  if (keys?.size === 0) map.delete(id);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export type IdentityFeed = {
  /** Whether changes are heard now: the listener is connected and listening. */
  live: () => boolean;
  /** Goes up with every change heard (and every time hearing starts again). */
  generation: () => number;
};

/** A feed never heard: a cache on it keeps nothing (IDENTITY_CACHE_SIZE=0, and tools without the API's feed). */
const UNHEARD: IdentityFeed = { live: () => false, generation: () => 0 };

/** The cache of `changes` (the API's), or one that keeps nothing where there are none (tools, seeds). */
export function identityCacheOf<V>(changes: IdentityChanges | undefined): IdentityCache<V> {
  return changes?.cache<V>() ?? new IdentityCache<V>(UNHEARD, 0);
}

/** How long the listener waits before connecting again after losing its connection: doubling up to 5 s. */
const RECONNECT_MS = { first: 100, max: 5_000 };

/**
 * Hears the identity changes of every process for this process's caches:
 * - a listening connection of its own, for the changes of other processes (and, with it down, the
 *   caches keep nothing, so no change can be missed; they start empty when it is back);
 * - every connection of the pool listens too (from its start: db/database.ts): PostgreSQL tells a
 *   connection of its own changes at commit, before the statement's answer, so a process never
 *   reads its own change stale (a request that signs out, then the next one, even on the same tick).
 * The listener connects on first use: a process that never resolves a caller (a job worker) has none.
 */
export function createIdentityChanges(pool: pg.Pool, { max }: { max: number }) {
  const caches: IdentityCache<unknown>[] = [];
  let generation = 0;
  let listener: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let waitMs = RECONNECT_MS.first;
  let reconnect: NodeJS.Timeout | undefined;

  const heard = (change: IdentityChange) => {
    generation += 1;
    for (const cache of caches) cache.forget(change);
  };
  const onNotification = (message: pg.Notification) => {
    if (message.channel === IDENTITY_CHANNEL) heard(parseIdentityChange(message.payload));
  };

  // Each pool connection listens from its start (db/database.ts); this process reads what it hears
  // from the moment it takes the connection, before the statement it takes it for.
  const hearing = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (hearing.has(client)) return;
    hearing.add(client);
    client.on('notification', onNotification);
  });

  /** Stops listening and lets the listener's connection go. */
  const hangUp = async () => {
    listening = false;
    const client = listener;
    listener = null;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    await client?.end().catch(() => undefined);
  };

  const lost = () => {
    void hangUp();
    heard('all');
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void listen();
    }, waitMs);
    reconnect.unref();
    waitMs = Math.min(waitMs * 2, RECONNECT_MS.max);
  };

  async function listen(): Promise<void> {
    if (closed || listener) return;
    const client = new pg.Client({ ...(pool.options as pg.ClientConfig), connectionTimeoutMillis: 5_000, application_name: 'crm identity listener' });
    listener = client;
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', onNotification);
    try {
      await client.connect();
      await client.query(`listen ${IDENTITY_CHANNEL}`);
      if (listener !== client) return;
      heard('all'); // what was kept before may have missed changes
      listening = true;
      waitMs = RECONNECT_MS.first;
    } catch {
      if (listener === client) lost();
    }
  }

  const feed: IdentityFeed = {
    live: () => {
      if (!listener && !closed && !reconnect) void listen();
      return listening;
    },
    generation: () => generation,
  };

  return {
    /** A cache of values that changes of a user or company make stale (none kept when IDENTITY_CACHE_SIZE is 0). */
    cache<V>(): IdentityCache<V> {
      const cache = new IdentityCache<V>(max > 0 ? feed : UNHEARD, max);
      caches.push(cache as IdentityCache<unknown>);
      return cache;
    },
    live: feed.live,
    async close(): Promise<void> {
      closed = true;
      clearTimeout(reconnect);
      await hangUp();
    },
  };
}

export type IdentityChanges = ReturnType<typeof createIdentityChanges>;
