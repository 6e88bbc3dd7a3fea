// Every toast's words, loaded as boot does once the first screen has painted (src/flow/toastWords.ts): a toast shows
// in the tick a machine asks for it.
import { loadToastWords } from '../../src/flow/toastWords';

await loadToastWords();
