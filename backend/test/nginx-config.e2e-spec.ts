import path from 'node:path';
import {
  APPLY_BODY_LIMIT_BYTES,
  CACHE_CONTROL,
  CONTENT_SECURITY_POLICY,
  MESSAGES,
  SECURITY_HEADERS_ALWAYS,
  SECURITY_HEADERS_DOCUMENT,
  STRICT_TRANSPORT_SECURITY,
} from '@brightwave/common';

// nginx.conf is rendered from the template with the definitions of packages/common. This changes no constant:
// it checks that the rendered configuration says what the constants say.
describe('the rendered nginx configuration agrees with packages/common', () => {
  let conf: string;
  beforeAll(async () => {
    const renderer = path.join(__dirname, '..', '..', 'nginx', 'render.mjs');
    const { render, COMPOSE_VALUES } = (await import(renderer)) as {
      render: (values: Record<string, string>) => string;
      COMPOSE_VALUES: Record<string, string>;
    };
    conf = render({ ...COMPOSE_VALUES, NGINX_BROTLI_MODULE: 'none' });
  });

  it('lets the apply route take exactly what the backend accepts (APPLY_BODY_LIMIT_BYTES, from RESUME_MAX_BYTES)', () => {
    const applyLocation = conf.slice(conf.indexOf('location = /api/jobs/apply {'));
    const kilobytes = Number(/client_max_body_size (\d+)k;/.exec(applyLocation)?.[1]);
    expect(kilobytes * 1024).toBeGreaterThanOrEqual(APPLY_BODY_LIMIT_BYTES);
    expect(kilobytes * 1024 - APPLY_BODY_LIMIT_BYTES).toBeLessThan(1024);
  });

  it('sends every security header with the value the backend sends', () => {
    expect(conf).toContain(`default      "${CONTENT_SECURITY_POLICY}";`);
    for (const [name, value] of Object.entries({ ...SECURITY_HEADERS_DOCUMENT, ...SECURITY_HEADERS_ALWAYS })) {
      const line = name === 'Content-Security-Policy' ? `add_header ${name} $content_security_policy always;` : `add_header ${name} "${value}" always;`;
      expect(conf).toContain(line);
      expect(conf).toContain(`proxy_hide_header ${name};`);
    }
    expect(conf).toContain(`on      "${STRICT_TRANSPORT_SECURITY}";`);
  });

  it('caches like the backend: hashed assets for a year, everything else revalidated', () => {
    expect(conf).toContain(`"${CACHE_CONTROL.hashedAsset}";`);
    expect(conf).toContain(`"${CACHE_CONTROL.revalidate}";`);
  });

  it('passes only the API, the portfolio page it renders and the admin sign-in POSTs to the backend: never /metrics', () => {
    const proxied = [...conf.matchAll(/location ([^{]+?) \{([^{}]|\{[^{}]*\})*?proxy_pass /g)].map((match) => match[1]);
    expect(proxied).toEqual(['~ ^/portfolio/?$', '/api/', '= /api/jobs/apply', '@backend']);
  });

  it('asks the next instance when one answers a GET with 503 (shutting down, overloaded)', () => {
    expect(conf).toContain('proxy_next_upstream error timeout http_503;');
  });

  it("answers its own errors with the API's messages", () => {
    for (const message of [MESSAGES.bodyTooLarge, MESSAGES.rateLimited, MESSAGES.internalError]) {
      expect(conf).toContain(`{"success":false,"message":"${message}"}`);
    }
  });
});
