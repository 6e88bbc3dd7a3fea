// The crisis lines the safety plan shows beside «Специалисты и службы помощи» and on its other screens, as text
// whose phone numbers become tap-to-call links. The one place to switch when the operator's list lands
// (src/api/safety.ts: GET /api/safety/lines, kept on the device): `return crisisLinesText(useCrisisLines());`.
import { CRISIS_LINES } from '../../../contract/safety/crisis-lines';

export const usePlanCrisisLines = (): string => CRISIS_LINES;
