import { Module } from '@nestjs/common';
import { ErasedCalls } from './erased-calls';

/**
 * The cancellation of the calls of erased and purged items: its own module (configuration only), so privacy uses it
 * without booking's routes and the outbox's worker, in the server and in the command line's purge alike.
 */
@Module({
  providers: [ErasedCalls],
  exports: [ErasedCalls],
})
export class ErasedCallsModule {}
