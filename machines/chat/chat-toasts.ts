// Which toast a chat machine asks for (`{ type: 'toast', params: { key: 'chatDeleted' } }`). Machines name the
// message; src/copy/chat.ts words each key and src/copy/toasts.ts gathers every domain's, so no text lives in
// machines/. `limitReached` carries the server's own detail (ToastParams.detail) when it gave one.
export type ChatToastKey = 'limitReached' | 'chatDeleted' | 'deleteFailed' | 'voiceUnconfigured';
