import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders `children` (typically a lazy component) from the first time `when` is true, and keeps them mounted
 * after, so their exit animations run and their chunk is fetched only when first needed.
 */
export function MountWhenFirstNeeded({ when, children }: { when: boolean; children: ReactNode }) {
  const [needed, setNeeded] = useState(when);
  if (when && !needed) setNeeded(true);
  if (!needed) return null;
  return <Suspense fallback={null}>{children}</Suspense>;
}
