import { Alert, type AlertRootProps } from '@chakra-ui/react/alert';
import type { ReactNode } from 'react';

type Status = 'error' | 'warning' | 'info' | 'success';

/** Each status's colours, so every notice of a kind looks the same across the app. */
const tones: Record<Status, Pick<AlertRootProps, 'borderColor' | 'bg' | 'color'>> = {
  error: { borderColor: 'red.300', bg: 'red.50', color: 'red.900' },
  warning: { borderColor: 'yellow.300', bg: 'yellow.50', color: 'yellow.900' },
  info: { borderColor: 'blue.200', bg: 'blue.50', color: 'blue.900' },
  success: { borderColor: 'green.300', bg: 'green.50', color: 'green.900' },
};

export interface InlineAlertProps extends Omit<AlertRootProps, 'status' | 'title'> {
  status: Status;
  title?: ReactNode;
  /** The description; may hold buttons (a retry, a way on). */
  children?: ReactNode;
}

/**
 * The one in-page notice for errors, warnings, information and success: an indicator, an optional
 * title and a description. An error is announced as it appears (role alert).
 */
export const InlineAlert = ({ status, title, children, ...root }: InlineAlertProps) => (
  <Alert.Root
    status={status}
    role={status === 'error' ? 'alert' : undefined}
    borderWidth="1px"
    {...tones[status]}
    {...root}
  >
    <Alert.Indicator />
    <Alert.Content>
      {title && <Alert.Title>{title}</Alert.Title>}
      {children && <Alert.Description>{children}</Alert.Description>}
    </Alert.Content>
  </Alert.Root>
);
