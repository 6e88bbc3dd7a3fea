// launchHash: the launch parameters the /dev launcher (and the e2e harness) put in the URL hash.
import { describe, expect, it } from 'vitest';
import { launchHash, TELEGRAM_THEMES } from '../../server/start/telegram-launch';

const initData = 'user=%7B%22id%22%3A1%2C%22first_name%22%3A%22%D0%90%22%7D&auth_date=1700000000&hash=abc';

describe('launchHash', () => {
  it('defaults to version 8.0, android and the light palette, with the init data encoded once more', () => {
    const hash = launchHash({ initData });
    expect(hash.startsWith(`tgWebAppData=${encodeURIComponent(initData)}&`)).toBe(true);
    const params = new URLSearchParams(hash);
    expect([...params.keys()]).toEqual(['tgWebAppData', 'tgWebAppVersion', 'tgWebAppPlatform', 'tgWebAppThemeParams']);
    expect(params.get('tgWebAppData')).toBe(initData);
    expect(params.get('tgWebAppVersion')).toBe('8.0');
    expect(params.get('tgWebAppPlatform')).toBe('android');
    expect(JSON.parse(params.get('tgWebAppThemeParams')!)).toEqual(TELEGRAM_THEMES.light);
  });

  it('takes the version, platform and theme params given', () => {
    const params = new URLSearchParams(
      launchHash({ initData, version: '7.10', platform: 'tdesktop', themeParams: TELEGRAM_THEMES.dark }),
    );
    expect(params.get('tgWebAppVersion')).toBe('7.10');
    expect(params.get('tgWebAppPlatform')).toBe('tdesktop');
    expect(JSON.parse(params.get('tgWebAppThemeParams')!)).toEqual(TELEGRAM_THEMES.dark);
  });
});
