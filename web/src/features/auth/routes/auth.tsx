import { Box } from '@chakra-ui/react/box';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { SecondFactorMethod } from '#shared/schemas/second-factor';
import { isSsoErrorCode, SSO_ERROR_PARAM, type SsoErrorCode } from '#shared/schemas/sso-errors';
import { appUrl, paths } from '#shared/app-paths';
import { notifyLoggedOut, returnPathFrom, takeLoggedOut } from '#web/lib/auth.tsx';
import { useSignInOptions } from '#web/lib/sign-in-options.ts';
import { LoginForm } from '../components/login-form';
import type { SecondFactorForm } from '../components/second-factor-form';

/**
 * The second step's code (the passkey prompt among it) is fetched only for an account that has a
 * second factor, once its password was right: most sign-ins never need it.
 */
const loadSecondFactorForm = async () => (await import('../components/second-factor-form')).SecondFactorForm;

type Mode = 'login' | 'second-factor' | 'forgot' | 'reset' | 'invite' | 'confirm-email';

/**
 * The forms of the other modes are chunks of their own: most visits only log in. A link that opens
 * one (an invitation, a reset, a new address) starts fetching its form as the app starts, alongside
 * the session check; the forgot-password form is fetched once the login form is in use, and the
 * switch to it waits for it (a transition), so the login form stays until the next one can show.
 */
const loadForgotPasswordForm = () => import('../components/forgot-password-form');
const loadResetPasswordForm = () => import('../components/reset-password-form');
const loadAcceptInviteForm = () => import('../components/accept-invite-form');
const loadConfirmEmail = () => import('../components/confirm-email');
const ForgotPasswordForm = lazy(async () => ({ default: (await loadForgotPasswordForm()).ForgotPasswordForm }));
const ResetPasswordForm = lazy(async () => ({ default: (await loadResetPasswordForm()).ResetPasswordForm }));
const AcceptInviteForm = lazy(async () => ({ default: (await loadAcceptInviteForm()).AcceptInviteForm }));
const ConfirmEmail = lazy(async () => ({ default: (await loadConfirmEmail()).ConfirmEmail }));
/**
 * Single sign-on's parts (its button, the reason a failed one came back with, the provider's
 * sign-out offer) and their texts are fetched only when the page shows one of them: once the
 * server says single sign-on is set up, or at once when a sign-in through it came back failed.
 * The password form never waits for them.
 */
const loadSingleSignOn = () => import('../components/single-sign-on');
const SingleSignOnButton = lazy(async () => ({ default: (await loadSingleSignOn()).SingleSignOnButton }));
const SingleSignOnError = lazy(async () => ({ default: (await loadSingleSignOn()).SingleSignOnError }));
const ProviderSignOutOffer = lazy(async () => ({ default: (await loadSingleSignOn()).ProviderSignOutOffer }));
const linkModeForms: Partial<Record<Mode, () => Promise<unknown>>> = {
  reset: loadResetPasswordForm,
  invite: loadAcceptInviteForm,
  'confirm-email': loadConfirmEmail,
};

const headings: Record<Mode, { title: string; intro: string }> = {
  login: { title: 'Login', intro: 'Sign in with your email and password.' },
  'second-factor': { title: 'Second Factor', intro: 'Confirm it is you with your second factor.' },
  forgot: { title: 'Forgot Password', intro: 'Enter your email and we will send you a reset link.' },
  reset: { title: 'Reset Password', intro: 'Choose a new password for your account.' },
  invite: { title: 'Accept Invitation', intro: 'Choose a username and a password to join Component Hub.' },
  'confirm-email': { title: 'Confirm Email Address', intro: 'Make this address the one your account uses.' },
};

/**
 * The mode a link opens: an invitation (`?invite=`), a password reset (`?token=`), a new address
 * to confirm (`?confirmEmail=`), else login.
 */
const initialMode = (searchParams: URLSearchParams): Mode => {
  if (searchParams.has('invite')) return 'invite';
  if (searchParams.get('confirmEmail')) return 'confirm-email';
  if (searchParams.get('token')) return 'reset';
  return 'login';
};

if (typeof window !== 'undefined' && window.location.pathname === appUrl(paths.auth.href())) {
  const search = new URLSearchParams(window.location.search);
  void linkModeForms[initialMode(search)]?.();
  if (isSsoErrorCode(search.get(SSO_ERROR_PARAM))) void loadSingleSignOn();
}

/** The app page that sent the person to log in (the route guard remembers it), as a full path. */
const ssoReturnPath = (state: unknown): string | undefined => {
  const path = returnPathFrom(state);
  return path && appUrl(path);
};

/**
 * /auth: login, forgot password, reset password, accept invitation and confirm a new email address. A link
 * opens its own mode; leaving it returns to login with the link's token dropped from the address.
 */
export const AuthRoute = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const token = searchParams.get('token') ?? '';
  const inviteToken = searchParams.get('invite') ?? '';
  const confirmEmailToken = searchParams.get('confirmEmail') ?? '';
  const [mode, setMode] = useState<Mode>(() => initialMode(searchParams));
  const [secondFactor, setSecondFactor] = useState<{ Form: typeof SecondFactorForm; methods: SecondFactorMethod[] }>();
  const { options } = useSignInOptions(mode === 'login');
  useEffect(() => {
    if (mode !== 'login') return undefined;
    // Fetched after the login form is on screen, not with it.
    const timer = setTimeout(() => void loadForgotPasswordForm(), 0);
    return () => clearTimeout(timer);
  }, [mode]);
  const sso = options?.sso ?? undefined;
  // A single sign-on that failed comes back with a reason; shown once, then dropped from the address.
  const [ssoError] = useState<SsoErrorCode | undefined>(() => {
    const code = searchParams.get(SSO_ERROR_PARAM);
    return isSsoErrorCode(code) ? code : undefined;
  });
  // A logout reloads the app on this page; it is said here, where the person can see it.
  useEffect(() => {
    if (takeLoggedOut()) notifyLoggedOut();
  }, []);
  useEffect(() => {
    if (searchParams.has(SSO_ERROR_PARAM)) {
      const rest = new URLSearchParams(searchParams);
      rest.delete(SSO_ERROR_PARAM);
      setSearchParams(rest, { replace: true });
    }
  }, [searchParams, setSearchParams]);
  const { title } = headings[mode];
  const intro =
    mode === 'login' && sso
      ? options?.passwordLogin === 'admins-only'
        ? `Sign in with ${sso.label}. Administrators can also use their email and password.`
        : `Sign in with ${sso.label}, or with your email and password.`
      : headings[mode].intro;

  const leaveLink = (next: Mode) => {
    if (['token', 'invite', 'confirmEmail'].some((name) => searchParams.has(name)))
      setSearchParams({}, { replace: true });
    startTransition(() => setMode(next));
  };
  const backToLogin = () => leaveLink('login');

  return (
    <Center minHeight="100dvh" px="4" py="8">
      <Box
        as="main"
        width="full"
        maxWidth="md"
        bg="bg"
        borderWidth="1px"
        borderColor="border"
        borderRadius="xl"
        boxShadow="sm"
        p={{ base: '6', md: '8' }}
      >
        <Stack gap="6">
          <Stack gap="1" textAlign="center">
            <Heading as="h1" size="3xl" color="blue.800">
              Component Hub
            </Heading>
            <Heading as="h2" size="lg">
              {title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {intro}
            </Text>
          </Stack>
          {/* One boundary each, so a part on screen does not blink out while another one loads. */}
          <Suspense fallback={null}>{mode === 'login' && ssoError && <SingleSignOnError code={ssoError} />}</Suspense>
          <Suspense fallback={null}>{mode === 'login' && sso && <ProviderSignOutOffer label={sso.label} />}</Suspense>
          <Suspense fallback={null}>
            {mode === 'login' && sso && (
              <SingleSignOnButton label={sso.label} startUrl={sso.startUrl} returnTo={ssoReturnPath(location.state)} />
            )}
          </Suspense>
          {mode === 'login' && (
            <LoginForm
              onForgotPassword={() => startTransition(() => setMode('forgot'))}
              onSecondFactor={async (methods) => {
                setSecondFactor({ Form: await loadSecondFactorForm(), methods });
                setMode('second-factor');
              }}
            />
          )}
          {mode === 'second-factor' && secondFactor && (
            <secondFactor.Form methods={secondFactor.methods} onBackToLogin={backToLogin} />
          )}
          {/* A link's form was fetched while the session was checked, so this rarely waits. */}
          <Suspense fallback={null}>
            {mode === 'forgot' && <ForgotPasswordForm onBackToLogin={backToLogin} />}
            {mode === 'reset' && (
              <ResetPasswordForm
                token={token}
                onDone={backToLogin}
                onBackToLogin={backToLogin}
                onRequestNewLink={() => leaveLink('forgot')}
              />
            )}
            {mode === 'invite' && <AcceptInviteForm token={inviteToken} onBackToLogin={backToLogin} />}
            {mode === 'confirm-email' && <ConfirmEmail token={confirmEmailToken} onBackToLogin={backToLogin} />}
          </Suspense>
        </Stack>
      </Box>
    </Center>
  );
};

export default AuthRoute;
