import { render, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { TopicChips } from './ReviewCells';

describe('TopicChips', () => {
  test('shows each topic as a chip, in order, saying how the review speaks of it', () => {
    render(<TopicChips row={{ topics: ['punctuality', 'price', 'quality'], topic_sentiments: { punctuality: -1, price: 0, quality: 1 } }} />);
    const chips = within(screen.getByRole('list', { name: 'Topics' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['Punctuality (criticised)', 'Price (mixed)', 'Quality (praised)']);
    expect(chips.map((c) => c.getAttribute('title'))).toEqual(['Punctuality: criticised', 'Price: mixed', 'Quality: praised']);
    expect(new Set(chips.map((c) => c.className)).size).toBe(3);
  });

  test('shows nothing for a review without topics', () => {
    const { container } = render(<TopicChips row={{ topics: [], topic_sentiments: {} }} />);
    expect(container.innerHTML).toBe('');
  });
});
