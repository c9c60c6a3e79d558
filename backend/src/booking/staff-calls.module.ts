import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { WebhooksModule } from '../webhooks/webhooks.module';
import { StaffCalls } from './staff-calls';

/** The cancellation of the calls of staff who stop taking them: its own module, so accounts use it without booking's routes. */
@Module({
  imports: [AuditModule, WebhooksModule],
  providers: [StaffCalls],
  exports: [StaffCalls],
})
export class StaffCallsModule {}
