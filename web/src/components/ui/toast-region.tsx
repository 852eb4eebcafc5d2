import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react/toast';
import type { Notice } from './toaster';

/**
 * Toasts: one visible at a time, 5000 ms, F8 moves focus to them, at most 420 px wide.
 * (An old removal delay of 1,000,000 ms was how a previous toast library kept one toast mounted;
 * here `max: 1` does that, and a dismissed toast leaves after its exit animation.)
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export const showToast = ({ type = 'info', title, description }: Notice): void => {
  toaster.dismiss();
  toaster.create({ type, title, description, closable: true });
};

const ToastRegion = () => (
  <Portal>
    <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
      {(toast) => (
        <Toast.Root width={{ base: 'full', md: 'sm' }} maxWidth="420px">
          <Toast.Indicator />
          <Stack gap="1" flex="1" maxWidth="100%">
            {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
            {toast.description && <Toast.Description opacity={1}>{toast.description}</Toast.Description>}
          </Stack>
          {toast.closable && <Toast.CloseTrigger aria-label="Close notification" />}
        </Toast.Root>
      )}
    </ChakraToaster>
  </Portal>
);

export default ToastRegion;
