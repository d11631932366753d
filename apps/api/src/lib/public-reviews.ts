/**
 * The reviews a public page (the review widget, a bio page) counts in its rating and review count: every
 * review that is not archived, from a review site, added by staff, or a pulseCheck answer with a written or
 * recorded review. An answer with only a mood or sliders is feedback to the business, not a review: it
 * counts in Analyze, not on public pages.
 */
export const publicReviewWhere = (locationId: number) => ({
  locationId,
  archived: false,
  OR: [{ source: { not: 'kudo' } }, { text: { not: '' } }, { audioUrl: { not: null } }],
});

/** The reviews a public page lists: approved ones (the page says "Selected reviews"), not archived. */
export const listedReviewWhere = (locationId: number) => ({ locationId, archived: false, approvedForWidget: true });
