import { useNavigate } from 'react-router-dom';
import { ComingSoon } from '../../components/ComingSoon';
import { commonCopy } from '../../copy/common';
import { screenTitles } from '../../copy/screens';
import { useBackButton } from '../../telegram/useBackButton';

/** Placeholder: a later issue builds this screen. Back goes to /app/practices. */
export default function Screen() {
  const navigate = useNavigate();
  const goBack = () => navigate('/app/practices');
  const native = useBackButton(goBack);
  return (
    <ComingSoon
      title={screenTitles.practice}
      note={screenTitles.soon}
      onBack={native ? undefined : goBack}
      backLabel={commonCopy.back}
    />
  );
}
