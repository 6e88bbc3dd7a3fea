// A card's title link whose ::after covers the whole card (an <article> with `position: relative`), so a tap
// anywhere opens it, while buttons beside the link (a star, a delete) sit above it with their own taps — a button
// must never be inside a link.
import { RouteLink } from './RouteLink';
import styled from 'styled-components';

export const StretchedLink = styled(RouteLink)`
  color: inherit;
  text-decoration: none;
  outline: none;
  &::after {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
  }
`;
