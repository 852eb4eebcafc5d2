import { Button } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Progress } from '@chakra-ui/react/progress';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';

export const PROGRESS_STEP = 10;
export const PROGRESS_INTERVAL_MS = 200;

/** The progress bar's value: 0 when opened, then +10 every 200 ms up to 100. */
export const useClimbingProgress = (running: boolean): number => {
  const [value, setValue] = useState(0);
  useEffect(() => {
    if (!running) return undefined;
    setValue(0);
    const timer = window.setInterval(() => {
      setValue((current) => {
        const next = Math.min(current + PROGRESS_STEP, 100);
        if (next === 100) window.clearInterval(timer);
        return next;
      });
    }, PROGRESS_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return value;
};

interface ComingSoonDialogProps {
  toolName: string;
  open: boolean;
  onClose: () => void;
}

export const ComingSoonDialog = ({ toolName, open, onClose }: ComingSoonDialogProps) => {
  const progress = useClimbingProgress(open);
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Coming Soon</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text>The {toolName} is under development and will be available soon.</Text>
                <Progress.Root value={progress} colorPalette="blue" max={100}>
                  <Progress.Label mb="2">Development progress</Progress.Label>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                  <Progress.ValueText mt="1">{progress}%</Progress.ValueText>
                </Progress.Root>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
