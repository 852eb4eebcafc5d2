import { Progress } from '@chakra-ui/react/progress';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { DialogCloseButton, DialogFrame } from '#web/components/ui/dialog-frame.tsx';

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
    <DialogFrame open={open} onDismiss={onClose} title="Coming Soon" footer={<DialogCloseButton variant="outline" />}>
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
    </DialogFrame>
  );
};
