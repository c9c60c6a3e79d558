// A passkey authenticator in software, for the suites that drive WebAuthn ceremonies without a browser: it answers
// registration and sign-in options as a platform authenticator would (an ES256 key, 'none' attestation, user present
// and verified), built with node:crypto and a small CBOR encoder.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

/** The CBOR head of major type `major` with argument `value` (RFC 8949 §3). */
function head(major: number, value: number): Buffer {
  if (value < 24) return Buffer.from([(major << 5) | value]);
  if (value < 0x100) return Buffer.from([(major << 5) | 24, value]);
  if (value < 0x10000) return Buffer.from([(major << 5) | 25, value >> 8, value & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(value, 1);
  return bytes;
}

/** CBOR of integers, text, bytes, arrays and maps: what attestation objects and COSE keys hold. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_CREDENTIAL = 0x40;

export interface CeremonyOptions {
  challenge: string;
}

/** What the browser would be and say: its origin, and the RP ID the authenticator scopes the key to. */
export interface Ceremony {
  origin: string;
  rpId: string;
  /** False: the authenticator did not verify its user (no PIN, no fingerprint). */
  userVerified?: boolean;
}

/** One passkey on a device: its credential id, key pair and signature counter. */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(16).toString('base64url');
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  /** The signature counter the next signature carries. */
  counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  /** The browser's answer to registration options (RegistrationResponseJSON). */
  register(options: CeremonyOptions, ceremony: Ceremony) {
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, ceremony.origin);
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const credentialId = Buffer.from(this.credentialId, 'base64url');
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      this.authenticatorData(ceremony, FLAG_ATTESTED_CREDENTIAL),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credentialId,
      cbor(coseKey),
    ]);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: { clientDataJSON, attestationObject: attestationObject.toString('base64url'), transports: ['internal' as const] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /** The browser's answer to sign-in options (AuthenticationResponseJSON), signed with the next counter. */
  signIn(options: CeremonyOptions, ceremony: Ceremony) {
    this.counter += 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony.origin);
    const authenticatorData = this.authenticatorData(ceremony, 0);
    const clientDataHash = createHash('sha256').update(Buffer.from(clientDataJSON, 'base64url')).digest();
    const signature = sign('sha256', Buffer.concat([authenticatorData, clientDataHash]), this.privateKey);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON,
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  private clientData(type: string, challenge: string, origin: string): string {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })).toString('base64url');
  }

  /** The RP ID's hash, the flags and the counter (WebAuthn §6.1). */
  private authenticatorData(ceremony: Ceremony, extraFlags: number): Buffer {
    const rpIdHash = createHash('sha256').update(ceremony.rpId).digest();
    const flags = FLAG_USER_PRESENT | (ceremony.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extraFlags;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter]);
  }
}
