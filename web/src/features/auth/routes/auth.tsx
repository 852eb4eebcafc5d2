import { Box } from '@chakra-ui/react/box';
import { Center } from '@chakra-ui/react/center';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AcceptInviteForm } from '../components/accept-invite-form';
import { ForgotPasswordForm } from '../components/forgot-password-form';
import { LoginForm } from '../components/login-form';
import { ResetPasswordForm } from '../components/reset-password-form';

type Mode = 'login' | 'forgot' | 'reset' | 'invite';

const headings: Record<Mode, { title: string; intro: string }> = {
  login: { title: 'Login', intro: 'Sign in with your email and password.' },
  forgot: { title: 'Forgot Password', intro: 'Enter your email and we will send you a reset link.' },
  reset: { title: 'Reset Password', intro: 'Choose a new password for your account.' },
  invite: { title: 'Accept Invitation', intro: 'Choose a username and a password to join Component Hub.' },
};

/** The mode a link opens: an invitation (`?invite=`), a password reset (`?token=`), else login. */
const initialMode = (searchParams: URLSearchParams): Mode => {
  if (searchParams.has('invite')) return 'invite';
  if (searchParams.get('token')) return 'reset';
  return 'login';
};

/** /auth: login, forgot password, reset password and accept invitation (spec §2 "Auth screen", §4). */
export const AuthRoute = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const inviteToken = searchParams.get('invite') ?? '';
  const [mode, setMode] = useState<Mode>(() => initialMode(searchParams));
  const { title, intro } = headings[mode];

  const backToLogin = () => {
    if (searchParams.has('token') || searchParams.has('invite')) setSearchParams({}, { replace: true });
    setMode('login');
  };

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
          {mode === 'login' && <LoginForm onForgotPassword={() => setMode('forgot')} />}
          {mode === 'forgot' && <ForgotPasswordForm onBackToLogin={backToLogin} />}
          {mode === 'reset' && <ResetPasswordForm token={token} onDone={backToLogin} onBackToLogin={backToLogin} />}
          {mode === 'invite' && <AcceptInviteForm token={inviteToken} onBackToLogin={backToLogin} />}
        </Stack>
      </Box>
    </Center>
  );
};

export default AuthRoute;
