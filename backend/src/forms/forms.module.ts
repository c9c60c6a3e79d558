import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AdminSessionsModule } from '../auth/admin-sessions.module';
import { FormQuestionsRepository } from './form-questions.repository';
import { AdminFormsController, FormsController } from './forms.controller';
import { FormsService } from './forms.service';

/** Custom questions of the quote and contact forms (docs/features/form-questions.md): the admin's API and the site's copy. */
@Module({
  imports: [AuditModule, AdminSessionsModule],
  controllers: [FormsController, AdminFormsController],
  providers: [FormsService, FormQuestionsRepository],
  exports: [FormsService, FormQuestionsRepository],
})
export class FormsModule {}
