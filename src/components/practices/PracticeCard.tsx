// One card of the practice list: icon, category, name, description, minutes, PRO badge and a lock when the plan
// does not open it. An <article> whose name is a button stretched over the card (the choice — open or the locked
// dialog — is the list machine's), so the card reads as one heading and one control.
import { memo } from 'react';
import styled from 'styled-components';
import type { Practice } from '../../../contract/practices';
import { practiceName } from '../../copy/practiceName';
import { categoryCopy, practicesCopy } from '../../copy/practices';
import { Svg } from '../icons';
import { PracticeIcon } from './PracticeIcon';
import { ProBadge } from './ProBadge';

const Card = styled.article`
  position: relative;
  height: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.sectionBg};
  &:has(button:focus-visible) {
    outline: 2px solid ${({ theme }) => theme.color.button};
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
`;

const Category = styled.span`
  flex: 1;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Name = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
`;

/** The name's button; its ::after covers the card, so a tap anywhere on it chooses the practice. */
const Choose = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  text-align: left;
  outline: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
`;

const Description = styled.p`
  margin: 0;
  flex: 1;
  color: ${({ theme }) => theme.color.subtitle};
  font-size: ${({ theme }) => theme.font.size.sm};
  display: -webkit-box;
  -webkit-line-clamp: 3;
  -webkit-box-orient: vertical;
  overflow: hidden;
`;

const Meta = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Locked = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  margin-left: auto;
`;

export interface PracticeCardProps {
  practice: Practice;
  onSelect: (id: string) => void;
}

export const PracticeCard = memo(function PracticeCard({ practice, onSelect }: PracticeCardProps) {
  const category = categoryCopy(practice.category);
  return (
    <Card data-testid="practice-card" data-locked={practice.is_locked}>
      <Top>
        <PracticeIcon category={practice.category} />
        <Category>{category.label}</Category>
        {practice.is_advanced ? <ProBadge /> : null}
      </Top>
      <Name>
        <Choose onClick={() => onSelect(practice.id)}>{practiceName(practice.name)}</Choose>
      </Name>
      <Description>{practice.description}</Description>
      <Meta>
        <span>{practicesCopy.minutes(practice.duration_minutes)}</span>
        {practice.is_locked ? (
          <Locked>
            <Svg width={16} height={16}>
              <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
              <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
            </Svg>
            {practicesCopy.list.locked}
          </Locked>
        ) : null}
      </Meta>
    </Card>
  );
});
