// Shared pieces of the diary screen tests: the diary routes in a memory router, entries, a controllable
// IntersectionObserver, and deferred promises.
import { act, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { expect } from 'vitest';
import type { DiaryEntry } from '../../contract/diary';
import DiaryEntryScreen from '../../src/screens/diary/DiaryEntryScreen';
import DiaryListScreen from '../../src/screens/diary/DiaryListScreen';
import NewEntryScreen from '../../src/screens/diary/NewEntryScreen';
import { renderWithProviders, signedIn } from './render-app';

/** The signed-in user of the diary screen tests (drafts are kept per Telegram id). */
export const DIARY_USER = { first_name: 'Анна', telegram_id: 42 };

/** Renders the diary routes at `path` (with navigation `state`) for a signed-in `user`. */
export async function renderDiary(path: string, state?: unknown, user: Record<string, unknown> = DIARY_USER) {
  const actor = signedIn(user as { first_name: string });
  actor.start();
  await waitFor(() => expect(actor.getSnapshot().matches('authenticated')).toBe(true));
  const entry = state === undefined ? path : { pathname: path, state };
  return renderWithProviders(
    <Routes>
      <Route path="/app/diary" element={<DiaryListScreen />} />
      <Route path="/app/diary/new" element={<NewEntryScreen />} />
      <Route path="/app/diary/:entryId" element={<DiaryEntryScreen />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path: entry as string, actor },
  );
}

export function entry(n: number, over: Partial<DiaryEntry> = {}): DiaryEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Запись номер ${n}`,
    content: `Текст ${n}`,
    mood: null,
    is_favorite: false,
    source_type: 'manual',
    source_id: null,
    created_at: new Date(Date.UTC(2025, 2, 10, 9, 5) - n * 3_600_000).toISOString(),
    ...over,
  };
}
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

export function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A fake IntersectionObserver: `intersectAll()` reports every observed element as visible. */
export function installIntersectionObserver() {
  const observers = new Set<{
    cb: IntersectionObserverCallback;
    els: Set<Element>;
    options?: IntersectionObserverInit;
  }>();
  class FakeIO {
    private rec: { cb: IntersectionObserverCallback; els: Set<Element>; options?: IntersectionObserverInit };
    constructor(cb: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.rec = { cb, els: new Set(), options };
      observers.add(this.rec);
    }
    observe(el: Element) {
      this.rec.els.add(el);
    }
    unobserve(el: Element) {
      this.rec.els.delete(el);
    }
    disconnect() {
      observers.delete(this.rec);
    }
    takeRecords() {
      return [];
    }
  }
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = FakeIO;
  return {
    options: () => [...observers].map((o) => o.options),
    intersectAll: () =>
      act(() => {
        for (const o of [...observers])
          o.cb(
            [...o.els].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
            o as unknown as IntersectionObserver,
          );
      }),
  };
}
