import { Stack } from '@chakra-ui/react/stack';
import { useEffect, useRef, useState } from 'react';
import { TextField } from './form-field';
import { SelectField } from './select-field';

/** The select's value for "a value not in the list", never a real value (it is not text people type). */
const OTHER_CHOICE = '\u0000other';

export interface ChoiceFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly string[];
  placeholder: string;
  /**
   * Offers 'Other…' after the list, then a text box for a value the list lacks (a maker not yet
   * in the catalogue), so the value kept is the one typed, not 'Other'.
   */
  allowOther?: boolean;
  /** The text box's label, e.g. 'Other manufacturer'. */
  otherLabel?: string;
  error?: string | undefined;
  required?: boolean;
}

/**
 * A select of known values. A value outside the list (a restored draft, a part's current value)
 * is offered as it is, or, where other values are allowed, shown in the text box.
 */
export const ChoiceField = ({
  label,
  name,
  value,
  onValueChange,
  options,
  placeholder,
  allowOther = false,
  otherLabel = `Other ${label.toLowerCase()}`,
  error,
  required,
}: ChoiceFieldProps) => {
  const listed = options.includes(value);
  const [typing, setTyping] = useState(() => allowOther && value !== '' && !listed);
  const boxRef = useRef<HTMLDivElement>(null);
  const [focusOther, setFocusOther] = useState(false);

  useEffect(() => {
    if (!focusOther) return;
    boxRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
    setFocusOther(false);
  }, [focusOther, name]);

  const choices = [
    ...options.map((option) => ({ value: option, label: option })),
    ...(!allowOther && value && !listed ? [{ value, label: value }] : []),
    ...(allowOther ? [{ value: OTHER_CHOICE, label: 'Other…' }] : []),
  ];

  return (
    <Stack gap="2" ref={boxRef}>
      <SelectField
        label={label}
        name={typing ? `${name}-choice` : name}
        placeholder={placeholder}
        options={choices}
        value={typing ? OTHER_CHOICE : value}
        required={required}
        error={typing ? undefined : error}
        onChange={(event) => {
          const chosen = event.target.value;
          if (chosen === OTHER_CHOICE) {
            setTyping(true);
            setFocusOther(true);
            if (listed) onValueChange('');
          } else {
            setTyping(false);
            onValueChange(chosen);
          }
        }}
      />
      {typing && (
        <TextField
          label={otherLabel}
          name={name}
          value={value}
          error={error}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Stack>
  );
};
