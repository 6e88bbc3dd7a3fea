import styled from 'styled-components';

/** A section surface, like Telegram's settings sections. */
export const Card = styled.section`
  background: ${({ theme }) => theme.color.sectionBg};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: ${({ theme }) => theme.space(4)};
`;

export const CardTitle = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.md};
  font-weight: 600;
`;

export const CardText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.color.hint};
  font-size: ${({ theme }) => theme.font.size.sm};
`;
