import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Toast, Toaster as ChakraToaster, createToaster } from '@chakra-ui/react/toast';
import './app-recipes';
import type { Notice } from './toaster';

/**
 * Toasts: one visible at a time, 5000 ms, F8 moves focus to them, at most 420 px wide.
 * (An old removal delay of 1,000,000 ms was how a previous toast library kept one toast mounted;
 * here `max: 1` does that, and a dismissed toast leaves after its exit animation.)
 *
 * They sit at the top centre, just below the sticky top bar: the buttons that raise them (Add
 * Comment, Save, a form's submit) live at the bottom or right of a card, and a page's own actions
 * at the right of its header, so a toast there would cover the very control the user reaches for
 * next, and, with the pointer resting on it, stay (a hovered toast pauses). The region announces
 * politely (aria-live polite, each toast a status).
 */
export const toaster = createToaster({
  placement: 'top',
  // The top bar is 3.5rem high; the login page has none, and a little more room does no harm there.
  offsets: { top: '4.5rem', right: '1rem', bottom: '1rem', left: '1rem' },
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
