import { useState } from 'react';
import { Button } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { confirmEmail } from '../api/confirm-email';

/**
 * Where the link sent to a new address lands. The address changes only when the person presses
 * the button: mail scanners that open links must not confirm anything on their own.
 */
export const ConfirmEmail = ({ token, onBackToLogin }: { token: string; onBackToLogin: () => void }) => {
  const [state, setState] = useState<{ busy: boolean; done?: string; refused?: string }>({ busy: false });

  const confirm = async () => {
    setState({ busy: true });
    try {
      const { message } = await confirmEmail({ token });
      setState({ busy: false, done: message });
    } catch (error) {
      setState({ busy: false, refused: errorMessage(error, 'The address could not be confirmed') });
    }
  };

  return (
    <Stack gap="4">
      {state.done ? (
        <InlineAlert status="success" title="Email address confirmed">
          {state.done}
        </InlineAlert>
      ) : state.refused ? (
        <InlineAlert status="error" title="Email address not confirmed">
          {state.refused}
        </InlineAlert>
      ) : (
        <>
          <Text fontSize="sm">
            Confirm that this address is yours. Your Component Hub account keeps its current address until you do.
          </Text>
          <Button colorPalette="blue" loading={state.busy} loadingText="Confirming..." onClick={() => void confirm()}>
            Confirm my new email address
          </Button>
        </>
      )}
      <Button variant="ghost" onClick={onBackToLogin}>
        Back to Login
      </Button>
    </Stack>
  );
};
