import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import './learn-words-link.css';

/**
 * A member's way from a text's card to its "Learn these words" list: a link of its own beside the card's (never
 * inside it), placed over the room the card keeps at its foot, and described by the card's title (`titleId`), so
 * it is heard as whose words. The title is not in its name: the card's own link is the one named by the title.
 */
export function LearnWordsLink({ contentId, titleId }: { contentId: number; titleId: string }) {
  return (
    <Link to="/learn/$id" params={{ id: contentId }} className="learn-words-link" aria-describedby={titleId}>
      <Trans>Learn these words</Trans>
    </Link>
  );
}
