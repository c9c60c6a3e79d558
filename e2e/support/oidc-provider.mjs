// A real OpenID provider (the oidc-provider package) for the single sign-on browser test: started by server.mjs beside
// the backend that trusts it, on a free port, over https with a certificate of a private certificate authority made
// here, which the backend trusts only through NODE_EXTRA_CA_CERTS (as a company's internal provider would be). Its login
// page asks for an e-mail address (signed in as verified, with the role claim `roles` gives it); its consent is given
// at once.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
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
 * A certificate authority and a certificate for 127.0.0.1 signed by it, made with openssl in `dir`: the CA's
 * certificate file (for NODE_EXTRA_CA_CERTS), and the server's key and certificate.
 */
function privateAuthority(dir) {
  const file = (name) => path.join(dir, name);
  const openssl = (...args) => execFileSync('openssl', args, { stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Brightwave test CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('idp.key'), '-out', file('idp.csr'), '-subj', '/CN=127.0.0.1');
  fs.writeFileSync(file('idp.ext'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    file('idp.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-out',
    file('idp.crt'),
    '-days',
    '2',
    '-extfile',
    file('idp.ext'),
  );
  return { caFile: file('ca.crt'), key: fs.readFileSync(file('idp.key')), cert: fs.readFileSync(file('idp.crt')) };
}

/**
 * Starts the provider for a backend whose PUBLIC_URL is `publicUrl`, its certificates in `dir`; answers its issuer URL
 * and the file of the certificate authority to trust it by. `roles` maps an e-mail address to its `roles` claim.
 */
export async function startOidcProvider({ publicUrl, dir, roles = {} }) {
  const authority = privateAuthority(dir);
  const server = https.createServer({ key: authority.key, cert: authority.cert });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `https://127.0.0.1:${server.address().port}`;
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
  return { issuer, caFile: authority.caFile, close: () => server.close() };
}
