// `npm run machines`: regenerates docs/machines.md — one Mermaid stateDiagram-v2 per machine, generated from
// the machine definitions in machines/**/*.machine.ts (states, nesting, initial and final states, transitions
// labelled with their event — invoke done/error and after delays included — and guards in brackets).
// tests/docs/machines-doc.test.ts fails when the committed file differs from what this produces.
import { readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export interface MachineEntry {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
}

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const docPath = join(repoRoot, 'docs', 'machines.md');

function findMachineFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...findMachineFiles(full));
    else if (entry.name.endsWith('.machine.ts')) out.push(full);
  }
  return out;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'getStateNodeById' in value;
}

/** Imports every machines/**\/*.machine.ts and returns its exported machines, in a stable order. */
export async function loadMachines(root = repoRoot): Promise<MachineEntry[]> {
  const files = findMachineFiles(join(root, 'machines'))
    .map((f) => relative(root, f).split('\\').join('/'))
    .sort();
  const entries: MachineEntry[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod).sort(([a], [b]) => a.localeCompare(b))) {
      // A module may export the same machine twice (named + default): list it once.
      if (isMachine(value) && !entries.some((e) => e.machine === value))
        entries.push({ file, exportName, machine: value });
    }
  }
  return entries;
}

type Guard = unknown;

function guardLabel(guard: Guard): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const combined = (guard as { guards?: Guard[] }).guards;
    if (combined && guard.name === 'not') return `!${guardLabel(combined[0])}`;
    if (combined && guard.name === 'and') return `(${combined.map(guardLabel).join(' && ')})`;
    if (combined && guard.name === 'or') return `(${combined.map(guardLabel).join(' || ')})`;
    return guard.name && guard.name !== 'guard' ? guard.name : 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: unknown; params?: unknown };
    // Static params tell apart two uses of one guard (e.g. decisionIs(limit_reached)); dynamic ones are omitted.
    if (params && typeof params === 'object') return `${String(type)}(${Object.values(params).map(String).join(', ')})`;
    if (params !== undefined && typeof params !== 'function') return `${String(type)}(${String(params)})`;
    return String(type);
  }
  return 'guard';
}

/** Named actions only (event [guard] / action, as in statechart notation); inline and built-in ones are noise. */
function actionName(action: unknown): string | null {
  const name =
    typeof action === 'string'
      ? action
      : action && typeof action === 'object' && 'type' in action
        ? String((action as { type: unknown }).type)
        : null;
  return name && !name.startsWith('xstate.') ? name : null;
}

function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.(.+?)\.(.+)$/.exec(eventType);
  if (after) {
    const delay = after[1]!;
    return /^\d+$/.test(delay) ? `after ${delay} ms` : `after ${delay}`;
  }
  if (eventType.startsWith('xstate.done.actor.')) return `onDone ${eventType.slice('xstate.done.actor.'.length)}`;
  if (eventType.startsWith('xstate.error.actor.')) return `onError ${eventType.slice('xstate.error.actor.'.length)}`;
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  return eventType;
}

/** A Mermaid identifier for a state node (unique within the diagram); the root is named after the machine. */
function mermaidId(node: AnyStateNode): string {
  return (node.path.length ? node.path.join('__') : node.id).replace(/[^A-Za-z0-9_]/g, '_');
}

/** Mermaid ends a statement at `;` and reads `:`/braces specially: keep labels to one plain line. */
function oneLine(text: string): string {
  return text
    .replace(/\s*:\s*/g, ' - ')
    .replace(/;/g, ',')
    .replace(/\{/g, '(')
    .replace(/\}/g, ')')
    .replace(/\s+/g, ' ')
    .trim();
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function renderStructure(node: AnyStateNode, indent: string, lines: string[]) {
  const kids = childrenOf(node);
  if (node.type === 'parallel') {
    kids.forEach((kid, i) => {
      if (i > 0) lines.push(`${indent}--`);
      renderState(kid, indent, lines);
    });
    return;
  }
  const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
  for (const kid of kids) renderState(kid, indent, lines);
  for (const kid of kids) if (kid.type === 'final') lines.push(`${indent}${mermaidId(kid)} --> [*]`);
}

function renderState(node: AnyStateNode, indent: string, lines: string[]) {
  const id = mermaidId(node);
  lines.push(`${indent}state "${node.path.length ? node.key : node.id}" as ${id}`);
  if (node.description) lines.push(`${indent}${id} : ${oneLine(node.description)}`);
  for (const inv of node.invoke as Array<{ id: string; src: string }>) {
    lines.push(`${indent}${id} : invoke ${inv.id === inv.src ? inv.id : `${inv.id} (${inv.src})`}`);
  }
  if (childrenOf(node).length) {
    lines.push(`${indent}state ${id} {`);
    renderStructure(node, `${indent}  `, lines);
    lines.push(`${indent}}`);
  }
}

function renderTransitions(node: AnyStateNode, lines: string[]) {
  type Def = { eventType: string; target?: readonly AnyStateNode[]; guard?: Guard; actions?: readonly unknown[] };
  const defs: Def[] = [...[...node.transitions.values()].flat(), ...(node.always ?? [])] as Def[];
  for (const t of defs) {
    const actions = (t.actions ?? []).map(actionName).filter((a): a is string => a !== null);
    const label = oneLine(
      `${t.eventType ? eventLabel(t.eventType) : 'always'}${t.guard ? ` [${guardLabel(t.guard)}]` : ''}` +
        (actions.length ? ` / ${actions.join(', ')}` : ''),
    );
    // A transition without target stays in its state (actions only): drawn as a self-loop.
    for (const target of t.target?.length ? t.target : [node]) {
      lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${label}`);
    }
  }
  for (const kid of childrenOf(node)) renderTransitions(kid, lines);
}

/** One Mermaid stateDiagram-v2 of a machine. */
export function renderMachineDiagram(machine: AnyStateMachine): string {
  const root = machine.root as AnyStateNode;
  const lines = ['stateDiagram-v2'];
  // Transitions or invokes on the root apply in every state: then the machine itself is drawn as a composite.
  if (root.transitions.size || root.always?.length || root.invoke.length) {
    lines.push(`  [*] --> ${mermaidId(root)}`);
    renderState(root, '  ', lines);
  } else {
    renderStructure(root, '  ', lines);
  }
  renderTransitions(root, lines);
  return lines.join('\n');
}

/** The whole docs/machines.md for the given machines — pure: same input, same text. */
export function renderMachinesDoc(entries: MachineEntry[]): string {
  const parts = [
    '# Machines',
    '',
    '<!-- Generated by `npm run machines` from machines/**/*.machine.ts. Do not edit by hand. -->',
    '',
    'Every user flow is an XState v5 statechart in `machines/`. The diagrams below are generated from the machine',
    'definitions: transitions are labelled with their event (`onDone <id>` / `onError <id>` when an invoked actor',
    'finishes or fails, `after <delay>` for a timer), the guard in brackets and named actions after a slash.',
    'To edit a flow visually, paste its file into Stately Studio (see README → Machines).',
    '',
  ];
  if (!entries.length) parts.push('_No machines yet._', '');
  for (const { file, exportName, machine } of entries) {
    parts.push(`## ${machine.id}`, '', `\`${file}\` → \`${exportName}\``, '');
    const description = (machine.root as AnyStateNode).description;
    if (description) parts.push(description, '');
    parts.push('```mermaid', renderMachineDiagram(machine), '```', '');
  }
  return parts.join('\n');
}

async function main() {
  const entries = await loadMachines();
  writeFileSync(docPath, renderMachinesDoc(entries));
  console.log(`docs/machines.md: ${entries.length} machine(s) from machines/**/*.machine.ts`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
