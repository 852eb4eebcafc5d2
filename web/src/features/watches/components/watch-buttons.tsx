import { Button } from '@chakra-ui/react/button';
import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import type { WatchTarget } from '#shared/schemas/watches';
import { notify } from '#web/components/ui/toaster.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { isWatching, useWatches } from '../api/watches';

const WatchToggle = ({ target, label, subject }: { target: WatchTarget; label: string; subject: string }) => {
  const { watches, watch, unwatch } = useWatches();
  const [busy, setBusy] = useState(false);
  const on = isWatching(watches, target);
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) await unwatch(target);
      else await watch(target);
      notify({
        type: 'success',
        title: on ? 'Stopped watching' : 'Watching',
        description: on
          ? `You are no longer told about changes to ${subject}.`
          : `You will be told when a change to ${subject} is requested or approved.`,
      });
    } catch (error) {
      notify({
        type: 'error',
        title: 'Failed to change watching',
        description: errorMessage(error, 'Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" aria-pressed={on} onClick={() => void toggle()} loading={busy} disabled={!watches}>
      {on ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      {on ? `Stop watching${label ? ` ${label}` : ''}` : `Watch${label ? ` ${label}` : ''}`}
    </Button>
  );
};

/** Watch the part, and its class: its watchers are told when a change to it is requested or approved. */
export const WatchButtons = ({
  componentId,
  reference,
  componentClass,
}: {
  componentId: number;
  reference: string;
  componentClass: string | null;
}) => (
  <>
    <WatchToggle target={{ componentId }} label="" subject={reference} />
    {componentClass && (
      <WatchToggle target={{ componentClass }} label="class" subject={`the class ${componentClass}`} />
    )}
  </>
);
