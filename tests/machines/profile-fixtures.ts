// Data for the profile machines' tests: a user, the server's own plan table, today's usage.
import type { UsageInfo } from '../../contract/billing';
import type { Settings } from '../../contract/settings';
import type { User } from '../../contract/users';
import type { ProfileData } from '../../machines/profile/profile.machine';
import { tiersResponse } from '../../server/billing/subscription-routes';
import { subscription } from './billing-fixtures';

export { subscription };

export const user: User = {
  telegram_id: 5_000_001,
  first_name: 'Анна',
  last_name: 'Иванова',
  username: 'anna',
  photo_url: null,
  created_at: '2025-03-01T09:00:00.000Z',
};

export const tiers = tiersResponse({ cardProviderToken: null }).tiers;

export const usageToday: UsageInfo = {
  tier: 'START',
  day: '2025-03-10',
  diary_entries_limit: null,
  diary_entries_used: 0,
  voice_seconds_limit: null,
  voice_seconds_used: 0,
  tokens_limit: 20_000,
  tokens_used: 5_000,
};

export const profileData = (sub = subscription('START')): ProfileData => ({
  user,
  subscription: sub,
  tiers,
  usage: usageToday,
});

export const trialSubscription = subscription('PREMIUM', 'trial', '2025-03-17T09:00:00.000Z');

export const settings = (over: Partial<Settings> = {}): Settings => ({
  communication_style: 'gentle',
  reminder_time: 'evening',
  personal_context: null,
  ...over,
});
