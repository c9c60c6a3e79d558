import {
  CASE_STUDY_MESSAGES,
  MAX_LENGTH,
  MAX_TECH_STACK_ITEMS,
  PORTFOLIO_CATEGORY_KEYS,
  type CaseStudyDocument,
  type PortfolioCategory,
  type PortfolioPayload,
} from '@brightwave/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsNotEmpty, IsObject, IsOptional, IsString, MaxLength } from 'class-validator';
import { RequiredText } from '../../common/dto-fields';
import { Trim, TrimEach } from '../../common/text';
import { IsWebLink } from '../../common/web-link';

/**
 * Body of POST and PUT /api/portfolio: every field of the SPEC required (SPEC §5 portfolio form); the slug and the case
 * study's fields optional (docs/features/case-studies.md): the service checks those field by field.
 */
export class PortfolioDto implements PortfolioPayload {
  @ApiProperty({ enum: PORTFOLIO_CATEGORY_KEYS })
  @IsIn(PORTFOLIO_CATEGORY_KEYS, { message: 'Please select a category' })
  category: PortfolioCategory;

  @RequiredText({ label: 'Project title', missing: 'Please provide a project title', max: MAX_LENGTH.title })
  projectTitle: string;

  @RequiredText({ label: 'Project subtitle', missing: 'Please provide a project subtitle', max: MAX_LENGTH.subtitle })
  projectSubtitle: string;

  @RequiredText({ label: 'Description', missing: 'Please provide a description', max: MAX_LENGTH.description })
  description: string;

  @ApiProperty({ description: 'http(s) URL, or a path on this site beginning with /' })
  @Trim()
  @IsString({ message: 'Please provide an image link' })
  @IsNotEmpty({ message: 'Please provide an image link' })
  @MaxLength(MAX_LENGTH.url, { message: `Image link must be at most ${MAX_LENGTH.url} characters` })
  @IsWebLink({ allowSitePath: true }, { message: 'Image link must be an http(s) URL or a path beginning with /' })
  imgLink: string;

  @ApiProperty({ description: 'http(s) URL' })
  @Trim()
  @IsString({ message: 'Please provide a project link' })
  @IsNotEmpty({ message: 'Please provide a project link' })
  @MaxLength(MAX_LENGTH.url, { message: `Project link must be at most ${MAX_LENGTH.url} characters` })
  @IsWebLink({}, { message: 'Project link must be an http(s) URL' })
  linkToProject: string;

  @ApiProperty({ type: [String], maxItems: MAX_TECH_STACK_ITEMS })
  @TrimEach()
  @IsArray({ message: 'Please add at least one technology' })
  @ArrayMinSize(1, { message: 'Please add at least one technology' })
  @ArrayMaxSize(MAX_TECH_STACK_ITEMS, { message: `At most ${MAX_TECH_STACK_ITEMS} technologies` })
  @IsString({ each: true, message: 'Each technology must be text' })
  @IsNotEmpty({ each: true, message: 'Technologies cannot be empty' })
  @MaxLength(MAX_LENGTH.techItem, { each: true, message: `Each technology must be at most ${MAX_LENGTH.techItem} characters` })
  techStack: string[];

  @ApiPropertyOptional({
    description: "Its case study's address, /portfolio/<slug>; made from the title when absent on create. A change leaves a 301 from the old address.",
    example: 'atlas-booking',
  })
  @IsOptional()
  @IsString({ message: CASE_STUDY_MESSAGES.slug })
  slug?: string;

  @ApiPropertyOptional({ description: 'The case study draft this was edited from (its draftVersionId): a 409 when someone saved a newer one since' })
  @IsOptional()
  @IsString({ message: 'The version the case study was edited from must be its id' })
  baseVersionId?: string;

  @ApiPropertyOptional({ description: 'Case study: the client', maxLength: 80 })
  @IsOptional()
  @IsString({ message: 'Client must be text' })
  client?: string;

  @ApiPropertyOptional({ description: 'Case study: the industry', maxLength: 60 })
  @IsOptional()
  @IsString({ message: 'Industry must be text' })
  industry?: string;

  @ApiPropertyOptional({ description: "Case study: the anchors of the Services page's cards it used", type: [String] })
  @IsOptional()
  @IsArray({ message: 'Services must be a list of service card anchors' })
  services?: string[];

  @ApiPropertyOptional({ description: 'Case study: figures, each `{ value, label }`', type: 'array', items: { type: 'object' } })
  @IsOptional()
  @IsArray({ message: 'Results must be a list of values with labels' })
  results?: CaseStudyDocument['results'];

  @ApiPropertyOptional({ description: 'Case study: pictures, each `{ image, imageAlt, caption }`', type: 'array', items: { type: 'object' } })
  @IsOptional()
  @IsArray({ message: 'Gallery must be a list of pictures' })
  gallery?: CaseStudyDocument['gallery'];

  @ApiPropertyOptional({ description: "Case study: the story, a document of the admin's rich-text editor", type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'Story must be a document of the editor' })
  body?: CaseStudyDocument['body'];
}
