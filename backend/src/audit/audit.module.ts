import { Global, Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { AuditLog } from './audit-log';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';

/** The audit log: global, as every module records its actions with AuditLog. */
@Global()
@Module({
  controllers: [AuditController],
  providers: [AuditLog, AuditRepository, AuditService],
  exports: [AuditLog],
})
export class AuditModule {}
