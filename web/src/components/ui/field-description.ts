import { useId } from 'react';

/**
 * Ties a field's message to its control for screen readers: the error while there is one, else
 * the helper text. Chakra's Field points `aria-describedby` at the helper text only and gives the
 * error as `aria-errormessage`, which few screen readers read; so the field's Root gets these `ids`
 * and the control gets `aria-describedby` naming what is shown.
 */
export const useFieldDescription = ({ error, helperText }: { error?: string | undefined; helperText?: unknown }) => {
  const id = useId();
  const ids = { errorText: `${id}-error`, helperText: `${id}-helper` };
  const describedBy = error ? ids.errorText : helperText ? ids.helperText : undefined;
  return { ids, describedBy };
};
