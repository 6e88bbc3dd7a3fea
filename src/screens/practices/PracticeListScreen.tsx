import { ComingSoon } from '../../components/ComingSoon';
import { screenTitles } from '../../copy/screens';

/** Placeholder: a later issue builds this screen. */
export default function Screen() {
  return <ComingSoon title={screenTitles.practices} note={screenTitles.soon} />;
}
