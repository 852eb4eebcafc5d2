/** Passwords that each break one requirement of the password rule, with the message that refuses them. */
export const weakPasswords: [password: string, message: string][] = [
  ['Short-1', 'Password must be at least 8 characters'],
  ['lower-case-1', 'Password must contain at least one uppercase letter'],
  ['UPPER-CASE-1', 'Password must contain at least one lowercase letter'],
  ['No-Digits-Here', 'Password must contain at least one number'],
  ['NoSpecial123', 'Password must contain at least one special character'],
];
