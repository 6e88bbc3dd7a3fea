// Shared pieces of the practice screen tests: the app's real routes at a path with navigation state, practices
// as the server sends them, the session's navigation state, and a clock the tests move by hand.
import { act, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { Practice } from '../../contract/practices';
import { PRACTICES } from '../../server/practices/catalogue';
import { Route, Routes } from 'react-router-dom';
import FullHeightLayout from '../../src/layouts/FullHeightLayout';
import TabsLayout from '../../src/layouts/TabsLayout';
import PracticeDetailScreen from '../../src/screens/practices/PracticeDetailScreen';
import PracticeListScreen from '../../src/screens/practices/PracticeListScreen';
import PracticeSessionScreen from '../../src/screens/practices/PracticeSessionScreen';
import { renderWithProviders, signedIn } from './render-app';

/** A practice of the real catalogue as the server sends it (locked as on START unless told otherwise). */
export function practice(id: string, over: Partial<Practice> = {}): Practice {
  const entry = PRACTICES.find((p) => p.id === id);
  if (!entry) throw new Error(`no practice ${id} in the catalogue`);
  return { ...entry, is_locked: entry.is_advanced, ...over };
}

export const catalogue = (over: Partial<Practice> = {}) => PRACTICES.map((p) => practice(p.id, over));

/**
 * Renders the practice routes in their layouts (as src/routes.tsx places them, imported directly rather than
 * lazily) at `path` with navigation `state`, signed in (as `user`: a Telegram id keeps drafts); any other path
 * renders «elsewhere».
 */
export async function renderAt(path: string, state?: unknown, user?: { first_name: string; telegram_id?: number }) {
  const actor = signedIn(user);
  actor.start();
  await waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
  const entry = state === undefined ? path : { pathname: path, state };
  return renderWithProviders(
    <Routes>
      <Route element={<FullHeightLayout />}>
        <Route path="/app/practices/:practiceId" element={<PracticeDetailScreen />} />
        <Route path="/app/practices/:practiceId/session" element={<PracticeSessionScreen />} />
      </Route>
      <Route element={<TabsLayout />}>
        <Route path="/app/practices" element={<PracticeListScreen />} />
        <Route path="*" element={<p>elsewhere</p>} />
      </Route>
    </Routes>,
    { path: entry as string, actor },
  );
}

/** The session route's navigation state, as the detail page leaves it after the start call. */
export const sessionState = (id: string) => ({ sessionId: 'session-1', practice: practice(id, { is_locked: false }) });

/**
 * Fake timers from here on (setTimeout and Date: the machines' timers and systemClock). Load screens with real
 * timers first — Testing Library's waits poll with them.
 */
export function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  return {
    /** Moves the clock by `ms`, firing every timer due on the way, and lets React render. */
    advance: (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms)),
  };
}

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
