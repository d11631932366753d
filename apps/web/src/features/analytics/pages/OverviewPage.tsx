import type { analyticsApi, EndpointData } from '@kudo/shared';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/Card';
import { ChartFrame, YEAR_OR_ALL_TIME } from '../../../components/ChartFrame';
import { DataTable, type Column } from '../../../components/DataTable';
import { Page } from '../../../components/Page';
import { ProgressBar } from '../../../components/ProgressBar';
import { QueryBoundary } from '../../../components/QueryBoundary';
import { StarRating } from '../../../components/StarRating';
import { formatCount, formatGain, formatRating, gainPercent, ratingPercent } from '../../../lib/figures';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useRatingsChart, useRatingsGrowth, type RatingPlatform, type TimeRange } from '../api/analytics';
import { pick } from '../lib/choices';
import styles from './Analytics.module.css';

type Growth = EndpointData<typeof analyticsApi.loadRatingsGrowth>;
type Point = EndpointData<typeof analyticsApi.loadRatingsChart>[number];

const PLATFORMS = [
  { value: 'google', label: 'Google' },
  { value: 'facebook', label: 'Facebook' },
] as const satisfies readonly { value: RatingPlatform; label: string }[];
const PLATFORM_LABEL: Record<RatingPlatform, string> = { google: 'Google', facebook: 'Facebook' };
const RANGE_VALUES = YEAR_OR_ALL_TIME.map((r) => r.value);

const REVIEWS_COLOUR = '#2563eb';
const RATING_COLOUR = '#d97706';

/** Analyze › Overview: reviews and ratings on Google and Facebook, and how they grew since joining. */
export default function OverviewPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id ?? 0;
  const [params, setParams] = useSearchParams();
  const platform = pick(params.get('source'), PLATFORMS.map((p) => p.value));
  const range = pick<TimeRange>(params.get('range'), RANGE_VALUES);
  const choose = (key: 'source' | 'range', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const growth = useRatingsGrowth(locationId);
  const chart = useRatingsChart(locationId, platform, range);

  return (
    <Page title="Reviews & Ratings Growth" lead="Your reviews and ratings on Google and Facebook, and what they gained since you joined.">
      <ChartFrame
        title={`${PLATFORM_LABEL[platform]} reviews and rating`}
        query={chart}
        isEmpty={(points) => points.length === 0}
        summary={(points) => <ChartTable points={points} />}
        toggles={[{ label: 'Source', options: PLATFORMS, value: platform, onChange: (v) => choose('source', v) }]}
        ranges={YEAR_OR_ALL_TIME}
        range={range}
        onRangeChange={(v) => choose('range', v)}
        height={320}
      >
        {(points) => (
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="#e5e7eb" vertical={false} />
            <XAxis dataKey="label" tick={{ fill: '#58677b', fontSize: 12 }} />
            <YAxis yAxisId="count" allowDecimals={false} tick={{ fill: '#58677b', fontSize: 12 }} width={48} />
            <YAxis yAxisId="rating" orientation="right" domain={[0, 5]} ticks={[0, 1, 2, 3, 4, 5]} tick={{ fill: '#58677b', fontSize: 12 }} width={32} />
            <Tooltip formatter={(value, name) => (name === 'Rating' ? formatRating(Number(value)) : formatCount(Number(value)))} />
            <Legend />
            <Bar yAxisId="count" dataKey="count" name="Reviews" fill={REVIEWS_COLOUR} radius={[3, 3, 0, 0]} isAnimationActive={false} />
            <Line
              yAxisId="rating"
              dataKey="ratings"
              name="Rating"
              stroke={RATING_COLOUR}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          </ComposedChart>
        )}
      </ChartFrame>

      {/* Without any snapshot the chart above already says the data is being collected: no second notice. */}
      <QueryBoundary query={growth} isEmpty={(data) => data.social_media.length === 0} emptyContent={<></>}>
        {(data) => <GrowthCards data={data} />}
      </QueryBoundary>
    </Page>
  );
}

/** The chart's figures as a table, for screen readers. */
function ChartTable({ points }: { points: Point[] }) {
  const caption = 'Reviews and rating per month';
  return <DataTable label={caption} caption={caption} columns={CHART_COLUMNS} rows={points} rowKey={(p) => p.label} compact />;
}

const CHART_COLUMNS: Column<Point>[] = [
  { id: 'month', header: 'Month', rowHeader: true, cell: (p) => p.label },
  { id: 'reviews', header: 'Reviews', cell: (p) => formatCount(p.count) },
  { id: 'rating', header: 'Rating', cell: (p) => formatRating(p.ratings) },
];

interface PlatformLine {
  platform: RatingPlatform;
  value: string;
  bar: { label: string; percent: number };
  note: string;
}

/** Each platform's latest figure, its bar and what changed since joining. */
function PlatformList({ lines }: { lines: PlatformLine[] }) {
  return (
    <ul className={styles.platforms}>
      {lines.map((line) => (
        <li key={line.platform} className={styles.platform}>
          <div className={styles.platformHead}>
            <span className={styles.platformName}>{PLATFORM_LABEL[line.platform]}</span>
            <span className={styles.platformValue}>{line.value}</span>
          </div>
          <ProgressBar label={line.bar.label} percent={line.bar.percent} />
          <p className={styles.gain}>{line.note}</p>
        </li>
      ))}
    </ul>
  );
}

function GrowthCards({ data }: { data: Growth }) {
  const name = (p: Growth['social_media'][number]) => PLATFORM_LABEL[p.social_media];
  return (
    <div className={styles.cards}>
      <Card title="Reviews" headingLevel="h2">
        <p className={styles.total}>
          {formatCount(data.overall.count)}
          <span className={styles.totalUnit}> total reviews</span>
        </p>
        <PlatformList
          lines={data.social_media.map((p) => ({
            platform: p.social_media,
            value: formatCount(p.count),
            bar: { label: `${name(p)} reviews gained since joining`, percent: gainPercent(p.kudo_effect.count, p.count) },
            note: `${formatGain(p.kudo_effect.count)} since joining`,
          }))}
        />
      </Card>
      <Card title="Ratings" headingLevel="h2">
        <p className={styles.total}>
          {formatRating(data.overall.ratings)}
          {data.overall.ratings !== null && <StarRating value={data.overall.ratings} size={20} />}
          <span className={styles.totalUnit}> overall rating</span>
        </p>
        <PlatformList
          lines={data.social_media.map((p) => ({
            platform: p.social_media,
            value: formatRating(p.ratings),
            bar: { label: `${name(p)} rating out of 5`, percent: ratingPercent(p.ratings) },
            note: p.kudo_effect.ratings === null ? 'No change known yet' : `${formatGain(p.kudo_effect.ratings, 2)} since joining`,
          }))}
        />
      </Card>
    </div>
  );
}
