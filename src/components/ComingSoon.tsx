import styled from 'styled-components';
import { Button } from './Button';
import { Card, CardText } from './Card';
import { Page, PageTitle } from './Page';

const BackLink = styled(Button)`
  align-self: flex-start;
  padding-left: 0;
`;

/**
 * A screen's title and a quiet note, for screens a later issue builds.
 * `onBack` shows an in-page back link only when Telegram's native BackButton is not in use.
 */
export function ComingSoon(props: { title: string; note: string; onBack?: () => void; backLabel?: string }) {
  return (
    <Page>
      {props.onBack ? (
        <BackLink $variant="plain" onClick={props.onBack}>
          <span aria-hidden>‹</span> {props.backLabel}
        </BackLink>
      ) : null}
      <PageTitle>{props.title}</PageTitle>
      <Card>
        <CardText>{props.note}</CardText>
      </Card>
    </Page>
  );
}
