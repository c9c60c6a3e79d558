// A real OpenID provider (the oidc-provider package) for the single sign-on browser test: started by server.mjs beside
// the backend that trusts it, on a free port. Its login page asks for an e-mail address (any of SSO_DOMAIN signs in,
// verified, with the role claim of E2E_SSO_PEOPLE); its consent is given at once.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

export const SSO_CLIENT = { clientId: 'brightwave-admin', clientSecret: 'a-client-secret-for-the-browser-tests' };
export const SSO_PROVIDER_NAME = 'Test IdP';

/** The provider's artifacts in memory (its adapter), one map for all kinds. */
class MemoryStore {
  static items = new Map();
  constructor(kind) {
    this.kind = kind;
  }
  key(id) {
    return `${this.kind}:${id}`;
  }
  async upsert(id, payload) {
    MemoryStore.items.set(this.key(id), payload);
  }
  async find(id) {
    return MemoryStore.items.get(this.key(id));
  }
  async findByUid(uid) {
    return [...MemoryStore.items.entries()].find(([key, payload]) => key.startsWith(`${this.kind}:`) && payload.uid === uid)?.[1];
  }
  async findByUserCode() {
    return undefined;
  }
  async consume(id) {
    const payload = MemoryStore.items.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id) {
    MemoryStore.items.delete(this.key(id));
  }
  async revokeByGrantId(grantId) {
    for (const [key, payload] of MemoryStore.items) if (payload.grantId === grantId) MemoryStore.items.delete(key);
  }
}

const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's own sign-in page: what a person sees at their company's identity provider. */
function loginPage(uid) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test IdP sign-in</title></head><body>
<main><h1>Test IdP</h1><form method="post" action="/interaction/${escape(uid)}">
<label for="email">Work e-mail</label> <input id="email" name="email" type="email" autocomplete="username" required>
<button type="submit">Continue</button></form></main></body></html>`;
}

async function readForm(req) {
  let body = '';
  for await (const chunk of req) body += chunk;
  return new URLSearchParams(body);
}

/**
 * Starts the provider for a backend whose PUBLIC_URL is `publicUrl`; answers its issuer URL. `roles` maps an e-mail
 * address to the value of its `roles` claim.
 */
export async function startOidcProvider({ publicUrl, roles = {} }) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: SSO_CLIENT.clientId,
        client_secret: SSO_CLIENT.clientSecret,
        redirect_uris: [`${publicUrl}/admin/sso/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    cookies: { keys: ['a-cookie-key-for-the-browser-tests'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'roles'] },
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({ sub: id, email: id, email_verified: true, name: id.split('@')[0], ...(roles[id] ? { roles: roles[id] } : {}) }),
    }),
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    adapter: MemoryStore,
    ttl: { AccessToken: 600, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
  });
  const callback = provider.callback();
  server.on('request', async (req, res) => {
    if (!req.url?.startsWith('/interaction/')) return callback(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name === 'login') {
        if (req.method !== 'POST') {
          res.setHeader('content-type', 'text/html; charset=utf-8');
          return res.end(loginPage(details.uid));
        }
        const email = (await readForm(req)).get('email')?.trim().toLowerCase() ?? '';
        return await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      }
      const grant = new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });
  return { issuer, close: () => server.close() };
}
