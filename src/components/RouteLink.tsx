// A link to one of the app's routes: React Router's own click handling (a plain click navigates in the app; a
// modified click, another target or a click a handler prevented is left to the browser) and href. The router's
// `Link` also carries prefetching, route discovery, URL masks and external URLs — none of which this app uses —
// and with them ≈ 2 KB gzip of the router on the first load (docs/client.md, "First load").
import type { AnchorHTMLAttributes, Ref } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface RouteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  to: To;
  /** Navigation state for the page it opens (e.g. where it was opened from). */
  state?: unknown;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

export function RouteLink({ to, state, replace, target, onClick, children, ...rest }: RouteLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler(to, { state, replace, target });
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    >
      {children}
    </a>
  );
}
