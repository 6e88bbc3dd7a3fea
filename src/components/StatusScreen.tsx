import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';

const Center = styled.main`
  min-height: calc(${({ theme }) => theme.fullHeight} - ${({ theme }) => theme.inset.top});
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)};
  text-align: center;
  background: ${({ theme }) => theme.color.bg};
`;

const Icon = styled.div`
  line-height: 1;
  color: ${({ theme }) => theme.color.hint};
  margin-bottom: ${({ theme }) => theme.space(2)};
`;

const Title = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.lg};
  font-weight: 700;
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  max-width: 320px;
  color: ${({ theme }) => theme.color.hint};
`;

/** A centred full-screen message (the page's `main`, with its h1 title): splash, loaders and error screens. */
export function StatusScreen(props: {
  icon?: ReactNode;
  title?: string;
  text?: string;
  children?: ReactNode;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <Center>
      {props.icon ? <Icon aria-hidden>{props.icon}</Icon> : null}
      {props.title ? <Title>{props.title}</Title> : null}
      {props.text ? <Text>{props.text}</Text> : null}
      {props.children}
      {props.action ? <Button onClick={props.action.onClick}>{props.action.label}</Button> : null}
    </Center>
  );
}
