// Home as this device last painted it, so a return visit paints it at once from index.html's early script
// (src/earlyPaint.ts), before React, the router, styled-components and the machines have been evaluated — about a
// second at 4× CPU (docs/client.md).
// Kept per Telegram user, only for the day it was painted in the launch's own theme. Decision 0272.
// It finds the launch's kept home for that script, which paints it (./paintKeptHome.ts); home keeps itself through
// ./keepShell.ts, a chunk loaded after home has painted.
import { greeting } from '../../lib/greeting';
import { readInitData } from '../../telegram/initData';
import { safeStorage } from '../../telegram/storage';
import { COLD_HOME_ID, launchTheme, localDay, shellStorageKey, type ColdHome, type KeptShell } from './keptHomeFormat';

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

/** Home's first frame that index.html carries (vite-plugins/cold-home.ts); null in a page without it. */
function coldHome(): ColdHome | null {
  try {
    const cold = JSON.parse(document.getElementById(COLD_HOME_ID)?.textContent ?? 'null') as Partial<ColdHome> | null;
    return typeof cold?.css === 'string' && typeof cold.html === 'string' ? { css: cold.css, html: cold.html } : null;
  } catch {
    return null;
  }
}

/**
 * What to paint for this launch's user before React, with their greeting of this hour: the home kept for them today
 * in this theme, else home's first frame from index.html (the colours are the launch's, src/earlyPaint.ts); null
 * without a launch user.
 */
export function homeToPaint(now = new Date()): { kept: ColdHome & { vars?: string }; greeting: string } | null {
  const user = launchUser();
  if (!user) return null;
  const kept = parseKept(safeStorage.get(shellStorageKey(user.id)));
  const today = kept && kept.day === localDay(now) && kept.theme === launchTheme() ? kept : null;
  const shell = today ?? coldHome();
  return shell ? { kept: shell, greeting: greeting(now, user.firstName) } : null;
}
