import { Module } from '@nestjs/common';
import { AttributionReader } from './attribution-reader';

/** Where submissions come from (docs/features/analytics.md, "Attribution"): the forms' X-Attribution header. */
@Module({
  providers: [AttributionReader],
  exports: [AttributionReader],
})
export class AttributionModule {}
