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
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

async function lint(code: string, filePath: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages;
}

const found = (messages: Linter.LintMessage[]) => messages.map((m) => `${m.ruleId}: ${m.message}`);

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
  ])('%s → %s', async (line, rule) => {
    const messages = await lint(`${line}\nexport {};\n`, MACHINE);
    const hit = messages.find((m) => m.ruleId === rule);
    expect(hit, found(messages).join('\n') || 'no finding').toBeDefined();
    expect(hit!.message).toContain('machines/ are pure XState');
  });

  it.each([
    ['setTimeout(() => {}, 1000);', 'no-restricted-globals'],
    ['setInterval(() => {}, 1000);', 'no-restricted-globals'],
    ['clearTimeout(0);', 'no-restricted-globals'],
    ["void fetch('/api/diary');", 'no-restricted-globals'],
    ["localStorage.setItem('k', 'v');", 'no-restricted-globals'],
    ["sessionStorage.getItem('k');", 'no-restricted-globals'],
    ['window.setTimeout(() => {}, 1000);', 'no-restricted-syntax'],
    ["void globalThis.fetch('/api/diary');", 'no-restricted-syntax'],
    ["window.localStorage.getItem('k');", 'no-restricted-syntax'],
  ])('%s → %s', async (line, rule) => {
    const messages = await lint(`export function effect() {\n  ${line}\n}\n`, MACHINE);
    const hit = messages.find((m) => m.ruleId === rule);
    expect(hit, found(messages).join('\n') || 'no finding').toBeDefined();
    expect(hit!.message).toContain('machines/ are pure XState');
  });

  it('a machine built the intended way (xstate, paths, contract types, after delays) passes', async () => {
    const code = [
      "import { setup } from 'xstate';",
      "import type { DiaryEntry } from '../../contract/diary';",
      "import { paths } from '../paths';",
      '',
      'export const probeMachine = setup({',
      '  types: {} as { context: { entry: DiaryEntry | null } },',
      '  actions: { navigate: () => {} },',
      '}).createMachine({',
      "  id: 'probe',",
      '  context: { entry: null },',
      "  initial: 'waiting',",
      '  states: {',
      "    waiting: { after: { 1000: 'done' } },",
      "    done: { entry: { type: 'navigate', params: { to: paths.home } } },",
      '  },',
      '});',
      '',
    ].join('\n');
    expect(found(await lint(code, MACHINE))).toEqual([]);
  });
});

describe('views in src/screens render and forward events', () => {
  it.each([
    ['setTimeout(() => {}, 1000);', 'no-restricted-globals'],
    ['setInterval(() => {}, 1000);', 'no-restricted-globals'],
    ["void fetch('/api/diary');", 'no-restricted-globals'],
    ['window.setTimeout(() => {}, 1000);', 'no-restricted-syntax'],
    ["void window.fetch('/api/diary');", 'no-restricted-syntax'],
  ])('%s → %s', async (line, rule) => {
    const messages = await lint(`export function onTap() {\n  ${line}\n}\n`, SCREEN);
    const hit = messages.find((m) => m.ruleId === rule);
    expect(hit, found(messages).join('\n') || 'no finding').toBeDefined();
    expect(hit!.message).toContain('Views render the view model');
  });

  it('import ky → no-restricted-imports (calls live in src/api)', async () => {
    const messages = await lint("import ky from 'ky';\nexport const api = ky;\n", SCREEN);
    expect(messages.find((m) => m.ruleId === 'no-restricted-imports')?.message).toContain('calls live in src/api');
  });

  it('a screen on useFlow passes', async () => {
    const code = [
      "import { probeMachine, probeView } from '../../../machines/probe/probe.machine';",
      "import { useFlow } from '../../flow/useFlow';",
      '',
      'export default function ProbeScreen() {',
      '  const { view, send } = useFlow(probeMachine, probeView);',
      '  return (',
      '    <button type="button" onClick={() => send({ type: \'retry\' })}>',
      '      {view.label}',
      '    </button>',
      '  );',
      '}',
      '',
    ].join('\n');
    expect(found(await lint(code, SCREEN))).toEqual([]);
  });
});

describe('the rules stay where they belong', () => {
  it('src/api may fetch and src/components may time, machines/ may import contract types', async () => {
    expect(found(await lint("export const load = () => fetch('/api/diary');\n", 'src/api/probe.ts'))).toEqual([]);
    expect(
      found(await lint('export const later = (fn: () => void) => setTimeout(fn, 300);\n', 'src/components/Probe.ts')),
    ).toEqual([]);
  });
});
