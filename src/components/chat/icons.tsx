// The chat's own icons, in the app's outline style (a file of their own: src/components/icons.tsx is in the app
// shell, and these belong to the chat's lazy chunks).
import { Svg } from '../icons';

export const SendIcon = () => (
  <Svg>
    <path d="M4 12 20 4l-4 16-4-6-8-2Z" />
    <path d="m12 14 8-10" />
  </Svg>
);
export const MicIcon = () => (
  <Svg>
    <rect x="9" y="3" width="6" height="11" rx="3" />
    <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
  </Svg>
);
export const TrashIcon = () => (
  <Svg width="20" height="20">
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
  </Svg>
);
export const PlusIcon = () => (
  <Svg width="20" height="20">
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
