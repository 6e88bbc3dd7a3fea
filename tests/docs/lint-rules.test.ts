// The purity rules of eslint.config.js, run through ESLint's own API with the repository's config on small files
// placed (by name only) where the rules apply: each deliberate violation must be reported by its rule with the
// rule's explanation, clean files of the same places must pass, and the same calls elsewhere stay allowed.
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MACHINE = 'machines/probe/probe.machine.ts';
const SCREEN = 'src/screens/probe/ProbeScreen.tsx';

let eslint: ESLint;
// The first lint loads the config and its plugins (seconds on a busy machine): done once here, not in a test's time.
beforeAll(async () => {
  eslint = new ESLint({ cwd: ROOT });
  await eslint.lintText('export {};\n', { filePath: 'server/users/probe.ts' });
}, 120_000);

async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

const found = (messages: Linter.LintMessage[]) => messages.map((m) => `${m.ruleId}: ${m.message}`);
const asModule = (line: string) => `${line}\nexport {};\n`;

/** Lints `code` as `filePath` and expects `rule` to report it with its explanation (`because`). */
async function expectReported(code: string, filePath: string, rule: string, because: string): Promise<void> {
  const messages = await lint(code, filePath);
  const hit = messages.find((m) => m.ruleId === rule);
  expect(hit, found(messages).join('\n') || 'no finding').toBeDefined();
  expect(hit!.message).toContain(because);
}

const MACHINE_RULE = 'machines/ are pure XState';
const VIEW_RULE = 'Views render the view model';

/** Forbidden in machines and views alike: timers and fetch, bare or through the global object. */
const TIMERS_AND_FETCH: Array<[string, string]> = [
  ['setTimeout(() => {}, 1000);', 'no-restricted-globals'],
  ['setInterval(() => {}, 1000);', 'no-restricted-globals'],
  ["void fetch('/api/diary');", 'no-restricted-globals'],
  ['window.setTimeout(() => {}, 1000);', 'no-restricted-syntax'],
  ["void globalThis.fetch('/api/diary');", 'no-restricted-syntax'],
];

describe('machines/ stay pure XState', () => {
  it.each([
    ["import { useState } from 'react';", 'no-restricted-imports'],
    ["import { jsx } from 'react/jsx-runtime';", 'no-restricted-imports'],
    ["import { createRoot } from 'react-dom/client';", 'no-restricted-imports'],
    ["import { useMachine } from '@xstate/react';", 'no-restricted-imports'],
    ["import ky from 'ky';", 'no-restricted-imports'],
    ["import styled from 'styled-components';", 'no-restricted-imports'],
    ["import { motion } from 'framer-motion';", 'no-restricted-imports'],
    ["import { backButton } from '@telegram-apps/sdk';", 'no-restricted-imports'],
    ["import { diaryActors } from '../../src/api/diary.actors';", 'no-restricted-imports'],
    ["import type { Flow } from '../../src/flow/useFlow';", 'no-restricted-imports'],
    ["import { theme } from '../src/theme';", 'no-restricted-imports'],
    ["export const later = () => import('react');", 'no-restricted-syntax'],
    ...TIMERS_AND_FETCH,
    ['clearTimeout(0);', 'no-restricted-globals'],
    ["localStorage.setItem('k', 'v');", 'no-restricted-globals'],
    ["sessionStorage.getItem('k');", 'no-restricted-globals'],
    ["window.localStorage.getItem('k');", 'no-restricted-syntax'],
  ])('%s → %s', (line, rule) => expectReported(asModule(line), MACHINE, rule, MACHINE_RULE));

  it('a machine built the intended way (xstate, paths, contract types, after delays) passes', async () => {
    const code = `import { setup } from 'xstate';
import type { DiaryEntry } from '../../contract/diary';
import { paths } from '../paths';

export const probeMachine = setup({
  types: {} as { context: { entry: DiaryEntry | null } },
  actions: { navigate: () => {} },
}).createMachine({
  id: 'probe',
  context: { entry: null },
  initial: 'waiting',
  states: {
    waiting: { after: { 1000: 'done' } },
    done: { entry: { type: 'navigate', params: { to: paths.home } } },
  },
});
`;
    expect(found(await lint(code, MACHINE))).toEqual([]);
  });
});

describe('views in src/screens render and forward events', () => {
  it.each([
    ...TIMERS_AND_FETCH,
    ["void window.fetch('/api/diary');", 'no-restricted-syntax'],
    ["import ky from 'ky';", 'no-restricted-imports'],
  ])('%s → %s', (line, rule) => expectReported(asModule(line), SCREEN, rule, VIEW_RULE));

  it('a screen on useFlow passes', async () => {
    const code = `import { probeMachine, probeView } from '../../../machines/probe/probe.machine';
import { useFlow } from '../../flow/useFlow';

export default function ProbeScreen() {
  const { view, send } = useFlow(probeMachine, probeView);
  return (
    <button type="button" onClick={() => send({ type: 'retry' })}>
      {view.label}
    </button>
  );
}
`;
    expect(found(await lint(code, SCREEN))).toEqual([]);
  });
});

describe('zod stays out of the client', () => {
  const ZOD_RULE = 'This contract module loads zod';
  it.each([
    ["import { DIARY_PAGE_SIZE } from '../../contract/diary';", MACHINE],
    ["import { CHAT_CONTENT_MAX } from '../../../contract/chat';", SCREEN],
    ["import { settingsSchema } from '../../contract/settings';", 'src/api/probe.ts'],
  ])('%s in %s → reported', (line, file) =>
    expectReported(asModule(line), file, '@typescript-eslint/no-restricted-imports', ZOD_RULE),
  );

  it('types from those modules, and values from the zod-free ones, pass; the server may import anything', async () => {
    for (const [line, file] of [
      ["import type { DiaryEntry } from '../../contract/diary';", MACHINE],
      ["import { DIARY_PAGE_SIZE } from '../../contract/constants';", MACHINE],
      ["import { signalsRisk } from '../../../../contract/safety/detect';", SCREEN],
      ["import { diaryEntrySchema } from '../../contract/diary';", 'server/diary/probe.ts'],
    ] as const)
      expect(
        found(await lint(asModule(line), file)).filter((m) => !m.startsWith('@typescript-eslint/no-unused-vars')),
        line,
      ).toEqual([]);
  });
});

describe("React Router's Link stays out of the client", () => {
  const LINK_RULE = 'Use RouteLink (src/components/RouteLink.tsx)';
  it.each([
    ["import { Link } from 'react-router-dom';", SCREEN],
    ["import { NavLink } from 'react-router';", 'src/components/Probe.tsx'],
  ])('%s in %s → reported', (line, file) =>
    expectReported(asModule(line), file, '@typescript-eslint/no-restricted-imports', LINK_RULE),
  );

  it("the router's hooks and RouteLink pass", async () => {
    for (const line of [
      "import { useLocation, useHref, useLinkClickHandler } from 'react-router-dom';",
      "import { RouteLink } from '../../components/RouteLink';",
    ])
      expect(
        found(await lint(asModule(line), SCREEN)).filter((m) => !m.startsWith('@typescript-eslint/no-unused-vars')),
        line,
      ).toEqual([]);
  });
});

describe('the server checks init data with its own constant-time comparison', () => {
  const INIT_DATA_RULE = 'compares the HMAC with !==';
  it.each([
    "import { validate } from '@telegram-apps/init-data-node';",
    "import { isValid } from '@telegram-apps/init-data-node';",
    "import { validate3rd } from '@telegram-apps/init-data-node';",
  ])('%s in server/ → reported', (line) =>
    expectReported(asModule(line), 'server/http/probe.ts', 'no-restricted-imports', INIT_DATA_RULE),
  );

  it('signing (the dev launcher) and parsing stay allowed', async () => {
    const line = "import { parse, sign } from '@telegram-apps/init-data-node';";
    expect(
      found(await lint(asModule(line), 'server/start/probe.ts')).filter(
        (m) => !m.startsWith('@typescript-eslint/no-unused-vars'),
      ),
    ).toEqual([]);
  });
});

describe('the rules stay where they belong', () => {
  it('src/api may fetch and src/components may use timers', async () => {
    expect(found(await lint("export const load = () => fetch('/api/diary');\n", 'src/api/probe.ts'))).toEqual([]);
    expect(
      found(await lint('export const later = (fn: () => void) => setTimeout(fn, 300);\n', 'src/components/Probe.ts')),
    ).toEqual([]);
  });
});

describe('import boundaries (eslint-plugin-boundaries)', () => {
  const BOUNDARY = 'boundaries/dependencies';
  const NO_POLICY = 'There is no policy allowing dependencies';
  /** The boundaries findings of one import line, linted as `file` (the imported files exist). */
  const boundaryFindings = async (line: string, file: string) =>
    (await lint(asModule(line), file)).filter((m) => m.ruleId === BOUNDARY).map((m) => m.message);

  it.each([
    // contract imports nothing of ours.
    ["import { users } from '../server/db/schema';", 'contract/probe.ts'],
    ["import type { Flow } from '../src/flow/useFlow';", 'contract/probe.ts'],
    ["import { paths } from '../machines/paths';", 'contract/probe.ts'],
    // machines import contract only.
    ["import type { Flow } from '../../src/flow/useFlow';", 'machines/probe/probe.machine.ts'],
    ["import type { Db } from '../../server/db';", 'machines/probe/probe.machine.ts'],
    // src imports machines and contract, never the server.
    ["import type { Db } from '../../../server/db';", 'src/screens/probe/ProbeScreen.tsx'],
    ["import { PRACTICES } from '../../server/practices/catalogue';", 'src/api/probe.ts'],
    // server imports contract, never the client.
    ["import { paths } from '../../machines/paths';", 'server/users/probe.ts'],
    ["import { api } from '../../src/api/client';", 'server/users/probe.ts'],
    // a server domain reaches another only through its service.ts …
    ["import { signIns } from '../users/routes';", 'server/help/probe.ts'],
    ["import { getSettings } from '../users/settings';", 'server/help/probe.ts'],
    ["import { listDiary } from '../diary/repository';", 'server/chat/routes.ts'],
    // … and the infrastructure (db, http, start) never reaches a domain.
    ["import { signIns } from '../users/service';", 'server/http/probe.ts'],
    ["import { eraseUser } from '../privacy/erase';", 'server/db/probe.ts'],
    ["import { signIns } from '../users/service';", 'server/config/probe.ts'],
    // The config reads the crisis lines through safety's service.ts, and nothing else of a domain.
    ["import safetyRoutes from '../safety/routes';", 'server/config/index.ts'],
  ])('%s in %s → reported', async (line, file) => {
    const findings = await boundaryFindings(line, file);
    expect(findings.length, `${line} in ${file}`).toBe(1);
    expect(findings[0]).toContain(NO_POLICY);
  });

  // Routes are HTTP only: of their own domain they import service.ts (and the HTTP and bot adapters beside it).
  const ROUTE_RULE = 'Routes are HTTP only';
  it.each([
    ["import { listChats } from './repository';", 'server/chat/routes.ts'],
    ["import { presentMetadata } from './suggestions';", 'server/chat/routes.ts'],
    ["import { safetyClassifier } from './safety/classifier';", 'server/chat/routes.ts'],
    ["import { settingsRowOf } from './repository';", 'server/users/routes.ts'],
    ["import { asUser } from './user-keys';", 'server/privacy/download-route.ts'],
  ])('%s in %s → reported as a route reaching past its service', async (line, file) => {
    const findings = await boundaryFindings(line, file);
    expect(findings.length, `${line} in ${file}`).toBe(1);
    expect(findings[0]).toContain(ROUTE_RULE);
  });

  it.each([
    ["import { z } from 'zod';", 'contract/probe.ts'],
    ["import { startTurn } from './service';", 'server/chat/routes.ts'],
    ["import { openEventStream } from './sse';", 'server/chat/routes.ts'],
    ["import { readUpload } from './upload';", 'server/voice/routes.ts'],
    ["import { billingBot } from './bot';", 'server/billing/routes.ts'],
    ["import { listChats } from './repository';", 'server/chat/service.ts'],
    ["import { effectiveTier } from '../billing/service';", 'server/chat/routes.ts'],
    ["import { storableString } from './common';", 'contract/probe.ts'],
    ["import type { DiaryEntry } from '../../contract/diary';", 'machines/probe/probe.machine.ts'],
    ["import { paths } from '../../machines/paths';", 'src/screens/probe/ProbeScreen.tsx'],
    ["import { settingsPatchSchema } from '../../contract/settings';", 'server/users/probe.ts'],
    ["import { getSettings } from './settings';", 'server/users/probe.ts'],
    ["import { signIns } from '../users/service';", 'server/help/probe.ts'],
    ["import { users } from '../db/schema';", 'server/help/probe.ts'],
    ["import { httpError } from '../http/errors';", 'server/help/probe.ts'],
    ["import { signIns } from './users/service';", 'server/app.ts'],
    ["import { loadCrisisLines } from '../safety/service';", 'server/config/index.ts'],
  ])('%s in %s → allowed', async (line, file) => {
    expect(await boundaryFindings(line, file)).toEqual([]);
  });
});
