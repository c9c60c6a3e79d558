import { Module } from '@nestjs/common';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log: every module that records its actions imports it for AuditLog; the Audit screen reads it. */
@Module({
  imports: [AdminSessionsModule],
  controllers: [AuditController],
  providers: [AuditLog, AuditRepository, AuditService],
  exports: [AuditLog],
})
export class AuditModule {}
