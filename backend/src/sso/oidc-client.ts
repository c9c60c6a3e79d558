import { Inject, Injectable, Logger } from '@nestjs/common';
import * as client from 'openid-client';
import { APP_CONFIG, type AppConfig, type SsoProviderConfig } from '../config/app-config';

// The ID token's claims and userinfo's carry the e-mail, its verification, the name and (for the role) the groups.
const SCOPE = 'openid email profile';
// A provider that does not answer within this is down, for the person waiting at the sign-in page.
const PROVIDER_TIMEOUT_SECONDS = 10;

/** The provider could not be reached or described itself wrongly (discovery failed). */
export class ProviderUnreachable extends Error {}

/** What starting a sign-in sends the browser to, and what must be kept to check the answer. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * The OpenID Connect provider, through `openid-client` (decision 093): its metadata found once, on first use, and kept
 * (a failed discovery is tried again at the next sign-in); the authorization code flow with PKCE, state and nonce.
 */
@Injectable()
export class OidcClient {
  private readonly logger = new Logger(OidcClient.name);
  private configuration: Promise<client.Configuration> | undefined;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get provider(): SsoProviderConfig | undefined {
    return this.config.sso.provider;
  }

  async authorizationRequest(provider: SsoProviderConfig): Promise<AuthorizationRequest> {
    const configuration = await this.discovered(provider);
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: provider.redirectUri,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the provider's answer (`callbackUrl`, the redirect URI with its query) for tokens, checking
   * state, PKCE, the ID token's signature, issuer, audience, expiry and nonce; answers the ID token's claims, with
   * userinfo's for what it lacks of `wanted`. Throws the library's error when any check fails.
   */
  async claimsOfAnswer(
    provider: SsoProviderConfig,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
    wanted: string[],
  ): Promise<Record<string, unknown>> {
    const configuration = await this.discovered(provider);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    const idToken: Record<string, unknown> = { ...tokens.claims() };
    if (wanted.every((claim) => claim in idToken) || typeof idToken.sub !== 'string') return idToken;
    const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    // The ID token's own claims win: userinfo only fills in.
    return { ...userInfo, ...idToken };
  }

  private discovered(provider: SsoProviderConfig): Promise<client.Configuration> {
    this.configuration ??= client
      .discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
        // Configuration refuses http:// issuers in production; outside it they serve tests and a local provider.
        ...(new URL(provider.issuer).protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
        timeout: PROVIDER_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        this.logger.warn(`The single sign-on provider ${provider.issuer} could not be discovered: ${(error as Error).message}`);
        throw new ProviderUnreachable((error as Error).message);
      });
    return this.configuration;
  }
}
