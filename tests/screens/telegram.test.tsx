import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { launchHash as telegramLaunchHash } from '../../server/start/telegram-launch';
import { getInitData, readInitData } from '../../src/telegram/initData';
import { isOnboardingCompleted, markOnboardingCompleted, safeStorage } from '../../src/telegram/storage';
import { launchInitData, rawLaunchParams } from '../../src/telegram/launchParams';
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

  it('a localStorage whose every method throws (private mode, full quota): no error, and the session reads back what it wrote', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(safeStorage.get('never-written')).toBeNull();
    safeStorage.set('k', 'v');
    expect(safeStorage.get('k')).toBe('v');
    safeStorage.remove('k');
    expect(safeStorage.get('k')).toBeNull();
    expect(isOnboardingCompleted()).toBe(false);
    markOnboardingCompleted();
    expect(isOnboardingCompleted()).toBe(true);
    expect(readInitData()).toBeNull();
  });

  it('a window.localStorage getter that throws: the same', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('disabled', 'SecurityError');
    });
    safeStorage.set('k2', 'v');
    expect(safeStorage.get('k2')).toBe('v');
  });

  it('a full quota: the newer unsaved value wins over the stored one; once a write succeeds storage is the truth again', () => {
    localStorage.setItem('draft', 'old');
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    safeStorage.set('draft', 'new');
    expect(safeStorage.get('draft')).toBe('new');
    const removeItem = vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    safeStorage.remove('draft');
    expect(safeStorage.get('draft')).toBeNull(); // not the stale 'old'
    setItem.mockRestore();
    removeItem.mockRestore();
    safeStorage.set('draft', 'saved');
    expect(localStorage.getItem('draft')).toBe('saved');
    localStorage.setItem('draft', 'changed elsewhere');
    expect(safeStorage.get('draft')).toBe('changed elsewhere');
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

  it('outside Telegram: reports "outside" and there is no init data', async () => {
    await expect(startTelegram()).resolves.toBe('outside');
    expect(readInitData()).toBeNull();
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

  it('an old client (init data without signature, which the SDK refuses) is a Telegram launch; its init data is kept', async () => {
    window.history.replaceState(null, '', `/${launchHash(OLD_CLIENT_INIT_DATA)}`);
    await expect(startTelegram()).resolves.toBe('ready'); // what it posts: telegram-host.test.tsx
    expect(readInitData()).toBe(OLD_CLIENT_INIT_DATA);
    expect(localStorage.getItem('tg_init_data')).toBe(OLD_CLIENT_INIT_DATA);

    // Routing drops the hash; the tab's copy keeps it a Telegram launch (as the SDK's own copy does for new clients).
    window.history.replaceState(null, '', '/app/home');
    expect(rawLaunchParams()).toContain('tgWebAppPlatform=tdesktop');
    expect(launchInitData()).toBe(OLD_CLIENT_INIT_DATA);
  });

  it('a hash without Telegram’s platform and version is not a launch', () => {
    window.history.replaceState(null, '', '/#tgWebAppData=abc&section=2');
    expect(rawLaunchParams()).toBeNull();
  });
});

describe('the payment window', () => {
  it('without invoice.open (outside Telegram, an app before Bot API 6.1): «unsupported», not a failed payment', async () => {
    const { openInvoice } = await import('../../src/telegram/invoice');
    expect(await openInvoice('https://t.me/$slug')).toBe('unsupported');
  });
});
