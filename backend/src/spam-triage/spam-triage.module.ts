import { Module } from '@nestjs/common';
import { FormTokenController } from './form-token.controller';
import { FormTokens } from './form-tokens';

/** Suspected spam of the public forms: the form token and the verdict (the retention purge removes spam). */
@Module({
  controllers: [FormTokenController],
  providers: [FormTokens],
  exports: [FormTokens],
})
export class SpamTriageModule {}
