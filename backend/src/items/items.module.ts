import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { ItemStatusRepository } from './item-status.repository';
import { ItemStatuses } from './item-statuses';

/** What every kind of item shares beyond the registry: the one status change. */
@Module({
  imports: [AuditModule, DeliveriesModule],
  providers: [ItemStatuses, ItemStatusRepository],
  exports: [ItemStatuses],
})
export class ItemsModule {}
