import { Injectable } from '@nestjs/common';

/** The time every auth rule is measured against; one place to read it keeps expiry rules testable. */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
