// Auth for every route of the authenticated /api scope (auth-scope.ts): X-Init-Data is Telegram's signed init data
// (HMAC-SHA256 with BOT_TOKEN, compared in constant time: init-data.ts), not older than INIT_DATA_MAX_AGE_S and not
// from the future. The user row is upserted from it. Validated strings are cached briefly (lru-cache, each entry
// with its expiry) so the HMAC and the upsert do not run on every request — the Mini App sends the same init data
// for the whole session. Failed attempts are counted per IP (auth-failures.ts); X-Time-Zone is read only once the
// request is authenticated, and the user's kept zone, not the header, is the request's. What signing in does to the
// user (the upsert, a restored erased account, the kept zone and its reminder) is the users domain's
// (server/users/service.ts), handed in as `SignIns`: this file only verifies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { AuthFailureLimiter } from './auth-failures';
import type { Config } from '../config';
import type { UserRow } from '../db/schema';
import { DETAILS, HttpError, httpError } from './errors';
import { initDataSignature } from './init-data';
import { canonicalTimeZone } from './time-zone';

/** request.user: the authenticated user's stable fields (from the row upserted at sign-in). */
export type AuthUser = Pick<
  UserRow,
  'id' | 'telegramId' | 'firstName' | 'lastName' | 'username' | 'photoUrl' | 'createdAt' | 'timeZone' | 'timeZoneSetAt'
>;

/** Future auth_date tolerance for clock skew between Telegram and this server (accepted on purpose). */
const FUTURE_SKEW_S = 60;
const MAX_INIT_DATA_LENGTH = 8192;
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 10_000;

const telegramUserSchema = z.looseObject({
  id: z.number().int().positive(),
  first_name: z.string(),
  last_name: z.string().optional(),
  username: z.string().optional(),
  photo_url: z.string().optional(),
  language_code: z.string().optional(),
  /** The user allowed the bot to write to them. */
  allows_write_to_pm: z.boolean().optional(),
});

/** The Telegram user as the init data signs it. */
export type TelegramUser = z.infer<typeof telegramUserSchema>;

/** What signing in does to the user: the users domain's (server/users/service.ts), given to the auth scope. */
export interface SignIns {
  /** Upserts the user the init data signs (the init data is already verified). */
  signIn(tg: TelegramUser): Promise<AuthUser>;
  /** The client sent another zone than `user`'s kept one: keep it if the rule allows, and update `user`. */
  keepZone(user: AuthUser, zone: string, now: Date): Promise<void>;
}

/** A validated init data string's user, until `expiresAt` (ms since the epoch). */
interface CachedUser {
  user: AuthUser;
  expiresAt: number;
}

/**
 * Validated init data strings, least recently used dropped past CACHE_MAX. Expiry is a wall-clock instant (it may
 * be auth_date + INIT_DATA_MAX_AGE_S) checked against the request's Date.now(), not lru-cache's own monotonic TTL.
 */
export type InitDataCache = LRUCache<string, CachedUser>;

export function initDataCache(): InitDataCache {
  return new LRUCache({ max: CACHE_MAX });
}

/** Drops the cached sign-ins of a user who is gone (erased): they would otherwise name that user for up to a minute. */
export function forgetSignIns(cache: InitDataCache, userId: number): void {
  for (const [raw, cached] of cache.entries()) if (cached.user.id === userId) cache.delete(raw);
}

/** Validates the raw init data and returns the Telegram user and auth_date; throws 401 HttpErrors. */
export function verifyInitData(raw: string, config: Pick<Config, 'botToken' | 'initDataMaxAgeS'>, nowMs = Date.now()) {
  const signature = initDataSignature(raw, config.botToken);
  if (signature === 'missing') throw httpError(401, DETAILS.authMalformed);
  if (signature === 'invalid') throw httpError(401, DETAILS.authInvalid);
  const params = new URLSearchParams(raw);
  const authDate = Number(params.get('auth_date') ?? NaN);
  if (!Number.isInteger(authDate) || authDate <= 0) throw httpError(401, DETAILS.authMalformed);
  if (authDate + config.initDataMaxAgeS < nowMs / 1000) throw httpError(401, DETAILS.authExpired);
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

/** Validates uncached init data and upserts its user; throws 401 HttpErrors. */
async function signIn(
  users: SignIns,
  config: Config,
  cache: InitDataCache,
  raw: unknown,
  now: number,
): Promise<AuthUser> {
  if (typeof raw !== 'string' || raw.trim() === '') throw httpError(401, DETAILS.authMissing);
  if (raw.length > MAX_INIT_DATA_LENGTH) throw httpError(401, DETAILS.authMalformed);
  const { tgUser, authDate } = verifyInitData(raw, config, now);
  const user = await users.signIn(tgUser);
  // Never beyond the init data's own expiry: a cached string must not outlive auth_date + INIT_DATA_MAX_AGE_S.
  const ttlEnd = now + CACHE_TTL_MS;
  cache.set(raw, { user, expiresAt: Math.min(ttlEnd, (authDate + config.initDataMaxAgeS) * 1000) });
  return user;
}

/** The onRequest hook of the /api scope. */
export function authHook(users: SignIns, config: Config, cache: InitDataCache, failures: AuthFailureLimiter) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const raw = request.headers['x-init-data'];
    const now = Date.now();
    const cached = typeof raw === 'string' ? cache.get(raw) : undefined;
    let user = cached && cached.expiresAt > now ? cached.user : undefined;
    if (!user) {
      // Checked only on a cache miss: sessions already signed in keep working behind a NAT that someone floods.
      if (failures.blocked(request.ip, now)) {
        reply.header('retry-after', String(failures.retryAfterS(now)));
        throw httpError(429, DETAILS.authRateLimited);
      }
      try {
        user = await signIn(users, config, cache, raw, now);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 401) failures.record(request.ip, now);
        throw e;
      }
    }
    request.user = user;
    // Only now: an unauthenticated request must not make the server resolve (or remember) anything it sends.
    const zone = request.headers['x-time-zone'];
    const sent = typeof zone === 'string' ? canonicalTimeZone(zone) : null;
    if (sent && sent !== user.timeZone) await users.keepZone(user, sent, new Date(now));
    request.timeZone = user.timeZone ?? config.defaultTimeZone;
  };
}
