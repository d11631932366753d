import { describe, expect, it } from 'vitest';
import { MSG } from '@kudo/shared';
import { imageFileProblem } from './upload';

describe('imageFileProblem', () => {
  it('accepts the four image types up to 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });
  it('names what is wrong', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe(MSG.imageType);
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe(MSG.imageType);
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe(MSG.imageTooLarge);
  });
});
