// Opening what lies outside the Mini App, the way Telegram allows: a t.me link inside Telegram (openTelegramLink;
// the Mini App closes), any other link in the browser Telegram picks (openLink), a file with Telegram's own download
// popup (downloadFile, Mini Apps 8.0+: a WebView often ignores a download started by the page itself). Each needs a
// tap just before it. Outside Telegram and under the browser stand-in (/dev, tests), the browser does it.
import { downloadFile, openLink, openTelegramLink } from '@telegram-apps/sdk';
import { usesBrowserBridge } from './browserBridge';

const inTelegram = () => !usesBrowserBridge();

function tried(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch {
    return false;
  }
}

/** A support chat or channel (https://t.me/…) or any https page. */
export function openExternal(url: string): void {
  const telegramLink = /^https:\/\/t\.me\//i.test(url);
  if (inTelegram() && telegramLink && openTelegramLink.isAvailable() && tried(() => openTelegramLink(url))) return;
  if (inTelegram() && openLink.isAvailable() && tried(() => openLink(url))) return;
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** A file at `url` (served with Content-Disposition: attachment) under `fileName`. */
export function openDownload({ url, fileName }: { url: string; fileName: string }): void {
  if (inTelegram() && downloadFile.isAvailable() && tried(() => downloadFile(url, fileName).catch(() => {}))) return;
  if (inTelegram() && openLink.isAvailable() && tried(() => openLink(url))) return;
  // A plain browser: the attachment downloads and the page stays.
  window.location.assign(url);
}
