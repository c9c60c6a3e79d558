import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { DeliveriesModule } from '../deliveries/deliveries.module';
import { StorageModule } from '../storage/storage.module';
import { JobsController } from './jobs.controller';
import { JobsRepository } from './jobs.repository';
import { JobsService } from './jobs.service';
import { JobExpiry } from './job-expiry';

@Module({
  imports: [StorageModule, DeliveriesModule, AuditModule, AdminSessionsModule],
  controllers: [JobsController],
  providers: [JobsService, JobsRepository, JobExpiry],
  exports: [JobsRepository, JobsService],
})
export class JobsModule {}
