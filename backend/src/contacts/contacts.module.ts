import { WorkspaceModule } from '../workspace/workspace.module';
import { Module } from '@nestjs/common';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { FormsModule } from '../forms/forms.module';
import { InboxModule } from '../inbox/inbox.module';
import { ContactsController } from './contacts.controller';
import { ContactsRepository } from './contacts.repository';
import { ContactsService } from './contacts.service';

@Module({
  imports: [WorkspaceModule, InboxModule, AdminSessionsModule, FormsModule],
  controllers: [ContactsController],
  providers: [ContactsService, ContactsRepository],
})
export class ContactsModule {}
