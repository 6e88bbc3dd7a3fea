// A link that looks like the app's buttons: navigation stays a link (screen readers say so; a long press can
// open it), the look is the button's.
import { RouteLink } from './RouteLink';
import styled from 'styled-components';
import { buttonStyles, type ButtonLook } from './Button';

export const ButtonLink = styled(RouteLink)<ButtonLook>`
  ${buttonStyles}
  text-decoration: none;
`;
