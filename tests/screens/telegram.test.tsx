import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchHash as telegramLaunchHash } from '../../server/telegram-launch';
import { getInitData, readInitData } from '../../src/telegram/initData';
import { haptic } from '../../src/telegram/haptic';
import { isOnboardingCompleted, markOnboardingCompleted, safeStorage } from '../../src/telegram/storage';
import { startTelegram } from '../../src/telegram/startup';

// The SDK only accepts init data with a `signature` field (real Telegram sends one).
const RAW_INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Anna%22%7D&auth_date=1700000000&signature=c2ln&hash=abc';
const OLD_CLIENT_INIT_DATA = 'user=%7B%22id%22%3A42%7D&auth_date=1700000000&hash=abc';

/** Launch parameters in the hash, in the one format the /dev launcher and the e2e tests use. */
function launchHash(initData = RAW_INIT_DATA): string {
  const themeParams = { bg_color: '#17212b', text_color: '#f5f5f5', button_color: '#5288c1' };
  return `#${telegramLaunchHash({ initData, platform: 'tdesktop', themeParams })}`;
}

function resetLaunch() {
  window.history.replaceState(null, '', '/');
  sessionStorage.clear();
  localStorage.clear();
}

describe('safe storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('swallows a localStorage whose every method throws (private mode, full quota)', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => safeStorage.set('k', 'v')).not.toThrow();
    expect(safeStorage.get('k')).toBeNull();
    expect(() => safeStorage.remove('k')).not.toThrow();
    expect(() => markOnboardingCompleted()).not.toThrow();
    expect(isOnboardingCompleted()).toBe(false);
    expect(readInitData()).toBeNull();
  });

  it('swallows a window.localStorage getter that throws', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    expect(() => safeStorage.set('k', 'v')).not.toThrow();
    expect(safeStorage.get('k')).toBeNull();
  });

  it('reads and writes normally otherwise', () => {
    localStorage.clear();
    markOnboardingCompleted();
    expect(localStorage.getItem('onboarding_completed')).toBe('true');
    expect(isOnboardingCompleted()).toBe(true);
  });
});

describe('Telegram start-up', () => {
  beforeEach(resetLaunch);
  afterEach(resetLaunch);

  it('outside Telegram: does not throw, reports "outside", and there is no init data', async () => {
    await expect(startTelegram()).resolves.toBe('outside');
    expect(readInitData()).toBeNull();
    expect(() => haptic.tap()).not.toThrow();
    expect(() => haptic.success()).not.toThrow();
  });

  it('launch parameters in a plain browser tab: a stand-in bridge lets the SDK start; theme and viewport bound', async () => {
    window.history.replaceState(null, '', `/${launchHash()}`);
    await expect(startTelegram()).resolves.toBe('ready');
    // Theme params from the launch are bound as CSS variables for the styled-components theme.
    expect(document.documentElement.style.getPropertyValue('--tg-theme-bg-color')).toBe('#17212b');
    // The viewport mounted (answered by the stand-in), so its size and insets are CSS variables too.
    expect(document.documentElement.style.getPropertyValue('--tg-viewport-height')).toMatch(/px$/);
    expect(document.documentElement.style.getPropertyValue('--tg-viewport-safe-area-inset-bottom')).toBe('0px');
  });

  it('keeps the launch init data in tg_init_data and reads it back when a later launch has none', () => {
    window.history.replaceState(null, '', `/${launchHash()}`);
    expect(readInitData()).toBe(RAW_INIT_DATA);
    expect(localStorage.getItem('tg_init_data')).toBe(RAW_INIT_DATA);

    window.history.replaceState(null, '', '/app/home');
    sessionStorage.clear();
    expect(readInitData()).toBe(RAW_INIT_DATA);
    expect(getInitData()).toBe(RAW_INIT_DATA);
  });

  it('init data the SDK refuses (no signature, old client) is still taken raw from the hash, without throwing', async () => {
    window.history.replaceState(null, '', `/${launchHash(OLD_CLIENT_INIT_DATA)}`);
    await expect(startTelegram()).resolves.toBe('outside');
    expect(readInitData()).toBe(OLD_CLIENT_INIT_DATA);
    expect(localStorage.getItem('tg_init_data')).toBe(OLD_CLIENT_INIT_DATA);
  });
});
