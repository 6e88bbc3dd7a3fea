// The device's detector, installed as the app does once its chunk is in (src/safety/loadDetector.ts): machines and
// screens read risk through contract/safety/on-device.ts.
import { signalsRisk } from '../../contract/safety/detect';
import { installDetector } from '../../contract/safety/on-device';

installDetector(signalsRisk);
