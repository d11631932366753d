import type { analyticsApi, EndpointData } from '@kudo/shared';
import { Area, AreaChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSearchParams } from 'react-router-dom';
import { Card } from '../../../components/Card';
import { ChartFrame } from '../../../components/ChartFrame';
import { DataTable, type Column } from '../../../components/DataTable';
import { DateRangeField, type DateRange } from '../../../components/DateRangeField';
import { InfoTip } from '../../../components/InfoTip';
import { Page } from '../../../components/Page';
import { QueryBoundary, settledQuery } from '../../../components/QueryBoundary';
import { SentimentFace, type Sentiment } from '../../../components/Sentiment';
import { StarRating } from '../../../components/StarRating';
import { formatCount, formatPercent } from '../../../lib/figures';
import { formatKudoIndex } from '../../../lib/kudoIndex';
import { useCurrentSession } from '../../../lib/session/hooks';
import { useDispatching } from '../api/analytics';
import {
  DISPATCHING_ERROR_TITLE,
  dispatchingErrorMessage,
  dispatchingPresets,
  ratingsInOrder,
  usageSeries,
  type UsagePoint,
} from '../lib/dispatching';
import styles from './Dispatching.module.css';

type Dispatching = EndpointData<typeof analyticsApi.loadDispatching>;
type Figures = Dispatching['data'];

const EMAIL_COLOUR = '#2563eb';
const SMS_COLOUR = '#15803d';
const SCANS_COLOUR = '#d97706';
const AXIS_TICK = { fill: '#58677b', fontSize: 12 };
const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortDay = (day: string) => SHORT_DAY.format(new Date(`${day}T00:00:00Z`));

/** Analyze › Dispatching: what the range's pulseChecks and bios brought in, and how they were sent. */
export default function DispatchingPage() {
  const session = useCurrentSession();
  const [params, setParams] = useSearchParams();
  const presets = dispatchingPresets(new Date());
  const fallback = presets[1]!;
  const range: DateRange = {
    from: params.get('from') ?? fallback.from,
    to: params.get('to') ?? fallback.to,
  };
  const setRange = (next: DateRange) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const key of ['from', 'to'] as const) {
          const value = next[key];
          if (value) out.set(key, value);
          else out.delete(key);
        }
        return out;
      },
      { replace: true },
    );
  const query = useDispatching(session?.location.location_id ?? 0, range.from, range.to);

  return (
    <Page title="Dispatching" actions={<DateRangeField label="Date range" value={range} onChange={setRange} presets={presets} />}>
      <QueryBoundary
        query={query}
        errorTitle={DISPATCHING_ERROR_TITLE}
        errorMessage={dispatchingErrorMessage}
        isEmpty={() => false}
      >
        {({ data }) => <DispatchingReport data={data} />}
      </QueryBoundary>
    </Page>
  );
}

function DispatchingReport({ data }: { data: Figures }) {
  return (
    <div className={styles.report}>
      <div className={styles.row3}>
        <Engagement data={data} />
        <Ratings data={data} />
        <SentimentCard data={data} />
      </div>
      <div className={styles.row2}>
        <UsageChart title="Bios" emails={data.bio_email_count} sms={data.bio_sms_count} />
        <UsageChart title="pulseChecks" emails={data.pulse_check_email_count} sms={data.pulse_check_sms_count} />
      </div>
      <ContactCards data={data} />
    </div>
  );
}

const ENGAGEMENT = [
  {
    label: 'pulseCheck Participant Count',
    tip: 'Number of pulseChecks submitted',
    value: (d: Figures) => formatCount(d.pulse_checks_participant_count.value),
  },
  {
    label: 'Kudo Index',
    tip: 'Average of the overall review rating for all reviews in the date range',
    value: (d: Figures) => (d.kudo_index.value === null ? '—' : formatKudoIndex(d.kudo_index.value)),
  },
  {
    label: 'Review Leads Generated',
    tip: 'Number of customers routed to a social media page from the pulseCheck',
    value: (d: Figures) => formatCount(d.review_leads.value),
  },
] as const;

const engagementColumns = (data: Figures): Column<(typeof ENGAGEMENT)[number]>[] => [
  {
    id: 'figure',
    header: 'Figure',
    rowHeader: true,
    cell: (row) => (
      <>
        {row.label} <InfoTip label={row.label} text={row.tip} />
      </>
    ),
  },
  { id: 'value', header: 'Value', align: 'end', className: styles.figure, cell: (row) => row.value(data) },
];

function Engagement({ data }: { data: Figures }) {
  return (
    <Card title="Customer Engagement">
      <DataTable label="Customer engagement figures" columns={engagementColumns(data)} rows={ENGAGEMENT} rowKey={(row) => row.label} hideHeaders />
    </Card>
  );
}

const RATING_COLUMNS: Column<ReturnType<typeof ratingsInOrder>[number]>[] = [
  { id: 'rating', header: 'Rating', rowHeader: true, cell: (r) => r.label },
  {
    id: 'average',
    header: 'Average',
    align: 'end',
    className: styles.figure,
    cell: (r) => (r.value === null ? <span className={styles.muted}>No answers</span> : <StarRating value={r.value} showValue />),
  },
];

function Ratings({ data }: { data: Figures }) {
  return (
    <Card title="Ratings">
      <DataTable label="Average ratings" columns={RATING_COLUMNS} rows={ratingsInOrder(data.sliders)} rowKey={(r) => r.label} hideHeaders />
    </Card>
  );
}

const SENTIMENT_ROWS: { sentiment: Sentiment; label: string; key: 'happy_count' | 'neutral_count' | 'unhappy_count' }[] = [
  { sentiment: 'positive', label: 'Happy Customer Count', key: 'happy_count' },
  { sentiment: 'neutral', label: 'Neutral Customer Count', key: 'neutral_count' },
  { sentiment: 'negative', label: 'Unhappy Customer Count', key: 'unhappy_count' },
];

const sentimentColumns = (data: Figures): Column<(typeof SENTIMENT_ROWS)[number]>[] => [
  {
    id: 'sentiment',
    header: 'Sentiment',
    rowHeader: true,
    cell: (row) => (
      <span className={styles.face}>
        <SentimentFace sentiment={row.sentiment} size={22} decorative />
        {row.label}
      </span>
    ),
  },
  { id: 'share', header: 'Share', align: 'end', className: styles.figure, cell: (row) => formatPercent(data[row.key].percent) },
];

function SentimentCard({ data }: { data: Figures }) {
  return (
    <Card title="Customer Sentiment">
      <DataTable label="Customer sentiment shares" columns={sentimentColumns(data)} rows={SENTIMENT_ROWS} rowKey={(row) => row.key} hideHeaders />
    </Card>
  );
}

function UsageChart({ title, emails, sms }: { title: string; emails: Figures['bio_email_count']; sms: Figures['bio_sms_count'] }) {
  const points = usageSeries(emails, sms);
  return (
    <ChartFrame
      title={title}
      query={settledQuery(points)}
      isEmpty={(p) => p.length === 0}
      summary={(p) => <UsageTable title={title} points={p} emails={emails.value} sms={sms.value} />}
      height={220}
    >
      {(p) => (
        <AreaChart data={p} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="#e5e7eb" vertical={false} />
          <XAxis dataKey="day" tickFormatter={shortDay} tick={AXIS_TICK} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={36} />
          <Tooltip labelFormatter={(day) => shortDay(String(day))} />
          <Legend />
          <Area type="monotone" dataKey="Emails" stroke={EMAIL_COLOUR} fill={EMAIL_COLOUR} fillOpacity={0.15} isAnimationActive={false} />
          <Area type="monotone" dataKey="SMS" stroke={SMS_COLOUR} fill={SMS_COLOUR} fillOpacity={0.15} isAnimationActive={false} />
        </AreaChart>
      )}
    </ChartFrame>
  );
}

const USAGE_COLUMNS: Column<UsagePoint>[] = [
  { id: 'day', header: 'Day', rowHeader: true, cell: (p) => shortDay(p.day) },
  { id: 'emails', header: 'Emails', cell: (p) => p.Emails },
  { id: 'sms', header: 'SMS', cell: (p) => p.SMS },
];

/** The chart in words: the totals, then the days that had sends. */
function UsageTable({ title, points, emails, sms }: { title: string; points: UsagePoint[]; emails: number; sms: number }) {
  const busy = points.filter((p) => p.Emails + p.SMS > 0);
  return (
    <>
      <p>
        {title}: {formatCount(emails)} by email and {formatCount(sms)} by SMS in the range.
      </p>
      {busy.length > 0 && (
        <DataTable label={`${title} sent per day`} caption={`${title} sent per day`} columns={USAGE_COLUMNS} rows={busy} rowKey={(p) => p.day} compact />
      )}
    </>
  );
}

function ContactCards({ data }: { data: Figures }) {
  const sent = data.contact_card_count.value;
  const scans = data.qrcode_total_count.value;
  const slices = [
    { name: 'Cards sent', value: sent, colour: EMAIL_COLOUR },
    { name: 'QR code scans', value: scans ?? 0, colour: SCANS_COLOUR },
  ];
  const drawn = slices.filter((s) => s.value > 0);
  return (
    <Card title="Contact Card">
      <div className={styles.cards}>
        <dl className={styles.cardFigures}>
          <div>
            <dt>Contact cards sent</dt>
            <dd>{formatCount(sent)}</dd>
          </div>
          <div>
            <dt>QR code scans</dt>
            <dd>{scans === null ? <span className={styles.muted}>Not recorded</span> : formatCount(scans)}</dd>
          </div>
        </dl>
        <figure className={styles.donut} aria-label={`Contact cards sent: ${formatCount(sent)}; QR code scans: ${scans === null ? 'not recorded' : formatCount(scans)}.`}>
          {drawn.length === 0 ? (
            <p className={styles.muted}>No contact cards sent or scanned in this range.</p>
          ) : (
            <ResponsiveContainer width="100%" height={180}>
              <PieChart>
                <Pie data={drawn} dataKey="value" nameKey="name" innerRadius={50} outerRadius={75} strokeWidth={drawn.length > 1 ? 1 : 0} isAnimationActive={false}>
                  {drawn.map((s) => (
                    <Cell key={s.name} fill={s.colour} />
                  ))}
                </Pie>
                <Tooltip />
                <Legend />
              </PieChart>
            </ResponsiveContainer>
          )}
        </figure>
      </div>
    </Card>
  );
}
