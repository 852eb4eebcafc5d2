import { messages } from '#shared/messages';
import { DuplicateCandidateList } from '#web/components/ui/duplicate-candidates.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { useDuplicateCandidates, type TypedIdentity } from '#web/lib/duplicate-candidates.ts';

/**
 * Under the Add form's reference: the catalogue parts and pending requests that may already be
 * the part being typed (reference, maker, article number), asked as the typing pauses. It only
 * informs: the form can be submitted whatever it lists.
 */
export const PossibleDuplicates = ({ typed }: { typed: TypedIdentity }) => {
  const { candidates } = useDuplicateCandidates(typed);
  if (!candidates?.length) return null;
  return (
    <InlineAlert status="warning" title={messages.possibleDuplicatesTitle} aria-live="polite">
      {messages.possibleDuplicatesHint}
      <DuplicateCandidateList candidates={candidates} />
    </InlineAlert>
  );
};
