import type { ReactNode } from 'react';
import { RouteLink } from './RouteLink';
import styled from 'styled-components';
import { navCopy } from '../copy/nav';
import { TABS, TAB_PATHS, type Tab } from '../lib/tabs';
import { ChatIcon, DiaryIcon, HomeIcon, PracticesIcon, ProfileIcon } from './icons';

const ICONS: Record<Tab, () => ReactNode> = {
  home: HomeIcon,
  chat: ChatIcon,
  diary: DiaryIcon,
  practices: PracticesIcon,
  profile: ProfileIcon,
};

const Bar = styled.nav`
  position: fixed;
  left: 0;
  right: 0;
  bottom: 0;
  z-index: 20;
  /* The labels size themselves against the bar's width (cqi). */
  container-type: inline-size;
  display: grid;
  grid-template-columns: repeat(5, minmax(0, 1fr));
  min-height: calc(${({ theme }) => theme.bottomNavHeight} + ${({ theme }) => theme.inset.bottom});
  padding: 0 ${({ theme }) => theme.inset.right} ${({ theme }) => theme.inset.bottom} ${({ theme }) => theme.inset.left};
  background: ${({ theme }) => theme.color.bottomBarBg};
  /* The hairline as a shadow: it adds no height to the 56 px. */
  box-shadow: inset 0 0.5px 0 ${({ theme }) => theme.color.separator};
`;

/**
 * The label grows with the reader's text size until it would no longer fit its fifth of the bar (the longest,
 * «Практики», is about 5.4 times its font size wide), then stays at that size: five tabs cannot hold 22 px labels
 * on a phone, and a cut or wrapped label helps no one. The page content scales fully.
 */
const Item = styled(RouteLink)<{ $active: boolean }>`
  min-height: ${({ theme }) => theme.bottomNavHeight};
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  padding: 4px 2px;
  text-decoration: none;
  font-size: min(${({ theme }) => theme.font.size.caption}, calc((20cqi - 4px) / 5.4));
  line-height: 1.2;
  white-space: nowrap;
  font-weight: 500;
  color: ${({ $active, theme }) => ($active ? theme.color.accent : theme.color.hint)};
  transition: color 0.15s ease;
  svg {
    flex: none;
  }
`;

/** Fixed, 56 px high, five tabs; `active` comes from the path (see lib/tabs). */
export function BottomNav({ active, onSelect }: { active: Tab; onSelect?: (tab: Tab) => void }) {
  return (
    <Bar aria-label={navCopy.label}>
      {TABS.map((tab) => {
        const Icon = ICONS[tab];
        const isActive = tab === active;
        return (
          <Item
            key={tab}
            to={TAB_PATHS[tab]}
            $active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={() => onSelect?.(tab)}
          >
            <Icon />
            <span>{navCopy[tab]}</span>
          </Item>
        );
      })}
    </Bar>
  );
}
