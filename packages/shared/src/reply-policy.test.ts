import { describe, expect, it } from 'vitest';
import { renderReplyTemplate, replyFirstName, replyProblems, unknownReplyPlaceholder, withheldNames } from './reply-policy.js';

describe('replyProblems', () => {
  it('finds each broken rule', () => {
    expect(replyProblems('Enjoy 20% off your next visit!')).toEqual(['incentive']);
    expect(replyProblems('Here is a coupon for your trouble.')).toEqual(['incentive']);
    expect(replyProblems('We would like to offer a free inspection.')).toEqual(['incentive']);
    expect(replyProblems('We will send you a gift card.')).toContain('incentive');
    expect(replyProblems('We are happy to issue a refund.')).toEqual(['refund']);
    expect(replyProblems('Would you consider changing your rating?')).toEqual(['rating_request']);
    expect(replyProblems('Please update your review once we are done.')).toEqual(['rating_request']);
    expect(replyProblems('Could you leave us 5 stars next time?')).toEqual(['rating_request']);
    expect(replyProblems('Call us at (512) 555-0100.')).toEqual(['contact_details']);
    expect(replyProblems('Write to owner@demoplumbing.com')).toContain('contact_details');
    expect(replyProblems('See https://example.com for more.')).toEqual(['link']);
    expect(replyProblems('It was our fault and we apologize.')).toEqual(['fault']);
    expect(replyProblems('We made a mistake on your bill.')).toEqual(['fault']);
    expect(replyProblems('This will never happen again.')).toEqual(['promise']);
    expect(replyProblems("We'll fix it at our expense.")).toEqual(['promise']);
    expect(replyProblems('Thanks, Jennifer Morales!', ['Morales'])).toEqual(['withheld_name']);
  });

  it('passes a reply that keeps every rule', () => {
    const ok = "Thank you so much, Jennifer! We're glad our team arrived right on time. Mike will be glad to hear it.\n\nThe Demo Plumbing team";
    expect(replyProblems(ok, ['Morales'])).toEqual([]);
    expect(replyProblems("We're sorry the visit didn't meet your expectations. Please contact our office directly so we can understand what happened.")).toEqual([]);
    // A word only containing a withheld name is not the name.
    expect(replyProblems('We appreciate the kindness.', ['Kind'])).toEqual([]);
  });
});

describe('names', () => {
  it('keeps only a first name that reads as one', () => {
    expect(replyFirstName('Jennifer Morales')).toBe('Jennifer');
    expect(replyFirstName('david K.')).toBe('David');
    expect(replyFirstName('A Google User')).toBeNull();
    expect(replyFirstName('')).toBeNull();
    expect(replyFirstName('J.')).toBeNull();
    expect(replyFirstName('5starfan')).toBeNull();
  });

  it('withholds every name but the first', () => {
    expect(withheldNames('Jennifer Morales')).toEqual(['Morales']);
    expect(withheldNames('Mary Ann van Dyke')).toEqual(['Ann', 'van', 'Dyke']);
    expect(withheldNames('Ben T.')).toEqual([]);
  });
});

describe('templates', () => {
  const values = { first_name: 'Jennifer', business: 'Demo Plumbing', technician: 'Mike', sign_off: 'The Demo Plumbing team' };

  it('fills the placeholders', () => {
    expect(renderReplyTemplate('Thank you, {first_name}! {technician} will be glad to hear it.\n\n{sign_off}', values)).toBe(
      'Thank you, Jennifer! Mike will be glad to hear it.\n\nThe Demo Plumbing team',
    );
  });

  it('leaves no gap without a first name or a technician', () => {
    const none = { ...values, first_name: null, technician: null };
    expect(renderReplyTemplate('Thank you, {first_name}! From {technician} at {business}.', none)).toBe('Thank you! From our team at Demo Plumbing.');
    expect(renderReplyTemplate('{first_name}, thanks for the kind words.', none)).toBe('Thanks for the kind words.');
    expect(renderReplyTemplate('Hi {first_name}, thanks!', none)).toBe('Hi, thanks!');
  });

  it('names a placeholder it does not know', () => {
    expect(unknownReplyPlaceholder('Thanks {first_name} from {company}')).toBe('{company}');
    expect(unknownReplyPlaceholder('Thanks {first_name}, {business}, {technician}, {sign_off}')).toBeNull();
  });
});
