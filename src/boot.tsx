import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { setupInspector } from './dev/inspector';
import { readInitData } from './telegram/initData';
import { startTelegram, type TelegramStatus } from './telegram/startup';

/** Starts Telegram, then renders the app into `container`; resolves with the start-up status. */
export async function boot(container: HTMLElement): Promise<TelegramStatus> {
  const root = createRoot(container);
  const status = await startTelegram();
  // Spec §2: if the messenger SDK fails to initialise, an empty screen is shown.
  if (status === 'failed') {
    root.render(null);
    return status;
  }
  readInitData(); // capture the launch's init data (and keep it in tg_init_data) before routing moves on
  await setupInspector();
  root.render(
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
  return status;
}
