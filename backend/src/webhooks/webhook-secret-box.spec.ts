import { required } from '@brightwave/common';
import { randomBytes } from 'node:crypto';
import { isSealed, openSecret, sealSecret, UnreadableSecret } from './webhook-secret-box';
import { newWebhookSecret } from './webhook-signature';

describe('secrets at rest (webhook signing secrets, chat URLs)', () => {
  const key = randomBytes(32);
  const secret = newWebhookSecret();

  it('stores a secret as enc:v1:<iv>.<tag>.<ciphertext> that holds nothing of it, and opens it again', () => {
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^enc:v1:[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain('whsec_');
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(isSealed(sealed)).toBe(true);
    expect(openSecret([key], sealed)).toEqual({ secret, key: 0 });
  });

  it('seals the same secret differently each time (a fresh IV)', () => {
    expect(sealSecret(key, secret)).not.toBe(sealSecret(key, secret));
  });

  it('answers a secret stored before encryption (whsec_…) as it is', () => {
    expect(isSealed(secret)).toBe(false);
    expect(openSecret([key], secret)).toEqual({ secret, key: -1 });
  });

  it('refuses to open with another key, or a changed value, instead of answering a wrong secret', () => {
    const sealed = sealSecret(key, secret);
    expect(() => openSecret([randomBytes(32)], sealed)).toThrow(UnreadableSecret);
    const [iv, tag, ciphertext] = sealed.slice('enc:v1:'.length).split('.');
    const flipped = Buffer.from(required(ciphertext, 'the ciphertext'), 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    expect(() => openSecret([key], `enc:v1:${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow(UnreadableSecret);
    expect(() => openSecret([key], 'enc:v1:garbage')).toThrow(UnreadableSecret);
  });

  it('opens a value only for the use it was sealed for: a chat URL is never read as a signing secret, nor the reverse', () => {
    const url = 'https://hooks.slack.com/services/T0/B0/secret';
    const sealedUrl = sealSecret(key, url, 'chat webhook URL');
    expect(openSecret([key], sealedUrl, 'chat webhook URL')).toEqual({ secret: url, key: 0 });
    expect(() => openSecret([key], sealedUrl)).toThrow(UnreadableSecret);
    expect(() => openSecret([key], sealSecret(key, secret), 'chat webhook URL')).toThrow(UnreadableSecret);
  });

  it('opens with an earlier key too, and says which key did (so it can be encrypted again under the current one)', () => {
    const earlier = randomBytes(32);
    expect(openSecret([key, earlier], sealSecret(earlier, secret))).toEqual({ secret, key: 1 });
    expect(openSecret([key, earlier], sealSecret(key, secret))).toEqual({ secret, key: 0 });
  });
});
