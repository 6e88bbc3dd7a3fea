// Data for the profile page's tests (the users, billing and privacy machines and screens): a user, the server's own plan
// table, today's usage.
import type { UsageInfo } from '../../contract/billing';
import type { SettingsReply } from '../../contract/settings';
import type { User } from '../../contract/users';
import type { ProfileData } from '../../machines/users/profile.machine';
import { tiersResponse } from '../../server/billing/plans';
import { subscription } from './billing-fixtures';
import { usage } from './chat-fixtures';

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

/** Today on START: messages only, a quarter of them spent. */
export const usageToday: UsageInfo = usage(20_000, 5_000);

export const profileData = (sub = subscription('START')): ProfileData => ({
  user,
  subscription: sub,
  tiers,
  usage: usageToday,
});

export const trialSubscription = subscription('PREMIUM', 'trial', '2025-03-17T09:00:00.000Z');

/** The server's settings answer; by default the bot cannot write to the user yet (never allowed). */
export const settings = (over: Partial<SettingsReply> = {}): SettingsReply => ({
  communication_style: 'gentle',
  reminder_time: 'evening',
  personal_context: null,
  address_form: 'vy',
  bot_can_write: false,
  ...over,
});
