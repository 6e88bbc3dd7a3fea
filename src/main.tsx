import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { setupInspector } from './dev/inspector';
import { readInitData } from './telegram/initData';
import { startTelegram } from './telegram/startup';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  const status = await startTelegram();
  // Spec §2: if the messenger SDK fails to initialise, an empty screen is shown.
  if (status === 'failed') {
    root.render(null);
    return;
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
}

void boot();
