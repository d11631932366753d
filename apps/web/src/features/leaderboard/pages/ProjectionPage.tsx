import { textColorOn } from '@kudo/shared';
import type { CSSProperties, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { pathFor } from '../../../config/routes';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { CollectingDataState } from '../../../components/States';
import { cx } from '../../../lib/cx';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useProjection, type DateRange, type Projection } from '../api/leaderboard';
import { CampaignAvatar } from '../components/CampaignAvatar';
import styles from '../components/Projection.module.css';
import { kudoIndexCell } from '../components/ReportsFrame';
import { ROTATION_MS, useRotation } from '../lib/rotation';
import { leads } from '../lib/format';

type Data = Projection['page_data']['projection_data'];

/**
 * The full-screen leaderboard for the shop's TV. It fetches fresh figures every few minutes in place and
 * keeps one timer per rotating panel, so it can stay open for days.
 */
export default function ProjectionPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id ?? 0;
  const [params, setParams] = useSearchParams();
  const range: DateRange = params.get('range') === 'MONTHLY' ? 'MONTHLY' : 'WEEKLY';
  const projection = useProjection(locationId, range);
  const choose = (value: DateRange) => setParams(value === 'WEEKLY' ? {} : { range: value }, { replace: true });

  // A failed refresh keeps the figures on screen: a TV has nobody to press Retry.
  return (
    <QueryBoundary
      query={projection}
      fullPage
      keepDataOnError
      loadingLabel="Loading the leaderboard…"
      isEmpty={() => false}
      errorActions={<Link to={pathFor('analyze-overview')}>Back to Analytics</Link>}
    >
      {(data) => <Display data={data} range={range} onRange={choose} locationName={session?.location.name} />}
    </QueryBoundary>
  );
}

function Display({ data, range, onRange, locationName }: { data: Projection; range: DateRange; onRange: (range: DateRange) => void; locationName: string | undefined }) {
  const meta = data.page_data.meta;
  const background = meta.account_color ?? '#1f4e79';
  const header: CSSProperties = { background, color: textColorOn(background, meta.font_color) };
  const title = data.date_options.find((o) => o.value === range)?.title ?? '';
  const options = data.date_options;

  return (
    <div className={styles.display}>
      <header className={styles.bar} style={header}>
        {meta.navlogourl && <img className={styles.logo} src={meta.navlogourl} alt={`${locationName ?? 'Company'} logo`} />}
        <h1 className={styles.title}>{title} Leaderboard</h1>
        <details className={styles.settings}>
          <summary>Settings</summary>
          <div className={styles.settingsPanel}>
            <SelectField label="Date range" value={range} onChange={onRange} options={options.map((o) => ({ value: o.value, label: o.title }))} />
          </div>
        </details>
        <Link className={styles.back} style={{ color: header.color }} to={pathFor('analyze-overview')}>
          Back to Analytics
        </Link>
      </header>
      <main className={styles.body}>
        <Board data={data.page_data.projection_data} />
      </main>
    </div>
  );
}

function Board({ data }: { data: Data }) {
  const t = data.account.totals;
  const cards: [string, string | number][] = [
    ['Par. Count', t.pulse_checks_participant_count.value],
    ['Bios', t.bio_count.value],
    ['pulseChecks', t.pulse_checks_count.value],
    ['Happy', t.happy_count.percent],
    ['Neutral', t.neutral_count.percent],
    ['Unhappy', t.unhappy_count.percent],
  ];
  return (
    <>
      <ul className={styles.totals} aria-label="Totals">
        {cards.map(([label, value]) => (
          <li key={label} className={styles.total}>
            <span className={styles.totalLabel}>{label}</span>
            <strong className={styles.totalValue}>{value}</strong>
          </li>
        ))}
      </ul>
      <div className={styles.panels}>
        <Departments departments={data.departments} />
        <BestOfTheBest campaigns={data.campaigns} />
        <Fans comments={data.comments} />
      </div>
    </>
  );
}

/** A panel that shows one of its items at a time, rotating every `showMs` with a short blank gap. */
function Rotating<T>({ title, items, showMs, className, children }: { title: string; items: readonly T[]; showMs: number; className?: string; children: (item: T) => ReactNode }) {
  const { index, visible } = useRotation(items.length, showMs);
  const item = items[index];
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={cx(styles.panel, className)} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {item === undefined ? (
        <CollectingDataState compact />
      ) : (
        <div className={cx(styles.slide, !visible && styles.hidden)} data-testid={`${id}-slide`}>
          {children(item)}
        </div>
      )}
    </section>
  );
}

function Departments({ departments }: { departments: Data['departments'] }) {
  return (
    <Rotating title="Department Leaderboard" items={departments} showMs={ROTATION_MS.departments}>
      {(d) => (
        <>
          <p className={styles.ranked}>
            {d.department_name} is ranked #{d.rank}
          </p>
          <dl className={styles.figures}>
            <div>
              <dt>Kudo Index</dt>
              <dd>{kudoIndexCell(d.department_data.kudo_index)}</dd>
            </div>
            <div>
              <dt>Points</dt>
              <dd>{d.department_data.points}</dd>
            </div>
            <div>
              <dt>Review Leads</dt>
              <dd>{d.department_data.review_leads}</dd>
            </div>
          </dl>
          <ol className={styles.people}>
            {d.campaigns.slice(0, 8).map((c, i) => (
              <li key={`${c.campaign.name}-${i}`}>
                <CampaignAvatar name={c.campaign.name} image={c.campaign.image} />
                <span className={styles.personName}>{c.campaign.name}</span>
                <span>{c.points} pts</span>
                <span className={styles.muted}>{leads(c.summary.review_leads)}</span>
              </li>
            ))}
          </ol>
        </>
      )}
    </Rotating>
  );
}

function BestOfTheBest({ campaigns }: { campaigns: Data['campaigns'] }) {
  return (
    <Rotating title="The Best of the Best" items={campaigns} showMs={ROTATION_MS.campaigns}>
      {(c) => (
        <div className={styles.best}>
          <span className={styles.rank}>#{c.rank}</span>
          <CampaignAvatar name={c.campaign.name} image={c.campaign.image} size="lg" />
          <span className={styles.bestName}>{c.campaign.name}</span>
          <span className={styles.bestPoints}>{c.points} points</span>
        </div>
      )}
    </Rotating>
  );
}

function Fans({ comments }: { comments: Data['comments'] }) {
  return (
    <Rotating title="Words From Our Fans" items={comments} showMs={ROTATION_MS.comments}>
      {(c) => (
        <figure className={styles.comment}>
          <blockquote>{c.text}</blockquote>
          <figcaption>
            {c.campaign_image ? <img className={styles.commentImage} src={c.campaign_image} alt={c.campaign_name} /> : <span>{c.campaign_name}</span>}
          </figcaption>
        </figure>
      )}
    </Rotating>
  );
}
