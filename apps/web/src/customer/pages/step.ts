import type { Mood } from '@kudo/shared';
import type { LocationData } from '../api';

/** What every step of the pulseCheck flow receives from the page that runs the steps. */
export interface StepProps {
  token: string;
  campaignUid: string;
  location: LocationData;
  mood: Mood | null;
  /** Records the step's answer and moves on; throws (for the step to show) on failure. */
  submit: (type: string, data: unknown) => Promise<void>;
  /** Records an answer and stays on the page. */
  record: (type: string, data: unknown) => Promise<void>;
  /** Moves to the next page without recording anything (a step already answered, or skipped). */
  next: () => void;
  answered: readonly string[];
}
