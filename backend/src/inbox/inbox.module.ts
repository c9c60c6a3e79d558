import { Module } from '@nestjs/common';
import { AttributionModule } from '../attribution/attribution.module';
import { AuditModule } from '../audit/audit.module';
import { BookingModule } from '../booking/booking.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { ItemsModule } from '../items/items.module';
import { SpamTriageModule } from '../spam-triage/spam-triage.module';

/**
 * What every inbox (InboxService) uses: the audit log, the notifications and their worker, the status change, the
 * spam triage, the attribution, and booking (a new item's booking link).
 */
@Module({
  imports: [AuditModule, DeliveriesModule, ItemsModule, SpamTriageModule, AttributionModule, BookingModule],
  exports: [AuditModule, DeliveriesModule, ItemsModule, SpamTriageModule, AttributionModule, BookingModule],
})
export class InboxModule {}
