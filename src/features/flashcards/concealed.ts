/**
 * The attributes of a part of a card that is made and laid out but not shown yet (an answer before Reveal, the next
 * card, the grades or Reveal): unseen (`[data-concealed]` in flashcards.css, its opacity only), out of the keyboard's and
 * the pointer's reach (`inert`) and silent to screen readers. Showing it is then a change of opacity, which the
 * browser makes without laying out or painting the page again (decision 0030).
 */
export function concealed(hidden: boolean) {
  return hidden ? ({ 'data-concealed': '', inert: true, 'aria-hidden': true } as const) : {};
}
