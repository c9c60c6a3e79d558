import { MESSAGES, type AnswerOf } from '@brightwave/common';
import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../api-docs/api-extensions';
import { AdminOnly } from '../auth/admin-only.decorator';
import { ok } from '../common/answer';
import { SaveFormQuestionsDto } from './dto/save-form-questions.dto';
import { FormsService } from './forms.service';

@ApiTags('forms')
@Controller('api/forms')
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  @ApiOperation({
    summary: "A form's custom questions",
    description: '`quote` or `contact`: the questions the site asks beside the fixed fields, in order (none: `[]`). A job carries its own.',
  })
  @ApiErrors({ 404: 'No such form' })
  @Get(':form')
  async questions(@Param('form') form: string): Promise<AnswerOf<'GET /api/forms/:form'>> {
    return ok({ questions: await this.forms.publicQuestions(form) });
  }
}

@ApiTags('forms')
@Controller('api/admin/forms')
@AdminOnly('inbox')
export class AdminFormsController {
  constructor(private readonly forms: FormsService) {}

  @ApiOperation({ summary: "The forms' custom questions", description: 'The quote and the contact form, each with its questions in order.' })
  @Get()
  async list(): Promise<AnswerOf<'GET /api/admin/forms'>> {
    return ok({ forms: await this.forms.list() });
  }

  @ApiOperation({
    summary: "Replace a form's questions",
    description:
      'The whole list, in order (`[]`: none). A 400 names each field that breaks a rule (`questions.2.label`, `questions.3.showIf.question`) and stores nothing; ' +
      'a knockout is refused here (only a job has them). Answers given before keep the labels they were given under.',
  })
  @ApiErrors({ 404: 'No such form' })
  @Put(':form')
  async save(@Param('form') form: string, @Body() dto: SaveFormQuestionsDto): Promise<AnswerOf<'PUT /api/admin/forms/:form'>> {
    return ok({ message: MESSAGES.formQuestionsSaved, data: await this.forms.save(form, dto.questions) });
  }
}
