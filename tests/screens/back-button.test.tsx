// Telegram's native BackButton through `useBackButton`, inside a stand-in Telegram client (the webview proxy that
// Telegram's mobile clients inject, recording what the SDK posts): shown while the screen is mounted, a press
// reaches the screen's latest handler, hidden when the screen goes; the screen's own arrow where no client draws it.
import { act, render, screen } from '@testing-library/react';
import { backButton, emitEvent, init } from '@telegram-apps/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { launchHash } from '../../server/start/telegram-launch';
import { installBrowserBridge } from '../../src/telegram/browserBridge';
import { useBackButton } from '../../src/telegram/useBackButton';

type Host = Window & { TelegramWebviewProxy?: { postEvent(method: string, data?: string): void } };

const INIT_DATA =
  'query_id=AAE&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Anna%22%7D&auth_date=1700000000&signature=c2ln&hash=abc';

function Screen({ onBack }: { onBack: () => void }) {
  const native = useBackButton(onBack);
  return <p>{native ? 'native' : 'own arrow'}</p>;
}

describe('useBackButton inside a Telegram client', () => {
  const posted: Array<[string, unknown]> = [];
  const backButtonPosts = () => posted.filter(([method]) => method === 'web_app_setup_back_button');

  beforeAll(() => {
    window.history.replaceState(null, '', `/#${launchHash({ initData: INIT_DATA, platform: 'ios' })}`);
    (window as Host).TelegramWebviewProxy = {
      postEvent: (method, data) => void posted.push([method, data ? JSON.parse(data) : undefined]),
    };
    init();
  });
  afterAll(() => {
    delete (window as Host).TelegramWebviewProxy;
    window.history.replaceState(null, '', '/');
  });

  it('shows the native button while mounted, a press calls the latest handler, unmounting hides it', async () => {
    const first = vi.fn();
    const latest = vi.fn();
    const view = render(<Screen onBack={first} />);
    expect(await screen.findByText('native')).toBeInTheDocument();
    expect(backButtonPosts()).toEqual([['web_app_setup_back_button', { is_visible: true }]]);

    view.rerender(<Screen onBack={latest} />);
    act(() => emitEvent('back_button_pressed'));
    expect(latest).toHaveBeenCalledTimes(1);
    expect(first).not.toHaveBeenCalled();

    view.unmount();
    expect(backButtonPosts().at(-1)).toEqual(['web_app_setup_back_button', { is_visible: false }]);
    act(() => emitEvent('back_button_pressed'));
    expect(latest).toHaveBeenCalledTimes(1);
  });

  it('in a plain browser tab (the stand-in bridge of /dev and the browser tests) the screen keeps its own arrow', async () => {
    delete (window as Host).TelegramWebviewProxy;
    installBrowserBridge();
    render(<Screen onBack={vi.fn()} />);
    expect(backButton.isVisible()).toBe(true); // the stand-in accepted the call, but no client draws the button
    expect(screen.getByText('own arrow')).toBeInTheDocument();
  });
});
