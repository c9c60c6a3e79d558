// The login page's words about single sign-on (decision 093), in a module of their own: the admin's bundler keeps or
// drops whole modules, and the login page's first load must not carry the other messages of sso.ts.

export const SSO_LOGIN_TEXTS = {
  signInWith: (provider: string) => `Sign in with ${provider}`,
  passwordForOwnersOnly: (provider: string) => `Password sign-in is for owners only: use Sign in with ${provider}.`,
} as const;
