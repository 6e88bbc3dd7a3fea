import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { commonCopy } from '../../src/copy/common';
import { currentPath, fakeAuthActor, never, renderApp } from './render-app';

describe('splash (/)', () => {
  beforeEach(() => localStorage.clear());

  it('shows the product title and a spinner, then goes to /init, which keeps them while auth loads', async () => {
    renderApp('/', fakeAuthActor({ loadUser: never }));
    expect(screen.getByRole('heading', { name: commonCopy.productTitle })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/init'));
    expect(screen.getByRole('heading', { name: commonCopy.productTitle })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
  });

  it('sends any unknown path to / and on to /init', async () => {
    renderApp('/no/such/page', fakeAuthActor({ loadUser: never }));
    await waitFor(() => expect(currentPath()).toBe('/init'));
  });
});
