import { LazyMotion, MotionConfig } from 'framer-motion';
import type { ReactNode } from 'react';

const loadFeatures = () => import('../motion').then((module) => module.default);

/**
 * framer-motion for the parts that animate (`m` components only, features loaded lazily), honouring
 * the system's reduced-motion setting. Used inside lazy chunks so none of it is in the entry bundle.
 */
export function Motion({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
