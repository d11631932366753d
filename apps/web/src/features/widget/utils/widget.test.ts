import { describe, expect, it } from 'vitest';
import { widgetIdFromUrl } from './widget';

describe('widget screen helpers', () => {
  it('takes the id from the last segment of the widget url', () => {
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123')).toBe('Ab_c-123');
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123/')).toBe('Ab_c-123');
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123?x=1#top')).toBe('Ab_c-123');
  });
});
