import type { MediaListQuery } from '@brightwave/common';
import { PickType } from '@nestjs/swagger';
import { ListQueryDto } from '../../common/list-query.dto';

/** A page of the library: `page` and `limit` (MEDIA_PAGE_SIZE unless given). */
export class MediaListQueryDto extends PickType(ListQueryDto, ['page', 'limit'] as const) implements MediaListQuery {}
