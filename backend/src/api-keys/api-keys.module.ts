import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/**
 * API keys for integrations (decision 092): the keys' list, creation and revocation. Their use on admin routes is the
 * guard's (ApiKeyAuthenticator, provided with it by AdminSessionsModule).
 */
@Module({
  imports: [AdminSessionsModule, AuditModule],
  controllers: [ApiKeysController],
  providers: [ApiKeysService, ApiKeysRepository],
})
export class ApiKeysModule {}
