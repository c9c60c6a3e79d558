import type { Attribution } from '@brightwave/common';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { readAttribution } from './attribution';

/** Reads the X-Attribution header of a form's submission (readAttribution), knowing the site's own host from PUBLIC_URL. */
@Injectable()
export class AttributionReader {
  private readonly ownHost: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.ownHost = new URL(config.server.publicUrl).hostname;
  }

  read(header: string | undefined): Attribution {
    return readAttribution(header, this.ownHost);
  }
}
