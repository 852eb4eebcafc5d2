import { Stack } from '@chakra-ui/react/stack';
import { signInMessages } from '#shared/sign-in-messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Text } from '@chakra-ui/react/text';
import { TextField } from '#web/components/ui/form-field.tsx';
import { InlineAlert } from '#web/components/ui/inline-alert.tsx';
import { PasswordFields } from '#web/components/ui/password-fields.tsx';
import { notify } from '#web/components/ui/toaster.tsx';
import { paths } from '#shared/app-paths';
import { ApiError, clearCsrfToken, errorMessage } from '#web/lib/api-client.ts';
import { notifyFailure } from '#web/lib/failed-actions.ts';
import { displayName, useSetUser } from '#web/lib/auth.tsx';
import { useZodForm } from '#web/lib/form.ts';
import { acceptInvite, checkInvite } from '../api/accept-invite';
import { SubmitButton, BackToLoginButton } from './auth-buttons';

/** The rules come with zod, loaded once the form is on screen (see useZodForm). */
const loadAcceptInviteSchema = async () => (await import('#shared/schemas/users')).acceptInviteFormSchema;

interface AcceptInviteFormProps {
  token: string;
  onBackToLogin: () => void;
}

/** What the check of the link said: still working (for this email), refused (and why), or not known. */
type LinkCheck =
  | { state: 'checking' }
  | { state: 'works'; email: string }
  | { state: 'refused'; title: string; message: string }
  | { state: 'unknown' };

/**
 * The invitation link's form: a username and a password that follows the password rule. It logs the new
 * user in and opens the hub. The link is checked first: one that is invalid, used or expired
 * cannot be retried, so the server's message (which says to ask an administrator for a new
 * invitation) is shown instead of the form, before anything is typed. When the check cannot be
 * made (a network failure), the form is shown and accepting says what is wrong.
 */
export const AcceptInviteForm = ({ token, onBackToLogin }: AcceptInviteFormProps) => {
  const navigate = useNavigate();
  const setUser = useSetUser();
  const form = useZodForm(loadAcceptInviteSchema, { token, username: '', password: '', confirmPassword: '' });
  const [check, setCheck] = useState<LinkCheck>(() => (token.trim() ? { state: 'checking' } : { state: 'unknown' }));

  useEffect(() => {
    if (!token.trim()) return;
    let current = true;
    checkInvite(token).then(
      ({ email }) => current && setCheck({ state: 'works', email }),
      (error: unknown) => {
        if (!current) return;
        if (error instanceof ApiError && error.status === 429)
          setCheck({ state: 'refused', title: 'Too many attempts', message: errorMessage(error, '') });
        else if (error instanceof ApiError && error.body?.fields?.token)
          setCheck({
            state: 'refused',
            title: 'This invitation cannot be used',
            message: errorMessage(error, signInMessages.invitationInvalid),
          });
        else setCheck({ state: 'unknown' });
      },
    );
    return () => {
      current = false;
    };
  }, [token]);

  const onSubmit = form.handleSubmit(
    async ({ token: inviteToken, username, password }) => {
      const user = await acceptInvite({ token: inviteToken, username, password });
      // The CSRF token was bound to the pre-login cookie; the session has its own.
      clearCsrfToken();
      await setUser(user);
      notify({
        type: 'success',
        title: 'Invitation accepted',
        description: `Welcome to Component Hub, ${user.username || displayName(user)}!`,
      });
      await navigate(paths.hub.dashboard.href());
    },
    (error) => {
      // A refused token shows in place of the form; anything else is worth a retry.
      if (error instanceof ApiError && error.body?.fields?.token) return;
      notifyFailure('Failed to accept invitation')(error);
    },
  );

  // A link without a token, or one the server refused (its answer names the token field).
  const tokenProblem =
    check.state === 'refused'
      ? check
      : !token.trim()
        ? { title: 'This invitation cannot be used', message: signInMessages.invitationInvalid }
        : form.errors.token
          ? { title: 'This invitation cannot be used', message: form.errors.token }
          : undefined;
  if (tokenProblem) {
    return (
      <Stack gap="4">
        <InlineAlert status="error" title={tokenProblem.title}>
          {tokenProblem.message}
        </InlineAlert>
        <BackToLoginButton onClick={onBackToLogin} />
      </Stack>
    );
  }

  if (check.state === 'checking')
    return (
      <Text color="fg.muted" textAlign="center" role="status">
        Checking your invitation...
      </Text>
    );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Accept invitation">
      <Stack gap="4">
        {check.state === 'works' && (
          <Text fontSize="sm" color="fg.muted">
            You are joining Component Hub as <strong>{check.email}</strong>.
          </Text>
        )}
        <TextField label="Username" autoComplete="username" {...form.field('username')} />
        <PasswordFields
          passwordLabel="Password"
          password={form.field('password')}
          confirmLabel="Confirm Password"
          confirm={form.field('confirmPassword')}
        />
        <SubmitButton busy={form.isSubmitting} busyText="Accepting...">
          Accept Invitation
        </SubmitButton>
        <BackToLoginButton onClick={onBackToLogin} />
      </Stack>
    </form>
  );
};
