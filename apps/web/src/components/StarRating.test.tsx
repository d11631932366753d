import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { ScoreBadge, SentimentFace } from './Sentiment';
import { StarRating, starFill } from './StarRating';

describe('StarRating', () => {
  test('fills the stars to the exact value and reads it out', () => {
    const { container } = render(<StarRating value={4.26} showValue />);
    expect(screen.getByRole('img', { name: '4.3 out of 5 stars' })).toBeTruthy();
    expect(screen.getByText('4.3')).toBeTruthy();
    const full = container.querySelector<HTMLElement>('[style]');
    expect(full?.style.width).toBe(`${(4.26 / 5) * 100}%`);
  });

  test('keeps the fill between none and all five stars', () => {
    expect(starFill(-1)).toBe(0);
    expect(starFill(0)).toBe(0);
    expect(starFill(2.5)).toBe(50);
    expect(starFill(7)).toBe(100);
  });
});

describe('SentimentFace and ScoreBadge', () => {
  test('a face is named by its mood unless the text beside it says it', () => {
    render(
      <>
        <SentimentFace sentiment="positive" />
        <SentimentFace sentiment="negative" />
        <SentimentFace sentiment="neutral" decorative />
      </>,
    );
    expect(screen.getAllByRole('img').map((el) => el.getAttribute('aria-label'))).toEqual(['Positive', 'Negative']);
  });

  test('a badge shows the score as the Kudo Index is written and is coloured by its band', () => {
    const { container } = render(
      <>
        <ScoreBadge value={9} />
        <ScoreBadge value={7.25} label="Professionalism" />
        <ScoreBadge value={3} />
      </>,
    );
    const badges = [...container.querySelectorAll('span[title]')];
    expect(badges.map((b) => b.getAttribute('title'))).toEqual(['Kudo Index 9', 'Professionalism 7.3', 'Kudo Index 3']);
    expect(badges.map((b) => b.className)).toEqual([expect.stringContaining('green'), expect.stringContaining('blue'), expect.stringContaining('red')]);
    expect(badges[0]?.textContent).toBe('Kudo Index 9');
  });
});
