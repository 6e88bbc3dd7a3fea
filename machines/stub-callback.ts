// The stub of a named effect that sends the machine several events while it runs (a streamed reply:
// `sendMessage: stubCallback<ChatSendRequest>()`); leaving the state that invoked it stops it. Left unprovided it
// fails at once, so the machine takes its error path. Beside machines/effects.ts, not in it: that module is on the
// first screen's path, and only the chat streams.
import { fromCallback, type EventObject } from 'xstate';

export function stubCallback<TInput = void>() {
  return fromCallback<EventObject, TInput>(() => {
    throw new Error('effect not provided: give the machine this actor with .provide()');
  });
}
