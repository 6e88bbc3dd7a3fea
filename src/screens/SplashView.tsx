import styled from 'styled-components';
import { Spinner } from '../components/Spinner';
import { StatusScreen } from '../components/StatusScreen';
import { commonCopy } from '../copy/common';
import { LeafIcon } from '../components/icons';

const Logo = styled.div`
  width: 72px;
  height: 72px;
  border-radius: 22px;
  display: grid;
  place-items: center;
  color: ${({ theme }) => theme.color.button};
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
`;

const Tagline = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.hint};
`;

/** Title + spinner: the splash, and the /init gate while auth loads. */
export function SplashView() {
  return (
    <StatusScreen
      title={commonCopy.productTitle}
      icon={
        <Logo>
          <LeafIcon />
        </Logo>
      }
    >
      <Tagline>{commonCopy.productTagline}</Tagline>
      <Spinner />
    </StatusScreen>
  );
}
