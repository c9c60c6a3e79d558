import { MESSAGES, type AnswerOf, type ApiSuccess, type ContentVersionSummary, type Same } from '@brightwave/common';
import { Body, Delete, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { AuthenticatedAdmin } from '../auth/authenticated-admin';
import { CurrentAdmin } from '../auth/current-admin.decorator';
import { ok } from '../common/answer';
import type { ContentAuthor } from './content.repository';
import type { DocumentPublishing } from './document-publishing';
import { PublishContentDto } from './dto/content.dto';
import { publishMessage } from './publish-message';

/** Who a content step is recorded as: the signed-in admin. */
export const contentAuthorOf = (admin: AuthenticatedAdmin): ContentAuthor => ({ id: admin.id, email: admin.email });

/** The admin prefixes of the kinds whose controllers extend documentPublishingRoutes. */
type PublishingPrefix = '/api/admin/pages' | '/api/admin/posts' | '/api/admin/portfolio';

/** What the contract says the publishing routes under `Prefix` answer. */
type ContractAnswers<Prefix extends PublishingPrefix> = {
  publish: AnswerOf<`POST ${Prefix}/:id/publish`>;
  cancelSchedule: AnswerOf<`DELETE ${Prefix}/:id/schedule`>;
  preview: AnswerOf<`POST ${Prefix}/:id/preview`>;
  version: AnswerOf<`GET ${Prefix}/:id/versions/:versionId`>;
  restore: AnswerOf<`POST ${Prefix}/:id/versions/:versionId/restore`>;
};

/** What the routes of documentPublishingRoutes answer for a kind whose details are under `Key`. */
type RouteAnswers<Key extends string, Details, Document> = {
  publish: ApiSuccess<{ message: string } & Record<Key, Details>>;
  cancelSchedule: ApiSuccess<{ message: string } & Record<Key, Details>>;
  preview: ApiSuccess<{ url: string; expiresAt: string }>;
  version: ApiSuccess<{ version: ContentVersionSummary & { document: Document } }>;
  restore: ApiSuccess<{ message: string } & Record<Key, Details>>;
};

/** One kind's publishing routes: where its details go in the answers, and what the API document says of them. */
interface DocumentRoutesOptions<Prefix extends PublishingPrefix, Key extends string, Details, Document> {
  /** The answers' field for the kind's details: `post` in `{ message, post }`. */
  key: Key;
  /** `true`, which compiles only while these routes answer what the contract says of the routes under `Prefix`. */
  matchesContract: Same<ContractAnswers<Prefix>, RouteAnswers<Key, Details, Document>>;
  /** The document as its editor calls it: "page", "post", "case study". */
  noun: string;
  /** What a publish publishes: "the draft", "the case study". */
  publishes: string;
  /** What a version holds, to compare two: "document", "story". */
  versionHolds: string;
  /** Said of a publish beyond what every kind's publish does. */
  publishNote?: string;
}

/**
 * The publishing routes of one kind of versioned document (built pages, posts, case studies), written once: publish
 * now or schedule, cancel the schedule, preview, read a version, restore one. Each answers the kind's details under
 * `key` (`post`), as the contract says. The kind's controller extends the class this returns, with its own prefix,
 * area and routes (list, create, details, save, delete):
 *
 *   @Controller('api/admin/posts') @AdminOnly('content')
 *   export class PostsController extends documentPublishingRoutes<'/api/admin/posts', 'post', PostDetails, PostDocument>({ key: 'post', … }) { … }
 */
export function documentPublishingRoutes<Prefix extends PublishingPrefix, Key extends string, Details, Document>(
  options: DocumentRoutesOptions<Prefix, Key, Details, Document>,
) {
  const { key } = options;
  type Answers = RouteAnswers<Key, Details, Document>;
  /** The kind's details under its key, e.g. `{ post: details }`. */
  const keyed = (details: Details) => ({ [key]: details }) as Record<Key, Details>;

  abstract class DocumentPublishingRoutes {
    constructor(protected readonly documents: DocumentPublishing<Details, Document>) {}

    @ApiOperation({
      summary: `Publish ${options.publishes} now, or schedule it`,
      description: [
        'As for site content: with `at` the draft as it is now is published at that time, exactly once across instances; publishing now cancels the schedule.',
        options.publishNote,
      ]
        .filter(Boolean)
        .join(' '),
    })
    @Post(':id/publish')
    @HttpCode(200)
    async publish(@Param('id') id: string, @Body() dto: PublishContentDto, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<Answers['publish']> {
      const { details, scheduleCancelled } = await this.documents.publish(id, dto.at, contentAuthorOf(admin));
      return ok({ message: publishMessage(dto.at, scheduleCancelled), ...keyed(details) });
    }

    @ApiOperation({ summary: 'Cancel the pending scheduled publish' })
    @Delete(':id/schedule')
    async cancelSchedule(@Param('id') id: string): Promise<Answers['cancelSchedule']> {
      return ok({ message: MESSAGES.contentScheduleCancelled, ...keyed(await this.documents.cancelSchedule(id)) });
    }

    @ApiOperation({ summary: `A signed link that shows the ${options.noun} with its draft for an hour`, description: 'Never cached, never indexed.' })
    @Post(':id/preview')
    @HttpCode(200)
    @Header('Cache-Control', 'no-store')
    async preview(@Param('id') id: string): Promise<Answers['preview']> {
      return ok(await this.documents.previewLink(id));
    }

    @ApiOperation({ summary: `One version with its ${options.versionHolds} (to compare two)` })
    @Get(':id/versions/:versionId')
    async version(@Param('id') id: string, @Param('versionId') versionId: string): Promise<Answers['version']> {
      return ok({ version: await this.documents.version(id, versionId) });
    }

    @ApiOperation({
      summary: 'Make a version the draft',
      description: 'It is not published until someone publishes it; a version that no longer fits the rules is refused with a 400.',
    })
    @Post(':id/versions/:versionId/restore')
    @HttpCode(200)
    async restore(@Param('id') id: string, @Param('versionId') versionId: string, @CurrentAdmin() admin: AuthenticatedAdmin): Promise<Answers['restore']> {
      return ok({ message: MESSAGES.contentRestored, ...keyed(await this.documents.restore(id, versionId, contentAuthorOf(admin))) });
    }
  }
  return DocumentPublishingRoutes;
}
