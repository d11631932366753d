import { formatKudoIndex, scoreBand } from '../lib/kudoIndex';
import { cx } from '../lib/cx';
import { FrownIcon, MehIcon, SmileIcon } from './icons';
import styles from './Sentiment.module.css';

export type Sentiment = 'positive' | 'neutral' | 'negative';

export const SENTIMENT_LABEL: Record<Sentiment, string> = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' };

const FACE: Record<Sentiment, typeof SmileIcon> = { positive: SmileIcon, neutral: MehIcon, negative: FrownIcon };

/**
 * A face for a mood: a smile, a straight mouth (meh) or a frown, in green, amber or red. Read out as the
 * mood's name unless `decorative` (when a text beside it already says it).
 */
export function SentimentFace({ sentiment, size = 24, decorative = false, className }: { sentiment: Sentiment; size?: number; decorative?: boolean; className?: string }) {
  const Face = FACE[sentiment];
  return (
    <Face
      className={cx(styles.face, styles[sentiment], className)}
      size={size}
      strokeWidth={1.8}
      {...(decorative ? {} : { role: 'img', 'aria-hidden': undefined, 'aria-label': SENTIMENT_LABEL[sentiment] })}
    />
  );
}

/** A 0–10 score (a Kudo Index, a slider answer) on a pill coloured by its band. */
export function ScoreBadge({ value, label = 'Kudo Index', className }: { value: number; label?: string; className?: string }) {
  const text = formatKudoIndex(value);
  return (
    <span className={cx(styles.badge, styles[scoreBand(value)], className)} title={`${label} ${text}`}>
      <span className="visually-hidden">{label} </span>
      {text}
    </span>
  );
}
