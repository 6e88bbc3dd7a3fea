import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Screens are lazy chunks that Vite transforms on first import, and react-router navigates in a transition
// that keeps the old screen until the new chunk has loaded: on a busy machine that first load alone can
// take longer than Testing Library's default 1 s wait. The wait is a ceiling, not a duration.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
