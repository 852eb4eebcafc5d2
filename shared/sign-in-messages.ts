/**
 * The texts the sign-in page shows (and the server sends for the same steps), in a module of their
 * own: the page that most visits start on loads these few rather than every text of the app.
 * `messages` in ./messages.ts holds them too, so the server and the other screens find every text
 * in one place.
 */
export const signInMessages = {
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordLowercase: 'Password must contain at least one lowercase letter',
  passwordNumber: 'Password must contain at least one number',
  passwordSpecial: 'Password must contain at least one special character',
  resetLinkSent: 'If an account with that email exists, a password reset link has been sent.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  loggedOut: 'Logged out',
  invitationInvalid:
    'This invitation link is invalid, has already been used or has expired. Ask an administrator to send you a new invitation.',
  // Single sign-on (the login page shows these after a sign-in through the company's provider).
  ssoButton: (label: string) => `Sign in with ${label}`,
  ssoErrors: {
    not_configured: 'Single sign-on is not set up for Component Hub.',
    return_invalid: 'The sign-in link pointed outside Component Hub, so it was not followed. Please sign in again.',
    cancelled: 'The sign-in was cancelled or refused at your identity provider.',
    provider_error: 'Your identity provider could not sign you in. Please try again.',
    provider_unavailable: 'Your identity provider is not answering right now. Please try again in a moment.',
    state_invalid: 'This sign-in has expired or was already used. Please sign in again.',
    token_invalid:
      "Your identity provider's answer could not be verified, so you were not signed in. Please try again; if it happens again, tell your administrator.",
    not_allowed:
      'Your company account is not allowed to use Component Hub (not in an allowed group or email domain). Ask your administrator for access.',
    email_missing:
      'Your identity provider did not share your email address, which Component Hub needs. Ask your administrator to check the single sign-on setup.',
    email_unverified:
      'Your identity provider has not verified your email address, so Component Hub cannot use it. Ask your administrator to check the single sign-on setup.',
    email_not_confirmed:
      'Component Hub has an account with your email address, but that address was never confirmed by its owner, so your company sign-in was not linked to it. Your administrators have been told and can sort it out; if the account is yours, resetting its password from this page confirms the address.',
    reauthentication_other_person:
      'You signed in at your identity provider as someone other than the person signed in to Component Hub, so nothing was confirmed.',
    account_deleted: 'Your Component Hub account was deleted. Ask an administrator to invite you again.',
    last_admin:
      "You are no longer in an administrators group, but you are Component Hub's last administrator, so you were not signed in. Sign in with your password, or make another user an administrator first.",
    throttled: 'Too many sign-in attempts from this device. Please try again in a few minutes.',
    unavailable: 'Component Hub cannot reach one of its services right now. Please try again in a moment.',
    failed: 'Single sign-on failed unexpectedly. Please try again.',
  },
} as const;
