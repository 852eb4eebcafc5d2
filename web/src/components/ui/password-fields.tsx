import type { ChangeEvent } from 'react';
import { PASSWORD_RULE_HINT } from '#shared/schemas/password-rule';
import { TextField } from './form-field';
import { InlineAlert } from './inline-alert';

/** What a form's `register(name)` gives a field, plus its error. */
export interface PasswordBinding {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: string | undefined;
}

interface PasswordFieldsProps {
  password: PasswordBinding;
  passwordLabel?: string;
  /** The confirmation field; left out where an administrator sets someone's password. */
  confirm?: PasswordBinding;
  confirmLabel?: string;
  /**
   * Where the rule shows before any error: under the field (`helper`), or as a notice above the
   * fields (`notice`, on the settings page).
   */
  rule?: 'helper' | 'notice';
}

/** A new password and its confirmation, with the password rule shown before the first error. */
export const PasswordFields = ({
  password,
  passwordLabel = 'New Password',
  confirm,
  confirmLabel = 'Confirm New Password',
  rule = 'helper',
}: PasswordFieldsProps) => {
  const { error: passwordError, ...passwordInput } = password;
  return (
    <>
      {rule === 'notice' && (
        <InlineAlert status="info" title="Password requirements">
          {PASSWORD_RULE_HINT}
        </InlineAlert>
      )}
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        helperText={rule === 'helper' ? PASSWORD_RULE_HINT : undefined}
        error={passwordError}
        {...passwordInput}
      />
      {confirm && (
        <TextField
          label={confirmLabel}
          type="password"
          autoComplete="new-password"
          error={confirm.error}
          name={confirm.name}
          value={confirm.value}
          onChange={confirm.onChange}
        />
      )}
    </>
  );
};
