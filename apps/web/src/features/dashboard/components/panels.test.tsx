import type { AccessSubject } from '@kudo/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CompetitorsPanel } from './CompetitorsPanel';
import { GrowthPanel } from './GrowthPanel';
import { LatestReviewsPanel } from './LatestReviewsPanel';

const owner: AccessSubject = {
  role: 'Owner',
  permissions: { twm: 1, dispatch: 1, analytics: 1, settings: 1 },
  subscriptions: [],
  freeTrial: false,
  freeTrialType: null,
};
const trial: AccessSubject = { ...owner, freeTrial: true };

/** Answers each API path with its envelope (or a failure with its status and message). */
function serve(answers: Record<string, { status?: number; body: unknown }>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const answer = answers[url.replace(/^\/api/, '')];
      if (!answer) return new Response(JSON.stringify({ status: 0, message: 'unexpected' }), { status: 500 });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    }),
  );
}

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('dashboard panels', () => {
  test('Reviews & Ratings Growth shows the totals, each platform and the gain since joining', async () => {
    serve({
      '/dashboard/ratings-reviews/load': {
        body: {
          status: 1,
          data: {
            total: { latest: { count: 1250, ratings: 4.62 }, kudo_effect: { count: 310, ratings: 0.21 } },
            google: { latest: { count: 1000, ratings: 4.7 }, kudo_effect: { count: 250, ratings: 0.2 } },
            facebook: null,
          },
        },
      },
    });
    wrap(<GrowthPanel locationId={1} subject={owner} />);
    expect(await screen.findByText('1,250')).toBeTruthy();
    expect(screen.getByText('+310 since joining')).toBeTruthy();
    expect(screen.getByText('+0.21 since joining')).toBeTruthy();
    const google = screen.getByRole('row', { name: /Google/ });
    expect(google.textContent).toContain('1,000');
    expect(google.textContent).toContain('+250');
    expect(screen.queryByRole('row', { name: /Facebook/ })).toBeNull();
  });

  test("in error: 'Oops!' with the server's message and Connect to settings", async () => {
    const notConnected = { status: 404, body: { status: 0, message: 'Connect your Google or Facebook page to follow your ratings.' } };
    serve({ '/dashboard/ratings-reviews/load': notConnected });
    wrap(<GrowthPanel locationId={1} subject={owner} />);
    expect(await screen.findByText('Oops!')).toBeTruthy();
    expect(screen.getByText('Connect your Google or Facebook page to follow your ratings.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe('/settings/general/connect-social-media');
  });

  test('a free trial that cannot open settings gets no Connect button', async () => {
    serve({ '/dashboard/ratings-reviews/load': { status: 404, body: { status: 0, message: 'Not connected' } } });
    wrap(<GrowthPanel locationId={1} subject={trial} />);
    expect(await screen.findByText('Not connected')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Connect' })).toBeNull();
  });

  test('Competitors with none: not tracking any, and the way to add some', async () => {
    serve({ '/dashboard/competitors/load': { body: { status: 1, data: { self: null, competitor_list: [] } } } });
    wrap(<CompetitorsPanel locationId={1} subject={owner} />);
    expect(await screen.findByText('You are not tracking any competitors')).toBeTruthy();
    expect(screen.getByRole('link', { name: '+ Add competitors' }).getAttribute('href')).toBe('/analyze/comp-analysis');
  });

  test('Competitors ranks the location among them, marked (You)', async () => {
    serve({
      '/dashboard/competitors/load': {
        body: {
          status: 1,
          data: {
            self: { name: 'Demo Plumbing', place_id: 'p0', rating: 4.6, count: 80 },
            competitor_list: [{ name: 'Rival Rooter', place_id: 'p1', rating: 4.1, count: 120 }],
          },
        },
      },
    });
    wrap(<CompetitorsPanel locationId={1} subject={owner} />);
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^1stRival Rooter.*120$/),
      expect.stringMatching(/^2ndDemo Plumbing \(You\).*80$/),
    ]);
  });

  test('Latest Reviews lists stars and recommendations, with View all', async () => {
    serve({
      '/dashboard/social-reviews/load': {
        body: {
          status: 1,
          data: {
            reviews: [
              { id: 1, source: 'google', rating: { type: 'star', value: 4 }, author: 'Ann', timestamp: '2026-11-20T10:00:00Z', content: { text: 'Quick fix' }, url: '' },
              { id: 2, source: 'facebook', rating: { type: 'recommendation', value: 1 }, author: 'Bo', timestamp: '2026-11-19T10:00:00Z', content: { text: '' }, url: '' },
            ],
          },
        },
      },
    });
    wrap(<LatestReviewsPanel locationId={1} subject={owner} />);
    expect(await screen.findByRole('img', { name: '4 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('Quick fix')).toBeTruthy();
    expect(screen.getByText("Doesn't recommend")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/analyze/reviews/social-reviews');
  });
});
