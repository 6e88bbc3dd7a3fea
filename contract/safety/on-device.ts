// The detector as the device asks it: machines and screens import this, never detect.ts, so no screen's chunk
// carries the rules and the model's weights (docs/decisions/0109). The app loads detect.ts in a chunk of its own
// right after start (src/safety/loadDetector.ts) and installs it here. Until it is in, nothing is flagged on the
// device — a view model asks again on its next change, and the server reads every chat message itself.

type Check = (...texts: Array<string | null | undefined>) => boolean;

let installed: Check | null = null;

export function installDetector(check: Check): void {
  installed = check;
}

/** True when any of the texts signals a risk (detect.ts `signalsRisk`); false while the detector is loading. */
export const signalsRisk: Check = (...texts) => installed?.(...texts) ?? false;
