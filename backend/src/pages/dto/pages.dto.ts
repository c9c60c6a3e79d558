import { BUILT_PAGE_MESSAGES, NAV_LABEL_MAX, NAV_ORDER_MAX, NAV_PLACEMENTS, type BuiltPageDocument, type NavPlacement, type PageNav } from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../../common/text';

/** POST /api/admin/pages: a new page's title and slug, checked as its document's fields by the service. */
export class CreatePageDto {
  @ApiProperty({ description: "The page's title (the admin's list, and the heading of the browser tab unless the SEO title says otherwise)", maxLength: 80 })
  @Trim()
  @IsDefined({ message: 'Please give the page a title' })
  @IsString({ message: 'Title must be text' })
  title: string;

  @ApiProperty({
    description: 'Its path without the leading slash: lower-case letters, digits and hyphens, in one to five parts',
    example: 'services/cloud-audit',
  })
  @Trim()
  @IsDefined({ message: 'Please give the page an address' })
  @IsString({ message: 'Address must be text' })
  slug: string;
}

/** PUT /api/admin/pages/:id: the draft document, checked block by block by the service. */
export class SavePageDto {
  @ApiProperty({
    description:
      "The page's document: `{ title, slug, seo: { title, description, image }, blocks: [{ type, ...fields }] }` (packages/common/src/built-pages.ts)",
    type: 'object',
    additionalProperties: true,
  })
  @IsDefined({ message: 'Please send the page as its draft' })
  @IsObject({ message: 'The draft must be an object with title, slug, seo and blocks' })
  draft: BuiltPageDocument;

  @ApiPropertyOptional({ description: 'The draft version the page was edited from (its draftVersionId): a 409 when someone saved a newer one since' })
  @IsOptional()
  @IsString({ message: 'The version the page was edited from must be its id' })
  baseVersionId?: string;
}

/** PUT /api/admin/pages/:id/nav: where the published page's link shows in the site's navigation. */
export class PageNavDto implements PageNav {
  @ApiProperty({ enum: NAV_PLACEMENTS })
  @IsIn(NAV_PLACEMENTS, { message: BUILT_PAGE_MESSAGES.navPlacement })
  placement: NavPlacement;

  @ApiProperty({ description: "The link's text (empty: the page's title)", maxLength: NAV_LABEL_MAX })
  @Trim()
  @IsString({ message: BUILT_PAGE_MESSAGES.navLabel })
  @MaxLength(NAV_LABEL_MAX, { message: BUILT_PAGE_MESSAGES.navLabel })
  label: string;

  @ApiProperty({ description: "Its place among the other pages' links there, lowest first", minimum: 0, maximum: NAV_ORDER_MAX })
  @IsInt({ message: BUILT_PAGE_MESSAGES.navOrder })
  @Min(0, { message: BUILT_PAGE_MESSAGES.navOrder })
  @Max(NAV_ORDER_MAX, { message: BUILT_PAGE_MESSAGES.navOrder })
  order: number;
}
