import styled from 'styled-components';
import { Button } from './Button';
import { Card, CardText } from './Card';
import { Page } from './Page';

const Top = styled.div`
  display: flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${({ theme }) => theme.space(2)};
`;

/**
 * A screen's title and a quiet note, for screens a later issue builds.
 * `onBack` shows an in-page back link only when Telegram's native BackButton is not in use.
 */
export function ComingSoon(props: { title: string; note: string; onBack?: () => void; backLabel?: string }) {
  return (
    <>
      {props.onBack ? (
        <Top>
          <Button $variant="plain" onClick={props.onBack}>
            ‹ {props.backLabel}
          </Button>
        </Top>
      ) : null}
      <Page title={props.title}>
        <Card>
          <CardText>{props.note}</CardText>
        </Card>
      </Page>
    </>
  );
}
