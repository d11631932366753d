import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { Link, useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/Card';
import { ChartFrame } from '../../../components/ChartFrame';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateRangeField, type DateRange } from '../../../components/DateRangeField';
import { Page } from '../../../components/Page';
import { QueryBoundary, settledQuery } from '../../../components/QueryBoundary';
import { SelectField } from '../../../components/SelectField';
import { formatCount } from '../../../lib/figures';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useInsights, useTechnicians } from '../api/insights';
import {
  DEFAULT_PRESET,
  formatNet,
  formatShare,
  INSIGHTS_ERROR_TITLE,
  insightsErrorMessage,
  insightsPresets,
  quotesByTopic,
  TOPIC_COLOURS,
  topicBars,
  topicLabel,
  topicReviewsLink,
  trendPoints,
  type Insights,
  type Quote,
  type TopicBar,
} from '../lib/insights';
import styles from './Insights.module.css';

const PRAISED = '#15803d';
const MIXED = '#94a3b8';
const BLAMED = '#dc2626';
const AXIS_TICK = { fill: '#58677b', fontSize: 12 };
const SOURCE_LABEL: Record<string, string> = { kudo: 'pulseCheck', google: 'Google', facebook: 'Facebook', fb: 'Facebook', yelp: 'Yelp' };
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

interface Filters {
  range: DateRange;
  campaign: string;
}

/** Analyze › Insights: what the range's reviews talk about, how it moves month by month, and per technician. */
export default function InsightsPage() {
  const session = useCurrentSession();
  const locationId = session?.location.location_id ?? 0;
  const [params, setParams] = useSearchParams();
  const presets = insightsPresets(new Date());
  const fallback = presets[DEFAULT_PRESET]!;
  const filters: Filters = {
    range: { from: params.get('from') ?? fallback.from, to: params.get('to') ?? fallback.to },
    campaign: params.get('campaign') ?? '',
  };
  const put = (values: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(values)) {
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  const query = useInsights(locationId, filters.range.from, filters.range.to, filters.campaign);
  const technicians = useTechnicians(locationId);

  return (
    <Page
      title="Insights"
      lead="What your reviews talk about, whether customers praise or blame it, and each technician's strongest and weakest topic."
      actions={
        <div className={styles.filters}>
          <SelectField
            label="Technician"
            value={filters.campaign}
            onChange={(campaign) => put({ campaign })}
            options={[{ value: '', label: 'All Technicians' }, ...(technicians.data ?? []).map((c) => ({ value: c.uid, label: c.name }))]}
          />
          <DateRangeField label="Date range" value={filters.range} onChange={(range) => put({ from: range.from, to: range.to })} presets={presets} />
        </div>
      }
    >
      <QueryBoundary
        query={query}
        errorTitle={INSIGHTS_ERROR_TITLE}
        errorMessage={insightsErrorMessage}
        isEmpty={(data) => data.topics.length === 0}
        empty={{
          title: 'No topics in this range yet',
          description: 'Topics come from the words of your reviews. Choose a longer range, or check back once new reviews with text come in.',
        }}
      >
        {(data) => <InsightsReport data={data} filters={filters} />}
      </QueryBoundary>
    </Page>
  );
}

function InsightsReport({ data, filters }: { data: Insights; filters: Filters }) {
  return (
    <div className={styles.report}>
      <div className={styles.row2}>
        <TopicsChart data={data} />
        <TrendChart data={data} />
      </div>
      <Quotes data={data} filters={filters} />
      <Technicians data={data} />
    </div>
  );
}

function TopicsChart({ data }: { data: Insights }) {
  const bars = topicBars(data.topics);
  return (
    <ChartFrame
      title="Topics by mentions"
      query={settledQuery(bars)}
      isEmpty={(b) => b.length === 0}
      summary={() => <TopicsTable data={data} caption="Mentions of each topic" />}
      height={Math.max(200, 44 * bars.length + 60)}
    >
      {(b: TopicBar[]) => (
        <BarChart data={b} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e5e7eb" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="label" tick={AXIS_TICK} width={110} />
          <Tooltip />
          <Legend />
          <Bar dataKey="Praised" stackId="m" fill={PRAISED} isAnimationActive={false} />
          <Bar dataKey="Mixed" stackId="m" fill={MIXED} isAnimationActive={false} />
          <Bar dataKey="Blamed" stackId="m" fill={BLAMED} isAnimationActive={false} />
        </BarChart>
      )}
    </ChartFrame>
  );
}

/** The ranking in figures: what the bar chart draws, for screen readers and for the exact shares. */
function TopicsTable({ data, caption }: { data: Insights; caption: string }) {
  return <DataTable label={caption} caption={caption} columns={TOPIC_COLUMNS} rows={data.topics} rowKey={(t) => t.topic} compact />;
}

const TOPIC_COLUMNS: Column<Insights['topics'][number]>[] = [
  { id: 'topic', header: 'Topic', cell: (t) => topicLabel(t.topic), rowHeader: true },
  { id: 'mentions', header: 'Mentions', cell: (t) => formatCount(t.mentions) },
  { id: 'praised', header: 'Praised', cell: (t) => formatShare(t.positive_share) },
  { id: 'blamed', header: 'Blamed', cell: (t) => formatShare(t.negative_share) },
];

function TrendChart({ data }: { data: Insights }) {
  const points = trendPoints(data);
  return (
    <ChartFrame
      title="Mentions per month"
      query={settledQuery(points)}
      isEmpty={(p) => p.length === 0}
      summary={() => <TrendTable data={data} />}
      height={Math.max(200, 44 * data.topics.length + 60)}
    >
      {(p) => (
        <LineChart data={p} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis dataKey="month" tick={AXIS_TICK} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={36} />
          <Tooltip />
          <Legend />
          {data.topics.map((t) => (
            <Line key={t.topic} type="monotone" dataKey={topicLabel(t.topic)} stroke={TOPIC_COLOURS[t.topic]} strokeWidth={2} dot={p.length < 14} isAnimationActive={false} />
          ))}
        </LineChart>
      )}
    </ChartFrame>
  );
}

function TrendTable({ data }: { data: Insights }) {
  const columns: Column<Insights['months'][number]>[] = [
    { id: 'month', header: 'Month', cell: (m) => m.label, rowHeader: true },
    ...data.topics.map((t): Column<Insights['months'][number]> => ({ id: t.topic, header: topicLabel(t.topic), cell: (m) => m.mentions[t.topic] })),
  ];
  const caption = 'Mentions of each topic per month';
  return <DataTable label={caption} caption={caption} columns={columns} rows={data.months} rowKey={(m) => m.month} compact />;
}

function Quotes({ data, filters }: { data: Insights; filters: Filters }) {
  const figures = new Map(data.topics.map((t) => [t.topic, t]));
  return (
    <Card title="What customers say" description="Recent words about each topic. A quote opens the reviews of its topic in this range.">
      <ul className={styles.topics}>
        {quotesByTopic(data).map(({ topic, positive, negative }) => {
          const t = figures.get(topic)!;
          const link = topicReviewsLink(topic, filters.range, filters.campaign);
          return (
            <li key={topic} className={styles.topic}>
              <h3 className={styles.topicTitle}>{topicLabel(topic)}</h3>
              <p className={styles.topicFigures}>
                {formatCount(t.mentions)} {t.mentions === 1 ? 'mention' : 'mentions'} · {formatShare(t.positive_share)} praised · {formatShare(t.negative_share)} blamed
              </p>
              {positive && <QuoteLink quote={positive} to={link} />}
              {negative && <QuoteLink quote={negative} to={link} />}
              <Link className={styles.more} to={link}>
                All {topicLabel(topic).toLowerCase()} reviews
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function QuoteLink({ quote, to }: { quote: Quote; to: string }) {
  const praised = quote.polarity === 'positive';
  return (
    <figure className={praised ? styles.praised : styles.blamed}>
      <span className={styles.polarity}>{praised ? 'Praised' : 'Blamed'}</span>
      <blockquote className={styles.quote}>
        <Link to={to}>“{quote.excerpt}”</Link>
      </blockquote>
      <figcaption className={styles.source}>
        {quote.author || 'A customer'}, {SOURCE_LABEL[quote.source] ?? quote.source}, {DAY.format(new Date(quote.captured_on))}
      </figcaption>
    </figure>
  );
}

function Technicians({ data }: { data: Insights }) {
  const min = data.min_mentions;
  return (
    <Card
      title="Technicians"
      flush
      description={`Strongest and weakest topic of each technician among the topics mentioned at least ${min} times in their reviews of the range, by net share: praised minus blamed, out of the topic's mentions.`}
    >
      {data.technicians.length === 0 ? (
        <p className={styles.none}>No review of this range names a technician.</p>
      ) : (
        <DataTable
          label="Technicians"
          caption="Each technician's strongest and weakest topic"
          hideCaption
          columns={technicianColumns(min)}
          rows={data.technicians}
          rowKey={(tech) => tech.campaign_uid}
        />
      )}
    </Card>
  );
}

const technicianColumns = (min: number): Column<Insights['technicians'][number]>[] => [
  { id: 'technician', header: 'Technician', cell: (tech) => tech.name, rowHeader: true },
  { id: 'mentions', header: 'Mentions', align: 'end', cell: (tech) => formatCount(tech.mentions) },
  { id: 'strongest', header: 'Strongest topic', cell: (tech) => <Extreme topic={tech.strongest} min={min} /> },
  {
    id: 'weakest',
    header: 'Weakest topic',
    cell: (tech) => <Extreme topic={tech.weakest} min={min} none={tech.strongest ? 'No weaker topic with enough mentions' : undefined} />,
  },
];

type ExtremeTopic = Insights['technicians'][number]['strongest'];

function Extreme({ topic, min, none }: { topic: ExtremeTopic; min: number; none?: string | undefined }) {
  if (!topic) return <span className={styles.muted}>{none ?? `No topic with ${min} mentions yet`}</span>;
  return (
    <span>
      <strong>{topicLabel(topic.topic)}</strong>{' '}
      <span className={styles.muted}>
        net {formatNet(topic.net_share)} · {formatCount(topic.mentions)} mentions, {formatShare(topic.positive_share)} praised, {formatShare(topic.negative_share)} blamed
      </span>
    </span>
  );
}
