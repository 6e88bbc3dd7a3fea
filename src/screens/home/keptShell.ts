// Home as this device last painted it, so a return visit paints it at once from index.html's early script
// (src/earlyPaint.ts), before React, the router, styled-components and the machines have been evaluated — about a
// second at 4× CPU (docs/client.md).
// Kept per Telegram user, only for the day it was painted in the launch's own theme. Decision 0272.
// It finds the launch's kept home for that script, which paints it (./paintKeptHome.ts); home keeps itself through
// ./keepShell.ts, a chunk loaded after home has painted. With nothing kept, it fetches home's first frame (0285).
import { fetchColdHome } from '../../api/coldHome';
import { greeting } from '../../lib/greeting';
import { readInitData } from '../../telegram/initData';
import { safeStorage } from '../../telegram/storage';
import {
  COLD_HOME_NAME,
  launchTheme,
  localDay,
  shellStorageKey,
  type ColdHome,
  type HomeToPaint,
  type KeptShell,
} from './keptHomeFormat';

/** The launch's user as its init data names them (not verified: it only picks this device's own copy). */
function launchUser(): { id: number; firstName: string | undefined } | null {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(readInitData() ?? '').get('user') ?? 'null');
    if (!user || typeof user !== 'object' || typeof (user as { id?: unknown }).id !== 'number') return null;
    const { id, first_name } = user as { id: number; first_name?: unknown };
    return { id, firstName: typeof first_name === 'string' ? first_name : undefined };
  } catch {
    return null;
  }
}

function parseKept(json: string | null): KeptShell | null {
  try {
    const kept = JSON.parse(json ?? 'null') as Partial<KeptShell> | null;
    const texts = [kept?.day, kept?.theme, kept?.vars, kept?.css, kept?.html];
    return kept?.v === 1 && texts.every((text) => typeof text === 'string') ? (kept as KeptShell) : null;
  } catch {
    return null;
  }
}

/**
 * The home kept for this launch's user today in this theme, with their greeting of this hour; null when none.
 */
export function keptHomeToPaint(now = new Date()): HomeToPaint | null {
  const user = launchUser();
  const kept = user ? parseKept(safeStorage.get(shellStorageKey(user.id))) : null;
  return user && kept && kept.day === localDay(now) && kept.theme === launchTheme()
    ? { kept, greeting: greeting(now, user.firstName) }
    : null;
}

/**
 * Home's first frame for this launch's user, with their greeting of this hour: the file index.html names
 * (vite-plugins/cold-home.ts), fetched; null at once without a launch user or that name, null when it does not come.
 */
export async function coldHomeToPaint(now = new Date()): Promise<HomeToPaint | null> {
  const user = launchUser();
  const url = document.querySelector<HTMLMetaElement>(`meta[name="${COLD_HOME_NAME}"]`)?.content;
  if (!user || !url) return null;
  try {
    const cold = (await fetchColdHome(url)) as Partial<ColdHome> | null;
    return typeof cold?.css === 'string' && typeof cold.html === 'string'
      ? { kept: { css: cold.css, html: cold.html }, greeting: greeting(now, user.firstName) }
      : null;
  } catch {
    return null;
  }
}
