import { POSTS_PAGE_MAX, POST_MESSAGES, type PostDocument } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsObject, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../../common/text';

/** POST /api/admin/posts: a new post's title and address, checked as its document's fields by the service. */
export class CreatePostDto {
  @ApiProperty({ description: "The post's title", maxLength: 120 })
  @Trim()
  @IsDefined({ message: 'Please give the post a title' })
  @IsString({ message: 'Title must be text' })
  title: string;

  @ApiProperty({ description: 'Its address after /news/: lower-case letters, digits and single hyphens', example: 'our-new-office' })
  @Trim()
  @IsDefined({ message: 'Please give the post an address' })
  @IsString({ message: 'Address must be text' })
  slug: string;
}

/** PUT /api/admin/posts/:id: the draft document, checked field by field by the service. */
export class SavePostDto {
  @ApiProperty({
    description:
      'The post: `{ title, slug, summary, cover, coverAlt, tags, authorName, authorPhoto, body }` (packages/common/src/posts.ts); body is a document of the rich-text editor',
    type: 'object',
    additionalProperties: true,
  })
  @IsDefined({ message: 'Please send the post as its draft' })
  @IsObject({ message: 'The draft must be an object with title, slug, summary, cover, tags, author and body' })
  draft: PostDocument;

  @ApiPropertyOptional({ description: 'The draft version the post was edited from (its draftVersionId): a 409 when someone saved a newer one since' })
  @IsOptional()
  @IsString({ message: 'The version the post was edited from must be its id' })
  baseVersionId?: string;
}

/** GET /api/posts: a page of the published posts, of one tag or all. */
export class PostsQueryDto {
  @ApiPropertyOptional({ description: 'Only the posts with this tag', example: 'design' })
  @IsOptional()
  @IsString({ message: POST_MESSAGES.tag })
  @MaxLength(30, { message: POST_MESSAGES.tag })
  @Matches(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: POST_MESSAGES.tag })
  tag?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: POSTS_PAGE_MAX, description: '12 posts a page, the newest first' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: POST_MESSAGES.page })
  @Min(1, { message: POST_MESSAGES.page })
  @Max(POSTS_PAGE_MAX, { message: POST_MESSAGES.page })
  page?: number;
}
