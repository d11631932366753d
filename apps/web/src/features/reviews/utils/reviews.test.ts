import { describe, expect, it, vi } from 'vitest';
import { approvalChange, approveInTurn } from './approval';
import { customerAddress } from './format';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, toReviewExtra } from './filters';

describe('approvalChange', () => {
  it('toggles a positive review and lets a non-positive one only lose its approval', () => {
    expect(approvalChange({ sentiment: 'Positive', approved: false })).toEqual({ approved: true });
    expect(approvalChange({ sentiment: 'Positive', approved: true })).toEqual({ approved: false });
    expect(approvalChange({ sentiment: 'Neutral', approved: true })).toEqual({ approved: false });
    expect(approvalChange({ sentiment: 'Neutral', approved: false })).toBe('denied');
    expect(approvalChange({ sentiment: 'Negative', approved: false })).toBe('denied');
  });
});

describe('approveInTurn', () => {
  it('approves the positive ones one after another and counts them against all ticked', async () => {
    const order: number[] = [];
    const approve = vi.fn(async (id: number) => {
      order.push(id);
      if (id === 3) throw new Error('refused');
    });
    const rows = [
      { transaction_id: 1, sentiment: 'Positive' as const, approved: false },
      { transaction_id: 2, sentiment: 'Negative' as const, approved: false },
      { transaction_id: 3, sentiment: 'Positive' as const, approved: false },
      { transaction_id: 4, sentiment: 'Positive' as const, approved: true },
      { transaction_id: 5, sentiment: 'Positive' as const, approved: false },
    ];
    expect(await approveInTurn(rows, approve)).toEqual({ approved: 3, of: 5 });
    expect(order).toEqual([1, 3, 5]);
  });
});

describe('review filters', () => {
  it('round-trip through the address and leave defaults out', () => {
    const filters = { campaign: 'abc', approval: 'unapproved' as const, moods: ['negative', 'positive'] as const, archived: true, audioOnly: true, topic: 'price' as const };
    const params = filtersToParams(filters, new URLSearchParams('page=2'));
    expect(params.toString()).toBe('page=2&campaign=abc&show=unapproved&mood=negative%2Cpositive&archived=1&audio=1&topic=price');
    expect(filtersFromParams(params)).toEqual({ ...filters, moods: ['positive', 'negative'] });
    expect(filtersToParams(DEFAULT_FILTERS, new URLSearchParams()).toString()).toBe('');
    expect(filtersFromParams(new URLSearchParams('show=everything&mood=angry&topic=speed'))).toEqual(DEFAULT_FILTERS);
  });

  it('become the fetch call’s filters', () => {
    expect(toReviewExtra({ ...DEFAULT_FILTERS, approval: 'no_text', moods: ['neutral'], audioOnly: true })).toEqual({
      campaignUid: null,
      topic: null,
      filters: { text_and_audio: false, approved: false, unapproved: false, no_text: true, positive: false, neutral: true, negative: false, archived: false },
    });
  });

  it('name one topic to the fetch call, or none', () => {
    expect(toReviewExtra({ ...DEFAULT_FILTERS, topic: 'cleanliness' }).topic).toBe('cleanliness');
    expect(toReviewExtra(DEFAULT_FILTERS).topic).toBeNull();
  });
});

describe('customerAddress', () => {
  it('adds city, state and zip only when the address does not already hold them', () => {
    const row = { customer_address: '373 Riverside Dr', customer_city: 'Austin', customer_state: 'TX', customer_zipcode: '78701' };
    expect(customerAddress(row)).toBe('373 Riverside Dr, Austin, TX 78701');
    expect(customerAddress({ ...row, customer_address: '373 Riverside Dr, Austin, TX', customer_zipcode: '' })).toBe('373 Riverside Dr, Austin, TX');
    expect(customerAddress({ ...row, customer_address: '' })).toBe('Austin, TX 78701');
    expect(customerAddress({ customer_address: '', customer_city: '', customer_state: '', customer_zipcode: '' })).toBe('');
  });
});
