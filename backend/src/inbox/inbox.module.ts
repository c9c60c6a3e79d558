import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { SpamTriageModule } from '../spam-triage/spam-triage.module';

/** What every inbox (InboxService) uses: the audit log, the notifications and their worker, the spam triage. */
@Module({
  imports: [AuditModule, DeliveriesModule, SpamTriageModule],
  exports: [AuditModule, DeliveriesModule, SpamTriageModule],
})
export class InboxModule {}
