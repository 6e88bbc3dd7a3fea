// Every toast's words (src/copy/toasts.ts) are a chunk of their own: 2 KB gzip off the first load (decision 0285).
// Boot loads them once the first screen has painted; a toast asked for before then waits for them. Once loaded, a
// toast shows in the tick it is asked for.
export type ToastWords = typeof import('../copy/toasts');

let loaded: ToastWords | undefined;

export const toastWordsLoaded = (): ToastWords | undefined => loaded;

export const loadToastWords = (): Promise<ToastWords> => import('../copy/toasts').then((words) => (loaded = words));
