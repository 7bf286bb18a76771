/** Stability (days) past which Good or Easy raises a word at level 1 to 2, and one at 2 to 3. */
export const raiseToTwoAfterDays = 3;
export const raiseToThreeAfterDays = 21;
/** Stability (days) past which a level-3 word's card offers "Mark as known?" after Good or Easy. */
export const offerKnownAfterDays = 60;

/**
 * The word's level after a review (docs/decisions/0030): Again lowers a word at level 2 or 3 by one; Good or Easy raise
 * level 1 to 2 once the card's stability passes 3 days and 2 to 3 once it passes 21, at most once a learning day;
 * Hard changes nothing, and a review never sets 4 (nor reaches 0).
 */
export function levelAfterReview(review: {
  level: number;
  rating: number;
  /** The card's stability after the review. */
  stability: number;
  /** A review of this card raised the level earlier in the same learning day. */
  raisedToday: boolean;
}): { level: number; raised: boolean } {
  const { level, rating, stability, raisedToday } = review;
  if (rating === 1) return { level: level === 2 || level === 3 ? level - 1 : level, raised: false };
  if (rating < 3 || raisedToday) return { level, raised: false };
  if (level === 1 && stability > raiseToTwoAfterDays) return { level: 2, raised: true };
  if (level === 2 && stability > raiseToThreeAfterDays) return { level: 3, raised: true };
  return { level, raised: false };
}

/** Whether the screen asks "Mark as known?": Good or Easy left a level-3 word's card mature. */
export function offersKnown(review: { rating: number; levelAfter: number; stability: number }): boolean {
  return review.rating >= 3 && review.levelAfter === 3 && review.stability > offerKnownAfterDays;
}
