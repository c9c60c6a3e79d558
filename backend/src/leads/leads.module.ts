import { Module } from '@nestjs/common';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { InboxModule } from '../inbox/inbox.module';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';

@Module({
  imports: [InboxModule, AdminSessionsModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadsRepository],
})
export class LeadsModule {}
