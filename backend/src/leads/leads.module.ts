import { WorkspaceModule } from '../workspace/workspace.module';
import { Module } from '@nestjs/common';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { FormsModule } from '../forms/forms.module';
import { InboxModule } from '../inbox/inbox.module';
import { LeadsController } from './leads.controller';
import { LeadsRepository } from './leads.repository';
import { LeadsService } from './leads.service';

@Module({
  imports: [WorkspaceModule, InboxModule, AdminSessionsModule, FormsModule],
  controllers: [LeadsController],
  providers: [LeadsService, LeadsRepository],
})
export class LeadsModule {}
