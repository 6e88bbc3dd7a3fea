import { paths } from '../../machines/paths';

export const TABS = ['home', 'chat', 'diary', 'practices', 'profile'] as const;
export type Tab = (typeof TABS)[number];

export const TAB_PATHS: Record<Tab, string> = {
  home: paths.home,
  chat: paths.chatList,
  diary: paths.diary,
  practices: paths.practices,
  profile: paths.profile,
};

/** The active tab is chosen by the first two path segments (/app/<tab>/…), defaulting to home. */
export function activeTab(pathname: string): Tab {
  const [first, second] = pathname.split('/').filter(Boolean);
  if (`/${first}` !== paths.app || !second) return 'home';
  return (TABS as readonly string[]).includes(second) ? (second as Tab) : 'home';
}
