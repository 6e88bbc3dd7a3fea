import styled from 'styled-components';
import { practicesCopy } from '../../copy/practices';

/** The PRO badge of an advanced practice (theme button colours: the app's own AA pair). */
export const ProBadge = styled.span.attrs({ children: practicesCopy.proBadge })`
  display: inline-block;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.button};
  color: ${({ theme }) => theme.color.buttonText};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: 700;
  letter-spacing: 0.04em;
`;
