import { Button } from '@chakra-ui/react/button';
import type { ReactNode } from 'react';

/** An auth form's one submit button, the width of the card. */
export const SubmitButton = ({
  busy,
  busyText,
  children,
}: {
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) => (
  <Button type="submit" colorPalette="blue" loading={busy} loadingText={busyText} width="full">
    {children}
  </Button>
);

/** A quiet text button under an auth form that moves to another of the screen's steps. */
export const StepButton = ({ onClick, children }: { onClick: () => void; children: ReactNode }) => (
  <Button variant="plain" color="blue.700" size="sm" alignSelf="center" onClick={onClick}>
    {children}
  </Button>
);

export const BackToLoginButton = ({ onClick }: { onClick: () => void }) => (
  <StepButton onClick={onClick}>Back to login</StepButton>
);
