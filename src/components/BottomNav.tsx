import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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
  display: grid;
  grid-template-columns: repeat(5, 1fr);
  height: calc(${({ theme }) => theme.bottomNavHeight} + ${({ theme }) => theme.inset.bottom});
  padding: 0 ${({ theme }) => theme.inset.right} ${({ theme }) => theme.inset.bottom}
    ${({ theme }) => theme.inset.left};
  background: ${({ theme }) => theme.color.bottomBarBg};
  border-top: 0.5px solid ${({ theme }) => theme.color.separator};
`;

const Item = styled(Link)<{ $active: boolean }>`
  height: ${({ theme }) => theme.bottomNavHeight};
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 2px;
  text-decoration: none;
  font-size: 11px;
  font-weight: 500;
  color: ${({ $active, theme }) => ($active ? theme.color.button : theme.color.hint)};
  transition: color 0.15s ease;
`;

/** Spec §2: fixed, 56 px high, five tabs; `active` comes from the path (see lib/tabs). */
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
