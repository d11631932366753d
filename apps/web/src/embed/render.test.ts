import { describe, expect, it } from 'vitest';
import { widgetApi } from '@kudo/shared';
import {
  KEY_ATTRIBUTE,
  STATIC_CONTAINER_ID,
  activityText,
  displayName,
  dotContentHtml,
  dotLabel,
  escapeHtml,
  formatDate,
  jsonForScript,
  panelBodyHtml,
  reviewHtml,
  safeColor,
  safeUrl,
  starsHtml,
  structuredData,
  widgetCss,
  type WidgetData,
  type WidgetReview,
} from './render';

const review = (over: Partial<WidgetReview> = {}): WidgetReview => ({
  id: 1,
  author: 'Maria Gonzalez',
  rating: 5,
  text: 'Fixed the leak fast.',
  source: 'google',
  postedAt: '2026-03-04T15:00:00.000Z',
  audioUrl: null,
  url: '',
  campaign: null,
  ...over,
});

const data = (over: Partial<WidgetData> = {}, settings: Partial<WidgetData['settings']> = {}): WidgetData => ({
  business: {
    name: 'Demo Plumbing Austin',
    phone: '+15125550100',
    website: 'https://demo-plumbing.example',
    address: { street: '1100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' },
  },
  aggregateRating: { ratingValue: 4.4, reviewCount: 40 },
  recentReviewCount: 3,
  reviews: [review(), review({ id: 2, author: 'Tom', rating: 4, source: 'kudo', text: '' })],
  allReviewsUrl: 'https://search.google.com/local/reviews?placeid=abc',
  settings: {
    showActivityAlert: 1,
    showImages: 1,
    showRatingsAlways: 1,
    showaudio: 0,
    phoneNumber: '+15125550100',
    showpullout: 1,
    color: '#1F4E79',
    fontColor: '#FFFFFF',
    orientation: 'right',
    theme: 1,
    positionFixed: 0,
    ...settings,
  },
  chat: { enabled: false, greeting: '', color: '', orientation: 'right' },
  generatedAt: '2026-11-23T00:00:00.000Z',
  ...over,
});

describe('shared names', () => {
  it('match the shared package', () => {
    expect(STATIC_CONTAINER_ID).toBe(widgetApi.WIDGET_STATIC_CONTAINER_ID);
    expect(KEY_ATTRIBUTE).toBe(widgetApi.WIDGET_KEY_ATTRIBUTE);
  });
});

describe('escaping and safety', () => {
  it('escapes markup', () => {
    expect(escapeHtml(`<img src=x onerror="a('b')">&`)).toBe('&#60;img src=x onerror=&#34;a(&#39;b&#39;)&#34;&#62;&#38;');
  });
  it('keeps only http(s) links', () => {
    expect(safeUrl('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,hi')).toBeNull();
    expect(safeUrl('not a url')).toBeNull();
    expect(safeUrl(null)).toBeNull();
  });
  it('keeps only hex colours', () => {
    expect(safeColor('#abc', '#000')).toBe('#abc');
    expect(safeColor('red;background:url(x)', '#000')).toBe('#000');
  });
  it('never lets review text or names inject markup', () => {
    const html = reviewHtml(review({ text: '<script>alert(1)</script>', author: '<b>Eve</b> X' }), { showImages: 1, showaudio: 1 });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('&#60;script&#62;');
  });
  it('keeps "<" out of JSON-LD so it cannot close its script tag', () => {
    expect(jsonForScript({ a: '</script><script>x' })).toBe('{"a":"\\u003c/script>\\u003cscript>x"}');
  });
});

describe('formatting', () => {
  it('shortens surnames', () => {
    expect(displayName('Maria Gonzalez')).toBe('Maria G.');
    expect(displayName('Anna van der berg')).toBe('Anna B.');
    expect(displayName('Cher')).toBe('Cher');
    expect(displayName('  ')).toBe('A customer');
  });
  it('formats dates and stars', () => {
    expect(formatDate('2026-03-04T15:00:00.000Z', 'UTC')).toBe('Mar 4, 2026');
    expect(formatDate('nope')).toBe('');
    expect(starsHtml(4.4)).toContain('aria-label="4.4 out of 5 stars"');
    expect(starsHtml(4.4)).toContain('<span class="on">★★★★</span><span class="off">★</span>');
    expect(starsHtml(4.6)).toContain('<span class="on">★★★★★</span><span class="off"></span>');
  });
  it('describes recent activity', () => {
    expect(activityText(0)).toBeNull();
    expect(activityText(1)).toBe('1 review in the last 30 days');
    expect(activityText(12)).toBe('12 reviews in the last 30 days');
  });
});

describe('the review panel', () => {
  it('says the reviews are selected and links to all of them', () => {
    const html = panelBodyHtml(data(), 'UTC');
    expect(html).toContain('Selected reviews');
    expect(html).toContain('href="https://search.google.com/local/reviews?placeid=abc"');
    expect(html).toContain('See all 40 reviews');
    expect(html).toContain('href="tel:+15125550100"');
    expect(html).toContain('Call (512) 555-0100');
    expect(html).toContain('<strong>4.4</strong> · 40 reviews');
    expect(html.match(/class="review"/g)).toHaveLength(2);
    expect(html).toContain('Maria G.');
    expect(html).toContain('Mar 4, 2026');
    expect(html).toContain('Google');
    expect(html).toContain('Kudo');
  });
  it('handles a widget without reviews, link or phone', () => {
    const html = panelBodyHtml(data({ reviews: [], aggregateRating: { ratingValue: 0, reviewCount: 0 }, allReviewsUrl: null, business: { ...data().business, phone: '' } }));
    expect(html).toContain('No reviews yet');
    expect(html).toContain('No reviews to show yet.');
    expect(html).toContain('Selected reviews');
    expect(html).not.toContain('class="all"');
    expect(html).not.toContain('tel:');
  });
  it('shows audio and campaign images only when switched on', () => {
    const r = review({ audioUrl: 'https://cdn.example/a.mp3', campaign: { name: 'Mike T.', image: 'https://cdn.example/mike.jpg' } });
    const on = reviewHtml(r, { showImages: 1, showaudio: 1 });
    expect(on).toContain('<audio class="audio" controls');
    expect(on).toContain('src="https://cdn.example/a.mp3"');
    expect(on).toContain('src="https://cdn.example/mike.jpg"');
    expect(on).toContain('Service by Mike T.');
    const off = reviewHtml(r, { showImages: 0, showaudio: 0 });
    expect(off).not.toContain('<audio');
    expect(off).not.toContain('<img');
  });
  it('links the source when the review has its own url', () => {
    expect(reviewHtml(review({ url: 'https://g.co/r/1' }), { showImages: 0, showaudio: 0 })).toContain(
      '<a href="https://g.co/r/1" target="_blank" rel="noopener">Google</a>',
    );
  });
});

describe('the dot', () => {
  it('has five distinct styles', () => {
    const contents = [1, 2, 3, 4, 5].map((theme) => dotContentHtml(data({}, { theme })));
    expect(new Set(contents).size).toBe(5);
    expect(contents[0]).toContain('<b>4.4</b>');
    expect(contents[1]).toContain('40 reviews');
    expect(contents[2]).toContain('class="big">4.4');
    expect(contents[3]).toContain('Reviews 4.4');
    expect(contents[4]).toBe('<span class="star">★</span>');
  });
  it('hides the rating unless "always show ratings" is on', () => {
    expect(dotContentHtml(data({}, { theme: 2, showRatingsAlways: 0 }))).not.toContain('4.4');
    expect(dotContentHtml(data({}, { theme: 7 }))).toBe(dotContentHtml(data({}, { theme: 1 })));
  });
  it('has a spoken label with the rating that begins with the words it shows', () => {
    expect(dotLabel(data())).toBe('4.4: customer reviews of Demo Plumbing Austin, rated 4.4 out of 5 from 40 reviews');
    expect(dotLabel(data({}, { theme: 2 }))).toMatch(/^4\.4 40 reviews: customer reviews of /);
    expect(dotLabel(data({}, { theme: 5 }))).toBe('Customer reviews of Demo Plumbing Austin, rated 4.4 out of 5 from 40 reviews');
    for (const theme of [1, 2, 3, 4, 5])
      for (const showRatingsAlways of [0, 1] as const) {
        const settings = { theme, showRatingsAlways };
        // The visible words as text: the markup without tags, hidden parts and star glyphs.
        const shown = dotContentHtml(data({}, settings))
          .replace(/<span aria-hidden="true">.*?<\/span><\/span><\/span>/g, '')
          .replace(/<[^>]+>/g, '')
          .replace(/★/g, '')
          .replace(/\s+/g, ' ')
          .trim();
        expect(dotLabel(data({}, settings)).startsWith(shown)).toBe(true);
      }
  });
  it('uses the location’s colours, and only valid ones', () => {
    expect(widgetCss(data().settings)).toContain('background:#1F4E79;color:#FFFFFF');
    // White on the light fallback would not read: the text turns black.
    expect(widgetCss({ ...data().settings, color: 'x}body{display:none', fontColor: '' })).toContain('background:#DDDDDD;color:#000000');
    expect(widgetCss({ ...data().settings, color: '#FFD700', fontColor: '#FFFFFF' })).toContain('background:#FFD700;color:#000000');
  });
});

describe('structured data', () => {
  it('is a LocalBusiness with the aggregate over all reviews', () => {
    const ld = structuredData(data());
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'LocalBusiness',
      name: 'Demo Plumbing Austin',
      url: 'https://demo-plumbing.example/',
      telephone: '+15125550100',
      address: { '@type': 'PostalAddress', streetAddress: '1100 Congress Ave', addressLocality: 'Austin', addressRegion: 'TX' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.4, reviewCount: 40, bestRating: 5, worstRating: 1 },
    });
    expect(ld.review).toHaveLength(2);
    expect((ld.review as { author: { name: string } }[])[0]!.author.name).toBe('Maria G.');
  });
  it('claims no rating when there are no reviews', () => {
    const ld = structuredData(data({ reviews: [], aggregateRating: { ratingValue: 0, reviewCount: 0 } }));
    expect(ld.aggregateRating).toBeUndefined();
    expect(ld.review).toBeUndefined();
  });
});
