// The profile machines' calls as they name them, ready for useFlow: the profile (four loads that fail each in its
// own words), the trial, the settings, the user's own data and the support contact.
import { fromPromise } from 'xstate';
import type { Subscription, TrialStatus } from '../../contract/billing';
import type { Support } from '../../contract/help';
import type { SettingsPatch, SettingsReply } from '../../contract/settings';
import type { ExportDownload } from '../../machines/profile/my-data.machine';
import type { ProfileData, ProfileLoadFailure, ProfilePart } from '../../machines/profile/profile.machine';
import { storedAbout, type WriteAccess } from '../../machines/profile/settings.machine';
import type { TrialFailure } from '../../machines/profile/trial.machine';
import { trialCopy } from '../copy/profile';
import { getSubscription, getTiers } from './billing';
import { apiBaseUrl } from './client';
import { errorDetail, httpStatus } from './errors';
import {
  activateTrial,
  createExportLink,
  eraseMyData,
  getSettings,
  getSupport,
  getProfileUser,
  getTrialStatus,
  putBotAccess,
  putRenewal,
  updateSettings,
} from './profile';
import { getUsage } from './usage';

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

export const profileActors = {
  loadProfile: fromPromise<ProfileData, void>(loadProfile),
  /** After the trial: the new plan and its limits for today. */
  loadPlan: fromPromise<Pick<ProfileData, 'subscription' | 'usage'>, void>(async () => {
    const [subscription, usage] = await Promise.all([getSubscription(), getUsage()]);
    return { subscription, usage };
  }),
  loadTrialStatus: fromPromise<TrialStatus, void>(async () => {
    try {
      return await getTrialStatus();
    } catch (error) {
      console.warn(trialCopy.checkFailed, error); // counts as unavailable: the machine hides the offer
      throw error;
    }
  }),
  activateTrial: fromPromise<Subscription, void>(async () => {
    try {
      return await activateTrial();
    } catch (error) {
      throw { detail: (await errorDetail(error)) ?? null, gone: httpStatus(error) === 409 } satisfies TrialFailure;
    }
  }),
  setRenewal: fromPromise<Subscription, { autoRenew: boolean }>(async ({ input }) => {
    try {
      return await putRenewal({ auto_renew: input.autoRenew });
    } catch (error) {
      throw { detail: (await errorDetail(error)) ?? null };
    }
  }),
  loadSettings: fromPromise<SettingsReply, void>(() => getSettings()),
  /** Stopped with its state (a save dropped while everything is erased): the request is aborted too. */
  saveSettings: fromPromise<SettingsReply, SettingsPatch>(({ input, signal }) => updateSettings(input, signal)),
  /** Tells the server whether the bot may write (reminders); nothing to tell when Telegram could not ask. */
  reportBotAccess: fromPromise<void, { answer: WriteAccess }>(async ({ input }) => {
    if (input.answer !== 'unavailable') await putBotAccess({ allowed: input.answer === 'allowed' });
  }),
  prepareExport: fromPromise<ExportDownload, void>(async () => {
    const { path } = await createExportLink();
    // The name the server gives the file too (Content-Disposition): my-data-2026-05-01.json.
    return {
      url: new URL(path, apiBaseUrl()).toString(),
      fileName: `my-data-${new Date().toISOString().slice(0, 10)}.json`,
    };
  }),
  eraseAll: fromPromise<void, void>(() => eraseMyData()),
  loadSupport: fromPromise<Support, void>(() => getSupport()),
};

/**
 * The settings machine's flushAbout on leaving: «Обо мне» saved by a call that outlives the screen (an action, not an
 * invoked actor, which would stop with it). Resolves when the server has the text.
 */
export function saveAboutOnLeave(text: string): Promise<unknown> {
  return updateSettings({ personal_context: storedAbout(text) });
}
