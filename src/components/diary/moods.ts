// Mood values in display order, with the spec's Russian labels and a face for the picker.
import { MOODS, type Mood } from '../../../contract/diary';
import { diaryCopy } from '../../copy/diary';

const FACES: Record<Mood, string> = { very_bad: '😣', bad: '😔', neutral: '😐', good: '🙂', very_good: '😄' };

export const moodOptions = MOODS.map((value) => ({ value, label: diaryCopy.moods[value], face: FACES[value] }));
export const moodLabel = (mood: Mood) => diaryCopy.moods[mood];
export const moodFace = (mood: Mood) => FACES[mood];
