import { generatePath, useNavigate, useParams } from 'react-router-dom';
import { ComingSoon } from '../components/ComingSoon';
import { commonCopy } from '../copy/common';
import { screenTitles } from '../copy/screens';
import { useBackButton } from '../telegram/useBackButton';

/**
 * Placeholder for every route a later issue builds (src/routes.tsx passes the title and, for screens below a tab,
 * where back goes — a path or route pattern from machines/paths.ts whose `:params` are filled from the current
 * route). Each issue replaces its route's element with the real screen.
 */
export default function ComingSoonScreen({ title, backTo }: { title: string; backTo?: string }) {
  return backTo ? <WithBack title={title} backTo={backTo} /> : <ComingSoon title={title} note={screenTitles.soon} />;
}

/** Telegram's BackButton while mounted; the in-page back link only where the native one is unavailable. */
function WithBack({ title, backTo }: { title: string; backTo: string }) {
  const navigate = useNavigate();
  const params = useParams();
  const goBack = () => navigate(generatePath(backTo, params));
  const native = useBackButton(goBack);
  return (
    <ComingSoon
      title={title}
      note={screenTitles.soon}
      onBack={native ? undefined : goBack}
      backLabel={commonCopy.back}
    />
  );
}
