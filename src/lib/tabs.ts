export const TABS = ['home', 'chat', 'diary', 'practices', 'profile'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_PATHS: Record<Tab, string> = {
  home: '/app/home',
  chat: '/app/chat',
  diary: '/app/diary',
  practices: '/app/practices',
  profile: '/app/profile',
};

/** Spec §2: the active tab is chosen by the first two path segments, defaulting to home. */
export function activeTab(pathname: string): Tab {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first !== 'app' || !second) return 'home';
  return (TABS as readonly string[]).includes(second) ? (second as Tab) : 'home';
}
