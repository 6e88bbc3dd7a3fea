// Helpers for the machines' view models (each machine exports a pure `<name>View(snapshot)` that its screen
// reads instead of the state's shape).
import type { AnyMachineSnapshot } from 'xstate';

/** The top-level state a snapshot is in: `'ready'` for `{ ready: 'toggling' }`. */
export function topState<S extends string>(snapshot: AnyMachineSnapshot): S {
  const value = snapshot.value as string | Record<string, unknown>;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as S;
}
