// Start-up against a stand-in Telegram client: `window.TelegramWebviewProxy`, the object Telegram's mobile and
// desktop clients inject, records every event the SDK posts and answers (or, to test the timeout, does not
// answer) the viewport and safe-area requests. The SDK's state lives as long as the page (this file): the case
// where the viewport never answers runs first, before any mount succeeds.
import { act, waitFor } from '@testing-library/react';
import { emitEvent, isTMA, viewport } from '@telegram-apps/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchHash } from '../../server/start/telegram-launch';
import { boot } from '../../src/boot';
import { contrast, parseHex } from '../../src/lib/contrast';
import { haptic } from '../../src/telegram/haptic';
import { startTelegram, VIEWPORT_MOUNT_TIMEOUT_MS } from '../../src/telegram/startup';
import { applyThemeColors, launchThemeParams } from '../../src/telegram/themeColors';

const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Anna%22%7D&auth_date=1700000000&signature=c2ln&hash=abc';
const DARK = { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1' };

type Posted = [method: string, params: unknown];
type Host = Window & { TelegramWebviewProxy?: { postEvent(method: string, data?: string): void } };

/** Installs the stand-in client; `answer: false` leaves the viewport requests unanswered (a hanging client). */
function telegramClient(options: { answer?: boolean; broken?: boolean } = {}): Posted[] {
  const posted: Posted[] = [];
  const reply = (fn: () => void) => queueMicrotask(fn);
  (window as Host).TelegramWebviewProxy = {
    postEvent(method, data) {
      if (options.broken) throw new Error('the client went away');
      posted.push([method, data ? JSON.parse(data) : undefined]);
      if (options.answer === false) return;
      if (method === 'web_app_request_viewport') {
        reply(() =>
          emitEvent('viewport_changed', { height: 700, width: 390, is_expanded: true, is_state_stable: true }),
        );
      } else if (method === 'web_app_request_safe_area') {
        reply(() => emitEvent('safe_area_changed', { top: 44, bottom: 34, left: 0, right: 0 }));
      } else if (method === 'web_app_request_content_safe_area') {
        reply(() => emitEvent('content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 }));
      }
    },
  };
  return posted;
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);
const methods = (posted: Posted[]) => posted.map(([method]) => method);

describe('Telegram start-up inside a Telegram client', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(
      null,
      '',
      `/#${launchHash({ initData: INIT_DATA, platform: 'ios', themeParams: DARK })}`,
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as Host).TelegramWebviewProxy;
    window.history.replaceState(null, '', '/');
  });

  it('before the SDK has loaded, the launch parameters’ theme colours the first frame (src/earlyPaint.ts); haptics are silent', () => {
    document.documentElement.removeAttribute('style');
    const posted = telegramClient();
    applyThemeColors(launchThemeParams());
    expect([cssVar('--app-bg-color'), cssVar('--app-section-bg-color'), cssVar('--app-text-color')]).toEqual([
      '#17212b',
      '#17212b',
      '#f5f5f5',
    ]);
    expect(contrast(parseHex(cssVar('--app-hint-color'))!, parseHex('#17212b')!)).toBeGreaterThanOrEqual(4.5);
    expect(document.documentElement.style.colorScheme).toBe('dark');
    haptic.tap(); // the SDK has not started: nothing is posted, nothing throws
    expect(posted).toEqual([]);
  });

  it('a viewport mount that never settles lets start-up finish after 1000 ms, not before; expand and no vertical swipe', async () => {
    vi.useFakeTimers();
    const posted = telegramClient({ answer: false });
    let status: string | undefined;
    void startTelegram().then((s) => (status = s));

    await vi.advanceTimersByTimeAsync(VIEWPORT_MOUNT_TIMEOUT_MS - 1);
    expect(status).toBeUndefined();
    expect(methods(posted)).toContain('web_app_request_safe_area'); // the mount's first request, never answered
    await vi.advanceTimersByTimeAsync(1);
    expect(status).toBe('ready');

    expect(posted).toContainEqual(['web_app_expand', undefined]);
    expect(posted).toContainEqual(['web_app_setup_swipe_behavior', { allow_vertical_swipe: false }]);
    expect(methods(posted)).toContain('web_app_ready');
    expect(VIEWPORT_MOUNT_TIMEOUT_MS).toBe(1000);
  });

  it('binds the safe-area and content-safe-area insets the client reports as CSS variables, and a dark colour scheme', async () => {
    expect(viewport.isMounted()).toBe(false); // the previous case's mount timed out
    telegramClient();
    await expect(startTelegram()).resolves.toBe('ready');
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('44px');
    expect(cssVar('--tg-viewport-safe-area-inset-bottom')).toBe('34px');
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('46px');
    expect(cssVar('--tg-viewport-content-safe-area-inset-bottom')).toBe('0px');
    expect(cssVar('--tg-viewport-stable-height')).toBe('700px');
    expect(cssVar('--tg-theme-bg-color')).toBe('#17212b');
    // Native controls follow the theme: #17212b is dark; a live switch to a light theme follows too.
    expect(document.documentElement.style.colorScheme).toBe('dark');
    // The readable app colours come from the same theme: sections without section_bg_color take its bg (not the
    // light fallback's white), the hint missing from it is the fallback's, lifted to read on the dark surfaces.
    expect([cssVar('--app-bg-color'), cssVar('--app-section-bg-color'), cssVar('--app-text-color')]).toEqual([
      '#17212b',
      '#17212b',
      '#f5f5f5',
    ]);
    expect(contrast(parseHex(cssVar('--app-hint-color'))!, parseHex('#17212b')!)).toBeGreaterThanOrEqual(4.5);
    // A live switch to a light theme — here one whose hint is its background — restyles and re-derives.
    act(() =>
      emitEvent('theme_changed', {
        theme_params: { bg_color: '#ffffff', text_color: '#000000', hint_color: '#ffffff' },
      }),
    );
    expect(document.documentElement.style.colorScheme).toBe('light');
    expect([cssVar('--app-bg-color'), cssVar('--app-text-color')]).toEqual(['#ffffff', '#000000']);
    expect(contrast(parseHex(cssVar('--app-hint-color'))!, parseHex('#ffffff')!)).toBeGreaterThanOrEqual(4.5);
  });

  it('an old client (init data without signature, refused by the SDK) still gets init, expand and ready', async () => {
    const oldInitData = 'user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';
    window.history.replaceState(
      null,
      '',
      `/#${launchHash({ initData: oldInitData, version: '7.0', platform: 'android' })}`,
    );
    // The SDK checks this before every function: with these launch parameters as they are, it says no.
    expect(isTMA()).toBe(false);
    const posted = telegramClient();
    await expect(startTelegram()).resolves.toBe('ready');
    expect(isTMA()).toBe(true); // it now has them without the init data, so its functions are available
    expect(methods(posted)).toEqual(expect.arrayContaining(['iframe_ready', 'web_app_expand', 'web_app_ready']));
    posted.length = 0;
    haptic.tap();
    expect(methods(posted)).toEqual(['web_app_trigger_haptic_feedback']);
  });

  it('haptics post the impact, selection and notification events to the client', async () => {
    const posted = telegramClient();
    await startTelegram();
    posted.length = 0;
    haptic.tap();
    haptic.select();
    haptic.success();
    haptic.error();
    expect(posted).toEqual([
      ['web_app_trigger_haptic_feedback', { type: 'impact', impact_style: 'light' }],
      ['web_app_trigger_haptic_feedback', { type: 'selection_change' }],
      ['web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'success' }],
      ['web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'error' }],
    ]);
  });

  it('init() throwing → "failed" → boot renders the empty screen; a working client gets the app', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => {})); // the app's auth request stays pending
    try {
      telegramClient({ broken: true });
      const broken = document.createElement('div');
      let status: string | undefined;
      await act(async () => {
        status = await boot(broken);
      });
      expect(status).toBe('failed');
      expect(broken).toBeEmptyDOMElement();

      telegramClient();
      const working = document.createElement('div');
      await act(async () => {
        status = await boot(working);
      });
      expect(status).toBe('ready');
      await waitFor(() => expect(working).not.toBeEmptyDOMElement());
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
