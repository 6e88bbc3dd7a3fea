// The one way a screen binds its flow: the machine, the domain's ready actors (from src/api), the app-wide actions
// (src/flow/appActions.ts) and any screen-specific ones, and the machine's pure view model.
//
//   const { view, send } = useFlow(diaryEntryMachine, diaryEntryView, {
//     input: { id: entryId },
//     actors: diaryActors,
//   });
//
// The actor is created once per mount. Actions given here are called through a ref kept current after every
// commit, so they may close over the latest props; actors are taken from the first render (they are module-level in
// src/api). The view model is compared field by field, so a screen re-renders only when a field it reads changed.
//
// A flow whose machine runs child machines (machines/users/settings-page.machine.ts) gives each child its effects
// under `children`, by the child's actor name: the child gets them, and the app-wide actions, on top of what the
// parent's machine already provides it.
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { Actor, AnyStateMachine, EventFrom, InputFrom, SnapshotFrom } from 'xstate';
import { getInspect } from '../dev/inspector';
import { appActions } from './appActions';

type Implementations<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]>;
type ActionMap = Record<string, (args: never, params: never) => void>;

export interface FlowOptions<M extends AnyStateMachine> {
  input?: InputFrom<M>;
  /** The domain's actors (e.g. `diaryActors`); only the ones the machine names are used. */
  actors?: Partial<NonNullable<Implementations<M>['actors']>>;
  /** Screen-specific actions (storage writes, focus…); app-wide ones need not be given. */
  actions?: ActionMap;
  guards?: Implementations<M>['guards'];
  delays?: Implementations<M>['delays'];
  /** Effects of the machine's child machines, by the child's actor name. */
  children?: Record<string, { actors?: Record<string, unknown>; actions?: ActionMap }>;
}

export interface Flow<M extends AnyStateMachine, V> {
  view: V;
  send: (event: EventFrom<M>) => void;
  actor: Actor<M>;
}

export function useFlow<M extends AnyStateMachine, V>(
  machine: M,
  connect: (snapshot: SnapshotFrom<M>) => V,
  options: FlowOptions<M> = {},
): Flow<M, V> {
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  // The closures below read the ref when the machine runs an action (an event, after commit), never during render.
  // eslint-disable-next-line react-hooks/refs
  const [logic] = useState(() => {
    const own = (read: () => ActionMap | undefined, names: string[]) =>
      Object.fromEntries(names.map((name) => [name, (args: never, params: never) => read()?.[name]?.(args, params)]));
    const parents = machine.implementations.actors as Record<string, AnyStateMachine>;
    const children = Object.fromEntries(
      Object.entries(options.children ?? {}).map(([name, child]) => [
        name,
        parents[name]!.provide({
          actors: child.actors,
          actions: {
            ...appActions,
            ...own(() => latest.current.children?.[name]?.actions, Object.keys(child.actions ?? {})),
          },
        } as never),
      ]),
    );
    return machine.provide({
      actors: { ...options.actors, ...children },
      actions: { ...appActions, ...own(() => latest.current.actions, Object.keys(options.actions ?? {})) },
      guards: options.guards,
      delays: options.delays,
    } as never) as M;
  });
  const actor = useActorRef(logic, { input: options.input, inspect: getInspect() } as never) as Actor<M>;
  const view = useSelector(actor, connect, shallowEqual);
  return { view, send: actor.send as (event: EventFrom<M>) => void, actor };
}
