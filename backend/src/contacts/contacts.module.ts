import { WorkspaceModule } from '../workspace/workspace.module';
import { Module } from '@nestjs/common';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { InboxModule } from '../inbox/inbox.module';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

@Module({
  imports: [WorkspaceModule, InboxModule, AdminSessionsModule],
  controllers: [ContactsController],
  providers: [ContactsService, ContactsRepository],
})
export class ContactsModule {}
