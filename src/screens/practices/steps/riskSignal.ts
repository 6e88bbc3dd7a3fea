// Whether what someone wrote in a step practice signals a risk of suicide or self-harm, by the chat's own safety net
// (contract/safety: the same normaliser, signals and figures of speech the server checks every chat message
// with). Pure TypeScript with no server dependencies, imported here so one detector decides everywhere; it runs
// on the device, so nothing written is sent anywhere to be checked. The crisis lines are the chat's too.
import { assessRisk } from '../../../../contract/safety/detect';

export { CRISIS_LINES } from '../../../../contract/safety/crisis-lines';

/** True when any of the answers carries a risk signal. */
export const signalsRisk = (answers: Record<string, string>): boolean =>
  Object.values(answers).some((answer) => answer.trim() !== '' && assessRisk(answer).risk);
