import { Portal } from '@chakra-ui/react/portal';
import { Tooltip as ChakraTooltip } from '@chakra-ui/react/tooltip';
import type { ReactElement, ReactNode } from 'react';

interface TooltipProps {
  content: ReactNode;
  /** The element it explains; it must take a ref and stay focusable (use aria-disabled, not disabled). */
  children: ReactElement;
  disabled?: boolean;
}

/** A short explanation shown on hover and keyboard focus. */
export const Tooltip = ({ content, children, disabled = false }: TooltipProps) => (
  <ChakraTooltip.Root openDelay={200} closeDelay={100} disabled={disabled}>
    <ChakraTooltip.Trigger asChild>{children}</ChakraTooltip.Trigger>
    <Portal>
      <ChakraTooltip.Positioner>
        <ChakraTooltip.Content>{content}</ChakraTooltip.Content>
      </ChakraTooltip.Positioner>
    </Portal>
  </ChakraTooltip.Root>
);
