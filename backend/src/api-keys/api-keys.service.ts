import { randomBytes } from 'node:crypto';
import { API_KEY_MESSAGES, API_KEY_PREFIX, API_KEY_RANDOM_BYTES, API_KEY_SHOWN_CHARACTERS, roleAllowsScope, type ApiKey } from '@brightwave/common';
import { Injectable } from '@nestjs/common';
import { AuditLog } from '../audit/audit-log';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { Clock } from '../auth/clock';
import { DomainError } from '../common/domain-error';
import { isId } from '../common/ids';
import { hashApiKey } from './api-key-authenticator';
import { ApiKeysRepository, type ApiKeyWithCreator } from './api-keys.repository';
import type { ApiKeyDto } from './dto/api-keys.dto';

/** Making, listing and revoking API keys: an owner sees and revokes everyone's, the other admins their own. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly repository: ApiKeysRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async list(admin: AuthenticatedAdmin): Promise<ApiKey[]> {
    return (await this.repository.list(admin.role === 'owner' ? null : admin.id)).map(toApiKey);
  }

  /** The new key (its only appearance) and how it is listed. */
  async create(admin: AuthenticatedAdmin, dto: ApiKeyDto): Promise<{ key: string; apiKey: ApiKey }> {
    const scopes = [...new Set(dto.scopes)];
    const beyondRole = scopes.find((scope) => !roleAllowsScope(admin.role, scope));
    if (beyondRole) {
      const message = API_KEY_MESSAGES.scopeBeyondRole(beyondRole);
      throw DomainError.invalid(message, { scopes: message });
    }
    const now = this.clock.now();
    const expiresAt = dto.expiresAt ? new Date(dto.expiresAt) : null;
    if (expiresAt && !(expiresAt > now)) throw DomainError.invalid(API_KEY_MESSAGES.expiresAtInvalid, { expiresAt: API_KEY_MESSAGES.expiresAtInvalid });
    const key = `${API_KEY_PREFIX}${randomBytes(API_KEY_RANDOM_BYTES).toString('base64url')}`;
    const row = await this.repository.insert({
      adminId: admin.id,
      name: dto.name,
      keyHash: hashApiKey(key),
      lastFour: key.slice(-API_KEY_SHOWN_CHARACTERS),
      scopes,
      expiresAt,
      createdAt: now,
    });
    await this.audit.record('api_key.created', { kind: 'api_key', id: row.id }, { name: row.name, scopes, expiresAt: expiresAt?.toISOString() ?? null });
    return { key, apiKey: toApiKey({ key: row, admin: { id: admin.id, name: admin.name, email: admin.email } }) };
  }

  async revoke(admin: AuthenticatedAdmin, id: string): Promise<void> {
    const row = isId(id) ? await this.repository.revoke(id.toLowerCase(), admin.role === 'owner' ? null : admin.id, this.clock.now()) : undefined;
    if (!row) throw DomainError.notFound(API_KEY_MESSAGES.notFound);
    await this.audit.record('api_key.revoked', { kind: 'api_key', id: row.id }, { name: row.name, creator: row.adminId });
  }
}

function toApiKey({ key, admin }: { key: ApiKeyWithCreator['key']; admin: Pick<ApiKeyWithCreator['admin'], 'id' | 'name' | 'email'> }): ApiKey {
  return {
    id: key.id,
    name: key.name,
    scopes: key.scopes,
    lastFour: key.lastFour,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    creator: { id: admin.id, name: admin.name, email: admin.email },
  };
}
