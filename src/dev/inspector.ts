import type { InspectionEvent } from 'xstate';

type Inspect = (event: InspectionEvent) => void;
let inspect: Inspect | undefined;

/**
 * Dev-only Stately inspector (VITE_INSPECT=true with `vite`/`npm run dev`). The condition is
 * statically false in production builds, so the dynamic import — and @statelyai/inspect — is
 * dropped from the bundle. It opens stately.ai, so it needs internet.
 */
export async function setupInspector(): Promise<void> {
  if (import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    inspect = createBrowserInspector().inspect as Inspect;
  }
}

/** Pass as `createActor(machine, { inspect: getInspect() })`; useFlow passes it for every screen's flow. */
export function getInspect(): Inspect | undefined {
  return inspect;
}
