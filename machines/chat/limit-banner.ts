// The chat's limit banner, as a pure rule over today's usage: hidden while more than 10 % of the day's tokens are
// left, a warning at 10 % or less, «exhausted» at none (or once the server refused a send with 402). A plan without
// a token limit (tokens_limit null) is unlimited: no banner.
import type { UsageInfo } from '../../contract/billing';

export type LimitBanner = 'hidden' | 'low' | 'exhausted';

/** At or below this share of the day's tokens left, the orange warning shows. */
export const LOW_TOKENS_SHARE = 0.1;

export function limitBanner(
  usage: Pick<UsageInfo, 'tokens_limit' | 'tokens_used'> | null,
  refused: boolean,
): LimitBanner {
  if (refused) return 'exhausted';
  if (!usage || usage.tokens_limit === null) return 'hidden';
  const left = usage.tokens_limit - usage.tokens_used;
  if (left <= 0) return 'exhausted';
  return left <= usage.tokens_limit * LOW_TOKENS_SHARE ? 'low' : 'hidden';
}
