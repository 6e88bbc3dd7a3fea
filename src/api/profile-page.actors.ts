// The profile page's loads, which span three domains (users, billing, usage): the page itself (four loads that fail
// each in its own words) and, after the trial, the new plan. The page's other calls are its domains' own actors.
import { fromPromise } from 'xstate';
import type { ProfileData, ProfileLoadFailure, ProfilePart } from '../../machines/users/profile.machine';
import { getSubscription, getTiers } from './billing';
import { getUsage } from './usage';
import { getProfileUser } from './settings';

/** All four at once; any that fail are named together (ProfileLoadFailure). */
async function loadProfile(): Promise<ProfileData> {
  const loads = { user: getProfileUser(), subscription: getSubscription(), tiers: getTiers(), usage: getUsage() };
  const settled = await Promise.allSettled(Object.values(loads));
  const parts = Object.keys(loads) as ProfilePart[];
  const failed = parts.filter((_, i) => settled[i]!.status === 'rejected');
  if (failed.length) throw { parts: failed } satisfies ProfileLoadFailure;
  const [user, subscription, tiers, usage] = settled.map((s) => (s as PromiseFulfilledResult<unknown>).value);
  return {
    user: user as ProfileData['user'],
    subscription: subscription as ProfileData['subscription'],
    tiers: (tiers as Awaited<ReturnType<typeof getTiers>>).tiers,
    usage: usage as ProfileData['usage'],
  };
}

export const profilePageActors = {
  loadProfile: fromPromise<ProfileData, void>(loadProfile),
  /** After the trial: the new plan and its limits for today. */
  loadPlan: fromPromise<Pick<ProfileData, 'subscription' | 'usage'>, void>(async () => {
    const [subscription, usage] = await Promise.all([getSubscription(), getUsage()]);
    return { subscription, usage };
  }),
};
