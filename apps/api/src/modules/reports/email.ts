import { PRODUCT } from '@kudo/shared';
import { renderChartPng } from '../../lib/charts.js';
import { escapeHtml } from '../../lib/escape.js';
import type { EmailAttachment, EmailMessage } from '../../lib/mail.js';
import type { DayRange } from '../analytics/index.js';
import type { ReportFigures } from './figures.js';
import type { ReportFrequency } from './schedule.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const COLORS = { happy: '#16a34a', neutral: '#f59e0b', unhappy: '#dc2626', points: '#2563eb' };

const monthOf = (day: string) => MONTHS[Number(day.slice(5, 7)) - 1]!;
const short = (day: string) => `${monthOf(day).slice(0, 3)} ${Number(day.slice(8, 10))}`;

/** "Nov 16 – Nov 22, 2026" for a week, "November 2026" for a month. */
export function periodLabel(frequency: ReportFrequency, period: DayRange): string {
  if (frequency === 'monthly') return `${monthOf(period.from)} ${period.from.slice(0, 4)}`;
  const sameYear = period.from.slice(0, 4) === period.to.slice(0, 4);
  return `${short(period.from)}${sameYear ? '' : `, ${period.from.slice(0, 4)}`} – ${short(period.to)}, ${period.to.slice(0, 4)}`;
}

export const REPORT_TITLE: Record<ReportFrequency, string> = { weekly: 'Weekly report', monthly: 'Monthly report' };

export const CHART_IDS = { answers: 'kudo-answers-chart', technicians: 'kudo-technicians-chart' } as const;

/** The report's charts as inline PNG attachments: answers per day by sentiment, and the top technicians' points. */
export async function reportCharts(f: ReportFigures): Promise<EmailAttachment[]> {
  const labels = f.daily.map((d) => (f.frequency === 'weekly' ? WEEKDAYS[new Date(`${d.day}T00:00:00Z`).getUTCDay()]! : String(Number(d.day.slice(8, 10)))));
  const bar = (name: string, key: 'happy' | 'neutral' | 'unhappy') => ({
    name,
    type: 'bar',
    stack: 'answers',
    itemStyle: { color: COLORS[key] },
    data: f.daily.map((d) => d[key]),
  });
  const answers = await renderChartPng(
    {
      title: { text: 'Answers per day', left: 0, textStyle: { fontSize: 14, fontWeight: 600 } },
      legend: { top: 0, right: 0, textStyle: { fontSize: 11 } },
      grid: { left: 36, right: 8, top: 36, bottom: 28 },
      xAxis: { type: 'category', data: labels, axisLabel: { fontSize: 10 } },
      yAxis: { type: 'value', minInterval: 1, axisLabel: { fontSize: 10 } },
      series: [bar('Happy', 'happy'), bar('Neutral', 'neutral'), bar('Unhappy', 'unhappy')],
    },
    { width: 560, height: 220 },
  );
  const files: EmailAttachment[] = [{ filename: 'answers.png', contentType: 'image/png', content: answers, contentId: CHART_IDS.answers }];
  if (f.technicians.length) {
    const ranked = [...f.technicians].reverse();
    const technicians = await renderChartPng(
      {
        title: { text: 'Top technicians by points', left: 0, textStyle: { fontSize: 14, fontWeight: 600 } },
        grid: { left: 130, right: 40, top: 32, bottom: 8 },
        xAxis: { type: 'value', show: false },
        yAxis: { type: 'category', data: ranked.map((t) => (t.name.length > 20 ? `${t.name.slice(0, 19)}…` : t.name)), axisLabel: { fontSize: 11 } },
        series: [{ type: 'bar', data: ranked.map((t) => t.points), itemStyle: { color: COLORS.points }, label: { show: true, position: 'right', fontSize: 11 } }],
      },
      { width: 560, height: 40 + 30 * ranked.length },
    );
    files.push({ filename: 'technicians.png', contentType: 'image/png', content: technicians, contentId: CHART_IDS.technicians });
  }
  return files;
}

const signed = (n: number | null, digits = 1) => (n === null ? '—' : `${n > 0 ? '+' : n < 0 ? '−' : '±'}${Math.abs(n).toFixed(digits).replace(/\.0+$/, '')}`);
const value = (n: number | null) => (n === null ? '—' : String(n));
const PLATFORM_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

export interface ReportEmailInput {
  to: string;
  locationId: number;
  business: { name: string; address: string };
  figures: ReportFigures;
  charts: EmailAttachment[];
  viewUrl: string;
  /** The link that stops this report for this recipient; null for a sample sent to a user. */
  unsubscribeUrl: string | null;
}

/** The report email: HTML with the charts inline, and the same figures as plain text. */
export function reportEmail(input: ReportEmailInput): EmailMessage {
  const f = input.figures;
  const title = REPORT_TITLE[f.frequency];
  const label = periodLabel(f.frequency, f.period);
  const than = f.frequency === 'weekly' ? 'the week before' : 'the month before';
  const rows: [string, string][] = [
    ['pulseChecks sent', String(f.pulseChecksSent)],
    ['pulseChecks answered', String(f.pulseChecksAnswered)],
    ['Kudo Index', `${value(f.kudoIndex)} (${signed(f.kudoIndexChange)} vs ${than})`],
    ['Happy / Neutral / Unhappy', `${f.happy} / ${f.neutral} / ${f.unhappy}`],
    ['Review leads', String(f.reviewLeads)],
    ...f.platforms.map(
      (p): [string, string] => [
        `New ${PLATFORM_NAMES[p.platform]} reviews`,
        `${p.newReviews} (rating ${value(p.rating)}, ${signed(p.ratingChange, 2)})`,
      ],
    ),
  ];
  const technicians = f.technicians.map((t, i) => `${i + 1}. ${t.name}${t.department ? ` (${t.department})` : ''}: ${t.points} points`);
  const competitors = f.competitors.map(
    (c) => `${c.name}: rating ${value(c.rating)} (${signed(c.ratingChange, 2)}), ${value(c.reviewCount)} reviews (${signed(c.reviewCountChange, 0)})`,
  );
  const footer = `${input.business.name}${input.business.address ? `, ${input.business.address}` : ''}`;
  const why = input.unsubscribeUrl
    ? `You receive this ${f.frequency} report as a reporting recipient of ${input.business.name}.`
    : `A sample of the ${f.frequency} report, sent because you asked for it.`;

  const text = [
    `${title} for ${input.business.name}: ${label}`,
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    'Top technicians by points:',
    ...(technicians.length ? technicians : ['No points earned in this period.']),
    '',
    'Competitors (since the last report):',
    ...(competitors.length ? competitors : ['No competitors added yet.']),
    '',
    `View in ${PRODUCT.name}: ${input.viewUrl}`,
    '',
    '—',
    footer,
    why,
    ...(input.unsubscribeUrl ? [`Unsubscribe from this report: ${input.unsubscribeUrl}`] : []),
  ].join('\n');

  const cell = 'padding:6px 8px;border-bottom:1px solid #e5e7eb';
  const table = (body: string) => `<table role="presentation" style="width:100%;border-collapse:collapse;font-size:14px;margin:0 0 18px">${body}</table>`;
  const img = (id: string, alt: string) =>
    input.charts.some((c) => c.contentId === id) ? `<p style="margin:0 0 18px"><img src="cid:${id}" alt="${escapeHtml(alt)}" width="560" style="max-width:100%;height:auto"></p>` : '';
  const list = (items: string[], empty: string) =>
    items.length ? `<ul style="margin:0 0 18px;padding-left:20px">${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : `<p style="color:#6b7280">${escapeHtml(empty)}</p>`;
  const html = `<div style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:600px;margin:auto;color:#1f2937;font-size:15px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 4px">${escapeHtml(title)}: ${escapeHtml(input.business.name)}</h1>
<p style="margin:0 0 18px;color:#6b7280">${escapeHtml(label)}</p>
${table(rows.map(([k, v]) => `<tr><td style="${cell}">${escapeHtml(k)}</td><td style="${cell};text-align:right;font-weight:600">${escapeHtml(v)}</td></tr>`).join(''))}
${img(CHART_IDS.answers, `Answers per day: ${f.happy} happy, ${f.neutral} neutral, ${f.unhappy} unhappy`)}
<h2 style="font-size:16px;margin:0 0 8px">Top technicians by points</h2>
${img(CHART_IDS.technicians, technicians.join('; '))}${list(technicians, 'No points earned in this period.')}
<h2 style="font-size:16px;margin:0 0 8px">Competitors (since the last report)</h2>
${list(competitors, 'No competitors added yet.')}
<p style="margin:18px 0"><a href="${escapeHtml(input.viewUrl)}" style="display:inline-block;background:#2563eb;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:600">View in ${PRODUCT.name}</a></p>
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0 12px">
<p style="font-size:12px;color:#6b7280;margin:0">${escapeHtml(footer)}<br>${escapeHtml(why)}${
    input.unsubscribeUrl ? ` <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe from this report</a>` : ''
  }</p></div>`;

  return {
    to: input.to,
    subject: `${title} for ${input.business.name}: ${label}`,
    text,
    html,
    locationId: input.locationId,
    audience: 'staff',
    attachments: input.charts,
    ...(input.unsubscribeUrl ? { headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}
