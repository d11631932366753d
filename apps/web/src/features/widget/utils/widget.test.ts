import { describe, expect, it } from 'vitest';
import { widgetApi } from '@kudo/shared';
import { displayPhone, widgetIdFromUrl } from './widget';

describe('widget screen helpers', () => {
  it('takes the id from the last segment of the widget url', () => {
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123')).toBe('Ab_c-123');
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123/')).toBe('Ab_c-123');
    expect(widgetIdFromUrl('https://app.kudo.example/preview-review-widget/Ab_c-123?x=1#top')).toBe('Ab_c-123');
  });
  it('shows stored phones the way they are typed', () => {
    expect(displayPhone('+15125550100')).toBe('(512) 555-0100');
    expect(displayPhone('')).toBe('');
  });
  it('applies the phone rule of the screen', () => {
    const n = widgetApi.normalizeWidgetPhone;
    expect(n('(512) 555-0100')).toBe('+15125550100');
    expect(n('1 512 555 0100')).toBe('+15125550100');
    expect(n('')).toBe('');
    expect(n('   ')).toBe('');
    expect(n('555-0100')).toBeNull();
    expect(n('25125550100')).toBeNull();
    expect(n('+44 20 7946 0958')).toBeNull();
    expect(displayPhone(n('512.555.0100')!)).toBe('(512) 555-0100');
  });
});
