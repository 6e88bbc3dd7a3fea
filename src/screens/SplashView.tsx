import styled from 'styled-components';
import { Spinner } from '../components/Spinner';
import { StatusScreen } from '../components/StatusScreen';
import { commonCopy } from '../copy/common';

const Logo = styled.div`
  width: 72px;
  height: 72px;
  border-radius: 22px;
  display: grid;
  place-items: center;
  font-size: 36px;
  background: ${({ theme }) => theme.tint(theme.color.button, 14)};
`;

const Tagline = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(4)};
  color: ${({ theme }) => theme.color.hint};
`;

/** Title + spinner: the splash, and the /init gate while auth loads. */
export function SplashView() {
  return (
    <StatusScreen title={commonCopy.productTitle} icon={<Logo>🌿</Logo>}>
      <Tagline>{commonCopy.productTagline}</Tagline>
      <Spinner />
    </StatusScreen>
  );
}
