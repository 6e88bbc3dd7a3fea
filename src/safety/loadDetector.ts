import { installDetector } from '../../contract/safety/on-device';

const RETRY_MS = 15_000;

/**
 * Loads the safety detector (contract/safety/detect.ts, its own chunk) and installs it for the view models
 * (contract/safety/on-device.ts). Started once the first screen is rendered; a failed download (offline) is tried
 * again until it succeeds.
 */
export function loadDetector(): void {
  import('../../contract/safety/detect').then(
    ({ signalsRisk }) => installDetector(signalsRisk),
    () => setTimeout(loadDetector, RETRY_MS),
  );
}
