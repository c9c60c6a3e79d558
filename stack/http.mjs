// A small HTTP client over node:http: it can pick the local source address (127.0.0.x), which is how the
// stack test plays several visitors behind nginx on one machine.
import http from 'node:http';
import https from 'node:https';

export function call(url, { method = 'GET', body, headers = {}, localAddress, timeoutMs = 30_000 } = {}) {
  const target = new URL(url);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  const allHeaders = { ...headers };
  if (payload) {
    allHeaders['content-length'] = String(payload.length);
    if (!Buffer.isBuffer(body)) allHeaders['content-type'] = 'application/json';
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      { method, headers: allHeaders, localAddress, agent: false, rejectUnauthorized: false, timeout: timeoutMs },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          let json;
          try {
            json = JSON.parse(raw.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode, headers: response.headers, rawHeaders: response.rawHeaders, body: raw, text: raw.toString('utf8'), json });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timeout: ${method} ${url}`)));
    request.on('error', reject);
    if (payload) request.end(payload);
    else request.end();
  });
}

/** Every value of a header as the server sent it (node joins or drops repeated headers otherwise). */
export function headerValues(response, name) {
  const values = [];
  for (let i = 0; i < response.rawHeaders.length; i += 2) {
    if (response.rawHeaders[i].toLowerCase() === name) values.push(response.rawHeaders[i + 1]);
  }
  return values;
}
