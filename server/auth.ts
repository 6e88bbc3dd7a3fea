// Auth for every /api route: X-Init-Data is Telegram's signed init data (HMAC-SHA256 with BOT_TOKEN, checked by
// @telegram-apps/init-data-node), not older than INIT_DATA_MAX_AGE_S and not from the future. The user row is
// upserted from it. Validated strings are cached briefly (LRU + TTL) so the HMAC and the upsert do not run on
// every request — the Mini App sends the same init data for the whole session.
import { isExpiredError, isSignatureInvalidError, validate } from '@telegram-apps/init-data-node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from './config';
import type { Db } from './db';
import { users, type UserRow } from './db/schema';
import { DETAILS, httpError } from './errors';
import { isValidTimeZone } from './time';

/** request.user: the authenticated user's stable fields (from the row upserted at sign-in). */
export type AuthUser = Pick<UserRow, 'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl' | 'createdAt'>;

/** Future auth_date tolerance for clock skew between Telegram and this server. */
const FUTURE_SKEW_S = 60;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

const telegramUserSchema = z.looseObject({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  language_code: z.string().optional(),
});

interface CacheEntry {
  user: AuthUser;
  expiresAt: number;
}

export class InitDataCache {
  private map = new Map<string, CacheEntry>();
  get(key: string, now: number): AuthUser | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.map.delete(key);
      return undefined;
    }
    // Refresh recency (Map keeps insertion order: the first key is the least recently used).
    this.map.delete(key);
    this.map.set(key, hit);
    return hit.user;
  }
  set(key: string, entry: CacheEntry): void {
    this.map.delete(key);
    this.map.set(key, entry);
    if (this.map.size > CACHE_MAX) this.map.delete(this.map.keys().next().value!);
  }
  clear(): void {
    this.map.clear();
  }
}

/** Validates the raw init data and returns the Telegram user and auth_date; throws 401 HttpErrors. */
export function verifyInitData(raw: string, config: Pick<Config, 'botToken' | 'initDataMaxAgeS'>, nowMs = Date.now()) {
  try {
    validate(raw, config.botToken, { expiresIn: config.initDataMaxAgeS });
  } catch (e) {
    if (isExpiredError(e)) throw httpError(401, DETAILS.authExpired);
    if (isSignatureInvalidError(e)) throw httpError(401, DETAILS.authInvalid);
    throw httpError(401, DETAILS.authMalformed);
  }
  const params = new URLSearchParams(raw);
  const authDate = Number(params.get('auth_date'));
  if (authDate > nowMs / 1000 + FUTURE_SKEW_S) throw httpError(401, DETAILS.authFuture);
  let parsed: unknown;
  try {
    parsed = JSON.parse(params.get('user') ?? 'null');
  } catch {
    throw httpError(401, DETAILS.authMalformed);
  }
  const user = telegramUserSchema.safeParse(parsed);
  if (!user.success) throw httpError(401, DETAILS.authMalformed);
  return { tgUser: user.data, authDate };
}

async function upsertUser(db: Db, tg: z.infer<typeof telegramUserSchema>): Promise<AuthUser> {
  const values = {
    telegramId: tg.id,
    firstName: tg.first_name,
    lastName: tg.last_name ?? null,
    username: tg.username ?? null,
    photoUrl: tg.photo_url ?? null,
    languageCode: tg.language_code ?? null,
  };
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoUpdate({ target: users.telegramId, set: { ...values, updatedAt: new Date() } })
    .returning();
  const { id, telegramId, firstName, lastName, username, photoUrl, createdAt } = row!;
  return { id, telegramId, firstName, lastName, username, photoUrl, createdAt };
}

/** The onRequest hook of the /api scope. */
export function authHook(db: Db, config: Config, cache: InitDataCache) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const zone = request.headers['x-time-zone'];
    request.timeZone = typeof zone === 'string' && isValidTimeZone(zone) ? zone : config.defaultTimeZone;

    const raw = request.headers['x-init-data'];
    if (typeof raw !== 'string' || raw.trim() === '') throw httpError(401, DETAILS.authMissing);
    if (raw.length > 8192) throw httpError(401, DETAILS.authMalformed);
    const now = Date.now();
    const cached = cache.get(raw, now);
    if (cached) {
      request.user = cached;
      return;
    }
    const { tgUser, authDate } = verifyInitData(raw, config, now);
    const user = await upsertUser(db, tgUser);
    const expiresAt = config.initDataMaxAgeS > 0 ? Math.min(now + CACHE_TTL_MS, (authDate + config.initDataMaxAgeS) * 1000) : now + CACHE_TTL_MS;
    cache.set(raw, { user, expiresAt });
    request.user = user;
  };
}
