import type { leaderboardApi } from '@kudo/shared';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/Card';
import { Page } from '../../../components/Page';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { CollectingDataState } from '../../../components/States';
import { cx } from '../../../lib/cx';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useLeaderboardSummary, type DateRange } from '../api/leaderboard';
import { CampaignAvatar } from '../components/CampaignAvatar';
import { kudoIndexCell } from '../components/ReportsFrame';
import { LeaderboardNav } from '../components/LeaderboardNav';
import { leads } from '../lib/format';
import styles from '../components/Leaderboard.module.css';

const RANGES = [
  { value: 'WEEKLY', label: 'Weekly' },
  { value: 'MONTHLY', label: 'Monthly' },
] as const satisfies readonly { value: DateRange; label: string }[];
const TONES = [styles.tone0, styles.tone1, styles.tone2];

/** Leaderboard › Summary: Company Overall and each department, this week or this month. */
export default function SummaryPage() {
  const locationId = useCurrentSession()?.location.location_id ?? 0;
  const [params, setParams] = useSearchParams();
  const range: DateRange = params.get('range') === 'MONTHLY' ? 'MONTHLY' : 'WEEKLY';
  const summary = useLeaderboardSummary(locationId, range);
  const choose = (value: DateRange) => setParams((prev) => {
    const next = new URLSearchParams(prev);
    if (value === 'WEEKLY') next.delete('range');
    else next.set('range', value);
    return next;
  }, { replace: true });

  return (
    <Page
      title="Summary"
      lead="Rankings at a glance"
      actions={
        <div role="group" aria-label="Period" className={styles.toggle}>
          {RANGES.map((r) => (
            <button key={r.value} type="button" aria-pressed={range === r.value} onClick={() => choose(r.value)}>
              {r.label}
            </button>
          ))}
        </div>
      }
    >
      <LeaderboardNav />
      <QueryBoundary
        query={summary}
        isEmpty={(d) => d.cards.length <= 1 && d.cards.every((c) => c.campaigns.length === 0)}
        emptyContent={<CollectingDataState />}
      >
        {(data) => (
          <>
            <p className={styles.period}>
              {data.settings.from_date} to {data.settings.to_date}
            </p>
            <div className={styles.cards} aria-busy={summary.isFetching || undefined}>
              {data.cards.map((card, i) => (
                <SummaryCard key={card.title} card={card} tone={TONES[i % 3]!} />
              ))}
            </div>
          </>
        )}
      </QueryBoundary>
    </Page>
  );
}

function SummaryCard({ card, tone }: { card: leaderboardApi.LeaderboardCard; tone: string }) {
  return (
    <Card title={card.title} className={cx(styles.card, tone)}>
      <dl className={styles.figures}>
        <div>
          <dt>Kudo Index</dt>
          <dd>{kudoIndexCell(card.kudo_index.value)}</dd>
        </div>
        <div>
          <dt>Leaderboard Points</dt>
          <dd>{card.leaderboard_points.value ?? 0}</dd>
        </div>
        <div>
          <dt>Review Leads</dt>
          <dd>{card.review_leads.value ?? 0}</dd>
        </div>
      </dl>
      {card.campaigns.length > 0 && (
        <ol className={styles.campaigns} aria-label={`${card.title} campaigns`}>
          {card.campaigns.map((c) => (
            <li key={c.campaign_uid}>
              <CampaignAvatar name={c.name} image={c.image} />
              <span className={styles.campaignName}>
                {c.name}
                <span className={styles.muted}>{c.department_name}</span>
              </span>
              <span className={styles.campaignFigures}>
                <span>{c.leaderboard_points} pts</span>
                <span className={styles.muted}>{leads(c.review_leads)}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
