import type { SVGProps } from 'react';

/** Outline icons (24×24, currentColor) for the navigation and cards. */
export function Svg(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    />
  );
}

export const HomeIcon = () => (
  <Svg>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9.5V20h5v-6h4v6h5V9.5" />
  </Svg>
);
export const ChatIcon = () => (
  <Svg>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4A8 8 0 1 1 20 12Z" />
  </Svg>
);
export const DiaryIcon = () => (
  <Svg>
    <path d="M5 4h11a3 3 0 0 1 3 3v13H8a3 3 0 0 1-3-3V4Z" />
    <path d="M5 17a3 3 0 0 1 3-3h11M9 8h6" />
  </Svg>
);
/** A lotus: practice, not the drop-with-an-arrow that read as «download» (issue 24). */
export const PracticesIcon = () => (
  <Svg>
    <path d="M12 17.5c-1.8-1.5-2.8-3.6-2.8-6.1S10.2 6.6 12 4.5c1.8 2.1 2.8 4.4 2.8 6.9s-1 4.6-2.8 6.1Z" />
    <path d="M9.6 15.9c-2.3-.3-4.8-1.8-6.1-4.9 2-.4 3.9-.1 5.6.8M14.4 15.9c2.3-.3 4.8-1.8 6.1-4.9-2-.4-3.9-.1-5.6.8" />
    <path d="M5.5 20c4.2-1.4 8.8-1.4 13 0" />
  </Svg>
);
export const ProfileIcon = () => (
  <Svg>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </Svg>
);
export const CloseIcon = () => (
  <Svg width="20" height="20">
    <path d="M6 6l12 12M18 6 6 18" />
  </Svg>
);
export const ChevronIcon = () => (
  <Svg width="18" height="18">
    <path d="m9 6 6 6-6 6" />
  </Svg>
);
export const FlameIcon = () => (
  <Svg>
    <path d="M12 21a6 6 0 0 0 6-6c0-3.5-2.5-5.5-3.5-8.5C13 8 12.5 9.5 11 10c0-2-1-4.5-3-6 0 4-2 5.5-2 10a6 6 0 0 0 6 7Z" />
  </Svg>
);
export const BulbIcon = () => (
  <Svg>
    <path d="M9 18h6M10 21h4" />
    <path d="M12 3a6 6 0 0 0-3.6 10.8c.6.5 1.1 1.3 1.1 2.2h5c0-.9.5-1.7 1.1-2.2A6 6 0 0 0 12 3Z" />
  </Svg>
);
export const LeafIcon = () => (
  <Svg width="40" height="40">
    <path d="M5 19c0-8 5-14 15-15-1 10-7 15-15 15Z" />
    <path d="M5 19c3-4 6-7 10-9" />
  </Svg>
);
export const SparklesIcon = () => (
  <Svg width="40" height="40">
    <path d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3Z" />
    <path d="M18.5 15.5l.8 2 2 .8-2 .8-.8 2-.8-2-2-.8 2-.8.8-2Z" />
  </Svg>
);
export const BubblesIcon = () => (
  <Svg width="40" height="40">
    <path d="M15 10a6 6 0 0 1-8.7 5.3L3 16l.8-3A6 6 0 1 1 15 10Z" />
    <path d="M17.5 8.3A5 5 0 0 1 20.2 16l.8 3-3.3-.7A5 5 0 0 1 11 17.3" />
  </Svg>
);
export const PhoneIcon = () => (
  <Svg width="40" height="40">
    <rect x="7" y="2.5" width="10" height="19" rx="2.5" />
    <path d="M11 18.5h2" />
  </Svg>
);
export const OfflineIcon = () => (
  <Svg width="40" height="40">
    <path d="M2 8.5a15 15 0 0 1 5-3M10.5 4.6A15 15 0 0 1 22 8.5M5 12a10 10 0 0 1 4-2.3M15 10a10 10 0 0 1 4 2M8.5 15.5a5 5 0 0 1 7 0" />
    <path d="M12 19.5h.01M3 3l18 18" />
  </Svg>
);
export const LockIcon = () => (
  <Svg width="40" height="40">
    <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
  </Svg>
);
export const AlertIcon = () => (
  <Svg width="40" height="40">
    <path d="M10.3 3.9 2.6 17.5A2 2 0 0 0 4.3 20.5h15.4a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4.5M12 17h.01" />
  </Svg>
);

/** The favourite star: filled when on (the shape, not only the colour, tells the state). */
export const StarIcon = ({ filled }: { filled: boolean }) => (
  <Svg fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </Svg>
);

/** Mood faces, very bad (0) → very good (4): the same on every platform, unlike emoji. */
const MOUTHS = [
  'M8 17c1.2-1.7 2.5-2.4 4-2.4s2.8.7 4 2.4',
  'M8.5 16.2c1-.8 2.2-1.2 3.5-1.2s2.5.4 3.5 1.2',
  'M8.5 15.5h7',
  'M8.5 14.5c1 .9 2.2 1.4 3.5 1.4s2.5-.5 3.5-1.4',
  'M7.8 13.8c1.2 2 2.6 2.9 4.2 2.9s3-.9 4.2-2.9',
];
export const MoodFace = ({ level, color, size = 30 }: { level: number; color: string; size?: number }) => (
  <Svg width={size} height={size} style={{ color }}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M9 9.8v.4M15 9.8v.4" strokeWidth="2.2" />
    <path d={MOUTHS[level] ?? MOUTHS[2]} />
  </Svg>
);
