/** The product's name, in one place, so that a white-label build changes one line. */
export const PRODUCT = {
  name: 'Kudo',
  slug: 'kudo',
} as const;
